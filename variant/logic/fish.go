package logic

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Fish over any houses, in the terms of the Ultimate Fish Guide that
// HoDoKu follows: for one value v, a base of k full houses whose cells
// that can hold v do not overlap, and a cover of k other houses that hold
// every such cell but the fins. Each base house holds v once, so the base
// holds k v's in k different cells; each cover house, full or not (a
// cage, a renban line), holds v at most once. Without fins the k v's lie
// in the cover, so each cover house holds exactly one of them: its other
// cells cannot be v. With fins, either a fin is v or the fish holds, so
// only cells that also see every fin lose v.
//
// Houses are every row, column and region and the all-different groups of
// the constraints: extra regions, diagonals and disjoint groups as bases
// or covers, cages and renban lines (not full) as covers. One search finds
// the basic fish of rows and columns with fins (Finned and Sashimi
// X-Wings and Swordfish) and the Jellyfish, Franken fish (no column in
// the base and no row in the cover, or the other way round) and mutant
// fish (any other mix). The names and scores are HoDoKu's, but a mutant
// fish is Unfair, not Extreme: the variant rating keeps Extreme for paths
// that need guessing and puts forcing chains, HoDoKu's Extreme, at Unfair
// too.
//
// Limits, which make the search weaker, never wrong: fins share a house
// other than the bases (so that one cell can see them all; nearly every
// useful fin does), at most three of them, and fish of four houses have
// none; base cells in two cover houses, which cannot be v either (a v
// there would fill two of them), are left to other steps; a value
// with more than 128 candidate cells (a large grid's start) is skipped.
//
// Speed: the step runs only where every simpler step has failed, and a
// value whose candidate cells are those of the last search that found
// nothing is not searched again (most steps of a path change a few
// values). A value's candidate cells are numbered, so that houses, fins
// and what they see are two-word bit sets. Most base sets are dropped
// before any cover is tried: cells no two of which share a house other
// than the bases each need a cover house or are fins (apart), and a cell
// outside the base can lose v only if the base cells it does not see fit
// in k-1 cover houses (tryBase). On the corpus these cut the cover
// search from 101 million steps (without fins) to 0.7 million (with).

// fishMaxSize and fishMaxFins bound the search: Jellyfish, and few
// enough fins that a person can follow them.
const (
	fishMaxSize = 4
	fishMaxFins = 3
	// fishFinnedSize is the largest fish searched with fins.
	fishFinnedSize = 3
)

// set128 is a set of up to 128 numbered cells.
type set128 [2]uint64

func (a set128) or(b set128) set128     { return set128{a[0] | b[0], a[1] | b[1]} }
func (a set128) and(b set128) set128    { return set128{a[0] & b[0], a[1] & b[1]} }
func (a set128) andNot(b set128) set128 { return set128{a[0] &^ b[0], a[1] &^ b[1]} }
func (a set128) empty() bool            { return a[0]|a[1] == 0 }
func (a set128) count() int             { return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) }
func (a *set128) add(i int)             { a[i>>6] |= 1 << (i & 63) }

// lowest returns the smallest member of a non-empty set.
func (a set128) lowest() int {
	if a[0] != 0 {
		return bits.TrailingZeros64(a[0])
	}
	return 64 + bits.TrailingZeros64(a[1])
}

// members yields the members of a, smallest first.
func (a set128) members() func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for w := range 2 {
			for m := a[w]; m != 0; m &= m - 1 {
				if !yield(w*64 + bits.TrailingZeros64(m)) {
					return
				}
			}
		}
	}
}

// fishSearch is the search for one value's fish.
type fishSearch struct {
	s     *Solver
	v     int
	cells []variant.Cell // the value's candidate cells, numbered
	// The houses that can hold v and do not yet: their index in s.houses,
	// their cells as numbers, and whether they are full (base houses).
	house []int
	mask  []set128
	full  []bool
	// byCell lists, for each numbered cell, the houses (positions in
	// house) that hold it.
	byCell [][]int
	peers  []set128 // the numbered cells each numbered cell sees

	size    int
	maxFins int
	bases   []int
	base    set128
	cover   []int
	// mates holds, for each base cell, the cells that share a house
	// with it other than the bases (none for other cells).
	mates  []set128
	isBase []bool // by house position
	may    set128 // the cells a fish on the base could remove
	best   *fishFound
}

