package se

import (
	"slices"

	"github.com/godoku/sudoku/internal/board"
)

// The rules before chains: singles, their direct forms, intersections,
// subsets, fish and wings, each searched in the order Sudoku Explainer
// searches them, so that the first hint found is the one it applies.

// hint is one deduction: candidates to remove and at most one placement,
// with Sudoku Explainer's name and difficulty for it.
type hint struct {
	name  string
	diff  float64
	elims []int16 // candidates k = cell*9 + digit-1
	cell  int     // the cell placed, or -1
	digit int
}

func cand(c, d int) int16 { return int16(board.Cand(c, d)) }

// boxColRow is the order in which Sudoku Explainer takes the kinds of
// unit for singles and subsets.
var boxColRow = [3]int{firstBox, firstCol, firstRow}

// forCombos calls f with every k-subset of 0..n-1 as a bit mask, in
// increasing numeric order (Sudoku Explainer's Permutations), until f
// returns false.
func forCombos(n, k int, f func(m uint32) bool) {
	if k > n || k <= 0 {
		return
	}
	for v := uint32(1)<<k - 1; v < 1<<n; {
		if !f(v) {
			return
		}
		low := v & -v
		ripple := v + low
		v = ripple | ((v^ripple)>>2)/low
	}
}

// hiddenSingle finds the last empty cell of a unit (1.0), then a hidden
// single in a box (1.2), a column or a row (1.5).
func hiddenSingle(g *grid) (hint, bool) {
	for _, alone := range [2]bool{true, false} {
		for _, kind := range boxColRow {
			for u := kind; u < kind+9; u++ {
				for d := 1; d <= 9; d++ {
					p := g.upos[d][u]
					if popcount(p) != 1 || (g.emptyCount(u) == 1) != alone {
						continue
					}
					diff := 1.5
					switch {
					case alone:
						diff = Easiest
					case kind == firstBox:
						diff = 1.2
					}
					return hint{name: "Hidden Single", diff: diff, cell: int(unitCells[u][lowDigit(p)]), digit: d}, true
				}
			}
		}
	}
	return hint{}, false
}

// nakedSingle finds a cell with one candidate (2.3).
func nakedSingle(g *grid) (hint, bool) {
	for c := range 81 {
		if g.val[c] == 0 && popcount(g.cand[c]) == 1 {
			return hint{name: "Naked Single", diff: 2.3, cell: c, digit: lowDigit(g.cand[c])}, true
		}
	}
	return hint{}, false
}

// ruleInfo says what a hint of a basic rule rests on, for the rule
// parents of nested chains (see parents.go).
type ruleInfo struct {
	kind   uint8  // ruleLocking, ruleLockingG, ruleHidden, ruleNaked, ruleFish
	u1, u2 int    // locking: the units; hidden set: u1; fish: the base kind
	d      int    // locking and fish: the digit
	set    uint16 // hidden set: the digits; naked set: the cells (unit indexes in u1); fish: base lines
	cover  uint16 // fish: cover lines
}

const (
	ruleLocking uint8 = iota
	ruleLockingG
	ruleHidden
	ruleNaked
	ruleFish
)

// emitter receives each hint of a rule in turn and says whether to go on.
type emitter func(h hint, info ruleInfo) bool

// first returns an emitter that keeps the first hint and stops.
func first(h *hint, ok *bool) emitter {
	return func(x hint, _ ruleInfo) bool {
		*h, *ok = x, true
		return false
	}
}

// The pairs of unit kinds of pointing (box then line) and claiming (line
// then box).
var lockingKinds = [4][2]int{{firstBox, firstCol}, {firstBox, firstRow}, {firstCol, firstBox}, {firstRow, firstBox}}

// locking finds pointing (2.6) and claiming (2.8); with direct set, only
// those whose eliminations leave a hidden single in another unit of the
// first kind, and the hint places it: direct pointing (1.7) and claiming
// (1.9).
func locking(g *grid, direct bool) (hint, bool) {
	var h hint
	var ok bool
	lockingEach(g, direct, first(&h, &ok))
	return h, ok
}

