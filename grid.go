// Package sudoku holds the Sudoku grid type, its validation, and the
// reading and writing of puzzles in the common text formats.
//
// A Grid is plain data: 81 cells in row-major order, 0 for an empty cell and
// 1 to 9 for a digit. Cells are numbered 0 to 80; cell i sits in row i/9,
// column i%9 and box (i/27)*3 + (i%9)/3. Rows, columns, boxes and digits are
// written 1-based for people, as in "r1c3" or "box 5".
//
// The rest of the module builds on it, one package a job:
//
//   - solver: fast exact solving, counting and classifying (none, one or
//     several solutions);
//   - trace: a classic solver that records every step, for replay;
//   - logic: human techniques, hints, the logical path and HoDoKu's
//     difficulty rating;
//   - se: Sudoku Explainer's ratings (ER/EP/ED), as serate gives them;
//   - generate: puzzles of a chosen level, symmetry, technique or pattern;
//   - canon: canonical (minlex) forms, isomorph tests and random
//     isomorphs;
//   - variant: variant Sudoku puzzles (killer, thermo, irregular, ...) as
//     plain data, with their readers and writers;
//   - server: the web app and its JSON API, as an http.Handler.
//
// The command sudoku (cmd/sudoku) puts them on the command line, and the
// Apache Beam pipeline (beam) runs them over many machines, in a module of
// its own. Calls that can take long take a context.Context first and stop
// when it is done.
package sudoku

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/godoku/sudoku/internal/cells"
)

// Grid is a 9x9 Sudoku grid in row-major order. A cell holds 0 when empty
// and 1 to 9 when filled. Values above 9 are invalid; Validate reports them.
type Grid [81]uint8

// Row returns the 0-based row of cell i.
func Row(i int) int { return i / 9 }

// Col returns the 0-based column of cell i.
func Col(i int) int { return i % 9 }

// Box returns the 0-based box of cell i; boxes are numbered left to right,
// top to bottom.
func Box(i int) int { return i/27*3 + i%9/3 }

// Givens returns the number of filled cells.
func (g *Grid) Givens() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell is filled.
func (g *Grid) Full() bool {
	for _, v := range g {
		if v == 0 {
			return false
		}
	}
	return true
}

// String returns the grid as one 81-character line, with '.' for empty
// cells. Invalid cell values are written as '?'.
func (g Grid) String() string {
	var b [81]byte
	for i, v := range g {
		b[i] = cellChar(v, '.')
	}
	return string(b[:])
}

// Digits returns the grid as 81 digits with '0' for empty cells, the form
// used by Project Euler and many CSV files.
func (g *Grid) Digits() string {
	var b [81]byte
	for i, v := range g {
		b[i] = cellChar(v, '0')
	}
	return string(b[:])
}

// Boxed returns the grid as nine rows with box borders, for people to read:
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	------+-------+------
//
// Each line ends with a newline.
func (g *Grid) Boxed() string {
	var sb strings.Builder
	sb.Grow(11 * 22)
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			sb.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				sb.WriteString(" |")
			}
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(cellChar(g[r*9+c], '.'))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func cellChar(v uint8, empty byte) byte {
	switch {
	case v == 0:
		return empty
	case v <= 9:
		return '0' + v
	default:
		return '?'
	}
}

// ConflictError reports two givens that break a rule: the same digit twice
// in one row, column or box. Cell1 comes before Cell2 in row-major order.
type ConflictError struct {
	Cell1, Cell2 int
	Digit        uint8
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s and %s both hold %d", CellName(e.Cell1), CellName(e.Cell2), e.Digit)
}

// CellError reports a cell with a value outside 0 to 9.
type CellError struct {
	Cell  int
	Value uint8
}

func (e *CellError) Error() string {
	return fmt.Sprintf("%s holds %d, want 0 to 9", CellName(e.Cell), e.Value)
}

// Validate checks that every cell holds 0 to 9 and that no digit appears
// twice in a row, column or box. It returns a *CellError or a
// *ConflictError for the first problem in row-major order of the later
// cell, or nil. A valid grid may still have no solution.
func (g *Grid) Validate() error {
	if g.valid() {
		return nil
	}
	return g.fault()
}

