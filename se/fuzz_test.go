package se

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/godoku/sudoku"
)

// FuzzRate rates arbitrary grids: nothing may panic, and a rating that
// ends without error has a full, consistent path.
func FuzzRate(f *testing.F) {
	for _, p := range readPaths(f, "../testdata/se_paths.txt")[:6] {
		f.Add(p.puzzle)
	}
	f.Add("")
	f.Add("123")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := sudoku.Parse(s)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		r, err := Rate(ctx, &g)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrMultipleSolutions) || errors.Is(err, ErrNoSolution) || g.Validate() != nil {
				return
			}
			t.Fatalf("%s: %v", s, err)
		}
		if r.Hardest == "Brute Force" {
			return
		}
		placed := 0
		for _, st := range r.Steps {
			if st.Placed != nil {
				placed++
			}
			if st.Difficulty > r.ER {
				t.Fatalf("%s: step %s %.1f above ER %.1f", s, st.Technique, st.Difficulty, r.ER)
			}
		}
		if placed != 81-g.Givens() {
			t.Fatalf("%s: %d placements for %d empty cells", s, placed, 81-g.Givens())
		}
		if r.ED > r.EP || r.EP > r.ER {
			t.Fatalf("%s: ED %.1f, EP %.1f, ER %.1f out of order", s, r.ED, r.EP, r.ER)
		}
	})
}
