package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/variant"
)

// A task is one item of a batch: a puzzle read from an input (or one that
// could not be read), or, for generate, the number of a puzzle to make.
type task struct {
	index  int    // position in the batch, from 0
	src    string // where the puzzle came from: a file name, "<stdin>" or "<arg N>"
	puzzle sudoku.Puzzle
	// variant is the puzzle when it is a variant one (package variant):
	// puzzle then holds its line, name and text (as written), not its
	// cells.
	variant *variant.Puzzle
	// err says why the puzzle could not be read: a *sudoku.ParseError.
	// The task still gets its record in its place.
	err error
	// inputErr says that an input could not be opened or read; such a
	// task is no puzzle, and only reported.
	inputErr error
	// steady says that the input it came from never keeps the source
	// waiting (a file, an argument, a count), so that the task may wait
	// for a few more to be handed on with them.
	steady bool
}

// where returns the "file:line" of the task's puzzle.
func (t *task) where() string { return fmt.Sprintf("%s:%d", t.src, t.puzzle.Line) }

// A pipeline runs one command over a batch: it takes tasks in order from
// a source, has them worked on by jobs workers at once (or, with one job,
// by the goroutine that reads them), and writes their results in input
// order through emit. It owns the progress line, cancellation and the
// exit status, so that every batch command (solve, count, rate, generate,
// ...) behaves alike:
//
//   - results are written as soon as they are next in order;
//   - on cancellation (the first Ctrl-C, or a write error), no new task is
//     started; the tasks under way finish or stop, and are written; the
//     tasks never started get no record (they are all later in the order
//     than those started, so the output stays in order);
//   - the exit status is 0 when every task succeeded, 1 when any failed,
//     an input could not be read, output could not be written or the run
//     was interrupted.
type pipeline[R any] struct {
	name  string // the command, for messages
	con   *console
	jobs  int
	label string // what the progress line counts, such as "solved"
	total int    // the number of tasks when known in advance, or 0
	// progress turns the progress line on; it is shown only on a
	// terminal, and never while a person types the input.
	progress bool
	// detail, if set, adds to the progress line what the tasks under way
	// have done, such as the solutions count has counted.
	detail func() string
	// finish, if set, is called when the run is over, before run says
	// that it was interrupted, if it was: rate's summary comes there.
	finish func(interrupted bool)
	// tasks calls yield with each task in order, until yield returns
	// false; yield copies the task, so the source may reuse it. A nil
	// task says that the source may wait before the next one (at the end
	// of an input), so what it gave is handed on at once.
	tasks func(yield func(*task) bool)
	// newWork makes the work function of one worker, which may keep
	// state such as a solver. Work sets the result of a task in *r, which
	// is zero when it is called; it watches ctx and returns promptly once
	// it is done. It never sees a task that could not be read: emit gets
	// those with the zero result.
	newWork func() func(ctx context.Context, t *task, r *R)
	// emit writes the result of a task and reports whether it succeeded.
	// *r is the pipeline's, and may be used again once emit returns.
	// (Results go by pointer: copying canon's, a line of text, from work
	// to emit took 1.6% of its instructions.)
	emit func(t *task, r *R) bool
}

// plural returns "1 puzzle", "2 puzzles": n and the word, in the plural
// unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// outcome is what became of one task.
type outcome[R any] struct {
	r       R
	skipped bool // cancelled before it started
}

// A batch is a run of consecutive tasks that one worker takes at once, so
// that quick tasks do not pay for a hand-over each. It holds its place in
// the output order until its outcomes are known. Once written, it is
// used again for later tasks, with its memory: for the quickest commands
// (canon), allocating each task and outcome anew cost more than reading
// the puzzle.
type batch[R any] struct {
	store    []task // the tasks, copied from the source
	tasks    []*task
	outcomes []outcome[R]
	done     chan struct{} // closed when outcomes are set
}

// Batches take about batchTime of work, and at most maxBatch tasks; a task
// that takes longer goes alone, as does every task of an input that can
// keep the source waiting (see task.steady).
const (
	batchTime = 200 * time.Microsecond
	maxBatch  = 256
)

