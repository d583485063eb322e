// Package trace solves Sudoku puzzles the classic way and records the whole
// process as data: every given placed, every forced digit (naked or hidden
// single, naming the unit), every guess with the alternatives left, every
// dead end, every backtrack with what it restored, and every solution.
//
// Each step carries the exact change it made to the grid: the digits it
// placed, the candidates it removed and, for a backtrack, the cells it
// emptied and the candidates it gave back. A Board can therefore be moved
// forward and backward through a Trace from the steps alone (Step.Apply and
// Step.Undo), which is what a replay in a browser needs.
//
// The engine is deliberately the plain one the steps describe: candidates
// as bitmasks, naked singles first, then hidden singles (boxes, rows,
// columns), then a guess in the cell with the fewest candidates, with an
// explicit stack. It is separate from package solver, which it does not
// slow down; it is meant for showing, not for speed.
package trace

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/godoku/sudoku"
)

// Kind says what a step is.
type Kind uint8

// The kinds of step.
const (
	Given        Kind = iota + 1 // a given digit placed
	NakedSingle                  // the only candidate left in its cell
	HiddenSingle                 // the only place left for the digit in a unit
	Guess                        // a digit tried in a cell, others left to try
	DeadEnd                      // a cell with no candidate, or a digit with no place in a unit
	Backtrack                    // back to an earlier state, trying the next alternative
	Solution                     // all cells filled
	End                          // the search is over
	Stopped                      // the step limit or the context stopped the search
)

var kindNames = [...]string{"", "given", "naked single", "hidden single", "guess", "dead end", "backtrack", "solution", "end", "stopped"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText implements encoding.TextMarshaler.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if i > 0 && n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("trace: unknown step kind %q", b)
}

// Unit names a row, column or box, 0-based; Kind is "row", "column" or "box".
type Unit struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
}

// String returns the unit as people write it, 1-based: "box 2".
func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

// Placement is a digit put in a cell.
type Placement struct {
	sudoku.Candidate
	// How is the kind of step that had filled the cell; it is set only in
	// Step.Cleared, so that undoing a backtrack can restore it.
	How Kind
}

// Change is a set of candidates of one cell, removed or given back.
type Change struct {
	Cell   int
	Digits sudoku.Digits
}

// Step is one event of a trace, with the change it made to the board.
// Fields that do not apply to its Kind are zero. Its JSON form, and those
// of Placement and Change, are in render.go.
type Step struct {
	Kind  Kind
	Cell  int // the cell placed, guessed or found empty; -1 for none
	Digit int // the digit placed or guessed; for a unit dead end, the digit with no place
	Unit  *Unit
	// Depth is the number of guesses on the stack after the step.
	Depth int
	// Left are the alternatives still untried at a guess or backtrack.
	Left sudoku.Digits
	// Index numbers solutions from 1, for Solution steps.
	Index int
	// The change, applied in this order: Cleared cells are emptied and
	// Restored candidates given back (a backtrack), then Placed digits put
	// in and Removed candidates taken away.
	Cleared  []Placement
	Restored []Change
	Placed   []Placement
	Removed  []Change
	// Note says more, for End and Stopped steps.
	Note string
}

// Stats sums up a trace.
type Stats struct {
	Steps         int           `json:"steps"`
	Givens        int           `json:"givens"`
	Forced        int           `json:"forced"` // naked and hidden singles
	NakedSingles  int           `json:"nakedSingles"`
	HiddenSingles int           `json:"hiddenSingles"`
	Guesses       int           `json:"guesses"`
	DeadEnds      int           `json:"deadEnds"`
	Backtracks    int           `json:"backtracks"`
	MaxDepth      int           `json:"maxDepth"`
	Solutions     int           `json:"solutions"`
	Duration      time.Duration `json:"durationNs"`
}

// Outcome is how a traced search ended.
type Outcome string

// The outcomes.
const (
	Solved     Outcome = "solved"      // at least one solution was found
	NoSolution Outcome = "no solution" // the search ended without one
	Cut        Outcome = "stopped"     // the step limit or the context ended it first
)

