// Package generate makes Sudoku puzzles that have exactly one solution:
// minimal (no given can be removed without losing uniqueness), with a chosen
// symmetry and number of givens, or with givens exactly on a chosen pattern,
// and of a chosen difficulty as the logic package rates it: its level, its
// HoDoKu score, its hardest technique, or techniques its solving path must
// use.
//
// Options that can never be met together are refused by New with
// ErrOptions. Others may only be rare (a pattern few grids fill with one
// solution, a technique that seldom comes up at a level): Generate tries
// until its context is done, and Stats says which condition turned the
// tries down.
//
// A Generator is deterministic: the same seed and options give the same
// puzzles in the same order.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
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
	// hardest technique). Settling the level alone takes much less work,
	// so ask only when it is needed.
	Rate bool
	// RateSE asks for every puzzle's Sudoku Explainer rating in
	// Puzzle.SE. It is the costliest rating (seconds for the hardest
	// puzzles), worked out last, only for puzzles that meet every other
	// condition.
	RateSE bool
	// Pattern, if not nil, says where the givens must be: exactly on its
	// cells. The puzzle is then minimal unless NotMinimal is set, and the
	// pattern must have the symmetry asked for and a number of cells
	// within MinClues and MaxClues. Most patterns of fewer than 24 cells
	// are rare to fill with exactly one solution; set a deadline.
	Pattern *Pattern

	// Require lists techniques that the solving path (logic.Explain) must
	// use, each at least once.
	Require []logic.Technique
	// Hardest, if not 0, is the technique the puzzle's rating must name
	// as its hardest (logic.Rating.Hardest).
	Hardest logic.Technique
	// MinScore and MaxScore bound the HoDoKu score of the rating
	// (logic.Rating.Score); 0 means no bound.
	MinScore, MaxScore int
	// MinER and MaxER bound Sudoku Explainer's rating (se.Rating.ER, such
	// as 7.1; ratings run from se.Easiest to se.BruteForce); 0 means no
	// bound.
	MinER, MaxER float64

	// Accept, if not nil, is asked about every puzzle that meets the other
	// options; Generate returns only puzzles it accepts.
	Accept func(p *Puzzle) bool
}

// A Puzzle is one generated puzzle.
type Puzzle struct {
	Grid     sudoku.Grid // the givens
	Solution sudoku.Grid // its only solution
	Symmetry Symmetry    // the symmetry of its givens (never Any)
	// Level is its level, when Options.Levels, Rate, Hardest or a score
	// asked for one, and nil when nothing did: the zero logic.Level is
	// Easy, which an unrated puzzle is not known to be.
	Level  *logic.Level
	Rating *logic.Rating // its rating, when Options.Rate, Hardest or a score asked for one
	SE     *se.Rating    // its Sudoku Explainer rating, when Options.RateSE or an ER bound asked for one
	Tries  int           // puzzles made to find this one, rejected ones included
}

// Stats counts the puzzles a Generator has made and why it turned them
// down, so that a caller who gives up can say which condition is rare.
type Stats struct {
	Tries  int // puzzles made
	Givens int // turned down for their givens: their number, or with a Pattern more than one solution, or not minimal
	Level  int // turned down for their level
	Path   int // turned down for Require, Hardest, MinScore, MaxScore, MinER or MaxER
	Accept int // turned down by Options.Accept
}

// maxMinimalClues is the most givens a minimal puzzle is known to have.
const maxMinimalClues = 40

// ErrOptions is returned for options that can never be met.
var ErrOptions = errors.New("generate: impossible options")

// A Generator makes puzzles. It is not safe for concurrent use: give each
// goroutine its own, with its own seed.
type Generator struct {
	opt   Options
	src   rand.PCG
	rng   *rand.Rand
	s     solver.Solver
	stats Stats
	syms  []Symmetry // with a Pattern and Any: the symmetries the pattern has
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
	if err := g.checkPattern(); err != nil {
		return nil, err
	}
	if err := checkPath(&opt); err != nil {
		return nil, err
	}
	g.rng = rand.New(&g.src)
	g.Seed(seed)
	return g, nil
}

