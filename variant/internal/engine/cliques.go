package engine

import "slices"

// cliques cuts cells into groups of pairwise peers. Cells of one group
// hold different values, so a group of t cells adds up to at least the t
// smallest values: the fewer and larger the groups, the tighter the
// bounds of a sum over them, and t*t summed over the groups is what
// narrows them (the range of a group's sums is t*(n-t)). Finding the best
// cut is hard; cliques tries three greedy ones and keeps the one with the
// largest sum of squares, the first on a tie:
//   - the cells in the order given (a line as drawn, a cage);
//   - the cells in cell order (rows come out whole);
//   - each group grown from the cell with the most peers among the cells
//     left, then by the cell with the most peers among those that can
//     still join.
//
// A line that snakes through boxes, such as a long arrow, cuts best in
// the third way: "Long sums 3" of ISS's examples, a pill of two cells on
// a line of 32, gets a least sum of 98 from it (every cell then fixed),
// against 80 in the order drawn.
func cliques(b *Builder, cells []int32) [][]int32 {
	best := firstFit(b, cells)
	if len(cells) < 4 || len(best) == 1 {
		return best
	}
	score := squares(best)
	for _, g := range [][][]int32{firstFit(b, slices.Sorted(slices.Values(cells))), mostPeers(b, cells)} {
		if s := squares(g); s > score {
			best, score = g, s
		}
	}
	return best
}

// squares returns the sum of the squares of the groups' sizes.
func squares(groups [][]int32) int {
	s := 0
	for _, g := range groups {
		s += len(g) * len(g)
	}
	return s
}

// firstFit puts each cell in turn into the first group all of whose
// cells are its peers, or a new group.
func firstFit(b *Builder, cells []int32) [][]int32 {
	var groups [][]int32
next:
	for _, c := range cells {
		for gi, g := range groups {
			if allPeers(b, c, g) {
				groups[gi] = append(g, c)
				continue next
			}
		}
		groups = append(groups, []int32{c})
	}
	return groups
}

// allPeers reports whether every cell of g is a peer of c.
func allPeers(b *Builder, c int32, g []int32) bool {
	for _, o := range g {
		if !b.peers[c].has(int(o)) {
			return false
		}
	}
	return true
}

// mostPeers grows one group at a time: of the cells that can join (peers
// of all in the group, not yet placed), it takes the one with the most
// peers among them, the first in the order given on a tie.
func mostPeers(b *Builder, cells []int32) [][]int32 {
	left := slices.Clone(cells)
	var groups [][]int32
	for len(left) > 0 {
		cand := slices.Clone(left)
		var g []int32
		for len(cand) > 0 {
			bi, bs := 0, -1
			for i, c := range cand {
				s := 0
				for _, o := range cand {
					if b.peers[c].has(int(o)) {
						s++
					}
				}
				if s > bs {
					bi, bs = i, s
				}
			}
			c := cand[bi]
			g = append(g, c)
			cand = slices.DeleteFunc(cand, func(o int32) bool { return o == c || !b.peers[c].has(int(o)) })
		}
		groups = append(groups, g)
		left = slices.DeleteFunc(left, func(o int32) bool { return contains(g, o) })
	}
	return groups
}
