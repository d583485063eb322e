package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzAPI posts arbitrary bodies to every endpoint: whatever comes in, the
// server must answer with a status it documents, never panic or fail with
// a 500.
func FuzzAPI(f *testing.F) {
	for _, seed := range []string{
		`{"puzzle":"003020600900305001001806400008102900700000008006708200002609500800203009005010300"}`,
		`{"puzzle":"55......................................................................................"}`,
		`{"puzzle":".................................................................................","limit":3}`,
		`{"level":"hard","symmetry":"rot180"}`,
		`{"puzzle":"x"}`,
		`{}`,
		`[1,2,3]`,
		``,
		`{"puzzle": 5}`,
	} {
		f.Add(seed)
	}
	h := New(Config{Timeout: 2 * time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	endpoints := []string{"info", "generate", "parse", "solve", "count", "trace", "hint", "explain", "rate"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, e := range endpoints {
			req := newRequest(http.MethodPost, "/api/"+e, strings.NewReader(body))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable && rec.Code != http.StatusGatewayTimeout {
				t.Fatalf("POST /api/%s %q: status %d: %s", e, body, rec.Code, rec.Body)
			}
		}
	})
}
