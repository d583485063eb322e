package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/trace"
)

const testdata = "../../testdata/"

// sudokuRun runs the command line in-process and returns its exit code,
// standard output and standard error.
func sudokuRun(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := run(context.Background(), args, &stdio{in: strings.NewReader(stdin), out: &out, err: &errb})
	return code, out.String(), errb.String()
}

// readPuzzles reads every puzzle of a file, failed ones included.
func readPuzzles(t *testing.T, file string) []sudoku.Puzzle {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []sudoku.Puzzle
	r := sudoku.NewReader(f)
	for {
		p, err := r.Read()
		if err == io.EOF {
			return ps
		}
		ps = append(ps, p)
	}
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func TestEuler96(t *testing.T) {
	code, out, errs := sudokuRun(t, "", "euler96")
	if code != 0 || out != "24702\n" || errs != "" {
		t.Fatalf("euler96 = %d, %q, %q; want 0, \"24702\\n\", \"\"", code, out, errs)
	}
	code, out, _ = sudokuRun(t, "", "euler96", "-v", testdata+"p096_sudoku.txt")
	ls := lines(out)
	if code != 0 || len(ls) != 52 || ls[0] != "Grid 01\t483" || ls[51] != "24702" {
		t.Fatalf("euler96 -v = %d, %d lines, first %q, last %q", code, len(ls), ls[0], ls[len(ls)-1])
	}
}

func TestEuler96BadFile(t *testing.T) {
	dir := t.TempDir()
	bad := dir + "/p096.txt"
	data, _ := os.ReadFile(testdata + "p096_sudoku.txt")
	// Break a character of grid 02, and give grid 03 two 9s in its first row.
	s := strings.Replace(string(data), "Grid 02\n200080300", "Grid 02\n20008030x", 1)
	s = strings.Replace(s, "Grid 03\n000000907", "Grid 03\n900000907", 1)
	os.WriteFile(bad, []byte(s), 0o644)
	code, out, errs := sudokuRun(t, "", "euler96", bad)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if !strings.Contains(errs, bad+":11: line 12, column 9: invalid character 'x'") ||
		!strings.Contains(errs, bad+":21: line 22, column 7: r1c1 and r1c7 both hold 9") {
		t.Errorf("stderr = %q", errs)
	}
	if out == "24702\n" || lines(out) == nil {
		t.Errorf("stdout = %q, want the sum of the 48 good grids", out)
	}
}

// TestSolveCorpora solves every shipped corpus of proper puzzles and checks
// every printed solution against its puzzle, in order.
func TestSolveCorpora(t *testing.T) {
	files := []string{
		"p096_sudoku.txt", "norvig_top95.txt", "norvig_hardest11.txt", "puzzles3_magictour_top1465.txt",
		"17clue_1000.txt", "forum_hardest_500.txt", "kaggle_1k.csv", "sudoku_exchange_rated_1in10.txt",
		"graded57.tsv",
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			puzzles := readPuzzles(t, testdata+f)
			code, out, errs := sudokuRun(t, "", "solve", "--unique", "-j", "2", testdata+f)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			sols := lines(out)
			if len(sols) != len(puzzles) {
				t.Fatalf("%d solutions for %d puzzles", len(sols), len(puzzles))
			}
			for i, line := range sols {
				checkSolution(t, puzzles[i], line)
			}
		})
	}
}

func checkSolution(t *testing.T, p sudoku.Puzzle, line string) {
	t.Helper()
	sol, err := sudoku.Parse(line)
	if err != nil {
		t.Fatalf("puzzle at line %d: output %q: %v", p.Line, line, err)
	}
	if err := p.Grid.CheckSolution(&sol); err != nil {
		t.Fatalf("puzzle at line %d: %v", p.Line, err)
	}
}

// expectation is the outcome pathological.txt states for a puzzle.
type expectation struct {
	line     int
	expect   string // the "# expect:" text
	solution string // the "# solution:" grid, if any
}

func pathological(t *testing.T) []expectation {
	t.Helper()
	f, err := os.Open(testdata + "pathological.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var es []expectation
	var cur expectation
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "# expect:"):
			cur.expect = strings.TrimSpace(strings.TrimPrefix(l, "# expect:"))
		case strings.HasPrefix(l, "# solution:"):
			cur.solution = strings.TrimSpace(strings.TrimPrefix(l, "# solution:"))
		case strings.HasPrefix(l, "#") || l == "":
		default:
			cur.line = n
			es = append(es, cur)
			cur = expectation{}
		}
	}
	return es
}

var exactly = regexp.MustCompile(`^exactly (\d+) solutions`)

