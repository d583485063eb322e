package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Fish, in the terms of the Ultimate Fish Guide that HoDoKu follows: for
// one digit, a base set of n units whose candidates do not overlap (or
// overlap in at most two "endo fin" cells) and a cover set of n other units
// that hold every base candidate but the fins. Each base unit must hold the
// digit once, so the n digits lie in the cover units, one per cover unit:
// the cover units lose the digit outside the base (and base candidates in
// two cover units go too, "cannibalism"). With fins, either the fish holds
// or a fin is the digit, so only cells that also see every fin lose it.
//
// Basic fish take rows as base and columns as cover or the other way round;
// Franken fish add boxes to either side. (Mutant fish, any other mix, are
// not in HoDoKu's default configuration and not searched.)
// A basic finned fish is Sashimi when some base unit keeps at most one
// candidate once the fins are gone.
//
// The search is HoDoKu's, so that the same fish is found first: digits 1
// to 9, rows as base before columns, base sets and then cover sets tried
// in increasing order of their units (rows, then columns, then boxes), and
// the first fish that removes something is taken.

// Speed. On a hard path the finned and Franken searches look at
// hundreds of thousands of base sets, and almost none of them gives a fish
// that removes something, so the search is built to reject cheaply:
//   - d's candidates by unit are cellSets (two words), built once per digit;
//   - once a base set is chosen its cells (at most 36) are numbered, and
//     every cover unit becomes a 64-bit mask of the base cells it holds,
//     built in one pass over the base cells, so that covering, fins and
//     counts are single-word operations;
//   - before any cover set is tried, a finned search works out which
//     candidates a fish on this base set could remove at all (mayRemove:
//     each needs the base cells it does not see to fit in the other cover
//     units) and drops the base set when there is none;
//   - the candidates the chosen cover units hold outside the base are
//     carried down the search, so that a full cover set is rejected with a
//     few word operations (fin count, then the possible eliminations that
//     see every fin) before anything is built.
// None of this changes which fish is found first: fishref_test.go keeps
// the plain search and checks that both find the same steps.

// fishKind says which units a fish search may use.
type fishKind uint8

const (
	basicFish fishKind = iota
	frankenFish
	mutantFish // not searched: HoDoKu's default configuration leaves them out
)

const (
	maxFins     = 5 // HoDoKu's default limit of fins, endo fins included
	maxEndoFins = 2 // and of endo fins
)

// fishSpec is one of HoDoKu's fish configurations.
type fishSpec struct {
	size    int
	kind    fishKind
	finned  bool // find fish with fins only; without it, finless only
	sashimi bool // basic finned fish: Sashimi ones only, else none of them
}

// fishNames gives the technique of a fish by kind, size and fins (an
// array rather than a map, which the program would build at start-up;
// fishName looks a fish up).
var fishNames = [...]struct {
	spec fishSpec
	t    Technique
}{
	{fishSpec{2, basicFish, false, false}, XWing},
	{fishSpec{3, basicFish, false, false}, Swordfish},
	{fishSpec{4, basicFish, false, false}, Jellyfish},
	{fishSpec{2, basicFish, true, false}, FinnedXWing},
	{fishSpec{3, basicFish, true, false}, FinnedSwordfish},
	{fishSpec{4, basicFish, true, false}, FinnedJellyfish},
	{fishSpec{2, basicFish, true, true}, SashimiXWing},
	{fishSpec{3, basicFish, true, true}, SashimiSwordfish},
	{fishSpec{4, basicFish, true, true}, SashimiJellyfish},
	{fishSpec{2, frankenFish, false, false}, FrankenXWing},
	{fishSpec{3, frankenFish, false, false}, FrankenSwordfish},
	{fishSpec{2, frankenFish, true, false}, FinnedFrankenXWing},
	{fishSpec{3, frankenFish, true, false}, FinnedFrankenSwordfish},
}

// fishName returns the technique of a fish, 0 for none.
func fishName(spec fishSpec) Technique {
	for _, f := range &fishNames {
		if f.spec == spec {
			return f.t
		}
	}
	return 0
}

