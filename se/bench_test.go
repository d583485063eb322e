package se

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
)

// benchPuzzles reads the first n puzzles of a file: the first field of 81
// characters of each line that has one.
func benchPuzzles(b *testing.B, name string, n int) []sudoku.Grid {
	b.Helper()
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		for _, f := range strings.Fields(sc.Text()) {
			if len(f) != 81 {
				continue
			}
			g, err := sudoku.Parse(f)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, g)
			break
		}
	}
	return out
}

// benchmarkRate rates every puzzle once per op, and reports the time per
// puzzle as ns/puzzle.
func benchmarkRate(b *testing.B, gs []sudoku.Grid) {
	b.ReportAllocs()
	for b.Loop() {
		for i := range gs {
			if _, err := Rate(context.Background(), &gs[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(gs)), "ns/puzzle")
}

// BenchmarkRateMix rates an ordinary mix: the 80 puzzles of the
// calibration set made by sudoku generate, 16 at each HoDoKu level
// (serate rates them 1.2 to 8.x).
func BenchmarkRateMix(b *testing.B) {
	var gs []sudoku.Grid
	for _, p := range readCalibration(b, "../testdata/se_calibration.tsv") {
		if strings.HasPrefix(p.source, "gen-") {
			g, err := sudoku.Parse(p.puzzle)
			if err != nil {
				b.Fatal(err)
			}
			gs = append(gs, g)
		}
	}
	benchmarkRate(b, gs)
}

// BenchmarkRate11 rates the first ten puzzles of the forum's hardest list,
// all rated 11 or more by Sudoku Explainer according to the list.
func BenchmarkRate11(b *testing.B) {
	benchmarkRate(b, benchPuzzles(b, "../testdata/forum_hardest_500.txt", 10))
}

// BenchmarkRateHardest11 rates the random 50 of the forum's 11+ list
// (testdata/se_hardest11.tsv) and reports, besides the time of the whole
// 50, the median and the longest time of one puzzle: the bar is
// the median. One op takes about a minute: use -benchtime 1x.
func BenchmarkRateHardest11(b *testing.B) {
	gs := benchPuzzles(b, "../testdata/se_hardest11.tsv", 50)
	var times []time.Duration
	for b.Loop() {
		for i := range gs {
			t0 := time.Now()
			if _, err := Rate(context.Background(), &gs[i]); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(t0))
		}
	}
	slices.Sort(times)
	n := len(times)
	median := (times[(n-1)/2] + times[n/2]) / 2
	b.ReportMetric(float64(median.Milliseconds()), "median-ms/puzzle")
	b.ReportMetric(float64(times[len(times)-1].Milliseconds()), "max-ms/puzzle")
}