func TestSolvePathological(t *testing.T) {
	es := pathological(t)
	if len(es) != 31 {
		t.Fatalf("pathological.txt has %d cases, want 31", len(es))
	}
	file := testdata + "pathological.txt"
	code, out, errs := sudokuRun(t, "", "solve", "--unique", file)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	recs := lines(out)
	if len(recs) != len(es) {
		t.Fatalf("%d records for %d puzzles:\n%s", len(recs), len(es), out)
	}
	errLines := lines(errs)
	nErr := 0
	for i, e := range es {
		rec := recs[i]
		var want string // the reason the record must give, or "" for a solution
		switch {
		case strings.HasPrefix(e.expect, "unique"):
		case strings.HasPrefix(e.expect, "parse error"):
			want = "line " + strconv.Itoa(e.line) + ", column"
		case strings.Contains(e.expect, "givens violate"):
			want = "both hold"
		case strings.Contains(e.expect, "no solution"):
			want = "no solution"
		case strings.Contains(e.expect, "multiple solutions"), exactly.MatchString(e.expect):
			want = "more than one solution"
		default:
			t.Fatalf("line %d: unknown expectation %q", e.line, e.expect)
		}
		if want == "" {
			if e.solution != "" && rec != e.solution {
				t.Errorf("line %d: solution %s, want %s", e.line, rec, e.solution)
			}
			continue
		}
		prefix := fmt.Sprintf("%s:%d: ", file, e.line)
		if rec != "error: "+strings.TrimPrefix(errLines[nErr], "") || !strings.HasPrefix(errLines[nErr], prefix) || !strings.Contains(rec, want) {
			t.Errorf("line %d (%s): record %q, stderr %q; want an error saying %q", e.line, e.expect, rec, errLines[nErr], want)
		}
		nErr++
	}
	if nErr != len(errLines) {
		t.Errorf("%d lines on stderr, want %d", len(errLines), nErr)
	}
}

func TestCountKnown(t *testing.T) {
	// tdoku's test puzzles state their solution counts (at most 847).
	f, _ := os.ReadFile(testdata + "tdoku_test_puzzles.txt")
	var want []string
	for _, l := range lines(string(f)) {
		want = append(want, strings.Split(l, ":")[1])
	}
	code, out, errs := sudokuRun(t, "", "count", "--limit", "1000", testdata+"tdoku_test_puzzles.txt")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if got := lines(out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("counts\n%v\nwant\n%v", got, want)
	}

	es := pathological(t)
	code, out, _ = sudokuRun(t, "", "count", "--limit", "200", testdata+"pathological.txt")
	if code != 1 {
		t.Errorf("count pathological: exit %d, want 1 (some puzzles cannot be read)", code)
	}
	got := lines(out)
	for i, e := range es {
		w := ""
		switch {
		case strings.HasPrefix(e.expect, "unique"):
			w = "1"
		case strings.Contains(e.expect, "givens violate"), strings.HasPrefix(e.expect, "parse error"):
			w = "error: "
		case strings.Contains(e.expect, "no solution"):
			w = "0"
		case exactly.MatchString(e.expect):
			w = exactly.FindStringSubmatch(e.expect)[1]
		default: // "multiple solutions (at least 1000)", "not enough givens": more than the limit
			w = "200"
		}
		if got[i] != w && !(strings.HasSuffix(w, " ") && strings.HasPrefix(got[i], w)) {
			t.Errorf("line %d (%s): count %q, want %q", e.line, e.expect, got[i], w)
		}
	}
}

func TestSolveFormats(t *testing.T) {
	in := "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n" +
		strings.Repeat(".", 80) + "\n"
	sol := "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	g, _ := sudoku.Parse(sol)

	code, out, errs := sudokuRun(t, in, "solve", "--format", "grid", "-")
	want := "Grid 01\n" + g.Boxed() + "\nerror: <stdin>:11: line 11, column 81: wrong number of cells: 80, want 81\n"
	if code != 1 || out != want || errs != "<stdin>:11: line 11, column 81: wrong number of cells: 80, want 81\n" {
		t.Errorf("grid format: %d\n%s\nstderr %q\nwant\n%s", code, out, errs, want)
	}

	code, out, _ = sudokuRun(t, in, "solve", "--format=json")
	recs := lines(out)
	if code != 1 || len(recs) != 2 {
		t.Fatalf("json: exit %d, %d records", code, len(recs))
	}
	var r0, r1 record.Record
	if err := json.Unmarshal([]byte(recs[0]), &r0); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(recs[1]), &r1); err != nil {
		t.Fatal(err)
	}
	if r0.Source != "<stdin>" || r0.Line != 1 || r0.Name != "Grid 01" || r0.Status != solver.Solved || r0.Solution != sol || r0.Error != "" {
		t.Errorf("json record 0 = %+v", r0)
	}
	if r1.Line != 11 || r1.Status != solver.Invalid || r1.Solution != "" || !strings.Contains(r1.Error, "wrong number of cells") {
		t.Errorf("json record 1 = %+v", r1)
	}

	code, out, _ = sudokuRun(t, in, "count", "-f", "json")
	recs = lines(out)
	var c0 record.Record
	if err := json.Unmarshal([]byte(recs[0]), &c0); err != nil || code != 1 || c0.Count == nil || *c0.Count != 1 || c0.Limit != 2 || c0.Status != solver.Unique {
		t.Errorf("count json = %d %q (%v)", code, out, err)
	}
}

