package se

import (
	"math/bits"
	"slices"

	"github.com/godoku/sudoku/internal/board"
)

// Nested forcing chains: inside a run of level 1 and up, other rules
// are asked what they remove from the grid as the run has made it.

// advanced fills e.adv with what the nested rules remove from the grid as
// run r has made it (Sudoku Explainer's getAdvancedPotentials): the first
// rule that removes anything gives them all.
func (e *engine) advanced(r *run) {
	e.adv = e.adv[:0]
	if e.nestedRules == nil {
		e.nestedRules = e.rules() // they depend on the level alone
	}
	for _, rule := range e.nestedRules {
		rule(e, r)
		if len(e.adv) > 0 || e.err != nil {
			return
		}
	}
}

type nestedRule func(e *engine, r *run)

func (e *engine) rules() []nestedRule {
	rs := []nestedRule{
		func(e *engine, r *run) { lockingEach(e.g, false, e.basicParents(r)) },
		func(e *engine, r *run) { hiddenSetEach(e.g, 2, false, e.basicParents(r)) },
		func(e *engine, r *run) { nakedSetEach(e.g, 2, e.basicParents(r)) },
		func(e *engine, r *run) { fishEach(e.g, 2, e.basicParents(r)) },
	}
	if e.level < 4 {
		if e.level >= 2 {
			rs = append(rs, func(e *engine, r *run) { e.nestedChains(r, -1, 0) })
		}
		if e.level >= 3 {
			rs = append(rs, func(e *engine, r *run) { e.nestedChains(r, modeMultiple, 0) })
		}
	} else {
		rs = append(rs, func(e *engine, r *run) { e.nestedChains(r, modeDynamic, 0) })
		if e.level >= 5 {
			rs = append(rs, func(e *engine, r *run) { e.nestedChains(r, modeDynamic, e.level-3) })
		}
	}
	return rs
}

// basicParents returns an emitter that turns each hint of a basic rule
// into advanced potentials of run r.
func (e *engine) basicParents(r *run) emitter {
	return func(h hint, info ruleInfo) bool {
		e.advPar = basicRuleParents(&e.save, e.g, info, e.advPar[:0])
		if len(e.advPar) > 0 {
			e.addAdvanced(h.elims, e.advPar, -1)
		}
		return true
	}
}

// addAdvanced appends the removals of one hint, in cell and digit order,
// each with the given parents.
func (e *engine) addAdvanced(elims []int16, parents []int, nested int32) {
	ks := slices.Clone(elims)
	slices.Sort(ks)
	ps := slices.Clone(parents)
	for _, k := range ks {
		e.adv = append(e.adv, advPot{p: int(k) * 2, parents: ps, nested: nested})
	}
}

// nestedChains runs a whole chaining technique on the grid as run r has
// made it: forcing chains and cycles (mode -1) or an engine of the given
// mode and level. The hints depend on the grid alone, and runs of one
// search often meet the same grid, so they are kept per grid until the
// rater's next step; their rule parents depend on where run r started.
func (e *engine) nestedChains(r *run, mode chainMode, level int) {
	key := nestKey{mode, level, e.g.cand}
	hs, ok := e.cache.get(key)
	if !ok && mode == modeMultiple && level == 0 && !e.staticHintsPossible() {
		hs, ok = nil, true
		e.cache.put(key, hs)
	}
	if !ok {
		if mode < 0 {
			if e.uw == nil {
				e.uw = &unaryWork{}
			}
			hs = e.uw.nestedHints(e.g)
		} else {
			k := e.kid(mode, level)
			hs = k.nestedHints()
			if k.err != nil {
				e.err = k.err
				return
			}
		}
		e.cache.put(key, hs)
	}
	for i := range hs {
		h := &hs[i]
		e.advPar = chainRuleParents(&e.save, e.g, h.seqs, h.init, e.advPar[:0])
		if len(e.advPar) == 0 {
			continue
		}
		e.nest = append(e.nest, h.rec)
		e.addAdvanced(h.elims, e.advPar, int32(len(e.nest)-1))
	}
}

