package se

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Errors for puzzles without exactly one solution: the same values in
// packages logic and se, so that errors.Is(err, ErrNoSolution) holds for
// either rater's error.
var (
	ErrNoSolution        = board.ErrNoSolution
	ErrMultipleSolutions = board.ErrMultipleSolutions
)

// Rating is Sudoku Explainer's rating of a puzzle. The three numbers are
// in tenths, rounded as serate prints them.
type Rating struct {
	// ER is the rating: the difficulty of the hardest step on the path.
	ER float64 `json:"er"`
	// EP, the pearl rating, is the hardest step up to and including the
	// first step that places a digit.
	EP float64 `json:"ep"`
	// ED, the diamond rating, is the difficulty of the first step.
	ED float64 `json:"ed"`
	// Hardest names the first step whose difficulty is ER. A solved grid
	// has no step: its ER, EP and ED are 0 and Hardest is empty.
	Hardest string `json:"hardest"`
	// Steps is Sudoku Explainer's path, one step per hint it applies.
	Steps []Step `json:"steps"`
}

// Step is one hint of Sudoku Explainer's path.
type Step struct {
	// Technique is Sudoku Explainer's name for the hint, such as
	// "Hidden Single" or "Dynamic Cell Forcing Chains".
	Technique string `json:"technique"`
	// Difficulty is the hint's rating in tenths, as serate would print it.
	Difficulty float64 `json:"difficulty"`
	// Placed is the digit the step places, if any.
	Placed *sudoku.Candidate `json:"placed,omitempty"`
	// Eliminated lists the candidates the step removes, by cell and digit.
	Eliminated []sudoku.Candidate `json:"eliminated,omitempty"`
}

// String returns the step as Sudoku Explainer's path lists it: the
// technique, its difficulty, then what it removes and places, such as
// "XYZ-Wing (4.4): r7c3<>3" or "Hidden Single (1.2): r1c3=8".
func (s Step) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%.1f):", s.Technique, s.Difficulty)
	for i, e := range s.Eliminated {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s<>%d", sudoku.CellName(e.Cell), e.Digit)
	}
	if s.Placed != nil {
		if len(s.Eliminated) > 0 {
			b.WriteString(" =>")
		}
		fmt.Fprintf(&b, " %s", *s.Placed)
	}
	return b.String()
}

// BruteForce is the ER, EP or ED that serate gives a puzzle that none of
// its techniques can solve, and Hardest is then "Brute Force". No rating
// is higher.
const BruteForce = 20.0

// Easiest is the difficulty of the easiest step, a unit's last empty
// cell: a puzzle that takes a step rates no lower.
const Easiest = 1.0

// tenths rounds a difficulty as serate prints it.
func tenths(d float64) float64 {
	w := int((d + 0.05) * 10)
	return float64(w) / 10
}

// Rate rates the puzzle g as Sudoku Explainer's serate does. g must have
// exactly one solution: puzzles without one get ErrNoSolution or
// ErrMultipleSolutions, and givens that break the rules an error from
// g.Validate. Every step is checked against the solution; a step that
// contradicts it is reported as an error, never as a rating. When ctx ends
// first, Rate returns ctx.Err().
func Rate(ctx context.Context, g *sudoku.Grid) (Rating, error) {
	sol, err := board.Solution(ctx, g)
	if err != nil {
		return Rating{}, err
	}
	r := newRater(ctx, g, &sol)
	return r.rate()
}

// rater holds one rating's state.
type rater struct {
	ctx context.Context
	g   *grid
	sol *sudoku.Grid
	err error // the context's error once it ends
	ch  chainer
}

func newRater(ctx context.Context, g *sudoku.Grid, sol *sudoku.Grid) *rater {
	r := &rater{ctx: ctx, g: newGrid(g), sol: sol}
	r.ch.init(r)
	return r
}

// producer finds Sudoku Explainer's next hint of one technique family.
type producer func(r *rater) (hint, bool)

