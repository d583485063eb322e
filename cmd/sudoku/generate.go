package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

var generateCmd = &command{
	name:    "generate",
	args:    "",
	summary: "make new puzzles with one solution",
	doc: `Generate makes N puzzles, each with exactly one solution and minimal (no given
can be removed without losing uniqueness; with a symmetry, no symmetric group
of givens can), of the level asked for (as "sudoku rate" grades it), and prints
them as they are found.

The same --seed gives the same puzzles in the same order (from the same
version of sudoku), whatever --jobs: puzzle i comes from its own seed. So
--shard I/N with --seed makes puzzles I, I+N, I+2N, ... of the run, exactly
as the run makes them: the N shards together make its -n puzzles.

Symmetries: none, rot180 (half turn), rot90 (quarter turn), mirror (left-right),
flip (top-bottom), diagonal (main diagonal), any (a random one per puzzle).

What the puzzle needs to be solved can be asked for too, combined with the
rest: --require X-Wing (the solving path, as "sudoku explain" shows it, uses
an X-Wing), --hardest Swordfish (the rating's hardest technique), --score
MIN-MAX (the HoDoKu score), --se MIN-MAX (Sudoku Explainer's rating ER, in
tenths: --se 7.1-8.3). Techniques are named as "sudoku explain" names
them, in any case, without spaces or dashes if you like ("xwing"), by
HoDoKu's short name ("lc1") or by a part of the name that only one has
("pointing"). --pattern puts the givens
exactly on the cells of a pattern: a file or an argument of 81 cells, where
a digit or x is a given and . or 0 an empty cell (a puzzle is its own
pattern). Options that can never be met together are refused at once; rare
ones give up after --timeout per puzzle and say which condition turned the
tries down.

--variant killer makes killer sudoku instead: cages of 2 to 5 cells with
their sums and no givens (--givens N adds N; --single-cells allows cages of
one cell), one solution proven by the variant engine, at the --level the
variant logic rates it (as "sudoku rate" rates a variant puzzle). Each is
written as an f-puzzles link with its solution (--format sudokupad for a
SudokuPad link), which every command reads back. Without the rule of 45 in
the logic, most killers need its forcing chains: extreme and unfair come
quickly, hard slowly, easy and medium hardly ever without --givens.

Examples:
  sudoku generate -n 10 --level hard
  sudoku generate -n 5 --symmetry rot180 --seed 7 --format grid
  sudoku generate -n 10 --seed 7 --shard 1/2
  sudoku generate -n 100 --clues 30-35 --no-minimal --format json
  sudoku generate -n 3 --require xwing --level hard
  sudoku generate --variant killer --level hard --givens 4 --seed 7
  sudoku generate --pattern x..x..x.x......x..xx...x.....xxxx..x...x.x...x..xxxx.....x...xx..x......x.x..x..x`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o generateOptions
		countVar(fs, &o.n, "n", 1, 1, "make `N` puzzles")
		o.format = formatFlag(fs, linkFormats...)
		templateFlag(fs, o.format, "generate")
		conditionFlags(fs, &o.cond, "of the givens: none, unless --pattern has one (then any of the pattern's)")
		fs.BoolVar(&o.notMinimal, "no-minimal", false, "stop removing givens at a random count within --clues")
		fs.Uint64Var(&o.seed, "seed", 0, "random `seed` (0: a new one each run)")
		fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up when one puzzle takes longer than this `duration` (0: no limit)")
		batchFlags(fs, &o.batchOptions, "puzzle k of -n (from 0; needs --seed)")
		fs.StringVar(&o.variant, "variant", "", "make variant puzzles of `KIND`: killer (cages with their sums; written as links)")
		fs.IntVar(&o.givens, "givens", 0, "with --variant killer: `N` givens besides the cages (0 to 20)")
		fs.BoolVar(&o.singleCells, "single-cells", false, "with --variant killer: allow cages of one cell")
		return func(ctx context.Context, args []string) int {
			if o.variant != "" {
				return generateKiller(ctx, std, args, &o, firstSet(fs, classicOnlyFlags...))
			}
			if f := firstSet(fs, "givens", "single-cells"); f != "" {
				return flagMisuse(std, "generate", "--%s needs --variant killer", f)
			}
			return generatePuzzles(ctx, std, args, &o)
		}
	},
}

