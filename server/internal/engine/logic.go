package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
)

// stepJSON is a logic.Step with its one-line form, which the page shows
// as it is, its explanation as data (the id of a sentence and its
// arguments), which the page says in the player's language, and its
// drawing (a chain's links, a colouring's colours, a fish's units), which
// the page draws.
type stepJSON struct {
	logic.Step
	Text   string         `json:"text"`
	Reason *logic.Reason  `json:"why,omitempty"`
	Draw   *logic.Drawing `json:"draw,omitempty"`
}

func newStep(s logic.Step) *stepJSON {
	out := &stepJSON{Step: s, Text: s.String()}
	if s.Why.ID != "" {
		out.Reason = &s.Why
	}
	if d := s.Drawing(); len(d.Links)+len(d.Colors)+len(d.Base) > 0 {
		out.Draw = &d
	}
	return out
}

type hintRequest struct {
	Puzzle string `json:"puzzle"`
	// Grid is the player's grid: the givens and their entries. Empty means
	// the puzzle itself.
	Grid string `json:"grid"`
	// Notes are the player's pencil marks, the digits of each cell in
	// row-major order. They are used only when every empty cell has some,
	// so a player who keeps notes gets the next step from where they are.
	Notes []notes `json:"notes"`
	// Any asks for a hint even when the puzzle has no solution or several;
	// the techniques that assume one solution are then left out. Without
	// it such a puzzle gets 422.
	Any bool `json:"any"`
	// Techniques, when given, choose the techniques as the command line's
	// --techniques does, one name per element: ["singles"] or
	// ["-xy-chain", "-forcing-chain"].
	Techniques []string `json:"techniques"`
}

// logicRequest is a puzzle for explain and rate, with the techniques to
// use as in hintRequest.
type logicRequest struct {
	Puzzle     string   `json:"puzzle"`
	Techniques []string `json:"techniques"`
}

// techniques reads a list of technique names; none means HoDoKu's default
// set.
func techniques(names []string) (*logic.Options, error) {
	if len(names) == 0 {
		return nil, nil
	}
	ts, err := logic.ParseTechniques(strings.Join(names, ","))
	if err != nil {
		return nil, BadRequest("techniques: %s", strings.TrimPrefix(err.Error(), "logic: "))
	}
	return &logic.Options{Techniques: ts}, nil
}

// readLogicRequest reads the puzzle and techniques of explain and rate.
func readLogicRequest(body json.RawMessage) (sudoku.Puzzle, *logic.Options, error) {
	var req logicRequest
	if err := Decode(body, &req); err != nil {
		return sudoku.Puzzle{}, nil, err
	}
	o, err := techniques(req.Techniques)
	if err != nil {
		return sudoku.Puzzle{}, nil, err
	}
	p, err := PuzzleOf(req.Puzzle)
	return p, o, err
}

type hintResponse struct {
	Step *stepJSON `json:"step"` // null when no technique applies
	// Message says why there is no step.
	Message string `json:"message,omitempty"`
	// UsedNotes tells whether the step starts from the player's notes
	// rather than from every candidate.
	UsedNotes bool `json:"usedNotes"`
	// Wrong names the cells whose entries differ from the solution; the
	// hint is then to fix them, and Step is null.
	Wrong []string `json:"wrong,omitempty"`
	// Status says whether the puzzle has one solution, several or none.
	Status solver.Status `json:"status"`
	// NotUnique tells that the techniques that assume one solution were
	// left out, as the puzzle has several or none.
	NotUnique bool `json:"notUnique,omitempty"`
}

// notes are the pencil marks of one cell: an array of digits, such as
// [1,5,8]. The bit mask of earlier versions (a number, bit d for digit d)
// is still read, for this release only.
type notes sudoku.Digits

// UnmarshalJSON reads an array of digits, or a bit mask.
func (n *notes) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '[' {
		return (*sudoku.Digits)(n).UnmarshalJSON(b)
	}
	var mask uint16
	if err := json.Unmarshal(b, &mask); err != nil || mask&^uint16(sudoku.AllDigits) != 0 {
		return fmt.Errorf("notes: %s is not an array of digits 1 to 9", b)
	}
	*n = notes(mask)
	return nil
}

