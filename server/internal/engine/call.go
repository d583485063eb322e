package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// Func is the work of a call: its JSON request in, the answer to encode
// or an error (an *Error for an answer other than 200) out.
type Func = func(context.Context, json.RawMessage) (any, error)

// DefaultTimeout is the time a request may take: the server's when its
// Config does not set one (server.DefaultTimeout), and the variant page's
// offline engine's.
const DefaultTimeout = 10 * time.Second

// Call makes the call name of ops with the JSON request body, as the
// offline engines (server/wasm, server/wasm/variant) do for the page: it
// returns the HTTP status the server would send and the JSON text of its
// answer, the error's for a status other than 200 (404 for a name ops
// lacks). A timeout above zero gives the call a deadline, as the server's
// Config.Timeout does (a killer the generator does not find in time is a
// 504 that says so).
func Call(ops map[string]Func, name, body string, timeout time.Duration) (status int, answer string) {
	buf := new(bytes.Buffer)
	var err error
	if fn, ok := ops[name]; !ok {
		err = &Error{Status: 404, Message: "no such call in the offline engine"}
	} else {
		ctx := context.Background()
		if timeout > 0 {
			ctx = withClockDeadline(time.Now().Add(timeout))
		}
		var v any
		if v, err = fn(ctx, json.RawMessage(body)); err == nil {
			err = Encode(buf, v)
		}
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Status: 500, Message: err.Error()}
		}
		buf.Reset()
		Encode(buf, e) //nolint:errcheck // an Error always encodes
		return e.Status, buf.String()
	}
	return 200, buf.String()
}

// clockContext is a context whose deadline is seen by reading the clock
// whenever its Err or Done is called. In WebAssembly the Go runtime has
// one thread and no preemption, so while a call computes no timer runs:
// context.WithTimeout's deadline would never fire before the call ends
// (a loop that checked ctx.Err() for 500 ms never saw a 50 ms deadline).
// The work polls ctx.Err() between its steps (the killer generator
// between puzzles, the logic between steps), which is when it sees this
// one, and a search that took Done before then sees it closed.
type clockContext struct {
	context.Context // Background: no values, no parent to cancel it
	deadline        time.Time
	once            sync.Once
	done            chan struct{}
}

func withClockDeadline(d time.Time) *clockContext {
	return &clockContext{Context: context.Background(), deadline: d, done: make(chan struct{})}
}

func (c *clockContext) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *clockContext) Done() <-chan struct{} {
	c.passed()
	return c.done
}

func (c *clockContext) Err() error {
	if c.passed() {
		return context.DeadlineExceeded
	}
	return nil
}

// passed reports whether the deadline has passed, closing Done if so.
func (c *clockContext) passed() bool {
	if time.Now().Before(c.deadline) {
		return false
	}
	c.once.Do(func() { close(c.done) })
	return true
}
