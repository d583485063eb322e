package logic

import "math/bits"

// Units are numbered 0-8 for rows, 9-17 for columns and 18-26 for boxes.
var (
	units    [27][9]int
	cellUnit [81][3]int
	peers    [81][20]int
	peerSet  [81]cellSet
	unitSet  [27]cellSet
)

func init() {
	for i := 0; i < 81; i++ {
		r, c := i/9, i%9
		b := r/3*3 + c/3
		cellUnit[i] = [3]int{r, 9 + c, 18 + b}
	}
	var fill [27]int
	for i := 0; i < 81; i++ {
		for _, u := range cellUnit[i] {
			units[u][fill[u]] = i
			fill[u]++
			unitSet[u].add(i)
		}
	}
	for i := 0; i < 81; i++ {
		n := 0
		for j := 0; j < 81; j++ {
			if j != i && sees(i, j) {
				peers[i][n] = j
				n++
				peerSet[i].add(j)
			}
		}
	}
}

// sees reports whether two distinct cells share a unit.
func sees(a, b int) bool {
	if a == b {
		return false
	}
	return a/9 == b/9 || a%9 == b%9 || cellUnit[a][2] == cellUnit[b][2]
}

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
	r := cellSet{^uint64(0), (1 << 17) - 1}
	for i := range s.all {
		r = r.and(peerSet[i])
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

// unitName names a unit as r1, c1 or b1.
func unitName(u int) string {
	switch {
	case u < 9:
		return "r" + string(rune('1'+u))
	case u < 18:
		return "c" + string(rune('1'+u-9))
	}
	return "b" + string(rune('1'+u-18))
}

// combos calls f with every k-subset of idx (as indices into idx) until f
// returns true.
func combos(n, k int, f func([]int) bool) bool {
	if k > n {
		return false
	}
	ix := make([]int, k)
	for i := range ix {
		ix[i] = i
	}
	for {
		if f(ix) {
			return true
		}
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
	}
}