func (p *pipeline[R]) run(parent context.Context) int {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var ok bool
	if p.jobs <= 1 {
		ok = p.runAlone(ctx, cancel)
	} else {
		ok = p.runJobs(ctx, cancel)
	}
	p.con.Flush()
	if p.finish != nil && p.con.Err() == nil {
		p.finish(parent.Err() != nil)
	}
	if n := p.con.Unsaid(); n > 0 && p.con.Err() == nil && parent.Err() == nil {
		if n == 1 {
			p.con.Errorf("sudoku %s: 1 puzzle failed: its record in the output says why", p.name)
		} else {
			p.con.Errorf("sudoku %s: %d puzzles failed: their records in the output say why", p.name, n)
		}
	}
	switch {
	case p.con.Err() != nil:
		return exitFailed // run says why
	case parent.Err() != nil:
		p.con.Errorf("sudoku %s: interrupted", p.name)
		return exitFailed
	case !ok:
		return exitFailed
	}
	return exitOK
}

// runAlone is run with one job: each task is worked on and written by the
// goroutine that reads it, as soon as it is read, which spares what
// batches cost (handing them between goroutines, copying tasks and
// results into them): 7% of the CPU time of canon -j 1 on the 17-clue
// puzzles.
// It keeps run's promises: output is flushed whenever reading may wait
// (at the end of an input, and after each task of an input that may keep
// it waiting); on cancellation no task is started, and the one under way
// is finished and written; and if the source is blocked reading a
// terminal then, runAlone returns without it. It reports whether every
// task succeeded.
func (p *pipeline[R]) runAlone(ctx context.Context, cancel func()) bool {
	var (
		// mu is held while a task is worked on and written, and across
		// the reading of the next one when that cannot keep the source
		// waiting (see task.steady): a file is read, worked on and
		// written with mu taken once, rather than once a puzzle (6 ns,
		// a few tenths of a percent of canon's time). To stop, runAlone
		// takes it: it waits for the task under way, and for the
		// reading of the next only where that cannot wait long.
		mu      sync.Mutex
		stopped bool // runAlone has returned: write nothing more
		ok      = true
		done    atomic.Int64
	)
	stopProgress := p.showProgress(&done)
	defer stopProgress()
	count := p.showsProgress()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		do := p.newWork()
		var r R // the result of every task in turn
		// one works on a task and writes it, with mu held, and reports
		// whether to go on.
		one := func(t *task) bool {
			if stopped || ctx.Err() != nil {
				return false
			}
			if t.inputErr != nil {
				p.con.Errorf("sudoku %s: %v", p.name, t.inputErr)
				ok = false
				return true
			}
			r = *new(R)
			if t.err == nil {
				do(ctx, t, &r)
			}
			if !p.emit(t, &r) {
				ok = false
			}
			if count {
				done.Add(1)
			}
			if p.con.Err() != nil {
				cancel() // output is lost: stop
				return false
			}
			if !t.steady {
				p.con.Flush()
			}
			return true
		}
		held := false // whether this goroutine holds mu
		p.tasks(func(t *task) bool {
			if t == nil { // the source may wait now: show what is done
				if held {
					mu.Unlock()
					held = false
				}
				p.con.Flush()
				return ctx.Err() == nil
			}
			if !held {
				mu.Lock()
				held = true
			}
			more := one(t)
			if !more || !t.steady {
				mu.Unlock()
				held = false
			}
			return more
		})
		if held {
			mu.Unlock()
		}
	}()
	select {
	case <-finished:
	case <-ctx.Done():
		// Wait for the task under way, if any, but not for the source.
		mu.Lock()
		stopped = true
		mu.Unlock()
	}
	return ok
}

