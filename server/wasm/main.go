//go:build js && wasm

// Command wasm is the page's engine when the server cannot be reached:
// built for GOOS=js GOARCH=wasm (go generate in package server), it does
// the API calls the page needs to go on playing offline (generate, solve,
// hint, explain, trace) with the server's own code, package engine, so that its
// answers are the server's. It lives under server/ because engine is
// internal to it.
//
// It sets one JavaScript function, godokuEngine(name, body), which takes
// the call's name and its JSON request as a string and returns
// [status, answer]: the HTTP status the server would send and the JSON
// text of its answer (the error's for a status other than 200).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"syscall/js"

	"github.com/godoku/sudoku/server/internal/engine"
)

// ops are the calls the page makes offline. The others (rate, count) are
// left out, as the page does without them, which keeps the file small.
var ops = map[string]func(context.Context, json.RawMessage) (any, error){
	"generate": engine.Generate,
	"solve":    engine.Solve,
	"hint":     engine.Hint,
	"explain":  engine.Explain,
	"trace": func(ctx context.Context, body json.RawMessage) (any, error) {
		return engine.Trace(ctx, body, engine.DefaultTraceLimits)
	},
}

func main() {
	js.Global().Set("godokuEngine", js.FuncOf(call))
	select {} // the function stays callable while the program runs
}

func call(_ js.Value, args []js.Value) any {
	status, answer := 200, new(bytes.Buffer)
	var err error
	fn, ok := ops[""]
	if len(args) == 2 && args[0].Type() == js.TypeString && args[1].Type() == js.TypeString {
		fn, ok = ops[args[0].String()]
	}
	if !ok {
		err = &engine.Error{Status: 404, Message: "no such call in the offline engine"}
	} else {
		var v any
		if v, err = fn(context.Background(), json.RawMessage(args[1].String())); err == nil {
			err = engine.Encode(answer, v)
		}
	}
	if err != nil {
		var e *engine.Error
		if !errors.As(err, &e) {
			e = &engine.Error{Status: 500, Message: err.Error()}
		}
		status = e.Status
		answer.Reset()
		engine.Encode(answer, e) //nolint:errcheck // an Error always encodes
	}
	return []any{status, answer.String()}
}