type generateOptions struct {
	n          int
	format     *format
	cond       conditions
	notMinimal bool
	seed       uint64
	timeout    time.Duration
	batchOptions
	// variant, givens and singleCells ask for variant puzzles (see
	// generateKiller).
	variant     string
	givens      int
	singleCells bool
}

// conditions are the flags that say what a puzzle must be, shared by
// generate and filter.
type conditions struct {
	level    string
	symmetry string
	clues    string
	require  []logic.Technique
	hardest  logic.Technique
	score    string
	se       string
	pattern  string
}

// conditionFlags registers the flags of c; symmetry is the end of the
// --symmetry usage, which differs between commands.
func conditionFlags(fs *flag.FlagSet, c *conditions, symmetry string) {
	fs.StringVar(&c.level, "level", "any", "difficulty `level` as sudoku rate grades it: easy, medium, hard, unfair, extreme, several separated by commas, or any")
	fs.Func("symmetry", "`symmetry` "+symmetry, func(v string) error {
		c.symmetry = v
		return nil
	})
	fs.StringVar(&c.clues, "clues", "", "number of givens, as `MIN-MAX` or N")
	fs.Func("require", "the solving path must use `TECHNIQUE` (repeat, or separate by commas, for several)", func(v string) error {
		for _, name := range strings.Split(v, ",") {
			t, err := parseTechnique(name)
			if err != nil {
				return err
			}
			c.require = append(c.require, t)
		}
		return nil
	})
	fs.Func("hardest", "the hardest technique of the rating must be `TECHNIQUE`", func(v string) (err error) {
		c.hardest, err = parseTechnique(v)
		return err
	})
	fs.StringVar(&c.score, "score", "", "HoDoKu score, as `MIN-MAX` or N")
	fs.StringVar(&c.se, "se", "", "Sudoku Explainer rating (ER), as `MIN-MAX` or N, in tenths: 7.1-8.3")
	fs.StringVar(&c.pattern, "pattern", "", "givens exactly on the cells of `PATTERN`: a file or 81 cells (x or a digit for a given, . or 0 for none)")
}

// options turns the conditions into generate.Options, with the symmetry
// def when --symmetry was not given; the error names the flag at fault.
func (c *conditions) options(def string) (generate.Options, error) {
	var opt generate.Options
	var err error
	sym := c.symmetry
	if sym == "" {
		sym = def
	}
	if opt.Symmetry, err = generate.ParseSymmetry(sym); err != nil {
		return opt, fmt.Errorf("--symmetry: %v", err)
	}
	if c.level != "any" {
		for _, name := range strings.Split(c.level, ",") {
			l, err := logic.ParseLevel(name)
			if err != nil {
				return opt, fmt.Errorf("--level: want easy, medium, hard, unfair, extreme or any, not %q", name)
			}
			opt.Levels = append(opt.Levels, l)
		}
	}
	if opt.MinClues, opt.MaxClues, err = parseRange(c.clues); err != nil {
		return opt, fmt.Errorf("--clues: %v", err)
	}
	opt.Require, opt.Hardest = c.require, c.hardest
	if c.score != "" {
		if opt.MinScore, opt.MaxScore, err = parseScore(c.score); err != nil {
			return opt, fmt.Errorf("--score: %v", err)
		}
	}
	if c.se != "" {
		if opt.MinER, opt.MaxER, err = parseER(c.se); err != nil {
			return opt, fmt.Errorf("--se: %v", err)
		}
	}
	if c.pattern != "" {
		pat, err := readPattern(c.pattern)
		if err != nil {
			return opt, fmt.Errorf("--pattern: %v", err)
		}
		opt.Pattern = &pat
	}
	return opt, nil
}

