package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// nakedSubset finds n cells of a unit whose candidates together are n
// digits: those digits leave the other cells of every unit the n cells
// share. A subset in the crossing of a box and a line that clears digits
// from both is a locked one (lockedSubset), left to that search.
func nakedSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := [...]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[n]
	return func(c *Candidates, m *memo) (Step, bool) { return c.nakedXle(n, t, false) }
}

// lockedSubset finds a naked pair or triple inside the crossing of a box
// and a line that clears its digits from both units.
func lockedSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := LockedPair
	if n == 3 {
		t = LockedTriple
	}
	return func(c *Candidates, m *memo) (Step, bool) { return c.nakedXle(n, t, true) }
}

// nakedXle is HoDoKu's naked subset search: the units by kind (boxes,
// rows, columns; boxes only for locked subsets), in each the combinations
// of its cells with 1 to n candidates in cell order, and the first subset
// of the kind asked for that removes something. It removes the digits
// from each unit the cells share, row, column and box in that order, cell
// by cell; it is locked when it removes something from the box and from
// outside it.
func (c *Candidates) nakedXle(n int, t Technique, locked bool) (Step, bool) {
	var cellBuf [9]int
	var ixBuf [4]int
	ix := ixBuf[:n]
	units := subsetUnits
	if locked {
		units = subsetUnits[:9]
	}
	for _, u := range units {
		cells := cellBuf[:0]
		for _, i := range sudoku.UnitCells(u) {
			if k := popcount(c.marks[i]); k >= 1 && k <= n {
				cells = append(cells, i)
			}
		}
		for ok := firstCombo(ix, len(cells)); ok; ok = nextCombo(ix, len(cells)) {
			m, set := c.comboMarks(cells, ix)
			if popcount(m) != n {
				continue
			}
			// The units all the cells share, row, column, box.
			shared := cellUnits[cells[ix[0]]]
			var same [3]bool
			for k := range same {
				same[k] = true
				for _, j := range ix[1:] {
					same[k] = same[k] && cellUnits[cells[j]][k] == shared[k]
				}
			}
			var el []sudoku.Candidate
			found := 0
			for k, ok := range same {
				if !ok {
					continue
				}
				hit := false
				for _, i := range sudoku.UnitCells(int(shared[k])) {
					if set.Has(i) || c.marks[i]&m == 0 {
						continue
					}
					if !hit && (k == 2 || cellUnits[i][2] != shared[2]) {
						hit = true
						found++
					}
					if k == 2 && (same[0] && cellUnits[i][0] == shared[0] || same[1] && cellUnits[i][1] == shared[1]) {
						// HoDoKu lists a cell of the box and the line twice;
						// the second time removes nothing.
						continue
					}
					for _, d := range digitsOf(c.marks[i] & m) {
						el = append(el, cand(i, d))
					}
				}
			}
			if len(el) == 0 {
				continue
			}
			isLocked := n < 4 && found > 1 && same[2] && (same[0] || same[1])
			if isLocked != locked {
				continue
			}
			sc := set.List()
			notation := fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(sc))
			if locked {
				line := int(shared[0])
				if !same[0] {
					line = int(shared[1])
				}
				return Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: el, Notation: notation}.because("lockedSubset", cellsArg(sc), digitsArg(digitsOf(m)), unitArg(int(shared[2])), unitArg(line)), true
			}
			return Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: el, Notation: notation}.because("nakedSubset", countArg(n), cellsArg(sc), unitArg(u), digitsArg(digitsOf(m))), true
		}
	}
	return Step{}, false
}

// comboMarks returns the candidates of the cells cells[k], k in ix (a
// combination of naked-subset cells), and those cells as a set.
func (c *Candidates) comboMarks(cells, ix []int) (m uint16, set cellSet) {
	for _, k := range ix {
		m |= c.marks[cells[k]]
		set.Add(cells[k])
	}
	return m, set
}

// subsetUnits lists boxes first, then rows and columns.
var subsetUnits = []int{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

// hiddenSubset finds n digits that in some unit fit only in the same n
// cells: those cells lose every other candidate.
func hiddenSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[n]
	return func(c *Candidates, m *memo) (Step, bool) {
		var digitBuf [9]int
		var ixBuf [4]int
		ix := ixBuf[:n]
		for _, u := range subsetUnits {
			ds := digitBuf[:0]
			pos := c.unitPositions(u)
			for d := 1; d <= 9; d++ {
				if k := pos[d].Count(); k >= 2 && k <= n {
					ds = append(ds, d)
				}
			}
			for ok := firstCombo(ix, len(ds)); ok; ok = nextCombo(ix, len(ds)) {
				var set cellSet
				var m uint16
				for _, k := range ix {
					set = set.Or(pos[ds[k]])
					m |= 1 << ds[k]
				}
				if set.Count() != n || !c.anyIn(set, allDigits&^m) {
					continue
				}
				sc := set.List()
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
