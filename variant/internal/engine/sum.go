package engine

import (
	"math/bits"
	"slices"
	"sync"
)

// sumProp keeps a linear equation, the sum of coef[i] times the value of
// cells[i] equal to sum, at bounds consistency; a killer cage (unit
// coefficients, cells pairwise different) is filtered exactly, by its
// combinations of values, together with the rest of a house around it.
//
// For the bounds, the cells are cut into groups that share a coefficient
// of 1 or -1 and differ pairwise (greedy cliques of peers): t different
// values add up to at least the sum of the t smallest values the group can
// hold, which bounds the sum far tighter than each cell's least value.
type sumProp struct {
	cells []int32
	coef  []int32
	sum   int
	n     int

	groups []sumGroup
	// group[i] is the group of cells[i].
	group []int32

	// cage is set for a killer cage of at most 16 values: combos holds
	// the sets of len(cells) values adding up to sum.
	cage   bool
	combos []Mask
	// comp, for a cage inside a house, is the rest of the house: it holds
	// the values the cage does not.
	comp []int32
	full Mask
	// memo, for a cage, is one more than the offset in the solver's memo
	// of the cage's masks after its last exact filtering (see cageExact);
	// 0 for none.
	memo int
	// derived marks a sum the optimizer made (see lower).
	derived bool
	// seenBy, for a cage of at most seenByLimit cells, holds for each set
	// of its cells (bit i for cells[i]) the cells outside the cage that
	// see all of them, in increasing order (see runCage).
	seenBy [][]int32
	// diagonal is a little killer's line, nil for other sums (see
	// combinedSums).
	diagonal *diagonalLine
}

// seenByLimit is the most cells of a cage whose seenBy is made: 2^9
// lists.
const seenByLimit = 9

// sumGroup is a set of cells with one coefficient, pairwise different
// when they are more than one.
type sumGroup struct {
	cells []int32
	k     int
}

func newSumProp(cells, coef []int32, sum int) *sumProp {
	return &sumProp{cells: cells, coef: coef, sum: sum}
}

func (p *sumProp) watched() []int32 {
	if p.comp == nil {
		return p.cells
	}
	return append(append([]int32(nil), p.cells...), p.comp...)
}

// unit reports whether every coefficient is 1.
func (p *sumProp) unit() bool {
	for _, k := range p.coef {
		if k != 1 {
			return false
		}
	}
	return true
}

// lower classifies the sum once the builder has every rule, and returns
// its propagators: none for one cell (a restriction), a pair relation for
// two, else the sum itself.
func (p *sumProp) lower(b *Builder) []prop {
	p.n = b.n
	p.full = all(b.n)
	switch len(p.cells) {
	case 1:
		k := int(p.coef[0])
		if p.sum%k != 0 {
			b.init[p.cells[0]] = 0
			b.fail = true
			return nil
		}
		v := p.sum / k
		if v < 1 || v > b.n {
			b.init[p.cells[0]] = 0
			b.fail = true
			return nil
		}
		b.Restrict(int(p.cells[0]), bit(v))
		return nil
	case 2:
		a, c := int(p.cells[0]), int(p.cells[1])
		ka, kc := int(p.coef[0]), int(p.coef[1])
		differ := b.Peers(a, c)
		sum := p.sum
		if pr := b.relation(a, c, func(x, y int) bool { return ka*x+kc*y == sum && (!differ || x != y) }); pr != nil {
			return []prop{pr}
		}
		return nil
	}
	// Groups of peers with a shared unit coefficient (see cliques), in
	// the order of their first cells; any other coefficient a cell alone.
	// The optimizer's sums keep the cut in the order given: the best of
	// cliques' cuts narrowed them more but grew the killers' trees
	// (EXTREME_KILLERS 23,243 to 25,676 guesses, MATHEMAGIC_KILLERS'
	// first two 120,398 to 141,845, TAREK_ALL 21,504 to 22,928).
	cut := cliques
	if p.derived {
		cut = firstFit
	}
	at := make(map[int32]int, len(p.cells))
	var ones, minus []int32
	for i, c := range p.cells {
		at[c] = i
		switch p.coef[i] {
		case 1:
			ones = append(ones, c)
		case -1:
			minus = append(minus, c)
		}
	}
	type group struct {
		cells []int32
		k     int
		first int
	}
	var cuts []group
	for _, g := range cut(b, ones) {
		cuts = append(cuts, group{g, 1, at[slices.MinFunc(g, func(x, y int32) int { return at[x] - at[y] })]})
	}
	for _, g := range cut(b, minus) {
		cuts = append(cuts, group{g, -1, at[slices.MinFunc(g, func(x, y int32) int { return at[x] - at[y] })]})
	}
	for i, c := range p.cells {
		if k := p.coef[i]; k != 1 && k != -1 {
			cuts = append(cuts, group{[]int32{c}, int(k), i})
		}
	}
	slices.SortFunc(cuts, func(x, y group) int { return x.first - y.first })
	p.group = make([]int32, len(p.cells))
	for gi, g := range cuts {
		p.groups = append(p.groups, sumGroup{cells: g.cells, k: g.k})
		for _, c := range g.cells {
			p.group[at[c]] = int32(gi)
		}
	}
	if len(p.groups) == 1 && p.groups[0].k == 1 && b.n <= 16 {
		p.cage = true
		p.combos = combinations(b.n, len(p.cells), p.sum)
		if len(p.combos) == 0 {
			b.fail = true
		}
		if len(p.cells) <= seenByLimit {
			p.seenBy = seenByTable(b, p.cells)
		}
		// The rest of a house holding the whole cage.
		for _, h := range b.houses {
			if containsAll(h, p.cells) {
				for _, c := range h {
					if !contains(p.cells, c) {
						p.comp = append(p.comp, c)
					}
				}
				break
			}
		}
	}
	return []prop{p}
}

