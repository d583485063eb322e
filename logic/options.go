package logic

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// Options choose the techniques the solver may use, as HoDoKu's solver
// configuration does. A nil *Options, or one with nil Techniques, means
// HoDoKu's default configuration; the package-level Hint, Explain, Rate and
// Grade use it.
type Options struct {
	// Techniques lists the techniques allowed, in any order; they are
	// always tried in HoDoKu's order. A technique that names one kind of
	// step of a search that finds several (Discontinuous Nice Loop and AIC
	// are both found by one chain search) allows that whole search. Nil
	// means HoDoKu's default set (see DefaultTechniques). When nothing
	// allowed applies, Explain, Rate and Grade place a digit of the
	// solution in a Brute Force step, as HoDoKu does.
	Techniques []Technique
}

// order returns the finders to try.
func (o *Options) order() []finder {
	if o == nil || o.Techniques == nil {
		return hodokuOrder
	}
	var on [numTechniques]bool
	for _, t := range o.Techniques {
		if t.valid() {
			on[search(t)] = true
		}
	}
	return solvingOrder(func(t Technique) bool { return on[t] })
}

// NotUnique returns the options without the techniques whose deductions
// hold only when the puzzle has one solution (HoDoKu's Uniqueness
// category: Uniqueness Tests, Hidden Rectangle, BUG+1), for hints on a
// puzzle with several solutions or none.
func (o *Options) NotUnique() *Options {
	ts := DefaultTechniques()
	if o != nil && o.Techniques != nil {
		ts = o.Techniques
	}
	out := &Options{Techniques: []Technique{}}
	for _, t := range ts {
		if !t.assumesUnique() {
			out.Techniques = append(out.Techniques, t)
		}
	}
	return out
}

// search returns the technique whose finder finds t's steps.
func search(t Technique) Technique {
	if table[t].group != 0 {
		return table[t].group
	}
	return t
}

// DefaultTechniques returns the techniques of HoDoKu's default
// configuration, in its order: every technique but those it leaves out.
func DefaultTechniques() []Technique {
	var out []Technique
	for _, t := range Techniques() {
		if !table[t].off {
			out = append(out, t)
		}
	}
	return out
}

// Hint is the package-level HintContext with these options.
func (o *Options) Hint(ctx context.Context, c *Candidates) (Step, bool, error) {
	return hint(ctx, c, o.order())
}

// errNilCandidates is Hint's error for nil candidates.
var errNilCandidates = errors.New("logic: nil candidates")

// hint returns the first step of the finders in order that makes
// progress, looking at ctx between them.
func hint(ctx context.Context, c *Candidates, order []finder) (Step, bool, error) {
	if c == nil {
		return Step{}, false, errNilCandidates
	}
	// The singles searches take what they read from the queues: they work
	// on a copy, so that c is left as it was.
	w := *c
	c = &w
	for _, f := range order {
		if err := ctx.Err(); err != nil {
			return Step{}, false, err
		}
		if s, ok := f.find(c, nil); ok && c.progress(s) {
			s.by = f.t
			return s, true, nil
		}
	}
	return Step{}, false, nil
}

// Explain is the package-level ExplainContext with these options.
func (o *Options) Explain(ctx context.Context, g sudoku.Grid) ([]Step, error) {
	sol, err := uniqueSolution(ctx, g)
	if err != nil {
		return nil, err
	}
	return path(ctx, g, &sol, o.order(), nil)
}

// ExplainToward is Explain for a puzzle whose solution need not be
// unique: sol, one of its solutions, stands for the solution, so Brute
// Force steps place its digits and every step is checked against it. Use
// it with options without the techniques that assume one solution (see
// NotUnique); a technique that needs uniqueness could otherwise remove a
// digit of sol, which is reported as an error. It fails if sol is not a
// solution of g.
func (o *Options) ExplainToward(ctx context.Context, g, sol sudoku.Grid) ([]Step, error) {
	if err := g.CheckSolution(&sol); err != nil {
		return nil, fmt.Errorf("logic: %w", err)
	}
	return path(ctx, g, &sol, o.order(), nil)
}

