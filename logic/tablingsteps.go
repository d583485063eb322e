package logic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// The searches that read the tables of tabling.go, each HoDoKu's
// TablingSolver method of the same name.

// findNiceLoops is HoDoKu's nice loop and AIC search (its step
// configurations "Nice Loop/AIC" and "Grouped Nice Loop/AIC"): every loop
// and AIC the tables hold, one per result, sorted; the first is the step.
func (c *Candidates) findNiceLoops(m *memo, grouped bool) (Step, bool) {
	tb := c.tablingFor(m)
	tb.steps = tb.steps[:0]
	clear(tb.deletes)
	tb.grouped = grouped
	tb.buildChainTables(grouped)
	// Only tables that can reach the end of a loop or an AIC are
	// expanded, and only as far as the ends they reach.
	for _, i := range tb.cands {
		for _, t := range [2]*tTable{&tb.on[i], &tb.off[i]} {
			if t.n() > 0 && !t.done {
				if want := tb.loopEnds(t); len(want) > 0 {
					tb.expandTable(t, want)
				}
			}
		}
	}
	tb.checkNiceLoops(&tb.on)
	tb.checkNiceLoops(&tb.off)
	tb.checkAICs()
	if len(tb.steps) == 0 {
		return Step{}, false
	}
	javaSort(tb.steps, compareSteps)
	return tb.step(tb.steps[0]), true
}

// findForcing is HoDoKu's forcing chain (nets false) or forcing net search.
func (c *Candidates) findForcing(m *memo, nets bool) (Step, bool) {
	tb := c.tablingFor(m)
	tb.steps = tb.steps[:0]
	clear(tb.deletes)
	if nets {
		tb.chainsOnly = false
		tb.resetTables()
		tb.fillNets()
		tb.fillGroups()
		tb.expand(&tb.on)
		tb.expand(&tb.off)
		tb.built = tablesOther
	} else {
		tb.buildChainTables(true)
		tb.expand(&tb.on)
		tb.expand(&tb.off)
	}
	tb.lazy = true
	defer func() { tb.lazy = false }()
	clear(tb.measured)
	tb.setPlaces()
	tb.stamp2++
	tb.checkForcing()
	if len(tb.steps) == 0 {
		return Step{}, false
	}
	javaSort(tb.steps, compareTabling)
	tb.lazy = false
	tb.materialize(tb.steps[0])
	return tb.step(tb.steps[0]), true
}

func findNiceLoop(c *Candidates, m *memo) (Step, bool)        { return c.findNiceLoops(m, false) }
func findGroupedNiceLoop(c *Candidates, m *memo) (Step, bool) { return c.findNiceLoops(m, true) }
func findForcingChain(c *Candidates, m *memo) (Step, bool)    { return c.findForcing(m, false) }
func findForcingNet(c *Candidates, m *memo) (Step, bool)      { return c.findForcing(m, true) }

// loopEnds returns the entries table t's premise reaches that could end
// a nice loop (an entry in its cell that is not among its direct
// implications) or, for an off table, an AIC (a candidate checkAICs would
// take); the slice is reused by the next call.
func (tb *tabling) loopEnds(t *tTable) []int32 {
	c := tb.c
	p := tb.at(t, 0)
	start, d := tb.cell(p), tb.digit(p)
	want := tb.want[:0]
	reach, pc := tb.reachOf(p)
	if reach == nil {
		tb.want = want
		return want
	}
	add := func(e int32) {
		// A component reaches only itself and lower ones.
		if w := tb.id[e]; w >= 0 {
			if c := tb.comp[w]; c <= pc && reach[c>>6]&(1<<(c&63)) != 0 {
				want = append(want, e)
			}
		}
	}
	for m := c.marks[start]; m != 0; m &= m - 1 {
		if x := firstDigit(m); x != d {
			add(tEnt(tNode(start, x), true))
			if !t.strong(0) {
				add(tEnt(tNode(start, x), false))
			}
		}
	}
	add(tEnt(tNode(start, d), !t.strong(0)))
	if !t.strong(0) {
		// The ends are d's cells that two or more of d's cells seeing
		// the start see: counted to two, a bit per cell, over those
		// cells' peers (fewer than the ends, each one AND away).
		seen := board.Peers[start].And(tb.orig[d])
		var once, twice cellSet
		for w, x := range seen {
			for ; x != 0; x &= x - 1 {
				p := board.Peers[w*64+bits.TrailingZeros64(x)]
				twice = twice.Or(once.And(p))
				once = once.Or(p)
			}
		}
		ends := tb.orig[d].And(twice)
		ends[start>>6] &^= 1 << (start & 63)
		for w, x := range ends {
			for ; x != 0; x &= x - 1 {
				add(tEnt(tNode(w*64+bits.TrailingZeros64(x), d), true))
			}
		}
		for m := c.marks[start] &^ (1 << d); m != 0; m &= m - 1 {
			x := firstDigit(m)
			for w, y := range board.Peers[start].And(tb.orig[x]).And(tb.orig[d]) {
				for ; y != 0; y &= y - 1 {
					add(tEnt(tNode(w*64+bits.TrailingZeros64(y), x), true))
				}
			}
		}
	}
	tb.want = want
	return want
}

