package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/godoku/sudoku/variant"
)

// The rule of 45: a row, column or region holds 1 to n once, adding up to
// n(n+1)/2 (45 in 9x9); so does any union of them. Take away the killer
// cages wholly inside a union and the cells left (the innies) add up to
// what the cages leave of the total. Add the cages that stick out of it
// and the cells outside (the outies) exceed the union's innies by what
// those cages add beyond the total. Each such equation is a sum rule over
// a few cells, read by the same steps as an arrow's.

// maxRule45Cells caps the cells of a rule of 45: a sum over more cells
// bounds little, and its combinations cost more to list.
const maxRule45Cells = 6

// area is a union of houses the rule of 45 reads: its cells, how many
// houses it is, and its name in a sentence.
type area struct {
	name   Reason
	cells  []variant.Cell
	houses int
}

func (s *Solver) rule45(p *variant.Puzzle) {
	n := s.n
	type cage struct {
		cells []variant.Cell
		sum   int
	}
	var cages []cage
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	for _, k := range p.Constraints {
		kc, ok := k.(variant.KillerCage)
		if !ok || kc.Sum <= 0 {
			continue
		}
		for _, c := range kc.Cells {
			if owner[c] >= 0 {
				return // cages that overlap: their sums count some cells twice
			}
			owner[c] = len(cages)
		}
		cages = append(cages, cage{kc.Cells, kc.Sum})
	}
	if len(cages) == 0 {
		return
	}
	total := n * (n + 1) / 2
	var areas []area
	span := func(word string, from, k int, at func(line, i int) variant.Cell) area {
		a := area{houses: k, name: phrase(word, Arg{Count: from + 1})}
		if k > 1 {
			a.name = phrase(word+"s", Arg{Count: from + 1}, Arg{Count: from + k})
		}
		for l := from; l < from+k; l++ {
			for i := range n {
				a.cells = append(a.cells, at(l, i))
			}
		}
		return a
	}
	for k := 1; k <= 3 && k < n; k++ {
		for from := 0; from+k <= n; from++ {
			areas = append(areas, span("row", from, k, func(l, i int) variant.Cell { return variant.CellOf(n, l, i) }))
			areas = append(areas, span("column", from, k, func(l, i int) variant.Cell { return variant.CellOf(n, i, l) }))
		}
	}
	var regions []house
	for _, h := range s.houses[2*n:] {
		if h.kind == "" {
			regions = append(regions, h)
		}
	}
	for i, a := range regions {
		areas = append(areas, area{name: a.name, cells: a.cells, houses: 1})
		for _, b := range regions[i+1:] {
			if s.adjacent(a.cells, b.cells) {
				areas = append(areas, area{name: phrase("twoRegions", phraseArg(a.name), phraseArg(b.name)), cells: append(slices.Clone(a.cells), b.cells...), houses: 2})
			}
		}
	}
	seen := map[string]bool{}
	for _, a := range areas {
		in := make([]bool, n*n)
		for _, c := range a.cells {
			in[c] = true
		}
		// Cages wholly inside, and cages that touch the area.
		inside, touch := map[int]bool{}, map[int]bool{}
		for _, c := range a.cells {
			if o := owner[c]; o >= 0 {
				touch[o] = true
				inside[o] = true
			}
		}
		var insideSum, touchSum int
		var outies []variant.Cell
		for o := range touch {
			touchSum += cages[o].sum
			for _, c := range cages[o].cells {
				if !in[c] {
					delete(inside, o)
					outies = append(outies, c)
				}
			}
		}
		for o := range inside {
			insideSum += cages[o].sum
		}
		var innies, bare []variant.Cell
		for _, c := range a.cells {
			if o := owner[c]; o < 0 || !inside[o] {
				innies = append(innies, c)
			}
			if owner[c] < 0 {
				bare = append(bare, c)
			}
		}
		slices.Sort(outies)
		want := total * a.houses
		if len(inside) > 0 && len(innies) > 0 && len(innies) <= maxRule45Cells {
			s.add45(seen, a, nil, innies, want-insideSum,
				phrase("rule45Innies", s.sumOfArg(innies), numberArg(want-insideSum), phraseArg(a.name), numberArg(want), numberArg(insideSum)))
		}
		if len(outies) > 0 && len(outies)+len(bare) <= maxRule45Cells {
			d := touchSum - want
			says := phrase("rule45Outies", s.sumOfArg(outies), numberArg(d), phraseArg(a.name), numberArg(touchSum), numberArg(want))
			if len(bare) > 0 {
				switch {
				case d > 0:
					says = phrase("rule45More", s.sumOfArg(outies), numberArg(d), s.sumOfArg(bare), phraseArg(a.name), numberArg(touchSum), numberArg(want))
				case d == 0:
					says = phrase("rule45Same", s.sumOfArg(outies), s.sumOfArg(bare), phraseArg(a.name), numberArg(touchSum))
				default:
					says = phrase("rule45Less", s.sumOfArg(outies), numberArg(-d), s.sumOfArg(bare), phraseArg(a.name), numberArg(touchSum), numberArg(want))
				}
			}
			s.add45(seen, a, bare, outies, touchSum-want, says)
		}
	}
}

// add45 adds the rule that the cells of pos, less those of neg, add up to
// total, unless an equal rule is there already.
func (s *Solver) add45(seen map[string]bool, a area, neg, pos []variant.Cell, total int, says Reason) {
	key := fmt.Sprint(neg, pos, total)
	if seen[key] {
		return
	}
	seen[key] = true
	r := rule{kind: "killer cage", shape: sum, total: total, says: says, lead: phrase("byRule45", phraseArg(a.name))}
	r.cells, r.coef = signed(neg, pos)
	if neg == nil {
		r.coef = nil // all 1: a plain sum
	}
	s.rules = append(s.rules, r)
}

