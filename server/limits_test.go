package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/godoku/sudoku/internal/race"
)

// worstTrace is the request of issue 11: 130 bytes that asked for a 33 MB
// trace of a puzzle with many solutions.
const worstTrace = `{"puzzle":".....6....59.....82....8....45........3........6..3.54...325..6..................","limit":10}`

// logLines is a logger that sends every record's message and attributes
// to a channel, for tests to see when a request has ended.
func logLines() (*slog.Logger, chan string) {
	ch := make(chan string, 100)
	return slog.New(&chanHandler{ch}), ch
}

type chanHandler struct{ ch chan string }

func (h *chanHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *chanHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *chanHandler) WithGroup(string) slog.Handler            { return h }
func (h *chanHandler) Handle(_ context.Context, r slog.Record) error {
	var sb strings.Builder
	sb.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&sb, " %s=%v", a.Key, a.Value)
		return true
	})
	select {
	case h.ch <- sb.String():
	default:
	}
	return nil
}

// rawPost sends a POST on a new connection and returns the connection
// without reading the answer.
func rawPost(t *testing.T, addr, path, body string) net.Conn {
	t.Helper()
	return rawPostBut(t, addr, path, body, len(body))
}

// rawPostBut is rawPost that sends only the first sent bytes of body,
// leaving the rest for the caller to write.
func rawPostBut(t *testing.T, addr, path, body string, sent int) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	conn.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", path, len(body), body[:sent])
	return conn
}

// postURL posts body over loopback and returns the status and the body.
func postURL(c *http.Client, url, body string) (int, []byte, error) {
	res, err := c.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// TestClientThatDoesNotRead checks that a client which never reads its
// large answer holds no solver: with one solver slot, a cheap solve is
// answered at once meanwhile, and the stuck write ends at the write
// deadline.
func TestClientThatDoesNotRead(t *testing.T) {
	logger, lines := logLines()
	// A 16 MB answer limit lets the trace reach that size, far more than
	// the socket buffers hold, so that the write blocks. The work has a
	// minute, not the default 10 s: on a loaded machine it took longer,
	// and the deadline of the work is not what this test is about.
	ts := httptest.NewServer(New(Config{Logger: logger, MaxConcurrent: 1, MaxAnswer: 16 << 20, MaxSteps: 100_000,
		Timeout: time.Minute, WriteTimeout: time.Second}))
	defer ts.Close()
	conn := rawPost(t, ts.Listener.Addr().String(), "/api/trace", strings.Replace(worstTrace, `"limit"`, `"maxSteps":100000,"limit"`, 1))
	defer conn.Close()
	// Read the status line: the work is done and the answer being
	// written. Then read no more.
	status := make([]byte, len("HTTP/1.1 200"))
	conn.SetReadDeadline(time.Now().Add(race.Scale(30 * time.Second)))
	if _, err := io.ReadFull(conn, status); err != nil || string(status) != "HTTP/1.1 200" {
		t.Fatalf("trace: %q %v", status, err)
	}

	start := time.Now()
	code, body, err := postURL(ts.Client(), ts.URL+"/api/solve", `{"puzzle":"`+easy+`"}`)
	if d := time.Since(start); err != nil || code != 200 || d > race.Scale(time.Second) {
		t.Fatalf("solve while a client does not read: %d %v after %v: %s", code, err, d, body)
	}
	// The trace's handler gives up writing at its deadline.
	deadline := time.After(race.Scale(5 * time.Second))
	for {
		select {
		case l := <-lines:
			if strings.Contains(l, "/api/trace") {
				if !strings.Contains(l, "error=") {
					t.Errorf("the unread trace was logged without an error: %s", l)
				}
				return
			}
		case <-deadline:
			t.Fatal("the write to a client that does not read did not end")
		}
	}
}

// heapPeak samples the heap every millisecond until stopped, and returns
// the largest size seen.
// heapNow returns the bytes of heap objects now, as heapPeak samples them.
func heapNow() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

func heapPeak() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak.Load()
	}
}