// generated is the JSON form of a generated puzzle.
type generated struct {
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Givens   int    `json:"givens"`
	Symmetry string `json:"symmetry,omitempty"` // none for a killer puzzle
	// Size and Kinds are a variant puzzle's, as in the other records.
	Size   int            `json:"size,omitempty"`
	Kinds  []string       `json:"kinds,omitempty"`
	Rating *record.Rating `json:"rating,omitempty"`
	Seed   uint64         `json:"seed,string"` // a string: JSON numbers are not exact beyond 2^53
	// Number counts the puzzles of a run from 1, as CSV's column and the
	// template's %n do; puzzle n comes from generate.PuzzleSeed(Seed, n-1).
	Number int `json:"number"`
}

type generateResult struct {
	p     generate.Puzzle
	err   error
	stats generate.Stats // the tries for this puzzle, for a message
}

func generatePuzzles(ctx context.Context, std *stdio, args []string, o *generateOptions) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(std.err, "sudoku generate: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	// A pattern's puzzles are minimal for the pattern's own symmetry (no
	// symmetric group of givens can go): few patterns drawn with a
	// symmetry have puzzles where no single given can go.
	def := "none"
	if o.cond.pattern != "" {
		def = "any"
	}
	opt, err := o.cond.options(def)
	if err != nil {
		return usageErr("%v", err)
	}
	if opt.Pattern != nil && o.cond.symmetry == "" && !generate.Any.Holds(opt.Pattern.Grid()) {
		opt.Symmetry = generate.None // the default, for a pattern with no symmetry
	}
	opt.NotMinimal = o.notMinimal
	opt.Rate = o.format.showsRating() // worked out only to be shown
	opt.RateSE = o.format.showsSE()
	if o.notMinimal && opt.MaxClues == 0 && opt.Pattern == nil {
		return usageErr("--no-minimal needs --clues or --pattern")
	}
	tasks, total, err := o.shard.seededTasks(&o.seed, o.n)
	if err != nil {
		return flagMisuse(std, "generate", "%v", err)
	}
	jobs := max(1, min(o.jobs, total))
	gens, err := perWorker(jobs, func() (*generate.Generator, error) { return generate.New(o.seed, opt) })
	if err != nil {
		return usageErr("%v", strings.TrimPrefix(err.Error(), "generate: "))
	}

	con := newConsole(std)
	w := newRecordWriter("generate", o.format, con)
	p := &pipeline[generateResult]{
		name: "generate", con: con, jobs: jobs, label: "generated", total: total, progress: true,
		tasks: tasks,
		newWork: func() func(context.Context, *task, *generateResult) {
			g := <-gens
			return func(ctx context.Context, t *task, res *generateResult) {
				ctx, cancel := withTimeout(ctx, o.timeout)
				defer cancel()
				g.Seed(generate.PuzzleSeed(o.seed, t.index))
				before := g.Stats()
				res.p, res.err = g.Generate(ctx)
				res.stats = g.Stats().Since(before)
			}
		},
	}
	p.emit = func(t *task, res *generateResult) bool {
		if res.err != nil && ctx.Err() != nil && errors.Is(res.err, context.Canceled) {
			return false // interrupted: the pipeline says so, once
		}
		if res.err != nil {
			_, msg := record.Describe(res.err)
			if errors.Is(res.err, context.DeadlineExceeded) {
				msg = fmt.Sprintf("%s: no puzzle met the options within %v (they may be too rare: try fewer conditions or a longer --timeout); %s",
					msg, o.timeout, rejections(res.stats))
			}
			con.Errorf("sudoku generate: puzzle %d: %s", t.index+1, msg)
			return false
		}
		var buf bytes.Buffer
		switch o.format.value {
		case "csv", "template":
			r := record.Record{Source: "generate", Line: t.index + 1, Puzzle: res.p.Grid.String(), Solution: res.p.Solution.Digits(),
				Status: solver.Unique, Rating: record.NewRating(res.p.Rating, res.p.SE), Seed: o.seed, Givens: res.p.Grid.Givens(), Symmetry: res.p.Symmetry.String()}
			return w.write(&r, "", nil)
		case "json":
			b, err := jsonLine(generated{
				Puzzle: res.p.Grid.String(), Solution: res.p.Solution.Digits(), Givens: res.p.Grid.Givens(),
				Symmetry: res.p.Symmetry.String(), Rating: record.NewRating(res.p.Rating, res.p.SE), Seed: o.seed, Number: t.index + 1,
			})
			if err != nil {
				con.Errorf("sudoku generate: puzzle %d: encoding it: %v", t.index+1, err)
				return false
			}
			buf.Write(b)
		case "grid":
			if w.enc.N > 0 {
				buf.WriteByte('\n')
			}
			buf.WriteString(res.p.Grid.Boxed())
		case "fpuzzles", "sudokupad":
			lt := task{puzzle: sudoku.Puzzle{Grid: res.p.Grid}}
			link, err := linkOf(linkKinds[o.format.value], &lt, gridValues(&res.p.Solution))
			if err != nil {
				con.Errorf("sudoku generate: puzzle %d: %v", t.index+1, err)
				return false
			}
			fmt.Fprintln(&buf, link)
		default:
			fmt.Fprintln(&buf, res.p.Grid)
		}
		con.Write(buf.Bytes())
		w.enc.N++
		return true
	}
	return p.run(ctx)
}

