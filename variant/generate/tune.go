package generate

import (
	"cmp"
	"context"
	"slices"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// maxTunes is how many cage changes one grid's puzzle is given to reach
// the level asked for before the grid is given up for another.
const maxTunes = 40

// maxMoves is how many changes of the cages one tune tries, the best
// first, before it gives up: a change that leaves two solutions is undone.
const maxMoves = 8

// combos[k][s] counts the sets of k different digits 1 to 9 that add up
// to s: 1 for the cages a player settles at a glance (3 in two cells, 24
// in three).
var combos = func() (t [size + 1][46]int) {
	for m := range 1 << size {
		k, s := 0, 0
		for d := range size {
			if m&(1<<d) != 0 {
				k++
				s += d + 1
			}
		}
		t[k][s]++
	}
	return t
}()

// graded is a puzzle's rating against the request: the rating (cut short
// once too hard), whether the path ran to its end, and the cells the path
// left empty where it stopped.
type graded struct {
	r    vlogic.Rating
	full bool
	open []bool
}

// band returns the easiest and hardest levels asked for.
func (g *Generator) band() (lo, hi logic.Level) {
	if len(g.opt.Levels) == 0 {
		return logic.Easy, logic.Extreme
	}
	return slices.Min(g.opt.Levels), slices.Max(g.opt.Levels)
}

// tune changes the cages of l, whose puzzle p has one solution, toward
// the levels asked for: where the logic's path is too hard it cuts a cage
// that holds a cell the path left empty in two (more sums tell more);
// where it is too easy it joins two neighbouring cages (fewer sums). Each
// change is kept only if the puzzle stays unique. It returns the last
// puzzle and its grade, at a level asked for unless the tunes ran out or
// no change was left.
func (g *Generator) tune(ctx context.Context, l *layout, p *variant.Puzzle) (*variant.Puzzle, graded, error) {
	lo, hi := g.band()
	givens := p.Givens
	if givens == nil {
		givens = make([]int, size*size)
	}
	for range maxTunes {
		gr, err := g.grade(ctx, p)
		if err != nil {
			return nil, graded{}, err
		}
		if len(g.opt.Levels) == 0 || slices.Contains(g.opt.Levels, gr.r.Level) {
			return p, gr, nil
		}
		var q *variant.Puzzle
		switch {
		case gr.r.Level > hi:
			q, err = g.split(ctx, l, givens, gr.open)
		case gr.r.Level < lo:
			q, err = g.merge(ctx, l, givens)
		}
		if err != nil {
			return nil, graded{}, err
		}
		if q == nil {
			return p, gr, nil
		}
		p = q
	}
	gr, err := g.grade(ctx, p)
	return p, gr, err
}

// oneSolution returns the puzzle of l's cages and givens, with its solution,
// if it has one solution, and nil if it has more.
func (g *Generator) oneSolution(ctx context.Context, l *layout, givens []int) (*variant.Puzzle, error) {
	p := l.puzzle(givens)
	g.stats.Counts++
	n, err := variant.Count(ctx, p, 2)
	if err != nil || n != 1 {
		return nil, err
	}
	p.Solution = slices.Clone(l.grid[:])
	return p, nil
}

// fact[k] is k!: the orders of a cage's digits.
var fact = [...]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880}

// fills returns how many ways the digits of a cage of cells may be
// filled in, its sum alone known: digit sets that add up to it, each in
// any order. The fewer, the more the cage tells.
func (l *layout) fills(cells []int) int {
	s := 0
	for _, c := range cells {
		s += l.grid[c]
	}
	return combos[len(cells)][s] * fact[len(cells)]
}

// reshape is one change of the cages: the cages old (indices into
// layout.cages) give way to the parts new, which cover the same cells.
type reshape struct {
	old   []int
	parts [][]int
	// gain is the fills of the old cages over those of the new ones,
	// multiplied: how many times fewer ways the cells may be filled.
	gain float64
}

// partitions calls f with each way to cut cells into joined parts of
// least to 5 cells, none with a digit twice (parts holds the parts so
// far).
func (l *layout) partitions(cells []int, least int, parts [][]int, f func([][]int)) {
	if len(cells) == 0 {
		f(parts)
		return
	}
	first, rest := cells[0], cells[1:]
	// Subsets of rest that join first in one part.
	for m := 0; m < 1<<len(rest); m++ {
		part := []int{first}
		var left []int
		for i, c := range rest {
			if m&(1<<i) != 0 {
				part = append(part, c)
			} else {
				left = append(left, c)
			}
		}
		if len(part) < least || len(part) > 5 || !connected(part) || !l.distinct(part) {
			continue
		}
		l.partitions(left, least, append(parts, part), f)
	}
}

// distinct reports whether the digits of cells differ.
func (l *layout) distinct(cells []int) bool {
	m := 0
	for _, c := range cells {
		if m&(1<<l.grid[c]) != 0 {
			return false
		}
		m |= 1 << l.grid[c]
	}
	return true
}

