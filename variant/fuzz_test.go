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
		if s.Classic() {
			// A plain classic puzzle: the classic solver and the
			// engine count the same, when both finish in time.
			e, err := variant.NewEngineSolver(p)
			if err != nil {
				t.Fatalf("%q: the engine refuses it: %v", text, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			k1, _, err1 := s.Count(ctx, 3)
			k2, _, err2 := e.Count(ctx, 3)
			if err1 == nil && err2 == nil && k1 != k2 {
				t.Fatalf("%q: the classic solver counts %d, the engine %d", text, k1, k2)
			}
		}
	})
}
