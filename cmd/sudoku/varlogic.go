package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// Hint and explain on a variant puzzle: the steps of package
// variant/logic, which never guesses. Where its steps run out, the
// commands say so and print the true candidates (the values each cell
// holds in some solution, from the engine) rather than a guess.

// trueCandidateLimit caps the solutions the true candidates look at: a
// puzzle with more gets the candidates of those, marked incomplete.
const trueCandidateLimit = 10000

// variantStatus proves a variant puzzle's solution unique, as hint and
// explain need; a puzzle with none or several is refused unless anyPuzzle,
// and one with a kind the engine does not solve always is.
func variantStatus(ctx context.Context, std *stdio, cmd, src string, p *variant.Puzzle, anyPuzzle bool) (solver.Status, int) {
	res := solveVariant(ctx, p, true)
	err := record.StatusError(res.status, res.err)
	if err != nil && (!anyPuzzle || err != record.ErrNoSolution && err != record.ErrMultiple) {
		return res.status, oneFailed(std, cmd, src, err)
	}
	return res.status, exitOK
}

// variantLine is a step's line: its technique, the constraint kind that
// justifies it, and its result.
func variantLine(n int, st vlogic.Step) string {
	t := st.Technique
	if st.Constraint != "" && !strings.Contains(strings.ToLower(t), st.Constraint) {
		t += " (" + st.Constraint + ")"
	}
	return t + " => " + st.Result(n)
}

// variantStep is a step in hint's and explain's JSON: the package's
// step with its cells named and its result written out.
type variantStep struct {
	vlogic.Step
	Cells  []string `json:"cells"`
	Result string   `json:"result"`
}

func newVariantStep(n int, st vlogic.Step) variantStep {
	return variantStep{st, variant.CellNames(n, st.Pattern), st.Result(n)}
}

// stuckReport is what hint and explain say where the logic runs out: the
// candidates its steps leave, and the true candidates.
type stuckReport struct {
	Stuck bool `json:"stuck"`
	// Candidates are the logic's candidates of each cell (nil for a
	// placed cell); TrueCandidates those some solution has, complete
	// false when the search stopped at trueCandidateLimit solutions.
	Candidates     [][]int `json:"candidates,omitempty"`
	TrueCandidates [][]int `json:"trueCandidates,omitempty"`
	Complete       bool    `json:"complete,omitempty"`
}

// stuck fills the report of a solver whose steps ran out.
func stuck(ctx context.Context, p *variant.Puzzle, s *vlogic.Solver) (stuckReport, error) {
	r := stuckReport{Stuck: true, Candidates: s.Candidates()}
	vs, err := variant.NewSolver(p)
	if err != nil {
		return r, err
	}
	tc, complete, err := vs.TrueCandidates(ctx, trueCandidateLimit)
	if err != nil {
		return r, err
	}
	// Cells the logic has placed are left out, as in Candidates.
	for c := range tc {
		if r.Candidates[c] == nil {
			tc[c] = nil
		}
	}
	r.TrueCandidates, r.Complete = tc, complete
	return r, nil
}

// write writes the report for people: how many cells are left, and the
// true candidates as a grid, row by row, "." for a placed cell.
func (r *stuckReport) write(w io.Writer, n int) {
	left := 0
	for _, c := range r.Candidates {
		if c != nil {
			left++
		}
	}
	fmt.Fprintf(w, "No logical step applies: the logic runs out with %d cells left.\n", left)
	if r.Complete {
		fmt.Fprintln(w, "True candidates (the values each cell holds in some solution; . a placed cell):")
	} else {
		fmt.Fprintf(w, "Candidates in the first %d solutions (the search stopped there; . a placed cell):\n", trueCandidateLimit)
	}
	cells := make([][]int, len(r.Candidates))
	for c := range cells {
		if r.Candidates[c] != nil {
			cells[c] = append([]int{}, r.TrueCandidates[c]...) // none: "-"
		}
	}
	fmt.Fprintln(w, candidateGrid(n, cells))
}