// checkNiceLoops looks in every table for an entry in the premise's cell.
func (tb *tabling) checkNiceLoops(tables *[tabNormal]tTable) {
	for _, i := range tb.cands {
		t := &tables[i]
		if !t.started {
			continue // its entries are direct implications: no loop
		}
		start := tb.cell(tb.at(t, 0))
		for j := 1; j < t.n(); j++ {
			if !tb.isGroup(tb.at(t, j)) && tb.cell(tb.at(t, j)) == start {
				tb.checkNiceLoop(t, j)
			}
		}
	}
}

// checkNiceLoop builds the loop from t's premise to its entry j, back in
// the start cell, and keeps it if it removes something.
func (tb *tabling) checkNiceLoop(t *tTable, j int) {
	if t.dist(j) <= 2 {
		return
	}
	c := tb.c
	gs := &tb.gs
	gs.reset(NiceLoop)
	// A discontinuous loop's result does not depend on its chain: when a
	// step with that result and no longer a chain is kept already (the
	// chain would have dist/2+1 entries, see addChain), the chain need
	// not be built.
	if first, last := t.strong(1), t.strong(j); first == last && tb.digit(tb.at(t, 0)) == tb.digit(tb.at(t, j)) ||
		first != last && tb.digit(tb.at(t, 0)) != tb.digit(tb.at(t, j)) {
		tb.loopElims(t, j)
		if tb.dominated(t.dist(j)/2 + 1) {
			return
		}
		gs.elims = gs.elims[:0]
	}
	if !tb.addChain(t, tb.at(t, j), true, false) {
		return
	}
	ch := gs.chains[0]
	if tb.cell(ch[0]) == tb.cell(ch[1]) {
		return
	}
	last := len(ch) - 1
	firstStrong, lastStrong := t.strong(1), t.strong(j)
	startD, endD := tb.digit(tb.at(t, 0)), tb.digit(tb.at(t, j))
	start := tb.cell(tb.at(t, 0))
	switch {
	case firstStrong == lastStrong && startD == endD, firstStrong != lastStrong && startD != endD:
		tb.loopElims(t, j)
	case !firstStrong && !lastStrong && popcount(c.marks[start]) == 2 && startD != endD,
		firstStrong && lastStrong && startD != endD,
		firstStrong != lastStrong && startD == endD:
		gs.t = ContinuousNiceLoop
		for i := 0; i <= last; i++ {
			if i == 0 && firstStrong && lastStrong ||
				i > 0 && tStrong(ch[i]) && i <= last-2 && tb.cell(ch[i-1]) != tb.cell(ch[i]) {
				// A cell entered and left by strong links keeps only
				// their two digits.
				if i == 0 || !tStrong(ch[i+1]) && tb.cell(ch[i]) == tb.cell(ch[i+1]) &&
					tStrong(ch[i+2]) && tb.cell(ch[i+1]) != tb.cell(ch[i+2]) {
					d1, d2 := tb.digit(ch[i]), 0
					if i == 0 {
						d1, d2 = startD, endD
					} else {
						d2 = tb.digit(ch[i+2])
					}
					cell := tb.cell(ch[i])
					for _, d := range digitsOf(c.marks[cell]) {
						if d != d1 && d != d2 {
							gs.elims = append(gs.elims, cand(cell, d))
						}
					}
				}
			}
			if i > 0 && !tStrong(ch[i]) && tb.cell(ch[i-1]) != tb.cell(ch[i]) {
				// A weak link between cells: what sees both ends loses
				// the digit.
				d := tb.digit(ch[i])
				see := tb.buddies(ch[i-1]).And(tb.buddies(ch[i])).AndNot(tb.chainCells).And(tb.orig[d])
				see[start>>6] &^= 1 << (start & 63)
				for k := range see.All {
					gs.elims = append(gs.elims, cand(k, d))
				}
			}
		}
	}
	if len(gs.elims) == 0 {
		return
	}
	tb.groupedKind(gs)
	tb.keep(gs, len(ch))
}