// lockingEach emits locking hints in Sudoku Explainer's order, ending with
// its "generalized intersections" when not direct: with standard units
// they remove what pointing and claiming remove, but rest on different
// parents inside nested chains.
func lockingEach(g *grid, direct bool, emit emitter) bool {
	var made []lockMade
	for _, kinds := range lockingKinds {
		k1, k2 := kinds[0]/9, kinds[1]/9
		for u1 := kinds[0]; u1 < kinds[0]+9; u1++ {
			// The digits of u1 locked in its crossing with each unit u2
			// (two places or more, all in that crossing), found for
			// every u2 at once, then handed over as u2 and d go up.
			var fit [3]uint16
			segs := &segFit[segPattern[u1][k2]] // a box crosses 3 lines, a line 3 boxes
			for d := 1; d <= 9; d++ {
				p := g.upos[d][u1]
				if p&(p-1) == 0 {
					continue
				}
				if j := segs[p]; j >= 0 {
					fit[j] |= 1 << d
				}
			}
			for j, u2 := range crossing[u1][k2] {
				for dm := fit[j]; dm != 0; dm &= dm - 1 {
					d := lowDigit(dm)
					info := ruleInfo{kind: ruleLocking, u1: u1, u2: int(u2), d: d}
					if !direct {
						if g.upos[d][u2]&^segOf[u2][u1] == 0 {
							continue // nothing of d in u2 outside u1
						}
						if h, ok := lockingHint(g, u1, int(u2), d, -1); ok {
							made = append(made, lockMade{u1, d, h.elims})
							if !emit(h, info) {
								return false
							}
						}
						continue
					}
					for _, u3 := range crossing[u2][k1] {
						p3 := g.upos[d][u3]
						if int(u3) == u1 || popcount(p3) <= 1 {
							continue
						}
						// The places of d in u3 outside u2.
						if rest := p3 &^ segOf[u3][u2]; popcount(rest) == 1 {
							h, _ := lockingHint(g, u1, int(u2), d, int(unitCells[u3][lowDigit(rest)]))
							if !emit(h, info) {
								return false
							}
						}
					}
				}
			}
		}
	}
	if direct {
		return true
	}
	// Generalized intersections: the cells outside a unit that see every
	// place of a digit in it. With standard units these are exactly the
	// pointing and claiming above, handed over again unit by unit (boxes,
	// columns, rows) with other rule parents.
	slices.SortStableFunc(made, func(a, b lockMade) int {
		ka, kb := lockOrder(a.u), lockOrder(b.u)
		if ka != kb {
			return ka - kb
		}
		if a.u != b.u {
			return a.u - b.u
		}
		return a.d - b.d
	})
	for _, m := range made {
		h := hint{name: "Generalized Intersection", diff: 2.9, cell: -1, elims: m.elims}
		if !emit(h, ruleInfo{kind: ruleLockingG, u1: m.u, d: m.d}) {
			return false
		}
	}
	return true
}

// lockMade is a pointing or claiming found, for its generalized twin.
type lockMade struct {
	u, d  int
	elims []int16
}

// lockOrder ranks unit kinds as Sudoku Explainer's generalized
// intersections take them: boxes, columns, rows.
func lockOrder(u int) int {
	switch {
	case u >= firstBox:
		return 0
	case u >= firstCol:
		return 1
	}
	return 2
}

func lockingHint(g *grid, u1, u2, d, place int) (hint, bool) {
	h := hint{cell: -1}
	for _, c := range unitCells[u2] {
		if !board.Units[u1].Has(int(c)) && g.has(int(c), d) {
			h.elims = append(h.elims, cand(int(c), d))
		}
	}
	box := u1 >= firstBox
	switch {
	case place >= 0 && box:
		h.name, h.diff = "Direct Pointing", 1.7
	case place >= 0:
		h.name, h.diff = "Direct Claiming", 1.9
	case box:
		h.name, h.diff = "Pointing", 2.6
	default:
		h.name, h.diff = "Claiming", 2.8
	}
	if place >= 0 {
		h.cell, h.digit = place, d
		return h, true
	}
	return h, len(h.elims) > 0
}

