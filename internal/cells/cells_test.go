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
