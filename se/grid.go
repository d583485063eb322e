package se

import (
	"math/bits"
	"slices"

	"github.com/godoku/sudoku"
)

// The board as Sudoku Explainer sees it while rating.
//
// A grid holds, for every cell, its value (0 when empty) and its
// candidates, the digits it may still take, as a bit set: bit d for digit
// d, bits 1 to 9. A filled cell has no candidates at all, as in Sudoku
// Explainer, so "has candidate d" never holds for it.
//
// pos[d] mirrors the candidates by digit: the set of cells where digit d is
// still a candidate, as a 81-bit board (cells 0-63 in word 0, 64-80 in
// word 1). The positions of d in a unit are then one AND with the unit's
// mask; chains and fish count them constantly.
//
//	cand[c]:  . 9 8 7 6 5 4 3 2 1 .    (bit 0 unused)
//	pos[d]:   [0] cells 0..63, [1] cells 64..80
//
// A candidate is numbered k = cell*9 + digit-1 (0 to 728), a potential
// (a candidate that is on or off) p = 2k + on.

type board [2]uint64

func (b *board) set(c int)        { b[c>>6] |= 1 << (c & 63) }
func (b *board) clear(c int)      { b[c>>6] &^= 1 << (c & 63) }
func (b board) has(c int) bool    { return b[c>>6]&(1<<(c&63)) != 0 }
func (b board) and(o board) board { return board{b[0] & o[0], b[1] & o[1]} }
func (b board) count() int        { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }
func (b board) empty() bool       { return b[0]|b[1] == 0 }

// first returns the lowest cell of b, or -1.
func (b board) first() int {
	if b[0] != 0 {
		return bits.TrailingZeros64(b[0])
	}
	if b[1] != 0 {
		return 64 + bits.TrailingZeros64(b[1])
	}
	return -1
}

type grid struct {
	cand [81]uint16
	val  [81]uint8
	pos  [10]board
	upos [10][27]uint16 // the places of digit d in unit u, by index in the unit
}

// Geometry in Sudoku Explainer's orders, derived once from package sudoku.
var (
	unitCells [27][9]int8 // cells of a unit in increasing order
	unitMask  [27]board
	cellBox   [81]int8 // unit numbers of a cell's box, row and column
	cellRow   [81]int8
	cellCol   [81]int8
	// house lists the 20 peers of a cell in Sudoku Explainer's order:
	// the box, then the rest of the row, then the rest of the column.
	house     [81][20]int8
	houseMask [81]board
	// houseParts splits a cell's peers as house orders them: its box, the
	// rest of its row, the rest of its column.
	houseParts [81][3]board
	// regionsOf lists a cell's units in Sudoku Explainer's region type
	// order: box, row, column.
	regionsOf [81][3]int8
	// bitIn holds, for each cell, its bit in the masks of its box, row
	// and column (indexes as in regionsOf).
	bitIn [81][3]uint16
)

// Unit number ranges by kind, as in package sudoku.
const (
	firstRow = sudoku.FirstRow
	firstCol = sudoku.FirstCol
	firstBox = sudoku.FirstBox
)

func init() {
	for u := range 27 {
		for i, c := range sudoku.UnitCells(u) {
			unitCells[u][i] = int8(c)
			unitMask[u].set(c)
		}
	}
	for c := range 81 {
		us := sudoku.CellUnits(c)
		cellRow[c], cellCol[c], cellBox[c] = int8(us[0]), int8(us[1]), int8(us[2])
		regionsOf[c] = [3]int8{cellBox[c], cellRow[c], cellCol[c]}
		for i, u := range regionsOf[c] {
			bitIn[c][i] = 1 << indexIn(int(u), c)
		}
		n := 0
		var seen board
		for _, u := range regionsOf[c] {
			for _, o := range unitCells[u] {
				if int(o) != c && !seen.has(int(o)) {
					seen.set(int(o))
					house[c][n] = o
					n++
				}
			}
		}
		houseMask[c] = seen
		bx, rw, cl := unitMask[cellBox[c]], unitMask[cellRow[c]], unitMask[cellCol[c]]
		houseParts[c][0] = bx
		houseParts[c][0].clear(c)
		houseParts[c][1] = board{rw[0] &^ bx[0], rw[1] &^ bx[1]}
		houseParts[c][2] = board{cl[0] &^ bx[0], cl[1] &^ bx[1]}
	}
	initCrossing()
	initSegFit()
}

// indexIn returns the index of cell c within unit u (0 to 8).
func indexIn(u, c int) int {
	switch {
	case u < firstCol:
		return c % 9
	case u < firstBox:
		return c / 9
	}
	return c/9%3*3 + c%3
}

