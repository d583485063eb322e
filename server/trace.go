package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/trace"
)

func traceEndpoints() []endpoint {
	return []endpoint{{name: "trace", cost: slow, fn: classicOnly(traceSolve)}}
}

type traceRequest struct {
	Puzzle string `json:"puzzle"`
	// Limit is the number of solutions to look for: 1 (the default) stops
	// at the first, 2 goes on to prove it the only one.
	Limit int `json:"limit"`
	// MaxSteps cuts the trace after so many steps: at most
	// Config.MaxSteps, which is also the default.
	MaxSteps int `json:"maxSteps"`
}

// traceSolve records the classic solver's every step, in the versioned
// JSON form of package trace (docs/trace.md), for the page to replay.
// The request's limits are bounded by the Config, and the answer by its
// MaxAnswer: a trace that would be larger is cut, with a last step that
// says so.
func traceSolve(ctx context.Context, s *server, body json.RawMessage) (any, error) {
	var req traceRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Limit == 0 {
		req.Limit = 1
	}
	if req.Limit < 1 || req.Limit > s.cfg.MaxTraceSolutions {
		return nil, badRequest("limit %d: want 1 to %d", req.Limit, s.cfg.MaxTraceSolutions)
	}
	if req.MaxSteps == 0 {
		req.MaxSteps = s.cfg.MaxSteps
	}
	if req.MaxSteps < 1 || req.MaxSteps > s.cfg.MaxSteps {
		return nil, badRequest("maxSteps %d: want 1 to %d", req.MaxSteps, s.cfg.MaxSteps)
	}
	g, err := engine.PuzzleGrid(req.Puzzle, "/api/trace works from givens alone")
	if err != nil {
		return nil, err
	}
	tr, err := trace.Solve(ctx, g, trace.Options{Limit: req.Limit, MaxSteps: req.MaxSteps,
		MaxBytes: s.cfg.MaxAnswer - 1}) // and a newline
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
