package engine

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCall checks the offline engines' answers: the status and JSON text
// the server would send, for an answer, an error of the API, an error of
// another kind, and a call the engine lacks.
func TestCall(t *testing.T) {
	ops := map[string]Func{
		"solve": Solve,
		"fail":  func(context.Context, json.RawMessage) (any, error) { return nil, errors.New("out of luck") },
	}
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	for _, c := range []struct {
		name, body string
		status     int
		has        string
	}{
		{"solve", `{"puzzle":"` + easy + `"}`, 200, `"solution":"483921657967345821251876493548132976729564138136798245372689514814253769695417382"`},
		{"solve", `{"puzle":"` + easy + `"}`, 400, `"error":"unknown field \"puzle\""`},
		{"fail", `{}`, 500, `{"error":"out of luck"}`},
		{"rate", `{}`, 404, `{"error":"no such call in the offline engine"}`},
		{"", "", 404, `"error"`},
	} {
		status, answer := Call(ops, c.name, c.body, 0)
		if status != c.status || !strings.Contains(answer, c.has) || !json.Valid([]byte(answer)) {
			t.Errorf("Call(%q, %s) = %d %s, want %d with %s", c.name, c.body, status, answer, c.status, c.has)
		}
	}
}

// TestCallTimeout checks the offline engines' deadline, which a call sees
// by reading the clock: a call that polls ctx.Err() stops with it (the
// server's 504 for a killer not found in time comes from that error).
func TestCallTimeout(t *testing.T) {
	ops := map[string]Func{"spin": func(ctx context.Context, _ json.RawMessage) (any, error) {
		done := ctx.Done()
		for ctx.Err() == nil {
		}
		select {
		case <-done:
		default:
			return nil, errors.New("Done is not closed once Err says the deadline passed")
		}
		return nil, ctx.Err()
	}}
	start := time.Now()
	status, answer := Call(ops, "spin", "{}", 20*time.Millisecond)
	if d := time.Since(start); status != 500 || answer != `{"error":"context deadline exceeded"}`+"\n" || d < 20*time.Millisecond || d > 5*time.Second {
		t.Errorf("Call with a 20 ms deadline: %d %q after %v", status, answer, d)
	}
	ctx := withClockDeadline(time.Now().Add(time.Hour))
	if d, ok := ctx.Deadline(); !ok || ctx.Err() != nil || time.Until(d) < 59*time.Minute {
		t.Errorf("a deadline an hour away: %v %v %v", d, ok, ctx.Err())
	}
}
