package logic

import (
	"fmt"
	"math/bits"

	"github.com/godoku/sudoku"
)

// als is an almost locked set: n cells of one unit with n+1 candidates.
type als struct {
	cells cellSet
	mask  uint16
	byDig [10]cellSet
}

const maxALSSize = 5

// almostLockedSets lists the distinct ALSs of up to maxALSSize cells.
func (c *Candidates) almostLockedSets() []als {
	var out []als
	seen := map[cellSet]bool{}
	for u := 0; u < 27; u++ {
		var empty []int
		for _, i := range sudoku.UnitCells(u) {
			if c.values[i] == 0 {
				empty = append(empty, i)
			}
		}
		for k := 1; k <= maxALSSize && k < len(empty); k++ {
			combos(len(empty), k, func(ix []int) bool {
				var m uint16
				var set cellSet
				for _, j := range ix {
					m |= c.marks[empty[j]]
					set.add(empty[j])
				}
				if popcount(m) != k+1 || seen[set] {
					return false
				}
				seen[set] = true
				a := als{cells: set, mask: m}
				for i := range set.all {
					for x := c.marks[i]; x != 0; x &= x - 1 {
						a.byDig[bits.TrailingZeros16(x)].add(i)
					}
				}
				out = append(out, a)
				return false
			})
		}
	}
	return out
}

// allSee reports whether every cell of a sees every cell of b.
func allSee(a, b cellSet) bool {
	for i := range a.all {
		if !b.andNot(peerSet[i]).empty() {
			return false
		}
	}
	return true
}

// findALSXZ finds two ALSs joined by a restricted common digit x (every x
// of one sees every x of the other, so at most one of them holds x): then
// one ALS is locked, and any other common digit z must sit in A or B, so
// cells seeing every z of both lose z.
func findALSXZ(c *Candidates) (Step, bool) {
	sets := c.almostLockedSets()
	for i := range sets {
		a := &sets[i]
		for j := i + 1; j < len(sets); j++ {
			b := &sets[j]
			common := a.mask & b.mask
			if popcount(common) < 2 || !a.cells.and(b.cells).empty() {
				continue
			}
			for _, x := range digitsOf(common) {
				if !allSee(a.byDig[x], b.byDig[x]) {
					continue
				}
				var el []sudoku.Candidate
				for _, z := range digitsOf(common &^ (1 << x)) {
					zs := a.byDig[z].or(b.byDig[z])
					el = append(el, c.elimsIn(seenByAll(zs).andNot(a.cells).andNot(b.cells), z)...)
				}
				if len(el) == 0 {
					continue
				}
				ac, bc := a.cells.cells(), b.cells.cells()
				pat := append(c.candsOf(ac, allDigits), c.candsOf(bc, allDigits)...)
				return Step{Technique: ALSXZ, Pattern: pat, Eliminations: sortCands(el),
					Notation: fmt.Sprintf("A=%s {%s}, B=%s {%s}, X=%d", cellNames(ac), digitList(digitsOf(a.mask)), cellNames(bc), digitList(digitsOf(b.mask)), x),
					Explanation: fmt.Sprintf("%s and %s each hold one more digit than cells. %d cannot be in both, so one of them loses %d and becomes locked; either way every other shared digit must sit in one of them, so cells seeing all its places lose it.",
						cellNames(ac), cellNames(bc), x, x)}, true
			}
		}
	}
	return Step{}, false
}
