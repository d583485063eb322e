package logic

import (
	"slices"

	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9))
	}, XWing, nil, elims(9, cell(2, 3), cell(3, 3), cell(4, 3), cell(5, 3), cell(6, 3), cell(8, 3), cell(9, 3),
		cell(2, 9), cell(3, 9), cell(4, 9), cell(5, 9), cell(6, 9), cell(8, 9), cell(9, 9))},
	{"no x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 8))
	}, XWing, nil, nil},
	{"finned x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 8))
	}, FinnedXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
	{"swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9))
	}, Swordfish, nil, func() []sudoku.Candidate {
		var out []int
		for _, r := range []int{2, 3, 5, 6, 8, 9} {
			out = append(out, cell(r, 1), cell(r, 5), cell(r, 9))
		}
		return elims(8, out...)
	}()},
	{"no swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 8))
	}, Swordfish, nil, nil},
	{"jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2))
	}, Jellyfish, nil, func() []sudoku.Candidate {
		var out []int
		for _, r := range []int{2, 4, 6, 8, 9} {
			out = append(out, cell(r, 2), cell(r, 4), cell(r, 6), cell(r, 8))
		}
		return elims(6, out...)
	}()},
	{"no finned x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 5))
	}, FinnedXWing, nil, nil},
	{"no jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 3))
	}, Jellyfish, nil, nil},
	// In the sashimi forms one base line keeps a single candidate in
	// the cover besides its fin.
	{"sashimi x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 9), cell(7, 8))
	}, SashimiXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
	{"no sashimi x-wing: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 9), cell(7, 8), cell(7, 1))
	}, SashimiXWing, nil, nil},
	{"finned swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8))
	}, FinnedSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
	{"no finned swordfish: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8), cell(7, 2))
	}, FinnedSwordfish, nil, nil},
	{"sashimi swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 9), cell(7, 8))
	}, SashimiSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
	{"no sashimi swordfish: fin sees no cover cell", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 9), cell(7, 8))
		c.marks[cell(8, 9)] &^= 1 << 8
		c.marks[cell(9, 9)] &^= 1 << 8
	}, SashimiSwordfish, nil, nil},
	{"finned jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2), cell(7, 9))
	}, FinnedJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
	{"no finned jellyfish: no fin", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2))
	}, FinnedJellyfish, nil, nil},
	{"sashimi jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 9))
	}, SashimiJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
	{"no sashimi jellyfish: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 9), cell(7, 1))
	}, SashimiJellyfish, nil, nil},
}...)

// frankenGrid is the position of HoDoKu's Finned Franken Swordfish example
// in issue 13 (......24.......3....618.....3..24.6...7..............9..97....5...8......2.......
// after the Naked Pair), where HoDoKu takes two of them, as the path does.
const frankenGrid = `
15789 15789 3   | 569 5679  5679  | 2   4  168
15789 15789 158 | 2   4     5679  | 3   18 168
2     4     6   | 1   8     3     | 9   5  7
1589  3     158 | 59  2     4     | 7   6  18
15689 15689 7   | 3   1569  15689 | 158 2  4
4     1568  2   | 56  1567  15678 | 158 3  9
1368  168   9   | 7   136   2     | 4   18 5
13567 1567  4   | 8   13569 1569  | 16  79 2
15678 2     158 | 4   1569  1569  | 168 79 3
`

// frankenLater is the same puzzle where HoDoKu takes its last step but
// singles, a Skyscraper (r1c4<>9), which a Finned Franken Swordfish makes
// too.
const frankenLater = `
1  79  3 | 59 6  579 | 2  4 8
79 8   5 | 2  4  79  | 3  1 6
2  4   6 | 1  8  3   | 9  5 7
59 3   8 | 59 2  4   | 7  6 1
6  159 7 | 3  59 18  | 58 2 4
4  15  2 | 6  7  18  | 58 3 9
3  6   9 | 7  1  2   | 4  8 5
57 57  4 | 8  3  6   | 1  9 2
8  2   1 | 4  59 59  | 6  7 3
`

