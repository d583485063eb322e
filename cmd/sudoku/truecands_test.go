package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant/check"
	vformat "github.com/godoku/sudoku/variant/format"
)

// trueCandsRecord is the part of a JSON record solve --true-candidates
// fills.
type trueCandsRecord struct {
	Status         string  `json:"status"`
	TrueCandidates [][]int `json:"trueCandidates"`
	Complete       *bool   `json:"complete"`
	Limit          int     `json:"limit"`
	Error          string  `json:"error"`
}

// runTrueCands runs solve --true-candidates --json on puzzles, one a
// line, and returns the records.
func runTrueCands(t *testing.T, puzzles []string, args ...string) []trueCandsRecord {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"solve", "--true-candidates", "--json"}, args...)...)
	cmd.Stdin = strings.NewReader(strings.Join(puzzles, "\n") + "\n")
	out, _ := cmd.Output()
	var recs []trueCandsRecord
	for _, l := range lines(string(out)) {
		var r trueCandsRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		recs = append(recs, r)
	}
	if len(recs) != len(puzzles) {
		t.Fatalf("%d records for %d puzzles:\n%s", len(recs), len(puzzles), out)
	}
	return recs
}

// latinGrids returns every grid of size n whose rows and columns hold 1
// to n once each, by plain backtracking (the regions are left to the
// checker).
func latinGrids(n int) [][]int {
	var out [][]int
	g := make([]int, n*n)
	var walk func(i int)
	walk = func(i int) {
		if i == n*n {
			out = append(out, slices.Clone(g))
			return
		}
		r, c := i/n, i%n
	next:
		for v := 1; v <= n; v++ {
			for j := range c {
				if g[r*n+j] == v {
					continue next
				}
			}
			for j := range r {
				if g[j*n+c] == v {
					continue next
				}
			}
			g[i] = v
			walk(i + 1)
		}
		g[i] = 0
	}
	walk(0)
	return out
}

// union returns each cell's values over the solutions, in increasing
// order.
func union(n int, sols [][]int) [][]int {
	out := make([][]int, n)
	for i := range out {
		out[i] = []int{}
	}
	for _, s := range sols {
		for i, v := range s {
			if !slices.Contains(out[i], v) {
				out[i] = append(out[i], v)
			}
		}
	}
	for _, vs := range out {
		slices.Sort(vs)
	}
	return out
}

