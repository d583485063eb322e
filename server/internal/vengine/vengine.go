// Package vengine does the work of the API's endpoints for variant puzzles
// (package variant): the page's model of a puzzle (/api/variant), its
// solution (/api/solve), the next logical step (/api/hint) and new killer
// puzzles (/api/variant/generate). The server's endpoints call it, and so
// does the variant page's offline engine (server/wasm/variant), so that
// both give the same answers. It is a package of its own, beside package
// engine, so that the classic page's offline engine does not carry the
// variant packages.
package vengine

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// apiError is the error of an API answer, with its HTTP status.
type apiError = engine.Error

func badRequest(format string, args ...any) *apiError {
	return engine.BadRequest(format, args...)
}

// decode reads a request body strictly (engine.Decode).
func decode(body []byte, v any) error { return engine.Decode(body, v) }

// Func is the work of an endpoint: its JSON request in, the answer to
// encode or an error (an *engine.Error for an answer other than 200) out.
type Func = engine.Func

// View answers /api/variant: the model of the puzzle the page draws.
func View(ctx context.Context, body json.RawMessage) (any, error) { return variantView(ctx, body) }

// Solve answers /api/solve: a variant puzzle's solution, or a classic
// one's from package engine.
func Solve(ctx context.Context, body json.RawMessage) (any, error) {
	return Variants(engine.Solve, solveVariant)(ctx, body)
}

// Hint answers /api/hint: the next step of the variant logic for a
// variant puzzle, package engine's hint for a classic one.
func Hint(ctx context.Context, body json.RawMessage) (any, error) {
	return Variants(engine.Hint, hintVariant)(ctx, body)
}

// GenerateKiller answers /api/variant/generate: a new killer puzzle.
func GenerateKiller(ctx context.Context, body json.RawMessage) (any, error) {
	return generateKiller(ctx, body)
}

// Read reads a puzzle that package variant/format detects (text in none
// of its formats gives nil, "" and no error: a classic puzzle for the
// engine). A variant puzzle that is a classic sudoku after all (an
// f-puzzles link of givens alone) comes back as its 81 cells in classic,
// as the command line reads it.
func Read(s string) (v *variant.Puzzle, classic string, err error) {
	if vformat.Detect([]byte(s)) == vformat.None {
		var ok bool
		if s, ok = gridLines(s); !ok {
			return nil, "", nil
		}
	}
	v, _, err = vformat.Parse(s)
	if err != nil {
		return nil, "", engine.PuzzleError(err)
	}
	if !vformat.Classic(v) {
		return v, "", nil
	}
	b := make([]byte, len(v.Givens))
	for i, x := range v.Givens {
		b[i] = byte('0' + x)
	}
	return nil, string(b), nil
}

// gridLines returns, for a grid of another size written on lines of its
// own, N rows of N cells, its cells on one line, as the command line
// reads it (sudoku.Reader.Other); false for any other text, which a
// classic puzzle's reader then reads or says what is wrong with.
func gridLines(s string) (string, bool) {
	if !strings.Contains(s, "\n") {
		return "", false
	}
	r := sudoku.NewReader(strings.NewReader(s))
	r.Other = vformat.Claims
	p, err := r.Read()
	if !errors.Is(err, sudoku.ErrOther) {
		return "", false
	}
	if _, err := r.Read(); err != io.EOF {
		return "", false // more than one puzzle
	}
	return p.Text, true
}

// withPuzzle returns body with its "puzzle" replaced by s.
func withPuzzle(body json.RawMessage, s string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body // the engine's strict decoding says what is wrong
	}
	m["puzzle"], _ = json.Marshal(s)
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}

// peekPuzzle returns the "puzzle" of a request body, or "" if it has
// none; the endpoint decodes the body strictly afterwards.
func peekPuzzle(body json.RawMessage) string {
	var req struct {
		Puzzle string `json:"puzzle"`
	}
	_ = json.Unmarshal(body, &req) // errors: the endpoint's decoding reports them
	return req.Puzzle
}

// Variants makes an endpoint that takes variant puzzles: fn answers for
// a variant puzzle, classic (package engine) for a classic one, the cells
// of a classic variant link included. With fn nil, a variant puzzle is
// refused (Refused).
func Variants(classic Func, fn func(context.Context, json.RawMessage, *variant.Puzzle) (any, error)) Func {
	return func(ctx context.Context, body json.RawMessage) (any, error) {
		v, cells, err := Read(peekPuzzle(body))
		switch {
		case err != nil:
			if fn == nil {
				return nil, err
			}
			// Fields other than the puzzle are checked first, as for
			// classic puzzles.
			return fn(ctx, body, nil)
		case v != nil && fn != nil:
			return fn(ctx, body, v)
		case v != nil:
			return nil, Refused(v)
		case cells != "":
			body = withPuzzle(body, cells)
		}
		return classic(ctx, body)
	}
}

// Refused is the answer of an endpoint that works on classic sudoku
// alone to a variant puzzle: 400, as for pencil marks where givens are
// wanted, naming what the puzzle is and where it is taken.
func Refused(v *variant.Puzzle) error {
	ae := badRequest("puzzle: a variant puzzle (%s): this endpoint works on classic sudoku only; /api/solve, /api/count and /api/hint take variant puzzles", vformat.Describe(v))
	ae.Code = engine.CodeVariant
	return ae
}

// Err is the answer to a variant puzzle the engine refuses (a rule it
// lacks: 400, with the engine's reason), or to a solution the checker
// rejects (500: a bug, never sent as an answer); other errors are
// returned as they are.
func Err(err error) error {
	var rf *vformat.Refusal
	switch {
	case errors.As(err, &rf):
		ae := engine.PuzzleError(rf.Err)
		if ue := (*variant.UnsupportedError)(nil); errors.As(rf.Err, &ue) {
			ae.Code, ae.Args = engine.CodeUnsupported, []string{strings.Join(ue.Names, ", ")}
		}
		return ae
	case errors.Is(err, vformat.ErrWrongSolution):
		return &apiError{Status: 500, Message: err.Error()} // http.StatusInternalServerError
	}
	return err
}

// solveResponse is /api/solve's answer for a variant puzzle: the classic
// answer's fields, with the puzzle's size and the kinds of its rules
// under the JSON names of the command line's records.
type solveResponse struct {
	Status   string   `json:"status"`
	Solution string   `json:"solution,omitempty"`
	Size     int      `json:"size"`
	Kinds    []string `json:"kinds,omitempty"`
}

// solveVariant answers /api/solve for a variant puzzle: the solution as
// the command line prints it (one line of values, A for 10 ...), checked
// by package variant/check (in vformat.Solve), with its status.
func solveVariant(ctx context.Context, body json.RawMessage, v *variant.Puzzle) (any, error) {
	var req struct {
		Puzzle string `json:"puzzle"`
	}
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if v == nil {
		_, _, err := Read(req.Puzzle)
		return nil, err
	}
	sol, n, err := vformat.Solve(ctx, v, 2)
	if err != nil {
		return nil, Err(err)
	}
	out := solveResponse{Status: "unique", Size: v.Size, Kinds: vformat.Kinds(v)}
	switch n {
	case 0:
		out.Status = "none"
	case 2:
		out.Status = "multiple"
	}
	if sol != nil {
		out.Solution = vformat.SolutionLine(v, sol)
	}
	return out, nil
}
