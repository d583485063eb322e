package sudoku

import (
	"errors"
	"fmt"
)

// ErrLength is returned when a puzzle has the wrong number of cells.
var ErrLength = errors.New("wrong number of cells")

// Parse reads one puzzle in line form: 81 cells, each a digit 1-9 or one of
// "0.-_*" for an empty cell. Text after the 81st cell is ignored when it is
// separated from the cells by a space, tab, comma, colon, semicolon or '#'.
// Parse does not check the givens against the rules; call Validate for that.
func Parse(s string) (Grid, error) {
	var g Grid
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		v, ok := cellValue(c)
		if !ok {
			if n == 81 && isSeparator(c) {
				break
			}
			if n < 81 && isSeparator(c) {
				return g, fmt.Errorf("%w: %d, want 81", ErrLength, n)
			}
			return g, fmt.Errorf("column %d: invalid character %q", i+1, c)
		}
		if n == 81 {
			return g, fmt.Errorf("%w: more than 81, want 81", ErrLength)
		}
		g[n] = v
		n++
	}
	if n != 81 {
		return g, fmt.Errorf("%w: %d, want 81", ErrLength, n)
	}
	return g, nil
}

// cellValue returns the value of a cell character and whether c is one.
func cellValue(c byte) (uint8, bool) {
	switch {
	case c >= '1' && c <= '9':
		return c - '0', true
	case c == '0' || c == '.' || c == '-' || c == '_' || c == '*':
		return 0, true
	}
	return 0, false
}

func isSeparator(c byte) bool {
	switch c {
	case ' ', '\t', ',', ':', ';', '#', '\r', '\n':
		return true
	}
	return false
}
