package se

import (
	"errors"
	"slices"

	"github.com/godoku/sudoku/internal/board"
)

// Multiple, dynamic and nested forcing chains (Sudoku Explainer's
// Chaining with multiple or dynamic set).
//
// An engine grows one chain per assumption ("run") on its grid. A run
// alternates: it takes the oldest pending on potential if there is one,
// else the oldest pending off potential; in dynamic mode an off potential
// is struck from the grid as it is taken, so later links see the grid as
// the assumption has made it. A run stops at a contradiction, a potential
// that is both on and off. At nesting level 1 and up, when nothing is
// pending, the engine asks other rules (locking, hidden and naked pairs,
// X-Wings, and at levels 2 and up whole chaining techniques) for what they
// remove from the changed grid; those removals go on as "advanced" off
// potentials whose parents are the removals they rest on.
//
// From the runs of each cell's candidates, on and off, come the hints:
// contradictions, double implications, region forcing chains (every place
// of a digit in a unit leads to the same potential) and cell forcing
// chains (every candidate of a cell does).

// dNode is a potential reached by a run. Parents are other nodes of the
// same run: the potential it came from, then hidden or rule parents.
type dNode struct {
	p      int16
	cause  uint8
	nested int32 // the nested chain (engine.nest) of an advanced potential, or -1
	pstart int32
	pn     int32
}

// run is the outcome of one assumption: the potentials it turned on and
// off, and the contradiction it met, if any.
type run struct {
	start, end          int32 // its nodes, engine.nodes[start:end]
	on, off             potSet
	idx                 []int32 // node of each potential in on or off
	absurdOn, absurdOff int32   // the contradiction, or -1
}

// nestRec is a chain that a nested rule found: its complexity, and its
// content (targets and their chains, potential by potential), by which
// Sudoku Explainer counts equal chains once.
type nestRec struct {
	complexity int
	sig        []int16
}

// Kinds of dynamic hints, for rule parents.
const (
	hkBinary uint8 = iota
	hkCell
	hkRegion
	hkUnary
)

// dHint is a hint from an engine, with the nodes its chains end at.
type dHint struct {
	chainHint
	kind    uint8
	region  int     // hkRegion: the unit
	targets []int32 // engine nodes
}

// seqItem is one potential of a chain as Sudoku Explainer lists it
// (getChain): breadth first from the target, each potential once.
type seqItem struct {
	p     int16
	cause uint8
}

// advPot is a removal found by another rule inside a run.
type advPot struct {
	p       int
	parents []int // potentials (off) of the run
	nested  int32
}

var (
	errParent  = errors.New("se: internal error: chain parent not found")
	errStopped = errors.New("se: stopped")
)

type engine struct {
	mode  chainMode
	level int
	g     *grid
	save  grid
	err   error

	nodes   []dNode
	parents []int32
	runs    []run
	idxPool [][]int32
	memo    [729]int32 // run of each candidate's on assumption, or -1

	qOn, qOff []int32
	offs      []onLink
	ons       []onLink
	hidden    []int32
	adv       []advPot
	advPar    []int

	nest []nestRec

	// Nested rules, made on first use, and the hints they found.
	uw          *unaryWork
	kids        map[[2]int]*engine
	nestedRules []nestedRule
	cache       *nestCache

	seen  potSet
	queue []int32

	discard bool        // hints are not kept past the callback: runs may be dropped
	stop    func() bool // reports that the rating is to stop
}

func newEngine(mode chainMode, level int, g *grid) *engine {
	return &engine{mode: mode, level: level, g: g, cache: &nestCache{}}
}

// reset forgets every run, before a new search on the grid.
func (e *engine) reset() {
	e.nodes, e.parents, e.nest = e.nodes[:0], e.parents[:0], e.nest[:0]
	for i := range e.runs {
		e.idxPool = append(e.idxPool, e.runs[i].idx)
	}
	e.runs = e.runs[:0]
	for i := range e.memo {
		e.memo[i] = -1
	}
	e.err = nil
}

func (e *engine) dynamic() bool { return e.mode != modeMultiple }

