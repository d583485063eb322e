package logic

import (
	"testing"
)

// TestTechniquesInCorpus checks that every technique fires on real puzzles
// along the HoDoKu and SE paths over the rated sets, each step checked
// against the solution.
func TestTechniquesInCorpus(t *testing.T) {
	seen := map[Technique]int{}
	for _, name := range []string{"graded57.tsv", "norvig_top95.tsv", "norvig_hardest11.tsv"} {
		for _, p := range loadTSV(t, name) {
			sol := solveAll(p.grid, 1)[0]
			for _, order := range [][]finder{hodokuOrder, seOrder} {
				c, _ := FromGrid(p.grid)
				for !c.Solved() {
					s, ok := Step{}, false
					k := 0
					for ; k < len(order); k++ {
						if s, ok = order[k].find(c); ok && c.progress(s) {
							break
						}
						ok = false
					}
					if !ok {
						s = bruteForceStep(c, &sol)
					}
					if err := check(s, &sol); err != nil {
						t.Fatal(err)
					}
					seen[s.Technique]++
					c.Apply(s)
				}
			}
		}
	}
	for _, tt := range Techniques() {
		switch tt {
		case SashimiJellyfish, HiddenQuad, Jellyfish:
			// Too rare for these sets; the hand-made tests cover them.
			continue
		}
		if seen[tt] == 0 {
			t.Errorf("%v never fired", tt)
		}
	}
	t.Logf("%v", seen)
}
