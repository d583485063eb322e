package logic

import (
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// X-Chains, XY-Chains, Remote Pairs and Turbot Fish are HoDoKu's
// ChainSolver: a depth-first search from every candidate assumed false,
// along links listed per candidate (the other candidate of a bivalue
// cell, then the candidate's row, column and box, each in cell order),
// strong and weak links alternating (a strong link may serve as a weak
// one), no cell visited twice but the start, at most 20 links (3 for a
// Turbot Fish). Every chain whose last link is strong and ends on the
// start's digit, seen with the start by candidates of that digit, is a
// step; of the steps with the same eliminations only the shorter chains
// are kept, and the steps are sorted as HoDoKu sorts them (compareSteps).
// The chains are kept as tabling.go writes them (tEnt).

const (
	csX = iota
	csXY
	csRemotePair
	csTurbot
	csMaxLength = 20 // HoDoKu's restrictChainLength
)

// chainSolver is the working memory of one search.
type chainSolver struct {
	c                *Candidates
	kind             int
	digits           [10]cellSet
	links            []int32
	linkTo           []csNode         // the node of each link, decoded
	from, to         [tabNormal]int32 // the links of candidate cell*10+d
	chain            [2 * 81]int32
	level            int
	set              cellSet // the cells of the chain
	start, startD    int
	startD2, rpMarks int
	startSeen        [2]cellSet // the start's peers holding its digit (and the pair's other)
	steps            []*tStep
	deletes          map[string]int
	key              []byte
	stack            [2 * 81]csEntry // walk's
	// linksFor is the kind (csX for Turbot Fish too) whose links the
	// lists hold, for the grid whose marks are linksMarks and the digits
	// of linksDigits (a bit per digit).
	linksFor    int
	linksMarks  [81]uint16
	linksDigits uint16
	// skip holds the digits the search leaves out (a bit per digit), hit
	// the digits it found a chain for.
	skip, hit uint16
}

// csNode is a candidate: its cell and digit.
type csNode struct{ cell, d uint8 }

type csEntry struct {
	cell, d    int
	strongOnly bool
	at, end    int32
}

func findXChain(c *Candidates, m *memo) (Step, bool)     { return c.chainSolverStep(m, csX) }
func findXYChain(c *Candidates, m *memo) (Step, bool)    { return c.chainSolverStep(m, csXY) }
func findRemotePair(c *Candidates, m *memo) (Step, bool) { return c.chainSolverStep(m, csRemotePair) }
func findTurbotFish(c *Candidates, m *memo) (Step, bool) { return c.chainSolverStep(m, csTurbot) }

func (c *Candidates) chainSolverStep(m *memo, kind int) (Step, bool) {
	var cs *chainSolver
	if m != nil {
		cs = m.chains
	}
	if cs == nil {
		cs = &chainSolver{deletes: map[string]int{}, linksFor: -1}
		if m != nil {
			m.chains = cs
		}
	}
	cs.c, cs.kind, cs.digits, cs.steps = c, kind, m.digitSets(c), cs.steps[:0]
	clear(cs.deletes)
	// An X-Chain or Turbot Fish of a digit depends on that digit's
	// candidates alone, and the steps of the other digits neither
	// come before or after it in the search nor share a result with
	// it: a digit whose candidates gave no chain before is left out.
	var keys [10]memoKey
	memoKind := 0
	switch kind {
	case csX:
		memoKind = 220
	case csTurbot:
		memoKind = 221
	}
	cs.skip, cs.hit = 0, 0
	if memoKind != 0 {
		for d := 1; d <= 9; d++ {
			var known bool
			if keys[d], known = m.knownSet(memoKind, d, cs.digits[d]); known {
				cs.skip |= 1 << d
			}
		}
	}
	// X-Chains and Turbot Fish take the same links (as in HoDoKu, which
	// lists them once for both on a grid).
	class := kind
	if kind == csTurbot {
		class = csX
	}
	need := allDigits &^ cs.skip
	if cs.linksFor != class || cs.linksMarks != c.marks || need&^cs.linksDigits != 0 {
		cs.listLinks(need)
		cs.linksFor, cs.linksMarks, cs.linksDigits = class, c.marks, need
	}
	cs.search()
	if memoKind != 0 && m != nil {
		for d := 1; d <= 9; d++ {
			if (cs.skip|cs.hit)&(1<<d) == 0 {
				m.fail(keys[d])
			}
		}
	}
	if len(cs.steps) == 0 {
		return Step{}, false
	}
	javaSort(cs.steps, compareSteps)
	return cs.step(cs.steps[0]), true
}

// listLinks lists every candidate's links for the kind of chain, for the
// digits of need (a bit per digit; the others get none).
func (cs *chainSolver) listLinks(need uint16) {
	c := cs.c
	cs.links, cs.linkTo = cs.links[:0], cs.linkTo[:0]
	oneDigit := cs.kind == csX || cs.kind == csTurbot
	// XY-Chains and Remote Pairs link bivalue cells only.
	var bivalues cellSet
	if !oneDigit {
		for i := range 81 {
			if popcount(c.marks[i]) == 2 {
				bivalues.Add(i)
			}
		}
	}
	for cell := range 81 {
		m := c.marks[cell]
		bivalue := popcount(m) == 2
		if m == 0 || !oneDigit && !bivalue {
			for d := 1; d <= 9; d++ {
				cs.from[tNode(cell, d)] = int32(len(cs.links))
				cs.to[tNode(cell, d)] = int32(len(cs.links))
			}
			continue
		}
		units := cellUnits[cell]
		// The box's cells outside the cell's row and column.
		boxOnly := board.Units[units[2]].AndNot(board.Units[units[0]]).AndNot(board.Units[units[1]])
		for d := 1; d <= 9; d++ {
			n := tNode(cell, d)
			cs.from[n] = int32(len(cs.links))
			if m&need&(1<<d) == 0 {
				cs.to[n] = cs.from[n]
				continue
			}
			if bivalue && !oneDigit {
				x := firstDigit(m &^ (1 << d))
				cs.links = append(cs.links, tEnt(tNode(cell, x), true))
				cs.linkTo = append(cs.linkTo, csNode{uint8(cell), uint8(x)})
			}
			for k, u := range units {
				strong := oneDigit && c.q.free[u][d] == 2
				set := cs.digits[d].And(board.Units[u])
				set.Remove(cell)
				if !oneDigit {
					set = set.And(bivalues)
				}
				if k == 2 {
					set = set.And(boxOnly)
				}
				// In cell order, as the unit lists its cells.
				for i := range set.All {
					if cs.kind == csRemotePair && c.marks[i] != m {
						continue
					}
					cs.links = append(cs.links, tEnt(tNode(i, d), strong))
					cs.linkTo = append(cs.linkTo, csNode{uint8(i), uint8(d)})
				}
			}
			cs.to[n] = int32(len(cs.links))
		}
	}
}

func (cs *chainSolver) search() {
	c := cs.c
	for start := range 81 {
		if c.values[start] != 0 {
			continue
		}
		for m := c.marks[start] &^ cs.skip; m != 0; m &= m - 1 {
			d := firstDigit(m)
			n := tNode(start, d)
			for li := cs.from[n]; li < cs.to[n]; li++ {
				l := cs.links[li]
				lc, ld := int(cs.linkTo[li].cell), int(cs.linkTo[li].d)
				if !tStrong(l) {
					continue
				}
				if (cs.kind == csX || cs.kind == csTurbot) && ld != d {
					continue
				}
				if (cs.kind == csXY || cs.kind == csRemotePair) && (popcount(c.marks[lc]) != 2 || lc != start) {
					continue
				}
				cs.start, cs.startD = start, d
				if cs.kind == csRemotePair {
					cs.rpMarks = int(c.marks[start])
					cs.startD2 = firstDigit(c.marks[start] &^ (1 << d))
				}
				cs.level = 1
				cs.chain[0] = tEnt(n, false)
				cs.chain[1] = l
				cs.set = cellSet{}
				cs.set.Add(start)
				cs.startSeen[0] = board.Peers[start].And(cs.digits[d])
				if cs.kind == csRemotePair {
					cs.startSeen[1] = board.Peers[start].And(cs.digits[cs.startD2])
				}
				cs.walk(csEntry{cell: lc, d: ld, strongOnly: !tStrong(l), at: cs.from[tNode(lc, ld)], end: cs.to[tNode(lc, ld)]})
			}
		}
	}
}

// walk is HoDoKu's getChain: the depth-first search from the entry of
// level 1.
func (cs *chainSolver) walk(first csEntry) {
	c := cs.c
	maxLen := csMaxLength
	if cs.kind == csTurbot {
		maxLen = 3
	}
	stack := &cs.stack
	stack[1] = first
	e := &stack[1]
	oneDigit := cs.kind == csX || cs.kind == csTurbot
	pairs := cs.kind == csXY || cs.kind == csRemotePair
	remote := cs.kind == csRemotePair
	for {
		for e.at >= e.end {
			cs.level--
			e = &stack[cs.level]
			cs.set[e.cell>>6] &^= 1 << (e.cell & 63)
			if cs.level <= 0 {
				return
			}
		}
		l := cs.links[e.at]
		to := cs.linkTo[e.at]
		e.at++
		strong := l&1 != 0
		if e.strongOnly && !strong {
			continue
		}
		lc, ld := int(to.cell), int(to.d)
		if e.cell == lc && e.d == ld {
			continue
		}
		if remote && int(c.marks[lc]) != cs.rpMarks {
			continue
		}
		if oneDigit && ld != cs.startD {
			continue
		}
		if pairs && (popcount(c.marks[lc]) != 2 || e.strongOnly && lc != e.cell) {
			continue
		}
		loop := false
		if cs.set.Has(lc) {
			if lc != cs.start {
				continue
			}
			loop = true
		}
		cs.set.Add(e.cell)
		if !e.strongOnly && strong {
			l &^= 1
			strong = false
		}
		cs.level++
		cs.chain[cs.level] = l
		if cs.level > 1 && strong && ld == cs.startD {
			if seen := cs.startSeen[0].And(board.Peers[lc]); !seen.Empty() {
				switch cs.kind {
				case csX:
					cs.check(XChain, seen, true)
				case csTurbot:
					if cs.level == 3 {
						cs.check(TurbotFish, seen, false)
					}
				case csXY:
					cs.check(XYChain, seen, true)
				case csRemotePair:
					if cs.level >= 7 {
						cs.checkRemotePair(seen, lc)
					}
				}
			}
		}
		oldStrongOnly := e.strongOnly
		e = &stack[cs.level]
		if cs.level < maxLen && !loop {
			*e = csEntry{cell: lc, d: ld, strongOnly: !oldStrongOnly, at: cs.from[tNode(lc, ld)], end: cs.to[tNode(lc, ld)]}
		} else {
			e.at = e.end
		}
	}
}

// check keeps the chain as a step that removes the start's digit from
// the cells of seen (dedup: one step per result, the shorter chains).
func (cs *chainSolver) check(t Technique, seen cellSet, dedup bool) {
	cs.hit |= 1 << cs.startD
	s := &tStep{t: t, digits: []int{cs.startD}, unit: -1}
	for i := range seen.All {
		s.elims = append(s.elims, cand(i, cs.startD))
	}
	cs.keep(s, dedup)
}

// checkRemotePair keeps a Remote Pair: cells seeing two chain cells an
// odd number of links apart lose both digits (for the shortest such
// chains, the ends alone).
func (cs *chainSolver) checkRemotePair(seen cellSet, end int) {
	var rp1, rp2 cellSet
	if cs.level > 7 {
		for i := 0; i <= cs.level; i += 2 {
			for j := i + 6; j <= cs.level; j += 4 {
				both := board.Peers[tNodeOf(cs.chain[i])/10].And(board.Peers[tNodeOf(cs.chain[j])/10])
				rp1 = rp1.Or(both.And(cs.digits[cs.startD]))
				rp2 = rp2.Or(both.And(cs.digits[cs.startD2]))
			}
		}
	} else {
		rp1 = seen
		rp2 = cs.startSeen[1].And(board.Peers[end])
	}
	s := &tStep{t: RemotePair, digits: []int{cs.startD, cs.startD2}, unit: -1}
	for i := range rp1.All {
		s.elims = append(s.elims, cand(i, cs.startD))
	}
	for i := range rp2.All {
		s.elims = append(s.elims, cand(i, cs.startD2))
	}
	cs.keep(s, true)
}

func (cs *chainSolver) keep(s *tStep, dedup bool) {
	s.chains = [][]int32{append([]int32(nil), cs.chain[:cs.level+1]...)}
	s.clen = cs.level + 1
	if dedup {
		s.sortElims()
		k := append(cs.key[:0], byte(s.t))
		for _, e := range s.elims {
			k = append(k, byte(e.Cell), byte(e.Digit))
		}
		cs.key = k
		if old, ok := cs.deletes[string(k)]; ok && old <= cs.level {
			return
		}
		cs.deletes[string(k)] = cs.level
	}
	cs.steps = append(cs.steps, s)
}

// step turns s into a Step.
func (cs *chainSolver) step(s *tStep) Step {
	ch := s.chains[0]
	st := Step{Technique: s.t, Eliminations: s.elims}
	var sb strings.Builder
	for k, e := range ch {
		n := tNodeOf(e)
		cell, d := n/10, n%10
		st.Pattern = append(st.Pattern, cand(cell, d))
		if k > 0 {
			if tStrong(e) {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		sb.WriteByte(byte('0' + d))
		sb.WriteString(sudoku.CellName(cell))
	}
	st.Notation = sb.String()
	first, last := tNodeOf(ch[0]), tNodeOf(ch[len(ch)-1])
	if s.t == RemotePair {
		var cells []int
		for _, e := range ch {
			if n := tNodeOf(e); len(cells) == 0 || cells[len(cells)-1] != n/10 {
				cells = append(cells, n/10)
			}
		}
		ds := []int{min(s.digits[0], s.digits[1]), max(s.digits[0], s.digits[1])}
		return st.because("remotePair", cellsArg(cells), digitsArg(ds), cellArg(first/10), cellArg(last/10)).drawn(Drawing{Links: chainLinks(ch, csCands)})
	}
	name := func(n int) string { return string(rune('0'+n%10)) + sudoku.CellName(n/10) }
	return st.because("chain", textArg(name(first)), textArg(name(last))).drawn(Drawing{Links: chainLinks(ch, csCands)})
}

// csCands returns the candidate of a chain entry.
func csCands(e int32) []sudoku.Candidate {
	n := tNodeOf(e)
	return []sudoku.Candidate{cand(n/10, n%10)}
}
