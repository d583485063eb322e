package engine

import "math/bits"

// The propagators of rules over a line or a few cells: runs of
// consecutive values, values between or outside two ends, values a set of
// cells must contain, equivalences, and the clues that look along a row or
// column (skyscrapers, sandwiches, x-sums).

// Renban says that the cells hold a run of consecutive values (the cells
// must also be Distinct).
func (b *Builder) Renban(cells []int) {
	if len(cells) > b.n {
		b.fail = true
		return
	}
	p := &renbanProp{cells: toInt32(cells), n: b.n}
	if len(cells) <= 4 {
		p.tab = matchTable()
		for i := len(cells); i < 4; i++ {
			p.pad |= 1 << (5 * i) // cell i takes value i alone
		}
	}
	b.props = append(b.props, p)
}

type renbanProp struct {
	cells []int32
	n     int
	tab   *[1 << 16]uint16 // matchTable, for at most 4 cells
	pad   uint32           // the graph's rows for the cells past k
}

func (p *renbanProp) watched() []int32 { return p.cells }

// run keeps each cell's values that some window of len(cells) consecutive
// values, assigned to the cells one value a cell, gives it (arc
// consistency of the rule with the cells' differences).
func (p *renbanProp) run(s *solver) bool {
	k := len(p.cells)
	var union Mask
	var masks, sup [MaxValues]Mask
	for i, c := range p.cells {
		masks[i] = s.cells[c]
		union |= masks[i]
	}
	w := all(k)
	// starts has bit s when the window from value s+1 lies within the
	// union (the values of a window are all on the line) and comes within
	// reach of every cell (a cell's values spread down by at least k-1:
	// more windows than meet it, which the matching then drops).
	starts := union
	for i := 1; i < k; i++ {
		starts &= union >> i
	}
	for _, m := range masks[:k] {
		for i := 1; i < k; i <<= 1 {
			m |= m >> i
		}
		starts &= m
	}
	req := all(p.n)
	fits := false
	for ; starts != 0; starts &= starts - 1 {
		start := tz(starts)
		win := w << start
		switch {
		case p.tab != nil:
			// The window's graph, cell i's row (its values within the
			// window) at bits 4i, the rows up to 4 filled with cells
			// that take a value of their own (see supportCombo).
			g := p.pad
			for i := k - 1; i >= 0; i-- {
				g |= uint32(masks[i]>>start&w) << (4 * i)
			}
			e := Mask(p.tab[g])
			if e == 0 {
				continue
			}
			for i := 0; i < k; i++ {
				sup[i] |= e >> (4 * i) & w << start
			}
		case k <= cageExactLimit:
			var one [cageExactLimit]Mask
			supportCombo(masks[:k], win, one[:k])
			if one[0] == 0 {
				continue
			}
			for i := 0; i < k; i++ {
				sup[i] |= one[i]
			}
		default:
			if !matchSupport(masks[:k], win, sup[:k]) {
				continue
			}
		}
		fits = true
		req &= win
	}
	if !fits {
		return false
	}
	for i, c := range p.cells {
		if !s.restrict(c, sup[i]) {
			return false
		}
	}
	// A value every window that fits holds is on the line once: with
	// one place left it goes there, else it leaves the cells that see all
	// its places.
	var at [MaxValues]int32
	for ; req != 0; req &= req - 1 {
		v := req & -req
		n := 0
		for _, c := range p.cells {
			if m := s.cells[c]; m&v != 0 {
				if m == v {
					n = -1
					break
				}
				at[n] = c
				n++
			}
		}
		switch {
		case n == 0:
			return false
		case n == 1:
			if !s.restrict(at[0], v) {
				return false
			}
		case n > 1:
			if !s.excludeSeen(at[:n], v) {
				return false
			}
		}
	}
	return true
}

