package solver_test

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/edgetest"
	"github.com/godoku/sudoku/solver"
)

// TestEdgeValues: a nil grid or nil marks are puzzles with no solution,
// never a panic (issue 27, item 10).
func TestEdgeValues(t *testing.T) {
	ctx := context.Background()
	var s solver.Solver
	edgetest.Run(t, []edgetest.Case{
		{Name: "Solve(nil)", Call: func() any { _, ok := solver.Solve(nil); return ok }, Want: false},
		{Name: "Count(nil)", Call: func() any { n, err := solver.Count(ctx, nil, 2); return n == 0 && err != nil }, Want: true},
		{Name: "Classify(nil)", Call: func() any { _, st, err := solver.Classify(ctx, nil); return st == solver.Invalid && err != nil }, Want: true},
		{Name: "Solver.Solve(nil)", Call: func() any { _, ok := s.Solve(nil); return ok }, Want: false},
		{Name: "Solver.Count(nil)", Call: func() any { return s.Count(nil, 2) }, Want: 0},
		{Name: "Solver.SolveContext(nil)", Call: func() any { _, ok, err := s.SolveContext(ctx, nil); return !ok && err != nil }, Want: true},
		{Name: "Solver.CountContext(nil)", Call: func() any { _, err := s.CountContext(ctx, nil, 0); return err != nil }, Want: true},
		{Name: "Solver.Enumerate(nil)", Call: func() any {
			_, err := s.Enumerate(ctx, nil, 0, func(*sudoku.Grid) bool { return true })
			return err != nil
		}, Want: true},
		{Name: "Solver.SolveMarks(nil)", Call: func() any { _, ok, err := s.SolveMarks(ctx, nil); return !ok && err != nil }, Want: true},
		{Name: "Solver.ClassifyMarks(nil)", Call: func() any { _, st, _ := s.ClassifyMarks(ctx, nil); return st }, Want: solver.Invalid},
		{Name: "Solver.Enumerate(nil yield)", Call: func() any {
			g := sudoku.Grid{}
			n, err := s.Enumerate(ctx, &g, 3, nil)
			return n == 3 && err == nil
		}, Want: true},
	})
}
