package logic

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
