package logic

import (
	"context"
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// The fish search as it was before fish.go worked on cell bitmaps
// throughout (commit 45236d5), kept as the reference that the faster one
// must match step for step: same fish, same order, same eliminations.

// refFindFish returns the finder of one fish configuration.
func refFindFish(spec fishSpec) func(*Candidates, *memo) (Step, bool) {
	return func(c *Candidates, m *memo) (Step, bool) {
		for d := 1; d <= 9; d++ {
			// A fish of d depends on d's candidates alone.
			var fs refFishSearch
			fs.init(c, d, spec)
			for _, lines := range [2]bool{true, false} {
				if s, ok := fs.run(lines); ok {
					return s, true
				}
			}
		}
		return Step{}, false
	}
}

// refFishSearch is the state of the search for one digit.
type refFishSearch struct {
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

func (fs *refFishSearch) init(c *Candidates, d int, spec fishSpec) {
	fs.c, fs.d, fs.spec = c, d, spec
	for u := range sudoku.NumUnits {
		for _, i := range sudoku.UnitCells(u) {
			if c.marks[i]&(1<<d) != 0 {
				fs.pos[u].Add(i)
			}
		}
		fs.all = fs.all.Or(fs.pos[u])
	}
}

// run searches base sets of rows (lines) or columns, with boxes for Franken
// fish, and any units for Mutant fish.
func (fs *refFishSearch) run(lines bool) (Step, bool) {
	fs.base, fs.cover = fs.base[:0], fs.cover[:0]
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
			fs.base = append(fs.base, u)
		}
		if isCover {
			fs.cover = append(fs.cover, u)
		}
	}
	return fs.pickBase(0, 0)
}

