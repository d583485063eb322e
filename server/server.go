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
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/godoku/sudoku/server/internal/engine"
)

// The offline engine, static/engine/engine.wasm, is built from ./wasm
// by go generate and committed, so that go run ./cmd/sudoku serve works
// from a fresh clone (TestEngineFresh fails when it is stale). Its
// support file, wasm_exec.js, is the Go toolchain's own, copied next to
// it at the same time, as it must match the Go that built the file.
// -buildvcs=false keeps the commit out of the file, so that a rebuild
// gives the same bytes.
//
//go:generate sh -c "GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags='-s -w' -o static/engine/engine.wasm ./wasm && GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags='-s -w' -o static/engine/variant.wasm ./wasm/variant && cp \"$(go env GOROOT)/lib/wasm/wasm_exec.js\" static/engine/wasm_exec.js"
//go:embed static
var staticFS embed.FS

// Config sets the limits of a server. The zero value uses the defaults.
// Every request's cost is bounded before it runs: the body, the time, the
// answer and the work asked for (steps, solutions) all have a limit, and a
// request asking for more than a limit allows gets 400.
type Config struct {
	// MaxBody is the largest request body accepted, in bytes; larger ones
	// get 413. Default 64 KiB, room for a puzzle with pencil marks.
	MaxBody int64
	// MaxAnswer is the largest answer sent, in bytes. A trace that would
	// be larger is cut short and says so, as a step limit would. Default
	// 1 MiB; at least 64 KiB.
	MaxAnswer int
	// Timeout bounds one request from its arrival to its answer being
	// ready: reading the body, waiting for a free solver, the work and
	// encoding the answer. The solver sees it as a context deadline; an
	// answer not ready in time gets 504. Default 10s.
	Timeout time.Duration
	// WriteTimeout bounds sending the answer, which starts once the work
	// is done and its solver free for the next request. Default 10s.
	WriteTimeout time.Duration
	// MaxConcurrent is how many requests may run a solver at once, for
	// solve and again for the slower endpoints, which have slots of their
	// own. Default: the number of CPUs. Up to eight times as many more
	// wait for a turn (503 beyond that), at most MaxPerClient from one
	// client, and a free slot goes to the client running the fewest; see
	// pool.
	MaxConcurrent int
	// MaxPerClient is how many requests one client (one remote address)
	// may have waiting or running, for solve and again for the slower
	// endpoints; beyond that it gets 429. Default 4 × MaxConcurrent.
	// Behind a proxy every request comes from the proxy: raise it there.
	MaxPerClient int
	// MaxSteps is the most steps a trace may ask for; it is also the
	// default. Default 10,000.
	MaxSteps int
	// MaxTraceSolutions is the most solutions a trace may look for (its
	// limit). Default 10.
	MaxTraceSolutions int
	// MaxCount is the most solutions /api/count may count (its limit),
	// and the most /api/solve's true candidates may look at.
	// Default 1,000,000.
	MaxCount int
	// MaxConns is how many connections Serve keeps open at once, and
	// MaxConnsPerClient how many from one client (remote address): a new
	// connection over either takes the place of the longest idle one, or
	// is refused (503, or 429 for the client over its share). While more
	// than half of MaxConns are open, idle connections are closed after 5
	// seconds instead of a minute. Defaults 1,024 and 64. Behind a proxy
	// every connection comes from the proxy: raise MaxConnsPerClient
	// there.
	MaxConns, MaxConnsPerClient int
	// ShutdownTimeout is Serve's grace period once its context is done:
	// running requests may finish within it; those still running near its
	// end are cancelled and answered 503. Default 10s.
	ShutdownTimeout time.Duration
	// AllowHosts lists more host names (or addresses) the server answers
	// to, besides localhost, the loopback addresses and the address a
	// connection comes in on; other Host headers get 421. "*" allows any.
	AllowHosts []string
	// Logger gets one line per API request. Nil means slog.Default().
	Logger *slog.Logger
}

// Defaults for the zero Config.
const (
	DefaultMaxBody           = 64 << 10
	DefaultMaxAnswer         = engine.DefaultMaxAnswer
	MinMaxAnswer             = 64 << 10
	DefaultTimeout           = engine.DefaultTimeout
	DefaultWriteTimeout      = 10 * time.Second
	DefaultMaxSteps          = engine.DefaultMaxSteps
	DefaultMaxTraceSolutions = engine.DefaultMaxTraceSolutions
	DefaultMaxCount          = 1_000_000
	DefaultMaxConns          = 1024
	DefaultMaxConnsPerClient = 64
	DefaultShutdownTimeout   = 10 * time.Second
)

