package se

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/race"
)

// The calibration sets hold puzzles with serate's ER/EP/ED (how they were
// made is in testdata/README.md). TestCalibration asserts floors on the
// held-out half only: the tuning half is the one looked at while
// disagreements were fixed. -full rates both halves.

// calPuzzle is one rated puzzle of a calibration set.
type calPuzzle struct {
	puzzle, source string
	held           bool
	ref            [3]float64 // serate's ER, EP, ED; ok false when serate gave up
	ok             bool
}

// readCalibration reads a calibration set: a header line, then puzzle,
// source, split (tune or held), serate's ER/EP/ED ("timeout" when serate
// hit its time limit) and serate's CPU seconds, tab-separated.
func readCalibration(t testing.TB, name string) []calPuzzle {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []calPuzzle
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Split(sc.Text(), "\t")
		if n == 1 || len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) < 4 || fs[2] != "tune" && fs[2] != "held" {
			t.Fatalf("%s:%d: want puzzle, source, split, ER/EP/ED", name, n)
		}
		p := calPuzzle{puzzle: fs[0], source: fs[1], held: fs[2] == "held"}
		if fs[3] != "timeout" {
			rs := strings.Split(fs[3], "/")
			if len(rs) != 3 {
				t.Fatalf("%s:%d: bad rating %q", name, n, fs[3])
			}
			for i, r := range rs {
				if p.ref[i], err = strconv.ParseFloat(r, 64); err != nil {
					t.Fatalf("%s:%d: bad rating %q", name, n, fs[3])
				}
			}
			p.ok = true
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// band is a row of the agreement table: puzzles whose serate ER lies in
// [lo, hi).
type band struct {
	name                  string
	lo, hi                float64
	n, er, within, ep, ed int
}

func bands() []*band {
	return []*band{
		{name: "< 2.0", lo: 0, hi: 2},
		{name: "2.0-4.0", lo: 2, hi: 4},
		{name: "4.0-6.0", lo: 4, hi: 6},
		{name: "6.0-7.5", lo: 6, hi: 7.5},
		{name: "7.5-9.0", lo: 7.5, hi: 9},
		{name: "9.0-10.0", lo: 9, hi: 10},
		{name: ">= 10.0", lo: 10, hi: 100},
		{name: "all", lo: 0, hi: 100},
	}
}

// agreement rates the puzzles serate rated and counts, per band, exact
// ER (to the tenth), ER within 0.5, exact EP and exact ED.
func agreement(t *testing.T, ps []calPuzzle) []*band {
	bs := bands()
	for _, p := range ps {
		if !p.ok {
			continue
		}
		r := rate(t, p.puzzle)
		got := [3]float64{r.ER, r.EP, r.ED}
		same := func(i int) bool { return fmt.Sprintf("%.1f", got[i]) == fmt.Sprintf("%.1f", p.ref[i]) }
		if !same(0) || !same(1) || !same(2) {
			t.Logf("%s (%s): %s, serate %.1f/%.1f/%.1f", p.puzzle, p.source, ratingString(r), p.ref[0], p.ref[1], p.ref[2])
		}
		for _, b := range bs {
			if p.ref[0] < b.lo || p.ref[0] >= b.hi {
				continue
			}
			b.n++
			if same(0) {
				b.er++
			}
			if d := got[0] - p.ref[0]; d <= 0.5+1e-9 && d >= -0.5-1e-9 {
				b.within++
			}
			if same(1) {
				b.ep++
			}
			if same(2) {
				b.ed++
			}
		}
	}
	return bs
}

func table(bs []*band) string {
	var sb strings.Builder
	pct := func(a, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f %%", 100*float64(a)/float64(n))
	}
	sb.WriteString("| serate ER | puzzles | ER exact | ER within 0.5 | EP exact | ED exact |\n|---|---:|---:|---:|---:|---:|\n")
	for _, b := range bs {
		fmt.Fprintf(&sb, "| %s | %d | %d (%s) | %s | %s | %s |\n", b.name, b.n, b.er, pct(b.er, b.n), pct(b.within, b.n), pct(b.ep, b.n), pct(b.ed, b.n))
	}
	return sb.String()
}

var fullCalibration = flag.Bool("full", false, "rate the tuning half of the calibration set too")

// TestCalibration rates the held-out half of testdata/se_calibration.tsv
// and asserts floors, per band of serate's ER, at the agreement reached.
func TestCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("rates a few hundred puzzles, some of the hardest")
	}
	var ps []calPuzzle
	for _, p := range readCalibration(t, "../testdata/se_calibration.tsv") {
		if p.held || *fullCalibration {
			ps = append(ps, p)
		}
	}
	// Under the race detector, 25 of the 245, spread over the set: the
	// rater runs on one goroutine, and all of them take 11 s without it.
	ps = race.Sample(ps, 25)
	bs := agreement(t, ps)
	t.Logf("\n%s", table(bs))
	for _, b := range bs {
		f, ok := calibrationFloors[b.name]
		if !ok {
			t.Errorf("no floor for band %s", b.name)
			continue
		}
		if *fullCalibration {
			continue // the floors are the held-out half's
		}
		if race.Enabled {
			// The sample's floors are the same shares of its band.
			f = [4]int{b.n, b.n * f[1] / f[0], b.n * f[2] / f[0], b.n * f[3] / f[0]}
		}
		if b.n != f[0] || b.er < f[1] || b.ep < f[2] || b.ed < f[3] {
			t.Errorf("band %s: %d puzzles, ER exact on %d, EP on %d, ED on %d; want %d puzzles and at least %d, %d, %d",
				b.name, b.n, b.er, b.ep, b.ed, f[0], f[1], f[2], f[3])
		}
	}
}

