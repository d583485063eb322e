package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
)

var hintCmd = &command{
	name:    "hint",
	args:    "[PUZZLE|FILE|-]",
	summary: "show the next logical step, with the cells to look at",
	doc: `Hint finds the next step a strong human solver would take: the easiest
technique that makes progress, in HoDoKu's order. It prints the step in
standard notation, the cells that form its pattern, and why it holds.

The puzzle is the argument itself (81 cells), a file, or standard input ("-" or
nothing). It may be a plain puzzle in any format sudoku reads, or a grid with
pencil marks: nine lines of nine cells, each cell its candidate digits (a lone
digit is a placed one, "." an empty cell), with optional "|" and "+---" borders.

Examples:
  sudoku hint 003020600900305001001806400008102900700000008006708200002609500800203009005010300
  sudoku hint --json marks.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		asJSON := fs.Bool("json", false, "print the step as JSON")
		return func(ctx context.Context, args []string) int { return hint(std, args, *asJSON) }
	},
}

var explainCmd = &command{
	name:    "explain",
	args:    "[PUZZLE|FILE|-]",
	summary: "show the whole logical solving path of a puzzle",
	doc: `Explain solves a puzzle the way a strong human would and prints every step:
the technique, its pattern in standard notation, and what it places or
removes; -v adds the reason in plain English. Where no technique applies, a
"Brute Force" step places a digit of the solution. The puzzle is the argument
itself, a file, or standard input, and must have exactly one solution.

Examples:
  sudoku explain 003020600900305001001806400008102900700000008006708200002609500800203009005010300
  sudoku explain --json puzzle.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		asJSON := fs.Bool("json", false, "print the path as JSON")
		verbose := fs.Bool("v", false, "explain each step in words")
		timeout := fs.Duration("timeout", time.Minute, "give up after this `duration`")
		return func(ctx context.Context, args []string) int {
			return explain(ctx, std, args, *asJSON, *verbose, *timeout)
		}
	},
}

