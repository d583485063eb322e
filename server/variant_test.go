package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	vformat "github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/sudokupad"
)

// A 4x4 puzzle with a killer cage, a thermometer and a kropki dot, in the
// Interactive Sudoku Solver's text, and a 4x4 grid with 72 solutions.
const (
	issKiller = ".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4"
	grid4x4   = "1..............."
)

// variantForms returns issKiller in each format the API reads: the ISS
// string, an f-puzzles link, its JSON, a SudokuPad link, with the kinds
// the answer must carry.
func variantForms(t *testing.T) (forms map[string]string, kinds []string) {
	t.Helper()
	p, _, err := vformat.Parse(issKiller)
	if err != nil {
		t.Fatal(err)
	}
	fl, err := fpuzzles.Link(p)
	if err != nil {
		t.Fatal(err)
	}
	fj, err := fpuzzles.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	sl, err := sudokupad.Link(p)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"iss": issKiller, "fpuzzles link": fl, "fpuzzles JSON": string(fj), "sudokupad link": sl}, vformat.Kinds(p)
}

// solutionOK checks a solution line the API sent against every rule of
// the puzzle, with the independent checker.
func solutionOK(t *testing.T, puzzle, line string) {
	t.Helper()
	p, _, err := vformat.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	if len(line) != p.Size*p.Size {
		t.Fatalf("solution %q: want %d values", line, p.Size*p.Size)
	}
	sol := make([]int, len(line))
	for i, c := range line {
		sol[i] = int(c - '0')
		if c >= 'A' {
			sol[i] = int(c-'A') + 10
		}
	}
	if err := check.Solution(p, sol); err != nil {
		t.Errorf("solution %s: %v", line, err)
	}
}

func body(puzzle string, extra string) string {
	b, _ := json.Marshal(puzzle)
	return `{"puzzle":` + string(b) + extra + `}`
}

func TestVariantSolveAndCount(t *testing.T) {
	h := New(Config{Logger: quiet()})
	forms, kinds := variantForms(t)
	for name, puzzle := range forms {
		t.Run(name, func(t *testing.T) {
			code, out := post(t, h, "/api/solve", body(puzzle, ""))
			if code != http.StatusOK || out["status"] != "unique" || out["size"] != 4.0 {
				t.Fatalf("solve: %d %v", code, out)
			}
			solutionOK(t, puzzle, out["solution"].(string))
			if got := strs(out["kinds"]); !slices.Equal(got, kinds) {
				t.Errorf("kinds %v, want %v", got, kinds)
			}
			code, out = post(t, h, "/api/count", body(puzzle, `,"limit":5`))
			if code != http.StatusOK || out["count"] != 1.0 || out["size"] != 4.0 {
				t.Errorf("count: %d %v", code, out)
			}
		})
	}
	// A plain grid of another size: many solutions.
	code, out := post(t, h, "/api/solve", body(grid4x4, ""))
	if code != http.StatusOK || out["status"] != "multiple" || out["kinds"] != nil {
		t.Fatalf("solve %s: %d %v", grid4x4, code, out)
	}
	solutionOK(t, grid4x4, out["solution"].(string))
	for _, c := range []struct {
		limit, want int
	}{{2, 2}, {100, 72}} {
		code, out := post(t, h, "/api/count", body(grid4x4, `,"limit":`+strconv.Itoa(c.limit)))
		if code != http.StatusOK || out["count"] != float64(c.want) {
			t.Errorf("count %s limit %d: %d %v, want %d", grid4x4, c.limit, code, out, c.want)
		}
	}
	// The same grid on four lines of its own, as the command line reads
	// it; a grid with a short row is refused.
	lines := strings.Join([]string{grid4x4[:4], grid4x4[4:8], grid4x4[8:12], grid4x4[12:]}, "\n")
	code, out = post(t, h, "/api/count", body(lines, `,"limit":100`))
	if code != http.StatusOK || out["count"] != 72.0 {
		t.Errorf("count %q: %d %v, want 72", lines, code, out)
	}
	code, out = post(t, h, "/api/solve", body(lines[:len(lines)-1], ""))
	if code != http.StatusBadRequest || out["code"] != "length" {
		t.Errorf("solve %q: %d %v, want 400 with code length", lines[:len(lines)-1], code, out)
	}
	// Values from 0: the solution writes 0 as the digit '0'.
	const zero = ".Shape~4x4~0-3.~R1C1_0~R2C4_0.Cage~5~R1C2~R2C1.Thermo~R4C3~R4C2~R4C1.V~R3C3~R3C4"
	code, out = post(t, h, "/api/solve", body(zero, ""))
	if code != http.StatusOK || out["status"] != "unique" || out["solution"] == nil {
		t.Fatalf("solve %s: %d %v", zero, code, out)
	}
	solutionOK(t, zero, out["solution"].(string))
	// No solution: an answer, as for classic puzzles.
	code, out = post(t, h, "/api/solve", body(".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4~R2C1", ""))
	if code != http.StatusOK || out["status"] != "none" || out["solution"] != nil {
		t.Errorf("thermometer of 5: %d %v", code, out)
	}
}

