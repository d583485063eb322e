package variant

// Plain classic puzzles go to the classic solver (package solver), which
// searches a 9x9 grid of 3x3 boxes many times faster than the engine: a
// classic sudoku given by pencil marks, such as the Interactive Sudoku
// Solver's HARD_PENCILMARKS, takes the engine minutes and the classic
// solver milliseconds. The engine keeps every other puzzle.

import (
	"context"
	"sync"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// classicMarks returns the candidates of p as pencil marks when p is a
// plain classic sudoku: 9x9, its regions the 3x3 boxes, and no rule but
// its givens and Candidates (cosmetic elements carry none). Else it
// returns nil. p must be valid (see Puzzle.Validate), so that every value
// is one of the grid's.
func classicMarks(p *Puzzle) *sudoku.Marks {
	if p.Size != 9 || !sameRegions(p.RegionsOf(), Boxes(9, 3, 3)) {
		return nil
	}
	var m sudoku.Marks
	for i := range m {
		m[i] = sudoku.AllDigits
	}
	// The classic solver's digits are 1 to 9 and the engine's values
	// v-Offset: the same translation.
	for i, v := range p.Givens {
		if v != 0 {
			m[i] &= 1 << (v - p.Offset)
		}
	}
	for _, c := range p.Constraints {
		cand, ok := c.(Candidates)
		if !ok {
			return nil
		}
		var set sudoku.Digits
		for _, v := range cand.Values {
			set |= 1 << (v - p.Offset)
		}
		m[cand.Cell] &= set
	}
	return &m
}

// sameRegions reports whether a and b cut the cells into the same
// regions, whatever their numbers, with no cell outside a region.
func sameRegions(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	ab, ba := map[int]int{}, map[int]int{}
	for i := range a {
		if a[i] < 0 || b[i] < 0 {
			return false
		}
		x, okx := ab[a[i]]
		y, oky := ba[b[i]]
		if okx != oky || okx && (x != b[i] || y != a[i]) {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

// classicPool holds classic Solvers, which are too big to make for every
// call and not safe for concurrent use, while a Solver is.
var classicPool = sync.Pool{New: func() any { return new(solver.Solver) }}

// values returns the values of a classic solution, shifted to the
// puzzle's, in buf.
func (s *Solver) values(buf []int, g *sudoku.Grid) []int {
	buf = buf[:0]
	for _, d := range g {
		buf = append(buf, int(d)+s.off)
	}
	return buf
}

// classicSolve is Solve on the classic solver. Its Stats count the
// classic solver's guesses (see Stats).
func (s *Solver) classicSolve(ctx context.Context) ([]int, Stats, error) {
	cs := classicPool.Get().(*solver.Solver)
	defer classicPool.Put(cs)
	g, ok, err := cs.SolveMarks(ctx, s.marks)
	st := Stats{Guesses: cs.Guesses()}
	switch {
	case err != nil:
		return nil, st, err
	case !ok:
		return nil, st, ErrNoSolution
	}
	return s.values(nil, &g), st, nil
}

// classicCount is Count on the classic solver.
func (s *Solver) classicCount(ctx context.Context, limit int) (int, Stats, error) {
	cs := classicPool.Get().(*solver.Solver)
	defer classicPool.Put(cs)
	k, err := cs.CountMarks(ctx, s.marks, limit)
	return k, Stats{Guesses: cs.Guesses()}, err
}

// classicSolutions is Solutions on the classic solver, whose order of
// solutions is not the engine's.
func (s *Solver) classicSolutions(ctx context.Context, yield func(sol []int) bool) error {
	cs := classicPool.Get().(*solver.Solver)
	defer classicPool.Put(cs)
	var buf []int
	_, err := cs.EnumerateMarks(ctx, s.marks, 0, func(g *sudoku.Grid) bool {
		buf = s.values(buf, g)
		return yield(buf)
	})
	return err
}

// classicTrueCandidates is TrueCandidates on the classic solver. It
// first looks for two solutions: a puzzle with one (most) has its values
// as true candidates, for the price of proving it unique. Then each
// candidate that no solution found so far holds is tried alone in its
// cell: a solution adds all its values, and a candidate with none is in
// no solution, so it leaves the marks, and the searches after it are
// smaller. limit counts the solutions found, as the engine counts those
// that could add a candidate.
func (s *Solver) classicTrueCandidates(ctx context.Context, limit int) ([][]int, bool, error) {
	cs := classicPool.Get().(*solver.Solver)
	defer classicPool.Put(cs)
	m := *s.marks
	var seen sudoku.Marks
	solutions := 0
	add := func(g *sudoku.Grid) bool {
		for i, d := range g {
			seen[i] |= 1 << d
		}
		solutions++
		return limit <= 0 || solutions < limit
	}
	// try looks for a solution of marks t, adding its values to seen; it
	// reports whether there was one, and whether to go on.
	try := func(t *sudoku.Marks) (found, more bool, err error) {
		g, ok, err := cs.SolveMarks(ctx, t)
		if err != nil || !ok {
			return false, err == nil, err
		}
		return true, add(&g), nil
	}
	more := true
	k, err := cs.EnumerateMarks(ctx, &m, 2, func(g *sudoku.Grid) bool {
		more = add(g)
		return more
	})
	for c := 0; k == 2 && more && err == nil && c < len(m); c++ {
		for _, d := range (m[c] &^ seen[c]).List() {
			t := m
			t[c] = 1 << d
			var ok bool
			if ok, more, err = try(&t); !ok && err == nil {
				m[c] &^= 1 << d
			}
			if !more {
				break
			}
		}
	}
	if err != nil {
		return nil, false, err
	}
	cands := make([][]int, len(seen))
	for i, set := range seen {
		for _, d := range set.List() {
			cands[i] = append(cands[i], d+s.off)
		}
	}
	return cands, more, nil
}