// findFish returns the finder of one fish configuration.
func findFish(spec fishSpec) func(*Candidates, *memo) (Step, bool) {
	key := 40 + spec.size*8 + int(spec.kind)*2
	if spec.finned {
		key++
	}
	if spec.sashimi {
		key += 100
	}
	// The finned and the Sashimi search of a basic fish size go through
	// the same base and cover sets and keep different fish: each notes
	// the first fish the other would keep, for the other to take (it runs
	// right after it on the same grid, HoDoKu's order being Finned then
	// Sashimi at each size).
	split := spec.kind == basicFish && spec.finned
	otherKey := key + 100
	if spec.sashimi {
		otherKey = key - 100
	}
	return func(c *Candidates, m *memo) (Step, bool) {
		var fs fishSearch
		for d := 1; d <= 9; d++ {
			// A fish of d depends on d's candidates alone.
			all := m.digitSet(c, d)
			if split && m != nil {
				if s, ok := m.fish[memoKey{uint8(key), uint8(d), all}]; ok {
					return s, true
				}
			}
			k, known := m.knownSet(key, d, all)
			if known {
				continue
			}
			fs.init(c, d, spec, all)
			fs.collect, fs.other = split && m != nil, nil
			for _, lines := range [2]bool{true, false} {
				if s, ok := fs.run(lines); ok {
					return s, true
				}
			}
			m.fail(k)
			if fs.collect {
				// The whole search ran: fs.other is the first fish the
				// other search finds, if any.
				ok := memoKey{uint8(otherKey), uint8(d), all}
				if fs.other != nil {
					m.fish[ok] = *fs.other
				} else {
					m.fail(ok)
				}
			}
		}
		return Step{}, false
	}
}

// fishSearch is the state of the search for one digit.
type fishSearch struct {
	c    *Candidates
	d    int
	spec fishSpec
	all  cellSet                  // every candidate of d
	pos  [sudoku.NumUnits]cellSet // d's candidates by unit

	base, cover  [sudoku.NumUnits]int // the units that may be base or cover units
	nBase, nCov  int
	baseSet      [5]cellSet
	endo         [5]cellSet
	usedBase     [5]int
	usedCover    [5]int
	isBase       [sudoku.NumUnits]bool
	coverChoices [sudoku.NumUnits]int
	coverMasks   [sudoku.NumUnits]uint64  // the base cells each choice covers
	coverOut     [sudoku.NumUnits]cellSet // its candidates outside the base
	nChoices     int
	suffix       [sudoku.NumUnits + 1]uint64 // unions of coverMasks[i:]
	baseCells    [4 * 9]uint8                // the base cells, numbered
	allBase      uint64
	endoMask     uint64
	// cross[u] holds, for a row or column u, the crossing lines (columns
	// or rows, as bits 0-8) where it has candidates; crossSet[k] their
	// union over the first k+1 base lines (basic fish only).
	cross    [18]uint16
	crossSet [5]uint16
	// collect asks a basic finned search to keep in other the first fish
	// it meets of the other kind (Sashimi or not).
	collect bool
	other   *Step
	// elim holds the candidates that some fish on this base set could
	// still remove (see mayRemove); the whole grid's candidates for the
	// finless searches.
	elim cellSet
	// passLeft and passCell are mayRemove's candidates kept for the
	// cover test and the base cells each does not see (fields, so that
	// they are not cleared at each call).
	passLeft [81]uint64
	passCell [81]uint8
}

func (fs *fishSearch) init(c *Candidates, d int, spec fishSpec, all cellSet) {
	fs.c, fs.d, fs.spec, fs.all = c, d, spec, all
	for u := range sudoku.NumUnits {
		fs.pos[u] = all.And(board.Units[u])
	}
	if spec.kind == basicFish {
		for u := range 18 {
			fs.cross[u] = 0
			for i := range fs.pos[u].All {
				if u < 9 {
					fs.cross[u] |= 1 << sudoku.Col(i)
				} else {
					fs.cross[u] |= 1 << sudoku.Row(i)
				}
			}
		}
	}
}