// TestWorstTraces sends eight of the worst trace requests at once, each
// allowed to run: the heap stays under 100 MB, and each ends by its
// deadline with a trace cut at the answer limit or a 504.
func TestWorstTraces(t *testing.T) {
	// Scaled under the race detector, so that the traces reach the answer
	// limit as they do without it: cut by the time limit, they end in 504s,
	// which leave no large answer to make the server give memory back.
	timeout := race.Scale(10 * time.Second)
	cfg := Config{Logger: quiet(), MaxConcurrent: 8, Timeout: timeout}
	ts := httptest.NewServer(New(cfg))
	defer ts.Close()
	cfg = cfg.withDefaults()
	body := strings.Replace(worstTrace, `"limit"`, fmt.Sprintf(`"maxSteps":%d,"limit"`, cfg.MaxSteps), 1)

	// The answers are read into buffers made beforehand and decoded only
	// after the memory is checked: the test's own garbage, made after the
	// server gave its memory back (under load, decoding eight 1 MB
	// answers outlasted the server's half-second delay), is not the
	// server's to give back.
	bufs := make([]bytes.Buffer, 8)
	for i := range bufs {
		bufs[i].Grow(cfg.MaxAnswer + 64<<10)
	}
	statuses := make([]int, len(bufs))
	runtime.GC() // what earlier tests left is not this test's
	stop := heapPeak()
	var wg sync.WaitGroup
	for i := range bufs {
		wg.Go(func() {
			start := time.Now()
			res, err := ts.Client().Post(ts.URL+"/api/trace", "application/json", strings.NewReader(body))
			if err == nil {
				statuses[i] = res.StatusCode
				_, err = bufs[i].ReadFrom(res.Body)
				res.Body.Close()
			}
			if d := time.Since(start); err != nil || d > timeout+race.Scale(time.Second) {
				t.Errorf("trace: %v after %v", err, d)
			}
		})
	}
	wg.Wait()
	peak := stop()
	t.Logf("peak heap %.1f MB", float64(peak)/(1<<20))
	if peak > 100<<20 {
		t.Errorf("peak heap %.1f MB, want under 100 MB", float64(peak)/(1<<20))
	}

	// Within seconds the memory is given back to the system: the heap's
	// free pages are released, not kept for minutes.
	free := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
	start := time.Now()
	for {
		metrics.Read(free)
		if free[0].Value.Uint64() < 4<<20 {
			t.Logf("memory given back after %v", time.Since(start).Round(time.Millisecond))
			break
		}
		if d := race.Scale(3 * time.Second); time.Since(start) > d {
			t.Errorf("after %v, %.1f MB of free heap is still held", d, float64(free[0].Value.Uint64())/(1<<20))
			break
		}
		time.Sleep(50 * time.Millisecond)
	}

	for i := range bufs {
		if statuses[i] == http.StatusGatewayTimeout {
			continue
		}
		var tr struct {
			Outcome string
			Steps   []struct{ Kind, Note string }
		}
		b := bufs[i].Bytes()
		if err := json.Unmarshal(b, &tr); err != nil || statuses[i] != 200 || len(tr.Steps) == 0 {
			t.Errorf("trace: %d %v", statuses[i], err)
			continue
		}
		last := tr.Steps[len(tr.Steps)-1]
		if len(b) > cfg.MaxAnswer || tr.Outcome != "stopped" || last.Kind != "stopped" || !strings.Contains(last.Note, "size limit") {
			t.Errorf("trace of %d bytes, outcome %q, last step %+v", len(b), tr.Outcome, last)
		}
	}
}

// TestLateAnswer checks that work finishing after the deadline gets 504,
// not a late 200, even when the endpoint does not watch its context.
func TestLateAnswer(t *testing.T) {
	late := endpoint{name: "late", cost: slow, fn: func(ctx context.Context, _ *server, _ json.RawMessage) (any, error) {
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond)
		return map[string]bool{"ok": true}, nil
	}}
	s := newServer(Config{Logger: quiet(), Timeout: 50 * time.Millisecond}, late)
	if status, out := post(t, s.handler, "/api/late", `{}`); status != http.StatusGatewayTimeout {
		t.Errorf("late answer: %d %v, want 504", status, out)
	}
}

