package se

import (
	"math/bits"
	"slices"
)

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
			if gone(int(c), info.d) && !unitMask[info.u2].has(int(c)) {
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
		var covers board
		for m := info.cover; m != 0; m &= m - 1 {
			u := info.u2 + lowDigit(m)
			covers = board{covers[0] | unitMask[u][0], covers[1] | unitMask[u][1]}
		}
		for m := info.set; m != 0; m &= m - 1 {
			for _, c := range unitCells[info.u1+lowDigit(m)] {
				if gone(int(c), info.d) && !covers.has(int(c)) {
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
	if fcHook != nil {
		fcHook(len(all))
	}
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

var fcHook func(int)