// matchSupport adds to sup[i] each value of win that cell i takes in some
// assignment of win's values to the cells, one value a cell and each value
// once (masks holds as many cells as win values, at most MaxValues), and
// reports whether there is one: for lines too long for supportCombo. One assignment
// comes from a bipartite matching grown by augmenting paths; cell i can
// also take the value of cell j when j can pass its value on along a chain
// of exchanges back to i (an alternating cycle).
func matchSupport(masks []Mask, win Mask, sup []Mask) bool {
	k := len(masks)
	var m [MaxValues]Mask
	var owner [MaxValues]int8 // by value: the cell holding it, or -1
	for v := range owner {
		owner[v] = -1
	}
	for i := 0; i < k; i++ {
		if masks[i]&win == 0 || !augment(masks, win, &m, &owner, i) {
			return false
		}
	}
	// adj[a] holds b when cell a can take b's value in m.
	var adj, reach [MaxValues]uint32
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			if b != a && masks[a]&m[b] != 0 {
				adj[a] |= 1 << b
			}
		}
		reach[a] = adj[a]
	}
	for c := 0; c < k; c++ {
		for a := 0; a < k; a++ {
			if reach[a]>>c&1 != 0 {
				reach[a] |= reach[c]
			}
		}
	}
	for i := 0; i < k; i++ {
		sup[i] |= m[i]
		for js := adj[i]; js != 0; js &= js - 1 {
			j := bits.TrailingZeros32(js)
			if reach[j]>>i&1 != 0 {
				sup[i] |= m[j]
			}
		}
	}
	return true
}

// augment matches cell i to a value of win, moving the cells already
// matched along an augmenting path (Kuhn's method, on a stack of its own:
// at most one frame a cell), and reports whether it could.
func augment(masks []Mask, win Mask, m *[MaxValues]Mask, owner *[MaxValues]int8, i int) bool {
	var cell [MaxValues]int8 // the path's cells
	var left [MaxValues]Mask // the values each may still try
	var seen Mask            // values already on a tried path
	cell[0], left[0] = int8(i), masks[i]&win
	for d := 0; d >= 0; {
		if left[d] == 0 {
			d--
			continue
		}
		v := left[d] & -left[d]
		left[d] &^= v
		seen |= v
		o := owner[tz(v)]
		if o < 0 {
			// Free: each cell of the path takes the value it tried,
			// the last one v.
			for ; d >= 0; d-- {
				c := cell[d]
				owner[tz(v)] = c
				v, m[c] = m[c], v
			}
			return true
		}
		d++
		cell[d], left[d] = o, masks[o]&win&^seen
	}
	return false
}

// Between says that each of mids holds a value strictly between those of
// cells a and c.
func (b *Builder) Between(a, c int, mids []int) {
	b.props = append(b.props, &endsProp{a: int32(a), c: int32(c), mids: toInt32(mids), n: b.n})
}

// Lockout says that cells a and c differ by at least gap and that each of
// mids holds a value outside the range from one to the other.
func (b *Builder) Lockout(a, c int, mids []int, gap int) {
	b.props = append(b.props, &endsProp{a: int32(a), c: int32(c), mids: toInt32(mids), n: b.n, lockout: true, gap: gap})
}

// endsProp is a line whose middle cells depend on the values at its ends:
// between them (a between line), or outside them (a lockout line, whose
// ends also differ by at least gap).
type endsProp struct {
	a, c    int32
	mids    []int32
	n       int
	lockout bool
	gap     int
}

func (p *endsProp) watched() []int32 { return append([]int32{p.a, p.c}, p.mids...) }

// allowed returns the values a middle cell may hold with ends x and y.
func (p *endsProp) allowed(x, y int) Mask {
	lo, hi := min(x, y), max(x, y)
	if p.lockout {
		return all(p.n) &^ inRange(lo, hi)
	}
	return inRange(lo+1, hi-1)
}

