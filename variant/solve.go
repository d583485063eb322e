package variant

import (
	"context"
	"errors"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/variant/internal/engine"
)

// ErrNoSolution is the error of Solve on a puzzle without a solution.
var ErrNoSolution = errors.New("variant: no solution")

// errNilPuzzle is NewSolver's error for a nil *Puzzle.
var errNilPuzzle = errors.New("variant: no puzzle (nil)")

// Solver solves one puzzle: NewSolver checks and prepares it once, and
// its methods search it. A Solver may be used by several goroutines at
// once; each call searches on its own.
type Solver struct {
	size int
	off  int // the puzzle's Offset: the engine's values are v-off
	prob *engine.Problem
	// marks, when not nil, are the candidates of a plain classic puzzle,
	// which the classic solver searches instead of the engine (classic.go).
	marks *sudoku.Marks
}

// Stats counts the work of a search: the values guessed in cells with
// several candidates, and the guesses that failed. On a plain classic
// puzzle (see NewSolver) Guesses counts the classic solver's guesses,
// each the place of one value in a band or stack of three boxes, and
// Backtracks is 0: that solver does not count them.
type Stats struct {
	Guesses, Backtracks int
}

// NewSolver checks p (see Puzzle.Validate) and prepares its search. A
// puzzle with Unsupported constraints gets an *UnsupportedError naming
// them, a nil p an error. The Solver does not keep p. The methods of a
// nil *Solver panic, as those of a nil *bufio.Reader do.
//
// A plain classic puzzle, 9x9 with 3x3 boxes and no rule but givens and
// Candidates (pencil marks), is searched by the classic solver (package
// solver), many times faster: the same solutions, found in another order.
func NewSolver(p *Puzzle) (*Solver, error) {
	return newSolver(p, true)
}

// newSolver is NewSolver; with classic false it leaves every puzzle to
// the engine, for the tests that compare the two.
func newSolver(p *Puzzle, classic bool) (*Solver, error) {
	if err := check(p); err != nil {
		return nil, err
	}
	s := &Solver{size: p.Size, off: p.Offset}
	if classic {
		if s.marks = classicMarks(p); s.marks != nil {
			return s, nil
		}
	}
	s.prob = lower(p)
	return s, nil
}

// shift turns the engine's values into the puzzle's, in place.
func (s *Solver) shift(vs []int) []int {
	if s.off != 0 {
		for i := range vs {
			vs[i] += s.off
		}
	}
	return vs
}

// Solve returns the first solution found, the value of every cell in
// cell order, or ErrNoSolution.
func (s *Solver) Solve(ctx context.Context) ([]int, Stats, error) {
	if s.marks != nil {
		return s.classicSolve(ctx)
	}
	var sol []int
	st, err := s.prob.Search(ctx, func(v []int) bool {
		sol = s.shift(append([]int(nil), v...))
		return false
	})
	if err != nil {
		return nil, Stats(st), err
	}
	if sol == nil {
		return nil, Stats(st), ErrNoSolution
	}
	return sol, Stats(st), nil
}

// Count counts the solutions, stopping at limit (0 for no limit): a
// count of 2 with limit 2 proves a puzzle has more than one.
func (s *Solver) Count(ctx context.Context, limit int) (int, Stats, error) {
	if s.marks != nil {
		return s.classicCount(ctx, limit)
	}
	k, st, err := s.prob.Count(ctx, limit)
	return k, Stats(st), err
}

// Solutions calls yield with each solution until yield returns false or
// there are no more. The slice is reused between calls: copy it to keep
// it. It returns ctx's error if the context ends first.
func (s *Solver) Solutions(ctx context.Context, yield func(sol []int) bool) error {
	if s.marks != nil {
		return s.classicSolutions(ctx, yield)
	}
	if s.off == 0 {
		_, err := s.prob.Search(ctx, yield)
		return err
	}
	var buf []int
	_, err := s.prob.Search(ctx, func(v []int) bool {
		buf = s.shift(append(buf[:0], v...))
		return yield(buf)
	})
	return err
}

// TrueCandidates returns, for each cell in cell order, the values it
// holds in at least one solution (none if there is no solution),
// looking at no more than limit solutions (0 for no limit). complete
// reports that the search ran to its end, so that the candidates are
// exact; when it stopped at limit they are a subset. The search skips
// the branches that can add no new candidate, so it is far cheaper than
// enumerating every solution.
func (s *Solver) TrueCandidates(ctx context.Context, limit int) (cands [][]int, complete bool, err error) {
	if s.marks != nil {
		return s.classicTrueCandidates(ctx, limit)
	}
	masks, _, complete, err := s.prob.TrueCandidates(ctx, limit)
	if err != nil {
		return nil, false, err
	}
	cands = make([][]int, len(masks))
	for i, m := range masks {
		cands[i] = s.shift(m.Values())
	}
	return cands, complete, nil
}

// Solve returns a solution of p (see Solver.Solve).
func Solve(ctx context.Context, p *Puzzle) ([]int, error) {
	s, err := NewSolver(p)
	if err != nil {
		return nil, err
	}
	sol, _, err := s.Solve(ctx)
	return sol, err
}

// Count counts the solutions of p up to limit (see Solver.Count).
func Count(ctx context.Context, p *Puzzle, limit int) (int, error) {
	s, err := NewSolver(p)
	if err != nil {
		return 0, err
	}
	k, _, err := s.Count(ctx, limit)
	return k, err
}

// rootCandidates returns the candidates of each cell after propagation
// before any guess, for tests and diagnostics; nil for a puzzle the
// classic solver searches.
func (s *Solver) rootCandidates() [][]int {
	if s.prob == nil {
		return nil
	}
	masks := s.prob.Root()
	if masks == nil {
		return nil
	}
	out := make([][]int, len(masks))
	for i, m := range masks {
		out[i] = s.shift(m.Values())
	}
	return out
}
