package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
)

var canonCmd = &command{
	name:    "canon",
	args:    "[FILE|PUZZLE|-]...",
	summary: "print the canonical (minlex) form of puzzles, to find the same puzzle twice",
	doc: `Canon prints, for every puzzle or solution grid in the input files, its
canonical form: of all the puzzles that are the same up to relabelling the
digits, transposing, and reordering bands, stacks, rows within a band and
columns within a stack, the one whose 81 cells, read row by row with 0 for an
empty cell, are the smallest ("minlex", as in Royle's list of 17-clue
puzzles). Two puzzles are the same puzzle exactly when their forms are equal.
One line per puzzle, in input order; with --dedupe, a puzzle equivalent to an
earlier one gets no line. --format json adds the transform that turns the
puzzle into its form.

With --shard, each shard dedupes its own slice of the input alone: puzzles go
to shards by their place in the input, not by their form (which would have
every shard canonicalise every puzzle), so isomorphs in different slices are
each kept once per shard. Merge the shards' outputs and dedupe once more:
sort -u for the line format, or "sudoku canon --dedupe" over the merged file.

Examples:
  sudoku canon puzzles.txt
  sudoku canon --dedupe collection.txt > unique.txt
  for i in 0 1 2; do sudoku canon --dedupe --shard $i/3 collection.txt; done | sort -u
  sudoku canon --json 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o canonOptions
		o.format = formatFlag(fs, formats...)
		templateFlag(fs, o.format, "canon")
		fs.BoolVar(&o.dedupe, "dedupe", false, "print nothing for a puzzle equivalent to an earlier one")
		batchFlags(fs, &o.batchOptions, shardRecords)
		return func(ctx context.Context, args []string) int { return canonical(ctx, std, args, &o) }
	},
}

type canonOptions struct {
	format *format
	dedupe bool
	batchOptions
}

// A canonResult is the form of a puzzle: as a line of text for line
// output without --dedupe, which needs nothing more, else as a grid with
// its transform.
type canonResult struct {
	line [82]byte // the form and a newline
	form sudoku.Grid
	t    sudoku.Transform
	err  error
}

func canonical(ctx context.Context, std *stdio, args []string, o *canonOptions) int {
	p, w := batchOf[canonResult]("canon", "canonicalised", std, args, o.batchOptions, o.format)
	// The form alone, written directly rather than through a record, and
	// without the transform or the grid, which take a tenth of canon's
	// time.
	lines := o.format.value == "line" && !o.dedupe
	p.newWork = func() func(context.Context, *task, *canonResult) {
		var c canon.Canonicalizer
		return func(_ context.Context, t *task, res *canonResult) {
			if lines {
				// Filled in place: it has room for the 81 characters.
				_, res.err = c.AppendText(res.line[:0:81], &t.puzzle.Grid)
				res.line[81] = '\n'
				return
			}
			res.form, res.t, res.err = c.Form(&t.puzzle.Grid)
		}
	}
	seen := map[packed]bool{} // forms written so far, with --dedupe
	p.emit = func(t *task, res *canonResult) bool {
		if t.err != nil || res.err != nil {
			return w.failure(t, res.err)
		}
		if lines {
			w.con.Write(res.line[:])
			w.enc.N++
			return true
		}
		if o.dedupe {
			k := pack(&res.form)
			if seen[k] {
				return true
			}
			seen[k] = true
		}
		r := newRecord(t)
		r.Canonical = res.form.String()
		r.Transform = &res.t
		return w.write(&r, r.Canonical, &res.form)
	}
	return p.run(ctx)
}

// packed is a grid in half the memory, two cells a byte, for remembering
// many forms.
type packed [41]byte

func pack(g *sudoku.Grid) packed {
	var k packed
	for i, v := range g {
		k[i/2] |= v << (4 * (i % 2))
	}
	return k
}

var shuffleCmd = &command{
	name:    "shuffle",
	args:    "[FILE|PUZZLE|-]...",
	summary: "print a random isomorph of each puzzle: the same puzzle in disguise",
	doc: `Shuffle prints, for every puzzle in the input files, a random isomorph: the
puzzle with its digits relabelled, maybe transposed, and its bands, stacks,
rows within bands and columns within stacks reordered, each of the
2 x 6^8 x 9! transforms being equally likely. The isomorph has the same
solutions (transformed the same way), the same difficulty and the same
canonical form. One line per puzzle, in input order; --format json adds the
transform and the seed.

The same --seed gives the same isomorphs, whatever --jobs: puzzle i of the
input is shuffled with its own seed, as generate does.

Examples:
  sudoku shuffle --seed 7 puzzles.txt
  sudoku shuffle 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o shuffleOptions
		o.format = formatFlag(fs, formats...)
		templateFlag(fs, o.format, "shuffle")
		fs.Uint64Var(&o.seed, "seed", 0, "random `seed` (0: a new one each run)")
		batchFlags(fs, &o.batchOptions, "input record k (from 0, over all the inputs, unreadable ones too; needs --seed)")
		return func(ctx context.Context, args []string) int { return shuffle(ctx, std, args, &o) }
	},
}