// rejections says why a generator turned its tries down, the most common
// reason first, for the message of a run that gave up.
func rejections(st generate.Stats) string {
	reasons := []struct {
		n    int
		what string
	}{
		{st.Givens, "for their givens (number, pattern, uniqueness or minimality)"},
		{st.Level, "for their level"},
		{st.Path, "for the techniques or score of their solving path"},
		{st.Accept, "by the caller"},
	}
	slices.SortStableFunc(reasons, func(a, b struct {
		n    int
		what string
	}) int {
		return b.n - a.n
	})
	parts := []string{plural(st.Tries, "puzzle") + " made"}
	for _, r := range reasons {
		if r.n > 0 {
			parts = append(parts, fmt.Sprintf("%d turned down %s", r.n, r.what))
		}
	}
	return strings.Join(parts, ", ")
}

// parseTechnique reads a technique's name as every command does (see
// logic.ParseTechnique).
func parseTechnique(name string) (logic.Technique, error) {
	t, err := logic.ParseTechnique(name)
	if err != nil {
		return 0, errors.New(strings.TrimPrefix(err.Error(), "logic: "))
	}
	return t, nil
}

// parseScore parses a score range "MIN-MAX" or a score "N".
func parseScore(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil || lo < 0 {
		return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("want 0 <= MIN <= MAX, not %q", s)
		}
	}
	return lo, hi, nil
}

// parseER parses a Sudoku Explainer rating range "MIN-MAX" or a rating
// "N", each in tenths such as 7.1. Ratings no puzzle has (outside
// se.Easiest to se.BruteForce, or MIN above MAX) are generate.New's to
// refuse, as for every other condition.
func parseER(s string) (lo, hi float64, err error) {
	bad := fmt.Errorf("want MIN-MAX or N, ratings in tenths such as 7.1-8.3, not %q", s)
	read := func(v string) (float64, error) {
		f, err := strconv.ParseFloat(v, 64)
		// Not 0, which generate.Options reads as no bound.
		if err != nil || !(f > 0) || math.Abs(f*10-math.Round(f*10)) > 1e-9 {
			return 0, bad
		}
		return f, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = read(a); err != nil {
		return 0, 0, err
	}
	hi = lo
	if isRange {
		if hi, err = read(b); err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// readPattern reads --pattern: a file, or the pattern itself.
func readPattern(arg string) (generate.Pattern, error) {
	text := arg
	if isFile(arg) {
		b, err := os.ReadFile(arg)
		if err != nil {
			return generate.Pattern{}, err
		}
		text = string(b)
	}
	p, err := generate.ParsePattern(strings.TrimSpace(text))
	if err != nil {
		return p, errors.New(strings.TrimPrefix(err.Error(), "pattern: "))
	}
	return p, nil
}

// parseRange parses "MIN-MAX" or "N"; "" is no bound (0, 0).
func parseRange(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
		}
	}
	if lo < 17 || hi > 81 || lo > hi {
		return 0, 0, fmt.Errorf("want 17 <= MIN <= MAX <= 81, not %q", s)
	}
	return lo, hi, nil
}
