package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vlogic "github.com/godoku/sudoku/variant/logic"
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
digit is a placed one, "." an empty cell), with optional "|" and "+---" borders,
or the 729-character line of tdoku and Sukaku Explainer. A candidate the marks
leave out stays out.

A variant puzzle (an f-puzzles or SudokuPad link, an ISS string, a grid of
another size) gets the next step of the variant logic, in words. That logic
never guesses: where no step applies, hint says so, prints the true
candidates (the values each cell holds in some solution) and exits 1.

The next step may only remove candidates. From values alone (a variant puzzle,
or a grid without pencil marks) the next hint would find the same step again;
--place goes on to the first step that places a digit and lists the steps
before it, each of which removes candidates only.

Examples:
  sudoku hint 003020600900305001001806400008102900700000008006708200002609500800203009005010300
  sudoku hint --json marks.txt
  sudoku hint --techniques singles marks.txt
  sudoku hint --place '.Shape~4x4.Cage~3~R1C1~R1C2.Cage~4~R1C3~R2C3.Cage~6~R1C4~R2C4.Cage~7~R2C1~R2C2.Cage~6~R3C1~R4C1.Cage~4~R3C2~R4C2.Cage~7~R3C3~R3C4.Cage~3~R4C3~R4C4'`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		f := formatFlag(fs, "line", "json")
		o := techniquesFlag(fs)
		anyFlag := fs.Bool("any", false, "give a hint even when the puzzle has no solution or several, leaving out the techniques that assume one")
		place := fs.Bool("place", false, "give the first step that places a digit, after the steps that only remove candidates")
		return func(ctx context.Context, args []string) int {
			return hint(ctx, std, args, hintOptions{asJSON: f.value == "json", any: *anyFlag, place: *place, techniques: o})
		}
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
itself, a file, or standard input, and must have exactly one solution. It may
be pencil marks, as for hint: the path starts from their candidates.

--se shows Sudoku Explainer's path instead, the one its ratings (ER/EP/ED,
as "sudoku rate" prints them) come from: each step with its technique, its
difficulty and what it removes and places, then the ratings.

A variant puzzle gets the path of the variant logic, which never guesses:
where no step applies, the path ends with the true candidates of the cells
left.

Examples:
  sudoku explain 003020600900305001001806400008102900700000008006708200002609500800203009005010300
  sudoku explain --json puzzle.txt
  sudoku explain --se puzzle.txt
  sudoku explain --techniques -xy-chain,-forcing-chain puzzle.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		f := formatFlag(fs, "line", "json")
		verbose := fs.Bool("v", false, "explain each step in words")
		timeout := fs.Duration("timeout", time.Minute, "give up after this `duration`")
		o := techniquesFlag(fs)
		anyFlag := fs.Bool("any", false, "explain a puzzle with several solutions too, leaving out the techniques that assume one and following one of its solutions")
		seFlag := fs.Bool("se", false, "show Sudoku Explainer's path and ratings (ER/EP/ED) instead of HoDoKu's")
		return func(ctx context.Context, args []string) int {
			if *seFlag {
				if o.Techniques != nil || *anyFlag || *verbose {
					fmt.Fprintln(std.err, "sudoku explain: --se follows Sudoku Explainer's own techniques, for a puzzle with one solution: --techniques, --any and -v do not go with it")
					return exitUsage
				}
				return explainSE(ctx, std, args, f.value == "json", *timeout)
			}
			return explain(ctx, std, args, f.value == "json", *verbose, *anyFlag, *timeout, o)
		}
	},
}

var rateCmd = &command{
	name:    "rate",
	args:    "[FILE|PUZZLE|-]...",
	summary: "rate the difficulty of puzzles",
	doc: `Rate rates every puzzle in the input files, one line per puzzle in input order:
the level (Easy, Medium, Hard, Unfair or Extreme, as HoDoKu grades), a
HoDoKu-style score (the sum of the step scores), Sudoku Explainer's ratings
ER/EP/ED as serate gives them (the hardest step, the hardest up to the first
placement, the first step; 1.0 to about 12), and HoDoKu's hardest technique.
A puzzle that cannot be read, or that has no or several solutions, gets a
record starting with "error:" in its place, and exit status 1. Pencil-mark puzzles are rated from their candidates.

