//go:build goexperiment.simd && amd64

package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/godoku/sudoku"
)

// useScalar makes s use the scalar engine, as the default build does.
func useScalar(s *Solver) { s.simd.scalar = true }

// compareEngines runs the scalar and the SIMD engine on g and fails if
// they differ: Count and the guesses for several limits, Solve's answer
// (each solution checked against the rules and the givens), and, up to
// enumLimit solutions, what Enumerate yields, in order. The two engines
// make the same search, so they must agree in all of these.
func compareEngines(t *testing.T, sc, sv *Solver, g *sudoku.Grid, enumLimit int) {
	t.Helper()
	useScalar(sc)
	for _, limit := range []int{1, 2, 3, 10} {
		if a, b := sc.Count(g, limit), sv.Count(g, limit); a != b {
			t.Fatalf("%v: Count(%d): scalar %d, SIMD %d", g, limit, a, b)
		}
		if a, b := sc.Guesses(), sv.Guesses(); a != b {
			t.Fatalf("%v: Count(%d): scalar %d guesses, SIMD %d", g, limit, a, b)
		}
	}
	a, okA := sc.Solve(g)
	b, okB := sv.Solve(g)
	if okA != okB {
		t.Fatalf("%v: Solve: scalar %v, SIMD %v", g, okA, okB)
	}
	if okB {
		if err := g.CheckSolution(&b); err != nil && g.Validate() == nil {
			t.Fatalf("%v: SIMD solution %v: %v", g, b, err)
		}
		if a != b { // the same search finds the same solution first
			t.Fatalf("%v: first solution: scalar %v, SIMD %v", g, a, b)
		}
	}
	if enumLimit > 0 {
		var sa, sb []sudoku.Grid
		ctx := context.Background()
		sc.Enumerate(ctx, g, enumLimit, func(s *sudoku.Grid) bool { sa = append(sa, *s); return true })
		sv.Enumerate(ctx, g, enumLimit, func(s *sudoku.Grid) bool { sb = append(sb, *s); return true })
		if len(sa) != len(sb) {
			t.Fatalf("%v: Enumerate(%d): scalar %d, SIMD %d", g, enumLimit, len(sa), len(sb))
		}
		for i := range sa {
			if sa[i] != sb[i] {
				t.Fatalf("%v: Enumerate(%d): solution %d: scalar %v, SIMD %v", g, enumLimit, i, sa[i], sb[i])
			}
		}
	}
}

// TestSIMDAgainstScalar runs both engines on every shipped corpus, an
// isomorph of each puzzle, grids with many solutions (givens taken away)
// and grids with none.
func TestSIMDAgainstScalar(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2: the SIMD engine does not run")
	}
	var sc, sv Solver
	rng := rand.New(rand.NewPCG(15, 3))
	for _, file := range []string{
		"../testdata/17clue_1000.txt", "../testdata/forum_hardest_500.txt", "../testdata/forum_hardest_1106.txt",
		"../testdata/puzzles3_magictour_top1465.txt", "../testdata/serg_multi_200.txt", "../testdata/norvig_top95.txt",
		"../testdata/p096_sudoku.txt", "../testdata/pathological.txt", "../testdata/tdoku_test_puzzles.txt",
		"../testdata/kaggle_1k.csv", "../testdata/examples.txt", "../testdata/norvig_hardest11.txt",
	} {
		t.Run(file[len("../testdata/"):], func(t *testing.T) {
			gs := readFile(t, file)
			if len(gs) == 0 {
				t.Fatal("no puzzles")
			}
			for i := range gs {
				compareEngines(t, &sc, &sv, &gs[i], 20)
				tr := sudoku.RandomTransform(rng)
				h := tr.Apply(&gs[i])
				compareEngines(t, &sc, &sv, &h, 0)
			}
		})
	}
	t.Run("fewer givens", func(t *testing.T) {
		gs := readFile(t, "../testdata/p096_sudoku.txt")
		for i := range gs {
			g := gs[i]
			for k := 0; k < 8; k++ { // 8 givens fewer: up to thousands of solutions
				j := rng.IntN(81)
				g[j] = 0
			}
			compareEngines(t, &sc, &sv, &g, 500)
		}
	})
	t.Run("no solution", func(t *testing.T) {
		gs := readFile(t, "../testdata/17clue_1000.txt")
		for i := range gs[:200] {
			g := gs[i]
			// an extra given: mostly a clash or a dead end, sometimes fine
			j := rng.IntN(81)
			g[j] = uint8(1 + rng.IntN(9))
			compareEngines(t, &sc, &sv, &g, 5)
			g[j] = uint8(10 + rng.IntN(20)) // no digit, or one read modulo 16
			compareEngines(t, &sc, &sv, &g, 5)
		}
	})
	t.Run("empty", func(t *testing.T) {
		var g sudoku.Grid
		compareEngines(t, &sc, &sv, &g, 1000)
	})
}

