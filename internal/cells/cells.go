// Package cells reads the 81 cells of a grid eight at a time, for the
// loops that visit the givens of every puzzle read (validation, the
// canonical form): puzzles are mostly empty cells, which a word of zeros
// skips at once.
package cells

import "encoding/binary"

// Words returns the cells of g as eleven little-endian words: word w holds
// cells 8w to 8w+7, cell 8w in its low byte, and word 10 cell 80 alone.
func Words(g *[81]uint8) (ws [11]uint64) {
	for w := range 10 {
		ws[w] = binary.LittleEndian.Uint64(g[8*w:])
	}
	ws[10] = uint64(g[80])
	return ws
}

// Givens returns the cells of g that are not 0 as two masks: bit i of lo
// for cell i (0 to 63), bit i-64 of hi for cell i (64 to 80). A loop over
// their bits visits the givens with one loop exit for each mask, where a
// loop over the bytes of each word has one for each word with a given:
// each exit is a branch that the processor mostly mispredicts.
func Givens(g *[81]uint8) (lo, hi uint64) {
	// Written out word by word: the loop's counter, the choice of mask
	// and the shift by position cost a third of its instructions.
	lo = mask(g[0:]) | mask(g[8:])<<8 | mask(g[16:])<<16 | mask(g[24:])<<24 |
		mask(g[32:])<<32 | mask(g[40:])<<40 | mask(g[48:])<<48 | mask(g[56:])<<56
	hi = mask(g[64:]) | mask(g[72:])<<8
	if g[80] != 0 {
		hi |= 1 << 16
	}
	return lo, hi
}

// mask returns the cells of the eight at the start of b that are not 0,
// bit k for b[k].
func mask(b []uint8) uint64 {
	const lows, gather = 0x7f7f7f7f7f7f7f7f, 0x0102040810204080
	x := binary.LittleEndian.Uint64(b)
	// The top bit of each byte that is not 0, moved to bit 0 of its byte,
	// and the eight bits gathered into the top byte of the product (no
	// two partial products meet in a bit).
	nz := ((x&lows + lows) | x) >> 7 & 0x0101010101010101
	return nz * gather >> 56
}
