// Package board is the groundwork under the two raters, package logic
// (HoDoKu's techniques) and package se (Sudoku Explainer's): what both
// read a pencil-mark grid with, written once. The finders, their orders
// and their tables stay in their packages.
//
// A set of cells, Cells, is an 81-bit bitmap in two words:
//
//	word 0: bit i for cell i, 0 to 63
//	word 1: bit i-64 for cell i, 64 to 80 (bits 17 to 63 always 0)
//
// so a unit's or a cell's peers are one AND away (Units, Peers), and the
// places of a digit in a unit one AND with the digit's cells. The hot
// loops of both raters call these methods; each is a few instructions and
// inlined.
package board

import "math/bits"

// Cells is a set of cells 0 to 80 as a bitmap (see the package comment).
// The zero value is the empty set.
type Cells [2]uint64

// All81 is the set of every cell.
var All81 = Cells{^uint64(0), 1<<17 - 1}

// Add puts cell i in s.
func (s *Cells) Add(i int) { s[i>>6] |= 1 << (i & 63) }

// Remove takes cell i out of s.
func (s *Cells) Remove(i int) { s[i>>6] &^= 1 << (i & 63) }

// Has reports whether cell i is in s.
func (s Cells) Has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

// And returns the cells in both s and t.
func (s Cells) And(t Cells) Cells { return Cells{s[0] & t[0], s[1] & t[1]} }

// Or returns the cells in s or t.
func (s Cells) Or(t Cells) Cells { return Cells{s[0] | t[0], s[1] | t[1]} }

// AndNot returns the cells of s not in t.
func (s Cells) AndNot(t Cells) Cells { return Cells{s[0] &^ t[0], s[1] &^ t[1]} }

// Empty reports whether s has no cell.
func (s Cells) Empty() bool { return s[0]|s[1] == 0 }

// Count returns the number of cells in s.
func (s Cells) Count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// First returns the lowest cell of s, or -1 when s is empty.
func (s Cells) First() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// All yields the cells of s in increasing order; unlike List it does not
// allocate.
func (s Cells) All(yield func(int) bool) {
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			if !yield(w*64 + bits.TrailingZeros64(x)) {
				return
			}
		}
	}
}

// List returns the cells of s in increasing order.
func (s Cells) List() []int {
	out := make([]int, 0, s.Count())
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			out = append(out, w*64+bits.TrailingZeros64(x))
		}
	}
	return out
}

// UnitBits returns the units holding a cell of s, bit u for unit u
// (rows 0 to 8, columns 9 to 17, boxes 18 to 26, as Units numbers them).
// It works on the rows' nine-bit fields all at once, without a branch:
// the tabling searches of package logic call it for every digit of every
// table.
func (s Cells) UnitBits() uint32 {
	const (
		low8  = 0xff | 0xff<<9 | 0xff<<18 | 0xff<<27 | 0xff<<36 | 0xff<<45 | 0xff<<54
		high  = 1<<8 | 1<<17 | 1<<26 | 1<<35 | 1<<44 | 1<<53 | 1<<62
		row   = 0x1ff
		gLow  = 0b011011011 // a box row's three-bit groups, their low bits
		gHigh = 0b100100100
	)
	a := s[0] &^ (1 << 63)               // rows 0 to 6
	b := s[1]<<1 | s[0]>>63              // rows 7 and 8
	nz := ((a & low8) + low8 | a) & high // bit 9r+8 for a row r with a cell
	// Bits 9r go to bit 48+r (r = 0 to 6): no two products meet, so no
	// carry.
	rows := (nz >> 8 * (1 | 1<<8 | 1<<16 | 1<<24 | 1<<32 | 1<<40 | 1<<48)) >> 48 & 0x7f
	if b&row != 0 {
		rows |= 1 << 7
	}
	if b>>9&row != 0 {
		rows |= 1 << 8
	}
	band0 := (a | a>>9 | a>>18) & row
	band1 := (a>>27 | a>>36 | a>>45) & row
	band2 := (a>>54 | b | b>>9) & row
	cols := band0 | band1 | band2
	boxes := func(f uint64) uint64 {
		g := ((f & gLow) + gLow | f) & gHigh // bits 2, 5, 8
		return (g >> 2 * (1 | 1<<2 | 1<<4)) >> 4 & 7
	}
	return uint32(rows | cols<<9 | boxes(band0)<<18 | boxes(band1)<<21 | boxes(band2)<<24)
}

// Cand numbers candidate d (1 to 9) of cell c (0 to 80): c*9 + d-1, 0 to
// 728, cell by cell. (HoDoKu's tables in package logic number their nodes
// cell*10 + d instead, as HoDoKu does.)
func Cand(c, d int) int { return c*9 + d - 1 }
