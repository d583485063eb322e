package engine

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

type solveResponse struct {
	// Status is unique, multiple or none, the words of the solver and of
	// sudoku solve --unique.
	Status solver.Status `json:"status"`
	// Solution is the solution, or the first one found when there are
	// several; empty when there is none.
	Solution string `json:"solution,omitempty"`
}

// Solve solves a puzzle and says whether the solution is unique. No
// solution is an answer, not an error: the page asks about puzzles
// players type in.
func Solve(ctx context.Context, body json.RawMessage) (any, error) {
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

// classify is solver.Classify of a puzzle, or ClassifyMarks of its pencil
// marks.
func classify(ctx context.Context, p *sudoku.Puzzle) (sudoku.Grid, solver.Status, error) {
	if p.Marks != nil {
		return solver.ClassifyMarks(ctx, p.Marks)
	}
	return solver.Classify(ctx, &p.Grid)
}
