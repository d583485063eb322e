package se

import (
	"math/bits"

	"github.com/godoku/sudoku/internal/board"
)

// The unary chains of Sudoku Explainer (6.5 to about 7.x): bidirectional
// cycles and forcing chains grown from one candidate, with X links (one
// digit), Y links (bivalue cells) or both.
//
// Sudoku Explainer grows, from each candidate assumed on, one breadth
// first search for cycles (off potentials may be reached again along
// other paths, on potentials once) and another for forcing chains (each
// potential once), then a third from the candidate assumed off. The on
// potentials and their parents come out the same in the first two, so one
// search here serves both: it records where the chain first turns the
// candidate itself off (the forcing chain) and every way it comes back to
// the candidate after four links or more (the cycles). An off potential
// reached again can only matter for a cycle, so it is followed again only
// when it leads back to the start, and the search ends once every on
// potential that could close a cycle has been expanded. The strongly
// connected components (scc.go) of the graph with both kinds of links
// tell beforehand which searches cannot find anything, in all three
// passes: the graphs of X links and of Y links are parts of that graph.

// uNode is a potential reached by a unary chain, with its one parent and
// the rule of the link that reached it.
type uNode struct {
	p      int
	parent int32
	cause  uint8
	layer  int16 // on potentials: the search layer (the start is 0)
}

// linkTab holds the links of one grid, as the graph with both kinds of
// links over its potentials: adjacency lists, adj[adjStart[p]:adjStart[p+1]]
// for potential p. From an off potential they are its strong links (the
// cell's partner, then the digit's partners in its units), from an on
// potential its weak links (the cell's other candidates, in digit order,
// then the digit's peers in house order). The X and Y passes take parts
// of the lists: a weak link's rule follows from the two cells (weakCause).
// The strong links are also kept with their rules.
type linkTab struct {
	adjStart   [numPots + 1]int32
	adj        []int16
	strongCell [729]int16
	strongN    [729]uint8
	strong     [729][3]onLink // other place of the digit in the box, row, column
	buf        []onLink
	// kinds tells a candidate's strong links apart: linkY when its cell
	// has two candidates, linkX when a unit has two places for its digit;
	// an off potential without the kinds of a pass turns nothing on.
	kinds [729]uint8
}

// The kinds of strong links, as passes use them.
const (
	linkY uint8 = 1 << iota
	linkX
)

// passKinds returns the kinds of strong links a pass follows.
func passKinds(y, x bool) uint8 {
	var k uint8
	if y {
		k |= linkY
	}
	if x {
		k |= linkX
	}
	return k
}

// weakOf returns the weak links of on potential p: the off potentials of
// the cell's other candidates (with y), then of the digit's peers.
func (t *linkTab) weakOf(g *grid, p int, y bool) []int16 {
	ls := t.adj[t.adjStart[p]:t.adjStart[p+1]]
	if !y {
		ls = ls[popcount(g.cand[potCell(p)])-1:]
	}
	return ls
}

// weakCause returns the rule of the weak link from cell c to cell o:
// causeSingle within the cell, else the first of the box, row and column
// that holds both, as house orders a cell's peers.
func weakCause(c, o int) uint8 {
	switch {
	case c == o:
		return causeSingle
	case cellBox[c] == cellBox[o]:
		return causeBox
	case cellRow[c] == cellRow[o]:
		return causeRow
	}
	return causeCol
}

func (t *linkTab) build(g *grid) {
	// Only candidates' lists are read: each candidate's end is where the
	// next potential starts, whether it is a candidate or not.
	adj := t.adj[:0]
	for c := range 81 {
		for m := g.cand[c]; m != 0; m &= m - 1 {
			adj = t.addCandidate(g, c, lowDigit(m), adj)
		}
	}
	t.adj = adj
}