var setNames = [...]string{"", "", "Pair", "Triplet", "Quad"}

// hiddenSet finds hidden sets of the given degree: hidden pair (3.4),
// triplet (4.0) and quad (5.4); with direct set, only those whose
// eliminations leave a hidden single in the same unit, which the hint
// places: direct hidden pair (2.0) and triplet (2.5).
func hiddenSet(g *grid, degree int, direct bool) (hint, bool) {
	var h hint
	var ok bool
	hiddenSetEach(g, degree, direct, first(&h, &ok))
	return h, ok
}

func hiddenSetEach(g *grid, degree int, direct bool, emit emitter) bool {
	if degree == 2 && !direct {
		return hiddenPairEach(g, emit)
	}
	for _, kind := range boxColRow {
		for u := kind; u < kind+9; u++ {
			n := g.emptyCount(u)
			if !(n > 2*degree || (direct && n > degree)) {
				continue
			}
			var posOf [10]uint16
			for d := 1; d <= 9; d++ {
				posOf[d] = g.posMask(u, d)
			}
			goOn := true
			forCombos(9, degree, func(vm uint32) bool {
				var union uint16
				for m := vm; m != 0; m &= m - 1 {
					p := posOf[lowDigit(uint16(m))+1]
					if popcount(p) <= 1 {
						return true
					}
					union |= p
				}
				if popcount(union) != degree {
					return true
				}
				values := uint16(vm) << 1
				if h, ok := hiddenSetHint(g, u, degree, values, union, posOf[:], direct); ok {
					goOn = emit(h, ruleInfo{kind: ruleHidden, u1: u, set: values})
				}
				return goOn
			})
			if !goOn {
				return false
			}
		}
	}
	return true
}

func hiddenSetHint(g *grid, u, degree int, values, where uint16, posOf []uint16, direct bool) (hint, bool) {
	h := hint{cell: -1}
	for i, c := range unitCells[u] {
		if where&(1<<i) != 0 {
			for m := g.cand[c] &^ values; m != 0; m &= m - 1 {
				h.elims = append(h.elims, cand(int(c), lowDigit(m)))
			}
		}
	}
	if direct {
		for d := 1; d <= 9; d++ {
			if values&(1<<d) != 0 || popcount(posOf[d]) <= 1 {
				continue
			}
			if rest := posOf[d] &^ where; popcount(rest) == 1 {
				h.name = "Direct Hidden " + setNames[degree]
				h.diff = 2.5
				if degree == 2 {
					h.diff = 2.0
				}
				h.cell, h.digit = int(unitCells[u][lowDigit(rest)]), d
				return h, true
			}
		}
		return hint{}, false
	}
	h.name = "Hidden " + setNames[degree]
	h.diff = [...]float64{0, 0, 3.4, 4.0, 5.4}[degree]
	return h, len(h.elims) > 0
}

// nakedSet finds naked pairs (3.0), triplets (3.6) and quads (5.0).
func nakedSet(g *grid, degree int) (hint, bool) {
	var h hint
	var ok bool
	nakedSetEach(g, degree, first(&h, &ok))
	return h, ok
}

func nakedSetEach(g *grid, degree int, emit emitter) bool {
	if degree == 2 {
		return nakedPairEach(g, emit)
	}
	for _, kind := range boxColRow {
		for u := kind; u < kind+9; u++ {
			if g.emptyCount(u) < 2*degree {
				continue
			}
			goOn := true
			forCombos(9, degree, func(cm uint32) bool {
				var union uint16
				for m := cm; m != 0; m &= m - 1 {
					c := unitCells[u][lowDigit(uint16(m))]
					if popcount(g.cand[c]) <= 1 {
						return true
					}
					union |= g.cand[c]
				}
				if popcount(union) != degree {
					return true
				}
				h := hint{name: "Naked " + setNames[degree], diff: [...]float64{0, 0, 3.0, 3.6, 5.0}[degree], cell: -1}
				for i, c := range unitCells[u] {
					if cm&(1<<i) == 0 {
						for m := g.cand[c] & union; m != 0; m &= m - 1 {
							h.elims = append(h.elims, cand(int(c), lowDigit(m)))
						}
					}
				}
				if len(h.elims) > 0 {
					goOn = emit(h, ruleInfo{kind: ruleNaked, u1: u, set: uint16(cm), d: int(union)})
				}
				return goOn
			})
			if !goOn {
				return false
			}
		}
	}
	return true
}

