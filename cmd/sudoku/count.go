package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

var countCmd = &command{
	name:    "count",
	args:    "[FILE|PUZZLE|-]...",
	summary: "count the solutions of puzzles, up to a limit",
	doc: `Count prints, for every puzzle in the input files, the number of solutions
found, stopping at the limit: with the default --limit 2, 0 means no solution,
1 a unique solution, and 2 more than one. One line per puzzle, in input order;
puzzles that cannot be read get a record starting with "error:" in their
place, and exit status 1. Pencil-mark
puzzles are counted from their candidates, as solve solves them, and
variant puzzles under all their rules (see docs/variants.md).

Examples:
  sudoku count puzzles.txt
  sudoku count --limit 1000 --format json puzzles.txt
  sudoku count --limit 0 ................`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o countOptions
		o.format = formatFlag(fs, "line", "json", "csv") // a count is no grid
		templateFlag(fs, o.format, "count")
		fs.IntVar(&o.limit, "limit", 2, "stop counting at `N` solutions; 0 counts them all (stop with Ctrl-C or --timeout)")
		fs.DurationVar(&o.timeout, "timeout", 0, "give up on a puzzle after this `duration` (0: no limit)")
		batchFlags(fs, &o.batchOptions, shardRecords)
		return func(ctx context.Context, args []string) int { return count(ctx, std, args, &o) }
	},
}

type countOptions struct {
	format  *format
	limit   int
	timeout time.Duration
	batchOptions
}

// countStep is how many solutions a worker counts before it adds them to
// the progress line's count.
const countStep = 1 << 12

type countResult struct {
	n   int
	err error
}

func count(ctx context.Context, std *stdio, args []string, o *countOptions) int {
	p, w := newBatch[countResult]("count", "counted", std, args, o.batchOptions, o.format, takes{cmd: "count", marks: true, variants: true})
	// The progress line says how many solutions were counted, so that one
	// long count shows it is getting somewhere: the workers add theirs in
	// steps of countStep, not one atomic addition a solution.
	var found atomic.Int64
	counting := p.showsProgress()
	if counting {
		p.detail = func() string { return fmt.Sprintf("; %d solutions so far", found.Load()) }
	}
	p.newWork = func() func(context.Context, *task, *countResult) {
		var s solver.Solver
		return func(ctx context.Context, t *task, res *countResult) {
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			var yield func(*sudoku.Grid) bool
			if counting {
				n := 0
				yield = func(*sudoku.Grid) bool {
					if n++; n == countStep {
						found.Add(countStep)
						n = 0
					}
					return true
				}
				defer func() { found.Add(int64(n)) }()
			}
			if t.variant != nil {
				res.n, res.err = countVariant(ctx, t.variant, o.limit, yield)
				return
			}
			if m := t.puzzle.Marks; m != nil {
				res.n, res.err = s.EnumerateMarks(ctx, m, o.limit, yield)
				return
			}
			res.n, res.err = s.Enumerate(ctx, &t.puzzle.Grid, o.limit, yield)
		}
	}
	p.emit = func(t *task, res *countResult) bool {
		if t.err != nil {
			return w.failure(t, nil)
		}
		r := newRecord(t)
		if t.variant != nil {
			r = variantRecord(t)
		}
		r.Limit = o.limit
		if res.err != nil {
			r.Fail(res.err)
			if r.Status == solver.Stopped {
				// The solutions counted before it stopped: at least that
				// many.
				r.Error = fmt.Sprintf("%s after %d solutions", r.Error, res.n)
				r.Count = &res.n
			}
			return w.write(&r, "", nil)
		}
		switch {
		case res.n == 0:
			r.Status = solver.None
		case res.n == 1 && o.limit == 1:
			r.Status = solver.Solved // whether it is the only one was not asked
		case res.n == 1:
			r.Status = solver.Unique
		default:
			r.Status = solver.Multiple
		}
		r.Count = &res.n
		return w.write(&r, strconv.Itoa(res.n), nil)
	}
	return p.run(ctx)
}