// staticHintsPossible reports whether static multiple forcing chains
// (mode multiple, level 0) might find anything on e's grid; when it says
// no, they find nothing, and the search, which most grids inside nested
// runs would need in vain, is skipped.
//
// A static run is a breadth first search over one fixed graph, the one of
// forcing chains with both kinds of links (the unary XY pass): it reaches
// every potential reachable from its start, or fewer when it stops at a
// contradiction. Static multiple chains give cell and region forcing
// chains only, a potential that every run of a cell's candidates (cells
// with three or more), or of a digit's places in a unit (when the first
// place is such a cell), reaches. The strongly connected components of the
// graph (scc.go) give what each component reaches, so an empty
// intersection of those sets proves that no run set can meet either.
func (e *engine) staticHintsPossible() bool {
	g := e.g
	if e.uw == nil {
		e.uw = &unaryWork{}
	}
	e.uw.graphOf(g)
	sc := &e.uw.scc
	var meet [(numPots + 63) / 64]uint64
	and := func(first bool, p int) bool {
		r := sc.reachOf(p)
		if first {
			copy(meet[:len(r)], r)
			return true
		}
		any := false
		for i, x := range r {
			meet[i] &= x
			any = any || meet[i] != 0
		}
		return any
	}
	for c := range 81 {
		if g.val[c] != 0 || popcount(g.cand[c]) < 3 {
			continue
		}
		first, ok := true, true
		for m := g.cand[c]; m != 0 && ok; m &= m - 1 {
			ok = and(first, potOf(c, lowDigit(m), true))
			first = false
		}
		if ok {
			return true
		}
		for m := g.cand[c]; m != 0; m &= m - 1 {
			d := lowDigit(m)
			for _, u := range regionsOf[c] {
				ps, asked := regionFrom(g, int(u), d, c, true)
				if !asked {
					continue
				}
				first, ok := true, true
				for pm := ps; pm != 0 && ok; pm &= pm - 1 {
					ok = and(first, potOf(int(unitCells[u][lowDigit(pm)]), d, true))
					first = false
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}

func (e *engine) kid(mode chainMode, level int) *engine {
	key := [2]int{int(mode), level}
	if e.kids == nil {
		e.kids = map[[2]int]*engine{}
	}
	k := e.kids[key]
	if k == nil {
		k = newEngine(mode, level, e.g)
		k.cache = e.cache
		k.stop = e.stop
		e.kids[key] = k
	}
	return k
}

// nestKey names the hints of one chaining technique on one grid.
type nestKey struct {
	mode  chainMode
	level int
	cand  [81]uint16
}

// nestCache keeps the hints of nested chaining techniques by grid. The
// hints of a grid never change, but the grids met change with each step
// of the rating: the cache keeps those of the current step and of the one
// before (whose grids the next step often meets again, where its hint
// removed what a run would have removed anyway), so that it stays bounded.
type nestCache struct {
	m, prev map[nestKey][]chainResult
}

func (c *nestCache) get(k nestKey) ([]chainResult, bool) {
	if h, ok := c.m[k]; ok {
		return h, true
	}
	h, ok := c.prev[k]
	if ok {
		c.put(k, h)
	}
	return h, ok
}

func (c *nestCache) put(k nestKey, h []chainResult) {
	if c.m == nil {
		c.m = map[nestKey][]chainResult{}
	}
	c.m[k] = h
}

// step starts a new step of the rating: the current step's hints become
// the previous step's, and those of the step before are dropped.
func (c *nestCache) step() {
	clear(c.prev)
	c.m, c.prev = c.prev, c.m
}

// chainResult is one hint of a nested chaining technique as the outer
// run takes it: what it removes, its chains (for its rule parents) and
// its record.
type chainResult struct {
	elims []int16
	seqs  [][]seqItem
	init  uint8 // the cause of the chains' assumptions, for rule parents
	rec   nestRec
}

// nestedHints returns every hint of the engine on its grid, sorted and
// without repeats as Sudoku Explainer hands them over.
func (e *engine) nestedHints() []chainResult {
	var all []*dHint
	e.hints(func(h *dHint) { all = append(all, h) })
	if e.err != nil {
		return nil
	}
	slices.SortStableFunc(all, func(a, b *dHint) int {
		switch {
		case a.better(&b.chainHint):
			return -1
		case b.better(&a.chainHint):
			return 1
		}
		return 0
	})
	var out []chainResult
	for _, h := range dedupHints(all) {
		var seqs [][]seqItem
		for _, t := range h.targets {
			var s []seqItem
			e.walk(t, func(n int32) {
				nd := &e.nodes[n]
				s = append(s, seqItem{nd.p, nd.cause})
			})
			seqs = append(seqs, s)
		}
		init := causeNone
		switch h.kind {
		case hkCell:
			init = causeSingle
		case hkRegion:
			init = unitCause(h.region)
		}
		out = append(out, chainResult{
			elims: sortedElims(h.elims),
			seqs:  seqs,
			init:  init,
			rec:   nestRec{complexity: h.complexity, sig: signature(seqs)},
		})
	}
	return out
}

func sortedElims(es []int16) []int16 {
	s := slices.Clone(es)
	slices.Sort(s)
	return slices.Compact(s)
}

// dedupHints drops hints that remove exactly what an earlier one removes.
func dedupHints(all []*dHint) []*dHint {
	var kept []*dHint
	var keys [][]int16
	for _, h := range all {
		k := sortedElims(h.elims)
		dup := false
		for _, o := range keys {
			if slices.Equal(o, k) {
				dup = true
				break
			}
		}
		if !dup {
			keys = append(keys, k)
			kept = append(kept, h)
		}
	}
	return kept
}

// signature is a chain's content as Sudoku Explainer compares nested
// chains: each target's chain in order, potential by potential.
func signature(seqs [][]seqItem) []int16 {
	var s []int16
	for _, q := range seqs {
		for _, it := range q {
			s = append(s, it.p)
		}
		s = append(s, -1)
	}
	return s
}

// Rule parents: inside a nested run, a rule's removal rests on the
// candidates that the run removed before and without which the rule
// would not apply. Sudoku Explainer lists them per rule (getRuleParents),
// comparing the grid as the run has made it (cur) with the grid it started
// from (src). A hint with no rule parents held without the run and is
// left out.

// basicRuleParents appends the rule parents of a locking, hidden pair,
// naked pair or X-Wing hint, as off potentials.
func basicRuleParents(src, cur *grid, info ruleInfo, out []int) []int {
	gone := func(c, d int) bool { return src.has(c, d) && !cur.has(c, d) }
	switch info.kind {
	case ruleLocking:
		// Places of the digit in the first unit, outside the second,
		// that the run removed.
		for _, c := range unitCells[info.u1] {
			if gone(int(c), info.d) && !board.Units[info.u2].Has(int(c)) {
				out = append(out, potOf(int(c), info.d, false))
			}
		}
	case ruleLockingG:
		for _, c := range unitCells[info.u1] {
			if gone(int(c), info.d) {
				out = append(out, potOf(int(c), info.d, false))
			}
		}
	case ruleFish:
		var covers cellSet
		for m := info.cover; m != 0; m &= m - 1 {
			u := info.u2 + lowDigit(m)
			covers = cellSet{covers[0] | board.Units[u][0], covers[1] | board.Units[u][1]}
		}
		for m := info.set; m != 0; m &= m - 1 {
			for _, c := range unitCells[info.u1+lowDigit(m)] {
				if gone(int(c), info.d) && !covers.Has(int(c)) {
					out = append(out, potOf(int(c), info.d, false))
				}
			}
		}
	case ruleHidden:
		// The set's digits that left the unit's other cells.
		var where uint16
		for m := info.set; m != 0; m &= m - 1 {
			where |= cur.posMask(info.u1, lowDigit(m))
		}
		for i, c := range unitCells[info.u1] {
			if where&(1<<i) != 0 {
				continue
			}
			for m := info.set; m != 0; m &= m - 1 {
				if d := lowDigit(m); src.has(int(c), d) {
					out = append(out, potOf(int(c), d, false))
				}
			}
		}
	case ruleNaked:
		// The other digits that left the set's cells; info.d holds the
		// set's digits.
		for m := uint32(info.set); m != 0; m &= m - 1 {
			c := int(unitCells[info.u1][bits.TrailingZeros32(m)])
			for r := src.cand[c] &^ uint16(info.d); r != 0; r &= r - 1 {
				out = append(out, potOf(c, lowDigit(r), false))
			}
		}
	}
	return out
}

// chainRuleParents appends the rule parents of a nested chain given as
// its targets' chains: for each potential turned on by a single, the
// candidates of its cell, or the places of its digit in its unit, that
// the outer run removed. init is the cause given to the assumptions
// themselves (cell and region forcing chains), or causeNone.
func chainRuleParents(src, cur *grid, seqs [][]seqItem, init uint8, out []int) []int {
	var got potSet
	add := func(p int) {
		if !got.has(p) {
			got.add(p)
			out = append(out, p)
		}
	}
	for _, s := range seqs {
		for _, it := range s {
			p := int(it.p)
			cause := it.cause
			if cause == causeNone {
				cause = init
			}
			if !potOn(p) || cause == causeNone || cause == causeAdvanced {
				continue
			}
			c, d := potCell(p), potDigit(p)
			if cause == causeSingle {
				for m := src.cand[c] &^ cur.cand[c]; m != 0; m &= m - 1 {
					add(potOf(c, lowDigit(m), false))
				}
				continue
			}
			for _, o := range unitCells[causeUnit(cause, c)] {
				if src.has(int(o), d) && !cur.has(int(o), d) {
					add(potOf(int(o), d, false))
				}
			}
		}
	}
	return out
}

// nestedHints returns every forcing chain and cycle on g, sorted and
// without repeats, as the forcing chains rule nested in a run hands them
// over.
func (w *unaryWork) nestedHints(g *grid) []chainResult {
	type uh struct {
		h    *chainHint
		seqs [][]seqItem
	}
	var all []uh
	w.allUnary(g, true, func(h *chainHint, seqs [][]seqItem) {
		all = append(all, uh{h, seqs})
	})
	slices.SortStableFunc(all, func(a, b uh) int {
		switch {
		case a.h.better(b.h):
			return -1
		case b.h.better(a.h):
			return 1
		}
		return 0
	})
	var out []chainResult
	var keys [][]int16
	for _, x := range all {
		k := sortedElims(x.h.elims)
		dup := false
		for _, o := range keys {
			if slices.Equal(o, k) {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		keys = append(keys, k)
		out = append(out, chainResult{
			elims: k,
			seqs:  x.seqs,
			init:  causeNone,
			rec:   nestRec{complexity: x.h.complexity, sig: signature(x.seqs)},
		})
	}
	return out
}
