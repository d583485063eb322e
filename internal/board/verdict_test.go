package board

import (
	"context"
	"slices"
	"testing"

	"github.com/godoku/sudoku"
)

// TestSolution gives each verdict its answer: the solution, the sentinels,
// the validation error.
func TestSolution(t *testing.T) {
	errNone, errMany := ErrNoSolution, ErrMultipleSolutions
	parse := func(s string) sudoku.Grid {
		g, err := sudoku.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	unique := parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	sol, err := Solution(context.Background(), &unique)
	if err != nil || sol.Validate() != nil || slices.Contains(sol[:], 0) {
		t.Fatalf("unique: %v, %v", sol, err)
	}
	for i, v := range unique {
		if v != 0 && sol[i] != v {
			t.Fatalf("the solution %v does not keep the givens", sol)
		}
	}
	empty := sudoku.Grid{}
	if _, err := Solution(context.Background(), &empty); err != errMany {
		t.Errorf("empty grid: %v, want %v", err, errMany)
	}
	none := parse("12345678.........9" + "..............................................................."[:63])
	if _, err := Solution(context.Background(), &none); err != errNone {
		t.Errorf("no solution: %v, want %v", err, errNone)
	}
	// The same verdicts for the puzzles as pencil marks.
	for _, tc := range []struct {
		g    sudoku.Grid
		want error
	}{{unique, nil}, {empty, errMany}} {
		m := sudoku.MarksOf(&tc.g)
		got, err := MarksSolution(context.Background(), &m)
		if err != tc.want || err == nil && got != sol {
			t.Errorf("marks of %v: %v, %v; want %v", tc.g, got, err, tc.want)
		}
	}
	bad := unique
	bad[1] = bad[2] // two 3s in row 1
	if _, err := Solution(context.Background(), &bad); err == nil || err == errNone || err == errMany {
		t.Errorf("broken givens: %v, want the validation error", err)
	}
}

// TestWithSolution: under WithSolution, Solution answers for that grid
// from the context, without solving it (the answer here is a grid that is
// not the solution, which solving would never give), and solves any other
// grid as before.
func TestWithSolution(t *testing.T) {
	errMany := ErrMultipleSolutions
	g, err := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solution(context.Background(), &g)
	if err != nil {
		t.Fatal(err)
	}
	marker := sol
	marker[0], marker[1] = marker[1], marker[0]
	ctx := WithSolution(context.Background(), &g, marker)
	if got, err := Solution(ctx, &g); err != nil || got != marker {
		t.Errorf("under WithSolution: %v, %v; want the context's answer", got, err)
	}
	other := g
	other[2] = 0
	if got, err := Solution(ctx, &other); err != nil || got != sol {
		t.Errorf("another grid under WithSolution: %v, %v; want its own solution %v", got, err, sol)
	}
	empty := sudoku.Grid{}
	if _, err := Solution(ctx, &empty); err != errMany {
		t.Errorf("the empty grid under WithSolution: %v, want %v", err, errMany)
	}
}