// seenByTable returns, for each set of the cells (bit i for cells[i]) of
// two or more, the cells other than these that see all of them, in
// increasing order.
func seenByTable(b *Builder, cells []int32) [][]int32 {
	t := make([][]int32, 1<<len(cells))
	common := newBitset(b.ncells)
	for set := range t {
		if set&(set-1) == 0 {
			continue
		}
		first := true
		for i, c := range cells {
			if set>>i&1 == 0 {
				continue
			}
			if first {
				copy(common, b.peers[c])
				first = false
			} else {
				for w := range common {
					common[w] &= b.peers[c][w]
				}
			}
		}
		for _, c := range cells {
			common[c>>6] &^= 1 << (c & 63)
		}
		t[set] = common.list()
	}
	return t
}

func contains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func containsAll(s, t []int32) bool {
	for _, x := range t {
		if !contains(s, x) {
			return false
		}
	}
	return true
}

func (p *sumProp) run(s *solver) bool {
	if p.cage {
		return p.runCage(s)
	}
	return p.runBounds(s)
}

// runCage keeps the combinations of values that fit the cage's cells and
// leave the rest of its house values it can hold.
func (p *sumProp) runCage(s *solver) bool {
	var fixed, union Mask
	for _, c := range p.cells {
		m := s.cells[c]
		union |= m
		if m&(m-1) == 0 {
			fixed |= m
		}
	}
	var cfixed, cunion Mask
	for _, c := range p.comp {
		m := s.cells[c]
		cunion |= m
		if m&(m-1) == 0 {
			cfixed |= m
		}
	}
	var poss, cposs Mask
	req := p.full
	for _, v := range p.combos {
		if v&fixed != fixed || v&^union != 0 {
			continue
		}
		if p.comp != nil {
			r := p.full &^ v
			if r&cfixed != cfixed || r&^cunion != 0 {
				continue
			}
			cposs |= r
		}
		poss |= v
		req &= v
	}
	if poss == 0 {
		return false
	}
	if poss != union {
		for _, c := range p.cells {
			if !s.restrict(c, poss) {
				return false
			}
		}
	}
	if p.comp != nil && cposs != cunion {
		for _, c := range p.comp {
			if !s.restrict(c, cposs) {
				return false
			}
		}
	}
	// A value every combination needs: with one place left in the cage it
	// goes there; else it leaves every cell that sees all its places.
	var at [MaxValues]int32
	for req &^= fixed; req != 0; req &= req - 1 {
		v := req & -req
		k := 0
		set := 0
		for i, c := range p.cells {
			if s.cells[c]&v != 0 {
				at[k] = c
				k++
				set |= 1 << i
			}
		}
		switch {
		case k == 0:
			return false
		case k == 1:
			if !s.restrict(at[0], v) {
				return false
			}
		case p.seenBy != nil:
			// The cells that see all of v's places, from the table: the
			// same cells in the same order as excludeSeen finds (less the
			// cage's own, which cannot hold v), without the bitset
			// intersections, 6% of the time on MATHEMAGIC_KILLERS.
			for _, o := range p.seenBy[set] {
				if s.cells[o]&v != 0 && !s.restrict(o, ^v) {
					return false
				}
			}
		default:
			if !s.excludeSeen(at[:k], v) {
				return false
			}
		}
	}
	return p.cageExact(s)
}

