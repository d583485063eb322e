// Package variant holds variant Sudoku puzzles as plain data: a grid of any
// size from 1x1 to 25x25, its regions (boxes of any shape, irregular
// regions, or none), its givens, and a list of constraints, one Go type per
// kind (killer cage, thermometer, arrow, kropki dot, ...), the way go/ast
// has one type per node.
//
// The readers of the puzzle formats (f-puzzles, SudokuPad, the Interactive
// Sudoku Solver's strings) produce a Puzzle; the writers consume one; the
// engine (package variant/engine) solves and counts it. Validate refuses a
// malformed puzzle with an error that names the constraint and why.
//
// # Cells
//
// A Cell is a cell of the grid, numbered row by row from 0: in a grid of
// size n, cell r*n+c is at row r and column c, both counted from 0. People
// and errors name it as the rest of this module does, r1c1 for cell 0,
// rows and columns counted from 1 (r10c12 in a 16x16 grid): see CellName
// and ParseCell. A Point is a position that may lie outside the grid (the
// place of a clue written around it), by row and column from 0, -1 being
// the row above the grid or the column left of it and n the row below or
// the column right of it.
//
// # Values
//
// A grid of size n holds the values 1 to n in every row, every column and
// every region. Values above 9 are written as the formats write them
// (10 to 16 in f-puzzles, letters A.. in plain grids); here they are
// numbers. A puzzle with an Offset of -1 holds 0 to n-1 instead, as the
// Interactive Sudoku Solver's ".Shape~9x9~0-8" grids do; every value of
// it (givens, candidates, sums, the solution) is the value as written, 0
// included.
//
// # Constraints
//
// Every constraint type has a Kind, the name errors and documents use
// ("killer cage", "thermometer"), and plain exported fields: the cells it
// covers and its options. A rule that the source names but that this
// package has no type for is kept as Unsupported, so that the engine can
// refuse it by name rather than silently solve another puzzle; elements
// drawn without a rule (text, lines, shapes) are kept as Cosmetic, for
// display and for writing the puzzle back, and never constrain.
package variant

import (
	"fmt"
	"sort"
	"strconv"
)

// MaxSize is the largest grid size: 25x25, values 1 to 25.
const MaxSize = 25

// A Cell is a cell of the grid: cell r*n+c of a grid of size n is at row r
// and column c, both from 0. CellOf, RowCol, CellName and ParseCell convert.
type Cell int

// CellOf returns the cell at row r and column c (from 0) of a grid of
// size n. It does not check that they are in the grid.
func CellOf(n, r, c int) Cell { return Cell(r*n + c) }

// RowCol returns the row and column (from 0) of cell c of a grid of size
// n, where n > 0. It panics if n is 0, as integer division would.
func RowCol(n int, c Cell) (row, col int) { return int(c) / n, int(c) % n }

// InGrid reports whether c is a cell of a grid of size n.
func InGrid(n int, c Cell) bool { return c >= 0 && int(c) < n*n }

// CellName returns the name of cell c of a grid of size n in the rNcM
// notation, rows and columns from 1: "r1c1" for cell 0, "r10c12" for cell
// 155 of a 16x16 grid. A number that is not a cell of the grid gives
// "cell(N)", which ParseCell rejects.
func CellName(n int, c Cell) string {
	if n <= 0 || !InGrid(n, c) {
		return fmt.Sprintf("cell(%d)", int(c))
	}
	r, col := RowCol(n, c)
	return "r" + strconv.Itoa(r+1) + "c" + strconv.Itoa(col+1)
}

// CellNames returns the names of cells in a grid of size n, as CellName
// writes each.
func CellNames(n int, cells []Cell) []string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = CellName(n, c)
	}
	return names
}

// ParseCell returns the cell named s in a grid of size n, in the rNcM
// notation with rows and columns from 1, upper or lower case: "r1c1" or
// "R1C1" is cell 0, "R10C12" cell 155 of a 16x16 grid. A cell outside the
// grid is an error; ParsePoint reads positions around it.
func ParseCell(n int, s string) (Cell, error) {
	p, err := ParsePoint(s)
	if err != nil {
		return 0, err
	}
	c, ok := p.Cell(n)
	if !ok {
		return 0, fmt.Errorf("variant: cell %s is outside the %dx%d grid", s, n, n)
	}
	return c, nil
}

