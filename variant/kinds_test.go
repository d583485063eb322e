package variant_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
)

// latin enumerates the grids of size n with every value once in each row,
// column and region of regions (-1 for none) that agree with givens (0 for
// an empty cell), by plain backtracking, independent of the engine.
func latin(n int, regions, givens []int, yield func([]int)) {
	g := make([]int, n*n)
	var walk func(i int)
	walk = func(i int) {
		if i == n*n {
			yield(slices.Clone(g))
			return
		}
		r, c := i/n, i%n
		for v := 1; v <= n; v++ {
			if givens != nil && givens[i] != 0 && givens[i] != v {
				continue
			}
			ok := true
			for j := 0; j < i && ok; j++ {
				if g[j] != v {
					continue
				}
				rj, cj := j/n, j%n
				if rj == r || cj == c || (regions[i] >= 0 && regions[j] == regions[i]) {
					ok = false
				}
			}
			if ok {
				g[i] = v
				walk(i + 1)
			}
		}
		g[i] = 0
	}
	walk(0)
}

// kindGen makes a random constraint of one kind for a grid of size n,
// its numbers read from the reference solution ref where it has any (so
// that the puzzle often has solutions), sometimes at random.
type kindGen struct {
	name string
	min  int // the least grid size it needs
	make func(r *rand.Rand, n int, ref []int) variant.Constraint
}

// path returns a random walk of k orthogonally adjacent cells with no
// repeats (shorter if it is stuck).
func path(r *rand.Rand, n, k int) []variant.Cell {
	c := variant.Cell(r.IntN(n * n))
	cs := []variant.Cell{c}
	for len(cs) < k {
		row, col := variant.RowCol(n, c)
		var next []variant.Cell
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, 1}} {
			if o, in := (variant.Point{Row: row + d[0], Col: col + d[1]}).Cell(n); in && !slices.Contains(cs, o) {
				next = append(next, o)
			}
		}
		if len(next) == 0 {
			break
		}
		c = next[r.IntN(len(next))]
		cs = append(cs, c)
	}
	return cs
}

// adjacent returns a random pair of orthogonal neighbours.
func adjacent(r *rand.Rand, n int) [2]variant.Cell {
	for {
		a := variant.Cell(r.IntN(n * n))
		row, col := variant.RowCol(n, a)
		if r.IntN(2) == 0 && col+1 < n {
			return [2]variant.Cell{a, variant.CellOf(n, row, col+1)}
		}
		if row+1 < n {
			return [2]variant.Cell{a, variant.CellOf(n, row+1, col)}
		}
	}
}

func sumOf(ref []int, cs []variant.Cell) int {
	s := 0
	for _, c := range cs {
		s += ref[c]
	}
	return s
}

// fuzzed returns x, or now and then x moved by one.
func fuzzed(r *rand.Rand, x int) int {
	if r.IntN(4) == 0 {
		return x + r.IntN(3) - 1
	}
	return x
}