// cageExactLimit is the most open cells cageExact handles.
const cageExactLimit = 5

// cageExact keeps, for a cage with at most cageExactLimit cells open, the
// values of each open cell that some assignment of different values to
// all of them completes: for each combination of values the open cells
// can make the rest of the sum with, a value stays in a cell if the other
// cells can take the combination's other values (Hall's condition, over
// their subsets).
func (p *sumProp) cageExact(s *solver) bool {
	if p.memo == 0 {
		return p.filterExact(s)
	}
	// The filtering leaves a fixpoint: every value kept is part of an
	// assignment of values all kept. So masks the same as those it left
	// last time (at any node) need no new run; a cage runs again
	// whenever the rest of its house changes, most often with its own
	// cells unchanged.
	memo := s.memo[p.memo-1 : p.memo-1+len(p.cells)]
	same := true
	for i, c := range p.cells {
		if s.cells[c] != memo[i] {
			same = false
			break
		}
	}
	if same {
		return true
	}
	ok := p.filterExact(s)
	for i, c := range p.cells {
		memo[i] = s.cells[c]
	}
	return ok
}

// filterExact is cageExact without the memo.
func (p *sumProp) filterExact(s *solver) bool {
	var open [cageExactLimit]int32
	var masks [cageExactLimit]Mask
	k := 0
	rest := p.sum
	var fixed Mask
	for _, c := range p.cells {
		m := s.cells[c]
		if m&(m-1) == 0 {
			rest -= value(m)
			fixed |= m
			continue
		}
		if k == cageExactLimit {
			return true
		}
		open[k], masks[k] = c, m
		k++
	}
	if k < 2 {
		return true
	}
	var sup [cageExactLimit]Mask
	key, keyed := exactKey(p.n, masks[:k], fixed, rest)
	var slot *exactEntry
	if keyed {
		slot = s.exactSlot(key)
		if slot.key == key {
			for i := 0; i < k; i++ {
				sup[i] = Mask(slot.sup>>(9*i)) & 0x1ff
			}
			return p.restrictOpen(s, open[:k], masks[:k], sup[:k])
		}
	}
	supportCombos(p.n, masks[:k], fixed, rest, sup[:k])
	if keyed {
		slot.key, slot.sup = key, 0
		for i := 0; i < k; i++ {
			slot.sup |= uint64(sup[i]) << (9 * i)
		}
	}
	return p.restrictOpen(s, open[:k], masks[:k], sup[:k])
}

// restrictOpen narrows the open cells of filterExact to their supported
// values.
func (p *sumProp) restrictOpen(s *solver, open []int32, masks, sup []Mask) bool {
	for i := range open {
		if sup[i] != masks[i] && !s.restrict(open[i], sup[i]) {
			return false
		}
	}
	return true
}

// exactEntry is a slot of a solver's cache of filterExact's results: the
// supported values of the open cells (9 bits each) for a key of their
// masks, the cage's fixed values and the rest of its sum (see exactKey).
type exactEntry struct {
	key, sup uint64
}

// exactCacheBits is the log2 of the number of slots of a solver's cache
// of filterExact's results.
const exactCacheBits = 14

// exactKey packs what filterExact's result depends on, for grids of at
// most 9 values: the open cells' masks in order, the fixed values and the
// rest of the sum. ok is false when they do not fit in a key. A cage
// reaches the same open masks again and again across the search tree
// (after a backtrack, and in its sibling subtrees): on MATHEMAGIC_KILLERS'
// first two, where the filtering was over a third of the time, a third
// of its runs find their result in the cache, and counting to two took
// 5.76 s instead of 6.19 s (medians of 4 alternating rounds, load 20).
// More slots find little more (2^20: 42%).
func exactKey(n int, masks []Mask, fixed Mask, rest int) (key uint64, ok bool) {
	if n > 9 || rest < 0 || rest >= 64 {
		return 0, false
	}
	for i, m := range masks {
		key |= uint64(m) << (9 * i)
	}
	// The masks are not empty, so no key is 0, an empty slot's.
	return key | uint64(fixed)<<45 | uint64(rest)<<54, true
}

// exactSlot returns the slot of the cache for key, making the cache on
// first use: solvers that never filter a cage exactly pay nothing.
func (s *solver) exactSlot(key uint64) *exactEntry {
	if s.exactCache == nil {
		s.exactCache = make([]exactEntry, 1<<exactCacheBits)
	}
	h := (key * 0x9e3779b97f4a7c15) >> (64 - exactCacheBits)
	return &s.exactCache[h]
}

