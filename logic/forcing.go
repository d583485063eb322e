package logic

import (
	"fmt"

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
	// reused by the next call.
	imply := func(s int) ([]bool, []bool, bool) {
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
						return on, off, true
					}
					if !off[m] {
						off[m] = true
						queue = append(queue, m*2)
					}
				} else {
					if off[m] {
						return on, off, true
					}
					if !on[m] {
						on[m] = true
						queue = append(queue, m*2+1)
					}
				}
			}
		}
		return on, off, false
	}
	for s := 0; s < 729; s++ {
		if !c.has(s/9, s%9+1) {
			continue
		}
		if _, _, bad := imply(s); bad {
			return Step{Technique: ForcingChainContradiction, Pattern: []sudoku.Candidate{nodeCand(s)}, Eliminations: []sudoku.Candidate{nodeCand(s)},
				Notation: nodeName(s) + " contradiction",
			}.because("contradiction", digitArg(s%9+1), cellArg(s/9)), true
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
			on, off, _ := imply(node(cell, d))
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
		for n := 0; n < 729; n++ {
			if allOn[n] && c.values[n/9] == 0 {
				return verityStep(ForcingChainVerity, cell, ds, []sudoku.Candidate{nodeCand(n)}, nil), true
			}
			if allOff[n] && c.has(n/9, n%9+1) {
				return verityStep(ForcingChainVerity, cell, ds, nil, []sudoku.Candidate{nodeCand(n)}), true
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