// fault returns what Validate reports: the first cell, in order, that
// holds a value above 9 or repeats a digit of its row, column or box; nil
// if there is none.
func (g *Grid) fault() error {
	var row, col, box [9]uint16
	var where [3][9][10]int8 // first cell (+1) holding each digit per unit
	for i, v := range g {
		if v == 0 {
			continue
		}
		if v > 9 {
			return &CellError{Cell: i, Value: v}
		}
		r, c, b := Row(i), Col(i), Box(i)
		bit := uint16(1) << v
		var first int8
		switch {
		case row[r]&bit != 0:
			first = where[0][r][v]
		case col[c]&bit != 0:
			first = where[1][c][v]
		case box[b]&bit != 0:
			first = where[2][b][v]
		}
		if first != 0 {
			return &ConflictError{Cell1: int(first) - 1, Cell2: i, Digit: v}
		}
		row[r] |= bit
		col[c] |= bit
		box[b] |= bit
		where[0][r][v] = int8(i + 1)
		where[1][c][v] = int8(i + 1)
		where[2][b][v] = int8(i + 1)
	}
	return nil
}

// valid reports whether g breaks no rule, faster than Validate finds what
// is wrong: readers validate every puzzle they read.
//
// Each digit has the set of units that hold it, which a given's cell
// must not meet; the sets pack a digit's rows, columns and boxes into one
// word, so that a given costs one test and one OR:
//
//	units[v] bits:  40..32   24..16   8..0
//	                boxes    columns  rows
func (g *Grid) valid() bool {
	return g.cellsOK() && g.validGivens(givens(g))
}

// givens returns the cells of g that are not 0, as cells.Givens does.
func givens(g *Grid) (lo, hi uint64) { return cells.Givens((*[81]uint8)(g)) }

// cellsOK reports whether every cell of g holds 0 to 9, eight at a time:
// the top bit of a byte of (x&0x7f..)+0x76.. is set from 10 on, and the
// byte's own from 128 on (no byte carries into the next).
func (g *Grid) cellsOK() bool {
	const lows, highs, over9 = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080, 0x7676767676767676
	var bad uint64
	for _, x := range cells.Words((*[81]uint8)(g)) {
		bad |= (x&lows + over9) | x
	}
	return bad&highs == 0
}

// validGivens is valid for a grid whose cells all hold 0 to 9 (which
// lineCells and cellsOK see to) and whose cells that are not 0 are lo and
// hi (see givens). The two masks go in turn, each in a loop of its own: one
// loop over both (or over an array of them) cost a sixth more.
func (g *Grid) validGivens(lo, hi uint64) bool {
	var u units
	cs := g[:] // checked for nil once, not at every given
	for ; lo != 0; lo &= lo - 1 {
		if i := bits.TrailingZeros64(lo) & 63; u.clash(cs[i], i) {
			return false
		}
	}
	for ; hi != 0; hi &= hi - 1 {
		if i := 64 + bits.TrailingZeros64(hi)&31; u.clash(cs[i], i) {
			return false
		}
	}
	return true
}

// units[v] holds the units where digit v was seen, packed as unitBits packs
// a cell's (16 entries, so that a value masked with 15 needs no bounds
// check).
type units [16]uint64

// clash records digit v, 0 to 9, at cell i (0 to 127) and reports whether
// one of the cell's units held it already.
func (u *units) clash(v uint8, i int) bool {
	b := unitBits[i&127]
	if u[v&15]&b != 0 {
		return true
	}
	u[v&15] |= b
	return false
}

// unitBits[i] has the bits of cell i's units, as valid packs them; it has
// 128 entries so that an index masked with 127 needs no bounds check. It is
// in zz_tables.go, derived in tables_test.go.

// CheckSolution reports whether sol is a complete, valid solution of the
// puzzle g: every cell filled, every unit holding each digit once, and every
// given of g kept. It returns nil or an error saying what is wrong; a nil
// sol is no solution.
func (g *Grid) CheckSolution(sol *Grid) error {
	if err := sol.checkFull(); err != nil {
		return err
	}
	for i, v := range sol {
		if g[i] != 0 && g[i] != v {
			return fmt.Errorf("solution puts %d in %s, but the puzzle gives %d", v, CellName(i), g[i])
		}
	}
	return nil
}

// errNoSolution is CheckSolution's error for a nil solution.
var errNoSolution = errors.New("no solution: the grid is nil")

// checkFull reports whether g, a solution to check, keeps the rules and
// fills every cell.
func (g *Grid) checkFull() error {
	if g == nil {
		return errNoSolution
	}
	if err := g.Validate(); err != nil {
		return fmt.Errorf("solution breaks the rules: %w", err)
	}
	for i, v := range g {
		if v == 0 {
			return fmt.Errorf("solution leaves %s empty", CellName(i))
		}
	}
	return nil
}