// supportCombos sets sup[i] to the values of masks[i] that some
// assignment of different values to all the cells, none of them in
// fixed, adding up to rest, gives cell i (sup all 0 on entry): the union,
// over the combinations of values the cells can make the sum with, of
// the edges on a perfect matching of the cells and the combination's
// values (see supportCombo, which does it one combination at a time for
// the renban).
//
// It works by value, not by cell: cellsOf[v] is the set of cells that
// can take value v+1, so a combination's graph is its values' sets side
// by side, k look-ups, where supportCombo picks out each cell's row bit
// by bit (k*k steps, and as many to put the edges found back as values).
// The table of matchings serves both ways, as a graph's matchings
// transposed are those of the graph transposed; found[v] gathers the
// cells that take v+1 in some assignment, turned into sup once at the
// end. The same results as supportCombo over every combination, with
// about half the instructions: EXTREME_KILLERS' first puzzle counting
// to two, 480M to 253M in supportCombos (callgrind), 2.00G to 1.77G in
// all.
func supportCombos(n int, masks []Mask, fixed Mask, rest int, sup []Mask) {
	k := len(masks)
	var union Mask
	var cellsOf, found [16]uint32
	for i, m := range masks {
		union |= m
		for ; m != 0; m &= m - 1 {
			cellsOf[tz(m)] |= 1 << i
		}
	}
	all := uint32(1)<<k - 1
	t := matchTable()
	for _, combo := range combinations(n, k, rest) {
		if combo&fixed != 0 || combo&^union != 0 {
			continue
		}
		// The combination's values, and the cells that can take each:
		// every cell must take one, and some (cell, value) must not be
		// known to be on an assignment yet.
		var vals [cageExactLimit]int
		var cols [cageExactLimit]uint32
		var cover, open uint32
		c := combo
		for j := 0; j < k; j++ {
			v := tz(c)
			c &= c - 1
			x := cellsOf[v]
			vals[j], cols[j] = v, x
			cover |= x
			open |= x &^ found[v]
		}
		if cover != all || open == 0 {
			continue
		}
		if k <= 4 {
			// Bit 4j+i: value j can go to cell i; values past k padded
			// with a cell of their own.
			var g uint32
			for j := 0; j < k; j++ {
				g |= cols[j] << (4 * j)
			}
			for j := k; j < 4; j++ {
				g |= 1 << (5 * j)
			}
			e := uint32(t[g])
			for j := 0; j < k; j++ {
				found[vals[j]] |= e >> (4 * j) & 0xf
			}
			continue
		}
		// Five: the first value goes to cell a, the other four values to
		// the cells left, their sets with bit a taken out (and put back
		// in the edges found).
		for c0 := cols[0]; c0 != 0; c0 &= c0 - 1 {
			a := uint(bits.TrailingZeros32(c0))
			low := uint32(1)<<a - 1
			var g uint32
			for j := 1; j < 5; j++ {
				x := cols[j]
				g |= (x&low | x>>1&^low) << (4 * (j - 1))
			}
			e := uint32(t[g])
			if e == 0 {
				continue
			}
			found[vals[0]] |= 1 << a
			for j := 1; j < 5; j++ {
				x := e >> (4 * (j - 1)) & 0xf
				found[vals[j]] |= x&low | (x&^low)<<1
			}
		}
	}
	for u := union; u != 0; u &= u - 1 {
		v := tz(u)
		for x := found[v]; x != 0; x &= x - 1 {
			sup[bits.TrailingZeros32(x)] |= 1 << v
		}
	}
}

