package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
)

func traceEndpoints() []endpoint {
	return []endpoint{{name: "trace", cost: slow, fn: classicOnly(traceSolve)}}
}

type traceRequest = engine.TraceRequest

// traceSolve is engine.Trace within the Config's limits; the offline
// engine runs it with the defaults.
func traceSolve(ctx context.Context, s *server, body json.RawMessage) (any, error) {
	return engine.Trace(ctx, body, engine.TraceLimits{Solutions: s.cfg.MaxTraceSolutions, Steps: s.cfg.MaxSteps, Answer: s.cfg.MaxAnswer})
}
