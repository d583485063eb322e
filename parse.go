package sudoku

import (
	"io"
	"strings"
)

// Parse reads exactly one puzzle, in any format a Reader accepts, such as
// an 81-character line or nine lines of nine cells. Unlike a Reader, it does
// not check the givens against the rules: call Validate for that. Errors
// are *ParseError values.
func Parse(s string) (Grid, error) {
	r := NewReader(strings.NewReader(s))
	r.validate = false
	p, err := r.Read()
	if err == io.EOF {
		return p.Grid, &ParseError{StartLine: 1, Line: 1, Err: ErrNoPuzzle}
	}
	if err != nil {
		return p.Grid, err
	}
	if _, err := r.Read(); err != io.EOF {
		return p.Grid, &ParseError{StartLine: p.Line, Line: r.line, Err: ErrExtra}
	}
	return p.Grid, nil
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

// isSeparator reports whether c may end the cells of a one-line puzzle.
func isSeparator(c byte) bool {
	switch c {
	case ' ', '\t', ',', ':', ';', '#', '|':
		return true
	}
	return false
}
