package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// An asset is one embedded file, ready to send as a CDN would: its strong
// ETag is a hash of its content, and its gzipped form is made once, when
// it is first asked for, rather than per request. Not at start-up: the
// offline engine's 5.6 MB took 1.3 s at gzip's best compression, and the
// server answered nothing until it was done (nor a SIGTERM's request).
type asset struct {
	ctype string
	// plain is the content, or nil for a big file, which is read from
	// fsys (name) at each use instead: embed.FS.ReadFile copies a file
	// onto the heap, and the two offline engines (5.8 and 7.6 MB) would
	// be held there twice over, as the binary holds them already.
	plain  []byte
	fsys   fs.FS
	name   string
	size   int64
	etag   string // of plain; gz has etag with "-gz" before the closing quote
	gzOnce sync.Once
	gz     []byte // nil when gzip does not make it smaller; set by gzipped
}

// bigAsset is the size from which an embedded file is read at each use
// rather than held in memory.
const bigAsset = 1 << 20

// open returns the file's content to read, and the function to call when
// done with it.
func (f *asset) open() (io.ReadSeeker, func(), error) {
	if f.plain != nil || f.fsys == nil {
		return bytes.NewReader(f.plain), func() {}, nil
	}
	file, err := f.fsys.Open(f.name)
	if err != nil {
		return nil, nil, err
	}
	if rs, ok := file.(io.ReadSeeker); ok {
		return rs, func() { file.Close() }, nil //nolint:errcheck // read only
	}
	defer file.Close() //nolint:errcheck // read only
	b, err := io.ReadAll(file)
	return bytes.NewReader(b), func() {}, err
}

// gzipped returns the file's gzipped form, made at the first call, or nil
// when gzip does not make it smaller (or the file cannot be read).
func (f *asset) gzipped() []byte {
	f.gzOnce.Do(func() {
		r, done, err := f.open()
		if err != nil {
			return
		}
		defer done()
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
		if _, err := io.Copy(zw, r); err == nil && zw.Close() == nil && int64(buf.Len()) < f.size {
			f.gz = buf.Bytes()
		}
	})
	return f.gz
}

// assets serves the embedded files by their path, "/" being index.html.
// Directories are not listed: a path that is not a file is 404.
type assets map[string]*asset

// staticCache is the Cache-Control of every asset. The files have plain
// names (the page imports its modules as /js/app.js), so a cached copy may
// not be used without asking: after an upgrade the page and its scripts
// would not match. Asking is cheap, as the answer is a 304 without a body.
const staticCache = "no-cache"

// types are the content types of the extensions the system's table may
// lack.
var types = map[string]string{".webmanifest": "application/manifest+json"}

// serviceWorker is the service worker's path. loadAssets writes into it the
// version and the paths of every other file, which it keeps for the page
// to work without the server (see static/sw.js).
const serviceWorker = "/sw.js"

// embeddedAssets returns the embedded files as assets, loaded at the first
// call and shared by every Server: they never change, and each copy with
// its hashes and gzipped forms would be made again by each New.
var embeddedAssets = sync.OnceValues(func() (assets, error) {
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, err
	}
	return loadAssets(static)
})

func loadAssets(fsys fs.FS) (assets, error) {
	a := assets{}
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		if info, err := e.Info(); err == nil && info.Size() >= bigAsset {
			a["/"+p], err = newBigAsset(fsys, p)
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		a["/"+p], err = newAsset(p, b)
		return err
	})
	if err != nil {
		return a, err
	}
	if f := a["/index.html"]; f != nil {
		a["/"] = f
	}
	if f := a[serviceWorker]; f != nil {
		a[serviceWorker], err = newAsset(serviceWorker, workerFor(a, f.plain))
	}
	return a, err
}

// optionalFiles are the files the service worker keeps only once a page
// asks for them, by the name of the page's message (static/sw.js,
// js/offline.js): each page's offline engine, which the other page does
// without (docs/web.md, "The offline engine"): 1.6 MB gzipped for the
// classic page's, 2.1 MB for the variant page's.
var optionalFiles = map[string]string{"/engine/engine.wasm": "engine", "/engine/variant.wasm": "variant"}

