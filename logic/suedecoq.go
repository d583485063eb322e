package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// findSueDeCoq finds 2 or 3 cells C where a box and a line cross, holding
// |C|+2 or more digits V, with an almost locked set A in the rest of the
// line and one B in the rest of the box, both inside V and sharing no digit,
// such that C, A and B together have exactly |V| cells. Then every digit of
// V is in one of them exactly once: A's digits leave the rest of the line,
// B's the rest of the box, and the others both.
func findSueDeCoq(c *Candidates) (Step, bool) {
	for b := 18; b < 27; b++ {
		for line := 0; line < 18; line++ {
			inter := unitSet[b].and(unitSet[line])
			if inter.empty() {
				continue
			}
			var ic []int
			for i := range inter.all {
				if c.values[i] == 0 {
					ic = append(ic, i)
				}
			}
			lineRest := c.emptyIn(unitSet[line].andNot(unitSet[b]))
			boxRest := c.emptyIn(unitSet[b].andNot(unitSet[line]))
			for k := 2; k <= len(ic); k++ {
				var st Step
				if combos(len(ic), k, func(ix []int) bool {
					var v uint16
					var cs cellSet
					for _, j := range ix {
						v |= c.marks[ic[j]]
						cs.add(ic[j])
					}
					if popcount(v) < k+2 {
						return false
					}
					for _, a := range c.alsWithin(lineRest, v) {
						for _, bb := range c.alsWithin(boxRest, v&^a.mask) {
							if k+a.cells.count()+bb.cells.count() != popcount(v) {
								continue
							}
							used := cs.or(a.cells).or(bb.cells)
							var el []sudoku.Candidate
							for _, d := range digitsOf(v &^ bb.mask) {
								el = append(el, c.elimsIn(unitSet[line].andNot(used), d)...)
							}
							for _, d := range digitsOf(v &^ a.mask) {
								el = append(el, c.elimsIn(unitSet[b].andNot(used), d)...)
							}
							if len(el) == 0 {
								continue
							}
							cells := used.cells()
							st = Step{Technique: SueDeCoq, Pattern: c.candsOf(cells, allDigits), Eliminations: sortCands(el),
								Notation: fmt.Sprintf("%s {%s} with %s {%s} and %s {%s}", cellNames(cs.cells()), digitList(digitsOf(v)),
									cellNames(a.cells.cells()), digitList(digitsOf(a.mask)), cellNames(bb.cells.cells()), digitList(digitsOf(bb.mask))),
								Explanation: fmt.Sprintf("The cells %s hold exactly as many digits as there are cells, each digit once: the digits of %s leave the rest of %s, those of %s the rest of %s, and the others both.",
									cellNames(cells), cellNames(a.cells.cells()), unitWord(line), cellNames(bb.cells.cells()), unitWord(b))}
							return true
						}
					}
					return false
				}) {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

func (c *Candidates) emptyIn(s cellSet) []int {
	var out []int
	for i := range s.all {
		if c.values[i] == 0 {
			out = append(out, i)
		}
	}
	return out
}

// alsWithin lists the ALSs of one or two of the cells whose candidates
// lie inside mask.
func (c *Candidates) alsWithin(cells []int, mask uint16) []als {
	var out []als
	for k := 1; k <= 2; k++ {
		combos(len(cells), k, func(ix []int) bool {
			var m uint16
			var set cellSet
			for _, j := range ix {
				m |= c.marks[cells[j]]
				set.add(cells[j])
			}
			if m&^mask == 0 && popcount(m) == k+1 {
				out = append(out, als{cells: set, mask: m})
			}
			return false
		})
	}
	return out
}
