package engine

import (
	"math/bits"
	"slices"
)

// SameValues says that the sets of cells (of one size) hold the same
// values, as many times each.
func (b *Builder) SameValues(sets [][]int) {
	p := &sameMultisetProp{n: b.n}
	for _, set := range sets {
		p.sets = append(p.sets, toInt32(set))
		p.cells = append(p.cells, toInt32(set)...)
	}
	b.props = append(b.props, p)
}

// sameMultisetProp keeps, for each value, its count in every set between
// the largest count fixed in a set and the smallest count possible in a
// set: a set that can hold the value only as many times as it must holds
// it in all those places, and a set that holds it as many times as it
// may holds it nowhere else.
type sameMultisetProp struct {
	sets  [][]int32
	cells []int32
	n     int
}

func (p *sameMultisetProp) watched() []int32 { return p.cells }

func (p *sameMultisetProp) run(s *solver) bool {
	for v := Mask(1); v < 1<<p.n; v <<= 1 {
		lo, hi := 0, len(p.sets[0])
		for _, set := range p.sets {
			fixed, poss := 0, 0
			for _, c := range set {
				if m := s.cells[c]; m&v != 0 {
					poss++
					if m == v {
						fixed++
					}
				}
			}
			lo, hi = max(lo, fixed), min(hi, poss)
		}
		if lo > hi {
			return false
		}
		for _, set := range p.sets {
			fixed, poss := 0, 0
			for _, c := range set {
				if m := s.cells[c]; m&v != 0 {
					poss++
					if m == v {
						fixed++
					}
				}
			}
			switch {
			case poss == lo && fixed < poss:
				for _, c := range set {
					if s.cells[c]&v != 0 && !s.restrict(c, v) {
						return false
					}
				}
			case fixed == hi && fixed < poss:
				for _, c := range set {
					if s.cells[c] != v && s.cells[c]&v != 0 && !s.restrict(c, ^v) {
						return false
					}
				}
			}
		}
	}
	return true
}

// ValueCount says that exactly count of the cells hold value v.
func (b *Builder) ValueCount(cells []int, v, count int) {
	b.props = append(b.props, &valueCountProp{cells: toInt32(cells), v: bit(v), count: count})
}

// valueCountProp keeps count between the cells fixed to v and those that
// can hold it: with only as many places as count, they all hold it; with
// as many fixed, no other does. Peers hold v once at most, so the most
// places that can hold v together are the largest set of them no two of
// which are peers (an independent set, found exactly: the cells are few):
// a cell, inside or out, whose v would leave the places it does not see
// fewer than count (itself counted when inside), cannot hold v. For a
// count of 1 outside, that is the cells that see every place. ISS's
// examples "0-indexed: Look-and-say" and "Look-and-Say 3" (clues of one
// value twice, of two values once) took 8,094 and 52,893 guesses without
// it.
type valueCountProp struct {
	cells []int32
	v     Mask
	count int
	// adj[i], for at most valueCountLimit cells (else nil), has bit j
	// when cells[i] and cells[j] are peers; the cells around them.
	adj []uint64
	nearby
}

// valueCountLimit is the most cells whose peers a valueCountProp reads:
// independent's search grows as about 1.6^k on k cells with few peers
// among them (a 16-cell line through boxes: a few thousand steps).
const valueCountLimit = 16

func (p *valueCountProp) watched() []int32 { return p.cells }

// prepare reads the peers among the cells and around them.
func (p *valueCountProp) prepare(b *Builder) {
	if len(p.cells) > valueCountLimit || p.count == 0 {
		return
	}
	p.adj = make([]uint64, len(p.cells))
	for i, c := range p.cells {
		for j, o := range p.cells {
			if b.peers[c].has(int(o)) {
				p.adj[i] |= 1 << j
			}
		}
	}
	p.nearby = nearCells(b, p.cells)
}

// nearby holds the cells around a rule's cells: near lists the cells not
// among them that are peers of some, and sees[k] the bits (by place in
// the rule's cells) of those near[k] sees.
type nearby struct {
	near []int32
	sees []uint64
}

// exclude takes u from the cells near that see all the places where
// (bits of the rule's cells) of values u that must be there; false for a
// contradiction.
func (n *nearby) exclude(s *solver, where uint64, u Mask) bool {
	for k, c := range n.near {
		if n.sees[k]&where == where && s.cells[c]&u != 0 && !s.restrict(c, ^u) {
			return false
		}
	}
	return true
}

// nearCells returns the cells around cells (at most 64): see nearby.
func nearCells(b *Builder, cells []int32) (n nearby) {
	for c := range b.ncells {
		if contains(cells, int32(c)) {
			continue
		}
		var m uint64
		for j, o := range cells {
			if b.peers[c].has(int(o)) {
				m |= 1 << j
			}
		}
		if m != 0 {
			n.near = append(n.near, int32(c))
			n.sees = append(n.sees, m)
		}
	}
	return n
}

func (p *valueCountProp) run(s *solver) bool {
	fixed, poss := 0, 0
	var places uint64
	for i, c := range p.cells {
		if m := s.cells[c]; m&p.v != 0 {
			poss++
			places |= 1 << i
			if m == p.v {
				fixed++
			}
		}
	}
	switch {
	case fixed > p.count || poss < p.count:
		return false
	case poss == p.count && fixed < poss:
		for _, c := range p.cells {
			if s.cells[c]&p.v != 0 && !s.restrict(c, p.v) {
				return false
			}
		}
		return true
	case fixed == p.count && fixed < poss:
		for _, c := range p.cells {
			if s.cells[c] != p.v && !s.restrict(c, ^p.v) {
				return false
			}
		}
		return true
	}
	if p.adj == nil || fixed == poss {
		return true
	}
	if independent(p.adj, places) < p.count {
		return false
	}
	for rest := places; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		c := p.cells[i]
		if s.cells[c] == p.v || p.adj[i]&places == 0 {
			continue
		}
		if 1+independent(p.adj, places&^p.adj[i]&^(1<<i)) < p.count && !s.restrict(c, ^p.v) {
			return false
		}
	}
	for k, c := range p.near {
		if s.cells[c]&p.v == 0 || p.sees[k]&places == 0 {
			continue
		}
		if independent(p.adj, places&^p.sees[k]) < p.count && !s.restrict(c, ^p.v) {
			return false
		}
	}
	return true
}