// crossMayCover reports whether a basic fish on base lines whose
// candidates lie on the crossing lines m may still be found: its n cover
// lines hold every base candidate but the fins, and the fins of a finned
// fish that removes something lie in one box, so all the crossing lines
// but those of one band of three number at most n.
func (fs *fishSearch) crossMayCover(m uint16) bool {
	n := fs.spec.size
	if !fs.spec.finned {
		return bits.OnesCount16(m) <= n
	}
	for band := uint16(7); band < 1<<9; band <<= 3 {
		if bits.OnesCount16(m&^band) <= n {
			return true
		}
	}
	return false
}

// unitKind is 0 for rows, 1 for columns and 2 for boxes.
func unitKind(u int) int { return u / 9 }

// run searches base sets of rows (lines) or columns, with boxes for Franken
// fish, and any units for Mutant fish.
func (fs *fishSearch) run(lines bool) (Step, bool) {
	fs.nBase, fs.nCov = 0, 0
	n := fs.spec.size
	for u := range sudoku.NumUnits {
		if fs.pos[u].Empty() {
			continue
		}
		k := unitKind(u)
		isBase, isCover := false, false
		switch {
		case k == 2:
			isBase, isCover = fs.spec.kind == frankenFish, fs.spec.kind == frankenFish
		case (k == 0) == lines:
			isBase = true
		default:
			isCover = true
		}
		// Without fins a base unit cannot hold more candidates than
		// there are cover units.
		if isBase && (fs.spec.finned || fs.pos[u].Count() <= n) {
			fs.base[fs.nBase] = u
			fs.nBase++
		}
		if isCover {
			fs.cover[fs.nCov] = u
			fs.nCov++
		}
	}
	return fs.pickBase(0, 0)
}

// pickBase chooses base unit number level among fs.base[from:].
func (fs *fishSearch) pickBase(level, from int) (Step, bool) {
	n := fs.spec.size
	for i := from; i <= fs.nBase-(n-level); i++ {
		u := fs.base[i]
		var set, endo cellSet
		if level > 0 {
			set, endo = fs.baseSet[level-1], fs.endo[level-1]
		}
		overlap := set.And(fs.pos[u])
		if !overlap.Empty() && (!fs.spec.finned || endo.Count()+overlap.Count() > maxEndoFins) {
			continue
		}
		if fs.spec.kind == basicFish {
			// The crossing lines only grow with more base lines.
			var m uint16
			if level > 0 {
				m = fs.crossSet[level-1]
			}
			m |= fs.cross[u]
			if !fs.crossMayCover(m) {
				continue
			}
			fs.crossSet[level] = m
		}
		fs.baseSet[level] = set.Or(fs.pos[u])
		fs.endo[level] = endo.Or(overlap)
		fs.usedBase[level] = u
		fs.isBase[u] = true
		var s Step
		ok := false
		if level+1 == n {
			s, ok = fs.tryCovers()
		} else {
			s, ok = fs.pickBase(level+1, i+1)
		}
		fs.isBase[u] = false
		if ok {
			return s, true
		}
	}
	return Step{}, false
}

