package logic

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
	"github.com/godoku/sudoku/internal/race"
)

// The Sue de Coq search as it was before it listed the line and box
// subsets once per crossing (commit 45236d5), kept as the reference the
// faster one must match step for step.

// refFindSueDeCoq finds HoDoKu's (extended) Sue de Coq: two or three cells C
// where a line and a box cross, holding n+2 or more digits (n = |C|); a
// set L of other cells of the line and a set B of other cells of the box,
// sharing no digit of C between them, such that C, L and B hold as many
// of C's digits as they have cells (L and B may add digits of their own).
// Then every digit of C sits in C, L or B: the line outside them loses the
// digits of C and L that B does not hold (and the digits L and B share),
// the box outside them the digits of C and B that L does not hold (and
// those they share). The search is HoDoKu's: rows before columns, each
// with the boxes in order, the cells of C, L and B chosen in cell order,
// and the first that removes something is taken.
func refFindSueDeCoq(c *Candidates) (Step, bool) {
	for _, first := range [2]int{sudoku.FirstRow, sudoku.FirstCol} {
		for line := first; line < first+9; line++ {
			for box := sudoku.FirstBox; box < sudoku.NumUnits; box++ {
				inter := c.emptyIn(board.Units[line].And(board.Units[box]))
				if len(inter) < 2 {
					continue
				}
				if s, ok := c.refSueDeCoqAt(line, box, inter); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// refSueDeCoqAt tries the pairs and triples of the crossing cells inter.
func (c *Candidates) refSueDeCoqAt(line, box int, inter []int) (Step, bool) {
	for a := 0; a < len(inter)-1; a++ {
		for b := a + 1; b < len(inter); b++ {
			m2 := c.marks[inter[a]] | c.marks[inter[b]]
			if n := popcount(m2) - 2; n >= 2 {
				if s, ok := c.refSueDeCoqSets(line, box, []int{inter[a], inter[b]}, m2, n); ok {
					return s, true
				}
			}
			for k := b + 1; k < len(inter); k++ {
				m3 := m2 | c.marks[inter[k]]
				if n := popcount(m3) - 3; n >= 2 {
					if s, ok := c.refSueDeCoqSets(line, box, []int{inter[a], inter[b], inter[k]}, m3, n); ok {
						return s, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// refSueDeCoqSets chooses the line set, then the box set, for the crossing
// cells cs with digits cm, nPlus more digits than cells.
func (c *Candidates) refSueDeCoqSets(line, box int, cs []int, cm uint16, nPlus int) (Step, bool) {
	var cset cellSet
	for _, i := range cs {
		cset.Add(i)
	}
	lineSrc := c.emptyIn(board.Units[line].AndNot(cset))
	var found Step
	ok := false
	c.refSubsets(lineSrc, func(ls []int, lm uint16) bool {
		contained, extra := popcount(lm&cm), popcount(lm&^cm)
		n := len(ls)
		if contained == 0 || n <= extra || n-extra >= nPlus {
			return false
		}
		var lset cellSet
		for _, i := range ls {
			lset.Add(i)
		}
		boxSrc := c.emptyIn(board.Units[box].AndNot(cset).AndNot(lset))
		forbidden := lm & cm // the box set may not hold the line set's digits of C
		need := nPlus - (n - extra)
		c.refSubsets(boxSrc, func(bs []int, bm uint16) bool {
			if bm&forbidden != 0 {
				return false
			}
			bExtra := popcount(bm &^ cm)
			if popcount(bm&cm) == 0 || len(bs)-bExtra != need {
				return false
			}
			var bset cellSet
			for _, i := range bs {
				bset.Add(i)
			}
			both := bm & lm
			var el []sudoku.Candidate
			boxRest := board.Units[box].AndNot(bset).AndNot(cset)
			for _, d := range digitsOf(((cm | bm) &^ lm) | both) {
				el = append(el, c.elimsIn(boxRest, d)...)
			}
			lineRest := board.Units[line].AndNot(lset).AndNot(cset)
			for _, d := range digitsOf(((cm | lm) &^ bm) | both) {
				el = append(el, c.elimsIn(lineRest, d)...)
			}
			if len(el) == 0 {
				return false
			}
			used := cset.Or(lset).Or(bset)
			found = Step{Technique: SueDeCoq, Pattern: c.candsOf(used.List(), allDigits), Eliminations: sortCands(el),
				Notation: fmt.Sprintf("%s {%s} with %s {%s} and %s {%s}", cellNames(cs), digitList(digitsOf(cm)),
					cellNames(ls), digitList(digitsOf(lm)), cellNames(bs), digitList(digitsOf(bm))),
			}.because("sueDeCoq", cellsArg(cs), unitArg(line), unitArg(box), digitsArg(digitsOf(cm)), cellsArg(ls), cellsArg(bs))
			ok = true
			return true
		})
		return ok
	})
	return found, ok
}

// subsets calls f with the non-empty subsets of cells, in depth-first
// order of their cells, and their digits, until f returns true.
func (c *Candidates) refSubsets(cells []int, f func([]int, uint16) bool) bool {
	set := make([]int, 0, len(cells))
	var rec func(from int, m uint16) bool
	rec = func(from int, m uint16) bool {
		for k := from; k < len(cells); k++ {
			set = append(set, cells[k])
			mm := m | c.marks[cells[k]]
			if f(set, mm) || rec(k+1, mm) {
				return true
			}
			set = set[:len(set)-1]
		}
		return false
	}
	return rec(0, 0)
}

// TestSueDeCoqMatchesReference runs both Sue de Coq searches on every state
// from Hard on along the HoDoKu paths of a sample of the HoDoKu
// calibration puzzles (every fifth, every twentieth with -short).
func TestSueDeCoqMatchesReference(t *testing.T) {
	every := 5
	if testing.Short() || race.Enabled { // one goroutine: the race detector has the sample -short has
		every = 20
	}
	states, found := 0, 0
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		if next.Technique.Level() < Hard {
			return
		}
		states++
		got, gok := findSueDeCoq(c, nil)
		want, wok := refFindSueDeCoq(c)
		// The reference sorts the eliminations; the search lists them
		// in the order HoDoKu removes them.
		got.Eliminations = sortCands(slices.Clone(got.Eliminations))
		if gok != wok || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s at\n%v\ngot %v %v\nwant %v %v", p.grid, c, gok, got, wok, want)
		}
		if gok {
			found++
		}
	})
	t.Logf("%d states, %d with a Sue de Coq", states, found)
	if found == 0 {
		t.Error("no state of the sample has a Sue de Coq")
	}
}