A variant puzzle (an f-puzzles or SudokuPad link, an ISS string, a grid of
another size) is rated from the path of the variant logic in the same manner:
level, score and hardest step; Extreme when that logic does not finish it.

Sudoku Explainer's rating is the costliest part for the hardest puzzles; a
--template without %r, %p, %d or %t leaves it out.

Examples:
  sudoku rate puzzles.txt
  sudoku rate --json - < puzzles.txt
  sudoku rate --template '%g %r/%p/%d %t' puzzles.txt
  sudoku rate --techniques -forcing-net puzzles.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o rateOptions
		o.format = formatFlag(fs, "line", "json", "csv")
		templateFlag(fs, o.format, "rate")
		fs.DurationVar(&o.timeout, "timeout", time.Minute, "give up on a puzzle after this `duration` (0: no limit)")
		fs.BoolVar(&o.summary, "summary", false, "print the summary on standard error even when it is not a terminal")
		batchFlags(fs, &o.batchOptions, shardRecords)
		o.techniques = techniquesFlag(fs)
		return func(ctx context.Context, args []string) int { return ratePuzzles(ctx, std, args, &o) }
	},
}

// techniquesFlag adds --techniques to a command: the techniques it may
// use, as logic.ParseTechniques reads them. Unset, HoDoKu's default set.
func techniquesFlag(fs *flag.FlagSet) *logic.Options {
	o := &logic.Options{}
	fs.Func("techniques", "use only these techniques (`list`: \"singles\", \"x-wing,xy-wing\"), or drop (-name) or add (+name) some from HoDoKu's default set; names as explain prints them (any case, with or without spaces and dashes), HoDoKu's short names (\"lc1\") or categories (\"subsets\")", func(s string) error {
		ts, err := logic.ParseTechniques(s)
		if err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), "logic: "))
		}
		o.Techniques = ts
		return nil
	})
	return o
}

// oneFailed reports a one-puzzle command's failure, in the command's own
// words, and returns the exit status.
func oneFailed(std *stdio, cmd, src string, err error) int {
	if errors.Is(err, errOnePuzzle) {
		fmt.Fprintf(std.err, "sudoku %s: %v\n", cmd, err)
		return exitUsage
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(std.err, "sudoku %s: interrupted\n", cmd)
		return exitFailed
	}
	msg := err.Error()
	if src != "" {
		_, msg = record.Describe(err)
		msg = src + ": " + msg
	}
	fmt.Fprintf(std.err, "sudoku %s: %s\n", cmd, msg)
	return exitFailed
}

// notUniqueNote is what hint and explain --any say of a puzzle without
// one solution.
func notUniqueNote(st solver.Status) string {
	return "Note: the puzzle " + notUnique(st) + ", so the techniques that assume one (uniqueness tests, BUG+1) are left out."
}

// notUnique says what a puzzle without one solution has: "has no
// solution" or "has more than one solution".
func notUnique(st solver.Status) string {
	if st == solver.None {
		return "has no solution"
	}
	return "has more than one solution"
}

// hintOptions are hint's flags.
type hintOptions struct {
	asJSON, any bool
	// place asks for the first step that places a digit, with the steps
	// before it.
	place      bool
	techniques *logic.Options
}

