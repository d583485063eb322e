package server

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// waitQueue waits until n requests wait in p.
func waitQueue(t *testing.T, p *pool, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		got := len(p.queue)
		p.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests wait, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestPoolRoundRobin checks that a slot coming free goes to the client
// that runs the fewest requests and was served longest ago, not to the
// one that queued first.
func TestPoolRoundRobin(t *testing.T) {
	p := newPool(1, 4)
	release, err := p.acquire(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []string
	releases := make(chan func(), 4)
	var wg sync.WaitGroup
	for i, c := range []string{"a2", "a3", "b1", "c1"} {
		wg.Go(func() {
			rel, err := p.acquire(context.Background(), c[:1])
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, c)
			mu.Unlock()
			releases <- rel
		})
		waitQueue(t, p, i+1) // queued in this order
	}
	release()
	for range 4 {
		(<-releases)()
	}
	wg.Wait()
	if got := strings.Join(order, " "); got != "b1 c1 a2 a3" {
		t.Errorf("slots granted to %s, want b1 c1 a2 a3", got)
	}
	if len(p.clients) != 0 || p.running != 0 {
		t.Errorf("after all released: %d clients, %d running", len(p.clients), p.running)
	}
}

// TestPoolLimits checks one client's share (429 beyond it), the queue's
// bound (503) and a wait that runs out of time.
func TestPoolLimits(t *testing.T) {
	p := newPool(1, 4) // 4 per client, 8 waiting
	ctx, cancel := context.WithCancel(context.Background())
	var rels []func()
	r, _ := p.acquire(ctx, "a")
	rels = append(rels, r)
	errs := make(chan error, 16)
	wait := func(client string) {
		go func() {
			r, err := p.acquire(ctx, client)
			if err == nil {
				r()
			}
			errs <- err
		}()
	}
	for i := range 3 {
		wait("a")
		waitQueue(t, p, i+1)
	}
	if _, err := p.acquire(ctx, "a"); err != errMany {
		t.Errorf("a's fifth request: %v, want %v", err, errMany)
	}
	for i := range 5 {
		wait(string(rune('b' + i)))
		waitQueue(t, p, 4+i)
	}
	if _, err := p.acquire(ctx, "z"); err != errBusy {
		t.Errorf("beyond the queue: %v, want %v", err, errBusy)
	}
	cancel() // every wait ends
	for range 8 {
		if err := <-errs; err != errBusy {
			t.Errorf("wait cut short: %v, want %v", err, errBusy)
		}
	}
	for _, r := range rels {
		r()
	}
	if len(p.clients) != 0 || p.running != 0 || len(p.queue) != 0 {
		t.Errorf("after all: %d clients, %d running, %d waiting", len(p.clients), p.running, len(p.queue))
	}
}

// TestBudget checks the bound on answers held while being sent.
func TestBudget(t *testing.T) {
	b := newBudget(DefaultMaxAnswer) // 64 MiB in all, 16 MiB per client
	const mb = 1 << 20
	if r, err := b.take("a", smallAnswer-1); err != nil {
		t.Fatal(err)
	} else {
		r()
	}
	var rels []func()
	for range 16 {
		r, err := b.take("a", mb)
		if err != nil {
			t.Fatal(err)
		}
		rels = append(rels, r)
	}
	if _, err := b.take("a", mb); err != errMany {
		t.Errorf("a's 17th large answer: %v, want %v", err, errMany)
	}
	if r, err := b.take("a", smallAnswer-1); err != nil {
		t.Errorf("a small answer: %v", err)
	} else {
		r()
	}
	for _, c := range []string{"b", "c", "d"} {
		for range 16 {
			r, err := b.take(c, mb)
			if err != nil {
				t.Fatal(c, err)
			}
			rels = append(rels, r)
		}
	}
	if _, err := b.take("e", mb); err != errBusy {
		t.Errorf("beyond the budget: %v, want %v", err, errBusy)
	}
	for _, r := range rels {
		r()
	}
	if b.held != 0 || len(b.by) != 0 {
		t.Errorf("after all: %d held by %d", b.held, len(b.by))
	}
	// The largest answer always fits, once per client.
	big := newBudget(100 * mb)
	r, err := big.take("a", 100*mb)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := big.take("a", 100*mb); err != errMany {
		t.Errorf("a second answer of 100 MB: %v", err)
	}
	r()
}

// TestFairness checks over the API that the slow endpoints cannot keep
// solve waiting, and that one client flooding them leaves others their
// turn.
func TestFairness(t *testing.T) {
	release := make(chan struct{})
	block := blocking(release, nil)
	s := newServer(Config{Logger: quiet(), MaxConcurrent: 2, Timeout: 5 * time.Second}, block)
	statuses := make(chan int, 16)
	for range 8 { // a's whole share: two running, six waiting
		go func() {
			status, _ := postFrom(t, s.handler, "192.0.2.1", "/api/block", "{}")
			statuses <- status
		}()
	}
	waitQueue(t, s.slow, 6)
	if status, out := postFrom(t, s.handler, "192.0.2.1", "/api/block", "{}"); status != http.StatusTooManyRequests {
		t.Errorf("beyond a's share: %d %v, want 429", status, out)
	}
	// solve is answered at once, from a or anyone.
	for _, ip := range []string{"192.0.2.1", "192.0.2.2"} {
		start := time.Now()
		if status, out := postFrom(t, s.handler, ip, "/api/solve", `{"puzzle":"`+easy+`"}`); status != 200 || time.Since(start) > time.Second {
			t.Errorf("solve from %s beside a flood: %d %v after %v", ip, status, out, time.Since(start))
		}
	}
	// b's request goes before a's six waiting ones.
	bDone := make(chan int, 1)
	go func() {
		status, _ := postFrom(t, s.handler, "192.0.2.2", "/api/block", "{}")
		bDone <- status
	}()
	waitQueue(t, s.slow, 7)
	release <- struct{}{} // one of a's running requests ends
	if st := <-statuses; st != 200 {
		t.Errorf("a's request: %d", st)
	}
	waitQueue(t, s.slow, 6)
	s.slow.mu.Lock()
	bRunning := s.slow.clients["192.0.2.2"] != nil && s.slow.clients["192.0.2.2"].running == 1
	s.slow.mu.Unlock()
	if !bRunning {
		t.Error("the freed slot did not go to b")
	}
	close(release)
	if st := <-bDone; st != 200 {
		t.Errorf("b's request: %d", st)
	}
	for range 7 {
		if st := <-statuses; st != 200 {
			t.Errorf("a's request: %d", st)
		}
	}
}

// TestMaxPerClient checks that Config.MaxPerClient sets a client's share.
func TestMaxPerClient(t *testing.T) {
	release := make(chan struct{})
	block := blocking(release, nil)
	s := newServer(Config{Logger: quiet(), MaxConcurrent: 1, MaxPerClient: 2, Timeout: 5 * time.Second}, block)
	done := make(chan int, 2)
	for range 2 {
		go func() {
			status, _ := postFrom(t, s.handler, "192.0.2.1", "/api/block", "{}")
			done <- status
		}()
	}
	waitQueue(t, s.slow, 1)
	if status, _ := postFrom(t, s.handler, "192.0.2.1", "/api/block", "{}"); status != http.StatusTooManyRequests {
		t.Errorf("third request of a client allowed two: %d, want 429", status)
	}
	close(release)
	for range 2 {
		if st := <-done; st != 200 {
			t.Errorf("request: %d", st)
		}
	}
}
