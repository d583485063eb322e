package logic

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Errors for puzzles without exactly one solution: the same values in
// packages logic and se, so that errors.Is(err, ErrNoSolution) holds for
// either rater's error.
var (
	ErrNoSolution        = board.ErrNoSolution
	ErrMultipleSolutions = board.ErrMultipleSolutions
)

// A finder looks for one step with the finder of technique t.
type finder struct {
	t    Technique
	find func(*Candidates, *memo) (Step, bool)
}

// hodokuOrder is HoDoKu's default solver configuration: the finders of the
// technique table by increasing order, without the ones it leaves out.
var hodokuOrder []finder

// solvingOrder returns the finders of the techniques for which use
// reports true, by increasing order.
func solvingOrder(use func(Technique) bool) []finder {
	var out []finder
	for _, t := range techniqueOrder {
		if table[t].find != nil && use(t) {
			out = append(out, finder{t, table[t].find})
		}
	}
	return out
}

// Hint returns the next step a strong human would take from c: the first
// technique in HoDoKu's order that makes progress. It reports false when no
// technique applies (only guessing is left) or the grid is solved. It never
// changes c. It looks at ctx between techniques and, once ctx is done,
// stops with ctx.Err().
//
// Hint knows the candidates, not the puzzle's solutions: on a puzzle with
// several solutions, or none, the techniques that assume one solution
// (Uniqueness Tests, Hidden Rectangle, Avoidable Rectangles, BUG+1) may
// give a step that is not sound. Check the puzzle first (solver.Classify),
// as "sudoku hint" does, or leave those techniques out with
// (*Options).NotUnique, as "sudoku hint --any" does.
func Hint(ctx context.Context, c *Candidates) (Step, bool, error) {
	return (*Options)(nil).Hint(ctx, c)
}

// Explain returns the whole logical path that solves the puzzle, in the
// order HoDoKu would take it. When no technique applies, the path places
// one digit from the solution in a Brute Force step and goes on. The
// puzzle must have exactly one solution (ErrNoSolution,
// ErrMultipleSolutions otherwise); once ctx is done, Explain stops with
// ctx.Err().
func Explain(ctx context.Context, g sudoku.Grid) ([]Step, error) {
	return (*Options)(nil).Explain(ctx, g)
}

// Rating is a puzzle's difficulty as HoDoKu would see it. Sudoku
// Explainer's rating is package se's.
type Rating struct {
	// Level and Score follow HoDoKu: the score is the sum of the step
	// scores and the level is that of the hardest step, raised until the
	// score fits the level's limit.
	Level Level `json:"level"`
	Score int   `json:"score"`
	// Hardest is the technique of the HoDoKu path with the highest level
	// and score; NoTechnique ("none") for a solved grid, whose path has
	// no step (and whose rating is Easy, score 0).
	Hardest Technique `json:"hardest"`
	// Steps counts the steps of the HoDoKu path.
	Steps int `json:"steps"`
	// BruteForce is set when the path needed a guess.
	BruteForce bool `json:"bruteForce"`
}

// Rate rates a puzzle, as HoDoKu does. The puzzle must have exactly one
// solution (ErrNoSolution, ErrMultipleSolutions otherwise); once ctx is
// done, Rate stops with ctx.Err().
func Rate(ctx context.Context, g sudoku.Grid) (Rating, error) {
	return (*Options)(nil).Rate(ctx, g)
}

// Grade returns the puzzle's level as Rate would, doing only the work
// that decides it: it follows the HoDoKu path alone and stops as soon as
// the level is settled, either Extreme or above ceiling. A result above
// ceiling is then only a lower bound. Use it to sort many puzzles by level
// (as the generator does), and Rate the ones kept. The puzzle must have
// exactly one solution.
func Grade(ctx context.Context, g sudoku.Grid, ceiling Level) (Level, error) {
	return (*Options)(nil).Grade(ctx, g, ceiling)
}