func hint(ctx context.Context, std *stdio, args []string, ho hintOptions) int {
	p, vp, src, code := readAnyPuzzle(ctx, std, args, "hint", true)
	if code != exitOK {
		return code
	}
	o := ho.techniques
	if vp != nil && o.Techniques != nil {
		fmt.Fprintf(std.err, "sudoku hint: --techniques chooses among the classic techniques; a variant puzzle gets every step of the variant logic\n")
		return exitUsage
	}
	if vp != nil {
		return variantHint(ctx, std, vp, src, ho)
	}
	var c *logic.Candidates
	var err error
	if p.Marks != nil {
		c, err = logic.FromMarks(*p.Marks)
	} else {
		c, err = logic.FromGrid(p.Grid)
	}
	if err != nil {
		return oneFailed(std, "hint", src, err)
	}
	if c.Solved() {
		fmt.Fprintln(std.out, "The grid is solved.")
		return exitOK
	}
	_, st, err := classify(ctx, new(solver.Solver), &p)
	if st == solver.None && p.Marks != nil {
		if err := wrongMarks(ctx, p.Marks); err != nil {
			return oneFailed(std, "hint", src, err)
		}
	}
	if err := record.StatusError(st, err); err != nil && (!ho.any || err != record.ErrNoSolution && err != record.ErrMultiple) {
		return oneFailed(std, "hint", src, err)
	}
	if st != solver.Unique {
		o = o.NotUnique()
	}
	var before []logic.Step
	step, ok, err := o.Hint(ctx, c)
	for ho.place && ok && err == nil && len(step.Placements) == 0 {
		if err = c.Apply(step); err == nil {
			before = append(before, step)
			step, ok, err = o.Hint(ctx, c)
		}
	}
	if err != nil {
		return oneFailed(std, "hint", src, err)
	}
	if !ok {
		what := "applies"
		if ho.place {
			what = "places a digit"
		}
		fmt.Fprintf(std.err, "sudoku hint: no logical technique %s: only guessing is left\n", what)
		return exitFailed
	}
	con := newConsole(std)
	if ho.asJSON {
		type jsonStep struct {
			logic.Step
			Cells []string `json:"cells"`
		}
		withCells := func(s logic.Step) jsonStep { return jsonStep{s, cellNames(s.Cells())} }
		var bs []jsonStep
		for _, b := range before {
			bs = append(bs, withCells(b))
		}
		b, err := jsonLine(struct {
			jsonStep
			Before    []jsonStep    `json:"before,omitempty"`
			Status    solver.Status `json:"status"`
			NotUnique bool          `json:"notUnique,omitempty"`
		}{withCells(step), bs, st, st != solver.Unique})
		if err != nil {
			return oneFailed(std, "hint", src, fmt.Errorf("encoding the step: %w", err))
		}
		con.Write(b)
	} else {
		if st != solver.Unique {
			fmt.Fprintln(con, notUniqueNote(st))
		}
		writeBefore(con, "Steps before it", before, logic.Step.String)
		fmt.Fprintf(con, "%s\nLook at: %s\n%s\n", step, strings.Join(cellNames(step.Cells()), " "), step.Explanation)
	}
	if con.Flush() != nil {
		return exitFailed // run says why
	}
	return exitOK
}

// writeBefore lists, for hint --place, the steps taken before the one
// that places a digit (or before the logic ran out), one a line, under
// the heading head.
func writeBefore[S any](w io.Writer, head string, before []S, line func(S) string) {
	if len(before) == 0 {
		return
	}
	fmt.Fprintf(w, "%s (%d, each removing candidates only):\n", head, len(before))
	for _, b := range before {
		fmt.Fprintf(w, "  %s\n", line(b))
	}
}

// wrongMarks says, of pencil marks without a solution, which cell's marks
// leave out the digit of the one solution of the cells with one candidate:
// the mistake of a person who took a candidate out wrongly. It returns nil
// when the marks are not wrong in that way.
func wrongMarks(ctx context.Context, m *sudoku.Marks) error {
	g := m.Grid()
	sol, st, _ := solver.Classify(ctx, &g)
	if st != solver.Unique {
		return nil
	}
	for i, v := range sol {
		if !m[i].Has(int(v)) {
			return fmt.Errorf("%w: those of %s leave out %d, the solution's digit", record.ErrWrongMarks, sudoku.CellName(i), v)
		}
	}
	return nil
}

func cellNames(cells []int) []string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = sudoku.CellName(c)
	}
	return names
}

func explain(ctx context.Context, std *stdio, args []string, asJSON, verbose, anyPuzzle bool, timeout time.Duration, o *logic.Options) int {
	p, vp, src, code := readAnyPuzzle(ctx, std, args, "explain", true)
	if code != exitOK {
		return code
	}
	if vp != nil && o.Techniques != nil {
		fmt.Fprintf(std.err, "sudoku explain: --techniques chooses among the classic techniques; a variant puzzle gets every step of the variant logic\n")
		return exitUsage
	}
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	if vp != nil {
		return variantExplain(ctx, std, vp, src, asJSON, verbose, anyPuzzle)
	}
	// A path needs a solution to follow: with --any, one of several will
	// do; a puzzle with none has no path.
	sol, st, err := classify(ctx, new(solver.Solver), &p)
	if err := record.StatusError(st, err); err != nil && (!anyPuzzle || err != record.ErrMultiple) {
		return oneFailed(std, "explain", src, err)
	}
	if st == solver.Multiple {
		o = o.NotUnique()
	}
	var steps []logic.Step
	if p.Marks != nil {
		steps, err = o.ExplainMarksToward(ctx, p.Marks, sol)
	} else {
		steps, err = o.ExplainToward(ctx, p.Grid, sol)
	}
	if err != nil {
		return oneFailed(std, "explain", src, err)
	}
	return printPath(std, asJSON, struct {
		Puzzle    string        `json:"puzzle"`
		Status    solver.Status `json:"status"`
		NotUnique bool          `json:"notUnique,omitempty"`
		Steps     []logic.Step  `json:"steps"`
	}{record.PuzzleText(&p), st, st != solver.Unique, steps}, func(w io.Writer) {
		if st != solver.Unique {
			fmt.Fprintln(w, notUniqueNote(st)+" Brute Force steps follow one of its solutions.")
		}
		for i, s := range steps {
			fmt.Fprintf(w, "%3d. %s\n", i+1, s)
			if verbose && s.Explanation != "" {
				fmt.Fprintf(w, "     %s\n", s.Explanation)
			}
		}
	})
}

