package logic

import (
	"testing"

	"github.com/godoku/sudoku/logic"
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