// addCandidate appends to adj the lists of candidate (c, d)'s potentials.
// Only candidates' entries are set: no search asks for others.
func (t *linkTab) addCandidate(g *grid, c, d int, adj []int16) []int16 {
	k := board.Cand(c, d)
	t.adjStart[2*k] = int32(len(adj))
	t.strongCell[k] = -1
	t.strongN[k] = 0
	t.kinds[k] = 0
	t.buf = offToOn(g, potOf(c, d, false), true, true, t.buf[:0])
	for _, l := range t.buf {
		if l.cause == causeSingle {
			t.strongCell[k] = int16(l.p)
			t.kinds[k] |= linkY
		} else {
			t.strong[k][t.strongN[k]] = l
			t.strongN[k]++
			t.kinds[k] |= linkX
		}
		adj = append(adj, int16(l.p)) // the cell's partner comes first
	}
	t.adjStart[2*k+1] = int32(len(adj))
	for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
		adj = append(adj, int16(potOf(c, lowDigit(m), false)))
	}
	pd := g.pos[d]
	for _, hp := range &houseParts[c] {
		for w0 := pd[0] & hp[0]; w0 != 0; w0 &= w0 - 1 {
			adj = append(adj, int16(potOf(bits.TrailingZeros64(w0), d, false)))
		}
		for w1 := pd[1] & hp[1]; w1 != 0; w1 &= w1 - 1 {
			adj = append(adj, int16(potOf(64+bits.TrailingZeros64(w1), d, false)))
		}
	}
	t.adjStart[2*k+2] = int32(len(adj))
	return adj
}

// unaryWork is the scratch space of the unary searches on one grid.
type unaryWork struct {
	links    linkTab
	scc      sccWork
	sccValid bool // links and scc are those of the grid sccCand
	starts   []start
	sccCand  [81]uint16
	nodes    []uNode
	layer    []int32
	next     []int32
	found    []int32
	stamp    int32
	onSeen   [numPots]int32 // stamp when the on potential is in the chain
	offSeen  [numPots]int32 // stamp when the off potential has been followed
	relevant [numPots]int32 // stamp when the on potential may close a cycle
	qs       []int          // the off potentials that turn the start on

	unfiltered bool // search from every candidate, to the end, for tests of the filters
}

func (w *unaryWork) node(p int, parent int32, cause uint8, layer int16) int32 {
	w.nodes = append(w.nodes, uNode{p, parent, cause, layer})
	return int32(len(w.nodes) - 1)
}

// isParent reports whether p is a strict ancestor of node i.
func (w *unaryWork) isParent(i int32, p int) bool {
	for j := w.nodes[i].parent; j >= 0; j = w.nodes[j].parent {
		if w.nodes[j].p == p {
			return true
		}
	}
	return false
}

// fromOn grows the chain of candidate src assumed on. It returns the
// node where the chain first turns src off (-1 if never, or if forcing
// is unset) and appends to w.found every node where it comes back to src
// (cycles).
func (w *unaryWork) fromOn(g *grid, src int, y, x, forcing bool) int32 {
	w.nodes, w.found = w.nodes[:0], w.found[:0]
	w.stamp++
	st := w.stamp
	target := int32(-1)
	// The on potentials whose links may close a cycle: those that turn
	// off a potential that turns src on. Once all are expanded (and the
	// forcing chain, if wanted, is found), nothing more can come.
	w.qs = w.qs[:0]
	k0 := src >> 1
	if y && w.links.strongCell[k0] >= 0 {
		w.qs = append(w.qs, conjugate(int(w.links.strongCell[k0])))
	}
	if x {
		for _, l := range w.links.strong[k0][:w.links.strongN[k0]] {
			w.qs = append(w.qs, conjugate(l.p))
		}
	}
	// Links are symmetric: the on potentials that turn (c, d) off are
	// those of the potentials that (c, d) on turns off.
	remaining := 0
	for _, q := range w.qs {
		for _, l := range w.links.weakOf(g, conjugate(q), y) {
			if u := conjugate(int(l)); u != src && w.relevant[u] != st {
				w.relevant[u] = st
				remaining++
			}
		}
	}
	w.onSeen[src] = st
	w.layer = append(w.layer[:0], w.node(src, -1, causeNone, 0))
	kinds := passKinds(y, x)
	for len(w.layer) > 0 {
		w.next = w.next[:0]
		for _, u := range w.layer {
			if remaining == 0 && (!forcing || target >= 0) && !w.unfiltered {
				return target
			}
			up := w.nodes[u].p
			if w.relevant[up] == st {
				remaining--
			}
			ul := w.nodes[u].layer
			c := potCell(up)
			for _, q16 := range w.links.weakOf(g, up, y) {
				q := int(q16)
				if forcing && target < 0 && q == conjugate(src) {
					target = w.node(q, u, weakCause(c, potCell(q)), 0)
				}
				if w.links.kinds[q>>1]&kinds == 0 {
					continue // q turns nothing on in this pass
				}
				if w.offSeen[q] == st && !w.closes(q) {
					continue
				}
				w.follow(u, ul, q, weakCause(c, potCell(q)), src, y, x, st)
			}
		}
		w.layer, w.next = w.next, w.layer
	}
	return target
}

