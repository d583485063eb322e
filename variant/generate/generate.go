// Package generate makes killer sudoku puzzles with exactly one solution,
// at a chosen level as the variant logical solver (package variant/logic)
// rates them.
//
// A puzzle starts from a random solved grid (drawn by the classic
// package generate). Cages are grown over it, cell by cell, to sizes of
// 2 to 5, each cell joining an orthogonal neighbour's cage only when its
// digit is not in the cage yet (the killer rule: no digit repeats in a
// cage). While the variant engine finds a second solution, a cage under a
// cell where the two solutions differ is cut in two, or cut up again with
// a neighbouring cage, or, when givens are asked for, the cell becomes a
// given. Proven unique (the engine counts to two), the puzzle is tuned
// toward the levels asked for, as logic.Rate rates it: where the logic's
// path is too hard, a cage where it stalled is cut to tell more; where too
// easy, two cages join; each change kept only if the puzzle stays unique.
// A request for a level keeps drawing until the rating is that level.
// Cage sizes lean smaller for the easier levels, larger for the harder
// ones.
//
// A Generator is deterministic: the same seed and options give the same
// puzzles in the same order, on any machine.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	classic "github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// size is the grid's size: killer puzzles are made on the classic 9x9
// grid, whose solved grids package generate draws.
const size = 9

// MaxGivens is the most givens Options.Givens may ask for: a killer
// puzzle is its cages, and the givens only a help.
const MaxGivens = 20

// Options says what puzzles to make. The zero value asks for killer
// puzzles of any level, without givens or single-cell cages.
type Options struct {
	// Levels, if not empty, asks for puzzles that the variant logic
	// rates at one of these levels (a puzzle the logic cannot finish is
	// Extreme).
	Levels []logic.Level
	// Givens is the number of givens (0 to MaxGivens): first where they
	// settle a cell the cages leave open, then at random cells.
	Givens int
	// SingleCells allows cages of one cell (a given in all but name).
	SingleCells bool
	// Rate asks for every puzzle's full rating in Puzzle.Rating.
	// Settling the level alone takes less work: the path is cut short
	// once it is harder than the levels asked for, or Extreme by its
	// score, and an Extreme path's forcing chains are the dearest part
	// of it. So ask only when the rating is shown.
	Rate bool
}

// A Puzzle is one generated killer puzzle.
type Puzzle struct {
	// Puzzle holds the cages (variant.KillerCage constraints) and the
	// givens, if any; its Solution is set.
	Puzzle *variant.Puzzle
	// Level is its level, as the variant logic rates it (logic.Rate's
	// Level).
	Level logic.Level
	// Rating is its full rating, when Options.Rate asked for it.
	Rating *vlogic.Rating
	// Tries counts the puzzles made and rated to find this one,
	// rejected ones included.
	Tries int
}

// Stats counts a Generator's work since New: the unique puzzles it
// rated, by the level they were rated (the spread a request gives before
// selection), and the counts of solutions it ran.
type Stats struct {
	Tries  int
	Levels [logic.Extreme + 1]int
	Counts int
}

// Since returns the counts of s less those of an earlier t.
func (s Stats) Since(t Stats) Stats {
	d := Stats{Tries: s.Tries - t.Tries, Counts: s.Counts - t.Counts}
	for i := range d.Levels {
		d.Levels[i] = s.Levels[i] - t.Levels[i]
	}
	return d
}

// ErrOptions is returned by New for options that can never be met.
var ErrOptions = errors.New("generate: impossible options")

// A Generator makes killer puzzles. It is not safe for concurrent use:
// give each goroutine its own.
type Generator struct {
	opt   Options
	grids *classic.Generator // draws the solved grids
	src   rand.PCG
	rng   *rand.Rand
	stats Stats
	// sizes are the weights of cage sizes 2, 3, 4, 5 of the request.
	sizes [4]int
}

// New returns a Generator whose puzzles are determined by seed and opt.
func New(seed uint64, opt Options) (*Generator, error) {
	if opt.Givens < 0 || opt.Givens > MaxGivens {
		return nil, fmt.Errorf("%w: %d givens: want 0 to %d", ErrOptions, opt.Givens, MaxGivens)
	}
	for _, l := range opt.Levels {
		if l > logic.Extreme {
			return nil, fmt.Errorf("%w: no level %v", ErrOptions, l)
		}
	}
	grids, err := classic.New(seed, classic.Options{})
	if err != nil {
		return nil, err
	}
	g := &Generator{opt: opt, grids: grids, sizes: cageSizes(opt.Levels)}
	g.rng = rand.New(&g.src)
	g.Seed(seed)
	return g, nil
}

// cageSizes returns the weights of cage sizes 2 to 5 for a request of
// levels: small cages give more away (a 2-cell cage of sum 3 or 17 is
// settled at a glance), so the easier levels draw them more often. The
// weights were set from the spread of ratings they give (see the
// package's benchmark and docs/variants.md). Several levels take the
// weights of the easiest.
func cageSizes(levels []logic.Level) [4]int {
	l := logic.Extreme
	if len(levels) > 0 {
		l = slices.Min(levels)
	}
	switch l {
	case logic.Easy:
		return [4]int{7, 3, 0, 0}
	case logic.Medium:
		return [4]int{5, 4, 1, 0}
	case logic.Hard:
		return [4]int{3, 4, 2, 1}
	case logic.Unfair:
		return [4]int{2, 4, 3, 1}
	}
	return [4]int{1, 3, 3, 3}
}

// Seed restarts g: the puzzles that follow are those a new Generator
// made with seed and g's options would make.
func (g *Generator) Seed(seed uint64) {
	g.src.Seed(seed, seed^0x6a09e667f3bcc909)
	g.grids.Seed(seed)
}

// Stats returns the counts of g's work since New.
func (g *Generator) Stats() Stats { return g.stats }

// errNotNew is the error of a Generator not made by New.
var errNotNew = errors.New("generate: Generator not made by New")

// Generate returns the next puzzle that meets the options. It tries until
// one does, or ctx is done.
func (g *Generator) Generate(ctx context.Context) (Puzzle, error) {
	if g == nil || g.rng == nil {
		return Puzzle{}, errNotNew
	}
	for tries := 1; ; tries++ {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		p, gr, err := g.try(ctx)
		if err != nil {
			return Puzzle{}, err
		}
		r, full := gr.r, gr.full
		g.stats.Tries++
		g.stats.Levels[r.Level]++
		if len(g.opt.Levels) == 0 || slices.Contains(g.opt.Levels, r.Level) {
			gp := Puzzle{Puzzle: p, Level: r.Level, Tries: tries}
			if g.opt.Rate && !full {
				// Cut short as Extreme by its score.
				if r, err = vlogic.RateContext(ctx, p); err != nil {
					return Puzzle{}, fmt.Errorf("generate: rating a killer puzzle: %w", err)
				}
			}
			if g.opt.Rate {
				gp.Rating = &r
			}
			return gp, nil
		}
	}
}

// try returns a unique puzzle tuned toward the levels asked for (see
// tune), and its grade.
func (g *Generator) try(ctx context.Context) (*variant.Puzzle, graded, error) {
	p, l, err := g.unique(ctx)
	if err != nil {
		return nil, graded{}, err
	}
	p, gr, err := g.tune(ctx, l, p)
	if err != nil {
		return nil, graded{}, fmt.Errorf("generate: rating a killer puzzle: %w", err)
	}
	return p, gr, nil
}
