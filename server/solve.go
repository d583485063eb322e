package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

func (s *server) solverEndpoints() []endpoint {
	return []endpoint{
		{name: "solve", cost: quick, fn: solve},
		{name: "count", cost: slow, fn: count},
	}
}

type solveResponse struct {
	// Status is unique, multiple or none, the words of the solver and of
	// sudoku solve --unique.
	Status solver.Status `json:"status"`
	// Solution is the solution, or the first one found when there are
	// several; empty when there is none.
	Solution string `json:"solution,omitempty"`
}

// solve solves a puzzle and says whether the solution is unique. No
// solution is an answer, not an error: the page asks about puzzles
// players type in.
func solve(ctx context.Context, _ *server, body json.RawMessage) (any, error) {
	p, err := readPuzzle(body)
	if err != nil {
		return nil, err
	}
	sol, status, err := classify(ctx, &p)
	if err != nil {
		return nil, err
	}
	out := solveResponse{Status: status}
	if status != solver.None {
		out.Solution = sol.String()
	}
	return out, nil
}

type countRequest struct {
	Puzzle string `json:"puzzle"`
	Limit  int    `json:"limit"`
}

type countResponse struct {
	Count int `json:"count"`
	Limit int `json:"limit"`
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
	p, err := puzzleOf(req.Puzzle)
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

// classify is solver.Classify of a puzzle, or ClassifyMarks of its pencil
// marks.
func classify(ctx context.Context, p *sudoku.Puzzle) (sudoku.Grid, solver.Status, error) {
	if p.Marks != nil {
		return solver.ClassifyMarks(ctx, p.Marks)
	}
	return solver.Classify(ctx, &p.Grid)
}
