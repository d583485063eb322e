package logic

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Next takes the simplest step that applies, applies it and returns it;
// false when none applies (the grid is full, logic has run out, or a cell
// has no candidate left).
func (s *Solver) Next() (Step, bool) {
	for _, m := range s.cand {
		if m == 0 {
			return Step{}, false
		}
	}
	// Simplest first: the easy steps of the constraints before the
	// values groups need and the rule of 45 (Medium), so that the path
	// takes a medium step only where no easy one is left.
	for _, f := range []func() (Step, bool){
		s.nakedSingle, s.hiddenSingle, s.unaryRules, s.pairRules, s.groupRules,
		s.ownSumRules, s.ownSumCombinations, s.endsRules, s.groupNeeds, s.needsRules,
		s.rule45Rules, s.rule45Combinations, s.lockedCandidates, s.seesAll, s.subsets, s.fish,
		s.wings, s.polarity, s.anyFish, s.forcingChain,
	} {
		if st, ok := f(); ok {
			return st, true
		}
	}
	return Step{}, false
}

// placeStep places v in c; the reason's id is id, or id+"Seen" when
// cells that see c lose v, its arguments the cell, v, args and then
// those cells.
func (s *Solver) placeStep(tech string, c variant.Cell, v int, id string, args ...Arg) Step {
	el := s.place(c, v)
	st := Step{Technique: tech, Pattern: []variant.Cell{c}, Placements: []Candidate{{c, v}}, Eliminations: el}
	args = append([]Arg{s.cellArg(c), digitArg(v)}, args...)
	if len(el) > 0 {
		return st.because(id+"Seen", append(args, s.candCellsArg(el))...)
	}
	return st.because(id, args...)
}

func (s *Solver) nakedSingle() (Step, bool) {
	for c, m := range s.cand {
		if s.value[c] == 0 && bits.OnesCount32(m) == 1 {
			v := bits.TrailingZeros32(m)
			return s.placeStep("Naked Single", variant.Cell(c), v, "nakedSingle"), true
		}
	}
	return Step{}, false
}

func (s *Solver) hiddenSingle() (Step, bool) {
	for _, h := range s.houses {
		if !h.full {
			continue
		}
		for v := 1; v <= s.n; v++ {
			at, placed := s.places(h.cells, v)
			if !placed && len(at) == 1 {
				st := s.placeStep("Hidden Single", at[0], v, "hiddenSingle", phraseArg(h.name))
				st.Constraint = h.kind
				return st, true
			}
		}
	}
	return Step{}, false
}

func (s *Solver) unaryRules() (Step, bool) {
	for _, r := range s.rules {
		if r.shape != unary {
			continue
		}
		c := r.cells[0]
		if drop := s.cand[c] &^ r.allowed; drop != 0 && s.value[c] == 0 {
			el := s.eliminate(cands(c, drop))
			return Step{Technique: "Cell Rule", Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
				"cellRule", kindArg(r.kind), s.cellArg(c), valuesArg(r.allowed), valuesArg(drop)), true
		}
	}
	return Step{}, false
}

func cands(c variant.Cell, m uint32) []Candidate {
	var el []Candidate
	for v := range each(m) {
		el = append(el, Candidate{c, v})
	}
	return el
}

// pairRules removes from each cell of a pair rule the values that no
// candidate of the other cell allows.
func (s *Solver) pairRules() (Step, bool) {
	for _, r := range s.rules {
		if r.shape != pair {
			continue
		}
		for k := range 2 {
			a, b := r.cells[k], r.cells[1-k]
			if s.value[a] != 0 {
				continue
			}
			var drop uint32
			for x := range each(s.cand[a]) {
				okx := false
				for y := range each(s.cand[b]) {
					if (k == 0 && r.rel(x, y)) || (k == 1 && r.rel(y, x)) {
						// Equal values in cells that see each other are
						// no support.
						if x != y || !s.see[a][b] {
							okx = true
							break
						}
					}
				}
				if !okx {
					drop |= 1 << x
				}
			}
			if drop != 0 {
				el := s.eliminate(cands(a, drop))
				return Step{Technique: techName(r.kind), Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
					"pairRule", s.cellArg(r.cells[0]), s.cellArg(r.cells[1]), phraseArg(r.says), valuesArg(s.cand[b]), s.cellArg(b), s.cellArg(a), valuesArg(drop)), true
			}
		}
	}
	return Step{}, false
}

