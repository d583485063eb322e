package engine

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/trace"
)

// The default limits of a trace: the server's when its Config does not
// set them (server.DefaultMaxSteps and so on), and the offline engine's.
const (
	DefaultMaxSteps          = 10_000
	DefaultMaxTraceSolutions = 10
	DefaultMaxAnswer         = 1 << 20
)

// TraceLimits bound a trace: the most solutions it may look for, the most
// steps it may ask for (also its default), and the largest answer in
// bytes, a newline included.
type TraceLimits struct {
	Solutions, Steps, Answer int
}

// DefaultTraceLimits are the limits of the defaults.
var DefaultTraceLimits = TraceLimits{Solutions: DefaultMaxTraceSolutions, Steps: DefaultMaxSteps, Answer: DefaultMaxAnswer}

// TraceRequest is the request of Trace.
type TraceRequest struct {
	Puzzle string `json:"puzzle"`
	// Limit is the number of solutions to look for: 1 (the default) stops
	// at the first, 2 goes on to prove it the only one.
	Limit int `json:"limit"`
	// MaxSteps cuts the trace after so many steps: at most the limits'
	// Steps, which is also the default.
	MaxSteps int `json:"maxSteps"`
}

// Trace records the classic solver's every step, in the versioned JSON
// form of package trace (docs/trace.md), for the page to replay. The
// request's limits are bounded by lim, and the answer by lim.Answer: a
// trace that would be larger is cut, with a last step that says so.
func Trace(ctx context.Context, body json.RawMessage, lim TraceLimits) (any, error) {
	var req TraceRequest
	if err := Decode(body, &req); err != nil {
		return nil, err
	}
	if req.Limit == 0 {
		req.Limit = 1
	}
	if req.Limit < 1 || req.Limit > lim.Solutions {
		return nil, BadRequest("limit %d: want 1 to %d", req.Limit, lim.Solutions)
	}
	if req.MaxSteps == 0 {
		req.MaxSteps = lim.Steps
	}
	if req.MaxSteps < 1 || req.MaxSteps > lim.Steps {
		return nil, BadRequest("maxSteps %d: want 1 to %d", req.MaxSteps, lim.Steps)
	}
	g, err := PuzzleGrid(req.Puzzle, "/api/trace works from givens alone")
	if err != nil {
		return nil, err
	}
	tr, err := trace.Solve(ctx, g, trace.Options{Limit: req.Limit, MaxSteps: req.MaxSteps,
		MaxBytes: lim.Answer - 1}) // and a newline
	if err != nil {
		return nil, err
	}
	// A trace cut by the step limit is an answer; one cut by the time
	// limit is reported as such.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return tr, nil
}
