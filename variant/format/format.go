// Package format reads a variant puzzle in whichever of the formats of
// godoku's variant packages it is written, recognising each by itself, and
// writes one in a format named by the user: the one entry point for
// programs (the sudoku command, the web API) that take puzzles as text.
//
// The formats, each a single line:
//
//   - an f-puzzles link (https://www.f-puzzles.com/?load=...), its payload
//     or its JSON (package variant/fpuzzles);
//   - a SudokuPad link or id that carries the puzzle (scl..., ctc...,
//     fpuz..., fpuzzles...; package variant/sudokupad) or SudokuPad's JSON;
//   - the Interactive Sudoku Solver's constraint strings, its short and
//     SudoCue killer forms, jigsaw and pencil-mark lines (package
//     variant/iss);
//   - a plain grid of another size than 9x9 (see ParseGrid).
//
// A classic 9x9 line is not one of them: Detect leaves it to package
// sudoku's Reader, and Classic tells a variant puzzle that is a classic
// one after all.
package format

import (
	"errors"
	"fmt"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/iss"
	"github.com/godoku/sudoku/variant/sudokupad"
)

// Kind is a format of variant puzzles.
type Kind string

// The formats Detect recognises.
const (
	None      Kind = ""
	FPuzzles  Kind = "fpuzzles"  // a link, payload or JSON of f-puzzles
	SudokuPad Kind = "sudokupad" // a SudokuPad link, id or JSON
	ISS       Kind = "iss"       // the Interactive Sudoku Solver's text
	Grid      Kind = "grid"      // a plain grid of another size than 9x9
	Link      Kind = "link"      // a link to a site whose puzzles godoku does not read
)

// Detect returns the format text looks like, from its shape alone, or
// None. It is cheap (it looks at the start and the length of the text and
// decodes nothing), and takes nothing a classic puzzle could be: a line of
// 81 cells, a row of a 9-line grid, a header such as "Grid 01", CSV. Parse
// says whether the text really is a puzzle.
func Detect(text []byte) Kind {
	s := trim(text)
	// The reader of classic puzzles asks about every header and grid row:
	// the first byte and the length turn those away in a few
	// instructions.
	if len(s) < 8 {
		return None
	}
	switch s[0] {
	case 'h', 'H':
		if hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://") {
			switch {
			case fpuzzles.IsLink(string(s)):
				return FPuzzles
			case sudokupad.IsLink(string(s)):
				return SudokuPad
			}
			return Link
		}
	case 'w', 'W':
		if hasPrefixFold(s, "www.f-puzzles.com/") {
			return FPuzzles
		}
	case 'f', 'F', 's', 'S', 'c', 'b', 'B':
		switch {
		case hasPrefixFold(s, "f-puzzles.com/"):
			return FPuzzles
		case hasPrefixFold(s, "sudokupad.app/") || hasPrefixFold(s, "beta.sudokupad.app/"):
			return SudokuPad
		case sudokupad.IsID(string(s)):
			return SudokuPad
		}
	case '{':
		// Not the JSON records of the sudoku command, which hold a
		// "puzzle" (of these formats, maybe, escaped in its string).
		switch {
		case containsKey(s, "grid"):
			return FPuzzles
		case containsKey(s, "cells"):
			return SudokuPad
		}
	case '.':
		if indexByte(s, '~') >= 0 {
			return ISS
		}
	case '3':
		if hasPrefix(s, "3x3:") {
			return ISS
		}
	case 'N':
		if isPayload(s) {
			return FPuzzles
		}
	}
	// The line formats, by their length.
	if len(s) == 81 && iss.IsShortKiller(string(s)) {
		return ISS
	}
	if isGridLine(s) {
		return Grid
	}
	if isJigsawOrMarks(s) {
		return ISS
	}
	return None
}

// Claims reports whether text looks like a puzzle of one of the formats
// (Detect is not None): the sudoku.Reader's Other for a reader of
// classic and variant puzzles alike.
func Claims(text []byte) bool { return Detect(text) != None }

func trim(b []byte) []byte {
	if len(b) > 0 && b[0] > ' ' && b[len(b)-1] > ' ' {
		return b
	}
	i, j := 0, len(b)
	for i < j && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	for j > i && (b[j-1] == ' ' || b[j-1] == '\t' || b[j-1] == '\r' || b[j-1] == '\n') {
		j--
	}
	return b[i:j]
}

func hasPrefix(s []byte, p string) bool { return len(s) >= len(p) && string(s[:len(p)]) == p }

func hasPrefixFold(s []byte, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(string(s[:len(p)]), p)
}

func indexByte(s []byte, c byte) int {
	for i, x := range s {
		if x == c {
			return i
		}
	}
	return -1
}

