package logic

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
)

// hodokuPuzzle is one line of testdata/hodoku_calibration.tsv: a puzzle
// with HoDoKu 2.2.0's level, score and hardest step (see testdata/README).
type hodokuPuzzle struct {
	grid    sudoku.Grid
	source  string
	held    bool // in the held-out half, never looked at while tuning
	level   Level
	score   int
	hardest string
}

func loadHoDoKu(t testing.TB) []hodokuPuzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "hodoku_calibration.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []hodokuPuzzle
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 6 {
			t.Fatalf("line %d: %d fields", n, len(fs))
		}
		g, err := sudoku.Parse(fs[0])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		l, err := ParseLevel(fs[3])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		score, err := strconv.Atoi(fs[4])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		out = append(out, hodokuPuzzle{g, fs[1], fs[2] == "held", l, score, fs[5]})
	}
	return out
}

// calibration is how our ratings compare with HoDoKu's on a set.
type calibration struct {
	n, agree, hardest int
	table             [5][5]int // HoDoKu's level, ours
	ours, theirs      [5][]float64
}

func (cb *calibration) add(p hodokuPuzzle, r Rating) {
	cb.n++
	cb.table[p.level][r.Level]++
	if p.level == r.Level {
		cb.agree++
	}
	if r.Hardest.String() == p.hardest {
		cb.hardest++
	}
	cb.ours[p.level] = append(cb.ours[p.level], float64(r.Score))
	cb.theirs[p.level] = append(cb.theirs[p.level], float64(p.score))
}

func (cb *calibration) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "level agreement %d/%d = %.2f%%, hardest technique identical %d = %.2f%%\n",
		cb.agree, cb.n, 100*float64(cb.agree)/float64(cb.n), cb.hardest, 100*float64(cb.hardest)/float64(cb.n))
	sb.WriteString("HoDoKu \\ ours    Easy Medium   Hard Unfair Extreme  agreement  Spearman\n")
	for l := range cb.table {
		total := 0
		for _, k := range cb.table[l] {
			total += k
		}
		fmt.Fprintf(&sb, "%-12s", Level(l))
		for _, k := range cb.table[l] {
			fmt.Fprintf(&sb, " %6d", k)
		}
		fmt.Fprintf(&sb, "    %6.1f%%    %.4f\n", 100*float64(cb.table[l][l])/float64(total), spearman(cb.ours[l], cb.theirs[l]))
	}
	return sb.String()
}

// TestHoDoKuCalibration rates the held-out half of the HoDoKu-rated
// calibration set (-full: both halves) and checks level agreement, the
// hardest technique and the score's rank inside each level against floors
// at what was measured.
func TestHoDoKuCalibration(t *testing.T) {
	var held, tune calibration
	for _, p := range loadHoDoKu(t) {
		if !p.held && !*fullCalibration {
			continue
		}
		steps, err := Explain(context.Background(), p.grid)
		if err != nil {
			t.Fatalf("%s: %v", p.grid, err)
		}
		r := rateSteps(steps)
		if p.held {
			held.add(p, r)
		} else {
			tune.add(p, r)
		}
	}
	t.Logf("held-out half:\n%s", &held)
	if *fullCalibration {
		t.Logf("tuning half:\n%s", &tune)
	}
	if held.n != 698 {
		t.Fatalf("%d held-out puzzles, want 698", held.n)
	}
	// Floors at the measured values on the held-out half.
	floors := []struct {
		what      string
		got, want int
	}{
		{"level agreement", held.agree, 697},
		{"hardest technique", held.hardest, 672},
		{"Easy", held.table[Easy][Easy], 113},
		{"Medium", held.table[Medium][Medium], 121},
		{"Hard", held.table[Hard][Hard], 127},
		{"Unfair", held.table[Unfair][Unfair], 205},
		{"Extreme", held.table[Extreme][Extreme], 131},
	}
	for _, f := range floors {
		if f.got < f.want {
			t.Errorf("%s: %d of the held-out half, want at least %d", f.what, f.got, f.want)
		}
	}
	rho := [5]float64{0.9999, 0.9999, 0.993, 0.994, 0.985}
	for l := range rho {
		if got := spearman(held.ours[l], held.theirs[l]); got < rho[l] {
			t.Errorf("Spearman inside %v: %.4f, want at least %.4f", Level(l), got, rho[l])
		}
	}
}
