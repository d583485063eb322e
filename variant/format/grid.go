package format

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/variant"
)

// A plain grid is one line of N*N cells, row by row, for a size N from 1
// to 25 (for 9x9, package sudoku's formats apply). A cell is a value or
// '.', '0', '-', '_' or '*' for an empty cell. Values above 9 are letters:
// A for 10, B for 11 ... P for 25 (either case). A grid written only in
// letters, with no digit, is read with A for 1, as the Interactive Sudoku
// Solver writes its 16x16 grids. Or the cells are separated by commas,
// values as numbers ("12"), empty cells as nothing or 0 or '.'.

// emptyCell reports whether c marks an empty cell.
func emptyCell(c byte) bool { return c == '.' || c == '0' || c == '-' || c == '_' || c == '*' }

// sizeOf returns N for N*N cells, or 0.
func sizeOf(cells int) int {
	if cells < 1 || cells > variant.MaxSize*variant.MaxSize {
		return 0
	}
	n := int(math.Sqrt(float64(cells)))
	if n*n == cells {
		return n
	}
	return 0
}

// isGridLine reports whether s looks like a plain grid of another size
// than 9x9 (see ParseGrid): the right length, the right characters, and
// at least one empty cell, or every value of its size, as a solved grid
// has (the solutions the sudoku command prints read back); a line of
// digits with neither is more likely something else.
func isGridLine(s []byte) bool {
	comma := indexByte(s, ',') >= 0
	if n := sizeOf(len(s)); (n < 4 || n == 9) && !comma {
		return false
	}
	if comma {
		fields := strings.Split(string(s), ",")
		n := sizeOf(len(fields))
		if n < 2 || n == 9 {
			return false
		}
		empty, seen := false, 0
		for _, f := range fields {
			f = strings.TrimSpace(f)
			if f == "" || f == "0" || f == "." {
				empty = true
				continue
			}
			x, err := strconv.Atoi(f)
			if err != nil || x < 1 || x > n {
				return false
			}
			seen |= 1 << x
		}
		return empty || seen == allValues(n)
	}
	n := sizeOf(len(s))
	if n < 4 || n == 9 {
		return false
	}
	empty, digits, letters := false, false, false
	for _, c := range s {
		switch {
		case emptyCell(c):
			empty = true
		case c >= '1' && c <= '9':
			digits = true
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			letters = true
		default:
			return false
		}
	}
	// The values must fit the size.
	seen := 0
	for _, c := range s {
		if v, ok := cellValue(c, letters && !digits); ok {
			if v > n {
				return false
			}
			seen |= 1 << v
		}
	}
	return empty || seen == allValues(n)
}

// allValues is the set of the values 1 to n, as bits 1 to n.
func allValues(n int) int { return 1<<(n+1) - 2 }

// cellValue reads one character of a grid; lettersFromOne reads A as 1.
func cellValue(c byte, lettersFromOne bool) (int, bool) {
	switch {
	case c >= '1' && c <= '9':
		return int(c - '0'), true
	case c|0x20 >= 'a' && c|0x20 <= 'z':
		v := int(c|0x20-'a') + 10
		if lettersFromOne {
			v -= 9
		}
		return v, true
	}
	return 0, false
}

// ParseGrid reads a plain grid (see isGridLine's description above):
// a puzzle of givens only, with the default boxes of its size.
func ParseGrid(s string) (*variant.Puzzle, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, ",") {
		fields := strings.Split(s, ",")
		n := sizeOf(len(fields))
		if n == 0 {
			return nil, fmt.Errorf("grid: %d cells is not a square number", len(fields))
		}
		p := &variant.Puzzle{Size: n, Givens: make([]int, n*n)}
		col := 1
		for i, f := range fields {
			t := strings.TrimSpace(f)
			if t != "" && t != "0" && t != "." {
				x, err := strconv.Atoi(t)
				if err != nil || x < 1 || x > n {
					return nil, fmt.Errorf("grid: character %d, cell %s: %q, want 1 to %d or nothing", col, variant.CellName(n, variant.Cell(i)), t, n)
				}
				p.Givens[i] = x
			}
			col += len(f) + 1
		}
		return p, check(p)
	}
	n := sizeOf(len(s))
	if n == 0 {
		return nil, fmt.Errorf("grid: %d cells is not a square number", len(s))
	}
	digits := strings.ContainsAny(s, "123456789")
	p := &variant.Puzzle{Size: n, Givens: make([]int, n*n)}
	for i := range len(s) {
		c := s[i]
		if emptyCell(c) {
			continue
		}
		v, ok := cellValue(c, !digits)
		if !ok || v > n {
			return nil, fmt.Errorf("grid: character %d, cell %s: %q, want a value from 1 to %d (%s) or '.'", i+1, variant.CellName(n, variant.Cell(i)), c, n, valueRange(n))
		}
		p.Givens[i] = v
	}
	return p, check(p)
}