func newGrid(g *sudoku.Grid) *grid {
	var s grid
	for c := range 81 {
		if v := g[c]; v != 0 {
			s.val[c] = v
		} else {
			s.cand[c] = uint16(sudoku.AllDigits)
		}
	}
	for c := range 81 {
		if v := s.val[c]; v != 0 {
			for _, o := range house[c] {
				s.cand[o] &^= 1 << v
			}
		}
	}
	for c := range 81 {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			s.pos[d].set(c)
			for i, u := range regionsOf[c] {
				s.upos[d][u] |= bitIn[c][i]
			}
		}
	}
	return &s
}

func (g *grid) has(c, d int) bool { return g.cand[c]&(1<<d) != 0 }

func (g *grid) remove(c, d int) {
	if g.cand[c]&(1<<d) == 0 {
		return
	}
	g.cand[c] &^= 1 << d
	g.pos[d].clear(c)
	r := &regionsOf[c]
	b := &bitIn[c]
	g.upos[d][r[0]] &^= b[0]
	g.upos[d][r[1]] &^= b[1]
	g.upos[d][r[2]] &^= b[2]
}

// removeMask removes the digits of m from cell c.
func (g *grid) removeMask(c int, m uint16) {
	for m &= g.cand[c]; m != 0; m &= m - 1 {
		g.remove(c, bits.TrailingZeros16(m))
	}
}

// place fills cell c with d and removes d from its peers, as Sudoku
// Explainer's setValueAndCancel.
func (g *grid) place(c, d int) {
	g.removeMask(c, g.cand[c])
	g.val[c] = uint8(d)
	for _, o := range house[c] {
		g.remove(int(o), d)
	}
}

// positions returns the cells of unit u where d is a candidate.
func (g *grid) positions(u, d int) board { return g.pos[d].and(unitMask[u]) }

// posMask returns the positions of d in unit u as a 9-bit mask of indexes
// within the unit.
func (g *grid) posMask(u, d int) uint16 { return g.upos[d][u] }

// emptyCount returns the number of empty cells of unit u.
func (g *grid) emptyCount(u int) int {
	n := 0
	for _, c := range unitCells[u] {
		if g.val[c] == 0 {
			n++
		}
	}
	return n
}

func (g *grid) solved() bool {
	for _, v := range g.val {
		if v == 0 {
			return false
		}
	}
	return true
}

func popcount(m uint16) int { return bits.OnesCount16(m) }
func lowDigit(m uint16) int { return bits.TrailingZeros16(m) }

// crossing lists, for each unit and each kind of unit (rows, columns,
// boxes), the units of that kind that cross it, in increasing order.
var crossing [27][3][]int8

// segOf holds, for units u and v, the indexes within u of the cells they
// share, as a mask.
var segOf [27][27]uint16

// A box and a line cross in one of three segments of either. segFit
// finds the segment that holds a set of places at once, for locking:
// segFit[segPattern[u][k]][p] is the index j such that the places p of
// unit u (a mask within u) all lie in segOf[u][crossing[u][k][j]], or
// -1. Boxes crossing rows and lines crossing boxes share the pattern of
// three runs of three; boxes crossing columns take every third cell.
var (
	segFit     [][512]int8
	segPattern [27][3]int8
)

func initCrossing() {
	for u := range 27 {
		for v := range 27 {
			if crosses(u, v) {
				crossing[u][v/9] = append(crossing[u][v/9], int8(v))
				for i, c := range unitCells[u] {
					if unitMask[v].has(int(c)) {
						segOf[u][v] |= 1 << i
					}
				}
			}
		}
	}
}

func initSegFit() {
	var patterns [][3]uint16
	for u := range 27 {
		for k := range 3 {
			segPattern[u][k] = -1
			if len(crossing[u][k]) != 3 {
				continue
			}
			var pat [3]uint16
			for j, v := range crossing[u][k] {
				pat[j] = segOf[u][v]
			}
			i := slices.Index(patterns, pat)
			if i < 0 {
				i = len(patterns)
				patterns = append(patterns, pat)
				var fit [512]int8
				for p := range fit {
					fit[p] = -1
					for j, seg := range pat {
						if p != 0 && uint16(p)&^seg == 0 {
							fit[p] = int8(j)
							break
						}
					}
				}
				segFit = append(segFit, fit)
			}
			segPattern[u][k] = int8(i)
		}
	}
}

// crosses reports whether units a and b intersect and differ.
func crosses(a, b int) bool { return a != b && !unitMask[a].and(unitMask[b]).empty() }
