package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// Variant puzzles (package variant) are read here, in front of package
// engine, which stays classic so that the page's offline WebAssembly
// build does not carry the variant engine: /api/solve and /api/count
// solve them, the other endpoints refuse them.

// readVariant reads a puzzle that package variant/format detects (text
// in none of its formats gives nil, "" and no error: a classic puzzle for
// the engine). A variant puzzle that is a classic sudoku after all (an
// f-puzzles link of givens alone) comes back as its 81 cells in classic,
// as the command line reads it.
func readVariant(s string) (v *variant.Puzzle, classic string, err error) {
	if vformat.Detect([]byte(s)) == vformat.None {
		return nil, "", nil
	}
	v, _, err = vformat.Parse(s)
	if err != nil {
		return nil, "", badRequest("puzzle: %v", err)
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

// variants makes an endpoint that takes variant puzzles: fn answers for
// a variant puzzle, next (package engine) for a classic one, the cells of
// a classic variant link included.
func variants(next endpointFunc, fn func(context.Context, *server, json.RawMessage, *variant.Puzzle) (any, error)) func(context.Context, *server, json.RawMessage) (any, error) {
	return func(ctx context.Context, s *server, body json.RawMessage) (any, error) {
		v, classic, err := readVariant(peekPuzzle(body))
		switch {
		case err != nil:
			if fn == nil {
				return nil, err
			}
			// Fields other than the puzzle are checked first, as for
			// classic puzzles.
			return fn(ctx, s, body, nil)
		case v != nil && fn != nil:
			return fn(ctx, s, body, v)
		case v != nil:
			return nil, variantRefused(v)
		case classic != "":
			body = withPuzzle(body, classic)
		}
		return next(ctx, s, body)
	}
}

// classicOnly makes an endpoint of package engine refuse variant puzzles
// clearly, where the classic reader would stumble on their first
// character.
func classicOnly(next endpointFunc) func(context.Context, *server, json.RawMessage) (any, error) {
	return variants(next, nil)
}

// endpointFunc is the work of an endpoint.
type endpointFunc = func(context.Context, *server, json.RawMessage) (any, error)

// variantRefused is the answer of an endpoint that works on classic
// sudoku alone to a variant puzzle: 400, as for pencil marks where givens
// are wanted, naming what the puzzle is and where it is taken.
func variantRefused(v *variant.Puzzle) error {
	return badRequest("puzzle: a variant puzzle (%s): this endpoint works on classic sudoku only; /api/solve, /api/count and /api/hint take variant puzzles", vformat.Describe(v))
}

// engineError is the answer to a variant puzzle the engine refuses (a
// rule it lacks: 400, with the engine's reason), or to a solution the
// checker rejects (500: a bug, never sent as an answer).
func engineError(err error) error {
	var rf *vformat.Refusal
	switch {
	case errors.As(err, &rf):
		return badRequest("puzzle: %v", rf.Err)
	case errors.Is(err, vformat.ErrWrongSolution):
		return &apiError{Status: http.StatusInternalServerError, Message: err.Error()}
	}
	return err
}

// variantSolveResponse is /api/solve's answer for a variant puzzle: the
// classic answer's fields, with the puzzle's size and the kinds of its
// rules under the JSON names of the command line's records.
type variantSolveResponse struct {
	Status   string   `json:"status"`
	Solution string   `json:"solution,omitempty"`
	Size     int      `json:"size"`
	Kinds    []string `json:"kinds,omitempty"`
}

// solveVariant answers /api/solve for a variant puzzle: the solution as
// the command line prints it (one line of values, A for 10 ...), checked
// by package variant/check (in vformat.Solve), with its status.
func solveVariant(ctx context.Context, _ *server, body json.RawMessage, v *variant.Puzzle) (any, error) {
	var req struct {
		Puzzle string `json:"puzzle"`
	}
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if v == nil {
		_, _, err := readVariant(req.Puzzle)
		return nil, err
	}
	sol, n, err := vformat.Solve(ctx, v, 2)
	if err != nil {
		return nil, engineError(err)
	}
	out := variantSolveResponse{Status: "unique", Size: v.Size, Kinds: vformat.Kinds(v)}
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

// countVariant answers /api/count for a variant puzzle, after count has
// checked the limit.
func countVariant(ctx context.Context, v *variant.Puzzle, limit int) (any, error) {
	s, err := variant.NewSolver(v)
	if err != nil {
		return nil, engineError(&vformat.Refusal{Err: err})
	}
	n, _, err := s.Count(ctx, limit)
	if err != nil {
		return nil, err
	}
	return countResponse{Count: n, Limit: limit, Size: v.Size, Kinds: vformat.Kinds(v)}, nil
}

// parseVariant is /api/parse: text that is not a classic puzzle is its
// answer there (200, "ok": false), a variant puzzle included, as for the
// classic reader's mistakes.
func parseVariant(ctx context.Context, s *server, body json.RawMessage) (any, error) {
	var req struct {
		Puzzle string `json:"puzzle"`
	}
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	v, _, err := readVariant(req.Puzzle)
	if v != nil {
		err = variantRefused(v)
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return struct {
			OK bool `json:"ok"`
			*apiError
		}{false, ae}, nil
	}
	return classicOnly(plain(engine.Parse))(ctx, s, body)
}

// trueCandidatesRequest is /api/solve's request for the true candidates.
type trueCandidatesRequest struct {
	Puzzle         string `json:"puzzle"`
	TrueCandidates bool   `json:"trueCandidates"`
	Limit          int    `json:"limit"`
}

// trueCandidatesResponse is /api/solve's answer with "trueCandidates":
// the values each cell holds in some solution, in cell order, complete
// when the search ended before limit solutions; status is unique when
// complete with one value a cell, none for no solution, solved
// otherwise. Size and Kinds are a variant puzzle's.
type trueCandidatesResponse struct {
	Status         string   `json:"status"`
	TrueCandidates [][]int  `json:"trueCandidates,omitempty"`
	Complete       bool     `json:"complete"`
	Limit          int      `json:"limit"`
	Size           int      `json:"size,omitempty"`
	Kinds          []string `json:"kinds,omitempty"`
}

// defaultTrueCandidatesLimit is the solutions the true candidates look at
// when the request gives no limit, as the command line's.
const defaultTrueCandidatesLimit = 10000

// solveCost is the cost of a solve request: slow when it asks for the
// true candidates, which may search up to the time limit.
func solveCost(body []byte) cost {
	if asksTrueCandidates(body) {
		return slow
	}
	return quick
}

// asksTrueCandidates reports whether a request body has "trueCandidates":
// true.
func asksTrueCandidates(body []byte) bool {
	var peek struct {
		TrueCandidates bool `json:"trueCandidates"`
	}
	return json.Unmarshal(body, &peek) == nil && peek.TrueCandidates
}

// trueCandidatesOr answers /api/solve with the true candidates when the
// request asks for them ("trueCandidates": true), for classic and variant
// puzzles alike (the variant engine's search, which skips the branches
// that add no candidate), and hands every other request to next.
func trueCandidatesOr(next endpointFunc) endpointFunc {
	return func(ctx context.Context, s *server, body json.RawMessage) (any, error) {
		var peek struct {
			TrueCandidates json.RawMessage `json:"trueCandidates"`
		}
		if json.Unmarshal(body, &peek) != nil || peek.TrueCandidates == nil {
			return next(ctx, s, body) // its strict decoding says what is wrong
		}
		var req trueCandidatesRequest
		if err := decode(body, &req); err != nil {
			return nil, err
		}
		if !req.TrueCandidates {
			if req.Limit != 0 {
				return nil, badRequest("limit: with trueCandidates only")
			}
			return next(ctx, s, withoutKey(body, "trueCandidates"))
		}
		if req.Limit == 0 {
			req.Limit = min(defaultTrueCandidatesLimit, s.cfg.MaxCount)
		}
		if req.Limit < 1 || req.Limit > s.cfg.MaxCount {
			return nil, badRequest("limit %d: want 1 to %d", req.Limit, s.cfg.MaxCount)
		}
		v, classic, err := readVariant(req.Puzzle)
		if err != nil {
			return nil, err
		}
		var out trueCandidatesResponse
		if v != nil {
			out.Size, out.Kinds = v.Size, vformat.Kinds(v)
		} else {
			if classic != "" {
				req.Puzzle = classic
			}
			p, err := engine.PuzzleOf(req.Puzzle)
			if err != nil {
				return nil, err
			}
			v = vformat.FromClassic(&p.Grid, p.Marks)
		}
		vs, err := variant.NewSolver(v)
		if err != nil {
			return nil, engineError(&vformat.Refusal{Err: err})
		}
		cands, complete, err := vs.TrueCandidates(ctx, req.Limit)
		if err != nil {
			return nil, err
		}
		out.Status, out.Limit = "solved", req.Limit
		unique := complete
		for _, c := range cands {
			switch len(c) {
			case 0:
				out.Status = "none" // no solution: an answer, as for solve
				return out, nil
			case 1:
			default:
				unique = false
			}
		}
		if unique {
			out.Status = "unique"
		}
		out.TrueCandidates, out.Complete = cands, complete
		return out, nil
	}
}

// withoutKey returns body without its key k.
func withoutKey(body json.RawMessage, k string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	delete(m, k)
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}