var kindGens = []kindGen{
	{"candidates", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		c := variant.Cell(r.IntN(n * n))
		vs := []int{ref[c]}
		for range r.IntN(3) {
			vs = append(vs, 1+r.IntN(n))
		}
		if r.IntN(4) == 0 {
			vs = vs[1:]
			vs = append(vs, 1+r.IntN(n))
		}
		return variant.Candidates{Cell: c, Values: vs}
	}},
	{"even", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Even{Cell: variant.Cell(r.IntN(n * n))}
	}},
	{"odd", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Odd{Cell: variant.Cell(r.IntN(n * n))}
	}},
	{"minimum", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Minimum{Cell: variant.Cell(r.IntN(n * n))}
	}},
	{"maximum", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Maximum{Cell: variant.Cell(r.IntN(n * n))}
	}},
	{"killer cage", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 1+r.IntN(4))
		sum := 0
		if r.IntN(5) > 0 {
			sum = fuzzed(r, sumOf(ref, cs))
		}
		return variant.KillerCage{Cells: cs, Sum: sum}
	}},
	{"extra region", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.ExtraRegion{Cells: path(r, n, 2+r.IntN(n-1))}
	}},
	{"quadruple", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		c := variant.CellOf(n, r.IntN(n-1), r.IntN(n-1))
		row, col := variant.RowCol(n, c)
		all := []int{ref[c], ref[variant.CellOf(n, row, col+1)], ref[variant.CellOf(n, row+1, col)], ref[variant.CellOf(n, row+1, col+1)]}
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		vs := all[:1+r.IntN(4)]
		if r.IntN(4) == 0 {
			vs[0] = 1 + r.IntN(n)
		}
		return variant.Quadruple{Cell: c, Values: vs}
	}},
	{"clone", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		a, b := path(r, n, 1+r.IntN(3)), path(r, n, 3)
		b = b[:min(len(a), len(b))]
		return variant.Clone{Cells: a[:len(b)], Clones: b}
	}},
	{"indexer", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Indexer{Of: variant.IndexerKind(r.IntN(3)), Cells: path(r, n, 1+r.IntN(4))}
	}},
	{"difference", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		p := adjacent(r, n)
		d := max(1, fuzzed(r, max(ref[p[0]]-ref[p[1]], ref[p[1]]-ref[p[0]])))
		return variant.Difference{Cells: p, Diff: min(d, n-1)}
	}},
	{"ratio", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Ratio{Cells: adjacent(r, n), Ratio: 2 + r.IntN(2)}
	}},
	{"xv", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		p := adjacent(r, n)
		return variant.XV{Cells: p, Sum: fuzzed(r, ref[p[0]]+ref[p[1]])}
	}},
	{"diagonal", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Diagonal{Positive: r.IntN(2) == 0}
	}},
	{"anti-knight", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.AntiKnight{} }},
	{"anti-king", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.AntiKing{} }},
	{"disjoint groups", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.DisjointGroups{} }},
	{"non-consecutive", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.NonConsecutive{} }},
	{"negative ratio", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.NegativeRatio{} }},
	{"negative xv", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.NegativeXV{} }},
	{"thermometer", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Thermometer{Cells: path(r, n, 2+r.IntN(3)), Slow: r.IntN(2) == 0}
	}},
	{"arrow", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 2+r.IntN(3))
		k := 1
		if len(cs) > 2 && r.IntN(3) == 0 {
			k = 2
		}
		return variant.Arrow{Circle: cs[:k], Line: cs[k:]}
	}},
	{"double arrow", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.DoubleArrow{Cells: path(r, n, 3+r.IntN(2))}
	}},
	{"palindrome", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Palindrome{Cells: path(r, n, 2+r.IntN(3))}
	}},
	{"renban", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Renban{Cells: path(r, n, 2+r.IntN(3))}
	}},
	{"whispers", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Whispers{Cells: path(r, n, 2+r.IntN(3)), Gap: 1 + r.IntN(n/2)}
	}},
	{"region sum line", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.RegionSumLine{Cells: path(r, n, 2+r.IntN(4))}
	}},
	{"global entropy", 6, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.GlobalEntropy{} }},
	{"rellik cage", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.RellikCage{Cells: path(r, n, 1+r.IntN(4)), Sum: 1 + r.IntN(2*n)}
	}},
	{"count distinct", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.CountDistinct{Cells: path(r, n, 2+r.IntN(5))}
	}},
	{"value count", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 1+r.IntN(5))
		v := ref[cs[r.IntN(len(cs))]]
		if r.IntN(3) == 0 {
			v = 1 + r.IntN(n)
		}
		k := 0
		for _, c := range cs {
			if ref[c] == v {
				k++
			}
		}
		return variant.ValueCount{Cells: cs, Value: v, Count: max(0, min(len(cs), fuzzed(r, k)))}
	}},
	{"anti-taxicab", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.AntiTaxicab{} }},
	{"same values", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		k := 1 + r.IntN(3)
		var sets [][]variant.Cell
		for range 2 + r.IntN(2) {
			set := path(r, n, k)
			k = min(k, len(set))
			sets = append(sets, set)
		}
		for i := range sets {
			sets[i] = sets[i][:k]
		}
		return variant.SameValues{Sets: sets}
	}},
	{"pairwise", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 2+r.IntN(3))
		var pairs [][2]int
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if r.IntN(2) == 0 {
					pairs = append(pairs, [2]int{x, y})
				}
			}
		}
		// Now and then the reference grid's pairs too.
		if r.IntN(2) == 0 {
			for i := 1; i < len(cs); i++ {
				pairs = append(pairs, [2]int{ref[cs[i-1]], ref[cs[i]]})
			}
		}
		return variant.Pairwise{Cells: cs, Pairs: pairs, All: r.IntN(3) == 0}
	}},
	{"sum", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 1+r.IntN(4))
		// A cell now and then listed twice.
		if r.IntN(3) == 0 {
			cs = append(cs, cs[r.IntN(len(cs))])
		}
		return variant.Sum{Cells: cs, Total: fuzzed(r, sumOf(ref, cs))}
	}},
	{"lunchbox", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 2+r.IntN(n-1))
		lo, hi := 0, 0
		for i, c := range cs {
			if ref[c] < ref[cs[lo]] {
				lo = i
			}
			if ref[c] > ref[cs[hi]] {
				hi = i
			}
		}
		sum := 0
		if lo != hi {
			sum = sumOf(ref, cs[min(lo, hi)+1:max(lo, hi)])
		}
		return variant.Lunchbox{Cells: cs, Sum: max(0, fuzzed(r, sum))}
	}},
	{"counting circles", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		if r.IntN(2) == 0 {
			return variant.CountingCircles{Cells: path(r, n, 1+r.IntN(6))}
		}
		// Cells anywhere.
		var cs []variant.Cell
		for _, i := range r.Perm(n * n)[:1+r.IntN(6)] {
			cs = append(cs, variant.Cell(i))
		}
		return variant.CountingCircles{Cells: cs}
	}},
	{"sum line", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		cs := path(r, n, 2+r.IntN(5))
		// The sum of a first stretch, so that the reference grid keeps
		// the rule now and then.
		return variant.SumLine{Cells: cs, Sum: max(1, fuzzed(r, sumOf(ref, cs[:1+r.IntN(len(cs))]))), Loop: r.IntN(3) == 0}
	}},
	{"between line", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.BetweenLine{Cells: path(r, n, 2+r.IntN(3))}
	}},
	{"entropic line", 6, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.EntropicLine{Cells: path(r, n, 2+r.IntN(4))}
	}},
	{"modular line", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.ModularLine{Cells: path(r, n, 2+r.IntN(4)), Mod: 2 + r.IntN(2)}
	}},
	{"zipper line", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.ZipperLine{Cells: path(r, n, 2+r.IntN(4))}
	}},
	{"lockout line", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.LockoutLine{Cells: path(r, n, 2+r.IntN(3)), Gap: r.IntN(n - 1)}
	}},
	{"nabner", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		return variant.Nabner{Cells: path(r, n, 2+r.IntN(2))}
	}},
	{"little killer", 2, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		for {
			lk := variant.LittleKiller{Start: variant.Cell(r.IntN(n * n)), Dir: variant.Direction(r.IntN(4))}
			cs := variant.LittleKillerCells(n, lk)
			dr, dc := lk.Dir.Step()
			row, col := variant.RowCol(n, lk.Start)
			if _, in := (variant.Point{Row: row - dr, Col: col - dc}).Cell(n); in {
				continue
			}
			lk.Sum = max(1, fuzzed(r, sumOf(ref, cs)))
			return lk
		}
	}},
	{"sandwich", 3, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		cs := e.Cells(n)
		i, j := -1, -1
		for k, c := range cs {
			if ref[c] == 1 || ref[c] == n {
				if i < 0 {
					i = k
				} else {
					j = k
				}
			}
		}
		return variant.Sandwich{At: e, Sum: max(0, fuzzed(r, sumOf(ref, cs[i+1:j])))}
	}},
	{"x-sum", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		cs := e.Cells(n)
		return variant.XSum{At: e, Sum: max(1, fuzzed(r, sumOf(ref, cs[:ref[cs[0]]])))}
	}},
	{"hidden skyscraper", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		top, hidden := 0, 1+r.IntN(n)
		for _, c := range e.Cells(n) {
			if ref[c] < top {
				hidden = ref[c]
				break
			}
			top = ref[c]
		}
		return variant.HiddenSkyscraper{At: e, Value: max(1, min(n, fuzzed(r, hidden)))}
	}},
	{"numbered room", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		cs := e.Cells(n)
		return variant.NumberedRoom{At: e, Value: max(1, min(n, fuzzed(r, ref[cs[ref[cs[0]]-1]])))}
	}},
	{"skyscraper", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		seen, top := 0, 0
		for _, c := range e.Cells(n) {
			if ref[c] > top {
				top, seen = ref[c], seen+1
			}
		}
		return variant.Skyscraper{At: e, Count: max(1, min(n, fuzzed(r, seen)))}
	}},
	{"full rank", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		e := variant.Edge{Side: variant.Side(r.IntN(4)), Index: r.IntN(n)}
		return variant.FullRank{At: e, Rank: max(1, min(4*n, fuzzed(r, rankOf(n, ref, e))))}
	}},
	{"no rank ties", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint { return variant.NoRankTies{} }},
}

