package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/godoku/sudoku/solver"
)

var countCmd = &command{
	name:    "count",
	args:    "[FILE|-]...",
	summary: "count the solutions of puzzles, up to a limit",
	doc: `Count prints, for every puzzle in the input files, the number of solutions
found, stopping at the limit: with the default --limit 2, 0 means no solution,
1 a unique solution, and 2 more than one. One line per puzzle, in input order;
puzzles that cannot be read get a line starting with "error:", a
"file:line: reason" line on standard error, and exit status 1.

Examples:
  sudoku count puzzles.txt
  sudoku count --limit 1000 --format json puzzles.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o countOptions
		formatFlag(fs, &o.format)
		fs.IntVar(&o.limit, "limit", 2, "stop counting at `N` solutions; 0 counts them all (stop with Ctrl-C or --timeout)")
		fs.DurationVar(&o.timeout, "timeout", 0, "give up on a puzzle after this `duration` (0: no limit)")
		jobsFlag(fs, &o.jobs)
		return func(ctx context.Context, args []string) int { return count(ctx, std, args, &o) }
	},
}

type countOptions struct {
	format  format
	limit   int
	timeout time.Duration
	jobs    int
}

type countResult struct {
	n   int
	err error
}

func count(ctx context.Context, std *stdio, args []string, o *countOptions) int {
	if o.limit < 0 {
		fmt.Fprintln(std.err, "sudoku count: --limit must be 0 or more")
		return exitUsage
	}
	w := newRecordWriter(string(o.format), std)
	b := &batch{inputs: args, jobs: o.jobs, std: std, label: "counted", idle: w.flush}
	newWork := func() func(context.Context, *item) countResult {
		var s solver.Solver
		return func(ctx context.Context, it *item) countResult {
			if it.err != nil {
				return countResult{err: it.err}
			}
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			n, err := s.CountContext(ctx, &it.puzzle.Grid, o.limit)
			if err != nil {
				err = fmt.Errorf("%v after %d solutions", stopReason(err), n)
			}
			return countResult{n, err}
		}
	}
	ok := runBatch(ctx, b, newWork, func(it *item, res countResult) {
		r := newRecord(it)
		r.Limit = o.limit
		switch {
		case it.err != nil:
			r.Status = statusInvalid
		case res.err != nil:
			r.Status = statusStopped
		case res.n == 0:
			r.Status = statusNone
		case res.n == 1:
			r.Status = statusUnique
		default:
			r.Status = statusMultiple
		}
		if res.err != nil {
			r.Error = res.err.Error()
		} else {
			r.Count = &res.n
		}
		w.write(&r, strconv.Itoa(res.n), nil)
	})
	w.flush()
	return exitCode(ctx, std, ok && !w.failed)
}
