package logic

// Pencil-mark (sukaku) puzzles: explained and rated from the candidates
// as written, so that a candidate the marks leave out is never brought
// back, and checked against the solution of the marks themselves.

import (
	"context"
	"errors"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

var errNilMarks = errors.New("logic: nil marks")

// Marks returns the candidates as pencil marks: a placed digit alone in
// its cell, an empty cell its candidates. FromMarks of them has the same
// solutions (it places the cells left with one candidate).
func (c *Candidates) Marks() sudoku.Marks {
	var m sudoku.Marks
	for i, v := range c.values {
		m[i] = sudoku.Digits(c.marks[i] & allDigits)
		if v >= 1 && v <= 9 {
			m[i] = 1 << v
		}
	}
	return m
}

// uniqueMarks returns the solution of the pencil-mark puzzle m, or an
// error unless it has exactly one: the error of m.Validate,
// ErrNoSolution, ErrMultipleSolutions, or ctx.Err().
func uniqueMarks(ctx context.Context, m *sudoku.Marks) (sudoku.Grid, error) {
	if m == nil {
		return sudoku.Grid{}, errNilMarks
	}
	return board.MarksSolution(ctx, m)
}

// ExplainMarks is Explain for a pencil-mark puzzle, such as one a
// sudoku.Reader returns with Puzzle.Marks: the path starts from the
// candidates of m (see FromMarks), not from those its placed digits
// leave, and m must have exactly one solution.
func (o *Options) ExplainMarks(ctx context.Context, m *sudoku.Marks) ([]Step, error) {
	sol, err := uniqueMarks(ctx, m)
	if err != nil {
		return nil, err
	}
	return o.ExplainMarksToward(ctx, m, sol)
}

// ExplainMarksToward is ExplainToward for a pencil-mark puzzle: sol, one
// of the solutions of m, stands for the solution. It fails if sol is not
// a solution of m.
func (o *Options) ExplainMarksToward(ctx context.Context, m *sudoku.Marks, sol sudoku.Grid) ([]Step, error) {
	if m == nil {
		return nil, errNilMarks
	}
	if err := m.CheckSolution(&sol); err != nil {
		return nil, fmt.Errorf("logic: %w", err)
	}
	c, err := FromMarks(*m)
	if err != nil {
		return nil, err
	}
	return pathFrom(ctx, c, &sol, o.order(), nil)
}

// RateMarks is Rate for a pencil-mark puzzle: both paths start from the
// candidates of m (see FromMarks), and m must have exactly one solution.
// A cell with one candidate counts as placed, so it takes no step.
func (o *Options) RateMarks(ctx context.Context, m *sudoku.Marks) (Rating, error) {
	sol, err := uniqueMarks(ctx, m)
	if err != nil {
		return Rating{}, err
	}
	return o.rate(ctx, func() (*Candidates, error) { return FromMarks(*m) }, &sol)
}
