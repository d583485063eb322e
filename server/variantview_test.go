package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku/server/internal/vengine"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// postModel posts a puzzle to /api/variant and decodes the model.
func postModel(t *testing.T, h http.Handler, reqBody string) (int, vengine.Model, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, newRequest(http.MethodPost, "/api/variant", strings.NewReader(reqBody)))
	var m vengine.Model
	var e struct {
		Error string `json:"error"`
	}
	if rec.Code == http.StatusOK {
		dec := json.NewDecoder(rec.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("decoding the model: %v", err)
		}
	} else if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("decoding the error %q: %v", rec.Body.String(), err)
	}
	return rec.Code, m, e.Error
}

// The model of issKiller in each format: the same grid, givens and shapes.
func TestVariantModel(t *testing.T) {
	h := New(Config{Logger: quiet()})
	forms, kinds := variantForms(t)
	for name, puzzle := range forms {
		t.Run(name, func(t *testing.T) {
			code, m, msg := postModel(t, h, body(puzzle, ""))
			if code != http.StatusOK {
				t.Fatalf("%d %s", code, msg)
			}
			if m.Size != 4 || len(m.Regions) != 16 || len(m.Givens) != 16 || m.Classic {
				t.Fatalf("model %+v", m)
			}
			if want := variant.Boxes(4, 2, 2); !slices.Equal(m.Regions, want) {
				t.Errorf("regions %v, want %v", m.Regions, want)
			}
			if m.Givens[2] != 4 || m.Givens[15] != 2 {
				t.Errorf("givens %v, want 4 at r1c3 and 2 at r4c4", m.Givens)
			}
			if !slices.Equal(m.Kinds, kinds) {
				t.Errorf("kinds %v, want %v", m.Kinds, kinds)
			}
			want := map[string]struct {
				cells []variant.Cell
				value int
			}{
				"killer cage": {[]variant.Cell{0, 1, 4}, 7},
				"thermometer": {[]variant.Cell{8, 9, 10}, -1},
				"difference":  {[]variant.Cell{14, 15}, 1},
			}
			var rules int
			for _, s := range m.Shapes {
				if s.Cosmetic {
					continue
				}
				rules++
				w, ok := want[s.Kind]
				if !ok {
					t.Errorf("shape of kind %q", s.Kind)
					continue
				}
				cells := slices.Clone(s.Cells)
				if s.Kind != "thermometer" {
					slices.Sort(cells) // the order of a cage's cells is the source's
				}
				if !slices.Equal(cells, w.cells) {
					t.Errorf("%s: cells %v, want %v", s.Kind, s.Cells, w.cells)
				}
				if (w.value < 0) != (s.Value == nil) || (s.Value != nil && *s.Value != w.value) {
					t.Errorf("%s: value %v, want %d", s.Kind, s.Value, w.value)
				}
			}
			if rules != len(want) {
				t.Errorf("%d rules drawn, want %d", rules, len(want))
			}
		})
	}
}

// Every puzzle of the CC BY corpus gets a model with one shape per rule,
// whose cells are in the grid.
func TestVariantModelCorpus(t *testing.T) {
	h := New(Config{Logger: quiet()})
	f, err := os.Open("../variant/testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	line := 0
	for sc.Scan() {
		line++
		var rec struct {
			Title    string `json:"title"`
			FPuzzles string `json:"fpuzzles"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		p, _, err := vformat.Parse(rec.FPuzzles)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		code, m, msg := postModel(t, h, body(rec.FPuzzles, ""))
		if _, serr := variant.NewSolver(p); serr != nil {
			if code != http.StatusBadRequest {
				t.Errorf("line %d (%s): %d, want 400 for %v", line, rec.Title, code, serr)
			}
			continue
		}
		if code != http.StatusOK {
			t.Errorf("line %d (%s): %d %s", line, rec.Title, code, msg)
			continue
		}
		var rules int
		for _, s := range m.Shapes {
			if s.Cosmetic {
				continue
			}
			rules++
			for _, c := range append(slices.Concat(s.Sets...), append(s.Cells, s.Line...)...) {
				if !variant.InGrid(m.Size, c) {
					t.Errorf("line %d (%s): %s has cell %d outside the grid", line, rec.Title, s.Kind, c)
				}
			}
		}
		// No drawing of the source's repeats a rule's: a line through
		// a rule's cells (either way), a mark without text on the end
		// of a lockout line (lines 61 and 63 drew theirs by hand).
		paths, ends := map[string]bool{}, map[[2]int]bool{}
		for _, s := range m.Shapes {
			if s.Cosmetic || len(s.Cells) < 2 {
				continue
			}
			pts := make([][2]int, len(s.Cells))
			for i, c := range s.Cells {
				pts[i] = [2]int{int(c) / m.Size, int(c) % m.Size}
			}
			paths[fmt.Sprint(pts)] = true
			slices.Reverse(pts)
			paths[fmt.Sprint(pts)] = true
			if s.Kind == "lockout line" {
				ends[pts[0]], ends[pts[len(pts)-1]] = true, true
			}
		}
		for _, s := range m.Shapes {
			if s.Cosmetic && strings.HasPrefix(strings.ToLower(s.Text), "msgcorrect") {
				t.Errorf("line %d: the solver's message is drawn: %q", line, s.Text)
			}
			if s.Cosmetic && s.Kind == "line" && len(s.Paths) == 1 && paths[fmt.Sprint(s.Paths[0])] {
				t.Errorf("line %d: a rule's line is drawn twice: %v", line, s.Paths[0])
			}
			if s.Cosmetic && (s.Kind == "rectangle" || s.Kind == "circle") && s.Text == "" && len(s.Points) == 1 && ends[s.Points[0]] {
				t.Errorf("line %d: a lockout line's end is drawn twice: %s at %v", line, s.Kind, s.Points[0])
			}
		}
		if rules != len(p.Constraints) || m.Title != p.Title || m.Author != p.Author {
			t.Errorf("line %d: %d rules drawn of %d, title %q by %q", line, rules, len(p.Constraints), m.Title, m.Author)
		}
	}
	if line == 0 {
		t.Fatal("no puzzles read")
	}
}

func TestVariantModelErrors(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, c := range []struct {
		name, body string
		code       int
		msg        string
	}{
		{"empty", body("", ""), 400, "puzzle: missing"},
		{"spaces", body("  \n", ""), 400, "puzzle: missing"},
		{"unknown field", body(issKiller, `,"level":"Easy"`), 400, "level"},
		{"not JSON", `{"puzzle":`, 400, ""},
		{"not a puzzle", body("hello there, sudoku", ""), 400, "not a variant puzzle"},
		{"cut link", body("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", ""), 400, "lzstring"},
		{"unsupported", body(".Shape~4x4.Fog~R1C1", ""), 400, "unsupported constraint Fog"},
		{"other site", body("https://example.com/puzzle?id=12345", ""), 400, "does not read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, msg := postModel(t, h, c.body)
			if code != c.code || !strings.Contains(msg, c.msg) {
				t.Errorf("%d %q, want %d and %q", code, msg, c.code, c.msg)
			}
		})
	}
	// A classic puzzle, as 81 cells: a model the page may hand to the
	// classic game.
	code, m, msg := postModel(t, h, body(easy, ""))
	if code != http.StatusOK || m.Size != 9 || !m.Classic || len(m.Shapes) != 0 {
		t.Errorf("classic: %d %s %+v", code, msg, m)
	}
}