// pairTech names the pair rules' steps by their kind: each kind that
// makes pair rules is here, so that Techniques lists every name a step
// can take (the page has a translation of each).
var pairTech = map[string]string{
	"thermometer":     "Thermometer Bounds",
	"whispers":        "Whisper Range",
	"difference":      "Kropki Pair",
	"ratio":           "Kropki Pair",
	"xv":              "XV Pair",
	"negative xv":     "Negative XV Pair",
	"palindrome":      "Palindrome Pair",
	"clone":           "Clone Pair",
	"entropic line":   "Entropic Line Pair",
	"modular line":    "Modular Line Pair",
	"nabner":          "Nabner Pair",
	"negative ratio":  "Negative Ratio Pair",
	"non-consecutive": "Non-consecutive Pair",
	"minimum":         "Minimum Pair",
	"maximum":         "Maximum Pair",
	"indexer":         "Indexer Pair",
}

// techName names a pair rule's step: from pairTech, or for a kind not
// there the kind's words capitalized, followed by "Pair".
func techName(kind string) string {
	if t, ok := pairTech[kind]; ok {
		return t
	}
	if kind == "" {
		return "Rule"
	}
	words := strings.Fields(kind)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ") + " Pair"
}

// groupOptions returns, for a group rule, the values each cell can take
// in some assignment that keeps the rule, and the values every such
// assignment uses; ok false when the search is too large to run.
// groupResult is what groupOptions returned for one rule and one set of
// its cells' candidates.
type groupResult struct {
	support  []uint32
	required uint32
	ok       bool
}

// maxGroupCache caps the entries of the cache of group combinations; a
// full cache starts again.
const maxGroupCache = 1 << 14

// groupOptionsCached is groupOptions, looked up first in a cache keyed by
// the rule and its cells' candidates, on which alone the result depends:
// a chain's branches read the same groups in the same states again and
// again.
func (s *Solver) groupOptionsCached(r rule) (support []uint32, required uint32, ok bool) {
	key := make([]byte, 0, 4+4*len(r.cells))
	key = binary.LittleEndian.AppendUint32(key, uint32(r.id))
	for _, c := range r.cells {
		key = binary.LittleEndian.AppendUint32(key, s.cand[c])
	}
	if g, hit := s.groupCache[string(key)]; hit {
		return g.support, g.required, g.ok
	}
	support, required, ok = s.groupOptions(r)
	if s.groupCache == nil || len(s.groupCache) >= maxGroupCache {
		s.groupCache = map[string]groupResult{}
	}
	s.groupCache[string(key)] = groupResult{support, required, ok}
	return support, required, ok
}

func (s *Solver) groupOptions(r rule) (support []uint32, required uint32, ok bool) {
	k := len(r.cells)
	support = make([]uint32, k)
	required = ^uint32(0)
	type key struct {
		at   uint64 // position, state and values used
		hist uint64 // the values at the positions of r.front[i]
	}
	memo := map[key]bool{}
	vals := make([]int, k)
	var walk func(i int, mask uint32, state int) bool
	walk = func(i int, mask uint32, state int) bool {
		if len(memo) > 1<<18 {
			ok = false
			return false
		}
		if i == k {
			if r.ok(mask, state) {
				required &= mask
				return true
			}
			return false
		}
		// The state is below 1<<26 (a sum, or a machine's small numbers).
		kk := key{at: uint64(i)<<58 | uint64(state)<<32 | uint64(mask)}
		if r.front != nil {
			for _, j := range r.front[i] {
				kk.hist = kk.hist<<5 | uint64(vals[j])
			}
		}
		if res, seen := memo[kk]; seen {
			return res
		}
		res := false
		m := s.cand[r.cells[i]]
		if r.distinct {
			m &^= mask
		}
	next:
		for v := range each(m) {
			for _, in := range r.inner {
				if in.b == i && !in.rel(vals[in.a], v) {
					continue next
				}
			}
			next, fine := state+v, true
			if r.step != nil {
				next, fine = r.step(i, state, v)
			}
			vals[i] = v
			if fine && walk(i+1, mask|1<<v, next) {
				support[i] |= 1 << v
				res = true
			}
		}
		memo[kk] = res
		return res
	}
	ok = true
	// A memoized state found feasible records its supports only once, from
	// the first path that reaches it; the support of a cell depends only
	// on the state it is entered in, so one visit per state suffices.
	walk(0, 0, 0)
	return support, required, ok
}

// groupRules removes from a group's cells the values that no combination
// of the group allows (Group Combinations).
func (s *Solver) groupRules() (Step, bool) { return s.groups(true, false) }

