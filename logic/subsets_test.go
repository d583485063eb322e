package logic

import (
	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"naked pair", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(2, 2), 1, 2)
	}, NakedPair, nil, sortCands(append(
		elims(1, cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)),
		elims(2, cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...))},
	{"no naked pair", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(2, 2), 1, 3)
	}, NakedPair, nil, nil},
	{"hidden pair", func(c *Candidates) {
		keep(c, 0, 1, cell(1, 1), cell(1, 5))
		keep(c, 0, 2, cell(1, 1), cell(1, 5))
	}, HiddenPair, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for d := 3; d <= 9; d++ {
			out = append(out, cand(cell(1, 1), d), cand(cell(1, 5), d))
		}
		return sortCands(out)
	}()},
	{"no hidden pair", func(c *Candidates) {
		keep(c, 0, 1, cell(1, 1), cell(1, 5))
		keep(c, 0, 2, cell(1, 1), cell(1, 6))
	}, HiddenPair, nil, nil},
	{"locked pair", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 2), 1, 2)
	}, LockedPair, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, i := range []int{cell(1, 3), cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3),
			cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)} {
			out = append(out, cand(i, 1), cand(i, 2))
		}
		return sortCands(out)
	}()},
	{"no locked pair", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(2, 2), 1, 2)
	}, LockedPair, nil, nil},
	{"naked triple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(1, 9), 1, 3)
	}, NakedTriple, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, col := range []int{2, 3, 4, 6, 7, 8} {
			for d := 1; d <= 3; d++ {
				out = append(out, cand(cell(1, col), d))
			}
		}
		return sortCands(out)
	}()},
	{"no naked triple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(1, 9), 1, 4)
	}, NakedTriple, nil, nil},
	{"hidden triple", func(c *Candidates) {
		for d := 1; d <= 3; d++ {
			keep(c, 0, d, cell(1, 1), cell(1, 5), cell(1, 9))
		}
	}, HiddenTriple, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, col := range []int{1, 5, 9} {
			for d := 4; d <= 9; d++ {
				out = append(out, cand(cell(1, col), d))
			}
		}
		return sortCands(out)
	}()},
	{"hidden quadruple", func(c *Candidates) {
		for d := 1; d <= 4; d++ {
			keep(c, 0, d, cell(1, 1), cell(1, 3), cell(1, 5), cell(1, 7))
		}
	}, HiddenQuad, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, col := range []int{1, 3, 5, 7} {
			for d := 5; d <= 9; d++ {
				out = append(out, cand(cell(1, col), d))
			}
		}
		return sortCands(out)
	}()},
	{"no hidden quadruple", func(c *Candidates) {
		for d := 1; d <= 4; d++ {
			keep(c, 0, d, cell(1, 1), cell(1, 3), cell(1, 5), cell(1, 7+d/4))
		}
	}, HiddenQuad, nil, nil},
	{"naked quadruple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 4), 2, 3)
		only(c, cell(1, 7), 3, 4)
		only(c, cell(1, 9), 4, 1)
	}, NakedQuad, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, col := range []int{2, 3, 5, 6, 8} {
			for d := 1; d <= 4; d++ {
				out = append(out, cand(cell(1, col), d))
			}
		}
		return sortCands(out)
	}()},
	{"no naked quadruple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 4), 2, 3)
		only(c, cell(1, 7), 3, 4)
		only(c, cell(1, 9), 4, 5)
	}, NakedQuad, nil, nil},
	{"locked triple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 2), 2, 3)
		only(c, cell(1, 3), 1, 3)
	}, LockedTriple, nil, func() []sudoku.Candidate {
		var out []sudoku.Candidate
		for _, i := range []int{cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3),
			cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)} {
			out = append(out, cand(i, 1), cand(i, 2), cand(i, 3))
		}
		return sortCands(out)
	}()},
	{"no hidden triple", func(c *Candidates) {
		for d := 1; d <= 3; d++ {
			keep(c, 0, d, cell(1, 1), cell(1, 5), cell(1, 8+d/3))
		}
	}, HiddenTriple, nil, nil},
	{"no locked triple", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 2), 2, 3)
		only(c, cell(1, 4), 1, 3)
	}, LockedTriple, nil, nil},
}...)
