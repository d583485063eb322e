package generate

import (
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// A Pattern is a set of cells where the givens of a puzzle must be:
// Pattern[i] is true when cell i (0 to 80, row-major) holds a given.
type Pattern [81]bool

// ParsePattern reads a pattern from text: 81 cells, on one line or on nine
// lines of nine, where a digit 1-9 or one of "xX*#@" is a given and one of
// ".0-_" is an empty cell. Spaces, '|' and lines of box borders such as
// "------+-------+------" are skipped, so a puzzle can serve as its own
// pattern.
func ParsePattern(s string) (Pattern, error) {
	var p Pattern
	n := 0
	line := 1
	for _, text := range strings.Split(s, "\n") {
		for col, c := range []byte(text) {
			switch {
			case c == ' ' || c == '\t' || c == '\r' || c == '|' || c == '+' ||
				c == '-' && isBorder(text):
				continue
			case c >= '1' && c <= '9' || strings.IndexByte("xX*#@", c) >= 0:
				if n < 81 {
					p[n] = true
				}
			case strings.IndexByte(".0-_", c) >= 0:
			default:
				return Pattern{}, fmt.Errorf("pattern: line %d, column %d: %q is neither a given (1-9, x, *, #, @) nor an empty cell (., 0, -, _)", line, col+1, c)
			}
			n++
		}
		line++
	}
	if n != 81 {
		return Pattern{}, fmt.Errorf("pattern: %d cells, want 81", n)
	}
	return p, nil
}

// isBorder reports whether a line is a box border such as
// "------+-------+------" rather than a row of nine empty cells written
// "---------" or "- - - | - - - | - - -": dashes, pluses, bars and spaces
// only, with a plus or more dashes than a row has cells.
func isBorder(line string) bool {
	return strings.Trim(line, "-+| \t\r") == "" &&
		(strings.Contains(line, "+") || strings.Count(line, "-") > 9)
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
