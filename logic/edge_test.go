package logic

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
)

// TestPathological rates every edge case of the shipped pathological set:
// each must give a rating or an error, and a rating only for a puzzle with
// one solution. How fast is BenchmarkRatePathological's business.
func TestPathological(t *testing.T) {
	gs := loadPathological(t)
	for _, g := range gs {
		r, err := Rate(context.Background(), g)
		sols := solveAll(g, 2)
		if err == nil && len(sols) != 1 {
			t.Errorf("%s: rated %+v with %d solutions", g, r, len(sols))
		}
		if err != nil && len(sols) == 1 && g.Validate() == nil {
			t.Errorf("%s: %v", g, err)
		}
	}
	if len(gs) < 10 {
		t.Fatalf("only %d puzzles", len(gs))
	}
}

// loadPathological reads the grids of testdata/pathological.txt.
func loadPathological(t testing.TB) []sudoku.Grid {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "pathological.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var gs []sudoku.Grid
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if g, err := sudoku.Parse(line); err == nil {
			gs = append(gs, g)
		}
	}
	return gs
}

// BenchmarkRatePathological rates (or refuses) each pathological grid.
func BenchmarkRatePathological(b *testing.B) {
	gs := loadPathological(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Rate(context.Background(), gs[i%len(gs)])
	}
}

func TestContextCancel(t *testing.T) {
	g := loadTSV(t, "norvig_hardest11.tsv")[1].grid
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Rate(ctx, g); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	c, _ := FromGrid(g)
	if _, ok, err := Hint(ctx, c); ok || err != context.Canceled {
		t.Fatalf("HintContext: got %v %v, want context.Canceled", ok, err)
	}
	if _, ok, err := Hint(context.Background(), c); !ok || err != nil {
		t.Fatalf("HintContext without a deadline: got %v %v, want a step", ok, err)
	}
}

func TestJSON(t *testing.T) {
	g := loadTSV(t, "graded57.tsv")[25].grid
	steps, err := Explain(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Step
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back.String() != s.String() {
			t.Fatalf("round trip: %q != %q", back.String(), s.String())
		}
	}
	r, _ := Rate(context.Background(), g)
	b, _ := json.Marshal(r)
	var back Rating
	if err := json.Unmarshal(b, &back); err != nil || back != r {
		t.Fatalf("rating %s: %v %+v", b, err, back)
	}
	if !strings.Contains(string(b), `"level":"`+r.Level.String()+`"`) {
		t.Fatalf("rating JSON %s", b)
	}
}
