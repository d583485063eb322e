package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

const (
	easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	// noSolution keeps the rules but cannot be completed.
	noSolution = "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
	// deadCell keeps the rules, but r8c7 sees all nine digits.
	deadCell = "003020600900305001001806400008102700700000008006708100000000500800200009000000300"
)

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// newRequest is a request as the page sends it: to localhost, and with a
// JSON body when it has one.
func newRequest(method, path string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, path, body)
	req.Host = "localhost:8080"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// post sends body to the handler and returns the status and the decoded
// JSON answer.
func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	return postFrom(t, h, "192.0.2.1", path, body)
}

// postFrom is post from a client at the address ip.
func postFrom(t *testing.T, h http.Handler, ip, path, body string) (int, map[string]any) {
	t.Helper()
	req := newRequest(http.MethodPost, path, strings.NewReader(body))
	req.RemoteAddr = net.JoinHostPort(ip, "1234")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: answer is not JSON: %v\n%s", path, body, err, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	return rec.Code, out
}

func TestAPI(t *testing.T) {
	h := New(Config{Logger: quiet(), MaxBody: 1000})
	boxed := "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n"
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	tests := []struct {
		name, path, body string
		status           int
		want             map[string]any // fields that must match
	}{
		{"parse line", "/api/parse", js(map[string]string{"puzzle": easy}), 200,
			map[string]any{"ok": true, "puzzle": strings.ReplaceAll(easy, "0", "."), "givens": 32.0}},
		{"parse boxed", "/api/parse", js(map[string]string{"puzzle": boxed}), 200, map[string]any{"ok": true, "givens": 30.0}},
		{"parse bad char", "/api/parse", js(map[string]string{"puzzle": "12x"}), 200,
			map[string]any{"ok": false, "line": 1.0, "column": 3.0}},
		{"parse bad line 2", "/api/parse", js(map[string]string{"puzzle": "53..7....\n6..19x...\n"}), 200,
			map[string]any{"ok": false, "line": 2.0, "column": 6.0, "error": "puzzle: line 2, column 6: invalid character 'x'"}},
		{"parse conflict", "/api/parse", js(map[string]string{"puzzle": "11" + strings.Repeat(".", 79)}), 200,
			map[string]any{"ok": false, "cells": []any{"r1c1", "r1c2"}}},
		{"parse empty", "/api/parse", `{}`, 200, map[string]any{"ok": false, "error": `missing "puzzle"`}},
		{"rate bad char", "/api/rate", js(map[string]string{"puzzle": "12x"}), 400,
			map[string]any{"line": 1.0, "column": 3.0}},
		{"rate conflict", "/api/rate", js(map[string]string{"puzzle": "11" + strings.Repeat(".", 79)}), 422,
			map[string]any{"cells": []any{"r1c1", "r1c2"}}},
		{"rate empty", "/api/rate", `{}`, 400, map[string]any{"error": `missing "puzzle"`}},
		{"not JSON", "/api/parse", `{"puzzle": `, 400, nil},
		{"unknown field", "/api/parse", `{"puzle": "1"}`, 400, nil},
		{"two values", "/api/parse", `{} {}`, 400, nil},
		{"too large", "/api/parse", js(map[string]string{"puzzle": strings.Repeat(".", 2000)}), 413, nil},
		{"generate", "/api/generate", `{"level": "hard"}`, 200, map[string]any{"level": "Hard"}},
		{"generate default", "/api/generate", ``, 200, map[string]any{"level": "Easy"}},
		{"generate bad level", "/api/generate", `{"level": "trivial"}`, 400, nil},
		{"unknown endpoint", "/api/nope", `{}`, 404, nil},
		{"info", "/api/info", `{}`, 200, map[string]any{"maxBody": 1000.0, "maxAnswer": 1048576.0, "timeoutMs": 10000.0}},
		{"hint", "/api/hint", js(map[string]string{"puzzle": easy}), 200, map[string]any{"usedNotes": false}},
		{"hint from a grid", "/api/hint", js(map[string]any{"puzzle": easy, "grid": "4" + easy[1:]}), 200, nil},
		{"hint grid changes a given", "/api/hint", js(map[string]any{"puzzle": easy, "grid": "..4" + easy[3:]}), 400,
			map[string]any{"cells": []any{"r1c3"}}},
		{"hint grid conflict", "/api/hint", js(map[string]any{"puzzle": easy, "grid": "3" + easy[1:]}), 422,
			map[string]any{"cells": []any{"r1c1", "r1c3"}}},
		{"hint bad notes", "/api/hint", js(map[string]any{"puzzle": easy, "notes": []int{1, 2}}), 400, nil},
		{"hint full grid", "/api/hint", js(map[string]any{"puzzle": easy, "grid": easySol}), 200,
			map[string]any{"step": nil, "message": "The grid is full."}},
		{"hint no solution", "/api/hint", js(map[string]any{"puzzle": noSolution}), 422, nil},
		{"hint several solutions", "/api/hint", js(map[string]any{"puzzle": strings.Repeat(".", 81)}), 422, nil},
		{"hint unique", "/api/hint", js(map[string]any{"puzzle": easy}), 200, map[string]any{"status": "unique", "notUnique": nil}},
		{"hint several solutions, any", "/api/hint", js(map[string]any{"puzzle": "12" + strings.Repeat(".", 79), "any": true}), 200,
			map[string]any{"status": "multiple", "notUnique": true}},
		{"hint no solution, any", "/api/hint", js(map[string]any{"puzzle": "5" + easy[1:], "any": true}), 200,
			map[string]any{"status": "none", "notUnique": true}},
		{"hint dead cell, any", "/api/hint", js(map[string]any{"puzzle": deadCell, "any": true}), 422,
			map[string]any{"cells": []any{"r8c7"}, "error": "no hint: the position has no solution: r8c7 has no candidate left"}},
		{"hint dead cell from an entry, any", "/api/hint", js(map[string]any{"puzzle": "5" + easy[1:], "grid": "5" + easy[1:5] + "4" + easy[6:], "any": true}), 422,
			map[string]any{"cells": []any{"r5c6"}, "error": "no hint: the position has no solution: r5c6 has no candidate left"}},
		{"hint dead cell from a wrong entry", "/api/hint", js(map[string]any{"puzzle": easy, "grid": easy[:5] + "4" + easy[6:]}), 200,
			map[string]any{"step": nil, "wrong": []any{"r1c6"}}},
		{"hint wrong entry", "/api/hint", js(map[string]any{"puzzle": easy, "grid": "5" + easy[1:]}), 200,
			map[string]any{"step": nil, "wrong": []any{"r1c1"}}},
		{"solve", "/api/solve", js(map[string]string{"puzzle": easy}), 200, map[string]any{"status": "unique", "solution": easySol}},
		{"solve several", "/api/solve", js(map[string]string{"puzzle": strings.Repeat(".", 81)}), 200, map[string]any{"status": "multiple"}},
		{"solve none", "/api/solve", js(map[string]string{"puzzle": noSolution}), 200, map[string]any{"status": "none", "solution": nil}},
		{"solve bad char", "/api/solve", js(map[string]string{"puzzle": "12x"}), 400, map[string]any{"line": 1.0, "column": 3.0}},
		{"solve conflict", "/api/solve", js(map[string]string{"puzzle": "11" + strings.Repeat(".", 79)}), 422, map[string]any{"cells": []any{"r1c1", "r1c2"}}},
		{"count", "/api/count", js(map[string]any{"puzzle": easy}), 200, map[string]any{"count": 1.0, "limit": 2.0}},
		{"count open grid", "/api/count", js(map[string]any{"puzzle": strings.Repeat(".", 81), "limit": 50}), 200, map[string]any{"count": 50.0}},
		{"count bad limit", "/api/count", js(map[string]any{"puzzle": easy, "limit": -1}), 400, nil},
		{"trace", "/api/trace", js(map[string]string{"puzzle": easy}), 200,
			map[string]any{"version": 2.0, "outcome": "solved", "solutions": []any{easySol}}},
		{"trace cut", "/api/trace", js(map[string]any{"puzzle": easy, "maxSteps": 10}), 200, map[string]any{"outcome": "stopped"}},
		{"trace bad limit", "/api/trace", js(map[string]any{"puzzle": easy, "limit": 11}), 400, nil},
		{"trace bad maxSteps", "/api/trace", js(map[string]any{"puzzle": easy, "maxSteps": -1}), 400, nil},
		{"trace old max_steps", "/api/trace", js(map[string]any{"puzzle": easy, "max_steps": 10}), 400,
			map[string]any{"error": `unknown field "max_steps" (did you mean "maxSteps"?)`}},
		{"trace conflict", "/api/trace", js(map[string]string{"puzzle": "11" + strings.Repeat(".", 79)}), 422, map[string]any{"cells": []any{"r1c1", "r1c2"}}},
		{"rate", "/api/rate", js(map[string]string{"puzzle": easy}), 200, map[string]any{"level": "Easy", "hardest": "Naked Single"}},
		{"rate singles", "/api/rate", js(map[string]any{"puzzle": easy, "techniques": []string{"singles"}}), 200,
			map[string]any{"level": "Easy", "hardest": "Naked Single"}},
		{"rate without singles", "/api/rate", js(map[string]any{"puzzle": easy, "techniques": []string{"x-wing"}}), 200,
			map[string]any{"level": "Extreme", "hardest": "Brute Force", "bruteForce": true}},
		{"rate bad technique", "/api/rate", js(map[string]any{"puzzle": easy, "techniques": []string{"nope"}}), 400, nil},
		{"explain bad technique", "/api/explain", js(map[string]any{"puzzle": easy, "techniques": []string{"-nope"}}), 400, nil},
		{"hint bad technique", "/api/hint", js(map[string]any{"puzzle": easy, "techniques": []string{"nope"}}), 400, nil},
		{"rate solved grid", "/api/rate", js(map[string]string{"puzzle": easySol}), 200,
			map[string]any{"level": "Easy", "score": 0, "hardest": "none", "steps": 0, "bruteForce": false, "er": 0, "ep": 0, "ed": 0, "seHardest": ""}},
		{"rate several solutions", "/api/rate", js(map[string]string{"puzzle": strings.Repeat(".", 81)}), 422, nil},
		{"explain bad puzzle", "/api/explain", js(map[string]string{"puzzle": "1"}), 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out := post(t, h, tt.path, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %v", status, tt.status, out)
			}
			if status >= 400 && out["error"] == "" {
				t.Errorf("no error message: %v", out)
			}
			for k, v := range tt.want {
				if got, _ := json.Marshal(out[k]); string(got) != js(v) {
					t.Errorf("%s = %s, want %s", k, got, js(v))
				}
			}
		})
	}
}

