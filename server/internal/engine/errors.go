package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The HTTP statuses of the errors made here, written as numbers so that
// the package need not import net/http.
const (
	statusBadRequest    = 400 // http.StatusBadRequest
	statusUnprocessable = 422 // http.StatusUnprocessableEntity
)

// Error is an error with an HTTP status, sent as
// {"error": ..., "line": ..., "column": ...}.
type Error struct {
	Status  int    `json:"-"`
	Message string `json:"error"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Cells names the cells the error is about, such as two clashing
	// givens: "r1c3".
	Cells []string `json:"cells,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// BadRequest is an Error of status 400 with a formatted message.
func BadRequest(format string, args ...any) *Error {
	return &Error{Status: statusBadRequest, Message: fmt.Sprintf(format, args...)}
}

// Encode writes v as the JSON of an answer, and a newline, to buf: as it
// is when v writes its own JSON (a trace, which can be large, is then not
// checked and copied again by the encoder), and without HTML escaping, as
// the page never puts answers in HTML and "=>" reads better than "=\u003e".
func Encode(buf *bytes.Buffer, v any) error {
	if m, ok := v.(json.Marshaler); ok {
		b, err := m.MarshalJSON()
		buf.Write(b)
		buf.WriteByte('\n')
		return err
	}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