// tryCovers tries every cover set for the chosen base set.
func (fs *fishSearch) tryCovers() (Step, bool) {
	n := fs.spec.size
	base, endo := fs.baseSet[n-1], fs.endo[n-1]
	var unitMask unitMasks
	nb := 0
	fs.elim = fs.all
	fs.endoMask = 0
	for w := range 2 {
		for x := base[w]; x != 0; x &= x - 1 {
			i := w*64 + bits.TrailingZeros64(x)
			bit := uint64(1) << nb
			fs.baseCells[nb] = uint8(i)
			nb++
			u := &cellUnits[i]
			unitMask[u[0]&31] |= bit
			unitMask[u[1]&31] |= bit
			unitMask[u[2]&31] |= bit
			if endo.Has(i) {
				fs.endoMask |= bit
			}
		}
	}
	fs.allBase = uint64(1)<<nb - 1
	k := 0
	// The choices' candidates outside the base (coverOut) are written
	// only for the few base sets that reach the cover search; until then
	// their union is enough. The counts of base cells the choices hold (at
	// most 9 each), by count, give coverable's test of the whole base (do
	// the n largest cover enough?) and mayRemove's bound (the largest).
	var inCover cellSet
	var byCount [16]uint8
	var counts uint16 // the counts some choice has, a bit each
	for _, u := range fs.cover[:fs.nCov] {
		if m := unitMask[u&31]; !fs.isBase[u] && m != 0 {
			fs.coverChoices[k] = u
			fs.coverMasks[k] = m
			inCover = inCover.Or(fs.pos[u])
			cnt := bits.OnesCount64(m) & 15
			byCount[cnt]++
			counts |= 1 << cnt
			k++
		}
	}
	// The counts present, largest first (a choice holds at least one
	// base cell): the first is the largest, 0 without a choice.
	maxCover, topSum := max(bits.Len16(counts)-1, 0), 0
	for left := n; counts != 0 && left > 0; {
		c := bits.Len16(counts) - 1
		counts &^= 1 << c
		t := min(int(byCount[c]), left)
		topSum += t * c
		left -= t
	}
	fs.nChoices = k
	fs.suffix[k] = 0
	for i := k - 1; i >= 0; i-- {
		fs.suffix[i] = fs.suffix[i+1] | fs.coverMasks[i]
	}
	allow := 0
	if fs.spec.finned {
		allow = maxFins
	}
	if topSum < nb-allow { // coverable(fs.allBase, 0, n)
		return Step{}, false
	}
	fins := fs.allBase&^fs.suffix[0] | fs.endoMask
	if fins != 0 && !fs.finsMayRemove(fins) {
		return Step{}, false
	}
	if fs.spec.finned && !fs.mayRemove(&unitMask, base, inCover.AndNot(base), maxCover, fins) {
		return Step{}, false
	}
	for i, u := range fs.coverChoices[:k] {
		fs.coverOut[i] = fs.pos[u].AndNot(base)
	}
	return fs.pickCover(0, 0, 0, 0, cellSet{})
}

// mayRemove finds, for a finned search, the candidates that a fish on
// the chosen base set could remove, into fs.elim, and reports whether
// there are any. A candidate e that a fish removes sees every fin, so the
// base cells e does not see (M) are no fins: the cover units hold them.
// The units that hold e, one for e outside the base and two for e in it
// (cannibalism), hold none of M (e sees their cells), so the other n-1
// or n-2 cover units hold all of M. Only candidates that also see the
// fins known already (endo fins, and base cells no cover choice holds)
// and that some cover unit holds are looked at.
// This is a necessary condition, so the fish found first is unchanged;
// most base sets have no such candidate and are dropped here, and on the
// others the cover search prunes on fs.elim instead of every candidate.
//
// outAll holds the cover choices' candidates outside the base, maxCover
// the most base cells one choice holds.
func (fs *fishSearch) mayRemove(unitMask *unitMasks, base, outAll cellSet, maxCover int, fins uint64) bool {
	n := fs.spec.size
	cand := seenByAllOf(outAll.Or(base), fs.cellsOf(fins))
	fs.elim = cellSet{}
	all := fs.allBase
	// Candidates outside the base and in it apart, each with its own
	// number of cover units for the cells it does not see. A first pass
	// with no call in it (so nothing spilled) keeps the few whose unseen
	// cells are not too many for those units; the second tries them.
	for _, part := range [2]struct {
		set cellSet
		k   int
	}{{cand.AndNot(base), n - 1}, {cand.And(base), n - 2}} {
		limit := part.k * maxCover
		left, cells := &fs.passLeft, &fs.passCell
		np := 0
		for w := range 2 {
			for x := part.set[w]; x != 0; x &= x - 1 {
				e := w*64 + bits.TrailingZeros64(x)
				u := &cellUnits[e]
				l := all &^ (unitMask[u[0]&31] | unitMask[u[1]&31] | unitMask[u[2]&31])
				if bits.OnesCount64(l) <= limit && np < len(cells) {
					left[np], cells[np] = l, uint8(e)
					np++
				}
			}
		}
		for j := range np {
			if fs.coverIn(left[j], part.k) {
				fs.elim.Add(int(cells[j]))
			}
		}
	}
	return !fs.elim.Empty()
}