func (c Config) withDefaults() Config {
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxAnswer <= 0 {
		c.MaxAnswer = DefaultMaxAnswer
	}
	c.MaxAnswer = max(c.MaxAnswer, MinMaxAnswer)
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = runtime.NumCPU()
	}
	if c.MaxPerClient <= 0 {
		c.MaxPerClient = 4 * c.MaxConcurrent
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = DefaultMaxSteps
	}
	if c.MaxTraceSolutions <= 0 {
		c.MaxTraceSolutions = DefaultMaxTraceSolutions
	}
	if c.MaxCount <= 0 {
		c.MaxCount = DefaultMaxCount
	}
	if c.MaxConns <= 0 {
		c.MaxConns = DefaultMaxConns
	}
	if c.MaxConnsPerClient <= 0 {
		c.MaxConnsPerClient = DefaultMaxConnsPerClient
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = DefaultShutdownTimeout
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
	// quick and slow hand out the solver slots: solve, which takes
	// microseconds, has its own, so that the slow endpoints cannot keep it
	// waiting. answers bounds the memory of answers not yet sent.
	quick, slow *pool
	answers     *budget
	hosts       map[string]bool // AllowHosts, lower case
	anyHost     bool
	trim        trimmer
}

// New returns the handler of the web app: the page at / and the JSON API
// under /api/. Serve applies the connection limits of its Config.
func New(cfg Config) http.Handler {
	return newServer(cfg)
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// newServer builds the server with its endpoints and any extra ones, which
// tests use to see the limits at work.
func newServer(cfg Config, extra ...endpoint) *server {
	cfg = cfg.withDefaults()
	s := &server{
		cfg:     cfg,
		mux:     http.NewServeMux(),
		quick:   newPool(cfg.MaxConcurrent, cfg.MaxPerClient),
		slow:    newPool(cfg.MaxConcurrent, cfg.MaxPerClient),
		answers: newBudget(cfg.MaxAnswer),
		hosts:   map[string]bool{},
	}
	for _, h := range cfg.AllowHosts {
		h = strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
		s.hosts[h] = true
		s.anyHost = s.anyHost || h == "*"
	}
	files, err := embeddedAssets()
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
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
	name string
	cost cost
	// costOf, if set, is the cost of one request by its body, where it
	// differs from cost (solve asking for the true candidates is slow).
	costOf func(body []byte) cost
	fn     func(ctx context.Context, s *server, body json.RawMessage) (any, error)
}

// cost says whether an endpoint runs a solver, and for how long.
type cost uint8

const (
	free  cost = iota // no solver: info, parse
	quick             // a solver for microseconds: solve
	slow              // a solver for up to the time limit: the rest
)

func (s *server) api(e endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		s.trim.begin()
		status, size, err := s.serveAPI(w, r, e)
		s.trim.end(heavyRequest(status, size))
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelWarn
		}
		attrs := []any{"method", r.Method, "path", r.URL.Path, "status", status, "bytes", size,
			"duration", time.Since(start).Round(time.Microsecond)}
		if err != nil {
			attrs = append(attrs, "error", err.Error())
		}
		s.cfg.Logger.Log(r.Context(), level, "api", attrs...)
	})
}

// serveAPI runs one API request within its time limit: the body is read,
// the work done and its answer encoded into a buffer by the deadline, the
// solver slot given back, and only then is the answer written, under a
// deadline of its own. A client that does not read its answer thus holds
// no solver, and an answer ready too late is a 504, not a late 200.
func (s *server) serveAPI(w http.ResponseWriter, r *http.Request, e endpoint) (status, size int, err error) {
	deadline := time.Now().Add(s.cfg.Timeout)
	rc := http.NewResponseController(w)
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return s.fail(rc, w, &apiError{Status: http.StatusMethodNotAllowed, Message: "use POST with a JSON body"})
	}
	// Only JSON: a form or text/plain POST is what a page on another site
	// may send without asking the browser first.
	if !isJSON(r.Header.Get("Content-Type")) {
		return s.fail(rc, w, &apiError{Status: http.StatusUnsupportedMediaType, Message: "the body must be JSON, sent with Content-Type: application/json"})
	}
	body, err := s.readBody(rc, w, r, deadline)
	if err != nil {
		return s.fail(rc, w, err)
	}
	ctx, cancel := context.WithDeadline(r.Context(), deadline)
	defer cancel()
	buf := getBuffer()
	defer putBuffer(buf)
	client := clientOf(r)
	err = s.work(ctx, e, client, body, buf)
	if err == nil {
		err = ctx.Err() // done, but too late
	}
	if err == nil && buf.Len() > s.cfg.MaxAnswer {
		err = fmt.Errorf("the answer takes %d bytes, more than the limit of %d", buf.Len(), s.cfg.MaxAnswer)
	}
	var release func()
	if err == nil {
		release, err = s.answers.take(client, buf.Len())
	}
	if err != nil {
		// The size is that of the answer made, if any: refused for its
		// size, it held the memory all the same (heavyRequest).
		status, _, err := s.fail(rc, w, s.classify(ctx, err))
		return status, buf.Len(), err
	}
	defer release()
	rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)) //nolint:errcheck // unsupported only in tests
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(buf.Bytes())
	return http.StatusOK, buf.Len(), err
}