var rateCmd = &command{
	name:    "rate",
	args:    "[FILE|-]...",
	summary: "rate the difficulty of puzzles",
	doc: `Rate rates every puzzle in the input files, one line per puzzle in input order:
the level (Easy, Medium, Hard, Unfair or Extreme, as HoDoKu grades), a
HoDoKu-style score (the sum of the step scores), a Sudoku Explainer-style
rating (the hardest step, 1.0 to about 12), and the hardest technique needed.
A puzzle that cannot be read, or that has no or several solutions, gets a line
starting with "error:", a "file:line: reason" line on standard error, and
exit status 1.

Examples:
  sudoku rate puzzles.txt
  sudoku rate --json - < puzzles.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		asJSON := fs.Bool("json", false, "print one JSON object per puzzle")
		var o rateOptions
		fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up on a puzzle after this `duration` (0: no limit)")
		jobsFlag(fs, &o.jobs)
		return func(ctx context.Context, args []string) int {
			o.format = "line"
			if *asJSON {
				o.format = "json"
			}
			return ratePuzzles(ctx, std, args, &o)
		}
	},
}

var errOnePuzzle = errors.New("want one puzzle")

// readPuzzleArg returns the text of the one puzzle a command was given: the
// argument itself, the file it names, or standard input.
func readPuzzleArg(std *stdio, args []string) (text, src string, err error) {
	switch {
	case len(args) > 1:
		return "", "", errOnePuzzle
	case len(args) == 0 || args[0] == "-":
		b, err := io.ReadAll(std.in)
		return string(b), "<stdin>", err
	}
	if b, err := os.ReadFile(args[0]); err == nil {
		return string(b), args[0], nil
	} else if !errors.Is(err, os.ErrNotExist) || looksLikeFile(args[0]) {
		return "", "", err
	}
	return args[0], "<argument>", nil
}

// looksLikeFile reports whether an argument that names no file was meant
// as one, so that a mistyped file name is reported as missing rather than
// as a bad puzzle.
func looksLikeFile(arg string) bool {
	return len(arg) < 81 && strings.ContainsAny(arg, "/\\") || strings.HasSuffix(arg, ".txt")
}

func hint(std *stdio, args []string, asJSON bool) int {
	text, src, err := readPuzzleArg(std, args)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku hint: %v\n", err)
		return exitUsageOr(err)
	}
	c, err := logic.ParseCandidates(text)
	if err != nil {
		fmt.Fprintf(std.err, "%s: %v\n", src, err)
		return exitFailed
	}
	if c.Solved() {
		fmt.Fprintln(std.out, "The grid is solved.")
		return exitOK
	}
	step, ok := logic.Hint(c)
	if !ok {
		fmt.Fprintln(std.err, "sudoku hint: no logical technique applies: only guessing is left (or the pencil marks are wrong)")
		return exitFailed
	}
	if asJSON {
		enc := json.NewEncoder(std.out)
		enc.Encode(struct {
			logic.Step
			Cells []string `json:"cells"`
		}{step, cellNames(step.Cells())})
		return exitOK
	}
	fmt.Fprintf(std.out, "%s\nLook at: %s\n%s\n", step, strings.Join(cellNames(step.Cells()), " "), step.Explanation)
	return exitOK
}

func cellNames(cells []int) []string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = sudoku.CellName(c)
	}
	return names
}

func explain(ctx context.Context, std *stdio, args []string, asJSON, verbose bool, timeout time.Duration) int {
	text, src, err := readPuzzleArg(std, args)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku explain: %v\n", err)
		return exitUsageOr(err)
	}
	g, err := sudoku.Parse(text)
	if err == nil {
		err = g.Validate()
	}
	if err != nil {
		fmt.Fprintf(std.err, "%s: %v\n", src, err)
		return exitFailed
	}
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	steps, err := logic.ExplainContext(ctx, g)
	if err != nil {
		fmt.Fprintf(std.err, "%s: %v\n", src, err)
		return exitFailed
	}
	if asJSON {
		json.NewEncoder(std.out).Encode(struct {
			Puzzle string       `json:"puzzle"`
			Steps  []logic.Step `json:"steps"`
		}{g.String(), steps})
		return exitOK
	}
	for i, s := range steps {
		fmt.Fprintf(std.out, "%3d. %s\n", i+1, s)
		if verbose && s.Explanation != "" {
			fmt.Fprintf(std.out, "     %s\n", s.Explanation)
		}
	}
	return exitOK
}

// exitUsageOr returns exitUsage for a wrong command line and exitFailed for
// anything else.
func exitUsageOr(err error) int {
	if errors.Is(err, errOnePuzzle) {
		return exitUsage
	}
	return exitFailed
}

type rateOptions struct {
	format  format
	timeout time.Duration
	jobs    int
}

type rateResult struct {
	r   logic.Rating
	err error
}

func ratePuzzles(ctx context.Context, std *stdio, args []string, o *rateOptions) int {
	w := newRecordWriter(string(o.format), std)
	b := &batch{inputs: args, jobs: o.jobs, std: std, label: "rated", idle: w.flush}
	newWork := func() func(context.Context, *item) rateResult {
		return func(ctx context.Context, it *item) rateResult {
			if it.err != nil {
				return rateResult{err: it.err}
			}
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			r, err := logic.RateContext(ctx, it.puzzle.Grid)
			if ctx.Err() != nil {
				err = stopReason(ctx.Err())
			}
			return rateResult{r, err}
		}
	}
	ok := runBatch(ctx, b, newWork, func(it *item, res rateResult) {
		r := newRecord(it)
		if res.err != nil {
			switch {
			case errors.Is(res.err, logic.ErrNoSolution):
				r.Status = statusNone
			case errors.Is(res.err, logic.ErrMultipleSolutions):
				r.Status = statusMultiple
			case it.err != nil:
				r.Status = statusInvalid
			default:
				r.Status = statusStopped
			}
			r.Error = res.err.Error()
			w.write(&r, "", nil)
			return
		}
		r.Status = statusUnique
		r.Rating = &res.r
		w.write(&r, fmt.Sprintf("%-8s %5d %5.1f  %s", res.r.Level, res.r.Score, res.r.SE, res.r.Hardest), nil)
	})
	w.flush()
	return exitCode(ctx, std, ok && !w.failed)
}
