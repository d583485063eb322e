package engine

// SumLine says that the cells, in order, divide into stretches of
// consecutive cells that each add up to sum (values may repeat); with loop
// the first cell follows the last, and a stretch may run across the join.
func (b *Builder) SumLine(cells []int, sum int, loop bool) {
	if sum < 1 {
		b.fail = true
		return
	}
	b.props = append(b.props, &sumLineProp{cells: toInt32(cells), sum: sum, loop: loop, words: (sum + 63) / 64})
}

// sumLineProp follows the line with the state "the sum so far of the
// stretch under way", 0 to sum-1, 0 at each cut between stretches. A line
// starts and ends at a cut; a loop starts and ends in one state, any of
// them. States at one point of the line are a bit set of words uint64s:
// the states reachable forward from the start, and those from which the
// end is reachable; a value stays in a cell when it leads from the one to
// the other.
type sumLineProp struct {
	cells []int32
	sum   int
	loop  bool
	words int
}

func (p *sumLineProp) watched() []int32 { return p.cells }

func (p *sumLineProp) run(s *solver) bool {
	k, w := len(p.cells), p.words
	fwd := make([]uint64, (k+1)*w)
	bwd := make([]uint64, (k+1)*w)
	supp := make([]Mask, k)
	starts := 1
	if p.loop {
		starts = p.sum
	}
	for start := 0; start < starts; start++ {
		clear(fwd)
		clear(bwd)
		setBit(fwd[:w], start)
		for i := 0; i < k; i++ {
			p.step(fwd[i*w:(i+1)*w], fwd[(i+1)*w:(i+2)*w], s.cells[p.cells[i]])
		}
		if !hasBit(fwd[k*w:], start) {
			continue
		}
		setBit(bwd[k*w:], start)
		for i := k - 1; i >= 0; i-- {
			p.back(bwd[(i+1)*w:(i+2)*w], bwd[i*w:(i+1)*w], s.cells[p.cells[i]])
		}
		for i := 0; i < k; i++ {
			from, to := fwd[i*w:(i+1)*w], bwd[(i+1)*w:(i+2)*w]
			for m := s.cells[p.cells[i]] &^ supp[i]; m != 0; m &= m - 1 {
				v := tz(m) + 1
				if p.leads(from, to, v) {
					supp[i] |= m & -m
				}
			}
		}
	}
	for i, c := range p.cells {
		if !s.restrict(c, supp[i]) {
			return false
		}
	}
	return true
}

// step adds to next the states that a value of m leads to from the states
// of cur.
func (p *sumLineProp) step(cur, next []uint64, m Mask) {
	for ; m != 0; m &= m - 1 {
		v := tz(m) + 1
		if v > p.sum {
			break
		}
		shiftUpOr(next, cur, v, p.sum)
		if hasBit(cur, p.sum-v) {
			setBit(next, 0)
		}
	}
}

// back adds to cur the states from which a value of m leads to a state of
// next.
func (p *sumLineProp) back(next, cur []uint64, m Mask) {
	for ; m != 0; m &= m - 1 {
		v := tz(m) + 1
		if v > p.sum {
			break
		}
		shiftDownOr(cur, next, v)
		if hasBit(next, 0) {
			setBit(cur, p.sum-v)
		}
	}
}

// leads reports whether value v leads from a state of from to one of to.
func (p *sumLineProp) leads(from, to []uint64, v int) bool {
	if v > p.sum {
		return false
	}
	if v == p.sum {
		return hasBit(from, 0) && hasBit(to, 0)
	}
	if hasBit(from, p.sum-v) && hasBit(to, 0) {
		return true
	}
	// A state s of from with s+v below sum in to.
	for s := 0; s+v < p.sum; s++ {
		if hasBit(from, s) && hasBit(to, s+v) {
			return true
		}
	}
	return false
}

func setBit(b []uint64, i int)      { b[i>>6] |= 1 << (i & 63) }
func hasBit(b []uint64, i int) bool { return b[i>>6]>>(i&63)&1 != 0 }

// shiftUpOr sets in dst each bit i+v below limit for a bit i of src.
func shiftUpOr(dst, src []uint64, v, limit int) {
	ws, bs := v>>6, uint(v&63)
	for i := len(dst) - 1; i >= ws; i-- {
		x := src[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			x |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= x
	}
	// Clear the bits at limit and above.
	if r := limit & 63; r != 0 {
		dst[len(dst)-1] &= 1<<r - 1
	}
}

// shiftDownOr sets in dst each bit i-v (from 0) for a bit i of src.
func shiftDownOr(dst, src []uint64, v int) {
	ws, bs := v>>6, uint(v&63)
	for i := 0; i+ws < len(src); i++ {
		x := src[i+ws] >> bs
		if bs != 0 && i+ws+1 < len(src) {
			x |= src[i+ws+1] << (64 - bs)
		}
		dst[i] |= x
	}
}
