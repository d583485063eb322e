package engine

import "slices"

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
// as many fixed, no other does.
type valueCountProp struct {
	cells []int32
	v     Mask
	count int
}

func (p *valueCountProp) watched() []int32 { return p.cells }

func (p *valueCountProp) run(s *solver) bool {
	fixed, poss := 0, 0
	for _, c := range p.cells {
		if m := s.cells[c]; m&p.v != 0 {
			poss++
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
	case fixed == p.count && fixed < poss:
		for _, c := range p.cells {
			if s.cells[c] != p.v && !s.restrict(c, ^p.v) {
				return false
			}
		}
	}
	return true
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
// and a value of an open cell that makes it with some of those that do
// not need the cell is out.
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
	// present: the values held for sure, each with the cells that hold
	// them (a fixed cell, or a naked subset's cells).
	var present Mask
	holders := make([]Mask, len(p.cells)) // by cell: the values its groups hold
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
			for j, o := range p.cells {
				if s.cells[o]&^m == 0 {
					holders[j] |= m
				}
			}
		}
	}
	// A value with no place in a house outside the cage, and a place in
	// the cage, is in the cage, held by one of its places there.
	var cageUnion Mask
	for _, c := range p.cells {
		cageUnion |= s.cells[c]
	}
	for _, out := range p.outside {
		var u Mask
		for _, c := range out {
			u |= s.cells[c]
		}
		for forced := cageUnion &^ u &^ present; forced != 0; forced &= forced - 1 {
			v := forced & -forced
			// Only the house's cells can hold it: those in the cage.
			present |= v
			for j, c := range p.cells {
				if s.cells[c]&v != 0 {
					holders[j] |= v
				}
			}
		}
	}
	w := (p.sum + 64) / 64
	subsetSums := func(vals Mask) []uint64 {
		sums := make([]uint64, w)
		tmp := make([]uint64, w)
		setBit(sums, 0)
		for ; vals != 0; vals &= vals - 1 {
			copy(tmp, sums)
			shiftUpOr(sums, tmp, tz(vals)+1, p.sum+1)
		}
		return sums
	}
	if hasBit(subsetSums(present), p.sum) {
		return false
	}
	for i, c := range p.cells {
		m := s.cells[c]
		if m&(m-1) == 0 {
			continue
		}
		// The values present without this cell's group.
		sums := subsetSums(present &^ holders[i])
		var out Mask
		for x := m; x != 0; x &= x - 1 {
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
