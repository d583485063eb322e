package logic

import (
	"context"
	"testing"

	"github.com/godoku/sudoku"
)

func benchRate(b *testing.B, gs []sudoku.Grid) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Rate(context.Background(), gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
	}
}

func gridsOf(ps []ratedPuzzle) []sudoku.Grid {
	out := make([]sudoku.Grid, len(ps))
	for i, p := range ps {
		out[i] = p.grid
	}
	return out
}

// The benchmarks report time per puzzle, cycling through each set.
func BenchmarkRateEasy50(b *testing.B)   { benchRate(b, gridsOf(loadTSV(b, "easy50.tsv"))) }
func BenchmarkRateTop95(b *testing.B)    { benchRate(b, gridsOf(loadTSV(b, "norvig_top95.tsv"))) }
func BenchmarkRateGraded57(b *testing.B) { benchRate(b, gridsOf(loadTSV(b, "graded57.tsv"))) }

// BenchmarkGrade settles the level of graded57 puzzles below Unfair, as
// the generator does for a Hard request: compare BenchmarkRateGraded57.
func BenchmarkGradeGraded57(b *testing.B) {
	gs := gridsOf(loadTSV(b, "graded57.tsv"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Grade(context.Background(), gs[i%len(gs)], Hard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplainHoDoKuHeld follows the HoDoKu path alone (what the
// level, score and hardest step need) over the held-out half of the HoDoKu
// calibration set, the puzzles the speed against HoDoKu is measured on.
func BenchmarkExplainHoDoKuHeld(b *testing.B) {
	var gs []sudoku.Grid
	for _, p := range loadHoDoKu(b) {
		if p.held {
			gs = append(gs, p.grid)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Explain(context.Background(), gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
	}
}
