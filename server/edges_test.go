package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
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

// TestPencilMarks checks that the endpoints that honour candidates take a
// pencil-mark puzzle as the command line does (solve, count, hint,
// explain, rate), and that the others say precisely that they do not.
func TestPencilMarks(t *testing.T) {
	h := New(Config{Logger: quiet()})
	g, _ := sudoku.Parse(easy)
	m := sudoku.MarksOf(&g)
	marks := m.String()
	// r1c1's candidates without the solution's 4: no solution.
	wrong := m
	wrong[0] &^= 1 << 4
	// Nine lines, as HoDoKu prints pencil marks.
	c, err := logic.FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	clash := m
	clash[0], clash[1] = 1<<5, 1<<5
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for _, tc := range []struct {
		name, path, body string
		status           int
		want             map[string]any
	}{
		{"solve", "/api/solve", js(map[string]string{"puzzle": marks}), 200, map[string]any{"status": "unique", "solution": easySol}},
		{"solve nine lines", "/api/solve", js(map[string]string{"puzzle": c.String()}), 200, map[string]any{"status": "unique", "solution": easySol}},
		{"solve no solution", "/api/solve", js(map[string]string{"puzzle": wrong.String()}), 200, map[string]any{"status": "none"}},
		{"solve clash", "/api/solve", js(map[string]string{"puzzle": clash.String()}), 422, map[string]any{"cells": []string{"r1c1", "r1c2"}}},
		{"count", "/api/count", js(map[string]string{"puzzle": marks}), 200, map[string]any{"count": 1}},
		{"count no solution", "/api/count", js(map[string]string{"puzzle": wrong.String()}), 200, map[string]any{"count": 0}},
		{"rate", "/api/rate", js(map[string]string{"puzzle": marks}), 200, map[string]any{"level": "Easy", "er": nil, "seHardest": nil}},
		{"rate no solution", "/api/rate", js(map[string]string{"puzzle": wrong.String()}), 422, nil},
		{"explain", "/api/explain", js(map[string]string{"puzzle": marks}), 200, nil},
		{"hint", "/api/hint", js(map[string]string{"puzzle": marks}), 200, map[string]any{"status": "unique"}},
		{"hint with an entry", "/api/hint", js(map[string]string{"puzzle": marks, "grid": "4" + easy[1:]}), 200, map[string]any{"status": "unique", "wrong": nil}},
		{"hint with a wrong entry", "/api/hint", js(map[string]string{"puzzle": marks, "grid": "5" + easy[1:]}), 200, map[string]any{"wrong": []string{"r1c1"}}},
		{"hint grid changes a placed digit", "/api/hint", js(map[string]string{"puzzle": marks, "grid": "..4" + easy[3:]}), 400, map[string]any{"cells": []string{"r1c3"}}},
		{"hint no solution", "/api/hint", js(map[string]string{"puzzle": wrong.String()}), 422, nil},
		{"trace", "/api/trace", js(map[string]string{"puzzle": marks}), 400,
			map[string]any{"error": "puzzle: pencil marks (a sukaku): /api/trace works from givens alone; solve, count, hint, explain and rate honour the candidates"}},
		{"parse", "/api/parse", js(map[string]string{"puzzle": marks}), 200,
			map[string]any{"ok": false, "error": "puzzle: pencil marks (a sukaku): the game plays puzzles of givens; solve, count, hint, explain and rate honour the candidates"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out := post(t, h, tc.path, tc.body)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, out)
			}
			for k, v := range tc.want {
				if got, _ := json.Marshal(out[k]); string(got) != js(v) {
					t.Errorf("%s = %s, want %s", k, got, js(v))
				}
			}
			if tc.name == "explain" || tc.name == "hint" {
				if b, _ := json.Marshal(out); !strings.Contains(string(b), `"technique"`) {
					t.Errorf("no step: %s", b)
				}
			}
		})
	}
}