// runJobs is run with several jobs, which take batches of tasks from the
// goroutine that reads them; it reports whether every task succeeded.
func (p *pipeline[R]) runJobs(ctx context.Context, cancel func()) bool {
	jobs := p.jobs
	order := make(chan *batch[R], 16*jobs) // bounds the tasks read ahead
	work := make(chan *batch[R])           // a batch is taken when a worker is free
	var perTask atomic.Int64               // nanoseconds of work per task, smoothed
	for range jobs {
		go func() {
			do := p.newWork()
			for b := range work {
				start := time.Now()
				for i, t := range b.tasks {
					switch {
					case t.inputErr != nil, t.err != nil: // nothing to work on
					case ctx.Err() != nil:
						b.outcomes[i].skipped = true
					default:
						do(ctx, t, &b.outcomes[i].r)
					}
				}
				ns := time.Since(start).Nanoseconds() / int64(len(b.tasks))
				perTask.Store((perTask.Load()*3 + ns) / 4)
				close(b.done)
			}
		}()
	}
	free := make(chan *batch[R], cap(order)+jobs) // batches written, to use again
	go func() {
		defer close(order)
		defer close(work)
		var pending *batch[R] // the tasks read but not handed on yet
		// send hands the pending tasks on as one batch.
		send := func() bool {
			b := pending
			if b == nil {
				return true
			}
			pending = nil
			for i := range b.store {
				b.tasks = append(b.tasks, &b.store[i])
			}
			if n := len(b.store); cap(b.outcomes) < n {
				b.outcomes = make([]outcome[R], n)
			} else {
				b.outcomes = b.outcomes[:n]
				clear(b.outcomes)
			}
			b.done = make(chan struct{})
			select {
			case order <- b:
			case <-ctx.Done():
				return false
			}
			select {
			case work <- b:
				return true
			case <-ctx.Done():
				for i := range b.outcomes {
					b.outcomes[i].skipped = true
				}
				close(b.done)
				return false
			}
		}
		size := func() int {
			if ns := perTask.Load(); ns > 0 {
				return int(min(max(int64(batchTime)/ns, 1), maxBatch))
			}
			return 1
		}
		p.tasks(func(t *task) bool {
			if t == nil { // the source may wait now: send what it has
				return send()
			}
			if pending == nil {
				select {
				case pending = <-free:
				default:
					pending = new(batch[R])
				}
			}
			pending.store = append(pending.store, *t)
			if !t.steady || len(pending.store) >= size() {
				return send()
			}
			return true
		})
		send()
	}()

	var done atomic.Int64
	stopProgress := p.showProgress(&done)
	defer stopProgress()
	count := p.showsProgress()
	ok := true
	for b := p.next(ctx, order); b != nil; b = p.next(ctx, order) {
		select {
		case <-b.done:
		default:
			p.con.Flush() // show what is done while this batch is worked on
			<-b.done
		}
		for i, t := range b.tasks {
			o := &b.outcomes[i] // not copied: results can be large
			if o.skipped {
				goto end // and so were all after it
			}
			if t.inputErr != nil {
				p.con.Errorf("sudoku %s: %v", p.name, t.inputErr)
				ok = false
				continue
			}
			if !p.emit(t, &o.r) {
				ok = false
			}
			if count {
				done.Add(1)
			}
			if p.con.Err() != nil {
				cancel() // output is lost: stop
				goto end
			}
		}
		// Written: its memory can hold later tasks. (What its old tasks
		// and outcomes point to stays reachable until it is overwritten.)
		b.store, b.tasks = b.store[:0], b.tasks[:0]
		select {
		case free <- b:
		default:
		}
	}
end:
	return ok
}

// next returns the next batch in order, or nil at the end or once ctx is
// done and no batch under way is left. Before it waits, it flushes the
// output, so that nothing ready is held back.
func (p *pipeline[R]) next(ctx context.Context, order <-chan *batch[R]) *batch[R] {
	select {
	case b := <-order:
		return b
	default:
	}
	p.con.Flush()
	select {
	case b := <-order:
		return b
	case <-ctx.Done():
		// Take what was already queued, but wait for nothing more: the
		// source may be blocked reading a terminal.
		select {
		case b := <-order:
			return b
		default:
			return nil
		}
	}
}

// showsProgress reports whether the progress line is shown, and so
// whether the tasks done must be counted: the atomic addition (3 ns, as
// long as canon takes to write a line) is spared where nobody reads it.
func (p *pipeline[R]) showsProgress() bool { return p.progress && p.con.std.errTTY }

// showProgress draws the progress line on a terminal every 200ms, once
// the batch has run for a second, and returns the function that stops and
// clears it.
func (p *pipeline[R]) showProgress(done *atomic.Int64) func() {
	if !p.showsProgress() {
		return func() {}
	}
	start := time.Now()
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				p.con.ClearProgress()
				return
			case now := <-tick.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				n := done.Load()
				of := ""
				if p.total > 0 {
					of = fmt.Sprintf(" of %d", p.total)
				}
				line := fmt.Sprintf("%s %d%s puzzles in %.1fs (%.0f/s)", p.label, n, of, el.Seconds(), float64(n)/el.Seconds())
				if p.detail != nil {
					line += p.detail()
				}
				p.con.Progress(line)
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
	}
}