// fishFound is a fish that removes something.
type fishFound struct {
	tech       string
	cost       int
	v          int
	cells      []variant.Cell
	bases      []int // indices in s.houses
	covers     []int
	base, fins set128
	out        set128 // the cells removed
}

// anyFish finds the fish of sizes 2 to 4 over any houses (see above)
// and takes the one HoDoKu scores lowest, the smaller and lower value
// first among equals.
func (s *Solver) anyFish() (Step, bool) {
	if s.fishKey == nil {
		s.fishKey = make([][]variant.Cell, s.n+1)
	}
	var searches []*fishSearch
	for v := 1; v <= s.n; v++ {
		var cells []variant.Cell
		for c, m := range s.cand {
			if s.value[c] == 0 && m&(1<<v) != 0 {
				cells = append(cells, variant.Cell(c))
			}
		}
		if len(cells) < 4 || len(cells) > 128 || slices.Equal(cells, s.fishKey[v]) {
			continue
		}
		searches = append(searches, s.newFishSearch(v, cells))
	}
	var best *fishFound
	for _, fs := range searches {
		fs.best = best
		fs.pickBase(0, set128{})
		best = fs.best
	}
	if best == nil {
		for _, fs := range searches {
			s.fishKey[fs.v] = fs.cells
		}
		return Step{}, false
	}
	return s.fishStep(best), true
}

func (s *Solver) newFishSearch(v int, cells []variant.Cell) *fishSearch {
	fs := &fishSearch{s: s, v: v, cells: cells, byCell: make([][]int, len(cells)), peers: make([]set128, len(cells))}
	num := make(map[variant.Cell]int, len(cells))
	for i, c := range cells {
		num[c] = i
	}
	seen := map[set128]int{} // a mask's index in fs.house
	for hi, h := range s.houses {
		var m set128
		placed := false
		for _, c := range h.cells {
			if s.value[c] == v {
				placed = true
				break
			}
			if i, ok := num[c]; ok {
				m.add(i)
			}
		}
		if placed || m.empty() {
			continue
		}
		// A house that repeats another's cells adds nothing: the first
		// (rows, columns and regions come before the constraints') is
		// kept, unless only the later one is full, and so can be a base
		// (a full diagonal after a cage over the same candidates).
		if k, ok := seen[m]; ok {
			if h.full && !fs.full[k] {
				fs.house[k], fs.full[k] = hi, true
			}
			continue
		}
		seen[m] = len(fs.house)
		for i := range m.members() {
			fs.byCell[i] = append(fs.byCell[i], len(fs.house))
		}
		fs.house = append(fs.house, hi)
		fs.mask = append(fs.mask, m)
		fs.full = append(fs.full, h.full)
	}
	fs.mates = make([]set128, len(cells))
	fs.isBase = make([]bool, len(fs.house))
	for i, c := range cells {
		for _, d := range s.peers[c] {
			if j, ok := num[d]; ok {
				fs.peers[i].add(j)
			}
		}
	}
	return fs
}

// pickBase adds base houses after from to the base so far, and tries
// each base of 2 to 4 houses with tryBase, keeping in fs.best the
// cheapest fish found.
func (fs *fishSearch) pickBase(from int, base set128) {
	if k := len(fs.bases); k > 0 {
		// Cells no two of which share a house other than the bases
		// need a cover house each, or to be fins, which share a house
		// (so that one cell sees them all): no fish has more than 4
		// of them.
		a := fs.apart(base)
		if a > fishMaxSize {
			return
		}
		if k >= 2 {
			fs.size, fs.maxFins = k, 0
			if k <= fishFinnedSize {
				fs.maxFins = fishMaxFins
			}
			if a <= k+min(fs.maxFins, 1) {
				fs.tryBase(base)
			}
		}
		if k == fishMaxSize {
			return
		}
	}
	for h := from; h < len(fs.house); h++ {
		if !fs.full[h] || !fs.mask[h].and(base).empty() {
			continue
		}
		fs.bases = append(fs.bases, h)
		fs.isBase[h] = true
		fs.pickBase(h+1, base.or(fs.mask[h]))
		fs.isBase[h] = false
		fs.bases = fs.bases[:len(fs.bases)-1]
	}
}

