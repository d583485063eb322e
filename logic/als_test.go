package logic

var _ = addCases([]techCase{
	{"als-xz", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 1), 1, 2)
	}, ALSXZ, nil, elims(2, cell(2, 1), cell(3, 1), cell(4, 1), cell(6, 1), cell(7, 1), cell(8, 1), cell(9, 1))},
	{"no als-xz", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 5), 1, 2)
	}, ALSXZ, nil, nil},
}...)