// groupNeeds: a value every combination of a group needs is in one of
// the group's cells that can hold it, so any cell that sees all of them
// loses it (Group Needs Value). It is a step of its own, tried after the
// easy steps, so that a value one group needs (Medium) does not come
// before another group's combinations (Easy): the path takes the
// simplest step there is.
func (s *Solver) groupNeeds() (Step, bool) { return s.groups(false, true) }

// groupBoth takes both steps of each group in turn, as a forcing chain's
// branches do: they reach a contradiction in fewer steps than with the
// needs of every group after the combinations of all (one corpus puzzle,
// Y Are We Whispering?, was finished only so), and their steps are not
// rated.
func (s *Solver) groupBoth() (Step, bool) { return s.groups(true, true) }

// groups looks for a step of the group rules: their combinations, the
// values they need, or both, group by group.
func (s *Solver) groups(combos, needs bool) (Step, bool) {
	for _, r := range s.rules {
		if r.shape != group {
			continue
		}
		if st, ok := s.groupStep(r, combos, needs); ok {
			return st, true
		}
	}
	return Step{}, false
}

// groupStep takes a step of one group rule: the values no combination of
// its cells allows (combos), or a value every combination needs (needs).
func (s *Solver) groupStep(r rule, combos, needs bool) (Step, bool) {
	support, required, ok := s.groupOptionsCached(r)
	if !ok {
		return Step{}, false
	}
	if combos {
		var el []Candidate
		for i, c := range r.cells {
			if s.value[c] == 0 {
				el = append(el, cands(c, s.cand[c]&^support[i])...)
			}
		}
		if el = s.eliminate(el); len(el) > 0 {
			return Step{Technique: "Group Combinations", Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
				"groupCombinations", phraseArg(s.ruleName(r)), phraseArg(r.says), r.keeping(), s.candsArg(el)), true
		}
	}
	if !needs {
		return Step{}, false
	}
	// A value every combination needs is in one of the group's cells
	// that can hold it: any cell that sees all of them loses it.
	for v := range each(required & s.all) {
		var at []variant.Cell
		for _, c := range r.cells {
			if s.cand[c]&(1<<v) != 0 && !contains(at, c) {
				at = append(at, c)
			}
		}
		el := s.seers(at, r.cells, v)
		if el = s.eliminate(el); len(el) > 0 {
			return Step{Technique: "Group Needs Value", Pattern: at, Constraint: r.kind, Eliminations: el}.because(
				"groupNeeds", phraseArg(s.ruleName(r)), digitArg(v), s.cellsArg(at), s.eachOfArg(el)), true
		}
	}
	return Step{}, false
}

// sumRules bounds each cell of a sum by the smallest and largest values of
// the others.
func (s *Solver) sumRules() (Step, bool) { return s.sumBounds(anySum) }

// ownSumRules is sumRules over the constraints' own sums, rule45Rules
// over the rule of 45's.
func (s *Solver) ownSumRules() (Step, bool) { return s.sumBounds(ownSum) }
func (s *Solver) rule45Rules() (Step, bool) { return s.sumBounds(sum45) }

// Which sum rules a sum step reads: all, the constraints' own, or the
// rule of 45's (rule.lead set).
const (
	anySum = iota
	ownSum
	sum45
)

// takes reports whether a sum step that reads the sums which asks for
// reads r.
func (r rule) takes(which int) bool {
	return r.shape == sum && len(r.cells) > 0 && (which == anySum || (which == sum45) == (r.lead.ID != ""))
}

func (s *Solver) sumBounds(which int) (Step, bool) {
	for _, r := range s.rules {
		if !r.takes(which) {
			continue
		}
		lo, hi := make([]int, len(r.cells)), make([]int, len(r.cells))
		for i, c := range r.cells {
			m := s.cand[c]
			lo[i], hi[i] = bits.TrailingZeros32(m), 31-bits.LeadingZeros32(m)
		}
		coef := func(i int) int {
			if r.coef == nil {
				return 1
			}
			return r.coef[i]
		}
		// The sum over j of coef(j)*x_j is total.
		total := r.total
		for i, c := range r.cells {
			if s.value[c] != 0 {
				continue
			}
			// Range of total - the sum over j != i of coef(j)*x_j.
			rl, rh := total, total
			for j := range r.cells {
				if j == i {
					continue
				}
				if cj := coef(j); cj > 0 {
					rl -= cj * hi[j]
					rh -= cj * lo[j]
				} else {
					rl -= cj * lo[j]
					rh -= cj * hi[j]
				}
			}
			var drop uint32
			for v := range each(s.cand[c]) {
				if x := coef(i) * v; x < rl || x > rh {
					drop |= 1 << v
				}
			}
			if drop != 0 {
				el := s.eliminate(cands(c, drop))
				// The others' bounds leave coef(i)*x between rl and rh.
				var lo, hi int
				if ci := coef(i); ci > 0 {
					lo, hi = ceilDiv(rl, ci), floorDiv(rh, ci)
				} else {
					lo, hi = ceilDiv(rh, ci), floorDiv(rl, ci)
				}
				return Step{Technique: r.technique("Sum Bounds"), Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
					"sumBounds", r.lead45(), s.sentence(r), s.cellArg(c), numberArg(max(lo, 1)), numberArg(min(hi, s.n)), valuesArg(drop)), true
			}
		}
	}
	return Step{}, false
}

