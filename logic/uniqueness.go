package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// Uniqueness techniques assume the puzzle has one solution: a deadly
// pattern (a rectangle of two digits over two boxes) would let its digits
// swap, giving two solutions, so it cannot be left to happen.

// findUR finds unique rectangles of type 1, 2 or 4.
func findUR(typ int) func(*Candidates) (Step, bool) {
	t := map[int]Technique{1: UniqueRectangle1, 2: UniqueRectangle2, 3: UniqueRectangle3, 4: UniqueRectangle4}[typ]
	return func(c *Candidates) (Step, bool) {
		for r1 := 0; r1 < 9; r1++ {
			for r2 := r1 + 1; r2 < 9; r2++ {
				for c1 := 0; c1 < 9; c1++ {
					for c2 := c1 + 1; c2 < 9; c2++ {
						if (r1/3 == r2/3) == (c1/3 == c2/3) {
							continue // the rectangle must span two boxes
						}
						cells := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
						common := allDigits
						for _, i := range cells {
							common &= c.marks[i]
						}
						if popcount(common) < 2 {
							continue
						}
						for _, pair := range pairsOf(common) {
							if s, ok := c.urStep(t, typ, cells, pair); ok {
								return s, true
							}
						}
					}
				}
			}
		}
		return Step{}, false
	}
}

func pairsOf(m uint16) []uint16 {
	ds := digitsOf(m)
	var out []uint16
	for i := range ds {
		for j := i + 1; j < len(ds); j++ {
			out = append(out, 1<<ds[i]|1<<ds[j])
		}
	}
	return out
}

func (c *Candidates) urStep(t Technique, typ int, cells [4]int, pair uint16) (Step, bool) {
	var exact, extra []int
	for _, i := range cells {
		if c.marks[i] == pair {
			exact = append(exact, i)
		} else {
			extra = append(extra, i)
		}
	}
	ab := digitsOf(pair)
	if typ == 1 && len(exact) != 3 || typ != 1 && len(exact) != 2 {
		return Step{}, false
	}
	note := fmt.Sprintf("%d/%d in %s", ab[0], ab[1], cellNames(cells[:]))
	pat := c.candsOf(cells[:], pair)
	switch typ {
	case 1:
		if len(exact) != 3 {
			return Step{}, false
		}
		x := extra[0]
		el := c.candsOf([]int{x}, pair)
		return Step{Technique: t, Pattern: pat, Eliminations: el, Notation: note,
			Explanation: fmt.Sprintf("If %s held only %d or %d, the four cells could swap %d and %d and the puzzle would have two solutions; so %s holds another digit.",
				sudoku.CellName(x), ab[0], ab[1], ab[0], ab[1], sudoku.CellName(x))}, true
	case 2, 3, 4:
		if len(exact) != 2 || !sudoku.Sees(extra[0], extra[1]) || !sudoku.Sees(exact[0], exact[1]) {
			return Step{}, false
		}
		a, b := extra[0], extra[1]
		if typ == 3 {
			return c.urType3(t, a, b, pair, pat, note)
		}
		if typ == 2 {
			z := (c.marks[a] | c.marks[b]) &^ pair
			if popcount(z) != 1 || c.marks[a] != c.marks[b] {
				return Step{}, false
			}
			d := firstDigit(z)
			var ends cellSet
			ends.add(a)
			ends.add(b)
			el := c.elimsIn(seenByAll(ends), d)
			if len(el) == 0 {
				return Step{}, false
			}
			return Step{Technique: t, Pattern: append(pat, cand(a, d), cand(b, d)), Eliminations: el, Notation: note,
				Explanation: fmt.Sprintf("To avoid the deadly pattern on %d/%d, %s or %s must be %d, so cells seeing both lose %d.",
					ab[0], ab[1], sudoku.CellName(a), sudoku.CellName(b), d, d)}, true
		}
		for k, x := range ab {
			y := ab[1-k]
			for _, u := range sudoku.CellUnits(a) {
				if !unitSet[u].has(b) {
					continue
				}
				if c.positions(u, x).count() != 2 {
					continue
				}
				el := c.candsOf([]int{a, b}, 1<<y)
				if len(el) == 0 {
					continue
				}
				return Step{Technique: t, Pattern: pat, Eliminations: el, Notation: note,
					Explanation: fmt.Sprintf("In %s, %d must be in %s or %s; if either also held %d the deadly pattern would form, so both lose %d.",
						unitWord(u), x, sudoku.CellName(a), sudoku.CellName(b), y, y)}, true
			}
		}
	}
	return Step{}, false
}

