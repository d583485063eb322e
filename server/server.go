// Package server is the web app behind "sudoku serve": a Sudoku game page
// and the JSON API it uses, both served from one binary. The page, its
// scripts and styles and a set of rated puzzles are embedded with go:embed,
// so the server needs no files, no build step and no network.
//
// Every API request is a POST with a JSON body and gets a JSON answer. The
// body size, the time spent on one request and the number of requests that
// run the solver at once are all bounded; see Config. docs/web.md describes
// the endpoints.
package server

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"
)

//go:embed static
var staticFS embed.FS

// Config sets the limits of a server. The zero value uses the defaults.
type Config struct {
	// MaxBody is the largest request body accepted, in bytes; larger ones
	// get 413. Default 64 KiB, room for a puzzle with pencil marks.
	MaxBody int64
	// Timeout bounds the work done for one request, waiting for a free
	// solver included; the solver sees it as a context deadline. Default 10s.
	Timeout time.Duration
	// MaxConcurrent is how many requests may run the solver at once.
	// Default: the number of CPUs. Up to eight times as many more wait for
	// a turn; beyond that requests get 503 at once.
	MaxConcurrent int
	// AllowHosts lists more host names (or addresses) the server answers
	// to, besides localhost, the loopback addresses and the address a
	// connection comes in on; other Host headers get 421. "*" allows any.
	AllowHosts []string
	// Logger gets one line per API request. Nil means slog.Default().
	Logger *slog.Logger
}

// Defaults for the zero Config.
const (
	DefaultMaxBody = 64 << 10
	DefaultTimeout = 10 * time.Second
)

func (c Config) withDefaults() Config {
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = runtime.NumCPU()
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

type server struct {
	cfg     Config
	mux     *http.ServeMux
	handler http.Handler // mux behind the guard
	// running holds a token per request using a solver; waiting bounds
	// the queue in front of it so a flood gets 503 instead of piling up.
	running, waiting chan struct{}
	puzzles          *puzzleSet
	hosts            map[string]bool // AllowHosts, lower case
	anyHost          bool
}

// New returns the handler of the web app: the page at / and the JSON API
// under /api/.
func New(cfg Config) http.Handler {
	return newServer(cfg).handler
}

// newServer builds the server with its endpoints and any extra ones, which
// tests use to see the limits at work.
func newServer(cfg Config, extra ...endpoint) *server {
	cfg = cfg.withDefaults()
	s := &server{
		cfg:     cfg,
		mux:     http.NewServeMux(),
		running: make(chan struct{}, cfg.MaxConcurrent),
		waiting: make(chan struct{}, 8*cfg.MaxConcurrent),
		puzzles: loadPuzzles(),
		hosts:   map[string]bool{},
	}
	for _, h := range cfg.AllowHosts {
		h = strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
		s.hosts[h] = true
		s.anyHost = s.anyHost || h == "*"
	}
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files, err := loadAssets(static)
	if err != nil {
		panic(err)
	}
	s.mux.Handle("/", files)
	for _, e := range append(s.endpoints(), extra...) {
		s.mux.Handle("/api/"+e.name, s.api(e))
	}
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{Status: http.StatusNotFound, Message: "no such endpoint: " + r.URL.Path})
	})
	s.handler = s.guard(s.mux)
	return s
}

// An endpoint is one API call. fn gets the raw request body and returns
// the value to send as JSON, or an error.
type endpoint struct {
	name   string
	solver bool // takes a solver slot
	fn     func(ctx context.Context, s *server, body json.RawMessage) (any, error)
}

// apiError is an error with an HTTP status, sent as
// {"error": ..., "line": ..., "column": ...}.
type apiError struct {
	Status  int    `json:"-"`
	Message string `json:"error"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Cells names cells the error is about, such as two clashing givens.
	Cells []int `json:"cells,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

func badRequest(format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Message: fmt.Sprintf(format, args...)}
}

func (s *server) api(e endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		status, err := s.serveAPI(w, r, e)
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelWarn
		}
		attrs := []any{"method", r.Method, "path", r.URL.Path, "status", status, "duration", time.Since(start).Round(time.Microsecond)}
		if err != nil {
			attrs = append(attrs, "error", err.Error())
		}
		s.cfg.Logger.Log(r.Context(), level, "api", attrs...)
	})
}

func (s *server) serveAPI(w http.ResponseWriter, r *http.Request, e endpoint) (int, error) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Message: "use POST with a JSON body"})
	}
	// Only JSON: a form or text/plain POST is what a page on another site
	// may send without asking the browser first.
	if !isJSON(r.Header.Get("Content-Type")) {
		return writeError(w, &apiError{Status: http.StatusUnsupportedMediaType, Message: "the body must be JSON, sent with Content-Type: application/json"})
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return writeError(w, &apiError{Status: http.StatusRequestEntityTooLarge,
				Message: fmt.Sprintf("request body is larger than %d bytes", tooBig.Limit)})
		}
		return writeError(w, badRequest("reading the request: %v", err))
	}
	if len(body) == 0 {
		body = []byte("{}")
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	if e.solver {
		release, err := s.acquire(ctx)
		if err != nil {
			return writeError(w, err)
		}
		defer release()
	}
	v, err := e.fn(ctx, s, body)
	if err != nil {
		return writeError(w, s.classify(ctx, err))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the page never puts answers in HTML; "=>" reads better than "=\u003e"
	return http.StatusOK, enc.Encode(v)
}

// acquire waits for a solver slot, or fails at once when the queue is full
// and with 503 when the time limit passes while waiting.
func (s *server) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.waiting <- struct{}{}:
	default:
		return nil, &apiError{Status: http.StatusServiceUnavailable, Message: "server busy, try again"}
	}
	defer func() { <-s.waiting }()
	select {
	case s.running <- struct{}{}:
		return func() { <-s.running }, nil
	case <-ctx.Done():
		return nil, &apiError{Status: http.StatusServiceUnavailable, Message: "server busy, try again"}
	}
}

// classify turns an error from an endpoint into an *apiError.
func (s *server) classify(ctx context.Context, err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
		return &apiError{Status: http.StatusGatewayTimeout,
			Message: fmt.Sprintf("stopped: time limit of %v reached", s.cfg.Timeout)}
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads this.
		return &apiError{Status: 499, Message: "request cancelled"}
	}
	return &apiError{Status: http.StatusInternalServerError, Message: err.Error()}
}

func writeError(w http.ResponseWriter, e error) (int, error) {
	var ae *apiError
	if !errors.As(e, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Message: e.Error()}
	}
	if ae.Status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(ae.Status)
	json.NewEncoder(w).Encode(ae) //nolint:errcheck // the status is sent; a broken connection cannot be told
	return ae.Status, e
}

// Serve serves h on ln until ctx is done, then shuts down gracefully:
// it stops accepting, lets running requests finish for up to ten seconds,
// and returns nil. Other errors from the listener are returned.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := srv.Shutdown(shutCtx)
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