func (p *endsProp) run(s *solver) bool {
	ma, mc := s.cells[p.a], s.cells[p.c]
	var sa, sc, mid Mask
	for x := ma; x != 0; x &= x - 1 {
		vx := tz(x) + 1
		for y := mc; y != 0; y &= y - 1 {
			vy := tz(y) + 1
			if p.lockout {
				if vx-vy < p.gap && vy-vx < p.gap {
					continue
				}
			}
			m := p.allowed(vx, vy)
			ok := true
			for _, c := range p.mids {
				if s.cells[c]&m == 0 {
					ok = false
					break
				}
			}
			if ok {
				sa |= bit(vx)
				sc |= bit(vy)
				mid |= m
			}
		}
	}
	if !s.restrict(p.a, sa) || !s.restrict(p.c, sc) {
		return false
	}
	for _, c := range p.mids {
		if !s.restrict(c, mid) {
			return false
		}
	}
	return true
}

// Contains says that the cells hold each of values, a value listed k
// times in at least k cells (a quadruple clue).
func (b *Builder) Contains(cells []int, values []int) {
	need := map[int]int{}
	for _, v := range values {
		need[v]++
	}
	if len(values) > len(cells) {
		b.fail = true
		return
	}
	p := &containsProp{cells: toInt32(cells)}
	// In the order the values are listed (a map's order made the search
	// differ from run to run).
	for _, v := range values {
		if k := need[v]; k > 0 {
			p.vals = append(p.vals, bit(v))
			p.times = append(p.times, k)
			need[v] = 0
		}
	}
	b.props = append(b.props, p)
}

type containsProp struct {
	cells []int32
	vals  []Mask
	times []int
}

func (p *containsProp) watched() []int32 { return p.cells }

// run fails when a value has fewer places than it needs, places it where
// it has exactly as many, and, when the values listed fill every cell,
// keeps the cells to them.
func (p *containsProp) run(s *solver) bool {
	total := 0
	var req Mask
	for i, v := range p.vals {
		k := p.times[i]
		total += k
		req |= v
		can, sure := 0, 0
		for _, c := range p.cells {
			m := s.cells[c]
			if m&v != 0 {
				can++
				if m == v {
					sure++
				}
			}
		}
		if can < k {
			return false
		}
		if can == k && sure < k {
			for _, c := range p.cells {
				if s.cells[c]&v != 0 && !s.restrict(c, v) {
					return false
				}
			}
		}
	}
	if total == len(p.cells) {
		for _, c := range p.cells {
			if !s.restrict(c, req) {
				return false
			}
		}
	}
	return true
}

// Cover says that each of sets has a value in some cell of cells.
func (b *Builder) Cover(cells []int, sets []Mask) {
	b.props = append(b.props, &coverProp{cells: toInt32(cells), sets: sets})
}

// coverProp fails when a set has no place left among its cells and puts
// a set with one place there. When the sets share no value (global
// entropy's low, middle and high digits in each 2x2 square) each cell
// holds one set at most, so the sets take different cells: a set keeps
// only the cells some such matching of all the sets gives it (two sets
// with the same two places keep the third out of them), and a set left
// with one value among the cells has that value there, so the cells that
// see all its places lose it. ISS's examples "Miracle - skyscraper
// entropy" and "Heat up - global entropy" took 54,708 and 6,192 guesses
// without them.
type coverProp struct {
	cells []int32
	sets  []Mask
	// disjoint reports that no two sets share a value (and there are at
	// most 16 cells and 4 sets, for matchAll's search: 16*15*14 paths at
	// most).
	disjoint bool
	nearby   // the cells around them
}

func (p *coverProp) watched() []int32 { return p.cells }

// prepare checks that the sets are disjoint and reads the cells around.
func (p *coverProp) prepare(b *Builder) {
	if len(p.cells) > 16 || len(p.sets) > 4 || len(p.sets) > len(p.cells) {
		return
	}
	var union Mask
	for _, set := range p.sets {
		if union&set != 0 {
			return
		}
		union |= set
	}
	p.disjoint = true
	p.nearby = nearCells(b, p.cells)
}

