//go:build js && wasm

package engine

import (
	"syscall/js"
	"time"
)

// Serve sets the JavaScript function godokuEngine(name, body) of an
// offline engine: it takes the call's name and its JSON request as a
// string and returns [status, answer] as Call does, with timeout. Serve
// then waits for calls, never returning, so that the function stays
// callable.
func Serve(ops map[string]Func, timeout time.Duration) {
	js.Global().Set("godokuEngine", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, body := "", ""
		if len(args) == 2 && args[0].Type() == js.TypeString && args[1].Type() == js.TypeString {
			name, body = args[0].String(), args[1].String()
		}
		status, answer := Call(ops, name, body, timeout)
		return []any{status, answer}
	}))
	select {}
}