// printPath writes explain's output: v as one line of JSON, or what text
// writes. It returns the exit status.
func printPath(std *stdio, asJSON bool, v any, text func(io.Writer)) int {
	con := newConsole(std)
	if asJSON {
		b, err := jsonLine(v)
		if err != nil {
			fmt.Fprintf(std.err, "sudoku explain: encoding the path: %v\n", err)
			return exitFailed
		}
		con.Write(b)
	} else {
		text(con)
	}
	if con.Flush() != nil {
		return exitFailed // run says why
	}
	return exitOK
}

// readPuzzle reads the one puzzle of hint or explain (cmd) and where it
// came from; when it cannot, it says why and returns the exit status.
func readPuzzle(ctx context.Context, std *stdio, args []string, cmd string) (sudoku.Puzzle, string, int) {
	p, _, src, code := readAnyPuzzle(ctx, std, args, cmd, false)
	return p, src, code
}

// readAnyPuzzle is readPuzzle for a command that also takes variant
// puzzles (variants true): one of those comes back as the second result.
func readAnyPuzzle(ctx context.Context, std *stdio, args []string, cmd string, variants bool) (sudoku.Puzzle, *variant.Puzzle, string, int) {
	text, src, err := readOne(ctx, std, args)
	if err != nil {
		return sudoku.Puzzle{}, nil, "", oneFailed(std, cmd, "", err)
	}
	text, vp, err := oneText(cmd, text, variants)
	if err != nil {
		return sudoku.Puzzle{}, nil, src, oneFailed(std, cmd, src, err)
	}
	if vp != nil {
		return sudoku.Puzzle{}, vp, src, exitOK
	}
	p, err := sudoku.ParsePuzzle(text)
	if err != nil {
		return p, nil, src, oneFailed(std, cmd, src, err)
	}
	return p, nil, src, exitOK
}

// explainSE prints Sudoku Explainer's path of a puzzle and its ratings.
func explainSE(ctx context.Context, std *stdio, args []string, asJSON bool, timeout time.Duration) int {
	p, src, code := readPuzzle(ctx, std, args, "explain")
	if code != exitOK {
		return code
	}
	if p.Marks != nil {
		fmt.Fprintf(std.err, "sudoku explain: %s: --se: Sudoku Explainer's path starts from the givens, not from pencil marks\n", src)
		return exitFailed
	}
	g := p.Grid
	if err := g.Validate(); err != nil {
		return oneFailed(std, "explain", src, err)
	}
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	r, err := se.Rate(ctx, &g)
	if err != nil {
		return oneFailed(std, "explain", src, err)
	}
	return printPath(std, asJSON, struct {
		Puzzle string        `json:"puzzle"`
		Status solver.Status `json:"status"`
		se.Rating
	}{g.String(), solver.Unique, r}, func(w io.Writer) {
		for i, s := range r.Steps {
			fmt.Fprintf(w, "%3d. %s\n", i+1, s)
		}
		if r.Hardest == "Brute Force" {
			fmt.Fprintln(w, "     Brute Force: no technique of Sudoku Explainer applies")
		}
		fmt.Fprintf(w, "ER/EP/ED %.1f/%.1f/%.1f, hardest %s\n", r.ER, r.EP, r.ED, r.Hardest)
	})
}

