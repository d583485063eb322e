package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	classic "github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
	vgenerate "github.com/godoku/sudoku/variant/generate"
)

// generate --variant killer: killer puzzles of package variant/generate,
// written as links (variant puzzles have no 81-character line), through
// the same pipeline, seeds and records as classic puzzles.

// variantNames are the values of --variant.
var variantNames = []string{"killer"}

// classicOnlyFlags are generate's flags that say what a classic puzzle's
// givens and path must be, which --variant refuses.
var classicOnlyFlags = []string{"symmetry", "clues", "no-minimal", "pattern", "require", "hardest", "score", "se"}

// variantFormats are the --format values --variant takes: a line is the
// puzzle's f-puzzles link.
var variantFormats = []string{"line", "fpuzzles", "sudokupad", "json", "csv", "template"}

type killerResult struct {
	p     vgenerate.Puzzle
	err   error
	stats vgenerate.Stats
}

// generateKiller is generate with --variant killer; classicFlag is the
// first classic-only flag set, if any.
func generateKiller(ctx context.Context, std *stdio, args []string, o *generateOptions, classicFlag string) int {
	misuse := func(format string, a ...any) int { return flagMisuse(std, "generate", format, a...) }
	switch {
	case len(args) > 0:
		return misuse("unexpected argument %q", args[0])
	case o.variant != "killer":
		return misuse("--variant %q: want one of %s", o.variant, strings.Join(variantNames, ", "))
	case classicFlag != "":
		return misuse("--%s is for classic puzzles: a killer puzzle is asked for by --level, --givens and --single-cells", classicFlag)
	case !slices.Contains(variantFormats, o.format.value):
		return misuse("--format %s: a killer puzzle is written as a link; want one of %s", o.format.value, strings.Join(variantFormats, ", "))
	}
	// The full rating is worked out only to be shown.
	opt := vgenerate.Options{Givens: o.givens, SingleCells: o.singleCells, Rate: o.format.showsRating()}
	if o.cond.level != "any" {
		for _, name := range strings.Split(o.cond.level, ",") {
			l, err := logic.ParseLevel(name)
			if err != nil {
				return misuse("--level: want easy, medium, hard, unfair, extreme or any, not %q", name)
			}
			opt.Levels = append(opt.Levels, l)
		}
	}
	tasks, total, err := o.shard.seededTasks(&o.seed, o.n)
	if err != nil {
		return misuse("%v", err)
	}
	jobs := max(1, min(o.jobs, total))
	gens, err := perWorker(jobs, func() (*vgenerate.Generator, error) { return vgenerate.New(o.seed, opt) })
	if err != nil {
		return misuse("%v", strings.TrimPrefix(err.Error(), "generate: "))
	}

	con := newConsole(std)
	w := newRecordWriter("generate", o.format, con)
	p := &pipeline[killerResult]{
		name: "generate", con: con, jobs: jobs, label: "generated", total: total, progress: true,
		tasks: tasks,
		newWork: func() func(context.Context, *task, *killerResult) {
			g := <-gens
			return func(ctx context.Context, t *task, res *killerResult) {
				ctx, cancel := withTimeout(ctx, o.timeout)
				defer cancel()
				g.Seed(classic.PuzzleSeed(o.seed, t.index))
				before := g.Stats()
				res.p, res.err = g.Generate(ctx)
				res.stats = g.Stats().Since(before)
			}
		},
	}
	p.emit = func(t *task, res *killerResult) bool {
		if res.err != nil && ctx.Err() != nil && errors.Is(res.err, context.Canceled) {
			return false
		}
		if res.err != nil {
			_, msg := record.Describe(res.err)
			if errors.Is(res.err, context.DeadlineExceeded) {
				msg = fmt.Sprintf("%s: no killer puzzle of the level asked for within %v (%s; try another level, --givens or a longer --timeout)",
					msg, o.timeout, levelSpread(res.stats))
			}
			con.Errorf("sudoku generate: puzzle %d: %s", t.index+1, msg)
			return false
		}
		return writeKiller(w, con, o, t.index, &res.p)
	}
	return p.run(ctx)
}

// writeKiller writes puzzle i of the run in the format asked for.
func writeKiller(w *recordWriter, con *console, o *generateOptions, i int, gp *vgenerate.Puzzle) bool {
	p := gp.Puzzle
	kind := vformat.FPuzzles
	if o.format.value == "sudokupad" {
		kind = vformat.SudokuPad
	}
	link, err := vformat.Write(p, kind)
	if err != nil {
		con.Errorf("sudoku generate: puzzle %d: %v", i+1, err)
		return false
	}
	var rating *record.Rating
	if r := gp.Rating; r != nil {
		rating = &record.Rating{Variant: variantRating(r)}
	}
	solution := vformat.SolutionLine(p, p.Solution)
	switch o.format.value {
	case "json":
		b, err := jsonLine(generated{
			Puzzle: link, Solution: solution, Givens: givenCount(p), Size: p.Size, Kinds: vformat.Kinds(p),
			Rating: rating, Seed: o.seed, Number: i + 1,
		})
		if err != nil {
			con.Errorf("sudoku generate: puzzle %d: encoding it: %v", i+1, err)
			return false
		}
		con.Write(b)
		w.enc.N++
		return true
	case "csv", "template":
		r := record.Record{Source: "generate", Line: i + 1, Puzzle: link, Solution: solution, Status: solver.Unique,
			Rating: rating, Seed: o.seed, Givens: givenCount(p), Size: p.Size, Kinds: vformat.Kinds(p)}
		return w.write(&r, "", nil)
	}
	con.Write([]byte(link + "\n"))
	w.enc.N++
	return true
}

// givenCount returns the number of givens of p.
func givenCount(p *variant.Puzzle) int {
	n := 0
	for _, v := range p.Givens {
		if v != 0 {
			n++
		}
	}
	return n
}

// levelSpread says how many puzzles were made and at which levels they
// were graded, for the message of a run that gave up. Grading stops once
// a puzzle is harder than asked, so a level above the request is the one
// reached then: "as far as grading went".
func levelSpread(st vgenerate.Stats) string {
	var parts []string
	for l, k := range st.Levels {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, strings.ToLower(logic.Level(l).String())))
		}
	}
	return plural(st.Tries, "puzzle") + " made; their levels, as far as grading went: " + strings.Join(parts, ", ")
}
