package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/server/internal/vengine"
	"github.com/godoku/sudoku/variant/fpuzzles"
	vgenerate "github.com/godoku/sudoku/variant/generate"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// hintAnswer is what the tests read of /api/hint's answer for a variant
// puzzle.
type hintAnswer struct {
	Step *struct {
		Technique    string
		Cells        []string
		Result       string
		Explanation  string
		Why          *vlogic.Reason
		Placements   []struct{ Cell, Value int }
		Eliminations []struct{ Cell, Value int }
	}
	Message        string
	Wrong          []string
	Status         string
	NotUnique      bool
	Stuck          bool
	Candidates     [][]int
	TrueCandidates [][]int
	Complete       bool
	Size           int
}

func postHint(t *testing.T, h http.Handler, b string) (int, hintAnswer, map[string]any) {
	t.Helper()
	code, out := post(t, h, "/api/hint", b)
	raw, _ := json.Marshal(out)
	var a hintAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatal(err)
	}
	return code, a, out
}

// valuesJSON writes a solution line of a 4x4 grid as the values field.
func valuesJSON(line string, keep func(i int) bool) string {
	parts := make([]string, len(line))
	for i, c := range line {
		parts[i] = "0"
		if keep(i) {
			parts[i] = string(c)
		}
	}
	return `,"values":[` + strings.Join(parts, ",") + `]`
}

func TestVariantHint(t *testing.T) {
	h := New(Config{Logger: quiet()})
	forms, kinds := variantForms(t)
	_, solved := post(t, h, "/api/solve", body(issKiller, ""))
	sol, _ := solved["solution"].(string)
	if len(sol) != 16 {
		t.Fatalf("solve: %v", solved)
	}
	for name, puzzle := range forms {
		t.Run(name, func(t *testing.T) {
			code, a, out := postHint(t, h, body(puzzle, ""))
			if code != http.StatusOK || a.Step == nil || a.Status != "unique" || a.Size != 4 || len(out["kinds"].([]any)) != len(kinds) {
				t.Fatalf("hint: %d %v", code, out)
			}
			st := a.Step
			if st.Technique == "" || st.Explanation == "" || st.Result == "" || len(st.Cells) == 0 {
				t.Errorf("step without technique, explanation, result or cells: %v", out)
			}
			// The explanation as data, which the page says in its
			// language: its English is the explanation.
			if st.Why == nil || st.Why.ID == "" {
				t.Errorf("step without its reason (why): %v", out)
			} else if got := st.Why.English(); got != st.Explanation {
				t.Errorf("why in English %q, explanation %q", got, st.Explanation)
			}
			for _, p := range st.Placements {
				if strconv.Itoa(p.Value) != sol[p.Cell:p.Cell+1] {
					t.Errorf("step places %d at cell %d, solution %c", p.Value, p.Cell, sol[p.Cell])
				}
			}
			for _, e := range st.Eliminations {
				if strconv.Itoa(e.Value) == sol[e.Cell:e.Cell+1] {
					t.Errorf("step removes the solution's %d at cell %d", e.Value, e.Cell)
				}
			}
		})
	}
	// From the player's values: the full grid, one wrong value, half the
	// grid (a step that places none of the values given).
	code, a, out := postHint(t, h, body(issKiller, valuesJSON(sol, func(int) bool { return true })))
	if code != http.StatusOK || a.Step != nil || a.Message != "The grid is full." {
		t.Errorf("full grid: %d %v", code, out)
	}
	wrong := []byte(sol)
	wrong[5] = sol[6]
	code, a, out = postHint(t, h, body(issKiller, valuesJSON(string(wrong), func(i int) bool { return i == 5 })))
	if code != http.StatusOK || a.Step != nil || len(a.Wrong) != 1 || a.Wrong[0] != "r2c2" {
		t.Errorf("a wrong value: %d %v", code, out)
	}
	code, a, out = postHint(t, h, body(issKiller, valuesJSON(sol, func(i int) bool { return i < 8 })))
	if code != http.StatusOK || a.Step == nil {
		t.Fatalf("half the grid: %d %v", code, out)
	}
	for _, p := range a.Step.Placements {
		if p.Cell < 8 {
			t.Errorf("step places the player's value at cell %d: %v", p.Cell, out)
		}
	}
	// Several solutions: refused unless asked with any; then, where no
	// step applies, the true candidates.
	if code, out := post(t, h, "/api/hint", body(".Shape~4x4", "")); code != 422 || !strings.Contains(out["error"].(string), "more than one solution") {
		t.Errorf("empty 4x4: %d %v", code, out)
	}
	code, a, out = postHint(t, h, body(".Shape~4x4", `,"any":true`))
	if code != http.StatusOK || !a.Stuck || !a.NotUnique || a.Status != "multiple" || !a.Complete || len(a.TrueCandidates) != 16 {
		t.Fatalf("empty 4x4 with any: %d %v", code, out)
	}
	for c, vs := range a.TrueCandidates {
		if len(vs) != 4 || len(a.Candidates[c]) != 4 {
			t.Errorf("cell %d: true candidates %v, logic's %v", c, vs, a.Candidates[c])
		}
	}
	// Bad values.
	for _, c := range []struct{ extra, msg string }{
		{`,"values":[1,2]`, "values: want one for each of the 16 cells, not 2"},
		{valuesJSON("5000000000000000", func(int) bool { return true }), "values: 5 at r1c1 is not a value from 1 to 4"},
		{valuesJSON("0010000000000000", func(int) bool { return true }), "values: r1c3 holds 1, but the puzzle gives 4"},
	} {
		if code, out := post(t, h, "/api/hint", body(issKiller, c.extra)); code != 400 || out["error"] != c.msg {
			t.Errorf("%s: %d %v, want 400 and %q", c.extra, code, out, c.msg)
		}
	}
}