// rankOf returns 1 plus the number of the 4n lines of grid g (each row
// and column read from each end) that read lower than the line at e.
func rankOf(n int, g []int, e variant.Edge) int {
	read := func(cs []variant.Cell) []int {
		var vs []int
		for _, c := range cs {
			vs = append(vs, g[c])
		}
		return vs
	}
	own := read(e.Cells(n))
	rank := 1
	for side := variant.Left; side <= variant.Bottom; side++ {
		for i := range n {
			if slices.Compare(read(variant.Edge{Side: side, Index: i}.Cells(n)), own) < 0 {
				rank++
			}
		}
	}
	return rank
}

func init() {
	// Or's choices are made by the other kinds' generators.
	others := slices.Clone(kindGens)
	kindGens = append(kindGens, kindGen{"or", 1, func(r *rand.Rand, n int, ref []int) variant.Constraint {
		var or variant.Or
		// A reference solution holding 0 is of a grid from 0.
		off := 0
		if slices.Contains(ref, 0) {
			off = -1
		}
		for range 1 + r.IntN(3) {
			var choice []variant.Constraint
			for range 1 + r.IntN(2) {
				kg := others[r.IntN(len(others))]
				for kg.min > n {
					kg = others[r.IntN(len(others))]
				}
				choice = append(choice, makeFrom(kg, r, n, ref, off))
			}
			or.Choices = append(or.Choices, choice)
		}
		return or
	}})
}