// closes reports whether off potential q turns the search's start on.
func (w *unaryWork) closes(q int) bool {
	for _, o := range w.qs {
		if o == q {
			return true
		}
	}
	return false
}

// follow takes the off potential q reached from on node u (on layer ul)
// to the on potentials it forces, creating nodes for the new ones and
// for the cycles back to src.
func (w *unaryWork) follow(u int32, ul int16, q int, qc uint8, src int, y, x bool, st int32) {
	k := q >> 1
	qn := int32(-1)
	first := w.offSeen[q] != st
	w.offSeen[q] = st
	var cell [1]onLink
	var ls []onLink
	if y && w.links.strongCell[k] >= 0 {
		cell[0] = onLink{int(w.links.strongCell[k]), causeSingle, -1}
		ls = cell[:]
	}
	for pass := 0; pass < 2; pass++ {
		if pass == 1 {
			if !x {
				break
			}
			ls = w.links.strong[k][:w.links.strongN[k]]
		}
		for _, l := range ls {
			if l.p == src {
				if ul >= 1 && !w.isParent(u, q) {
					if qn < 0 {
						qn = w.node(q, u, qc, 0)
					}
					w.found = append(w.found, w.node(src, qn, l.cause, 0))
				}
				continue
			}
			if !first || w.onSeen[l.p] == st {
				continue
			}
			w.onSeen[l.p] = st
			if qn < 0 {
				qn = w.node(q, u, qc, 0)
			}
			w.next = append(w.next, w.node(l.p, qn, l.cause, ul+1))
		}
		ls = nil
	}
}

// fromOff grows the chain of candidate src assumed off and returns the
// node where it first turns src on, or -1.
func (w *unaryWork) fromOff(g *grid, src int, y bool) int32 {
	w.nodes = w.nodes[:0]
	w.stamp++
	st := w.stamp
	w.offSeen[src] = st
	offs := append(w.layer[:0], w.node(src, -1, causeNone, 0))
	ons := w.next[:0]
	defer func() { w.layer, w.next = offs, ons }()
	for len(offs) > 0 {
		ons = ons[:0]
		for _, qn := range offs {
			q := w.nodes[qn].p
			k := q >> 1
			var cell [1]onLink
			ls := cell[:0]
			if y && w.links.strongCell[k] >= 0 {
				cell[0] = onLink{int(w.links.strongCell[k]), causeSingle, -1}
				ls = cell[:1]
			}
			for pass := 0; pass < 2; pass++ {
				if pass == 1 {
					ls = w.links.strong[k][:w.links.strongN[k]]
				}
				for _, l := range ls {
					if l.p == conjugate(src) {
						return w.node(l.p, qn, l.cause, 0)
					}
					if w.onSeen[l.p] != st {
						w.onSeen[l.p] = st
						ons = append(ons, w.node(l.p, qn, l.cause, 0))
					}
				}
			}
		}
		offs = offs[:0]
		for _, un := range ons {
			up := w.nodes[un].p
			for _, q16 := range w.links.weakOf(g, up, y) {
				if q := int(q16); w.offSeen[q] != st {
					w.offSeen[q] = st
					offs = append(offs, w.node(q, un, weakCause(potCell(up), potCell(q)), 0))
				}
			}
		}
	}
	return -1
}

