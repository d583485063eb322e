package se

import "github.com/godoku/sudoku/internal/board"

// Aligned exclusion: a set of cells whose candidate combinations are each
// ruled out by the cells they see. Aligned pair exclusion (6.2) and aligned
// triplet exclusion (7.5), over Sudoku Explainer's candidate cells and in
// its order.

// alignedWork is the scratch space of one aligned exclusion search.
type alignedWork struct {
	cells []int     // base cells, in cell order
	index [81]int   // position of a cell in cells, or -1
	excl  [][]int8  // each base cell's possible excluders, in house order
	exclB []cellSet // the same as sets
	twin  []int     // scratch
	isB   cellSet   // the base cells
}

// bases finds the cells that may take part in an exclusion set of the
// given degree: cells with two candidates or more, none of whose peers is
// down to one candidate, and with at least one peer holding 2 to degree
// candidates (a possible excluder).
func (w *alignedWork) bases(g *grid, degree int) {
	w.cells = w.cells[:0]
	w.excl = w.excl[:0]
	w.exclB = w.exclB[:0]
	w.isB = cellSet{}
	for c := range 81 {
		w.index[c] = -1
		if popcount(g.cand[c]) < 2 {
			continue
		}
		single := false
		var ex []int8
		var exB cellSet
		for _, o := range house[c] {
			switch n := popcount(g.cand[o]); {
			case n == 1:
				single = true
			case n >= 2 && n <= degree:
				ex = append(ex, o)
				exB.Add(int(o))
			}
		}
		if !single && len(ex) > 0 {
			w.index[c] = len(w.cells)
			w.cells = append(w.cells, c)
			w.excl = append(w.excl, ex)
			w.exclB = append(w.exclB, exB)
			w.isB.Add(c)
		}
	}
}

// alignedExclusion finds the first aligned pair (degree 2) or triplet
// (degree 3) exclusion that removes something.
func alignedExclusion(g *grid, degree int) (hint, bool) {
	var w alignedWork
	w.bases(g, degree)
	cells := w.cells
	if len(cells) < degree {
		return hint{}, false
	}
	// Pairs in Sudoku Explainer's order: (0,1), (0,2), (1,2), (0,3), ...
	for n2 := 1; n2 < len(cells); n2++ {
		for n1 := 0; n1 < n2; n1++ {
			common := w.exclB[n1].And(w.exclB[n2])
			if degree == 2 {
				if common.Count() >= 2 {
					if h, ok := exclusion(g, [3]int{cells[n1], cells[n2]}, 2, common); ok {
						return h, true
					}
				}
				continue
			}
			// The third cell comes from the cells that either sees among
			// its excluders, in that order.
			w.twin = w.twin[:0]
			var got cellSet
			for _, ex := range [2][]int8{w.excl[n1], w.excl[n2]} {
				for _, o := range ex {
					c := int(o)
					if c != cells[n1] && c != cells[n2] && !got.Has(c) && w.isB.Has(c) {
						got.Add(c)
						w.twin = append(w.twin, c)
					}
				}
			}
			for _, t := range w.twin {
				all := common.And(w.exclB[w.index[t]])
				if all.Count() < 2 {
					continue
				}
				if h, ok := exclusion(g, [3]int{cells[n1], cells[n2], t}, 3, all); ok {
					return h, true
				}
			}
		}
	}
	return hint{}, false
}

// exclusion tries every combination of candidates of the set's n cells
// and removes the candidates that take part in no allowed combination: a
// combination is out when two cells that see each other take the same
// digit, or when it would leave an excluder without a candidate.
func exclusion(g *grid, set [3]int, n int, excluders cellSet) (hint, bool) {
	var ex [20]uint16
	ne := 0
	for c := excluders.First(); c >= 0; c = excluders.First() {
		excluders.Remove(c)
		ex[ne] = g.cand[c]
		ne++
	}
	sees01 := board.Peers[set[0]].Has(set[1])
	sees02 := n == 3 && board.Peers[set[0]].Has(set[2])
	sees12 := n == 3 && board.Peers[set[1]].Has(set[2])
	var allowed [3]uint16
	m2 := uint16(1) // one pass for the third cell of a pair
	var full2 uint16
	if n == 3 {
		m2 = g.cand[set[2]]
		full2 = m2
	}
	full0, full1 := g.cand[set[0]], g.cand[set[1]]
	for m0 := g.cand[set[0]]; m0 != 0; m0 &= m0 - 1 {
		b0 := m0 & -m0
		for m1 := g.cand[set[1]]; m1 != 0; m1 &= m1 - 1 {
			b1 := m1 & -m1
			if b0 == b1 && sees01 {
				continue
			}
		third:
			for r2 := m2; r2 != 0; r2 &= r2 - 1 {
				var b2 uint16
				if n == 3 {
					b2 = r2 & -r2
					if (b0 == b2 && sees02) || (b1 == b2 && sees12) {
						continue
					}
				}
				if b0&^allowed[0] == 0 && b1&^allowed[1] == 0 && b2&^allowed[2] == 0 {
					continue // allowed or not, it adds nothing
				}
				vals := b0 | b1 | b2
				for _, e := range ex[:ne] {
					if e&^vals == 0 {
						continue third
					}
				}
				allowed[0] |= b0
				allowed[1] |= b1
				allowed[2] |= b2
				if allowed[0] == full0 && allowed[1] == full1 && allowed[2] == full2 {
					return hint{}, false // every candidate takes part
				}
			}
		}
	}
	h := hint{name: "Aligned Pair Exclusion", diff: 6.2, cell: -1}
	if n == 3 {
		h.name, h.diff = "Aligned Triplet Exclusion", 7.5
	}
	for a, c := range set[:n] {
		for m := g.cand[c] &^ allowed[a]; m != 0; m &= m - 1 {
			h.elims = append(h.elims, cand(c, lowDigit(m)))
		}
	}
	return h, len(h.elims) > 0
}