// A Point is a position of the grid or around it, by row and column from
// 0: {-1, c} is above column c, {n, c} below it, {r, -1} left of row r,
// {r, n} right of it, and {-1, -1} and the like are the corners. Clues
// written outside the grid and cosmetic elements use Points; the rules use
// Cells.
type Point struct {
	Row, Col int
}

// Cell returns the cell of a grid of size n at p, and whether p is in the
// grid.
func (p Point) Cell(n int) (Cell, bool) {
	if p.Row < 0 || p.Col < 0 || p.Row >= n || p.Col >= n {
		return 0, false
	}
	return CellOf(n, p.Row, p.Col), true
}

// PointOf returns the position of cell c of a grid of size n (n > 0).
func PointOf(n int, c Cell) Point {
	r, col := RowCol(n, c)
	return Point{r, col}
}

// String returns p in the rNcM notation with rows and columns from 1, as
// f-puzzles writes positions: "R0C1" is above the first column.
func (p Point) String() string {
	return "R" + strconv.Itoa(p.Row+1) + "C" + strconv.Itoa(p.Col+1)
}

// ParsePoint reads a position in the rNcM notation with rows and columns
// from 1, upper or lower case, where row or column 0 is the line of clues
// above or left of the grid, as in f-puzzles' "R0C3".
func ParsePoint(s string) (Point, error) {
	bad := func() (Point, error) {
		return Point{}, fmt.Errorf("variant: bad cell name %q, want the form r1c1", s)
	}
	if len(s) < 4 || s[0]|0x20 != 'r' {
		return bad()
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 1 || i > 4 || i >= len(s) || s[i]|0x20 != 'c' {
		return bad()
	}
	j := i + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i+1 || j != len(s) || j-i-1 > 3 {
		return bad()
	}
	r, _ := strconv.Atoi(s[1:i])
	c, _ := strconv.Atoi(s[i+1:])
	return Point{r - 1, c - 1}, nil
}

// Puzzle is a variant Sudoku puzzle: its size, values, regions, givens and
// constraints, and what is drawn for display. The zero value is not a
// puzzle (its Size is 0); Validate says what is wrong with one.
type Puzzle struct {
	// Size is the number of rows, of columns and of values: a grid of
	// size n has n*n cells and holds the values 1 to n (see Offset). 1
	// to MaxSize.
	Size int

	// Regions gives the region of each cell, in cell order (row by row),
	// numbered from 0; -1 is a cell in no region. Every region holds each
	// value once, so each region number used must have exactly Size
	// cells (they need not touch). nil means the boxes of DefaultBoxes
	// (3x3 for 9, 2x3 for 6, 4x4 for 16 ...; none for a prime size). Use
	// Boxes for boxes of another shape and NoRegions for a grid with no
	// regions at all (every cell -1).
	Regions []int

	// Offset shifts the values: a grid of size n holds Offset+1 to
	// Offset+n. 0, the zero value, is the usual 1 to n; -1 is 0 to n-1.
	// Validate refuses any other. The rules read the values as they are:
	// a killer cage of sum 3 in a grid from 0 holds {0, 1, 2} or {0, 3}.
	// Rules whose meaning in such a grid is not settled (sandwiches,
	// X-sums, indexers, entropic and modular lines, ...: see
	// KindsNotFromZero) are refused by the engine by name.
	Offset int

	// Givens holds the given value of each cell in cell order, 0 for an
	// empty cell; nil for no givens. Cells given a set of values rather
	// than one (pencil-mark givens) are Candidates constraints, and so is
	// a cell given the value 0 in a grid whose values start from 0 (0
	// here means empty).
	Givens []int

	// Constraints are the rules beyond rows, columns and regions, in the
	// order the source gave them.
	Constraints []Constraint

	// Cosmetics are the elements drawn without a rule: kept for display
	// and for writing the puzzle back, never constraining.
	Cosmetics []Cosmetic

	// Title, Author and Rules are the texts the source gave, if any.
	Title, Author, Rules string

	// Solution is the solution the source gave, in cell order, or nil.
	// It is data, not a rule: the engine does not read it.
	Solution []int
}

// DefaultBoxes returns the shape of the boxes of a grid of size n when
// its source names none: the rectangle of h rows and w columns, h*w = n,
// with h the largest divisor of n not above its square root (2x2 for 4,
// 2x3 for 6, 2x4 for 8, 3x3 for 9, 3x4 for 12, 4x4 for 16, 5x5 for 25),
// as f-puzzles and SudokuPad draw them. For a prime n, or n < 4, there are
// no boxes and it returns 0, 0.
func DefaultBoxes(n int) (h, w int) {
	if n < 4 {
		return 0, 0
	}
	for d := 1; d*d <= n; d++ {
		if n%d == 0 {
			h = d
		}
	}
	if h == 1 {
		return 0, 0
	}
	return h, n / h
}

// Boxes returns the regions of a grid of size n cut into boxes of h rows
// and w columns, numbered left to right, top to bottom. It returns nil if
// h*w is not n or either is below 1.
func Boxes(n, h, w int) []int {
	if h < 1 || w < 1 || h*w != n || n > MaxSize {
		return nil
	}
	rs := make([]int, n*n)
	for r := range n {
		for c := range n {
			rs[r*n+c] = r/h*(n/w) + c/w
		}
	}
	return rs
}

// NoRegions returns the regions of a grid of size n without regions:
// every cell -1.
func NoRegions(n int) []int {
	if n < 1 || n > MaxSize {
		return nil
	}
	rs := make([]int, n*n)
	for i := range rs {
		rs[i] = -1
	}
	return rs
}

// RegionsOf returns the region of each cell of p: p.Regions, or, when
// that is nil, the default boxes of its size (every cell -1 for a size
// with none). The slice is p.Regions itself when that is set; do not
// modify it.
func (p *Puzzle) RegionsOf() []int {
	if p.Regions != nil {
		return p.Regions
	}
	if h, w := DefaultBoxes(p.Size); h > 0 {
		return Boxes(p.Size, h, w)
	}
	return NoRegions(p.Size)
}

// Cosmetic is an element drawn on or around the grid that carries no
// rule: text, a line, a circle, a rectangle, a cage outline without a
// sum. Kept for display and for writing the puzzle back.
type Cosmetic struct {
	// Kind is the source's name of the element, such as "text", "line",
	// "circle", "rectangle" or "cage" in f-puzzles.
	Kind string
	// Cells are the positions the element covers or sits on.
	Cells []Point
	// Lines are the paths it draws, each a list of positions (the centre
	// of each cell the path passes).
	Lines [][]Point
	// Text is its text or label, if any.
	Text string
	// Style holds the source's drawing attributes as it wrote them
	// (colours, width, height, angle, font size ...), by the source's
	// names, to write them back; it never affects the rules.
	Style map[string]string
}

// KindsNotFromZero returns the kinds among cs (looking into the choices
// of Or), sorted and each once, whose meaning in a grid whose values do
// not start from 1 (see Puzzle.Offset) is not settled: sandwiches (between
// 1 and n), skyscrapers (the Interactive Sudoku Solver counts no building
// for a 0), X-sums, indexers and anti-taxicab (a value read as a count, a
// position or a distance), entropic and modular lines (a split of 1 to n)
// and the like. The engine refuses them in such a grid, and package check
// too; nil if none.
func KindsNotFromZero(cs []Constraint) []string {
	var names []string
	var find func(cs []Constraint)
	find = func(cs []Constraint) {
		for _, c := range cs {
			switch c := c.(type) {
			case Sandwich, XSum, Skyscraper, Lunchbox, RellikCage, SumLine, CountingCircles,
				Indexer, NumberedRoom, CountDistinct, AntiTaxicab, GlobalEntropy, EntropicLine, ModularLine:
				if !contains(names, c.Kind()) {
					names = append(names, c.Kind())
				}
			case Or:
				for _, choice := range c.Choices {
					find(choice)
				}
			}
		}
	}
	find(cs)
	sort.Strings(names)
	return names
}
