package generate

import (
	"context"
	"errors"
	"slices"

	"github.com/godoku/sudoku/variant"
)

// maxCage is the largest cage a lone cell may grow when it joins a
// neighbouring cage; drawn cages have 2 to 5 cells.
const maxCage = 6

// maxFixes is how many times the cages of one grid are mended before the
// grid is given up for another: most grids need a handful.
const maxFixes = 40

// layout is the cages over a solved grid: cage[c] is the index in cages
// of cell c's cage, -1 while it has none. An index whose cage was merged
// away holds nil.
type layout struct {
	grid  [size * size]int
	cage  [size * size]int
	cages [][]int
}

// neighbours returns the orthogonal neighbours of cell c.
func neighbours(c int, out []int) []int {
	out = out[:0]
	r, col := c/size, c%size
	if r > 0 {
		out = append(out, c-size)
	}
	if r < size-1 {
		out = append(out, c+size)
	}
	if col > 0 {
		out = append(out, c-1)
	}
	if col < size-1 {
		out = append(out, c+1)
	}
	return out
}

// digits returns the bit set of the digits of the cells.
func (l *layout) digits(cells []int) int {
	m := 0
	for _, c := range cells {
		m |= 1 << l.grid[c]
	}
	return m
}

// drawSize returns a cage size, 2 to 5, by the request's weights.
func (g *Generator) drawSize() int {
	total := 0
	for _, w := range g.sizes {
		total += w
	}
	k := g.rng.IntN(total)
	for i, w := range g.sizes {
		if k < w {
			return i + 2
		}
		k -= w
	}
	return 2
}

// grow gives cages to the cells of l that have none (all of them among
// cells): each cage starts from a free cell, in random order, and grows to
// a drawn size by free orthogonal neighbours whose digits it lacks, each
// time the one that leaves its sum the fewest digit sets. A cell
// left alone joins a neighbouring cage that lacks its digit, unless
// single-cell cages are allowed; grow reports false when one cannot.
func (g *Generator) grow(l *layout, cells []int) bool {
	order := slices.Clone(cells)
	g.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	var nb, opts []int
	var singles []int
	for _, c := range order {
		if l.cage[c] >= 0 {
			continue
		}
		k := len(l.cages)
		cs := []int{c}
		l.cage[c] = k
		mask := 1 << l.grid[c]
		for target := g.drawSize(); len(cs) < target; {
			opts = opts[:0]
			for _, a := range cs {
				for _, b := range neighbours(a, nb) {
					if l.cage[b] == -1 && mask&(1<<l.grid[b]) == 0 && !slices.Contains(opts, b) {
						opts = append(opts, b)
					}
				}
			}
			if len(opts) == 0 {
				break
			}
			// The neighbour whose digit leaves the cage the fewest digit
			// sets, the first drawn among equals: a cage of few
			// combinations is read sooner, and the paths to the easier
			// levels are short enough for their scores (medium 3.4 ->
			// 8.6 puzzles a CPU second, the others faster too).
			b := opts[g.rng.IntN(len(opts))]
			sum := 0
			for _, a := range cs {
				sum += l.grid[a]
			}
			best := combos[len(cs)+1][sum+l.grid[b]]
			for _, o := range opts {
				if k := combos[len(cs)+1][sum+l.grid[o]]; k < best {
					b, best = o, k
				}
			}
			cs = append(cs, b)
			l.cage[b] = k
			mask |= 1 << l.grid[b]
		}
		l.cages = append(l.cages, cs)
		if len(cs) == 1 {
			singles = append(singles, k)
		}
	}
	if g.opt.SingleCells {
		return true
	}
	for _, k := range singles {
		if len(l.cages[k]) != 1 {
			continue // another lone cell joined it
		}
		c := l.cages[k][0]
		opts = opts[:0]
		for _, b := range neighbours(c, nb) {
			j := l.cage[b]
			if j != k && len(l.cages[j]) < maxCage && l.digits(l.cages[j])&(1<<l.grid[c]) == 0 && !slices.Contains(opts, j) {
				opts = append(opts, j)
			}
		}
		if len(opts) == 0 {
			return false
		}
		j := opts[g.rng.IntN(len(opts))]
		l.cages[j] = append(l.cages[j], c)
		l.cage[c] = j
		l.cages[k] = nil
	}
	return true
}

// connected reports whether cells (not empty) are joined by orthogonal
// steps among themselves.
func connected(cells []int) bool {
	seen := []int{cells[0]}
	var nb []int
	for i := 0; i < len(seen); i++ {
		for _, b := range neighbours(seen[i], nb) {
			if slices.Contains(cells, b) && !slices.Contains(seen, b) {
				seen = append(seen, b)
			}
		}
	}
	return len(seen) == len(cells)
}