// unaryHints calls f with every cycle and forcing chain hint of one pass
// (X links, Y links or both), in Sudoku Explainer's order, with its
// targets' chains when seqs is set. w.links must hold g's links, and
// w.starts the candidates to search from (findStarts).
func (w *unaryWork) unaryHints(g *grid, y, x, seqs bool, f func(*chainHint, [][]seqItem)) {
	for _, st := range w.starts {
		c, d := int(st.cell), int(st.digit)
		if !x && popcount(g.cand[c]) > 2 {
			continue
		}
		src := potOf(c, d, true)
		forcing := x && st.may&mayForceOff != 0
		t := int32(-1)
		w.found = w.found[:0]
		if forcing || st.may&mayCycle != 0 {
			t = w.fromOn(g, src, y, x, forcing)
		}
		for _, i := range w.found {
			if h, ok := w.cycleHint(g, i, y, x); ok {
				var ss [][]seqItem
				if seqs {
					ss = w.cycleSeqs(i)
				}
				f(h, ss)
			}
		}
		if !x {
			continue
		}
		w.emitForcing(g, t, y, x, seqs, f)
		if st.may&mayForceOn != 0 {
			w.emitForcing(g, w.fromOff(g, conjugate(src), y), y, x, seqs, f)
		}
	}
}

// emitForcing calls f with the forcing chain hint that ends at node t, if t
// is a node (not -1) and the chain removes anything.
func (w *unaryWork) emitForcing(g *grid, t int32, y, x, seqs bool, f func(*chainHint, [][]seqItem)) {
	if t < 0 {
		return
	}
	if h, ok := w.forcingHint(g, t, y, x); ok {
		var ss [][]seqItem
		if seqs {
			ss = [][]seqItem{w.pathSeq(t)}
		}
		f(h, ss)
	}
}

// start is a candidate from which the unary searches may find something
// in some pass.
type start struct {
	cell, digit int8
	may         uint8
}

// What a search may find, by the components: mayForceOff, a chain that
// turns the candidate assumed on off; mayCycle, a cycle through it
// assumed on; mayForceOn, a chain that turns it assumed off on.
const (
	mayForceOff uint8 = 1 << iota
	mayCycle
	mayForceOn
)

// findStarts fills w.starts for grid g, whose links and components w
// holds, in cell and digit order: the candidates of unsolved cells with
// two candidates or more for which the components leave a search open
// (every such candidate, with everything open, when w.unfiltered is set).
func (w *unaryWork) findStarts(g *grid) {
	w.starts = w.starts[:0]
	for c := range 81 {
		if g.val[c] != 0 || popcount(g.cand[c]) <= 1 {
			continue
		}
		for m := g.cand[c]; m != 0; m &= m - 1 {
			d := lowDigit(m)
			on := potOf(c, d, true)
			may := mayForceOff | mayCycle | mayForceOn
			if !w.unfiltered {
				may = 0
				if w.scc.reaches(on, conjugate(on)) {
					may |= mayForceOff
				}
				if w.scc.onCycle(on) {
					may |= mayCycle
				}
				if w.scc.reaches(conjugate(on), on) {
					may |= mayForceOn
				}
			}
			if may != 0 {
				w.starts = append(w.starts, start{int8(c), int8(d), may})
			}
		}
	}
}

// graphOf makes w.links and w.scc those of grid g, unless they are
// already.
func (w *unaryWork) graphOf(g *grid) {
	if w.sccValid && w.sccCand == g.cand {
		return
	}
	w.links.build(g)
	w.scc.components(g, &w.links)
	w.sccValid, w.sccCand = true, g.cand
}

// allUnary calls f with the hints of the three passes in Sudoku
// Explainer's order: X links, Y links, both.
func (w *unaryWork) allUnary(g *grid, seqs bool, f func(*chainHint, [][]seqItem)) {
	w.graphOf(g)
	w.findStarts(g)
	for _, pass := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		w.unaryHints(g, pass[0], pass[1], seqs, f)
	}
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
	var cells cellSet
	for j := i; w.nodes[j].parent >= 0; j = w.nodes[j].parent {
		cells.Add(potCell(w.nodes[j].p))
	}
	var forw, back potSet
	for j := i; w.nodes[j].parent >= 0; j = w.nodes[j].parent {
		p := w.nodes[j].p
		d := potDigit(p)
		for _, o := range house[potCell(p)] {
			if !cells.Has(int(o)) && g.has(int(o), d) {
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
		if cells.Count() == 4 {
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
