package logic

import (
	"testing"

	"github.com/godoku/sudoku"
)

// stateBefore replays the HoDoKu path of g up to the first step of
// technique t and returns that state.
func stateBefore(t *testing.T, g sudoku.Grid, tech Technique) (*Candidates, bool) {
	t.Helper()
	steps, err := Explain(g)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := FromGrid(g)
	for _, s := range steps {
		if s.Technique == tech {
			return c, true
		}
		c.Apply(s)
	}
	return nil, false
}

// TestChainsOnRealStates finds, for the chain and forcing techniques, a
// state in the rated sets where the path uses them, checks that the finder
// fires there with a sound result, and that it finds nothing once the grid
// is solved.
func TestChainsOnRealStates(t *testing.T) {
	var grids []sudoku.Grid
	for _, name := range []string{"norvig_hardest11.tsv", "graded57.tsv", "norvig_top95.tsv"} {
		for _, p := range loadTSV(t, name) {
			grids = append(grids, p.grid)
		}
	}
	for _, tc := range []struct {
		t    Technique
		find func(*Candidates) (Step, bool)
	}{
		{XChain, findXChain},
		{XYChain, findXYChain},
		{AIC, findAIC},
		{ALSXZ, findALSXZ},
		{SueDeCoq, findSueDeCoq},
		{ForcingChain, findForcingChain},
		{ForcingNet, findForcingNet},
	} {
		found := false
		for _, g := range grids {
			c, ok := stateBefore(t, g, tc.t)
			if !ok {
				continue
			}
			found = true
			sol := solveAll(g, 1)[0]
			s, ok := tc.find(c)
			if !ok || !c.progress(s) {
				t.Fatalf("%v: did not fire on %s", tc.t, g)
			}
			if err := check(s, &sol); err != nil {
				t.Fatalf("%v: %v", tc.t, err)
			}
			solved, _ := FromGrid(sol)
			if s, ok := tc.find(solved); ok {
				t.Fatalf("%v fired on a solved grid: %v", tc.t, s)
			}
			break
		}
		if !found {
			t.Errorf("%v is not used on any rated puzzle", tc.t)
		}
	}
}
