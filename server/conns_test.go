package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// idle holds, by the client's address, a signal for each connection the
// server has marked idle (see connStateSeen); tests that use it do not run
// in parallel.
var idle struct {
	sync.Mutex
	seen map[string]chan struct{}
}

func init() {
	idle.seen = map[string]chan struct{}{}
	connStateSeen = func(c net.Conn, state http.ConnState) {
		if state == http.StateIdle {
			select { // never hold the server up: a signal nobody waits for may go
			case idleSignal(c.RemoteAddr().String()) <- struct{}{}:
			default:
			}
		}
	}
}

// idleSignal returns the channel on which the server's idle marks of the
// connection from addr arrive.
func idleSignal(addr string) chan struct{} {
	idle.Lock()
	defer idle.Unlock()
	ch, ok := idle.seen[addr]
	if !ok {
		ch = make(chan struct{}, 16)
		idle.seen[addr] = ch
	}
	return ch
}

// waitIdle waits until the server has marked conn idle after its answer,
// which the client may read first, so that which connection has been idle
// longest is the order the test made them in.
func waitIdle(t *testing.T, conn net.Conn) {
	t.Helper()
	select {
	case <-idleSignal(conn.LocalAddr().String()):
	case <-time.After(5 * time.Second):
		t.Fatalf("the server did not mark %v idle within 5s of its answer", conn.LocalAddr())
	}
}

// idleConn opens a connection from the local address from ("" for any),
// makes one request on it and leaves it idle, kept alive.
func idleConn(t *testing.T, addr, from string) (net.Conn, *bufio.Reader) {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	br := bufio.NewReader(conn)
	io.WriteString(conn, "GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("a request on a new connection: %v", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Close {
		t.Fatalf("a request on a new connection: %s, Connection %q", res.Status, res.Header.Get("Connection"))
	}
	waitIdle(t, conn)
	return conn, br
}

// silentConn opens a connection from the local address from and sends
// nothing.
func silentConn(t *testing.T, addr, from string) (net.Conn, *bufio.Reader) {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn, bufio.NewReader(conn)
}

// isOpen reports whether the server keeps conn open: a read waits rather
// than ending.
func isOpen(conn net.Conn, br *bufio.Reader) bool {
	conn.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	_, err := br.ReadByte()
	var ne net.Error
	return err != nil && errors.As(err, &ne) && ne.Timeout()
}

// refusedWith reports the status of the answer that refuses conn, which
// must come at once and end with the connection.
func refusedWith(t *testing.T, conn net.Conn, br *bufio.Reader) int {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer to a connection over the limit: %v", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if !res.Close || res.Header.Get("Retry-After") == "" {
		t.Errorf("a refused connection: Connection %q, Retry-After %q", res.Header.Get("Connection"), res.Header.Get("Retry-After"))
	}
	return res.StatusCode
}

// TestConnsPerClient checks one client's share of connections: each new
// one takes the place of its longest idle one, and with none idle it is
// refused with 429. Another client is not held up.
func TestConnsPerClient(t *testing.T) {
	addr := serveLoopback(t, New(Config{Logger: quiet(), MaxConnsPerClient: 4}))
	type conn struct {
		c  net.Conn
		br *bufio.Reader
	}
	var cs []conn
	for range 12 {
		c, br := idleConn(t, addr, "127.0.0.1")
		cs = append(cs, conn{c, br})
	}
	for i, c := range cs {
		if open := isOpen(c.c, c.br); open != (i >= 8) {
			t.Errorf("idle connection %d of 12, with a share of 4: open %v", i+1, open)
		}
	}
	// Four that send nothing take the place of the four idle ones, and
	// a fifth is refused.
	for range 4 {
		silentConn(t, addr, "127.0.0.1")
	}
	time.Sleep(100 * time.Millisecond) // the last is admitted
	for i, c := range cs[8:] {
		if isOpen(c.c, c.br) {
			t.Errorf("idle connection %d open with four new ones from its client", i+9)
		}
	}
	c, br := silentConn(t, addr, "127.0.0.1")
	if status := refusedWith(t, c, br); status != http.StatusTooManyRequests {
		t.Errorf("a fifth connection with four busy: %d, want 429", status)
	}
	if _, err := net.Dial("tcp", addr); err != nil {
		t.Fatal(err)
	}
	idleConn(t, addr, "127.0.0.2") // another client gets in
}

