package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/godoku/sudoku"
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

// fishNames gives the technique of a fish by kind, size and fins.
var fishNames = map[fishSpec]Technique{
	{2, basicFish, false, false}:   XWing,
	{3, basicFish, false, false}:   Swordfish,
	{4, basicFish, false, false}:   Jellyfish,
	{2, basicFish, true, false}:    FinnedXWing,
	{3, basicFish, true, false}:    FinnedSwordfish,
	{4, basicFish, true, false}:    FinnedJellyfish,
	{2, basicFish, true, true}:     SashimiXWing,
	{3, basicFish, true, true}:     SashimiSwordfish,
	{4, basicFish, true, true}:     SashimiJellyfish,
	{2, frankenFish, false, false}: FrankenXWing,
	{3, frankenFish, false, false}: FrankenSwordfish,
	{2, frankenFish, true, false}:  FinnedFrankenXWing,
	{3, frankenFish, true, false}:  FinnedFrankenSwordfish,
}

// findFish returns the finder of one fish configuration.
func findFish(spec fishSpec) func(*Candidates) (Step, bool) {
	key := 40 + spec.size*8 + int(spec.kind)*2
	if spec.finned {
		key++
	}
	if spec.sashimi {
		key += 100
	}
	return func(c *Candidates) (Step, bool) {
		for d := 1; d <= 9; d++ {
			// A fish of d depends on d's candidates alone.
			k, known := c.known(key, d)
			if known {
				continue
			}
			var fs fishSearch
			fs.init(c, d, spec)
			for _, lines := range [2]bool{true, false} {
				if s, ok := fs.run(lines); ok {
					return s, true
				}
			}
			c.fail(k)
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

	base, cover  []int // the units that may be base or cover units
	baseSet      [5]cellSet
	endo         [5]cellSet
	usedBase     [5]int
	usedCover    [5]int
	isBase       [sudoku.NumUnits]bool
	coverChoices []int
	coverMasks   []uint32                    // the base cells each choice covers
	suffix       [sudoku.NumUnits + 1]uint32 // unions of coverMasks[i:]
	baseCells    []int                       // the base cells, numbered
	allBase      uint32
	endoMask     uint32
}

func (fs *fishSearch) init(c *Candidates, d int, spec fishSpec) {
	fs.c, fs.d, fs.spec = c, d, spec
	for u := range sudoku.NumUnits {
		for _, i := range sudoku.UnitCells(u) {
			if c.marks[i]&(1<<d) != 0 {
				fs.pos[u].add(i)
			}
		}
		fs.all = fs.all.or(fs.pos[u])
	}
}

// unitKind is 0 for rows, 1 for columns and 2 for boxes.
func unitKind(u int) int { return u / 9 }

// run searches base sets of rows (lines) or columns, with boxes for Franken
// fish, and any units for Mutant fish.
func (fs *fishSearch) run(lines bool) (Step, bool) {
	fs.base, fs.cover = fs.base[:0], fs.cover[:0]
	n := fs.spec.size
	for u := range sudoku.NumUnits {
		if fs.pos[u].empty() {
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
		if isBase && (fs.spec.finned || fs.pos[u].count() <= n) {
			fs.base = append(fs.base, u)
		}
		if isCover {
			fs.cover = append(fs.cover, u)
		}
	}
	return fs.pickBase(0, 0)
}

// pickBase chooses base unit number level among fs.base[from:].
func (fs *fishSearch) pickBase(level, from int) (Step, bool) {
	n := fs.spec.size
	for i := from; i <= len(fs.base)-(n-level); i++ {
		u := fs.base[i]
		var set, endo cellSet
		if level > 0 {
			set, endo = fs.baseSet[level-1], fs.endo[level-1]
		}
		overlap := set.and(fs.pos[u])
		if !overlap.empty() && (!fs.spec.finned || endo.count()+overlap.count() > maxEndoFins) {
			continue
		}
		fs.baseSet[level] = set.or(fs.pos[u])
		fs.endo[level] = endo.or(overlap)
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

// tryCovers tries every cover set for the chosen base set. The base
// cells (27 at most) are numbered, so that the search over cover sets
// works on 32-bit masks of them.
func (fs *fishSearch) tryCovers() (Step, bool) {
	n := fs.spec.size
	base := fs.baseSet[n-1]
	fs.baseCells = fs.baseCells[:0]
	for i := range base.all {
		fs.baseCells = append(fs.baseCells, i)
	}
	fs.allBase = uint32(1)<<len(fs.baseCells) - 1
	fs.endoMask = fs.maskOf(fs.endo[n-1])
	fs.coverChoices = fs.coverChoices[:0]
	fs.coverMasks = fs.coverMasks[:0]
	for _, u := range fs.cover {
		if m := fs.maskOf(fs.pos[u]); !fs.isBase[u] && m != 0 {
			fs.coverChoices = append(fs.coverChoices, u)
			fs.coverMasks = append(fs.coverMasks, m)
		}
	}
	k := len(fs.coverChoices)
	fs.suffix[k] = 0
	for i := k - 1; i >= 0; i-- {
		fs.suffix[i] = fs.suffix[i+1] | fs.coverMasks[i]
	}
	fins := fs.allBase&^fs.suffix[0] | fs.endoMask
	if fins != 0 && !fs.finsMayRemove(fins) || !fs.coverable(fs.allBase, 0, n) {
		return Step{}, false
	}
	return fs.pickCover(0, 0, 0, 0)
}

// maskOf numbers the cells of s among the base cells.
func (fs *fishSearch) maskOf(s cellSet) uint32 {
	var m uint32
	for k, i := range fs.baseCells {
		if s.has(i) {
			m |= 1 << k
		}
	}
	return m
}

// pickCover chooses cover unit number level among coverChoices[from:];
// covered holds the base cells the units chosen so far cover, and can
// those they cover twice.
func (fs *fishSearch) pickCover(level, from int, covered, can uint32) (Step, bool) {
	n := fs.spec.size
	for i := from; i <= len(fs.coverChoices)-(n-level); i++ {
		m := fs.coverMasks[i]
		cov := covered | m
		fs.usedCover[level] = fs.coverChoices[i]
		if level+1 == n {
			if s, ok := fs.check(cov, can|covered&m); ok {
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
		if s, ok := fs.pickCover(level+1, i+1, cov, can|covered&m); ok {
			return s, true
		}
	}
	return Step{}, false
}

// cellsOf returns the base cells numbered in m.
func (fs *fishSearch) cellsOf(m uint32) cellSet {
	var s cellSet
	for ; m != 0; m &= m - 1 {
		s.add(fs.baseCells[bits.TrailingZeros32(m)])
	}
	return s
}

// finsMayRemove reports whether a fish with (at least) the fins numbered
// in fins may still remove something: the search wants fins, not too
// many, and some candidate sees them all; for a basic fish, which cannot
// remove anything in its base lines, they must lie in one box.
func (fs *fishSearch) finsMayRemove(fins uint32) bool {
	if !fs.spec.finned || bits.OnesCount32(fins) > maxFins {
		return false
	}
	cells := fs.cellsOf(fins)
	if fs.spec.kind == basicFish {
		box := -1
		for i := range cells.all {
			if b := sudoku.Box(i); box < 0 {
				box = b
			} else if b != box {
				return false
			}
		}
	}
	return !seenByAllOf(fs.all, cells).empty()
}

// coverable reports whether k more cover units from coverChoices[from:]
// can leave at most maxFins of the base cells u uncovered (none without
// fins): the k units that cover most of u, counted apart, must cover
// enough.
func (fs *fishSearch) coverable(u uint32, from, k int) bool {
	allow := 0
	if fs.spec.finned {
		allow = maxFins
	}
	need := bits.OnesCount32(u) - allow
	if need <= 0 {
		return true
	}
	var top [4]int // the k largest counts, largest first (k < 4)
	for _, m := range fs.coverMasks[from:] {
		c := bits.OnesCount32(u & m)
		for j := 0; j < k; j++ {
			if c > top[j] {
				top[j], c = c, top[j]
			}
		}
	}
	return top[0]+top[1]+top[2]+top[3] >= need
}

// check looks at the full base set and the cover set chosen, which
// covers the base cells numbered in covered (those in can twice).
func (fs *fishSearch) check(covered, can uint32) (Step, bool) {
	n := fs.spec.size
	finMask := fs.allBase&^covered | fs.endoMask
	if finMask != 0 && (!fs.spec.finned || bits.OnesCount32(finMask) > maxFins) || finMask == 0 && fs.spec.finned {
		return Step{}, false
	}
	base, endo := fs.baseSet[n-1], fs.endo[n-1]
	var cover cellSet
	for _, u := range fs.usedCover[:n] {
		cover = cover.or(fs.pos[u])
	}
	fins := fs.cellsOf(finMask)
	el := cover.andNot(base).or(fs.cellsOf(can))
	if !fins.empty() {
		el = seenByAllOf(el, fins)
	}
	if el.empty() {
		return Step{}, false
	}
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
	if kind == basicFish && !fins.empty() {
		for k := range n {
			if fs.pos[fs.usedBase[k]].andNot(fins).count() <= 1 {
				sashimi = true
			}
		}
	}
	if fs.spec.kind == basicFish && fs.spec.finned && sashimi != fs.spec.sashimi {
		return Step{}, false // HoDoKu keeps it for the other search
	}
	t := fishNames[fishSpec{n, kind, !fins.empty(), sashimi}]
	return fs.step(t, fins, endo, el), true
}

func (fs *fishSearch) step(t Technique, fins, endo, el cellSet) Step {
	n, d := fs.spec.size, fs.d
	base := fs.baseSet[n-1]
	var pat, elims []sudoku.Candidate
	for i := range base.all {
		pat = append(pat, cand(i, d))
	}
	for i := range el.all {
		elims = append(elims, cand(i, d))
	}
	bu, cu := fs.usedBase[:n], fs.usedCover[:n]
	note := fmt.Sprintf("%d in %s on %s", d, unitList(bu), unitList(cu))
	why := fmt.Sprintf("In %s, %d lies only in %s; those %d units must hold %d once each, and each of %s holds it at most once, so %s cannot hold it elsewhere.",
		unitList(bu), d, unitList(cu), n, d, unitList(cu), unitList(cu))
	if !fins.empty() {
		var fl []string
		for i := range fins.all {
			fl = append(fl, sudoku.CellName(i))
		}
		note += " fin " + strings.Join(fl, ",")
		if !endo.empty() {
			note += " endo " + cellNames(endo.cells())
		}
		why = fmt.Sprintf("Without the fins %s, %d in %s lies only in %s. Either that fish holds or a fin is %d, so cells that the fish would clear and that see every fin lose %d.",
			strings.Join(fl, ","), d, unitList(bu), unitList(cu), d, d)
	}
	return Step{Technique: t, Pattern: pat, Eliminations: elims, Notation: note, Explanation: why}
}