// tryBase looks for the cover houses of a base of fs.size houses.
func (fs *fishSearch) tryBase(base set128) {
	fs.base = base
	for i := range base.members() {
		var m set128
		for _, h := range fs.byCell[i] {
			if !fs.isBase[h] {
				m = m.or(fs.mask[h])
			}
		}
		fs.mates[i] = m
	}
	// The cells a fish on this base could remove: outside it, in a house
	// that holds a base cell, and such that the base cells they do not
	// see fit in the other k-1 cover houses (the cover house that holds
	// such a cell holds only base cells it sees, and the fins it must
	// see too). The search drops most bases here.
	var can set128
	for i := range base.members() {
		can = can.or(fs.mates[i])
	}
	fs.may = set128{}
	for t := range can.andNot(base).members() {
		if rest := base.andNot(fs.peers[t]); rest.count() < fs.size || fs.apartCached(rest) < fs.size {
			fs.may.add(t)
			if fs.maxFins == 0 {
				break // without fins, one is enough to go on
			}
		}
	}
	if fs.may.empty() {
		return
	}
	fs.cover = fs.cover[:0]
	fs.pickCover(base, set128{}, set128{}, set128{^uint64(0), ^uint64(0)})
}

// pickCover covers the lowest base cell not yet covered with one of its
// houses, or makes it a fin. unc: base cells neither covered nor fins;
// covered: the cells of the cover houses so far;
// reach: the cells that see every fin.
func (fs *fishSearch) pickCover(unc, fins, covered, reach set128) {
	if len(fs.cover) == fs.size || unc.empty() {
		if len(fs.cover) < fs.size {
			// k base v's in fewer than k houses that hold one each: a
			// contradiction, which other steps report.
			return
		}
		fins = fins.or(unc)
		if fins.count() > fs.maxFins {
			return
		}
		for i := range unc.members() {
			var me set128
			me.add(i)
			if !fins.andNot(me).andNot(fs.mates[i]).empty() {
				return // fins that do not share a house
			}
		}
		for i := range unc.members() {
			reach = reach.and(fs.peers[i])
		}
		out := covered.andNot(fs.base).and(reach)
		if out.empty() {
			return
		}
		fs.record(fins, out)
		return
	}
	if fs.apartCached(unc) > fs.size-len(fs.cover)+min(fs.maxFins-fins.count(), 1) {
		return
	}
	if !fins.empty() {
		// What the fish could remove: cells of the cover so far or of
		// the houses that could still cover a base cell, outside the
		// base, that see every fin.
		can := covered
		for i := range unc.members() {
			can = can.or(fs.mates[i])
		}
		if can.and(fs.may).and(reach).empty() {
			return
		}
	}
	c := unc.lowest()
	for _, h := range fs.byCell[c] {
		if fs.isBase[h] || slices.Contains(fs.cover, h) || !fs.mask[h].and(fins).empty() {
			continue
		}
		m := fs.mask[h]
		fs.cover = append(fs.cover, h)
		fs.pickCover(unc.andNot(m), fins, covered.or(m), reach)
		fs.cover = fs.cover[:len(fs.cover)-1]
	}
	if fins.count() < fs.maxFins && fins.andNot(fs.mates[c]).empty() {
		var f set128
		f.add(c)
		r := reach.and(fs.peers[c])
		// The cells that could lose v must see every fin.
		if !r.empty() {
			fs.pickCover(unc.andNot(f), fins.or(f), covered, r)
		}
	}
}

// apart returns the size of a set of cells of set no two of which share
// a house other than the bases: each needs a cover house of its own or
// is a fin, so a fish on set needs at least as many covers and fins.
func (fs *fishSearch) apart(set set128) int {
	k := 0
	for !set.empty() {
		i := set.lowest()
		k++
		set[i>>6] &^= 1 << (i & 63)
		for _, h := range fs.byCell[i] {
			if !fs.isBase[h] {
				set = set.andNot(fs.mask[h])
			}
		}
	}
	return k
}

// apartCached is apart over base cells once the base is chosen, with
// each cell's cover mates worked out (fs.mates).
func (fs *fishSearch) apartCached(set set128) int {
	k := 0
	for !set.empty() {
		i := set.lowest()
		k++
		set = set.andNot(fs.mates[i])
	}
	return k
}

