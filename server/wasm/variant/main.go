//go:build js && wasm

// Command variant is the variant page's engine when the server cannot be
// reached, as server/wasm is the classic page's: built for GOOS=js
// GOARCH=wasm (go generate in package server) into
// static/engine/variant.wasm, it does the calls the variant page makes
// (the puzzle's model, its solution, hints, new killer puzzles) with the
// server's own code, package vengine, so that its answers are the
// server's. It sets godokuEngine(name, body) as engine.Serve says.
//
// It is a file of its own rather than a part of engine.wasm, so that the
// classic page, whose service worker keeps engine.wasm, does not download
// the variant packages (docs/web.md, "The offline engine").
package main

import (
	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/server/internal/vengine"
)

// The calls have the server's time limit: a new killer at a level the
// generator seldom reaches (Easy) could search on for minutes.
func main() {
	engine.Serve(map[string]engine.Func{
		"variant":          vengine.View,
		"solve":            vengine.Solve,
		"hint":             vengine.Hint,
		"variant/generate": vengine.GenerateKiller,
	}, engine.DefaultTimeout)
}