func (e *engine) newRun() *run {
	var idx []int32
	if n := len(e.idxPool); n > 0 {
		idx, e.idxPool = e.idxPool[n-1], e.idxPool[:n-1]
	} else {
		idx = make([]int32, numPots)
	}
	e.runs = append(e.runs, run{idx: idx, start: int32(len(e.nodes)), absurdOn: -1, absurdOff: -1})
	return &e.runs[len(e.runs)-1]
}

func (e *engine) addNode(p int, cause uint8, parents []int32, nested int32) int32 {
	e.nodes = append(e.nodes, dNode{p: int16(p), cause: cause, nested: nested,
		pstart: int32(len(e.parents)), pn: int32(len(parents))})
	e.parents = append(e.parents, parents...)
	return int32(len(e.nodes) - 1)
}

func (r *run) register(p int, n int32) {
	if potOn(p) {
		r.on.add(p)
	} else {
		r.off.add(p)
	}
	r.idx[p] = n
}

func (r *run) get(p int) int32 {
	if (potOn(p) && r.on.has(p)) || (!potOn(p) && r.off.has(p)) {
		return r.idx[p]
	}
	return -1
}

// onRun returns the run of candidate (c, d) assumed on, reusing it when a
// region chain has already grown it: runs are a function of the grid.
func (e *engine) onRun(c, d int) int32 {
	k := board.Cand(c, d)
	if e.memo[k] < 0 {
		e.memo[k] = e.chain(potOf(c, d, true))
	}
	return e.memo[k]
}

// chain grows the run of one assumption (Sudoku Explainer's doChaining)
// and returns its index.
func (e *engine) chain(start int) int32 {
	if e.stop != nil && e.stop() {
		e.err = errStopped
	}
	dyn := e.dynamic()
	y := e.mode != modeNishio
	if dyn {
		e.save = *e.g
	}
	ri := int32(len(e.runs))
	r := e.newRun()
	n0 := e.addNode(start, causeNone, nil, -1)
	r.register(start, n0)
	e.qOn, e.qOff = e.qOn[:0], e.qOff[:0]
	if potOn(start) {
		e.qOn = append(e.qOn, n0)
	} else {
		e.qOff = append(e.qOff, n0)
	}
	hOn, hOff := 0, 0
	for e.err == nil {
		if hOn < len(e.qOn) {
			n := e.qOn[hOn]
			hOn++
			e.offs = onToOffLinks(e.g, int(e.nodes[n].p), y, e.offs[:0])
			for _, o := range e.offs {
				if r.on.has(conjugate(o.p)) {
					r.absurdOn = r.idx[conjugate(o.p)]
					r.absurdOff = e.addNode(o.p, o.cause, []int32{n}, -1)
					goto done
				}
				if !r.off.has(o.p) {
					m := e.addNode(o.p, o.cause, []int32{n}, -1)
					r.register(o.p, m)
					e.qOff = append(e.qOff, m)
				}
			}
		} else if hOff < len(e.qOff) {
			n := e.qOff[hOff]
			hOff++
			p := int(e.nodes[n].p)
			e.ons = offToOn(e.g, p, y, true, e.ons[:0])
			// Each link's parents, taken before p leaves the grid.
			e.hidden = e.hidden[:0]
			var bounds [4]int
			for i, l := range e.ons {
				e.hidden = append(e.hidden, n)
				if dyn {
					e.hiddenParents(r, p, l)
				}
				bounds[i] = len(e.hidden)
			}
			if dyn {
				e.g.remove(potCell(p), potDigit(p))
			}
			from := 0
			for i, l := range e.ons {
				par := e.hidden[from:bounds[i]]
				from = bounds[i]
				if r.off.has(conjugate(l.p)) {
					r.absurdOn = e.addNode(l.p, l.cause, par, -1)
					r.absurdOff = r.idx[conjugate(l.p)]
					goto done
				}
				if !r.on.has(l.p) {
					m := e.addNode(l.p, l.cause, par, -1)
					r.register(l.p, m)
					e.qOn = append(e.qOn, m)
				}
			}
		}
		if hOn == len(e.qOn) && hOff == len(e.qOff) {
			if e.level == 0 {
				break
			}
			e.advanced(r)
			added := false
			for _, a := range e.adv {
				if r.off.has(a.p) {
					continue
				}
				var par []int32
				for _, q := range a.parents {
					m := r.get(q)
					if m < 0 {
						e.err = errParent
						goto done
					}
					par = append(par, m)
				}
				m := e.addNode(a.p, causeAdvanced, par, a.nested)
				r.register(a.p, m)
				e.qOff = append(e.qOff, m)
				added = true
			}
			if !added {
				break
			}
		}
	}
done:
	r = &e.runs[ri]
	r.end = int32(len(e.nodes))
	if dyn {
		*e.g = e.save
	}
	return ri
}

