package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/trace"
)

func traceEndpoints() []endpoint {
	return []endpoint{{name: "trace", solver: true, fn: traceSolve}}
}

type traceRequest struct {
	Puzzle string `json:"puzzle"`
	// Limit is the number of solutions to look for: 1 (the default) stops
	// at the first, 2 goes on to prove it the only one.
	Limit int `json:"limit"`
	// MaxSteps cuts the trace; see the constants below.
	MaxSteps int `json:"max_steps"`
}

// A step of a trace takes about 330 bytes of JSON, so the default cut
// keeps an answer near 3 MB and the largest near 30 MB. Most puzzles take
// a few hundred steps; the hardest known ones a few thousand.
const (
	defaultTraceSteps = 10_000
	maxTraceSteps     = 100_000
	maxTraceLimit     = 10
)

// traceSolve records the classic solver's every step, in the versioned
// JSON form of package trace (docs/trace.md), for the page to replay.
func traceSolve(ctx context.Context, _ *server, body json.RawMessage) (any, error) {
	var req traceRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Limit == 0 {
		req.Limit = 1
	}
	if req.Limit < 1 || req.Limit > maxTraceLimit {
		return nil, badRequest("limit %d: want 1 to %d", req.Limit, maxTraceLimit)
	}
	if req.MaxSteps == 0 {
		req.MaxSteps = defaultTraceSteps
	}
	if req.MaxSteps < 1 || req.MaxSteps > maxTraceSteps {
		return nil, badRequest("max_steps %d: want 1 to %d", req.MaxSteps, maxTraceSteps)
	}
	g, err := puzzleGrid(req.Puzzle)
	if err != nil {
		return nil, err
	}
	tr, err := trace.Solve(ctx, g, trace.Options{Limit: req.Limit, MaxSteps: req.MaxSteps})
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