type shuffleOptions struct {
	format *format
	seed   uint64
	batchOptions
}

type shuffleResult struct {
	g sudoku.Grid
	t sudoku.Transform
}

func shuffle(ctx context.Context, std *stdio, args []string, o *shuffleOptions) int {
	if o.seed == 0 && o.shard.on() {
		return flagMisuse(std, "shuffle", "--shard needs --seed (not 0): every shard shuffles with the seeds of one run")
	}
	if o.seed == 0 {
		o.seed = rand.Uint64()
	}
	p, w := batchOf[shuffleResult]("shuffle", "shuffled", std, args, o.batchOptions, o.format)
	p.newWork = func() func(context.Context, *task, *shuffleResult) {
		var src rand.PCG
		r := rand.New(&src)
		return func(_ context.Context, t *task, res *shuffleResult) {
			seedPuzzle(&src, o.seed, t.index)
			res.g, res.t = canon.Shuffle(&t.puzzle.Grid, r)
		}
	}
	p.emit = func(t *task, res *shuffleResult) bool {
		if t.err != nil {
			return w.failure(t, nil)
		}
		r := newRecord(t)
		r.Isomorph = res.g.String()
		r.Transform = &res.t
		r.Seed = o.seed
		return w.write(&r, r.Isomorph, &res.g)
	}
	return p.run(ctx)
}

var sameCmd = &command{
	name:    "same",
	args:    "PUZZLE|FILE PUZZLE|FILE",
	summary: "say whether two puzzles are the same up to isomorphism, and how",
	doc: `Same says whether two puzzles (or solution grids) are isomorphs: whether
relabelling the digits, transposing, and reordering bands, stacks, rows within
a band and columns within a stack turn the first into the second. If they
are, it prints "same" and one such transform: rows R means that row i of the
result is row R[i] of the first puzzle (after transposing, if it says so),
likewise for columns, and digits 123456789>D that digit d becomes D[d].
Each puzzle is an argument (81 cells) or a file holding one puzzle; "-" is
standard input.

Exit status: 0 when they are the same, 1 when they are not, 2 when a puzzle
cannot be read.

Examples:
  sudoku same a.txt b.txt
  sudoku same --json 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ ........9.4....3.5..72.1........2.7...6....8..9..5....1..........8..6.......3...4`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		f := formatFlag(fs, "line", "json")
		return func(ctx context.Context, args []string) int { return same(ctx, std, args, f.value == "json") }
	},
}

func same(ctx context.Context, std *stdio, args []string, asJSON bool) int {
	if len(args) != 2 {
		fmt.Fprintln(std.err, "sudoku same: want two puzzles: arguments or files")
		return exitUsage
	}
	var gs [2]sudoku.Grid
	for i, a := range args {
		text, src, err := readOne(ctx, std, []string{a})
		if err == nil {
			text, err = classicText("same", text)
		}
		if err == nil {
			gs[i], err = onePuzzle(text)
		}
		if err != nil {
			if src == "" {
				src = a
			}
			fmt.Fprintf(std.err, "sudoku same: %s: %v\n", src, err)
			return exitUsage
		}
	}
	ok, t, err := canon.Same(&gs[0], &gs[1])
	if err != nil {
		fmt.Fprintf(std.err, "sudoku same: %v\n", err)
		return exitUsage
	}
	con := newConsole(std)
	if asJSON {
		v := struct {
			Same      bool              `json:"same"`
			Transform *sudoku.Transform `json:"transform,omitempty"`
		}{Same: ok}
		if ok {
			v.Transform = &t
		}
		b, err := jsonLine(v)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku same: encoding the answer: %v\n", err)
			return exitFailed
		}
		con.Write(b)
	} else if ok {
		fmt.Fprintf(con, "same: %v\n", t)
	} else {
		fmt.Fprintln(con, "different")
	}
	if con.Flush() != nil {
		return exitFailed
	}
	if !ok {
		return exitFailed
	}
	return exitOK
}

// onePuzzle reads the one puzzle of text, in any format the Reader knows,
// checked against the rules. Text with several puzzles is refused as such,
// whatever is wrong with one of them.
func onePuzzle(text string) (sudoku.Grid, error) {
	var (
		g     sudoku.Grid
		first error
		n     int
	)
	for p, err := range sudoku.NewReader(strings.NewReader(text)).All() {
		if n++; n == 1 {
			g, first = p.Grid, err
		}
	}
	if n != 1 {
		return sudoku.Grid{}, fmt.Errorf("want one puzzle, found %d", n)
	}
	return g, first
}
