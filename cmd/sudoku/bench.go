package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

var benchCmd = &command{
	name:    "bench",
	args:    "[FILE|PUZZLE|-]...",
	summary: "measure solving speed on whole puzzle files",
	doc: `Bench measures, on one thread, how many puzzles per second the solver handles
for each file: in first-solution mode (solve) and in count-to-2 mode (count2,
which also proves the solution unique), and how many guesses it makes per
puzzle. Each mode repeats the whole file until --time has passed. Without
FILE it uses the built-in Project Euler 96 grids. Pencil-mark puzzles are
searched from their candidates, and variant puzzles (in the formats solve
reads) by the variant engine, each prepared before the clock starts; a
file may mix them. Puzzles that cannot be read are skipped and reported,
and the exit status is then 1.

--shuffle SEED solves each puzzle written another way: a random isomorph
(digits relabelled, perhaps transposed, bands, stacks, rows and columns
reordered), as tdoku's benchmark does with -r 1. Puzzle i of each file
(counting those that can be read) becomes what sudoku shuffle --seed SEED
prints for it (variant puzzles have no such copies: they are skipped); a
SEED of 0 draws a new seed, which --json reports. A solver should be as
fast on the copies, and comparing on them favours no solver that happens
to suit the way the files are written.

Examples (on tdoku's data sets, or any puzzle files):
  sudoku bench puzzles2_17_clue.txt
  sudoku bench --shuffle 1 --json puzzles2_17_clue.txt puzzles7_serg_benchmark.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o benchOptions
		fs.DurationVar(&o.minTime, "time", time.Second, "run each mode for at least this `duration`")
		fs.BoolVar(&o.json, "json", false, "print one JSON object per file")
		fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `file`")
		fs.Func("shuffle", "solve a random isomorph of each puzzle, drawn from `seed`", func(v string) error {
			seed, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return errors.New("not a seed: want a number from 0 to 18446744073709551615")
			}
			if seed == 0 {
				seed = rand.Uint64() // as for sudoku shuffle: a new seed each run
			}
			o.shuffle, o.seed = true, seed
			return nil
		})
		return func(ctx context.Context, args []string) int { return bench(ctx, std, args, &o) }
	},
}

type benchOptions struct {
	minTime    time.Duration
	json       bool
	cpuprofile string
	shuffle    bool   // solve isomorphs drawn from seed
	seed       uint64 // for shuffle
}

// benchResult is the measurement of one file; its JSON form is the output
// of --json.
type benchResult struct {
	File          string  `json:"file"`
	Puzzles       int     `json:"puzzles"`
	SolvePerSec   float64 `json:"solvePerSec"`
	Count2PerSec  float64 `json:"count2PerSec"`
	GuessesPerPuz float64 `json:"guessesPerPuzzle"`
	Unique        int     `json:"unique"` // puzzles with exactly one solution
	// Shuffle is the seed of --shuffle, as a string (JSON numbers are not
	// exact beyond 2^53); absent when the puzzles were solved as written.
	Shuffle string `json:"shuffle,omitempty"`
}

func bench(ctx context.Context, std *stdio, args []string, o *benchOptions) (code int) {
	if o.cpuprofile != "" {
		stop, err := startProfile(o.cpuprofile)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku bench: %v\n", err)
			return exitFailed
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintf(std.err, "sudoku bench: %v\n", err)
				code = exitFailed
			}
		}()
	}
	var ins []input
	if len(args) == 0 {
		ins = []input{{euler96Name, euler96Name}}
	} else {
		ins = inputs(args)
	}
	runtime.LockOSThread() // one thread, as the numbers say
	defer runtime.UnlockOSThread()
	// Rows are printed as each file is done, so the widths are fixed up
	// front; the table names a file by its base name, the JSON as given.
	width := len("file")
	for _, in := range ins {
		width = max(width, len(filepath.Base(in.name)))
	}
	row := "%-*s  %8v  %10v  %10v  %14v  %7v\n"
	header := !o.json // the table's header, until it is printed above the first row
	code = exitOK
	for _, in := range ins {
		r, closeIt, err := openBench(std, in)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku bench: %v\n", err)
			code = exitFailed
			continue
		}
		puzzles, bad, err := readBench(r, in.name, o)
		closeIt()
		for _, e := range bad {
			fmt.Fprintf(std.err, "%s (skipped)\n", e)
			code = exitFailed
		}
		if err != nil {
			fmt.Fprintf(std.err, "sudoku bench: reading %s: %v\n", in.name, unwrapPath(err))
			code = exitFailed
			continue
		}
		if puzzles.len() == 0 {
			why := errNoPuzzles.Error()
			if len(bad) > 0 {
				why = "no puzzles left to measure"
			}
			fmt.Fprintf(std.err, "sudoku bench: %s: %s\n", in.name, why)
			code = exitFailed
			continue
		}
		res := measure(ctx, in.name, &puzzles, o.minTime)
		if o.shuffle {
			res.Shuffle = strconv.FormatUint(o.seed, 10)
		}
		if ctx.Err() != nil {
			fmt.Fprintln(std.err, "sudoku bench: interrupted")
			return exitFailed
		}
		if o.json {
			b, err := jsonLine(res)
			if err != nil {
				fmt.Fprintf(std.err, "sudoku bench: %s: encoding the result: %v\n", in.name, err)
				code = exitFailed
				continue
			}
			std.out.Write(b) //nolint:errcheck // run reports standard output's errors
			continue
		}
		if header {
			fmt.Fprintf(std.out, row, width, "file", "puzzles", "solve/s", "count2/s", "guesses/puzzle", "unique")
			header = false
		}
		fmt.Fprintf(std.out, row, width, filepath.Base(res.File), res.Puzzles, fmt.Sprintf("%.0f", res.SolvePerSec),
			fmt.Sprintf("%.0f", res.Count2PerSec), fmt.Sprintf("%.2f", res.GuessesPerPuz), res.Unique)
	}
	return code
}

// startProfile starts a CPU profile into the file name, and returns the
// function that stops it and reports whether the profile was written
// whole: the profiler ignores its own write errors, so they are kept on
// the way to the file.
func startProfile(name string) (stop func() error, err error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	w := &checkedWriter{w: f}
	if err := pprof.StartCPUProfile(w); err != nil {
		f.Close()
		return nil, fmt.Errorf("starting the CPU profile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		err := w.err
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing the CPU profile %s: %w", name, unwrapPath(err))
		}
		return nil
	}, nil
}

// euler96Name names the built-in Project Euler grids, which bench and
// euler96 read without a file.
const euler96Name = "p096_sudoku.txt (built in)"

// openBench opens an input of bench or euler96: as every command does
// (see open), or the built-in grids.
func openBench(std *stdio, in input) (io.Reader, func(), error) {
	if in.arg == euler96Name {
		return bytes.NewReader(euler96Data), func() {}, nil
	}
	return open(std, in)
}

// benchSet holds the puzzles of one file that bench measures, by kind:
// plain grids (timed in a loop of their own, as fast as ever), pencil-mark
// puzzles and variant puzzles, each prepared before the clock starts.
type benchSet struct {
	grids []sudoku.Grid
	marks []sudoku.Marks
	vars  []*variant.Solver
}

func (b *benchSet) len() int { return len(b.grids) + len(b.marks) + len(b.vars) }

// readBench returns the puzzles of r, from the input name, that can be
// read and measured, and the errors of those that cannot, as
// "name:line: reason". With o.shuffle, each classic puzzle is replaced by
// a random isomorph, the k-th read (counting those that can be) by the
// one sudoku shuffle --seed prints for puzzle k, and a variant puzzle is
// refused: it has no isomorphs drawn as a classic one's are.
func readBench(r io.Reader, name string, o *benchOptions) (benchSet, []string, error) {
	var set benchSet
	var bad []string
	var src rand.PCG
	rnd := rand.New(&src)
	// isomorph draws the transform of the next puzzle, the k-th.
	isomorph := func() sudoku.Transform {
		seedPuzzle(&src, o.seed, set.len())
		return sudoku.RandomTransform(rnd)
	}
	addGrid := func(g *sudoku.Grid) {
		if o.shuffle {
			t := isomorph()
			*g = t.Apply(g)
		}
		set.grids = append(set.grids, *g)
	}
	sr := sudoku.NewReader(r)
	sr.Other = vformat.Claims
	for p, err := range sr.All() {
		var pe *sudoku.ParseError
		switch {
		case errors.As(err, &pe) && errors.Is(err, sudoku.ErrOther):
			g, s, err := benchVariant(p.Text, o.shuffle)
			switch {
			case err != nil:
				bad = append(bad, fmt.Sprintf("%s:%d: %v", name, pe.StartLine, err))
			case s != nil:
				set.vars = append(set.vars, s)
			default:
				addGrid(&g)
			}
		case errors.As(err, &pe):
			bad = append(bad, fmt.Sprintf("%s:%d: %v", name, pe.StartLine, err))
		case err != nil:
			return benchSet{}, bad, err
		case p.Marks != nil:
			m := *p.Marks
			if o.shuffle {
				t := isomorph()
				m = t.ApplyMarks(&m)
			}
			set.marks = append(set.marks, m)
		default:
			addGrid(&p.Grid)
		}
	}
	return set, bad, nil
}

// errShuffleVariant is bench's error for a variant puzzle with --shuffle.
var errShuffleVariant = errors.New("a variant puzzle: --shuffle draws isomorphs of classic puzzles only")

// benchVariant reads a variant puzzle's text: a classic one as its grid,
// any other as its prepared solver.
func benchVariant(text string, shuffle bool) (sudoku.Grid, *variant.Solver, error) {
	var g sudoku.Grid
	p, _, err := vformat.Parse(text)
	if err != nil {
		return g, nil, err
	}
	if vformat.Classic(p) {
		return g, nil, classicGrid(&g, p)
	}
	if shuffle {
		return g, nil, errShuffleVariant
	}
	s, err := variant.NewSolver(p)
	return g, s, err
}

// seedPuzzle seeds src for puzzle i of a run seeded with seed, so that
// what puzzle i gets does not depend on the others or on --jobs.
func seedPuzzle(src *rand.PCG, seed uint64, i int) {
	s := generate.PuzzleSeed(seed, i)
	src.Seed(s, s^0x9e3779b97f4a7c15)
}

// measure times both modes over the puzzles of b, each for at least
// minTime. A variant puzzle's search stops when ctx is done; a classic
// one takes microseconds and is not asked.
func measure(ctx context.Context, name string, b *benchSet, minTime time.Duration) benchResult {
	var s solver.Solver
	r := benchResult{File: name, Puzzles: b.len()}
	guesses := 0
	for i := range b.grids {
		s.Solve(&b.grids[i])
		guesses += s.Guesses()
		if s.Count(&b.grids[i], 2) == 1 {
			r.Unique++
		}
	}
	for i := range b.marks {
		s.SolveMarks(ctx, &b.marks[i]) //nolint:errcheck // ctx is checked by rate
		guesses += s.Guesses()
		if n, _ := s.CountMarks(ctx, &b.marks[i], 2); n == 1 {
			r.Unique++
		}
	}
	for _, v := range b.vars {
		_, st, _ := v.Solve(ctx) // no solution is an answer too
		guesses += st.Guesses
		if n, _, _ := v.Count(ctx, 2); n == 1 {
			r.Unique++
		}
	}
	r.GuessesPerPuz = float64(guesses) / float64(b.len())
	r.SolvePerSec = rate(ctx, b.len(), minTime, func() {
		for i := range b.grids {
			s.Solve(&b.grids[i])
		}
		for i := range b.marks {
			s.SolveMarks(ctx, &b.marks[i]) //nolint:errcheck // ctx is checked by rate
		}
		for _, v := range b.vars {
			v.Solve(ctx) //nolint:errcheck // as above
		}
	})
	r.Count2PerSec = rate(ctx, b.len(), minTime, func() {
		for i := range b.grids {
			s.Count(&b.grids[i], 2)
		}
		for i := range b.marks {
			s.CountMarks(ctx, &b.marks[i], 2) //nolint:errcheck // ctx is checked by rate
		}
		for _, v := range b.vars {
			v.Count(ctx, 2) //nolint:errcheck // as above
		}
	})
	return r
}

// rate runs pass until minTime has passed and returns puzzles per second.
func rate(ctx context.Context, n int, minTime time.Duration, pass func()) float64 {
	start := time.Now()
	passes := 0
	for {
		pass()
		passes++
		el := time.Since(start)
		if el >= minTime || ctx.Err() != nil {
			return float64(passes*n) / el.Seconds()
		}
	}
}
