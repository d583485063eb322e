package se

import (
	"math/bits"

	"github.com/godoku/sudoku/internal/board"
)

// Chains, as Sudoku Explainer builds them.
//
// A potential is a candidate that is on (the cell holds the digit) or off
// (it does not): p = 2k + on, where k = cell*9 + digit-1 is the candidate,
// so potentials run from 0 to 1457. Chains grow breadth first from one
// assumed potential by two kinds of links, in Sudoku Explainer's order:
//
//   - on to off: the cell's other candidates (unless the chain is X only),
//     then the digit in the cell's peers, box first, then row, then column;
//   - off to on: the cell's last other candidate (unless X only), then the
//     last other place of the digit in the box, the row, the column.
//
// Every potential reached records its parents: the potential it came from,
// and in dynamic chains the "hidden" parents, the candidates that earlier
// steps of the chain removed and without which the link would not hold.
// A hint's complexity is the number of distinct potentials among the
// ancestors of its targets (summed over targets), and its difficulty is
// the technique's base plus 0.1 for each step of length past 4, 6, 8, 12,
// 16, 24, ... (lengthDiff).

type chainMode int

const (
	modeNishio   chainMode = iota // dynamic, X links only, contradictions only
	modeMultiple                  // static, region and cell forcing chains
	modeDynamic                   // everything, links on the changing grid
)

const numPots = 1458

func potOf(c, d int, on bool) int {
	p := board.Cand(c, d) * 2
	if on {
		p++
	}
	return p
}
func potCell(p int) int   { return p >> 1 / 9 }
func potDigit(p int) int  { return p>>1%9 + 1 }
func potOn(p int) bool    { return p&1 == 1 }
func conjugate(p int) int { return p ^ 1 }

// potSet is a set of potentials.
type potSet [(numPots + 63) / 64]uint64

func (s *potSet) add(p int)      { s[p>>6] |= 1 << (p & 63) }
func (s *potSet) has(p int) bool { return s[p>>6]&(1<<(p&63)) != 0 }

// lengthDiff is the difficulty Sudoku Explainer adds for a chain's
// complexity, summed in steps of 0.1 as it does.
func lengthDiff(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// Causes of an on potential: the rule that turned it on.
const (
	causeNone   uint8 = iota // the assumption itself
	causeSingle              // the cell's last candidate
	causeBox                 // the digit's last place in a unit
	causeRow
	causeCol
	causeAdvanced // an off potential deduced by another rule
)

func unitCause(u int) uint8 {
	switch {
	case u >= firstBox:
		return causeBox
	case u >= firstCol:
		return causeCol
	}
	return causeRow
}

// onLink is a potential that an off potential turns on, with the rule.
type onLink struct {
	p     int
	cause uint8
	unit  int8 // the unit for a hidden single, else -1
}

// offToOn appends to out the potentials that p (off) turns on: with y,
// the cell's other candidate when it has two; with x, the other place of
// the digit in each unit where it has two. Duplicates are dropped.
func offToOn(g *grid, p int, y, x bool, out []onLink) []onLink {
	c, d := potCell(p), potDigit(p)
	if y && popcount(g.cand[c]) == 2 {
		o := lowDigit(g.cand[c] &^ (1 << d))
		out = append(out, onLink{potOf(c, o, true), causeSingle, -1})
	}
	if x {
		start := len(out)
	units:
		for i, u := range regionsOf[c] {
			m := g.upos[d][u]
			if popcount(m) != 2 {
				continue
			}
			q := potOf(int(unitCells[u][lowDigit(m&^bitIn[c][i])]), d, true)
			for _, l := range out[start:] {
				if l.p == q {
					continue units
				}
			}
			out = append(out, onLink{q, unitCause(int(u)), u})
		}
	}
	return out
}

// chainHint is a hint found by chaining, with what Sudoku Explainer sorts
// them by: difficulty, then complexity, then a key by kind.
type chainHint struct {
	hint
	complexity int
	sortKey    int
}

// better reports whether a sorts before b (for equal keys the first
// found stays first).
func (a *chainHint) better(b *chainHint) bool {
	if a.diff != b.diff {
		return a.diff < b.diff
	}
	if a.complexity != b.complexity {
		return a.complexity < b.complexity
	}
	return a.sortKey < b.sortKey
}

// causeUnit returns the unit of cell c that a hidden single cause names.
func causeUnit(cause uint8, c int) int {
	switch cause {
	case causeBox:
		return int(cellBox[c])
	case causeRow:
		return int(cellRow[c])
	}
	return int(cellCol[c])
}

// onToOffLinks appends the potentials that p (on) turns off, with the
// rule of each link, in Sudoku Explainer's order: with y, the cell's other
// candidates; then the digit in the cell's box, the rest of its row, the
// rest of its column.
func onToOffLinks(g *grid, p int, y bool, out []onLink) []onLink {
	c, d := potCell(p), potDigit(p)
	if y {
		for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, onLink{potOf(c, lowDigit(m), false), causeSingle, -1})
		}
	}
	pd := g.pos[d]
	for i, cause := range [3]uint8{causeBox, causeRow, causeCol} {
		hp := &houseParts[c][i]
		w0, w1 := pd[0]&hp[0], pd[1]&hp[1]
		for ; w0 != 0; w0 &= w0 - 1 {
			out = append(out, onLink{potOf(bits.TrailingZeros64(w0), d, false), cause, -1})
		}
		for ; w1 != 0; w1 &= w1 - 1 {
			out = append(out, onLink{potOf(64+bits.TrailingZeros64(w1), d, false), cause, -1})
		}
	}
	return out
}
