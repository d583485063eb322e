package se

import (
	"fmt"
	"slices"

	"github.com/godoku/sudoku/internal/board"
)

// Uniqueness rules: unique rectangles and loops (4.5 and up) and the
// bivalue universal grave (5.6 and up), as Sudoku Explainer finds them.
// Both assume the puzzle has one solution, which Rate checks first.

// loopHint is a unique loop hint with what Sudoku Explainer compares to
// drop duplicates and to sort them.
type loopHint struct {
	hint
	typ   int    // 1 to 4
	kind  int    // 3 for type 3 with a naked set, 5 with a hidden set; else typ
	cells []int  // the loop
	extra []int  // type 3: the region and the set's values or indexes
	set   uint16 // type 3 hidden: the hidden values
}

func (h *loopHint) same(o *loopHint) bool {
	if h.kind != o.kind || len(h.cells) != len(o.cells) {
		return false
	}
	for _, c := range o.cells {
		if !slices.Contains(h.cells, c) {
			return false
		}
	}
	return slices.Equal(h.extra, o.extra) && h.set == o.set
}

// uniqueLoops finds every unique rectangle and loop of types 1 to 4 and
// returns the easiest, the first found among equals.
func uniqueLoops(g *grid) (hint, bool) {
	var found []*loopHint
	add := func(h *loopHint) {
		if len(h.elims) == 0 {
			return
		}
		for _, o := range found {
			if o.same(h) {
				return
			}
		}
		found = append(found, h)
	}
	var loops [][]int
	for c := range 81 {
		if popcount(g.cand[c]) != 2 {
			continue
		}
		v1 := lowDigit(g.cand[c])
		v2 := lowDigit(g.cand[c] &^ (1 << v1))
		loops = loops[:0]
		checkLoops(g, c, v1, v2, nil, 2, 0, -1, &loops)
		for _, loop := range loops {
			if !validLoop(loop) {
				continue
			}
			var extra []int
			for _, lc := range loop {
				if popcount(g.cand[lc]) > 2 {
					extra = append(extra, lc)
				}
			}
			switch {
			case len(extra) == 1:
				h := newLoopHint(loop, 1, v1, v2)
				h.elims = []int16{cand(extra[0], v1), cand(extra[0], v2)}
				add(h)
			case len(extra) > 2:
				add(loopType2(g, loop, extra, v1, v2))
			case len(extra) == 2:
				r := (g.cand[extra[0]] | g.cand[extra[1]]) &^ (1<<v1 | 1<<v2)
				if popcount(r) == 1 {
					add(loopType2(g, loop, extra, v1, v2))
				} else if popcount(r) >= 2 {
					for _, h := range loopType3(g, loop, extra[0], extra[1], v1, v2) {
						add(h)
					}
				}
				if h := loopType4(g, loop, extra[0], extra[1], v1, v2); h != nil {
					add(h)
				}
			}
		}
	}
	if len(found) == 0 {
		return hint{}, false
	}
	best := found[0]
	for _, h := range found[1:] {
		if h.diff < best.diff || (h.diff == best.diff && h.typ < best.typ) {
			best = h
		}
	}
	return best.hint, true
}

// checkLoops follows cells holding both v1 and v2 from unit to unit of
// another kind, as Sudoku Explainer's checkForLoops: at most two cells with
// extra candidates, or any number when all extras so far are one digit.
// ex accumulates the extra digits of every cell looked at from this cell,
// siblings included, as in Sudoku Explainer.
func checkLoops(g *grid, c, v1, v2 int, loop []int, allowed int, ex uint16, lastKind int, out *[][]int) {
	loop = append(loop, c)
	for _, u := range regionsOf[c] {
		kind := firstOfKind(int(u))
		if kind == lastKind {
			continue
		}
		for _, nx := range unitCells[u] {
			next := int(nx)
			if next == loop[0] && len(loop) >= 4 {
				*out = append(*out, slices.Clone(loop))
				continue
			}
			if slices.Contains(loop, next) {
				continue
			}
			p := g.cand[next]
			if p&(1<<v1) == 0 || p&(1<<v2) == 0 {
				continue
			}
			ex |= p
			ex &^= 1<<v1 | 1<<v2
			n := popcount(p)
			if n == 2 || popcount(ex) == 1 || allowed > 0 {
				na := allowed
				if n > 2 {
					na--
				}
				checkLoops(g, next, v1, v2, loop, na, ex, kind, out)
			}
		}
	}
}