// Rate is the package-level RateContext with these options.
func (o *Options) Rate(ctx context.Context, g sudoku.Grid) (Rating, error) {
	sol, err := uniqueSolution(ctx, g)
	if err != nil {
		return Rating{}, err
	}
	return o.rate(ctx, func() (*Candidates, error) { return FromGrid(g) }, &sol)
}

// rate rates the puzzle whose one solution is sol, from the candidates
// start makes.
func (o *Options) rate(ctx context.Context, start func() (*Candidates, error), sol *sudoku.Grid) (Rating, error) {
	c, err := start()
	if err != nil {
		return Rating{}, err
	}
	steps, err := pathFrom(ctx, c, sol, o.order(), nil)
	if err != nil {
		return Rating{}, err
	}
	return rateSteps(steps), nil
}

// Grade is the package-level Grade with these options.
func (o *Options) Grade(ctx context.Context, g sudoku.Grid, ceiling Level) (Level, error) {
	sol, err := uniqueSolution(ctx, g)
	if err != nil {
		return 0, err
	}
	var level Level
	score := 0
	_, err = path(ctx, g, &sol, o.order(), func(s Step) bool {
		// The level only grows along a path: the hardest step so far,
		// raised while the score so far exceeds its limit.
		score += s.scoredAs().Score()
		level = raise(max(level, s.scoredAs().Level()), score)
		return level > ceiling || level == Extreme
	})
	if err != nil {
		return 0, err
	}
	return level, nil
}

// ParseTechniques reads a list of techniques as the --techniques option of
// the command line and the web API take it: names separated by commas,
// each a technique's name as ParseTechnique reads it ("X-Wing", "xwing",
// "bf2", "pointing") or a category of HoDoKu's configuration ("singles",
// "basic-fish", "uniqueness", "last-resort"). A list of plain names allows
// those techniques alone; names with a leading '-' drop techniques from
// HoDoKu's default set, and with '+' add ones it leaves out. A name stands
// for the search that finds it: "-aic" drops the nice loops too, as
// HoDoKu's "Nice Loop/AIC" does. "singles" allows the singles alone;
// "-xy-chain,-forcing-chain" drops two. The error of a name that names
// nothing, or several techniques, is a *NameError.
func ParseTechniques(s string) ([]Technique, error) {
	var on [numTechniques]bool
	started := false
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		sign := byte(0)
		if item[0] == '-' || item[0] == '+' {
			sign, item = item[0], item[1:]
		}
		ts, err := lookupName(item, true)
		if err != nil {
			return nil, err
		}
		if !started {
			started = true
			if sign != 0 {
				for _, t := range DefaultTechniques() {
					on[t] = true
				}
			}
		}
		for _, t := range ts {
			// A name stands for the whole search that finds it.
			for _, u := range Techniques() {
				if search(u) == search(t) {
					on[u] = sign != '-'
				}
			}
		}
	}
	if !started {
		return nil, fmt.Errorf("logic: no technique named")
	}
	out := []Technique{}
	for _, t := range Techniques() {
		if on[t] {
			out = append(out, t)
		}
	}
	return out, nil
}

// TechniqueNames returns the names of the techniques and categories
// ParseTechniques takes, in HoDoKu's order, in the form of the command
// line: each technique's, then the categories'.
func TechniqueNames() []string {
	var out []string
	for _, t := range Techniques() {
		out = append(out, techKey(table[t].name))
	}
	for _, c := range categoryNames() {
		out = append(out, techKey(c))
	}
	return out
}

// techKey writes a name as the command line shows it: lower case, and '-'
// for spaces and underscores.
func techKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '_':
			return '-'
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, strings.TrimSpace(s))
}
