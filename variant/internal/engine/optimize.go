package engine

import (
	"fmt"
	"slices"
	"sort"
)

// optimize adds rules implied by the ones given, which find in one step
// what the search would find by guessing:
//   - two houses that meet in two or more cells: their parts outside the
//     meeting hold the same values (locked candidates);
//   - the rule of 45: a house holds every value once, so its cells add up
//     to n(n+1)/2 (45 in 9x9), and so do a band of k rows, columns or
//     regions (k times it); the sums that lie in such a set, or stick out
//     of it, tell the sum of the cells they leave uncovered (innies) or
//     cover outside (outies), which become sums of their own.
func (b *Builder) optimize() {
	b.intersections()
	b.impliedSums()
}

// Tiling declares houses that cut the whole grid into pieces, in an order
// in which neighbours follow each other (the rows top to bottom, the
// columns left to right, the regions): the optimizer adds up the first k
// of them for the rule of 45. It also makes each house Distinct.
func (b *Builder) Tiling(houses [][]int) {
	var t [][]int32
	for _, h := range houses {
		b.Distinct(h)
		if len(h) != b.n {
			return
		}
		t = append(t, toInt32(h))
	}
	if len(t)*b.n == b.ncells {
		b.tilings = append(b.tilings, t)
	}
}

// intersections adds a sameValuesProp for every two houses that share at
// least two cells and not all.
func (b *Builder) intersections() {
	for i, h := range b.houses {
		for _, g := range b.houses[:i] {
			var ha, gb, common []int32
			for _, c := range h {
				if contains(g, c) {
					common = append(common, c)
				} else {
					ha = append(ha, c)
				}
			}
			if len(common) < 2 || len(ha) == 0 {
				continue
			}
			for _, c := range g {
				if !contains(h, c) {
					gb = append(gb, c)
				}
			}
			b.props = append(b.props, &sameValuesProp{a: ha, b: gb, cells: append(append([]int32(nil), ha...), gb...)})
		}
	}
}

// piece is a set of cells with a known sum.
type piece struct {
	cells []int32 // sorted
	set   bitset
	sum   int
	// diagonal is a little killer's line, nil for other sums (see
	// combinedSums).
	diagonal *diagonalLine
}

// diagonalRelated is how many cells of the smaller of two little killers
// (or sums merged from them) must see the other for combinedSums to
// merge them, where other sums need six. Two diagonals crossing a box
// side by side hold different values there, which neither sum alone
// knows: on LITTLE_KILLER_SNIPES, whose clues are short diagonals (five
// cells or fewer are common), the twelve puzzles that finish counting to
// two took 127,277 guesses instead of 157,763 (the 6th 517 instead of
// 8,165, the 11th 103,245 instead of 126,100). 2, 3 and 5 did worse than
// 4 on the 3rd, 6th, 10th, 11th and 13th; adding the merged sum of every
// two such diagonals (not greedily, as here) cut guesses further (the
// 13th 3,660 instead of 14,199) but cost twice as much a guess.
const diagonalRelated = 4

// maxDerived is the most cells an implied sum over a band may have: a
// bigger one narrows little and costs much.
const maxDerived = 6

