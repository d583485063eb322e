package main

import (
	"context"
	"flag"
	"runtime"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
)

var solveCmd = &command{
	name:    "solve",
	args:    "[FILE|PUZZLE|-]...",
	summary: "solve puzzles",
	doc: `Solve prints the solution of every puzzle in the input files, one record per
puzzle, in input order. A puzzle that cannot be read, breaks the rules, has no
solution, has several (with --unique) or runs out of time gets a record that
starts with "error:" in its place; the rest of the batch still runs, and the
exit status is 1. A puzzle may be pencil marks (nine lines of candidate
sets, or 729 characters): its solutions are those of its candidates, a
candidate left out staying out.

A puzzle may be a variant one (an f-puzzles or SudokuPad link, an
Interactive Sudoku Solver string, a plain grid of another size than 9x9;
see docs/variants.md): it is solved under all its rules by the variant
engine, its solution written as one line of values (10 and above as A, B
...) or, with --format grid, as a grid; a rule godoku lacks is refused by
name. --trace is for classic puzzles.

With --true-candidates, solve prints instead the values each cell holds in
at least one solution (what setters check a change with), looking at no
more than --limit solutions (default 10000): one line of pencil marks a
puzzle (N places a cell, "." for a value that is not a candidate; a
classic puzzle's line reads back as its pencil marks), a grid of candidate
sets with --format grid (headed by a note when the search stopped at the
limit, so that more candidates may exist), or JSON records with
"trueCandidates" (each cell's values) and "complete". A classic puzzle or
its pencil marks goes to the variant engine for this, which skips the
branches that can add no candidate.

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
  sudoku solve --unique '.Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3'
  sudoku solve --true-candidates --format grid '.Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1'
  echo 003020600900305001001806400008102900700000008006708200002609500800203009005010300 | sudoku solve`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o solveOptions
		o.format = formatFlag(fs, linkFormats...)
		templateFlag(fs, o.format, "solve")
		fs.BoolVar(&o.unique, "unique", false, "fail puzzles with more than one solution")
		fs.DurationVar(&o.timeout, "timeout", 0, "give up on a puzzle after this `duration` (0: no limit)")
		batchFlags(fs, &o.batchOptions, shardRecords)
		fs.BoolVar(&o.trueCands, "true-candidates", false, "print instead the values each cell holds in some solution, looking at --limit solutions at most (default 10000)")
		traceFlags(fs, &o.trace)
		return func(ctx context.Context, args []string) int {
			if o.trace.mode != "" {
				if o.trueCands {
					return flagMisuse(std, "solve", "--true-candidates does not go with --trace")
				}
				if firstSet(fs, "limit") != "" && !o.trace.all {
					return flagMisuse(std, "solve", "--limit works with --trace --all only")
				}
				return traced(ctx, std, args, &o)
			}
			if o.trueCands {
				if f := firstSet(fs, "unique", "trace-grids", "ascii", "candidates", "all", "max-steps"); f != "" {
					return flagMisuse(std, "solve", "--%s does not go with --true-candidates", f)
				}
				if f := o.format.value; f != "line" && f != "grid" && f != "json" {
					return flagMisuse(std, "solve", "--true-candidates writes line, grid or json, not %s", f)
				}
				if firstSet(fs, "limit") == "" {
					o.trace.limit = trueCandidateLimit
				}
				return solveTrueCandidates(ctx, std, args, &o)
			}
			if f := firstSet(fs, traceOnly...); f != "" {
				return flagMisuse(std, "solve", "--%s works with --trace only", f)
			}
			return solve(ctx, std, args, &o)
		}
	},
}

type solveOptions struct {
	format    *format
	unique    bool
	trueCands bool
	timeout   time.Duration
	batchOptions
	trace traceOptions
}

// batchOptions are the flags of every batch command: how many puzzles it
// works on at once, and which shard of the batch is its.
type batchOptions struct {
	jobs  int
	shard shard
}

// batchFlags registers --jobs and --shard; what names the k-th item dealt
// out to the shards, for --shard's help.
func batchFlags(fs *flag.FlagSet, b *batchOptions, what string) {
	countVar(fs, &b.jobs, "jobs", runtime.NumCPU(), 1, "work on `N` puzzles at once; output order is kept")
	countVar(fs, &b.jobs, "j", runtime.NumCPU(), 1, "short for --jobs")
	shardVar(fs, &b.shard, what)
}

