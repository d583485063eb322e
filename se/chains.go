package se

import "math/bits"

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
	p := (c*9 + d - 1) * 2
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
func (s *potSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

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

// pathLen returns the number of distinct potentials from node i back to
// the start of its chain.
func (w *unaryWork) pathLen(i int32) int {
	var seen potSet
	n := 0
	for j := i; j >= 0; j = w.nodes[j].parent {
		if p := w.nodes[j].p; !seen.has(p) {
			seen.add(p)
			n++
		}
	}
	return n
}

// pathSeq lists the chain of node i as Sudoku Explainer's getChain: from
// i back to the start, each potential once.
func (w *unaryWork) pathSeq(i int32) []seqItem {
	var seen potSet
	var s []seqItem
	for j := i; j >= 0; j = w.nodes[j].parent {
		nd := &w.nodes[j]
		if !seen.has(nd.p) {
			seen.add(nd.p)
			s = append(s, seqItem{int16(nd.p), nd.cause})
		}
	}
	return s
}

// cycleSeqs returns the chains of a cycle's two targets: the cycle from
// node i, and the same cycle reversed, each potential flipped and keeping
// its cause (Sudoku Explainer's getReversedCycle).
func (w *unaryWork) cycleSeqs(i int32) [][]seqItem {
	fwd := w.pathSeq(i)
	var path []int32
	for j := i; j >= 0; j = w.nodes[j].parent {
		path = append(path, j)
	}
	var rev []seqItem
	for k := len(path) - 1; k >= 1; k-- {
		nd := &w.nodes[path[k]]
		rev = append(rev, seqItem{int16(conjugate(nd.p)), nd.cause})
	}
	return [][]seqItem{fwd, rev}
}

func (w *unaryWork) cycleHint(g *grid, i int32, y, x bool) (*chainHint, bool) {
	var cells board
	for j := i; w.nodes[j].parent >= 0; j = w.nodes[j].parent {
		cells.set(potCell(w.nodes[j].p))
	}
	var forw, back potSet
	for j := i; w.nodes[j].parent >= 0; j = w.nodes[j].parent {
		p := w.nodes[j].p
		d := potDigit(p)
		for _, o := range house[potCell(p)] {
			if !cells.has(int(o)) && g.has(int(o), d) {
				if potOn(p) {
					forw.add(potOf(int(o), d, false))
				} else {
					back.add(potOf(int(o), d, false))
				}
			}
		}
	}
	h := &chainHint{hint: hint{cell: -1}}
	for k := range forw {
		for m := forw[k] & back[k]; m != 0; m &= m - 1 {
			p := k*64 + bits.TrailingZeros64(m)
			h.elims = append(h.elims, cand(potCell(p), potDigit(p)))
		}
	}
	if len(h.elims) == 0 {
		return nil, false
	}
	h.complexity = w.pathLen(i)
	base := 6.5
	switch {
	case x && y:
		h.name, h.sortKey, base = "Bidirectional Cycle", 4, 7.0
	case y:
		h.name, h.sortKey = "Bidirectional Y-Cycle", 3
	default:
		h.name, h.sortKey = "Bidirectional X-Cycle", 2
		if cells.count() == 4 {
			h.name = "Generalized X-Wing"
		}
	}
	h.diff = base + lengthDiff(h.complexity)
	return h, true
}

func (w *unaryWork) forcingHint(g *grid, i int32, y, x bool) (*chainHint, bool) {
	t := w.nodes[i].p
	c, d := potCell(t), potDigit(t)
	h := &chainHint{hint: hint{cell: -1}}
	if potOn(t) {
		for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
			h.elims = append(h.elims, cand(c, lowDigit(m)))
		}
		if len(h.elims) == 0 {
			return nil, false
		}
		h.cell, h.digit = c, d
	} else {
		h.elims = []int16{cand(c, d)}
	}
	h.complexity = w.pathLen(i)
	base := 6.6
	switch {
	case x && y:
		h.name, h.sortKey, base = "Forcing Chain", 4, 7.0
	default:
		h.name, h.sortKey = "Forcing X-Chain", 2
		if h.complexity == 6 {
			h.name = "Turbot Fish"
		}
	}
	h.diff = base + lengthDiff(h.complexity)
	return h, true
}