// unitMasks holds, for each unit (index below 32, so that no index needs
// a bounds check), the base cells it holds as numbered bits.
type unitMasks [32]uint64

// coverIn reports whether k cover choices can hold all the base cells in
// m: the lowest one must be in one of its choices. (Listing the choices
// of each base cell beforehand cost more than it saved: almost every base
// set is dropped after a call or two.)
func (fs *fishSearch) coverIn(m uint64, k int) bool {
	if m == 0 {
		return true
	}
	if k <= 0 {
		return false
	}
	low := m & -m
	for _, c := range fs.coverMasks[:fs.nChoices] {
		if c&low != 0 {
			if r := m &^ c; r == 0 || k > 1 && fs.coverIn(r, k-1) {
				return true
			}
		}
	}
	return false
}

// pickCover chooses cover unit number level among coverChoices[from:];
// covered holds the base cells the units chosen so far cover, can those
// they cover twice, and out their candidates outside the base.
func (fs *fishSearch) pickCover(level, from int, covered, can uint64, out cellSet) (Step, bool) {
	n := fs.spec.size
	for i := from; i <= fs.nChoices-(n-level); i++ {
		m := fs.coverMasks[i]
		cov := covered | m
		fs.usedCover[level] = fs.coverChoices[i]
		if level+1 == n {
			if s, ok := fs.check(cov, can|covered&m, out.Or(fs.coverOut[i])); ok {
				return s, true
			}
			continue
		}
		// Base cells that no cover unit left to choose holds end as fins:
		// give up on this choice when they are too many or no candidate
		// sees them all. This never drops a fish that removes something,
		// so the first one found stays HoDoKu's.
		if fins := fs.allBase&^cov&^fs.suffix[i+1] | fs.endoMask; fins != 0 && !fs.finsMayRemove(fins) {
			continue
		}
		if !fs.coverable(fs.allBase&^cov, i+1, n-level-1) {
			continue
		}
		if s, ok := fs.pickCover(level+1, i+1, cov, can|covered&m, out.Or(fs.coverOut[i])); ok {
			return s, true
		}
	}
	return Step{}, false
}

// cellsOf returns the base cells numbered in m.
func (fs *fishSearch) cellsOf(m uint64) cellSet {
	var s cellSet
	for ; m != 0; m &= m - 1 {
		s.Add(int(fs.baseCells[bits.TrailingZeros64(m)]))
	}
	return s
}

// finsMayRemove reports whether a fish with (at least) the fins numbered
// in fins may still remove something: the search wants fins, not too
// many, and some candidate sees them all; for a basic fish, which cannot
// remove anything in its base lines, they must lie in one box.
func (fs *fishSearch) finsMayRemove(fins uint64) bool {
	if !fs.spec.finned || bits.OnesCount64(fins) > maxFins {
		return false
	}
	r := fs.elim
	box := -1
	for m := fins; m != 0; m &= m - 1 {
		i := int(fs.baseCells[bits.TrailingZeros64(m)])
		if fs.spec.kind == basicFish {
			if b := int(cellUnits[i][2]); box < 0 {
				box = b
			} else if b != box {
				return false
			}
		}
		r = r.And(board.Peers[i])
	}
	return !r.Empty()
}

// coverable reports whether k more cover units from coverChoices[from:]
// can leave at most maxFins of the base cells u uncovered (none without
// fins): the k units that cover most of u, counted apart, must cover
// enough.
func (fs *fishSearch) coverable(u uint64, from, k int) bool {
	allow := 0
	if fs.spec.finned {
		allow = maxFins
	}
	need := bits.OnesCount64(u) - allow
	if need <= 0 {
		return true
	}
	var top [4]int // the k largest counts, largest first (k < 4)
	for _, m := range fs.coverMasks[from:fs.nChoices] {
		c := bits.OnesCount64(u & m)
		for j := 0; j < k; j++ {
			if c > top[j] {
				top[j], c = c, top[j]
			}
		}
	}
	return top[0]+top[1]+top[2]+top[3] >= need
}