// TestKindsAgainstBruteForce checks every constraint kind: random puzzles
// of 4x4 grids (all 288 grids filtered by the checker) and of 6x6 grids
// with half the cells given (their completions enumerated by plain
// backtracking, then filtered), each with one to three constraints of a
// kind and one of another, must have exactly the solutions the engine
// enumerates.
func TestKindsAgainstBruteForce(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	kindsAgainstBruteForce(t, rand.New(rand.NewPCG(30, 1)), 0, rounds)
}

// TestKindsFromZero is TestKindsAgainstBruteForce in grids whose values
// start from 0 (Offset -1): the brute force enumerates the grids of 1 to
// n and moves them down by one, the checker reads the rules on those
// values (a cage of sum 3 holds {0, 1, 2} or {0, 3}), and the engine must
// find the same solutions; the kinds KindsNotFromZero names must be
// refused as unsupported.
func TestKindsFromZero(t *testing.T) {
	rounds := 24
	if testing.Short() {
		rounds = 6
	}
	kindsAgainstBruteForce(t, rand.New(rand.NewPCG(30, 2)), -1, rounds)
}

// shifted returns g with off added to every value but the zeros (empty
// cells) when empty is true.
func shifted(g []int, off int, empty bool) []int {
	out := make([]int, len(g))
	for i, v := range g {
		if v != 0 || !empty {
			out[i] = v + off
		}
	}
	return out
}

// makeFrom makes a constraint of kg from the reference solution ref of a
// grid whose values start from off+1. The generators of the kinds
// KindsNotFromZero names read ref as values 1 to n (a position, a count):
// they get its ranks, as their constraint is only to be refused.
func makeFrom(kg kindGen, r *rand.Rand, n int, ref []int, off int) variant.Constraint {
	if off == 0 {
		return kg.make(r, n, ref)
	}
	c := kg.make(r, n, shifted(ref, -off, false))
	if variant.KindsNotFromZero([]variant.Constraint{c}) != nil {
		return c
	}
	return kg.make(r, n, ref)
}

