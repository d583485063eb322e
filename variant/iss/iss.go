// Package iss reads puzzles in the text formats of the Interactive Sudoku
// Solver (github.com/sigh/Interactive-Sudoku-Solver): its constraint
// strings (".Cage~10~R1C1~R1C2.Thermo~R2C1~R3C1..."), the compact killer
// forms its killer collections use (81 characters of cage sums and arrows
// towards them, or SudoCue's "3x3:d:k:..." with one number a cell), and
// its jigsaw lines (givens followed by the region layout).
//
// # Constraint strings
//
// A constraint string is a list of items, each starting with '.': the
// item's type, then its arguments separated by '~'. An item with an empty
// type gives values: ".~R1C1_8~R2C3_3_4" (a cell with several values is
// given those candidates). Cells are named R<row>C<col> with rows and
// columns from 1 written in base 17 (1 to 9, then a to g for 10 to 16), as
// the Interactive Sudoku Solver writes them; ".Shape~16x16" sets the size.
// Parse maps each type onto package variant (Thermo to Thermometer, Cage to
// KillerCage, WhiteDot to a Difference of 1 ...; see the table in kinds).
// A type the model has no rule for, and a composite (Or, And), is kept as
// a variant.Unsupported named by its type, which solving refuses by name.
// ".Shape~9x9~0-8" is a grid of the values 0 to 8 (variant.Puzzle.Offset
// -1; a given 0 is a Candidates of one value, 0 being an empty cell in
// Givens); grids that are not square or hold other values than 1 to N or
// 0 to N-1 are an error.
package iss

import (
	"errors"
	"fmt"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Error is an error in an Interactive Sudoku Solver puzzle: the item at
// fault, where it starts, and why.
type Error struct {
	// Item is the item as written, such as ".Thermo~R1C1~R9C9", or "" for
	// the puzzle as a whole.
	Item string
	// Offset is the byte offset of the item in the text, from 0.
	Offset int
	Err    error
}

func (e *Error) Error() string {
	if e.Item == "" {
		return "ISS: " + e.Err.Error()
	}
	item := e.Item
	if len(item) > 40 {
		item = item[:37] + "..."
	}
	return fmt.Sprintf("ISS: character %d, %q: %v", e.Offset+1, item, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Parse reads a puzzle in any of the package's formats, recognised by its
// shape: a constraint string starts with '.', a SudoCue killer with
// "3x3:", a short killer is 81 characters of sums and arrows, a jigsaw
// line is 2*N*N characters of givens and region letters, a pencil-mark
// line N*N*N digits and dots (each cell's candidates in N places). White
// space is ignored, as the Interactive Sudoku Solver ignores it.
func Parse(s string) (*variant.Puzzle, error) {
	t := strings.Join(strings.Fields(s), "")
	switch {
	case strings.HasPrefix(t, "3x3:"):
		return ParseSudoCueKiller(t)
	case IsShortKiller(t):
		return ParseShortKiller(t)
	}
	// The line formats come first, as the Interactive Sudoku Solver tries
	// them: a pencil-mark line may start with '.'.
	if p, ok := parseJigsaw(t); ok {
		return p, nil
	}
	if p, ok := parsePencilMarks(t); ok {
		return p, nil
	}
	if strings.HasPrefix(t, ".") {
		return ParseConstraints(s)
	}
	return nil, &Error{Err: errors.New("not a puzzle of the Interactive Sudoku Solver: a constraint string starts with '.'")}
}

// An item of a constraint string.
type item struct {
	text string   // as written, without white space
	off  int      // where it starts in the input
	typ  string   // its type, "" for givens
	args []string // its arguments
}

func (it item) errorf(format string, args ...any) *Error {
	return &Error{Item: it.text, Offset: it.off, Err: fmt.Errorf(format, args...)}
}

// splitItems cuts a constraint string into items, dropping white space
// (the Interactive Sudoku Solver ignores it anywhere) but remembering
// where each item starts.
func splitItems(s string) ([]item, error) {
	var items []item
	var cur []byte
	start := -1
	flush := func() {
		if start >= 0 {
			text := string(cur)
			parts := strings.Split(text[1:], "~")
			items = append(items, item{text: text, off: start, typ: parts[0], args: parts[1:]})
		}
		cur = cur[:0]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '.':
			flush()
			start = i
		case start < 0:
			return nil, &Error{Offset: i, Item: s[i:min(len(s), i+10)], Err: errors.New("a constraint string must start with '.'")}
		}
		cur = append(cur, c)
	}
	flush()
	return items, nil
}

// cellID reads a cell named R<row>C<col>, rows and columns in base 17
// from 1, in a grid of size n. Longer names (R10C12) are read as decimal,
// as people write them.
func cellID(n int, s string) (variant.Cell, error) {
	if len(s) == 4 && (s[0]|0x20) == 'r' && (s[2]|0x20) == 'c' {
		r, rok := base17(s[1])
		c, cok := base17(s[3])
		if !rok || !cok {
			return 0, fmt.Errorf("bad cell %q", s)
		}
		if r < n && c < n {
			return variant.CellOf(n, r, c), nil
		}
		return 0, fmt.Errorf("cell %s is not in the %dx%d grid", s, n, n)
	}
	c, err := variant.ParseCell(n, s)
	if err != nil {
		return 0, fmt.Errorf("bad cell %q", s)
	}
	return c, nil
}

// base17 reads a digit of a cell name: 1 to 9, a to g (either case), as
// a row or column from 0.
func base17(b byte) (int, bool) {
	switch {
	case b >= '1' && b <= '9':
		return int(b - '1'), true
	case b|0x20 >= 'a' && b|0x20 <= 'g':
		return int(b|0x20-'a') + 9, true
	}
	return 0, false
}
