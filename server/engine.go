package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
)

// apiError is the error of an API answer; package engine makes most of
// them, as it does the work of most endpoints.
type apiError = engine.Error

func badRequest(format string, args ...any) *apiError {
	return engine.BadRequest(format, args...)
}

// decode reads a request body strictly (engine.Decode).
func decode(body []byte, v any) error { return engine.Decode(body, v) }

// plain makes an endpoint of an engine call, which needs nothing of the
// server.
func plain(fn func(context.Context, json.RawMessage) (any, error)) func(context.Context, *server, json.RawMessage) (any, error) {
	return func(ctx context.Context, _ *server, body json.RawMessage) (any, error) { return fn(ctx, body) }
}
