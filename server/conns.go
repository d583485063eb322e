package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Connections are bounded apart from requests: each open one holds a
// goroutine and its buffers (about 20 KB), so 10,000 idle keep-alive
// connections from one client took the server from 21 to 216 MB, and
// the memory came back only twenty minutes later. Serve counts them per
// client (remote address) and in all:
//
//   - a client at its share (Config.MaxConnsPerClient) that opens another
//     connection gives up its longest idle one for it, or, with none idle,
//     the new one is refused: 429 Too Many Requests, then closed;
//   - at the total (Config.MaxConns), the longest idle connection of any
//     client is closed for the new one, or, with none idle, it is refused
//     with 503 Service Unavailable;
//   - while more than half the total are open, connections idle for
//     longer than busyIdleTimeout are closed, where the usual limit is a
//     minute.
//
// A connection that has not sent its first request counts too; it is
// closed by the header timeout (readHeaderTimeout) if it sends nothing.

// busyIdleTimeout is how long a connection may stay idle while more than
// half of Config.MaxConns are open; sweepEvery is how often that is checked.
var (
	busyIdleTimeout = 5 * time.Second
	sweepEvery      = time.Second
)

// connInfo is what the tracker knows of an open connection.
type connInfo struct {
	client string
	state  http.ConnState
	since  time.Time // when it entered state
}

// connTracker admits, counts and closes the connections of one Serve.
type connTracker struct {
	max, perClient int
	idle           time.Duration // busyIdleTimeout when it started
	logger         *slog.Logger

	mu       sync.Mutex
	conns    map[net.Conn]*connInfo
	byClient map[string]int
	refused  int  // connections refused since the last sweep
	stopped  bool // shutting down: refuse every new connection
}

func newConnTracker(cfg *Config) *connTracker {
	return &connTracker{max: cfg.MaxConns, perClient: cfg.MaxConnsPerClient, idle: busyIdleTimeout, logger: cfg.Logger,
		conns: map[net.Conn]*connInfo{}, byClient: map[string]int{}}
}

// admit takes a new connection, closing an idle one to make room if it
// must; it returns 0, or the HTTP status with which to refuse c.
func (t *connTracker) admit(c net.Conn) int {
	client := hostOf(c.RemoteAddr())
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.stopped:
		return http.StatusServiceUnavailable
	case t.byClient[client] >= t.perClient && !t.evictIdle(client):
		t.refused++
		return http.StatusTooManyRequests
	case len(t.conns) >= t.max && !t.evictIdle(""):
		t.refused++
		return http.StatusServiceUnavailable
	}
	t.conns[c] = &connInfo{client: client, state: http.StateNew, since: time.Now()}
	t.byClient[client]++
	return 0
}

// evictIdle closes the longest idle connection of client ("" for any)
// and reports whether there was one; t.mu is held.
func (t *connTracker) evictIdle(client string) bool {
	var oldest net.Conn
	var since time.Time
	for c, info := range t.conns {
		if info.state == http.StateIdle && (client == "" || info.client == client) && (oldest == nil || info.since.Before(since)) {
			oldest, since = c, info.since
		}
	}
	if oldest == nil {
		return false
	}
	t.dropLocked(oldest)
	return true
}

// dropLocked forgets c and closes it; its StateClosed, when the server
// notices, finds nothing to do. t.mu is held.
func (t *connTracker) dropLocked(c net.Conn) {
	info := t.conns[c]
	delete(t.conns, c)
	if t.byClient[info.client]--; t.byClient[info.client] <= 0 {
		delete(t.byClient, info.client)
	}
	c.Close()
}

// connState is the http.Server's ConnState hook: it follows each
// connection's state, and forgets the closed ones.
func (t *connTracker) connState(c net.Conn, state http.ConnState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	info := t.conns[c]
	switch {
	case info == nil: // refused or dropped already
	case state == http.StateClosed || state == http.StateHijacked:
		delete(t.conns, c)
		if t.byClient[info.client]--; t.byClient[info.client] <= 0 {
			delete(t.byClient, info.client)
		}
	default:
		info.state, info.since = state, time.Now()
	}
	if connStateSeen != nil {
		connStateSeen(c, state)
	}
}

