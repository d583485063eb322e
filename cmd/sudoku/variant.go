package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// Variant puzzles (package variant) come in the formats of package
// variant/format: f-puzzles and SudokuPad links, the Interactive Sudoku
// Solver's strings, plain grids of other sizes. The classic reader asks
// vformat.Claims about every line that is not the usual 81-cell one; a line
// it claims is read here, into the task's variant puzzle, unless it is a
// classic 9x9 puzzle after all, which goes to the classic commands as any
// other (an f-puzzles link of a plain sudoku is solved by the classic
// solver).

// takes says what a command takes besides classic puzzles.
type takes struct {
	cmd      string // the command, for refusals
	marks    bool   // pencil-mark puzzles
	variants bool   // variant puzzles
}

// readVariant reads the variant puzzle of a task whose line the classic
// reader handed over (t.puzzle.Text): a classic puzzle goes into
// t.puzzle.Grid, any other into t.variant, or is refused if the command
// takes none; a line that does not read gets a *sudoku.ParseError.
func readVariant(t *task, acc takes) {
	t.err, t.variant = nil, nil
	p, _, err := vformat.Parse(t.puzzle.Text)
	if err != nil {
		t.err = &sudoku.ParseError{StartLine: t.puzzle.Line, Line: t.puzzle.Line, Err: err}
		return
	}
	if vformat.Classic(p) {
		if err := classicGrid(&t.puzzle.Grid, p); err != nil {
			t.err = &sudoku.ParseError{StartLine: t.puzzle.Line, Line: t.puzzle.Line, Err: err}
			return
		}
		if p.Title != "" && t.puzzle.Name == "" {
			t.puzzle.Name = p.Title
		}
		t.puzzle.Text = "" // as the classic reader leaves a good puzzle's
		return
	}
	if !acc.variants {
		t.err = refusal(acc.cmd, p)
		t.variant = p // for the record's size and kinds
		return
	}
	t.variant = p
}

// classicGrid fills g from the givens of a classic variant puzzle and
// checks them against the rules.
func classicGrid(g *sudoku.Grid, p *variant.Puzzle) error {
	*g = sudoku.Grid{}
	for i, v := range p.Givens {
		g[i] = uint8(v)
	}
	return g.Validate()
}

// refusal is the error of a variant puzzle given to a command that works
// on classic sudoku alone.
func refusal(cmd string, p *variant.Puzzle) error {
	return refused{fmt.Errorf("a variant puzzle (%s): %s works on classic sudoku only", vformat.Describe(p), cmd)}
}

// refused is an error that is record.ErrRefused, so that records give it
// the status invalid, without saying so in its text.
type refused struct{ error }

func (r refused) Unwrap() []error { return []error{r.error, record.ErrRefused} }

// variantRecord starts the record of a task with a variant puzzle: the
// puzzle as it was written, its size and kinds.
func variantRecord(t *task) record.Record {
	r := record.New(t.src, &t.puzzle, t.err)
	r.Puzzle = t.puzzle.Text
	if t.variant != nil {
		r.Size = t.variant.Size
		r.Kinds = vformat.Kinds(t.variant)
		if t.puzzle.Name == "" {
			r.Name = t.variant.Title
		}
	}
	return r
}

// classicText returns the text of the one puzzle of hint, explain or
// same (cmd): itself, or, for a variant puzzle that is a classic one, its
// 81 cells; any other variant puzzle is refused.
func classicText(cmd, text string) (string, error) {
	text, _, err := oneText(cmd, text, false)
	return text, err
}

// oneText reads the one puzzle of hint, explain or same (cmd): text
// itself for a classic puzzle, its 81 cells for a variant puzzle that is
// a classic one, or, when the command takes variants, any other variant
// puzzle; without variants, such a puzzle is refused.
func oneText(cmd, text string, variants bool) (string, *variant.Puzzle, error) {
	r := sudoku.NewReader(strings.NewReader(text))
	r.Other = vformat.Claims
	var t task
	n, second := 0, 0
	for p, err := range r.All() {
		if n++; n == 2 {
			second = p.Line
		}
		if errors.Is(err, sudoku.ErrOther) && t.err == nil {
			t.puzzle, t.err = p, err
		}
	}
	if t.err == nil {
		return text, nil, nil // classic, or no puzzle: the caller says what
	}
	if n != 1 {
		// As the classic reader says it of a second puzzle.
		return "", nil, &sudoku.ParseError{StartLine: second, Line: second, Err: sudoku.ErrExtra}
	}
	readVariant(&t, takes{cmd: cmd, variants: variants})
	if t.err != nil {
		return "", nil, t.err
	}
	if t.variant != nil {
		return "", t.variant, nil
	}
	return t.puzzle.Grid.String(), nil, nil
}