// TestVariantHintPlace plays a killer without givens by hints alone, as
// the variant page asks for them: each answer to "place" is a step that
// places a value of the solution, after the steps that only remove
// candidates (in before), so that each hint moves the game on; without
// "place", the first step from the same values is the same, and removes.
func TestVariantHintPlace(t *testing.T) {
	h := New(Config{Logger: quiet()})
	g, err := vgenerate.New(3, vgenerate.Options{Levels: []logic.Level{logic.Medium}})
	if err != nil {
		t.Fatal(err)
	}
	gp, err := g.Generate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	link, err := fpuzzles.Link(gp.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol := gp.Puzzle.Solution
	values := make([]int, len(sol))
	asked := func(place bool) (int, map[string]any) {
		v, _ := json.Marshal(values)
		return post(t, h, "/api/hint", body(link, fmt.Sprintf(`,"values":%s,"place":%v`, v, place)))
	}
	var a struct {
		Step   *vengine.Step
		Before []*vengine.Step
	}
	for hints := 0; ; hints++ {
		code, out := asked(true)
		raw, _ := json.Marshal(out)
		a.Step, a.Before = nil, nil
		if err := json.Unmarshal(raw, &a); code != http.StatusOK || err != nil {
			t.Fatalf("hint %d: %d %v %v", hints, code, err, out)
		}
		if a.Step == nil {
			if out["message"] != "The grid is full." || !slices.Equal(values, sol) {
				t.Fatalf("hint %d: no step: %v", hints, out)
			}
			t.Logf("%d hints", hints)
			break
		}
		if hints == 0 {
			// The first step from the empty grid removes candidates.
			_, first := asked(false)
			if step, _ := first["step"].(map[string]any); len(a.Before) == 0 || step == nil || step["result"] != a.Before[0].Result {
				t.Errorf("without place the first step is %v; with place, before starts with %+v", first["step"], a.Before)
			}
		}
		if len(a.Step.Placements) == 0 {
			t.Fatalf("hint %d places nothing: %+v", hints, a.Step)
		}
		for _, st := range append([]*vengine.Step{a.Step}, a.Before...) {
			if st.Reason == nil || st.Reason.English() != st.Explanation {
				t.Errorf("hint %d: the reason %+v is not the explanation %q", hints, st.Reason, st.Explanation)
			}
		}
		for _, st := range a.Before {
			if len(st.Placements) != 0 {
				t.Errorf("hint %d: a step before places %v", hints, st.Placements)
			}
			for _, e := range st.Eliminations {
				if sol[e.Cell] == e.Value {
					t.Errorf("hint %d: %s removes the solution's value", hints, st.Result)
				}
			}
		}
		for _, p := range a.Step.Placements {
			if sol[p.Cell] != p.Value || values[p.Cell] != 0 {
				t.Fatalf("hint %d places %d at %d, solution %d, board %d", hints, p.Value, p.Cell, sol[p.Cell], values[p.Cell])
			}
			values[p.Cell] = p.Value
		}
		if hints > len(sol) {
			t.Fatal("more hints than cells")
		}
	}
}
