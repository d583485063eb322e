package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant/check"
	vformat "github.com/godoku/sudoku/variant/format"
)

// fpuzzlesCorpus returns the links and published solutions of the
// f-puzzles corpus (CC BY 4.0, each puzzle credited in the file).
func fpuzzlesCorpus(t *testing.T) (links, solutions, titles []string) {
	t.Helper()
	f, err := os.Open("../../variant/testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct{ Title, Fpuzzles, Solution string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		links = append(links, "https://www.f-puzzles.com/?load="+c.Fpuzzles)
		solutions = append(solutions, c.Solution)
		titles = append(titles, c.Title)
	}
	return links, solutions, titles
}

// variantRec is what the tests read of a command's JSON record.
type variantRec struct {
	Line     int
	Status   string
	Solution string
	Count    *int
	Size     int
	Kinds    []string
	Error    string
}

// TestVariantSolveCorpus runs the built binary over the whole f-puzzles
// corpus, proving each solution unique: every solution printed is checked
// against every rule of its puzzle (package check, written apart from the
// engine) and against the published one; a record for every puzzle, in
// order. The puzzles the engine does not solve as published are the ones
// variant's TestFPuzzlesCorpus names; their number may only fall.
func TestVariantSolveCorpus(t *testing.T) {
	links, solutions, titles := fpuzzlesCorpus(t)
	cmd := exec.Command(binary(t), "solve", "--unique", "--json", "--timeout", "20s")
	cmd.Stdin = strings.NewReader(strings.Join(links, "\n") + "\n")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	recs := lines(out.String())
	if len(recs) != len(links) {
		t.Fatalf("%d records for %d puzzles (%v): %s", len(recs), len(links), err, errs.String())
	}
	solved, failed := 0, 0
	for i, l := range recs {
		var r variantRec
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Line != i+1 {
			t.Errorf("record %d is of line %d", i+1, r.Line)
		}
		if r.Status != "unique" {
			failed++
			t.Logf("%s: %s: %s", titles[i], r.Status, r.Error)
			continue
		}
		p, _, err := vformat.Parse(links[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := check.Solution(p, values(t, p.Size, r.Solution)); err != nil {
			t.Errorf("%s: the solution printed breaks a rule: %v", titles[i], err)
		}
		if r.Solution != solutions[i] {
			// A rule read otherwise than the setter meant: the count
			// below tells.
			t.Logf("%s: solution %s, published %s", titles[i], r.Solution, solutions[i])
			continue
		}
		if !vformat.Classic(p) && (r.Size != p.Size || (len(r.Kinds) == 0) != (len(p.Constraints) == 0)) {
			t.Errorf("%s: size %d, kinds %v", titles[i], r.Size, r.Kinds)
		}
		solved++
	}
	const floor = 69 // of 70: Executive Function's published solution breaks its region-sum lines (see TestFPuzzlesCorpus in package variant)
	if solved < floor {
		t.Errorf("%d of %d solved to the published solution and proven unique, want %d or more", solved, len(links), floor)
	}
	if exit, ok := err.(*exec.ExitError); failed > 0 && (!ok || exit.ExitCode() != 1) || failed == 0 && err != nil {
		t.Errorf("exit %v with %d failed puzzles", err, failed)
	}
}

// values reads a solution line as the commands write it (1 to 9, then A
// for 10 ...), without checking it against any rule.
func values(t *testing.T, n int, line string) []int {
	t.Helper()
	if len(line) != n*n {
		t.Fatalf("solution %q: %d values, want %d", line, len(line), n*n)
	}
	out := make([]int, len(line))
	for i, c := range line {
		switch {
		case c >= '1' && c <= '9':
			out[i] = int(c - '0')
		case c >= 'A' && c <= 'P':
			out[i] = int(c-'A') + 10
		default:
			t.Fatalf("solution %q: %q is no value", line, c)
		}
	}
	return out
}

// TestVariantCommands runs solve and count on variant puzzles of other
// sizes, with bad lines among them: one record a line in order, the
// reader's reason for a bad one, the engine's refusal of a rule it lacks,
// and exit 1.
func TestVariantCommands(t *testing.T) {
	input := strings.Join([]string{
		".2......61.....56.....313....564....",                                            // 6x6, 2x3 boxes
		"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", // cut short
		".Shape~4x4.Fog~R1C1",
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
		".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4~R2C1", // a thermometer of 5 in 4x4
		".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4",
		"1...............", // 72 solutions
	}, "\n") + "\n"
	for _, c := range []struct {
		args []string
		want []string // per record: its line form
	}{
		{[]string{"solve", "--unique"}, []string{
			"123456456123231564564231312645645312",
			"error: <stdin>:2: line 2: f-puzzles: lzstring: data ends before its end code",
			"error: <stdin>:3: variant: unsupported constraint Fog",
			"483921657967345821251876493548132976729564138136798245372689514814253769695417382",
			"error: <stdin>:5: no solution",
			"2143432112343412",
			"error: <stdin>:7: more than one solution",
		}},
		{[]string{"count", "--limit", "0"}, []string{
			"1",
			"error: <stdin>:2: line 2: f-puzzles: lzstring: data ends before its end code",
			"error: <stdin>:3: variant: unsupported constraint Fog",
			"1",
			"0",
			"1",
			"72",
		}},
	} {
		cmd := exec.Command(binary(t), c.args...)
		cmd.Stdin = strings.NewReader(input)
		out, err := cmd.Output()
		if got := lines(string(out)); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%v:\n%s\nwant:\n%s", c.args, out, strings.Join(c.want, "\n"))
		}
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
			t.Errorf("%v: exit %v, want 1", c.args, err)
		}
	}
}

