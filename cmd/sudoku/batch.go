package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godoku/sudoku"
)

// An item is one puzzle of a batch: where it came from, and either the
// puzzle or why it could not be read.
type item struct {
	src    string // file name, or "<stdin>"
	puzzle sudoku.Puzzle
	err    error // a parse error; the item then never reaches a worker's solver
}

// batch runs a command over every puzzle of its inputs.
type batch struct {
	inputs []string // files; "-" or none means standard input
	jobs   int
	std    *stdio
	// label names what is counted in the progress display, such as "solved".
	label string
	// idle, if set, is called when no result is ready to emit, so output can
	// be flushed while the batch waits for more.
	idle func()
}

// runBatch reads every puzzle, has work(ctx, item) done on each by b.jobs
// workers, and passes the results to emit in input order. newWork is called
// once per worker, so each can keep its own solver. It returns false if an
// input could not be opened or read; emit sees every puzzle that was read,
// including those that failed to parse. When ctx is cancelled, reading
// stops, and the puzzles already read are still worked on (so work should
// watch ctx) and emitted.
func runBatch[R any](ctx context.Context, b *batch, newWork func() func(context.Context, *item) R, emit func(*item, R)) bool {
	type slot struct {
		it     *item
		result chan R
	}
	jobs := max(b.jobs, 1)
	work := make(chan slot, jobs)
	order := make(chan slot, 64*jobs) // bounds the puzzles in flight
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := newWork()
			for s := range work {
				s.result <- do(ctx, s.it)
			}
		}()
	}
	ok := true
	go func() {
		defer close(order)
		defer close(work)
		ok = readInputs(ctx, b, func(it *item) {
			s := slot{it, make(chan R, 1)}
			order <- s
			work <- s
		})
	}()
	var done atomic.Int64
	stopProgress := b.progress(&done)
	for s := range order {
		emit(s.it, <-s.result)
		done.Add(1)
		if len(order) == 0 && b.idle != nil {
			b.idle() // nothing more is ready: show what we have
		}
	}
	stopProgress()
	wg.Wait()
	return ok
}

// readInputs calls f with every puzzle of b.inputs in order. It reports
// false if an input could not be opened or read, after saying so on stderr.
func readInputs(ctx context.Context, b *batch, f func(*item)) bool {
	inputs := b.inputs
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	ok := true
	for _, name := range inputs {
		if ctx.Err() != nil {
			break
		}
		if name == "-" {
			ok = readInput(ctx, b, "<stdin>", b.std.in, f) && ok
			continue
		}
		file, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(b.std.err, "sudoku: %v\n", err)
			ok = false
			continue
		}
		ok = readInput(ctx, b, name, file, f) && ok
		file.Close()
	}
	return ok
}

func readInput(ctx context.Context, b *batch, src string, r io.Reader, f func(*item)) bool {
	pr := sudoku.NewReader(r)
	for ctx.Err() == nil {
		p, err := pr.Read()
		if err == io.EOF {
			break
		}
		if _, isParse := err.(*sudoku.ParseError); err != nil && !isParse {
			fmt.Fprintf(b.std.err, "sudoku: reading %s: %v\n", src, err)
			return false
		}
		f(&item{src: src, puzzle: p, err: err})
	}
	return true
}

// progress shows on a terminal how many puzzles are done, once a batch has
// run for a second, and returns the function that clears it.
func (b *batch) progress(done *atomic.Int64) func() {
	if !b.std.errTTY {
		return func() {}
	}
	start := time.Now()
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-quit:
				if shown {
					fmt.Fprint(b.std.err, "\r\033[K")
				}
				return
			case now := <-tick.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				n := done.Load()
				fmt.Fprintf(b.std.err, "\r\033[K%s %d puzzles in %.1fs (%.0f/s)", b.label, n, el.Seconds(), float64(n)/el.Seconds())
				shown = true
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
	}
}