// loopElims sets the eliminations of a discontinuous loop from t's
// premise to its entry j: the premise's digit (both links weak), the
// cell's other digits (both strong), or the digit of the weak link.
func (tb *tabling) loopElims(t *tTable, j int) {
	gs := &tb.gs
	firstStrong, lastStrong := t.strong(1), t.strong(j)
	startD, endD := tb.digit(tb.at(t, 0)), tb.digit(tb.at(t, j))
	start := tb.cell(tb.at(t, 0))
	switch {
	case !firstStrong && !lastStrong:
		gs.elims = append(gs.elims, cand(start, startD))
	case firstStrong && lastStrong:
		for _, d := range digitsOf(tb.c.marks[start]) {
			if d != startD {
				gs.elims = append(gs.elims, cand(start, d))
			}
		}
	case !firstStrong:
		gs.elims = append(gs.elims, cand(start, startD))
	default:
		gs.elims = append(gs.elims, cand(start, endD))
	}
}

// dominated reports whether the step being built (its kind and its
// eliminations set) is kept already with a chain of at most n entries,
// under its kind and, in a grouped search, under its grouped kind too:
// keep would not add it.
func (tb *tabling) dominated(n int) bool {
	gs := &tb.gs
	kinds := [2]Technique{gs.t, gs.t}
	if tb.grouped {
		kinds[1] = GroupedAIC
		if gs.t == NiceLoop {
			kinds[1] = GroupedNiceLoop
		}
	}
	saved, t := gs.elims, gs.t
	gs.elims = append(tb.scratch[:0], gs.elims...)
	gs.sortElims()
	tb.scratch = gs.elims
	defer func() { gs.elims, gs.t = saved, t }()
	for _, k := range kinds {
		gs.t = k
		old, ok := tb.deletes[tb.keyOf(gs)]
		if !ok || tb.steps[old].chainLen() > n {
			return false
		}
	}
	return true
}

// groupedKind gives a loop or AIC with a group node its grouped kind.
func (tb *tabling) groupedKind(gs *tStep) {
	for _, e := range gs.chains[0] {
		if tb.isGroup(e) {
			switch gs.t {
			case NiceLoop:
				gs.t = GroupedNiceLoop
			case ContinuousNiceLoop:
				gs.t = GroupedContinuousNiceLoop
			case AIC:
				gs.t = GroupedAIC
			}
			return
		}
	}
}

// keep adds the loop or AIC gs unless a step with the same result and a
// chain no longer than n is kept already (a shorter one is added after
// it, as HoDoKu does).
func (tb *tabling) keep(gs *tStep, n int) {
	gs.sortElims()
	key := tb.keyOf(gs)
	if old, ok := tb.deletes[key]; ok && tb.steps[old].chainLen() <= n {
		return
	}
	tb.deletes[key] = len(tb.steps)
	tb.steps = append(tb.steps, gs.clone())
}

