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