// fish finds X-Wings (3.2), Swordfish (3.8) and Jellyfish (5.2), with
// columns as base lines first, then rows.
func fish(g *grid, degree int) (hint, bool) {
	var h hint
	var ok bool
	fishEach(g, degree, first(&h, &ok))
	return h, ok
}

func fishEach(g *grid, degree int, emit emitter) bool {
	if degree == 2 {
		return xWingEach(g, emit)
	}
	var placed [10]int
	for c := range 81 {
		placed[g.val[c]]++
	}
	for _, kinds := range [2][2]int{{firstCol, firstRow}, {firstRow, firstCol}} {
		base, cover := kinds[0], kinds[1]
		goOn := true
		forCombos(9, degree, func(bm uint32) bool {
			for d := 1; d <= 9; d++ {
				if placed[d]+2*degree > 9 {
					continue
				}
				var union uint16
				ok := true
				for m := bm; m != 0; m &= m - 1 {
					p := g.posMask(base+lowDigit(uint16(m)), d)
					if popcount(p) <= 1 {
						ok = false
						break
					}
					union |= p
				}
				if !ok || popcount(union) != degree {
					continue
				}
				h := hint{name: [...]string{"", "", "X-Wing", "Swordfish", "Jellyfish"}[degree],
					diff: [...]float64{0, 0, 3.2, 3.8, 5.2}[degree], cell: -1}
				for i := range 9 {
					if union&(1<<i) == 0 {
						continue
					}
					for j, c := range unitCells[cover+i] {
						if bm&(1<<j) == 0 && g.has(int(c), d) {
							h.elims = append(h.elims, cand(int(c), d))
						}
					}
				}
				if len(h.elims) > 0 && !emit(h, ruleInfo{kind: ruleFish, u1: base, u2: cover, d: d, set: uint16(bm), cover: union}) {
					goOn = false
					return false
				}
			}
			return true
		})
		if !goOn {
			return false
		}
	}
	return true
}

// xyWing finds XY-Wings (4.2) and, with xyz set, XYZ-Wings (4.4).
func xyWing(g *grid, xyz bool) (hint, bool) {
	target, inter := 2, 0
	if xyz {
		target, inter = 3, 1
	}
	for xy := range 81 {
		xyv := g.cand[xy]
		if popcount(xyv) != target {
			continue
		}
		for _, xz := range house[xy] {
			xzv := g.cand[xz]
			if popcount(xzv) != 2 || popcount(xyv&^xzv) != 1 {
				continue
			}
			for _, yz := range house[xy] {
				yzv := g.cand[yz]
				if popcount(yzv) != 2 {
					continue
				}
				if popcount(xyv|xzv|yzv) != 3 || popcount(xyv&xzv&yzv) != inter {
					continue
				}
				z := lowDigit(xzv & yzv)
				h := hint{name: "XY-Wing", diff: 4.2, cell: -1}
				if xyz {
					h.name, h.diff = "XYZ-Wing", 4.4
				}
				for _, v := range house[xz] {
					c := int(v)
					if !board.Peers[yz].Has(c) || (xyz && !board.Peers[xy].Has(c)) ||
						c == xy || c == int(xz) || c == int(yz) {
						continue
					}
					if g.has(c, z) {
						h.elims = append(h.elims, cand(c, z))
					}
				}
				if len(h.elims) > 0 {
					return h, true
				}
			}
		}
	}
	return hint{}, false
}

// Pairs need no search over combinations: two cells form a naked pair
// only with the same two candidates, two digits a hidden pair only with
// the same two places, two lines an X-Wing only with the same two places.
// These visit the pairs in Sudoku Explainer's order all the same:
// (0,1), (0,2), (1,2), (0,3), ...

