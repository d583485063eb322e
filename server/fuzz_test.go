package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/server/internal/engine"
)

// documented are the statuses docs/web.md lists for API answers.
var documented = map[int]bool{200: true, 400: true, 404: true, 405: true, 408: true, 413: true, 415: true,
	422: true, 429: true, 503: true, 504: true}

// FuzzAPI posts arbitrary bodies to every endpoint: whatever comes in, the
// server must answer with a status it documents, never panic or fail with
// a 500, and the answer is JSON within the answer limit, with the security
// headers. The second server has the smallest answer limit, so that long
// traces are cut.
func FuzzAPI(f *testing.F) {
	for _, seed := range []string{
		`{"puzzle":"003020600900305001001806400008102900700000008006708200002609500800203009005010300"}`,
		`{"puzzle":"55......................................................................................"}`,
		`{"puzzle":".................................................................................","limit":3}`,
		`{"puzzle":".....6....59.....82....8....45........3........6..3.54...325..6..................","limit":10,"maxSteps":10000}`,
		`{"level":"hard","symmetry":"rot180"}`,
		`{"puzzle":"x"}`,
		`{}`,
		`[1,2,3]`,
		``,
		`{"puzzle": 5}`,
		`{"puzzle":".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4","limit":3}`,
		`{"puzzle":"1..............."}`,
		`{"Puzzle":"1"}`,
		`{"puzzle":"1","puzzle":"2"}`,
		`{"puzzle":"1"} {}`,
		`{"puzzle":"1"`,
		`{"puzzle":"003020600900305001001806400008102900700000008006708200002609500800203009005010300","notes":[1,2]}`,
	} {
		f.Add(seed)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	servers := []struct {
		h   http.Handler
		max int
	}{
		{New(Config{Timeout: 2 * time.Second, Logger: quiet}), DefaultMaxAnswer},
		{New(Config{Timeout: 2 * time.Second, Logger: quiet, MaxAnswer: MinMaxAnswer}), MinMaxAnswer},
	}
	endpoints := []string{"info", "generate", "parse", "solve", "count", "trace", "hint", "explain", "rate"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, s := range servers {
			for _, e := range endpoints {
				req := newRequest(http.MethodPost, "/api/"+e, strings.NewReader(body))
				rec := httptest.NewRecorder()
				s.h.ServeHTTP(rec, req)
				if !documented[rec.Code] {
					t.Fatalf("POST /api/%s %q: status %d: %s", e, body, rec.Code, rec.Body)
				}
				if !json.Valid(rec.Body.Bytes()) || rec.Header().Get("Content-Type") != "application/json" {
					t.Fatalf("POST /api/%s %q: the answer is not JSON: %.200s", e, body, rec.Body)
				}
				if rec.Body.Len() > s.max {
					t.Fatalf("POST /api/%s %q: %d bytes, limit %d", e, body, rec.Body.Len(), s.max)
				}
				if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
					t.Fatalf("POST /api/%s %q: no security headers", e, body)
				}
			}
		}
	})
}

// FuzzDecode checks the strict decoder: it never panics, and what it
// takes is one JSON object whose keys are exactly the fields', each once.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"puzzle":"1","limit":2}`, `{"Puzzle":"1"}`, `{"puzzle":"1","puzzle":"1"}`, `{"puzzle":"1"}x`,
		`{"puzzle":"\u0070"}`, `{"p\u0075zzle":"1"}`, `{"limit":1e2}`, `{"limit":null}`, ` {} `, `{}{}`, `[]`,
		`{"puzzle":"1",}`, `{"puzzle":{"puzzle":1}}`, `{"max_steps":1}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var req traceRequest
		if err := decode([]byte(body), &req); err != nil {
			return
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(body), &keys); err != nil {
			t.Fatalf("%q was taken but is not a JSON object: %v", body, err)
		}
		names := engine.FieldNames(reflect.TypeFor[traceRequest]())
		n := 0
		d := json.NewDecoder(strings.NewReader(body))
		d.Token()
		for d.More() {
			tok, _ := d.Token()
			if !names[tok.(string)] {
				t.Fatalf("%q was taken with the key %q", body, tok)
			}
			var skip json.RawMessage
			d.Decode(&skip)
			n++
		}
		if n != len(keys) {
			t.Fatalf("%q was taken with a repeated key", body)
		}
	})
}
