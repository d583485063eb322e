package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
)

// TestExplainSE checks explain --se against package se: the same steps,
// each placement the solution's digit, and the ratings on the last line.
func TestExplainSE(t *testing.T) {
	for _, p := range []string{euler1, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"} {
		g, _ := sudoku.Parse(p)
		want, err := se.Rate(context.Background(), &g)
		if err != nil {
			t.Fatal(err)
		}
		sol, _ := solver.Solve(&g)
		code, out, errs := sudokuRun(t, "", "explain", "--se", "--json", p)
		var path struct {
			Puzzle string        `json:"puzzle"`
			Status solver.Status `json:"status"`
			se.Rating
		}
		if err := json.Unmarshal([]byte(out), &path); err != nil || code != 0 {
			t.Fatalf("explain --se --json = %d %q %q (%v)", code, out, errs, err)
		}
		if path.Puzzle != g.String() || path.Status != solver.Unique || path.ER != want.ER || path.EP != want.EP ||
			path.ED != want.ED || path.Hardest != want.Hardest || len(path.Steps) != len(want.Steps) {
			t.Errorf("explain --se --json: %s %v %.1f/%.1f/%.1f %s, %d steps; want %.1f/%.1f/%.1f %s, %d steps",
				path.Puzzle, path.Status, path.ER, path.EP, path.ED, path.Hardest, len(path.Steps), want.ER, want.EP, want.ED, want.Hardest, len(want.Steps))
		}
		placed := g.Givens()
		for _, s := range path.Steps {
			if s.Placed != nil {
				placed++
				if int(sol[s.Placed.Cell]) != s.Placed.Digit {
					t.Errorf("%s places %v, not the solution's digit", s.Technique, *s.Placed)
				}
			}
			for _, e := range s.Eliminated {
				if int(sol[e.Cell]) == e.Digit {
					t.Errorf("%s removes the solution's %v", s.Technique, e)
				}
			}
		}
		if placed != 81 {
			t.Errorf("%s: givens and placements fill %d cells, want 81", p, placed)
		}
		code, out, _ = sudokuRun(t, "", "explain", "--se", p)
		ls := lines(out)
		last := fmt.Sprintf("ER/EP/ED %.1f/%.1f/%.1f, hardest %s", want.ER, want.EP, want.ED, want.Hardest)
		if code != 0 || len(ls) != len(want.Steps)+1 || ls[0] != "  1. "+want.Steps[0].String() || ls[len(ls)-1] != last {
			t.Errorf("explain --se: exit %d, %d lines for %d steps, first %q, last %q; want %q", code, len(ls), len(want.Steps), ls[0], ls[len(ls)-1], last)
		}
	}
}

// TestExplainSEErrors checks that explain --se refuses the flags of the
// HoDoKu path and puzzles without one solution, with a reason.
func TestExplainSEErrors(t *testing.T) {
	b, err := os.ReadFile(testdata + "sukaku.txt")
	if err != nil {
		t.Fatal(err)
	}
	sukaku := strings.Split(string(b), "\n")[2] // the 729-character line
	if len(sukaku) != 729 {
		t.Fatalf("sukaku.txt line 3 has %d characters, want the 729 of pencil marks", len(sukaku))
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--se", "--any", euler1}, exitUsage, "do not go with it"},
		{[]string{"--se", "--techniques", "singles", euler1}, exitUsage, "do not go with it"},
		{[]string{"--se", "-v", euler1}, exitUsage, "do not go with it"},
		{[]string{"--se", strings.Repeat(".", 81)}, exitFailed, "more than one solution"},
		{[]string{"--se", "11" + strings.Repeat(".", 79)}, exitFailed, "r1c1"},
		{[]string{"--se", sukaku}, exitFailed, "not from pencil marks"},
		{[]string{"--se", "--timeout", "1ns", "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."}, exitFailed, "time limit"},
	}
	for _, tt := range tests {
		code, out, errs := sudokuRun(t, "", append([]string{"explain"}, tt.args...)...)
		if code != tt.code || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("explain %v: exit %d, %q, %q; want %d and %q", tt.args, code, out, errs, tt.code, tt.want)
		}
	}
}