func (p *coverProp) run(s *solver) bool {
	for _, set := range p.sets {
		at, k := int32(-1), 0
		for _, c := range p.cells {
			if s.cells[c]&set != 0 {
				at, k = c, k+1
			}
		}
		switch k {
		case 0:
			return false
		case 1:
			if !s.restrict(at, set) {
				return false
			}
		}
	}
	if !p.disjoint {
		return true
	}
	// places[i]: the cells (bits) that can hold set i.
	var places [MaxValues]uint64
	sets := p.sets
	for i, set := range sets {
		for j, c := range p.cells {
			if s.cells[c]&set != 0 {
				places[i] |= 1 << j
			}
		}
	}
	for i, set := range sets {
		for rest := places[i]; rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros64(rest)
			if !matchAll(places[:len(sets)], 1<<i, 1<<j) && !s.restrict(p.cells[j], ^set) {
				return false
			}
		}
	}
	for _, set := range sets {
		var u Mask
		var where uint64
		for j, c := range p.cells {
			if m := s.cells[c] & set; m != 0 {
				u |= m
				where |= 1 << j
			}
		}
		if u&(u-1) != 0 || where&(where-1) == 0 {
			continue
		}
		if !p.exclude(s, where, u) {
			return false
		}
	}
	return true
}

// matchAll reports whether the sets not in done (bits) can each take a
// different cell of their places, none of the cells in used.
func matchAll(places []uint64, done, used uint64) bool {
	for i := range places {
		if done>>i&1 != 0 {
			continue
		}
		for rest := places[i] &^ used; rest != 0; rest &= rest - 1 {
			if matchAll(places, done|1<<i, used|rest&-rest) {
				return true
			}
		}
		return false
	}
	return true
}

// Equivalent says that cell a holds x exactly when cell c holds y.
func (b *Builder) Equivalent(a, x, c, y int) {
	if a == c {
		if x != y {
			b.Restrict(a, ^(bit(x) | bit(y)))
		}
		return
	}
	if b.links == nil {
		b.links = map[int32]*linkProp{}
	}
	p := b.links[int32(a)]
	if p == nil {
		p = &linkProp{cell: int32(a)}
		b.links[int32(a)] = p
		b.props = append(b.props, p)
	}
	p.vals = append(p.vals, bit(x))
	p.others = append(p.others, int32(c))
	p.ovals = append(p.ovals, bit(y))
}

// linkProp keeps equivalences between a value of one cell and values of
// others: cell holds vals[i] exactly when others[i] holds ovals[i].
type linkProp struct {
	cell   int32
	vals   []Mask
	others []int32
	ovals  []Mask
}

func (p *linkProp) watched() []int32 { return append([]int32{p.cell}, p.others...) }

func (p *linkProp) run(s *solver) bool {
	for i, v := range p.vals {
		o, ov := p.others[i], p.ovals[i]
		m, om := s.cells[p.cell], s.cells[o]
		switch {
		case m&v == 0 && om&ov != 0:
			if !s.restrict(o, ^ov) {
				return false
			}
		case om&ov == 0 && m&v != 0:
			if !s.restrict(p.cell, ^v) {
				return false
			}
		case m == v && om != ov:
			if !s.restrict(o, ov) {
				return false
			}
		case om == ov && m != v:
			if !s.restrict(p.cell, v) {
				return false
			}
		}
	}
	return true
}

// Skyscraper says that, seen from cells[0], count of the cells are
// visible: each value a building that hides lower ones behind it.
func (b *Builder) Skyscraper(cells []int, count int) {
	b.props = append(b.props, &skyProp{cells: toInt32(cells), count: count, n: b.n})
}

// skyProp follows the line with the state (tallest so far, buildings
// seen), forward from the clue and backward from the end, and keeps the
// values that lie on a path from start to a count of exactly count. The
// states at one position are a mask of counts for each tallest height.
type skyProp struct {
	cells []int32
	count int
	n     int
}

func (p *skyProp) watched() []int32 { return p.cells }