// rateSteps applies HoDoKu's scoring to a path.
func rateSteps(steps []Step) Rating {
	r := Rating{Steps: len(steps)}
	var hardest Technique // scored as
	for _, s := range steps {
		t := s.scoredAs()
		r.Score += t.Score()
		if r.Hardest == 0 || t.Level() > hardest.Level() ||
			t.Level() == hardest.Level() && t.Score() > hardest.Score() {
			r.Hardest, hardest = s.Technique, t
		}
		if t.Level() > r.Level {
			r.Level = t.Level()
		}
		if s.Technique == BruteForce {
			r.BruteForce = true
		}
	}
	r.Level = raise(r.Level, r.Score)
	return r
}

// raise returns level, raised while score exceeds its limit.
func raise(level Level, score int) Level {
	for level < Extreme && score > levelMaxScore[level] {
		level++
	}
	return level
}

// path solves g with the finders in order, checking every step against
// the solution so that a faulty deduction is reported, never acted on.
// If stop is not nil, it sees each step instead of the returned path, and
// ends the path early by returning true.
func path(ctx context.Context, g sudoku.Grid, sol *sudoku.Grid, order []finder, stop func(Step) bool) ([]Step, error) {
	c, err := FromGrid(g)
	if err != nil {
		return nil, err
	}
	return pathFrom(ctx, c, sol, order, stop)
}

// pathFrom is path from the candidates c, which it changes.
func pathFrom(ctx context.Context, c *Candidates, sol *sudoku.Grid, order []finder, stop func(Step) bool) ([]Step, error) {
	m := newMemo()
	defer m.release()
	var steps []Step
	for !c.Solved() {
		if err := ctx.Err(); err != nil {
			return steps, err
		}
		s := nextStep(c, m, sol, order)
		if err := check(s, sol); err != nil {
			return steps, err
		}
		c.Apply(s)
		if stop == nil {
			steps = append(steps, s)
		} else if stop(s) {
			break
		}
	}
	return steps, nil
}

// nextStep returns the step of the first finder in order that makes
// progress, or else a Brute Force step from the solution.
func nextStep(c *Candidates, m *memo, sol *sudoku.Grid, order []finder) Step {
	for _, f := range order {
		if s, ok := f.find(c, m); ok && c.progress(s) {
			if s.by == 0 {
				s.by = f.t
			}
			return s
		}
	}
	return bruteForceStep(c, sol)
}

func check(s Step, sol *sudoku.Grid) error {
	for _, p := range s.Placements {
		if int(sol[p.Cell]) != p.Digit {
			return fmt.Errorf("logic: internal error: wrong placement in %v", s)
		}
	}
	for _, e := range s.Eliminations {
		if int(sol[e.Cell]) == e.Digit {
			return fmt.Errorf("logic: internal error: wrong elimination in %v", s)
		}
	}
	return nil
}

// bruteForceStep places the solution digit of the middle one of the
// empty cells (in cell order), as HoDoKu's brute force step does when
// logic fails.
func bruteForceStep(c *Candidates, sol *sudoku.Grid) Step {
	var empty []int
	for i := range 81 {
		if c.values[i] == 0 {
			empty = append(empty, i)
		}
	}
	best := empty[len(empty)/2]
	d := int(sol[best])
	return Step{
		Technique:  BruteForce,
		Pattern:    []sudoku.Candidate{cand(best, d)},
		Placements: []sudoku.Candidate{cand(best, d)},
		Notation:   sudoku.CellName(best),
	}.because("bruteForce", digitArg(d), cellArg(best))
}

// uniqueSolution returns the solution of g, or an error unless g has
// exactly one: the validation error, ErrNoSolution, ErrMultipleSolutions,
// or ctx.Err() if ctx ends the search.
func uniqueSolution(ctx context.Context, g sudoku.Grid) (sudoku.Grid, error) {
	return board.Solution(ctx, &g)
}
