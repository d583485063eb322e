package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/fpuzzles"
)

// classicLinks returns euler1 as an f-puzzles and a SudokuPad link.
func classicLinks(t *testing.T) []string {
	t.Helper()
	p := &variant.Puzzle{Size: 9, Givens: make([]int, 81), Title: "Euler 1"}
	for i := range euler1 {
		p.Givens[i] = int(euler1[i] - '0')
	}
	var out []string
	for _, k := range []vformat.Kind{vformat.FPuzzles, vformat.SudokuPad} {
		l, err := vformat.Write(p, k)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// corpusLink returns the f-puzzles link of the first puzzle of the
// f-puzzles corpus (The Initials, by ElChiglia, CC BY 4.0): a variant
// with a little killer, even cells, thermometers, kropki dots and
// quadruples.
func corpusLink(t *testing.T) string {
	t.Helper()
	links, _, _ := fpuzzlesCorpus(t)
	return links[0]
}

// TestClassicLinks solves a classic puzzle given as an f-puzzles or
// SudokuPad link with the classic solver: the same solution as its grid,
// named by its title.
func TestClassicLinks(t *testing.T) {
	links := classicLinks(t)
	code, out, errs := sudokuRun(t, strings.Join(links, "\n")+"\n", "solve")
	if code != 0 || out != euler1Sol+"\n"+euler1Sol+"\n" {
		t.Errorf("solve: exit %d, out %q, err %q", code, out, errs)
	}
	// As arguments too, not taken for file names.
	code, out, errs = sudokuRun(t, "", "solve", "--format", "json", links[0], links[1])
	if code != 0 || strings.Count(out, `"name":"Euler 1"`) != 2 || strings.Count(out, euler1Sol) != 2 {
		t.Errorf("solve args: exit %d, out %q, err %q", code, out, errs)
	}
	code, out, _ = sudokuRun(t, "", "hint", links[1])
	if code != 0 || !strings.Contains(out, "Naked Single") {
		t.Errorf("hint: exit %d, out %q", code, out)
	}
}

// TestVariantBatch reads an input that mixes classic and variant lines:
// one record a line, in order, each variant puzzle refused by a command
// that works on classic sudoku, with its size and kinds in JSON, and bad
// lines with the reason.
func TestVariantBatch(t *testing.T) {
	links := classicLinks(t)
	input := strings.Join([]string{
		"Grid 01",
		euler1,
		links[0],
		corpusLink(t),
		"1.3..2....4.3..1",
		"https://puzz.link/p?sudoku/4/4/",
		"N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSz",
		".Cage~30~R1C1~R9C9.Thermo~R1C1~R1C2",
		links[1],
	}, "\n") + "\n"
	code, out, errs := sudokuRun(t, input, "canon", "--format", "json")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var recs []struct {
		Line   int
		Name   string
		Status string
		Size   int
		Kinds  []string
		Error  string
	}
	for _, l := range lines(out) {
		var r struct {
			Line   int
			Name   string
			Status string
			Size   int
			Kinds  []string
			Error  string
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		recs = append(recs, r)
	}
	want := []struct {
		line      int
		status    string
		errorPart string
	}{
		{1, "", ""},
		{3, "", ""},
		{4, "invalid", "a variant puzzle (little killer, even, thermometer, difference, ratio, quadruple): canon works on classic sudoku only"},
		{5, "invalid", "a variant puzzle (4x4): canon works on classic sudoku only"},
		{6, "invalid", "a link godoku does not read"},
		{7, "invalid", "f-puzzles: lzstring: data ends before its end code"},
		{8, "invalid", `ISS: character 1, ".Cage~30~R1C1~R9C9": sum 30 is out of range`},
		{9, "", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(recs), len(want), out)
	}
	for i, w := range want {
		r := recs[i]
		if r.Line != w.line || r.Status != w.status || !strings.Contains(r.Error, w.errorPart) {
			t.Errorf("record %d: line %d, status %q, error %q; want line %d, %q, %q", i+1, r.Line, r.Status, r.Error, w.line, w.status, w.errorPart)
		}
	}
	if recs[2].Size != 9 || len(recs[2].Kinds) != 6 || recs[3].Size != 4 {
		t.Errorf("sizes and kinds: %+v %+v", recs[2], recs[3])
	}
	if recs[1].Name != "Euler 1" {
		t.Errorf("the link's title is not the name: %+v", recs[1])
	}
	if strings.Count(errs, "\n") != 5 {
		t.Errorf("stderr says %d failures, want 5:\n%s", strings.Count(errs, "\n"), errs)
	}
}

// TestRefusedOnePuzzle: explain --se and same refuse a variant puzzle by
// what it is (hint and explain take it: see varlogic_test.go).
func TestRefusedOnePuzzle(t *testing.T) {
	link := corpusLink(t)
	for _, args := range [][]string{{"explain", "--se", link}, {"same", link, euler1}} {
		code, _, errs := sudokuRun(t, "", args...)
		if code == 0 || !strings.Contains(errs, "a variant puzzle (little killer") || !strings.Contains(errs, args[0]+" works on classic sudoku only") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestLinkFormats writes generated and solved puzzles as f-puzzles and
// SudokuPad links, which read back as the same puzzles.
func TestLinkFormats(t *testing.T) {
	for _, f := range []string{"fpuzzles", "sudokupad"} {
		code, out, errs := sudokuRun(t, "", "generate", "-n", "3", "--seed", "5", "--format", f)
		if code != 0 || len(lines(out)) != 3 {
			t.Fatalf("generate --format %s: exit %d, %q, %q", f, code, out, errs)
		}
		_, plain, _ := sudokuRun(t, "", "generate", "-n", "3", "--seed", "5")
		_, solved, _ := sudokuRun(t, plain, "solve")
		code, out2, errs := sudokuRun(t, out, "solve", "--format", f)
		if code != 0 {
			t.Fatalf("solve --format %s: exit %d, %q", f, code, errs)
		}
		_, again, _ := sudokuRun(t, out2, "solve")
		if again != solved {
			t.Errorf("%s: solutions through links %q, want %q", f, again, solved)
		}
		for _, l := range lines(out2) {
			p, _, err := vformat.Parse(l)
			if err != nil || p.Solution == nil {
				t.Errorf("%s: %.60s: %v, solution %v", f, l, err, p.Solution)
			}
		}
	}
}

// TestVariantRecordsChain reads the JSON records of variant puzzles, as a
// command writes them, and f-puzzles' own JSON: records chain from one
// command to the next, and a JSON line that is neither a record nor a
// variant puzzle keeps the classic reader's error.
func TestVariantRecordsChain(t *testing.T) {
	link := corpusLink(t)
	_, recs, _ := sudokuRun(t, link+"\n", "canon", "--format", "json")
	p, _, err := vformat.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	js, err := fpuzzles.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	input := recs + string(js) + "\n" + `{"puzle":"` + euler1 + `"}` + "\n"
	code, out, errs := sudokuRun(t, input, "canon", "--format", "json")
	if code != 1 || len(lines(out)) != 3 {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	want := []string{
		"a variant puzzle (little killer, even, thermometer, difference, ratio, quadruple)",
		"a variant puzzle (little killer, even, thermometer, difference, ratio, quadruple)",
		"not a JSON record with a puzzle",
	}
	for i, l := range lines(out) {
		var r struct {
			Line  int
			Size  int
			Error string
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Line != i+1 || !strings.Contains(r.Error, want[i]) || (r.Size == 9) != (i < 2) {
			t.Errorf("record %d: %+v, want line %d, error %q", i+1, r, i+1, want[i])
		}
	}
}
