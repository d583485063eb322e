package sudoku

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"
)

// The geometry of the board, written once for every package.
//
// Cells are numbered 0 to 80 in row-major order. Units are numbered 0 to
// 26: rows 0-8, then columns 9-17, then boxes 18-26, boxes numbered left to
// right, top to bottom:
//
//	        c1 c2 c3   c4 c5 c6   c7 c8 c9
//	r1       0  1  2 |  3  4  5 |  6  7  8
//	r2       9 10 11 | 12 13 14 | 15 16 17     box 0 (unit 18) | box 1 | box 2
//	r3      18 19 20 | 21 22 23 | 24 25 26
//	        ---------+----------+---------
//	r4      27 ...                             box 3 | box 4 | box 5
//	...
//	r9      72 73 74 | 75 76 77 | 78 79 80     box 6 | box 7 | box 8 (unit 26)
//
// Bands are the three rows of boxes, stacks the three columns of boxes.

// NumUnits is the number of units: 9 rows, 9 columns and 9 boxes.
const NumUnits = 27

// Unit numbers where each kind of unit starts.
const (
	FirstRow = 0
	FirstCol = 9
	FirstBox = 18
)

var (
	unitCells [NumUnits][9]int
	cellUnits [81][3]int
	peers     [81][20]int
)

func init() {
	for i := range 81 {
		cellUnits[i] = [3]int{FirstRow + Row(i), FirstCol + Col(i), FirstBox + Box(i)}
	}
	var fill [NumUnits]int
	for i := range 81 {
		for _, u := range cellUnits[i] {
			unitCells[u][fill[u]] = i
			fill[u]++
		}
	}
	for i := range 81 {
		n := 0
		for j := range 81 {
			if Sees(i, j) {
				peers[i][n] = j
				n++
			}
		}
	}
}

// validCell reports whether i is a cell number.
func validCell(i int) bool { return i >= 0 && i < 81 }

// UnitCells returns the cells of unit u in increasing order. It panics if
// u is not 0 to 26, as indexing would.
func UnitCells(u int) [9]int { return unitCells[u] }

// CellUnits returns the row, column and box units of cell i, in that
// order. It panics if i is not 0 to 80, as indexing would.
func CellUnits(i int) [3]int { return cellUnits[i] }

// Peers returns the 20 cells that share a unit with cell i, in increasing
// order. It panics if i is not 0 to 80, as indexing would.
func Peers(i int) [20]int { return peers[i] }

// Sees reports whether cells a and b are distinct and share a row, column
// or box. It is false for anything that is not a cell.
func Sees(a, b int) bool {
	if a == b || !validCell(a) || !validCell(b) {
		return false
	}
	return Row(a) == Row(b) || Col(a) == Col(b) || Box(a) == Box(b)
}

// UnitName returns the short name of unit u as human solvers write it:
// "r1" to "r9", "c1" to "c9" and "b1" to "b9"; other numbers give
// "unit(N)".
func UnitName(u int) string {
	switch {
	case u >= FirstRow && u < FirstCol:
		return "r" + string(rune('1'+u-FirstRow))
	case u >= FirstCol && u < FirstBox:
		return "c" + string(rune('1'+u-FirstCol))
	case u >= FirstBox && u < NumUnits:
		return "b" + string(rune('1'+u-FirstBox))
	}
	return fmt.Sprintf("unit(%d)", u)
}

// CellName returns the name of cell i in the rNcM notation of human
// solvers, such as "r1c3" for cell 2. A number that is not a cell gives
// "cell(N)", which ParseCell rejects.
func CellName(i int) string {
	if !validCell(i) {
		return fmt.Sprintf("cell(%d)", i)
	}
	return string([]byte{'r', byte('1' + Row(i)), 'c', byte('1' + Col(i))})
}

// ParseCell returns the cell named s in the rNcM notation, such as "r1c3"
// (cell 2). Upper case "R1C3" is accepted too.
func ParseCell(s string) (int, error) {
	if len(s) == 4 && s[0]|0x20 == 'r' && s[2]|0x20 == 'c' &&
		s[1] >= '1' && s[1] <= '9' && s[3] >= '1' && s[3] <= '9' {
		return int(s[1]-'1')*9 + int(s[3]-'1'), nil
	}
	return 0, fmt.Errorf("sudoku: bad cell name %q, want r1c1 to r9c9", s)
}

// Digits is a set of digits 1 to 9: bit d is set when digit d is in the
// set. Bit 0 and bits above 9 are not digits; the methods ignore them.
type Digits uint16

// AllDigits holds every digit 1 to 9.
const AllDigits Digits = 0x3FE

// DigitSet returns the set of the given digits; numbers outside 1 to 9 are
// left out.
func DigitSet(ds ...int) Digits {
	var s Digits
	for _, d := range ds {
		if d >= 1 && d <= 9 {
			s |= 1 << d
		}
	}
	return s
}

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return d >= 1 && d <= 9 && s&(1<<d) != 0 }

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s & AllDigits)) }

// List returns the digits of the set in increasing order.
func (s Digits) List() []int {
	out := make([]int, 0, s.Count())
	for m := s & AllDigits; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros16(uint16(m)))
	}
	return out
}

// String returns the digits run together in increasing order, such as
// "158", the form of pencil marks; the empty set is "-".
func (s Digits) String() string {
	if s&AllDigits == 0 {
		return "-"
	}
	var sb strings.Builder
	for _, d := range s.List() {
		sb.WriteByte(byte('0' + d))
	}
	return sb.String()
}

