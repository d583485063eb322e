// Package solver is a fast exact Sudoku solver: it solves, counts and
// enumerates solutions, with no recursion and no allocation.
//
// It propagates constraints to a fixpoint (per digit: where each band and
// stack can hold it; across digits: naked singles, and what the three
// cells of a row or column within a box can hold), then guesses where a
// digit can go in the most settled band or stack, on an explicit stack of
// saved states. rules.go draws the representation.
package solver

import (
	"context"
	"sync"

	"github.com/godoku/sudoku"
)

// frame is a saved state and the configuration guess made from it.
type frame struct {
	p     pos
	digit uint8
	band  uint8 // the band, or 3 to 5 for a stack
	left  uint8 // the configurations still to try
	rot   uint8 // which orders them
}

// Solver solves puzzles. The zero value is ready to use. A Solver is not
// safe for concurrent use; reusing one makes solving allocation-free.
type Solver struct {
	stack   [81]frame
	givens  [3]uint32   // the cells of the givens, per band (see twin)
	sol     sudoku.Grid // the solution handed to yield, kept here so it need not escape
	guesses int
	// rot breaks ties between guesses: a hash of the grid, so that it owes
	// nothing to the way the puzzle is written, plus the guesses so far.
	rot uint
	// out[d] is the digit of the puzzle (1 to 9) that the search's digit d
	// stands for (see ranks).
	out [9]uint8
	// marks, when set, are the candidates search starts from (marks.go).
	marks *sudoku.Marks
}

// Guesses returns the number of guesses made by the last call.
func (s *Solver) Guesses() int { return s.guesses }

// Solve returns the first solution of g, and false if it has none, as do
// givens that break the rules (see the package-level Solve) and a nil g.
// The other methods, too, take a nil g for a grid with no solution: the
// contexts' methods return an error with it, Classify the status Invalid.
func (s *Solver) Solve(g *sudoku.Grid) (sudoku.Grid, bool) {
	var sol sudoku.Grid
	n, _ := s.search(context.Background(), g, 1, &sol, nil)
	return sol, n == 1
}

// Count returns the number of solutions of g, stopping at limit: Count(g, 2)
// is 1 exactly when g has a unique solution. A limit of 0 or less means no
// limit, which on an open grid runs for ever; use CountContext for that.
func (s *Solver) Count(g *sudoku.Grid, limit int) int {
	n, _ := s.search(context.Background(), g, limit, nil, nil)
	return n
}

// SolveContext is Solve that stops when ctx is done, returning ctx.Err():
// at once if ctx is done already.
func (s *Solver) SolveContext(ctx context.Context, g *sudoku.Grid) (sudoku.Grid, bool, error) {
	var sol sudoku.Grid
	n, err := s.search(ctx, g, 1, &sol, nil)
	return sol, n == 1 && err == nil, err
}

// CountContext is Count that stops when ctx is done, returning the number
// of solutions found so far and ctx.Err() (0 if ctx is done already).
func (s *Solver) CountContext(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	return s.search(ctx, g, limit, nil, nil)
}

// Enumerate calls yield with each solution of g, up to limit (0 or less: no
// limit), until yield returns false or ctx is done. It returns the number
// of solutions passed to yield, and ctx.Err() if ctx stopped it (before
// any solution if ctx is done already). The grid yield gets is valid only
// during the call.
func (s *Solver) Enumerate(ctx context.Context, g *sudoku.Grid, limit int, yield func(*sudoku.Grid) bool) (int, error) {
	return s.search(ctx, g, limit, nil, yield)
}

// pool holds Solvers for the package-level functions: a Solver is too big
// to make for every call.
var pool = sync.Pool{New: func() any { return new(Solver) }}

// Solve returns the first solution of g, and false if it has none. It is
// safe for concurrent use. Givens that break the rules (two 5s in a row)
// have no solution either, so Solve reports false for them too: tell the
// two apart with g.Validate, or with Classify, whose status is then
// Invalid. Solving takes microseconds, at worst milliseconds, so Solve
// takes no context; Count, which can run for ever, does.
func Solve(g *sudoku.Grid) (sudoku.Grid, bool) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Solve(g)
}

// Count returns the number of solutions of g, stopping at limit (see
// Solver.Count): Count(ctx, g, 2) is 1 exactly when g has a unique
// solution. A limit of 0 or less means no limit, which on an open grid
// runs for ever: once ctx is done, Count returns the solutions counted so
// far and ctx.Err(). Givens that break the rules have no solution (0). It
// is safe for concurrent use.
func Count(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.CountContext(ctx, g, limit)
}

