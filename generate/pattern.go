package generate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// A Pattern is a set of cells where the givens of a puzzle must be:
// Pattern[i] is true when cell i (0 to 80, row-major) holds a given.
type Pattern [81]bool

// ParsePattern reads a pattern from text: 81 cells, on one line or on nine
// lines of nine, where a digit 1-9 or one of "xX*#@" is a given and one of
// ".0-_" is an empty cell. The text is read as sudoku.Reader reads a
// puzzle (spaces, '|' and box borders such as "------+-------+------" are
// skipped), so a puzzle can serve as its own pattern, and an error says
// where the text went wrong.
func ParsePattern(s string) (Pattern, error) {
	// The marks of a given become a digit, so that the reader sees a
	// puzzle with givens where the pattern has them. '*' is an empty
	// cell to the reader, a given here.
	b := []byte(s)
	for i, c := range b {
		if strings.IndexByte("xX*#@", c) >= 0 {
			b[i] = '1'
		}
	}
	g, err := sudoku.Parse(string(b)) // a pattern's givens have no digits to clash: not validated
	var pe *sudoku.ParseError
	switch {
	case errors.Is(err, sudoku.ErrNoPuzzle):
		return Pattern{}, errors.New("pattern: no cells")
	case errors.Is(err, sudoku.ErrExtra):
		return Pattern{}, errors.New("pattern: more than one pattern in the text")
	case errors.Is(err, sudoku.ErrMarks) && errors.As(err, &pe):
		return Pattern{}, fmt.Errorf("pattern: line %d: pencil marks, not a pattern", pe.Line)
	case err != nil:
		return Pattern{}, fmt.Errorf("pattern: %w", err)
	}
	var p Pattern
	for i, d := range g {
		p[i] = d != 0
	}
	return p, nil
}

// Count returns the number of cells in the pattern.
func (p *Pattern) Count() int {
	n := 0
	for _, in := range p {
		if in {
			n++
		}
	}
	return n
}

// String returns the pattern as one line of 81 cells, 'x' for a given and
// '.' for an empty cell.
func (p Pattern) String() string {
	var b [81]byte
	for i, in := range p {
		b[i] = '.'
		if in {
			b[i] = 'x'
		}
	}
	return string(b[:])
}

// Grid returns the pattern as cells holding 1 or 0, as Symmetry.Holds
// takes them.
func (p *Pattern) Grid() *sudoku.Grid {
	var g sudoku.Grid
	for i, in := range p {
		if in {
			g[i] = 1
		}
	}
	return &g
}
