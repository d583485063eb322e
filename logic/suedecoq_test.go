package logic

var _ = addCases([]techCase{
	{"sue de coq", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2, 3, 4)
		only(c, cell(1, 2), 1, 2, 3, 4)
		only(c, cell(1, 5), 1, 2)
		only(c, cell(2, 1), 3, 4)
	}, SueDeCoq, nil, sortCands(append(append(append(
		elims(1, cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)),
		elims(2, cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9))...),
		elims(3, cell(1, 3), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...),
		elims(4, cell(1, 3), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...))},
	{"no sue de coq", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2, 3, 4)
		only(c, cell(1, 2), 1, 2, 3, 4)
		only(c, cell(1, 5), 1, 2)
		only(c, cell(2, 1), 2, 4)
	}, SueDeCoq, nil, nil},
}...)
