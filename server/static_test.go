package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// TestBigAsset serves a file of bigAsset bytes or more, which is read from
// its file system at each use rather than held: whole, gzipped, a range,
// and a 304 for its ETag, each the same as for a file held in memory.
func TestBigAsset(t *testing.T) {
	big := make([]byte, bigAsset+12345)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range big {
		big[i] = byte(r.IntN(16)) // compressible, as a wasm file is
	}
	a, err := loadAssets(fstest.MapFS{"big.wasm": {Data: big}, "small.js": {Data: big[:100]}})
	if err != nil {
		t.Fatal(err)
	}
	if f := a["/big.wasm"]; f.plain != nil || f.size != int64(len(big)) || a["/small.js"].plain == nil {
		t.Fatalf("the big file is held (%d bytes) or sized %d, or the small one is not held", len(f.plain), f.size)
	}
	held, _ := newAsset("big.wasm", big)
	get := func(headers ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/big.wasm", nil)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		rec := httptest.NewRecorder()
		a.ServeHTTP(rec, req)
		return rec
	}
	if rec := get(); rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), big) || rec.Header().Get("ETag") != held.etag {
		t.Errorf("whole: %d, %d bytes, ETag %s, want %s", rec.Code, rec.Body.Len(), rec.Header().Get("ETag"), held.etag)
	}
	rec := get("Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(zr); err != nil || !bytes.Equal(b, big) || rec.Header().Get("Content-Encoding") != "gzip" || rec.Body.Len() >= len(big) {
		t.Errorf("gzipped: %v, %d bytes unzipped from %d", err, len(b), rec.Body.Len())
	}
	if rec := get("Range", "bytes=100-199"); rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), big[100:200]) {
		t.Errorf("a range: %d, %q", rec.Code, rec.Body.Bytes())
	}
	if rec := get("If-None-Match", held.etag); rec.Code != http.StatusNotModified {
		t.Errorf("its ETag: %d, want 304", rec.Code)
	}
}
