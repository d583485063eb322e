package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/trace"
)

// traceOptions are the flags of solve that ask for a trace.
type traceOptions struct {
	mode       traceMode // "", "text" or "json"
	grids      string
	ascii      bool
	candidates bool
	all        bool
	limit      int
	maxSteps   int
}

// traceMode is the value of --trace, which may be given without one.
type traceMode string

func (m *traceMode) String() string { return string(*m) }
func (m *traceMode) Set(s string) error {
	switch s {
	case "true", "text":
		*m = "text"
	case "json":
		*m = "json"
	case "false":
		*m = ""
	default:
		return errors.New("want text or json")
	}
	return nil
}

// IsBoolFlag lets --trace stand alone, meaning --trace=text.
func (m *traceMode) IsBoolFlag() bool { return true }

// words lets "--trace json" mean "--trace=json".
func (m *traceMode) words() []string { return []string{"text", "json"} }

// traceOnly are the flags of solve that work with --trace only.
var traceOnly = []string{"trace-grids", "ascii", "candidates", "all", "limit", "max-steps"}

func traceFlags(fs *flag.FlagSet, o *traceOptions) {
	fs.Var(&o.mode, "trace", "print how each puzzle was solved, step by step, as `text` (the default) or json")
	fs.StringVar(&o.grids, "trace-grids", "none", "with --trace: print grids `WHEN`: none, at each guess (guesses) or after every step (all)")
	fs.BoolVar(&o.ascii, "ascii", false, "with --trace: draw forced digits as <7> and empty cells as . instead of ⑦ and □")
	fs.BoolVar(&o.candidates, "candidates", false, "with --trace: show the candidates of empty cells under each grid")
	fs.BoolVar(&o.all, "all", false, "with --trace: go on after the first solution, up to --limit solutions")
	countVar(fs, &o.limit, "limit", 10, 1, "with --trace --all: stop after `N` solutions; with --true-candidates: look at N solutions at most (default 10000)")
	fs.IntVar(&o.maxSteps, "max-steps", 1000000, "with --trace: cut a trace after `N` steps (0: no limit)")
}

type traceResult struct {
	out    []byte
	status solver.Status
	err    error
}

// traced runs solve --trace: each record is a puzzle's trace.
func traced(ctx context.Context, std *stdio, args []string, o *solveOptions) int {
	t := &o.trace
	grids, err := trace.ParseGrids(t.grids)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku solve: --trace-grids: want none, guesses or all\n")
		return exitUsage
	}
	opt := trace.Options{Limit: 1, MaxSteps: t.maxSteps}
	switch {
	case t.all:
		opt.Limit = t.limit
	case o.unique:
		opt.Limit = 2
	}
	text := trace.TextOptions{Grids: grids, ASCII: t.ascii, Candidates: t.candidates}
	p, w := batchOf[traceResult]("solve", "traced", std, args, o.batchOptions, &format{value: string(t.mode)})
	// traceOne traces a puzzle and renders the trace.
	traceOne := func(ctx context.Context, it *task) traceResult {
		ctx, cancel := withTimeout(ctx, o.timeout)
		defer cancel()
		tr, err := trace.Solve(ctx, it.puzzle.Grid, opt)
		if err != nil {
			st, _ := record.Describe(err)
			return traceResult{status: st, err: err}
		}
		res := traceResult{status: solver.Solved}
		switch {
		case tr.Outcome == trace.Cut:
			res.status, res.err = solver.Stopped, fmt.Errorf("stopped: %s", tr.Steps[len(tr.Steps)-1].Note)
		case tr.Outcome == trace.NoSolution:
			res.status, res.err = solver.None, record.ErrNoSolution
		case o.unique && len(tr.Solutions) > 1:
			res.status, res.err = solver.Multiple, record.ErrMultiple
		case o.unique:
			res.status = solver.Unique
		}
		var out []byte
		if t.mode == "json" {
			out, err = jsonLine(struct {
				Source string        `json:"source"`
				Line   int           `json:"line"`
				Name   string        `json:"name,omitempty"`
				Status solver.Status `json:"status"`
				Error  string        `json:"error,omitempty"`
				Trace  *trace.Trace  `json:"trace"`
			}{it.src, it.puzzle.Line, it.puzzle.Name, res.status, traceError(res.err), tr})
		} else {
			var buf bytes.Buffer
			fmt.Fprintf(&buf, "== %s %s\n", it.where(), it.puzzle.Name)
			err = trace.WriteText(&buf, tr, text)
			out = buf.Bytes()
		}
		if err != nil {
			// Written as the failed record of the puzzle, as emit does
			// for one without output.
			return traceResult{status: solver.Failed, err: fmt.Errorf("encoding the trace: %w", err)}
		}
		res.out = out
		return res
	}
	p.newWork = func() func(context.Context, *task, *traceResult) {
		return func(ctx context.Context, it *task, res *traceResult) { *res = traceOne(ctx, it) }
	}
	p.emit = func(it *task, res *traceResult) bool {
		if res.out == nil { // the puzzle could not be read, or its givens clash
			return w.failure(it, res.err)
		}
		if w.enc.N > 0 && t.mode != "json" {
			w.con.Write([]byte{'\n'})
		}
		w.con.Write(res.out)
		w.enc.N++
		if res.err != nil {
			w.con.Failure(it.where(), traceError(res.err))
			return false
		}
		return true
	}
	return p.run(ctx)
}

// traceError words the error of a trace as the other commands do: a cut
// trace says why.
func traceError(err error) string {
	if err == nil {
		return ""
	}
	if strings.HasPrefix(err.Error(), "stopped: ") {
		return err.Error()
	}
	_, msg := record.Describe(err)
	return msg
}