func contains(cs []variant.Cell, c variant.Cell) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

// lockedCandidates: when a full house's candidates for v all lie in
// another house, that other house's remaining cells lose v.
func (s *Solver) lockedCandidates() (Step, bool) {
	for ai, a := range s.houses {
		if !a.full {
			continue
		}
		for v := 1; v <= s.n; v++ {
			at, placed := s.places(a.cells, v)
			if placed || len(at) < 2 {
				continue
			}
			for bi, b := range s.houses {
				if bi == ai {
					continue
				}
				inB := true
				for _, c := range at {
					if !contains(b.cells, c) {
						inB = false
						break
					}
				}
				if !inB {
					continue
				}
				var el []Candidate
				for _, c := range b.cells {
					if !contains(a.cells, c) {
						el = append(el, Candidate{c, v})
					}
				}
				if el = s.eliminate(el); len(el) > 0 {
					return Step{Technique: "Locked Candidates", Pattern: slices.Clone(at), Constraint: b.kind, Eliminations: el}.because(
						"lockedCandidates", phraseArg(a.name), digitArg(v), s.cellsArg(at), phraseArg(b.name), s.candCellsArg(el)), true
				}
			}
		}
	}
	return Step{}, false
}

// subsets finds naked pairs and triples in any house and hidden pairs and
// triples in full houses, smallest first.
func (s *Solver) subsets() (Step, bool) {
	for size := 2; size <= 3; size++ {
		if st, ok := s.naked(size); ok {
			return st, true
		}
		if st, ok := s.hidden(size); ok {
			return st, true
		}
	}
	return Step{}, false
}

var subsetName = map[int]string{2: "Pair", 3: "Triple"}

func (s *Solver) naked(size int) (Step, bool) {
	for _, h := range s.houses {
		var empty []variant.Cell
		for _, c := range h.cells {
			if s.value[c] == 0 {
				empty = append(empty, c)
			}
		}
		var found *Step
		choose(len(empty), size, func(idx []int) bool {
			var m uint32
			pat := make([]variant.Cell, size)
			for i, j := range idx {
				pat[i] = empty[j]
				m |= s.cand[empty[j]]
			}
			if bits.OnesCount32(m) != size {
				return false
			}
			var el []Candidate
			for _, c := range empty {
				if !contains(pat, c) {
					el = append(el, cands(c, s.cand[c]&m)...)
				}
			}
			if el = s.eliminate(el); len(el) > 0 {
				st := Step{Technique: "Naked " + subsetName[size], Pattern: pat, Constraint: h.kind, Eliminations: el}.because(
					"nakedSubset", phraseArg(h.name), s.cellsArg(pat), valuesArg(m), s.candsArg(el))
				found = &st
				return true
			}
			return false
		})
		if found != nil {
			return *found, true
		}
	}
	return Step{}, false
}

func (s *Solver) hidden(size int) (Step, bool) {
	for _, h := range s.houses {
		if !h.full {
			continue
		}
		var open []int
		for v := 1; v <= s.n; v++ {
			placed := false
			for _, c := range h.cells {
				if s.value[c] == v {
					placed = true
				}
			}
			if !placed {
				open = append(open, v)
			}
		}
		var found *Step
		choose(len(open), size, func(idx []int) bool {
			var vm uint32
			for _, j := range idx {
				vm |= 1 << open[j]
			}
			var at []variant.Cell
			for _, c := range h.cells {
				if s.value[c] == 0 && s.cand[c]&vm != 0 {
					at = append(at, c)
				}
			}
			if len(at) != size {
				return false
			}
			var el []Candidate
			for _, c := range at {
				el = append(el, cands(c, s.cand[c]&^vm)...)
			}
			if el = s.eliminate(el); len(el) > 0 {
				st := Step{Technique: "Hidden " + subsetName[size], Pattern: at, Constraint: h.kind, Eliminations: el}.because(
					"hiddenSubset", phraseArg(h.name), valuesArg(vm), s.cellsArg(at), s.candsArg(el))
				found = &st
				return true
			}
			return false
		})
		if found != nil {
			return *found, true
		}
	}
	return Step{}, false
}

