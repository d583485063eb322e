package logic

import (
	"testing"

	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"unique rectangle 1", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(1, 4), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(2, 4), 5, 6, 7, 8)
	}, UniqueRectangle1, nil, []sudoku.Candidate{cand(cell(2, 4), 5), cand(cell(2, 4), 6)}},
	{"no unique rectangle in four boxes", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(1, 4), 5, 6)
		only(c, cell(5, 1), 5, 6)
		only(c, cell(5, 4), 5, 6, 7, 8)
	}, UniqueRectangle1, nil, nil},
	{"hidden rectangle", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		keep(c, 1, 2, cell(2, 1), cell(2, 4))
		keep(c, 9+3, 2, cell(1, 4), cell(2, 4))
	}, HiddenRectangle, nil, []sudoku.Candidate{cand(cell(2, 4), 1)}},
	{"no hidden rectangle", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		keep(c, 1, 2, cell(2, 1), cell(2, 4))
	}, HiddenRectangle, nil, nil},
	{"unique rectangle 2", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 7)
	}, UniqueRectangle2, nil, elims(7, cell(2, 5), cell(2, 6), cell(3, 4), cell(3, 5), cell(3, 6), cell(1, 5), cell(1, 6),
		cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4))},
	// HoDoKu wants 5 nowhere else in the units the two roof cells share
	// (column 4 and box 2).
	{"unique rectangle 4", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		keep(c, 9+3, 5, cell(1, 4), cell(2, 4))
		keep(c, sudoku.FirstBox+1, 5, cell(1, 4), cell(2, 4))
	}, UniqueRectangle4, nil, []sudoku.Candidate{cand(cell(1, 4), 6), cand(cell(2, 4), 6)}},
	{"no unique rectangle 4", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
	}, UniqueRectangle4, nil, nil},
	{"no unique rectangle 2", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
	}, UniqueRectangle2, nil, nil},
	{"unique rectangle 3", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
		only(c, cell(3, 4), 7, 8)
	}, UniqueRectangle3, nil, func() []sudoku.Candidate {
		// The subset lies in column 4 and box 2: both lose 7 and 8.
		cells := []int{cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4),
			cell(1, 5), cell(1, 6), cell(2, 5), cell(2, 6), cell(3, 5), cell(3, 6)}
		return sortCands(append(elims(7, cells...), elims(8, cells...)...))
	}()},
	{"no unique rectangle 3", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
	}, UniqueRectangle3, nil, nil},
	// r1c1 and r2c4 hold 5 and 6 alone, r1c4 and r2c1 add 7: one of the
	// two is 7, so cells seeing both lose 7.
	{"unique rectangle 5", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 4), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 1), 5, 6, 7)
	}, UniqueRectangle5, nil, elims(7, cell(1, 2), cell(1, 3), cell(2, 5), cell(2, 6))},
	{"no unique rectangle 5: two extra digits", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 4), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 1), 5, 6, 8)
	}, UniqueRectangle5, nil, nil},
	// The same rectangle with 7 and 8 in the roof cells, and 5 nowhere
	// else in rows 1, 2 and columns 1, 4: 5 fills the bivalue diagonal.
	{"unique rectangle 6", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 4), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 1), 5, 6, 8)
		keep(c, 0, 5, cell(1, 1), cell(1, 4))
		keep(c, 1, 5, cell(2, 1), cell(2, 4))
		keep(c, 9, 5, cell(1, 1), cell(2, 1))
		keep(c, 9+3, 5, cell(1, 4), cell(2, 4))
	}, UniqueRectangle6, nil, elims(5, cell(1, 4), cell(2, 1))},
	{"no unique rectangle 6: 5 elsewhere in column 4", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 4), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 1), 5, 6, 8)
		keep(c, 0, 5, cell(1, 1), cell(1, 4))
		keep(c, 1, 5, cell(2, 1), cell(2, 4))
		keep(c, 9, 5, cell(1, 1), cell(2, 1))
	}, UniqueRectangle6, nil, nil},
}...)

// TestRectangleCorners checks the cells where a rectangle may have its
// corners against their definition (no placed peer holds the digit; with
// strict set, the cell still holds it), on the states along the HoDoKu
// paths of a sample of the calibration puzzles: the search reads the
// placed digits by unit instead of asking the peers.
func TestRectangleCorners(t *testing.T) {
	forPathStates(t, 20, func(p hodokuPuzzle, c *Candidates, _ Step) {
		for _, strict := range []bool{false, true} {
			us := newURSearch(c, strict)
			for d := 1; d <= 9; d++ {
				for i := range 81 {
					want := c.values[i] == 0
					for _, q := range sudoku.Peers(i) {
						want = want && int(c.values[q]) != d
					}
					if strict {
						want = c.has(i, d)
					}
					if us.allowed[d].Has(i) != want {
						t.Fatalf("%s: strict %v, digit %d, %s: corner %v, want %v at\n%v", p.grid, strict, d, sudoku.CellName(i), !want, want, c)
					}
				}
			}
		}
	})
}
