package main

// Pencil-mark (sukaku) puzzles in the commands, run with the built binary:
// every command that reads them agrees with the library on the same
// candidates, in every input form, and the others refuse them.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

// marks729 writes the candidates of a puzzle's givens in the 729-character
// form, with one candidate (not the solution's) taken out of each cell
// that has three.
func marks729(t *testing.T, puzzle string) (string, sudoku.Marks) {
	g := parseLine(t, puzzle)
	sol, _ := solver.Solve(&g)
	m := sudoku.MarksOf(&g)
	for i, set := range m {
		if set.Count() == 3 {
			for _, d := range set.List() {
				if d != int(sol[i]) {
					m[i] &^= 1 << d
					break
				}
			}
		}
	}
	return m.String(), m
}

// marksGrid writes marks as nine rows of candidate sets, the form hint
// prints.
func marksGrid(m *sudoku.Marks) string {
	var sb strings.Builder
	for r := range 9 {
		for c := range 9 {
			if c > 0 {
				sb.WriteByte(' ')
			}
			if c == 3 || c == 6 {
				sb.WriteString("| ")
			}
			sb.WriteString(m[9*r+c].String())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// marksCases are pencil-mark puzzles of every kind: sukakus without a
// placed digit, marks of a puzzle with candidates taken out (one with the
// solution's digit taken out, so it has no solution), marks with several
// solutions, and marks whose first row has every candidate.
func marksCases(t *testing.T) []sudoku.Marks {
	const easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	var ms []sudoku.Marks
	for _, p := range readPuzzles(t, testdata+"sukaku.txt") {
		ms = append(ms, *p.Marks)
	}
	_, m := marks729(t, easy)
	ms = append(ms, m)
	g := parseLine(t, easy)
	sol, _ := solver.Solve(&g)
	for i := range m {
		if m[i].Count() >= 3 {
			m[i] &^= 1 << sol[i]
			break
		}
	}
	ms = append(ms, m)
	multi := parseLine(t, ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	ms = append(ms, sudoku.MarksOf(&multi))
	// A first row with every candidate in every cell, as a sparse
	// puzzle's marks start: in nine lines, its 81 digits also look like a
	// puzzle spread out with spaces.
	full := sudoku.MarksOf(&g)
	for c := range 9 {
		full[c] = sudoku.AllDigits
	}
	ms = append(ms, full)
	return ms
}

// TestMarksCommands runs solve, count and rate on pencil-mark puzzles, in
// both forms, from a file, the command line and standard input, and checks
// each record against the library run on the same candidates: the count,
// the status, the solution and the rating, and the puzzle field.
func TestMarksCommands(t *testing.T) {
	ms := marksCases(t)
	var file strings.Builder
	for i := range ms {
		if i%2 == 0 {
			fmt.Fprintln(&file, ms[i].String())
		} else {
			fmt.Fprintf(&file, "Marks %d\n%s", i, marksGrid(&ms[i]))
		}
	}
	path := filepath.Join(t.TempDir(), "marks.txt")
	if err := os.WriteFile(path, []byte(file.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	kinds := map[solver.Status]int{}
	for _, cmd := range [][]string{{"count", "--limit", "3"}, {"solve", "--unique"}, {"rate"}} {
		check := func(how string, recs []string, want []sudoku.Marks) {
			t.Helper()
			if len(recs) != len(want) {
				t.Fatalf("%s %s: %d records, want %d", cmd[0], how, len(recs), len(want))
			}
			for i, line := range recs {
				var r record.Record
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%s %s: %q: %v", cmd[0], how, line, err)
				}
				m := want[i]
				sol, st, _ := solver.ClassifyMarks(ctx, &m)
				n, _ := solver.CountMarks(ctx, &m, 3)
				if r.Puzzle != m.String() || r.Status != st && !(cmd[0] == "count" && n > 2) {
					t.Errorf("%s %s #%d: puzzle %q status %v; want %q %v", cmd[0], how, i, r.Puzzle, r.Status, m.String(), st)
				}
				switch cmd[0] {
				case "count":
					if r.Count == nil || *r.Count != n {
						t.Errorf("%s %s #%d: count %v, want %d", cmd[0], how, i, r.Count, n)
					}
				case "solve":
					if st == solver.Unique && r.Solution != sol.Digits() {
						t.Errorf("%s %s #%d: solution %s, want %s", cmd[0], how, i, r.Solution, sol.Digits())
					}
				case "rate":
					if st != solver.Unique {
						break
					}
					want, err := (*logic.Options)(nil).RateMarks(ctx, &m)
					// Sudoku Explainer rates givens only: a pencil-mark
					// puzzle gets HoDoKu's rating alone.
					if err != nil || r.Rating == nil || r.Rating.Rating == nil || *r.Rating.Rating != want || r.Rating.SERating != nil {
						t.Errorf("%s %s #%d: rating %+v, want %+v (%v)", cmd[0], how, i, r.Rating, want, err)
					}
				}
				kinds[st]++
			}
		}
		args := append(cmd, "--format", "json")
		code, out, errs := runBin(t, "", append(args, path)...)
		check("file", lines(out), ms)
		// Marks without a solution, or with several, fail solve --unique
		// and rate; count counts them.
		wantCode := 1
		if cmd[0] == "count" {
			wantCode = 0
		}
		if code != wantCode || (wantCode == 1) != strings.Contains(errs, "marks.txt:") {
			t.Errorf("%s of a file: exit %d, %q", cmd[0], code, errs)
		}
		if c, out, _ := runBin(t, file.String(), args...); c != code {
			t.Errorf("%s of standard input: exit %d, of the file %d", cmd[0], c, code)
		} else {
			check("stdin", lines(out), ms)
		}
		for i := range ms {
			_, out, _ = runBin(t, "", append(args, ms[i].String())...)
			check("argument", lines(out), ms[i:i+1])
			_, out, _ = runBin(t, "", append(args, marksGrid(&ms[i]))...)
			check("argument grid", lines(out), ms[i:i+1])
		}
	}
	for _, st := range []solver.Status{solver.Unique, solver.None, solver.Multiple} {
		if kinds[st] == 0 {
			t.Errorf("no pencil-mark puzzle with status %v", st)
		}
	}
}

// TestMarksOneCommands checks hint and explain on pencil marks in both
// forms: every step agrees with the solution of the marks and acts only on
// candidates the marks have.
func TestMarksOneCommands(t *testing.T) {
	ms := marksCases(t)
	for i := range ms {
		m := ms[i]
		sol, st, _ := solver.ClassifyMarks(context.Background(), &m)
		if st != solver.Unique {
			continue
		}
		for _, text := range []string{m.String(), marksGrid(&m)} {
			var steps []jsonStep
			code, out, errs := runBin(t, text, "hint", "--json")
			var s jsonStep
			if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 {
				t.Fatalf("hint #%d: %d %q %q", i, code, out, errs)
			}
			steps = append(steps, s)
			code, out, errs = runBin(t, "", "explain", "--json", text)
			var path struct {
				Puzzle string
				Steps  []jsonStep
			}
			if err := json.Unmarshal([]byte(out), &path); err != nil || code != 0 || path.Puzzle != m.String() || len(path.Steps) == 0 {
				t.Fatalf("explain #%d: %d %q %q", i, code, out, errs)
			}
			steps = append(steps, path.Steps...)
			for _, s := range steps {
				checkStep(t, s, sol.Digits())
				for _, c := range append(s.Placements, s.Eliminations...) {
					if !m[cellIndex(t, c.Cell)].Has(c.Digit) {
						t.Errorf("#%d: %s acts on %s=%d, which the marks left out", i, s.Technique, c.Cell, c.Digit)
					}
				}
			}
		}
	}
}

// TestMarksRefused checks that the commands that work from givens alone
// refuse pencil marks rather than ignore them, and go on with the next
// puzzle.
func TestMarksRefused(t *testing.T) {
	const easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	text, _ := marks729(t, easy)
	for _, cmd := range [][]string{{"canon"}, {"filter"}, {"shuffle"}, {"solve", "--trace"}} {
		code, out, errs := runBin(t, text+"\n"+easy+"\n", append(cmd, "-")...)
		if code != 1 || !strings.Contains(errs, "<stdin>:1: line 1: pencil marks") || len(lines(out)) < 1 {
			t.Errorf("%s of pencil marks: exit %d, %q, %q; want 1 and the marks refused", cmd, code, out, errs)
		}
	}
}
