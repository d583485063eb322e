package logic

import "github.com/godoku/sudoku"

// solve places digits as solving steps would (not as givens).
func solve(c *Candidates, ps ...sudoku.Candidate) {
	if err := c.Apply(Step{Placements: ps}); err != nil {
		panic(err)
	}
}

// arCorners solves r1c1 as 1 and r1c2 as 2: the solved side of the
// rectangles below, whose other side is r5c1 and r5c2.
func arCorners(c *Candidates) { solve(c, cand(cell(1, 1), 1), cand(cell(1, 2), 2)) }

var _ = addCases([]techCase{
	// r5c1 solved as 2: r5c2 cannot be 1, or 1 and 2 could swap.
	{"avoidable rectangle 1", func(c *Candidates) {
		arCorners(c)
		solve(c, cand(cell(5, 1), 2))
		only(c, cell(5, 2), 1, 3)
	}, AvoidableRectangle1, nil, elims(1, cell(5, 2))},
	// The same digits as givens: a puzzle's givens cannot be swapped.
	{"no avoidable rectangle 1 on givens", func(c *Candidates) {
		g, _ := sudoku.Parse("12..............................................................................")
		g[cell(5, 1)] = 2
		*c = *must(FromGrid(g))
		only(c, cell(5, 2), 1, 3)
	}, AvoidableRectangle1, nil, nil},
	// r5c1 is 2 or 7, r5c2 1 or 7: one of them is 7.
	{"avoidable rectangle 2", func(c *Candidates) {
		arCorners(c)
		only(c, cell(5, 1), 2, 7)
		only(c, cell(5, 2), 1, 7)
	}, AvoidableRectangle2, nil, elims(7, cell(4, 1), cell(4, 2), cell(4, 3), cell(5, 3), cell(5, 4), cell(5, 5),
		cell(5, 6), cell(5, 7), cell(5, 8), cell(5, 9), cell(6, 1), cell(6, 2), cell(6, 3))},
	{"no avoidable rectangle 2", func(c *Candidates) {
		arCorners(c)
		only(c, cell(5, 1), 2, 7)
		only(c, cell(5, 2), 1, 8)
	}, AvoidableRectangle2, nil, nil},
}...)