// firstOfKind returns the first unit of u's kind: 0 for a row, 9 for a
// column, 18 for a box.
func firstOfKind(u int) int { return u / 9 * 9 }

// validLoop reports whether every unit the loop enters is entered as often
// on odd as on even cells, and at most once each.
func validLoop(loop []int) bool {
	var odd, even [27]bool
	isOdd := false
	for _, c := range loop {
		for _, u := range regionsOf[c] {
			v := &even
			if isOdd {
				v = &odd
			}
			if v[u] {
				return false
			}
			v[u] = true
		}
		isOdd = !isOdd
	}
	return odd == even
}

func newLoopHint(loop []int, typ, v1, v2 int) *loopHint {
	n := len(loop)
	diff := 4.5
	if n >= 10 {
		diff += 0.3
	}
	if n >= 8 {
		diff += 0.2
	} else if n >= 6 {
		diff += 0.1
	}
	what := "Loop"
	if n == 4 {
		what = "Rectangle"
	}
	name := fmt.Sprintf("Unique %s type %d", what, typ)
	if n > 6 {
		name = fmt.Sprintf("Unique %s %d type %d", what, n, typ)
	}
	return &loopHint{hint: hint{name: name, diff: diff, cell: -1}, typ: typ, kind: typ, cells: loop}
}

func loopType2(g *grid, loop, extra []int, v1, v2 int) *loopHint {
	h := newLoopHint(loop, 2, v1, v2)
	d := lowDigit(g.cand[extra[0]] &^ (1<<v1 | 1<<v2))
	for _, o := range house[extra[0]] {
		c := int(o)
		if slices.Contains(extra, c) {
			continue
		}
		all := true
		for _, e := range extra[1:] {
			if !board.Peers[e].Has(c) {
				all = false
			}
		}
		if all && g.has(c, d) {
			h.elims = append(h.elims, cand(c, d))
		}
	}
	return h
}

// loopType3 finds the naked and hidden sets that the two extra cells of a
// loop form, acting as one cell, with other cells of a unit they share.
func loopType3(g *grid, loop []int, c1, c2, v1, v2 int) []*loopHint {
	var out []*loopHint
	loopBits := uint16(1<<v1 | 1<<v2)
	extra := (g.cand[c1] | g.cand[c2]) &^ loopBits
	for degree := popcount(extra); degree <= 7; degree++ {
		for _, u := range regionsOf[c1] {
			if !board.Units[u].Has(c2) {
				continue
			}
			empty := g.emptyCount(int(u))
			i1, i2 := indexIn(int(u), c1), indexIn(int(u), c2)
			if degree*2 <= empty {
				forCombos(9, degree, func(m uint32) bool {
					if m&(1<<i1) == 0 || m&(1<<i2) != 0 {
						return true
					}
					naked := extra & g.cand[c1] & g.cand[c2]
					var union uint16
					var others []int
					for r := m; r != 0; r &= r - 1 {
						i := lowDigit(uint16(r))
						p := extra
						if i != i1 {
							oc := int(unitCells[u][i])
							p = g.cand[oc]
							naked |= p
							others = append(others, oc)
						}
						if popcount(p) <= 1 {
							union = 0
							break
						}
						union |= p
					}
					if popcount(naked) != degree || popcount(union) != degree {
						return true
					}
					h := newLoopHint(loop, 3, v1, v2)
					h.kind = 3
					h.name += " (w/Naked " + bigSetNames[degree] + ")"
					h.diff += float64(degree-1) * 0.1
					for _, oc := range unitCells[u] {
						c := int(oc)
						if slices.Contains(others, c) || c == c1 || c == c2 {
							continue
						}
						for r := g.cand[c] & union; r != 0; r &= r - 1 {
							h.elims = append(h.elims, cand(c, lowDigit(r)))
						}
					}
					h.extra = append([]int{int(u), int(union)}, others...)
					if len(h.elims) > 0 {
						out = append(out, h)
					}
					return true
				})
			}
			if degree*2 < empty {
				var rem []int
				for d := 1; d <= 9; d++ {
					if d != v1 && d != v2 && extra&(1<<d) == 0 {
						rem = append(rem, d)
					}
				}
				if degree-2 > len(rem) || len(rem) == 0 {
					continue
				}
				each := func(pm uint32) bool {
					values := []int{}
					for r := pm; r != 0; r &= r - 1 {
						values = append(values, rem[lowDigit(uint16(r))])
					}
					values = append(values, v1, v2)
					var union uint16
					for _, d := range values {
						p := g.posMask(int(u), d) &^ (1 << i2)
						if p == 0 {
							return true
						}
						union |= p
					}
					if popcount(union) != degree {
						return true
					}
					var hidden uint16
					for _, d := range values {
						hidden |= 1 << d
					}
					where := union &^ (1<<i1 | 1<<i2)
					h := newLoopHint(loop, 3, v1, v2)
					h.kind = 5
					h.name += " (w/Hidden " + bigSetNames[popcount(hidden)] + ")"
					h.diff += float64(popcount(where)-1) * 0.1
					for i, oc := range unitCells[u] {
						c := int(oc)
						if where&(1<<i) == 0 || c == c1 || c == c2 {
							continue
						}
						for r := g.cand[c] &^ hidden; r != 0; r &= r - 1 {
							h.elims = append(h.elims, cand(c, lowDigit(r)))
						}
					}
					h.extra = []int{int(u), int(where)}
					h.set = hidden
					if len(h.elims) > 0 {
						out = append(out, h)
					}
					return true
				}
				if degree == 2 {
					each(0)
				} else {
					forCombos(len(rem), degree-2, each)
				}
			}
		}
	}
	return out
}