// adjacent reports whether a cell of a is beside a cell of b.
func (s *Solver) adjacent(a, b []variant.Cell) bool {
	n := s.n
	for _, x := range a {
		r, c := variant.RowCol(n, x)
		for _, y := range b {
			r2, c2 := variant.RowCol(n, y)
			if (r == r2 && (c-c2 == 1 || c2-c == 1)) || (c == c2 && (r-r2 == 1 || r2-r == 1)) {
				return true
			}
		}
	}
	return false
}

// sumWork caps the assignments one sum's combinations look at; sumSpan
// caps the product of its cells' candidate counts.
const (
	sumWork = 1 << 15
	sumSpan = 1 << 18
)

// sumOptions returns, for a sum rule, the values each cell takes in some
// assignment that keeps the sum, two cells that see each other never
// equal; ok false when there are too many assignments to list.
func (s *Solver) sumOptions(r rule) (support []uint32, ok bool) {
	k := len(r.cells)
	coef := func(i int) int {
		if r.coef == nil {
			return 1
		}
		return r.coef[i]
	}
	// lo[i], hi[i]: the least and most the cells from i on can add.
	lo, hi := make([]int, k+1), make([]int, k+1)
	for i := k - 1; i >= 0; i-- {
		vs := values(s.cand[r.cells[i]])
		a, b := coef(i)*vs[0], coef(i)*vs[len(vs)-1]
		lo[i], hi[i] = lo[i+1]+min(a, b), hi[i+1]+max(a, b)
	}
	// A sum over many cells of many candidates is left to Sum Bounds
	// until its cells narrow: its assignments would run past sumWork.
	size := 1
	for _, c := range r.cells {
		if size *= bits.OnesCount32(s.cand[c]); size > sumSpan {
			return nil, false
		}
	}
	support = make([]uint32, k)
	vals := make([]int, k)
	work := sumWork
	// open counts the candidates no assignment found has used yet: at 0
	// nothing can be removed, and the search stops.
	open := 0
	for _, c := range r.cells {
		open += bits.OnesCount32(s.cand[c])
	}
	var walk func(i, acc int) bool
	walk = func(i, acc int) bool {
		if work--; work < 0 || open == 0 {
			return false
		}
		if i == k {
			if acc == r.total {
				for j, v := range vals {
					if support[j]&(1<<v) == 0 {
						support[j] |= 1 << v
						open--
					}
				}
			}
			return true
		}
		if acc+lo[i] > r.total || acc+hi[i] < r.total {
			return true
		}
	next:
		for v := range each(s.cand[r.cells[i]]) {
			for j := range i {
				if vals[j] == v && s.see[r.cells[j]][r.cells[i]] {
					continue next
				}
			}
			for _, in := range r.inner {
				if in.b == i && !in.rel(vals[in.a], v) {
					continue next
				}
			}
			vals[i] = v
			if !walk(i+1, acc+coef(i)*v) {
				return false
			}
		}
		return true
	}
	done := walk(0, 0) || open == 0
	// A chain's branches list sums again and again: the assignments
	// looked at count against the chain's work budget.
	s.work -= (sumWork - max(work, 0)) / 16
	return support, done
}

// sumCombinations removes from a sum's cells the values no assignment
// that keeps it allows, cells that see each other being different.
func (s *Solver) sumCombinations() (Step, bool) { return s.sumCombos(anySum) }

// ownSumCombinations is sumCombinations over the constraints' own sums,
// rule45Combinations over the rule of 45's.
func (s *Solver) ownSumCombinations() (Step, bool) { return s.sumCombos(ownSum) }
func (s *Solver) rule45Combinations() (Step, bool) { return s.sumCombos(sum45) }

func (s *Solver) sumCombos(which int) (Step, bool) {
	for _, r := range s.rules {
		if !r.takes(which) {
			continue
		}
		support, ok := s.sumOptions(r)
		if !ok {
			continue
		}
		var el []Candidate
		for i, c := range r.cells {
			if s.value[c] == 0 {
				el = append(el, cands(c, s.cand[c]&^support[i])...)
			}
		}
		if el = s.eliminate(el); len(el) > 0 {
			return Step{Technique: r.technique("Sum Combinations"), Pattern: r.cells, Constraint: r.kind, Eliminations: el}.because(
				"sumCombinations", r.lead45(), s.sentence(r), r.keeping(), s.candsArg(el)), true
		}
	}
	return Step{}, false
}

// keeping says in a sentence which rules between a rule's own cells its
// combinations keep too: ", keeping the entropic line rule between
// them", nothing for none.
func (r rule) keeping() Arg {
	switch k := r.innerKinds(); len(k) {
	case 0:
		return Arg{}
	case 1:
		return phraseArg(phrase("keepingRule", Arg{Kinds: k, Join: "and"}))
	default:
		return phraseArg(phrase("keepingRules", Arg{Kinds: k, Join: "and"}))
	}
}

// technique names a sum rule's step: the rule of 45's own name for its
// sums, tech for the others.
func (r rule) technique(tech string) string {
	if r.lead.ID != "" {
		return "Rule of 45"
	}
	return tech
}

// lead45 opens a sum rule's sentence: "By the rule of 45 on row 1", "By
// the arrow".
func (r rule) lead45() Arg {
	if r.lead.ID != "" {
		return phraseArg(r.lead)
	}
	return phraseArg(phrase("byKind", kindArg(r.kind)))
}

// sentence states a sum rule.
func (s *Solver) sentence(r rule) Arg {
	if r.says.ID != "" {
		return phraseArg(r.says)
	}
	return phraseArg(phrase("valuesAddUp", s.cellsArg(r.cells), numberArg(r.total)))
}