// checkPattern rejects a pattern that cannot give a puzzle with the other
// options, and notes the symmetries it has.
func (g *Generator) checkPattern() error {
	pat := g.opt.Pattern
	if pat == nil {
		return nil
	}
	n := pat.Count()
	switch {
	case n < 17:
		return fmt.Errorf("%w: the pattern has %d cells, and no puzzle with fewer than 17 givens has one solution", ErrOptions, n)
	case n == 81:
		return fmt.Errorf("%w: the pattern fills every cell, which leaves nothing to solve", ErrOptions)
	case n < g.opt.MinClues || g.opt.MaxClues > 0 && n > g.opt.MaxClues:
		return fmt.Errorf("%w: the pattern has %d cells, outside the givens asked for (%d to %d)", ErrOptions, n, g.opt.MinClues, g.opt.MaxClues)
	case !g.opt.NotMinimal && n > maxMinimalClues:
		return fmt.Errorf("%w: the pattern has %d cells, and no minimal puzzle with more than %d givens is known (ask for puzzles that are not minimal)", ErrOptions, n, maxMinimalClues)
	}
	if g.opt.Symmetry != Any {
		if !g.opt.Symmetry.Holds(pat.Grid()) {
			return fmt.Errorf("%w: the pattern does not have %v symmetry", ErrOptions, g.opt.Symmetry)
		}
		return nil
	}
	for s := None + 1; s < Any; s++ {
		if s.Holds(pat.Grid()) {
			g.syms = append(g.syms, s)
		}
	}
	if len(g.syms) == 0 {
		return fmt.Errorf("%w: the pattern has no symmetry, and symmetry any asks for one", ErrOptions)
	}
	return nil
}

// checkPath rejects conditions on the solving path that contradict each
// other or the levels asked for: a puzzle's level is at least that of
// every technique on its path.
func checkPath(opt *Options) error {
	if opt.MinScore < 0 || opt.MaxScore < 0 || opt.MaxScore > 0 && opt.MinScore > opt.MaxScore {
		return fmt.Errorf("%w: score between %d and %d", ErrOptions, opt.MinScore, opt.MaxScore)
	}
	for _, l := range opt.Levels {
		if l > logic.Extreme {
			return fmt.Errorf("%w: no level %v", ErrOptions, l)
		}
	}
	if len(opt.Levels) > 0 {
		if top := slices.Max(opt.Levels); opt.MinScore > top.MaxScore() {
			return fmt.Errorf("%w: a score of %d or more is above %v (%d at most)", ErrOptions, opt.MinScore, top, top.MaxScore())
		}
	}
	if math.IsNaN(opt.MinER) || math.IsNaN(opt.MaxER) || math.IsInf(opt.MinER, 0) || math.IsInf(opt.MaxER, 0) ||
		opt.MinER < 0 || opt.MaxER < 0 || opt.MaxER > 0 && opt.MinER > opt.MaxER {
		return fmt.Errorf("%w: Sudoku Explainer rating between %.1f and %.1f", ErrOptions, opt.MinER, opt.MaxER)
	}
	if opt.MinER > se.BruteForce || opt.MaxER > 0 && opt.MaxER < se.Easiest {
		return fmt.Errorf("%w: Sudoku Explainer rating between %.1f and %.1f: ratings run from %.1f to %.1f", ErrOptions, opt.MinER, opt.MaxER, se.Easiest, se.BruteForce)
	}
	valid := func(t logic.Technique) bool { return slices.Contains(logic.Techniques(), t) }
	for _, t := range opt.Require {
		if !valid(t) {
			return fmt.Errorf("%w: no technique %v", ErrOptions, t)
		}
		if opt.Hardest != 0 && t.Level() > opt.Hardest.Level() {
			return fmt.Errorf("%w: %v (%v) cannot be on the path of a puzzle whose hardest technique is %v (%v)",
				ErrOptions, t, t.Level(), opt.Hardest, opt.Hardest.Level())
		}
	}
	if opt.Hardest != 0 && !valid(opt.Hardest) {
		return fmt.Errorf("%w: no technique %v", ErrOptions, opt.Hardest)
	}
	if len(opt.Levels) > 0 {
		top := slices.Max(opt.Levels)
		for _, t := range append([]logic.Technique{opt.Hardest}, opt.Require...) {
			if t != 0 && t.Level() > top {
				return fmt.Errorf("%w: a puzzle that needs %v is %v at least, not %v", ErrOptions, t, t.Level(), top)
			}
		}
	}
	return nil
}

