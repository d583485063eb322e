package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// A Transform is one of the changes that turn every valid Sudoku grid into
// a valid one: an optional transposition, then a reordering of rows and of
// columns that keeps bands and stacks together, then a relabelling of the
// digits. Two puzzles are the same puzzle, "isomorphs", when a Transform
// turns one into the other; there are 2 x 6^8 x 9! of them.
//
// Applied to a grid in, a Transform gives the grid out with
//
//	out[r][c] = Digits[t[Rows[r]][Cols[c]]]
//
// where t is in, transposed when Transpose is set. The zero Transform is
// not valid (its Rows repeat row 0); start from Identity.
type Transform struct {
	Transpose bool
	// Rows[r] is the row (of the transposed grid, if Transpose is set)
	// that becomes row r; Cols likewise for columns. Each must be a
	// permutation of 0 to 8 that keeps the three rows (or columns) of
	// each band (or stack) together.
	Rows, Cols [9]uint8
	// Digits[d] is the digit that d becomes: a permutation of 1 to 9,
	// with Digits[0] = 0 so that empty cells stay empty.
	Digits [10]uint8
}

// Identity returns the Transform that changes nothing.
func Identity() Transform {
	var t Transform
	for i := range 9 {
		t.Rows[i], t.Cols[i] = uint8(i), uint8(i)
	}
	for d := range 10 {
		t.Digits[d] = uint8(d)
	}
	return t
}

// RandomTransform returns a Transform drawn uniformly from all of them,
// using r. It panics if r is nil.
func RandomTransform(r *rand.Rand) Transform {
	t := Transform{Transpose: r.IntN(2) == 1}
	t.Rows = randomLines(r)
	t.Cols = randomLines(r)
	p := r.Perm(9)
	for d := 1; d <= 9; d++ {
		t.Digits[d] = uint8(p[d-1] + 1)
	}
	return t
}

// randomLines returns a random order of the nine rows (or columns) that
// keeps bands (or stacks) together.
func randomLines(r *rand.Rand) [9]uint8 {
	var out [9]uint8
	bands := r.Perm(3)
	for b := range 3 {
		within := r.Perm(3)
		for k := range 3 {
			out[3*b+k] = uint8(3*bands[b] + within[k])
		}
	}
	return out
}

// Valid reports whether t is a Transform: Rows and Cols keep bands and
// stacks together and Digits relabels 1 to 9 among themselves.
func (t *Transform) Valid() error {
	if err := validLines(&t.Rows); err != nil {
		return fmt.Errorf("sudoku: transform rows: %w", err)
	}
	if err := validLines(&t.Cols); err != nil {
		return fmt.Errorf("sudoku: transform columns: %w", err)
	}
	if t.Digits[0] != 0 {
		return errors.New("sudoku: transform digits: 0 (empty) must stay 0")
	}
	var seen [10]bool
	for d := 1; d <= 9; d++ {
		v := t.Digits[d]
		if v < 1 || v > 9 || seen[v] {
			return errors.New("sudoku: transform digits: not a permutation of 1 to 9")
		}
		seen[v] = true
	}
	return nil
}

func validLines(l *[9]uint8) error {
	var seen [9]bool
	for i, v := range l {
		if v > 8 || seen[v] {
			return errors.New("not a permutation of 0 to 8")
		}
		seen[v] = true
		if v/3 != l[i/3*3]/3 {
			return errors.New("a band or stack is split")
		}
	}
	return nil
}

// source returns the cell of the input whose digit lands in cell i of the
// output.
func (t *Transform) source(i int) int {
	r, c := int(t.Rows[Row(i)]), int(t.Cols[Col(i)])
	if t.Transpose {
		r, c = c, r
	}
	return r*9 + c
}

// Apply returns the grid g after the transform. Cells holding a value
// above 9 keep it. Apply panics if t is not Valid or g is nil.
func (t *Transform) Apply(g *Grid) Grid {
	t.mustBeValid()
	var out Grid
	for i := range out {
		v := g[t.source(i)]
		if v <= 9 {
			v = t.Digits[v]
		}
		out[i] = v
	}
	return out
}

// ApplyMarks returns the pencil marks m after the transform. It panics if
// t is not Valid or m is nil.
func (t *Transform) ApplyMarks(m *Marks) Marks {
	t.mustBeValid()
	var out Marks
	for i := range out {
		var s Digits
		for _, d := range m[t.source(i)].List() {
			s |= 1 << t.Digits[d]
		}
		out[i] = s
	}
	return out
}

// Cell returns the cell of the output that cell i of the input moves to.
// It panics if t is not Valid or i is not 0 to 80.
func (t *Transform) Cell(i int) int {
	t.mustBeValid()
	if !validCell(i) {
		panic(fmt.Sprintf("sudoku: Transform.Cell(%d): not a cell", i))
	}
	for j := range 81 {
		if t.source(j) == i {
			return j
		}
	}
	panic("unreachable: a valid transform is a bijection")
}