// batchOf returns the pipeline of a command over the puzzles of args, with
// its console and a record writer in the chosen format. The command
// refuses pencil-mark puzzles.
func batchOf[R any](name, label string, std *stdio, args []string, b batchOptions, f *format) (*pipeline[R], *recordWriter) {
	return newBatch[R](name, label, std, args, b, f, takes{cmd: name})
}

func newBatch[R any](name, label string, std *stdio, args []string, b batchOptions, f *format, acc takes) (*pipeline[R], *recordWriter) {
	con := newConsole(std)
	p := &pipeline[R]{
		name: name, con: con, jobs: b.jobs, label: label,
		progress: !readsTerminal(std, args),
		tasks:    readTasks(std, args, acc, b.shard),
	}
	return p, newRecordWriter(name, f, con)
}

type solveResult struct {
	sol    sudoku.Grid
	values []int // a variant puzzle's solution, in cell order
	status solver.Status
	err    error
}

func solve(ctx context.Context, std *stdio, args []string, o *solveOptions) int {
	p, w := newBatch[solveResult]("solve", "solved", std, args, o.batchOptions, o.format, takes{cmd: "solve", marks: true, variants: true})
	linkKind, asLink := linkKinds[o.format.value]
	p.newWork = func() func(context.Context, *task, *solveResult) {
		var s solver.Solver
		return func(ctx context.Context, t *task, res *solveResult) {
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			if t.variant != nil {
				*res = solveVariant(ctx, t.variant, o.unique)
				return
			}
			*res = solveOne(ctx, &s, &t.puzzle, o.unique)
		}
	}
	p.emit = func(t *task, res *solveResult) bool {
		if err := record.StatusError(res.status, res.err); t.err != nil || err != nil {
			return w.failure(t, err)
		}
		if t.variant != nil {
			return w.writeVariant(t, res, linkKind, asLink, o.format.value == "grid")
		}
		r := newRecord(t)
		r.Status = res.status
		r.Solution = res.sol.Digits()
		if asLink {
			link, err := linkOf(linkKind, t, gridValues(&res.sol))
			if err != nil {
				return w.failure(t, refused{err})
			}
			return w.write(&r, link, nil)
		}
		return w.write(&r, r.Solution, &res.sol)
	}
	return p.run(ctx)
}

// solveTrueCandidates runs solve --true-candidates: each record is a
// puzzle's true candidates.
func solveTrueCandidates(ctx context.Context, std *stdio, args []string, o *solveOptions) int {
	p, w := newBatch[trueCandsResult]("solve", "solved", std, args, o.batchOptions, o.format, takes{cmd: "solve", marks: true, variants: true})
	limit := o.trace.limit
	p.newWork = func() func(context.Context, *task, *trueCandsResult) {
		return func(ctx context.Context, t *task, res *trueCandsResult) {
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			*res = trueCandidates(ctx, t, limit)
		}
	}
	p.emit = func(t *task, res *trueCandsResult) bool {
		if t.err != nil {
			return w.failure(t, nil)
		}
		return w.writeTrueCandidates(t, res, limit, o.format.value == "grid")
	}
	return p.run(ctx)
}

// solveOne solves a puzzle, from its pencil marks if it has them,
// checking uniqueness if asked. Every solution returned has been checked
// against the rules and the givens or marks: a wrong answer is never
// printed.
func solveOne(ctx context.Context, s *solver.Solver, p *sudoku.Puzzle, unique bool) solveResult {
	if unique {
		sol, st, err := classify(ctx, s, p)
		return solveResult{sol: sol, status: st, err: err}
	}
	var (
		sol   sudoku.Grid
		ok    bool
		err   error
		check error
	)
	if p.Marks != nil {
		sol, ok, err = s.SolveMarks(ctx, p.Marks)
	} else {
		sol, ok, err = s.SolveContext(ctx, &p.Grid)
	}
	switch {
	case err != nil:
		return solveResult{status: solver.Stopped, err: err}
	case !ok:
		return solveResult{status: solver.None}
	case p.Marks != nil:
		check = p.Marks.CheckSolution(&sol)
	default:
		check = p.Grid.CheckSolution(&sol)
	}
	if check != nil {
		return solveResult{status: solver.Failed, err: check}
	}
	return solveResult{sol: sol, status: solver.Solved}
}

// classify is Classify of the puzzle, or ClassifyMarks of its pencil
// marks if it has them.
func classify(ctx context.Context, s *solver.Solver, p *sudoku.Puzzle) (sudoku.Grid, solver.Status, error) {
	if p.Marks != nil {
		return s.ClassifyMarks(ctx, p.Marks)
	}
	return s.Classify(ctx, &p.Grid)
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}