// impliedSums adds the sums of the rule of 45.
func (b *Builder) impliedSums() {
	var pieces []*piece
	for _, s := range b.sums {
		if !s.unit() {
			continue
		}
		cs := slices.Clone(s.cells)
		slices.Sort(cs)
		set := newBitset(b.ncells)
		for _, c := range cs {
			set.add(int(c))
		}
		pieces = append(pieces, &piece{cells: cs, set: set, sum: s.sum, diagonal: s.diagonal})
	}
	if len(pieces) == 0 {
		return
	}
	total := b.n * (b.n + 1) / 2
	seen := map[string]bool{}
	for _, s := range b.sums {
		seen[sumKey(s.cells, s.coef, s.sum)] = true
	}
	add := func(plus, minus []int32, sum int) {
		if len(plus)+len(minus) == 0 {
			return
		}
		cells := append(append([]int32(nil), plus...), minus...)
		coef := make([]int32, len(cells))
		for i := range coef {
			coef[i] = 1
			if i >= len(plus) {
				coef[i] = -1
			}
		}
		k := sumKey(cells, coef, sum)
		if seen[k] {
			return
		}
		seen[k] = true
		sp := newSumProp(cells, coef, sum)
		sp.derived = true
		b.sums = append(b.sums, sp)
	}
	free := nonOverlapping(pieces, b.ncells)
	b.combinedSums(pieces, add)

	// Each house: the pieces inside it leave the rest of it a sum (a
	// hidden cage); a piece sticking out by one cell ties that cell to
	// the rest of the house.
	for _, h := range b.houses {
		hs := newBitset(b.ncells)
		for _, c := range h {
			hs.add(int(c))
		}
		var inside []int32
		insideSum := 0
		var outies []*piece
		var touching []*piece
		for _, p := range nonOverlapping(touchingPieces(pieces, hs), b.ncells) {
			k := 0
			for _, c := range p.cells {
				if hs.has(int(c)) {
					k++
				}
			}
			touching = append(touching, p)
			switch {
			case k == len(p.cells):
				inside = append(inside, p.cells...)
				insideSum += p.sum
			case len(p.cells)-k == 1:
				outies = append(outies, p)
			}
		}
		var rest []int32
		for _, c := range h {
			if !contains(inside, c) {
				rest = append(rest, c)
			}
		}
		if len(inside) > 0 && len(rest) > 0 {
			add(rest, nil, total-insideSum)
		}
		for _, o := range outies {
			var plus, minus []int32
			for _, c := range rest {
				if !o.set.has(int(c)) {
					plus = append(plus, c)
				}
			}
			for _, c := range o.cells {
				if !hs.has(int(c)) {
					minus = append(minus, c)
				}
			}
			if len(plus)+len(minus) <= maxDerived {
				add(plus, minus, total-insideSum-o.sum)
			}
		}
		// The pieces that cross the house, when they cover it, leave the
		// cells they cover outside it a sum.
		cover := newBitset(b.ncells)
		coverSum := 0
		for _, p := range touching {
			cover.or(p.set)
			coverSum += p.sum
		}
		covered := true
		for _, c := range h {
			if !cover.has(int(c)) {
				covered = false
				break
			}
		}
		if covered {
			cover.andNot(hs)
			out := cover.list()
			if len(out) > 0 && len(out) <= b.n {
				add(out, nil, coverSum-total)
			}
		}
	}

	// Bands: the first k houses of a tiling (and of its reverse), with the
	// pieces mostly inside them.
	for _, t := range b.tilings {
		for _, order := range [][][]int32{t, reversed(t)} {
			b.bands(order, free, total, add)
		}
	}

	// The whole grid, when the pieces cover all but a few cells.
	covered := newBitset(b.ncells)
	coverSum := 0
	for _, p := range free {
		covered.or(p.set)
		coverSum += p.sum
	}
	if len(b.tilings) > 0 {
		var rest []int32
		for c := range b.ncells {
			if !covered.has(c) {
				rest = append(rest, int32(c))
			}
		}
		if len(rest) > 0 && len(rest) < b.n {
			add(rest, nil, b.ncells/b.n*total-coverSum)
		}
	}
}

// bands applies the rule of 45 to the unions of the first k houses of
// order, k from 2 to n-1.
func (b *Builder) bands(order [][]int32, pieces []*piece, total int, add func(plus, minus []int32, sum int)) {
	inSum := newBitset(b.ncells)
	for _, p := range pieces {
		inSum.or(p.set)
	}
	region := newBitset(b.ncells)
	covered := newBitset(b.ncells)
	used := make([]bool, len(pieces))
	usedSum := 0
	for i, h := range order {
		if i == len(order)-1 {
			break
		}
		for _, c := range h {
			region.add(int(c))
		}
		for j, p := range pieces {
			if used[j] {
				continue
			}
			k := 0
			for _, c := range p.cells {
				if region.has(int(c)) {
					k++
				}
			}
			if 2*k > len(p.cells) {
				used[j] = true
				covered.or(p.set)
				usedSum += p.sum
			}
		}
		if i == 0 {
			continue
		}
		// Innies: the band's cells no piece covers; outies: the pieces'
		// cells outside the band.
		innies := region.clone()
		innies.andNot(covered)
		outies := covered.clone()
		outies.andNot(region)
		in, out := innies.list(), outies.list()
		if len(in)+len(out) == 0 || len(in)+len(out) > b.n {
			continue
		}
		if len(in) > 2 && len(out) > 2 {
			continue
		}
		// A big sum narrows little; but over cells no sum covers it is
		// all the help they get.
		if len(in)+len(out) > maxDerived && covers(inSum, in) && covers(inSum, out) {
			continue
		}
		// pieces = band - innies + outies, so outies - innies =
		// pieces - band.
		add(out, in, usedSum-(i+1)*total)
	}
}