// pickBase chooses base unit number level among fs.base[from:].
func (fs *refFishSearch) pickBase(level, from int) (Step, bool) {
	n := fs.spec.size
	for i := from; i <= len(fs.base)-(n-level); i++ {
		u := fs.base[i]
		var set, endo cellSet
		if level > 0 {
			set, endo = fs.baseSet[level-1], fs.endo[level-1]
		}
		overlap := set.And(fs.pos[u])
		if !overlap.Empty() && (!fs.spec.finned || endo.Count()+overlap.Count() > maxEndoFins) {
			continue
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

// tryCovers tries every cover set for the chosen base set. The base
// cells (27 at most) are numbered, so that the search over cover sets
// works on 32-bit masks of them.
func (fs *refFishSearch) tryCovers() (Step, bool) {
	n := fs.spec.size
	base := fs.baseSet[n-1]
	fs.baseCells = fs.baseCells[:0]
	for i := range base.All {
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
func (fs *refFishSearch) maskOf(s cellSet) uint32 {
	var m uint32
	for k, i := range fs.baseCells {
		if s.Has(i) {
			m |= 1 << k
		}
	}
	return m
}

// pickCover chooses cover unit number level among coverChoices[from:];
// covered holds the base cells the units chosen so far cover, and can
// those they cover twice.
func (fs *refFishSearch) pickCover(level, from int, covered, can uint32) (Step, bool) {
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
func (fs *refFishSearch) cellsOf(m uint32) cellSet {
	var s cellSet
	for ; m != 0; m &= m - 1 {
		s.Add(fs.baseCells[bits.TrailingZeros32(m)])
	}
	return s
}

// finsMayRemove reports whether a fish with (at least) the fins numbered
// in fins may still remove something: the search wants fins, not too
// many, and some candidate sees them all; for a basic fish, which cannot
// remove anything in its base lines, they must lie in one box.
func (fs *refFishSearch) finsMayRemove(fins uint32) bool {
	if !fs.spec.finned || bits.OnesCount32(fins) > maxFins {
		return false
	}
	cells := fs.cellsOf(fins)
	if fs.spec.kind == basicFish {
		box := -1
		for i := range cells.All {
			if b := sudoku.Box(i); box < 0 {
				box = b
			} else if b != box {
				return false
			}
		}
	}
	return !seenByAllOf(fs.all, cells).Empty()
}

// coverable reports whether k more cover units from coverChoices[from:]
// can leave at most maxFins of the base cells u uncovered (none without
// fins): the k units that cover most of u, counted apart, must cover
// enough.
func (fs *refFishSearch) coverable(u uint32, from, k int) bool {
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
func (fs *refFishSearch) check(covered, can uint32) (Step, bool) {
	n := fs.spec.size
	finMask := fs.allBase&^covered | fs.endoMask
	if finMask != 0 && (!fs.spec.finned || bits.OnesCount32(finMask) > maxFins) || finMask == 0 && fs.spec.finned {
		return Step{}, false
	}
	base, endo := fs.baseSet[n-1], fs.endo[n-1]
	var cover cellSet
	for _, u := range fs.usedCover[:n] {
		cover = cover.Or(fs.pos[u])
	}
	fins := fs.cellsOf(finMask)
	el := cover.AndNot(base).Or(fs.cellsOf(can))
	if !fins.Empty() {
		el = seenByAllOf(el, fins)
	}
	if el.Empty() {
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
	if kind == basicFish && !fins.Empty() {
		for k := range n {
			if fs.pos[fs.usedBase[k]].AndNot(fins).Count() <= 1 {
				sashimi = true
			}
		}
	}
	if fs.spec.kind == basicFish && fs.spec.finned && sashimi != fs.spec.sashimi {
		return Step{}, false // HoDoKu keeps it for the other search
	}
	t := fishName(fishSpec{n, kind, !fins.Empty(), sashimi})
	return fs.step(t, fins, endo, el), true
}

func (fs *refFishSearch) step(t Technique, fins, endo, el cellSet) Step {
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

// TestFishMatchesReference runs both fish searches, every configuration,
// on every state along the HoDoKu paths of a sample of the HoDoKu
// calibration puzzles (every twentieth, every sixtieth with -short) and
// wants the same answer from both.
func TestFishMatchesReference(t *testing.T) {
	every := 20
	if testing.Short() || race.Enabled { // one goroutine: the race detector has the sample -short has
		every = 60
	}
	var specs []fishSpec
	for _, f := range fishNames {
		specs = append(specs, f.spec)
	}
	slices.SortFunc(specs, func(a, b fishSpec) int { return table[fishName(a)].order - table[fishName(b)].order })
	states, found := 0, map[Technique]int{}
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		if next.Technique.Level() < Hard {
			return
		}
		states++
		for _, spec := range specs {
			got, gok := findFish(spec)(c, nil)
			want, wok := refFindFish(spec)(c, nil)
			if gok != wok || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, %v at\n%v\ngot %v %v\nwant %v %v", p.grid, fishName(spec), c, gok, got, wok, want)
			}
			if gok {
				found[got.Technique]++
			}
		}
	})
	t.Logf("%d states, fish found: %v", states, found)
	if found[FinnedFrankenSwordfish] == 0 || found[SashimiJellyfish] == 0 {
		t.Errorf("the sample lacks states with a Finned Franken Swordfish or a Sashimi Jellyfish: %v", found)
	}
}

// forPathStates calls f with every state along the HoDoKu path of every
// every-th puzzle of the HoDoKu calibration set, and the step the path
// takes from it. f must not change the state.
func forPathStates(t *testing.T, every int, f func(p hodokuPuzzle, c *Candidates, next Step)) {
	t.Helper()
	walkPathStates(t, func(n int) bool { return n%every == 0 }, f)
}

// walkPathStates is forPathStates over the puzzles pick takes (by their
// number in the file, asked as the walk reaches each).
func walkPathStates(t *testing.T, pick func(n int) bool, f func(p hodokuPuzzle, c *Candidates, next Step)) {
	t.Helper()
	for n, p := range loadHoDoKu(t) {
		if !pick(n) {
			continue
		}
		steps, err := Explain(context.Background(), p.grid)
		if err != nil {
			t.Fatal(err)
		}
		c, err := FromGrid(p.grid)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range steps {
			f(p, c, s)
			if err := c.Apply(s); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestMemoKeepsPath follows the HoDoKu path without the memo that the
// searches share along a path (failed searches by digit, the ALS lists,
// the finned fish one search leaves to the other, the chain links, the
// digits' candidates) and wants the very steps Explain takes with it, on a
// sample of the HoDoKu calibration puzzles (every twentieth, every
// sixtieth with -short, every 180th under the race detector). It does so with HoDoKu's order and without the
// X- and XY-Chains, where the AIC search of a step follows the Grouped
// AIC search of the step before: the chain links the memo keeps for one
// grid must not be taken for another's.
func TestMemoKeepsPath(t *testing.T) {
	every := 20
	switch {
	case race.Enabled: // one goroutine; every sixtieth took 56 s under the detector
		every = 180
	case testing.Short():
		every = 60
	}
	var noXChains []Technique
	for _, t := range DefaultTechniques() {
		if t != XChain && t != XYChain {
			noXChains = append(noXChains, t)
		}
	}
	for _, o := range []*Options{nil, {Techniques: noXChains}} {
		for n, p := range loadHoDoKu(t) {
			if n%every != 0 {
				continue
			}
			want, err := o.Explain(context.Background(), p.grid)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := uniqueSolution(context.Background(), p.grid)
			if err != nil {
				t.Fatal(err)
			}
			c, err := FromGrid(p.grid)
			if err != nil {
				t.Fatal(err)
			}
			for k, w := range want {
				s := nextStep(c, nil, &sol, o.order())
				if !reflect.DeepEqual(s, w) {
					t.Fatalf("%s step %d: without the memo %v, with it %v", p.grid, k+1, s, w)
				}
				if err := c.Apply(s); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