// hiddenParents appends to e.hidden the potentials that the link l from
// off potential p rests on besides p: the candidates of the cell, or the
// places of the digit in the unit, that the run has already removed.
func (e *engine) hiddenParents(r *run, p int, l onLink) {
	if l.cause == causeSingle {
		c := potCell(l.p)
		for m := e.save.cand[c] &^ e.g.cand[c]; m != 0; m &= m - 1 {
			e.hiddenOf(r, potOf(c, lowDigit(m), false))
		}
		return
	}
	d := potDigit(p)
	u := causeUnit(l.cause, potCell(l.p))
	for _, c := range unitCells[u] {
		if e.save.has(int(c), d) && !e.g.has(int(c), d) {
			e.hiddenOf(r, potOf(int(c), d, false))
		}
	}
}

func (e *engine) hiddenOf(r *run, q int) {
	m := r.get(q)
	if m < 0 {
		e.err = errParent
		return
	}
	e.hidden = append(e.hidden, m)
}

// walk visits the chain of node t as Sudoku Explainer's getChain: breadth
// first over parents, each potential once.
func (e *engine) walk(t int32, f func(n int32)) {
	e.seen = potSet{}
	e.queue = append(e.queue[:0], t)
	for h := 0; h < len(e.queue); h++ {
		n := e.queue[h]
		nd := &e.nodes[n]
		if e.seen.has(int(nd.p)) {
			continue
		}
		e.seen.add(int(nd.p))
		f(n)
		e.queue = append(e.queue, e.parents[nd.pstart:nd.pstart+nd.pn]...)
	}
}

// complexity returns the flat complexity of the targets (their ancestor
// counts) plus that of the distinct nested chains among their ancestors.
func (e *engine) complexity(targets []int32) int {
	n := 0
	var recs []int32
	for _, t := range targets {
		e.walk(t, func(m int32) {
			n++
			if r := e.nodes[m].nested; r >= 0 {
				for _, o := range recs {
					if o == r || slices.Equal(e.nest[o].sig, e.nest[r].sig) {
						return
					}
				}
				recs = append(recs, r)
			}
		})
	}
	for _, r := range recs {
		n += e.nest[r].complexity
	}
	return n
}

// base is the difficulty of the engine's technique before length.
func (e *engine) base() float64 {
	switch {
	case e.level >= 2:
		return 9.5 + 0.5*float64(e.level-2)
	case e.level > 0:
		return 8.5 + 0.5*float64(e.level)
	case e.mode == modeNishio:
		return 7.5
	case e.mode == modeDynamic:
		return 8.5
	}
	return 8.0
}

var nestedSuffix = [...]string{"", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)", " (+ Dynamic Forcing Chains)"}

func (e *engine) name(what string) string {
	prefix := ""
	switch {
	case e.level > 0, e.mode == modeDynamic:
		prefix = "Dynamic "
	case e.mode == modeNishio:
		prefix = "Nishio "
	}
	suffix := " Chains"
	if e.level >= 5 {
		suffix += " (+ Dynamic Forcing Chains" + nestedSuffix[e.level-3] + ")"
	} else if e.level > 0 {
		suffix += nestedSuffix[e.level]
	}
	return prefix + what + suffix
}

