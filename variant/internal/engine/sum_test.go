package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCageSupport checks the filtering of a cage's open cells,
// supportCombos, against brute force over random masks, fixed values and
// sums, from 2 to cageExactLimit open cells, in grids of 5 to 16 values.
func TestCageSupport(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 3))
	for trial := range 20000 {
		k := 2 + trial%(cageExactLimit-1)
		n := 9
		if trial%5 == 0 {
			n = 5 + rng.IntN(12)
		}
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
			t.Fatalf("n %d masks %b fixed %b rest %d: supportCombos %b, want %b", n, masks, fixed, rest, combos, want)
		}
	}
}

// TestExactSupport checks the solving of a sum with a few open cells,
// exactSupport, against brute force over random masks, coefficients
// (negative ones and a circle's tens too), groups of cells that differ,
// and sums.
func TestExactSupport(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 4))
	coefs := []int{1, 1, 1, -1, -1, 2, 10}
	for trial := range 20000 {
		n := 9
		if trial%5 == 0 {
			n = 6 + rng.IntN(11)
		}
		k := 1 + trial%exactLimit
		masks := make([]Mask, k)
		coef := make([]int, k)
		group := make([]int32, k)
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = Mask(rng.IntN(1 << n))
			}
			coef[i] = coefs[rng.IntN(len(coefs))]
			group[i] = int32(rng.IntN(3))
		}
		rest := rng.IntN(4*n+1) - n
		if trial%3 == 0 {
			// A rest some assignment makes.
			rest = 0
			for i, m := range masks {
				rest += coef[i] * (tz(m) + 1)
			}
		}
		want := make([]Mask, k)
		vs := make([]int, k)
		var walk func(i, sum int)
		walk = func(i, sum int) {
			if i == k {
				if sum != rest {
					return
				}
				for a := range vs {
					for b := range a {
						if group[a] == group[b] && vs[a] == vs[b] {
							return
						}
					}
				}
				for j, v := range vs {
					want[j] |= bit(v)
				}
				return
			}
			for m := masks[i]; m != 0; m &= m - 1 {
				vs[i] = tz(m) + 1
				walk(i+1, sum+coef[i]*vs[i])
			}
		}
		walk(0, 0)
		got := make([]Mask, k)
		exactSupport(n, masks, coef, group, rest, got)
		if !slices.Equal(got, want) {
			t.Fatalf("n %d masks %b coef %v group %v rest %d: exactSupport %b, want %b", n, masks, coef, group, rest, got, want)
		}
	}
}

// TestPairExtremes checks groupExtremes' case of two cells against its
// case of any size, over every pair of masks of 7 values and random
// pairs of 16 and 25.
func TestPairExtremes(t *testing.T) {
	check := func(a, b Mask) {
		s := &solver{cells: []Mask{a, b}}
		f, mn, top, mx, bot, ok := pairExtremes(a, b)
		wf, wmn, wtop, wmx, wbot, wok := groupExtremesN(s, []int32{0, 1})
		if f != wf || mn != wmn || top != wtop || mx != wmx || bot != wbot || ok != wok {
			t.Fatalf("%b %b: pairExtremes %d %d %d %d %d %v, want %d %d %d %d %d %v", a, b, f, mn, top, mx, bot, ok, wf, wmn, wtop, wmx, wbot, wok)
		}
	}
	for a := Mask(0); a < 1<<7; a++ {
		for b := Mask(0); b < 1<<7; b++ {
			check(a, b)
		}
	}
	rng := rand.New(rand.NewPCG(30, 5))
	for range 100000 {
		n := 16
		if rng.IntN(2) == 0 {
			n = 25
		}
		a, b := Mask(rng.IntN(1<<n)), Mask(rng.IntN(1<<n))
		if rng.IntN(4) == 0 {
			a = bit(1 + rng.IntN(n))
		}
		check(a, b)
	}
}

// TestSeenByTable checks a cage's table of the cells that see a set of its
// cells against the peers read one pair at a time, for every set, on
// cages along a row, in a box and across boxes.
func TestSeenByTable(t *testing.T) {
	for _, cage := range [][]int{
		{0, 1, 2},
		{0, 1, 9, 10},
		{2, 3, 11, 12, 20},
		{30, 31, 32, 39, 40, 41, 48, 49, 50},
	} {
		b := sudokuBuilder(3, 3)
		b.Distinct(cage)
		sum := 0
		for i := range cage {
			sum += i + 1
		}
		b.Sum(cage, nil, sum)
		var cp *sumProp
		for _, pr := range b.Build().props {
			if sp, ok := pr.(*sumProp); ok && sp.cage && len(sp.cells) == len(cage) {
				cp = sp
			}
		}
		if cp == nil || cp.seenBy == nil {
			t.Fatalf("cage %v: no table", cage)
		}
		for set := 3; set < 1<<len(cage); set++ {
			if set&(set-1) == 0 {
				continue
			}
			var want []int32
			for o := range 81 {
				ok := !contains(cp.cells, int32(o))
				for i, c := range cp.cells {
					if set>>i&1 != 0 && !b.Peers(o, int(c)) {
						ok = false
					}
				}
				if ok {
					want = append(want, int32(o))
				}
			}
			if !slices.Equal(cp.seenBy[set], want) {
				t.Errorf("cage %v set %b: %v, want %v", cage, set, cp.seenBy[set], want)
			}
		}
	}
}
