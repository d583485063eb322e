package trace_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/edgetest"
	"github.com/godoku/sudoku/trace"
)

// TestEdgeValues: a nil trace or writer gets an error, and a step with
// cells outside the grid changes nothing there rather than panic (issue
// 27, item 10).
func TestEdgeValues(t *testing.T) {
	tr, err := trace.Solve(context.Background(), sudoku.Grid{}, trace.Options{MaxSteps: 5})
	if err != nil {
		t.Fatal(err)
	}
	outside := trace.Step{Kind: tr.Steps[0].Kind, Cell: 81,
		Placed:  []trace.Placement{{Candidate: sudoku.Candidate{Cell: 81, Digit: 1}}},
		Removed: []trace.Change{{Cell: -1, Digits: 1}}}
	edgetest.Run(t, []edgetest.Case{
		{Name: "WriteText(nil trace)", Call: func() any { return trace.WriteText(&bytes.Buffer{}, nil, trace.TextOptions{}) != nil }, Want: true},
		{Name: "WriteText(nil writer)", Call: func() any { return trace.WriteText(nil, tr, trace.TextOptions{}) != nil }, Want: true},
		{Name: "Step.Apply outside the grid", Call: func() any {
			b := trace.NewBoard()
			before := b
			outside.Apply(&b)
			outside.Undo(&b)
			return b == before
		}, Want: true},
		{Name: "Step.Apply(nil)", Call: func() any { tr.Steps[0].Apply(nil); return nil }, Panics: true},
	})
}