// findBUG finds a grid where every empty cell has two candidates but one,
// which has three: the digit that appears three times in its units must go
// there, or the grid would have two solutions.
func findBUG(c *Candidates) (Step, bool) {
	three := -1
	for i := 0; i < 81; i++ {
		if c.values[i] != 0 {
			continue
		}
		switch popcount(c.marks[i]) {
		case 2:
		case 3:
			if three >= 0 {
				return Step{}, false
			}
			three = i
		default:
			return Step{}, false
		}
	}
	if three < 0 {
		return Step{}, false
	}
	for _, d := range c.Digits(three) {
		ok := true
		for _, u := range sudoku.CellUnits(three) {
			if c.positions(u, d).count() != 3 {
				ok = false
			}
		}
		if ok {
			// Like HoDoKu, remove the cell's other candidates; a Naked
			// Single follows.
			var el []sudoku.Candidate
			for _, o := range c.Digits(three) {
				if o != d {
					el = append(el, cand(three, o))
				}
			}
			return Step{Technique: BUGPlus1, Pattern: []sudoku.Candidate{cand(three, d)}, Eliminations: el,
				Notation: fmt.Sprintf("%s=%d", sudoku.CellName(three), d),
				Explanation: fmt.Sprintf("Every empty cell but %s has two candidates and every digit appears twice per unit except %d around %s; without %d there the grid would have two solutions.",
					sudoku.CellName(three), d, sudoku.CellName(three), d)}, true
		}
	}
	return Step{}, false
}

// findHiddenRectangle finds a unique rectangle with a bivalue corner ab
// whose opposite corner sees b only inside the rectangle along both its
// row and its column: that corner cannot be a, or the rectangle would be
// forced into the deadly pattern.
func findHiddenRectangle(c *Candidates) (Step, bool) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := 0; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := 0; c2 < 9; c2++ {
					if r1 == r2 || c1 == c2 || (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue
					}
					a := r1*9 + c1 // the bivalue corner
					if popcount(c.marks[a]) != 2 {
						continue
					}
					d, rowMate, colMate := r2*9+c2, r2*9+c1, r1*9+c2
					pair := c.marks[a]
					if c.marks[d]&pair != pair || c.marks[rowMate]&pair != pair || c.marks[colMate]&pair != pair {
						continue
					}
					for _, x := range digitsOf(pair) {
						y := firstDigit(pair &^ (1 << x))
						// y must be locked to the rectangle in d's row and column.
						if c.positions(r2, y).count() != 2 || c.positions(9+c2, y).count() != 2 || !c.has(d, x) {
							continue
						}
						cells := []int{a, colMate, rowMate, d}
						return Step{Technique: HiddenRectangle, Pattern: c.candsOf(cells, pair), Eliminations: []sudoku.Candidate{cand(d, x)},
							Notation: fmt.Sprintf("%d/%d in %s", x, y, cellNames(cells)),
							Explanation: fmt.Sprintf("In row %d and column %d, %d lies only in the rectangle. If %s were %d, both its neighbours in the rectangle would be %d and %s would be %d: the deadly pattern. So %s is not %d.",
								r2+1, c2+1, y, sudoku.CellName(d), x, y, sudoku.CellName(a), x, sudoku.CellName(d), x)}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// urType3 treats the two roof cells as one cell holding their extra
// digits: to avoid the deadly pattern one of those digits is true, so the
// roof together with n other cells of a shared unit forms a naked subset.
func (c *Candidates) urType3(t Technique, a, b int, pair uint16, pat []sudoku.Candidate, note string) (Step, bool) {
	extra := (c.marks[a] | c.marks[b]) &^ pair
	if popcount(extra) < 2 {
		return Step{}, false
	}
	// Of the subsets in the shared units, take the one that removes most.
	var best Step
	for _, u := range sudoku.CellUnits(a) {
		if !unitSet[u].has(b) {
			continue
		}
		var others []int
		for _, i := range sudoku.UnitCells(u) {
			if i != a && i != b && c.values[i] == 0 && popcount(c.marks[i]) <= 4 {
				others = append(others, i)
			}
		}
		for n := 1; n <= 3; n++ {
			combos(len(others), n, func(ix []int) bool {
				m := extra
				var set cellSet
				set.add(a)
				set.add(b)
				for _, k := range ix {
					m |= c.marks[others[k]]
					set.add(others[k])
				}
				if popcount(m) != n+1 {
					return false
				}
				var el []sudoku.Candidate
				for _, d := range digitsOf(m) {
					el = append(el, c.elimsIn(unitSet[u].andNot(set), d)...)
				}
				if len(el) == 0 {
					return false
				}
				var sub []int
				for _, k := range ix {
					sub = append(sub, others[k])
				}
				if len(el) <= len(best.Eliminations) {
					return false
				}
				best = Step{Technique: t, Pattern: append(pat, c.candsOf(sub, allDigits)...), Eliminations: sortCands(el),
					Notation: fmt.Sprintf("%s with %s {%s}", note, cellNames(sub), digitList(digitsOf(m))),
					Explanation: fmt.Sprintf("To avoid the deadly pattern, %s or %s holds one of %s; with %s they form a naked subset of %s in %s, so the rest of %s loses those digits.",
						sudoku.CellName(a), sudoku.CellName(b), digitList(digitsOf(extra)), cellNames(sub), digitList(digitsOf(m)), unitWord(u), unitWord(u))}
				return false
			})
		}
	}
	return best, len(best.Eliminations) > 0
}
