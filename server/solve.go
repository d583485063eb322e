package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/server/internal/vengine"
	"github.com/godoku/sudoku/solver"
)

func (s *server) solverEndpoints() []endpoint {
	return []endpoint{
		{name: "solve", cost: quick, costOf: solveCost, fn: trueCandidatesOr(plain(vengine.Solve))},
		{name: "count", cost: slow, fn: count},
	}
}

type countRequest struct {
	Puzzle string `json:"puzzle"`
	Limit  int    `json:"limit"`
}

type countResponse struct {
	Count int `json:"count"`
	Limit int `json:"limit"`
	// Size and Kinds are a variant puzzle's (see vengine.Solve).
	Size  int      `json:"size,omitempty"`
	Kinds []string `json:"kinds,omitempty"`
}

// count counts solutions up to the request's limit, which the Config
// bounds as the time limit does.
func count(ctx context.Context, s *server, body json.RawMessage) (any, error) {
	var req countRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Limit == 0 {
		req.Limit = 2
	}
	if req.Limit < 1 || req.Limit > s.cfg.MaxCount {
		return nil, badRequest("limit %d: want 1 to %d", req.Limit, s.cfg.MaxCount)
	}
	v, classic, err := vengine.Read(req.Puzzle)
	switch {
	case err != nil:
		return nil, err
	case v != nil:
		return countVariant(ctx, v, req.Limit)
	case classic != "":
		req.Puzzle = classic
	}
	p, err := engine.PuzzleOf(req.Puzzle)
	if err != nil {
		return nil, err
	}
	var n int
	if p.Marks != nil {
		n, err = solver.CountMarks(ctx, p.Marks, req.Limit)
	} else {
		n, err = solver.Count(ctx, &p.Grid, req.Limit)
	}
	if err != nil {
		return nil, err
	}
	return countResponse{Count: n, Limit: req.Limit}, nil
}
