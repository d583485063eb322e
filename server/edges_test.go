package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// rawConn dials addr and sends text, as a client that speaks HTTP by hand.
func rawConn(t *testing.T, addr, text string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, text); err != nil {
		t.Fatal(err)
	}
	return conn, bufio.NewReader(conn)
}

// closedWithin reports whether the server closes conn within d, once the
// answer has been read from br.
func closedWithin(conn net.Conn, br *bufio.Reader, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := br.ReadByte()
	return err == io.EOF
}

// TestChunkedWithLength checks that a request with both Content-Length and
// Transfer-Encoding is answered and its connection then closed, as RFC
// 9112 (6.3) asks of a server: such a request may smuggle another.
func TestChunkedWithLength(t *testing.T) {
	addr := serveLoopback(t, New(Config{Logger: quiet()}))
	conn, br := rawConn(t, addr, "POST /api/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"+
		"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !res.Close {
		t.Errorf("Content-Length with Transfer-Encoding: %s, Connection %q; want 200 and close", res.Status, res.Header.Get("Connection"))
	}
	if !closedWithin(conn, br, 2*time.Second) {
		t.Error("the connection stays open after a request with Content-Length and Transfer-Encoding")
	}
}

// TestInfoBody checks that /api/info reads its body as strictly as the
// other endpoints.
func TestInfoBody(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for body, want := range map[string]int{``: 200, `{}`: 200, `not json`: 400, `{"x":1}`: 400, `{} {}`: 400, `[]`: 400} {
		if status, out := post(t, h, "/api/info", body); status != want {
			t.Errorf("/api/info with the body %q: %d %v, want %d", body, status, out, want)
		}
	}
}

// TestManyRanges checks that a request for many small ranges of a file
// gets no more than the file: 1,000 one-byte ranges of app.js made a
// multipart answer of two and a half times its size.
func TestManyRanges(t *testing.T) {
	h := New(Config{Logger: quiet()})
	size := len(fetch(t, h, "/js/app.js", nil).Body.Bytes())
	var rs []string
	for i := range 1000 {
		rs = append(rs, fmt.Sprintf("%d-%d", 2*i, 2*i))
	}
	for _, c := range []struct {
		ranges     string
		status, at int // the answer's status, and its most bytes
	}{
		{"bytes=" + strings.Join(rs, ","), 200, size},
		{"bytes=" + strings.Join(rs[:9], ","), 200, size},
		{"bytes=" + strings.Join(rs[:8], ","), 206, size},
		{"bytes=0-99", 206, 100},
	} {
		rec := fetch(t, h, "/js/app.js", map[string]string{"Range": c.ranges})
		if rec.Code != c.status || rec.Body.Len() > c.at {
			t.Errorf("%d ranges: %d, %d bytes; want %d and at most %d", strings.Count(c.ranges, ",")+1, rec.Code, rec.Body.Len(), c.status, c.at)
		}
	}
}

// TestUnreadBody checks that a request whose body the server does not
// read, sent slowly, is answered at once and its connection closed,
// rather than waiting for a body that may never come (30 s before).
func TestUnreadBody(t *testing.T) {
	addr := serveLoopback(t, New(Config{Logger: quiet()}))
	for _, c := range []struct {
		req    string
		status int
	}{
		{"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\nab", 405},
		{"GET /js/app.js HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\nab", 200},
		{"POST /nope HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\nab", 405},
		{"POST /api/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\nab", 415},
		{"PUT /api/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\nab", 405},
		{"POST /api/info HTTP/1.1\r\nHost: elsewhere.example\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\nab", 421},
		{"POST /api/nope HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\nab", 404},
		{"POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n186a0\r\nab", 405},
	} {
		start := time.Now()
		conn, br := rawConn(t, addr, c.req)
		conn.SetReadDeadline(time.Now().Add(3 * time.Second))
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Errorf("%q: no answer within 3s: %v", c.req, err)
			continue
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != c.status || !res.Close || time.Since(start) > 2*time.Second {
			t.Errorf("%q: %s after %v, Connection %q; want %d at once, and close", c.req, res.Status, time.Since(start), res.Header.Get("Connection"), c.status)
		}
		if !closedWithin(conn, br, 2*time.Second) {
			t.Errorf("%q: the connection stays open with the body unread", c.req)
		}
	}
}

// fetch GETs path from h with the headers.
func fetch(t *testing.T, h http.Handler, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := newRequest(http.MethodGet, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestKeepAlive checks that the connection of an API request whose body is
// read whole stays open for the next, as before closeUnread.
func TestKeepAlive(t *testing.T) {
	addr := serveLoopback(t, New(Config{Logger: quiet()}))
	body := `{"puzzle":"` + easy + `"}`
	req := fmt.Sprintf("POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	conn, br := rawConn(t, addr, req)
	for i := range 3 {
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Close {
			t.Fatalf("request %d: %s, Connection %q; want 200 and the connection kept", i+1, res.Status, res.Header.Get("Connection"))
		}
		io.WriteString(conn, req)
	}
}