// notesKeep reports whether the notes of every empty cell keep the
// solution's digit, so that steps from them are sound.
func notesKeep(ns []notes, grid, sol *sudoku.Grid) bool {
	for i, v := range grid {
		if v == 0 && !sudoku.Digits(ns[i]).Has(int(sol[i])) {
			return false
		}
	}
	return true
}

// Hint finds the next logical step from the player's position.
func Hint(ctx context.Context, body json.RawMessage) (any, error) {
	var req hintRequest
	if err := Decode(body, &req); err != nil {
		return nil, err
	}
	o, err := techniques(req.Techniques)
	if err != nil {
		return nil, err
	}
	puzzle, err := PuzzleOf(req.Puzzle)
	if err != nil {
		return nil, err
	}
	// The digits the puzzle places: its givens, or the cells its pencil
	// marks leave one candidate, which the player's grid may leave empty.
	givens, marks := puzzle.Grid, puzzle.Marks
	if marks != nil {
		givens = marks.Grid()
	}
	grid := givens
	if req.Grid != "" {
		if grid, err = sudoku.Parse(req.Grid); err != nil {
			return nil, BadRequest("grid: %v", err)
		}
		for i, v := range givens {
			if v != 0 && grid[i] != v && (marks == nil || grid[i] != 0) {
				return nil, &Error{Status: statusBadRequest, Message: fmt.Sprintf("grid: %s holds %d, but the puzzle gives %d", sudoku.CellName(i), grid[i], v), Cells: []string{sudoku.CellName(i)}}
			}
		}
	}
	if err := grid.Validate(); err != nil {
		return nil, conflictError("grid breaks the rules", err)
	}
	if len(req.Notes) != 0 && len(req.Notes) != 81 {
		return nil, BadRequest("notes: want one set for each of the 81 cells, not %d", len(req.Notes))
	}
	// A hint for a puzzle without one solution may be wrong, so it is
	// given only when asked for, without the techniques that assume one.
	sol, status, err := classify(ctx, &puzzle)
	if err != nil {
		return nil, err
	}
	unique := status == solver.Unique
	what, code := "no solution", CodeNoSolution
	if status == solver.Multiple {
		what, code = "more than one solution", CodeManySolutions
	}
	if !unique && !req.Any {
		return nil, &Error{Status: statusUnprocessable, Code: code,
			Message: "the puzzle has " + what + `, so no hint can be sure (ask with "any": true for one all the same)`}
	}
	out := hintResponse{Status: status, NotUnique: !unique}
	// Logic from a wrong entry leads nowhere good: point the player at it
	// instead. A puzzle without a unique solution has no wrong entries.
	if unique {
		first := -1
		for i, v := range grid {
			if v != 0 && v != sol[i] {
				if first < 0 {
					first = i
				}
				out.Wrong = append(out.Wrong, sudoku.CellName(i))
			}
		}
		if first >= 0 {
			out.Message = fmt.Sprintf("%s holds %d, which is not the solution's digit: fix that first (%d wrong in all).",
				out.Wrong[0], grid[first], len(out.Wrong))
			return out, nil
		}
	}
	// Only now, as a wrong entry may be what leaves a cell no candidate.
	c, err := position(marks, &grid)
	if err != nil {
		return nil, conflictError("no hint", err)
	}
	if len(req.Notes) != 0 && (!unique || notesKeep(req.Notes, &grid, &sol)) {
		out.UsedNotes = applyNotes(c, req.Notes)
	}
	if c.Solved() {
		out.Message = "The grid is full."
		return out, nil
	}
	if !unique {
		o = o.NotUnique()
	}
	s, ok, err := o.Hint(ctx, c)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		out.Message = "No technique applies here: only guessing is left, or an entry is wrong."
	default:
		out.Step = newStep(s)
	}
	if !unique {
		out.Message = strings.TrimSpace(out.Message + " The puzzle has " + what +
			": the techniques that assume one are left out.")
	}
	return out, nil
}

