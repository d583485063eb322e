package variant

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestCellNames(t *testing.T) {
	for _, tc := range []struct {
		n    int
		c    Cell
		name string
	}{
		{9, 0, "r1c1"}, {9, 80, "r9c9"}, {9, 10, "r2c2"}, {16, 155, "r10c12"}, {16, 255, "r16c16"}, {4, 7, "r2c4"}, {25, 624, "r25c25"},
	} {
		if got := CellName(tc.n, tc.c); got != tc.name {
			t.Errorf("CellName(%d, %d) = %q, want %q", tc.n, tc.c, got, tc.name)
		}
		for _, s := range []string{tc.name, strings.ToUpper(tc.name)} {
			if c, err := ParseCell(tc.n, s); err != nil || c != tc.c {
				t.Errorf("ParseCell(%d, %q) = %d, %v, want %d", tc.n, s, c, err, tc.c)
			}
		}
	}
	for _, bad := range []string{"", "r1", "r0c1", "r10c1", "x1c1", "r1c", "rc1", "r1c1x", "r-1c1", "r1c10", "r00001c1"} {
		if c, err := ParseCell(9, bad); err == nil {
			t.Errorf("ParseCell(9, %q) = %d, want an error", bad, c)
		}
	}
	if got := CellName(9, 81); got != "cell(81)" {
		t.Errorf("CellName(9, 81) = %q", got)
	}
	if p, err := ParsePoint("R0C3"); err != nil || p != (Point{-1, 2}) || p.String() != "R0C3" {
		t.Errorf("ParsePoint(R0C3) = %v, %v", p, err)
	}
}

func TestArrowStart(t *testing.T) {
	c := func(r, col int) Cell { return CellOf(9, r, col) }
	for _, tc := range []struct {
		name string
		n    int
		a    Arrow
		want Cell
	}{
		{"one cell", 9, Arrow{[]Cell{c(0, 0)}, []Cell{c(1, 1)}}, c(0, 0)},
		{"pill, line off its far end", 9, Arrow{[]Cell{c(0, 0), c(0, 1), c(0, 2)}, []Cell{c(0, 3), c(0, 4)}}, c(0, 2)},
		{"upright pill, line off its foot", 9, Arrow{[]Cell{c(0, 4), c(1, 4), c(2, 4)}, []Cell{c(3, 5)}}, c(2, 4)},
		{"two cells as near: the first", 9, Arrow{[]Cell{c(0, 0), c(0, 1)}, []Cell{c(1, 0)}}, c(0, 0)},
		{"diagonal", 9, Arrow{[]Cell{c(2, 2), c(3, 3)}, []Cell{c(4, 4)}}, c(3, 3)},
		{"16x16", 16, Arrow{[]Cell{CellOf(16, 0, 14), CellOf(16, 0, 15)}, []Cell{CellOf(16, 1, 13)}}, CellOf(16, 0, 14)},
		{"no line", 9, Arrow{[]Cell{c(0, 1), c(0, 0)}, nil}, c(0, 1)},
		{"no size", 0, Arrow{[]Cell{c(0, 1), c(0, 0)}, []Cell{c(1, 0)}}, c(0, 1)},
		{"no circle", 9, Arrow{nil, []Cell{c(1, 0)}}, -1},
	} {
		if got := tc.a.Start(tc.n); got != tc.want {
			t.Errorf("%s: Start = %s, want %s", tc.name, CellName(tc.n, got), CellName(tc.n, tc.want))
		}
	}
}

