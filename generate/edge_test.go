package generate_test

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/internal/edgetest"
)

// TestEdgeValues: a nil puzzle is not minimal, and nil options ask for
// nothing but a unique solution (issue 27, item 10).
func TestEdgeValues(t *testing.T) {
	g, err := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		t.Fatal(err)
	}
	edgetest.Run(t, []edgetest.Case{
		{Name: "Minimal(nil)", Call: func() any { return generate.Minimal(nil) }, Want: false},
		{Name: "MinimalFor(nil)", Call: func() any { return generate.MinimalFor(nil, generate.Any) }, Want: false},
		{Name: "Match(g, nil)", Call: func() any {
			p, ok, err := generate.Match(context.Background(), g, nil)
			return ok && err == nil && p.Solution != sudoku.Grid{}
		}, Want: true},
		{Name: "Match(empty, nil)", Call: func() any {
			_, ok, err := generate.Match(context.Background(), sudoku.Grid{}, nil)
			return !ok && err != nil
		}, Want: true},
	})
}