// covers reports whether set holds every cell of cs.
func covers(set bitset, cs []int32) bool {
	for _, c := range cs {
		if !set.has(int(c)) {
			return false
		}
	}
	return true
}

func reversed(t [][]int32) [][]int32 {
	r := slices.Clone(t)
	slices.Reverse(r)
	return r
}

// touchingPieces returns the pieces with a cell in set.
func touchingPieces(pieces []*piece, set bitset) []*piece {
	var out []*piece
	for _, p := range pieces {
		for _, c := range p.cells {
			if set.has(int(c)) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// nonOverlapping returns pieces that share no cell, taking first those
// that overlap the fewest others.
func nonOverlapping(pieces []*piece, ncells int) []*piece {
	overlaps := make([]int, len(pieces))
	for i, p := range pieces {
		for j, q := range pieces {
			if i != j && intersects(p.set, q.set) {
				overlaps[i]++
			}
		}
	}
	idx := make([]int, len(pieces))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return overlaps[idx[a]] < overlaps[idx[b]] })
	taken := newBitset(ncells)
	var out []*piece
	for _, i := range idx {
		p := pieces[i]
		if intersects(p.set, taken) {
			continue
		}
		taken.or(p.set)
		out = append(out, p)
	}
	return out
}

func intersects(a, b bitset) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// sumKey identifies a sum for duplicates.
func sumKey(cells, coef []int32, sum int) string {
	type term struct{ c, k int32 }
	ts := make([]term, len(cells))
	for i := range cells {
		ts[i] = term{cells[i], coef[i]}
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].c < ts[j].c })
	return fmt.Sprint(ts, sum)
}

// sumRecord is a sum considered for merging: its cells, and how much its
// bounds can narrow (score).
type sumRecord struct {
	cells    []int32 // sorted
	set      bitset
	sum      int
	score    int
	original bool
	key      string
	// diagonal is set for a little killer's sum and for sums merged
	// from two such.
	diagonal bool
}

// record scores a sum over cells: the cells cut into groups of peers
// (greedily), each group of t cells leaves t*(n-t) ways its values may
// vary, less the sum's freedom (the distance from the sum to the nearest
// of its least and greatest totals). It returns nil if no values reach
// the sum.
func (b *Builder) record(cells []int32, sum int, original bool) *sumRecord {
	var groups [][]int32
	for _, c := range cells {
		placed := false
		for gi, g := range groups {
			ok := len(g) < b.n
			for _, o := range g {
				if !b.peers[c].has(int(o)) {
					ok = false
					break
				}
			}
			if ok {
				groups[gi] = append(g, c)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []int32{c})
		}
	}
	lo, hi := 0, 0
	for _, g := range groups {
		t := len(g)
		lo += t * (t + 1) / 2
		hi += t * (2*b.n - t + 1) / 2
	}
	if sum < lo || sum > hi {
		return nil
	}
	dof := min(sum-lo, hi-sum)
	score := 0
	for _, g := range groups {
		t := len(g)
		score += t*(b.n-t) - dof
	}
	set := newBitset(b.ncells)
	for _, c := range cells {
		set.add(int(c))
	}
	return &sumRecord{cells: cells, set: set, sum: sum, score: score, original: original, key: fmt.Sprint(cells)}
}