// TestJobsKeepOrder checks that the output does not depend on the number of
// threads.
func TestJobsKeepOrder(t *testing.T) {
	_, one, _ := sudokuRun(t, "", "solve", "-j", "1", testdata+"norvig_top95.txt", testdata+"pathological.txt", testdata+"17clue_1000.txt")
	_, four, _ := sudokuRun(t, "", "solve", "--jobs=4", testdata+"norvig_top95.txt", testdata+"pathological.txt", testdata+"17clue_1000.txt")
	if one != four || len(lines(one)) != 95+31+1000 {
		t.Errorf("output with 1 and 4 jobs differs, or has the wrong length (%d)", len(lines(one)))
	}
}

func TestTimeout(t *testing.T) {
	empty := strings.Repeat(".", 81)
	code, out, errs := sudokuRun(t, empty+"\n", "count", "--limit", "0", "--timeout", "50ms")
	if code != 1 || !strings.HasPrefix(out, "error: <stdin>:1: stopped: time limit reached after ") || !strings.Contains(errs, "stopped") {
		t.Errorf("count with timeout = %d, %q, %q", code, out, errs)
	}
}

func TestInputErrors(t *testing.T) {
	code, out, errs := sudokuRun(t, "", "solve", "no-such-file.txt", testdata+"norvig_hardest11.txt")
	if code != 1 || len(lines(out)) != 11 || !strings.Contains(errs, "no-such-file.txt") {
		t.Errorf("missing file: %d, %d records, stderr %q", code, len(lines(out)), errs)
	}
}