// workerFor is the service worker's text with its VERSION, a hash of the
// other files' ETags, its FILES, their paths in order, and its OPTIONAL,
// the optionalFiles among them by name, which FILES leaves out.
func workerFor(a assets, text []byte) []byte {
	var all, files []string
	optional := map[string][]string{}
	for p := range a {
		if p != serviceWorker {
			all = append(all, p)
		}
	}
	sort.Strings(all)
	h := sha256.New()
	for _, p := range all {
		io.WriteString(h, p+" "+a[p].etag+"\n") //nolint:errcheck // a hash takes every write
		if name, ok := optionalFiles[p]; ok {
			optional[name] = append(optional[name], p)
		} else {
			files = append(files, p)
		}
	}
	text = bytes.Replace(text, []byte(`const VERSION = "";`), []byte(`const VERSION = "`+base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:12])+`";`), 1)
	text = bytes.Replace(text, []byte(`const FILES = [];`), []byte(`const FILES = `+jsonList(files)+`;`), 1)
	opt, _ := json.Marshal(optional) // a map of strings marshals
	return bytes.Replace(text, []byte(`const OPTIONAL = {};`), []byte(`const OPTIONAL = `+string(opt)+`;`), 1)
}

// jsonList is a list of paths as a JSON array, [] for none.
func jsonList(paths []string) string {
	if paths == nil {
		return "[]"
	}
	b, _ := json.Marshal(paths) // strings marshal
	return string(b)
}

// newAsset makes the asset of the file at path p: its type and hash.
func newAsset(p string, b []byte) (*asset, error) {
	sum := sha256.Sum256(b)
	return typed(&asset{plain: b, size: int64(len(b)), etag: etagOf(sum[:])}, p), nil
}

// newBigAsset makes the asset of a big file at path p of fsys, which is
// read at each use (asset.plain).
func newBigAsset(fsys fs.FS, p string) (*asset, error) {
	f := &asset{fsys: fsys, name: p}
	r, done, err := f.open()
	if err != nil {
		return nil, err
	}
	defer done()
	h := sha256.New()
	if f.size, err = io.Copy(h, r); err != nil {
		return nil, err
	}
	f.etag = etagOf(h.Sum(nil))
	return typed(f, p), nil
}

func etagOf(sum []byte) string { return `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"` }

// typed sets the content type of f, the file at path p.
func typed(f *asset, p string) *asset {
	f.ctype = mime.TypeByExtension(path.Ext(p))
	if t, ok := types[path.Ext(p)]; ok {
		f.ctype = t
	}
	if f.ctype == "" {
		f.ctype = "application/octet-stream"
	}
	return f
}

func (a assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		textError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	f := a[r.URL.Path]
	if f == nil {
		textError(w, http.StatusNotFound, "404 page not found")
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", staticCache)
	h.Set("Vary", "Accept-Encoding")
	var body io.ReadSeeker
	etag := f.etag
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		if gz := f.gzipped(); gz != nil {
			body, etag = bytes.NewReader(gz), strings.TrimSuffix(f.etag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	if body == nil {
		plain, done, err := f.open()
		if err != nil {
			textError(w, http.StatusInternalServerError, "the file cannot be read")
			return
		}
		defer done()
		body = plain
	}
	h.Set("ETag", etag)
	if strings.Count(r.Header.Get("Range"), ",") >= maxRanges {
		// Many small ranges make a multipart answer larger than the
		// file: 1,000 one-byte ranges of a 62 KB script took 152 KB.
		// RFC 9110 (14.2) lets a server ignore such a Range: the
		// whole file it is.
		r.Header.Del("Range")
	}
	// ServeContent answers If-None-Match with 304, HEAD and ranges.
	http.ServeContent(w, r, "", time.Time{}, body)
}

// maxRanges is the most ranges of a file one request may ask for; a
// request for more gets the whole file.
const maxRanges = 8

// acceptsGzip reports whether an Accept-Encoding header allows gzip: named
// with a quality above zero, or not named and "*" allowed.
func acceptsGzip(header string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		ok := true
		for p := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(k, "q") {
				q, err := strconv.ParseFloat(v, 64)
				ok = err == nil && q > 0
			}
		}
		if coding == "*" {
			star = ok
		} else {
			return ok
		}
	}
	return star
}

// textError answers outside the API, in plain text.
func textError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write([]byte(msg + "\n")) //nolint:errcheck // nothing to do for a client gone
}
