package vengine

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// /api/hint for a variant puzzle: the next step of package variant/logic
// from the player's values, in the manner of the classic hint. That logic
// never guesses: where no step applies, the answer says so and carries
// the true candidates instead.

// variantHintRequest is /api/hint's request for a variant puzzle.
type variantHintRequest struct {
	Puzzle string `json:"puzzle"`
	// Values are the player's grid, one value a cell in cell order, 0 for
	// an empty cell; none means the puzzle itself.
	Values []int `json:"values"`
	Any    bool  `json:"any"`
	// Place asks for the first step that places a value, with the steps
	// before it (which only remove candidates) in Before: the player's
	// values alone do not hold the candidates those steps removed, so
	// the next step from them would be the same one again.
	Place bool `json:"place"`
}

// variantHintResponse is /api/hint's answer for a variant puzzle: the
// classic answer's fields (step, message, wrong, status, notUnique), the
// step as package variant/logic has it with its cells named and its
// result written out, and where no step applies, the candidates.
type variantHintResponse struct {
	Step *Step `json:"step"`
	// Before are the steps taken before Step, when the request asked for
	// a step that places a value (or before the logic ran out).
	Before    []*Step       `json:"before,omitempty"`
	Message   string        `json:"message,omitempty"`
	Wrong     []string      `json:"wrong,omitempty"`
	Status    solver.Status `json:"status"`
	NotUnique bool          `json:"notUnique,omitempty"`
	// Stuck: no step applies; Candidates are the logic's (nil for a
	// placed cell), TrueCandidates those some solution has (complete:
	// every solution was looked at).
	Stuck          bool     `json:"stuck,omitempty"`
	Candidates     [][]int  `json:"candidates,omitempty"`
	TrueCandidates [][]int  `json:"trueCandidates,omitempty"`
	Complete       bool     `json:"complete,omitempty"`
	Size           int      `json:"size"`
	Kinds          []string `json:"kinds,omitempty"`
}

// Step is a step of package variant/logic with its cells named, its
// result written out, as the command line's hint gives it, and its
// explanation as data (the id of a sentence and its arguments, as the
// classic hint's "why"), which the page says in the player's language.
type Step struct {
	vlogic.Step
	Cells  []string       `json:"cells"`
	Result string         `json:"result"`
	Reason *vlogic.Reason `json:"why,omitempty"`
}

// hintTrueCandidates caps the solutions the true candidates look at.
const hintTrueCandidates = 10000

func hintVariant(ctx context.Context, body json.RawMessage, v *variant.Puzzle) (any, error) {
	var req variantHintRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if v == nil {
		_, _, err := Read(req.Puzzle)
		return nil, err
	}
	n := v.Size
	if req.Values != nil && len(req.Values) != n*n {
		return nil, badRequest("values: want one for each of the %d cells, not %d", n*n, len(req.Values))
	}
	sol, count, err := vformat.Solve(ctx, v, 2)
	if err != nil {
		return nil, Err(err)
	}
	out := variantHintResponse{Status: solver.Unique, Size: n, Kinds: vformat.Kinds(v)}
	switch count {
	case 0:
		out.Status = solver.None
	case 2:
		out.Status = solver.Multiple
	}
	out.NotUnique = out.Status != solver.Unique
	if out.NotUnique && !req.Any {
		why := map[solver.Status]struct{ text, code string }{
			solver.None:     {"no solution", engine.CodeNoSolution},
			solver.Multiple: {"more than one solution", engine.CodeManySolutions},
		}[out.Status]
		return nil, &apiError{Status: 422, Message: fmt.Sprintf("the puzzle has %s, so no hint can be sure (ask with \"any\": true for one all the same)", why.text), Code: why.code}
	}
	// The player's values are placed as givens; a wrong one is pointed
	// at, as logic from it leads nowhere good.
	q := *v
	q.Givens = append([]int(nil), v.Givens...)
	if q.Givens == nil {
		q.Givens = make([]int, n*n)
	}
	for c, x := range req.Values {
		if x == 0 {
			continue
		}
		if x < 1 || x > n {
			return nil, badRequest("values: %d at %s is not a value from 1 to %d", x, variant.CellName(n, variant.Cell(c)), n)
		}
		if g := v.Givens; g != nil && g[c] != 0 && g[c] != x {
			return nil, &apiError{Status: 400, Message: fmt.Sprintf("values: %s holds %d, but the puzzle gives %d", variant.CellName(n, variant.Cell(c)), x, g[c]), Cells: []string{variant.CellName(n, variant.Cell(c))}}
		}
		if !out.NotUnique && x != sol[c] {
			out.Wrong = append(out.Wrong, variant.CellName(n, variant.Cell(c)))
		}
		q.Givens[c] = x
	}
	if len(out.Wrong) > 0 {
		out.Message = fmt.Sprintf("%s holds a value that is not the solution's: fix that first (%d wrong in all).", out.Wrong[0], len(out.Wrong))
		return out, nil
	}
	s, err := vlogic.New(&q)
	if err != nil {
		return nil, &apiError{Status: 422, Message: "no hint: " + err.Error()}
	}
	if s.Solved() {
		out.Message = "The grid is full."
		return out, nil
	}
	named := func(st vlogic.Step) *Step {
		return &Step{st, variant.CellNames(n, st.Pattern), st.Result(n), &st.Why}
	}
	var before []vlogic.Step
	var st vlogic.Step
	ok := false
	if req.Place {
		if before, st, ok, err = s.NextPlacing(ctx); err != nil {
			return nil, err
		}
	} else {
		st, ok = s.Next()
	}
	for _, b := range before {
		out.Before = append(out.Before, named(b))
	}
	if ok {
		out.Step = named(st)
		return out, nil
	}
	vs, err := variant.NewSolver(&q)
	if err != nil {
		return nil, Err(&vformat.Refusal{Err: err})
	}
	tc, complete, err := vs.TrueCandidates(ctx, hintTrueCandidates)
	if err != nil {
		return nil, err
	}
	out.Stuck, out.Candidates, out.Complete = true, s.Candidates(), complete
	for c := range tc {
		if out.Candidates[c] == nil {
			tc[c] = nil // placed
		}
	}
	out.TrueCandidates = tc
	out.Message = "No logical step applies here: the logic runs out; the true candidates show what each cell can still hold."
	return out, nil
}