// reshapes lists the changes that tell more about the cells of cage k:
// cut in two, or cut up again with a neighbouring cage into parts that
// leave fewer ways to fill the cells.
func (g *Generator) reshapes(l *layout, k int, out []reshape) []reshape {
	least := 2
	if g.opt.SingleCells {
		least = 1
	}
	olds := [][]int{{k}}
	var nb []int
	for _, a := range l.cages[k] {
		for _, b := range neighbours(a, nb) {
			if j := l.cage[b]; j != k && !slices.ContainsFunc(olds, func(o []int) bool { return len(o) == 2 && o[1] == j }) {
				olds = append(olds, []int{k, j})
			}
		}
	}
	for _, old := range olds {
		var cells []int
		before := 1.0
		for _, j := range old {
			cells = append(cells, l.cages[j]...)
			before *= float64(l.fills(l.cages[j]))
		}
		if len(cells) > 10 {
			continue
		}
		slices.Sort(cells)
		l.partitions(cells, least, nil, func(parts [][]int) {
			if len(parts) <= len(old) && len(old) == 1 {
				return
			}
			after := 1.0
			for _, p := range parts {
				after *= float64(l.fills(p))
			}
			if after < before {
				out = append(out, reshape{old, slices.Clone(parts), before / after})
			}
		})
	}
	return out
}

// apply replaces the cages of r.old by r.parts and returns the undo.
func (l *layout) apply(r reshape) (undo func()) {
	saved := make([][]int, len(r.old))
	for i, j := range r.old {
		saved[i] = l.cages[j]
		l.cages[j] = nil
	}
	n := len(l.cages)
	for _, p := range r.parts {
		j := len(l.cages)
		l.cages = append(l.cages, p)
		for _, a := range p {
			l.cage[a] = j
		}
	}
	return func() {
		l.cages = l.cages[:n]
		for i, j := range r.old {
			l.cages[j] = saved[i]
			for _, a := range saved[i] {
				l.cage[a] = j
			}
		}
	}
}

// split changes the cages around the cells of open, where the logic
// stopped, to tell more (see reshapes), and returns the new puzzle; nil
// if no change keeps one solution.
func (g *Generator) split(ctx context.Context, l *layout, givens []int, open []bool) (*variant.Puzzle, error) {
	if !slices.Contains(open, true) {
		// The path ran to its end, too hard by its score alone: any cage
		// may tell more.
		for c := range open {
			open[c] = true
		}
	}
	var all []reshape
	for k, cs := range l.cages {
		if cs != nil && slices.ContainsFunc(cs, func(c int) bool { return open[c] }) {
			all = g.reshapes(l, k, all)
		}
	}
	g.rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	slices.SortStableFunc(all, func(a, b reshape) int { return cmp.Compare(b.gain, a.gain) })
	for _, r := range all[:min(len(all), maxMoves)] {
		undo := l.apply(r)
		if p, err := g.oneSolution(ctx, l, givens); p != nil || err != nil {
			return p, err
		}
		undo()
	}
	return nil, nil
}

// merge joins two neighbouring cages whose digits differ, into a cage of
// at most 5 cells, and returns the new puzzle; nil if no join keeps one
// solution.
func (g *Generator) merge(ctx context.Context, l *layout, givens []int) (*variant.Puzzle, error) {
	var pairs [][2]int
	var nb []int
	for c := range l.cage {
		k := l.cage[c]
		for _, b := range neighbours(c, nb) {
			j := l.cage[b]
			if j > k && len(l.cages[k])+len(l.cages[j]) <= 5 && l.digits(l.cages[k])&l.digits(l.cages[j]) == 0 && !slices.Contains(pairs, [2]int{k, j}) {
				pairs = append(pairs, [2]int{k, j})
			}
		}
	}
	g.rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	for _, pr := range pairs[:min(len(pairs), maxMoves)] {
		k, j := pr[0], pr[1]
		old := l.cages[j]
		l.cages[k] = append(slices.Clone(l.cages[k]), old...)
		l.cages[j] = nil
		for _, a := range old {
			l.cage[a] = k
		}
		if p, err := g.oneSolution(ctx, l, givens); p != nil || err != nil {
			return p, err
		}
		l.cages[k] = l.cages[k][:len(l.cages[k])-len(old)]
		l.cages[j] = old
		for _, a := range old {
			l.cage[a] = j
		}
	}
	return nil, nil
}

// grade rates p by the variant logic's path, as logic.Rate does, but
// stops the path as soon as its level is settled against the request: a
// step that raises it above the highest level asked for (the level of a
// path only rises as it goes on), or, for Extreme, a score above
// Unfair's limit. full reports that the path ran to its end, so that the
// rating is logic.Rate's; a rating cut short has Finished false and the
// level reached. It stops with ctx's error between steps: a long path
// (forcing chains) can outlast the caller's deadline.
func (g *Generator) grade(ctx context.Context, p *variant.Puzzle) (graded, error) {
	s, err := vlogic.New(p)
	if err != nil {
		return graded{}, err
	}
	_, top := g.band()
	var steps []vlogic.Step
	r := vlogic.Rating{Hardest: "none"}
	for {
		if err := ctx.Err(); err != nil {
			return graded{}, err
		}
		st, ok := s.Next()
		if !ok {
			return graded{r: vlogic.RateSteps(steps, s.Solved()), full: true, open: open(s)}, nil
		}
		steps = append(steps, st)
		// The rating so far, from the last step's cost and the score.
		one := vlogic.RateSteps(steps[len(steps)-1:], true)
		r.Score += one.Score
		r.Level = max(r.Level, one.Level)
		for r.Level < logic.Extreme && r.Score > r.Level.MaxScore() {
			r.Level++
		}
		if top < logic.Extreme && r.Level > top || r.Score > logic.Unfair.MaxScore() {
			r = vlogic.RateSteps(steps, true)
			r.Finished = false
			return graded{r: r, open: open(s)}, nil
		}
	}
}

// open returns the cells s has left empty.
func open(s *vlogic.Solver) []bool {
	o := make([]bool, size*size)
	for c, v := range s.Grid() {
		o[c] = v == 0
	}
	return o
}
