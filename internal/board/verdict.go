package board

import (
	"context"
	"errors"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// The errors of a puzzle without exactly one solution, which both raters
// return (as logic.ErrNoSolution and se.ErrNoSolution, and so on).
var (
	ErrNoSolution        = errors.New("puzzle has no solution")
	ErrMultipleSolutions = errors.New("puzzle has more than one solution")
)

// ErrNilGrid is the error of Solution for a nil grid: no puzzle.
var ErrNilGrid = errors.New("no puzzle: nil grid")

// Solution returns the one solution of puzzle g, the verdict both raters
// start from (every step they take is checked against it). A puzzle
// without one gets ErrNoSolution or ErrMultipleSolutions; givens that
// break the rules get g's validation error, and ctx ending the search
// ctx.Err().
//
// Under a context from WithSolution for the same grid, it answers with
// that solution and does not solve g again.
func Solution(ctx context.Context, g *sudoku.Grid) (sudoku.Grid, error) {
	if g == nil {
		return sudoku.Grid{}, ErrNilGrid
	}
	if v, ok := ctx.Value(verdictKey{}).(*known); ok && v.g == *g {
		return v.sol, nil
	}
	sol, status, err := solver.Classify(ctx, g)
	return verdict(sol, status, err)
}

// MarksSolution is Solution for a pencil-mark puzzle: its one solution,
// ErrNoSolution, ErrMultipleSolutions, m's validation error or ctx.Err().
func MarksSolution(ctx context.Context, m *sudoku.Marks) (sudoku.Grid, error) {
	sol, status, err := solver.ClassifyMarks(ctx, m)
	return verdict(sol, status, err)
}

func verdict(sol sudoku.Grid, status solver.Status, err error) (sudoku.Grid, error) {
	switch status {
	case solver.Unique:
		return sol, nil
	case solver.None:
		return sudoku.Grid{}, ErrNoSolution
	case solver.Multiple:
		return sudoku.Grid{}, ErrMultipleSolutions
	}
	if err == nil {
		err = fmt.Errorf("cannot rate: status %v", status)
	}
	return sudoku.Grid{}, err
}

type verdictKey struct{}

type known struct{ g, sol sudoku.Grid }

// WithSolution returns a context under which Solution, asked about g,
// answers sol without solving g again: a caller that rates a puzzle for
// both raters (sudoku rate) classifies it once. sol must be the one
// solution of g, as Solution returned it.
func WithSolution(ctx context.Context, g *sudoku.Grid, sol sudoku.Grid) context.Context {
	return context.WithValue(ctx, verdictKey{}, &known{*g, sol})
}