// mend changes the cages around cell c, where two solutions differ: a
// cage of 4 or more cells is cut in two joined parts of 2 or more (more
// sums, so fewer solutions); a smaller one is cut up again with a
// neighbouring cage. It reports false when the cells cannot be cut up
// without a lone cell.
func (g *Generator) mend(l *layout, c int) bool {
	k := l.cage[c]
	cs := l.cages[k]
	if len(cs) >= 4 {
		for range 10 {
			part := []int{cs[g.rng.IntN(len(cs))]}
			var nb, opts []int
			for len(part) < len(cs)/2 {
				opts = opts[:0]
				for _, a := range part {
					for _, b := range neighbours(a, nb) {
						if l.cage[b] == k && !slices.Contains(part, b) && !slices.Contains(opts, b) {
							opts = append(opts, b)
						}
					}
				}
				if len(opts) == 0 {
					break
				}
				part = append(part, opts[g.rng.IntN(len(opts))])
			}
			var rest []int
			for _, a := range cs {
				if !slices.Contains(part, a) {
					rest = append(rest, a)
				}
			}
			if len(part) < 2 || len(rest) < 2 || !connected(part) || !connected(rest) {
				continue
			}
			l.cages[k] = part
			j := len(l.cages)
			l.cages = append(l.cages, rest)
			for _, a := range rest {
				l.cage[a] = j
			}
			return true
		}
	}
	var nb, others []int
	for _, a := range cs {
		for _, b := range neighbours(a, nb) {
			if j := l.cage[b]; j != k && !slices.Contains(others, j) {
				others = append(others, j)
			}
		}
	}
	if len(others) == 0 {
		return false
	}
	j := others[g.rng.IntN(len(others))]
	union := append(slices.Clone(cs), l.cages[j]...)
	for _, a := range union {
		l.cage[a] = -1
	}
	l.cages[k], l.cages[j] = nil, nil
	return g.grow(l, union)
}

// puzzle returns the killer puzzle of l's cages and the givens, its cages
// in the order of their first cell.
func (l *layout) puzzle(givens []int) *variant.Puzzle {
	p := &variant.Puzzle{Size: size}
	if slices.ContainsFunc(givens, func(v int) bool { return v != 0 }) {
		p.Givens = slices.Clone(givens)
	}
	done := make([]bool, len(l.cages))
	for c := range l.cage {
		k := l.cage[c]
		if done[k] {
			continue
		}
		done[k] = true
		cells := slices.Clone(l.cages[k])
		slices.Sort(cells)
		cage := variant.KillerCage{Cells: make([]variant.Cell, len(cells))}
		for i, a := range cells {
			cage.Cells[i] = variant.Cell(a)
			cage.Sum += l.grid[a]
		}
		p.Constraints = append(p.Constraints, cage)
	}
	return p
}

// maxGrows is how many times the cages of a grid are drawn afresh when
// a lone cell is left that no neighbouring cage can take.
const maxGrows = 10

// unique returns a killer puzzle with exactly one solution, proven by the
// variant engine, and its Solution set, with the layout of its cages.
func (g *Generator) unique(ctx context.Context) (*variant.Puzzle, *layout, error) {
	all := make([]int, size*size)
	for c := range all {
		all[c] = c
	}
	for {
		grid := g.grids.Fill()
		l := new(layout)
		for c, v := range grid {
			l.grid[c] = int(v)
		}
		grown := false
		for range maxGrows {
			l.cages = l.cages[:0]
			for c := range l.cage {
				l.cage[c] = -1
			}
			if grown = g.grow(l, all); grown {
				break
			}
		}
		if !grown {
			continue
		}
		p, err := g.settle(ctx, l)
		if err != nil || p != nil {
			return p, l, err
		}
	}
}

// settle mends l's cages, and places givens, until its puzzle has one
// solution, and returns it; nil if the cages could not be mended within
// maxFixes.
func (g *Generator) settle(ctx context.Context, l *layout) (*variant.Puzzle, error) {
	givens := make([]int, size*size)
	placed := 0
	var sols [2][]int
	for range maxFixes {
		p := l.puzzle(givens)
		s, err := variant.NewSolver(p)
		if err != nil {
			return nil, err // a bug: the cages hold their grid
		}
		g.stats.Counts++
		n := 0
		err = s.Solutions(ctx, func(v []int) bool {
			sols[n] = append(sols[n][:0], v...)
			n++
			return n < 2
		})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, errors.New("generate: killer cages without a solution (a bug: they hold their grid)")
		}
		if n == 1 {
			for placed < g.opt.Givens {
				c := g.rng.IntN(size * size)
				if givens[c] == 0 {
					givens[c] = l.grid[c]
					placed++
				}
			}
			p = l.puzzle(givens)
			p.Solution = slices.Clone(l.grid[:])
			return p, nil
		}
		var diff []int
		for c := range sols[0] {
			if sols[0][c] != sols[1][c] {
				diff = append(diff, c)
			}
		}
		c := diff[g.rng.IntN(len(diff))]
		if placed < g.opt.Givens {
			givens[c] = l.grid[c]
			placed++
			continue
		}
		if !g.mend(l, c) {
			return nil, nil
		}
	}
	return nil, nil
}
