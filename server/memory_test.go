package server

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// TestTrimmer checks when the server hands memory back: once no request
// is under way, after one whose work held much memory, a large answer or
// one stopped at the time limit (the longest traces end so, and a burst
// of them once kept the server at its peak size); never while a request
// runs, and not after small ones.
func TestTrimmer(t *testing.T) {
	tests := []struct {
		name     string
		requests []struct{ status, size int }
		frees    int32
	}{
		{"small answers", []struct{ status, size int }{{200, 100}, {400, 0}, {http.StatusNotFound, 0}}, 0},
		{"a large answer", []struct{ status, size int }{{200, 100}, {200, bigAnswer}}, 1},
		{"work stopped at the time limit", []struct{ status, size int }{{http.StatusGatewayTimeout, 0}}, 1},
		{"an answer refused for its size", []struct{ status, size int }{{http.StatusInternalServerError, 3 * bigAnswer}}, 1},
		{"a burst of timeouts frees once", []struct{ status, size int }{{504, 0}, {504, 0}, {504, 0}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var frees atomic.Int32
			tr := &trimmer{free: func() { frees.Add(1) }}
			for range tt.requests {
				tr.begin()
			}
			for _, r := range tt.requests {
				tr.end(heavyRequest(r.status, r.size))
			}
			if got := waitFrees(&frees, tt.frees); got != tt.frees {
				t.Errorf("freed %d times, want %d", got, tt.frees)
			}
		})
	}
}

// TestTrimmerWaitsForRequests checks that memory is not handed back while
// a request runs (a collection then would cost it), but once it ends.
func TestTrimmerWaitsForRequests(t *testing.T) {
	var frees atomic.Int32
	tr := &trimmer{free: func() { frees.Add(1) }}
	tr.begin()
	tr.begin()
	tr.end(true)
	if got := waitFrees(&frees, 0); got != 0 {
		t.Fatalf("freed %d times with a request under way", got)
	}
	tr.end(false)
	if got := waitFrees(&frees, 1); got != 1 {
		t.Errorf("freed %d times after the last request ended, want 1", got)
	}
}

// waitFrees waits for want frees (up to 20 s on a loaded machine, where a
// timer may fire late), then a while longer for any more, and returns the
// count.
func waitFrees(frees *atomic.Int32, want int32) int32 {
	for deadline := time.Now().Add(20 * time.Second); frees.Load() < want && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(3 * trimDelay)
	return frees.Load()
}
