package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestStrictDecoding checks that a request is exactly one JSON object of
// known fields, spelt exactly, each once.
func TestStrictDecoding(t *testing.T) {
	h := New(Config{Logger: quiet()})
	p := `"` + easy + `"`
	for _, tt := range []struct {
		name, path, body string
		status           int
		msg              string // in the error
	}{
		{"exact", "/api/solve", `{"puzzle":` + p + `}`, 200, ""},
		{"spaces around", "/api/solve", " \n{ \"puzzle\" : " + p + " }\n ", 200, ""},
		{"empty body", "/api/info", ``, 200, ""},
		{"case", "/api/solve", `{"Puzzle":` + p + `}`, 400, `unknown field "Puzzle" (did you mean "puzzle"?)`},
		{"upper case", "/api/solve", `{"PUZZLE":` + p + `}`, 400, `did you mean "puzzle"?`},
		{"twice", "/api/solve", `{"puzzle":` + p + `,"puzzle":` + p + `}`, 400, `field "puzzle" appears twice`},
		{"twice, once with bad case", "/api/count", `{"puzzle":` + p + `,"limit":2,"Limit":3}`, 400, `unknown field "Limit"`},
		{"unknown", "/api/solve", `{"puzzle":` + p + `,"fast":true}`, 400, `unknown field "fast"`},
		{"trailing object", "/api/solve", `{"puzzle":` + p + `}{}`, 400, "more after its JSON object"},
		{"trailing text", "/api/solve", `{"puzzle":` + p + `} x`, 400, "more after its JSON object"},
		{"trailing comma", "/api/solve", `{"puzzle":` + p + `,}`, 400, "not valid JSON"},
		{"cut short", "/api/solve", `{"puzzle":` + p, 400, "ends too soon"},
		{"array", "/api/solve", `[` + p + `]`, 400, "must be a JSON object"},
		{"null", "/api/solve", `null`, 400, "must be a JSON object"},
		{"string", "/api/solve", p, 400, "must be a JSON object"},
		{"wrong type", "/api/count", `{"puzzle":` + p + `,"limit":"2"}`, 400, `field "limit": string is not a int`},
		{"fraction", "/api/count", `{"puzzle":` + p + `,"limit":2.5}`, 400, `field "limit"`},
		{"nested unknown", "/api/hint", `{"puzzle":` + p + `,"grid":{"a":1}}`, 400, `field "grid"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, out := post(t, h, tt.path, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %v", status, tt.status, out)
			}
			if msg, _ := out["error"].(string); !strings.Contains(msg, tt.msg) {
				t.Errorf("error %q, want it to say %q", msg, tt.msg)
			}
		})
	}
}

// TestHost checks that only the names of this server are served, so that
// a page on another site cannot reach it by DNS rebinding.
func TestHost(t *testing.T) {
	h := New(Config{Logger: quiet()})
	allowed := New(Config{Logger: quiet(), AllowHosts: []string{"sudoku.example.org", "192.0.2.7"}})
	any := New(Config{Logger: quiet(), AllowHosts: []string{"*"}})
	for _, tt := range []struct {
		handler http.Handler
		host    string
		want    int
	}{
		{h, "localhost:8080", 200},
		{h, "localhost", 200},
		{h, "LocalHost.:9000", 200},
		{h, "127.0.0.1:8080", 200},
		{h, "[::1]:8080", 200},
		{h, "[::1]", 200},
		{h, "evil.example.com", 421},
		{h, "evil.example.com:8080", 421},
		{h, "localhost.evil.example.com", 421},
		{h, "127.0.0.2", 421},
		{h, "", 421},
		{h, "sudoku.example.org", 421},
		{allowed, "sudoku.example.org", 200},
		{allowed, "Sudoku.Example.Org:443", 200},
		{allowed, "192.0.2.7:8080", 200},
		{allowed, "www.example.org", 421},
		{allowed, "localhost:8080", 200},
		{any, "anything.example", 200},
	} {
		for _, path := range []string{"/", "/api/info"} {
			var req *http.Request
			if path == "/" {
				req = newRequest(http.MethodGet, path, nil)
			} else {
				req = newRequest(http.MethodPost, path, strings.NewReader("{}"))
			}
			req.Host = tt.host
			rec := httptest.NewRecorder()
			tt.handler.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Errorf("Host %q %s: %d, want %d", tt.host, path, rec.Code, tt.want)
			}
			if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("Host %q %s: no security headers", tt.host, path)
			}
		}
	}
}

// TestHostLoopback checks over a real connection that the address the
// server listens on is a name it answers to, and a foreign name is not.
func TestHostLoopback(t *testing.T) {
	ts := httptest.NewServer(New(Config{Logger: quiet()}))
	defer ts.Close()
	for _, tt := range []struct {
		host string
		want int
	}{
		{ts.Listener.Addr().String(), 200},
		{"rebound.example.com", 421},
	} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/info", strings.NewReader("{}"))
		req.Host = tt.host
		req.Header.Set("Content-Type", "application/json")
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != tt.want {
			t.Errorf("Host %q: %d, want %d", tt.host, res.StatusCode, tt.want)
		}
	}
}

// TestContentType checks that only JSON bodies are taken: a form or
// text/plain POST is what another site's page can send unasked.
func TestContentType(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, tt := range []struct {
		ctype string
		want  int
	}{
		{"application/json", 200},
		{"application/json; charset=utf-8", 200},
		{"Application/JSON; charset=UTF-8", 200},
		{"text/plain", 415},
		{"text/plain;charset=UTF-8", 415},
		{"application/x-www-form-urlencoded", 415},
		{"multipart/form-data; boundary=x", 415},
		{"application/json; charset=latin1", 415},
		{"application/jsonx", 415},
		{"", 415},
	} {
		req := newRequest(http.MethodPost, "/api/solve", strings.NewReader(`{"puzzle":"`+easy+`"}`))
		req.Header.Set("Content-Type", tt.ctype)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("Content-Type %q: %d, want %d: %s", tt.ctype, rec.Code, tt.want, rec.Body)
		}
	}
}

// TestCrossOrigin checks that a browser's POST from another site is
// refused and that no answer grants other origins access.
func TestCrossOrigin(t *testing.T) {
	h := New(Config{Logger: quiet()})
	for _, tt := range []struct {
		method string
		header map[string]string
		want   int
	}{
		{http.MethodPost, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{http.MethodPost, map[string]string{"Origin": "http://evil.example.com"}, 403},
		{http.MethodPost, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost:8080"}, 200},
		{http.MethodPost, map[string]string{"Origin": "http://localhost:8080"}, 200},
		{http.MethodOptions, map[string]string{"Origin": "http://evil.example.com", "Access-Control-Request-Method": "POST",
			"Access-Control-Request-Headers": "content-type"}, 405},
	} {
		req := newRequest(tt.method, "/api/info", strings.NewReader("{}"))
		for k, v := range tt.header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("%s %v: %d, want %d", tt.method, tt.header, rec.Code, tt.want)
		}
		for k := range rec.Header() {
			if strings.HasPrefix(k, "Access-Control-") {
				t.Errorf("%s %v: answer has %s", tt.method, tt.header, k)
			}
		}
	}
}

// TestStaticCaching checks that the files are served as a CDN would:
// gzipped when the client takes it, with strong ETags and 304s, a
// Cache-Control, and no directory listings.
func TestStaticCaching(t *testing.T) {
	h := New(Config{Logger: quiet()})
	get := func(path string, header map[string]string) *httptest.ResponseRecorder {
		req := newRequest(http.MethodGet, path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, path := range []string{"/", "/js/app.js", "/style.css"} {
		plain := get(path, nil)
		etag := plain.Header().Get("ETag")
		if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(etag, `"`) {
			t.Fatalf("GET %s: %d, Content-Encoding %q, ETag %q", path, plain.Code, plain.Header().Get("Content-Encoding"), etag)
		}
		if cc := plain.Header().Get("Cache-Control"); cc == "" {
			t.Errorf("GET %s: no Cache-Control", path)
		}
		if v := plain.Header().Get("Vary"); v != "Accept-Encoding" {
			t.Errorf("GET %s: Vary %q", path, v)
		}

		zipped := get(path, map[string]string{"Accept-Encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1"})
		zetag := zipped.Header().Get("ETag")
		if zipped.Code != 200 || zipped.Header().Get("Content-Encoding") != "gzip" || zetag == etag || !strings.HasPrefix(zetag, `"`) {
			t.Fatalf("GET %s gzip: %d, Content-Encoding %q, ETag %q", path, zipped.Code, zipped.Header().Get("Content-Encoding"), zetag)
		}
		if zipped.Body.Len() >= plain.Body.Len() {
			t.Errorf("GET %s: gzip body %d bytes, plain %d", path, zipped.Body.Len(), plain.Body.Len())
		}
		zr, err := gzip.NewReader(zipped.Body)
		if err != nil {
			t.Fatal(err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(unzipped, plain.Body.Bytes()) {
			t.Errorf("GET %s: the gzip body does not unzip to the file: %v", path, err)
		}
		if get(path, map[string]string{"Accept-Encoding": "gzip;q=0, deflate"}).Header().Get("Content-Encoding") != "" {
			t.Errorf("GET %s: gzip sent although refused", path)
		}

		for _, tt := range []struct {
			header map[string]string
			want   int
		}{
			{map[string]string{"If-None-Match": etag}, 304},
			{map[string]string{"If-None-Match": `"other", ` + etag}, 304},
			{map[string]string{"If-None-Match": zetag, "Accept-Encoding": "gzip"}, 304},
			{map[string]string{"If-None-Match": "*"}, 304},
			{map[string]string{"If-None-Match": `"stale"`}, 200},
			{map[string]string{"If-None-Match": zetag}, 200}, // the gzip tag does not stand for the plain file
		} {
			rec := get(path, tt.header)
			if rec.Code != tt.want {
				t.Errorf("GET %s %v: %d, want %d", path, tt.header, rec.Code, tt.want)
			}
			if rec.Code == 304 && (rec.Body.Len() != 0 || rec.Header().Get("ETag") == "") {
				t.Errorf("GET %s %v: 304 with %d bytes, ETag %q", path, tt.header, rec.Body.Len(), rec.Header().Get("ETag"))
			}
		}
	}
	for _, path := range []string{"/js/", "/js", "/static/", "/nope.js", "/index.htm"} {
		if rec := get(path, nil); rec.Code != 404 || strings.Contains(rec.Body.String(), "app.js") {
			t.Errorf("GET %s: %d, want 404\n%s", path, rec.Code, rec.Body)
		}
	}
}

// TestSecurityHeaders checks that every answer carries the headers, the
// API's and errors included.
func TestSecurityHeaders(t *testing.T) {
	h := New(Config{Logger: quiet(), MaxBody: 100})
	for _, tt := range []struct {
		method, path, ctype, body string
		status                    int
	}{
		{"GET", "/", "", "", 200},
		{"GET", "/favicon.svg", "", "", 200},
		{"GET", "/missing", "", "", 404},
		{"GET", "/js/", "", "", 404},
		{"POST", "/", "", "", 405},
		{"POST", "/api/info", "application/json", "{}", 200},
		{"POST", "/api/solve", "application/json", "{}", 400},
		{"POST", "/api/solve", "text/plain", "{}", 415},
		{"POST", "/api/solve", "application/json", strings.Repeat(" ", 200), 413},
		{"GET", "/api/solve", "", "", 405},
		{"POST", "/api/none", "application/json", "{}", 404},
	} {
		req := newRequest(tt.method, tt.path, strings.NewReader(tt.body))
		req.Header.Set("Content-Type", tt.ctype)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("%s %s: %d, want %d", tt.method, tt.path, rec.Code, tt.status)
		}
		for k, v := range securityHeaders() {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("%s %s: %s %q, want %q", tt.method, tt.path, k, got, v)
			}
		}
		if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s %s: CSP does not forbid framing", tt.method, tt.path)
		}
	}
}