var bigSetNames = [...]string{"", "", "Pair", "Triplet", "Quad", "Quintuplet", "Sextuplet", "Septuplet", "Octuplet"}

func loopType4(g *grid, loop []int, c1, c2, v1, v2 int) *loopHint {
	r1, r2 := -1, -1
	for _, u := range regionsOf[c1] {
		if !board.Units[u].Has(c2) {
			continue
		}
		has1, has2 := false, false
		for _, oc := range unitCells[u] {
			c := int(oc)
			if c != c1 && c != c2 {
				has1 = has1 || g.has(c, v1)
				has2 = has2 || g.has(c, v2)
			}
		}
		if !has1 {
			r1 = int(u)
		}
		if !has2 {
			r2 = int(u)
		}
	}
	var rem int
	switch {
	case r1 >= 0:
		rem = v2
	case r2 >= 0:
		rem = v1
	default:
		return nil
	}
	h := newLoopHint(loop, 4, v1, v2)
	h.elims = []int16{cand(c1, rem), cand(c2, rem)}
	return h
}

// bug finds a bivalue universal grave: type 1 (5.6), types 2 and 4 (5.7)
// and type 3 (5.7 and up with the size of its naked set).
func bug(g *grid) (hint, bool) {
	tmp := *g
	var bugCells []int
	var bugValues [81]uint16
	var all uint16
	var common []int // cells seeing every bug cell, in house order
	haveCommon := false
	for _, kind := range [3]int{firstBox, firstRow, firstCol} {
		for u := kind; u < kind+9; u++ {
			for d := 1; d <= 9; d++ {
				p := g.posMask(u, d)
				n := popcount(p)
				if n == 0 || n == 2 {
					continue
				}
				var newCells []int
				for r := p; r != 0; r &= r - 1 {
					c := int(unitCells[u][lowDigit(r)])
					if popcount(g.cand[c]) >= 3 {
						newCells = append(newCells, c)
					}
				}
				if len(newCells) == 1 {
					c := newCells[0]
					if !slices.Contains(bugCells, c) {
						bugCells = append(bugCells, c)
					}
					bugValues[c] |= 1 << d
					all |= 1 << d
					tmp.remove(c, d)
					if !haveCommon {
						haveCommon = true
						for _, o := range house[c] {
							common = append(common, int(o))
						}
					} else {
						common = slices.DeleteFunc(common, func(o int) bool { return !board.Peers[c].Has(o) })
					}
					common = slices.DeleteFunc(common, func(o int) bool { return slices.Contains(bugCells, o) })
					if len(bugCells) > 1 && popcount(all) > 1 && len(common) == 0 {
						return hint{}, false
					}
				}
				if len(newCells) == 0 {
					return hint{}, false
				}
			}
		}
	}
	for c := range 81 {
		if tmp.val[c] == 0 && popcount(tmp.cand[c]) != 2 {
			return hint{}, false
		}
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			if n := tmp.positions(u, d).Count(); n != 0 && n != 2 {
				return hint{}, false
			}
		}
	}
	switch {
	case len(bugCells) == 1:
		c := bugCells[0]
		h := hint{name: "BUG type 1", diff: 5.6, cell: -1}
		for r := g.cand[c] &^ all; r != 0; r &= r - 1 {
			h.elims = append(h.elims, cand(c, lowDigit(r)))
		}
		return h, true
	case popcount(all) == 1:
		d := lowDigit(all)
		if haveCommon && len(common) > 0 {
			h := hint{name: "BUG type 2", diff: 5.7, cell: -1}
			for _, c := range common {
				if g.has(c, d) {
					h.elims = append(h.elims, cand(c, d))
				}
			}
			if len(h.elims) > 0 {
				return h, true
			}
		}
		if len(bugCells) == 2 {
			if h, ok := bug4(g, bugCells, &bugValues, all); ok {
				return h, true
			}
		}
	case haveCommon && len(common) > 0:
		if len(bugCells) == 2 {
			if h, ok := bug4(g, bugCells, &bugValues, all); ok {
				return h, true
			}
		}
		return bug3(g, bugCells, all, common)
	}
	return hint{}, false
}