func TestVariantRefused(t *testing.T) {
	h := New(Config{Logger: quiet()})
	forms, _ := variantForms(t)
	for _, c := range []struct {
		name, path, puzzle string
		code               int
		msg                string
	}{
		{"cut link", "/api/solve", "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", 400, "lzstring"},
		{"unsupported", "/api/solve", ".Shape~4x4.Fog~R1C1", 400, "unsupported constraint Fog"},
		{"unsupported count", "/api/count", ".Shape~4x4.Fog~R1C1", 400, "unsupported constraint Fog"},
		{"other site", "/api/count", "https://example.com/puzzle?id=12345", 400, "does not read"},
		{"bad given", "/api/solve", "5...............", 400, "puzzle:"},
		{"hint unsupported", "/api/hint", ".Shape~4x4.Fog~R1C1", 400, "unsupported constraint Fog"},
		{"explain", "/api/explain", forms["fpuzzles link"], 400, "classic sudoku only"},
		{"rate", "/api/rate", forms["sudokupad link"], 400, "classic sudoku only"},
		{"trace", "/api/trace", grid4x4, 400, "classic sudoku only"},
		{"parse", "/api/parse", forms["fpuzzles JSON"], 200, "classic sudoku only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := post(t, h, c.path, body(c.puzzle, ""))
			msg, _ := out["error"].(string)
			if code != c.code || !strings.Contains(msg, c.msg) {
				t.Errorf("%s: %d %v, want %d and %q", c.path, code, out, c.code, c.msg)
			}
		})
	}
}

// A variant link of a classic sudoku is a classic puzzle: every endpoint
// takes it.
func TestVariantClassic(t *testing.T) {
	h := New(Config{Logger: quiet()})
	p := &variant.Puzzle{Size: 9, Givens: make([]int, 81)}
	for i, c := range easy {
		p.Givens[i] = int(c - '0')
	}
	link, err := fpuzzles.Link(p)
	if err != nil {
		t.Fatal(err)
	}
	code, out := post(t, h, "/api/solve", body(link, ""))
	_, want := post(t, h, "/api/solve", body(easy, ""))
	if code != http.StatusOK || out["solution"] != want["solution"] || out["status"] != "unique" || out["size"] != nil {
		t.Errorf("solve: %d %v, want %v", code, out, want)
	}
	if code, out := post(t, h, "/api/rate", body(link, "")); code != http.StatusOK {
		t.Errorf("rate: %d %v", code, out)
	}
}

