package sudoku

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// Project Euler 96 grid 01 and its solution.
const euler1Solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

func mustParse(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCells(t *testing.T) {
	tests := []struct {
		cell          int
		row, col, box int
		name          string
	}{
		{0, 0, 0, 0, "r1c1"},
		{2, 0, 2, 0, "r1c3"},
		{8, 0, 8, 2, "r1c9"},
		{40, 4, 4, 4, "r5c5"},
		{60, 6, 6, 8, "r7c7"},
		{72, 8, 0, 6, "r9c1"},
		{80, 8, 8, 8, "r9c9"},
	}
	for _, tt := range tests {
		if r, c, b, n := Row(tt.cell), Col(tt.cell), Box(tt.cell), CellName(tt.cell); r != tt.row || c != tt.col || b != tt.box || n != tt.name {
			t.Errorf("cell %d: row %d col %d box %d name %s; want %d %d %d %s", tt.cell, r, c, b, n, tt.row, tt.col, tt.box, tt.name)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		grid string
		want error
	}{
		{"puzzle", euler1, nil},
		{"solution", euler1Solution, nil},
		{"empty", strings.Repeat(".", 81), nil},
		{"row", "5...5" + strings.Repeat(".", 76), &ConflictError{0, 4, 5}},
		{"column", "7" + strings.Repeat(".", 71) + "7" + strings.Repeat(".", 8), &ConflictError{0, 72, 7}},
		{"box", "9" + strings.Repeat(".", 9) + "9" + strings.Repeat(".", 70), &ConflictError{0, 10, 9}},
		{"later cell decides", "12" + strings.Repeat(".", 7) + "21" + strings.Repeat(".", 70), &ConflictError{1, 9, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustParse(t, tt.grid)
			err := g.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var ce *ConflictError
			if !errors.As(err, &ce) || *ce != *tt.want.(*ConflictError) {
				t.Fatalf("Validate() = %v, want %v", err, tt.want)
			}
		})
	}
	g := Grid{}
	g[17] = 10
	var ce *CellError
	if err := g.Validate(); !errors.As(err, &ce) || ce.Cell != 17 || ce.Value != 10 {
		t.Errorf("Validate() of a cell holding 10 = %v, want a *CellError for r2c9", err)
	}
}

// TestValidFault checks Validate's quick test against its slow one, which
// says what is wrong: on random grids from empty to full, with and without
// conflicts, and with a value above 9 anywhere.
func TestValidFault(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	sol := mustParse(t, euler1Solution)
	counts := map[bool]int{}
	for n := range 4000 {
		var g Grid
		keep := r.IntN(82)
		for _, i := range r.Perm(81)[:keep] {
			g[i] = sol[i]
		}
		switch n % 4 {
		case 1: // a digit that may repeat one of its units
			g[r.IntN(81)] = uint8(1 + r.IntN(9))
		case 2:
			g[r.IntN(81)] = uint8(10 + r.IntN(246))
		}
		valid, fault := g.valid(), g.fault()
		if valid != (fault == nil) {
			t.Fatalf("%v: valid() = %v, fault() = %v", g, valid, fault)
		}
		counts[valid]++
	}
	if counts[true] < 1000 || counts[false] < 1000 {
		t.Errorf("valid and invalid grids: %v, want both common", counts)
	}
}

func TestCheckSolution(t *testing.T) {
	puzzle := mustParse(t, euler1)
	good := mustParse(t, euler1Solution)
	swapped := good
	swapped[0], swapped[1] = swapped[1], swapped[0]
	// Swapping two whole columns keeps the rules but not the givens.
	moved := good
	for r := 0; r < 9; r++ {
		moved[r*9+1], moved[r*9+2] = moved[r*9+2], moved[r*9+1]
	}
	unfinished := good
	unfinished[80] = 0
	tests := []struct {
		name string
		sol  Grid
		want string
	}{
		{"good", good, ""},
		{"breaks rules", swapped, "breaks the rules"},
		{"loses a given", moved, "puts 8 in r1c3, but the puzzle gives 3"},
		{"unfinished", unfinished, "leaves r9c9 empty"},
	}
	for _, tt := range tests {
		err := puzzle.CheckSolution(&tt.sol)
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: CheckSolution = %v, want nil", tt.name, err)
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: CheckSolution = %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}

func TestFormatsRoundTrip(t *testing.T) {
	for _, s := range []string{euler1, euler1Solution, strings.Repeat("0", 81)} {
		g := mustParse(t, s)
		for _, text := range []string{g.String(), g.Digits(), g.Boxed()} {
			if back := mustParse(t, text); back != g {
				t.Errorf("Parse(%q) = %v, want %v", text, back, g)
			}
		}
		if g.Digits() != s {
			t.Errorf("Digits() = %s, want %s", g.Digits(), s)
		}
	}
}

func TestCounts(t *testing.T) {
	g := mustParse(t, euler1)
	if n := g.Givens(); n != 32 {
		t.Errorf("Givens() = %d, want 32", n)
	}
	if g.Full() {
		t.Error("puzzle is Full")
	}
	s := mustParse(t, euler1Solution)
	if !s.Full() || s.Givens() != 81 {
		t.Errorf("solution: Full() = %v, Givens() = %d", s.Full(), s.Givens())
	}
}

func ExampleParse() {
	g, err := Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(g.Boxed())
	// Output:
	// . . 3 | . 2 . | 6 . .
	// 9 . . | 3 . 5 | . . 1
	// . . 1 | 8 . 6 | 4 . .
	// ------+-------+------
	// . . 8 | 1 . 2 | 9 . .
	// 7 . . | . . . | . . 8
	// . . 6 | 7 . 8 | 2 . .
	// ------+-------+------
	// . . 2 | 6 . 9 | 5 . .
	// 8 . . | 2 . 3 | . . 9
	// . . 5 | . 1 . | 3 . .
}

func ExampleReader() {
	input := `# two puzzles, then a bad one
003020600900305001001806400008102900700000008006708200002609500800203009005010300
Grid 02
200080300
060070084
030500209
000105408
000000000
402706000
301007040
720040060
004010003
553020600900305001001806400008102900700000008006708200002609500800203009005010300
`
	r := NewReader(strings.NewReader(input))
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(p.Line, p.Name, p.Grid)
	}
	// Output:
	// 2  ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
	// 3 Grid 02 2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3
	// error: line 13, column 2: r1c1 and r1c2 both hold 5
}

func ExampleReader_ReadInto() {
	input := `Grid 01
003020600900305001001806400008102900700000008006708200002609500800203009005010300
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
`
	r := NewReader(strings.NewReader(input))
	var p Puzzle // one for every puzzle: ReadInto sets all its fields
	givens := 0
	for {
		err := r.ReadInto(&p)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("line %d %q: %d givens\n", p.Line, p.Name, p.Grid.Givens())
		givens += p.Grid.Givens()
	}
	fmt.Println("in all:", givens)
	// Output:
	// line 1 "Grid 01": 32 givens
	// line 3 "": 17 givens
	// in all: 49
}

func ExampleGrid_Validate() {
	// Parse reads clashing givens without an error; Validate says what
	// clashes, and ParsePuzzle, as a Reader, refuses them.
	g, err := Parse("55" + strings.Repeat(".", 79))
	fmt.Println(err)
	fmt.Println(g.Validate())
	_, err = ParsePuzzle("55" + strings.Repeat(".", 79))
	fmt.Println(err)
	// Output:
	// <nil>
	// r1c1 and r1c2 both hold 5
	// line 1, column 2: r1c1 and r1c2 both hold 5
}

func ExampleParsePuzzle() {
	// A pencil-mark puzzle: r1c1 may hold 4 or 8 only, every other open
	// cell any digit the givens leave.
	p, err := ParsePuzzle(`48 . 3 | . 2 . | 6 . .
9 . . | 3 . 5 | . . 1
. . 1 | 8 . 6 | 4 . .
------+-------+------
. . 8 | 1 . 2 | 9 . .
7 . . | . . . | . . 8
. . 6 | 7 . 8 | 2 . .
------+-------+------
. . 2 | 6 . 9 | 5 . .
8 . . | 2 . 3 | . . 9
. . 5 | . 1 . | 3 . .`)
	fmt.Println(p.Marks[0], p.Marks[1], p.Marks[2], err)
	_, err = ParsePuzzle("")
	fmt.Println(err)
	// Output:
	// 48 123456789 3 <nil>
	// line 1: no puzzle
}