// sharedUnits returns, in the order box, row, column, the units that all
// the cells share.
func sharedUnits(cells []int) []int {
	var out []int
	for k := range 3 {
		u := int(regionsOf[cells[0]][k])
		ok := true
		for _, c := range cells[1:] {
			if int(regionsOf[c][k]) != u {
				ok = false
			}
		}
		if ok {
			out = append(out, u)
		}
	}
	return out
}

func bug4(g *grid, cells []int, values *[81]uint16, all uint16) (hint, bool) {
	c1, c2 := cells[0], cells[1]
	common := g.cand[c1] & g.cand[c2] &^ all
	if popcount(common) != 1 {
		return hint{}, false
	}
	us := sharedUnits(cells)
	if len(us) == 0 {
		return hint{}, false
	}
	h := hint{name: "BUG type 4", diff: 5.7, cell: -1}
	for _, c := range cells {
		for r := g.cand[c] &^ values[c] &^ common; r != 0; r &= r - 1 {
			h.elims = append(h.elims, cand(c, lowDigit(r)))
		}
	}
	return h, true
}

func bug3(g *grid, bugCells []int, all uint16, common []int) (hint, bool) {
	for _, u := range sharedUnits(bugCells) {
		var region []int
		for _, c := range common {
			if board.Units[u].Has(c) {
				region = append(region, c)
			}
		}
		for degree := 2; degree <= 6; degree++ {
			if len(region) < degree {
				continue
			}
			var h hint
			found := false
			forCombos(len(region), degree-1, func(m uint32) bool {
				var other, union uint16
				var naked []int
				ok := true
				for r := m; r != 0; r &= r - 1 {
					c := region[lowDigit(uint16(r))]
					naked = append(naked, c)
					other |= g.cand[c]
					if popcount(g.cand[c]) <= 1 {
						ok = false
					}
					union |= g.cand[c]
				}
				if popcount(other) != degree {
					return true
				}
				if !ok || popcount(all) <= 1 || popcount(union|all) != degree {
					return true
				}
				set := union | all
				h = hint{name: "BUG type 3", diff: 5.7 + float64(popcount(set)-1)*0.1, cell: -1}
				for _, c := range region {
					if slices.Contains(naked, c) || slices.Contains(bugCells, c) {
						continue
					}
					for r := g.cand[c] & set; r != 0; r &= r - 1 {
						h.elims = append(h.elims, cand(c, lowDigit(r)))
					}
				}
				found = len(h.elims) > 0
				return !found
			})
			if found {
				return h, true
			}
		}
	}
	return hint{}, false
}