// check looks at the full base set and the cover set chosen, which
// covers the base cells numbered in covered (those in can twice) and
// holds the candidates out outside the base. It first rejects, with word
// operations alone, a fish with the wrong fins or one that removes
// nothing: the cells it would clear that see every fin.
func (fs *fishSearch) check(covered, can uint64, out cellSet) (Step, bool) {
	n := fs.spec.size
	finMask := fs.allBase&^covered | fs.endoMask
	if finMask != 0 && (!fs.spec.finned || bits.OnesCount64(finMask) > maxFins) || finMask == 0 && fs.spec.finned {
		return Step{}, false
	}
	el := out
	if can != 0 {
		el = el.Or(fs.cellsOf(can))
	}
	el = el.And(fs.elim)
	for m := finMask; m != 0 && !el.Empty(); m &= m - 1 {
		el = el.And(board.Peers[fs.baseCells[bits.TrailingZeros64(m)]])
	}
	if el.Empty() {
		return Step{}, false
	}
	fins, endo := fs.cellsOf(finMask), fs.endo[n-1]
	var baseMask, coverMask int
	for k := range n {
		baseMask |= 1 << unitKind(fs.usedBase[k])
		coverMask |= 1 << unitKind(fs.usedCover[k])
	}
	kind := mutantFish
	const rows, cols, boxes = 1, 2, 4
	switch {
	case baseMask == rows && coverMask == cols, baseMask == cols && coverMask == rows:
		kind = basicFish
	case baseMask&^boxes == rows && coverMask&^boxes == cols, baseMask&^boxes == cols && coverMask&^boxes == rows:
		kind = frankenFish
	}
	if kind == mutantFish {
		// HoDoKu's Franken search also finds a few fish it then calls
		// Mutant (a base of boxes alone, say) and scores as Franken;
		// they keep the Franken name here.
		kind = frankenFish
	}
	sashimi := false
	if kind == basicFish && !fins.Empty() {
		for k := range n {
			if fs.pos[fs.usedBase[k]].AndNot(fins).Count() <= 1 {
				sashimi = true
			}
		}
	}
	t := fishName(fishSpec{n, kind, !fins.Empty(), sashimi})
	if fs.spec.kind == basicFish && fs.spec.finned && sashimi != fs.spec.sashimi {
		// HoDoKu keeps it for the other search.
		if fs.collect && fs.other == nil {
			s := fs.step(t, fins, endo, el)
			fs.other = &s
		}
		return Step{}, false
	}
	return fs.step(t, fins, endo, el), true
}

func (fs *fishSearch) step(t Technique, fins, endo, el cellSet) Step {
	n, d := fs.spec.size, fs.d
	base := fs.baseSet[n-1]
	var pat, elims []sudoku.Candidate
	for i := range base.All {
		pat = append(pat, cand(i, d))
	}
	for i := range el.All {
		elims = append(elims, cand(i, d))
	}
	bu, cu := fs.usedBase[:n], fs.usedCover[:n]
	note := fmt.Sprintf("%d in %s on %s", d, unitList(bu), unitList(cu))
	why, args := "fish", []Arg{unitsArg(bu), digitArg(d), unitsArg(cu), countArg(n)}
	if !fins.Empty() {
		var fl []string
		for i := range fins.All {
			fl = append(fl, sudoku.CellName(i))
		}
		note += " fin " + strings.Join(fl, ",")
		if !endo.Empty() {
			note += " endo " + cellNames(endo.List())
		}
		why, args = "finnedFish", []Arg{cellsArg(fins.List()), digitArg(d), unitsArg(bu), unitsArg(cu)}
	}
	return Step{Technique: t, Pattern: pat, Eliminations: elims, Notation: note}.because(why, args...)
}
