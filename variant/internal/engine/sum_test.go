package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCageSupport checks the filtering of a cage's open cells,
// supportCombos, against brute force over random masks, fixed values and
// sums, from 2 to cageExactLimit open cells.
func TestCageSupport(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 3))
	for trial := range 20000 {
		n := 9
		k := 2 + trial%(cageExactLimit-1)
		masks := make([]Mask, k)
		for i := range masks {
			for masks[i]&(masks[i]-1) == 0 {
				masks[i] = Mask(rng.IntN(1 << n))
			}
		}
		var fixed Mask
		for range rng.IntN(3) {
			fixed |= bit(1 + rng.IntN(n))
		}
		rest := k*(k+1)/2 + rng.IntN(k*(n-k)+1)
		want := support(n, masks, func(vs []int) bool {
			s := 0
			for _, v := range vs {
				if fixed&bit(v) != 0 {
					return false
				}
				s += v
			}
			return s == rest
		})
		combos := make([]Mask, k)
		supportCombos(n, masks, fixed, rest, combos)
		if !slices.Equal(combos, want) {
			t.Fatalf("masks %09b fixed %09b rest %d: supportCombos %09b, want %09b", masks, fixed, rest, combos, want)
		}
	}
}
