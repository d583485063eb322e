package logic

import (
	"context"
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/race"
)

var fullCalibration = flag.Bool("full", false, "calibrate on the tuning half too")

// spearman returns the rank correlation of x and y, with ties given their
// average rank.
func spearman(x, y []float64) float64 {
	rx, ry := ranks(x), ranks(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	mx /= float64(len(rx))
	my /= float64(len(ry))
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && v[idx[j]] == v[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			r[idx[k]] = float64(i+j-1)/2 + 1
		}
		i = j
	}
	return r
}

func TestSpearman(t *testing.T) {
	if got := spearman([]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}); math.Abs(got-1) > 1e-9 {
		t.Errorf("monotone: %v", got)
	}
	if got := spearman([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}); math.Abs(got+1) > 1e-9 {
		t.Errorf("reversed: %v", got)
	}
}

// TestCalibration rates the shipped HoDoKu rated sets and checks the level
// and score agreement. (Sudoku Explainer's ratings are package se's, which checks
// its own.)
func TestCalibration(t *testing.T) {
	sets := []string{"graded57.tsv", "easy50.tsv", "norvig_hardest11.tsv", "norvig_top95.tsv"}
	var agree, scores, total int
	var table [5][5]int
	for _, name := range sets {
		// Under the race detector, a tenth of each set (the rater runs on
		// one goroutine; the 213 took 51 s under the detector).
		ps := loadTSV(t, name)
		for _, p := range race.Sample(ps, (len(ps)+9)/10) {
			r, err := Rate(context.Background(), p.grid)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, err := ParseLevel(p.level)
			if err != nil {
				t.Fatal(err)
			}
			table[want][r.Level]++
			total++
			if want == r.Level {
				agree++
			}
			if r.Score == p.score {
				scores++
			} else {
				t.Logf("%s %s: score %d, HoDoKu's %d", name, p.grid, r.Score, p.score)
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("HoDoKu level \\ ours: Easy Medium Hard Unfair Extreme\n")
	for i := range table {
		fmt.Fprintf(&sb, "%-8v %v\n", Level(i), table[i])
	}
	t.Logf("\n%s", sb.String())
	pct := 100 * float64(agree) / float64(total)
	t.Logf("level agreement %d/%d = %.1f%%", agree, total, pct)
	t.Logf("score equal %d/%d", scores, total)
	// Floors at the measured 213 of 213: all of a sample too.
	want := 213
	if race.Enabled {
		want = total
	}
	if agree < want {
		t.Errorf("level agreement %d/%d (%.1f%%), want at least %d", agree, total, pct, want)
	}
	if scores < want {
		t.Errorf("score equal %d/%d, want at least %d", scores, total, want)
	}
}