// record names the fish found and keeps it if it scores lower than the
// best so far.
func (fs *fishSearch) record(fins, out set128) {
	n := fs.s.n
	var baseKinds, coverKinds int // bit 0 rows, 1 columns, 2 other houses
	kindOf := func(h int) int {
		switch hi := fs.house[h]; {
		case hi < n:
			return 1
		case hi < 2*n:
			return 2
		}
		return 4
	}
	for _, h := range fs.bases {
		baseKinds |= kindOf(h)
	}
	for _, h := range fs.cover {
		coverKinds |= kindOf(h)
	}
	const rows, cols = 1, 2
	tech := fishSizeName[fs.size]
	switch {
	case baseKinds == rows && coverKinds == cols, baseKinds == cols && coverKinds == rows:
		if !fins.empty() {
			tech = "Finned " + tech
			for _, h := range fs.bases {
				if fs.mask[h].andNot(fins).count() <= 1 {
					tech = "Sashimi " + fishSizeName[fs.size]
				}
			}
		}
	case baseKinds&cols == 0 && coverKinds&rows == 0, baseKinds&rows == 0 && coverKinds&cols == 0:
		tech = "Franken " + tech
		if !fins.empty() {
			tech = "Finned " + tech
		}
	default:
		tech = "Mutant " + tech
		if !fins.empty() {
			tech = "Finned " + tech
		}
	}
	cost := stepCost[tech].score
	if b := fs.best; b != nil && (b.cost < cost || b.cost == cost && len(b.bases) <= fs.size) {
		return
	}
	f := &fishFound{tech: tech, cost: cost, v: fs.v, cells: fs.cells, base: fs.base, fins: fins, out: out}
	for _, h := range fs.bases {
		f.bases = append(f.bases, fs.house[h])
	}
	for _, h := range fs.cover {
		f.covers = append(f.covers, fs.house[h])
	}
	fs.best = f
}

var fishSizeName = [fishMaxSize + 1]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// fishStep applies f and says why it holds.
func (s *Solver) fishStep(f *fishFound) Step {
	v := f.v
	at := func(set set128) []variant.Cell {
		var cs []variant.Cell
		for i := range set.members() {
			cs = append(cs, f.cells[i])
		}
		return cs
	}
	el := s.eliminate(cands1(at(f.out), v))
	covers := slices.Sorted(slices.Values(f.covers))
	kind := ""
	for _, h := range append(slices.Clone(f.bases), covers...) {
		if kind == "" {
			kind = s.houses[h].kind
		}
	}
	fins := at(f.fins)
	for _, e := range el {
		for _, c := range fins {
			if w, ok := s.why[[2]variant.Cell{e.Cell, c}]; ok && kind == "" {
				kind = w // a fin seen through anti-knight, say
			}
		}
	}
	st := Step{Technique: f.tech, Pattern: at(f.base), Constraint: kind, Eliminations: el}
	bases, cover := s.houseList(f.bases), s.houseList(covers)
	switch len(fins) {
	case 0:
		return st.because("fish", bases, digitArg(v), cover, s.candCellsArg(el))
	case 1:
		return st.because("fishFin", bases, digitArg(v), s.cellArg(fins[0]), cover, s.candCellsArg(el))
	}
	return st.because("fishFins", bases, digitArg(v), s.cellsArg(fins), cover, s.candCellsArg(el))
}

func cands1(cs []variant.Cell, v int) []Candidate {
	el := make([]Candidate, len(cs))
	for i, c := range cs {
		el[i] = Candidate{c, v}
	}
	return el
}

// houseList names houses (indices in s.houses, in order) as a sentence
// lists them, rows, columns and regions by their numbers: "rows 1,3 and
// region 5 and the diagonal from r1c1".
func (s *Solver) houseList(hs []int) Arg {
	var names []Reason
	n := s.n
	regions := 2 * n
	for regions < len(s.houses) && s.houses[regions].name.ID == "region" {
		regions++
	}
	group := func(one, many string, lo, hi int) {
		var nums []string
		for _, h := range hs {
			if h >= lo && h < hi {
				nums = append(nums, strconv.Itoa(h-lo+1))
			}
		}
		switch len(nums) {
		case 0:
		case 1:
			k, _ := strconv.Atoi(nums[0])
			names = append(names, phrase(one, Arg{Count: k}))
		default:
			names = append(names, phrase(many, textArg(strings.Join(nums, ","))))
		}
	}
	group("row", "rowList", 0, n)
	group("column", "columnList", n, 2*n)
	group("region", "regionList", 2*n, regions)
	for _, h := range hs {
		if h >= regions {
			names = append(names, s.houses[h].name)
		}
	}
	return Arg{Phrases: names, Join: "and"}
}