// Inverse returns the Transform that undoes t: applying t and then its
// inverse gives the grid back. It panics if t is not Valid.
func (t *Transform) Inverse() Transform {
	t.mustBeValid()
	inv := Transform{Transpose: t.Transpose}
	// Output (r, c) comes from input (R, C) = (Rows[r], Cols[c]), swapped
	// when transposing; so the inverse takes row r from Rows^-1 of the
	// other axis when transposing.
	var rowsInv, colsInv [9]uint8
	for i := range 9 {
		rowsInv[t.Rows[i]] = uint8(i)
		colsInv[t.Cols[i]] = uint8(i)
	}
	if t.Transpose {
		inv.Rows, inv.Cols = colsInv, rowsInv
	} else {
		inv.Rows, inv.Cols = rowsInv, colsInv
	}
	for d := 1; d <= 9; d++ {
		inv.Digits[t.Digits[d]] = uint8(d)
	}
	return inv
}

// Then returns the Transform that applies t and then u. It panics if
// either is nil or not Valid.
func (t *Transform) Then(u *Transform) Transform {
	t.mustBeValid()
	u.mustBeValid()
	// Cell i of the result comes from t.source(u.source(i)). Read the
	// row and column permutations off the rows and columns of cell sources.
	out := Transform{Transpose: t.Transpose != u.Transpose}
	for r := range 9 {
		src := t.source(u.source(r * 9)) // column 0 of row r
		if out.Transpose {
			out.Rows[r] = uint8(Col(src))
		} else {
			out.Rows[r] = uint8(Row(src))
		}
	}
	for c := range 9 {
		src := t.source(u.source(c)) // row 0, column c
		if out.Transpose {
			out.Cols[c] = uint8(Row(src))
		} else {
			out.Cols[c] = uint8(Col(src))
		}
	}
	for d := range 10 {
		out.Digits[d] = u.Digits[t.Digits[d]]
	}
	return out
}

func (t *Transform) mustBeValid() {
	if err := t.Valid(); err != nil {
		panic(err)
	}
}

// String describes the transform in one line, rows, columns and digits
// 1-based, such as "transpose rows 213456789 cols 123456798 digits
// 123456789>912345678".
func (t Transform) String() string {
	var sb strings.Builder
	if t.Transpose {
		sb.WriteString("transpose ")
	}
	sb.WriteString("rows ")
	for _, r := range t.Rows {
		sb.WriteByte('1' + r)
	}
	sb.WriteString(" cols ")
	for _, c := range t.Cols {
		sb.WriteByte('1' + c)
	}
	sb.WriteString(" digits 123456789>")
	for d := 1; d <= 9; d++ {
		sb.WriteByte('0' + t.Digits[d])
	}
	return sb.String()
}

// transformJSON is the JSON form of a Transform: rows, columns and digits
// 1-based, as String writes them.
type transformJSON struct {
	Transpose bool  `json:"transpose"`
	Rows      []int `json:"rows"`   // rows[r]: the input row that becomes row r+1
	Cols      []int `json:"cols"`   // cols[c]: the input column that becomes column c+1
	Digits    []int `json:"digits"` // digits[d-1]: the digit that d becomes
}

// MarshalJSON writes the transform as {"transpose":false,
// "rows":[2,1,3,...],"cols":[...],"digits":[...]}, with rows, columns and
// digits 1-based: rows[r] is the input row that becomes row r+1, and
// digits[d-1] the digit that d becomes.
func (t Transform) MarshalJSON() ([]byte, error) {
	if err := t.Valid(); err != nil {
		return nil, err
	}
	v := transformJSON{Transpose: t.Transpose, Rows: make([]int, 9), Cols: make([]int, 9), Digits: make([]int, 9)}
	for i := range 9 {
		v.Rows[i] = int(t.Rows[i]) + 1
		v.Cols[i] = int(t.Cols[i]) + 1
		v.Digits[i] = int(t.Digits[i+1])
	}
	return json.Marshal(v)
}

// UnmarshalJSON reads the form MarshalJSON writes, and checks that it is
// a valid transform.
func (t *Transform) UnmarshalJSON(b []byte) error {
	var v transformJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if len(v.Rows) != 9 || len(v.Cols) != 9 || len(v.Digits) != 9 {
		return errors.New("sudoku: transform: want 9 rows, 9 columns and 9 digits")
	}
	var u Transform
	u.Transpose = v.Transpose
	for i := range 9 {
		if v.Rows[i] < 1 || v.Rows[i] > 9 || v.Cols[i] < 1 || v.Cols[i] > 9 || v.Digits[i] < 1 || v.Digits[i] > 9 {
			return errors.New("sudoku: transform: rows, columns and digits go from 1 to 9")
		}
		u.Rows[i] = uint8(v.Rows[i] - 1)
		u.Cols[i] = uint8(v.Cols[i] - 1)
		u.Digits[i+1] = uint8(v.Digits[i])
	}
	if err := u.Valid(); err != nil {
		return err
	}
	*t = u
	return nil
}