// supportCombo adds to sup[i] the values of masks[i] that some assignment
// of the values of combo, one to each cell (as many values as cells, at
// most cageExactLimit), gives cell i (see supportCombos).
//
// The cells and combo's values make a bipartite graph of at most 5 by 5:
// row i holds bit j when cell i can take combo's j-th value. For 4 by 4
// (fewer cells padded with cells that take a value of their own), the
// edges that lie on some perfect matching are read from a table of all
// 2^16 graphs (matchTable); for 5 by 5, from the table for each value
// cell 0 can take, over the other four cells and values. It replaced a
// search for one assignment and a transitive closure of the exchanges
// from it, with the same results: over the 1,022,075 calls of
// MATHEMAGIC_KILLERS' first puzzle and EXTREME_KILLERS counting to two,
// 720 to 530 ns a call of supportCombos (CPU, load 18); the closure's
// branches on the graph were most of its time.
func supportCombo(masks []Mask, combo Mask, sup []Mask) {
	k := len(masks)
	open := false
	for i := 0; i < k; i++ {
		c := combo & masks[i]
		if c == 0 {
			return
		}
		if c&^sup[i] != 0 {
			open = true
		}
	}
	if !open {
		return
	}
	var vals [cageExactLimit]uint
	c := combo
	for j := 0; j < k; j++ {
		vals[j] = uint(tz(c))
		c &= c - 1
	}
	// The graph, a row of k bits a cell.
	var rows [cageExactLimit]uint32
	for i := 0; i < k; i++ {
		m := uint32(masks[i])
		var r uint32
		for j := 0; j < k; j++ {
			r |= (m >> vals[j] & 1) << j
		}
		rows[i] = r
	}
	t := matchTable()
	var match [cageExactLimit]uint32
	if k <= 4 {
		var g uint32
		for i := 0; i < k; i++ {
			g |= rows[i] << (4 * i)
		}
		for i := k; i < 4; i++ {
			g |= 1 << (5 * i) // cell i takes value i alone
		}
		e := uint32(t[g])
		for i := 0; i < k; i++ {
			match[i] = e >> (4 * i) & 0xf
		}
	} else {
		// Cell 0 takes value a; the others match the values left, their
		// rows with bit a taken out (and put back in the edges found).
		for r0 := rows[0]; r0 != 0; r0 &= r0 - 1 {
			a := uint(bits.TrailingZeros32(r0))
			low := uint32(1)<<a - 1
			var g uint32
			for i := 1; i < 5; i++ {
				r := rows[i]
				g |= (r&low | r>>1&^low) << (4 * (i - 1))
			}
			e := uint32(t[g])
			if e == 0 {
				continue
			}
			match[0] |= 1 << a
			for i := 1; i < 5; i++ {
				x := e >> (4 * (i - 1)) & 0xf
				match[i] |= x&low | (x&^low)<<1
			}
		}
	}
	for i := 0; i < k; i++ {
		e := match[i]
		var m Mask
		for j := 0; j < k; j++ {
			m |= Mask(e>>j&1) << vals[j]
		}
		sup[i] |= m
	}
}

// The table of supportCombo, made on first use.
var (
	matchOnce sync.Once
	matchTab  *[1 << 16]uint16
)

// matchTable returns, for each bipartite graph of 4 cells and 4 values
// (bit 4i+j: cell i can take value j), its edges that lie on some perfect
// matching, in the same layout: the union of the 24 matchings it holds.
func matchTable() *[1 << 16]uint16 {
	matchOnce.Do(func() {
		var perms []uint16
		for p := 0; p < 1<<16; p++ {
			// p is a matching when each row and each column has one bit.
			var cols uint16
			ok := true
			for i := 0; i < 4 && ok; i++ {
				r := uint16(p>>(4*i)) & 0xf
				ok = r != 0 && r&(r-1) == 0 && cols&r == 0
				cols |= r
			}
			if ok {
				perms = append(perms, uint16(p))
			}
		}
		t := new([1 << 16]uint16)
		for g := range t {
			for _, p := range perms {
				if uint16(g)&p == p {
					t[g] |= p
				}
			}
		}
		matchTab = t
	})
	return matchTab
}

// extremes returns, for t different values from m, the sum of the t
// smallest and the largest of them, and the sum of the t largest and the
// smallest of them; ok is false if m has fewer than t values.
func extremes(m Mask, t int) (minSum, topOfMin, maxSum, botOfMax int, ok bool) {
	if count(m) < t {
		return 0, 0, 0, 0, false
	}
	lo := m
	for i := 0; i < t; i++ {
		v := tz(lo) + 1
		minSum += v
		topOfMin = v
		lo &= lo - 1
	}
	hi := m
	for i := 0; i < t; i++ {
		v := highest(hi)
		maxSum += v
		botOfMax = v
		hi &^= bit(v)
	}
	return minSum, topOfMin, maxSum, botOfMax, true
}

// groupExtremes returns, for a group of cells holding different values,
// the sum of its fixed cells, and for the others the least sum they can
// make and the largest value in it, and the greatest sum and the smallest
// value in it (0 and 0 when all are fixed); ok is false if they cannot
// hold different values. The least sum relaxes each cell to any value of
// the group at or above its own least (and the greatest likewise): taking
// the cells by increasing least value, each the smallest value left, is
// optimal for that relaxation, and the values it picks, sorted, are below
// those of any real assignment one by one.
func groupExtremes(s *solver, cells []int32) (fixedSum, minSum, topOfMin, maxSum, botOfMax int, ok bool) {
	if len(cells) == 1 {
		// A cell alone (most groups of the sums the optimizer derives).
		m := s.cells[cells[0]]
		switch {
		case m == 0:
			return 0, 0, 0, 0, 0, false
		case m&(m-1) == 0:
			return value(m), 0, 0, 0, 0, true
		}
		lo, hi := lowest(m), highest(m)
		return 0, lo, lo, hi, hi, true
	}
	if len(cells) == 2 {
		return pairExtremes(s.cells[cells[0]], s.cells[cells[1]])
	}
	return groupExtremesN(s, cells)
}