func strs(v any) []string {
	a, _ := v.([]any)
	var out []string
	for _, x := range a {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestSolveTrueCandidates asks /api/solve for the true candidates of
// variant and classic puzzles and checks them against every solution,
// enumerated by the engine and each checked by package check.
func TestSolveTrueCandidates(t *testing.T) {
	h := New(Config{Logger: quiet(), MaxCount: 50000})
	blankBand := strings.Repeat(".", 27) + "548132976729564138136798245372689514814253769695417382"
	for _, c := range []struct {
		puzzle, status string
		size           float64
	}{
		{grid4x4, "solved", 4},
		{issKiller, "unique", 4},
		{".Shape~4x4.Cage~7~R1C1~R1C2~R2C1", "solved", 4},
		{".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4~R2C1", "none", 4},
		{blankBand, "solved", 0},
		{"483921657967345821251876493548132976729564138136798245372689514814253769695417382", "unique", 0},
	} {
		var err error
		code, out := post(t, h, "/api/solve", body(c.puzzle, `,"trueCandidates":true`))
		if code != http.StatusOK || out["status"] != c.status || out["limit"] != 10000.0 || out["size"] != nil && out["size"] != c.size {
			t.Errorf("%s: %d %v, want %s", c.puzzle, code, out, c.status)
			continue
		}
		var p *variant.Puzzle
		if len(c.puzzle) == 81 {
			g, err := sudoku.Parse(c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			p = vformat.FromClassic(&g, nil)
		} else if p, _, err = vformat.Parse(c.puzzle); err != nil {
			t.Fatal(err)
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			t.Fatal(err)
		}
		want := make([][]int, p.Size*p.Size)
		if err := s.Solutions(t.Context(), func(sol []int) bool {
			if err := check.Solution(p, sol); err != nil {
				t.Fatalf("%s: %v", c.puzzle, err)
			}
			for i, v := range sol {
				if !slices.Contains(want[i], v) {
					want[i] = append(want[i], v)
				}
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if c.status == "none" {
			if out["trueCandidates"] != nil {
				t.Errorf("%s: %v, want no candidates", c.puzzle, out)
			}
			continue
		}
		got, _ := json.Marshal(out["trueCandidates"])
		for _, vs := range want {
			slices.Sort(vs)
		}
		if w, _ := json.Marshal(want); string(got) != string(w) || out["complete"] != true {
			t.Errorf("%s: %s complete %v, want %s", c.puzzle, got, out["complete"], w)
		}
	}
	// A limit below the solutions: incomplete.
	code, out := post(t, h, "/api/solve", body(grid4x4, `,"trueCandidates":true,"limit":1`))
	if code != http.StatusOK || out["complete"] != false || out["limit"] != 1.0 || out["status"] != "solved" {
		t.Errorf("limit 1: %d %v", code, out)
	}
	// false is the plain answer.
	code, out = post(t, h, "/api/solve", body(issKiller, `,"trueCandidates":false`))
	if code != http.StatusOK || out["status"] != "unique" || out["solution"] != "2143432112343412" {
		t.Errorf("trueCandidates false: %d %v", code, out)
	}
	for _, c := range []struct{ extra, msg string }{
		{`,"trueCandidates":true,"limit":50001`, "limit 50001: want 1 to 50000"},
		{`,"trueCandidates":true,"limit":-1`, "limit -1"},
		{`,"trueCandidates":false,"limit":5`, "limit: with trueCandidates only"},
		{`,"limit":5`, "limit"},
		{`,"trueCandidates":"yes"`, "trueCandidates"},
	} {
		code, out := post(t, h, "/api/solve", body(issKiller, c.extra))
		if msg, _ := out["error"].(string); code != http.StatusBadRequest || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: %d %v, want 400 with %q", c.extra, code, out, c.msg)
		}
	}
	code, out = post(t, h, "/api/solve", body(".Shape~4x4.Fog~R1C1", `,"trueCandidates":true`))
	if msg, _ := out["error"].(string); code != http.StatusBadRequest || !strings.Contains(msg, "unsupported constraint Fog") {
		t.Errorf("Fog: %d %v", code, out)
	}
}