// TestVariantCounts counts whole grids with the built binary: the 288 4x4
// grids, those with one given (a quarter of them, by the symmetry of the
// values), and the 6x6 grids with their first row given (28,200,960 / 6!;
// the whole count is left to the benchmark).
func TestVariantCounts(t *testing.T) {
	for _, c := range []struct{ puzzle, want string }{
		{"................", "288"},
		{"1,,,,,,,,,,,,,,,", "72"},
		{"123456" + strings.Repeat(".", 30), "39168"}, // 28,200,960 / 6!
	} {
		out, err := exec.Command(binary(t), "count", "--limit", "0", c.puzzle).Output()
		if got := strings.TrimSpace(string(out)); err != nil || got != c.want {
			t.Errorf("count --limit 0 %s: %q (%v), want %s", c.puzzle, got, err, c.want)
		}
	}
}

// TestVariantOutputForms writes a variant solution as a grid, a template
// and CSV, and fails on a full disk.
func TestVariantOutputForms(t *testing.T) {
	const puzzle = ".2......61.....56.....313....564...."
	out, err := exec.Command(binary(t), "solve", "--format", "grid", puzzle).Output()
	wantGrid := "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n"
	if err != nil || string(out) != wantGrid {
		t.Errorf("--format grid: %v\n%s", err, out)
	}
	out, err = exec.Command(binary(t), "solve", "--template", "%S %s", puzzle).Output()
	if err != nil || string(out) != "solved 123456456123231564564231312645645312\n" {
		t.Errorf("--template: %v %q", err, out)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	cmd := exec.Command(binary(t), "solve", puzzle)
	cmd.Stdout = full
	var errs bytes.Buffer
	cmd.Stderr = &errs
	err = cmd.Run()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 || !strings.Contains(errs.String(), "no space left on device") {
		t.Errorf("to /dev/full: %v, %q", err, errs.String())
	}
}

// TestVariantGridLines reads grids of other sizes written on lines of
// their own, among other puzzles: one record each, in order, an error
// that names the row of a grid with a short row, and exit status 1 for
// it; the 4x4 count of grids comes from an empty grid written so.
func TestVariantGridLines(t *testing.T) {
	in := "# a 4x4, a 6x6 with a short row, a classic puzzle\n" +
		"1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 2\n\n" +
		"......\n......\n.....\n......\n......\n......\n" +
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"
	code, out, errs := runBin(t, in, "solve")
	want := []string{
		"1243342121344312",
		"error: <stdin>:8: line 10: wrong number of cells: 5 in a row of a 6x6 grid, want 6",
		"483921657967345821251876493548132976729564138136798245372689514814253769695417382",
	}
	if code != 1 || !reflect.DeepEqual(lines(out), want) {
		t.Errorf("solve: exit %d\n%s\nwant exit 1\n%s\n(stderr %q)", code, out, strings.Join(want, "\n"), errs)
	}
	code, out, _ = runBin(t, "....\n....\n....\n....\n", "count", "--limit", "0")
	if code != 0 || out != "288\n" {
		t.Errorf("count --limit 0 on four lines of four: exit %d, %q, want 288", code, out)
	}
	// A solution printed either way reads back, as a classic one does.
	for _, format := range []string{"line", "grid"} {
		_, sol, _ := runBin(t, "", "solve", "--format", format, ".2......61.....56.....313....564....")
		if code, out, errs := runBin(t, sol, "count"); code != 0 || out != "1\n" {
			t.Errorf("count of the solution written as %s %q: exit %d, %q (%s), want 1", format, sol, code, out, errs)
		}
	}
}
