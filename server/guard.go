package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The headers sent with every response, page, API and errors alike. The
// policy lets the page load nothing that is not served from here, which
// also proves that nothing external is needed, and no other site may frame
// it, embed its files or learn where a visitor came from. They are worked
// out on first use, not when the program starts: hashing the page's
// scripts took a quarter of a millisecond, which every command paid.
var securityHeaders = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"Content-Security-Policy":      contentSecurityPolicy(staticFS),
		"X-Content-Type-Options":       "nosniff",
		"Referrer-Policy":              "no-referrer",
		"X-Frame-Options":              "DENY",
		"Cross-Origin-Resource-Policy": "same-origin",
		"Cross-Origin-Opener-Policy":   "same-origin",
	}
})

// contentSecurityPolicy allows only this server's own files and, by the
// hash of its text, each page's inline script, which chooses the language
// before the first paint (index.html, variant.html); no other inline
// script may run.
func contentSecurityPolicy(fsys fs.FS) string {
	scripts := "'self'"
	inlineScript := regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	for _, name := range []string{"static/index.html", "static/variant.html"} {
		page, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		for _, m := range inlineScript.FindAllSubmatch(page, -1) {
			sum := sha256.Sum256(m[1])
			scripts += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		}
	}
	return "default-src 'self'; script-src " + scripts + " 'wasm-unsafe-eval'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}

// guard wraps the whole server: it sets the security headers, answers 421
// to a Host it does not serve, and 403 to a browser's cross-origin POST.
func (s *server) guard(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		refuse(w, r, http.StatusForbidden, "cross-origin request refused")
	}))
	h = cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		for k, v := range securityHeaders() {
			hd.Set(k, v)
		}
		if len(r.TransferEncoding) > 0 {
			// RFC 9112 (6.3): a request with both Transfer-Encoding and
			// Content-Length may be smuggling another, and its connection
			// must be closed after the answer. Go's server drops the
			// Content-Length of such a request before a handler sees
			// it, so every chunked request is treated so (browsers send
			// none).
			hd.Set("Connection", "close")
		}
		if r.ContentLength != 0 { // a body, of known length (> 0) or chunked (-1)
			w, r = closeUnread(w, r)
		}
		if !s.hostAllowed(r) {
			refuse(w, r, http.StatusMisdirectedRequest, "this server does not serve the host "+quoteHost(r.Host)+"; start it with --allow-host to allow one")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether the request names a host this server is
// meant to be reached by: localhost, a loopback address, the address the
// connection came in on, or one allowed in the Config. Checking it defeats
// DNS rebinding, where a page on another site makes its own name resolve
// to this machine: the browser then sends that name as the Host. The port
// is not checked, so a server behind a port forward still answers.
func (s *server) hostAllowed(r *http.Request) bool {
	if s.anyHost {
		return true
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	switch host {
	case "":
		return false
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	if s.hosts[host] {
		return true
	}
	ip := net.ParseIP(host)
	local, _ := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr)
	return ip != nil && local != nil && ip.Equal(local.IP)
}

// quoteHost quotes a Host header for an error message, shortened.
func quoteHost(h string) string {
	if len(h) > 64 {
		return strconv.Quote(h[:64]) + "..."
	}
	return strconv.Quote(h)
}

// isJSON reports whether a Content-Type header says JSON in UTF-8.
func isJSON(ctype string) bool {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// refuse answers with an error: JSON under /api/, plain text elsewhere.
func refuse(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeError(w, &apiError{Status: status, Message: msg}) //nolint:errcheck // the error is the answer
		return
	}
	textError(w, status, msg)
}

// closeUnread returns w and r with r's body watched: if the answer starts
// before the body has been read to its end, as when a request is refused
// (405, 404, 415, 421) or a page file asked for with a body, the answer
// closes the connection and the rest of the body is not read. Otherwise
// Go's server reads up to 256 KB of it, before the answer (to keep the
// connection) or after it (when the handler is done), and a client that
// sends it slowly, or never, holds the connection, and waited for its
// answer, until the read timeout.
func closeUnread(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request) {
	b := &watchedBody{ReadCloser: r.Body}
	r2 := *r
	r2.Body = b
	return &unreadWriter{ResponseWriter: w, body: b}, &r2
}

// watchedBody is a request body that notes when it has been read whole.
type watchedBody struct {
	io.ReadCloser
	done bool
}

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.done = true
	}
	return n, err
}

// unreadWriter closes the connection after an answer that starts before
// its request's body was read whole.
type unreadWriter struct {
	http.ResponseWriter
	body    *watchedBody
	started bool
}

func (w *unreadWriter) WriteHeader(status int) {
	if !w.started {
		w.started = true
		if !w.body.done {
			w.Header().Set("Connection", "close")
			// Unsupported only in tests' recorders.
			http.NewResponseController(w.ResponseWriter).SetReadDeadline(time.Now()) //nolint:errcheck
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *unreadWriter) Write(b []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *unreadWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
