package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// varStep is what the tests read of a variant step in hint's and
// explain's JSON.
type varStep struct {
	Technique    string
	Constraint   string
	Cells        []string
	Result       string
	Explanation  string
	Placements   []struct{ Cell, Value int }
	Eliminations []struct{ Cell, Value int }
}

// checkVarStep fails t if a step places a value other than the
// solution's (a string of digits, 9x9) or removes the solution's value.
func checkVarStep(t *testing.T, name string, i int, st varStep, sol string) {
	t.Helper()
	for _, p := range st.Placements {
		if want := int(sol[p.Cell] - '0'); p.Value != want {
			t.Errorf("%s: step %d (%s) places %d at cell %d, solution %d", name, i+1, st.Result, p.Value, p.Cell, want)
		}
	}
	for _, e := range st.Eliminations {
		if int(sol[e.Cell]-'0') == e.Value {
			t.Errorf("%s: step %d (%s) removes the solution's %d", name, i+1, st.Result, e.Value)
		}
	}
	if st.Technique == "" || st.Explanation == "" || st.Result == "" || len(st.Cells) == 0 {
		t.Errorf("%s: step %d without technique, explanation, result or cells: %+v", name, i+1, st)
	}
}

// TestVariantExplain runs explain --json on corpus puzzles of several
// kinds: every step is checked against the published solution; a puzzle
// the logic finishes has the solution as its grid, one it does not has
// stuck, the solution among its true candidates, and the logic's
// candidates a superset of them.
func TestVariantExplain(t *testing.T) {
	links, solutions, titles := fpuzzlesCorpus(t)
	finished, stuckN := 0, 0
	for _, i := range []int{7, 40, 19, 32, 45, 2} { // arrow, sandwich, x-sum, skyscraper; a modular line, nabner and double arrow puzzle and an anti-knight puzzle the logic does not finish
		code, out, errs := runBin(t, links[i], "explain", "--json")
		if code != 0 {
			t.Errorf("%s: explain exit %d: %s", titles[i], code, errs)
			continue
		}
		var r struct {
			Status         string
			Steps          []varStep
			Solved, Stuck  bool
			Grid           []int
			Candidates     [][]int
			TrueCandidates [][]int
			Complete       bool
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%s: %v: %s", titles[i], err, out)
		}
		sol := solutions[i]
		if r.Status != "unique" || len(r.Steps) == 0 || len(r.Grid) != len(sol) {
			t.Errorf("%s: status %q, %d steps, %d cells", titles[i], r.Status, len(r.Steps), len(r.Grid))
			continue
		}
		for j, st := range r.Steps {
			checkVarStep(t, titles[i], j, st, sol)
		}
		for c, v := range r.Grid {
			if v != 0 && v != int(sol[c]-'0') {
				t.Errorf("%s: grid has %d at cell %d, solution %c", titles[i], v, c, sol[c])
			}
		}
		if r.Solved {
			finished++
			if r.Stuck || r.TrueCandidates != nil {
				t.Errorf("%s: solved but stuck or with true candidates", titles[i])
			}
			continue
		}
		stuckN++
		if !r.Stuck || !r.Complete || len(r.TrueCandidates) != len(sol) {
			t.Errorf("%s: not solved: stuck %v, complete %v, %d true candidate cells", titles[i], r.Stuck, r.Complete, len(r.TrueCandidates))
			continue
		}
		for c, vs := range r.TrueCandidates {
			if r.Grid[c] != 0 {
				if vs != nil || r.Candidates[c] != nil {
					t.Errorf("%s: placed cell %d has candidates", titles[i], c)
				}
				continue
			}
			// The puzzle is unique: its one true candidate is the
			// solution's, and the logic never removed it.
			want := int(sol[c] - '0')
			if len(vs) != 1 || vs[0] != want || !containsInt(r.Candidates[c], want) {
				t.Errorf("%s: cell %d: true candidates %v, logic's %v, solution %d", titles[i], c, vs, r.Candidates[c], want)
			}
		}
	}
	if finished < 4 || stuckN < 2 {
		t.Errorf("%d finished and %d stuck; want 4 and 2", finished, stuckN)
	}
}

