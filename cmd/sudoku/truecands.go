package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// solve --true-candidates: the values each cell holds in at least one
// solution, looking at no more than --limit solutions. Every puzzle goes
// to the variant engine (a classic one as a 9x9 variant puzzle, its
// pencil marks as candidate lists), which skips the branches that can add
// no candidate: an open grid's candidates come out exact in a few
// solutions, where enumerating the first solutions would see a corner of
// them.

// trueCandsResult is the outcome of one puzzle.
type trueCandsResult struct {
	cands    [][]int // the candidates of each cell, in cell order
	complete bool    // the search ended before the limit: the candidates are exact
	err      error
}

// trueCandidates finds the candidates of a task's puzzle.
func trueCandidates(ctx context.Context, t *task, limit int) trueCandsResult {
	p := t.variant
	if p == nil {
		p = vformat.FromClassic(&t.puzzle.Grid, t.puzzle.Marks)
	}
	vs, err := variant.NewSolver(p)
	if err != nil {
		return trueCandsResult{err: refused{err}}
	}
	cands, complete, err := vs.TrueCandidates(ctx, limit)
	return trueCandsResult{cands: cands, complete: complete, err: err}
}

// writeTrueCandidates writes the record of a puzzle's true candidates:
// as a line of pencil marks, a grid of candidate sets, or JSON with the
// candidates of each cell.
func (w *recordWriter) writeTrueCandidates(t *task, res *trueCandsResult, limit int, grid bool) bool {
	r := newRecord(t)
	n, off := 9, 0
	if t.variant != nil {
		r = variantRecord(t)
		n, off = t.variant.Size, t.variant.Offset
	}
	if res.err != nil {
		r.Fail(res.err)
		return w.write(&r, "", nil)
	}
	r.Status, r.Limit = solver.Solved, limit
	unique := res.complete
	for _, c := range res.cands {
		switch len(c) {
		case 0:
			r.Fail(record.ErrNoSolution)
			return w.write(&r, "", nil)
		case 1:
		default:
			unique = false
		}
	}
	if unique {
		r.Status = solver.Unique
	}
	r.TrueCandidates, r.Complete = res.cands, &res.complete
	text := marksLine(n, off, res.cands)
	if grid {
		text = candidateGrid(n, res.cands)
		if !res.complete {
			text = fmt.Sprintf("(the first %d solutions only: there may be more candidates)\n%s", limit, text)
		}
	}
	return w.write(&r, text, nil)
}

// marksLine writes candidate sets as one line of pencil marks: n places a
// cell, value v in place v (from the lowest value), "." where a value is
// not a candidate. A classic grid's line is the 729 characters the
// commands read as pencil marks; a variant grid's, for sizes to 9, the
// Interactive Sudoku Solver's pencil-mark line.
func marksLine(n, off int, cands [][]int) string {
	p := &variant.Puzzle{Size: n, Offset: off}
	var b strings.Builder
	place := make([]int, n)
	for _, vs := range cands {
		for i := range place {
			place[i] = -1 // written "."
		}
		for _, v := range vs {
			place[v-off-1] = v
		}
		b.WriteString(vformat.SolutionLine(p, place))
	}
	return b.String()
}

// candidateGrid writes candidate sets as a grid, row by row, the values of
// a cell run together (comma-separated above 9x9), cells padded to one
// width; nil is a cell to leave out ("."), an empty set a cell with no
// candidate ("-").
func candidateGrid(n int, cands [][]int) string {
	sep := ""
	if n > 9 {
		sep = ","
	}
	cells := make([]string, len(cands))
	width := 1
	for c, vs := range cands {
		switch {
		case vs == nil:
			cells[c] = "."
		case len(vs) == 0:
			cells[c] = "-"
		default:
			parts := make([]string, len(vs))
			for i, v := range vs {
				parts[i] = strconv.Itoa(v)
			}
			cells[c] = strings.Join(parts, sep)
		}
		width = max(width, len(cells[c]))
	}
	var b strings.Builder
	for row := range n {
		var line strings.Builder
		for col := range n {
			fmt.Fprintf(&line, " %-*s", width, cells[row*n+col])
		}
		if row > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}
