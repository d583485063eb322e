package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// nakedSubset finds n cells of a unit whose candidates together are n
// digits: those digits leave the unit's other cells.
func nakedSubset(n int) func(*Candidates) (Step, bool) {
	t := [...]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[n]
	return func(c *Candidates) (Step, bool) {
		var cellBuf [9]int
		var ixBuf [4]int
		ix := ixBuf[:n]
		for _, u := range subsetUnits {
			cells := cellBuf[:0]
			for _, i := range sudoku.UnitCells(u) {
				if k := popcount(c.marks[i]); k >= 2 && k <= n {
					cells = append(cells, i)
				}
			}
			for ok := firstCombo(ix, len(cells)); ok; ok = nextCombo(ix, len(cells)) {
				m, set := c.comboMarks(cells, ix)
				if popcount(m) != n {
					continue
				}
				others := unitSet[u].andNot(set)
				if !c.anyIn(others, m) {
					continue
				}
				var el []sudoku.Candidate
				for _, d := range digitsOf(m) {
					el = append(el, c.elimsIn(others, d)...)
				}
				sc := set.cells()
				return Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: sortCands(el),
					Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(sc)),
				}.because("nakedSubset", countArg(n), cellsArg(sc), unitArg(u), digitsArg(digitsOf(m))), true
			}
		}
		return Step{}, false
	}
}

// comboMarks returns the candidates of the cells cells[k], k in ix (a
// combination of naked-subset cells), and those cells as a set.
func (c *Candidates) comboMarks(cells, ix []int) (m uint16, set cellSet) {
	for _, k := range ix {
		m |= c.marks[cells[k]]
		set.add(cells[k])
	}
	return m, set
}

// subsetUnits lists boxes first, then rows and columns.
var subsetUnits = []int{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

// lockedSubset finds a naked pair or triple inside the crossing of a box
// and a line: it clears its digits from both units.
func lockedSubset(n int) func(*Candidates) (Step, bool) {
	t := LockedPair
	if n == 3 {
		t = LockedTriple
	}
	return func(c *Candidates) (Step, bool) {
		var cellBuf [3]int
		var ixBuf [3]int
		ix := ixBuf[:n]
		for b := 18; b < 27; b++ {
			for line := 0; line < 18; line++ {
				inter := unitSet[b].and(unitSet[line])
				if inter.empty() {
					continue
				}
				cells := cellBuf[:0]
				for i := range inter.all {
					if k := popcount(c.marks[i]); k >= 2 && k <= n {
						cells = append(cells, i)
					}
				}
				for ok := firstCombo(ix, len(cells)); ok; ok = nextCombo(ix, len(cells)) {
					m, set := c.comboMarks(cells, ix)
					if popcount(m) != n {
						continue
					}
					// HoDoKu counts a locked subset only when it clears
					// digits from both units; otherwise it is a plain one.
					boxRest, lineRest := unitSet[b].andNot(set), unitSet[line].andNot(unitSet[b])
					if !c.anyIn(boxRest, m) || !c.anyIn(lineRest, m) {
						continue
					}
					var inBox, inLine []sudoku.Candidate
					for _, d := range digitsOf(m) {
						inBox = append(inBox, c.elimsIn(boxRest, d)...)
						inLine = append(inLine, c.elimsIn(lineRest, d)...)
					}
					el := append(inBox, inLine...)
					sc := set.cells()
					return Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: sortCands(el),
						Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(sc)),
					}.because("lockedSubset", cellsArg(sc), digitsArg(digitsOf(m)), unitArg(b), unitArg(line)), true
				}
			}
		}
		return Step{}, false
	}
}

// hiddenSubset finds n digits that in some unit fit only in the same n
// cells: those cells lose every other candidate.
func hiddenSubset(n int) func(*Candidates) (Step, bool) {
	t := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[n]
	return func(c *Candidates) (Step, bool) {
		var digitBuf [9]int
		var ixBuf [4]int
		ix := ixBuf[:n]
		for _, u := range subsetUnits {
			ds := digitBuf[:0]
			pos := c.unitPositions(u)
			for d := 1; d <= 9; d++ {
				if k := pos[d].count(); k >= 2 && k <= n {
					ds = append(ds, d)
				}
			}
			for ok := firstCombo(ix, len(ds)); ok; ok = nextCombo(ix, len(ds)) {
				var set cellSet
				var m uint16
				for _, k := range ix {
					set = set.or(pos[ds[k]])
					m |= 1 << ds[k]
				}
				if set.count() != n || !c.anyIn(set, allDigits&^m) {
					continue
				}
				sc := set.cells()
				var el []sudoku.Candidate
				for _, i := range sc {
					for _, d := range digitsOf(c.marks[i] &^ m) {
						el = append(el, cand(i, d))
					}
				}
				return Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: el,
					Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(sc)),
				}.because("hiddenSubset", unitArg(u), digitsArg(digitsOf(m)), countArg(n), cellsArg(sc)), true
			}
		}
		return Step{}, false
	}
}
