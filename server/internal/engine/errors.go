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
// {"error": ..., "code": ..., "args": [...], "line": ..., "column": ...}.
type Error struct {
	Status  int    `json:"-"`
	Message string `json:"error"`
	// Code names the kind of error, one of Codes, for a page to say it
	// in its own language (the pages' err.<code>, with Args): Message is
	// English. Errors a page does not cause (a malformed request) have
	// none, and a page shows Message.
	Code   string   `json:"code,omitempty"`
	Args   []string `json:"args,omitempty"`
	Line   int      `json:"line,omitempty"`
	Column int      `json:"column,omitempty"`
	// Cells names the cells the error is about, such as two clashing
	// givens: "r1c3".
	Cells []string `json:"cells,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// The codes of errors (Error.Code) a person playing can meet, with what
// Args holds.
const (
	CodePuzzle        = "puzzle"        // the puzzle cannot be read: the reason
	CodeChar          = "char"          // a character that cannot be read: its line, column and the character quoted
	CodeLength        = "length"        // a wrong number of cells: the line
	CodeNotPuzzle     = "notPuzzle"     // the text is in no format the variant page reads
	CodeVariant       = "variant"       // a variant puzzle where a classic one is wanted
	CodeUnsupported   = "unsupported"   // a rule the engine lacks: their names, one string
	CodeNoSolution    = "noSolution"    // the puzzle has no solution
	CodeManySolutions = "manySolutions" // the puzzle has more than one
	CodeConflict      = "conflict"      // two cells hold one digit: the cells and the digit
	CodeNoCandidate   = "noCandidate"   // a cell has no candidate left: the cell
	CodeTimeLimit     = "timeLimit"     // stopped at the time limit
	CodeBusy          = "busy"          // the server is busy or stopping: try again
)

// Codes lists every Code, for the test that each has the pages' words.
var Codes = []string{CodePuzzle, CodeChar, CodeLength, CodeNotPuzzle, CodeVariant, CodeUnsupported, CodeNoSolution, CodeManySolutions, CodeConflict, CodeNoCandidate, CodeTimeLimit, CodeBusy}

// PuzzleError is the Error of a puzzle that cannot be read: 400, with
// the reason, err.
func PuzzleError(err error) *Error {
	ae := BadRequest("puzzle: %v", err)
	ae.Code, ae.Args = CodePuzzle, []string{err.Error()}
	return ae
}

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