func kindsAgainstBruteForce(t *testing.T, r *rand.Rand, off, rounds int) {
	grids4 := map[int][][]int{}
	regions4 := (&variant.Puzzle{Size: 4}).RegionsOf()
	latin(4, regions4, nil, func(g []int) { grids4[4] = append(grids4[4], shifted(g, off, false)) })
	if len(grids4[4]) != 288 {
		t.Fatalf("%d 4x4 grids, want 288", len(grids4[4]))
	}
	for _, kg := range kindGens {
		for round := range rounds {
			n := 4
			if kg.min > 4 || round%3 == 2 {
				n = 6
			}
			p := &variant.Puzzle{Size: n, Offset: off}
			regions := p.RegionsOf()
			var ref []int
			var pool [][]int
			if n == 4 {
				pool = grids4[4]
				ref = pool[r.IntN(len(pool))]
			} else {
				ranks := randomGrid(r, n, regions)
				ref = shifted(ranks, off, false)
				givens := make([]int, n*n)
				for i := range ranks {
					if r.IntN(2) == 0 {
						givens[i] = ranks[i]
					}
				}
				latin(n, regions, givens, func(g []int) { pool = append(pool, shifted(g, off, false)) })
				// A given 0 has no place in Givens (0 is empty there):
				// it is a candidate list of one.
				p.Givens = shifted(givens, off, true)
				for i, v := range givens {
					if v != 0 && v+off == 0 {
						p.Constraints = append(p.Constraints, variant.Candidates{Cell: variant.Cell(i), Values: []int{0}})
					}
				}
			}
			for range 1 + r.IntN(3) {
				p.Constraints = append(p.Constraints, makeFrom(kg, r, n, ref, off))
			}
			other := kindGens[r.IntN(len(kindGens))]
			if other.min <= n {
				p.Constraints = append(p.Constraints, makeFrom(other, r, n, ref, off))
			}
			if p.Validate() != nil {
				continue
			}
			var want []string
			for _, g := range pool {
				if vcheck.Check(p, g) == nil {
					want = append(want, fmt.Sprint(g))
				}
			}
			s, err := variant.NewSolver(p)
			var ue *variant.UnsupportedError
			if off != 0 && variant.KindsNotFromZero(p.Constraints) != nil {
				if !errors.As(err, &ue) || len(want) != 0 {
					t.Fatalf("%s: NewSolver of a grid from 0 with %v: %v, %d solutions checked; want refused, none", kg.name, variant.KindsNotFromZero(p.Constraints), err, len(want))
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: NewSolver(%+v): %v", kg.name, p, err)
			}
			var got []string
			if err := s.Solutions(context.Background(), func(sol []int) bool {
				got = append(got, fmt.Sprint(sol))
				return len(got) <= len(pool)
			}); err != nil {
				t.Fatal(err)
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Fatalf("%s: %d solutions, want %d\npuzzle %+v\nextra %v\nmissing %v", kg.name, len(got), len(want), p,
					firstOf(diff(got, want)), firstOf(diff(want, got)))
			}
			k, _, err := s.Count(context.Background(), 0)
			if err != nil || k != len(want) {
				t.Fatalf("%s: Count = %d, %v, want %d", kg.name, k, err, len(want))
			}
		}
	}
}

// randomGrid returns a random grid of size n with the given regions, by
// random backtracking.
func randomGrid(r *rand.Rand, n int, regions []int) []int {
	g := make([]int, n*n)
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == n*n {
			return true
		}
		vs := r.Perm(n)
		for _, v0 := range vs {
			v := v0 + 1
			ok := true
			for j := 0; j < i && ok; j++ {
				if g[j] == v && (j/n == i/n || j%n == i%n || (regions[i] >= 0 && regions[i] == regions[j])) {
					ok = false
				}
			}
			if ok {
				g[i] = v
				if walk(i + 1) {
					return true
				}
			}
		}
		g[i] = 0
		return false
	}
	walk(0)
	return g
}

func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func firstOf(s []string) string {
	if len(s) > 3 {
		s = s[:3]
	}
	return strings.Join(s, " ")
}