// independent returns the size of the largest subset of set (bits of
// cells) no two of which are neighbours in adj: a cell with no neighbour
// left is taken, else the better of taking it (dropping its neighbours)
// or leaving it.
func independent(adj []uint64, set uint64) int {
	n := 0
	for set != 0 {
		i := bits.TrailingZeros64(set)
		set &^= 1 << i
		if adj[i]&set == 0 {
			n++
			continue
		}
		return n + max(1+independent(adj, set&^adj[i]), independent(adj, set))
	}
	return n
}

// Rellik says that no one of the cells, nor any two or more, add up to
// sum (the cells must also be Distinct).
func (b *Builder) Rellik(cells []int, sum int) {
	p := &rellikProp{cells: toInt32(cells), sum: sum}
	for _, h := range b.houses {
		var out []int32
		in := false
		for _, c := range h {
			if contains(p.cells, c) {
				in = true
			} else {
				out = append(out, c)
			}
		}
		if in {
			p.outside = append(p.outside, out)
		}
	}
	b.props = append(b.props, p)
}

// rellikProp adds up the subsets of the values the cage surely holds
// (those of its fixed cells; of its naked subsets, t cells whose
// candidates lie within t values; and the values a house that meets the
// cage has no place for outside it): a subset that makes the sum fails,
// and a value of an open cell that is not among them and makes the sum
// with some of them is out. (It used to leave out the values a cell
// might hold itself, the house-forced ones among them, which kept a
// rellik cage beside another from passing on the values they force on
// each other: ISS's example "Hazy Rellik" took 116,743 guesses so.)
type rellikProp struct {
	cells []int32
	sum   int
	// outside holds, for each house that meets the cage, its cells
	// outside the cage: a value with no place among them is in the cage.
	outside [][]int32
}

func (p *rellikProp) watched() []int32 {
	w := slices.Clone(p.cells)
	for _, o := range p.outside {
		w = append(w, o...)
	}
	return w
}

func (p *rellikProp) run(s *solver) bool {
	// present: the values held for sure (by a fixed cell, a naked
	// subset's cells, or the cage's places of a value a house has no
	// other place for).
	var present Mask
	for _, c := range p.cells {
		m := s.cells[c]
		t := count(m)
		if t > len(p.cells) {
			continue
		}
		k := 0
		for _, o := range p.cells {
			if s.cells[o]&^m == 0 {
				k++
			}
		}
		if k == t {
			present |= m
		}
	}
	// A value with no place in a house outside the cage, and a place in
	// the cage, is in the cage.
	var cageUnion Mask
	for _, c := range p.cells {
		cageUnion |= s.cells[c]
	}
	for _, out := range p.outside {
		var u Mask
		for _, c := range out {
			u |= s.cells[c]
		}
		present |= cageUnion &^ u
	}
	w := (p.sum + 64) / 64
	sums := make([]uint64, w)
	tmp := make([]uint64, w)
	setBit(sums, 0)
	for vals := present; vals != 0; vals &= vals - 1 {
		copy(tmp, sums)
		shiftUpOr(sums, tmp, tz(vals)+1, p.sum+1)
	}
	if hasBit(sums, p.sum) {
		return false
	}
	// A cell holding a value not present keeps every present value in
	// the cage (a naked subset's values stay in its other cells; a
	// value a house forces into the cage goes to another of its places),
	// so the value must make the sum with none of their subsets.
	for _, c := range p.cells {
		m := s.cells[c]
		if m&(m-1) == 0 {
			continue
		}
		var out Mask
		for x := m &^ present; x != 0; x &= x - 1 {
			if v := tz(x) + 1; v <= p.sum && hasBit(sums, p.sum-v) {
				out |= x & -x
			}
		}
		if out != 0 && !s.restrict(c, ^out) {
			return false
		}
	}
	return true
}

// CountDistinct says that cell c holds the number of different values
// among the cells.
func (b *Builder) CountDistinct(c int, cells []int) {
	b.props = append(b.props, &countDistinctProp{control: int32(c), cells: toInt32(cells), all: append([]int32{int32(c)}, toInt32(cells)...)})
}

// countDistinctProp keeps the control cell between the number of
// different values fixed among the cells and the most they can hold;
// when the control holds as many as are fixed, the open cells take values
// among those.
type countDistinctProp struct {
	control int32
	cells   []int32
	all     []int32
}

func (p *countDistinctProp) watched() []int32 { return p.all }

func (p *countDistinctProp) run(s *solver) bool {
	var fixed, union Mask
	open := 0
	for _, c := range p.cells {
		m := s.cells[c]
		union |= m
		if m&(m-1) == 0 {
			fixed |= m
		} else {
			open++
		}
	}
	lo := count(fixed)
	hi := min(lo+open, count(union))
	if !s.restrict(p.control, inRange(lo, hi)) {
		return false
	}
	if m := s.cells[p.control]; m&(m-1) == 0 && value(m) == lo {
		for _, c := range p.cells {
			if !s.restrict(c, fixed) {
				return false
			}
		}
	}
	return true
}