// pencil returns a setup that replaces the grid by a pencil-mark grid.
func pencil(grid string, edits ...func(*Candidates)) func(*Candidates) {
	return func(c *Candidates) {
		*c = *must(ParseCandidates(grid))
		for _, e := range edits {
			e(c)
		}
	}
}

var _ = addCases([]techCase{
	{"finned franken swordfish", pencil(frankenGrid), FinnedFrankenSwordfish, nil, elims(1, cell(9, 7))},
	// In frankenLater a Finned Franken Swordfish with endo fins makes the
	// Skyscraper's r1c4<>9, and another one r9c6<>9.
	{"finned franken swordfish with endo fins", pencil(frankenLater, func(c *Candidates) { c.marks[cell(1, 4)] &^= 1 << 9 }),
		FinnedFrankenSwordfish, nil, elims(9, cell(9, 6))},
	{"no finned franken swordfish on an empty grid", func(c *Candidates) {}, FinnedFrankenSwordfish, nil, nil},
}...)

// frankenX leaves 1 in row 1 at c1, c5 and the fin cells, and in box 5 at
// r4c5, r5c5 (and r4c4 too with spoil): row 1 and box 5 as base, columns 1
// and 5 as cover.
func frankenX(spoil bool, fins ...int) func(*Candidates) {
	return func(c *Candidates) {
		keep(c, 0, 1, append([]int{cell(1, 1), cell(1, 5)}, fins...)...)
		box5 := []int{cell(4, 5), cell(5, 5)}
		if spoil {
			box5 = append(box5, cell(4, 4))
		}
		keep(c, sudoku.FirstBox+4, 1, box5...)
	}
}

// colsBut lists the cells of the given columns outside the given rows.
func colsBut(cols, rows []int) []int {
	var out []int
	for _, col := range cols {
		for r := 1; r <= 9; r++ {
			if !slices.Contains(rows, r) {
				out = append(out, cell(r, col))
			}
		}
	}
	return out
}

var _ = addCases([]techCase{
	{"franken x-wing", frankenX(false), FrankenXWing, nil, elims(1, append(colsBut([]int{1}, []int{1}), colsBut([]int{5}, []int{1, 4, 5, 6})...)...)},
	{"no franken x-wing: three in the box", frankenX(true), FrankenXWing, nil, nil},
	{"finned franken x-wing", frankenX(false, cell(1, 2)), FinnedFrankenXWing, nil, elims(1, cell(2, 1), cell(3, 1))},
	// With a fin in row 1 besides, a Finned Franken X-Wing on c5 and b2
	// removes the cannibalistic r1c5 (in both cover units, seeing both fins).
	{"finned franken x-wing, cannibalistic", frankenX(false, cell(1, 9)), FinnedFrankenXWing, nil, elims(1, cell(1, 5))},
	{"no finned franken x-wing on an empty grid", func(c *Candidates) {}, FinnedFrankenXWing, nil, nil},
	{"franken swordfish", func(c *Candidates) {
		keep(c, 0, 1, cell(1, 1), cell(1, 5))
		keep(c, 1, 1, cell(2, 5), cell(2, 9))
		keep(c, sudoku.FirstBox+4, 1, cell(4, 5), cell(5, 5))
	}, FrankenSwordfish, nil, elims(1, append(colsBut([]int{1, 9}, []int{1, 2}), colsBut([]int{5}, []int{1, 2, 4, 5, 6})...)...)},
	{"no franken swordfish: three in the box", func(c *Candidates) {
		keep(c, 0, 1, cell(1, 1), cell(1, 5))
		keep(c, 1, 1, cell(2, 5), cell(2, 9))
		keep(c, sudoku.FirstBox+4, 1, cell(4, 5), cell(5, 5), cell(4, 4))
	}, FrankenSwordfish, nil, nil},
}...)
