package logic

import (
	"fmt"
	"slices"

	"github.com/godoku/sudoku"
)

// Forcing chains and nets are the last logical resort: assume a candidate
// and follow what it forces. A chain follows single implications (the
// links of an AIC); a net applies every single to the whole grid.

// findForcingChain finds a candidate whose assumption forces a
// contradiction along binary links, or a cell whose every candidate forces
// the same conclusion.
func findForcingChain(c *Candidates) (Step, bool) {
	var queue []int
	// The links of every candidate, listed once for the hundreds of
	// assumptions below.
	lt := c.links(modeAIC)
	weak, strong := new(adjacency), new(adjacency)
	weak.fill(c, func(n int, buf []int) []int { return c.weakFrom(n, modeAIC, buf) })
	strong.fill(c, lt.strongFrom)
	on, off := make([]bool, 729), make([]bool, 729)
	// imply returns the states forced by assuming s true; the slices are
	// reused by the next call. With par, it records how each state was
	// reached (par[state] the state before it; a state is node*2, +1 for
	// true) and, at a contradiction, par[1458] is the state it reached
	// whose opposite it had.
	imply := func(s int, par []int32) ([]bool, []bool, bool) {
		clear(on)
		clear(off)
		on[s] = true
		queue = append(queue[:0], s*2+1)
		for k := 0; k < len(queue); k++ {
			n, isOn := queue[k]/2, queue[k]%2 == 1
			links := strong
			if isOn {
				links = weak
			}
			for _, m32 := range links.of(n) {
				m := int(m32)
				if isOn {
					if on[m] {
						if par != nil {
							par[m*2], par[1458] = int32(queue[k]), int32(m*2)
						}
						return on, off, true
					}
					if !off[m] {
						off[m] = true
						queue = append(queue, m*2)
						if par != nil {
							par[m*2] = int32(queue[k])
						}
					}
				} else {
					if off[m] {
						if par != nil {
							par[m*2+1], par[1458] = int32(queue[k]), int32(m*2+1)
						}
						return on, off, true
					}
					if !on[m] {
						on[m] = true
						queue = append(queue, m*2+1)
						if par != nil {
							par[m*2+1] = int32(queue[k])
						}
					}
				}
			}
		}
		return on, off, false
	}
	// path returns the links by which state x was reached from the start
	// of the last imply with par: a link from a true candidate is weak, one
	// from a false candidate strong.
	path := func(par []int32, x int) []Link {
		var out []Link
		for x != int(par[x]) {
			p := int(par[x])
			if p < 0 {
				return nil // not reached
			}
			out = append(out, link(nodeCand(p/2), nodeCand(x/2), p%2 == 0))
			x = p
		}
		slices.Reverse(out)
		return out
	}
	newPar := func(start int) []int32 {
		par := make([]int32, 1459)
		for i := range par {
			par[i] = -1
		}
		par[start*2+1] = int32(start*2 + 1)
		return par
	}
	for s := 0; s < 729; s++ {
		if !c.has(s/9, s%9+1) {
			continue
		}
		if _, _, bad := imply(s, nil); bad {
			// Again, to draw the two paths to the candidate both true and
			// false.
			par := newPar(s)
			imply(s, par)
			x := int(par[1458])
			// The two paths: to the candidate's state reached last, and to
			// its opposite, reached first.
			links := append(path(par, x), path(par, x^1)...)
			return Step{Technique: ForcingChainContradiction, Pattern: []sudoku.Candidate{nodeCand(s)}, Eliminations: []sudoku.Candidate{nodeCand(s)},
				Notation: nodeName(s) + " contradiction",
			}.because("contradiction", digitArg(s%9+1), cellArg(s/9)).drawn(Drawing{Links: dedupLinks(links)}), true
		}
	}
	// cell verity
	for cell := 0; cell < 81; cell++ {
		ds := c.Digits(cell)
		if len(ds) < 2 || len(ds) > 3 {
			continue
		}
		allOn, allOff := make([]bool, 729), make([]bool, 729)
		for k, d := range ds {
			on, off, _ := imply(node(cell, d), nil)
			if k == 0 {
				copy(allOn, on)
				copy(allOff, off)
				continue
			}
			for n := range allOn {
				allOn[n] = allOn[n] && on[n]
				allOff[n] = allOff[n] && off[n]
			}
		}
		// draw is the links from every candidate of the cell to the state
		// they all force.
		draw := func(x int) Drawing {
			var links []Link
			for _, d := range ds {
				par := newPar(node(cell, d))
				imply(node(cell, d), par)
				links = append(links, path(par, x)...)
			}
			return Drawing{Links: dedupLinks(links)}
		}
		for n := 0; n < 729; n++ {
			if allOn[n] && c.values[n/9] == 0 {
				return verityStep(ForcingChainVerity, cell, ds, []sudoku.Candidate{nodeCand(n)}, nil).drawn(draw(n*2 + 1)), true
			}
			if allOff[n] && c.has(n/9, n%9+1) {
				return verityStep(ForcingChainVerity, cell, ds, nil, []sudoku.Candidate{nodeCand(n)}).drawn(draw(n * 2)), true
			}
		}
	}
	return Step{}, false
}

