package solver

import (
	"os"
	"testing"

	"github.com/godoku/sudoku"
)

// benchSets are the corpora the benchmarks use: the shipped ones, and the
// tdoku benchmark sets from ../../shared/data/bench when they are there.
var benchSets = []struct{ name, path string }{
	{"euler96", "../testdata/p096_sudoku.txt"},
	{"top95", "../testdata/norvig_top95.txt"},
	{"17clue", "../../shared/data/bench/puzzles2_17_clue.txt"},
	{"top1465", "../../shared/data/bench/puzzles3_magictour_top1465.txt"},
	{"forum1905", "../../shared/data/bench/puzzles5_forum_hardest_1905_11+.txt"},
	{"forum1106", "../../shared/data/bench/puzzles6_forum_hardest_1106.txt"},
	{"serg", "../../shared/data/bench/puzzles7_serg_benchmark.txt"},
}

func benchmark(b *testing.B, run func(s *Solver, g *sudoku.Grid)) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			if _, err := os.Stat(set.path); err != nil {
				b.Skipf("%s not present", set.path)
			}
			gs := readFile(b, set.path)
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
	benchmark(b, func(s *Solver, g *sudoku.Grid) { s.Solve(g) })
}

// BenchmarkCount2 measures counting to 2, which proves a solution unique.
func BenchmarkCount2(b *testing.B) {
	benchmark(b, func(s *Solver, g *sudoku.Grid) { s.Count(g, 2) })
}