func containsInt(vs []int, v int) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func TestVariantHint(t *testing.T) {
	links, solutions, titles := fpuzzlesCorpus(t)
	const arrow, stuckAt = 7, 45 // November 13, 2023: Arrow; Modular Nabner DA Coverage, which the logic does not finish
	code, out, errs := runBin(t, links[arrow], "hint", "--json")
	var st varStep
	if err := json.Unmarshal([]byte(out), &st); code != 0 || err != nil {
		t.Fatalf("hint --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	checkVarStep(t, titles[arrow], 0, st, solutions[arrow])

	code, out, errs = runBin(t, links[arrow], "hint")
	ls := lines(out)
	// The arrow's first step removes candidates only, so a fourth line
	// points to --place.
	if code != 0 || len(ls) != 4 || !strings.HasPrefix(ls[0], st.Technique+" (") || !strings.HasSuffix(ls[0], "=> "+st.Result) ||
		ls[1] != "Look at: "+strings.Join(st.Cells, " ") || ls[2] != st.Explanation || len(st.Placements) > 0 || !strings.Contains(ls[3], "hint --place") {
		t.Errorf("hint: exit %d, output\n%s%s\nwant the step of hint --json: %+v", code, out, errs, st)
	}

	// Explain where the logic stops: it says so and prints the true
	// candidates.
	code, out, _ = runBin(t, links[stuckAt], "explain")
	if code != 0 || !strings.Contains(out, "No logical step applies: the logic runs out with ") || !strings.Contains(out, "True candidates") {
		t.Errorf("explain of %s: exit %d, output\n%s", titles[stuckAt], code, out)
	}
	// The true candidates of a unique puzzle are its solution: the last
	// nine lines are its rows, a cell filled already (a given, or placed
	// by the logic) a dot.
	ls = lines(out)
	rows := ls[len(ls)-9:]
	dots := 0
	for r, l := range rows {
		got, want := strings.ReplaceAll(l, " ", ""), solutions[stuckAt][r*9:r*9+9]
		ok := len(got) == len(want)
		for i := 0; ok && i < len(got); i++ {
			if got[i] == '.' {
				dots++
			} else if got[i] != want[i] {
				ok = false
			}
		}
		if !ok {
			t.Errorf("true candidates of row %d: %q, solution %q", r+1, l, want)
		}
	}
	if dots == 81 {
		t.Error("true candidates: every cell filled, but the logic was stuck")
	}
}

// TestVariantHintStuck: where no step applies, hint says so, prints the
// true candidates and exits 1; --json gives them as data.
func TestVariantHintStuck(t *testing.T) {
	// An empty 4x4 grid: no step applies, and every cell can hold every
	// value; it has many solutions, so it takes --any.
	const puzzle = ".Shape~4x4"
	code, _, errs := runBin(t, puzzle, "hint")
	if code != 1 || !strings.Contains(errs, "more than one solution") {
		t.Errorf("hint of a puzzle with many solutions: exit %d, stderr %q", code, errs)
	}
	code, out, errs := runBin(t, puzzle, "hint", "--any")
	want := "No logical step applies: the logic runs out with 16 cells left.\n" +
		"True candidates (the values each cell holds in some solution; . a placed cell):\n" +
		strings.Repeat(" 1234 1234 1234 1234\n", 4)
	if code != 1 || !strings.HasSuffix(out, want) || !strings.HasPrefix(out, "Note: the puzzle has more than one solution") {
		t.Errorf("hint --any: exit %d, output\n%s%s\nwant it to end\n%s", code, out, errs, want)
	}
	code, out, errs = runBin(t, puzzle, "hint", "--any", "--json")
	var r struct {
		Stuck          bool
		Status         string
		Candidates     [][]int
		TrueCandidates [][]int
		Complete       bool
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("hint --any --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	if code != 1 || !r.Stuck || !r.Complete || r.Status != "multiple" || len(r.TrueCandidates) != 16 || len(r.Candidates) != 16 {
		t.Fatalf("hint --any --json: exit %d, %s", code, out)
	}
	for c := range 16 {
		if len(r.TrueCandidates[c]) != 4 || len(r.Candidates[c]) != 4 {
			t.Errorf("cell %d: true candidates %v, logic's %v; want 1 to 4", c, r.TrueCandidates[c], r.Candidates[c])
		}
	}
}

// TestVariantHintInput: bad input, two puzzles, options that do not go
// with a variant puzzle, write errors and a closed pipe.
func TestVariantHintInput(t *testing.T) {
	links, _, _ := fpuzzlesCorpus(t)
	for _, tt := range []struct {
		stdin string
		args  []string
		code  int
		err   string
	}{
		{links[7][:60], []string{"hint"}, 1, "sudoku hint: <stdin>: line 1: f-puzzles: "},
		{links[7][:60], []string{"explain"}, 1, "sudoku explain: <stdin>: line 1: f-puzzles: "},
		{links[7] + "\n" + links[40] + "\n", []string{"hint"}, 1, "sudoku hint: <stdin>: line 2: more than one puzzle"},
		{links[7], []string{"hint", "--techniques", "singles"}, 2, "sudoku hint: --techniques chooses among the classic techniques"},
		{links[7], []string{"explain", "--techniques", "singles"}, 2, "sudoku explain: --techniques chooses among the classic techniques"},
		{links[7], []string{"explain", "--se"}, 1, "explain works on classic sudoku only"},
	} {
		code, _, errs := runBin(t, tt.stdin, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.err)
		}
	}

	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	for _, args := range [][]string{{"hint", links[7]}, {"explain", links[7]}, {"explain", "--json", links[51]}} {
		cmd := exec.Command(binary(t), args...)
		cmd.Stdout = full
		var errb strings.Builder
		cmd.Stderr = &errb
		cmd.Run()
		want := "sudoku " + args[0] + ": writing output: no space left on device\n"
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasSuffix(errb.String(), want) {
			t.Errorf("sudoku %v > /dev/full: exit %d, stderr %q, want %q", args[:len(args)-1], code, errb.String(), want)
		}
	}
	f, err := os.CreateTemp(t.TempDir(), "link")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(links[40] + "\n")
	f.Close()
	cmd := exec.Command("sh", "-c", binary(t)+" explain -v "+strconv.Quote(f.Name())+" | head -1")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Count(string(out), "\n") != 1 {
		t.Errorf("explain -v | head -1: %v\n%s", err, out)
	}
}

// TestVariantRate: rate takes variant puzzles among classic ones: one
// record each, in order, with the rating of the variant logic's path
// (the library's, under the classic names), errors in their place.
func TestVariantRate(t *testing.T) {
	links, _, titles := fpuzzlesCorpus(t)
	const killer4 = ".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4"
	const classic = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	in := strings.Join([]string{links[7], killer4, classic, ".Shape~4x4", links[45]}, "\n") + "\n"
	code, out, errs := runBin(t, in, "rate", "--json")
	recs := lines(out)
	if code != 1 || len(recs) != 5 || !strings.Contains(errs, "<stdin>:4: more than one solution") {
		t.Fatalf("rate --json: exit %d, %d records; stderr %q", code, len(recs), errs)
	}
	type rec struct {
		Line   int
		Status string
		Size   int
		Kinds  []string
		Rating *struct {
			Level, Hardest string
			Score, Steps   int
			BruteForce     bool
			ER             *float64
		}
	}
	var rs []rec
	for i, l := range recs {
		var r rec
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Line != i+1 {
			t.Fatalf("record %d: %v: %s", i+1, err, l)
		}
		rs = append(rs, r)
	}
	for _, i := range []int{0, 1, 4} {
		r := rs[i]
		if r.Status != "unique" || r.Rating == nil || r.Rating.ER != nil || r.Size == 0 || len(r.Kinds) == 0 || r.Rating.Steps == 0 || r.Rating.Score == 0 {
			t.Errorf("record %d: %s", i+1, recs[i])
		}
	}
	// The 4x4 killer is finished by simple steps; Modular Nabner DA Coverage
	// needs more than the logic has (see TestVariantExplain): guessing.
	if r := rs[1].Rating; r == nil || r.BruteForce || r.Level == "Extreme" {
		t.Errorf("4x4 killer: %s", recs[1])
	}
	if r := rs[4].Rating; r == nil || !r.BruteForce || r.Level != "Extreme" {
		t.Errorf("%s: %s", titles[45], recs[4])
	}
	if r := rs[2].Rating; rs[2].Size != 0 || r == nil || r.ER == nil {
		t.Errorf("classic: %s", recs[2])
	}
	// The line and the template show the same figures.
	code, out, _ = runBin(t, killer4, "rate", "--template", "%v %x %h %b %r")
	want := fmt.Sprintf("%s %d %s false -\n", rs[1].Rating.Level, rs[1].Rating.Score, rs[1].Rating.Hardest)
	if code != 0 || out != want {
		t.Errorf("rate --template: exit %d, %q, want %q", code, out, want)
	}
	code, out, _ = runBin(t, killer4, "rate")
	if f := strings.Fields(out); code != 0 || len(f) < 4 || f[0] != rs[1].Rating.Level || f[1] != strconv.Itoa(rs[1].Rating.Score) || f[2] != "-" {
		t.Errorf("rate: exit %d, %q", code, out)
	}
	code, out, errs = runBin(t, killer4+"\n"+classic+"\n", "rate", "--techniques", "singles")
	if code != 1 || len(lines(out)) != 2 || !strings.Contains(errs, "--techniques names classic techniques") {
		t.Errorf("rate --techniques: exit %d, %q, %q", code, out, errs)
	}
}

// TestHintPlace: hint --place goes on to the first step that places a
// value, for a variant puzzle (a killer without givens, whose first steps
// only remove candidates) and a classic one, and lists the steps before
// it; those are the first steps of explain's path, each only removing
// candidates, and the placement is the solution's.
func TestHintPlace(t *testing.T) {
	links, solutions, titles := fpuzzlesCorpus(t)
	const killer = 10 // October 10, 2023: Killer
	code, out, errs := runBin(t, links[killer], "hint", "--place", "--json")
	var r struct {
		varStep
		Before []varStep
	}
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("hint --place --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	checkVarStep(t, titles[killer], len(r.Before), r.varStep, solutions[killer])
	if len(r.Placements) == 0 || len(r.Before) == 0 {
		t.Fatalf("hint --place: %d steps before a step placing %v; want some before a placement", len(r.Before), r.Placements)
	}
	var path struct{ Steps []varStep }
	code, out, errs = runBin(t, links[killer], "explain", "--json")
	if err := json.Unmarshal([]byte(out), &path); code != 0 || err != nil || len(path.Steps) <= len(r.Before) {
		t.Fatalf("explain --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	for i, b := range append(r.Before, r.varStep) {
		if i < len(r.Before) && len(b.Placements) > 0 {
			t.Errorf("step %d before the placing one places %v", i+1, b.Placements)
		}
		checkVarStep(t, titles[killer], i, b, solutions[killer])
		if b.Result != path.Steps[i].Result || b.Explanation != path.Steps[i].Explanation {
			t.Errorf("step %d: %s, explain's is %s", i+1, b.Result, path.Steps[i].Result)
		}
	}
	// The same as text: the steps before it under a heading, then the
	// step as hint prints one.
	code, out, errs = runBin(t, links[killer], "hint", "--place")
	ls := lines(out)
	head := fmt.Sprintf("Steps before it (%d, each removing candidates only):", len(r.Before))
	if code != 0 || len(ls) != len(r.Before)+4 || ls[0] != head || !strings.HasSuffix(ls[len(ls)-3], "=> "+r.Result) || ls[len(ls)-1] != r.Explanation {
		t.Errorf("hint --place: exit %d, output\n%s%s\nwant %q, %d steps and the step of --json", code, out, errs, head, len(r.Before))
	}
	// Without --place the first step places nothing here, and hint says
	// how to go on.
	code, out, _ = runBin(t, links[killer], "hint")
	if code != 0 || !strings.HasSuffix(out, "hint --place goes on to the first step that does.)\n") {
		t.Errorf("hint of a killer without givens: exit %d, output\n%s", code, out)
	}

	// A classic puzzle whose path starts with five eliminations (four
	// locked candidates and a hidden pair).
	const classic = "12.4.........8...37....6...........8.....2.45..59...6..1...4.9..7....8..96..1..2."
	var cr struct {
		Technique  string
		Placements []struct{ Cell string }
		Before     []struct {
			Technique  string
			Notation   string
			Placements []struct{ Cell string }
		}
	}
	code, out, errs = runBin(t, classic, "hint", "--place", "--json")
	if err := json.Unmarshal([]byte(out), &cr); code != 0 || err != nil {
		t.Fatalf("classic hint --place --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	var cpath struct {
		Steps []struct {
			Technique, Notation string
			Placements          []struct{ Cell string }
		}
	}
	code, out, errs = runBin(t, classic, "explain", "--json")
	if err := json.Unmarshal([]byte(out), &cpath); code != 0 || err != nil {
		t.Fatalf("classic explain --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	k := 0
	for k < len(cpath.Steps) && len(cpath.Steps[k].Placements) == 0 {
		k++
	}
	if k == 0 || k == len(cpath.Steps) || len(cr.Before) != k || cr.Technique != cpath.Steps[k].Technique || len(cr.Placements) == 0 {
		t.Fatalf("classic hint --place: %d steps before a %s; explain places first at step %d", len(cr.Before), cr.Technique, k+1)
	}
	for i, b := range cr.Before {
		if b.Technique != cpath.Steps[i].Technique || b.Notation != cpath.Steps[i].Notation || len(b.Placements) > 0 {
			t.Errorf("classic step %d: %s %s, explain's %s %s", i+1, b.Technique, b.Notation, cpath.Steps[i].Technique, cpath.Steps[i].Notation)
		}
	}
	// Where the techniques allowed place nothing, hint says so.
	code, _, errs = runBin(t, classic, "hint", "--place", "--techniques", "singles,lc1")
	if code != 1 || !strings.Contains(errs, "no logical technique places a digit") {
		t.Errorf("hint --place with singles and pointing only: exit %d, stderr %q", code, errs)
	}
}
