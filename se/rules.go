package se

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

func cand(c, d int) int16 { return int16(c*9 + d - 1) }

// Unit kinds in the orders Sudoku Explainer loops over them.
var (
	boxColRow = [3]int{firstBox, firstCol, firstRow}
)

// crosses reports whether units a and b intersect and differ.
func crosses(a, b int) bool { return a != b && !unitMask[a].and(unitMask[b]).empty() }

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
					p := g.positions(u, d)
					if p.count() != 1 {
						continue
					}
					if (g.emptyCount(u) == 1) != alone {
						continue
					}
					diff := 1.5
					switch {
					case alone:
						diff = 1.0
					case kind == firstBox:
						diff = 1.2
					}
					return hint{name: "Hidden Single", diff: diff, cell: p.first(), digit: d}, true
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
	var ps [10]board
	for _, kinds := range lockingKinds {
		for u1 := kinds[0]; u1 < kinds[0]+9; u1++ {
			for d := 1; d <= 9; d++ {
				ps[d] = board{}
				if popcount(g.upos[d][u1]) > 1 {
					ps[d] = g.positions(u1, d)
				}
			}
			for _, u2 := range crossing[u1][kinds[1]/9] {
				m2 := unitMask[u2]
				for d := 1; d <= 9; d++ {
					p := ps[d]
					if p.empty() || p.and(m2) != p {
						continue
					}
					info := ruleInfo{kind: ruleLocking, u1: u1, u2: int(u2), d: d}
					if !direct {
						if h, ok := lockingHint(g, u1, int(u2), d, -1); ok && !emit(h, info) {
							return false
						}
						continue
					}
					for _, u3 := range crossing[u2][kinds[0]/9] {
						if int(u3) == u1 || popcount(g.upos[d][u3]) <= 1 {
							continue
						}
						p3 := g.positions(int(u3), d)
						rest := board{p3[0] &^ m2[0], p3[1] &^ m2[1]}
						if rest.count() == 1 {
							h, _ := lockingHint(g, u1, int(u2), d, rest.first())
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
	// Generalized intersections: the cells outside u that see every
	// place of d in u, which with standard units is nothing unless the
	// places make a pointing or claiming.
	for _, kind := range boxColRow {
		for u := kind; u < kind+9; u++ {
			for d := 1; d <= 9; d++ {
				n := popcount(g.upos[d][u])
				if n <= 1 || n >= 8 {
					continue
				}
				p := g.positions(u, d)
				var seen board
				for _, u2 := range crossing[u][0] {
					if p.and(unitMask[u2]) == p {
						seen = board{unitMask[u2][0] &^ unitMask[u][0], unitMask[u2][1] &^ unitMask[u][1]}
					}
				}
				for _, u2 := range crossing[u][1] {
					if p.and(unitMask[u2]) == p {
						seen = board{unitMask[u2][0] &^ unitMask[u][0], unitMask[u2][1] &^ unitMask[u][1]}
					}
				}
				for _, u2 := range crossing[u][2] {
					if p.and(unitMask[u2]) == p {
						seen = board{unitMask[u2][0] &^ unitMask[u][0], unitMask[u2][1] &^ unitMask[u][1]}
					}
				}
				seen = seen.and(g.pos[d])
				if seen.empty() {
					continue
				}
				h := hint{name: "Generalized Intersection", diff: 2.9, cell: -1}
				for c := seen.first(); c >= 0; c = seen.first() {
					seen.clear(c)
					h.elims = append(h.elims, cand(c, d))
				}
				if !emit(h, ruleInfo{kind: ruleLockingG, u1: u, d: d}) {
					return false
				}
			}
		}
	}
	return true
}

// crossing lists, for each unit and each kind of unit (rows, columns,
// boxes), the units of that kind that cross it, in increasing order.
var crossing [27][3][]int8

func init() {
	for u := range 27 {
		for v := range 27 {
			if crosses(u, v) {
				crossing[u][v/9] = append(crossing[u][v/9], int8(v))
			}
		}
	}
}

func lockingHint(g *grid, u1, u2, d, place int) (hint, bool) {
	h := hint{cell: -1}
	for _, c := range unitCells[u2] {
		if !unitMask[u1].has(int(c)) && g.has(int(c), d) {
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
					if !houseMask[yz].has(c) || (xyz && !houseMask[xy].has(c)) ||
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