type rateOptions struct {
	format  *format
	se      bool // work out Sudoku Explainer's rating too
	timeout time.Duration
	batchOptions
	techniques *logic.Options
	summary    bool
}

type rateResult struct {
	r       logic.Rating
	se      *se.Rating     // when o.se
	variant *vlogic.Rating // a variant puzzle's, in place of r and se
	err     error
}

func ratePuzzles(ctx context.Context, std *stdio, args []string, o *rateOptions) int {
	o.se = o.format.value == "line" || o.format.showsSE() // worked out only to be shown
	p, w := newBatch[rateResult]("rate", "rated", std, args, o.batchOptions, o.format, takes{cmd: "rate", marks: true, variants: true})
	p.newWork = func() func(context.Context, *task, *rateResult) {
		return func(ctx context.Context, t *task, res *rateResult) {
			ctx, cancel := withTimeout(ctx, o.timeout)
			defer cancel()
			if t.variant != nil {
				res.variant, res.err = rateVariant(ctx, t.variant, o.techniques.Techniques != nil)
				return
			}
			if m := t.puzzle.Marks; m != nil {
				// Sudoku Explainer rates puzzles by their givens: pencil
				// marks get HoDoKu's rating alone.
				res.r, res.err = o.techniques.RateMarks(ctx, m)
				return
			}
			if o.se {
				// Both raters start from the puzzle's one solution:
				// solve it once for the two.
				sol, err := board.Solution(ctx, &t.puzzle.Grid)
				if err != nil {
					res.err = err
					return
				}
				ctx = board.WithSolution(ctx, &t.puzzle.Grid, sol)
			}
			res.r, res.err = o.techniques.Rate(ctx, t.puzzle.Grid)
			if res.err == nil && o.se {
				s, err := se.Rate(ctx, &t.puzzle.Grid)
				res.se, res.err = &s, err
			}
		}
	}
	var sum rateSummary
	start := time.Now()
	p.emit = func(t *task, res *rateResult) bool {
		if t.err != nil || res.err != nil {
			sum.failed++
			return w.failure(t, res.err)
		}
		if v := res.variant; v != nil {
			r := variantRecord(t)
			sum.add(&logic.Rating{Level: v.Level, BruteForce: !v.Finished})
			r.Status = solver.Unique
			vr := variantRating(v)
			r.Rating = &record.Rating{Variant: vr}
			return w.write(&r, record.VariantRateLine(vr), nil)
		}
		r := newRecord(t)
		sum.add(&res.r)
		r.Status = solver.Unique
		r.Rating = record.NewRating(&res.r, res.se)
		return w.write(&r, record.RateLine(&res.r, res.se), nil) // res.se is nil for pencil marks
	}
	if o.summary || std.errTTY {
		p.finish = func(interrupted bool) {
			line := sum.String(time.Since(start))
			if interrupted { // of the puzzles rated before Ctrl-C
				line = strings.Replace(line, "summary:", "summary until interrupted:", 1)
			}
			p.con.Errorf("%s", line)
		}
	}
	return p.run(ctx)
}

// rateSummary counts the puzzles of a rate run, as HoDoKu's batch mode
// does at its end.
type rateSummary struct {
	levels  [logic.Extreme + 1]int
	guessed int // needed a Brute Force step
	failed  int // could not be read or rated
}

func (s *rateSummary) add(r *logic.Rating) {
	if r.Level <= logic.Extreme {
		s.levels[r.Level]++
	}
	if r.BruteForce {
		s.guessed++
	}
}

// String says how many puzzles were rated, how fast, and at which levels,
// such as "summary: 95 puzzles in 0.8s (8.4 ms/puzzle): Easy 0, Medium 1,
// Hard 12, Unfair 20, Extreme 62; 5 needed guessing; 0 failed".
func (s *rateSummary) String(elapsed time.Duration) string {
	n := s.failed
	var parts []string
	for l := logic.Easy; l <= logic.Extreme; l++ {
		n += s.levels[l]
		parts = append(parts, fmt.Sprintf("%v %d", l, s.levels[l]))
	}
	per := 0.0
	if n > 0 {
		per = float64(elapsed.Microseconds()) / 1000 / float64(n)
	}
	return fmt.Sprintf("summary: %d puzzles in %.1fs (%.1f ms/puzzle): %s; %d needed guessing; %d failed",
		n, elapsed.Seconds(), per, strings.Join(parts, ", "), s.guessed, s.failed)
}