// TestNoPuzzles checks that an input in which nothing looks like a puzzle
// is reported and fails the run, while the other inputs are worked on,
// and that an input whose only puzzle is bad gets its record instead.
func TestNoPuzzles(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(empty, []byte("# only a comment\n\nGrid 01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := strings.Repeat(".", 80) + "1"
	tests := []struct {
		stdin   string
		args    []string
		records int    // lines on stdout
		errs    string // must appear on stderr, "" for none
		missing int    // how many inputs are said to have no puzzles
	}{
		{"", []string{"solve"}, 0, "sudoku solve: <stdin>: no puzzles\n", 1},
		{"abc\n", []string{"count"}, 0, "sudoku count: <stdin>: no puzzles\n", 1},
		{"\n\n", []string{"canon"}, 0, "sudoku canon: <stdin>: no puzzles\n", 1},
		{"Grid 01\n", []string{"shuffle", "--seed", "1"}, 0, "sudoku shuffle: <stdin>: no puzzles\n", 1},
		{"", []string{"rate", empty}, 0, "sudoku rate: " + empty + ": no puzzles\n", 1},
		{"", []string{"filter", "--level", "easy", empty}, 0, "sudoku filter: " + empty + ": no puzzles\n", 1},
		{"", []string{"canon", empty, p, empty}, 1, "sudoku canon: " + empty + ": no puzzles\n", 2},
		{"12\n", []string{"solve"}, 1, "<stdin>:1: line 1: wrong number of cells", 0},
	}
	for _, tt := range tests {
		code, out, errs := sudokuRun(t, tt.stdin, tt.args...)
		if code != 1 || len(lines(out)) != tt.records || !strings.Contains(errs, tt.errs) ||
			strings.Count(errs, "no puzzles") != tt.missing {
			t.Errorf("%q on %q: exit %d, stdout %q, stderr %q; want exit 1, %d records, %d inputs without puzzles, stderr with %q",
				tt.args, tt.stdin, code, out, errs, tt.records, tt.missing, tt.errs)
		}
	}
	// The built binary, reading a pipe in which a first command found nothing.
	if code, out, errs := runBin(t, "", "solve"); code != 1 || out != "" || errs != "sudoku solve: <stdin>: no puzzles\n" {
		t.Errorf("sudoku solve on an empty pipe: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		inOut   string // must appear on stdout
		inErr   string // must appear on stderr
		noInOut bool
	}{
		{nil, 2, "", "Usage: sudoku COMMAND", true},
		{[]string{"help"}, 0, "Commands:", "", false},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`, true},
		{[]string{"solve", "--help"}, 0, "Usage: sudoku solve [flags] [FILE|PUZZLE|-]...", "", false},
		{[]string{"help", "count"}, 0, "--limit", "", false},
		{[]string{"solve", "--format", "xml"}, 2, "", "want one of line, grid, json", true},
		{[]string{"solve", "--nope"}, 2, "", "unknown flag --nope", true},
		{[]string{"count", "--limit", "-1"}, 2, "", `invalid value "-1" for --limit: want a whole number, 0 or more`, true},
		{[]string{"euler96", "a", "b"}, 2, "", "at most one file", true},
	}
	for _, tt := range tests {
		code, out, errs := sudokuRun(t, "", tt.args...)
		if code != tt.code || !strings.Contains(out, tt.inOut) || !strings.Contains(errs, tt.inErr) || tt.noInOut && out != "" {
			t.Errorf("sudoku %v = %d\nstdout %q\nstderr %q", tt.args, code, out, errs)
		}
	}
}

func TestFlagsAfterFiles(t *testing.T) {
	code, out, _ := sudokuRun(t, "", "count", testdata+"serg_multi_200.txt", "--limit", "3", "--", testdata+"norvig_hardest11.txt")
	ls := lines(out)
	if code != 0 || len(ls) != 211 || ls[0] != "3" || ls[210] != "1" {
		t.Errorf("count with flags after files = %d, %d lines", code, len(ls))
	}
}

func TestBench(t *testing.T) {
	code, out, errs := sudokuRun(t, "", "bench", "--time", "1ms")
	ls := lines(out)
	if code != 0 || errs != "" || len(ls) != 2 || !strings.Contains(ls[0], "count2/s") || !strings.Contains(ls[1], "p096_sudoku.txt (built in)") {
		t.Fatalf("bench = %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = sudokuRun(t, "", "bench", "--time", "1ms", "--json", testdata+"norvig_hardest11.txt")
	var r benchResult
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Puzzles != 11 || r.Unique != 11 || r.SolvePerSec <= 0 || r.Count2PerSec <= 0 || r.GuessesPerPuz <= 0 {
		t.Errorf("bench --json = %d %q %v", code, out, err)
	}
	for _, tt := range []struct {
		args    []string
		shuffle string // "" when the JSON must not have the field
	}{
		{[]string{"--shuffle", "7"}, "7"},
		{[]string{"--shuffle", "18446744073709551615"}, "18446744073709551615"},
		{[]string{"--shuffle", "0"}, "new"}, // a new seed, reported
		{nil, ""},
	} {
		args := append([]string{"bench", "--time", "1ms", "--json"}, tt.args...)
		code, out, errs := sudokuRun(t, "", append(args, testdata+"norvig_hardest11.txt")...)
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil || code != 0 || errs != "" {
			t.Fatalf("%v = %d %q %q %v", args, code, out, errs, err)
		}
		got, ok := m["shuffle"].(string)
		switch {
		case tt.shuffle == "" && ok, tt.shuffle == "new" && (got == "" || got == "0"),
			tt.shuffle != "" && tt.shuffle != "new" && got != tt.shuffle:
			t.Errorf("%v: shuffle %q, want %q", args, m["shuffle"], tt.shuffle)
		}
		for _, k := range []string{"file", "puzzles", "solvePerSec", "count2PerSec", "guessesPerPuzzle", "unique"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%v: no %q in %s", args, k, out)
			}
		}
		if m["unique"] != 11.0 {
			t.Errorf("%v: unique = %v, want 11", args, m["unique"])
		}
	}
	for _, bad := range []string{"x", "-1", "18446744073709551616", ""} {
		code, _, errs := sudokuRun(t, "", "bench", "--time", "1ms", "--shuffle", bad)
		if code != exitUsage || !strings.Contains(errs, "not a seed") {
			t.Errorf("bench --shuffle %q = %d, %q", bad, code, errs)
		}
	}
}

// TestBenchShuffle checks that bench --shuffle solves the isomorphs
// sudoku shuffle prints with the same seed, and that they are isomorphs.
func TestBenchShuffle(t *testing.T) {
	file := testdata + "norvig_top95.txt"
	var gs []sudoku.Grid
	for _, p := range readPuzzles(t, file) {
		gs = append(gs, p.Grid)
	}
	orig := slices.Clone(gs)
	// benchGrids returns the grids bench measures with --shuffle seed.
	benchGrids := func(seed uint64) []sudoku.Grid {
		t.Helper()
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		set, bad, err := readBench(f, file, &benchOptions{shuffle: true, seed: seed})
		if err != nil || bad != nil || len(set.marks)+len(set.vars) != 0 {
			t.Fatalf("readBench: %v, %q, %d marks, %d variants", err, bad, len(set.marks), len(set.vars))
		}
		return set.grids
	}
	gs = benchGrids(42)
	code, out, errs := sudokuRun(t, "", "shuffle", "--seed", "42", file)
	ls := lines(out)
	if code != 0 || errs != "" || len(ls) != len(gs) {
		t.Fatalf("shuffle = %d, %d lines for %d puzzles, %q", code, len(ls), len(gs), errs)
	}
	moved := 0
	for i, l := range ls {
		if gs[i].String() != l {
			t.Errorf("puzzle %d: bench solves %s, shuffle prints %s", i, gs[i].String(), l)
		}
		a, _, errA := canon.Form(&gs[i])
		b, _, errB := canon.Form(&orig[i])
		if errA != nil || errB != nil || a != b {
			t.Errorf("puzzle %d: %s is not an isomorph of %s", i, gs[i].String(), orig[i].String())
		}
		if gs[i] != orig[i] {
			moved++
		}
	}
	if moved < len(gs)*9/10 {
		t.Errorf("only %d of %d puzzles changed", moved, len(gs))
	}
	if !slices.Equal(benchGrids(42), gs) {
		t.Errorf("the same seed gave other isomorphs")
	}
	if slices.Equal(benchGrids(43), gs) {
		t.Errorf("seeds 42 and 43 gave the same isomorphs")
	}
}

func TestGenerate(t *testing.T) {
	args := []string{"generate", "-n", "6", "--seed", "11", "--symmetry", "rot180", "-j", "3"}
	code, out, errs := sudokuRun(t, "", args...)
	ls := lines(out)
	if code != 0 || errs != "" || len(ls) != 6 {
		t.Fatalf("generate = %d, %d lines, stderr %q", code, len(ls), errs)
	}
	for _, l := range ls {
		g, err := sudoku.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := solver.Count(context.Background(), &g, 2); n != 1 {
			t.Errorf("%s has %d solutions", l, n)
		}
		for i := range 81 {
			if (g[i] == 0) != (g[80-i] == 0) {
				t.Fatalf("%s is not symmetric under a half turn", l)
			}
		}
	}
	if _, again, _ := sudokuRun(t, "", args...); again != out {
		t.Error("the same seed gave different puzzles")
	}
	args[len(args)-1] = "1"
	if _, other, _ := sudokuRun(t, "", args...); other != out {
		t.Errorf("the puzzles depend on the job count:\n%s\n%s", out, other)
	}
	args[4] = "12"
	if _, other, _ := sudokuRun(t, "", args...); other == out {
		t.Error("another seed gave the same puzzles")
	}

	code, out, _ = sudokuRun(t, "", "generate", "-n", "2", "--seed", "5", "--clues", "40-40", "--no-minimal", "-f", "json")
	var g generated
	if err := json.Unmarshal([]byte(lines(out)[1]), &g); err != nil || code != 0 || g.Givens != 40 || g.Seed != 5 || g.Number != 2 || g.Symmetry != "none" ||
		g.Rating == nil || g.Rating.Score <= 0 || g.Rating.Hardest == 0 {
		t.Errorf("generate json = %d %q %v", code, out, err)
	}
	code, out, _ = sudokuRun(t, "", "generate", "-n", "2", "--level", "unfair", "-f", "json")
	for _, l := range lines(out) {
		var g generated
		if err := json.Unmarshal([]byte(l), &g); err != nil || code != 0 || g.Rating == nil || g.Rating.Level.String() != "Unfair" {
			t.Errorf("generate --level unfair = %d %q (%v)", code, l, err)
		}
	}
	for _, bad := range [][]string{
		{"generate", "--level", "insane"},
		{"generate", "--symmetry", "spiral"},
		{"generate", "--clues", "10"},
		{"generate", "--clues", "a-b"},
		{"generate", "--no-minimal"},
		{"generate", "extra"},
		{"generate", "-n", "-1"},
	} {
		if code, _, errs := sudokuRun(t, "", bad...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a reason", bad, code, errs)
		}
	}
}

const (
	euler1    = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	euler1Sol = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// jsonStep is the part of a logic step the tests look at.
type jsonStep struct {
	Technique  string `json:"technique"`
	Placements []struct {
		Cell  string
		Digit int
	}
	Eliminations []struct {
		Cell  string
		Digit int
	}
	Cells       []string `json:"cells"`
	Explanation string   `json:"explanation"`
}

func cellIndex(t *testing.T, name string) int {
	t.Helper()
	var r, c int
	if _, err := fmt.Sscanf(name, "r%1dc%1d", &r, &c); err != nil {
		t.Fatalf("bad cell %q", name)
	}
	return (r-1)*9 + c - 1
}

// checkStep checks a step's placements and eliminations against the solution.
func checkStep(t *testing.T, s jsonStep, sol string) {
	t.Helper()
	for _, p := range s.Placements {
		if d := int(sol[cellIndex(t, p.Cell)] - '0'); d != p.Digit {
			t.Errorf("%s places %s=%d, the solution has %d", s.Technique, p.Cell, p.Digit, d)
		}
	}
	for _, e := range s.Eliminations {
		if d := int(sol[cellIndex(t, e.Cell)] - '0'); d == e.Digit {
			t.Errorf("%s removes %d from %s, the solution's digit", s.Technique, e.Digit, e.Cell)
		}
	}
}

func TestHint(t *testing.T) {
	code, out, errs := sudokuRun(t, "", "hint", euler1)
	ls := lines(out)
	if code != 0 || errs != "" || len(ls) != 3 || !strings.Contains(ls[0], " => ") || !strings.HasPrefix(ls[1], "Look at: r") {
		t.Fatalf("hint = %d\n%s\nstderr %q", code, out, errs)
	}
	code, out, _ = sudokuRun(t, euler1+"\n", "hint", "--json", "-")
	var s jsonStep
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 || s.Technique == "" || len(s.Cells) == 0 || s.Explanation == "" ||
		len(s.Placements)+len(s.Eliminations) == 0 {
		t.Fatalf("hint --json = %d %q (%v)", code, out, err)
	}
	checkStep(t, s, euler1Sol)

	// Pencil marks: r1c1 may only be 4, every other empty cell takes what the givens leave.
	marks := strings.Replace(
		". . 3 | . 2 . | 6 . .\n9 . . | 3 . 5 | . . 1\n. . 1 | 8 . 6 | 4 . .\n------+-------+------\n"+
			". . 8 | 1 . 2 | 9 . .\n7 . . | . . . | . . 8\n. . 6 | 7 . 8 | 2 . .\n------+-------+------\n"+
			". . 2 | 6 . 9 | 5 . .\n8 . . | 2 . 3 | . . 9\n. . 5 | . 1 . | 3 . .\n", ". . 3", "48 . 3", 1)
	code, out, errs = sudokuRun(t, marks, "hint", "--json")
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 {
		t.Fatalf("hint from pencil marks = %d %q %q", code, out, errs)
	}
	checkStep(t, s, euler1Sol)

	for _, tt := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"hint", euler1Sol}, 0, "The grid is solved.", ""},
		{[]string{"hint", "a", "b"}, 2, "", "want one puzzle"},
		{[]string{"hint", "no/such/file"}, 1, "", "no such file"},
		{[]string{"hint", euler1[:80]}, 1, "", "wrong number of cells"},
		{[]string{"explain", "55" + euler1[2:]}, 1, "", "r1c1 and r1c2 both hold 5"},
		{[]string{"explain", strings.Repeat(".", 81)}, 1, "", "more than one solution"},
	} {
		code, out, errs := sudokuRun(t, "", tt.args...)
		if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errs, tt.err) {
			t.Errorf("%v = %d, %q, %q", tt.args, code, out, errs)
		}
	}
}

// TestExplain checks that the explained path places every empty cell,
// each with the solution's digit, and removes no solution digit.
func TestExplain(t *testing.T) {
	for _, p := range []string{euler1, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"} {
		code, out, errs := sudokuRun(t, "", "explain", "--json", p)
		var path struct {
			Puzzle string     `json:"puzzle"`
			Steps  []jsonStep `json:"steps"`
		}
		if err := json.Unmarshal([]byte(out), &path); err != nil || code != 0 {
			t.Fatalf("explain = %d %q %q (%v)", code, out, errs, err)
		}
		g, _ := sudoku.Parse(p)
		sol, _ := solver.Solve(&g)
		placed := g.Givens()
		for _, s := range path.Steps {
			checkStep(t, s, sol.Digits())
			placed += len(s.Placements)
		}
		if placed != 81 {
			t.Errorf("%s: givens and placements fill %d cells, want 81", p, placed)
		}
		code, out, _ = sudokuRun(t, "", "explain", "-v", p)
		if ls := lines(out); code != 0 || len(ls) != 2*len(path.Steps) || !strings.HasPrefix(ls[0], "  1. ") {
			t.Errorf("explain -v: %d, %d lines for %d steps", code, len(ls), len(path.Steps))
		}
	}
}

func TestRate(t *testing.T) {
	in := euler1 + "\n" + strings.Repeat(".", 81) + "\n" + euler1[:80] + "\n"
	code, out, errs := sudokuRun(t, in, "rate")
	ls := lines(out)
	if code != 1 || len(ls) != 3 || !strings.HasPrefix(ls[0], "Easy ") || !strings.HasPrefix(ls[1], "error: <stdin>:2: ") ||
		!strings.Contains(ls[2], "wrong number of cells") || len(lines(errs)) != 2 {
		t.Fatalf("rate = %d\n%s\nstderr %q", code, out, errs)
	}
	code, out, _ = sudokuRun(t, in, "rate", "--json")
	var recs []record.Record
	for _, l := range lines(out) {
		var r record.Record
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if code != 1 || len(recs) != 3 || recs[0].Rating == nil || recs[0].Rating.Level.String() != "Easy" || recs[0].Rating.Score <= 0 ||
		recs[1].Status != solver.Multiple || recs[2].Status != solver.Invalid {
		t.Errorf("rate --json = %d %q", code, out)
	}
}

func TestSolveTrace(t *testing.T) {
	two := ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
	code, out, errs := sudokuRun(t, euler1+"\n", "solve", "--trace")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "== <stdin>:1 \npuzzle ..3.2.6..") || !strings.Contains(out, "\nsolved in ") {
		t.Fatalf("--trace = %d\n%s\nstderr %q", code, out, errs)
	}
	code, out, _ = sudokuRun(t, two+"\n", "solve", "--trace", "--all", "--limit", "5", "--trace-grids", "guesses", "--ascii")
	for _, want := range []string{"guess r4c1 = 3 (of 3,6) depth 1", "solution 1 found", "back to depth 0: try r4c1 = 6", "solution 2 found", "(6)  4   2 |", "search complete: 2 solutions"} {
		if !strings.Contains(out, want) {
			t.Errorf("--trace --all: no %q in\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("--trace --all: exit %d", code)
	}

	// JSON: replaying the steps from an empty board gives the solution.
	code, out, _ = sudokuRun(t, euler1+"\n"+two+"\n", "solve", "--trace=json", "--unique")
	recs := lines(out)
	if code != 1 || len(recs) != 2 {
		t.Fatalf("--trace=json --unique: exit %d, %d records", code, len(recs))
	}
	var rec struct {
		Status string
		Error  string
		Trace  *trace.Trace
	}
	if err := json.Unmarshal([]byte(recs[0]), &rec); err != nil || rec.Status != "unique" || rec.Trace == nil {
		t.Fatalf("record 0: %v %+v", err, rec)
	}
	b := rec.Trace.BoardAt(len(rec.Trace.Steps))
	if b.Values.Digits() != euler1Sol {
		t.Errorf("replayed JSON trace ends with %v", b.Values)
	}
	if err := json.Unmarshal([]byte(recs[1]), &rec); err != nil || rec.Status != "multiple" || rec.Error != "more than one solution" {
		t.Errorf("record 1: %v %+v", err, rec)
	}

	code, out, errs = sudokuRun(t, euler1+"\n", "solve", "--trace", "--max-steps", "10")
	if code != 1 || !strings.Contains(out, "stopped: step limit of 10 reached") || !strings.Contains(errs, "<stdin>:1: stopped: step limit of 10 reached") {
		t.Errorf("--max-steps 10 = %d\n%s\n%s", code, out, errs)
	}
	for _, bad := range [][]string{
		{"solve", "--trace=xml"},
		{"solve", "--trace", "--trace-grids", "some"},
		{"solve", "--trace", "--all", "--limit", "0"},
	} {
		if code, _, errs := sudokuRun(t, euler1, bad...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errs)
		}
	}
}

func TestPuzzlesOnTheCommandLine(t *testing.T) {
	const p1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	const sol1 = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	for _, c := range []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{"solve", p1}, 0, sol1 + "\n", ""},
		{[]string{"count", p1}, 0, "1\n", ""},
		{[]string{"rate", p1}, 0, "Easy", ""},
		{[]string{"solve", p1, "nosuch.txt", p1[:80]}, 1, sol1 + "\nerror: <arg 3>:1: line 1, column 81: wrong number of cells: 80, want 81\n", "nosuch.txt: no such file or puzzle"},
		{[]string{"solve", "--trace", "json", p1}, 0, `"source":"<arg 1>"`, ""},
		{[]string{"solve", "--trace", "text", p1}, 0, "== <arg 1>:1", ""},
		{[]string{"rate", "--format", "json", p1}, 0, `"level":"Easy"`, ""},
		{[]string{"hint", "--format", "json", p1}, 0, `"technique":"Naked Single"`, ""},
		{[]string{"explain", "--format=json", p1}, 0, `"steps":[`, ""},
	} {
		code, out, errs := sudokuRun(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.err) {
			t.Errorf("sudoku %v = %d\nstdout %q\nstderr %q", c.args, code, out, errs)
		}
	}
}

func TestHintAndExplainRefuseNonUnique(t *testing.T) {
	none := "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
	several := ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
	// r8c7 sees all nine digits: no hint, even with --any, as nothing
	// found elsewhere would mean anything.
	dead := "003020600900305001001806400008102700700000008006708100000000500800200009000000300"
	// Grid 01 with a 5 in r1c1 instead of 4: no solution, but every
	// empty cell keeps a candidate.
	wrong := "503020600900305001001806400008102900700000008006708200002609500800203009005010300"
	for _, c := range []struct{ cmd, puzzle, want string }{
		{"hint", none, "sudoku hint: <arg 1>: no solution: r5c1 has no candidate left\n"},
		{"hint", several, "sudoku hint: <arg 1>: more than one solution\n"},
		{"hint", dead, "sudoku hint: <arg 1>: no solution: r8c7 has no candidate left\n"},
		{"explain", none, "sudoku explain: <arg 1>: no solution\n"},
		{"explain", several, "sudoku explain: <arg 1>: more than one solution\n"},
	} {
		code, out, errs := sudokuRun(t, "", c.cmd, c.puzzle)
		if code != 1 || out != "" || errs != c.want {
			t.Errorf("%s %s = %d, %q, %q; want 1, %q", c.cmd, c.puzzle, code, out, errs, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"hint", "--any", several}, 0, "Note: the puzzle has more than one solution, so the techniques that assume one"},
		{[]string{"hint", "--any", wrong}, 0, "Note: the puzzle has no solution"},
		{[]string{"hint", "--any", none}, 1, ""}, // r5c1 has no candidate
		{[]string{"hint", "--any", dead}, 1, ""},
		{[]string{"hint", "--any", "--json", dead}, 1, ""},
		{[]string{"hint", "--any", "--json", several}, 0, `"status":"multiple","notUnique":true`},
		{[]string{"explain", "--any", several}, 0, "Brute Force steps follow one of its solutions.\n  1. "},
		{[]string{"explain", "--any", none}, 1, ""},
	} {
		code, out, _ := sudokuRun(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("sudoku %v = %d, %q", c.args, code, out)
		}
	}
	code, _, errs := sudokuRun(t, "", "explain", "--timeout", "1ns", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if code != 1 || errs != "sudoku explain: <arg 1>: stopped: time limit reached\n" {
		t.Errorf("explain past its time limit = %d, %q", code, errs)
	}
}

func TestRecordOfUnreadablePuzzle(t *testing.T) {
	code, out, _ := sudokuRun(t, "12x4\n", "solve", "--format", "json")
	var r record.Record
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 || r.Puzzle != "12x4" || r.Status != solver.Invalid {
		t.Errorf("record of an unreadable puzzle = %d, %q, %v", code, out, err)
	}
}

func TestHelpShowsDoubleDashes(t *testing.T) {
	_, out, _ := sudokuRun(t, "", "solve", "--help")
	for _, want := range []string{"-f, --format format", "-j, --jobs N", "--unique", "--trace text"} {
		if !strings.Contains(out, want) {
			t.Errorf("solve --help lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\n  -unique") || strings.Contains(out, "short for") {
		t.Errorf("solve --help shows a flag with one dash or a bare short form:\n%s", out)
	}
}

func TestVersionLine(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-23T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	if got, want := versionLine(bi), "v1.2.3 (revision 0123456789ab+dirty, 2026-11-23T10:00:00Z) go1.26.8"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	code, out, _ := sudokuRun(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "sudoku ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version = %d, %q", code, out)
	}
}

func TestGenerateSeedIsAString(t *testing.T) {
	code, out, _ := sudokuRun(t, "", "generate", "--seed", "18446744073709551557", "--format", "json")
	if code != 0 || !strings.Contains(out, `"seed":"18446744073709551557"`) {
		t.Errorf("generate --format json = %d, %q", code, out)
	}
}

func TestHintWrongMarks(t *testing.T) {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	sol, _ := solver.Solve(&g)
	m := sudoku.MarksOf(&g)
	cell := 0
	for m[cell].Count() < 3 { // so that taking one out leaves no single
		cell++
	}
	m[cell] &^= 1 << sol[cell]
	code, out, errs := sudokuRun(t, "", "hint", m.String())
	want := fmt.Sprintf("%s leave out %d, the solution's digit", sudoku.CellName(cell), sol[cell])
	if code != 1 || out != "" || !strings.Contains(errs, want) || strings.Contains(errs, "internal") {
		t.Errorf("hint with marks that rule out the solution = %d, %q, %q", code, out, errs)
	}
}
