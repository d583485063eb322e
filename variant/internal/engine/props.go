package engine

import "math/bits"

// trailing64 returns the index of the lowest set bit of x.
func trailing64(x uint64) int { return bits.TrailingZeros64(x) }

// tz returns the index of the lowest set bit of m: value tz(m)+1.
func tz(m Mask) int { return bits.TrailingZeros32(uint32(m)) }

// houseProp is a house: n cells that hold every value once. Naked singles
// are the peers' work (see solver.propagate); this finds a value with no
// place left (a contradiction) and a value with one place left (a hidden
// single).
type houseProp struct {
	cells []int32
	full  Mask
}

func (h *houseProp) watched() []int32 { return h.cells }

func (h *houseProp) run(s *solver) bool {
	var once, twice, fixed Mask
	for _, c := range h.cells {
		m := s.cells[c]
		twice |= once & m
		once |= m
		if m&(m-1) == 0 {
			fixed |= m
		}
	}
	if once != h.full {
		return false
	}
	for hidden := once &^ twice &^ fixed; hidden != 0; hidden &= hidden - 1 {
		v := hidden & -hidden
		for _, c := range h.cells {
			if s.cells[c]&v != 0 {
				if !s.restrict(c, v) {
					return false
				}
				break
			}
		}
	}
	return true
}

// pairTable is a binary relation: fwd[x-1] holds the values y allowed
// with x, back[y-1] the values x allowed with y.
type pairTable struct {
	fwd, back [MaxValues]Mask
}

// pairProp keeps two cells to a binary relation (arc consistency).
type pairProp struct {
	a, b int32
	t    *pairTable
}

func (p *pairProp) watched() []int32 { return []int32{p.a, p.b} }

func (p *pairProp) run(s *solver) bool {
	var sup Mask
	for m := s.cells[p.a]; m != 0; m &= m - 1 {
		sup |= p.t.fwd[tz(m)]
	}
	if !s.restrict(p.b, sup) {
		return false
	}
	sup = 0
	for m := s.cells[p.b]; m != 0; m &= m - 1 {
		sup |= p.t.back[tz(m)]
	}
	return s.restrict(p.a, sup)
}

// sameValuesProp keeps two sets of cells to the same values, each to the
// values the other can hold: the parts of two houses outside their
// intersection hold the values the intersection does not (locked
// candidates, pointing and claiming).
type sameValuesProp struct {
	a, b  []int32
	cells []int32
}

func (p *sameValuesProp) watched() []int32 { return p.cells }

func (p *sameValuesProp) run(s *solver) bool {
	var ua, ub Mask
	for _, c := range p.a {
		ua |= s.cells[c]
	}
	for _, c := range p.b {
		ub |= s.cells[c]
	}
	if ua&^ub != 0 {
		for _, c := range p.a {
			if !s.restrict(c, ub) {
				return false
			}
		}
	}
	if ub&^ua != 0 {
		for _, c := range p.b {
			if !s.restrict(c, ua) {
				return false
			}
		}
	}
	return true
}