func valueRange(n int) string {
	if n <= 9 {
		return "1-" + strconv.Itoa(n)
	}
	return "1-9, A-" + string(rune('A'+n-10))
}

// check validates a grid and reports repeated givens in a row, column or
// box, which no solution has.
func check(p *variant.Puzzle) error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := p.Size
	regions := p.RegionsOf()
	for a, va := range p.Givens {
		if va == 0 {
			continue
		}
		for b := a + 1; b < n*n; b++ {
			if p.Givens[b] != va {
				continue
			}
			if a/n == b/n || a%n == b%n || regions[a] >= 0 && regions[a] == regions[b] {
				return fmt.Errorf("grid: %s repeats the %d of %s in its row, column or box", variant.CellName(n, variant.Cell(b)), va, variant.CellName(n, variant.Cell(a)))
			}
		}
	}
	return nil
}

// ErrValues is the error of Line for values it cannot write.
var ErrValues = errors.New("values out of range")

// Line writes the values of a grid of size n (a solution, or givens with
// 0 for an empty cell) as one line: 1 to 9 as digits, 10 and above as
// letters from A, an empty cell as '.'.
func Line(n int, values []int) string {
	var b strings.Builder
	for _, v := range values {
		b.WriteByte(valueChar(v, false))
	}
	return b.String()
}

// SolutionLine writes a solution of p as one line, as Line does, but for
// a grid whose values start from 0 (p.Offset -1), where 0 is a value and
// is written '0', as the Interactive Sudoku Solver writes such solutions.
// A solution has no empty cell, so the line is not ambiguous; the givens
// of such a grid have no plain line (Write refuses them) and are written
// as a constraint string. It panics if p is nil.
func SolutionLine(p *variant.Puzzle, sol []int) string {
	var b strings.Builder
	for _, v := range sol {
		b.WriteByte(valueChar(v, p.Offset < 0))
	}
	return b.String()
}

// valueChar writes a value; 0 is an empty cell unless zero says it is a
// value.
func valueChar(v int, zero bool) byte {
	switch {
	case v == 0 && zero:
		return '0'
	case v <= 0:
		return '.'
	case v <= 9:
		return byte('0' + v)
	case v <= 35:
		return byte('A' + v - 10)
	}
	return '?'
}

// GridText writes the values of a grid of size n as n lines, the cells of
// a row separated by spaces, with a bar between boxes and a line of dashes
// between bands of boxes when the grid has the default boxes. In a grid
// whose values start from 0 (p.Offset -1) a 0 is the value '0', as in
// SolutionLine: give it a full grid. It panics if p is nil.
func GridText(p *variant.Puzzle, values []int) string {
	n := p.Size
	h, w := 0, 0
	if p.Regions == nil {
		h, w = variant.DefaultBoxes(n)
	}
	rows := make([]string, n)
	for r := range n {
		var b strings.Builder
		for c := range n {
			if c > 0 {
				if w > 0 && c%w == 0 {
					b.WriteString(" |")
				}
				b.WriteByte(' ')
			}
			b.WriteByte(valueChar(values[r*n+c], p.Offset < 0))
		}
		rows[r] = b.String()
	}
	var b strings.Builder
	for r, row := range rows {
		if h > 0 && r > 0 && r%h == 0 {
			// The band line: a dash under each character, a cross
			// under each bar.
			for _, c := range []byte(row) {
				if c == '|' {
					b.WriteByte('+')
				} else {
					b.WriteByte('-')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Classic reports whether p is a classic sudoku: 9x9 with its default
// boxes, the values 1 to 9, givens and no other rule. Its givens are then
// the puzzle. It panics if p is nil.
func Classic(p *variant.Puzzle) bool {
	if p.Size != 9 || p.Offset != 0 || len(p.Constraints) > 0 {
		return false
	}
	if p.Regions != nil {
		def := (&variant.Puzzle{Size: 9}).RegionsOf()
		for i, x := range p.Regions {
			if x != def[i] {
				return false
			}
		}
	}
	return true
}

// FromClassic returns a classic puzzle as a 9x9 variant puzzle, so that
// the variant engine's work (true candidates) covers classic puzzles too:
// its givens, or, when marks is not nil, its pencil marks as each cell's
// candidate list. It panics if g is nil.
func FromClassic(g *sudoku.Grid, marks *sudoku.Marks) *variant.Puzzle {
	p := &variant.Puzzle{Size: 9, Givens: make([]int, 81)}
	if marks == nil {
		for i, d := range g {
			p.Givens[i] = int(d)
		}
		return p
	}
	for i, ds := range marks {
		p.Constraints = append(p.Constraints, variant.Candidates{Cell: variant.Cell(i), Values: ds.List()})
	}
	return p
}