// Trace is the record of one solve.
type Trace struct {
	Puzzle    sudoku.Grid
	Steps     []Step
	Solutions []sudoku.Grid
	Stats     Stats
	Outcome   Outcome
	// Complete reports whether the search space was exhausted, so that
	// the number of solutions is known exactly.
	Complete bool
}

// Options control a traced solve.
type Options struct {
	// Limit is the number of solutions to find before stopping; 0 means 1.
	// A limit above 1 traces a search for several solutions.
	Limit int
	// MaxSteps stops the trace after this many steps; 0 means no limit.
	MaxSteps int
	// MaxBytes stops the trace before its JSON form (MarshalJSON) would
	// take more than this many bytes; 0 means no limit. As with MaxSteps,
	// the trace then ends with a Stopped step saying why. A server uses it
	// to bound its answers, and with them the memory a trace takes.
	MaxBytes int
}

// Solve traces the solving of g. It returns the trace even when the search
// is stopped, by opt.MaxSteps or by ctx, with everything recorded so far;
// the last step then says why. Invalid cell values (above 9) are an error;
// clashing givens give a trace that ends in a dead end.
func Solve(ctx context.Context, g sudoku.Grid, opt Options) (*Trace, error) {
	for i, v := range g {
		if v > 9 {
			return nil, &sudoku.CellError{Cell: i, Value: v}
		}
	}
	limit := max(opt.Limit, 1)
	e := engine{t: &Trace{Puzzle: g}, maxSteps: opt.MaxSteps, maxBytes: opt.MaxBytes, ctx: ctx}
	if e.maxBytes > 0 {
		e.bytes = baseJSONSize(g)
	}
	start := time.Now()
	e.run(limit)
	e.t.Stats.Duration = time.Since(start)
	e.t.Stats.Steps = len(e.t.Steps)
	return e.t, nil
}

type frame struct {
	saved Board
	cell  int
	left  sudoku.Digits
}

type engine struct {
	t        *Trace
	b        Board
	stack    []frame
	maxSteps int
	maxBytes int
	// bytes bounds the size of the JSON form of the trace so far, its
	// last step (an end or a stop) included; see jsonSize.
	bytes   int
	ctx     context.Context
	stopped bool
}

func (e *engine) run(limit int) {
	e.b = NewBoard()
	ok := true
	for c, v := range e.t.Puzzle {
		if v == 0 {
			continue
		}
		if !e.b.Candidates[c].Has(int(v)) {
			// The digit is gone from the cell: a clash with an earlier given.
			e.emit(Step{Kind: DeadEnd, Cell: c, Digit: int(v), Note: fmt.Sprintf("%d cannot go in %s: it clashes with another given", v, sudoku.CellName(c))})
			ok = false
			break
		}
		if !e.place(Step{Kind: Given, Cell: c, Digit: int(v)}) {
			return
		}
	}
	if ok {
		ok = e.deadEnd()
	}
	for !e.stopped {
		if ok {
			if s, found := e.single(); found {
				if !e.place(s) {
					return
				}
				ok = e.deadEnd()
				continue
			}
			if e.full() {
				sol := e.b.Values
				e.t.Solutions = append(e.t.Solutions, sol)
				if !e.emit(Step{Kind: Solution, Cell: -1, Depth: len(e.stack), Index: len(e.t.Solutions)}) {
					return
				}
				if len(e.t.Solutions) >= limit {
					e.finish(false)
					return
				}
				ok = false // look for more solutions: backtrack
				continue
			}
			c := e.fewest()
			d := lowest(e.b.Candidates[c])
			e.stack = append(e.stack, frame{saved: e.b, cell: c, left: e.b.Candidates[c] &^ (1 << d)})
			if !e.place(Step{Kind: Guess, Cell: c, Digit: d, Left: e.b.Candidates[c] &^ (1 << d)}) {
				return
			}
			ok = e.deadEnd()
			continue
		}
		// Back to the last guess with an alternative left.
		for len(e.stack) > 0 && e.stack[len(e.stack)-1].left == 0 {
			e.stack = e.stack[:len(e.stack)-1]
		}
		if len(e.stack) == 0 {
			e.finish(true)
			return
		}
		f := &e.stack[len(e.stack)-1]
		d := lowest(f.left)
		f.left &^= 1 << d
		s := Step{Kind: Backtrack, Cell: f.cell, Digit: d, Left: f.left}
		s.Cleared, s.Restored = diff(&e.b, &f.saved)
		e.b = f.saved
		if !e.place(s) {
			return
		}
		ok = e.deadEnd()
	}
}

