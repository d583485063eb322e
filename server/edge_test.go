package server

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
)

// TestEdgeValues calls the exported functions with zero, nil and
// negative arguments: each must give an error or its documented result,
// never a panic (issue 27, item 10). A nil listener used to panic in
// Serve's goroutine, which no recover can catch: the process died.
func TestEdgeValues(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	get := func(cfg Config) int {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/api/solve", strings.NewReader(`{"puzzle":""}`))
		r.Host = "localhost"
		r.Header.Set("Content-Type", "application/json")
		New(cfg).ServeHTTP(w, r)
		return w.Code
	}
	ln := func() any {
		l, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		return Serve(ctx, l, nil) != nil
	}
	edgetest.Run(t, []edgetest.Case{
		{Name: "New(Config{})", Call: func() any { return get(Config{}) }, Want: http.StatusBadRequest},
		{Name: "New(negative Config)", Call: func() any {
			return get(Config{MaxBody: -1, MaxAnswer: -1, Timeout: -1, WriteTimeout: -1, MaxConcurrent: -1,
				MaxPerClient: -1, MaxSteps: -1, MaxTraceSolutions: -1, MaxCount: -1, MaxConns: -1,
				MaxConnsPerClient: -1, ShutdownTimeout: -1})
		}, Want: http.StatusBadRequest},
		{Name: "Serve(nil listener)", Call: func() any { return Serve(ctx, nil, New(Config{})) != nil }, Want: true},
		{Name: "Serve(nil handler)", Call: ln, Want: true},
	})
}