func verityStep(t Technique, cell int, ds []int, place, elim []sudoku.Candidate) Step {
	var pat []sudoku.Candidate
	for _, d := range ds {
		pat = append(pat, cand(cell, d))
	}
	return Step{Technique: t, Pattern: pat, Placements: place, Eliminations: elim,
		Notation: fmt.Sprintf("%s verity from %s", sudoku.CellName(cell), digitList(ds))}.because("verity", cellArg(cell), digitsArg(ds))
}

// propagate applies naked and hidden singles until none is left and
// reports whether the grid broke.
func (c *Candidates) propagate(limit int) bool {
	for n := 0; n < limit; n++ {
		progress := false
		for i := 0; i < 81; i++ {
			if c.values[i] != 0 {
				continue
			}
			switch popcount(c.marks[i]) {
			case 0:
				return true
			case 1:
				c.place(i, firstDigit(c.marks[i]))
				progress = true
			}
		}
		for u := 0; u < 27; u++ {
			var once, twice, placed uint16
			for _, i := range sudoku.UnitCells(u) {
				placed |= 1 << c.values[i]
				twice |= once & c.marks[i]
				once |= c.marks[i]
			}
			if (once|placed)&allDigits != allDigits {
				return true
			}
			single := once &^ twice &^ placed
			for single != 0 {
				d := firstDigit(single)
				single &= single - 1
				for _, i := range sudoku.UnitCells(u) {
					if c.has(i, d) {
						c.place(i, d)
						progress = true
						break
					}
				}
			}
		}
		if !progress {
			return c.broken()
		}
	}
	return c.broken()
}

// findForcingNet assumes candidates and applies every single: a candidate
// that breaks the grid is false, and what every candidate of a cell agrees
// on is true.
func findForcingNet(c *Candidates) (Step, bool) {
	for s := 0; s < 729; s++ {
		cell, d := s/9, s%9+1
		if !c.has(cell, d) {
			continue
		}
		t := *c
		t.place(cell, d)
		if t.propagate(81) {
			return Step{Technique: ForcingNetContradiction, Pattern: []sudoku.Candidate{cand(cell, d)}, Eliminations: []sudoku.Candidate{cand(cell, d)},
				Notation: nodeName(s) + " contradiction",
			}.because("singlesFail", digitArg(d), cellArg(cell)), true
		}
	}
	for cell := 0; cell < 81; cell++ {
		ds := c.Digits(cell)
		if len(ds) < 2 {
			continue
		}
		var agree Candidates
		for k, d := range ds {
			t := *c
			t.place(cell, d)
			t.propagate(81)
			if k == 0 {
				agree = t
				continue
			}
			for i := 0; i < 81; i++ {
				if agree.values[i] != t.values[i] {
					agree.values[i] = 0
				}
				agree.marks[i] |= t.marks[i] | 1<<t.values[i]
			}
		}
		for i := 0; i < 81; i++ {
			if c.values[i] == 0 && agree.values[i] != 0 && i != cell {
				return verityStep(ForcingNetVerity, cell, ds, []sudoku.Candidate{cand(i, int(agree.values[i]))}, nil), true
			}
		}
	}
	return Step{}, false
}

// dedupLinks drops the links listed twice (the paths of a forcing chain
// share their start), keeping the first of each.
func dedupLinks(links []Link) []Link {
	out := links[:0]
	for i, l := range links {
		if !slices.ContainsFunc(links[:i], func(m Link) bool { return slices.Equal(m.From, l.From) && slices.Equal(m.To, l.To) }) {
			out = append(out, l)
		}
	}
	return out
}