// place applies a placing step (given, single, guess or backtrack), adding
// to it the placement and the candidates it removes, and records it.
func (e *engine) place(s Step) bool {
	c, d := s.Cell, s.Digit
	bit := sudoku.Digits(1) << d
	s.Placed = []Placement{{Candidate: sudoku.Candidate{Cell: c, Digit: d}}}
	peers := sudoku.Peers(c)
	n := 1 // the size of Removed, counted first so that it is allocated once
	for _, p := range peers {
		if e.b.Candidates[p]&bit != 0 {
			n++
		}
	}
	s.Removed = make([]Change, 1, n)
	s.Removed[0] = Change{Cell: c, Digits: e.b.Candidates[c]}
	e.b.Values[c], e.b.Candidates[c], e.b.How[c] = uint8(d), 0, s.Kind
	for _, p := range peers {
		if e.b.Candidates[p]&bit != 0 {
			e.b.Candidates[p] &^= bit
			s.Removed = append(s.Removed, Change{Cell: p, Digits: bit})
		}
	}
	return e.emit(s)
}

// emit records a step, stopping the trace when the step limit or the
// context says so. It reports false once the trace is stopped.
func (e *engine) emit(s Step) bool {
	if s.Kind != Stopped {
		s.Depth = len(e.stack)
	}
	if e.maxBytes > 0 && s.Kind != End && s.Kind != Stopped {
		n := stepJSONSize(s)
		if s.Kind == Solution {
			n += solutionJSONSize
		}
		if e.bytes+n > e.maxBytes {
			if s.Kind == Solution { // run has recorded it: the trace does not show it
				e.t.Solutions = e.t.Solutions[:len(e.t.Solutions)-1]
			}
			e.stop(fmt.Sprintf("size limit of %d bytes reached", e.maxBytes))
			return false
		}
		e.bytes += n
	}
	e.t.Steps = append(e.t.Steps, s)
	st := &e.t.Stats
	switch s.Kind {
	case Given:
		st.Givens++
	case NakedSingle:
		st.NakedSingles++
		st.Forced++
	case HiddenSingle:
		st.HiddenSingles++
		st.Forced++
	case Guess:
		st.Guesses++
	case DeadEnd:
		st.DeadEnds++
	case Backtrack:
		st.Backtracks++
	case Solution:
		st.Solutions++
	}
	st.MaxDepth = max(st.MaxDepth, len(e.stack))
	if s.Kind == End || s.Kind == Stopped {
		return true
	}
	reason := ""
	if e.maxSteps > 0 && len(e.t.Steps) >= e.maxSteps {
		reason = fmt.Sprintf("step limit of %d reached", e.maxSteps)
	} else if len(e.t.Steps)%64 == 0 && e.ctx.Err() != nil {
		reason = e.ctx.Err().Error()
	}
	if reason != "" {
		e.stop(reason)
		return false
	}
	return true
}

// stop ends the trace with a Stopped step giving the reason.
func (e *engine) stop(reason string) {
	e.stopped = true
	e.t.Outcome = Cut
	e.emit(Step{Kind: Stopped, Cell: -1, Depth: len(e.stack), Note: reason})
}