// pairExtremes is groupExtremes for a group of two cells, with masks a
// and b: nearly half the calls on MATHEMAGIC_KILLERS' first puzzle (4.3
// of 9.4 million), and their sorts and loops a tenth of its time.
func pairExtremes(a, b Mask) (fixedSum, minSum, topOfMin, maxSum, botOfMax int, ok bool) {
	switch {
	case a == 0 || b == 0:
		return 0, 0, 0, 0, 0, false
	case a&(a-1) == 0 && b&(b-1) == 0:
		if a == b {
			return 0, 0, 0, 0, 0, false
		}
		return value(a) + value(b), 0, 0, 0, 0, true
	case a&(a-1) == 0 || b&(b-1) == 0:
		// One fixed: the other takes any of its values but that one.
		f, m := a, b
		if b&(b-1) == 0 {
			f, m = b, a
		}
		m &^= f
		lo, hi := lowest(m), highest(m)
		return value(f), lo, lo, hi, hi, true
	}
	// Both open: the cell with the lower least value takes it, the other
	// the least value left at or above its own; and likewise downwards.
	// Each has two values or more, so the second pick always finds one.
	free := a | b
	l1, l2 := lowest(a), lowest(b)
	if l1 > l2 {
		l1, l2 = l2, l1
	}
	p2 := lowest(free &^ bit(l1) &^ (bit(l2) - 1))
	h1, h2 := highest(a), highest(b)
	if h1 < h2 {
		h1, h2 = h2, h1
	}
	q2 := highest(free &^ bit(h1) & (bit(h2)<<1 - 1))
	return 0, l1 + p2, p2, h1 + q2, q2, true
}

// groupExtremesN is groupExtremes for a group of any size.
func groupExtremesN(s *solver, cells []int32) (fixedSum, minSum, topOfMin, maxSum, botOfMax int, ok bool) {
	var los, his [MaxValues]int8
	var union, fixed Mask
	k := 0
	for _, c := range cells {
		m := s.cells[c]
		if m == 0 {
			return 0, 0, 0, 0, 0, false
		}
		if m&(m-1) == 0 {
			if fixed&m != 0 {
				return 0, 0, 0, 0, 0, false
			}
			fixed |= m
			fixedSum += value(m)
			continue
		}
		union |= m
		lo, hi := int8(lowest(m)), int8(highest(m))
		// Insertion sorts: los ascending, his descending.
		j := k
		for ; j > 0 && los[j-1] > lo; j-- {
			los[j] = los[j-1]
		}
		los[j] = lo
		j = k
		for ; j > 0 && his[j-1] < hi; j-- {
			his[j] = his[j-1]
		}
		his[j] = hi
		k++
	}
	if k == 0 {
		return fixedSum, 0, 0, 0, 0, true
	}
	union &^= fixed
	free := union
	for i := 0; i < k; i++ {
		m := free &^ below(int(los[i]))
		if m == 0 {
			return 0, 0, 0, 0, 0, false
		}
		v := lowest(m)
		free &^= bit(v)
		minSum += v
		topOfMin = max(topOfMin, v)
	}
	free = union
	botOfMax = MaxValues + 1
	for i := 0; i < k; i++ {
		m := free & below(int(his[i])+1)
		if m == 0 {
			return 0, 0, 0, 0, 0, false
		}
		v := highest(m)
		free &^= bit(v)
		maxSum += v
		botOfMax = min(botOfMax, v)
	}
	return fixedSum, minSum, topOfMin, maxSum, botOfMax, true
}

