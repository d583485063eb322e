package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// Avoidable Rectangles (HoDoKu's Avoidable Rectangle Type 1 and 2, orders
// 4020 and 4030) are uniqueness rectangles whose corners are partly
// solved. Digits placed by the solver, unlike givens, could be swapped
// with their partners in the rectangle and leave another solution; so
// when two corners in one box hold a and b (solved, not given), the
// opposite corners may not end as b and a:
//
//   - Type 1: one opposite corner is solved as b, the other (a bivalue
//     cell) cannot be a;
//   - Type 2: both opposite corners are bivalue, one b plus x, the other a
//     plus the same x; one of them is x, so cells seeing both lose x.
//
// The search follows HoDoKu: the first corner is each solved cell in cell
// order, the second a solved cell of its box in its row or column (box
// order), the other two along the columns (or rows) of the first two, top
// to bottom (left to right). Only candidates made from a grid (FromGrid)
// know which digits were solved: for others (pencil marks), there is no
// Avoidable Rectangle.

// findAvoidable returns the finder of Avoidable Rectangle Type t.
func findAvoidable(t Technique) func(*Candidates, *memo) (Step, bool) {
	return func(c *Candidates, m *memo) (Step, bool) {
		for i11 := range c.solved.All {
			a := int(c.values[i11])
			box := sudoku.Box(i11)
			for _, i12 := range sudoku.UnitCells(sudoku.FirstBox + box) {
				sameRow := sudoku.Row(i12) == sudoku.Row(i11)
				if i12 == i11 || !c.solved.Has(i12) || !sameRow && sudoku.Col(i12) != sudoku.Col(i11) {
					continue
				}
				b := int(c.values[i12])
				// The units holding the other two corners.
				u11, u12 := sudoku.FirstRow+sudoku.Row(i11), sudoku.FirstRow+sudoku.Row(i12)
				if sameRow {
					u11, u12 = sudoku.FirstCol+sudoku.Col(i11), sudoku.FirstCol+sudoku.Col(i12)
				}
				cells11, cells12 := sudoku.UnitCells(u11), sudoku.UnitCells(u12)
				for k := range cells11 {
					i21, i22 := cells11[k], cells12[k]
					if sudoku.Box(i21) == box {
						continue
					}
					if s, ok := c.avoidableAt(t, [4]int{i11, i12, i21, i22}, a, b); ok {
						return s, true
					}
				}
			}
		}
		return Step{}, false
	}
}

// avoidableAt checks the rectangle whose corners r[0] (solved as a) and
// r[1] (solved as b) lie in one box, r[2] opposite r[0] and r[3] opposite
// r[1], for an Avoidable Rectangle of type t.
func (c *Candidates) avoidableAt(t Technique, r [4]int, a, b int) (Step, bool) {
	i21, i22 := r[2], r[3]
	open := func(i, d int) bool { return c.values[i] == 0 && c.has(i, d) && popcount(c.marks[i]) == 2 }
	solvedAs := func(i, d int) bool { return c.solved.Has(i) && int(c.values[i]) == d }
	// The notation is written only for a step: most rectangles tried are none.
	note := func() string {
		var rect cellSet
		for _, i := range r {
			rect.Add(i)
		}
		return fmt.Sprintf("%d/%d in %s", a, b, cellNames(rect.List()))
	}
	switch {
	case solvedAs(i21, b) && open(i22, a):
		if t != AvoidableRectangle1 {
			return Step{}, false
		}
		return avoidableStep(t, note(), cand(i22, a), cellArg(r[0]), cellArg(i21), digitArg(a), cellArg(r[1]), digitArg(b), cellArg(i22)), true
	case solvedAs(i22, a) && open(i21, b):
		if t != AvoidableRectangle1 {
			return Step{}, false
		}
		return avoidableStep(t, note(), cand(i21, b), cellArg(r[1]), cellArg(i22), digitArg(b), cellArg(r[0]), digitArg(a), cellArg(i21)), true
	case open(i21, b) && open(i22, a):
		if t != AvoidableRectangle2 {
			return Step{}, false
		}
		x := firstDigit(c.marks[i21] &^ (1 << b))
		if !c.has(i22, x) {
			return Step{}, false
		}
		var ends cellSet
		ends.Add(i21)
		ends.Add(i22)
		el := c.elimsIn(seenByAll(ends), x)
		if len(el) == 0 {
			return Step{}, false
		}
		return Step{Technique: t, Pattern: []sudoku.Candidate{cand(i21, b), cand(i21, x), cand(i22, a), cand(i22, x)},
			Eliminations: el, Notation: note(),
		}.because("avoidable2", cellArg(r[0]), cellArg(r[1]), digitArg(a), digitArg(b), cellArg(i21), cellArg(i22), digitArg(x)), true
	}
	return Step{}, false
}

func avoidableStep(t Technique, note string, e sudoku.Candidate, args ...Arg) Step {
	return Step{Technique: t, Pattern: []sudoku.Candidate{e}, Eliminations: []sudoku.Candidate{e}, Notation: note}.because("avoidable1", args...)
}
