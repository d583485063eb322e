package iss

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Short killer form: 81 characters, one a cell, row by row. A cell that
// heads a cage holds its sum (0-9, A-Z for 10 to 35, a-j for 36 to 45);
// every other cell holds an arrow towards the next cell on the way to its
// cage's head: < > ^ v, and ` ' , . for up-left, up-right, down-left and
// down-right. As in forum.enjoysudoku.com's "snarfable killer cages".
const shortArrows = "<>^v`',."

// IsShortKiller reports whether s has the shape of a short killer: 81
// characters of sums and arrows with at least one arrow other than '.'.
func IsShortKiller(s string) bool {
	if len(s) != 81 || !strings.ContainsAny(s, "<>^v`',") {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'j' || strings.IndexByte(shortArrows, c) >= 0) {
			return false
		}
	}
	return true
}

// ParseShortKiller reads a killer sudoku in the short form (see
// IsShortKiller).
func ParseShortKiller(s string) (*variant.Puzzle, error) {
	if !IsShortKiller(s) {
		return nil, &Error{Err: errors.New("not a short killer: want 81 characters of cage sums and arrows")}
	}
	const n = 9
	next := make([]int, n*n)
	for i := range n * n {
		r, c := i/n, i%n
		dr, dc := 0, 0
		switch s[i] {
		case '<':
			dc = -1
		case '>':
			dc = 1
		case '^':
			dr = -1
		case 'v':
			dr = 1
		case '`':
			dr, dc = -1, -1
		case '\'':
			dr, dc = -1, 1
		case ',':
			dr, dc = 1, -1
		case '.':
			dr, dc = 1, 1
		}
		if r+dr < 0 || r+dr >= n || c+dc < 0 || c+dc >= n {
			return nil, &Error{Item: s[i : i+1], Offset: i, Err: fmt.Errorf("the arrow at %s points off the grid", variant.CellName(n, variant.Cell(i)))}
		}
		next[i] = (r+dr)*n + c + dc
	}
	p := &variant.Puzzle{Size: n}
	heads := map[int]int{} // head cell -> index of its cage
	for i := range n * n {
		h, steps := i, 0
		for next[h] != h {
			h = next[h]
			if steps++; steps > n*n {
				return nil, &Error{Item: s[i : i+1], Offset: i, Err: fmt.Errorf("the arrows from %s go round in a loop", variant.CellName(n, variant.Cell(i)))}
			}
		}
		k, ok := heads[h]
		if !ok {
			sum, isSum := shortSum(s[h])
			if !isSum {
				continue // a head that is not a sum: no cage, as ISS reads it
			}
			k = len(p.Constraints)
			heads[h] = k
			p.Constraints = append(p.Constraints, variant.KillerCage{Sum: sum})
		}
		cage := p.Constraints[k].(variant.KillerCage)
		cage.Cells = append(cage.Cells, variant.Cell(i))
		p.Constraints[k] = cage
	}
	if err := p.Validate(); err != nil {
		return nil, &Error{Err: err}
	}
	return p, nil
}

func shortSum(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36, true
	}
	return 0, false
}

