package engine

import (
	"testing"

	"github.com/godoku/sudoku"
)

func TestEmbeddedPuzzles(t *testing.T) {
	ps := puzzles()
	for _, l := range Levels {
		if len(ps.byLevel[l]) < 10 {
			t.Errorf("level %s has %d puzzles, want 10 or more", l, len(ps.byLevel[l]))
		}
		for _, p := range ps.byLevel[l] {
			g, err := sudoku.Parse(p.Puzzle)
			if err == nil {
				err = g.Validate()
			}
			if err != nil || g.String() != p.Puzzle || p.Source == "" {
				t.Errorf("%s %s: %v", l, p.Source, err)
			}
		}
	}
}