// producers lists the techniques in the order Sudoku Explainer asks
// them; the first that finds a hint gives the step.
var producers = []producer{
	func(r *rater) (hint, bool) { return hiddenSingle(r.g) },
	func(r *rater) (hint, bool) { return locking(r.g, true) },
	func(r *rater) (hint, bool) { return hiddenSet(r.g, 2, true) },
	func(r *rater) (hint, bool) { return nakedSingle(r.g) },
	func(r *rater) (hint, bool) { return hiddenSet(r.g, 3, true) },
	func(r *rater) (hint, bool) { return locking(r.g, false) },
	func(r *rater) (hint, bool) { return nakedSet(r.g, 2) },
	func(r *rater) (hint, bool) { return fish(r.g, 2) },
	func(r *rater) (hint, bool) { return hiddenSet(r.g, 2, false) },
	func(r *rater) (hint, bool) { return nakedSet(r.g, 3) },
	func(r *rater) (hint, bool) { return fish(r.g, 3) },
	func(r *rater) (hint, bool) { return hiddenSet(r.g, 3, false) },
	func(r *rater) (hint, bool) { return xyWing(r.g, false) },
	func(r *rater) (hint, bool) { return xyWing(r.g, true) },
	func(r *rater) (hint, bool) { return uniqueLoops(r.g) },
	func(r *rater) (hint, bool) { return nakedSet(r.g, 4) },
	func(r *rater) (hint, bool) { return fish(r.g, 4) },
	func(r *rater) (hint, bool) { return hiddenSet(r.g, 4, false) },
	func(r *rater) (hint, bool) { return bug(r.g) },
	func(r *rater) (hint, bool) { return alignedExclusion(r.g, 2) },
	func(r *rater) (hint, bool) { return r.ch.unary() },
	func(r *rater) (hint, bool) { return alignedExclusion(r.g, 3) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeNishio, 0) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeMultiple, 0) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 0) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 1) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 2) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 3) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 4) },
	func(r *rater) (hint, bool) { return r.ch.multiple(modeDynamic, 5) },
}

// next returns Sudoku Explainer's next hint.
func (r *rater) next() (hint, bool) {
	for _, p := range producers {
		if h, ok := p(r); ok || r.err != nil {
			return h, ok
		}
	}
	return hint{}, false
}

// stopped reports whether the context has ended, and remembers why.
func (r *rater) stopped() bool {
	if r.err == nil {
		r.err = r.ctx.Err()
	}
	return r.err != nil
}

func (r *rater) rate() (Rating, error) {
	var rt Rating
	var er, ep, ed float64
	for !r.g.solved() {
		if r.stopped() {
			return Rating{}, r.err
		}
		r.ch.cache.step()
		h, ok := r.next()
		if r.err != nil {
			return Rating{}, r.err
		}
		if !ok {
			er = BruteForce
			rt.Hardest = "Brute Force"
			break
		}
		step, err := r.check(h)
		if err != nil {
			return Rating{}, err
		}
		rt.Steps = append(rt.Steps, step)
		r.apply(h)
		if h.diff > er {
			er = h.diff
			rt.Hardest = h.name
		}
		if ep == 0 {
			if ed == 0 {
				ed = er
			}
			if h.cell >= 0 {
				ep = er
			}
		}
	}
	rt.ER, rt.EP, rt.ED = tenths(er), tenths(ep), tenths(ed)
	return rt, nil
}

// check verifies a hint against the solution and turns it into a Step.
func (r *rater) check(h hint) (Step, error) {
	st := Step{Technique: h.name, Difficulty: tenths(h.diff)}
	if len(h.elims) == 0 && h.cell < 0 {
		return st, fmt.Errorf("se: internal error: %s does nothing", h.name)
	}
	elims := slices.Clone(h.elims)
	slices.Sort(elims)
	elims = slices.Compact(elims)
	for _, k := range elims {
		c, d := int(k)/9, int(k)%9+1
		if !r.g.has(c, d) {
			return st, fmt.Errorf("se: internal error: %s removes %s, not a candidate", h.name, sudoku.Candidate{Cell: c, Digit: d})
		}
		if int(r.sol[c]) == d {
			return st, fmt.Errorf("se: internal error: %s removes %s, the solution", h.name, sudoku.Candidate{Cell: c, Digit: d})
		}
		st.Eliminated = append(st.Eliminated, sudoku.Candidate{Cell: c, Digit: d})
	}
	if h.cell >= 0 {
		p := sudoku.Candidate{Cell: h.cell, Digit: h.digit}
		if !r.g.has(h.cell, h.digit) || int(r.sol[h.cell]) != h.digit {
			return st, fmt.Errorf("se: internal error: %s places %s, not the solution", h.name, p)
		}
		st.Placed = &p
	}
	return st, nil
}

// apply removes the hint's candidates, then places its digit.
func (r *rater) apply(h hint) {
	for _, k := range h.elims {
		r.g.remove(int(k)/9, int(k)%9+1)
	}
	if h.cell >= 0 {
		r.g.place(h.cell, h.digit)
	}
}