// checkAICs looks in the off tables for an AIC: a candidate forced true
// that sees the premise's cell (same digit: what sees both loses it;
// another digit: each end's cell loses the other's digit).
func (tb *tabling) checkAICs() {
	c := tb.c
	for _, i := range tb.cands {
		t := &tb.off[i]
		if !t.started {
			continue // its entries are direct implications: no AIC
		}
		start, startD := tb.cell(tb.at(t, 0)), tb.digit(tb.at(t, 0))
		for j := 1; j < t.n(); j++ {
			e := tb.at(t, j)
			if tb.isGroup(e) || !t.strong(j) || tb.cell(e) == start {
				continue
			}
			end := tb.cell(e)
			if startD == tb.digit(e) {
				if board.Peers[start].And(board.Peers[end]).And(tb.orig[startD]).Count() >= 2 {
					tb.checkAIC(t, j)
				}
			} else if sees(start, end) && c.has(end, startD) && c.has(start, tb.digit(e)) {
				tb.checkAIC(t, j)
			}
		}
	}
}

func (tb *tabling) checkAIC(t *tTable, j int) {
	if t.dist(j) <= 2 {
		return
	}
	c := tb.c
	gs := &tb.gs
	gs.reset(AIC)
	startD, endD := tb.digit(tb.at(t, 0)), tb.digit(tb.at(t, j))
	start, end := tb.cell(tb.at(t, 0)), tb.cell(tb.at(t, j))
	if startD == endD {
		see := board.Peers[start].And(board.Peers[end]).And(tb.orig[startD])
		if see.Count() > 1 {
			for k := range see.All {
				gs.elims = append(gs.elims, cand(k, startD))
			}
		}
	} else {
		if c.has(start, endD) {
			gs.elims = append(gs.elims, cand(start, endD))
		}
		if c.has(end, startD) {
			gs.elims = append(gs.elims, cand(end, startD))
		}
	}
	if len(gs.elims) == 0 || tb.dominated(t.dist(j)/2+1) {
		return
	}
	if !tb.addChain(t, tb.at(t, j), false, true) {
		return
	}
	tb.groupedKind(gs)
	tb.keep(gs, len(gs.chains[0]))
}

// checkForcing looks for contradictions in each table, then for verities
// between the two tables of a candidate, then among the tables of a
// cell's candidates and of a digit's places in a house.
//
// It computes the tables' sets (computeSets) on the way, each pair just
// before it is checked alone, while its entries are in the cache. The
// sets of an empty table (one without a candidate) are left as they are:
// no check reads them.
func (tb *tabling) checkForcing() {
	for _, i := range tb.cands {
		for k, t := range [2]*tTable{&tb.on[i], &tb.off[i]} {
			if t.n() > 0 {
				s := &tb.sets[2*int(i)+k]
				tb.computeSets(t, s)
				tb.checkOneChain(t, s)
			}
		}
	}
	for _, i := range tb.cands {
		tb.checkTwoChains(&tb.on[i], &tb.off[i], &tb.sets[2*i], &tb.sets[2*i+1])
	}
	tb.checkCells()
	for u := range sudoku.NumUnits {
		tb.checkHouse(u)
	}
}

// contradiction starts a step that refutes t's premise: a candidate
// premise is removed, a false one placed.
func (tb *tabling) contradiction(t *tTable, unit int) *tStep {
	gs := &tb.gs
	gs.reset(ForcingChainContradiction)
	p := tb.at(t, 0)
	if t.strong(0) {
		gs.elims = append(gs.elims, cand(tb.cell(p), tb.digit(p)))
	} else {
		gs.cells = append(gs.cells, tb.cell(p))
		gs.digits = append(gs.digits, tb.digit(p))
	}
	gs.premise, gs.unit = p, unit
	return gs
}