func nakedPairEach(g *grid, emit emitter) bool {
	var two [9]int
	for _, kind := range boxColRow {
		for u := kind; u < kind+9; u++ {
			if g.emptyCount(u) < 4 {
				continue
			}
			n := 0
			for i, c := range unitCells[u] {
				if popcount(g.cand[c]) == 2 {
					two[n] = i
					n++
				}
			}
			for b := 1; b < n; b++ {
				for a := 0; a < b; a++ {
					i, j := two[a], two[b]
					m := g.cand[unitCells[u][i]]
					if m != g.cand[unitCells[u][j]] {
						continue
					}
					h := hint{name: "Naked Pair", diff: 3.0, cell: -1}
					for x, c := range unitCells[u] {
						if x != i && x != j {
							for r := g.cand[c] & m; r != 0; r &= r - 1 {
								h.elims = append(h.elims, cand(int(c), lowDigit(r)))
							}
						}
					}
					if len(h.elims) > 0 && !emit(h, ruleInfo{kind: ruleNaked, u1: u, set: 1<<i | 1<<j, d: int(m)}) {
						return false
					}
				}
			}
		}
	}
	return true
}

func hiddenPairEach(g *grid, emit emitter) bool {
	var two [9]int
	for _, kind := range boxColRow {
		for u := kind; u < kind+9; u++ {
			if g.emptyCount(u) <= 4 {
				continue
			}
			n := 0
			for d := 1; d <= 9; d++ {
				if popcount(g.upos[d][u]) == 2 {
					two[n] = d
					n++
				}
			}
			for b := 1; b < n; b++ {
				for a := 0; a < b; a++ {
					d1, d2 := two[a], two[b]
					where := g.upos[d1][u]
					if where != g.upos[d2][u] {
						continue
					}
					values := uint16(1<<d1 | 1<<d2)
					h := hint{name: "Hidden Pair", diff: 3.4, cell: -1}
					for r := where; r != 0; r &= r - 1 {
						c := int(unitCells[u][lowDigit(r)])
						for m := g.cand[c] &^ values; m != 0; m &= m - 1 {
							h.elims = append(h.elims, cand(c, lowDigit(m)))
						}
					}
					if len(h.elims) > 0 && !emit(h, ruleInfo{kind: ruleHidden, u1: u, set: values}) {
						return false
					}
				}
			}
		}
	}
	return true
}

func xWingEach(g *grid, emit emitter) bool {
	var placed [10]int
	for c := range 81 {
		placed[g.val[c]]++
	}
	for _, kinds := range [2][2]int{{firstCol, firstRow}, {firstRow, firstCol}} {
		base, cover := kinds[0], kinds[1]
		// two[i][d]: the places of d in unit base+i when it has two;
		// digits[i]: those digits, of which at most five are placed.
		var two [9][10]uint16
		var digits [9]uint16
		for i := range 9 {
			for d := 1; d <= 9; d++ {
				if m := g.upos[d][base+i]; popcount(m) == 2 && placed[d]+4 <= 9 {
					two[i][d] = m
					digits[i] |= 1 << d
				}
			}
		}
		for b := 1; b < 9; b++ {
			for a := 0; a < b; a++ {
				for dm := digits[a] & digits[b]; dm != 0; dm &= dm - 1 {
					d := lowDigit(dm)
					m := two[a][d]
					if m != two[b][d] {
						continue
					}
					h := hint{name: "X-Wing", diff: 3.2, cell: -1}
					for r := m; r != 0; r &= r - 1 {
						for j, c := range unitCells[cover+lowDigit(r)] {
							if j != a && j != b && g.has(int(c), d) {
								h.elims = append(h.elims, cand(int(c), d))
							}
						}
					}
					if len(h.elims) > 0 && !emit(h, ruleInfo{kind: ruleFish, u1: base, u2: cover, d: d, set: 1<<a | 1<<b, cover: m}) {
						return false
					}
				}
			}
		}
	}
	return true
}
