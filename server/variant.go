package server

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/server/internal/vengine"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// Variant puzzles (package variant) are read by package vengine, in
// front of package engine, which stays classic so that the classic page's
// offline WebAssembly build does not carry the variant engine:
// /api/solve, /api/count and /api/hint take them, the other endpoints
// refuse them.

// endpointFunc is the work of an endpoint.
type endpointFunc = func(context.Context, *server, json.RawMessage) (any, error)

// classicOnly makes an endpoint of package engine refuse variant puzzles
// clearly, where the classic reader would stumble on their first
// character.
func classicOnly(next endpointFunc) endpointFunc {
	return func(ctx context.Context, s *server, body json.RawMessage) (any, error) {
		return vengine.Variants(func(ctx context.Context, body json.RawMessage) (any, error) { return next(ctx, s, body) }, nil)(ctx, body)
	}
}

// countVariant answers /api/count for a variant puzzle, after count has
// checked the limit.
func countVariant(ctx context.Context, v *variant.Puzzle, limit int) (any, error) {
	s, err := variant.NewSolver(v)
	if err != nil {
		return nil, vengine.Err(&vformat.Refusal{Err: err})
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
	v, _, err := vengine.Read(req.Puzzle)
	if v != nil {
		err = vengine.Refused(v)
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
		v, classic, err := vengine.Read(req.Puzzle)
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
			return nil, vengine.Err(&vformat.Refusal{Err: err})
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
