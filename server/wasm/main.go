//go:build js && wasm

// Command wasm is the page's engine when the server cannot be reached:
// built for GOOS=js GOARCH=wasm (go generate in package server), it does
// the API calls the page needs to go on playing offline (generate, solve,
// hint, explain, trace) with the server's own code, package engine, so that its
// answers are the server's. It lives under server/ because engine is
// internal to it. The variant page has an engine of its own
// (server/wasm/variant), so that this one stays as small as the classic
// page needs.
//
// It sets one JavaScript function, godokuEngine(name, body), which takes
// the call's name and its JSON request as a string and returns
// [status, answer]: the HTTP status the server would send and the JSON
// text of its answer (the error's for a status other than 200); see
// engine.Serve.
package main

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
)

// ops are the calls the page makes offline. The others (rate, count) are
// left out, as the page does without them, which keeps the file small.
var ops = map[string]engine.Func{
	"generate": engine.Generate,
	"solve":    engine.Solve,
	"hint":     engine.Hint,
	"explain":  engine.Explain,
	"trace": func(ctx context.Context, body json.RawMessage) (any, error) {
		return engine.Trace(ctx, body, engine.DefaultTraceLimits)
	},
}

// The classic engine's calls are given no time limit: the slowest, a new
// Extreme game, takes most of a second.
func main() { engine.Serve(ops, 0) }