func (tb *tabling) checkOneChain(t *tTable, s *tSets) {
	if t.n() == 0 {
		return
	}
	c := tb.c
	p := tb.at(t, 0)
	cell, d := tb.cell(p), tb.digit(p)
	// The premise implies its opposite.
	if t.strong(0) && s.off[d].Has(cell) || !t.strong(0) && s.on[d].Has(cell) {
		tb.contradiction(t, -1)
		tb.addChain(t, tEnt(tNode(cell, d), !t.strong(0)), false, false)
		tb.replaceOrCopy()
	}
	// A candidate both set and cleared.
	for x := 1; x <= 9; x++ {
		if both := s.on[x].And(s.off[x]); !both.Empty() {
			k := both.First()
			tb.contradiction(t, -1)
			tb.addChain(t, tEnt(tNode(k, x), false), false, false)
			tb.addChain(t, tEnt(tNode(k, x), true), false, false)
			tb.replaceOrCopy()
		}
	}
	// Two digits set in one cell.
	var seen, dup cellSet
	for x := 1; x <= 9; x++ {
		dup = dup.Or(seen.And(s.on[x]))
		seen = seen.Or(s.on[x])
	}
	if !dup.Empty() {
		for x := 1; x <= 9; x++ {
			for y := x + 1; y <= 9; y++ {
				if both := s.on[x].And(s.on[y]); !both.Empty() {
					k := both.First()
					tb.contradiction(t, -1)
					tb.addChain(t, tEnt(tNode(k, x), true), false, false)
					tb.addChain(t, tEnt(tNode(k, y), true), false, false)
					tb.replaceOrCopy()
				}
			}
		}
	}
	// A digit set twice in a house: the houses holding two of a digit's
	// cells, by digit.
	var twice [10]uint32
	anyTwice := false
	for x := 1; x <= 9; x++ {
		if s.on[x].Count() < 2 {
			continue
		}
		var once uint32
		for k := range s.on[x].All {
			m := unitMask[k]
			twice[x] |= once & m
			once |= m
		}
		anyTwice = anyTwice || twice[x] != 0
	}
	if anyTwice {
		for kind := range 3 {
			for x := 1; x <= 9; x++ {
				for h := range 9 {
					u := kind*9 + h
					if twice[x]&(1<<u) == 0 {
						continue
					}
					tb.contradiction(t, u)
					for k := range s.on[x].And(board.Units[u]).All {
						tb.addChain(t, tEnt(tNode(k, x), true), false, false)
					}
					tb.replaceOrCopy()
				}
			}
		}
	}
	// A cell left without a candidate.
	empty := tb.empties
	for x := 1; x <= 9; x++ {
		empty = empty.AndNot(tb.orig[x].AndNot(s.off[x]))
		empty = empty.AndNot(s.on[x])
	}
	for k := range empty.All {
		tb.contradiction(t, -1)
		for _, x := range digitsOf(c.marks[k]) {
			tb.addChain(t, tEnt(tNode(k, x), false), false, false)
		}
		tb.replaceOrCopy()
	}
	// A house left without a place for a digit: one that had places
	// (placeUnits) and has none left outside off, by kind, digit and
	// house.
	var emptied [10]uint32
	anyEmptied := false
	for x := 1; x <= 9; x++ {
		if off := s.off[x]; !off.Empty() {
			emptied[x] = tb.placeUnits[x] &^ tb.allowed[x].AndNot(off).UnitBits()
			anyEmptied = anyEmptied || emptied[x] != 0
		}
	}
	if !anyEmptied {
		return
	}
	for kind := range 3 {
		for x := 1; x <= 9; x++ {
			for us := emptied[x] >> (9 * kind) & 0x1ff; us != 0; us &= us - 1 {
				u := 9*kind + bits.TrailingZeros32(us)
				tb.contradiction(t, u)
				for k := range tb.places[u][x].All {
					tb.addChain(t, tEnt(tNode(k, x), false), false, false)
				}
				tb.replaceOrCopy()
			}
		}
	}
}

// unitMask[i] has bit u set for each unit u of cell i.
var unitMask = func() (m [81]uint32) {
	for i := range m {
		for _, u := range cellUnits[i] {
			m[i] |= 1 << u
		}
	}
	return m
}()

