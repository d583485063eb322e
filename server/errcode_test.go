package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/godoku/sudoku/server/internal/engine"
)

// TestErrorCodes checks the code (and its arguments) of each kind of
// error answer a person playing can meet, which the pages say in their
// own language (i18n.js, apiError), and that every code has the pages'
// English words (err.<code>; TestI18nKeys checks the other languages).
func TestErrorCodes(t *testing.T) {
	h := New(Config{Logger: quiet()})
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	// Two 5s in row 1 of the player's grid.
	grid := []byte(easyDots)
	grid[0], grid[1] = '5', '5'
	// A puzzle of one given: more than one solution.
	one := "1................................................................................"
	// A puzzle whose first row leaves r1c9 no candidate.
	none := "12345678.........9..............................................................."
	for _, c := range []struct {
		name, path, body string
		status           int
		code             string
		args             []string
	}{
		{"variant: missing", "/api/variant", `{"puzzle": " "}`, 400, engine.CodePuzzle, []string{"missing"}},
		{"variant: bad link", "/api/variant", js(map[string]string{"puzzle": "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX"}), 400, engine.CodePuzzle, nil},
		{"variant: not a puzzle", "/api/variant", `{"puzzle": "hello world"}`, 400, engine.CodeNotPuzzle, nil},
		{"explain: a variant puzzle", "/api/explain", js(map[string]string{"puzzle": issKiller}), 400, engine.CodeVariant, nil},
		{"variant: unsupported", "/api/variant", js(map[string]string{"puzzle": ".Shape~4x4.Fog~R1C1"}), 400, engine.CodeUnsupported, []string{"Fog"}},
		{"solve: unsupported", "/api/solve", js(map[string]string{"puzzle": ".Shape~4x4.Fog~R1C1"}), 400, engine.CodeUnsupported, []string{"Fog"}},
		{"solve: classic unreadable", "/api/solve", `{"puzzle": "12x"}`, 400, engine.CodePuzzle, nil},
		{"hint: grid conflict", "/api/hint", js(map[string]string{"puzzle": easyDots, "grid": string(grid)}), 422, engine.CodeConflict, []string{"r1c1", "r1c2", "5"}},
		{"hint: no candidate", "/api/hint", js(map[string]any{"puzzle": none, "any": true}), 422, engine.CodeNoCandidate, []string{"r1c9"}},
		{"hint: many solutions", "/api/hint", js(map[string]string{"puzzle": one}), 422, engine.CodeManySolutions, nil},
		{"hint: no solution", "/api/hint", js(map[string]string{"puzzle": none}), 422, engine.CodeNoSolution, nil},
		{"variant hint: many solutions", "/api/hint", js(map[string]string{"puzzle": ".Shape~4x4"}), 422, engine.CodeManySolutions, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out := post(t, h, c.path, c.body)
			code, _ := out["code"].(string)
			var args []string
			for _, a := range asSlice(out["args"]) {
				args = append(args, fmt.Sprint(a))
			}
			if status != c.status || code != c.code {
				t.Errorf("%d %v, want %d with code %q", status, out, c.status, c.code)
			}
			if c.code == engine.CodePuzzle && len(args) != 1 {
				t.Errorf("args %q, want the reason", args)
			} else if c.args != nil && !slices.Equal(args, c.args) {
				t.Errorf("args %q, want %q", args, c.args)
			}
		})
	}

	// Stopped at the time limit, and busy.
	late := endpoint{name: "late", cost: slow, fn: func(ctx context.Context, _ *server, _ json.RawMessage) (any, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	s := newServer(Config{Logger: quiet(), Timeout: 20 * time.Millisecond}, late)
	if status, out := post(t, s.handler, "/api/late", `{}`); status != http.StatusGatewayTimeout || out["code"] != engine.CodeTimeLimit {
		t.Errorf("time limit: %d %v, want 504 with code %q", status, out, engine.CodeTimeLimit)
	}
	for _, e := range []*apiError{errBusy, errMany} {
		if e.Code != engine.CodeBusy {
			t.Errorf("%q: code %q, want %q", e.Message, e.Code, engine.CodeBusy)
		}
	}

	en := englishWords(t)
	for _, code := range engine.Codes {
		if _, ok := en["err."+code]; !ok {
			t.Errorf("i18n.js: no words for the error code %q (err.%s)", code, code)
		}
	}
}

func asSlice(v any) []any { s, _ := v.([]any); return s }
