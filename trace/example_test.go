package trace_test

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/trace"
)

func ExampleSolve() {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	tr, err := trace.Solve(context.Background(), g, trace.Options{Limit: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range tr.Steps {
		if s.Kind != trace.Given && s.Kind != trace.NakedSingle && s.Kind != trace.HiddenSingle {
			fmt.Println(s)
		}
	}
	fmt.Println(tr.Outcome, len(tr.Solutions), tr.Stats.Guesses)
	// Output:
	// guess r4c1 = 3 (of 3,6) depth 1
	// solution 1 found
	// back to depth 0: try r4c1 = 6
	// solution 2 found
	// search complete: 2 solutions
	// solved 2 1
}

func ExampleStep_Undo() {
	g, _ := sudoku.Parse("2564891733746159829817234565932748617128.6549468591327635147298127958634849362715")
	tr, _ := trace.Solve(context.Background(), g, trace.Options{})
	b := tr.BoardAt(len(tr.Steps))
	fmt.Println(b.Values[40])
	for i := len(tr.Steps) - 1; i >= 0; i-- {
		tr.Steps[i].Undo(&b)
	}
	fmt.Println(b == trace.NewBoard())
	// Output:
	// 3
	// true
}
