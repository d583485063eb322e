package engine

import "slices"

// CountingCircles says that each value v the cells hold is held by
// exactly v of them.
func (b *Builder) CountingCircles(cells []int) {
	b.props = append(b.props, &countingProp{cells: toInt32(cells), n: b.n})
}

// countingProp keeps counting circles: a value v appears in none of the
// cells or in exactly v of them, so that the values used add up to the
// number of cells. The cells are cut into groups of peers (greedy
// cliques, made at Build when every rule is known): a value has at most
// one place in each group, so a value with places in fewer than v groups
// is out.
type countingProp struct {
	cells  []int32
	n      int
	groups [][]int32
}

// prepare cuts the cells into cliques of peers, taking the cells in cell
// order: rows then come out whole, few groups that bound the counts
// tightly (circles along all nine rows hold each value v in v rows).
func (p *countingProp) prepare(b *Builder) {
	p.groups = firstFit(b, slices.Sorted(slices.Values(p.cells)))
}

func (p *countingProp) watched() []int32 { return p.cells }

func (p *countingProp) run(s *solver) bool {
	// fixed[v]: cells fixed to v; places[v]: cells that can hold v;
	// poss[v]: groups where v has a place.
	var fixed, places, poss [MaxValues + 1]int
	for _, g := range p.groups {
		var u Mask
		for _, c := range g {
			m := s.cells[c]
			if m&(m-1) == 0 {
				fixed[value(m)]++
			}
			u |= m
			for ; m != 0; m &= m - 1 {
				places[tz(m)+1]++
			}
		}
		for ; u != 0; u &= u - 1 {
			poss[tz(u)+1]++
		}
	}
	// Values that cannot be used: fewer places than the value. Values
	// used up: as many fixed as the value.
	var out, full Mask
	rest := len(p.cells)
	var optional []int
	for v := 1; v <= p.n; v++ {
		switch {
		case fixed[v] > v:
			return false
		case poss[v] < v:
			if fixed[v] > 0 {
				return false
			}
			out |= bit(v)
		case fixed[v] > 0:
			rest -= v
			if fixed[v] == v {
				full |= bit(v)
			}
		case poss[v] > 0:
			optional = append(optional, v)
		}
	}
	if rest < 0 {
		return false
	}
	// The values used add up to the number of cells: the optional values
	// must make up the rest, and one stays usable when the others can
	// make up the rest with it.
	w := (rest + 64) / 64
	reach := make([]uint64, w)
	tmp := make([]uint64, w)
	sums := func(skip int) []uint64 {
		clear(reach)
		setBit(reach, 0)
		for j, u := range optional {
			if j != skip {
				copy(tmp, reach)
				shiftUpOr(reach, tmp, u, rest+1)
			}
		}
		return reach
	}
	if !hasBit(sums(-1), rest) {
		return false
	}
	// A value the others cannot do without is used, as the fixed ones
	// are.
	var used Mask
	for v := 1; v <= p.n; v++ {
		if fixed[v] > 0 {
			used |= bit(v)
		}
	}
	for i, v := range optional {
		if v > rest || !hasBit(sums(i), rest-v) {
			out |= bit(v)
		} else if !hasBit(sums(i), rest) {
			used |= bit(v)
		}
	}
	// A value used up leaves the cells not fixed to it.
	keep := ^(out | full)
	for _, c := range p.cells {
		if m := s.cells[c]; m&(m-1) != 0 && !s.restrict(c, keep) {
			return false
		}
	}
	// A value used with as many places as the value holds them all; with
	// places in exactly as many groups as the value, it is in each of
	// them: in the one place of a group, or out of the cells that see all
	// the places of a group.
	var at []int32
	for u := used &^ full; u != 0; u &= u - 1 {
		v := u & -u
		if places[tz(v)+1] == tz(v)+1 {
			// As many places as the value: all hold it.
			for _, c := range p.cells {
				if s.cells[c]&v != 0 && !s.restrict(c, v) {
					return false
				}
			}
			continue
		}
		if poss[tz(v)+1] != tz(v)+1 {
			continue
		}
		for _, g := range p.groups {
			at = at[:0]
			for _, c := range g {
				if s.cells[c]&v != 0 {
					at = append(at, c)
				}
			}
			switch len(at) {
			case 0:
			case 1:
				if !s.restrict(at[0], v) {
					return false
				}
			default:
				if !s.excludeSeen(at, v) {
					return false
				}
			}
		}
	}
	return true
}