// calibrationFloors are, per band of serate's ER on the held-out half:
// the number of puzzles, then the least number with ER, EP and ED exact,
// at what was reached.
var calibrationFloors = map[string][4]int{
	"< 2.0":    {59, 59, 59, 59},
	"2.0-4.0":  {54, 54, 54, 54},
	"4.0-6.0":  {13, 13, 13, 13},
	"6.0-7.5":  {71, 71, 71, 71},
	"7.5-9.0":  {26, 26, 26, 26},
	"9.0-10.0": {15, 15, 15, 15},
	">= 10.0":  {7, 7, 7, 7},
	"all":      {245, 245, 245, 245},
}

// TestHardest11 rates the puzzles of testdata/se_hardest11.tsv, a random
// 50 of the forum's hardest list (Sudoku Explainer 11 or more, by the
// list), that serate rated, and asserts the ER agreement at what was
// reached: serate's own rating stands where it disagrees with the list.
func TestHardest11(t *testing.T) {
	if testing.Short() {
		t.Skip("rates puzzles of ER 11 and more, seconds each")
	}
	f, err := os.Open("../testdata/se_hardest11.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) != 50 {
		t.Fatalf("se_hardest11.tsv: %d puzzles, want 50", len(lines))
	}
	// Under the race detector, 2 of the 50: the rater runs on one
	// goroutine, and the 50 take a minute without it.
	lines = race.Sample(lines, 2)
	var n, rated, same, all3 int
	for _, line := range lines {
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			t.Fatalf("se_hardest11.tsv: %q: want puzzle, line, serate", line)
		}
		n++
		if fs[2] == "-" {
			continue // serate did not finish in the time it was given
		}
		rated++
		r := rate(t, fs[0])
		got := fmt.Sprintf("%.1f/%.1f/%.1f", r.ER, r.EP, r.ED)
		if strings.Split(got, "/")[0] == strings.Split(fs[2], "/")[0] {
			same++
		}
		if got == fs[2] {
			all3++
		} else {
			t.Logf("%s: %s, serate %s", fs[0], got, fs[2])
		}
	}
	t.Logf("%d puzzles, %d rated by serate, ER the same on %d, ER, EP and ED on %d", n, rated, same, all3)
	// Floors at what was reached; a sample's are the same shares of it.
	wantRated, wantSame, wantAll3 := hardest11Rated, hardest11Same, hardest11All3
	if race.Enabled {
		wantRated, wantSame, wantAll3 = n*wantRated/50, rated*wantSame/hardest11Rated, rated*wantAll3/hardest11Rated
	}
	if n != len(lines) || rated < wantRated || same < wantSame || all3 < wantAll3 {
		t.Errorf("%d puzzles, %d rated by serate, ER the same on %d, all three on %d; want 50, %d, %d and %d",
			n, rated, same, all3, wantRated, wantSame, wantAll3)
	}
}

// The floors of TestHardest11: puzzles serate rated, with ER the same,
// with ER, EP and ED the same.
const hardest11Rated, hardest11Same, hardest11All3 = 50, 50, 50