// TestSIMDMarks checks that marks still solve in the SIMD build (they go
// to the scalar engine) and that a grid solved afterwards goes to the
// SIMD one again.
func TestSIMDMarks(t *testing.T) {
	gs := readFile(t, "../testdata/norvig_top95.txt")
	var s Solver
	for i := range gs[:20] {
		m := sudoku.MarksOf(&gs[i])
		want := s.Count(&gs[i], 2)
		if got, err := s.CountMarks(context.Background(), &m, 2); got != want || err != nil {
			t.Fatalf("%v: CountMarks %d, %v; Count %d", gs[i], got, err, want)
		}
		if s.marks != nil {
			t.Fatal("marks left set after CountMarks")
		}
	}
}

// TestSIMDGuesses checks that Guesses counts the SIMD engine's guesses:
// none on an easy puzzle, some on a hard one.
func TestSIMDGuesses(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2")
	}
	var s Solver
	easy, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	s.Count(&easy, 2)
	if s.Guesses() != 0 {
		t.Errorf("easy puzzle: %d guesses", s.Guesses())
	}
	hard, _ := sudoku.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	s.Count(&hard, 2)
	if s.Guesses() == 0 {
		t.Error("hard 17-clue puzzle: no guesses")
	}
	// A sparse grid with a hidden contradiction, found by FuzzSIMD: before
	// the engine had the triad rule it searched for minutes (17 million
	// guesses) to prove it has no solution; the rule finds the
	// contradiction before any guess, as the scalar engine's does.
	bad, _ := sudoku.Parse(".5.46.....64.....5.......4..4....58...5....6...6.5........4.65...................")
	if n := s.Count(&bad, 2); n != 0 || s.Guesses() != 0 {
		t.Errorf("sparse grid with no solution: %d solutions, %d guesses, want 0 and 0", n, s.Guesses())
	}
}

// FuzzSIMD compares the two engines on any grid.
func FuzzSIMD(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g := fuzzGrid(data)
		var sc, sv Solver
		// Few givens mean many solutions: enumerate them all only when
		// the grid is well filled.
		limit := 0
		if g.Givens() >= 30 {
			limit = 200
		}
		compareEngines(t, &sc, &sv, &g, limit)
	})
}

// BenchmarkSolveScalar is BenchmarkSolve on the scalar engine, to compare
// with BenchmarkSolve in the SIMD build.
func BenchmarkSolveScalar(b *testing.B) {
	benchmark(b, false, func(s *Solver, g *sudoku.Grid) { useScalar(s); s.Solve(g) })
}

// BenchmarkCount2Scalar is BenchmarkCount2 on the scalar engine.
func BenchmarkCount2Scalar(b *testing.B) {
	benchmark(b, false, func(s *Solver, g *sudoku.Grid) { useScalar(s); s.Count(g, 2) })
}
