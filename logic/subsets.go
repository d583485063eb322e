package logic

import (
	"fmt"
	"math/bits"

	"github.com/godoku/sudoku"
)

// nakedSubset finds n cells of a unit whose candidates together are n
// digits: those digits leave the other cells of every unit the n cells
// share. A subset in the crossing of a box and a line that clears digits
// from both is a locked one (lockedSubset), left to that search.
func nakedSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := [...]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[n]
	return func(c *Candidates, m *memo) (Step, bool) { return c.nakedXle(m, n, t, false) }
}

// lockedSubset finds a naked pair or triple inside the crossing of a box
// and a line that clears its digits from both units.
func lockedSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := LockedPair
	if n == 3 {
		t = LockedTriple
	}
	return func(c *Candidates, m *memo) (Step, bool) { return c.nakedXle(m, n, t, true) }
}

// The searches of subsets.go, as the path's memo numbers them.
const (
	subsetNaked = iota
	subsetLocked
	subsetHidden
)

// subsetSeen returns the memo's units' versions and its versions of the
// units where the subset search of size n (2 to 4) found nothing, or nil
// without a memo.
func (m *memo) subsetSeen(c *Candidates, search, n int) (ver, seen *[sudoku.NumUnits]uint32) {
	if m == nil {
		return nil, nil
	}
	return m.unitVersions(c), &m.subsets[search][n-2]
}

// nakedXle is HoDoKu's naked subset search: the units by kind (boxes,
// rows, columns; boxes only for locked subsets), in each the combinations
// of its cells with 1 to n candidates in cell order, and the first subset
// of the kind asked for that removes something. It removes the digits
// from each unit the cells share, row, column and box in that order, cell
// by cell; it is locked when it removes something from the box and from
// outside it.
//
// What a unit gives depends on its candidates and those of the other
// unit its subset's cells share, if any: the path's memo keeps the
// version of a unit where the search found nothing and met no subset
// sharing another unit, and the search skips the unit while it stays.
func (c *Candidates) nakedXle(m *memo, n int, t Technique, locked bool) (Step, bool) {
	var cellBuf [9]int
	var markBuf [9]uint16
	var w tightWalk
	units := subsetUnits
	if locked {
		units = subsetUnits[:9]
	}
	search := subsetNaked
	if locked {
		search = subsetLocked
	}
	ver, seen := m.subsetSeen(c, search, n)
	for _, u := range units {
		if ver != nil && seen[u] == ver[u] {
			continue
		}
		alone := true // no subset met shares another unit
		cells, marks := cellBuf[:0], markBuf[:0]
		for _, i := range sudoku.UnitCells(u) {
			if k := popcount(c.marks[i]); k >= 1 && k <= n {
				cells = append(cells, i)
				marks = append(marks, c.marks[i])
			}
		}
		for ok := w.first(marks, n); ok; ok = w.next() {
			ix, dm := w.subset(), w.mask()
			var set cellSet
			for _, k := range ix {
				set.Add(cells[k])
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
			if same[0] && same[1] || same[2] && (same[0] || same[1]) {
				alone = false
			}
			var el []sudoku.Candidate
			found := 0
			for k, ok := range same {
				if !ok {
					continue
				}
				hit := false
				for _, i := range sudoku.UnitCells(int(shared[k])) {
					if set.Has(i) || c.marks[i]&dm == 0 {
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
					for _, d := range digitsOf(c.marks[i] & dm) {
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
			notation := fmt.Sprintf("%s in %s", digitList(digitsOf(dm)), cellNames(sc))
			if locked {
				line := int(shared[0])
				if !same[0] {
					line = int(shared[1])
				}
				return Step{Technique: t, Pattern: c.candsOf(sc, dm), Eliminations: el, Notation: notation}.because("lockedSubset", cellsArg(sc), digitsArg(digitsOf(dm)), unitArg(int(shared[2])), unitArg(line)), true
			}
			return Step{Technique: t, Pattern: c.candsOf(sc, dm), Eliminations: el, Notation: notation}.because("nakedSubset", countArg(n), cellsArg(sc), unitArg(u), digitsArg(digitsOf(dm))), true
		}
		if ver != nil && alone {
			seen[u] = ver[u]
		}
	}
	return Step{}, false
}

// subsetUnits lists boxes first, then rows and columns.
var subsetUnits = []int{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

// hiddenSubset finds n digits that in some unit fit only in the same n
// cells: those cells lose every other candidate. What a unit gives
// depends on its candidates alone: the path's memo keeps the version of
// a unit where the search found nothing, and the search skips the unit
// while it stays.
func hiddenSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[n]
	return func(c *Candidates, m *memo) (Step, bool) {
		var digitBuf [9]int
		var placeBuf [9]uint16
		var w tightWalk
		ver, seen := m.subsetSeen(c, subsetHidden, n)
		for _, u := range subsetUnits {
			if ver != nil && seen[u] == ver[u] {
				continue
			}
			// places[d]: bit k for the k-th cell of the unit holding d.
			var places [10]uint16
			cells := sudoku.UnitCells(u)
			for k, i := range cells {
				for b := c.marks[i]; b != 0; b &= b - 1 {
					places[firstDigit(b)] |= 1 << k
				}
			}
			ds, items := digitBuf[:0], placeBuf[:0]
			for d := 1; d <= 9; d++ {
				if k := popcount(places[d]); k >= 2 && k <= n {
					ds = append(ds, d)
					items = append(items, places[d])
				}
			}
			for ok := w.first(items, n); ok; ok = w.next() {
				var dm uint16
				for _, k := range w.subset() {
					dm |= 1 << ds[k]
				}
				var set cellSet
				for b := w.mask(); b != 0; b &= b - 1 {
					set.Add(cells[bits.TrailingZeros16(b)])
				}
				if !c.anyIn(set, allDigits&^dm) {
					continue
				}
				sc := set.List()
				var el []sudoku.Candidate
				for _, i := range sc {
					for _, d := range digitsOf(c.marks[i] &^ dm) {
						el = append(el, cand(i, d))
					}
				}
				return Step{Technique: t, Pattern: c.candsOf(sc, dm), Eliminations: el,
					Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(dm)), cellNames(sc)),
				}.because("hiddenSubset", unitArg(u), digitsArg(digitsOf(dm)), countArg(n), cellsArg(sc)), true
			}
			if ver != nil {
				seen[u] = ver[u]
			}
		}
		return Step{}, false
	}
}
