package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"

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

func traceFlags(fs *flag.FlagSet, o *traceOptions) {
	fs.Var(&o.mode, "trace", "print how each puzzle was solved, step by step, as `text` (the default) or json")
	fs.StringVar(&o.grids, "trace-grids", "none", "with --trace: also print the grid at each `guess` (guesses) or after every step (all)")
	fs.BoolVar(&o.ascii, "ascii", false, "with --trace: draw forced digits as <7> and empty cells as . instead of ⑦ and □")
	fs.BoolVar(&o.candidates, "candidates", false, "with --trace: show the candidates of empty cells under each grid")
	fs.BoolVar(&o.all, "all", false, "with --trace: go on after the first solution, up to --limit solutions")
	fs.IntVar(&o.limit, "limit", 10, "with --trace --all: stop after `N` solutions")
	fs.IntVar(&o.maxSteps, "max-steps", 1000000, "with --trace: cut a trace after `N` steps (0: no limit)")
}

type traceResult struct {
	out    []byte
	status string
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
	if t.limit < 1 || t.maxSteps < 0 {
		fmt.Fprintf(std.err, "sudoku solve: --limit must be 1 or more and --max-steps 0 or more\n")
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
	w := newRecordWriter(string(t.mode), std)
	b := &batch{inputs: args, jobs: o.jobs, std: std, label: "traced", idle: w.flush}
	newWork := func() func(context.Context, *item) traceResult {
		return func(ctx context.Context, it *item) traceResult {
			if it.err != nil {
				return traceResult{status: statusInvalid, err: it.err}
			}
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			tr, err := trace.Solve(ctx, it.puzzle.Grid, opt)
			if err != nil {
				return traceResult{status: statusInvalid, err: err}
			}
			res := traceResult{status: statusSolved}
			switch {
			case tr.Outcome == trace.Cut:
				res.status, res.err = statusStopped, fmt.Errorf("stopped: %s", tr.Steps[len(tr.Steps)-1].Note)
			case tr.Outcome == trace.NoSolution:
				res.status, res.err = statusNone, errors.New("no solution")
			case o.unique && len(tr.Solutions) > 1:
				res.status, res.err = statusMultiple, errors.New("more than one solution")
			case o.unique:
				res.status = statusUnique
			}
			var buf bytes.Buffer
			if t.mode == "json" {
				json.NewEncoder(&buf).Encode(struct {
					Source string       `json:"source"`
					Line   int          `json:"line"`
					Name   string       `json:"name,omitempty"`
					Status string       `json:"status"`
					Error  string       `json:"error,omitempty"`
					Trace  *trace.Trace `json:"trace"`
				}{it.src, it.puzzle.Line, it.puzzle.Name, res.status, errText(res.err), tr})
			} else {
				fmt.Fprintf(&buf, "== %s:%d %s\n", it.src, it.puzzle.Line, it.puzzle.Name)
				trace.WriteText(&buf, tr, text)
			}
			res.out = buf.Bytes()
			return res
		}
	}
	ok := runBatch(ctx, b, newWork, func(it *item, res traceResult) {
		if res.out == nil { // the puzzle could not be read
			r := newRecord(it)
			r.Status, r.Error = res.status, res.err.Error()
			w.write(&r, "", nil)
			return
		}
		if res.err != nil {
			w.failed = true
			fmt.Fprintf(std.err, "%s:%d: %v\n", it.src, it.puzzle.Line, res.err)
		}
		if w.n > 0 && t.mode != "json" {
			w.out.WriteByte('\n')
		}
		w.out.Write(res.out)
		w.n++
	})
	w.flush()
	return exitCode(ctx, std, ok && !w.failed)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