func (e *engine) newHint(kind uint8, what string, sortKey int, targets []int32) *dHint {
	h := &dHint{kind: kind, targets: targets}
	h.cell = -1
	h.name = e.name(what)
	h.sortKey = sortKey
	h.complexity = e.complexity(targets)
	h.diff = e.base() + lengthDiff(h.complexity)
	return h
}

// offHint removes candidate (c, d); onHint places it, removing the cell's
// other candidates, and is nothing when it has none.
func offElims(h *dHint, p int) {
	h.elims = []int16{cand(potCell(p), potDigit(p))}
}

func (e *engine) onElims(h *dHint, p int) bool {
	c, d := potCell(p), potDigit(p)
	for m := e.g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
		h.elims = append(h.elims, cand(c, lowDigit(m)))
	}
	return len(h.elims) > 0
}

// cellHints calls f with every hint from the candidates of cell c, in
// Sudoku Explainer's order (getMultipleChainsHintList for one cell).
func (e *engine) cellHints(c int, f func(*dHint)) {
	card := popcount(e.g.cand[c])
	nishio := e.mode == modeNishio
	dyn := e.dynamic()
	multiple := e.mode != modeNishio
	var valueOn [10]int32
	var cellOn, cellOff potSet
	firstD := 0
	for m := e.g.cand[c]; m != 0; m &= m - 1 {
		d := lowDigit(m)
		pOn := potOf(c, d, true)
		rOn := e.onRun(c, d)
		if e.err != nil {
			return
		}
		if ro := &e.runs[rOn]; dyn && ro.absurdOn >= 0 {
			h := e.newHint(hkBinary, binaryName(nishio, true), 7, []int32{ro.absurdOn, ro.absurdOff})
			offElims(h, pOn)
			f(h)
		}
		if dyn {
			// Only contradictions and double forcing chains come from
			// the off run, and only in dynamic chains: static multiple
			// chains have no use for it.
			e.offHints(c, d, card, rOn, f)
			if e.err != nil {
				return
			}
		}
		if !nishio {
			e.regionHints(c, d, rOn, f)
			if e.err != nil {
				return
			}
		}
		valueOn[d] = rOn
		if firstD == 0 {
			firstD = d
			cellOn, cellOff = e.runs[rOn].on, e.runs[rOn].off
		} else {
			for i := range cellOn {
				cellOn[i] &= e.runs[rOn].on[i]
				cellOff[i] &= e.runs[rOn].off[i]
			}
		}
	}
	if nishio || !(card == 2 || (multiple && card > 2)) {
		return
	}
	var runs []int32
	for m := e.g.cand[c]; m != 0; m &= m - 1 {
		runs = append(runs, valueOn[lowDigit(m)])
	}
	e.reductions(hkCell, -1, runs, &cellOn, &cellOff, f)
}

// offHints calls f with the hints of candidate (c, d) assumed off, in a
// dynamic search: a contradiction places the digit, and with three
// candidates or more, what both the on run rOn and the off run reach is
// a double forcing chain.
func (e *engine) offHints(c, d, card int, rOn int32, f func(*dHint)) {
	nishio := e.mode == modeNishio
	pOn := potOf(c, d, true)
	pOff := conjugate(pOn)
	rOff := e.chain(pOff)
	if e.err != nil {
		return
	}
	if ro := &e.runs[rOff]; ro.absurdOn >= 0 {
		h := e.newHint(hkBinary, binaryName(nishio, true), 7, []int32{ro.absurdOn, ro.absurdOff})
		if e.onElims(h, pOn) {
			h.cell, h.digit = c, d
			f(h)
		}
	}
	if card >= 3 && !nishio {
		ron, roff := &e.runs[rOn], &e.runs[rOff]
		for n := ron.start; n < ron.end; n++ {
			p := int(e.nodes[n].p)
			if !potOn(p) || ron.get(p) != n {
				continue
			}
			if o := roff.get(p); o >= 0 {
				h := e.newHint(hkBinary, "Double Forcing", 1, []int32{n, o})
				if e.onElims(h, p) {
					h.cell, h.digit = potCell(p), potDigit(p)
					f(h)
				}
			}
		}
		for n := ron.start; n < ron.end; n++ {
			p := int(e.nodes[n].p)
			if potOn(p) || ron.get(p) != n {
				continue
			}
			if o := roff.get(p); o >= 0 {
				h := e.newHint(hkBinary, "Double Forcing", 1, []int32{n, o})
				offElims(h, p)
				f(h)
			}
		}
	}
	if e.discard && int(rOff) == len(e.runs)-1 {
		// The off run served the binary hints only; a search that
		// keeps just its best hint can reuse its space.
		ro := &e.runs[rOff]
		e.parents = e.parents[:e.nodes[ro.start].pstart]
		e.nodes = e.nodes[:ro.start]
		e.idxPool = append(e.idxPool, ro.idx)
		e.runs = e.runs[:rOff]
	}
}

