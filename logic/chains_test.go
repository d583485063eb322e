package logic

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
)

// stateBefore replays the HoDoKu path of g up to the first step of
// technique t and returns that state. paths keeps each grid's path, so that
// one explained for one technique serves the next.
func stateBefore(t *testing.T, paths map[sudoku.Grid][]Step, g sudoku.Grid, tech Technique) (*Candidates, bool) {
	t.Helper()
	steps, ok := paths[g]
	if !ok {
		var err error
		if steps, err = Explain(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		paths[g] = steps
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
	paths := map[sudoku.Grid][]Step{}
	for _, tc := range []struct {
		t    Technique
		find func(*Candidates, *memo) (Step, bool)
	}{
		{XChain, findXChain},
		{XYChain, findXYChain},
		{AIC, findNiceLoop},
		{ALSXZ, findALSXZ},
		{SueDeCoq, findSueDeCoq},
		{ForcingChainVerity, findForcingChain},
		{ForcingNetContradiction, findForcingNet},
	} {
		found := false
		for _, g := range grids {
			c, ok := stateBefore(t, paths, g, tc.t)
			if !ok {
				continue
			}
			found = true
			sol := solveAll(g, 1)[0]
			s, ok := tc.find(c, nil)
			if !ok || !c.progress(s) {
				t.Fatalf("%v: did not fire on %s", tc.t, g)
			}
			if err := check(s, &sol); err != nil {
				t.Fatalf("%v: %v", tc.t, err)
			}
			solved, _ := FromGrid(sol)
			if s, ok := tc.find(solved, nil); ok {
				t.Fatalf("%v fired on a solved grid: %v", tc.t, s)
			}
			break
		}
		if !found {
			t.Errorf("%v is not used on any rated puzzle", tc.t)
		}
	}
}

var _ = addCases([]techCase{
	{"xy-chain", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(5, 5), 3, 4)
		only(c, cell(5, 9), 4, 1)
	}, XYChain, nil, elims(1, cell(1, 9), cell(5, 1))},
	{"no xy-chain", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(5, 5), 3, 4)
		only(c, cell(5, 9), 4, 5)
	}, XYChain, nil, nil},
	{"x-chain", func(c *Candidates) {
		keep(c, 9, 2, cell(1, 1), cell(7, 1))
		keep(c, 9+4, 2, cell(7, 5), cell(3, 5))
	}, XChain, nil, elims(2, cell(1, 4), cell(1, 6), cell(3, 2), cell(3, 3))},
	{"no x-chain", func(c *Candidates) {
		keep(c, 9, 2, cell(1, 1), cell(7, 1))
		keep(c, 9+4, 2, cell(8, 5), cell(3, 5))
	}, XChain, nil, nil},
	{"aic", func(c *Candidates) {
		keep(c, 9, 2, cell(1, 1), cell(7, 1))
		keep(c, 9+4, 2, cell(7, 5), cell(3, 5))
	}, AIC, nil, elims(2, cell(1, 4), cell(1, 6), cell(3, 2), cell(3, 3))},
	{"no aic", func(c *Candidates) {
		keep(c, 9, 2, cell(1, 1), cell(7, 1))
		keep(c, 9+4, 2, cell(8, 5), cell(3, 5))
	}, AIC, nil, nil},
	// 2r1c1=2r1c5-3r1c5=3r5c5-1r5c5=1r5c1: the ends clash with the
	// other digit of each end cell, two eliminations: an AIC.
	{"aic with two digits", func(c *Candidates) {
		keep(c, 0, 2, cell(1, 1), cell(1, 5))
		keep(c, 9+4, 3, cell(1, 5), cell(5, 5))
		keep(c, 4, 1, cell(5, 1), cell(5, 5))
	}, AIC, nil, []sudoku.Candidate{cand(cell(1, 1), 1), cand(cell(5, 1), 2)}},
	// The X-Chain of "aic" with one elimination left is, for HoDoKu, a
	// Discontinuous Nice Loop through it.
	{"nice loop", func(c *Candidates) {
		keep(c, 9, 2, cell(1, 1), cell(7, 1))
		keep(c, 9+4, 2, cell(7, 5), cell(3, 5))
		for _, i := range []int{cell(1, 4), cell(1, 6), cell(3, 2)} {
			c.marks[i] &^= 1 << 2
		}
	}, NiceLoop, nil, elims(2, cell(3, 3))},
	{"no nice loop", func(c *Candidates) {
		keep(c, 0, 2, cell(1, 1), cell(1, 5))
		keep(c, 9+4, 3, cell(1, 5), cell(5, 5))
		keep(c, 4, 1, cell(5, 1), cell(5, 5), cell(5, 9))
	}, NiceLoop, nil, nil},
	// Rows 1 and 5 hold 2 only in c1 and c5: the loop
	// 2r1c1=2r1c5-2r5c5=2r5c1-2r1c1 is continuous, and its weak links
	// clear the rest of both columns.
	// (Line 658 of the calibration set.)
	{"continuous nice loop", onPath("....72..6..45....829........36..9.8........73..178.......9...6.5....62...1..5....", 27, ContinuousNiceLoop),
		ContinuousNiceLoop, nil, sortCands([]sudoku.Candidate{cand(cell(1, 7), 3), cand(cell(5, 1), 4), cand(cell(5, 7), 4), cand(cell(7, 3), 8), cand(cell(8, 4), 4), cand(cell(9, 7), 3)})},
	{"no continuous nice loop", func(c *Candidates) {
		keep(c, 0, 2, cell(1, 1), cell(1, 5), cell(1, 9))
		keep(c, 4, 2, cell(5, 1), cell(5, 5))
	}, ContinuousNiceLoop, nil, nil},
}...)