// setPlaces fills tb.places: for each house and digit, the empty cells
// where no placed peer rules the digit out (HoDoKu's candidatesAllowed:
// a candidate removed by a technique still counts).
func (tb *tabling) setPlaces() {
	c := tb.c
	var allowed [10]cellSet
	for d := 1; d <= 9; d++ {
		allowed[d] = cellSet{^uint64(0), 1<<17 - 1}
	}
	for i := range 81 {
		if v := c.values[i]; v != 0 {
			for d := 1; d <= 9; d++ {
				allowed[d][i>>6] &^= 1 << (i & 63)
			}
			allowed[v] = allowed[v].AndNot(board.Peers[i])
		}
	}
	tb.allowed = allowed
	tb.placeUnits = [10]uint32{}
	for u := range sudoku.NumUnits {
		for d := 1; d <= 9; d++ {
			tb.places[u][d] = board.Units[u].And(allowed[d])
			if !tb.places[u][d].Empty() {
				tb.placeUnits[d] |= 1 << u
			}
		}
	}
	tb.empties = cellSet{}
	for i := range 81 {
		if c.values[i] == 0 {
			tb.empties.Add(i)
		}
	}
}

// checkTwoChains finds what a candidate and its opposite both imply.
func (tb *tabling) checkTwoChains(on, off *tTable, son, soff *tSets) {
	if on.n() == 0 || off.n() == 0 {
		return
	}
	premise := tb.cell(tb.at(on, 0))
	for x := 1; x <= 9; x++ {
		both := son.on[x].And(soff.on[x])
		both[premise>>6] &^= 1 << (premise & 63)
		for k := range both.All {
			tb.verity(true, k, x, -1)
			tb.addChain(on, tEnt(tNode(k, x), true), false, false)
			tb.addChain(off, tEnt(tNode(k, x), true), false, false)
			tb.replaceOrCopy()
		}
	}
	for x := 1; x <= 9; x++ {
		both := son.off[x].And(soff.off[x])
		both[premise>>6] &^= 1 << (premise & 63)
		for k := range both.All {
			tb.verity(false, k, x, -1)
			tb.addChain(on, tEnt(tNode(k, x), false), false, false)
			tb.addChain(off, tEnt(tNode(k, x), false), false, false)
			tb.replaceOrCopy()
		}
	}
}

// verity starts a step that places d in cell (set) or removes it.
func (tb *tabling) verity(set bool, cell, d, unit int) {
	gs := &tb.gs
	gs.reset(ForcingChainVerity)
	gs.premise = -1
	if set {
		gs.cells = append(gs.cells, cell)
		gs.digits = append(gs.digits, d)
	} else {
		gs.elims = append(gs.elims, cand(cell, d))
	}
	gs.unit = unit
}

// checkCells looks for what every candidate of a cell implies.
func (tb *tabling) checkCells() {
	c := tb.c
	var list [9]*tTable
	var sets [9]*tSets
	for i := range 81 {
		if c.values[i] != 0 {
			continue
		}
		ts, ss := list[:0], sets[:0]
		for _, d := range digitsOf(c.marks[i]) {
			ts = append(ts, &tb.on[tNode(i, d)])
			ss = append(ss, &tb.sets[2*tNode(i, d)])
		}
		tb.checkEntryList(ts, ss, -1, i)
	}
}

// checkHouse looks for what every place of a digit in house u implies.
func (tb *tabling) checkHouse(u int) {
	var list [9]*tTable
	var sets [9]*tSets
	for d := 1; d <= 9; d++ {
		places := board.Units[u].And(tb.orig[d])
		if places.Empty() {
			continue
		}
		ts, ss := list[:0], sets[:0]
		for k := range places.All {
			ts = append(ts, &tb.on[tNode(k, d)])
			ss = append(ss, &tb.sets[2*tNode(k, d)])
		}
		tb.checkEntryList(ts, ss, u, -1)
	}
}

// checkEntryList finds what every table of ts implies; ss holds their
// sets.
func (tb *tabling) checkEntryList(ts []*tTable, ss []*tSets, unit, cell int) {
	var on, off [10]cellSet
	for k, t := range ss {
		for x := 1; x <= 9; x++ {
			if k == 0 {
				on[x], off[x] = t.on[x], t.off[x]
			} else {
				on[x], off[x] = on[x].And(t.on[x]), off[x].And(t.off[x])
			}
		}
	}
	for x := 1; x <= 9; x++ {
		for k := range on[x].All {
			tb.verity(true, k, x, unit)
			tb.gs.premise = int32(cell)
			for _, t := range ts {
				tb.addChain(t, tEnt(tNode(k, x), true), false, false)
			}
			tb.replaceOrCopy()
		}
		for k := range off[x].All {
			tb.verity(false, k, x, unit)
			tb.gs.premise = int32(cell)
			for _, t := range ts {
				tb.addChain(t, tEnt(tNode(k, x), false), false, false)
			}
			tb.replaceOrCopy()
		}
	}
}

