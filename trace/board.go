package trace

import "github.com/godoku/sudoku"

// Board is the grid at one point of a trace: the digits, the candidates of
// every cell (none for a filled cell), and the kind of step that filled each
// filled cell.
type Board struct {
	Values     sudoku.Grid
	Candidates [81]sudoku.Digits
	How        [81]Kind
}

// NewBoard returns the board before the first step of any trace: every
// cell empty, every digit a candidate everywhere.
func NewBoard() Board {
	var b Board
	for i := range b.Candidates {
		b.Candidates[i] = sudoku.AllDigits
	}
	return b
}

// Marks returns the board as pencil marks, the form sudoku.Marks and
// logic.Candidates.Marks share: a filled cell its digit alone, an empty
// cell its candidates. Hand them to logic.FromMarks for a hint at this
// point of the trace, or to solver.CountMarks for the solutions left.
func (b *Board) Marks() sudoku.Marks {
	m := sudoku.Marks(b.Candidates)
	for i, v := range b.Values {
		if v >= 1 && v <= 9 {
			m[i] = 1 << v
		}
	}
	return m
}

// Apply moves b forward over step s. A cell outside the grid (below 0 or
// above 80, which Solve never writes) is skipped, so that a step read from
// elsewhere cannot make Apply panic; a nil b panics, as a nil receiver's
// method does.
func (s *Step) Apply(b *Board) {
	for _, p := range s.Cleared {
		if inGrid(p.Cell) {
			b.Values[p.Cell], b.How[p.Cell] = 0, 0
		}
	}
	for _, c := range s.Restored {
		if inGrid(c.Cell) {
			b.Candidates[c.Cell] |= c.Digits
		}
	}
	for _, p := range s.Placed {
		if inGrid(p.Cell) {
			b.Values[p.Cell], b.How[p.Cell] = uint8(p.Digit), s.Kind
		}
	}
	for _, c := range s.Removed {
		if inGrid(c.Cell) {
			b.Candidates[c.Cell] &^= c.Digits
		}
	}
}

// Undo moves b backward over step s: after s.Apply(b), s.Undo(b) leaves b
// as it was. Cells outside the grid are skipped, as Apply skips them.
func (s *Step) Undo(b *Board) {
	for _, c := range s.Removed {
		if inGrid(c.Cell) {
			b.Candidates[c.Cell] |= c.Digits
		}
	}
	for _, p := range s.Placed {
		if inGrid(p.Cell) {
			b.Values[p.Cell], b.How[p.Cell] = 0, 0
		}
	}
	for _, c := range s.Restored {
		if inGrid(c.Cell) {
			b.Candidates[c.Cell] &^= c.Digits
		}
	}
	for _, p := range s.Cleared {
		if inGrid(p.Cell) {
			b.Values[p.Cell], b.How[p.Cell] = uint8(p.Digit), p.How
		}
	}
}

// inGrid reports whether cell is one of the grid's 81.
func inGrid(cell int) bool { return uint(cell) < 81 }

// BoardAt returns the board after the first k steps of t. A k below 0
// gives the board before the first step, one above len(t.Steps) the board
// after the last.
func (t *Trace) BoardAt(k int) Board {
	b := NewBoard()
	for i := range t.Steps[:min(max(k, 0), len(t.Steps))] {
		t.Steps[i].Apply(&b)
	}
	return b
}
