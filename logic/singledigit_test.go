package logic

var _ = addCases([]techCase{
	{"skyscraper", func(c *Candidates) {
		keep(c, 0, 4, cell(1, 1), cell(1, 5))
		keep(c, 4, 4, cell(5, 1), cell(5, 4))
	}, Skyscraper, nil, elims(4, cell(2, 4), cell(3, 4), cell(4, 5), cell(6, 5))},
	{"no skyscraper", func(c *Candidates) {
		keep(c, 0, 4, cell(1, 1), cell(1, 5))
		keep(c, 4, 4, cell(5, 2), cell(5, 4))
	}, Skyscraper, nil, nil},
	{"2-string kite", func(c *Candidates) {
		keep(c, 0, 3, cell(1, 2), cell(1, 7))
		keep(c, 9, 3, cell(2, 1), cell(8, 1))
	}, TwoStringKite, nil, elims(3, cell(8, 7))},
	{"no 2-string kite", func(c *Candidates) {
		keep(c, 0, 3, cell(1, 5), cell(1, 7))
		keep(c, 9, 3, cell(2, 1), cell(8, 1))
	}, TwoStringKite, nil, nil},
	{"empty rectangle", func(c *Candidates) {
		for _, i := range []int{cell(1, 1), cell(1, 3), cell(3, 1), cell(3, 3)} {
			c.marks[i] &^= 1 << 5
		}
		keep(c, 9+6, 5, cell(2, 7), cell(6, 7))
	}, EmptyRectangle, nil, elims(5, cell(6, 2))},
	{"no empty rectangle", func(c *Candidates) {
		for _, i := range []int{cell(1, 1), cell(3, 1), cell(3, 3)} {
			c.marks[i] &^= 1 << 5
		}
		keep(c, 9+6, 5, cell(2, 7), cell(6, 7))
	}, EmptyRectangle, nil, nil},
	{"turbot fish", func(c *Candidates) {
		keep(c, 18, 6, cell(1, 1), cell(3, 3))
		keep(c, 4, 6, cell(5, 3), cell(5, 8))
	}, TurbotFish, nil, elims(6, cell(1, 8))},
	{"no turbot fish", func(c *Candidates) {
		keep(c, 18, 6, cell(1, 1), cell(3, 3))
		keep(c, 4, 6, cell(5, 4), cell(5, 8))
	}, TurbotFish, nil, nil},
}...)