// position returns the candidates of the player's grid: those its digits
// leave, or with pencil marks (not nil), those the marks leave once the
// player's digits are placed.
func position(marks *sudoku.Marks, grid *sudoku.Grid) (*logic.Candidates, error) {
	if marks == nil {
		return logic.FromGrid(*grid)
	}
	m := *marks
	for i, v := range grid {
		if v != 0 {
			m[i] = 1 << v
		}
	}
	return logic.FromMarks(m)
}

// applyNotes removes from c the candidates the player has ruled out, when
// every empty cell keeps at least one of its candidates in the notes. It
// reports whether it did.
func applyNotes(c *logic.Candidates, ns []notes) bool {
	var elims []sudoku.Candidate
	for i := range 81 {
		if c.Value(i) != 0 {
			continue
		}
		kept := false
		for _, d := range c.Digits(i) {
			if sudoku.Digits(ns[i]).Has(d) {
				kept = true
			} else {
				elims = append(elims, sudoku.Candidate{Cell: i, Digit: d})
			}
		}
		if !kept {
			return false
		}
	}
	return c.Apply(logic.Step{Eliminations: elims}) == nil
}

type explainResponse struct {
	Steps []*stepJSON `json:"steps"`
}

// Explain returns the whole logical path of a puzzle, or of a pencil-mark
// puzzle from its marks (the page's replay from the player's marks).
func Explain(ctx context.Context, body json.RawMessage) (any, error) {
	p, o, err := readLogicRequest(body)
	if err != nil {
		return nil, err
	}
	var steps []logic.Step
	if p.Marks != nil {
		steps, err = o.ExplainMarks(ctx, p.Marks)
	} else {
		steps, err = o.Explain(ctx, p.Grid)
	}
	if err != nil {
		return nil, logicError(err)
	}
	out := explainResponse{Steps: make([]*stepJSON, len(steps))}
	for i, s := range steps {
		out.Steps[i] = newStep(s)
	}
	return out, nil
}

// Rate rates a puzzle as HoDoKu and Sudoku Explainer would.
func Rate(ctx context.Context, body json.RawMessage) (any, error) {
	p, o, err := readLogicRequest(body)
	if err != nil {
		return nil, err
	}
	if p.Marks != nil {
		// HoDoKu's rating alone, as sudoku rate gives it: Sudoku
		// Explainer rates puzzles of givens.
		r, err := o.RateMarks(ctx, p.Marks)
		if err != nil {
			return nil, logicError(err)
		}
		return record.NewRating(&r, nil), nil
	}
	g := p.Grid
	r, err := o.Rate(ctx, g)
	if err != nil {
		return nil, logicError(err)
	}
	s, err := se.Rate(ctx, &g)
	if err != nil {
		return nil, logicError(err)
	}
	// The rating as the command line's records give it: HoDoKu's
	// (package logic) with Sudoku Explainer's ER, EP, ED and hardest
	// technique (package se), in one object.
	return record.NewRating(&r, &s), nil
}

func logicError(err error) error {
	switch {
	case errors.Is(err, logic.ErrNoSolution):
		return &Error{Status: statusUnprocessable, Message: "the puzzle has no solution", Code: CodeNoSolution}
	case errors.Is(err, logic.ErrMultipleSolutions):
		return &Error{Status: statusUnprocessable, Message: "the puzzle has more than one solution", Code: CodeManySolutions}
	}
	return err
}

// conflictError reports a grid that breaks the rules, or has a cell
// without a candidate, naming the cells.
func conflictError(what string, err error) error {
	ae := &Error{Status: statusUnprocessable, Message: what + ": " + strings.TrimPrefix(err.Error(), "logic: ")}
	var ce *sudoku.ConflictError
	var nc *logic.NoCandidateError
	switch {
	case errors.As(err, &ce):
		ae.Cells = []string{sudoku.CellName(ce.Cell1), sudoku.CellName(ce.Cell2)}
		ae.Code, ae.Args = CodeConflict, []string{ae.Cells[0], ae.Cells[1], strconv.Itoa(int(ce.Digit))}
	case errors.As(err, &nc):
		ae.Message = what + ": the position has no solution: " + sudoku.CellName(nc.Cell) + " has no candidate left"
		ae.Cells = []string{sudoku.CellName(nc.Cell)}
		ae.Code, ae.Args = CodeNoCandidate, ae.Cells
	}
	return ae
}
