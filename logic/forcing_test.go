package logic

import "github.com/godoku/sudoku"

// verityGrid is a position on the HoDoKu path of
// ....76....7.31964..1......8842.......5.....1....25.8..3.4....6....4....9..1.2..3.
// where no assumption breaks the grid along chains, but each of r5c4's 6,
// 7 and 9 removes 7 from r5c6.
const verityGrid = `
4    39  5    | 8    7    6    | 139  2  13
2    7   8    | 3    1    9    | 6    4  5
69   1   369  | 5    4    2    | 379  79 8
8    4   2    | 1679 369  137  | 379  5  367
79   5   369  | 679  3689 3478 | 2347 1  2346
1    36  3679 | 2    5    347  | 8    79 3467
3    289 4    | 179  89   1578 | 1257 6  127
567  26  67   | 4    36   1357 | 125  8  9
5679 689 1    | 679  2    578  | 457  3  47
`

// deadlyGrid is a solved grid with a deadly rectangle of 1 and 2 opened
// (r1c1, r1c2, r4c1, r4c2) and r9c9 opened too: no assumption breaks it,
// and either digit of r1c1 leads to r9c9=2.
func deadlyGrid(c *Candidates) {
	g, err := sudoku.Parse("..3456789456789123789123456..4365897365897214897214365531642978642978531978531642")
	if err != nil {
		panic(err)
	}
	g[80] = 0
	*c = *must(FromGrid(g))
}

var _ = addCases([]techCase{
	{"forcing chain contradiction", xyRing(1), ForcingChainContradiction, nil, elims(1, cell(1, 9))},
	{"no forcing chain contradiction", xyRing(5), ForcingChainContradiction, nil, nil},
	{"forcing chain verity", pencil(verityGrid), ForcingChainVerity, nil, elims(7, cell(5, 6))},
	{"no forcing chain verity", xyRing(5), ForcingChainVerity, nil, nil},
	{"forcing net contradiction", xyRing(1), ForcingNetContradiction, nil, elims(1, cell(1, 9))},
	{"no forcing net contradiction", xyRing(5), ForcingNetContradiction, nil, nil},
	{"forcing net verity", deadlyGrid, ForcingNetVerity, []sudoku.Candidate{cand(cell(9, 9), 2)}, nil},
	{"no forcing net verity", xyRing(5), ForcingNetVerity, nil, nil},
}...)
