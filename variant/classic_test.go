package variant_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	"github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/iss"
)

// classicPuzzle is a classic puzzle with one solution (17 givens) and
// that solution.
const (
	classicPuzzle   = "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."
	classicSolution = "237841569186795243594326718315674892469582137728139456642918375853467921971253684"
)

// parseGrid reads a plain grid.
func parseGrid(t *testing.T, s string) *variant.Puzzle {
	t.Helper()
	p, err := format.ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pencilMarks returns the classic puzzle with the solution's value in
// every cell and, drawn at random, each other value with probability
// chance, as Candidates: a pencil-mark puzzle with at least that solution.
func pencilMarks(t *testing.T, seed uint64, chance float64) *variant.Puzzle {
	rng := rand.New(rand.NewPCG(seed, 1))
	p := &variant.Puzzle{Size: 9}
	for i, ch := range classicSolution {
		vs := []int{int(ch - '0')}
		for v := 1; v <= 9; v++ {
			if v != vs[0] && rng.Float64() < chance {
				vs = append(vs, v)
			}
		}
		p.Constraints = append(p.Constraints, variant.Candidates{Cell: variant.Cell(i), Values: vs})
	}
	return p
}

// TestClassicPath checks that a plain classic puzzle goes to the classic
// solver, and that it finds what the engine finds: the same count, the
// same solutions (in some order), the same true candidates, and Solve a
// solution among them.
func TestClassicPath(t *testing.T) {
	// The solution with its first band blank: 288 solutions.
	band := strings.Repeat(".", 27) + classicSolution[27:]
	fromZero := parseGrid(t, band)
	fromZero.Offset = -1
	for i, v := range fromZero.Givens {
		if v != 0 {
			fromZero.Givens[i] = v - 1
		}
	}
	drawn := parseGrid(t, classicPuzzle)
	drawn.Cosmetics = []variant.Cosmetic{{Kind: "text", Cells: []variant.Point{{Row: 0, Col: 0}}, Text: "hi"}}
	renumbered := parseGrid(t, classicPuzzle)
	renumbered.Regions = variant.Boxes(9, 3, 3)
	for i := range renumbered.Regions {
		renumbered.Regions[i] = 8 - renumbered.Regions[i]
	}
	clash := &variant.Puzzle{Size: 9, Givens: make([]int, 81)}
	clash.Givens[0], clash.Givens[1] = 1, 1
	for _, c := range []struct {
		name      string
		p         *variant.Puzzle
		several   bool // more than one solution
		solutions bool // has any
	}{
		{"givens", parseGrid(t, classicPuzzle), false, true},
		{"givens, several", parseGrid(t, band), true, true},
		{"values from 0", fromZero, true, true},
		{"cosmetic text", drawn, false, true},
		{"boxes numbered otherwise", renumbered, false, true},
		{"pencil marks, one solution", pencilMarks(t, 1, 0.2), false, true},
		{"pencil marks, several", pencilMarks(t, 2, 0.5), true, true},
		{"givens and pencil marks", func() *variant.Puzzle {
			p := pencilMarks(t, 3, 0.6)
			g := []byte(classicSolution)
			for _, r := range []int{0, 2, 4, 6} {
				copy(g[r*9:r*9+9], ".........")
			}
			p.Givens = parseGrid(t, string(g)).Givens
			return p
		}(), true, true},
		{"pencil marks without a solution", func() *variant.Puzzle {
			p := pencilMarks(t, 4, 0.3)
			p.Constraints[0] = variant.Candidates{Cell: 0, Values: []int{int(classicSolution[1] - '0')}}
			p.Constraints[1] = variant.Candidates{Cell: 1, Values: []int{int(classicSolution[1] - '0')}}
			return p
		}(), false, false},
		{"givens that clash", clash, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			fast, err := variant.NewSolver(c.p)
			if err != nil {
				t.Fatal(err)
			}
			if !fast.Classic() {
				t.Fatal("not searched by the classic solver")
			}
			slow, err := variant.NewEngineSolver(c.p)
			if err != nil {
				t.Fatal(err)
			}
			if slow.Classic() {
				t.Fatal("NewEngineSolver gave the classic solver")
			}
			all := func(s *variant.Solver) []string {
				var out []string
				if err := s.Solutions(ctx, func(sol []int) bool {
					if err := check.Solution(c.p, sol); err != nil {
						t.Errorf("solution %v: %v", sol, err)
					}
					out = append(out, format.SolutionLine(c.p, sol))
					return true
				}); err != nil {
					t.Fatal(err)
				}
				slices.Sort(out)
				return out
			}
			want, got := all(slow), all(fast)
			if !slices.Equal(got, want) {
				t.Fatalf("classic solutions %q, engine's %q", got, want)
			}
			if (len(want) > 1) != c.several || (len(want) > 0) != c.solutions {
				t.Fatalf("%d solutions: not the puzzle the case wants", len(want))
			}
			for _, limit := range []int{0, 1, 2} {
				k1, _, err1 := fast.Count(ctx, limit)
				k2, _, err2 := slow.Count(ctx, limit)
				if k1 != k2 || err1 != nil || err2 != nil {
					t.Errorf("Count(%d): classic %d (%v), engine %d (%v)", limit, k1, err1, k2, err2)
				}
			}
			sol, st, err := fast.Solve(ctx)
			switch {
			case len(want) == 0 && !errors.Is(err, variant.ErrNoSolution):
				t.Errorf("Solve: %v, %v, want ErrNoSolution", sol, err)
			case len(want) > 0 && (err != nil || !slices.Contains(want, format.SolutionLine(c.p, sol))):
				t.Errorf("Solve: %v, %v: not a solution", sol, err)
			case st.Backtracks != 0:
				t.Errorf("Solve: %d backtracks from the classic solver, which counts none", st.Backtracks)
			}
			tc1, complete1, err1 := fast.TrueCandidates(ctx, 0)
			tc2, complete2, err2 := slow.TrueCandidates(ctx, 0)
			if err1 != nil || err2 != nil || !complete1 || !complete2 {
				t.Fatalf("TrueCandidates: classic %v %v, engine %v %v", complete1, err1, complete2, err2)
			}
			if !slices.EqualFunc(tc1, tc2, slices.Equal) {
				t.Errorf("true candidates: classic %v, engine %v", tc1, tc2)
			}
			// Capped at one solution: a subset, and not complete.
			tc1, complete1, err1 = fast.TrueCandidates(ctx, 1)
			if len(want) > 0 && (err1 != nil || complete1) {
				t.Errorf("TrueCandidates(1): complete %v, %v", complete1, err1)
			}
			for i := range tc1 {
				for _, v := range tc1[i] {
					if !slices.Contains(tc2[i], v) {
						t.Errorf("TrueCandidates(1): %d in cell %d, not a true candidate", v, i)
					}
				}
			}
		})
	}
}

