package logic

import (
	"context"
	"testing"
)

// TestHintNotUnique walks the HoDoKu path of rated puzzles and, at each
// state where Hint takes a technique that assumes one solution, checks
// that a hint with NotUnique takes another (or none).
func TestHintNotUnique(t *testing.T) {
	notUnique := (*Options)(nil).NotUnique()
	if n := len(DefaultTechniques()) - len(notUnique.Techniques); n != 10 {
		t.Errorf("%d techniques left out, want the 10 that assume one solution", n)
	}
	ctx := context.Background()
	seen := map[Technique]int{}
	for _, p := range loadTSV(t, "graded57.tsv") {
		steps, err := Explain(ctx, p.grid)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := FromGrid(p.grid)
		for _, s := range steps {
			if s.Technique.assumesUnique() {
				seen[s.Technique]++
				got, ok, err := notUnique.Hint(ctx, c)
				if err != nil || ok && got.Technique.assumesUnique() {
					t.Errorf("%s: where Hint takes %v, NotUnique gives %v (%v)", p.grid, s.Technique, got, err)
				}
				if want, _, _ := Hint(ctx, c); want.Technique != s.Technique {
					t.Fatalf("%s: Hint takes %v, the path %v", p.grid, want.Technique, s.Technique)
				}
			}
			if err := c.Apply(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(seen) < 3 {
		t.Errorf("uniqueness techniques met: %v, want at least three kinds", seen)
	}
}