// TestSlowBody checks that a body sent a byte at a time is cut off at the
// time limit with 408, holding no solver meanwhile.
func TestSlowBody(t *testing.T) {
	ts := httptest.NewServer(New(Config{Logger: quiet(), MaxConcurrent: 1, Timeout: 500 * time.Millisecond}))
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"puzzle":"` + easy + `"}`
	fmt.Fprintf(conn, "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	start := time.Now()
	go func() {
		for i := range body {
			if _, err := conn.Write([]byte{body[i]}); err != nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	// Meanwhile the one solver is free for others.
	if status, _, err := postURL(ts.Client(), ts.URL+"/api/solve", body); status != 200 || err != nil {
		t.Errorf("solve beside a slow body: %d %v", status, err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if d := time.Since(start); res.StatusCode != http.StatusRequestTimeout || d > 2*time.Second {
		t.Errorf("slow body: %d after %v, want 408 after 500ms", res.StatusCode, d)
	}
}

// TestRequestLimits checks the limits on what a request may ask for.
func TestRequestLimits(t *testing.T) {
	h := New(Config{Logger: quiet(), MaxSteps: 500, MaxTraceSolutions: 3, MaxCount: 1000, MaxAnswer: 100_000})
	empty := strings.Repeat(".", 81)
	for _, tt := range []struct {
		path, body string
		status     int
	}{
		{"/api/trace", `{"puzzle":"` + easy + `","maxSteps":500}`, 200},
		{"/api/trace", `{"puzzle":"` + easy + `","maxSteps":501}`, 400},
		{"/api/trace", `{"puzzle":"` + easy + `","limit":3}`, 200},
		{"/api/trace", `{"puzzle":"` + easy + `","limit":4}`, 400},
		{"/api/count", `{"puzzle":"` + empty + `","limit":1000}`, 200},
		{"/api/count", `{"puzzle":"` + empty + `","limit":1001}`, 400},
	} {
		if status, out := post(t, h, tt.path, tt.body); status != tt.status {
			t.Errorf("%s %s: %d %v, want %d", tt.path, tt.body, status, out, tt.status)
		}
	}
	// Without maxSteps a trace gets the most allowed, and the answer
	// stays within its limit.
	req := newRequest(http.MethodPost, "/api/trace", strings.NewReader(strings.Replace(worstTrace, `"limit":10`, `"limit":3`, 1)))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var tr struct {
		Outcome string
		Stats   struct{ Steps int }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &tr); err != nil || rec.Code != 200 || rec.Body.Len() > 100_000 || tr.Outcome != "stopped" || tr.Stats.Steps > 501 {
		t.Errorf("default trace: %d, %d bytes, %+v, %v", rec.Code, rec.Body.Len(), tr, err)
	}
	if !bytes.HasSuffix(rec.Body.Bytes(), []byte("}\n")) {
		t.Errorf("the answer does not end in a JSON object")
	}
}

// serveLoopback runs Serve on a loopback port until the test ends.
func serveLoopback(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return ln.Addr().String()
}

// TestHugeHeaders checks that a request with megabytes of headers is
// refused once they pass the limit: a thousand such connections held the
// server at 900 MB before there was one.
func TestHugeHeaders(t *testing.T) {
	addr := serveLoopback(t, New(Config{Logger: quiet()}))
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	go func() {
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: localhost\r\n")
		line := "X-Filler: " + strings.Repeat("a", 1000) + "\r\n"
		for range 1000 {
			if _, err := io.WriteString(conn, line); err != nil {
				return
			}
		}
	}()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("1 MB of headers: %d, want 431", res.StatusCode)
	}
}

// TestSlowHeaders checks that a client sending its headers a line a
// second (slowloris) is cut off after a few seconds.
func TestSlowHeaders(t *testing.T) {
	if testing.Short() {
		t.Skip("takes readHeaderTimeout")
	}
	t.Parallel()
	addr := serveLoopback(t, New(Config{Logger: quiet()}))
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: localhost\r\n")
	for time.Since(start) < readHeaderTimeout+3*time.Second {
		if _, err := io.WriteString(conn, "X-A: b\r\n"); err != nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	conn.SetReadDeadline(time.Now().Add(time.Second))
	_, err = io.ReadAll(conn) // what the server said, if anything, then its close
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Errorf("slow headers: the connection is still open after %v", time.Since(start))
	}
}

// TestFloodOfNonReaders sends sixty of the worst traces at once, on
// connections that never read: the client gets its share of the solvers
// and 429 beyond it, the heap stays small, and a solve is answered at
// once meanwhile.
func TestFloodOfNonReaders(t *testing.T) {
	logger, lines := logLines()
	// The work's time limit is the default one, scaled under the race
	// detector: the requests waiting for a slot then still get one, not a
	// 503 or a 504.
	ts := httptest.NewServer(New(Config{Logger: logger, MaxConcurrent: 2, WriteTimeout: 3 * time.Second,
		Timeout: race.Scale(DefaultTimeout)}))
	defer ts.Close()
	// The flood's own memory: the heap it adds to what the process held
	// before (other tests of the package leave tens of megabytes alive in
	// a full run), with the garbage collector kept close behind, so that
	// garbage not yet collected counts for little.
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	runtime.GC()
	base := heapNow()
	stop := heapPeak()
	const n = 60
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	// Each request is sent but for the last byte of its body, and then
	// the last bytes all at once, so that the sixty reach the server
	// together even on one CPU: sent whole one by one, each could be
	// answered (into the socket's buffer) before the next one arrives.
	last := len(worstTrace) - 1
	for range n {
		conns = append(conns, rawPostBut(t, ts.Listener.Addr().String(), "/api/trace", worstTrace, last))
	}
	for _, c := range conns {
		io.WriteString(c, worstTrace[last:])
	}
	start := time.Now()
	if status, _, err := postURL(ts.Client(), ts.URL+"/api/solve", `{"puzzle":"`+easy+`"}`); status != 200 || err != nil || time.Since(start) > race.Scale(time.Second) {
		t.Errorf("solve beside %d non-readers: %d %v after %v", n, status, err, time.Since(start))
	}
	counts := map[string]int{}
	for range n {
		select {
		case l := <-lines:
			_, st, _ := strings.Cut(l, "status=")
			st, _, _ = strings.Cut(st, " ")
			counts[st]++
		case <-time.After(race.Scale(20 * time.Second)):
			t.Fatalf("the non-readers were not all answered: %v", counts)
		}
	}
	peak := stop()
	peak -= min(base, peak)
	t.Logf("%d non-readers: statuses %v, peak heap %.1f MB over the %.1f MB before", n, counts, float64(peak)/(1<<20), float64(base)/(1<<20))
	if peak > 30<<20 {
		t.Errorf("the flood took the heap %.1f MB higher, want under 30 MB", float64(peak)/(1<<20))
	}
	if counts["200"]+counts["429"] != n || counts["429"] == 0 {
		t.Errorf("statuses %v, want 200 for the client's share and 429 beyond", counts)
	}
}

// TestHeldAnswers sends requests for large answers one after another,
// each on a connection that reads the status line and no more: the
// answers held unsent are bounded per client, and the rest get 429.
func TestHeldAnswers(t *testing.T) {
	const size = 6 << 20
	big := endpoint{name: "big", cost: slow, fn: func(context.Context, *server, json.RawMessage) (any, error) {
		return map[string]string{"x": strings.Repeat("a", size)}, nil
	}}
	// The answers stay held for the whole test: under the race detector
	// the eight requests take longer than 5 s.
	s := newServer(Config{Logger: quiet(), MaxAnswer: 8 << 20, WriteTimeout: race.Scale(5 * time.Second)}, big)
	ts := httptest.NewServer(s.handler)
	defer ts.Close()
	var statuses []string
	for range 8 {
		conn := rawPost(t, ts.Listener.Addr().String(), "/api/big", "{}")
		defer conn.Close()
		status := make([]byte, len("HTTP/1.1 200"))
		conn.SetReadDeadline(time.Now().Add(race.Scale(10 * time.Second)))
		if _, err := io.ReadFull(conn, status); err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, string(status[9:]))
	}
	// 16 MiB per client: two answers of 6 MB.
	if got := strings.Join(statuses, " "); got != "200 200 429 429 429 429 429 429" {
		t.Errorf("statuses %s, want two 200s and then 429s", got)
	}
	s.answers.mu.Lock()
	held := s.answers.held
	s.answers.mu.Unlock()
	if held > budgetPerClient {
		t.Errorf("%d bytes held", held)
	}
}
