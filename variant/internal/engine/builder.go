package engine

import (
	"fmt"
	"slices"
)

// prop is a propagator: run narrows the masks of the cells it reads, to
// what some assignment satisfying its rule allows, and reports false when
// none does. It is run again whenever a mask it watches changes; it keeps
// no state between runs.
type prop interface {
	run(s *solver) bool
	// watched returns the cells whose changes wake it.
	watched() []int32
}

// Builder gathers the rules of a problem. The zero value is not usable;
// NewBuilder makes one. Cells are numbered 0 to Cells()-1; values are 1
// to n. Methods that take cells expect them in range and say nothing
// otherwise: package variant validates puzzles before lowering them.
type Builder struct {
	n, ncells int
	init      []Mask
	houses    [][]int32 // n cells holding every value once
	peers     []bitset  // peers[c]: cells that differ from c
	props     []prop
	sums      []*sumProp // the linear sums, for the optimizer
	fail      bool       // a rule that no assignment satisfies was added
	tables    map[pairTable]*pairTable
	links     map[int32]*linkProp // the equivalences, by their first cell
	tilings   [][][]int32         // see Tiling
}

// NewBuilder returns a builder for ncells cells holding values 1 to n
// (1 <= n <= MaxValues), every candidate open.
func NewBuilder(n, ncells int) *Builder {
	if n < 1 || n > MaxValues || ncells < 1 {
		panic(fmt.Sprintf("engine: %d values in %d cells", n, ncells))
	}
	b := &Builder{n: n, ncells: ncells, init: make([]Mask, ncells), peers: make([]bitset, ncells)}
	for i := range b.init {
		b.init[i] = all(n)
		b.peers[i] = newBitset(ncells)
	}
	return b
}

// N returns the number of values.
func (b *Builder) N() int { return b.n }

// Cells returns the number of cells.
func (b *Builder) Cells() int { return b.ncells }

// Restrict keeps only the values of m in cell c.
func (b *Builder) Restrict(c int, m Mask) {
	b.init[c] &= m
	if b.init[c] == 0 {
		b.fail = true
	}
}

// Fail marks the problem as having no solution.
func (b *Builder) Fail() { b.fail = true }

// Differ says that cells a and c hold different values.
func (b *Builder) Differ(a, c int) {
	if a == c {
		b.fail = true
		return
	}
	b.peers[a].add(c)
	b.peers[c].add(a)
}

// Distinct says that the cells hold pairwise different values. A set of
// exactly n cells becomes a house: every value once, which also finds the
// one cell left for a value (hidden singles).
func (b *Builder) Distinct(cells []int) {
	for i, a := range cells {
		for _, c := range cells[:i] {
			b.Differ(a, c)
		}
	}
	if len(cells) > b.n {
		b.fail = true
		return
	}
	if len(cells) == b.n {
		h := toInt32(cells)
		slices.Sort(h)
		for _, o := range b.houses {
			if slices.Equal(o, h) {
				return
			}
		}
		b.houses = append(b.houses, h)
		b.props = append(b.props, &houseProp{cells: h, full: all(b.n)})
	}
}

// Peers reports whether cells a and c must differ.
func (b *Builder) Peers(a, c int) bool { return b.peers[a].has(c) }

// Relation says that cells a and c hold values x and y with ok(x, y).
func (b *Builder) Relation(a, c int, ok func(x, y int) bool) {
	if pr := b.relation(a, c, ok); pr != nil {
		b.props = append(b.props, pr)
	}
}

// relation returns the propagator of a binary relation, after narrowing
// the initial masks to the values that have a partner; nil for a relation
// of a cell with itself, which is only a restriction.
func (b *Builder) relation(a, c int, ok func(x, y int) bool) prop {
	if a == c {
		var m Mask
		for x := 1; x <= b.n; x++ {
			if ok(x, x) {
				m |= bit(x)
			}
		}
		b.Restrict(a, m)
		return nil
	}
	var t pairTable
	for x := 1; x <= b.n; x++ {
		for y := 1; y <= b.n; y++ {
			if ok(x, y) {
				t.fwd[x-1] |= bit(y)
				t.back[y-1] |= bit(x)
			}
		}
	}
	var ma, mc Mask
	for x := 1; x <= b.n; x++ {
		if t.fwd[x-1] != 0 {
			ma |= bit(x)
		}
		if t.back[x-1] != 0 {
			mc |= bit(x)
		}
	}
	b.Restrict(a, ma)
	b.Restrict(c, mc)
	if b.tables == nil {
		b.tables = map[pairTable]*pairTable{}
	}
	tp := b.tables[t]
	if tp == nil {
		tp = &t
		b.tables[t] = tp
	}
	return &pairProp{a: int32(a), b: int32(c), t: tp}
}

// Sum says that the sum of coef[i] times the value of cells[i] is sum.
// coef nil means every coefficient 1. A cell may appear more than once;
// its coefficients add up.
func (b *Builder) Sum(cells []int, coef []int, sum int) {
	// Merge repeated cells and drop zero coefficients.
	idx := map[int]int{}
	var cs []int32
	var ks []int32
	for i, c := range cells {
		k := 1
		if coef != nil {
			k = coef[i]
		}
		if j, ok := idx[c]; ok {
			ks[j] += int32(k)
			continue
		}
		idx[c] = len(cs)
		cs = append(cs, int32(c))
		ks = append(ks, int32(k))
	}
	var fc, fk []int32
	for i := range cs {
		if ks[i] != 0 {
			fc = append(fc, cs[i])
			fk = append(fk, ks[i])
		}
	}
	if len(fc) == 0 {
		if sum != 0 {
			b.fail = true
		}
		return
	}
	sp := newSumProp(fc, fk, sum)
	b.sums = append(b.sums, sp)
}

// LittleKiller says that the values of cells, a diagonal, add up to sum:
// a Sum with every coefficient 1, which the optimizer merges more
// readily with the other little killers (see diagonalRelated). family
// and index name the diagonal's line: the lines of one family are
// parallel, and two whose indexes differ by one lie side by side (see
// sideBySide).
func (b *Builder) LittleKiller(cells []int, sum, family, index int) {
	k := len(b.sums)
	b.Sum(cells, nil, sum)
	if len(b.sums) > k {
		b.sums[k].diagonal = &diagonalLine{family, index}
	}
}

// diagonalLine names a little killer's line (see Builder.LittleKiller).
type diagonalLine struct {
	family, index int
}

// beside reports whether lines d and e lie side by side.
func (d *diagonalLine) beside(e *diagonalLine) bool {
	return d != nil && e != nil && d.family == e.family && (d.index-e.index == 1 || e.index-d.index == 1)
}

// toInt32 converts a list of cells.
func toInt32(cs []int) []int32 {
	r := make([]int32, len(cs))
	for i, c := range cs {
		r[i] = int32(c)
	}
	return r
}

// bitset is a set of cells.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s bitset) has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }
func (s bitset) clone() bitset  { return slices.Clone(s) }
func (s bitset) or(t bitset) {
	for i := range s {
		s[i] |= t[i]
	}
}
func (s bitset) andNot(t bitset) {
	for i := range s {
		s[i] &^= t[i]
	}
}
func (s bitset) list() []int32 {
	var r []int32
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			r = append(r, int32(w*64+trailing64(x)))
		}
	}
	return r
}