// readBody reads the request body by the request's deadline, so that a
// client sending it slowly is cut off at the time limit.
func (s *server) readBody(rc *http.ResponseController, w http.ResponseWriter, r *http.Request, deadline time.Time) ([]byte, error) {
	rc.SetReadDeadline(deadline) //nolint:errcheck // unsupported only in tests
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		// Close the connection after the error rather than read the
		// rest of the body, which may never come.
		w.Header().Set("Connection", "close")
	} else {
		// No deadline while the work runs: the server reads on in the
		// background to notice a client going away, and a timeout
		// there would cancel the request.
		rc.SetReadDeadline(time.Time{}) //nolint:errcheck // as above
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, &apiError{Status: http.StatusRequestEntityTooLarge,
			Message: fmt.Sprintf("request body is larger than %d bytes", tooBig.Limit)}
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, &apiError{Status: http.StatusRequestTimeout,
			Message: fmt.Sprintf("the request body did not arrive within the time limit of %v", s.cfg.Timeout)}
	case err != nil:
		return nil, badRequest("reading the request: %v", err)
	case len(body) == 0:
		return []byte("{}"), nil
	}
	return body, nil
}

// work does what the endpoint asks and encodes the answer into buf, on a
// solver slot if it needs one, which it gives back before returning.
func (s *server) work(ctx context.Context, e endpoint, client string, body []byte, buf *bytes.Buffer) error {
	c := e.cost
	if e.costOf != nil {
		c = e.costOf(body)
	}
	if c != free {
		p := s.slow
		if c == quick {
			p = s.quick
		}
		release, err := p.acquire(ctx, client)
		if err != nil {
			return err
		}
		defer release()
	}
	v, err := e.fn(ctx, s, body)
	if err != nil {
		return err
	}
	return engine.Encode(buf, v)
}

// Answers are encoded into buffers kept for the next request, up to the
// largest answer allowed by default, so that a run of large answers does
// not allocate a megabyte each.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuffer() *bytes.Buffer { return buffers.Get().(*bytes.Buffer) }

func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= 2*DefaultMaxAnswer {
		b.Reset()
		buffers.Put(b)
	}
}

// classify turns an error from an endpoint into an *apiError.
func (s *server) classify(ctx context.Context, err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &apiError{Status: http.StatusGatewayTimeout, Code: engine.CodeTimeLimit,
			Message: fmt.Sprintf("stopped: time limit of %v reached", s.cfg.Timeout)}
	case errors.Is(context.Cause(ctx), errShuttingDown):
		return &apiError{Status: http.StatusServiceUnavailable, Code: engine.CodeBusy, Message: "stopped: the server is shutting down; try again in a moment"}
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads this.
		return &apiError{Status: 499, Message: "request cancelled"}
	}
	return &apiError{Status: http.StatusInternalServerError, Message: err.Error()}
}

// fail sends an error answer under the write deadline.
func (s *server) fail(rc *http.ResponseController, w http.ResponseWriter, e error) (status, size int, err error) {
	rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)) //nolint:errcheck // unsupported only in tests
	status, err = writeError(w, e)
	return status, 0, err
}

func writeError(w http.ResponseWriter, e error) (int, error) {
	var ae *apiError
	if !errors.As(e, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Message: e.Error()}
	}
	if ae.Status == http.StatusServiceUnavailable || ae.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(ae.Status)
	json.NewEncoder(w).Encode(ae) //nolint:errcheck // the status is sent; a broken connection cannot be told
	return ae.Status, e
}

// The limits of a connection, whatever it asks for. A request's headers
// must arrive within ReadHeaderTimeout and fit in MaxHeaderBytes (431
// otherwise): a client that sends them slowly, or sends megabytes of them,
// then ties up little memory and only for a few seconds. API requests set
// their own read and write deadlines (Config.Timeout, WriteTimeout); these
// bound the page's files.
const (
	readHeaderTimeout = 5 * time.Second
	maxHeaderBytes    = 16 << 10
	readTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = time.Minute
)