// TestGenerate asks for a puzzle of each level and checks that it has one
// solution and, when the generator made it, that it rates at that level.
func TestGenerate(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, level := range Levels {
		status, out := post(t, h, "/api/generate", `{"level": "`+strings.ToLower(level)+`"}`)
		if status != 200 || out["level"] != level {
			t.Errorf("%s: %d %v", level, status, out)
			continue
		}
		g, err := sudoku.Parse(out["puzzle"].(string))
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if n, _ := solver.Count(context.Background(), &g, 2); n != 1 {
			t.Errorf("%s puzzle %s has %d solutions", level, g.String(), n)
		}
		if out["source"] == "generator" {
			if r, err := logic.Rate(context.Background(), g); err != nil || r.Level.String() != level {
				t.Errorf("%s puzzle %s rates %v, %v", level, g.String(), r.Level, err)
			}
			if seed, _ := out["seed"].(string); seed == "" {
				t.Errorf("%s: no seed in %v", level, out)
			}
		}
	}
}

// TestDaily asks two servers for the daily puzzles of a few days: each is
// the same from both, differs from day to day and level to level, has one
// solution and rates at its level. A date that is not one gets 400.
func TestDaily(t *testing.T) {
	a, b := New(Config{Logger: quiet()}), New(Config{Logger: quiet()})
	seen := map[string]string{}
	for _, date := range []string{"2026-11-28", "2026-11-29", "2027-01-01"} {
		for _, level := range Levels {
			body := `{"level": "` + level + `", "date": "` + date + `"}`
			status, out := post(t, a, "/api/generate", body)
			_, again := post(t, b, "/api/generate", body)
			if status != 200 || out["date"] != date || out["level"] != level || out["source"] != "generator" {
				t.Fatalf("%s: %d %v", body, status, out)
			}
			p, _ := out["puzzle"].(string)
			if again["puzzle"] != p {
				t.Errorf("%s: %s from one server, %v from another", body, p, again["puzzle"])
			}
			if other, ok := seen[p]; ok {
				t.Errorf("%s: the puzzle of %s again", body, other)
			}
			seen[p] = date + " " + level
			g, err := sudoku.Parse(p)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := solver.Count(context.Background(), &g, 2); n != 1 {
				t.Errorf("%s: %d solutions", body, n)
			}
			if r, err := logic.Rate(context.Background(), g); err != nil || r.Level.String() != level {
				t.Errorf("%s rates %v, %v", body, r.Level, err)
			}
		}
	}
	for _, bad := range []string{"2026-13-01", "28.11.2026", "1999-12-31", "2026-11-28T00:00", "yesterday"} {
		if status, out := post(t, a, "/api/generate", `{"level": "easy", "date": "`+bad+`"}`); status != 400 {
			t.Errorf("date %q: %d %v, want 400", bad, status, out)
		}
	}
}