// choose calls f with each set of k indices below n in increasing order
// until f returns true.
func choose(n, k int, f func([]int) bool) bool {
	idx := make([]int, k)
	var rec func(i, from int) bool
	rec = func(i, from int) bool {
		if i == k {
			return f(idx)
		}
		for j := from; j <= n-(k-i); j++ {
			idx[i] = j
			if rec(i+1, j+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

// endsRules removes from a between or lockout line's cells the values
// that no pair of values at its ends allows.
func (s *Solver) endsRules() (Step, bool) {
	for _, r := range s.rules {
		if r.shape != ends {
			continue
		}
		k := len(r.cells)
		a, b := r.cells[0], r.cells[k-1]
		middle := r.cells[1 : k-1]
		// fits reports whether ends x, y leave every middle cell a value.
		fits := func(x, y int) bool {
			if !r.endsOK(x, y) || (x == y && s.see[a][b]) {
				return false
			}
			for _, c := range middle {
				found := false
				for v := range each(s.cand[c]) {
					if r.mid(v, x, y) {
						found = true
						break
					}
				}
				if !found {
					return false
				}
			}
			return true
		}
		var keepA, keepB uint32
		keepMid := make([]uint32, len(middle))
		for x := range each(s.cand[a]) {
			for y := range each(s.cand[b]) {
				if !fits(x, y) {
					continue
				}
				keepA |= 1 << x
				keepB |= 1 << y
				for i, c := range middle {
					for v := range each(s.cand[c]) {
						if r.mid(v, x, y) {
							keepMid[i] |= 1 << v
						}
					}
				}
			}
		}
		var el []Candidate
		for i, c := range r.cells {
			keep := keepA
			switch {
			case i == k-1:
				keep = keepB
			case i > 0:
				keep = keepMid[i-1]
			}
			if s.value[c] == 0 {
				el = append(el, cands(c, s.cand[c]&^keep)...)
			}
		}
		if el = s.eliminate(el); len(el) > 0 {
			return Step{Technique: "Line Ends", Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
				"lineEnds", kindArg(r.kind), s.cellArg(a), s.cellArg(b), phraseArg(r.says), s.candsArg(el)), true
		}
	}
	// Then each line as a whole: its middle cells that see each other
	// differ, so the ends must leave room for several values.
	for _, r := range s.rules {
		if r.shape != lineGroup {
			continue
		}
		if st, ok := s.groupStep(r, true, true); ok {
			if st.Technique == "Group Combinations" {
				st.Technique = cmp.Or(r.tech, "Line Ends")
			}
			return st, true
		}
	}
	return Step{}, false
}

// seesAll: a value must go in one of its candidate cells in a full house,
// so any cell that sees all of them loses it. With only houses this is
// locked candidates; links such as anti-knight make it reach further.
func (s *Solver) seesAll() (Step, bool) {
	for _, a := range s.houses {
		if !a.full {
			continue
		}
		for v := 1; v <= s.n; v++ {
			at, placed := s.places(a.cells, v)
			if placed || len(at) < 2 {
				continue // one cell is a hidden single
			}
			el := s.seers(at, at, v)
			if el = s.eliminate(el); len(el) > 0 {
				kind := ""
				for _, e := range el {
					for _, c := range at {
						if w, ok := s.why[[2]variant.Cell{e.Cell, c}]; ok {
							kind = w
						}
					}
				}
				return Step{Technique: "Pointing", Pattern: slices.Clone(at), Constraint: kind, Eliminations: el}.because(
					"pointing", phraseArg(a.name), digitArg(v), s.cellsArg(at), s.eachOfArg(el)), true
			}
		}
	}
	return Step{}, false
}

// needsRules: a value that one of a rule's cells must hold (a quadruple's
// values) is lost by every cell that sees all of its cells that can hold
// it.
func (s *Solver) needsRules() (Step, bool) {
	for _, r := range s.rules {
		if r.shape != needs {
			continue
		}
		v := r.total
		at, placed := s.places(r.cells, v)
		if placed || len(at) == 0 {
			continue
		}
		el := s.seers(at, at, v)
		if el = s.eliminate(el); len(el) > 0 {
			return Step{Technique: "Group Needs Value", Pattern: slices.Clone(at), Constraint: r.kind, Eliminations: el}.because(
				"needs", kindArg(r.kind), s.cellArg(r.cells[0]), digitArg(v), s.cellsArg(at), s.eachOfArg(el)), true
		}
	}
	return Step{}, false
}

// wings finds XY-Wings and XYZ-Wings over every way cells see each other:
// rows, columns, regions and the rules that make cells differ (anti-knight,
// a diagonal, ...). A pivot with candidates xy sees a pincer with xz and
// one with yz: whichever the pivot holds, a pincer is z, so a cell that
// sees both pincers cannot be z. With xyz in the pivot (XYZ-Wing) the
// pivot may be z too, so the cell must see it as well.
func (s *Solver) wings() (Step, bool) {
	for size := 2; size <= 3; size++ {
		for p, pm := range s.cand {
			pivot := variant.Cell(p)
			if s.value[p] != 0 || bits.OnesCount32(pm) != size {
				continue
			}
			// The pincers: empty cells with two candidates that see the
			// pivot and share exactly one of its values (XY), or hold
			// two of them (XYZ).
			var pins []variant.Cell
			for _, c := range s.peers[p] {
				m := s.cand[c]
				if s.value[c] != 0 || bits.OnesCount32(m) != 2 {
					continue
				}
				if size == 2 && bits.OnesCount32(m&pm) == 1 || size == 3 && m&pm == m {
					pins = append(pins, c)
				}
			}
			for i, a := range pins {
				for _, b := range pins[i+1:] {
					ma, mb := s.cand[a], s.cand[b]
					z := ma & mb
					if bits.OnesCount32(z) != 1 || ma == mb {
						continue
					}
					at := []variant.Cell{a, b}
					tech := "XY-Wing"
					if size == 2 {
						if z&pm != 0 || (ma|mb)&pm != pm {
							continue
						}
					} else {
						if (ma | mb) != pm {
							continue
						}
						at, tech = []variant.Cell{pivot, a, b}, "XYZ-Wing"
					}
					v := bits.TrailingZeros32(z)
					el := s.eliminate(s.seers(at, []variant.Cell{pivot, a, b}, v))
					if len(el) == 0 {
						continue
					}
					id := "xyWing"
					if size == 3 {
						id = "xyzWing"
					}
					return Step{Technique: tech, Pattern: []variant.Cell{pivot, a, b}, Eliminations: el}.because(
						id, s.cellArg(pivot), valuesArg(pm), s.cellArg(a), valuesArg(ma), s.cellArg(b), valuesArg(mb), digitArg(v), s.candCellsArg(el)), true
				}
			}
		}
	}
	return Step{}, false
}

var fishName = map[int]string{2: "X-Wing", 3: "Swordfish"}

// fish finds X-Wings and Swordfish: when a value's candidates in k rows
// lie in k columns (or the other way round), those columns lose it
// outside the rows.
func (s *Solver) fish() (Step, bool) {
	n := s.n
	for size := 2; size <= 3; size++ {
		for _, byRow := range []bool{true, false} {
			at := func(line, k int) variant.Cell {
				if byRow {
					return variant.CellOf(n, line, k)
				}
				return variant.CellOf(n, k, line)
			}
			id := "fishRows"
			if !byRow {
				id = "fishColumns"
			}
			for v := 1; v <= n; v++ {
				// span[l]: the crossing lines where line l can hold v; 0
				// when v is placed in line l.
				span := make([]uint32, n)
				for l := range n {
					for k := range n {
						c := at(l, k)
						if s.value[c] == v {
							span[l] = 0
							break
						}
						if s.value[c] == 0 && s.cand[c]&(1<<v) != 0 {
							span[l] |= 1 << k
						}
					}
				}
				var lines []int
				for l := range n {
					if c := bits.OnesCount32(span[l]); c >= 2 && c <= size {
						lines = append(lines, l)
					}
				}
				var found *Step
				choose(len(lines), size, func(idx []int) bool {
					var cover uint32
					in := map[int]bool{}
					for _, j := range idx {
						cover |= span[lines[j]]
						in[lines[j]] = true
					}
					if bits.OnesCount32(cover) != size {
						return false
					}
					var el []Candidate
					var pat []variant.Cell
					for l := range n {
						for k := range each(cover << 1) {
							c := at(l, k-1)
							if in[l] {
								if s.value[c] == 0 && s.cand[c]&(1<<v) != 0 {
									pat = append(pat, c)
								}
							} else {
								el = append(el, Candidate{c, v})
							}
						}
					}
					if el = s.eliminate(el); len(el) > 0 {
						var ls, ks []string
						for _, j := range idx {
							ls = append(ls, strconv.Itoa(lines[j]+1))
						}
						for k := range each(cover << 1) {
							ks = append(ks, strconv.Itoa(k))
						}
						st := Step{Technique: fishName[size], Pattern: pat, Eliminations: el}.because(
							id, textArg(strings.Join(ls, ",")), digitArg(v), textArg(strings.Join(ks, ",")), s.candCellsArg(el))
						found = &st
						return true
					}
					return false
				})
				if found != nil {
					return *found, true
				}
			}
		}
	}
	return Step{}, false
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// ruleName names a rule in a sentence: "the killer cage at r1c1".
func (s *Solver) ruleName(r rule) Reason {
	if r.name.ID != "" {
		return r.name
	}
	return phrase("ruleAt", kindArg(r.kind), s.cellArg(r.cells[0]))
}

// The forcing chain: a cell's candidates are tried one by one, each
// followed by the simple steps alone (singles, the constraints' own steps
// and pointing) as far as they go. A candidate that leads to a contradiction is
// removed; a candidate removed by every branch is removed, since the cell
// holds one of its values. Each branch is a chain of steps that holds if
// its first assumption does, so a person can follow it.

// chainSteps caps the steps of one branch; chainCands the candidates of
// the cells tried; chainWork the work of one search for a chain, in
// cells looked at (a branch step counts the grid's cells), so that a
// large grid where no chain is found costs a bounded time.
const (
	chainSteps = 60
	chainCands = 6
	chainWork  = 800000
)

// propagate takes the simple steps from the current state, at most limit;
// broken says what contradiction they reached (no ID for none).
func (s *Solver) propagate(limit int) (steps []Step, broken Reason) {
	simple := []func() (Step, bool){s.nakedSingle, s.hiddenSingle, s.unaryRules, s.pairRules,
		s.groupBoth, s.sumRules, s.sumCombinations, s.endsRules, s.needsRules, s.seesAll}
	for len(steps) < limit && s.work > 0 {
		s.work -= len(s.cand)
		if why := s.contradiction(); why.ID != "" {
			return steps, why
		}
		found := false
		for _, f := range simple {
			if st, ok := f(); ok {
				steps = append(steps, st)
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	return steps, s.contradiction()
}

// contradiction says what breaks a rule of the houses in the current
// state: a cell without candidates, a value without a place in a full
// house; no ID when none does.
func (s *Solver) contradiction() Reason {
	for c, m := range s.cand {
		if m == 0 {
			return phrase("noCandidate", s.cellArg(variant.Cell(c)))
		}
	}
	for _, h := range s.houses {
		if !h.full {
			continue
		}
		var any uint32
		for _, c := range h.cells {
			any |= s.cand[c]
		}
		if miss := s.all &^ any; miss != 0 {
			return phrase("noPlace", digitArg(bits.TrailingZeros32(miss)), phraseArg(h.name))
		}
	}
	return Reason{}
}

// chainText writes a branch's steps as their results, "r1c2=5, r3c3<>4",
// up to the first step whose result holds target (all of them when
// target is nil), eliding the middle of a long chain.
func (s *Solver) chainText(steps []Step, target func(Step) bool) Arg {
	var parts []Reason
	for _, st := range steps {
		var res []string
		for _, p := range st.Placements {
			res = append(res, fmt.Sprintf("%s=%d", s.name(p.Cell), p.Value))
		}
		if len(st.Placements) == 0 {
			for _, e := range st.Eliminations {
				res = append(res, fmt.Sprintf("%s<>%d", s.name(e.Cell), e.Value))
			}
		}
		parts = append(parts, phrase("chainStep", textArg(strings.Join(res, ",")), Arg{Tech: st.Technique}))
		if target != nil && target(st) {
			break
		}
	}
	if len(parts) > 8 {
		parts = append(append(parts[:3:3], phrase("chainGap")), parts[len(parts)-4:]...)
	}
	return phrasesArg(parts)
}

func (s *Solver) forcingChain() (Step, bool) {
	s.work = chainWork
	for size := 2; size <= chainCands && s.work > 0; size++ {
		// A cell holds one of its candidates.
		for c0 := range s.cand {
			c := variant.Cell(c0)
			if s.value[c] != 0 || bits.OnesCount32(s.cand[c]) != size {
				continue
			}
			var alts []Candidate
			for v := range each(s.cand[c]) {
				alts = append(alts, Candidate{c, v})
			}
			if st, ok := s.force(alts, phrase("cellHoldsOne", s.cellArg(c), valuesArg(s.cand[c]))); ok {
				return st, true
			}
		}
		// A value goes in one of its places in a full house.
		for _, h := range s.houses {
			if !h.full {
				continue
			}
			for v := 1; v <= s.n; v++ {
				at, placed := s.places(h.cells, v)
				if placed || len(at) != size {
					continue
				}
				var alts []Candidate
				for _, c := range at {
					alts = append(alts, Candidate{c, v})
				}
				if st, ok := s.force(alts, phrase("valueGoesOne", digitArg(v), s.cellsArg(at), phraseArg(h.name))); ok {
					st.Constraint = h.kind
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// force tries each of alts, one of which is true (as says says): each
// placed in turn and followed by the simple steps. One that breaks a rule
// is false; a candidate every branch removes is removed.
func (s *Solver) force(alts []Candidate, says Reason) (Step, bool) {
	type branch struct {
		alt    Candidate
		steps  []Step
		broken Reason
		cand   []uint32
	}
	cand, value := slices.Clone(s.cand), slices.Clone(s.value)
	var pat []variant.Cell
	for _, a := range alts {
		pat = append(pat, a.Cell)
	}
	var bs []branch
	for _, a := range alts {
		s.place(a.Cell, a.Value)
		steps, broken := s.propagate(chainSteps)
		bs = append(bs, branch{a, steps, broken, slices.Clone(s.cand)})
		copy(s.cand, cand)
		copy(s.value, value)
		if broken.ID != "" {
			el := s.eliminate([]Candidate{a})
			st := Step{Technique: "Forcing Chain", Pattern: pat, Eliminations: el}
			if len(steps) > 0 {
				return st.because("chainStepsBreak", s.cellArg(a.Cell), digitArg(a.Value), s.chainText(steps, nil), phraseArg(broken)), true
			}
			return st.because("chainBreaks", s.cellArg(a.Cell), digitArg(a.Value), phraseArg(broken)), true
		}
	}
	var el []Candidate
	for d := range cand {
		if value[d] != 0 {
			continue
		}
		gone := cand[d]
		for _, b := range bs {
			gone &^= b.cand[d]
		}
		el = append(el, cands(variant.Cell(d), gone)...)
	}
	if el = s.eliminate(el); len(el) == 0 {
		return Step{}, false
	}
	first := el[0]
	removes := func(st Step) bool {
		for _, e := range st.Eliminations {
			if e == first {
				return true
			}
		}
		for _, p := range st.Placements {
			if p.Cell == first.Cell {
				return true
			}
		}
		return false
	}
	var ifs []Reason
	for _, b := range bs {
		var chain Arg
		switch {
		case b.alt.Cell == first.Cell:
			chain = phraseArg(phrase("itIsNot", digitArg(first.Value)))
		case b.alt.Value == first.Value && s.see[b.alt.Cell][first.Cell]:
			// The assumption itself removes it: no step to list.
			chain = phraseArg(phrase("seesIt", s.cellArg(first.Cell)))
		default:
			chain = s.chainText(b.steps, removes)
		}
		ifs = append(ifs, phrase("ifIs", s.cellArg(b.alt.Cell), digitArg(b.alt.Value), chain))
	}
	what := phrase("cannotBe", s.cellArg(first.Cell), digitArg(first.Value))
	if len(el) > 1 {
		what = phrase("gone", s.candsArg(el))
	}
	return Step{Technique: "Forcing Chain", Pattern: pat, Eliminations: el}.because(
		"chainEitherWay", phraseArg(says), Arg{Phrases: ifs, Join: "; "}, phraseArg(what)), true
}

// seers returns v as a candidate of every empty cell outside skip that
// sees all the cells of at: v must go in one of at, so those cells lose
// it.
func (s *Solver) seers(at, skip []variant.Cell, v int) []Candidate {
	if len(at) == 0 {
		return nil
	}
	var el []Candidate
	for _, dc := range s.peers[at[0]] {
		d := int(dc)
		if s.value[d] != 0 || s.cand[d]&(1<<v) == 0 || contains(skip, dc) {
			continue
		}
		all := true
		for _, c := range at {
			if !s.see[dc][c] {
				all = false
				break
			}
		}
		if all {
			el = append(el, Candidate{dc, v})
		}
	}
	return el
}

// places returns the empty cells of cs that can hold v, and whether v is
// already placed in one of cs. The cells are in a buffer the next call
// reuses (the steps call it for every house and value): a step that
// keeps them clones them.
func (s *Solver) places(cs []variant.Cell, v int) (at []variant.Cell, placed bool) {
	at = s.buf[:0]
	defer func() { s.buf = at }()
	for _, c := range cs {
		if s.value[c] == v {
			placed = true
		}
		if s.value[c] == 0 && s.cand[c]&(1<<v) != 0 {
			at = append(at, c)
		}
	}
	return at, placed
}
