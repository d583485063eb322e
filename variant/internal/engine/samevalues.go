package engine

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
