package engine

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestCall checks the offline engines' answers: the status and JSON text
// the server would send, for an answer, an error of the API, an error of
// another kind, and a call the engine lacks.
func TestCall(t *testing.T) {
	ops := map[string]Func{
		"solve": Solve,
		"fail":  func(context.Context, json.RawMessage) (any, error) { return nil, errors.New("out of luck") },
	}
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	for _, c := range []struct {
		name, body string
		status     int
		has        string
	}{
		{"solve", `{"puzzle":"` + easy + `"}`, 200, `"solution":"483921657967345821251876493548132976729564138136798245372689514814253769695417382"`},
		{"solve", `{"puzle":"` + easy + `"}`, 400, `"error":"unknown field \"puzle\""`},
		{"fail", `{}`, 500, `{"error":"out of luck"}`},
		{"rate", `{}`, 404, `{"error":"no such call in the offline engine"}`},
		{"", "", 404, `"error"`},
	} {
		status, answer := Call(ops, c.name, c.body)
		if status != c.status || !strings.Contains(answer, c.has) || !json.Valid([]byte(answer)) {
			t.Errorf("Call(%q, %s) = %d %s, want %d with %s", c.name, c.body, status, answer, c.status, c.has)
		}
	}
}