// twin reports whether the solution p has a twin: another solution,
// the same but for the four cells of a unique rectangle, none of them a
// given (see rectangle). Such a twin has another configuration of one of
// the rectangle's two digits in their band (or stack), and the same
// everywhere else, so it lies under an untried configuration of a guess
// on that digit there that is still open (a frame below depth): under
// one tried already, the search would have found it first. So the open
// guesses' digits and regions are the only places to look. Counting to
// two (Count's uniqueness test, Classify, the generator's checks) then
// stops at the first solution instead of searching for the second: about
// half the serg puzzles whose first solution is a whole grid (countOpen
// finds two at once in most of the others) have such a twin.
func (s *Solver) twin(p *pos, depth int) bool {
	d := p.digits(&s.givens)
	for i := depth - 1; i >= 0; i-- {
		f := &s.stack[i]
		if p.rectangle(&d, uint(f.band), f.digit) {
			return true
		}
	}
	return false
}

// checkEvery is how many guesses pass between looks at the context: rare
// enough to cost nothing, often enough to stop within microseconds.
const checkEvery = 64

func (s *Solver) search(ctx context.Context, g *sudoku.Grid, limit int, first *sudoku.Grid, yield func(*sudoku.Grid) bool) (int, error) {
	s.guesses = 0
	if g == nil {
		return 0, errNilGrid
	}
	done := ctx.Done() // nil for a context that is never done
	if done != nil {
		select {
		case <-done:
			return 0, ctx.Err() // done before it starts: even an easy grid is not solved
		default:
		}
	}
	p := &s.stack[0].p
	if !p.init(g, &s.out) || s.marks != nil && !p.keep(s.marks, &s.out) {
		return 0, nil
	}
	s.givens = p.solved
	s.rot = p.rotation()
	n, depth := 0, 0
	// count says that only the number of solutions is wanted now: for
	// Count, and for Solve and Classify once they have the first.
	count := first == nil && yield == nil
	ok := p.propagate(allDigits)
	for {
		if ok {
			if p.solved[0]&p.solved[1]&p.solved[2] == band27 {
				n++
				if first != nil || yield != nil {
					p.fill(&s.sol, &s.out)
					if first != nil && n == 1 {
						*first = s.sol
					}
					if yield != nil && !yield(&s.sol) {
						return n, nil
					}
				}
				if limit > 0 && n >= limit {
					return n, nil
				}
				if n == 1 && limit == 2 && yield == nil && s.marks == nil && depth > 0 && s.twin(p, depth) {
					return 2, nil // a second solution: this one with two digits exchanged
				}
				count = yield == nil
			} else if count && p.open() <= maxOpen {
				// A few open cells at the fixpoint: their completions are
				// counted by plain backtracking over their candidates
				// (see countOpen), without a guess.
				n += p.countOpen(limit - n)
				if limit > 0 && n >= limit {
					return n, nil
				}
				ok = false // go back as from an exhausted branch
				continue
			} else if dirty, tok := p.triads(); !tok || dirty != 0 {
				ok = tok && p.propagate(dirty)
				continue
			} else if gs := p.chooseGuess(s.rot + uint(s.guesses)); gs.configs != 0 {
				s.guesses++
				if done != nil && s.guesses%checkEvery == 0 {
					select {
					case <-done:
						return n, ctx.Err()
					default:
					}
				}
				// Try the first configuration on a copy; the frame keeps
				// the others.
				f := &s.stack[depth]
				rot := s.rot + uint(s.guesses)
				k := nextConfig(gs.configs, rot)
				f.band, f.digit, f.left, f.rot = uint8(gs.band), uint8(gs.digit), gs.configs&^(1<<k), uint8(rot)
				depth++
				s.stack[depth].p = f.p
				p = &s.stack[depth].p
				p.restrict(gs.band, gs.digit, k)
				ok = p.propagate(1 << gs.digit)
				continue
			}
		}
		// Undo the last guess, whose branch failed or is exhausted, and
		// go on with its next configuration: on a copy if more are left,
		// else in the frame's own state.
		if depth == 0 {
			return n, nil
		}
		depth--
		f := &s.stack[depth]
		k := nextConfig(f.left, uint(f.rot))
		f.left &^= 1 << k
		if f.left != 0 {
			s.guesses++
			depth++
			s.stack[depth].p = f.p
			p = &s.stack[depth].p
		} else {
			p = &f.p
		}
		p.restrict(int(f.band), int(f.digit), k)
		ok = p.propagate(1 << f.digit)
	}
}
