package server

import (
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

// trimmer counts the API requests under way and frees memory once they
// are over, if a large answer was made meanwhile.
type trimmer struct {
	inflight atomic.Int64
	due      atomic.Bool // a large answer was made since the last trim
	mu       sync.Mutex
	armed    bool
}

func (t *trimmer) begin() { t.inflight.Add(1) }

// end marks the end of a request, which made an answer of size bytes.
func (t *trimmer) end(size int) {
	if size >= bigAnswer {
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
		debug.FreeOSMemory()
	}
}
