package variant_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
)

// TestFullRankAgainstBruteForce weighs the FullRank propagator harder
// than TestKindsAgainstBruteForce: 4x4 puzzles (values from 1 and from 0)
// with two to eight rank clues read from a random grid (now and then one
// moved by one, or read from another grid), sometimes with NoRankTies, must
// have exactly the solutions the checker finds among all 288 grids.
func TestFullRankAgainstBruteForce(t *testing.T) {
	rounds := 400
	if testing.Short() {
		rounds = 80
	}
	r := rand.New(rand.NewPCG(30, 3))
	const n = 4
	var grids [][]int
	latin(n, (&variant.Puzzle{Size: n}).RegionsOf(), nil, func(g []int) { grids = append(grids, g) })
	solved := 0
	for round := range rounds {
		off := -(round % 2)
		p := &variant.Puzzle{Size: n, Offset: off}
		ref := grids[r.IntN(len(grids))]
		for range 2 + r.IntN(7) {
			e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
			rank := rankOf(n, ref, e)
			switch r.IntN(20) {
			case 0:
				rank = rankOf(n, grids[r.IntN(len(grids))], e)
			case 1:
				rank = max(1, min(4*n, rank+1-2*r.IntN(2)))
			}
			p.Constraints = append(p.Constraints, variant.FullRank{At: e, Rank: rank})
		}
		if r.IntN(4) == 0 {
			p.Constraints = append(p.Constraints, variant.NoRankTies{})
		}
		var want []string
		for _, g := range grids {
			g = shifted(g, off, false)
			if vcheck.Check(p, g) == nil {
				want = append(want, fmt.Sprint(g))
			}
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			t.Fatalf("NewSolver(%+v): %v", p, err)
		}
		var got []string
		if err := s.Solutions(context.Background(), func(sol []int) bool {
			got = append(got, fmt.Sprint(sol))
			return len(got) <= len(grids)
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			t.Fatalf("round %d: %d solutions, want %d\npuzzle %+v\nextra %v\nmissing %v", round, len(got), len(want), p,
				firstOf(diff(got, want)), firstOf(diff(want, got)))
		}
		if len(want) > 0 {
			solved++
		}
	}
	t.Logf("%d of %d puzzles with solutions", solved, rounds)
	// The clues come from grids: many puzzles have solutions.
	if solved < rounds/4 {
		t.Errorf("%d of %d puzzles with solutions: the test weighs too few", solved, rounds)
	}
}
