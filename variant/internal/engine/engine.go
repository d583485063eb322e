// Package engine is the exact solver behind package variant: a constraint
// solver over a grid of cells whose candidates are bit masks, with
// propagators run to a fixpoint and guesses on an explicit stack.
//
// It knows nothing of Sudoku rules by name. Package variant lowers each
// constraint of a puzzle to a few generic propagators (houses, sets of
// pairwise different cells, binary relations, linear sums, line automata,
// ...) through a Builder; Build adds the implied sums that make killer
// cages fast (the rule of 45) and returns a Problem, which solves, counts
// and enumerates.
//
// # Representation
//
// A cell's candidates are a Mask: bit v-1 is set when value v (1 to n) is
// still possible. A grid of up to 25 values fits in the low 25 bits:
//
//	bit:    31 .. 25 | 24 ....................... 1 | 0
//	        unused 0 | value 25 ................ 2 | value 1
//
// A cell is fixed when its mask has one bit, and the puzzle has no
// solution below a node where a mask is 0. The state of a node is the
// masks of all cells, n*n of them, in one slice: a guess saves a copy on
// the search stack (324 bytes for 9x9) and a backtrack copies it back.
// Propagators keep no state of their own between runs: each recomputes
// from the masks, so saving the masks saves everything.
package engine

import "math/bits"

// Mask is a set of values: bit v-1 for value v.
type Mask uint32

// MaxValues is the largest number of values, 25.
const MaxValues = 25

// bit returns the mask of value v.
func bit(v int) Mask { return 1 << (v - 1) }

// all returns the mask of values 1 to n.
func all(n int) Mask { return Mask(1)<<n - 1 }

// count returns the number of values in m.
func count(m Mask) int { return bits.OnesCount32(uint32(m)) }

// single reports whether m holds exactly one value.
func single(m Mask) bool { return m != 0 && m&(m-1) == 0 }

// lowest returns the smallest value in m (m not 0).
func lowest(m Mask) int { return bits.TrailingZeros32(uint32(m)) + 1 }

// highest returns the largest value in m (m not 0).
func highest(m Mask) int { return 32 - bits.LeadingZeros32(uint32(m)) }

// value returns the value of a fixed mask.
func value(m Mask) int { return lowest(m) }

// below returns the values less than v (v from 1 to 33).
func below(v int) Mask {
	if v <= 1 {
		return 0
	}
	if v > 32 {
		return ^Mask(0)
	}
	return Mask(1)<<(v-1) - 1
}

// inRange returns the values lo to hi.
func inRange(lo, hi int) Mask {
	if lo < 1 {
		lo = 1
	}
	if hi < lo {
		return 0
	}
	return below(hi+1) &^ below(lo)
}

// maskSum returns the sum of the values of m.
func maskSum(m Mask) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros32(uint32(m)) + 1
	}
	return s
}

// Values returns the values of m in increasing order.
func (m Mask) Values() []int {
	var vs []int
	for ; m != 0; m &= m - 1 {
		vs = append(vs, bits.TrailingZeros32(uint32(m))+1)
	}
	return vs
}

// Has reports whether v is in m.
func (m Mask) Has(v int) bool { return v >= 1 && v <= 32 && m&bit(v) != 0 }

// MaskOf returns the mask of the given values; values outside 1 to 32 are
// left out.
func MaskOf(vs ...int) Mask {
	var m Mask
	for _, v := range vs {
		if v >= 1 && v <= 32 {
			m |= bit(v)
		}
	}
	return m
}

// AllValues returns the mask of the values 1 to n.
func AllValues(n int) Mask { return all(n) }
