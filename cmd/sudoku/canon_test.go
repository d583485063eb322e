package main

import (
	"math/rand/v2"
	"testing"

	"github.com/godoku/sudoku"
)

// TestFormLine checks the word-at-a-time writing of a form against
// Grid.String, on grids of every density.
func TestFormLine(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var line [82]byte
	for n := range 400 {
		var g sudoku.Grid
		for i := range g {
			if r.IntN(100) < n/4 {
				g[i] = uint8(1 + r.IntN(9))
			}
		}
		formLine(&line, &g)
		if got, want := string(line[:]), g.String()+"\n"; got != want {
			t.Fatalf("formLine(%v) = %q, want %q", g, got, want)
		}
	}
}
