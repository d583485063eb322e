package server

import (
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// The runtime gives memory the heap no longer needs back to the system
// slowly: after a burst of large answers a server kept its peak size for
// about ten minutes. Large answers are rare (long traces, mostly), so after
// one the server hands the memory back at once, as soon as no API request
// is under way, which costs one garbage collection of a small heap.
const (
	bigAnswer = 256 << 10
	trimDelay = 500 * time.Millisecond
)

// heavyRequest reports whether a request ended with status after making
// an answer of size bytes (encoded, whether sent or refused for its size)
// is one whose work held much memory: a large answer, or work stopped at
// the time limit, which is how the longest traces end (their steps held
// in memory, no answer sent). A burst of those kept the server at its
// peak size as well, when only sent answers counted.
func heavyRequest(status, size int) bool {
	return size >= bigAnswer || status == http.StatusGatewayTimeout
}

// trimmer counts the API requests under way and frees memory once they
// are over, if a heavy one ended meanwhile.
type trimmer struct {
	inflight atomic.Int64
	due      atomic.Bool // a heavy request ended since the last trim
	mu       sync.Mutex
	armed    bool
	free     func() // debug.FreeOSMemory, if nil; a test's counter
}

func (t *trimmer) begin() { t.inflight.Add(1) }

// end marks the end of a request; heavy says whether its work held much
// memory (heavyRequest).
func (t *trimmer) end(heavy bool) {
	if heavy {
		t.due.Store(true)
	}
	if t.inflight.Add(-1) == 0 && t.due.Load() {
		t.mu.Lock()
		defer t.mu.Unlock()
		if !t.armed {
			t.armed = true
			time.AfterFunc(trimDelay, t.fire)
		}
	}
}

// fire frees memory unless a request is under way; the last one to end
// arms the timer again.
func (t *trimmer) fire() {
	t.mu.Lock()
	t.armed = false
	t.mu.Unlock()
	if t.inflight.Load() == 0 && t.due.Swap(false) {
		if t.free != nil {
			t.free()
		} else {
			debug.FreeOSMemory()
		}
	}
}
