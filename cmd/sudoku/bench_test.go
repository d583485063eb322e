package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/iss"
)

// TestBenchKinds checks that bench measures pencil-mark and variant
// puzzles as what they are: the guesses and the unique puzzles it reports
// are those of the marks' and the variant rules' searches (it once
// measured a pencil-mark puzzle's singles alone, as a grid with a few
// givens, and said none of them was unique), and that --shuffle skips,
// and reports, the variant puzzles it cannot shuffle while it measures
// the rest.
func TestBenchKinds(t *testing.T) {
	ctx := context.Background()
	var s solver.Solver
	var marks []string
	wantMarks := struct{ guesses, unique int }{}
	for _, p := range readPuzzles(t, testdata+"sukaku.txt") {
		if p.Marks == nil {
			t.Fatalf("sukaku.txt: a puzzle without marks")
		}
		marks = append(marks, p.Marks.String())
		if _, ok, err := s.SolveMarks(ctx, p.Marks); !ok || err != nil {
			t.Fatalf("%s: no solution, %v", p.Marks, err)
		}
		wantMarks.guesses += s.Guesses()
		if n, _ := s.CountMarks(ctx, p.Marks, 2); n == 1 {
			wantMarks.unique++
		}
	}
	// The first three of the Interactive Sudoku Solver's TAREK_ALL
	// killers (MIT), in its short killer form.
	vars := []string{
		"G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^",
		"G<<M<L<M<^O>^>^C^^>^FF<G^<C^>^^H^<>^FE<E^<C^M^^H^<>^>^^E^<FH<^MH^<>^^L<^^<D<<>^>^",
		"G<<N<J<H<^O>^>^K^^>^GI<A^<L^>^^E^<>^FF<E^<C^I^^E^<>^>^^C^<GH<^QF^<>^^E<^^<J<<>^>^",
	}
	wantVars := struct{ guesses, unique int }{}
	for _, l := range vars {
		p, err := iss.ParseShortKiller(l)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := variant.NewSolver(p)
		if err != nil {
			t.Fatal(err)
		}
		_, st, err := vs.Solve(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantVars.guesses += st.Guesses
		if n, _, _ := vs.Count(ctx, 2); n == 1 {
			wantVars.unique++
		}
	}
	grid := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	g, err := sudoku.Parse(grid)
	if err != nil {
		t.Fatal(err)
	}
	s.Solve(&g)
	wantGrid := s.Guesses()

	dir := t.TempDir()
	write := func(name string, ls ...string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(strings.Join(ls, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	mixed := append(append([]string{grid}, marks...), vars...)
	for _, tt := range []struct {
		name    string
		lines   []string
		shuffle bool
		code    int
		puzzles int
		guesses int // in all; -1 when shuffled
		unique  int
		errs    string // a part of standard error; "" for none
	}{
		{"marks", marks, false, 0, len(marks), wantMarks.guesses, wantMarks.unique, ""},
		{"variants", vars, false, 0, len(vars), wantVars.guesses, wantVars.unique, ""},
		{"mixed", mixed, false, 0, len(mixed), wantGrid + wantMarks.guesses + wantVars.guesses, 1 + wantMarks.unique + wantVars.unique, ""},
		{"shuffled", mixed, true, 1, 1 + len(marks), -1, 1 + wantMarks.unique, ":" + strconv.Itoa(2+len(marks)) + ": a variant puzzle: --shuffle draws isomorphs of classic puzzles only (skipped)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"bench", "--time", "1ms", "--json"}
			if tt.shuffle {
				args = append(args, "--shuffle", "5")
			}
			code, out, errs := sudokuRun(t, "", append(args, write(tt.name+".txt", tt.lines...))...)
			var r benchResult
			if err := json.Unmarshal([]byte(out), &r); err != nil || code != tt.code {
				t.Fatalf("bench = %d %q %q %v", code, out, errs, err)
			}
			if tt.errs == "" && errs != "" || !strings.Contains(errs, tt.errs) {
				t.Errorf("stderr %q, want %q", errs, tt.errs)
			}
			guesses := r.GuessesPerPuz * float64(r.Puzzles)
			if r.Puzzles != tt.puzzles || r.Unique != tt.unique || tt.guesses >= 0 && int(guesses+0.5) != tt.guesses || r.SolvePerSec <= 0 || r.Count2PerSec <= 0 {
				t.Errorf("got %d puzzles, %d unique, %.0f guesses (%+v); want %d, %d, %d", r.Puzzles, r.Unique, guesses, r, tt.puzzles, tt.unique, tt.guesses)
			}
		})
	}
}
