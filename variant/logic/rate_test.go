package logic

import (
	"context"
	"errors"
	"testing"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
)

func TestRateSteps(t *testing.T) {
	steps := func(names ...string) []Step {
		var out []Step
		for _, n := range names {
			out = append(out, Step{Technique: n})
		}
		return out
	}
	singles := make([]string, logic.Easy.MaxScore()/4+1)
	for i := range singles {
		singles[i] = "Naked Single"
	}
	for _, tt := range []struct {
		name     string
		steps    []Step
		finished bool
		want     Rating
	}{
		{"no step", nil, true, Rating{Level: logic.Easy, Hardest: "none", Finished: true}},
		{"singles", steps("Naked Single", "Hidden Single"), true, Rating{Level: logic.Easy, Score: 18, Hardest: "Hidden Single", Steps: 2, Finished: true}},
		{"a pair rule", steps("Kropki Pair", "Naked Single"), true, Rating{Level: logic.Easy, Score: 8, Hardest: "Kropki Pair", Steps: 2, Finished: true}},
		{"a cage's combinations", steps("Group Combinations", "Naked Single"), true, Rating{Level: logic.Easy, Score: 8, Hardest: "Group Combinations", Steps: 2, Finished: true}},
		{"x-wing", steps("Naked Single", "X-Wing", "Sum Bounds"), true, Rating{Level: logic.Hard, Score: 154, Hardest: "X-Wing", Steps: 3, Finished: true}},
		{"chain", steps("Forcing Chain", "Swordfish"), true, Rating{Level: logic.Unfair, Score: 650, Hardest: "Forcing Chain", Steps: 2, Finished: true}},
		{"stuck", steps("Naked Single"), false, Rating{Level: logic.Extreme, Score: 4, Hardest: "Naked Single", Steps: 1}},
		{"score above Easy's limit", steps(singles...), true, Rating{Level: logic.Medium, Score: 4 * len(singles), Hardest: "Naked Single", Steps: len(singles), Finished: true}},
	} {
		if got := RateSteps(tt.steps, tt.finished); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestContext: a done context stops Solve and Rate with its error; a live
// one changes nothing.
func TestContext(t *testing.T) {
	p := &variant.Puzzle{Size: 4, Givens: []int{1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SolveContext(done, p, 0)
	if !errors.Is(err, context.Canceled) || len(res.Steps) != 0 || res.Solved {
		t.Errorf("SolveContext(done) = %d steps, solved %v, %v; want none and context.Canceled", len(res.Steps), res.Solved, err)
	}
	if _, err := RateContext(done, p); !errors.Is(err, context.Canceled) {
		t.Errorf("RateContext(done) = %v, want context.Canceled", err)
	}
	want, err := Solve(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := SolveContext(context.Background(), p, 0)
	if err != nil || len(got.Steps) != len(want.Steps) || got.Solved != want.Solved || len(want.Steps) == 0 {
		t.Errorf("SolveContext = %d steps, %v; Solve %d steps", len(got.Steps), err, len(want.Steps))
	}
}