// TestTrueCandidatesAgainstEnumeration checks the built binary's true
// candidates against every solution found apart from the engine: 4x4
// variant puzzles against all 4x4 Latin squares filtered by package
// check, classic puzzles with several solutions (and pencil marks)
// against the classic solver's enumeration.
func TestTrueCandidatesAgainstEnumeration(t *testing.T) {
	squares := latinGrids(4)
	variants := []string{
		"................",
		"1...............",
		".Shape~4x4.Cage~7~R1C1~R1C2~R2C1",
		".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1",
		".Shape~4x4.Thermo~R1C1~R2C2~R3C3",
		".Shape~4x4.FullRank~C1~10~.FullRank~R4~5~",
		".Shape~4x4.Diagonal~1.WhiteDot~R1C1~R1C2",
		".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4~R2C1", // no solution
	}
	recs := runTrueCands(t, variants)
	for i, text := range variants {
		p, _, err := vformat.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		var sols [][]int
		for _, g := range squares {
			if check.Solution(p, g) == nil {
				sols = append(sols, g)
			}
		}
		r := recs[i]
		if len(sols) == 0 {
			if r.Status != "none" || r.Error != "no solution" {
				t.Errorf("%s: %+v, want no solution", text, r)
			}
			continue
		}
		want := union(16, sols)
		wantStatus := "solved"
		if len(sols) == 1 {
			wantStatus = "unique"
		}
		if !slices.EqualFunc(r.TrueCandidates, want, slices.Equal) || r.Complete == nil || !*r.Complete || r.Status != wantStatus || r.Limit != 10000 {
			t.Errorf("%s: %+v\nwant %v, complete, %s (%d solutions)", text, r, want, wantStatus, len(sols))
		}
	}

	// Classic: a puzzle with some solutions, its pencil marks, one solved.
	const solved = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	// The first band blank: its rows can swap, and more.
	open := []byte(solved)
	for i := range 27 {
		open[i] = '.'
	}
	marks := sudoku.Marks{}
	for i := range marks {
		marks[i] = sudoku.AllDigits
		if open[i] != '.' {
			marks[i] = sudoku.DigitSet(int(open[i] - '0'))
		}
	}
	marks[0] = sudoku.DigitSet(4, 5) // leaves out some of the solutions
	classic := []string{string(open), marks.String(), solved}
	recs = runTrueCands(t, classic)
	for i, text := range classic {
		var s solver.Solver
		var sols [][]int
		yield := func(g *sudoku.Grid) bool {
			sols = append(sols, gridValues(g))
			return true
		}
		var err error
		if i == 1 {
			_, err = s.EnumerateMarks(t.Context(), &marks, 0, yield)
		} else {
			g, perr := sudoku.Parse(text)
			if perr != nil {
				t.Fatal(perr)
			}
			_, err = s.Enumerate(t.Context(), &g, 0, yield)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(sols) < 1 || (i < 2 && len(sols) < 2) {
			t.Fatalf("%s: %d solutions: the test wants several", text, len(sols))
		}
		want := union(81, sols)
		if r := recs[i]; !slices.EqualFunc(r.TrueCandidates, want, slices.Equal) || !*r.Complete {
			t.Errorf("%s: %+v\nwant %v (%d solutions)", text, r, want, len(sols))
		}
	}

	// A limit below the solutions: a part of the candidates, incomplete.
	r := runTrueCands(t, []string{"................"}, "--limit", "1")[0]
	for _, vs := range r.TrueCandidates {
		if len(vs) != 1 {
			t.Errorf("--limit 1: %v, want one solution's values", r.TrueCandidates)
			break
		}
	}
	if r.Complete == nil || *r.Complete || r.Limit != 1 {
		t.Errorf("--limit 1: %+v, want incomplete", r)
	}
}

// TestTrueCandidatesForms runs the line and grid forms, bad input in a
// batch, flags that do not go with --true-candidates, a closed pipe, a
// full disk and Ctrl-C.
func TestTrueCandidatesForms(t *testing.T) {
	const puzzle = ".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1"
	input := strings.Join([]string{puzzle, ".Cage~ten~R1C2", ".Shape~4x4.Fog~R1C1", "003020600900305001001806400008102900700000008006708200002609500800203009005010300"}, "\n") + "\n"
	for _, c := range []struct {
		format string
		want   string
	}{
		{"line", "12..12.....4..3....4..3..2..1...123.12..1.3....41.3....41.3..2..\n" +
			"error: <stdin>:2: line 2: ISS: character 1, \".Cage~ten~R1C2\": \"ten\" is not a whole number\n" +
			"error: <stdin>:3: variant: unsupported constraint Fog\n" +
			"483921657967345821251876493548132976729564138136798245372689514814253769695417382\n"},
		{"grid", " 12  12  4   3\n 4   3   2   1\n 123 12  13  4\n 13  4   13  2\n\n" +
			"error: <stdin>:2: line 2: ISS: character 1, \".Cage~ten~R1C2\": \"ten\" is not a whole number\n\n" +
			"error: <stdin>:3: variant: unsupported constraint Fog\n\n" +
			" 4 8 3 9 2 1 6 5 7\n 9 6 7 3 4 5 8 2 1\n 2 5 1 8 7 6 4 9 3\n 5 4 8 1 3 2 9 7 6\n 7 2 9 5 6 4 1 3 8\n 1 3 6 7 9 8 2 4 5\n 3 7 2 6 8 9 5 1 4\n 8 1 4 2 5 3 7 6 9\n 6 9 5 4 1 7 3 8 2\n"},
	} {
		cmd := exec.Command(binary(t), "solve", "--true-candidates", "--format", c.format)
		cmd.Stdin = strings.NewReader(input)
		out, err := cmd.Output()
		want := c.want
		if c.format == "line" {
			// The classic line: the 729 characters of its pencil marks.
			var m sudoku.Marks
			g, _ := sudoku.Parse("483921657967345821251876493548132976729564138136798245372689514814253769695417382")
			for i, d := range g {
				m[i] = sudoku.DigitSet(int(d))
			}
			want = strings.Replace(want, "483921657967345821251876493548132976729564138136798245372689514814253769695417382", m.String(), 1)
		}
		if string(out) != want {
			t.Errorf("--format %s:\n%s\nwant:\n%s", c.format, out, want)
		}
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
			t.Errorf("--format %s: exit %v, want 1", c.format, err)
		}
	}
	// An incomplete grid says so.
	out, err := exec.Command(binary(t), "solve", "--true-candidates", "--format", "grid", "--limit", "2", "................").Output()
	if err != nil || !strings.HasPrefix(string(out), "(the first 2 solutions only: there may be more candidates)\n") {
		t.Errorf("--limit 2 --format grid: %v\n%s", err, out)
	}

	for _, args := range [][]string{
		{"--format", "csv"}, {"--template", "%s"}, {"--format", "fpuzzles"}, {"--unique"}, {"--trace"},
		{"--all"}, {"--limit", "0"},
	} {
		cmd := exec.Command(binary(t), append([]string{"solve", "--true-candidates"}, append(args, puzzle)...)...)
		var errs bytes.Buffer
		cmd.Stderr = &errs
		err := cmd.Run()
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 || !strings.Contains(errs.String(), "sudoku solve: ") {
			t.Errorf("--true-candidates %v: %v, %q; want a usage error", args, err, errs.String())
		}
	}

	// A closed pipe is quiet; a full disk is an error.
	var many strings.Builder
	for range 200 {
		fmt.Fprintln(&many, puzzle)
	}
	cmd := exec.Command("sh", "-c", binary(t)+" solve --true-candidates | head -1")
	cmd.Stdin = strings.NewReader(many.String())
	if out, err := cmd.CombinedOutput(); err != nil || string(out) != "12..12.....4..3....4..3..2..1...123.12..1.3....41.3....41.3..2..\n" {
		t.Errorf("| head -1: %v\n%s", err, out)
	}
	if full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer full.Close()
		cmd := exec.Command(binary(t), "solve", "--true-candidates", puzzle)
		cmd.Stdout = full
		var errs bytes.Buffer
		cmd.Stderr = &errs
		err := cmd.Run()
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 || !strings.HasSuffix(errs.String(), "sudoku solve: writing output: no space left on device\n") {
			t.Errorf("> /dev/full: %v, %q", err, errs.String())
		}
	}

	// Ctrl-C stops a long search: its record says so.
	cmd = exec.Command(binary(t), "solve", "--true-candidates", "--limit", "100000000", ".Shape~16x16.AntiKnight.AntiKing")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	catchesInterrupt(t, cmd)
	time.Sleep(100 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if code := exit(t, cmd, 10*time.Second); code != 1 || stdout.String() != "error: <arg 1>:1: stopped: interrupted\n" {
		t.Errorf("interrupted: exit %d, %q", code, stdout.String())
	}
}
