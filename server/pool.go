package server

import (
	"context"
	"net"
	"net/http"
	"sync"

	"github.com/godoku/sudoku/server/internal/engine"
)

// A pool shares the solver slots of one class of requests among clients.
// Requests beyond the free slots wait in a queue, but not in turn: when a
// slot comes free it goes to the waiting client that runs the fewest
// requests at that moment and, among those, to the one served longest ago
// (round robin). So a client that sends many requests at once gets its
// share, not the whole server, and a client with one request waits for
// at most one slot to come free. One client may have at most perClient requests waiting or
// running (429 beyond that), and the queue holds at most maxWaiting in all
// (503 beyond that).
type pool struct {
	slots, maxWaiting, perClient int

	mu      sync.Mutex
	running int
	queue   []*waiter // in arrival order
	clients map[string]*share
	grants  uint64 // slots granted so far
}

// share is what one client has in a pool. served is the number of the
// last slot it was granted, 0 for none since it last had nothing.
type share struct {
	running, waiting int
	served           uint64
}

type waiter struct {
	who     *share
	ready   chan struct{} // closed when granted a slot
	granted bool
}

func newPool(slots, perClient int) *pool {
	return &pool{slots: slots, maxWaiting: 8 * slots, perClient: perClient, clients: map[string]*share{}}
}

var (
	errBusy = &apiError{Status: http.StatusServiceUnavailable, Code: engine.CodeBusy, Message: "server busy, try again"}
	errMany = &apiError{Status: http.StatusTooManyRequests, Code: engine.CodeBusy, Message: "too many requests from this client at once, try again"}
)

// acquire waits for a slot for client, until ctx is done. It returns the
// function that gives the slot back.
func (p *pool) acquire(ctx context.Context, client string) (release func(), err error) {
	p.mu.Lock()
	sh := p.clients[client]
	if sh == nil {
		sh = &share{}
		p.clients[client] = sh
	}
	release = func() { p.release(client, sh) }
	switch {
	case sh.running+sh.waiting >= p.perClient:
		p.forget(client, sh)
		p.mu.Unlock()
		return nil, errMany
	case p.running < p.slots && len(p.queue) == 0:
		p.grant(sh)
		p.mu.Unlock()
		return release, nil
	case len(p.queue) >= p.maxWaiting:
		p.forget(client, sh)
		p.mu.Unlock()
		return nil, errBusy
	}
	w := &waiter{who: sh, ready: make(chan struct{})}
	p.queue = append(p.queue, w)
	sh.waiting++
	p.mu.Unlock()

	select {
	case <-w.ready:
		return release, nil
	case <-ctx.Done():
	}
	p.mu.Lock()
	if w.granted { // granted as the time ran out: give it to the next
		p.mu.Unlock()
		release()
		return nil, errBusy
	}
	for i, q := range p.queue {
		if q == w {
			p.queue = append(p.queue[:i], p.queue[i+1:]...)
			break
		}
	}
	sh.waiting--
	p.forget(client, sh)
	p.mu.Unlock()
	return nil, errBusy
}

// release gives back a slot and grants it to the waiting client that runs
// the fewest requests.
func (p *pool) release(client string, sh *share) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running--
	sh.running--
	p.forget(client, sh)
	if len(p.queue) == 0 || p.running >= p.slots {
		return
	}
	next := 0
	for i, w := range p.queue {
		a, b := w.who, p.queue[next].who
		if a.running < b.running || a.running == b.running && a.served < b.served {
			next = i
		}
	}
	w := p.queue[next]
	p.queue = append(p.queue[:next], p.queue[next+1:]...)
	w.granted = true
	w.who.waiting--
	p.grant(w.who)
	close(w.ready)
}

func (p *pool) grant(sh *share) {
	p.running++
	sh.running++
	p.grants++
	sh.served = p.grants
}

// forget drops a client with nothing left in the pool.
func (p *pool) forget(client string, sh *share) {
	if sh.running == 0 && sh.waiting == 0 {
		delete(p.clients, client)
	}
}

// clientOf names the client of a request for its share: the address it
// connects from. Behind a proxy every request comes from the proxy and
// all share one.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// A budget bounds the memory held by answers made but not yet sent, in
// all and per client: a client that does not read its answers, or reads
// them slowly, holds each until the write deadline. Beyond the budget an
// answer is not sent: 503, or 429 when the client holds its share. Small
// answers are not counted: their number is bounded by the connections.
type budget struct {
	total, perClient int

	mu   sync.Mutex
	held int
	by   map[string]int
}

// The budget: 64 MiB in all and 16 MiB per client, but room for four
// of the largest answers in all and one per client. Answers under 64 KiB
// are not counted.
const (
	budgetTotal     = 64 << 20
	budgetPerClient = 16 << 20
	smallAnswer     = 64 << 10
)

func newBudget(maxAnswer int) *budget {
	return &budget{total: max(budgetTotal, 4*maxAnswer), perClient: max(budgetPerClient, maxAnswer), by: map[string]int{}}
}

// take reserves n bytes for client, or says why it cannot. The returned
// function gives them back.
func (b *budget) take(client string, n int) (release func(), err error) {
	if n < smallAnswer {
		return func() {}, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.by[client]+n > b.perClient:
		return nil, errMany
	case b.held+n > b.total:
		return nil, errBusy
	}
	b.held += n
	b.by[client] += n
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.held -= n
		if b.by[client] -= n; b.by[client] == 0 {
			delete(b.by, client)
		}
	}, nil
}
