package logic

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
)

func FuzzParseCandidates(f *testing.F) {
	g, _ := sudoku.Parse(easy)
	c, _ := FromGrid(g)
	f.Add(c.String())
	f.Add(easy)
	f.Add("1 2 3 4 5 6 7 8 9\n")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCandidates(s)
		if err != nil {
			return
		}
		if err := c.values.Validate(); err != nil {
			t.Fatalf("accepted an invalid grid: %v", err)
		}
		for i := 0; i < 81; i++ {
			if c.values[i] != 0 && c.marks[i] != 0 || c.values[i] == 0 && c.marks[i] == 0 {
				t.Fatalf("bad cell %d", i)
			}
		}
		// Hint must not panic on any accepted grid.
		Hint(context.Background(), c)
	})
}

func FuzzRate(f *testing.F) {
	f.Add(easy)
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := sudoku.Parse(s)
		if err != nil {
			return
		}
		if g.Validate() != nil {
			if _, err := Explain(context.Background(), g); err == nil {
				t.Fatal("explained an invalid grid")
			}
			return
		}
		steps, err := Explain(context.Background(), g)
		if err != nil {
			// The test backtracker can take very long to prove a sparse
			// grid unsolvable, so refusals are not cross-checked here;
			// TestPathological covers them.
			return
		}
		sols := solveAll(g, 2)
		if len(sols) != 1 {
			t.Fatalf("explained a puzzle with %d solutions", len(sols))
		}
		for _, s := range steps {
			if err := check(s, &sols[0]); err != nil {
				t.Fatal(err)
			}
		}
	})
}
