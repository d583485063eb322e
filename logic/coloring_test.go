package logic

var _ = addCases([]techCase{
	{"simple colors wrap", func(c *Candidates) {
		keep(c, 0, 7, cell(1, 1), cell(1, 5))
		keep(c, 9+4, 7, cell(1, 5), cell(5, 5))
		keep(c, 4, 7, cell(5, 5), cell(5, 2))
		keep(c, 9+1, 7, cell(5, 2), cell(2, 2))
	}, SimpleColors, nil, elims(7, cell(1, 1), cell(2, 2), cell(5, 5))},
	{"no simple colors", func(c *Candidates) {
		keep(c, 0, 7, cell(1, 1), cell(1, 5))
	}, SimpleColors, nil, nil},
}...)