// runBounds narrows each group to the values that fit the equation with
// the other groups anywhere in their ranges; with one or two cells left
// open it solves for them exactly.
func (p *sumProp) runBounds(s *solver) bool {
	lo, hi := 0, 0
	// The groups' largest value in the least sum and smallest in the
	// greatest, kept for the narrowing below: the groups do not share
	// cells, and a restrict does not propagate at once, so they hold
	// there too (groupExtremes was a tenth of the time on the killers,
	// called twice a group).
	var tops, bots [64]int8
	keep := len(p.groups) <= len(tops)
	for gi := range p.groups {
		g := &p.groups[gi]
		fixedS, minS, topMin, maxS, botMax, ok := groupExtremes(s, g.cells)
		if !ok {
			return false
		}
		if keep {
			tops[gi], bots[gi] = int8(topMin), int8(botMax)
		}
		minS += fixedS
		maxS += fixedS
		if g.k > 0 {
			lo += g.k * minS
			hi += g.k * maxS
		} else {
			lo += g.k * maxS
			hi += g.k * minS
		}
	}
	if p.sum < lo || p.sum > hi {
		return false
	}
	up, down := p.sum-lo, hi-p.sum
	for gi := range p.groups {
		g := &p.groups[gi]
		a := g.k
		if a < 0 {
			a = -a
		}
		if up >= a*p.n && down >= a*p.n {
			continue
		}
		var u Mask
		for _, c := range g.cells {
			if m := s.cells[c]; m&(m-1) != 0 {
				u |= m
			}
		}
		if u == 0 {
			continue
		}
		var topMin, botMax int
		if keep {
			topMin, botMax = int(tops[gi]), int(bots[gi])
		} else {
			var ok bool
			if _, _, topMin, _, botMax, ok = groupExtremes(s, g.cells); !ok {
				return false
			}
		}
		var lb, ub int
		if g.k > 0 {
			ub, lb = topMin+up/a, botMax-down/a
		} else {
			ub, lb = topMin+down/a, botMax-up/a
		}
		m := inRange(lb, ub)
		if u&^m == 0 {
			continue
		}
		for _, c := range g.cells {
			if s.cells[c]&(s.cells[c]-1) == 0 {
				continue
			}
			if !s.restrict(c, m) {
				return false
			}
		}
	}
	return p.exact(s)
}

// exactLimit is the most open cells exact enumerates, and exactWork the
// most assignments it tries.
const (
	exactLimit = 4
	exactWork  = 100
)

// exact keeps, when at most exactLimit cells are left open, the values of
// each that some assignment of the others completes: the equation solved
// outright, with the cells of one group different.
func (p *sumProp) exact(s *solver) bool {
	var open [exactLimit]int
	k := 0
	rest := p.sum
	for i, c := range p.cells {
		m := s.cells[c]
		if m&(m-1) == 0 {
			rest -= int(p.coef[i]) * value(m)
			continue
		}
		if k == exactLimit {
			return true
		}
		open[k] = i
		k++
	}
	if k == 0 {
		return rest == 0
	}
	// The assignments to try: all but the last cell's values.
	work := 1
	for j := 0; j < k-1; j++ {
		work *= count(s.cells[p.cells[open[j]]])
	}
	if work > exactWork {
		return true
	}
	var mask, sup [exactLimit]Mask
	var coef [exactLimit]int
	var group [exactLimit]int32
	for j := 0; j < k; j++ {
		mask[j] = s.cells[p.cells[open[j]]]
		coef[j] = int(p.coef[open[j]])
		group[j] = p.group[open[j]]
	}
	exactSupport(p.n, mask[:k], coef[:k], group[:k], rest, sup[:k])
	for j := 0; j < k; j++ {
		if !s.restrict(p.cells[open[j]], sup[j]) {
			return false
		}
	}
	return true
}

// exactSupport sets sup[j] to the values of mask[j] in some assignment of
// the cells (at most exactLimit) adding up to rest with coefficients coef,
// cells of one group different (sup all 0 on entry). It tries the values
// of the first cells depth first, on a stack of its own (a recursion over
// a struct cost a tenth more instructions on EXTREME_KILLERS' first
// puzzle), leaving out the values a cell's group took before it on the
// path; the rest of the sum then settles the others (exactLeaf): the last
// cell alone, or the last two at once when their coefficients are 1 or
// -1, by masks (pairSupport). Taking the last two by masks rather than
// each value of the second last in turn took the calls of
// MATHEMAGIC_KILLERS' first puzzle and EXTREME_KILLERS counting to two
// (1,583,468 of them, the same results) from 325 to 222 ns a call (CPU).
func exactSupport(n int, mask []Mask, coef []int, group []int32, rest int, sup []Mask) {
	k := len(mask)
	var val [exactLimit]Mask
	var left [exactLimit]Mask
	var rests [exactLimit]int
	// The cells tried one value at a time: all but the last, or the last
	// two.
	open := k - 1
	if k >= 2 && unitCoef(coef[k-2]) && unitCoef(coef[k-1]) {
		open = k - 2
	}
	j := -1
	r := rest
	for {
		if j+1 < open {
			// One more cell to try: its values less those of its group on
			// the path.
			j++
			rests[j] = r
			m := mask[j]
			for i := 0; i < j; i++ {
				if group[i] == group[j] {
					m &^= val[i]
				}
			}
			left[j] = m
		} else {
			// The others settled by the rest r of the sum.
			exactLeaf(n, mask, coef, group, &val, open, r, sup)
		}
		for j >= 0 && left[j] == 0 {
			j--
		}
		if j < 0 {
			return
		}
		b := left[j] & -left[j]
		left[j] &^= b
		val[j] = b
		r = rests[j] - coef[j]*(tz(b)+1)
	}
}