// TestConnsTotal checks the total: a new connection takes the place of
// the longest idle one of any client, and with none idle it is refused
// with 503.
func TestConnsTotal(t *testing.T) {
	if _, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.9")}}).Dial("tcp", "127.0.0.1:1"); err != nil &&
		strings.Contains(err.Error(), "assign requested address") {
		t.Skip("only 127.0.0.1 here")
	}
	addr := serveLoopback(t, New(Config{Logger: quiet(), MaxConns: 6, MaxConnsPerClient: 4}))
	first, fbr := idleConn(t, addr, "127.0.0.1")
	for _, ip := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"} {
		idleConn(t, addr, ip)
	}
	if !isOpen(first, fbr) {
		t.Fatal("the first of six connections, with room for six, is closed")
	}
	idleConn(t, addr, "127.0.0.4")
	if isOpen(first, fbr) {
		t.Error("the longest idle connection stays open when a seventh comes")
	}
	for _, ip := range []string{"127.0.0.5", "127.0.0.5", "127.0.0.5", "127.0.0.6", "127.0.0.6", "127.0.0.6"} {
		silentConn(t, addr, ip) // every idle one gives way
	}
	c, br := silentConn(t, addr, "127.0.0.7")
	if status := refusedWith(t, c, br); status != http.StatusServiceUnavailable {
		t.Errorf("a connection with six busy: %d, want 503", status)
	}
}

// TestConnsIdleSooner checks that idle connections are closed sooner
// while more than half the total are open, and only then.
func TestConnsIdleSooner(t *testing.T) {
	// Put back after the servers have stopped: cleanups run last first,
	// so this one, registered before serveLoopback's, runs after them
	// (a defer ran while Serve could still read the values: go test -race).
	idle, every := busyIdleTimeout, sweepEvery
	t.Cleanup(func() { busyIdleTimeout, sweepEvery = idle, every })
	busyIdleTimeout, sweepEvery = 200*time.Millisecond, 50*time.Millisecond
	for _, n := range []int{5, 6} {
		addr := serveLoopback(t, New(Config{Logger: quiet(), MaxConns: 10, MaxConnsPerClient: 10}))
		var cs [][2]any
		for range n {
			c, br := idleConn(t, addr, "")
			cs = append(cs, [2]any{c, br})
		}
		time.Sleep(600 * time.Millisecond)
		for i, c := range cs {
			if open := isOpen(c[0].(net.Conn), c[1].(*bufio.Reader)); open != (n <= 5) {
				t.Errorf("%d idle connections of at most 10, after three times the short idle limit: number %d open %v", n, i+1, open)
			}
		}
	}
}

// TestShutdownEdges checks Serve's shutdown: a connection that sends
// nothing does not delay it (4.7 s before), and a request longer than
// the grace period is cancelled and answered 503 before it ends (an
// empty answer before, and an error from Serve).
func TestShutdownEdges(t *testing.T) {
	start := func(cfg Config) (string, context.CancelFunc, chan error) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		cfg.Logger = quiet()
		// New takes tens of milliseconds (it prepares the web assets):
		// made here, the server accepts at once, where made in the
		// goroutine it left the request below waiting in the backlog
		// until after the shutdown began, and it was refused.
		h := New(cfg)
		go func() { done <- Serve(ctx, ln, h) }()
		t.Cleanup(cancel)
		return ln.Addr().String(), cancel, done
	}
	wait := func(done chan error, within time.Duration, what string) {
		t.Helper()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: Serve = %v, want nil", what, err)
			}
		case <-time.After(within):
			t.Fatalf("%s: Serve still running after %v", what, within)
		}
	}

	addr, cancel, done := start(Config{})
	silentConn(t, addr, "127.0.0.1")
	idleConn(t, addr, "127.0.0.1")
	time.Sleep(50 * time.Millisecond)
	begin := time.Now()
	cancel()
	wait(done, time.Second, "a silent and an idle connection")
	t.Logf("stopped in %v", time.Since(begin))

	// Counting a trillion solutions of an empty grid runs to its time
	// limit of 30 s; the grace period is 2 s. (With 1 s, the server cut
	// the request at 0.8 s, and under a load of 25 the 503 came after
	// the grace period, in 2 of 8 runs.)
	const grace = 2 * time.Second
	addr, cancel, done = start(Config{Timeout: 30 * time.Second, ShutdownTimeout: grace, MaxCount: 1e12})
	body := `{"puzzle":"` + strings.Repeat(".", 81) + `","limit":1000000000000}`
	conn := rawPost(t, addr, "/api/count", body)
	defer conn.Close()
	time.Sleep(100 * time.Millisecond) // under way
	begin = time.Now()
	cancel()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("a request running at shutdown: no answer: %v", err)
	}
	msg, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(msg), "shutting down") || time.Since(begin) > grace {
		t.Errorf("a request longer than the grace period: %s %q after %v; want 503 within the grace period of %v", res.Status, msg, time.Since(begin), grace)
	}
	wait(done, grace+time.Second, "a request longer than the grace period")
}