func TestBoxes(t *testing.T) {
	for _, tc := range []struct{ n, h, w int }{
		{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 2, 2}, {5, 0, 0}, {6, 2, 3}, {7, 0, 0}, {8, 2, 4}, {9, 3, 3},
		{10, 2, 5}, {12, 3, 4}, {15, 3, 5}, {16, 4, 4}, {25, 5, 5},
	} {
		if h, w := DefaultBoxes(tc.n); h != tc.h || w != tc.w {
			t.Errorf("DefaultBoxes(%d) = %dx%d, want %dx%d", tc.n, h, w, tc.h, tc.w)
		}
	}
	// 6x6 with 2x3 boxes: box 1 is rows 1-2, columns 4-6.
	rs := Boxes(6, 2, 3)
	want := []int{
		0, 0, 0, 1, 1, 1,
		0, 0, 0, 1, 1, 1,
		2, 2, 2, 3, 3, 3,
		2, 2, 2, 3, 3, 3,
		4, 4, 4, 5, 5, 5,
		4, 4, 4, 5, 5, 5,
	}
	if !slices.Equal(rs, want) {
		t.Errorf("Boxes(6, 2, 3) = %v", rs)
	}
	if Boxes(6, 2, 2) != nil || Boxes(6, 0, 6) != nil {
		t.Error("Boxes of a wrong shape is not nil")
	}
	p := Puzzle{Size: 7}
	if rs := p.RegionsOf(); len(rs) != 49 || slices.ContainsFunc(rs, func(r int) bool { return r != -1 }) {
		t.Errorf("7x7 regions: %v", rs)
	}
}

func TestEdgeAndDiagonal(t *testing.T) {
	if got := (Edge{Right, 1}).Cells(4); !slices.Equal(got, []Cell{7, 6, 5, 4}) {
		t.Errorf("right of row 2: %v", got)
	}
	if got := (Edge{Bottom, 0}).Cells(4); !slices.Equal(got, []Cell{12, 8, 4, 0}) {
		t.Errorf("below column 1: %v", got)
	}
	if got := (Edge{Top, 4}).Cells(4); got != nil {
		t.Errorf("above column 5 of 4: %v", got)
	}
	// f-puzzles' little killer at R0C3 pointing DL starts at r1c2.
	lk := LittleKiller{Start: CellOf(9, 0, 1), Dir: DownLeft, Sum: 11}
	if got := LittleKillerCells(9, lk); !slices.Equal(got, []Cell{1, 9}) {
		t.Errorf("little killer cells: %v", got)
	}
}

// cage is a short hand for tests.
func cage(sum int, cs ...Cell) KillerCage { return KillerCage{Cells: cs, Sum: sum} }

