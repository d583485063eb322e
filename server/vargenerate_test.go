package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	vformat "github.com/godoku/sudoku/variant/format"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// TestGenerateKiller asks /api/variant/generate for killers: a link that
// reads back as a killer with one solution, which it carries and which
// keeps every rule, at the level asked for, the same from the same seed;
// bad requests get 400 with the reason.
func TestGenerateKiller(t *testing.T) {
	h := New(Config{Logger: quiet()})
	body := `{"variant":"killer","level":"hard","givens":4,"seed":"5"}`
	code, out := post(t, h, "/api/variant/generate", body)
	if code != http.StatusOK {
		t.Fatalf("status %d: %v", code, out)
	}
	link, _ := out["puzzle"].(string)
	p, kind, err := vformat.Parse(link)
	if err != nil || kind != vformat.FPuzzles {
		t.Fatalf("puzzle %q: %v (%s)", link, err, kind)
	}
	if n, err := variant.Count(context.Background(), p, 2); n != 1 || err != nil {
		t.Errorf("%d solutions (%v)", n, err)
	}
	if err := check.Solution(p, p.Solution); err != nil {
		t.Errorf("its solution: %v", err)
	}
	r, err := vlogic.Rate(p)
	rating, _ := out["rating"].(map[string]any)
	if err != nil || r.Level.String() != "Hard" || out["level"] != "Hard" || rating["level"] != "Hard" || rating["score"] != float64(r.Score) {
		t.Errorf("rated %+v (%v), answer %v", r, err, out)
	}
	if out["seed"] != "5" || out["size"] != float64(9) {
		t.Errorf("answer %v", out)
	}
	if _, again := post(t, h, "/api/variant/generate", body); again["puzzle"] != link {
		t.Error("seed 5 gave another puzzle the second time")
	}
	for _, c := range []struct{ body, say string }{
		{`{"variant":"thermo"}`, `want killer`},
		{`{"level":"tricky"}`, `unknown level "tricky"`},
		{`{"givens":40}`, `40 givens: want 0 to 20`},
		{`{"colour":"red"}`, `colour`},
	} {
		code, out := post(t, h, "/api/variant/generate", c.body)
		if msg, _ := out["error"].(string); code != http.StatusBadRequest || !strings.Contains(msg, c.say) {
			t.Errorf("%s: status %d, %v; want 400 and %q", c.body, code, out, c.say)
		}
	}
}
