package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
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
		{"solve: classic unreadable", "/api/solve", `{"puzzle": "12x"}`, 400, engine.CodeChar, []string{"1", "3", "'x'"}},
		{"solve: classic too short", "/api/solve", js(map[string]string{"puzzle": easyDots[:80]}), 400, engine.CodeLength, []string{"1"}},
		{"solve: classic, no reason coded", "/api/solve", js(map[string]string{"puzzle": "Grid 01"}), 400, engine.CodePuzzle, nil},
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

// TestReadErrorCodes checks the codes of the common reasons a classic
// puzzle cannot be read, which the pages say in their own language (the
// reader's reason was English on every page): a character the reader
// cannot take, with its line, column and the character as the English
// reason quotes it, and a wrong number of cells, with its line. /api/parse
// (the classic page's Import) gives them too.
func TestReadErrorCodes(t *testing.T) {
	h := New(Config{Logger: quiet()})
	row := "..3.2.6..\n"
	grid := strings.Repeat(row, 2) + "..3.x.6..\n" + strings.Repeat(row, 6)
	for _, c := range []struct {
		name, puzzle string
		code         string
		args         []string
	}{
		{"a letter", "12x", engine.CodeChar, []string{"1", "3", "'x'"}},
		{"a letter on line 3", grid, engine.CodeChar, []string{"3", "5", "'x'"}},
		{"a wide digit", strings.Repeat(".", 40) + "５" + strings.Repeat(".", 40), engine.CodeChar, []string{"1", "41", "'５'"}},
		{"79 cells", strings.Repeat(".", 79), engine.CodeLength, []string{"1"}},
		{"90 cells", strings.Repeat(".", 90), engine.CodeLength, []string{"1"}},
		{"a short row", strings.Repeat(row, 4) + "..3.2.6.\n" + strings.Repeat(row, 4), engine.CodeLength, []string{"5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]string{"puzzle": c.puzzle})
			status, out := post(t, h, "/api/solve", string(body))
			var args []string
			for _, a := range asSlice(out["args"]) {
				args = append(args, fmt.Sprint(a))
			}
			if status != http.StatusBadRequest || out["code"] != c.code || !slices.Equal(args, c.args) {
				t.Fatalf("%d %v, want 400 with code %q and args %q", status, out, c.code, c.args)
			}
			// The code says what the English reason says, where it says.
			msg, _ := out["error"].(string)
			if !strings.Contains(msg, "line "+args[0]+",") && !strings.Contains(msg, "line "+args[0]+":") || (c.code == engine.CodeChar && !strings.Contains(msg, "column "+args[1]+":")) {
				t.Errorf("args %q, but the reason is %q", args, msg)
			}
			if c.code == engine.CodeChar && !strings.Contains(msg, args[2]) {
				t.Errorf("the character %s is not the one the reason names: %q", args[2], msg)
			}
			_, parsed := post(t, h, "/api/parse", string(body))
			if parsed["ok"] != false || parsed["code"] != c.code {
				t.Errorf("/api/parse: %v, want code %q", parsed, c.code)
			}
		})
	}
}
