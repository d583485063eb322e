package generate

import (
	"context"
	"errors"
	"testing"

	"github.com/godoku/sudoku/logic"
)

// TestGradeStops: rating a puzzle's path stops at a done context, as the
// searches around it do; the path of an Extreme killer can take most of a
// second of forcing chains, which once ran on past the server's time
// limit and answered after it.
func TestGradeStops(t *testing.T) {
	g, err := New(3, Options{Levels: []logic.Level{logic.Extreme}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Generate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if gr, err := g.grade(context.Background(), p.Puzzle); err != nil || gr.r.Level != logic.Extreme {
		t.Fatalf("grade: %v, level %v; want Extreme", err, gr.r.Level)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.grade(ctx, p.Puzzle); !errors.Is(err, context.Canceled) {
		t.Errorf("grade with a canceled context: %v, want context.Canceled", err)
	}
}
