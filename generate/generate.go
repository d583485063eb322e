// Package generate makes Sudoku puzzles that have exactly one solution:
// minimal (no given can be removed without losing uniqueness), with a chosen
// symmetry and number of givens, and of a chosen difficulty as the logic
// package rates it.
//
// A Generator is deterministic: the same seed and options give the same
// puzzles in the same order.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

// Options says what puzzles to make. The zero value asks for minimal
// puzzles with no symmetry and any number of givens.
type Options struct {
	Symmetry Symmetry
	// MinClues and MaxClues bound the number of givens; 0 means no bound.
	// Minimal puzzles mostly have 22 to 28 givens: a range far from that
	// takes many tries, or needs NotMinimal.
	MinClues, MaxClues int
	// NotMinimal stops removing givens once their number is within the
	// bounds, at a count picked at random between them, instead of removing
	// all it can.
	NotMinimal bool
	// Levels, if not empty, asks for puzzles that the logic package rates
	// at one of these levels; their Level is then set.
	Levels []logic.Level
	// Rate asks for every puzzle's full rating in Puzzle.Rating (score,
	// Sudoku Explainer rating, hardest technique). Settling the level
	// alone takes much less work, so ask only when it is needed.
	Rate bool
	// Accept, if not nil, is asked about every puzzle that meets the other
	// options; Generate returns only puzzles it accepts.
	Accept func(p *Puzzle) bool
}

// A Puzzle is one generated puzzle.
type Puzzle struct {
	Grid     sudoku.Grid   // the givens
	Solution sudoku.Grid   // its only solution
	Symmetry Symmetry      // the symmetry of its givens (never Any)
	Level    logic.Level   // its level, when Options.Levels or Options.Rate asked for one
	Rating   *logic.Rating // its rating, when Options.Rate asked for one
	Tries    int           // puzzles made to find this one, rejected ones included
}

// maxMinimalClues is the most givens a minimal puzzle is known to have.
const maxMinimalClues = 40

// ErrOptions is returned for options that can never be met.
var ErrOptions = errors.New("generate: impossible options")

// A Generator makes puzzles. It is not safe for concurrent use: give each
// goroutine its own, with its own seed.
type Generator struct {
	opt Options
	src rand.PCG
	rng *rand.Rand
	s   solver.Solver
}

// New returns a Generator whose puzzles are determined by seed and opt.
func New(seed uint64, opt Options) (*Generator, error) {
	if opt.MinClues < 0 || opt.MaxClues < 0 || opt.MaxClues > 81 ||
		opt.MaxClues > 0 && opt.MinClues > opt.MaxClues || opt.MinClues > 81 {
		return nil, fmt.Errorf("%w: givens between %d and %d", ErrOptions, opt.MinClues, opt.MaxClues)
	}
	if opt.MaxClues > 0 && opt.MaxClues < 17 {
		return nil, fmt.Errorf("%w: no puzzle with fewer than 17 givens has one solution", ErrOptions)
	}
	if opt.MinClues == 81 || opt.MaxClues == 81 {
		return nil, fmt.Errorf("%w: 81 givens is a solved grid, not a puzzle: ask for 80 at most", ErrOptions)
	}
	if !opt.NotMinimal && opt.MinClues > maxMinimalClues {
		return nil, fmt.Errorf("%w: no minimal puzzle with more than %d givens is known (ask for puzzles that are not minimal)", ErrOptions, maxMinimalClues)
	}
	if opt.Symmetry > Any {
		return nil, fmt.Errorf("%w: %v", ErrOptions, opt.Symmetry)
	}
	g := &Generator{opt: opt}
	g.rng = rand.New(&g.src)
	g.Seed(seed)
	return g, nil
}