// ParseSudoCueKiller reads a killer in SudoCue's form,
// "3x3:d:k:<81 numbers>:": each number is a cell's cage, 256 times the
// cage's sum plus its number, 0 for a cell in no cage; "d" after the first
// colon adds both diagonals.
func ParseSudoCueKiller(s string) (*variant.Puzzle, error) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	const n = 9
	if len(parts) == n*n+4 && parts[n*n+3] == "" {
		parts = parts[:n*n+3] // the usual trailing colon
	}
	if len(parts) != n*n+3 || parts[0] != "3x3" || parts[2] != "k" {
		return nil, &Error{Err: fmt.Errorf("not a SudoCue killer: want 3x3:[d]:k: and 81 numbers separated by ':', got %d fields", len(parts))}
	}
	p := &variant.Puzzle{Size: n}
	switch parts[1] {
	case "d":
		p.Constraints = append(p.Constraints, variant.Diagonal{Positive: true}, variant.Diagonal{})
	case "":
	default:
		return nil, &Error{Err: fmt.Errorf("unknown option %q, want d or nothing", parts[1])}
	}
	cages := map[int]int{} // cage number -> index
	off := len(parts[0]) + len(parts[1]) + len(parts[2]) + 3
	for i, f := range parts[3:] {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 {
			return nil, &Error{Item: f, Offset: off, Err: fmt.Errorf("cell %s: %q is not a number", variant.CellName(n, variant.Cell(i)), f)}
		}
		off += len(f) + 1
		id, sum := v%256, v/256
		if sum == 0 {
			continue
		}
		k, ok := cages[id]
		if !ok {
			k = len(p.Constraints)
			cages[id] = k
			p.Constraints = append(p.Constraints, variant.KillerCage{Sum: sum})
		}
		cage := p.Constraints[k].(variant.KillerCage)
		if cage.Sum != sum {
			return nil, &Error{Item: f, Offset: off - len(f) - 1, Err: fmt.Errorf("cell %s: cage %d has sum %d here and %d elsewhere", variant.CellName(n, variant.Cell(i)), id, sum, cage.Sum)}
		}
		cage.Cells = append(cage.Cells, variant.Cell(i))
		p.Constraints[k] = cage
	}
	if err := p.Validate(); err != nil {
		return nil, &Error{Err: err}
	}
	return p, nil
}

// parseJigsaw reads the Interactive Sudoku Solver's jigsaw line: N*N
// characters of givens (digits, '.' or '0' for an empty cell) followed by
// N*N characters naming each cell's region, N distinct ones each used N
// times. It reports false for text of another shape.
func parseJigsaw(s string) (*variant.Puzzle, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	cells := len(s) / 2
	n := 1
	for n*n < cells {
		n++
	}
	if n*n != cells || n < 2 || n > 9 {
		return nil, false
	}
	givens, layout := s[:cells], s[cells:]
	rs, err := regionsOf(n, layout)
	if err != nil {
		return nil, false
	}
	count := make([]int, n)
	for _, x := range rs {
		count[x]++
	}
	for _, k := range count {
		if k != n {
			return nil, false
		}
	}
	p := &variant.Puzzle{Size: n, Regions: rs, Givens: make([]int, cells)}
	for i := range cells {
		switch c := givens[i]; {
		case c >= '1' && c <= '9' && int(c-'0') <= n:
			p.Givens[i] = int(c - '0')
		case c == '.' || c == '0':
		default:
			return nil, false
		}
	}
	if p.Validate() != nil {
		return nil, false
	}
	return p, true
}

// parsePencilMarks reads a pencil-mark line: N*N*N characters, N for each
// cell, each a digit naming a candidate or '.' for none, as the
// Interactive Sudoku Solver writes them (for N up to 9). A cell with one
// candidate is a given, one with all N is left free.
func parsePencilMarks(s string) (*variant.Puzzle, bool) {
	n := 1
	for n*n*n < len(s) {
		n++
	}
	if n*n*n != len(s) || n < 2 || n > 9 {
		return nil, false
	}
	p := &variant.Puzzle{Size: n, Givens: make([]int, n*n)}
	for i := range n * n {
		var vs []int
		for _, c := range []byte(s[i*n : i*n+n]) {
			switch {
			case c >= '1' && c <= '9' && int(c-'0') <= n:
				vs = append(vs, int(c-'0'))
			case c == '.':
			default:
				return nil, false
			}
		}
		switch len(vs) {
		case 0:
			return nil, false
		case 1:
			p.Givens[i] = vs[0]
		case n:
		default:
			p.Constraints = append(p.Constraints, variant.Candidates{Cell: variant.Cell(i), Values: vs})
		}
	}
	if p.Validate() != nil {
		return nil, false
	}
	return p, true
}