// connStateSeen, when set (by tests alone), is told of every state the
// tracker follows, after it follows it: a client reads its answer before
// the server marks the connection idle, so a test that needs it idle waits
// for this.
var connStateSeen func(net.Conn, http.ConnState)

// sweep closes the connections idle for longer than busyIdleTimeout while
// more than half the total are open, and logs the refusals since the last
// sweep.
func (t *connTracker) sweep(now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if 2*len(t.conns) > t.max {
		for c, info := range t.conns {
			if info.state == http.StateIdle && now.Sub(info.since) > t.idle {
				t.dropLocked(c)
			}
		}
	}
	if t.refused > 0 {
		t.logger.Warn("connections refused", "count", t.refused, "open", len(t.conns), "maxConns", t.max, "maxConnsPerClient", t.perClient)
		t.refused = 0
	}
}

// stop refuses new connections from now on and closes those that wait:
// idle between requests, or not yet sent a request. Those running one are
// left to finish.
func (t *connTracker) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for c, info := range t.conns {
		if info.state == http.StateIdle || info.state == http.StateNew {
			t.dropLocked(c)
		}
	}
}

// open returns the number of open connections.
func (t *connTracker) open() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.conns)
}

// limitListener admits the connections of a listener through a tracker,
// refusing those over a limit with a short HTTP answer.
type limitListener struct {
	net.Listener
	t *connTracker
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if status := l.t.admit(c); status != 0 {
			refuseConn(c, status)
			continue
		}
		return c, nil
	}
}

// refuseConn answers a connection over a limit and closes it. The answer
// fits in the socket's empty send buffer, so writing it does not wait for
// the client; the deadline is there all the same.
func refuseConn(c net.Conn, status int) {
	msg := "too many connections from this address; close some and try again\n"
	if status == http.StatusServiceUnavailable {
		msg = "the server has too many connections; try again in a moment\n"
	}
	c.SetWriteDeadline(time.Now().Add(time.Second)) //nolint:errcheck // the write fails instead
	fmt.Fprintf(c, "HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n"+
		"Cache-Control: no-store\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s",
		status, http.StatusText(status), len(msg), msg)
	c.Close()
}

// hostOf returns the host of a network address, the client of a
// connection.
func hostOf(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// errShuttingDown is the cause with which Serve cancels the requests still
// running near the end of its grace period; they are answered 503.
var errShuttingDown = errors.New("the server is shutting down")

// Serve serves h on ln until ctx is done, then shuts down gracefully: it
// stops accepting, closes the connections that wait (idle, or not yet sent
// a request) at once, and lets running requests finish within the grace
// period (Config.ShutdownTimeout). A request still running shortly before
// the grace period ends is cancelled and answered 503; connections still
// open at its end are closed. Serve then returns nil; other errors from
// the listener are returned.
//
// The connections are bounded as the Config of h says (MaxConns and
// MaxConnsPerClient), when h was made by New; any other handler gets the
// defaults. A nil ln or h is an error.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	// Checked here: a nil listener would panic in the goroutine that
	// accepts, where no caller can recover, and a nil handler would serve
	// http.DefaultServeMux, whatever another package put there.
	if ln == nil || h == nil {
		return errors.New("server: Serve needs a listener and a handler")
	}
	cfg := Config{}.withDefaults()
	if s, ok := h.(*server); ok {
		cfg = s.cfg
	}
	t := newConnTracker(&cfg)
	base, cancelRequests := context.WithCancelCause(context.WithoutCancel(ctx))
	defer cancelRequests(nil)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		BaseContext:       func(net.Listener) context.Context { return base },
		ConnState:         t.connState,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(&limitListener{ln, t}) }()
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for running := true; running; {
		select {
		case err := <-done:
			return err
		case now := <-tick.C:
			t.sweep(now)
		case <-ctx.Done():
			running = false
		}
	}
	grace := cfg.ShutdownTimeout
	t.stop()
	cut := time.AfterFunc(grace-min(grace/5, time.Second), func() { cancelRequests(errShuttingDown) })
	defer cut.Stop()
	shutCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(shutCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		// Answers that could not be sent in time, to clients that do
		// not read them: they are given up.
		cfg.Logger.Warn("shutdown: closing connections still open at the end of the grace period", "open", t.open(), "grace", grace)
		srv.Close()
		err = nil
	}
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
