package cells

import (
	"math/rand/v2"
	"testing"
)

// TestWords checks every cell of random grids against its byte of the
// words.
func TestWords(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		var g [81]uint8
		for i := range g {
			if r.IntN(3) == 0 {
				g[i] = uint8(r.IntN(256))
			}
		}
		ws := Words(&g)
		for i, v := range g {
			if got := uint8(ws[i/8] >> (8 * (i % 8))); got != v {
				t.Fatalf("cell %d: word %d has %d, want %d", i, i/8, got, v)
			}
		}
	}
}

// TestGivens checks every cell of random grids against its bit of the
// masks.
func TestGivens(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		var g [81]uint8
		for i := range g {
			if r.IntN(3) == 0 {
				g[i] = uint8(r.IntN(256))
			}
		}
		lo, hi := Givens(&g)
		for i, v := range g {
			bit := lo >> i & 1
			if i >= 64 {
				bit = hi >> (i - 64) & 1
			}
			if (bit == 1) != (v != 0) {
				t.Fatalf("cell %d holds %d, bit %d", i, v, bit)
			}
		}
		if hi>>17 != 0 {
			t.Fatalf("bits past cell 80: %x", hi)
		}
	}
}
