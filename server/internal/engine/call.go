package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
)

// Func is the work of a call: its JSON request in, the answer to encode
// or an error (an *Error for an answer other than 200) out.
type Func = func(context.Context, json.RawMessage) (any, error)

// Call makes the call name of ops with the JSON request body, as the
// offline engines (server/wasm, server/wasm/variant) do for the page: it
// returns the HTTP status the server would send and the JSON text of its
// answer, the error's for a status other than 200 (404 for a name ops
// lacks).
func Call(ops map[string]Func, name, body string) (status int, answer string) {
	buf := new(bytes.Buffer)
	var err error
	if fn, ok := ops[name]; !ok {
		err = &Error{Status: 404, Message: "no such call in the offline engine"}
	} else {
		var v any
		if v, err = fn(context.Background(), json.RawMessage(body)); err == nil {
			err = Encode(buf, v)
		}
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Status: 500, Message: err.Error()}
		}
		buf.Reset()
		Encode(buf, e) //nolint:errcheck // an Error always encodes
		return e.Status, buf.String()
	}
	return 200, buf.String()
}