func (p *skyProp) run(s *solver) bool {
	k := len(p.cells)
	n := p.n
	// fw[i][m]: counts possible before cell i with tallest m (0 none).
	var fwBuf [(MaxValues + 1) * (MaxValues + 1)]Mask
	var bwBuf [(MaxValues + 1) * (MaxValues + 1)]Mask
	w := n + 1
	if (k+1)*w > len(fwBuf) {
		return true
	}
	fw := fwBuf[:(k+1)*w]
	bw := bwBuf[:(k+1)*w]
	fw[0] = 1 // tallest 0, count 0
	for i := 0; i < k; i++ {
		cur, next := fw[i*w:(i+1)*w], fw[(i+1)*w:(i+2)*w]
		cm := s.cells[p.cells[i]]
		for m := 0; m <= n; m++ {
			st := cur[m]
			if st == 0 {
				continue
			}
			for vs := cm; vs != 0; vs &= vs - 1 {
				v := tz(vs) + 1
				// The line's values differ: a value is taller than the
				// tallest so far, or lower.
				if v > m {
					next[v] |= st << 1
				} else if v < m {
					next[m] |= st
				}
			}
		}
	}
	// The line's k different values end with a tallest of at least k (n
	// on a whole row or column).
	goal := Mask(1) << p.count
	for m := k; m <= n; m++ {
		bw[k*w+m] = goal & fw[k*w+m]
	}
	for i := k - 1; i >= 0; i-- {
		cur, next := fw[i*w:(i+1)*w], bw[(i+1)*w:(i+2)*w]
		back := bw[i*w : (i+1)*w]
		cm := s.cells[p.cells[i]]
		var keep Mask
		for m := 0; m <= n; m++ {
			st := cur[m]
			if st == 0 {
				continue
			}
			for vs := cm; vs != 0; vs &= vs - 1 {
				v := tz(vs) + 1
				var ok Mask
				if v > m {
					ok = st & (next[v] >> 1)
				} else if v < m {
					ok = st & next[m]
				}
				if ok != 0 {
					keep |= bit(v)
					back[m] |= ok
				}
			}
		}
		if !s.restrict(p.cells[i], keep) {
			return false
		}
	}
	return bw[0]&1 != 0
}

// Lunchbox says that the values between the cells of the smallest and the
// largest value of the cells (which must also be Distinct) add up to sum.
func (b *Builder) Lunchbox(cells []int, sum int) {
	b.props = append(b.props, &lunchboxProp{cells: toInt32(cells), sum: sum, n: b.n})
}

type lunchboxProp struct {
	cells []int32
	sum   int
	n     int
}

func (p *lunchboxProp) watched() []int32 { return p.cells }

// run tries every two places of the smallest and the largest value and
// every two values there, as a sandwich's run does with 1 and n: the cells
// between make the sum with different values strictly between the two,
// the cells outside hold values strictly between them too.
func (p *lunchboxProp) run(s *solver) bool {
	k := len(p.cells)
	n := p.n
	var keep [MaxValues]Mask
	for i := 0; i < k; i++ {
		mi := s.cells[p.cells[i]]
		for j := i + 1; j < k; j++ {
			mj := s.cells[p.cells[j]]
			for ma := mi; ma != 0; ma &= ma - 1 {
				a := tz(ma) + 1
				for mb := mj &^ bit(a); mb != 0; mb &= mb - 1 {
					b := tz(mb) + 1
					lo, hi := min(a, b), max(a, b)
					if hi-lo-1 < k-2 {
						continue
					}
					inner := inRange(lo+1, hi-1)
					var union Mask
					ok := true
					for t := i + 1; t < j; t++ {
						m := s.cells[p.cells[t]] & inner
						if m == 0 {
							ok = false
							break
						}
						union |= m
					}
					if !ok {
						continue
					}
					mid, feasible := innerCombos(n, j-i-1, p.sum, union)
					if !feasible {
						continue
					}
					for t := 0; t < k && ok; t++ {
						if (t < i || t > j) && s.cells[p.cells[t]]&inner == 0 {
							ok = false
						}
					}
					if !ok {
						continue
					}
					keep[i] |= bit(a)
					keep[j] |= bit(b)
					for t := 0; t < k; t++ {
						if t > i && t < j {
							keep[t] |= mid
						} else if t != i && t != j {
							keep[t] |= inner
						}
					}
				}
			}
		}
	}
	for t := 0; t < k; t++ {
		if !s.restrict(p.cells[t], keep[t]) {
			return false
		}
	}
	return true
}

