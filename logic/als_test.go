package logic

var _ = addCases([]techCase{
	// Two cells 12 in column 1 are two ALS joined by both digits ("doubly
	// linked"): both digits leave the rest of the column.
	{"als-xz doubly linked", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 1), 1, 2)
	}, ALSXZ, nil, sortCands(append(elims(1, colsBut([]int{1}, []int{1, 5})...), elims(2, colsBut([]int{1}, []int{1, 5})...)...))},
	{"no als-xz", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 5), 1, 2)
	}, ALSXZ, nil, nil},
}...)

// alsChainGrid is a position on our path of
// ...53..9......4....1..2...7.2...8...4.....52..9..5...86......421....6.7.37....6..
// where an ALS Chain removes 3 from r5c4 (HoDoKu takes a Grouped
// Discontinuous Nice Loop there, earlier in its order, for the same).
const alsChainGrid = `
2 46  467  | 5     3    17  | 8   9    146
9 356 3567 | 178   178  4   | 2   1356 136
8 1   345  | 6     2    9   | 34  35   7
5 2   136  | 1349  1469 8   | 7   136  1469
4 36  8    | 1379  1679 137 | 5   2    169
7 9   136  | 1234  5    23  | 134 136  8
6 58  59   | 13789 1789 357 | 139 4    2
1 458 2459 | 2389  489  6   | 39  7    35
3 7   2459 | 1249  149  125 | 6   8    15
`

// alsWingGrid is a position of HoDoKu's path of
// .3.8.6.9.7.....6....9...1..3...7...51....2..4.5.1..7.....7.1...21..9...8..3..4...
// where it takes the ALS-XY-Wing A=r5c458 {3569}, B=r14789c7 {234589},
// C=r4c6 {89} => r5c7<>3, as the path does.
const alsWingGrid = `
45    3     12   | 8     12    6   | 45    9     7
7     248   1458 | 23459 1345  359 | 6     458   23
4568  2468  9    | 2345  2345  7   | 1     458   23
3     24689 2468 | 469   7     89  | 289   1     5
1     6789  678  | 3569  356   2   | 389   36    4
4689  5     2468 | 1     346   389 | 7     236   69
45689 468   4568 | 7     23568 1   | 23459 23456 69
2     1     4567 | 356   9     35  | 345   34567 8
5689  6789  3    | 256   2568  4   | 259   567   1
`

var _ = addCases([]techCase{
	{"als chain", pencil(alsChainGrid), ALSChain, nil, elims(3, cell(5, 4))},
	{"no als chain once it is taken", pencil(alsChainGrid, func(c *Candidates) { c.marks[cell(5, 4)] &^= 1 << 3 }), ALSChain, nil, nil},
	{"als-xy-wing", pencil(alsWingGrid), ALSXYWing, nil, elims(3, cell(5, 7))},
	// Once it is taken, the next one is the wing HoDoKu takes next
	// (r5c2<>8); then there is none.
	{"als-xy-wing, the next", pencil(alsWingGrid, func(c *Candidates) { c.marks[cell(5, 7)] &^= 1 << 3 }), ALSXYWing, nil, elims(8, cell(5, 2))},
	// Two bivalue cells joined to a third by the same digit make no wing.
	{"no als-xy-wing: one joining digit", func(c *Candidates) {
		only(c, cell(1, 1), 1, 3)
		only(c, cell(1, 5), 1, 2)
		only(c, cell(5, 5), 1, 3)
	}, ALSXYWing, nil, nil},
}...)
