package logic

import (
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// A chain node is one candidate, numbered cell*9 + digit-1.
func node(cell, d int) int            { return cell*9 + d - 1 }
func nodeCand(n int) sudoku.Candidate { return cand(n/9, n%9+1) }
func nodeName(n int) string           { return fmt.Sprintf("%d%s", n%9+1, sudoku.CellName(n/9)) }
func sameCell(a, b int) bool          { return a/9 == b/9 }

type chainMode uint8

const (
	modeX       chainMode = iota // one digit, conjugate pairs only
	modeXY                       // bivalue cells only
	modeAIC                      // any strong and weak links
	modeGrouped                  // modeAIC with group nodes (grouped.go)
)

// chainGraph is what a chain search walks: the candidates and, in
// modeGrouped, the group nodes, numbered from firstGroup, whose links are
// listed in xs (strong) and xw (weak) for every node they touch.
type chainGraph struct {
	c      *Candidates
	mode   chainMode
	groups []groupNode
	xs, xw [][]int32
	// on and off list the links between candidates, followed from a
	// candidate that is true (its weak links) and from one that is false
	// (its strong links).
	on, off *adjacency
}

// adjacency lists the links of every candidate: node n's are
// to[from[n]:from[n+1]]. A search reaches a candidate from many starts:
// listing its links once, rather than scanning its cell's peers at every
// visit, roughly halves the chain searches.
type adjacency struct {
	from [firstGroup + 1]int32
	to   []int32
}

// of returns the links of candidate n, none for a group node.
func (a *adjacency) of(n int) []int32 {
	if n >= firstGroup {
		return nil
	}
	return a.to[a.from[n]:a.from[n+1]]
}

// fill lists, for every candidate, the links that list returns, in the
// memory a had.
func (a *adjacency) fill(c *Candidates, list func(n int, buf []int) []int) {
	a.to = a.to[:0]
	var buf []int
	for n := range firstGroup {
		a.from[n] = int32(len(a.to))
		if c.has(n/9, n%9+1) {
			buf = list(n, buf)
			for _, m := range buf {
				a.to = append(a.to, int32(m))
			}
		}
	}
	a.from[firstGroup] = int32(len(a.to))
}

// chainLinks are the links between candidates of one grid state for the
// chain searches of one mode (AIC and Grouped AIC share theirs).
type chainLinks struct {
	marks   [81]uint16
	mode    chainMode
	on, off *adjacency
	lt      linkTab // what off is listed from
}

func (c *Candidates) graph(mode chainMode) *chainGraph {
	g := &chainGraph{c: c, mode: mode}
	// Group nodes add no link between two candidates, so a grouped
	// search has the candidate links of an AIC search, which comes right
	// before it on the same grid: the memo keeps them.
	linkMode := min(mode, modeAIC)
	cl := c.memoChainLinks()
	if cl == nil || cl.mode != linkMode || cl.marks != c.marks {
		// The memo's links, if any, are of another grid or mode and
		// done with: their memory is reused.
		if cl == nil {
			cl = &chainLinks{on: new(adjacency), off: new(adjacency)}
		}
		cl.marks, cl.mode = c.marks, linkMode
		cl.lt.fill(c, linkMode)
		cl.off.fill(c, cl.lt.strongFrom)
		cl.on.fill(c, func(n int, buf []int) []int {
			// House by house, as HoDoKu's tables take them (see
			// housePeers).
			return c.weakFromPeers(n, linkMode, buf, housePeers[n/9])
		})
		if c.memo != nil {
			c.memo.links = cl
		}
	}
	g.on, g.off = cl.on, cl.off
	if mode == modeGrouped {
		g.addGroupLinks()
	}
	return g
}

// memoChainLinks returns the chain links the memo holds, if any.
func (c *Candidates) memoChainLinks() *chainLinks {
	if c.memo == nil {
		return nil
	}
	return c.memo.links
}

// size returns the number of nodes.
func (g *chainGraph) size() int { return firstGroup + len(g.groups) }

// cells returns the cells of node n.
func (g *chainGraph) cells(n int) cellSet {
	if n >= firstGroup {
		return g.groups[n-firstGroup].set
	}
	var s cellSet
	s.add(n / 9)
	return s
}

// firstCell returns the first cell of node n, by which HoDoKu tells
// whether a chain comes back to a cell.
func (g *chainGraph) firstCell(n int) int {
	if n >= firstGroup {
		for i := range g.groups[n-firstGroup].set.all {
			return i
		}
	}
	return n / 9
}

// digit returns the digit of node n.
func (g *chainGraph) digit(n int) int {
	if n >= firstGroup {
		return g.groups[n-firstGroup].d
	}
	return n%9 + 1
}

// name writes node n, such as "2r1c1" or the group "2r1c45".
func (g *chainGraph) name(n int) string {
	if n >= firstGroup {
		return groupName(g.groups[n-firstGroup])
	}
	return nodeName(n)
}

// cands returns the candidates of node n.
func (g *chainGraph) cands(n int) []sudoku.Candidate {
	if n >= firstGroup {
		var out []sudoku.Candidate
		for i := range g.groups[n-firstGroup].set.all {
			out = append(out, cand(i, g.digit(n)))
		}
		return out
	}
	return []sudoku.Candidate{nodeCand(n)}
}

// linkTab holds the strong links of every candidate for one mode, built
// once per search so that chains do not rescan units.
type linkTab struct {
	strong [729][4]int16
	n      [729]uint8
}

func (c *Candidates) links(mode chainMode) *linkTab {
	t := new(linkTab)
	t.fill(c, mode)
	return t
}

// fill lists the strong links of c for mode in t.
func (t *linkTab) fill(c *Candidates, mode chainMode) {
	t.n = [729]uint8{}
	add := func(a, b int) {
		for k := 0; k < int(t.n[a]); k++ {
			if int(t.strong[a][k]) == b {
				return
			}
		}
		t.strong[a][t.n[a]] = int16(b)
		t.n[a]++
	}
	if mode != modeX {
		for i := 0; i < 81; i++ {
			if popcount(c.marks[i]) == 2 {
				ds := digitsOf(c.marks[i])
				add(node(i, ds[0]), node(i, ds[1]))
				add(node(i, ds[1]), node(i, ds[0]))
			}
		}
	}
	if mode != modeXY {
		for u := 0; u < 27; u++ {
			var first, second [10]int8
			var cnt [10]uint8
			for _, i := range sudoku.UnitCells(u) {
				for m := c.marks[i]; m != 0; m &= m - 1 {
					d := firstDigit(m)
					if cnt[d] == 0 {
						first[d] = int8(i)
					} else {
						second[d] = int8(i)
					}
					cnt[d]++
				}
			}
			for d := 1; d <= 9; d++ {
				if cnt[d] == 2 {
					a, b := node(int(first[d]), d), node(int(second[d]), d)
					add(a, b)
					add(b, a)
				}
			}
		}
	}
}

// strongFrom lists the nodes that must be true when n is false.
func (t *linkTab) strongFrom(n int, buf []int) []int {
	buf = buf[:0]
	for k := 0; k < int(t.n[n]); k++ {
		buf = append(buf, int(t.strong[n][k]))
	}
	return buf
}

// weakFrom lists the nodes that must be false when n is true.
func (c *Candidates) weakFrom(n int, mode chainMode, buf []int) []int {
	return c.weakFromPeers(n, mode, buf, sudoku.Peers(n/9))
}

// weakFromPeers is weakFrom with the peers of n's cell listed in the
// order in which to take them.
func (c *Candidates) weakFromPeers(n int, mode chainMode, buf []int, peers [20]int) []int {
	buf = buf[:0]
	cell, d := n/9, n%9+1
	if mode >= modeAIC {
		for m := c.marks[cell] &^ (1 << d); m != 0; m &= m - 1 {
			buf = append(buf, node(cell, firstDigit(m)))
		}
	}
	for _, p := range peers {
		if c.has(p, d) {
			if mode == modeXY && popcount(c.marks[p]) != 2 {
				continue
			}
			buf = append(buf, node(p, d))
		}
	}
	return buf
}

// xChainMemo is the memo's kind for X-Chain searches (see known).
const xChainMemo = 220

// maxChainNodes bounds the chains of the searches: HoDoKu's X- and
// XY-Chains have at most 20 links (its default restrictChainLength); its
// nice loops and AICs are bounded only by its tables.
const (
	maxChainNodes = 40
	maxXYNodes    = 21
)

// chainElims returns what "s or t is true" removes.
func (c *Candidates) chainElims(s, t int) []sudoku.Candidate {
	var el []sudoku.Candidate
	sc, sd, tc, td := s/9, s%9+1, t/9, t%9+1
	switch {
	case sd == td:
		var ends cellSet
		ends.add(sc)
		ends.add(tc)
		el = c.elimsIn(seenByAll(ends), sd)
	case sc == tc:
		for _, d := range digitsOf(c.marks[sc] &^ (1<<sd | 1<<td)) {
			el = append(el, cand(sc, d))
		}
	case sees(sc, tc):
		if c.has(sc, td) {
			el = append(el, cand(sc, td))
		}
		if c.has(tc, sd) {
			el = append(el, cand(tc, sd))
		}
	}
	return el
}

// chainScratch is the working memory of a chain search: by search state
// (node*2, +1 when the node is true), the state it was reached from, its
// depth, and the start for which it was last seen (a stamp, so that the
// next start need not clear it). The memo keeps it for the searches of a
// whole path, which would otherwise allocate and clear it every time.
type chainScratch struct {
	parent, seen, depth, queue []int
	stamp                      int
}

// maxGroupNodes bounds the group nodes: one per digit where a row or
// column crosses one of its three boxes.
const maxGroupNodes = 18 * 9 * 3

// chainScratch returns working memory for a search of n states.
func (c *Candidates) chainScratch(n int) *chainScratch {
	var sc *chainScratch
	if c.memo != nil {
		sc = c.memo.chain
	}
	if sc == nil || len(sc.seen) < n {
		m := max(n, 2*(firstGroup+maxGroupNodes))
		sc = &chainScratch{parent: make([]int, m), seen: make([]int, m), depth: make([]int, m)}
		if c.memo != nil {
			c.memo.chain = sc
		}
	}
	return sc
}

// findChain searches alternating inference chains: starting from a
// candidate assumed false, strong and weak links alternate; every
// candidate forced true at the end of a strong link is, with the start,
// one of two candidates of which one is true. Like HoDoKu, it looks at the
// chains between every pair of ends (the shortest one for each pair) and
// takes the one that removes the most candidates, then the one whose
// eliminations come first on the board, then the shortest.
func (c *Candidates) findChain(mode chainMode, t Technique) (Step, bool) {
	var best []int
	var bestEl []sudoku.Candidate
	bestLoop := 0 // 1: s false forces s true; 2: a continuous loop
	g := c.graph(mode)
	limit := maxChainNodes
	if mode <= modeXY {
		limit = maxXYNodes
	}
	aic := mode >= modeAIC // the chain may close into a loop
	sc := c.chainScratch(g.size() * 2)
	parent, seen, depth, queue := sc.parent, sc.seen, sc.depth, sc.queue
	defer func() { sc.queue = queue }()
	// take keeps the chain from s to state ns if its eliminations beat
	// the best so far.
	// An X-Chain lies in the candidates of one digit: the memo remembers
	// the digits whose chains removed nothing, and their candidates, so
	// that the next steps skip them while they stay the same.
	var xKeys [10]memoKey
	var xKnown, xRemoves [10]bool
	if mode == modeX {
		for d := 1; d <= 9; d++ {
			xKeys[d], xKnown[d] = c.known(xChainMemo, d)
		}
	}
	take := func(s, ns int, el []sudoku.Candidate, loop int) {
		if len(el) == 0 {
			return
		}
		xRemoves[s%9+1] = true
		el = sortCands(el)
		if best != nil && !betterElims(el, depth[ns], bestEl, len(best)) {
			return
		}
		chain := []int{}
		for x := ns; x >= 0; x = parent[x] {
			chain = append(chain, x/2)
		}
		if g.lasso(chain, loop != 0) {
			return
		}
		if mode == modeGrouped && !hasGroup(chain) {
			// Left to the search without group nodes, which comes
			// first (and may be turned off).
			return
		}
		best, bestEl, bestLoop = chain, el, loop
	}
	for s := 0; s < 729; s++ {
		if !c.has(s/9, s%9+1) {
			continue
		}
		if mode == modeXY && popcount(c.marks[s/9]) != 2 || xKnown[s%9+1] {
			continue
		}
		sc.stamp++
		stamp := sc.stamp
		// state = node*2 + on
		queue = append(queue[:0], s*2)
		seen[s*2] = stamp
		parent[s*2] = -1
		depth[s*2] = 1
		for k := 0; k < len(queue); k++ {
			st := queue[k]
			n, on := st/2, st%2 == 1
			if depth[st] >= limit {
				break
			}
			links, extra := g.off, g.xs
			if on {
				links, extra = g.on, g.xw
			}
			cands, groups := links.of(n), []int32(nil)
			if extra != nil {
				groups = extra[n]
			}
			for k := range len(cands) + len(groups) {
				var m int
				if k < len(cands) {
					m = int(cands[k])
				} else {
					m = int(groups[k-len(cands)])
				}
				ns := m * 2
				if !on {
					ns++
				}
				if seen[ns] == stamp {
					continue
				}
				seen[ns] = stamp
				parent[ns] = st
				depth[ns] = depth[st] + 1
				queue = append(queue, ns)
				if ns%2 == 0 || depth[ns] < 4 {
					continue
				}
				if m >= firstGroup {
					// A chain that ends in a group node is, for HoDoKu, a
					// nice loop through a candidate linked weakly to both
					// ends: each such candidate is a loop of its own.
					for _, e := range g.groupEndElims(s, m) {
						take(s, ns, []sudoku.Candidate{e}, 0)
					}
					continue
				}
				if (mode == modeX || mode == modeXY) && m%9 != s%9 {
					continue
				}
				var el []sudoku.Candidate
				loop := 0
				switch {
				case m == s && !aic:
					continue
				case !aic:
					el = c.chainElims(s, m)
				case m == s:
					// s false forces s true: s is true, and its cell
					// loses every other candidate.
					loop = 1
					for _, d := range digitsOf(c.marks[s/9] &^ (1 << (s%9 + 1))) {
						el = append(el, cand(s/9, d))
					}
				case sameCell(s, m) || m%9 == s%9 && sees(s/9, m/9):
					// m true forces s false: the chain closes into a
					// continuous loop, where every weak link is strong too.
					loop = 2
					el = g.loopElims(ns, parent)
				default:
					el = c.chainElims(s, m)
				}
				take(s, ns, el, loop)
			}
		}
	}
	if mode == modeX {
		for d := 1; d <= 9; d++ {
			if !xKnown[d] && !xRemoves[d] {
				c.fail(xKeys[d])
			}
		}
	}
	if best == nil {
		return Step{}, false
	}
	// best runs from the end back to the start.
	for i, j := 0, len(best)-1; i < j; i, j = i+1, j-1 {
		best[i], best[j] = best[j], best[i]
	}
	if aic {
		dnl, cnl, plain := NiceLoop, ContinuousNiceLoop, AIC
		if mode == modeGrouped {
			dnl, cnl, plain = GroupedNiceLoop, GroupedContinuousNiceLoop, GroupedAIC
		}
		t = plain
		switch {
		case bestLoop == 1:
			return g.niceLoopPlacement(dnl, best, bestEl), true
		case bestLoop == 2:
			t = cnl
		case len(bestEl) == 1:
			// HoDoKu finds a chain that removes one candidate as a loop
			// through that candidate.
			t = dnl
		}
	}
	return g.chainStep(t, best, bestEl), true
}

// groupEndElims returns the candidates linked weakly to both ends of a
// chain from candidate s to group node m (one of which is true): those of
// the same digit that see s and all of m, or, for another digit, the
// group's digit in the cell of s when that cell sees all of m.
func (g *chainGraph) groupEndElims(s, m int) []sudoku.Candidate {
	gm := g.groups[m-firstGroup]
	var ends cellSet
	ends.add(s / 9)
	if d := s%9 + 1; d == gm.d {
		return g.c.elimsIn(seenByAll(ends.or(gm.set)), d)
	}
	if g.c.has(s/9, gm.d) && seenByAll(gm.set).has(s/9) {
		return []sudoku.Candidate{cand(s/9, gm.d)}
	}
	return nil
}

// hasGroup reports whether a chain holds a group node.
func hasGroup(chain []int) bool {
	for _, n := range chain {
		if n >= firstGroup {
			return true
		}
	}
	return false
}

// loopElims returns what the continuous loop ending in state ns (a
// candidate true that forces the start false) removes: along each weak
// link, now known to hold exactly one true candidate, the cells that see
// both ends lose the digit, or the cell loses its other digits. As in
// HoDoKu, the cells of the chain and the start keep their candidates.
func (g *chainGraph) loopElims(ns int, parent []int) []sudoku.Candidate {
	var el []sudoku.Candidate
	var first int
	var chainCells cellSet
	for x := ns; x >= 0; x = parent[x] {
		first = x
		chainCells = chainCells.or(g.cells(x / 2))
	}
	weakLink := func(a, b int) {
		if a < firstGroup && b < firstGroup && sameCell(a, b) {
			el = append(el, g.c.chainElims(a, b)...)
			return
		}
		d := g.digit(a)
		if d != g.digit(b) {
			return
		}
		el = append(el, g.c.elimsIn(seenByAll(g.cells(a).or(g.cells(b))).andNot(chainCells), d)...)
	}
	for x := ns; x >= 0; x = parent[x] {
		// A weak link runs from an "on" state to the next "off" one.
		if p := parent[x]; p >= 0 && p%2 == 1 && x%2 == 0 {
			weakLink(p/2, x/2)
		}
	}
	// The closing link: the last candidate true forces the start false.
	weakLink(ns/2, first/2)
	return el
}

// niceLoopPlacement is a Discontinuous Nice Loop that proves its start:
// like HoDoKu, it removes the cell's other candidates (a Naked Single
// follows).
func (g *chainGraph) niceLoopPlacement(t Technique, chain []int, el []sudoku.Candidate) Step {
	st := g.chainStep(t, chain, el)
	return st.because("loopPlacement", textArg(nodeName(chain[0])))
}

// lasso reports a chain (from its end back to its start) that HoDoKu
// rejects: one that comes back to a cell it has left, or a loop whose
// first link stays in the start cell. A loop may end in its start cell.
// A group node counts by its first cell, and once left, by all of them.
func (g *chainGraph) lasso(chain []int, loop bool) bool {
	n := len(chain)
	if loop && sameCell(chain[n-1], chain[n-2]) {
		return true
	}
	var seen cellSet
	for i := n - 1; i >= 0; i-- {
		cell := g.firstCell(chain[i])
		if seen.has(cell) && !(loop && i == 0 && cell == chain[n-1]/9) {
			return true
		}
		if i < n-1 && g.firstCell(chain[i+1]) != cell {
			seen = seen.or(g.cells(chain[i+1]))
		}
	}
	return false
}

// betterElims reports whether eliminations a, made by a chain of n nodes,
// beat b, made by one of m nodes, in HoDoKu's order of steps: more
// eliminations first, then the lower weighted sum of their places (see
// indexSum), then the shorter chain. Both are sorted.
func betterElims(a []sudoku.Candidate, n int, b []sudoku.Candidate, m int) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	if sa, sb := indexSum(a), indexSum(b); sa != sb {
		return sa < sb
	}
	return n < m
}