// Sandwich says that the values between the 1 and the n of the cells (a
// whole row or column) add up to sum.
func (b *Builder) Sandwich(cells []int, sum int) {
	b.props = append(b.props, &sandwichProp{cells: toInt32(cells), sum: sum, n: b.n})
}

type sandwichProp struct {
	cells []int32
	sum   int
	n     int
}

func (p *sandwichProp) watched() []int32 { return p.cells }

// run tries every place of the 1 and the n, and keeps the values of the
// places where the cells between can make the sum with different values
// from 2 to n-1 (all their combinations, for n up to 16; their least and
// greatest sums above that).
func (p *sandwichProp) run(s *solver) bool {
	k := len(p.cells)
	n := p.n
	one, top := bit(1), bit(n)
	inner := all(n) &^ (one | top)
	var keep [MaxValues]Mask
	for i := 0; i < k; i++ {
		mi := s.cells[p.cells[i]]
		if mi&(one|top) == 0 {
			continue
		}
		for j := i + 1; j < k; j++ {
			mj := s.cells[p.cells[j]]
			// The values the two ends may take: 1 then n, or n then 1.
			var ei, ej Mask
			if mi&one != 0 && mj&top != 0 {
				ei, ej = ei|one, ej|top
			}
			if mi&top != 0 && mj&one != 0 {
				ei, ej = ei|top, ej|one
			}
			if ei == 0 {
				continue
			}
			// The cells between: a combination of j-i-1 inner values.
			var union Mask
			ok := true
			for t := i + 1; t < j; t++ {
				m := s.cells[p.cells[t]] & inner
				if m == 0 {
					ok = false
					break
				}
				union |= m
			}
			if !ok {
				continue
			}
			mid, feasible := innerCombos(n, j-i-1, p.sum, union)
			if !feasible {
				continue
			}
			// The cells outside hold inner values too.
			for t := 0; t < k && ok; t++ {
				if (t < i || t > j) && s.cells[p.cells[t]]&inner == 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			keep[i] |= ei
			keep[j] |= ej
			for t := 0; t < k; t++ {
				if t > i && t < j {
					keep[t] |= mid
				} else if t != i && t != j {
					keep[t] |= inner
				}
			}
		}
	}
	for t := 0; t < k; t++ {
		if !s.restrict(p.cells[t], keep[t]) {
			return false
		}
	}
	return true
}

// innerCombos returns the values of the sets of k different values from
// union adding up to sum, and whether there is one: exactly from the
// combination tables for n up to 16, by the least and greatest sums above.
func innerCombos(n, k, sum int, union Mask) (Mask, bool) {
	if k == 0 {
		return 0, sum == 0
	}
	if n <= 16 {
		var poss Mask
		for _, c := range combinations(n, k, sum) {
			if c&^union == 0 {
				poss |= c
			}
		}
		return poss, poss != 0
	}
	minS, topMin, maxS, botMax, ok := extremes(union, k)
	if !ok || sum < minS || sum > maxS {
		return 0, false
	}
	return union & inRange(botMax-(maxS-sum), topMin+(sum-minS)), true
}

// XSum says that the first X of the cells add up to sum, X being the value
// of cells[0]. The cells are a whole row or column, different values.
func (b *Builder) XSum(cells []int, sum int) {
	b.props = append(b.props, &xsumProp{cells: toInt32(cells), sum: sum, n: b.n})
}

type xsumProp struct {
	cells []int32
	sum   int
	n     int
}

func (p *xsumProp) watched() []int32 { return p.cells }

// run tries each value x of the first cell: the x-1 cells after it must
// make sum-x with values other than x.
func (p *xsumProp) run(s *solver) bool {
	k := len(p.cells)
	var keep [MaxValues]Mask
	first := s.cells[p.cells[0]]
	var firstKeep Mask
	for xs := first; xs != 0; xs &= xs - 1 {
		x := tz(xs) + 1
		if x > k {
			continue
		}
		var union Mask
		ok := true
		for t := 1; t < x; t++ {
			m := s.cells[p.cells[t]] &^ bit(x)
			if m == 0 {
				ok = false
				break
			}
			union |= m
		}
		if !ok {
			continue
		}
		mid, feasible := innerCombos(p.n, x-1, p.sum-x, union)
		if !feasible {
			continue
		}
		firstKeep |= bit(x)
		for t := 1; t < k; t++ {
			if t < x {
				keep[t] |= mid
			} else {
				keep[t] |= ^bit(x)
			}
		}
	}
	if !s.restrict(p.cells[0], firstKeep) {
		return false
	}
	for t := 1; t < k; t++ {
		if !s.restrict(p.cells[t], keep[t]) {
			return false
		}
	}
	return true
}

// HiddenSkyscraper says that the first of the cells lower than one before
// it holds value x.
func (b *Builder) HiddenSkyscraper(cells []int, x int) {
	b.props = append(b.props, &hiddenSkyProp{cells: toInt32(cells), x: x})
}

// hiddenSkyProp follows the line with the state "the tallest so far, none
// hidden yet" (a set of tallest values, bit 0 for none seen) or "the
// hidden one found", forward from the clue and backward from the end,
// and keeps the values that lead from a reachable state to one that ends
// with the hidden one found.
type hiddenSkyProp struct {
	cells []int32
	x     int
}

func (p *hiddenSkyProp) watched() []int32 { return p.cells }

func (p *hiddenSkyProp) run(s *solver) bool {
	k := len(p.cells)
	xb := uint64(1) << p.x
	// fwd[i]: tallest values before cell i with none hidden (bit t);
	// found[i]: the hidden one was found before cell i.
	fwd := make([]uint64, k+1)
	found := make([]bool, k+1)
	fwd[0] = 1
	for i := 0; i < k; i++ {
		m := uint64(s.cells[p.cells[i]]) << 1 // bit v for value v
		found[i+1] = found[i]
		for t := fwd[i]; t != 0; t &= t - 1 {
			top := bits.TrailingZeros64(t)
			fwd[i+1] |= m &^ (uint64(1)<<(top+1) - 1) // taller: the new tallest
			if m&xb != 0 && p.x < top {
				found[i+1] = true
			}
		}
	}
	if !found[k] {
		return false
	}
	// bwd[i]: tallest values before cell i, none hidden, from which the
	// rest of the line finds the hidden one; after it anything goes.
	bwd := make([]uint64, k+1)
	for i := k - 1; i >= 0; i-- {
		m := uint64(s.cells[p.cells[i]]) << 1
		for top := 0; top <= 25; top++ {
			taller := m&^(uint64(1)<<(top+1)-1)&bwd[i+1] != 0
			hides := m&xb != 0 && p.x < top
			if taller || hides {
				bwd[i] |= uint64(1) << top
			}
		}
	}
	for i := 0; i < k; i++ {
		m := uint64(s.cells[p.cells[i]]) << 1
		var keep uint64
		if found[i] {
			keep = m
		}
		for t := fwd[i] & bwd[i]; t != 0; t &= t - 1 {
			top := bits.TrailingZeros64(t)
			keep |= m &^ (uint64(1)<<(top+1) - 1) & bwd[i+1]
			if m&xb != 0 && p.x < top {
				keep |= xb
			}
		}
		if !s.restrict(p.cells[i], Mask(keep>>1)) {
			return false
		}
	}
	return true
}