// replaceOrCopy keeps the forcing step being built: a net (a chain with a
// side branch) takes the net kind; a net search keeps only nets; one step
// per result, with the shortest chains.
func (tb *tabling) replaceOrCopy() {
	gs := &tb.gs
	if gs.isNet() {
		switch gs.t {
		case ForcingChainContradiction:
			gs.t = ForcingNetContradiction
		case ForcingChainVerity:
			gs.t = ForcingNetVerity
		}
	}
	if !tb.chainsOnly && (gs.t == ForcingChainContradiction || gs.t == ForcingChainVerity) {
		return
	}
	// A forcing step has one result, a candidate removed or placed: its
	// kind and that candidate number it (HoDoKu keys it by the text of
	// its result).
	var x sudoku.Candidate
	k := 0
	if len(gs.elims) > 0 {
		x = gs.elims[0]
	} else {
		x, k = cand(gs.cells[0], gs.digits[0]), 1
	}
	switch gs.t {
	case ForcingChainVerity:
		k += 2
	case ForcingNetContradiction:
		k += 4
	case ForcingNetVerity:
		k += 6
	}
	key := k*729 + x.Cell*9 + x.Digit - 1
	if tb.keyStamp[key] == tb.stamp2 {
		if s := tb.steps[tb.keyStep[key]]; s.chainLen() > gs.chainLen() {
			n := gs.clone()
			s.chains, s.refs, s.clen = n.chains, n.refs, n.clen
		}
		return
	}
	tb.keyStamp[key], tb.keyStep[key] = tb.stamp2, int32(len(tb.steps))
	tb.steps = append(tb.steps, gs.clone())
}

// entName writes entry e as a candidate or group node, such as "4r1c8" or
// "4r1c45".
func (tb *tabling) entName(e int32) string {
	var sb strings.Builder
	sb.WriteByte(byte('0' + tb.digit(e)))
	cells := tb.cellsOf(e).List()
	sb.WriteString(compactCells(cells))
	return sb.String()
}

// compactCells writes cells of one row or column as "r1c45" or "r45c1".
func compactCells(cells []int) string {
	if len(cells) == 1 {
		return sudoku.CellName(cells[0])
	}
	var sb strings.Builder
	if cells[0]/9 == cells[1]/9 {
		fmt.Fprintf(&sb, "r%d", cells[0]/9+1)
		sb.WriteByte('c')
		for _, i := range cells {
			sb.WriteByte(byte('1' + i%9))
		}
		return sb.String()
	}
	sb.WriteByte('r')
	for _, i := range cells {
		sb.WriteByte(byte('1' + i/9))
	}
	fmt.Fprintf(&sb, "c%d", cells[0]%9+1)
	return sb.String()
}

