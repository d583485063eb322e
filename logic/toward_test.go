package logic

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

func TestExplainToward(t *testing.T) {
	ctx := context.Background()
	g, err := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	if err != nil {
		t.Fatal(err)
	}
	var sols []sudoku.Grid
	if _, err := new(solver.Solver).Enumerate(ctx, &g, 0, func(s *sudoku.Grid) bool { sols = append(sols, *s); return true }); err != nil || len(sols) != 2 {
		t.Fatalf("want a puzzle with two solutions, got %d, %v", len(sols), err)
	}
	o := (*Options)(nil).NotUnique()
	for _, sol := range sols {
		steps, err := o.ExplainToward(ctx, g, sol)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := FromGrid(g)
		for _, s := range steps {
			if s.Technique.assumesUnique() {
				t.Errorf("step %v assumes one solution", s)
			}
			c.Apply(s)
		}
		if got := c.Grid(); got != sol {
			t.Errorf("the path ends at %v, want %v", got, sol)
		}
	}
	wrong := sols[0]
	wrong[0], wrong[1] = wrong[1], wrong[0]
	if _, err := o.ExplainToward(ctx, g, wrong); err == nil {
		t.Errorf("ExplainToward accepted a grid that is not a solution")
	}
}
