package variant_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
	"github.com/godoku/sudoku/variant/iss"
)

// FuzzSolve reads any ISS text and solves it within a short budget:
// nothing may panic, and every solution found keeps the puzzle's rules.
func FuzzSolve(f *testing.F) {
	// The seeds, one ISS text a line, are shared by the engine's and
	// the logical solver's fuzz targets.
	seeds, err := os.ReadFile("testdata/fuzz_seeds.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range strings.Split(strings.TrimSpace(string(seeds)), "\n") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := iss.Parse(text)
		if err != nil {
			return
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		n := 0
		_ = s.Solutions(ctx, func(sol []int) bool {
			if err := vcheck.Check(p, sol); err != nil {
				t.Fatalf("%q: solution %v breaks a rule: %v", text, sol, err)
			}
			n++
			return n < 3
		})
		_, _, _ = s.TrueCandidates(ctx, 10)
	})
}