// Candidate is one digit in one cell: the unit of placements, eliminations
// and patterns in every package. Cell is 0 to 80, Digit 1 to 9.
type Candidate struct {
	Cell  int
	Digit int
}

// String returns the candidate as "r1c3=9".
func (c Candidate) String() string { return fmt.Sprintf("%s=%d", CellName(c.Cell), c.Digit) }

// Valid reports whether the candidate names a cell and a digit.
func (c Candidate) Valid() bool { return validCell(c.Cell) && c.Digit >= 1 && c.Digit <= 9 }

// Marks are pencil marks: for every cell, the digits that may still go
// there. A cell with a given or a placed digit has that digit alone.
type Marks [81]Digits

// String returns the marks on one line of 729 characters, nine per cell in
// row-major order, the k-th being digit k if it is a candidate and '.' if
// not: the form of tdoku and Sukaku Explainer, which a Reader reads back.
func (m *Marks) String() string {
	b := make([]byte, 0, 729)
	for _, set := range m {
		for d := 1; d <= 9; d++ {
			if set.Has(d) {
				b = append(b, byte('0'+d))
			} else {
				b = append(b, '.')
			}
		}
	}
	return string(b)
}

// Grid returns the digits the marks place: the cells with one candidate
// hold it, the others are empty.
func (m *Marks) Grid() Grid {
	var g Grid
	for i, set := range m {
		if set&AllDigits != 0 && set&AllDigits&(set&AllDigits-1) == 0 {
			g[i] = uint8(bits.TrailingZeros16(uint16(set)))
		}
	}
	return g
}

// Validate checks the marks as a Reader checks a pencil-mark puzzle: every
// cell keeps a candidate, and no two cells of a unit have the same digit
// as their only candidate. It returns an error wrapping ErrNoCandidate for
// the first cell without one, else the error of Validate on m.Grid(), or
// nil. Bits that are not digits 1 to 9 are ignored. Valid marks may still
// have no solution.
func (m *Marks) Validate() error {
	for i, set := range m {
		if set&AllDigits == 0 {
			return fmt.Errorf("%w in %s", ErrNoCandidate, CellName(i))
		}
	}
	g := m.Grid()
	return g.Validate()
}

// CheckSolution reports whether sol is a complete, valid solution of the
// pencil-mark puzzle m: every cell filled, every unit holding each digit
// once, and every cell's digit one of its candidates in m. It returns nil
// or an error saying what is wrong.
func (m *Marks) CheckSolution(sol *Grid) error {
	if err := sol.checkFull(); err != nil {
		return err
	}
	for i, v := range sol {
		if !m[i].Has(int(v)) {
			return fmt.Errorf("solution puts %d in %s, whose candidates are %v", v, CellName(i), m[i])
		}
	}
	return nil
}

// MarksOf returns the pencil marks of a grid: a filled cell holds its
// digit, an empty cell every digit that no filled peer holds. Cells with
// a value above 9 get no digit at all.
func MarksOf(g *Grid) Marks {
	var m Marks
	for i, v := range g {
		switch {
		case v == 0:
			m[i] = AllDigits
		case v <= 9:
			m[i] = 1 << v
		}
	}
	for i, v := range g {
		if v == 0 || v > 9 {
			continue
		}
		for _, p := range peers[i] {
			if g[p] == 0 {
				m[p] &^= 1 << v
			}
		}
	}
	return m
}

// MarshalJSON writes the set as an array of digits, such as [1,5,8]. It
// is written out by hand: a trace holds thousands of them.
func (s Digits) MarshalJSON() ([]byte, error) {
	b := make([]byte, 1, 2+2*s.Count())
	b[0] = '['
	for m := s & AllDigits; m != 0; m &= m - 1 {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, byte('0'+bits.TrailingZeros16(uint16(m))))
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of digits 1 to 9.
func (s *Digits) UnmarshalJSON(b []byte) error {
	var ds []int
	if err := json.Unmarshal(b, &ds); err != nil {
		return fmt.Errorf("sudoku: digits: want an array of digits 1 to 9: %w", err)
	}
	var v Digits
	for _, d := range ds {
		if d < 1 || d > 9 {
			return fmt.Errorf("sudoku: digit %d, want 1 to 9", d)
		}
		v |= 1 << d
	}
	*s = v
	return nil
}

type candidateJSON struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// MarshalJSON writes the candidate as {"cell":"r1c3","digit":9}. It is
// written out by hand: a trace holds thousands of them.
func (c Candidate) MarshalJSON() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("sudoku: invalid candidate cell %d digit %d", c.Cell, c.Digit)
	}
	b := make([]byte, 0, 40)
	b = append(b, `{"cell":"`...)
	b = append(b, CellName(c.Cell)...)
	b = append(b, `","digit":`...)
	b = append(b, byte('0'+c.Digit))
	return append(b, '}'), nil
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (c *Candidate) UnmarshalJSON(b []byte) error {
	var v candidateJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	cell, err := ParseCell(v.Cell)
	if err != nil {
		return err
	}
	if v.Digit < 1 || v.Digit > 9 {
		return fmt.Errorf("sudoku: candidate %s: digit %d, want 1 to 9", v.Cell, v.Digit)
	}
	c.Cell, c.Digit = cell, v.Digit
	return nil
}
