package logic

import "github.com/godoku/sudoku"

// Two clusters of 1: row 1 holds it in r1c1 and r1c5 only, column 2 in
// r2c2 and r8c2 only. r1c1 sees r2c2, so one of r1c5 and r8c2 is 1.
func twoClusters(c *Candidates) {
	keep(c, sudoku.FirstRow, 1, cell(1, 1), cell(1, 5))
	keep(c, sudoku.FirstCol+1, 1, cell(2, 2), cell(8, 2))
}

var _ = addCases([]techCase{
	{"multi colors 1", twoClusters, MultiColors1, nil, elims(1, cell(8, 5))},
	{"no multi colors", func(c *Candidates) {
		twoClusters(c)
		c.marks[cell(8, 5)] &^= 1 << 1
	}, MultiColors1, nil, nil},
	// Column 5 holds 1 in r1c5 and r7c5 only, so r1c1 and r7c5 share a
	// color; it sees both r2c2 and r7c2 (column 2 holds 1 there only),
	// both colors of the other cluster, so it is false.
	{"multi colors 2", func(c *Candidates) {
		keep(c, sudoku.FirstRow, 1, cell(1, 1), cell(1, 5))
		keep(c, sudoku.FirstCol+4, 1, cell(1, 5), cell(7, 5))
		keep(c, sudoku.FirstCol+1, 1, cell(2, 2), cell(7, 2))
	}, MultiColors2, nil, elims(1, cell(1, 1), cell(7, 5))},
	{"no multi colors 2", func(c *Candidates) {
		keep(c, sudoku.FirstRow, 1, cell(1, 1), cell(1, 5))
		keep(c, sudoku.FirstCol+4, 1, cell(1, 5), cell(7, 5))
		keep(c, sudoku.FirstCol+1, 1, cell(2, 2), cell(8, 2))
		c.marks[cell(8, 5)] &^= 1 << 1
	}, MultiColors2, nil, nil},
}...)
