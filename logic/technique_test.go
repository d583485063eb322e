package logic

import (
	"reflect"
	"testing"

	"github.com/godoku/sudoku"
)

// open returns candidates of an empty grid: every digit everywhere.
func open(t *testing.T) *Candidates {
	t.Helper()
	c, err := FromGrid(sudoku.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// cell converts 1-based row and column.
func cell(r, c int) int { return (r-1)*9 + c - 1 }

// keep removes d from every cell of unit u except the given ones.
func keep(c *Candidates, u, d int, cells ...int) {
	for _, i := range sudoku.UnitCells(u) {
		ok := false
		for _, k := range cells {
			ok = ok || k == i
		}
		if !ok {
			c.marks[i] &^= 1 << d
		}
	}
}

// only sets the candidates of a cell.
func only(c *Candidates, i int, ds ...int) {
	c.marks[i] = 0
	for _, d := range ds {
		c.marks[i] |= 1 << d
	}
}

func elims(d int, cells ...int) []sudoku.Candidate {
	var out []sudoku.Candidate
	for _, i := range cells {
		out = append(out, cand(i, d))
	}
	return sortCands(out)
}

// techCase is a hand-made pencil-mark grid, built by setup from one where
// every digit is a candidate everywhere, on which the finder of technique
// want (its row's in the table) must fire with exactly the placements and
// eliminations given or, when both are nil, must not fire. Each
// technique's test file adds its cases with addCases.
type techCase struct {
	name  string
	setup func(*Candidates)
	want  Technique
	place []sudoku.Candidate
	elim  []sudoku.Candidate
}

var techCases []techCase

func addCases(cs ...techCase) bool {
	techCases = append(techCases, cs...)
	return true
}

// finderOf returns the finder the table gives for technique t.
func finderOf(t Technique) func(*Candidates, *memo) (Step, bool) {
	if table[t].find == nil {
		return table[table[t].group].find
	}
	return table[t].find
}

func TestTechniques(t *testing.T) {
	tests := techCases
	// Every technique but the singles (TestSingles) and BUG+1 (TestBUG)
	// needs a grid where it must fire and one where it must not.
	fires, quiet := map[Technique]bool{}, map[Technique]bool{}
	for _, tc := range tests {
		if tc.place == nil && tc.elim == nil {
			quiet[tc.want] = true
		} else {
			fires[tc.want] = true
		}
	}
	for _, tt := range Techniques() {
		switch tt {
		case FullHouse, NakedSingle, HiddenSingle, BUGPlus1, BruteForce,
			ForcingChain, ForcingNet: // their steps are the Contradiction and Verity kinds
			continue
		}
		if !fires[tt] || !quiet[tt] {
			t.Errorf("%v: must-fire case %v, must-not case %v", tt, fires[tt], quiet[tt])
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := open(t)
			tc.setup(c)
			c.rebuildQueues() // the setups edit the marks alone
			s, ok := finderOf(tc.want)(c, nil)
			if tc.place == nil && tc.elim == nil {
				if ok {
					t.Fatalf("fired: %v", s)
				}
				return
			}
			if !ok {
				t.Fatalf("did not fire")
			}
			if s.Technique != tc.want || !reflect.DeepEqual(s.Placements, tc.place) || !reflect.DeepEqual(sortCands(s.Eliminations), tc.elim) {
				t.Fatalf("got %v\nwant %v with %v", s, tc.want, tc.elim)
			}
			// Every step explains itself with a sentence of reasons.go.
			if text, ok := ReasonText(s.Why.ID); !ok || text == "" || s.Explanation == "" {
				t.Errorf("%v: reason %q has no sentence", s, s.Why.ID)
			}
		})
	}
}

func TestSingles(t *testing.T) {
	g, _ := sudoku.Parse("12345678." + "........." + "........." + "........." + "........." + "........." + "........." + "........." + ".........")
	c, err := FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := findFullHouse(c, nil)
	if !ok || s.String() != "Full House: r1c9=9 => r1c9=9" {
		t.Fatalf("full house: %v %v", s, ok)
	}
	if _, ok := findFullHouse(open(t), nil); ok {
		t.Fatal("full house on an empty grid")
	}
	c = open(t)
	only(c, cell(3, 3), 4)
	c.rebuildQueues()
	if s, ok := findNakedSingle(c, nil); !ok || s.Placements[0] != (cand(cell(3, 3), 4)) {
		t.Fatalf("naked single: %v %v", s, ok)
	}
	c = open(t)
	keep(c, 9+4, 6, cell(7, 5))
	c.rebuildQueues()
	s, ok = findHiddenSingle(c, nil)
	if !ok || s.Placements[0] != (cand(cell(7, 5), 6)) {
		t.Fatalf("hidden single: %v %v", s, ok)
	}
	if _, ok := findHiddenSingle(open(t), nil); ok {
		t.Fatal("hidden single on an empty grid")
	}
}

// xyRing returns a setup of four bivalue cells 12, 23, 34 and 4x around a
// rectangle: with x = 1 it is an XY-chain that removes 1 from r1c9 and r5c1.
func xyRing(x int) func(*Candidates) {
	return func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(5, 5), 3, 4)
		only(c, cell(5, 9), 4, x)
	}
}