// exactLeaf is exactSupport at the end of a path, the cells before open
// holding val and the others adding up to r: the last cell alone, or
// the last two at once (open = k-2).
func exactLeaf(n int, mask []Mask, coef []int, group []int32, val *[exactLimit]Mask, open, r int, sup []Mask) {
	k := len(mask)
	var avail [2]Mask
	for j := open; j < k; j++ {
		m := mask[j]
		for i := 0; i < open; i++ {
			if group[i] == group[j] {
				m &^= val[i]
			}
		}
		avail[j-open] = m
	}
	if open == k-1 {
		c := coef[open]
		if r%c != 0 {
			return
		}
		w := r / c
		if w < 1 || w > n || avail[0]&bit(w) == 0 {
			return
		}
		sup[open] |= bit(w)
	} else {
		p, q := k-2, k-1
		sp, sq := pairSupport(avail[0], avail[1], coef[p], coef[q], group[p] == group[q], r)
		if sp == 0 {
			return
		}
		sup[p] |= sp
		sup[q] |= sq
	}
	for i := 0; i < open; i++ {
		sup[i] |= val[i]
	}
}

// unitCoef reports whether a coefficient is 1 or -1.
func unitCoef(c int) bool { return c == 1 || c == -1 }

// pairSupport returns the values x of a and y of b with ca*x + cb*y = r
// (ca and cb 1 or -1), and x != y when differ: each value of one cell
// has one partner in the other, so the partners of a's values are a
// mirrored or shifted (see partners), met with b, and back.
func pairSupport(a, b Mask, ca, cb int, differ bool, r int) (sa, sb Mask) {
	if differ && ca != cb && r == 0 {
		// x - y = 0: every pair is a value with itself.
		return 0, 0
	}
	sb = b & partners(a, ca, cb, r)
	sa = a & partners(sb, cb, ca, r)
	// With ca = cb, x = y is the one pair of the value r/(2*ca) and so
	// leaves it out.
	if differ && ca == cb && r%(2*ca) == 0 {
		if x := r / (2 * ca); x >= 1 && x <= 32 {
			sa &^= bit(x)
			sb &^= bit(x)
		}
	}
	return sa, sb
}

// partners returns the values y with ca*x + cb*y = r for some x in a (ca
// and cb 1 or -1): y = cb*r - ca*cb*x, the values of a mirrored (bit x-1
// to bit cb*r-x-1) or shifted by cb*r.
func partners(a Mask, ca, cb, r int) Mask {
	d := cb * r
	if ca == cb {
		// Bit x-1 of the reversed mask is at 32-x; bit y-1 = d-x-1 is
		// d-33 above it.
		return shift(Mask(bits.Reverse32(uint32(a))), d-33)
	}
	return shift(a, d)
}

// shift returns m shifted left by d bits (right for d negative), the bits
// past either end dropped.
func shift(m Mask, d int) Mask {
	if d >= 0 {
		return m << uint(d)
	}
	return m >> uint(-d)
}

// combinations returns the sets of k values from 1 to n (n <= 16) adding
// up to sum, from tables built once for each n.
func combinations(n, k, sum int) []Mask {
	if n < 1 || n > 16 {
		return nil
	}
	t := comboTable(n)
	if k < 0 || k > n || sum < 0 || sum >= len(t[k]) {
		return nil
	}
	return t[k][sum]
}

// The combination tables, built once for each n on first use: a
// sync.Once each, so that the lookups of searches running at once take
// no lock.
var (
	comboOnce   [17]sync.Once
	comboTables [17][][][]Mask
)

// comboTable returns, for n values (n <= 16), the sets of values by size
// and sum.
func comboTable(n int) [][][]Mask {
	comboOnce[n].Do(func() {
		maxSum := n * (n + 1) / 2
		t := make([][][]Mask, n+1)
		for k := range t {
			t[k] = make([][]Mask, maxSum+1)
		}
		for m := Mask(0); m < Mask(1)<<n; m++ {
			t[count(m)][maskSum(m)] = append(t[count(m)][maskSum(m)], m)
		}
		comboTables[n] = t
	})
	return comboTables[n]
}