// combinedSums merges sums that share no cell but whose cells see each
// other (at least six of the smaller one see one of the other; for two
// little killers, diagonalRelated), when the merged sum is tighter than
// each: two parallel little killers, two cages side by side. The merged
// sums are added; greedy, best merge first, so that it stays small.
func (b *Builder) combinedSums(pieces []*piece, add func(plus, minus []int32, sum int)) {
	active := map[string]*sumRecord{}
	for _, p := range pieces {
		if r := b.record(p.cells, p.sum, true); r != nil {
			r.diagonal = p.diagonal != nil
			if _, dup := active[r.key]; !dup {
				active[r.key] = r
			}
		}
	}
	type cand struct{ a, c, merged *sumRecord }
	var cands []cand
	related := func(a, c *sumRecord) bool {
		if intersects(a.set, c.set) {
			return false
		}
		small, big := a, c
		if len(big.cells) < len(small.cells) {
			small, big = big, small
		}
		need := 6
		if a.diagonal && c.diagonal {
			need = diagonalRelated
		}
		if len(small.cells) < need {
			return false
		}
		k := 0
		for _, x := range small.cells {
			if intersects(b.peers[x], big.set) {
				if k++; k >= need {
					return true
				}
			}
		}
		return false
	}
	push := func(a, c *sumRecord) {
		if !related(a, c) {
			return
		}
		cells := append(slices.Clone(a.cells), c.cells...)
		slices.Sort(cells)
		m := b.record(cells, a.sum+c.sum, false)
		if m == nil || active[m.key] != nil {
			return
		}
		m.diagonal = a.diagonal && c.diagonal
		if (m.score <= a.score || m.score <= c.score) && m.score <= a.score+c.score {
			return
		}
		cands = append(cands, cand{a, c, m})
	}
	keys := make([]string, 0, len(active))
	for k := range active {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, ki := range keys {
		for _, kj := range keys[i+1:] {
			push(active[ki], active[kj])
		}
	}
	for len(active) > 0 {
		best := -1
		for i := 0; i < len(cands); i++ {
			cd := cands[i]
			if active[cd.a.key] != cd.a || active[cd.c.key] != cd.c || active[cd.merged.key] != nil {
				cands[i] = cands[len(cands)-1]
				cands = cands[:len(cands)-1]
				i--
				continue
			}
			if best < 0 || cd.merged.score > cands[best].merged.score ||
				(cd.merged.score == cands[best].merged.score && cd.merged.key > cands[best].merged.key) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		cd := cands[best]
		delete(active, cd.a.key)
		delete(active, cd.c.key)
		active[cd.merged.key] = cd.merged
		keys = keys[:0]
		for k := range active {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if o := active[k]; o != cd.merged {
				push(cd.merged, o)
			}
		}
	}
	keys = keys[:0]
	for k := range active {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if r := active[k]; !r.original && r.score > 0 {
			add(r.cells, nil, r.sum)
		}
	}
	b.sideBySide(pieces, add)
}

// sideBySide adds, for every two little killers on lines side by side,
// their merged sum, whether or not combinedSums merged them: they share
// boxes all along, where their values differ, and the greedy merge takes
// each sum into one merged sum at most. LITTLE_KILLER_SNIPES' twelve
// puzzles that finish counting to two: 125,468 to 97,169 guesses (the
// 11th 103,245 to 83,088, 0.96 to 0.92 s of CPU at one load; the 13th
// 12,390 to 4,066); EXAMPLES' nine little-killer puzzles that finish
// 66,082 to 60,182. The merged sum of every two little killers whose cells
// see each other did as well on guesses but cost twice the CPU a guess.
func (b *Builder) sideBySide(pieces []*piece, add func(plus, minus []int32, sum int)) {
	for i, p := range pieces {
		for _, q := range pieces[i+1:] {
			if !p.diagonal.beside(q.diagonal) || intersects(p.set, q.set) {
				continue
			}
			cells := append(slices.Clone(p.cells), q.cells...)
			slices.Sort(cells)
			if m := b.record(cells, p.sum+q.sum, false); m != nil {
				add(m.cells, nil, m.sum)
			}
		}
	}
}