func TestExplain(t *testing.T) {
	h := New(Config{Logger: quiet()})
	status, out := post(t, h, "/api/explain", `{"puzzle": "`+easy+`"}`)
	if status != 200 {
		t.Fatalf("status %d: %v", status, out)
	}
	steps, _ := out["steps"].([]any)
	if len(steps) != 49 {
		t.Fatalf("%d steps, want one per empty cell (49)", len(steps))
	}
	first := steps[0].(map[string]any)
	for _, k := range []string{"technique", "pattern", "placements", "explanation", "text"} {
		if first[k] == nil {
			t.Errorf("step lacks %q: %v", k, first)
		}
	}
}

// TestExplainMarks explains a pencil-mark puzzle from its marks, as the
// page's replay from the player's marks asks: a cell the marks leave one
// candidate counts as placed (the path of easy, all singles, then takes
// no step in that cell) and the path ends at the solution; marks that leave out the solution get 422, and rate takes no
// pencil marks.
func TestExplainMarks(t *testing.T) {
	h := New(Config{Logger: quiet()})
	g, _ := sudoku.Parse(easy)
	c, err := logic.FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	sol := easySolution(t)
	line := func(m sudoku.Marks) string {
		var b strings.Builder
		for _, ds := range m {
			for d := 1; d <= 9; d++ {
				if ds.Has(d) {
					b.WriteByte(byte('0' + d))
				} else {
					b.WriteByte('.')
				}
			}
		}
		return b.String()
	}
	m := c.Marks()
	last := strings.LastIndexByte(g.String(), '.') // an empty cell
	m[last] = 1 << (sol[last] - '0')
	status, out := post(t, h, "/api/explain", `{"puzzle": "`+line(m)+`"}`)
	if status != 200 {
		t.Fatalf("explain from marks: %d %v", status, out)
	}
	// The path places the cells with more than one mark.
	values, open := []byte(g.String()), 0
	for i, ds := range m {
		switch {
		case ds.Count() == 1:
			values[i] = sol[i]
		case g[i] == 0:
			open++
		}
	}
	steps := out["steps"].([]any)
	if len(steps) != open {
		t.Errorf("%d steps from the marks, want %d, one for each cell with more than one mark", len(steps), open)
	}
	for _, s := range steps {
		for _, p := range asCandidates(s.(map[string]any)["placements"]) {
			if p.Cell == last {
				t.Errorf("step %v places r%dc%d, which the marks gave", s.(map[string]any)["text"], last/9+1, last%9+1)
			}
			values[p.Cell] = byte('0' + p.Digit)
		}
	}
	if string(values) != sol {
		t.Errorf("the path from the marks ends at\n%s, want\n%s", values, sol)
	}

	m[0] &^= 1 << (sol[0] - '0') // r1c1 is empty in easy: its marks leave out the solution's digit
	if status, out := post(t, h, "/api/explain", `{"puzzle": "`+line(m)+`"}`); status != 422 {
		t.Errorf("explain from marks without the solution: %d %v, want 422", status, out)
	}
	if status, out := post(t, h, "/api/explain", `{"puzzle": "`+line(m)[:700]+`"}`); status != 400 || out["column"] != 701.0 {
		t.Errorf("explain from 700 marks: %d %v, want 400 at column 701", status, out)
	}
	// Rated from its marks as sudoku rate does (issue 27, item 8):
	// HoDoKu's rating alone.
	if status, out := post(t, h, "/api/rate", `{"puzzle": "`+line(c.Marks())+`"}`); status != 200 || out["level"] == nil || out["er"] != nil {
		t.Errorf("rate from marks: %d %v, want 200 with a level and no er", status, out)
	}
}

