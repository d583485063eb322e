package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/godoku/sudoku"
)

// benchSets are the corpora the benchmarks use: the shipped ones, and the
// tdoku benchmark sets from shared/data/bench beside the repository (or
// beside one of its parent directories, for a git worktree) when they are
// there.
var benchSets = []struct{ name, path string }{
	{"euler96", "../testdata/p096_sudoku.txt"},
	{"top95", "../testdata/norvig_top95.txt"},
	{"17clue", "puzzles2_17_clue.txt"},
	{"top1465", "puzzles3_magictour_top1465.txt"},
	{"forum1905", "puzzles5_forum_hardest_1905_11+.txt"},
	{"forum1106", "puzzles6_forum_hardest_1106.txt"},
	{"serg", "puzzles7_serg_benchmark.txt"},
}

// benchPath returns where a benchmark set is, and false if it is absent.
func benchPath(name string) (string, bool) {
	if filepath.Dir(name) != "." {
		_, err := os.Stat(name)
		return name, err == nil
	}
	dir, err := filepath.Abs("..")
	if err != nil {
		return "", false
	}
	for {
		p := filepath.Join(dir, "..", "shared", "data", "bench", name)
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// benchmark runs run on every puzzle of each set in turn; with iso, on an
// isomorph of each (drawn from a fixed seed) instead.
func benchmark(b *testing.B, iso bool, run func(s *Solver, g *sudoku.Grid)) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			path, ok := benchPath(set.path)
			if !ok {
				b.Skipf("%s not present", set.path)
			}
			gs := readFile(b, path)
			if iso {
				rng := rand.New(rand.NewPCG(1, 1))
				for i := range gs {
					tr := sudoku.RandomTransform(rng)
					gs[i] = tr.Apply(&gs[i])
				}
			}
			var s Solver
			guesses := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run(&s, &gs[i%len(gs)])
				guesses += s.Guesses()
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
		})
	}
}

// BenchmarkSolve measures finding the first solution; one op is one puzzle.
func BenchmarkSolve(b *testing.B) {
	benchmark(b, false, func(s *Solver, g *sudoku.Grid) { s.Solve(g) })
}

// BenchmarkCount2 measures counting to 2, which proves a solution unique.
func BenchmarkCount2(b *testing.B) {
	benchmark(b, false, func(s *Solver, g *sudoku.Grid) { s.Count(g, 2) })
}

// BenchmarkCount2Isomorphs is BenchmarkCount2 on an isomorph of each
// puzzle: the solver should not care how a puzzle is written, so the two
// should match (TestIsomorphGuesses checks the guesses).
func BenchmarkCount2Isomorphs(b *testing.B) {
	benchmark(b, true, func(s *Solver, g *sudoku.Grid) { s.Count(g, 2) })
}

// sparseGrids returns the grids the enumeration benchmarks count: the
// first eight 17-clue puzzles of testdata cut to their first 8 or 12
// givens (in reading order; each has more than 10^6 solutions), and the
// empty grid.
func sparseGrids(b *testing.B) []sudoku.Grid {
	gs := readFile(b, "../testdata/17clue_1000.txt")[:8]
	for i := range gs {
		keep := 8 + 4*(i%2)
		for c := range gs[i] {
			if gs[i][c] != 0 {
				if keep == 0 {
					gs[i][c] = 0
				} else {
					keep--
				}
			}
		}
	}
	return append(gs, sudoku.Grid{})
}

// BenchmarkEnumerateSparse measures counting (Count with a limit, as
// `sudoku count --limit N` does) and enumerating (Enumerate, a yield that
// keeps nothing) the first 10^5 and 10^6 solutions of sparse grids; one op
// is one grid, and solutions/s is the rate at which they come.
func BenchmarkEnumerateSparse(b *testing.B) {
	gs := sparseGrids(b)
	for _, limit := range []int{1e5, 1e6} {
		for _, mode := range []string{"Count", "Enumerate"} {
			b.Run(fmt.Sprintf("%s/%d", mode, limit), func(b *testing.B) {
				var s Solver
				n, guesses := 0, 0
				for i := 0; i < b.N; i++ {
					g := &gs[i%len(gs)]
					var got int
					if mode == "Count" {
						got = s.Count(g, limit)
					} else {
						got, _ = s.Enumerate(context.Background(), g, limit, func(*sudoku.Grid) bool { return true })
					}
					if got != limit {
						b.Fatalf("%s: %d solutions, want %d", g.Digits(), got, limit)
					}
					n += got
					guesses += s.Guesses()
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "solutions/s")
				b.ReportMetric(float64(guesses)/float64(n), "guesses/solution")
			})
		}
	}
}