// chainText writes a chain: its nodes joined by '=' (strong link) or '-'
// (weak link); a net's side branch in parentheses after the node it joins.
func (tb *tabling) chainText(ch []int32) string {
	var sb strings.Builder
	inBranch := false
	for k, e := range ch {
		if e == math.MinInt32 {
			sb.WriteByte(')')
			inBranch = false
			continue
		}
		if e < 0 && !inBranch {
			sb.WriteString(" (")
			inBranch = true
		} else if k > 0 {
			if tStrong(e) {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		sb.WriteString(tb.entName(e))
	}
	return sb.String()
}

// step turns s into a Step.
func (tb *tabling) step(s *tStep) Step {
	st := Step{Technique: s.t, Eliminations: slices.Clone(s.elims)}
	for k, i := range s.cells {
		st.Placements = append(st.Placements, cand(i, s.digits[min(k, len(s.digits)-1)]))
	}
	var seen [tabNormal]bool
	var texts []string
	for _, ch := range s.chains {
		for _, e := range ch {
			if e == math.MinInt32 {
				continue
			}
			n := tNodeOf(e)
			if n < tabNormal {
				if !seen[n] {
					seen[n] = true
					st.Pattern = append(st.Pattern, cand(n/10, n%10))
				}
				continue
			}
			for i := range tb.groups[n-tabNormal].set.All {
				if x := tNode(i, tb.groups[n-tabNormal].d); !seen[x] {
					seen[x] = true
					st.Pattern = append(st.Pattern, cand(i, tb.groups[n-tabNormal].d))
				}
			}
		}
		texts = append(texts, tb.chainText(ch))
	}
	st = st.drawn(tb.drawing(s))
	switch s.t {
	case ForcingChainContradiction, ForcingNetContradiction:
		p := s.premise
		where := "in " + sudoku.CellName(tb.cell(p))
		if s.unit >= 0 {
			where = "in " + sudoku.UnitName(s.unit)
		}
		st.Notation = tb.entName(p) + " " + where + ": " + strings.Join(texts, "; ")
		if tStrong(p) {
			return st.because("contradiction", digitArg(tb.digit(p)), cellArg(tb.cell(p)))
		}
		return st.because("contradictionOff", digitArg(tb.digit(p)), cellArg(tb.cell(p)))
	case ForcingChainVerity, ForcingNetVerity:
		st.Notation = strings.Join(texts, "; ")
		switch {
		case s.unit >= 0:
			d := tb.digit(s.chains[0][0])
			var cells []int
			for _, ch := range s.chains {
				cells = append(cells, tb.cell(ch[0]))
			}
			return st.because("verityHouse", digitArg(d), unitArg(s.unit), cellsArg(cells))
		case s.premise >= 0 && len(s.chains) > 0 && tb.cell(s.chains[0][0]) == int(s.premise) && len(s.chains) == popcount(tb.c.marks[s.premise]):
			return st.because("verity", cellArg(int(s.premise)), digitsArg(digitsOf(tb.c.marks[s.premise])))
		default:
			e := s.chains[0][0]
			return st.because("verityBoth", digitArg(tb.digit(e)), cellArg(tb.cell(e)))
		}
	}
	ch := s.chains[0]
	st.Notation = texts[0]
	first, last := ch[0], ch[len(ch)-1]
	return st.because("chain", textArg(tb.entName(first)), textArg(tb.entName(last)))
}

// entCands returns the candidates of entry e: one, or a group node's.
func (tb *tabling) entCands(e int32) []sudoku.Candidate {
	d := tb.digit(e)
	var out []sudoku.Candidate
	for i := range tb.cellsOf(e).All {
		out = append(out, cand(i, d))
	}
	return out
}

// drawing draws s: a loop's or AIC's chain, a loop closed in its start
// cell where that link holds (a weak one, or a strong one in a bivalue
// cell), and a forcing chain's chains from their premises (a net's side
// branches are not links, so a net is not drawn).
func (tb *tabling) drawing(s *tStep) Drawing {
	switch s.t {
	case ForcingNetContradiction, ForcingNetVerity:
		return Drawing{}
	case ForcingChainContradiction, ForcingChainVerity:
		var links []Link
		for _, ch := range s.chains {
			links = append(links, chainLinks(ch, tb.entCands)...)
		}
		return Drawing{Links: dedupLinks(links)}
	}
	ch := s.chains[0]
	links := chainLinks(ch, tb.entCands)
	switch s.t {
	case NiceLoop, ContinuousNiceLoop, GroupedNiceLoop, GroupedContinuousNiceLoop:
		first, last := ch[0], ch[len(ch)-1]
		strong := tStrong(first)
		if tNodeOf(first) != tNodeOf(last) && (!strong || popcount(tb.c.marks[tb.cell(first)]) == 2) {
			links = append(links, Link{From: tb.entCands(last), To: tb.entCands(first), Strong: strong})
		}
	}
	return Drawing{Links: links}
}