// containsKey reports whether JSON text has the key k.
func containsKey(s []byte, k string) bool {
	return strings.Contains(string(s), `"`+k+`"`)
}

// isPayload reports whether s looks like an lz-string base64 payload of
// JSON: 16 characters or more of base64 and nothing else, starting as
// every compressed JSON object starts ("N4Ig" for {" ..., "N4I" for {).
func isPayload(s []byte) bool {
	if len(s) < 16 || !hasPrefix(s, "N4I") {
		return false
	}
	for _, c := range s {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=' || c == '-' || c == '$' || c == '%') {
			return false
		}
	}
	return true
}

// isJigsawOrMarks reports whether s has the shape of an Interactive
// Sudoku Solver jigsaw line (N*N givens, then N*N characters naming N
// regions of N cells) or
// pencil-mark line (N*N*N digits and dots) for a size from 4 to 9, but for
// 9's pencil marks, which package sudoku reads.
func isJigsawOrMarks(s []byte) bool {
	n := len(s)
	switch n {
	case 32, 50, 72, 98, 128, 162, 64, 125, 216, 343, 512:
	default:
		return false
	}
	for k := 4; k <= 9; k++ {
		switch {
		case n == 2*k*k:
			// For 9x9, a classic puzzle followed by its solution has
			// the same shape: a layout repeats a region in its first
			// row, a solution does not.
			if allBytes(s[:k*k], func(c byte) bool { return c == '.' || c >= '0' && c <= byte('0'+k) }) &&
				allBytes(s[k*k:], isAlnum) && layout(s[k*k:], k) && (k != 9 || repeats(s[k*k:k*k+k])) {
				return true
			}
		case n == k*k*k && k != 9:
			return allBytes(s, func(c byte) bool { return c == '.' || c >= '1' && c <= byte('0'+k) })
		}
	}
	return false
}

// layout reports whether s names k regions of k cells each.
func layout(s []byte, k int) bool {
	var count [256]int
	distinct := 0
	for _, c := range s {
		if count[c] == 0 {
			distinct++
		}
		count[c]++
	}
	if distinct != k {
		return false
	}
	for _, c := range s {
		if count[c] != k {
			return false
		}
	}
	return true
}

// repeats reports whether a byte occurs twice in s.
func repeats(s []byte) bool {
	var seen [256]bool
	for _, c := range s {
		if seen[c] {
			return true
		}
		seen[c] = true
	}
	return false
}

func allBytes(s []byte, f func(byte) bool) bool {
	for _, c := range s {
		if !f(c) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ErrNotPuzzle is the error of Parse for text in none of the formats.
var ErrNotPuzzle = errors.New("not a variant puzzle in a format godoku reads (f-puzzles or SudokuPad links, the Interactive Sudoku Solver's strings, plain grids of other sizes)")

// Parse reads a puzzle in any of the formats, recognised as Detect does,
// and says which it was.
func Parse(text string) (*variant.Puzzle, Kind, error) {
	kind := Detect([]byte(text))
	var p *variant.Puzzle
	var err error
	s := strings.TrimSpace(text)
	switch kind {
	case FPuzzles:
		p, err = fpuzzles.Parse(s)
	case SudokuPad:
		if strings.HasPrefix(s, "{") {
			p, err = sudokupad.Read(s)
		} else {
			p, err = sudokupad.Parse(s)
		}
	case ISS:
		p, err = iss.Parse(s)
	case Grid:
		p, err = ParseGrid(s)
	case Link:
		err = fmt.Errorf("a link godoku does not read: it reads f-puzzles (f-puzzles.com/?load=...) and SudokuPad (sudokupad.app/...) links")
	default:
		err = ErrNotPuzzle
	}
	if err != nil {
		return nil, kind, err
	}
	return p, kind, nil
}

// Write returns p in the format named by kind: an f-puzzles link
// (FPuzzles), a SudokuPad scl link (SudokuPad), or one line of its givens
// (Grid, for a puzzle of givens alone).
func Write(p *variant.Puzzle, kind Kind) (string, error) {
	switch kind {
	case FPuzzles:
		return fpuzzles.Link(p)
	case SudokuPad:
		return sudokupad.Link(p)
	case Grid:
		if p.Offset != 0 {
			return "", errors.New("a plain grid cannot hold a puzzle whose values start from 0 (0 is an empty cell there)")
		}
		if len(p.Constraints) > 0 || p.Regions != nil {
			return "", errors.New("a plain grid holds givens alone, not the rules of this puzzle: write it as an f-puzzles or SudokuPad link")
		}
		g := p.Givens
		if g == nil {
			g = make([]int, p.Size*p.Size)
		}
		return Line(p.Size, g), nil
	}
	return "", fmt.Errorf("cannot write the format %q", kind)
}