// asCandidates reads a step's list of candidates, as {"cell": "r1c1",
// "digit": 5}.
func asCandidates(v any) []sudoku.Candidate {
	var out []sudoku.Candidate
	list, _ := v.([]any)
	for _, x := range list {
		x := x.(map[string]any)
		name, _ := x["cell"].(string)
		var r, c int
		fmt.Sscanf(name, "r%dc%d", &r, &c)
		out = append(out, sudoku.Candidate{Cell: (r-1)*9 + c - 1, Digit: int(x["digit"].(float64))})
	}
	return out
}

// easySolution is the solution of easy.
func easySolution(t *testing.T) string {
	t.Helper()
	g, _ := sudoku.Parse(easy)
	sol, ok := solver.Solve(&g)
	if !ok {
		t.Fatal("easy has no solution")
	}
	return sol.String()
}

// TestHintNotes checks that the player's notes are used when complete, so
// a hint follows on from the eliminations they have made. Notes are
// arrays of digits; the bit masks of earlier versions are still read.
func TestHintNotes(t *testing.T) {
	h := New(Config{Logger: quiet()})
	g, _ := sudoku.Parse(easy)
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	digits, masks := make([][]int, 81), make([]int, 81)
	for i := range 81 {
		digits[i] = []int{}
		if g[i] == 0 {
			digits[i], masks[i] = all, 0x3fe
		}
	}
	hint := func(notes any) (int, map[string]any) {
		body, _ := json.Marshal(map[string]any{"puzzle": easy, "notes": notes})
		return post(t, h, "/api/hint", string(body))
	}
	for _, notes := range []any{digits, masks} {
		if status, out := hint(notes); status != 200 || out["usedNotes"] != true || out["step"] == nil {
			t.Errorf("hint with full notes %.40v: %d %v", notes, status, out)
		}
	}
	digits[0], masks[0] = []int{}, 0 // one empty cell without notes: notes are ignored
	for _, notes := range []any{digits, masks} {
		if status, out := hint(notes); status != 200 || out["usedNotes"] != false {
			t.Errorf("hint with incomplete notes: %d %v", status, out)
		}
	}
	for _, bad := range []string{`[[0]]`, `[[10]]`, `[1024]`, `[-2]`, `["12"]`, `[[1,2]]`} {
		if status, out := post(t, h, "/api/hint", `{"puzzle":"`+easy+`","notes":`+bad+`}`); status != 400 {
			t.Errorf("notes %s: %d %v, want 400", bad, status, out)
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, tt := range []struct{ method, path, allow string }{
		{http.MethodGet, "/api/parse", "POST"},
		{http.MethodPut, "/api/generate", "POST"},
		{http.MethodPost, "/", "GET, HEAD"},
		{http.MethodDelete, "/index.html", "GET, HEAD"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newRequest(tt.method, tt.path, nil))
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != tt.allow {
			t.Errorf("%s %s: %d Allow %q, want 405 Allow %q", tt.method, tt.path, rec.Code, rec.Header().Get("Allow"), tt.allow)
		}
	}
}

func TestStatic(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, tt := range []struct{ path, ctype, contains string }{
		{"/", "text/html", `<div id="board"`},
		{"/style.css", "text/css", ".board"},
		{"/js/app.js", "javascript", "import"},
		{"/js/sudoku.js", "javascript", "export"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
		{"/manifest.webmanifest", "application/manifest+json", `"start_url"`},
		{"/sw.js", "javascript", `"/js/app.js"`},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newRequest(http.MethodGet, tt.path, nil))
		body := rec.Body.String()
		if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Type"), tt.ctype) || !strings.Contains(body, tt.contains) {
			t.Errorf("GET %s: %d %q, want 200 %s with %q", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.ctype, tt.contains)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q", tt.path, csp)
		}
		// Everything is embedded: nothing may point off the server.
		if strings.Contains(body, "http://") || strings.Contains(body, "https://") {
			if !strings.Contains(body, "http://www.w3.org/2000/svg") {
				t.Errorf("GET %s refers to an external URL", tt.path)
			}
		}
	}
}

// TestServiceWorker checks what the server writes into the service
// worker: the paths of every other file, which all serve, and a version
// that changes with any file's content.
func TestServiceWorker(t *testing.T) {
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		t.Fatal(err)
	}
	a, err := loadAssets(static)
	if err != nil {
		t.Fatal(err)
	}
	sw := string(a[serviceWorker].plain)
	version := regexp.MustCompile(`const VERSION = "([\w-]{16})";`).FindStringSubmatch(sw)
	files := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	optional := regexp.MustCompile(`const OPTIONAL = (\{.*\});`).FindStringSubmatch(sw)
	if version == nil || files == nil || optional == nil {
		t.Fatalf("sw.js has no VERSION, FILES or OPTIONAL written in:\n%.600s", sw)
	}
	// FILES, kept at once, and OPTIONAL, each page's offline engine kept
	// once the page asks, are every other file between them.
	var list []string
	var opt map[string][]string
	if err := json.Unmarshal([]byte(files[1]), &list); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(optional[1]), &opt); err != nil {
		t.Fatal(err)
	}
	if want := map[string][]string{"engine": {"/engine/engine.wasm"}, "variant": {"/engine/variant.wasm"}}; !maps.EqualFunc(opt, want, slices.Equal) {
		t.Errorf("sw.js keeps %q only once a page asks, want %q: each page's engine", opt, want)
	}
	kept := slices.Clone(list)
	for _, ps := range opt {
		kept = append(kept, ps...)
	}
	if len(kept) != len(a)-1 {
		t.Errorf("sw.js keeps %d files, want all %d others", len(kept), len(a)-1)
	}
	twice := map[string]bool{}
	for _, p := range kept {
		if a[p] == nil || p == serviceWorker || twice[p] {
			t.Errorf("sw.js keeps %q, which is not another file, or in two lists", p)
		}
		twice[p] = true
	}
	for _, want := range []string{"/", "/index.html", "/js/app.js", "/js/qr.js", "/js/offline.js", "/i18n/zh.json", "/manifest.webmanifest", "/engine/worker.js", "/engine/wasm_exec.js",
		"/variant.html", "/js/variant/app.js", "/js/engine.js"} {
		if !slices.Contains(list, want) {
			t.Errorf("sw.js does not keep %s", want)
		}
	}
	// Another file's content, another version.
	changed := fstest.MapFS{}
	fs.WalkDir(static, ".", func(p string, e fs.DirEntry, err error) error { //nolint:errcheck // an embedded FS walks
		if err == nil && !e.IsDir() {
			b, _ := fs.ReadFile(static, p)
			if p == "style.css" {
				b = append(b, "\n"...)
			}
			changed[p] = &fstest.MapFile{Data: b}
		}
		return nil
	})
	b, err := loadAssets(changed)
	if err != nil {
		t.Fatal(err)
	}
	if string(b[serviceWorker].plain) == sw || !strings.Contains(string(b[serviceWorker].plain), files[1]) {
		t.Error("a change to style.css leaves sw.js's version as it was, or changes its list")
	}
}

