package logic

import (
	"testing"

	"github.com/godoku/sudoku"
)

// row1 is r1c4 to r1c9, the rest of row 1 beside box 1.
var row1 = []int{cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)}

var _ = addCases([]techCase{
	{"pointing", func(c *Candidates) { keep(c, 18, 5, cell(1, 1), cell(1, 2)) },
		Pointing, nil, elims(5, row1...)},
	{"no pointing", func(c *Candidates) { keep(c, 18, 5, cell(1, 1), cell(2, 2)) }, Pointing, nil, nil},
	{"claiming", func(c *Candidates) { keep(c, 0, 7, cell(1, 1), cell(1, 2)) },
		Claiming, nil, elims(7, cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))},
	{"no claiming", func(c *Candidates) { keep(c, 0, 7, cell(1, 1), cell(1, 5)) }, Claiming, nil, nil},
}...)

// TestSinglesScan checks the scans Full House and Hidden Single fall back
// on when their queues hold nothing (as for candidates built from pencil
// marks) against plain counts, on the states along the HoDoKu paths of a
// sample of the calibration puzzles, with the queues emptied.
func TestSinglesScan(t *testing.T) {
	fullHouses, hiddenSingles := 0, 0
	forPathStates(t, 10, func(p hodokuPuzzle, c *Candidates, _ Step) {
		scan := *c
		scan.q = singlesQueues{}
		// The first unit with one empty cell, which has one candidate
		// left, and the first unit and digit with one place.
		fh, hs := -1, -1
		for u := range sudoku.NumUnits {
			var empty []int
			for _, i := range sudoku.UnitCells(u) {
				if c.values[i] == 0 {
					empty = append(empty, i)
				}
			}
			if fh < 0 && len(empty) == 1 && popcount(c.marks[empty[0]]) == 1 {
				fh = empty[0]
			}
			for d := 1; d <= 9 && hs < 0; d++ {
				if places := c.positions(u, d).cells(); len(places) == 1 {
					hs = places[0]*10 + d
				}
			}
		}
		s, ok := findFullHouse(&scan)
		if ok != (fh >= 0) || ok && s.Placements[0] != cand(fh, firstDigit(c.marks[fh])) {
			t.Fatalf("%s: full house %v %v, want cell %d at\n%v", p.grid, ok, s, fh, c)
		}
		if ok {
			fullHouses++
		}
		s, ok = findHiddenSingle(&scan)
		if ok != (hs >= 0) || ok && s.Placements[0] != cand(hs/10, hs%10) {
			t.Fatalf("%s: hidden single %v %v, want %d at\n%v", p.grid, ok, s, hs, c)
		}
		if ok {
			hiddenSingles++
		}
	})
	if fullHouses == 0 || hiddenSingles == 0 {
		t.Errorf("%d full houses, %d hidden singles in the sample", fullHouses, hiddenSingles)
	}
}