// linkKinds are the --format values that write a link to the puzzle.
var linkKinds = map[string]vformat.Kind{"fpuzzles": vformat.FPuzzles, "sudokupad": vformat.SudokuPad}

// linkOf returns the link of the format kind to a task's puzzle, with its
// solution sol (nil for none), so that it opens in f-puzzles or
// SudokuPad.
func linkOf(kind vformat.Kind, t *task, sol []int) (string, error) {
	p := t.variant
	if p == nil {
		p = &variant.Puzzle{Size: 9, Givens: make([]int, 81), Title: t.puzzle.Name}
		for i, v := range t.puzzle.Grid {
			p.Givens[i] = int(v)
		}
		if t.puzzle.Marks != nil {
			return "", errors.New("pencil marks: f-puzzles and SudokuPad links hold givens, not candidates")
		}
	} else {
		q := *p
		p = &q
	}
	p.Solution = sol
	return vformat.Write(p, kind)
}

// gridValues returns a classic grid's cells as values.
func gridValues(g *sudoku.Grid) []int {
	out := make([]int, len(g))
	for i, v := range g {
		out[i] = int(v)
	}
	return out
}

// solveVariant solves a variant puzzle with the variant engine, counting
// to two when unique is asked. The solution returned has been checked
// against every rule of the puzzle by package check, which shares no
// code with the engine: a wrong answer is never printed.
func solveVariant(ctx context.Context, p *variant.Puzzle, unique bool) solveResult {
	limit := 1
	if unique {
		limit = 2
	}
	first, n, err := vformat.Solve(ctx, p, limit)
	var rf *vformat.Refusal
	switch {
	case errors.As(err, &rf):
		return solveResult{status: solver.Invalid, err: refused{err}}
	case errors.Is(err, vformat.ErrWrongSolution):
		return solveResult{status: solver.Failed, err: err}
	case err != nil:
		return solveResult{status: solver.Stopped, err: err}
	case n == 0:
		return solveResult{status: solver.None}
	case n > 1:
		return solveResult{status: solver.Multiple}
	}
	st := solver.Solved
	if unique {
		st = solver.Unique
	}
	return solveResult{values: first, status: st}
}

// countVariant counts the solutions of a variant puzzle up to limit (0
// for all); yield, if not nil, is called (with nil) at each solution, for
// the progress line.
func countVariant(ctx context.Context, p *variant.Puzzle, limit int, yield func(*sudoku.Grid) bool) (int, error) {
	s, err := variant.NewSolver(p)
	if err != nil {
		return 0, refused{err}
	}
	if yield == nil {
		n, _, err := s.Count(ctx, limit)
		return n, err
	}
	n := 0
	err = s.Solutions(ctx, func([]int) bool {
		n++
		yield(nil)
		return limit <= 0 || n < limit
	})
	return n, err
}

// writeVariant writes the record of a solved variant puzzle: its solution
// as one line of values (1 to 9, then A for 10 ...), as a grid, or as a
// link of linkKind with the solution in it.
func (w *recordWriter) writeVariant(t *task, res *solveResult, linkKind vformat.Kind, asLink, grid bool) bool {
	r := variantRecord(t)
	r.Status = res.status
	r.Solution = vformat.SolutionLine(t.variant, res.values)
	text := r.Solution
	switch {
	case asLink:
		link, err := linkOf(linkKind, t, res.values)
		if err != nil {
			return w.failure(t, refused{err})
		}
		text = link
	case grid:
		text = strings.TrimSuffix(vformat.GridText(t.variant, res.values), "\n")
	}
	return w.write(&r, text, nil)
}