func variantHint(ctx context.Context, std *stdio, p *variant.Puzzle, src string, ho hintOptions) int {
	s, err := vlogic.New(p)
	if err != nil {
		return oneFailed(std, "hint", src, err)
	}
	if s.Solved() {
		fmt.Fprintln(std.out, "The grid is solved.")
		return exitOK
	}
	st, code := variantStatus(ctx, std, "hint", src, p, ho.any)
	if code != exitOK {
		return code
	}
	var before []vlogic.Step
	var step vlogic.Step
	ok := false
	if ho.place {
		if before, step, ok, err = s.NextPlacing(ctx); err != nil {
			return oneFailed(std, "hint", src, err)
		}
	} else {
		step, ok = s.Next()
	}
	bs := make([]variantStep, len(before))
	for i, b := range before {
		bs[i] = newVariantStep(p.Size, b)
	}
	con := newConsole(std)
	code = exitOK
	switch {
	case ok && ho.asJSON:
		b, err := jsonLine(struct {
			variantStep
			Before    []variantStep `json:"before,omitempty"`
			Status    solver.Status `json:"status"`
			NotUnique bool          `json:"notUnique,omitempty"`
		}{newVariantStep(p.Size, step), bs, st, st != solver.Unique})
		if err != nil {
			return oneFailed(std, "hint", src, fmt.Errorf("encoding the step: %w", err))
		}
		con.Write(b)
	case ok:
		if st != solver.Unique {
			fmt.Fprintln(con, variantNote(st))
		}
		writeBefore(con, "Steps before it", before, func(b vlogic.Step) string { return variantLine(p.Size, b) })
		fmt.Fprintf(con, "%s\nLook at: %s\n%s\n", variantLine(p.Size, step), strings.Join(variant.CellNames(p.Size, step.Pattern), " "), step.Explanation)
		if !ho.place && len(step.Placements) == 0 {
			fmt.Fprintln(con, "(This step places no value, and the next hint from the same puzzle finds it again: hint --place goes on to the first step that does.)")
		}
	default:
		r, err := stuck(ctx, p, s)
		if err != nil {
			return oneFailed(std, "hint", src, err)
		}
		if ho.asJSON {
			b, err := jsonLine(struct {
				stuckReport
				Before []variantStep `json:"before,omitempty"`
				Status solver.Status `json:"status"`
			}{r, bs, st})
			if err != nil {
				return oneFailed(std, "hint", src, fmt.Errorf("encoding the candidates: %w", err))
			}
			con.Write(b)
		} else {
			if st != solver.Unique {
				fmt.Fprintln(con, variantNote(st))
			}
			writeBefore(con, "Steps taken", before, func(b vlogic.Step) string { return variantLine(p.Size, b) })
			r.write(con, p.Size)
		}
		code = exitFailed // as for a classic puzzle: no hint
	}
	if con.Flush() != nil {
		return exitFailed // run says why
	}
	return code
}

// variantNote is what hint and explain say of a variant puzzle without
// one solution: the steps hold for every solution, there being no
// uniqueness step among them.
func variantNote(st solver.Status) string {
	return "Note: the puzzle " + notUnique(st) + "; every step holds in any solution it has."
}

func variantExplain(ctx context.Context, std *stdio, p *variant.Puzzle, src string, asJSON, verbose, anyPuzzle bool) int {
	s, err := vlogic.New(p)
	if err != nil {
		return oneFailed(std, "explain", src, err)
	}
	st, code := variantStatus(ctx, std, "explain", src, p, anyPuzzle)
	if code != exitOK {
		return code
	}
	var steps []variantStep
	for {
		if err := ctx.Err(); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("timed out after %d steps", len(steps))
			}
			return oneFailed(std, "explain", src, err)
		}
		step, ok := s.Next()
		if !ok {
			break
		}
		steps = append(steps, newVariantStep(p.Size, step))
	}
	var r stuckReport
	if !s.Solved() {
		if r, err = stuck(ctx, p, s); err != nil {
			return oneFailed(std, "explain", src, err)
		}
	}
	grid := s.Grid()
	return printPath(std, asJSON, struct {
		Status    solver.Status `json:"status"`
		NotUnique bool          `json:"notUnique,omitempty"`
		Steps     []variantStep `json:"steps"`
		Solved    bool          `json:"solved"`
		Grid      []int         `json:"grid"`
		stuckReport
	}{st, st != solver.Unique, steps, s.Solved(), grid, r}, func(w io.Writer) {
		if st != solver.Unique {
			fmt.Fprintln(w, variantNote(st))
		}
		for i, s := range steps {
			fmt.Fprintf(w, "%3d. %s\n", i+1, variantLine(p.Size, s.Step))
			if verbose {
				fmt.Fprintf(w, "     %s\n", s.Explanation)
			}
		}
		if r.Stuck {
			r.write(w, p.Size)
		}
	})
}

// rateVariant rates a variant puzzle from its logical path (see
// vlogic.Rating), once the engine has proved its solution unique.
// techniques: --techniques was given, which names classic techniques.
func rateVariant(ctx context.Context, p *variant.Puzzle, techniques bool) (*vlogic.Rating, error) {
	if techniques {
		return nil, refused{errors.New("--techniques names classic techniques: a variant puzzle is rated by every step of the variant logic")}
	}
	res := solveVariant(ctx, p, true)
	if err := record.StatusError(res.status, res.err); err != nil {
		return nil, err
	}
	r, err := vlogic.RateContext(ctx, p)
	if ctx.Err() != nil {
		return nil, err // the time limit, reported as such
	}
	if err != nil {
		return nil, refused{err}
	}
	return &r, nil
}

// variantRating is a variant puzzle's rating as the records carry it.
func variantRating(r *vlogic.Rating) *record.VariantRating {
	return &record.VariantRating{Level: r.Level, Score: r.Score, Hardest: r.Hardest, Steps: r.Steps, BruteForce: !r.Finished}
}
