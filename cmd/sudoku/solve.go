package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

var solveCmd = &command{
	name:    "solve",
	args:    "[FILE|-]...",
	summary: "solve puzzles",
	doc: `Solve prints the solution of every puzzle in the input files, one record per
puzzle, in input order. A puzzle that cannot be read, breaks the rules, has no
solution, has several (with --unique) or runs out of time gets a record that
starts with "error:" in its place, and a "file:line: reason" line on standard
error; the rest of the batch still runs, and the exit status is 1.

With --trace, solve prints instead how each puzzle was solved: every given,
forced digit (naked or hidden single, naming the unit), guess, dead end and
backtrack, one per line, with grids annotated by how each cell was filled
(given 7, forced ⑦, guessed (7)), or the same as JSON for replay (see
docs/trace.md). The traced solver is the plain classic one, much slower than
the default solver, so --max-steps bounds each trace.

Examples:
  sudoku solve puzzles.txt
  sudoku solve --trace --trace-grids guesses puzzle.txt
  sudoku solve --trace=json --all --limit 5 puzzle.txt
  sudoku solve --format grid --unique - < puzzle.txt
  echo 003020600900305001001806400008102900700000008006708200002609500800203009005010300 | sudoku solve`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o solveOptions
		formatFlag(fs, &o.format)
		fs.BoolVar(&o.unique, "unique", false, "fail puzzles with more than one solution")
		fs.DurationVar(&o.timeout, "timeout", 0, "give up on a puzzle after this `duration` (0: no limit)")
		jobsFlag(fs, &o.jobs)
		traceFlags(fs, &o.trace)
		return func(ctx context.Context, args []string) int {
			if o.trace.mode != "" {
				return traced(ctx, std, args, &o)
			}
			return solve(ctx, std, args, &o)
		}
	},
}

type solveOptions struct {
	format  format
	unique  bool
	timeout time.Duration
	jobs    int
	trace   traceOptions
}

func jobsFlag(fs *flag.FlagSet, jobs *int) {
	*jobs = runtime.NumCPU()
	fs.IntVar(jobs, "jobs", *jobs, "solve on `N` threads; output order is kept")
	fs.IntVar(jobs, "j", *jobs, "short for --jobs")
}

type solveResult struct {
	sol    sudoku.Grid
	status string
	err    error
}

func solve(ctx context.Context, std *stdio, args []string, o *solveOptions) int {
	w := newRecordWriter(string(o.format), std)
	b := &batch{inputs: args, jobs: o.jobs, std: std, label: "solved", idle: w.flush}
	newWork := func() func(context.Context, *item) solveResult {
		var s solver.Solver
		return func(ctx context.Context, it *item) solveResult {
			if it.err != nil {
				return solveResult{status: statusInvalid, err: it.err}
			}
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			return solveOne(ctx, &s, &it.puzzle.Grid, o.unique)
		}
	}
	ok := runBatch(ctx, b, newWork, func(it *item, res solveResult) {
		r := newRecord(it)
		r.Status = res.status
		if res.err != nil {
			r.Error = res.err.Error()
			w.write(&r, "", nil)
			return
		}
		r.Solution = res.sol.Digits()
		w.write(&r, r.Solution, &res.sol)
	})
	w.flush()
	return exitCode(ctx, std, ok && !w.failed)
}

// solveOne solves g, checking uniqueness if asked, and checks the solution
// before it is shown: a wrong answer is never printed.
func solveOne(ctx context.Context, s *solver.Solver, g *sudoku.Grid, unique bool) solveResult {
	var res solveResult
	n := 0
	var err error
	if unique {
		n, err = s.Enumerate(ctx, g, 2, func(sol *sudoku.Grid) bool {
			if n == 0 {
				res.sol = *sol
			}
			return true
		})
	} else {
		var ok bool
		res.sol, ok, err = s.SolveContext(ctx, g)
		if ok {
			n = 1
		}
	}
	switch {
	case err != nil:
		return solveResult{status: statusStopped, err: stopReason(err)}
	case n == 0:
		return solveResult{status: statusNone, err: errors.New("no solution")}
	case n > 1:
		return solveResult{status: statusMultiple, err: errors.New("more than one solution")}
	}
	if err := g.CheckSolution(&res.sol); err != nil {
		return solveResult{status: statusInvalid, err: fmt.Errorf("internal error: %v", err)}
	}
	res.status = statusSolved
	if unique {
		res.status = statusUnique
	}
	return res
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}

// stopReason says why a search was stopped.
func stopReason(err error) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return errors.New("stopped: time limit reached")
	case errors.Is(err, context.Canceled):
		return errors.New("stopped: interrupted")
	}
	return fmt.Errorf("stopped: %v", err)
}

// exitCode returns the exit status of a batch command, saying so when it
// was interrupted.
func exitCode(ctx context.Context, std *stdio, ok bool) int {
	if ctx.Err() != nil {
		fmt.Fprintln(std.err, "sudoku: interrupted")
		return exitFailed
	}
	if !ok {
		return exitFailed
	}
	return exitOK
}