// reductions calls f with a hint for each potential that every run of
// runs reaches (on, then off, in the order the first run reached them):
// cell forcing chains (kind hkCell, a run per candidate of the cell) or
// region forcing chains (hkRegion, a run per place of a digit in unit u).
func (e *engine) reductions(kind uint8, u int, runs []int32, on, off *potSet, f func(*dHint)) {
	what, key := "Cell Forcing", 5
	if kind == hkRegion {
		what, key = "Region Forcing", 6
	}
	first := &e.runs[runs[0]]
	for _, isOn := range [2]bool{true, false} {
		set := off
		if isOn {
			set = on
		}
		for n := first.start; n < first.end; n++ {
			p := int(e.nodes[n].p)
			if potOn(p) != isOn || !set.has(p) || first.get(p) != n {
				continue
			}
			targets := make([]int32, len(runs))
			for i, ri := range runs {
				targets[i] = e.runs[ri].get(p)
			}
			h := e.newHint(kind, what, key, targets)
			h.region = u
			if isOn {
				if !e.onElims(h, p) {
					continue
				}
				h.cell, h.digit = potCell(p), potDigit(p)
			} else {
				offElims(h, p)
			}
			f(h)
		}
	}
}

func binaryName(nishio, absurd bool) string {
	switch {
	case nishio:
		return "Forcing"
	case absurd:
		return "Contradiction Forcing"
	}
	return "Double Forcing"
}

// regionFrom returns the places of digit d in unit u, and whether region
// forcing chains are grown from them when cell c is asked: c must be the
// first place, and d must have two places, or more with multiple chains
// (Sudoku Explainer asks a unit's region chains from its first place).
func regionFrom(g *grid, u, d, c int, multiple bool) (uint16, bool) {
	ps := g.posMask(u, d)
	n := popcount(ps)
	return ps, (n == 2 || (multiple && n > 2)) && int(unitCells[u][lowDigit(ps)]) == c
}

// regionHints calls f with the region forcing chains of digit d from cell
// c, for each unit of c where c is the first place of d.
func (e *engine) regionHints(c, d int, rOn int32, f func(*dHint)) {
	multiple := e.mode != modeNishio
	for _, u := range regionsOf[c] {
		ps, ok := regionFrom(e.g, int(u), d, c, multiple)
		if !ok {
			continue
		}
		var rs []int32
		on, off := e.runs[rOn].on, e.runs[rOn].off
		for m := ps; m != 0; m &= m - 1 {
			o := int(unitCells[u][lowDigit(m)])
			ri := rOn
			if o != c {
				ri = e.onRun(o, d)
				if e.err != nil {
					return
				}
				for i := range on {
					on[i] &= e.runs[ri].on[i]
					off[i] &= e.runs[ri].off[i]
				}
			}
			rs = append(rs, ri)
		}
		e.reductions(hkRegion, int(u), rs, &on, &off, f)
	}
}

// hints calls f with every hint of the engine's technique on its grid, in
// Sudoku Explainer's order before sorting.
func (e *engine) hints(f func(*dHint)) {
	e.reset()
	for c := range 81 {
		if e.err != nil {
			return
		}
		n := popcount(e.g.cand[c])
		if e.g.val[c] != 0 || !(n > 2 || (n > 1 && e.dynamic())) {
			continue
		}
		e.cellHints(c, f)
	}
}
