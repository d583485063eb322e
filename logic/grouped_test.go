package logic

import "github.com/godoku/sudoku"

// Group nodes on digit 2: row 1 holds it in r1c1 and the group r1c45,
// box 2 in that group and r3c6.
func groupRow1(c *Candidates) {
	keep(c, 0, 2, cell(1, 1), cell(1, 4), cell(1, 5))
	keep(c, sudoku.FirstBox+1, 2, cell(1, 4), cell(1, 5), cell(3, 6))
}

var _ = addCases([]techCase{
	// 2r1c1=2r7c1-2r7c78=2r9c9-2r9c5=2r2c5: one of r1c1 and r2c5 holds
	// the 2, so r1c4, r1c6, r2c2 and r2c3 do not.
	{"grouped aic", func(c *Candidates) {
		keep(c, sudoku.FirstCol, 2, cell(1, 1), cell(7, 1))
		keep(c, sudoku.FirstBox+8, 2, cell(7, 7), cell(7, 8), cell(9, 9))
		keep(c, sudoku.FirstCol+4, 2, cell(2, 5), cell(9, 5))
	}, GroupedAIC, nil, elims(2, cell(1, 4), cell(1, 6), cell(2, 2), cell(2, 3))},
	{"no grouped aic", func(c *Candidates) {
		keep(c, sudoku.FirstCol, 2, cell(1, 1), cell(4, 1), cell(7, 1))
		keep(c, sudoku.FirstBox+8, 2, cell(7, 7), cell(7, 8), cell(9, 9))
		keep(c, sudoku.FirstCol+4, 2, cell(2, 5), cell(9, 5))
	}, GroupedAIC, nil, nil},
	// 2r7c6-2r7c1=2r1c1-2r1c45=2r3c6-2r7c6: r7c6 sees both ends alone.
	{"grouped nice loop", func(c *Candidates) {
		groupRow1(c)
		keep(c, sudoku.FirstCol, 2, cell(1, 1), cell(7, 1))
	}, GroupedNiceLoop, nil, elims(2, cell(7, 6))},
	{"no grouped nice loop", func(c *Candidates) {
		groupRow1(c)
		keep(c, sudoku.FirstCol, 2, cell(1, 1), cell(7, 1), cell(8, 1))
	}, GroupedNiceLoop, nil, nil},
	// 2r1c1=2r1c45-2r3c6=2r3c1-2r1c1 closes: the weak link in column 1
	// clears it and box 1 of their other 2s.
	// (Line 1076 of the calibration set.)
	{"grouped continuous nice loop", onPath(".37..8..........972.....4......6..8.7.9..3.2..1..8235.8...3..1...2.45...3.......6", 23, GroupedContinuousNiceLoop),
		GroupedContinuousNiceLoop, nil, sortCands([]sudoku.Candidate{cand(cell(2, 2), 6), cand(cell(3, 5), 5), cand(cell(7, 2), 5), cand(cell(7, 2), 6), cand(cell(7, 2), 9), cand(cell(7, 6), 9)})},
	{"no grouped continuous nice loop", func(c *Candidates) {
		groupRow1(c)
		keep(c, 2, 2, cell(3, 1), cell(3, 6), cell(3, 9))
	}, GroupedContinuousNiceLoop, nil, nil},
}...)