// blocking returns an endpoint that holds its solver slot until release
// is closed (or sent on) or its time runs out, telling started (if not
// nil) when it begins.
func blocking(release <-chan struct{}, started chan<- struct{}) endpoint {
	return endpoint{name: "block", cost: slow, fn: func(ctx context.Context, _ *server, _ json.RawMessage) (any, error) {
		if started != nil {
			started <- struct{}{}
		}
		select {
		case <-release:
			return map[string]bool{"ok": true}, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}}
}

// TestLimits uses an endpoint that holds its solver slot until released,
// to see the time limit and the bound on concurrent requests.
func TestLimits(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 16)
	block := blocking(release, started)
	s := newServer(Config{Logger: quiet(), MaxConcurrent: 1, Timeout: 50 * time.Millisecond}, block)

	// Alone, the request runs into the time limit.
	if status, out := post(t, s.handler, "/api/block", `{}`); status != http.StatusGatewayTimeout || !strings.Contains(out["error"].(string), "time limit") {
		t.Fatalf("timed out request: %d %v, want 504", status, out)
	}
	<-started

	// With the one slot taken and the queue (8) full, a request gets 503
	// at once, with a Retry-After. The requests come from nine clients,
	// as one may not have more than four waiting or running.
	s.cfg.Timeout = 5 * time.Second
	done := make(chan int, 9)
	for i := range 9 {
		go func() {
			status, _ := postFrom(t, s.handler, fmt.Sprintf("192.0.2.%d", 10+i), "/api/block", `{}`)
			done <- status
		}()
	}
	<-started
	waitQueue(t, s.slow, 8)
	req := newRequest(http.MethodPost, "/api/block", strings.NewReader("{}"))
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("request beyond the queue: %d, Retry-After %q, want 503", rec.Code, rec.Header().Get("Retry-After"))
	}
	close(release)
	for range 9 {
		if st := <-done; st != 200 {
			t.Errorf("queued request: %d, want 200", st)
		}
	}
}

