package logic

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// givenMarks returns the marks of a puzzle written as a pencil-mark
// puzzle: each given alone in its cell, every digit in the others.
func givenMarks(g sudoku.Grid) sudoku.Marks {
	var m sudoku.Marks
	for i, v := range g {
		m[i] = sudoku.AllDigits
		if v != 0 {
			m[i] = 1 << v
		}
	}
	return m
}

// TestMarksAsGrid checks that a puzzle written as pencil marks with its
// givens alone is explained and rated as the puzzle itself.
func TestMarksAsGrid(t *testing.T) {
	ctx := context.Background()
	for _, p := range []string{easy, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"} {
		g, _ := sudoku.Parse(p)
		m := givenMarks(g)
		want, err := Rate(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := (*Options)(nil).RateMarks(ctx, &m)
		if err != nil || got != want {
			t.Errorf("%s: RateMarks %+v, %v; Rate %+v", p, got, err, want)
		}
		// The singles may come in another order: FromMarks queues them
		// as HoDoKu does for a grid given with pencil marks, in cell
		// order, FromGrid as the givens are placed. The techniques are
		// the same.
		wantSteps, _ := Explain(context.Background(), g)
		steps, err := (*Options)(nil).ExplainMarks(ctx, &m)
		if err != nil || !reflect.DeepEqual(techniqueCounts(steps), techniqueCounts(wantSteps)) {
			t.Errorf("%s: ExplainMarks %v, %v; Explain %v", p, techniqueCounts(steps), err, techniqueCounts(wantSteps))
		}
	}
}

func techniqueCounts(steps []Step) map[Technique]int {
	n := map[Technique]int{}
	for _, s := range steps {
		n[s.Technique]++
	}
	return n
}

// sukaku returns a pencil-mark puzzle with no placed digit: starting with
// every digit everywhere, it takes out candidates that sol does not use,
// at random, until the marks have one solution.
func sukaku(rng *rand.Rand, sol sudoku.Grid) sudoku.Marks {
	var m sudoku.Marks
	for i := range m {
		m[i] = sudoku.AllDigits
	}
	for {
		i, d := rng.IntN(81), 1+rng.IntN(9)
		if sol[i] == uint8(d) || m[i].Count() <= 2 {
			continue
		}
		m[i] &^= 1 << d
		if n, _ := solver.CountMarks(context.Background(), &m, 2); n == 1 {
			return m
		}
	}
}

// TestSukaku rates and explains pencil-mark puzzles that have no placed
// digit and one solution: every step agrees with the solution, and no
// step places a digit or acts on a candidate that the marks left out.
func TestSukaku(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	ctx := context.Background()
	sols := solveAll(sudoku.Grid{}, 1) // one full grid, made into others
	for k := range 4 {
		tr := sudoku.RandomTransform(rng)
		sol := tr.Apply(&sols[0])
		m := sukaku(rng, sol)
		r, err := (*Options)(nil).RateMarks(ctx, &m)
		if err != nil || r.Steps == 0 {
			t.Fatalf("#%d %s: RateMarks %+v, %v", k, m.String(), r, err)
		}
		steps, err := (*Options)(nil).ExplainMarks(ctx, &m)
		if err != nil || len(steps) != r.Steps {
			t.Fatalf("#%d: ExplainMarks %d steps, %v; rating %d", k, len(steps), err, r.Steps)
		}
		c, _ := FromMarks(m)
		for _, s := range steps {
			for _, x := range append(s.Placements, s.Eliminations...) {
				if !m[x.Cell].Has(x.Digit) {
					t.Errorf("#%d: %v acts on %v, which the marks left out", k, s, x)
				}
			}
			for _, p := range s.Placements {
				if sol[p.Cell] != uint8(p.Digit) {
					t.Errorf("#%d: %v places %v, the solution has %d", k, s, p, sol[p.Cell])
				}
			}
			if err := c.Apply(s); err != nil {
				t.Fatal(err)
			}
		}
		if c.Grid() != sol {
			t.Errorf("#%d: the path ends at %v, not the solution %v", k, c.Grid(), sol)
		}
		t.Logf("#%d: %+v", k, r)
	}
}

// TestMarksHonoured checks that a candidate taken out of the marks stays
// out: with the solution's digit taken from a cell of a puzzle that has
// one solution, the marks have none, which RateMarks says.
func TestMarksHonoured(t *testing.T) {
	g, _ := sudoku.Parse(easy)
	sol := solveAll(g, 1)[0]
	m := sudoku.MarksOf(&g)
	for i := range m {
		if m[i].Count() >= 3 {
			m[i] &^= 1 << sol[i]
			break
		}
	}
	if _, err := (*Options)(nil).RateMarks(context.Background(), &m); err != ErrNoSolution {
		t.Errorf("RateMarks without a solution digit: %v, want ErrNoSolution", err)
	}
	if _, err := (*Options)(nil).ExplainMarksToward(context.Background(), &m, sol); err == nil {
		t.Errorf("ExplainMarksToward a grid the marks rule out: no error")
	}
}

func TestCandidatesMarks(t *testing.T) {
	g, _ := sudoku.Parse(easy)
	c, _ := FromGrid(g)
	m := c.Marks()
	if m != sudoku.MarksOf(&g) {
		t.Errorf("Marks of FromGrid differ from MarksOf: %v", m.String())
	}
	// FromMarks places the cells with one candidate, which takes their
	// digits from the peers, but never adds a candidate.
	c2, err := FromMarks(m)
	if err != nil {
		t.Fatal(err)
	}
	m2 := c2.Marks()
	for i := range m {
		if m2[i]&^m[i] != 0 || m2[i] == 0 {
			t.Errorf("%s: FromMarks turned %v into %v", sudoku.CellName(i), m[i], m2[i])
		}
	}
}
