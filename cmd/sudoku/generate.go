package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/logic"
)

var generateCmd = &command{
	name:    "generate",
	args:    "",
	summary: "make new puzzles with one solution",
	doc: `Generate makes N puzzles, each with exactly one solution and minimal (no given
can be removed without losing uniqueness; with a symmetry, no symmetric group
of givens can), of the level asked for (as "sudoku rate" grades it), and prints
them as they are found.

The same --seed gives the same puzzles in the same order (from the same
version of sudoku), whatever --jobs: puzzle i comes from its own seed.

Symmetries: none, rot180 (half turn), rot90 (quarter turn), mirror (left-right),
flip (top-bottom), diagonal (main diagonal), any (a random one per puzzle).

Examples:
  sudoku generate -n 10 --level hard
  sudoku generate -n 5 --symmetry rot180 --seed 7 --format grid
  sudoku generate -n 100 --clues 30-35 --no-minimal --format json`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o generateOptions
		fs.IntVar(&o.n, "n", 1, "make `N` puzzles")
		o.format = formatFlag(fs, formats...)
		fs.StringVar(&o.level, "level", "any", "difficulty `level` as sudoku rate grades it: easy, medium, hard, unfair, extreme or any")
		fs.StringVar(&o.symmetry, "symmetry", "none", "`symmetry` of the givens")
		fs.StringVar(&o.clues, "clues", "", "number of givens, as `MIN-MAX` or N")
		fs.BoolVar(&o.notMinimal, "no-minimal", false, "stop removing givens at a random count within --clues")
		fs.Uint64Var(&o.seed, "seed", 0, "random `seed` (0: a new one each run)")
		fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up when one puzzle takes longer than this `duration` (0: no limit)")
		jobsFlag(fs, &o.jobs)
		return func(ctx context.Context, args []string) int { return generatePuzzles(ctx, std, args, &o) }
	},
}

type generateOptions struct {
	n          int
	level      string
	format     *format
	symmetry   string
	clues      string
	notMinimal bool
	seed       uint64
	timeout    time.Duration
	jobs       int
}

// generated is the JSON form of a generated puzzle.
type generated struct {
	Puzzle   string        `json:"puzzle"`
	Solution string        `json:"solution"`
	Givens   int           `json:"givens"`
	Symmetry string        `json:"symmetry"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	Seed     uint64        `json:"seed,string"` // a string: JSON numbers are not exact beyond 2^53
	Index    int           `json:"index"`
}

type generateResult struct {
	p   generate.Puzzle
	err error
}

func generatePuzzles(ctx context.Context, std *stdio, args []string, o *generateOptions) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(std.err, "sudoku generate: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	if o.n < 0 {
		return usageErr("-n must be 0 or more")
	}
	var opt generate.Options
	var err error
	if opt.Symmetry, err = generate.ParseSymmetry(o.symmetry); err != nil {
		return usageErr("%v", err)
	}
	if o.level != "any" {
		l, err := logic.ParseLevel(o.level)
		if err != nil {
			return usageErr("--level: want easy, medium, hard, unfair, extreme or any, not %q", o.level)
		}
		opt.Levels = []logic.Level{l}
	}
	if opt.MinClues, opt.MaxClues, err = parseRange(o.clues); err != nil {
		return usageErr("--clues: %v", err)
	}
	opt.NotMinimal = o.notMinimal
	opt.Rate = o.format.value == "json" // only JSON shows the rating
	if o.notMinimal && opt.MaxClues == 0 {
		return usageErr("--no-minimal needs --clues")
	}
	if o.seed == 0 {
		o.seed = rand.Uint64()
	}
	// One generator per worker, each with its own solver, made up front
	// so that impossible options are refused before anything starts.
	jobs := max(1, min(o.jobs, o.n))
	gens := make(chan *generate.Generator, jobs)
	for range jobs {
		g, err := generate.New(o.seed, opt)
		if err != nil {
			return usageErr("%v", strings.TrimPrefix(err.Error(), "generate: "))
		}
		gens <- g
	}

	con := newConsole(std)
	w := newRecordWriter(o.format.value, con)
	p := &pipeline[generateResult]{
		name: "generate", con: con, jobs: jobs, label: "generated", total: o.n, progress: true,
		// Puzzle i comes from its own seed, so the output does not depend
		// on the job count, and a free worker takes the next puzzle: the
		// tries a puzzle takes vary too much with a level to deal them out
		// in turn.
		tasks: func(yield func(*task) bool) {
			for i := range o.n {
				if !yield(&task{index: i}) {
					return
				}
			}
		},
		newWork: func() func(context.Context, *task) generateResult {
			g := <-gens
			return func(ctx context.Context, t *task) generateResult {
				ctx, cancel := withTimeout(ctx, o.timeout)
				defer cancel()
				g.Seed(puzzleSeed(o.seed, t.index))
				p, err := g.Generate(ctx)
				return generateResult{p, err}
			}
		},
	}
	p.emit = func(t *task, res generateResult) bool {
		if res.err != nil {
			_, msg := describe(res.err)
			if errors.Is(res.err, context.DeadlineExceeded) {
				msg = fmt.Sprintf("%s: no puzzle met the options within %v (they may be too rare: try fewer conditions or a longer --timeout)", msg, o.timeout)
			}
			con.Errorf("sudoku generate: puzzle %d: %s", t.index+1, msg)
			return false
		}
		var buf bytes.Buffer
		switch o.format.value {
		case "json":
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.Encode(generated{
				Puzzle: res.p.Grid.String(), Solution: res.p.Solution.Digits(), Givens: res.p.Grid.Givens(),
				Symmetry: res.p.Symmetry.String(), Rating: res.p.Rating, Seed: o.seed, Index: t.index,
			})
		case "grid":
			if w.n > 0 {
				buf.WriteByte('\n')
			}
			buf.WriteString(res.p.Grid.Boxed())
		default:
			fmt.Fprintln(&buf, res.p.Grid)
		}
		con.Write(buf.Bytes())
		w.n++
		return true
	}
	return p.run(ctx)
}

// puzzleSeed returns the seed of puzzle i of a run with seed.
func puzzleSeed(seed uint64, i int) uint64 {
	return seed + uint64(i)*0x9e3779b97f4a7c15
}

// parseRange parses "MIN-MAX" or "N"; "" is no bound (0, 0).
func parseRange(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
		}
	}
	if lo < 17 || hi > 81 || lo > hi {
		return 0, 0, fmt.Errorf("want 17 <= MIN <= MAX <= 81, not %q", s)
	}
	return lo, hi, nil
}