func TestValidate(t *testing.T) {
	ok := []Constraint{
		cage(3, 0, 1), cage(0, 0, 1, 2), cage(45, 0, 1, 2, 3, 4, 5, 6, 7, 8),
		Thermometer{Cells: []Cell{0}}, Thermometer{Cells: []Cell{0, 1, 2}, Slow: true},
		Arrow{Circle: []Cell{0, 1}, Line: []Cell{2, 3, 4}},
		LittleKiller{Start: 1, Dir: DownLeft, Sum: 11}, LittleKiller{Start: 80, Dir: UpLeft, Sum: 81},
		Sandwich{Edge{Top, 8}, 0}, Sandwich{Edge{Left, 0}, 35}, XSum{Edge{Bottom, 3}, 45}, Skyscraper{Edge{Right, 2}, 9},
		Difference{[2]Cell{0, 1}, 1}, Ratio{[2]Cell{0, 9}, 2}, XV{[2]Cell{0, 1}, 10},
		Quadruple{Cell: 70, Values: []int{1, 1, 2, 9}}, Clone{Cells: []Cell{0, 1}, Clones: []Cell{80, 79}},
		Indexer{Of: BoxIndexer, Cells: []Cell{0}}, EntropicLine{Cells: []Cell{0, 1, 2}}, ModularLine{[]Cell{0, 1, 2}, 3},
		Whispers{[]Cell{0, 1}, 5}, LockoutLine{[]Cell{0, 1, 2}, 4}, DoubleArrow{[]Cell{0, 1, 2}}, Diagonal{true},
		AntiKnight{}, AntiKing{}, DisjointGroups{}, NonConsecutive{}, NegativeRatio{}, NegativeXV{},
		Candidates{Cell: 3, Values: []int{1, 9}}, Even{4}, Odd{5}, Minimum{6}, Maximum{7}, Nabner{[]Cell{0, 1}},
		Unsupported{Name: "fog"},
	}
	p := Puzzle{Size: 9, Constraints: ok}
	if err := p.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	// Values from 0: 0 in solutions, candidates and pairs, sums from 0.
	zero := Puzzle{Size: 4, Offset: -1, Givens: make([]int, 16), Solution: make([]int, 16), Constraints: []Constraint{
		Candidates{Cell: 0, Values: []int{0, 3}}, cage(1, 0, 1), cage(5, 0, 1), XV{[2]Cell{0, 1}, 1},
		Sum{Cells: []Cell{0, 1}, Total: 0}, LittleKiller{Start: 0, Dir: DownRight, Sum: 0},
		Pairwise{Cells: []Cell{0, 1}, Pairs: [][2]int{{0, 3}}},
	}}
	zero.Givens[1], zero.Solution[1] = 3, 3
	if err := zero.Validate(); err != nil {
		t.Fatalf("Validate(values from 0): %v", err)
	}
	for _, tc := range []struct {
		p    Puzzle
		want string
	}{
		{Puzzle{Size: 0}, "size: 0 is not a grid size"},
		{Puzzle{Size: 26}, "size: 26"},
		{Puzzle{Size: 4, Givens: make([]int, 15)}, "givens: 15 cells, want 16"},
		{Puzzle{Size: 4, Givens: []int{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, "givens: cell r1c1 holds 5, want 1 to 4 or 0 for an empty cell"},
		{Puzzle{Size: 4, Offset: -2}, "offset: -2, want 0 (values from 1) or -1 (values from 0)"},
		{Puzzle{Size: 4, Offset: 1}, "offset: 1"},
		{Puzzle{Size: 4, Offset: -1, Givens: []int{4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, "givens: cell r1c1 holds 4, want 1 to 3 or 0"},
		{Puzzle{Size: 4, Offset: -1, Solution: []int{4, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, "solution: cell r1c1 holds 4, want 0 to 3"},
		{Puzzle{Size: 4, Offset: -1, Constraints: []Constraint{Candidates{Cell: 0, Values: []int{-1}}}}, "value -1 is out of range, want 0 to 3"},
		{Puzzle{Size: 4, Offset: -1, Constraints: []Constraint{cage(6, 0, 1)}}, "sum 6 is out of range, want 1 to 5"},
		{Puzzle{Size: 4, Offset: -1, Constraints: []Constraint{XV{[2]Cell{0, 1}, 7}}}, "sum 7 is out of range, want 0 to 6"},
		{Puzzle{Size: 4, Offset: -1, Constraints: []Constraint{Sum{Cells: []Cell{0, 1}, Total: 7}}}, "total 7 is out of range, want 0 to 6"},
		{Puzzle{Size: 4, Solution: make([]int, 16)}, "solution: cell r1c1 holds 0, want 1 to 4"},
		{Puzzle{Size: 4, Regions: []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4}}, "regions: cell r4c4 is in region 4"},
		{Puzzle{Size: 4, Regions: []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, -1}}, "regions: region 3 has 3 cells, want 4"},
		{Puzzle{Size: 9, Constraints: []Constraint{AntiKing{}, cage(3, 0, 81)}}, "constraint 2 (killer cage): cell 81 is outside the 9x9 grid"},
		{Puzzle{Size: 9, Constraints: []Constraint{cage(3, 0, 0)}}, "(killer cage): cell r1c1 is listed twice"},
		{Puzzle{Size: 9, Constraints: []Constraint{cage(3)}}, "(killer cage): no cells"},
		{Puzzle{Size: 9, Constraints: []Constraint{cage(2, 0, 1)}}, "(killer cage): sum 2 is out of range, want 3 to 17"},
		{Puzzle{Size: 9, Constraints: []Constraint{cage(1000, 0, 1)}}, "sum 1000 is out of range"},
		{Puzzle{Size: 4, Constraints: []Constraint{cage(10, 0, 1, 2, 3, 4)}}, "5 cells, want at most 4"},
		{Puzzle{Size: 9, Constraints: []Constraint{DoubleArrow{[]Cell{0, 1}}}}, "(double arrow): 2 cells, want at least 3"},
		{Puzzle{Size: 9, Constraints: []Constraint{BetweenLine{[]Cell{0}}}}, "(between line): 1 cells, want at least 2"},
		{Puzzle{Size: 9, Constraints: []Constraint{Arrow{Circle: []Cell{0}, Line: []Cell{0, 1}}}}, "r1c1 is both in the circle and on the line"},
		{Puzzle{Size: 9, Constraints: []Constraint{Arrow{Circle: []Cell{0}}}}, "(arrow): no line cells"},
		{Puzzle{Size: 9, Constraints: []Constraint{LittleKiller{Start: 10, Dir: DownLeft, Sum: 5}}}, "does not start at the edge"},
		{Puzzle{Size: 9, Constraints: []Constraint{LittleKiller{Start: 1, Dir: DownLeft, Sum: 19}}}, "sum 19 is out of range, want 1 to 18"},
		{Puzzle{Size: 9, Constraints: []Constraint{Sandwich{Edge{Left, 9}, 5}}}, "(sandwich): row 10 is out of range"},
		{Puzzle{Size: 9, Constraints: []Constraint{Sandwich{Edge{Left, 0}, 36}}}, "sum 36 is out of range, want 0 to 35"},
		{Puzzle{Size: 9, Constraints: []Constraint{Skyscraper{Edge{Side(7), 0}, 5}}}, "side 7"},
		{Puzzle{Size: 9, Constraints: []Constraint{Quadruple{Cell: 8, Values: []int{1}}}}, "not the top-left cell of a 2x2 block"},
		{Puzzle{Size: 9, Constraints: []Constraint{Quadruple{Cell: 0, Values: []int{1, 2, 3, 4, 5}}}}, "5 values, want 1 to 4"},
		{Puzzle{Size: 9, Constraints: []Constraint{Clone{Cells: []Cell{0}, Clones: []Cell{1, 2}}}}, "1 cells and 2 clones"},
		{Puzzle{Size: 9, Constraints: []Constraint{Difference{[2]Cell{3, 3}, 1}}}, "listed twice"},
		{Puzzle{Size: 9, Constraints: []Constraint{Difference{[2]Cell{3, 4}, 9}}}, "difference 9 is out of range"},
		{Puzzle{Size: 9, Constraints: []Constraint{Whispers{[]Cell{3, 4}, 0}}}, "gap 0 is out of range"},
		{Puzzle{Size: 4, Constraints: []Constraint{EntropicLine{[]Cell{0, 1, 2}}}}, "do not split into three"},
		{Puzzle{Size: 9, Constraints: []Constraint{ModularLine{[]Cell{0, 1, 2}, 1}}}, "modulus 1"},
		{Puzzle{Size: 9, Constraints: []Constraint{Candidates{Cell: 0}}}, "(candidates): no values"},
		{Puzzle{Size: 9, Constraints: []Constraint{Candidates{Cell: 0, Values: []int{10}}}}, "value 10 is out of range"},
		{Puzzle{Size: 9, Constraints: []Constraint{&KillerCage{Cells: []Cell{0}}}}, "*variant.KillerCage is not a constraint"},
		{Puzzle{Size: 9, Constraints: []Constraint{nil}}, "constraint 1 (nil)"},
		{Puzzle{Size: 9, Constraints: []Constraint{Unsupported{}}}, "(unsupported): no name"},
		{Puzzle{Size: 9, Regions: NoRegions(9), Constraints: []Constraint{RegionSumLine{[]Cell{0, 1}}}}, "r1c1 is in no region"},
		{Puzzle{Size: 9, Constraints: []Constraint{Indexer{Of: 3, Cells: []Cell{0}}}}, "indexer kind 3"},
	} {
		err := tc.p.Validate()
		var e *Error
		if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate(%+v) = %v, want an *Error with %q", tc.p, err, tc.want)
		}
	}
}

func ExamplePuzzle_Validate() {
	p := Puzzle{
		Size: 9,
		Constraints: []Constraint{
			KillerCage{Cells: []Cell{0, 1}, Sum: 17},
			Thermometer{Cells: []Cell{CellOf(9, 4, 4), CellOf(9, 4, 5), CellOf(9, 4, 6)}},
			KillerCage{Cells: []Cell{2, 3}, Sum: 18},
		},
	}
	fmt.Println(p.Validate())
	// Output: variant: constraint 3 (killer cage): sum 18 is out of range, want 3 to 17
}