// indexSum is HoDoKu's tie-break between steps with as many eliminations:
// the sum of cell*(1+80k)+digit over the k-th elimination.
func indexSum(el []sudoku.Candidate) int {
	sum := 0
	for k, e := range el {
		sum += e.Cell*(1+80*k) + e.Digit
	}
	return sum
}

func (g *chainGraph) chainStep(t Technique, chain []int, el []sudoku.Candidate) Step {
	var sb strings.Builder
	var pat []sudoku.Candidate
	var links []Link
	var prev []sudoku.Candidate
	for i, n := range chain {
		cs := g.cands(n)
		pat = append(pat, cs...)
		if i > 0 {
			if i%2 == 1 {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
			links = append(links, Link{From: prev, To: cs, Strong: i%2 == 1})
		}
		sb.WriteString(g.name(n))
		prev = cs
	}
	s, e := chain[0], chain[len(chain)-1]
	// A loop is drawn closed: a continuous one by the weak link from its
	// end back to its start, a discontinuous one that removes a candidate
	// through that candidate, linked weakly to both ends (as HoDoKu draws
	// it).
	first := g.cands(s)
	switch {
	case s == e:
	case t == ContinuousNiceLoop || t == GroupedContinuousNiceLoop:
		links = append(links, Link{From: prev, To: first})
	case (t == NiceLoop || t == GroupedNiceLoop) && len(el) == 1:
		links = append(links, Link{From: prev, To: el}, Link{From: el, To: first})
	}
	return Step{Technique: t, Pattern: pat, Eliminations: el, Notation: sb.String()}.because("chain", textArg(nodeName(s)), textArg(nodeName(e))).drawn(Drawing{Links: links})
}

func findXChain(c *Candidates) (Step, bool)  { return c.findChain(modeX, XChain) }
func findXYChain(c *Candidates) (Step, bool) { return c.findChain(modeXY, XYChain) }
func findAIC(c *Candidates) (Step, bool)     { return c.findChain(modeAIC, AIC) }