// Seed restarts g: the puzzles that follow are those a new Generator made
// with seed and g's options would make. It lets one Generator, with its
// solver's memory, serve many seeds.
func (g *Generator) Seed(seed uint64) {
	g.src.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Generate returns the next puzzle that meets the options. It tries until
// one does, or ctx is done.
func (g *Generator) Generate(ctx context.Context) (Puzzle, error) {
	for tries := 1; ; tries++ {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		p, ok := g.try()
		if !ok {
			continue
		}
		p.Tries = tries
		keep, err := g.rate(ctx, &p)
		if err != nil {
			if ctx.Err() != nil {
				return Puzzle{}, ctx.Err()
			}
			return Puzzle{}, fmt.Errorf("generate: rating %v: %w", p.Grid, err)
		}
		if !keep {
			continue
		}
		if g.opt.Accept == nil || g.opt.Accept(&p) {
			return p, nil
		}
	}
}

// rate sets the level and rating of p that the options ask for, and
// reports whether p has one of the levels asked for. Most tries are
// rejected for their level, so it settles the level with the least work
// first, and rates in full only a puzzle that is kept.
func (g *Generator) rate(ctx context.Context, p *Puzzle) (bool, error) {
	if len(g.opt.Levels) > 0 {
		l, err := logic.Grade(ctx, p.Grid, slices.Max(g.opt.Levels))
		if err != nil {
			return false, err
		}
		p.Level = l
		if !slices.Contains(g.opt.Levels, l) {
			return false, nil
		}
	}
	if g.opt.Rate {
		r, err := logic.RateContext(ctx, p.Grid)
		if err != nil {
			return false, err
		}
		p.Level, p.Rating = r.Level, &r
	}
	return true, nil
}

// try makes one puzzle, and reports whether it has the number of givens
// asked for.
func (g *Generator) try() (Puzzle, bool) {
	var p Puzzle
	p.Solution = g.fill()
	p.Symmetry = g.opt.Symmetry
	if p.Symmetry == Any {
		p.Symmetry = None + 1 + Symmetry(g.rng.IntN(int(Any-None-1)))
	}
	p.Grid = p.Solution
	orbits := p.Symmetry.orbits()
	g.rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })

	floor := g.opt.MinClues // remove no givens below this
	if g.opt.NotMinimal && g.opt.MaxClues > 0 {
		floor = g.opt.MinClues + g.rng.IntN(g.opt.MaxClues-g.opt.MinClues+1)
	}
	clues := 81
	for _, o := range orbits {
		if clues-len(o) < floor {
			continue
		}
		for _, c := range o {
			p.Grid[c] = 0
		}
		if g.s.Count(&p.Grid, 2) == 1 {
			clues -= len(o)
			continue
		}
		for _, c := range o {
			p.Grid[c] = p.Solution[c]
		}
	}
	if clues < g.opt.MinClues || g.opt.MaxClues > 0 && clues > g.opt.MaxClues {
		return p, false
	}
	if !g.opt.NotMinimal && floor > 0 && !g.minimal(&p.Grid, orbits) {
		return p, false // stopping at the floor left a removable given
	}
	return p, true
}

// minimal reports whether no orbit of givens can be removed from grid
// without losing uniqueness.
func (g *Generator) minimal(grid *sudoku.Grid, orbits [][]int) bool {
	for _, o := range orbits {
		if grid[o[0]] == 0 {
			continue
		}
		saved := *grid
		for _, c := range o {
			grid[c] = 0
		}
		unique := g.s.Count(grid, 2) == 1
		*grid = saved
		if unique {
			return false
		}
	}
	return true
}

// fill returns a random full grid: the three diagonal boxes, which do not
// constrain each other, get random digits, and the solver completes them.
func (g *Generator) fill() sudoku.Grid {
	for {
		var grid sudoku.Grid
		for _, box := range [3]int{0, 4, 8} {
			perm := g.rng.Perm(9)
			r0, c0 := box/3*3, box%3*3
			for k, d := range perm {
				grid[(r0+k/3)*9+c0+k%3] = uint8(d + 1)
			}
		}
		if sol, ok := g.s.Solve(&grid); ok {
			return sol
		}
	}
}

// Minimal reports whether puzzle is minimal: it has exactly one solution,
// and removing any one given leaves it with more than one. It is meant for
// checking generated puzzles; with a symmetry, generated puzzles are only
// promised to be minimal with respect to removing whole orbits, which
// MinimalFor checks.
func Minimal(puzzle *sudoku.Grid) bool { return MinimalFor(puzzle, None) }

// MinimalFor reports whether puzzle has exactly one solution and no orbit of
// givens under symmetry s can be removed while keeping it unique.
func MinimalFor(puzzle *sudoku.Grid, s Symmetry) bool {
	var g Generator
	if g.s.Count(puzzle, 2) != 1 {
		return false
	}
	p := *puzzle
	return g.minimal(&p, s.orbits())
}
