package logic

import (
	"context"
	"testing"
)

// TestTechniquesInCorpus checks that every technique fires on real puzzles
// along the HoDoKu and SE paths over the rated sets; path checks every
// step against the solution.
func TestTechniquesInCorpus(t *testing.T) {
	seen := map[Technique]int{}
	count := func(s Step) bool {
		seen[s.Technique]++
		return false
	}
	for _, name := range []string{"graded57.tsv", "norvig_top95.tsv", "norvig_hardest11.tsv"} {
		for _, p := range loadTSV(t, name) {
			sol := solveAll(p.grid, 1)[0]
			for _, order := range [][]finder{hodokuOrder, seOrder} {
				if _, err := path(context.Background(), p.grid, &sol, order, count); err != nil {
					t.Fatalf("%s: %v", p.grid, err)
				}
			}
		}
	}
	for _, tt := range Techniques() {
		switch tt {
		case SashimiJellyfish, HiddenQuad, Jellyfish, FrankenXWing, FrankenSwordfish, FinnedFrankenXWing,
			ForcingNetVerity, ForcingChainContradiction, UniqueRectangle5:
			// Too rare for these sets (the nice loops take what a
			// forcing chain contradiction would find); the hand-made
			// tests cover them.
			continue
		case ForcingChain, ForcingNet:
			continue // their steps are the Contradiction and Verity kinds
		}
		if seen[tt] == 0 {
			t.Errorf("%v never fired", tt)
		}
	}
	t.Logf("%v", seen)
}