// TestRateSE checks that rate's line, JSON and template give package se's
// ratings.
func TestRateSE(t *testing.T) {
	puzzles := readPuzzles(t, testdata+"norvig_hardest11.txt")[:4]
	var in strings.Builder
	for _, p := range puzzles {
		fmt.Fprintln(&in, p.Grid.String())
	}
	_, line, _ := sudokuRun(t, in.String(), "rate", "--timeout", seTimeout)
	_, js, _ := sudokuRun(t, in.String(), "rate", "--json", "--timeout", seTimeout)
	_, tmpl, _ := sudokuRun(t, in.String(), "rate", "--template", "%g %r/%p/%d %t", "--timeout", seTimeout)
	ls, js2, ts := lines(line), lines(js), lines(tmpl)
	if len(ls) != len(puzzles) || len(js2) != len(puzzles) || len(ts) != len(puzzles) {
		t.Fatalf("rate: %d, %d and %d lines for %d puzzles", len(ls), len(js2), len(ts), len(puzzles))
	}
	for i, p := range puzzles {
		want, err := se.Rate(context.Background(), &p.Grid)
		if err != nil {
			t.Fatal(err)
		}
		ratings := fmt.Sprintf("%.1f/%.1f/%.1f", want.ER, want.EP, want.ED)
		if f := strings.Fields(ls[i]); len(f) < 4 || f[2] != ratings {
			t.Errorf("rate line %q, want %s in the third column", ls[i], ratings)
		}
		var r record.Record
		if err := json.Unmarshal([]byte(js2[i]), &r); err != nil || r.Rating == nil || r.Rating.SERating == nil || r.Rating.Rating == nil {
			t.Fatalf("rate --json %q: %v", js2[i], err)
		}
		if s := r.Rating.SERating; s.ER != want.ER || s.EP != want.EP || s.ED != want.ED || s.SEHardest != want.Hardest {
			t.Errorf("rate --json %q, want %s %s", js2[i], ratings, want.Hardest)
		}
		if w := p.Grid.String() + " " + ratings + " " + want.Hardest; ts[i] != w {
			t.Errorf("rate --template: %q, want %q", ts[i], w)
		}
	}
}

// seTimeout is the commands' default --timeout, one minute a puzzle,
// scaled under the race detector, where Sudoku Explainer's rating of the
// hardest puzzles took longer.
var seTimeout = race.Scale(time.Minute).String()

// TestGenerateAndFilterSE checks --se: every puzzle kept has an ER in the
// range, by package se, and bad ranges are refused with the reason.
func TestGenerateAndFilterSE(t *testing.T) {
	code, out, errs := sudokuRun(t, "", "generate", "-n", "3", "--seed", "2", "--se", "7.0-7.9", "--template", "%g %r", "--timeout", seTimeout)
	if code != 0 || len(lines(out)) != 3 {
		t.Fatalf("generate --se = %d %q %q", code, out, errs)
	}
	check := func(cmd, l string, lo, hi float64) {
		f := strings.Fields(l)
		g, err := sudoku.Parse(f[0])
		if err != nil {
			t.Fatal(err)
		}
		r, err := se.Rate(context.Background(), &g)
		if err != nil || r.ER < lo || r.ER > hi || len(f) > 1 && f[1] != fmt.Sprintf("%.1f", r.ER) {
			t.Errorf("%s --se: %q has ER %.1f (%v), want %.1f to %.1f", cmd, l, r.ER, err, lo, hi)
		}
	}
	for _, l := range lines(out) {
		check("generate", l, 7.0, 7.9)
	}
	code, out, errs = sudokuRun(t, "", "filter", "--se", "8.3", "--timeout", seTimeout, testdata+"norvig_hardest11.txt")
	if code != 0 || len(lines(out)) == 0 {
		t.Fatalf("filter --se = %d %q %q", code, out, errs)
	}
	for _, l := range lines(out) {
		check("filter", l, 8.3, 8.3)
	}
	// Text that is not a range is --se's to refuse; a range no puzzle has,
	// the library's (generate.New), as it refuses every such condition.
	for _, c := range []struct{ bad, why string }{
		{"7.05", "--se: want"}, {"abc", "--se: want"}, {"-", "--se: want"}, {"0", "--se: want"}, {"NaN", "--se: want"},
		{"9-1", "impossible options: Sudoku Explainer rating between 9.0 and 1.0"},
		{"0.5", "ratings run from 1.0 to 20.0"},
		{"21", "ratings run from 1.0 to 20.0"},
		{"71-83", "ratings run from 1.0 to 20.0"},
	} {
		for _, args := range [][]string{{"generate"}, {"filter", euler1}} {
			cmd := args[0]
			code, _, errs := sudokuRun(t, "", append([]string{cmd, "--se", c.bad}, args[1:]...)...)
			if code != exitUsage || !strings.Contains(errs, c.why) {
				t.Errorf("%s --se %q: exit %d, %q; want %d and %q", cmd, c.bad, code, errs, exitUsage, c.why)
			}
		}
	}
}
