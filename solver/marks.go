package solver

// Pencil-mark (sukaku) puzzles: the search starts from the candidates the
// marks leave, not from those the givens leave, so that a candidate
// removed from the marks stays removed whatever the givens would allow.

import (
	"context"
	"errors"
	"math/bits"

	"github.com/godoku/sudoku"
)

// errNilMarks is the error of the marks functions given no marks.
var errNilMarks = errors.New("solver: nil marks")

// errNilGrid is the error of a nil grid, which has no solution.
var errNilGrid = errors.New("solver: nil grid")

// keep takes from p every candidate that m does not have (bits of m that
// are not digits 1 to 9 are ignored), p's digit d being the puzzle's
// out[d]. It reports false if a cell is left with no candidate.
func (p *pos) keep(m *sudoku.Marks, out *[9]uint8) bool {
	for c, set := range m {
		if set&sudoku.AllDigits == 0 {
			return false
		}
		b, bit := c/27, uint32(1)<<(c%27)
		for d := range p.f {
			if set&(1<<out[d]) == 0 {
				p.f[d][b] &^= bit
			}
		}
	}
	return true
}

// searchMarks is search from the candidates of m rather than a grid's.
func (s *Solver) searchMarks(ctx context.Context, m *sudoku.Marks, limit int, first *sudoku.Grid, yield func(*sudoku.Grid) bool) (int, error) {
	pruned := *m
	if !hall(&pruned) {
		s.guesses = 0
		if err := ctx.Err(); err != nil {
			return 0, err // as search does: done before it starts
		}
		return 0, nil
	}
	s.marks = &pruned
	defer func() { s.marks = nil }()
	var empty sudoku.Grid
	return s.search(ctx, &empty, limit, first, yield)
}

// hall applies to m, until it changes nothing, the rule that n cells of a
// unit whose candidates are n digits in all hold those digits (a naked
// subset, of any size: a cell with one candidate is a subset of one), so
// that the other cells of the unit lose them. It reports false if n cells
// of a unit have fewer than n digits in all, which Hall's theorem says
// leaves the unit no way to hold nine different digits.
//
// The search's own rules see a digit that has too few places, but not
// cells that have too few digits: marks such as {4,5} in three cells of
// an open row, which no grid of givens can make, would leave the search
// to try every way to fill the rest of the grid before it found out.
// With the rule at the start, a unit is settled as far as its own
// candidates go (what it checks is all that one unit alone can say).
func hall(m *sudoku.Marks) bool {
	for changed := true; changed; {
		changed = false
		for u := range sudoku.NumUnits {
			cells := sudoku.UnitCells(u)
			var union [512]sudoku.Digits
			for s := 1; s < 512; s++ {
				low := bits.TrailingZeros(uint(s))
				set := union[s&(s-1)] | m[cells[low]]&sudoku.AllDigits
				union[s] = set
				n, k := bits.OnesCount(uint(s)), set.Count()
				if k < n {
					return false
				}
				if k > n || n == 9 {
					continue
				}
				for j, c := range cells {
					if s&(1<<j) == 0 && m[c]&set != 0 {
						m[c] &^= set
						changed = true
					}
				}
			}
		}
	}
	return true
}

// SolveMarks is SolveContext for a pencil-mark (sukaku) puzzle: every
// cell may hold only the digits m gives it, as a sudoku.Reader returns
// them in Puzzle.Marks. A cell with one candidate holds that digit. It
// returns the first solution, whether there is one, and ctx.Err() if ctx
// stopped the search. Nil marks have no solution, and an error.
func (s *Solver) SolveMarks(ctx context.Context, m *sudoku.Marks) (sudoku.Grid, bool, error) {
	if m == nil {
		return sudoku.Grid{}, false, errNilMarks
	}
	var sol sudoku.Grid
	n, err := s.searchMarks(ctx, m, 1, &sol, nil)
	return sol, n == 1 && err == nil, err
}

// CountMarks is CountContext for a pencil-mark puzzle (see SolveMarks):
// it returns the number of solutions found, stopping at limit (0 or less:
// no limit), and ctx.Err() if ctx stopped the search. Nil marks have none,
// and an error.
func (s *Solver) CountMarks(ctx context.Context, m *sudoku.Marks, limit int) (int, error) {
	if m == nil {
		return 0, errNilMarks
	}
	return s.searchMarks(ctx, m, limit, nil, nil)
}

// EnumerateMarks is Enumerate for a pencil-mark puzzle (see SolveMarks).
// Nil marks have no solution, and an error.
func (s *Solver) EnumerateMarks(ctx context.Context, m *sudoku.Marks, limit int, yield func(*sudoku.Grid) bool) (int, error) {
	if m == nil {
		return 0, errNilMarks
	}
	return s.searchMarks(ctx, m, limit, nil, yield)
}

// ClassifyMarks is Classify for a pencil-mark puzzle (see SolveMarks): it
// says whether the marks have no solution, one or several, and returns the
// solution, or the first found of several. The status is Invalid, with
// the error of m.Validate, when a cell has no candidate or two cells of a
// unit have the same digit as their only candidate (and for nil marks);
// Stopped, with ctx.Err(), when ctx ends the search. Every solution
// returned has been checked against the rules and the marks.
func (s *Solver) ClassifyMarks(ctx context.Context, m *sudoku.Marks) (sudoku.Grid, Status, error) {
	if m == nil {
		return sudoku.Grid{}, Invalid, errNilMarks
	}
	if err := m.Validate(); err != nil {
		return sudoku.Grid{}, Invalid, err
	}
	var sol sudoku.Grid
	n, err := s.searchMarks(ctx, m, 2, &sol, nil)
	return verdict(n, err, &sol, m.CheckSolution)
}

// ClassifyMarks is Solver.ClassifyMarks on a Solver from a pool. It is
// safe for concurrent use.
func ClassifyMarks(ctx context.Context, m *sudoku.Marks) (sudoku.Grid, Status, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.ClassifyMarks(ctx, m)
}

// CountMarks is Solver.CountMarks on a Solver from a pool. It is safe for
// concurrent use.
func CountMarks(ctx context.Context, m *sudoku.Marks, limit int) (int, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.CountMarks(ctx, m, limit)
}