// TestSolverTimeout checks that the time limit reaches the solver: counting
// the solutions of an empty grid never ends by itself.
func TestSolverTimeout(t *testing.T) {
	h := New(Config{Logger: quiet(), Timeout: 30 * time.Millisecond})
	start := time.Now()
	status, out := post(t, h, "/api/count", `{"puzzle": "`+strings.Repeat(".", 81)+`", "limit": 1000000}`)
	if status != http.StatusGatewayTimeout {
		t.Fatalf("status %d %v, want 504", status, out)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the solver stopped after %v, want about 30ms", d)
	}
}

func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, New(Config{Logger: quiet()})) }()
	res, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

// TestNewSharesFiles checks that servers share the embedded files: each New
// copied them (embed.FS.ReadFile copies), about 7 MB a server with the
// offline engine, which a process that makes servers (the tests) kept.
func TestNewSharesFiles(t *testing.T) {
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	New(Config{}) // the first loads the files
	const n = 5
	before := heap()
	servers := make([]http.Handler, n)
	for i := range servers {
		servers[i] = New(Config{})
	}
	grown := int64(heap()) - int64(before)
	runtime.KeepAlive(servers)
	// Far below one copy of the files (the engine alone is 5.6 MB).
	if limit := int64(n) << 20; grown > limit {
		t.Errorf("%d servers took %d bytes more of heap, want under %d", n, grown, limit)
	}
}

// TestModulePreloads checks that index.html preloads every module the page
// imports at load (the static imports reached from js/app.js): a module
// left out is fetched only after the module importing it has arrived, one
// round trip more each time. js/draw.js was left out, and Lighthouse's
// largest paint came 0.6 s later.
func TestModulePreloads(t *testing.T) {
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		t.Fatal(err)
	}
	page, err := fs.ReadFile(static, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	preloaded := map[string]bool{}
	for _, m := range regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)">`).FindAllStringSubmatch(string(page), -1) {
		preloaded[m[1]] = true
	}
	imports := regexp.MustCompile(`(?m)^import [^;]*?from "\./([^"]+)";`)
	seen := map[string]bool{}
	queue := []string{"js/app.js"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		src, err := fs.ReadFile(static, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range imports.FindAllStringSubmatch(string(src), -1) {
			dep := path.Join(path.Dir(p), m[1])
			if !preloaded[dep] {
				t.Errorf("%s imports %s, which index.html does not preload", p, dep)
			}
			queue = append(queue, dep)
		}
	}
	if len(seen) < 10 {
		t.Errorf("found %d modules from js/app.js, want the whole page's", len(seen))
	}
}
