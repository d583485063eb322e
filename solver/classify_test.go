package solver

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/godoku/sudoku"
)

func TestClassify(t *testing.T) {
	clash := sudoku.Grid{}
	clash[0], clash[1] = 5, 5
	for _, c := range []struct {
		name   string
		puzzle string
		grid   *sudoku.Grid
		want   Status
	}{
		{"unique", "003020600900305001001806400008102900700000008006708200002609500800203009005010300", nil, Unique},
		{"multiple", ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.", nil, Multiple},
		{"none", "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..", nil, None},
		{"empty", "", &sudoku.Grid{}, Multiple},
		{"clash", "", &clash, Invalid},
		{"not a digit", "", &sudoku.Grid{12}, Invalid},
	} {
		g := c.grid
		if g == nil {
			p, err := sudoku.Parse(c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			g = &p
		}
		sol, st, err := Classify(context.Background(), g)
		if st != c.want {
			t.Errorf("%s: status %v, want %v", c.name, st, c.want)
		}
		if (err != nil) != (c.want == Invalid) {
			t.Errorf("%s: error %v", c.name, err)
		}
		if c.want == Unique || c.want == Multiple {
			if err := g.CheckSolution(&sol); err != nil {
				t.Errorf("%s: solution %v: %v", c.name, sol, err)
			}
		} else if sol != (sudoku.Grid{}) {
			t.Errorf("%s: a solution %v with status %v", c.name, sol, st)
		}
	}
}

func TestClassifyStops(t *testing.T) {
	gs := readFile(t, "../testdata/forum_hardest_500.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var s Solver
	stopped := 0
	for i := range gs {
		sol, st, err := s.Classify(ctx, &gs[i])
		switch st {
		case Stopped:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("puzzle %d: Stopped with error %v, want context.Canceled", i, err)
			}
			stopped++
		case Unique:
			// Found before the solver looked at the context.
			if err != nil || gs[i].CheckSolution(&sol) != nil {
				t.Fatalf("puzzle %d: Unique with %v, %v", i, sol, err)
			}
		default:
			t.Fatalf("puzzle %d: %v, %v", i, st, err)
		}
	}
	if stopped == 0 {
		t.Errorf("a cancelled context stopped none of %d hard puzzles", len(gs))
	}
}

func TestStatusText(t *testing.T) {
	for s := Unique; s <= Failed; s++ {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Status
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%v: round trip gives %v, %v", s, back, err)
		}
	}
	for _, bad := range []Status{0, Failed + 1, 255} {
		if _, err := bad.MarshalText(); err == nil {
			t.Errorf("Status(%d) marshals", uint8(bad))
		}
	}
	var s Status
	if err := s.UnmarshalText([]byte("Unique")); err == nil {
		t.Errorf("status words are case-sensitive, but Unique was read")
	}
}

func TestCountContextPooled(t *testing.T) {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	if n, err := Count(context.Background(), &g, 10); n != 2 || err != nil {
		t.Errorf("CountContext = %d, %v; want 2 solutions", n, err)
	}
}