// TestClassicPathNot checks that puzzles with any rule but givens and
// candidates, or another grid, stay with the engine.
func TestClassicPathNot(t *testing.T) {
	for _, text := range []string{
		".Diagonal~1.~R1C1_1",
		".Shape~6x6.~R1C1_1",
		".AntiKnight.~R1C1_1",
		".NoBoxes.~R1C1_1_2",
		".Jigsaw~" + strings.Repeat("0", 9) + strings.Repeat("1", 9) + strings.Repeat("2", 9) +
			strings.Repeat("3", 9) + strings.Repeat("4", 9) + strings.Repeat("5", 9) +
			strings.Repeat("6", 9) + strings.Repeat("7", 9) + strings.Repeat("8", 9),
	} {
		p, err := iss.Parse(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if s.Classic() {
			t.Errorf("%s: searched by the classic solver", text)
		}
	}
}

// TestClassicPathStops checks that a context stops the classic solver:
// counting every grid of an empty classic puzzle would never end.
func TestClassicPathStops(t *testing.T) {
	s, err := variant.NewSolver(parseGrid(t, strings.Repeat(".", 81)))
	if err != nil || !s.Classic() {
		t.Fatalf("%v, classic %v", err, s != nil && s.Classic())
	}
	for name, run := range map[string]func(context.Context) error{
		"Count": func(ctx context.Context) error { _, _, err := s.Count(ctx, 0); return err },
		"Solutions": func(ctx context.Context) error {
			return s.Solutions(ctx, func([]int) bool { return true })
		},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		err := run(ctx)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want the deadline's error", name, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := s.Solve(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a done context: %v", err)
	}
	if _, _, err := s.TrueCandidates(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("TrueCandidates with a done context: %v", err)
	}
}

// TestHardPencilMarks proves each puzzle of the Interactive Sudoku
// Solver's HARD_PENCILMARKS collection unique through the classic solver
// (the engine needs minutes for some), and checks its solution with
// package check and against the one the file gives, if any. The 6th and
// 7th take seconds each (docs/variants.md), so they run only with the
// long corpus runs (VARIANT_CORPUS set).
func TestHardPencilMarks(t *testing.T) {
	n := 0
	for _, e := range readISS(t) {
		if e.Collection != "HARD_PENCILMARKS" {
			continue
		}
		n++
		if n > 5 && os.Getenv("VARIANT_CORPUS") == "" {
			continue
		}
		p, err := iss.Parse(e.Input)
		if err != nil {
			t.Fatalf("puzzle %d: %v", n, err)
		}
		s, err := variant.NewSolver(p)
		if err != nil || !s.Classic() {
			t.Fatalf("puzzle %d: %v, classic %v", n, err, s != nil && s.Classic())
		}
		var sols [][]int
		err = s.Solutions(context.Background(), func(sol []int) bool {
			sols = append(sols, slices.Clone(sol))
			return len(sols) < 2
		})
		if err != nil || len(sols) != 1 {
			t.Errorf("puzzle %d: %d solutions (%v), want 1", n, len(sols), err)
			continue
		}
		if err := check.Solution(p, sols[0]); err != nil {
			t.Errorf("puzzle %d: %v", n, err)
		}
		if e.Solution != "" && format.SolutionLine(p, sols[0]) != e.Solution {
			t.Errorf("puzzle %d: solution %s, want %s", n, format.SolutionLine(p, sols[0]), e.Solution)
		}
	}
	if n != 7 {
		t.Errorf("%d HARD_PENCILMARKS puzzles, want 7", n)
	}
}