// PuzzleSeed returns the seed of puzzle i (from 0) of a run of many
// puzzles with seed: "sudoku generate --seed S" makes its puzzle i with
// a Generator seeded with PuzzleSeed(S, i), so that any one of them can be
// made again alone, whatever the number of jobs.
func PuzzleSeed(seed uint64, i int) uint64 {
	return seed + uint64(i)*0x9e3779b97f4a7c15
}

// Stats returns the counts of the puzzles g has made since New.
func (g *Generator) Stats() Stats { return g.stats }

// Since returns the counts of s less those of an earlier t, such as those
// of one call to Generate.
func (s Stats) Since(t Stats) Stats {
	return Stats{s.Tries - t.Tries, s.Givens - t.Givens, s.Level - t.Level, s.Path - t.Path, s.Accept - t.Accept}
}

// Seed restarts g: the puzzles that follow are those a new Generator made
// with seed and g's options would make. It lets one Generator, with its
// solver's memory, serve many seeds.
func (g *Generator) Seed(seed uint64) {
	g.src.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// errNotNew is the error of a Generator not made by New.
var errNotNew = errors.New("generate: Generator not made by New")

// Generate returns the next puzzle that meets the options. It tries until
// one does, or ctx is done.
func (g *Generator) Generate(ctx context.Context) (Puzzle, error) {
	if g.rng == nil {
		return Puzzle{}, errNotNew
	}
	for tries := 1; ; tries++ {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		g.stats.Tries++
		var p Puzzle
		var ok bool
		if g.opt.Pattern != nil {
			p, ok = g.tryPattern()
		} else {
			p, ok = g.try()
		}
		if !ok {
			g.stats.Givens++
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
		g.stats.Accept++
	}
}

// rate sets the level and rating of p that the options ask for, and
// reports whether p meets the conditions on its level and solving path.
func (g *Generator) rate(ctx context.Context, p *Puzzle) (bool, error) {
	why, err := judge(ctx, &g.opt, p)
	switch why {
	case byLevel:
		g.stats.Level++
	case byPath:
		g.stats.Path++
	}
	return why == kept && err == nil, err
}

// Why a puzzle was turned down by judge.
const (
	kept = iota
	byLevel
	byPath
)

// judge sets the level and rating of p that opt asks for, and says whether
// p meets the conditions on its level and solving path, or which it
// fails. Most puzzles are turned down for their level, so it settles the
// level with the least work first (Grade follows part of the path), then
// looks for the required techniques (Explain follows the path once),
// rates in full, and asks Sudoku Explainer's rating last.
func judge(ctx context.Context, opt *Options, p *Puzzle) (int, error) {
	if len(opt.Levels) > 0 {
		l, err := logic.Grade(ctx, p.Grid, slices.Max(opt.Levels))
		if err != nil {
			return kept, err
		}
		p.Level = &l
		if !slices.Contains(opt.Levels, l) {
			return byLevel, nil
		}
	}
	if len(opt.Require) > 0 {
		steps, err := logic.Explain(ctx, p.Grid)
		if err != nil {
			return kept, err
		}
		if !usesAll(steps, opt.Require) {
			return byPath, nil
		}
	}
	if opt.Rate || opt.Hardest != 0 || opt.MinScore > 0 || opt.MaxScore > 0 {
		r, err := logic.Rate(ctx, p.Grid)
		if err != nil {
			return kept, err
		}
		p.Level, p.Rating = &r.Level, &r
		if opt.Hardest != 0 && r.Hardest != opt.Hardest ||
			r.Score < opt.MinScore || opt.MaxScore > 0 && r.Score > opt.MaxScore {
			return byPath, nil
		}
	}
	if opt.RateSE || opt.MinER > 0 || opt.MaxER > 0 {
		r, err := se.Rate(ctx, &p.Grid)
		if err != nil {
			return kept, err
		}
		p.SE = &r
		if r.ER < opt.MinER || opt.MaxER > 0 && r.ER > opt.MaxER {
			return byPath, nil
		}
	}
	return kept, nil
}

// Match reports whether an existing puzzle g meets the conditions of opt,
// as a generated puzzle would: its number of givens (MinClues, MaxClues),
// their Symmetry (unless None; Any asks for one of the others) and
// Pattern, its level and its solving path (Levels, Require, Hardest,
// MinScore, MaxScore, MinER, MaxER), and Accept. Minimality is not
// checked. It rates g only as far as the conditions need, and returns
// what it found out in p (Solution, Level, Rating when Rate, Hardest or a
// score asked for it, SE when RateSE or an ER bound did). A puzzle without exactly one solution gets logic.ErrNoSolution or
// logic.ErrMultipleSolutions, one whose givens break the rules the error
// of g.Validate. A nil opt asks nothing but a unique solution.
func Match(ctx context.Context, g sudoku.Grid, opt *Options) (p Puzzle, ok bool, err error) {
	if opt == nil {
		opt = &Options{}
	}
	p.Grid = g
	if err := g.Validate(); err != nil {
		return p, false, err
	}
	var s solver.Solver
	switch s.Count(&g, 2) {
	case 0:
		return p, false, logic.ErrNoSolution
	case 2:
		return p, false, logic.ErrMultipleSolutions
	}
	p.Solution, _ = s.Solve(&g)
	n := g.Givens()
	if n < opt.MinClues || opt.MaxClues > 0 && n > opt.MaxClues {
		return p, false, nil
	}
	if opt.Symmetry != None && !opt.Symmetry.Holds(&g) {
		return p, false, nil
	}
	if opt.Pattern != nil {
		for i, in := range opt.Pattern {
			if in != (g[i] != 0) {
				return p, false, nil
			}
		}
	}
	why, err := judge(ctx, opt, &p)
	if err != nil || why != kept {
		return p, false, err
	}
	return p, opt.Accept == nil || opt.Accept(&p), nil
}

// usesAll reports whether the steps use every one of the techniques.
func usesAll(steps []logic.Step, techniques []logic.Technique) bool {
	for _, t := range techniques {
		if !slices.ContainsFunc(steps, func(s logic.Step) bool { return s.Technique == t }) {
			return false
		}
	}
	return true
}

// tryPattern makes one puzzle with givens on the pattern's cells, and
// reports whether it has exactly one solution (and is minimal, unless
// NotMinimal).
func (g *Generator) tryPattern() (Puzzle, bool) {
	var p Puzzle
	p.Solution = g.fill()
	p.Symmetry = g.opt.Symmetry
	if p.Symmetry == Any {
		p.Symmetry = g.syms[g.rng.IntN(len(g.syms))]
	}
	for i, in := range g.opt.Pattern {
		if in {
			p.Grid[i] = p.Solution[i]
		}
	}
	if g.s.Count(&p.Grid, 2) != 1 {
		return p, false
	}
	if !g.opt.NotMinimal && !g.minimal(&p.Grid, p.Symmetry.orbits()) {
		return p, false
	}
	return p, true
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

// Fill returns a random solved grid, drawn as the solutions of g's
// puzzles are, and advances g's random source: a maker of other kinds of
// puzzle (package variant/generate's killer cages) starts from the same
// grids, from the same seeds. It panics if g was not made by New.
func (g *Generator) Fill() sudoku.Grid { return g.fill() }

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
	if puzzle == nil {
		return false
	}
	var g Generator
	if g.s.Count(puzzle, 2) != 1 {
		return false
	}
	p := *puzzle
	return g.minimal(&p, s.orbits())
}