// bugGrid is a real position (graded57.tsv, on the HoDoKu path) where every
// empty cell is bivalue but r8c3, whose 9 appears three times in row 8,
// column 3 and box 7.
const bugGrid = `
5  7  1   | 2  6 3 | 9  8  4
38 89 39  | 4  1 7 | 5  6  2
6  4  2   | 8  9 5 | 1  3  7
1  5  34  | 6  2 8 | 34 7  9
34 26 7   | 1  5 9 | 8  24 36
9  26 8   | 3  7 4 | 26 5  1
7  1  6   | 59 8 2 | 34 49 35
48 89 459 | 7  3 1 | 26 29 56
2  3  59  | 59 4 6 | 7  1  8
`

func TestBUG(t *testing.T) {
	c, err := ParseCandidates(bugGrid)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := findBUG(c, nil)
	want := "Bivalue Universal Grave + 1: r8c3=9 => r8c3<>4, r8c3<>5"
	if !ok || s.String() != want {
		t.Fatalf("got %q, %v; want %q", s, ok, want)
	}

	for _, tc := range []struct {
		name string
		edit func(*Candidates)
	}{
		{"no third candidate", func(c *Candidates) { c.marks[cell(8, 3)] &^= 1 << 9 }},
		{"two cells with three", func(c *Candidates) { c.marks[cell(2, 1)] |= 1 << 9 }},
		{"a cell with four", func(c *Candidates) { c.marks[cell(8, 3)] |= 1 << 1 }},
		{"solved grid", func(c *Candidates) {
			sol, _ := sudoku.Parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642")
			*c = *must(FromGrid(sol))
		}},
		{"empty grid", func(c *Candidates) { *c = *open(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := ParseCandidates(bugGrid)
			tc.edit(c)
			if s, ok := findBUG(c, nil); ok {
				t.Fatalf("fired: %v", s)
			}
		})
	}
}

func must(c *Candidates, err error) *Candidates {
	if err != nil {
		panic(err)
	}
	return c
}

func TestStepString(t *testing.T) {
	c := open(t)
	keep(c, 0, 9, cell(1, 3), cell(1, 9))
	keep(c, 6, 9, cell(7, 3), cell(7, 9))
	for r := 2; r <= 9; r++ {
		if r != 7 && r != 9 {
			c.marks[cell(r, 3)] &^= 1 << 9
			c.marks[cell(r, 9)] &^= 1 << 9
		}
	}
	s, ok := finderOf(XWing)(c, nil)
	want := "X-Wing: 9 in r1,r7 on c3,c9 => r9c3<>9, r9c9<>9"
	if !ok || s.String() != want {
		t.Fatalf("got %q, want %q", s.String(), want)
	}
}
