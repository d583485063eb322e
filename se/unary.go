package se

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
// when it leads back to the start.

// uNode is a potential reached by a unary chain, with its one parent and
// the rule of the link that reached it.
type uNode struct {
	p      int
	parent int32
	cause  uint8
	layer  int16 // on potentials: the search layer (the start is 0)
}

// linkTab holds the links of one grid: for each candidate k, the off
// potentials it turns off when on (weak links), and the on potentials it
// turns on when off (strong links).
type linkTab struct {
	weakStart  [730]int32
	weak       []onLink // peers with the same digit, in house order
	strongCell [729]int16
	strongN    [729]uint8
	strong     [729][3]onLink // other place of the digit in the box, row, column
}

func (t *linkTab) build(g *grid) {
	t.weak = t.weak[:0]
	for k := range 729 {
		t.weakStart[k] = int32(len(t.weak))
		c, d := k/9, k%9+1
		t.strongCell[k] = -1
		t.strongN[k] = 0
		if !g.has(c, d) {
			continue
		}
		t.weak = onToOffLinks(g, potOf(c, d, true), false, t.weak)
		if popcount(g.cand[c]) == 2 {
			t.strongCell[k] = int16(potOf(c, lowDigit(g.cand[c]&^(1<<d)), true))
		}
		n := 0
	units:
		for i, u := range regionsOf[c] {
			m := g.upos[d][u]
			if popcount(m) != 2 {
				continue
			}
			q := potOf(int(unitCells[u][lowDigit(m&^bitIn[c][i])]), d, true)
			for _, l := range t.strong[k][:n] {
				if l.p == q {
					continue units
				}
			}
			t.strong[k][n] = onLink{q, unitCause(int(u)), u}
			n++
		}
		t.strongN[k] = uint8(n)
	}
	t.weakStart[729] = int32(len(t.weak))
}

// unaryWork is the scratch space of the unary searches on one grid.
type unaryWork struct {
	links    linkTab
	scc      sccWork
	nodes    []uNode
	layer    []int32
	next     []int32
	found    []int32
	stamp    int32
	onSeen   [numPots]int32 // stamp when the on potential is in the chain
	offSeen  [numPots]int32 // stamp when the off potential has been followed
	relevant [numPots]int32 // stamp when the on potential may close a cycle
	qs       []int          // the off potentials that turn the start on
	pred     []int
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
	remaining := 0
	for _, q := range w.qs {
		for _, u := range w.preds(g, q, y) {
			if u != src && w.relevant[u] != st {
				w.relevant[u] = st
				remaining++
			}
		}
	}
	w.onSeen[src] = st
	w.layer = append(w.layer[:0], w.node(src, -1, causeNone, 0))
	for len(w.layer) > 0 {
		w.next = w.next[:0]
		for _, u := range w.layer {
			if remaining == 0 && (!forcing || target >= 0) {
				return target
			}
			up := w.nodes[u].p
			if w.relevant[up] == st {
				remaining--
			}
			ul := w.nodes[u].layer
			k := up >> 1
			c, d := potCell(up), potDigit(up)
			// The cell's other candidates, then the digit's peers.
			var others uint16
			if y {
				others = g.cand[c] &^ (1 << d)
			}
			wi, we := w.links.weakStart[k], w.links.weakStart[k+1]
			for {
				var q int
				var qc uint8
				if others != 0 {
					q, qc = potOf(c, lowDigit(others), false), causeSingle
					others &= others - 1
				} else if wi < we {
					l := w.links.weak[wi]
					q, qc = l.p, l.cause
					wi++
				} else {
					break
				}
				if forcing && target < 0 && q == conjugate(src) {
					target = w.node(q, u, qc, 0)
				}
				if w.offSeen[q] == st && !w.closes(q) {
					continue
				}
				w.follow(u, ul, q, qc, src, y, x, st)
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

// preds returns the on potentials that turn off potential q off in a
// pass: the cell's other candidates (with y) and the digit's peers.
func (w *unaryWork) preds(g *grid, q int, y bool) []int {
	w.pred = w.pred[:0]
	c, d := potCell(q), potDigit(q)
	if y {
		for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
			w.pred = append(w.pred, potOf(c, lowDigit(m), true))
		}
	}
	for _, l := range w.links.weak[w.links.weakStart[q>>1]:w.links.weakStart[q>>1+1]] {
		w.pred = append(w.pred, conjugate(l.p))
	}
	return w.pred
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
			c, d := potCell(up), potDigit(up)
			k := up >> 1
			if y {
				for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
					if q := potOf(c, lowDigit(m), false); w.offSeen[q] != st {
						w.offSeen[q] = st
						offs = append(offs, w.node(q, un, causeSingle, 0))
					}
				}
			}
			for _, l := range w.links.weak[w.links.weakStart[k]:w.links.weakStart[k+1]] {
				if w.offSeen[l.p] != st {
					w.offSeen[l.p] = st
					offs = append(offs, w.node(l.p, un, l.cause, 0))
				}
			}
		}
	}
	return -1
}

// unaryHints calls f with every cycle and forcing chain hint of one pass
// (X links, Y links or both), in Sudoku Explainer's order, with its
// targets' chains when seqs is set. w.links must hold g's links.
func (w *unaryWork) unaryHints(g *grid, y, x, seqs bool, f func(*chainHint, [][]seqItem)) {
	useSCC := sccMode == 0 || (sccMode == 1 && x && y)
	if useSCC {
		w.scc.components(g, &w.links, y, x)
	}
	for c := range 81 {
		n := popcount(g.cand[c])
		if g.val[c] != 0 || n <= 1 || (n > 2 && !x) {
			continue
		}
		for m := g.cand[c]; m != 0; m &= m - 1 {
			d := lowDigit(m)
			src := potOf(c, d, true)
			forcing := x && (!useSCC || w.scc.reaches(src, conjugate(src)))
			t := int32(-1)
			w.found = w.found[:0]
			if forcing || !useSCC || w.scc.onCycle(src) {
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
			if t >= 0 {
				if h, ok := w.forcingHint(g, t, y, x); ok {
					var ss [][]seqItem
					if seqs {
						ss = [][]seqItem{w.pathSeq(t)}
					}
					f(h, ss)
				}
			}
			if useSCC && !w.scc.reaches(conjugate(src), src) {
				continue
			}
			if t := w.fromOff(g, conjugate(src), y); t >= 0 {
				if h, ok := w.forcingHint(g, t, y, x); ok {
					var ss [][]seqItem
					if seqs {
						ss = [][]seqItem{w.pathSeq(t)}
					}
					f(h, ss)
				}
			}
		}
	}
}

// allUnary calls f with the hints of the three passes in Sudoku
// Explainer's order: X links, Y links, both.
func (w *unaryWork) allUnary(g *grid, seqs bool, f func(*chainHint, [][]seqItem)) {
	w.links.build(g)
	for _, pass := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		w.unaryHints(g, pass[0], pass[1], seqs, f)
	}
}

// unary finds the easiest bidirectional cycle or forcing X- or XY-chain
// (6.5 and up).
func (ch *chainer) unary() (hint, bool) {
	var best *chainHint
	ch.uw.allUnary(ch.r.g, false, func(h *chainHint, _ [][]seqItem) {
		if best == nil || h.better(best) {
			best = h
		}
	})
	if best == nil {
		return hint{}, false
	}
	return best.hint, true
}

var sccMode = 1
