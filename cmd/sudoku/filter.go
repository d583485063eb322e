package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
)

var filterCmd = &command{
	name:    "filter",
	args:    "[FILE|PUZZLE|-]...",
	summary: "keep the puzzles that need a technique, or have a level, score or pattern",
	doc: `Filter prints the puzzles of the input files that meet every condition given,
in input order, one per line: the conditions of "sudoku generate" (--level,
--require, --hardest, --score, --se, --clues, --symmetry, --pattern), checked as
"sudoku rate" and "sudoku explain" would, rating each puzzle only as far as
the conditions need. With no condition it keeps every puzzle with exactly
one solution. --format json and csv print a record per kept puzzle, with
its rating (Sudoku Explainer's too), as does a --template that shows them.

Puzzles that cannot be read, or that have no or several solutions, are
dropped and reported on standard error as "file:line: reason", and the exit
status is then 1.

Examples:
  sudoku filter --require xwing puzzles.txt
  sudoku filter --level hard,unfair --hardest swordfish puzzles.txt
  sudoku filter --score 1000-2000 --symmetry any --json puzzles.txt
  sudoku filter --se 9.0-9.9 --template '%g %r/%p/%d %t' puzzles.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o filterOptions
		o.format = formatFlag(fs, formats...)
		templateFlag(fs, o.format, "filter")
		conditionFlags(fs, &o.cond, "of the givens (default: no condition; any: one of them)")
		fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up on a puzzle after this `duration` (0: no limit)")
		batchFlags(fs, &o.batchOptions, shardRecords)
		return func(ctx context.Context, args []string) int { return filter(ctx, std, args, &o) }
	},
}

type filterOptions struct {
	format  *format
	cond    conditions
	timeout time.Duration
	batchOptions
}

type filterResult struct {
	p   generate.Puzzle
	ok  bool
	err error
}

func filter(ctx context.Context, std *stdio, args []string, o *filterOptions) int {
	opt, err := o.cond.options("none")
	if err != nil {
		fmt.Fprintf(std.err, "sudoku filter: %v\n", err)
		return exitUsage
	}
	opt.NotMinimal = true             // a filter does not ask for minimal puzzles
	opt.Rate = o.format.showsRating() // worked out only to be shown
	opt.RateSE = o.format.showsSE()
	if _, err := generate.New(0, opt); err != nil {
		// Conditions that no puzzle can meet are refused as generate
		// refuses them.
		fmt.Fprintf(std.err, "sudoku filter: %v\n", strings.TrimPrefix(err.Error(), "generate: "))
		return exitUsage
	}
	p, w := batchOf[filterResult]("filter", "filtered", std, args, o.batchOptions, o.format)
	p.newWork = func() func(context.Context, *task, *filterResult) {
		return func(ctx context.Context, t *task, res *filterResult) {
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			res.p, res.ok, res.err = generate.Match(ctx, t.puzzle.Grid, &opt)
		}
	}
	p.emit = func(t *task, res *filterResult) bool {
		r := newRecord(t)
		if t.err == nil && res.err != nil {
			r.Fail(res.err)
		}
		if r.Failed() {
			// A puzzle that fails is dropped, with no record: this line
			// is the one place where it is said.
			w.con.Errorf("%s:%d: %s", r.Source, r.Line, r.Error)
			return false
		}
		if !res.ok {
			return true
		}
		r.Status = solver.Unique
		r.Rating = record.NewRating(res.p.Rating, res.p.SE)
		return w.write(&r, r.Puzzle, &t.puzzle.Grid)
	}
	return p.run(ctx)
}