// finish records the end of the search.
func (e *engine) finish(complete bool) {
	e.t.Complete = complete
	n := len(e.t.Solutions)
	note := ""
	switch {
	case n == 0:
		e.t.Outcome = NoSolution
		note = "no solution"
	case complete && n == 1:
		e.t.Outcome = Solved
		note = "search complete: the solution is unique"
	case complete:
		e.t.Outcome = Solved
		note = fmt.Sprintf("search complete: %d solutions", n)
	case n == 1:
		e.t.Outcome = Solved
		note = "solved (the search stops at the first solution; trace with a higher limit to prove it unique)"
	default:
		e.t.Outcome = Solved
		note = fmt.Sprintf("stopped at the limit of %d solutions", n)
	}
	e.emit(Step{Kind: End, Cell: -1, Depth: len(e.stack), Note: note})
}

// single finds the next forced digit: a naked single, else a hidden single
// in a box, row or column.
func (e *engine) single() (Step, bool) {
	for c := range 81 {
		if e.b.Values[c] == 0 && e.b.Candidates[c]&(e.b.Candidates[c]-1) == 0 {
			return Step{Kind: NakedSingle, Cell: c, Digit: lowest(e.b.Candidates[c])}, true
		}
	}
	for _, u := range unitOrder {
		var once, twice, placed sudoku.Digits
		for _, c := range sudoku.UnitCells(u) {
			m := e.b.Candidates[c]
			twice |= once & m
			once |= m
			if v := e.b.Values[c]; v != 0 {
				placed |= 1 << v
			}
		}
		if only := once &^ twice &^ placed; only != 0 {
			d := lowest(only)
			for _, c := range sudoku.UnitCells(u) {
				if e.b.Candidates[c].Has(d) {
					return Step{Kind: HiddenSingle, Cell: c, Digit: d, Unit: unitOf(u)}, true
				}
			}
		}
	}
	return Step{}, false
}

// deadEnd checks for a contradiction and records it. It reports false if
// there is one (or the trace stopped).
func (e *engine) deadEnd() bool {
	for c := range 81 {
		if e.b.Values[c] == 0 && e.b.Candidates[c] == 0 {
			e.emit(Step{Kind: DeadEnd, Cell: c})
			return false
		}
	}
	for _, u := range unitOrder {
		var have sudoku.Digits
		for _, c := range sudoku.UnitCells(u) {
			have |= e.b.Candidates[c]
			if v := e.b.Values[c]; v != 0 {
				have |= 1 << v
			}
		}
		if missing := sudoku.AllDigits &^ have; missing != 0 {
			e.emit(Step{Kind: DeadEnd, Cell: -1, Digit: lowest(missing), Unit: unitOf(u)})
			return false
		}
	}
	return !e.stopped
}

func (e *engine) full() bool {
	for _, v := range e.b.Values {
		if v == 0 {
			return false
		}
	}
	return true
}

// fewest returns the first empty cell with the fewest candidates.
func (e *engine) fewest() int {
	best, bestN := -1, 10
	for c := range 81 {
		if e.b.Values[c] == 0 {
			if n := e.b.Candidates[c].Count(); n < bestN {
				best, bestN = c, n
			}
		}
	}
	return best
}

// diff returns what going back from now to saved empties and gives back.
func diff(now, saved *Board) ([]Placement, []Change) {
	var cleared []Placement
	var restored []Change
	for c := range 81 {
		if now.Values[c] != 0 && saved.Values[c] == 0 {
			cleared = append(cleared, Placement{sudoku.Candidate{Cell: c, Digit: int(now.Values[c])}, now.How[c]})
		}
		if back := saved.Candidates[c] &^ now.Candidates[c]; back != 0 {
			restored = append(restored, Change{Cell: c, Digits: back})
		}
	}
	return cleared, restored
}

func lowest(ds sudoku.Digits) int { return bits.TrailingZeros16(uint16(ds &^ 1)) }

// unitOrder is the order in which hidden singles and dead ends look at the
// units (numbered as in package sudoku): boxes first, as people do, then
// rows and columns.
var unitOrder = [sudoku.NumUnits]int{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

func unitOf(u int) *Unit {
	switch {
	case u < 9:
		return &Unit{"row", u}
	case u < 18:
		return &Unit{"column", u - 9}
	}
	return &Unit{"box", u - 18}
}
