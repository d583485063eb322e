package logic

import (
	"math/bits"

	"github.com/godoku/sudoku"
)

// cellSet bitmaps of every unit and of every cell's peers, built from the
// root package's geometry: the set operations the techniques need.
var (
	peerSet [81]cellSet
	unitSet [sudoku.NumUnits]cellSet
	// cellUnits holds each cell's row, column and box as unit numbers
	// (0-8, 9-17, 18-26).
	cellUnits [81][3]uint8
)

func init() {
	for u := range sudoku.NumUnits {
		for _, i := range sudoku.UnitCells(u) {
			unitSet[u].add(i)
		}
	}
	for i := range 81 {
		cellUnits[i] = [3]uint8{uint8(sudoku.Row(i)), uint8(9 + sudoku.Col(i)), uint8(18 + sudoku.Box(i))}
		for _, p := range sudoku.Peers(i) {
			peerSet[i].add(p)
		}
	}
}

// sees is sudoku.Sees for two cells 0 to 80, read from the peer bitmaps:
// the chain and wing searches ask it in their inner loops.
func sees(a, b int) bool { return peerSet[a].has(b) }

// cellSet is a set of cells as a bitmap.
type cellSet [2]uint64

func (s *cellSet) add(i int)            { s[i>>6] |= 1 << (i & 63) }
func (s cellSet) has(i int) bool        { return s[i>>6]&(1<<(i&63)) != 0 }
func (s cellSet) and(t cellSet) cellSet { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) or(t cellSet) cellSet  { return cellSet{s[0] | t[0], s[1] | t[1]} }
func (s cellSet) andNot(t cellSet) cellSet {
	return cellSet{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s cellSet) empty() bool { return s[0]|s[1] == 0 }
func (s cellSet) count() int  { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// all yields the members in increasing order; unlike cells it does not
// allocate.
func (s cellSet) all(yield func(int) bool) {
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			if !yield(w*64 + bits.TrailingZeros64(x)) {
				return
			}
		}
	}
}

// first returns the lowest member; s must not be empty.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// cells returns the members in increasing order.
func (s cellSet) cells() []int {
	out := make([]int, 0, s.count())
	for w := 0; w < 2; w++ {
		x := s[w]
		for x != 0 {
			out = append(out, w*64+bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return out
}

// seenByAll returns the cells that see every cell of s (excluding s).
func seenByAll(s cellSet) cellSet {
	return seenByAllOf(cellSet{^uint64(0), (1 << 17) - 1}, s)
}

// seenByAllOf returns the cells of r that see every cell of s, stopping
// as soon as none is left.
func seenByAllOf(r, s cellSet) cellSet {
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0 && !r.empty(); x &= x - 1 {
			r = r.and(peerSet[w*64+bits.TrailingZeros64(x)])
		}
	}
	return r
}

// digitsOf lists the digits set in a candidate mask.
func digitsOf(m uint16) []int {
	out := make([]int, 0, bits.OnesCount16(m))
	for m != 0 {
		d := bits.TrailingZeros16(m)
		out = append(out, d)
		m &= m - 1
	}
	return out
}

func popcount(m uint16) int { return bits.OnesCount16(m) }

func firstDigit(m uint16) int { return bits.TrailingZeros16(m) }

// firstCombo sets ix to the first k-subset of 0 to n-1 (k = len(ix)) in
// lexicographic order and reports whether there is one. With nextCombo it
// walks the subsets in a plain loop: a callback would make the finders'
// closures and their variables escape to the heap, once per unit.
func firstCombo(ix []int, n int) bool {
	for i := range ix {
		ix[i] = i
	}
	return len(ix) <= n
}

// nextCombo advances ix to the next k-subset of 0 to n-1 in lexicographic
// order, and reports false when ix was the last.
func nextCombo(ix []int, n int) bool {
	k := len(ix)
	i := k - 1
	for i >= 0 && ix[i] == n-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	ix[i]++
	for j := i + 1; j < k; j++ {
		ix[j] = ix[j-1] + 1
	}
	return true
}
