package logic

import (
	"math"
	"slices"
	"sync"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// HoDoKu finds its nice loops, AICs, forcing chains and forcing nets by
// tabling ("Trebor's tables"), and which of many such steps it takes
// depends on how the tables grow, so this file builds the same tables the
// same way and reads them as HoDoKu does.
//
// For every candidate there are two tables, one for the premise "the
// candidate is true" (on) and one for "it is false" (off). A table lists
// what its premise implies, as entries in the order they were found; each
// entry keeps up to five back references (the entries that implied it: a
// chain has one, a net may have more) and its distance from the premise.
// Chains fill a table with the premise's direct implications only; nets
// also set the premise in a copy of the grid and follow four rounds of the
// singles that appear. Group nodes (a digit's candidates where a line
// crosses a box) have tables of their own. Then every table is expanded:
// each implication brings in the direct implications of its own table,
// again and again, up to 1000 entries, a shorter path replacing a longer
// one. The searches read the expanded tables: a loop is a table that
// comes back to its premise's cell, an AIC an off table that reaches a
// candidate seeing its premise, a contradiction a table that implies a
// candidate and its opposite, a verity an implication shared by the
// tables of every candidate of a cell or every place of a digit in a
// house. A chain is rebuilt by following the back references (jumping
// into the table an expanded entry came from); the steps are kept one per
// result, the one with the shortest chains, and sorted as HoDoKu sorts
// them (javaSort).
//
// An entry is a node and a sign, packed in an int32:
//
//	node<<1 | strong
//	node = cell*10 + digit         a candidate (below tabNormal = 810)
//	node = tabNormal + g           group node g
//
// strong is set for "the node is true". In a rebuilt chain the entries of
// a net's side branches are negated and each branch ends in math.MinInt32.
// An entry's way back packs up to five table positions (ri1 to ri5), its
// distance and flags, as HoDoKu's TableEntry does, since its quirks (the
// first position is the largest of the five, the distance keeps nine
// bits) show in the steps. HoDoKu packs them in a long; here the first
// position, the distance and the flags are a uint32, and the other four
// positions (only a net's look-ahead singles have them, tabRet) are kept
// apart, in tabling.more, with the flag more set:
//
//	31       30       29       28     27..21  20..12    11..0
//	+--------+--------+--------+------+-------+---------+------+
//	|extended|on table|expanded| more |   0   |distance | ri1  |
//	+--------+--------+--------+------+-------+---------+------+
//
// For an expanded entry ri1 is the number of the table it came from
// (on or off table cell*10+digit, or a group node's table), and the flags
// say which kind.
const (
	tabCap       = 1000 // entries of a table, HoDoKu's maxTableEntryLength
	tabLookAhead = 4    // rounds of singles in a net's tables
	tabNormal    = 810
	tabMaxGroups = 18 * 3 * 9 // a digit where a line crosses a box
	tabEntries   = 2 * (tabNormal + tabMaxGroups)
	tabMins      = 200 // side branches of a net's chain
	tabMore      = 1 << 28
	tabExpanded  = 1 << 29
	tabOnTable   = 1 << 30
	tabExtended  = 1 << 31
)

// tTable is one table (HoDoKu's TableEntry).
//
// It is 64 bytes, a cache line: the searches sweep all 1,620 tables and
// the expansion reads the header of a table for each entry it expands,
// so what a table needs less often (its sets, its entries' positions) is
// kept apart (tSets, tabling.bits and tabling.pos).
type tTable struct {
	// ent holds the entries by code (tabling.number): a code's parity
	// is the entry's, strong when odd, and the bitmaps are by code.
	ent []uint16
	ret []uint32
	// no is the table's number: on table of node n 2n, off table 2n+1,
	// group node tables from 2*tabNormal (its row in bits and pos).
	no int16
	// npos is the number of entries (from the first) whose positions
	// tabling.pos holds.
	npos int16
	// started is set once the table's expansion began (fill is its
	// length then, next the entry to expand from), done once it ended;
	// capped when it reached tabCap.
	next    int16
	fill    int16
	started bool
	done    bool
	capped  bool
}

// tSets holds the candidates a table sets and clears (computeSets), for
// the forcing searches.
type tSets struct {
	on, off [10]cellSet
}

// tGroup is a group node: a digit's two or three candidates where a row or
// a column crosses a box.
type tGroup struct {
	d             int
	set           cellSet
	cells         [3]int // the third is -1 for two cells
	line, col     int    // -1 when not that kind
	block         int
	buddies       cellSet // the cells that see every cell of the group
	entOn, entOff int32
}

// tStep is a step found by tabling or by the chain searches of chainsolver.go
// (HoDoKu's SolutionStep, with what its sorting reads).
type tStep struct {
	t       Technique
	cells   []int // placements: cells[i] gets digits[0]
	digits  []int
	elims   []sudoku.Candidate
	chains  [][]int32
	refs    []chainRef // chains noted, to be built (addChain)
	premise int32      // the table premise (forcing chains), for the notation
	unit    int        // the unit of a house verity or contradiction, or -1
	clen    int        // the chains' length, once computed
}

func tNode(cell, d int) int { return cell*10 + d }
func tEnt(node int, strong bool) int32 {
	e := int32(node << 1)
	if strong {
		e |= 1
	}
	return e
}

func tStrong(e int32) bool {
	if e < 0 {
		e = -e
	}
	return e&1 != 0
}

func tNodeOf(e int32) int {
	if e < 0 {
		e = -e
	}
	return int(e >> 1)
}

// tabRet packs back references as HoDoKu's makeSRetIndex does: the
// first (ri1) and the other four (ri2 to ri5 from the low bits, 10 each,
// 0 when there are none).
func tabRet(r [5]int) (first uint32, more uint64) {
	if r[0] > 4096 {
		r[0] = 0
	}
	for k := 1; k < 5; k++ {
		if r[k] > 1023 {
			r[k] = 0
		}
	}
	for k := 1; k < 5; k++ {
		if r[k] > r[0] {
			r[k], r[0] = r[0], r[k]
		}
	}
	// r[0] < 4096 and each other r[k] < 1024 (a position, below tabCap,
	// or a table's number): the fields do not overlap.
	return uint32(r[0]), uint64(r[4])<<30 | uint64(r[3])<<20 | uint64(r[2])<<10 | uint64(r[1])
}

// ri1 returns the first position of a way back.
func ri1(r uint32) int { return int(r & 0xfff) }

// moreKey is the key in tabling.more of the way back of t's entry k.
func moreKey(t *tTable, k int) int32 { return int32(t.no)<<10 | int32(k) }

func (t *tTable) n() int              { return len(t.ent) }
func (t *tTable) dist(k int) int      { return int(t.ret[k] >> 12 & 0x1ff) }
func (t *tTable) setDist(k, d int)    { t.ret[k] = t.ret[k]&^(0x1ff<<12) | uint32(d&0x1ff)<<12 }
func (t *tTable) strong(k int) bool   { return t.ent[k]&1 != 0 }
func (t *tTable) expanded(k int) bool { return t.ret[k]&tabExpanded != 0 }

// at returns t's entry k (the table holds its code, number).
func (tb *tabling) at(t *tTable, k int) int32 { return tb.entOf[t.ent[k]] }

// posOf returns the position of entry e in table t, 0 when it is not in
// the table (as HoDoKu's getEntryIndex, which cannot tell that from the
// premise). The positions are written only when a table is asked for
// one, for the entries added since: few tables are asked.
func (tb *tabling) posOf(t *tTable, e int32) int {
	c := uint(tb.code[e])
	if tb.bits[uint(t.no)*uint(tb.words)+c>>6]&(1<<(c&63)) == 0 {
		return 0
	}
	if int(t.npos) < len(t.ent) {
		tb.syncPos(t)
	}
	return int(tb.pos[uint(t.no)*uint(tb.codes)+c]) - 1
}

// syncPos writes the positions of t's entries added since it was last
// asked (posOf).
func (tb *tabling) syncPos(t *tTable) {
	pos := tb.pos[int(t.no)*tb.codes:][:tb.codes]
	for k := int(t.npos); k < len(t.ent); k++ {
		pos[t.ent[k]] = int16(k + 1)
	}
	t.npos = int16(len(t.ent))
}

// bitsOf returns table t's bitmap of the entries it holds, by code.
func (tb *tabling) bitsOf(t *tTable) []uint64 {
	return tb.bits[int(t.no)*tb.words:][:tb.words]
}

// has reports whether table t holds entry e.
func (tb *tabling) has(t *tTable, e int32) bool { return tb.hasCode(t, uint(tb.code[e])) }

// hasCode reports whether table t holds the entry of code c.
func (tb *tabling) hasCode(t *tTable, c uint) bool {
	return tb.bits[int(t.no)*tb.words+int(c>>6)]&(1<<(c&63)) != 0
}

// put adds the entry of code c to t: its code and its bit (its position
// is written when asked, posOf).
func (tb *tabling) put(t *tTable, c uint) {
	t.ent = append(t.ent, uint16(c))
	tb.bits[int(t.no)*tb.words+int(c>>6)] |= 1 << (c & 63)
}

func (tb *tabling) reset(t *tTable) {
	clear(tb.bitsOf(t))
	t.npos = 0
	t.ent, t.ret = t.ent[:0], t.ret[:0]
	t.started, t.done, t.fill, t.capped, t.next = false, false, 0, false, 0
}

// number gives every entry the grid can have in a search a code, dense
// from 0: the candidates of tb.orig by cell and digit, then the group
// nodes (makeGroups), two codes each (false, then true); and sizes the
// tables' bitmaps and positions by codes. A table's bitmap is then a few
// words (some 10 on a hard grid, where the entries' own numbers would
// take 41), so that all tables' bitmaps fit in the cache with the rest.
// The tables must be empty: their bitmaps and positions are laid out anew.
func (tb *tabling) number() {
	for i := range tb.code {
		tb.code[i] = 0
	}
	n := 0
	tb.cands = tb.cands[:0]
	for i := range 81 {
		for m := tb.c.marks[i]; m != 0 && tb.c.values[i] == 0; m &= m - 1 {
			tb.cands = append(tb.cands, int16(tNode(i, firstDigit(m))))
			e := tEnt(tNode(i, firstDigit(m)), false)
			tb.code[e], tb.code[e+1] = uint16(n), uint16(n+1)
			tb.entOf[n], tb.entOf[n+1] = e, e+1
			n += 2
		}
	}
	tb.groupCode = uint(n)
	tb.makeGroups()
	for g := range tb.groups {
		e := tEnt(tabNormal+g, false)
		tb.code[e], tb.code[e+1] = uint16(n), uint16(n+1)
		tb.entOf[n], tb.entOf[n+1] = e, e+1
		n += 2
	}
	tb.codes, tb.words = n, (n+63)/64
	for c := range n {
		t, no, ext := tb.tableOf(tb.entOf[c])
		from := uint32(no) | tabExpanded
		if ext {
			from |= tabExtended
		} else if c&1 != 0 {
			from |= tabOnTable
		}
		tb.tabOf[c], tb.fromOf[c] = t, from
	}
	tables := 2*tabNormal + 2*len(tb.groups)
	if need := tables * tb.words; len(tb.bits) < need {
		tb.bits = make([]uint64, need)
	}
	if need := tables * tb.codes; len(tb.pos) < need {
		tb.pos = make([]int16, need)
	}
}

// tabling is the working memory of the tabling searches, kept along a
// path (it is large, and each search would otherwise allocate it).
type tabling struct {
	// The candidates' tables first: the allocation starts on a cache
	// line, and so does each table (64 bytes).
	on, off    [tabNormal]tTable
	sets       [2 * tabNormal]tSets // the on table of node n at 2n, the off at 2n+1
	c          *Candidates
	orig       [10]cellSet // each digit's candidates when the search began
	chainsOnly bool
	groups     []tGroup
	byDigit    [10][]int // the group nodes of each digit
	ext        []tTable  // group nodes' tables: on at 2g, off at 2g+1
	steps      []*tStep
	deletes    map[string]int
	gs         tStep // the step being built
	// buildChain's memory: the main chain backwards, the net's side
	// branches (mins), the cells of the main chain.
	chain      []int32
	mins       [][]int32
	minLen     []int
	actMin     int
	chainCells cellSet
	key        []byte
	singles    []tSingle
	// wanted marks the entries an expansion stops at (expandTable), by
	// stamp.
	wanted []uint32
	stamp  uint32
	want   []int32
	lazy   bool // addChain notes the chains (a forcing chain or net search)
	// measured holds the chains of a forcing net search measured so far.
	measured map[chainRef]chainRef
	grouped  bool               // a grouped nice loop search
	scratch  []sudoku.Candidate // dominated's
	// keyStep holds the step of each forcing result (replaceOrCopy),
	// valid where keyStamp is stamp2.
	keyStamp [8 * 729]uint32
	keyStep  [8 * 729]int32
	stamp2   uint32
	// setPlaces's: each house's places for a digit, the cells allowed
	// a digit (every house's places), the empty cells, the houses with
	// places for a digit (a bit per unit).
	places     [sudoku.NumUnits][10]cellSet
	allowed    [10]cellSet
	empties    cellSet
	placeUnits [10]uint32
	used       []*tTable // the tables with entries
	// code numbers the entries densely (number); bits holds each
	// table's bitmap of the entries it holds by code (words words,
	// table no at no*words), pos their last positions + 1 (codes
	// int16s a table), written by posOf.
	code      [tabEntries]uint16
	entOf     [tabEntries]int32 // the entry of each code
	groupCode uint              // the first group node's code
	// tabOf holds the table whose premise is each code's entry, fromOf
	// the way back of an entry the expansion brings from it (the table's
	// number and flags, markFrom).
	tabOf  [tabEntries]*tTable
	fromOf [tabEntries]uint32
	// cands lists the candidates' nodes in order (number): the other
	// nodes' tables stay empty, and the searches sweep these alone
	// rather than read 1,620 table headers, most of them empty.
	cands        []int16
	codes, words int
	bits         []uint64
	pos          []int16
	// more holds the ways back of entries with more than one (tabMore),
	// by moreKey.
	more map[int32]uint64
	// built says what the tables hold: tablesGrouped when they are the
	// expanded chain tables with group nodes of the grid whose marks are
	// builtMarks (the grouped nice loop search and the forcing chain
	// search, which follow each other on a grid, build the same tables).
	built      int
	builtMarks [81]uint16
	// computeReach's memory: Tarjan's numbering, the component of each
	// entry, its stack, and each component's reach (a bitmap of
	// components from reachAt[c], c/64+1 words).
	id               []int16 // an entry's number, -1 without a table
	nodes            []*tTable
	adj              []int16 // the numbers a node's fill reaches directly
	adjFrom          []int32
	index, low, comp []int32
	stack            []int32
	counter          int32
	reach            []uint64
	reachAt          []int32
	merged           []int32  // by component, the last one that took its reach
	onChain          []uint16 // measure's count of each entry on the chain
}

const (
	tablesOther   = iota
	tablesPlain   // chains without group nodes
	tablesGrouped // chains with group nodes
)

// buildChainTables fills and expands the chain tables, with group nodes
// if grouped, unless they are built already for the grid.
func (tb *tabling) buildChainTables(grouped bool) {
	same := tb.builtMarks == tb.c.marks
	if grouped && tb.built == tablesGrouped && same {
		return
	}
	tb.chainsOnly = true
	if grouped && tb.built == tablesPlain && same {
		// The plain search's fills are the start of the grouped ones:
		// its expansions are dropped, the group nodes added.
		for _, i := range tb.cands {
			tb.unexpand(&tb.on[i])
			tb.unexpand(&tb.off[i])
		}
	} else {
		tb.resetTables()
		tb.fillChains()
	}
	if grouped {
		tb.fillGroups()
	} else {
		tb.groups = tb.groups[:0]
	}
	tb.computeReach()
	tb.built, tb.builtMarks = tablesPlain, tb.c.marks
	if grouped {
		tb.built = tablesGrouped
	}
}

// unexpand takes a table back to its fill.
func (tb *tabling) unexpand(t *tTable) {
	if !t.started {
		return
	}
	// The entries after the fill are new (the expansion adds none twice).
	in := tb.bitsOf(t)
	for _, c := range t.ent[t.fill:] {
		in[c>>6] &^= 1 << (c & 63)
	}
	t.npos = min(t.npos, t.fill)
	t.ent, t.ret = t.ent[:t.fill], t.ret[:t.fill]
	t.started, t.done, t.capped, t.next = false, false, false, 0
}

// tablings keeps the tabling memory of finished paths for the next ones:
// it is several megabytes, which each path would otherwise allocate.
var tablings sync.Pool

// release gives the path's tabling memory back.
func (m *memo) release() {
	if m.tabling != nil {
		m.tabling.built = 0
		tablings.Put(m.tabling)
		m.tabling = nil
	}
}

func newTabling() *tabling {
	t := &tabling{deletes: map[string]int{}, measured: map[chainRef]chainRef{}, more: map[int32]uint64{}, mins: make([][]int32, tabMins), minLen: make([]int, tabMins),
		wanted: make([]uint32, tabEntries)}
	for i := range t.on {
		t.on[i].no, t.off[i].no = int16(2*i), int16(2*i+1)
	}
	return t
}

// tablingFor returns the path's tabling memory (m's) for c.
func (c *Candidates) tablingFor(m *memo) *tabling {
	var t *tabling
	if m != nil {
		t = m.tabling
	}
	if t == nil {
		if p, ok := tablings.Get().(*tabling); ok {
			t = p
		} else {
			t = newTabling()
		}
		if m != nil {
			m.tabling = t
		}
	}
	t.c = c
	t.orig = m.digitSets(c)
	return t
}

// add is HoDoKu's TableEntry.addEntry: a candidate entry already set or
// cleared is not added again; the distance is the first back reference's
// plus one, plus a penalty.
func (t *tTable) add(tb *tabling, e int32, r [5]int, penalty int) {
	if len(t.ent) >= tabCap {
		return
	}
	node := tNodeOf(e)
	c := uint(tb.code[e])
	if node < tabNormal && tb.hasCode(t, c) {
		return // a candidate is set or cleared once
	}
	k := len(t.ent)
	if k == 0 {
		tb.used = append(tb.used, t)
	}
	tb.put(t, c)
	first, more := tabRet(r)
	if more != 0 {
		first |= tabMore
		tb.more[moreKey(t, k)] = more
	}
	t.ret = append(t.ret, first)
	if r[0] < tabCap {
		prev := 0
		if r[0] < k {
			prev = t.dist(r[0])
		}
		t.setDist(k, prev+1)
	}
	t.setDist(k, t.dist(k)+penalty)
}

// computeSets fills the table's on and off sets from its entries, for the
// forcing searches, which read them.
func (tb *tabling) computeSets(t *tTable, s *tSets) {
	*s = tSets{}
	for _, c := range t.ent {
		e := tb.entOf[c]
		// A table's entries are never negative: unsigned division.
		if n := uint32(e) >> 1; n < tabNormal {
			cell, d := n/10, n%10
			if e&1 != 0 {
				s.on[d][cell>>6] |= 1 << (cell & 63)
			} else {
				s.off[d][cell>>6] |= 1 << (cell & 63)
			}
		}
	}
}

// addFill adds entry e to the fill of a chain table: the premise
// (distance 1) when the table is empty, else a direct implication
// (distance 2, back to the premise). It is add for those cases.
func (t *tTable) addFill(tb *tabling, e int32) {
	k := len(t.ent)
	c := uint(tb.code[e])
	if k >= tabCap || tNodeOf(e) < tabNormal && tb.hasCode(t, c) {
		return
	}
	if k == 0 {
		tb.used = append(tb.used, t)
		t.ret = append(t.ret, 1<<12)
	} else {
		t.ret = append(t.ret, 2<<12)
	}
	tb.put(t, c)
}

// add1 is add with one way back and no penalty.
func (t *tTable) add1(tb *tabling, e int32, r0 int) {
	k := len(t.ent)
	c := uint(tb.code[e])
	if k >= tabCap || tNodeOf(e) < tabNormal && tb.hasCode(t, c) {
		return
	}
	if k == 0 {
		tb.used = append(tb.used, t)
	}
	prev := 0
	if r0 < k {
		prev = t.dist(r0)
	}
	ret := uint32(r0)
	if r0 > 4096 {
		ret = 0
	}
	tb.put(t, c)
	t.ret = append(t.ret, ret|uint32((prev+1)&0x1ff)<<12)
}

// cell returns the (first) cell of entry e.
func (tb *tabling) cell(e int32) int {
	n := tNodeOf(e)
	if n < tabNormal {
		return n / 10
	}
	return tb.groups[n-tabNormal].cells[0]
}

func (tb *tabling) digit(e int32) int {
	n := tNodeOf(e)
	if n < tabNormal {
		return n % 10
	}
	return tb.groups[n-tabNormal].d
}

func (tb *tabling) isGroup(e int32) bool { return tNodeOf(e) >= tabNormal }

// cellsOf returns the cells of entry e.
func (tb *tabling) cellsOf(e int32) cellSet {
	n := tNodeOf(e)
	if n < tabNormal {
		var s cellSet
		s.Add(n / 10)
		return s
	}
	return tb.groups[n-tabNormal].set
}

// buddies returns the cells that see every cell of entry e.
func (tb *tabling) buddies(e int32) cellSet {
	n := tNodeOf(e)
	if n < tabNormal {
		return board.Peers[n/10]
	}
	return tb.groups[n-tabNormal].buddies
}

// resetTables empties the tables for a search.
func (tb *tabling) resetTables() {
	for _, t := range tb.used {
		tb.reset(t)
	}
	tb.used = tb.used[:0]
	clear(tb.more)
	tb.number()
}

// fillChains fills the tables with the premises' direct implications
// (HoDoKu's fillTables for chains).
func (tb *tabling) fillChains() {
	c := tb.c
	for i := range 81 {
		if c.values[i] != 0 {
			continue
		}
		for m := c.marks[i]; m != 0; m &= m - 1 {
			d := firstDigit(m)
			on, off := &tb.on[tNode(i, d)], &tb.off[tNode(i, d)]
			on.addFill(tb, tEnt(tNode(i, d), true))
			off.addFill(tb, tEnt(tNode(i, d), false))
			bivalue := popcount(c.marks[i]) == 2
			for o := c.marks[i] &^ (1 << d); o != 0; o &= o - 1 {
				x := firstDigit(o)
				on.addFill(tb, tEnt(tNode(i, x), false))
				if bivalue {
					off.addFill(tb, tEnt(tNode(i, x), true))
				}
			}
			others := tb.orig[d]
			others[i>>6] &^= 1 << (i & 63)
			for _, u := range cellUnits[i] {
				free := c.q.free[u][d]
				if free < 2 {
					continue
				}
				set := others.And(board.Units[u])
				if set.Empty() {
					continue
				}
				for k := range set.All {
					on.addFill(tb, tEnt(tNode(k, d), false))
				}
				if free == 2 {
					off.addFill(tb, tEnt(tNode(set.First(), d), true))
				}
			}
		}
	}
}

// makeGroups lists the group nodes as HoDoKu does: rows then columns,
// each digit, each box.
func (tb *tabling) makeGroups() {
	tb.groups = tb.groups[:0]
	for kind := range 2 {
		for l := range 9 {
			u := kind*9 + l
			for d := 1; d <= 9; d++ {
				in := board.Units[u].And(tb.orig[d])
				if in.Empty() {
					continue
				}
				for b := range 9 {
					s := in.And(board.Units[18+b])
					if s.Count() < 2 {
						continue
					}
					g := tGroup{d: d, set: s, line: -1, col: -1, block: b, cells: [3]int{-1, -1, -1}}
					k := 0
					for i := range s.All {
						g.cells[k] = i
						k++
					}
					if cellUnits[g.cells[0]][0] == cellUnits[g.cells[1]][0] {
						g.line = int(cellUnits[g.cells[0]][0])
					}
					if cellUnits[g.cells[0]][1] == cellUnits[g.cells[1]][1] {
						g.col = int(cellUnits[g.cells[0]][1]) - 9
					}
					g.buddies = seenByAll(s)
					node := tabNormal + len(tb.groups)
					g.entOn, g.entOff = tEnt(node, true), tEnt(node, false)
					tb.groups = append(tb.groups, g)
				}
			}
		}
	}
	for d := range tb.byDigit {
		tb.byDigit[d] = tb.byDigit[d][:0]
	}
	for i, g := range tb.groups {
		tb.byDigit[g.d] = append(tb.byDigit[g.d], i)
	}
	for len(tb.ext) < 2*len(tb.groups) {
		tb.ext = append(tb.ext, tTable{no: int16(2*tabNormal + len(tb.ext))})
	}
}

// fillGroups adds the group nodes' tables and their links to the
// candidates' tables (HoDoKu's fillTablesWithGroupNodes).
func (tb *tabling) fillGroups() {
	if len(tb.groups) == 0 {
		// number made the grid's group nodes, unless a search without
		// them (buildChainTables) dropped them since.
		tb.makeGroups()
	}
	for i := range tb.groups {
		gn := &tb.groups[i]
		onE, offE := &tb.ext[2*i], &tb.ext[2*i+1]
		tb.reset(onE)
		tb.reset(offE)
		onE.addFill(tb, gn.entOn)
		offE.addFill(tb, gn.entOff)
		seeing := tb.orig[gn.d].And(gn.buddies)
		if !seeing.Empty() {
			for k := range seeing.All {
				onE.addFill(tb, tEnt(tNode(k, gn.d), false))
				tb.on[tNode(k, gn.d)].addFill(tb, gn.entOff)
			}
			for _, house := range []int{18 + gn.block, gn.lineUnit()} {
				s := seeing.And(board.Units[house])
				if s.Count() == 1 {
					k := s.First()
					offE.addFill(tb, tEnt(tNode(k, gn.d), true))
					tb.off[tNode(k, gn.d)].addFill(tb, gn.entOn)
				}
			}
		}
		// Group nodes of the same digit in a shared house, not
		// overlapping.
		var cnt, first [3]int
		for _, j := range tb.byDigit[gn.d] {
			g2 := &tb.groups[j]
			if j == i || !g2.set.And(gn.set).Empty() {
				continue
			}
			if gn.line != -1 && gn.line == g2.line {
				if cnt[0]++; cnt[0] == 1 {
					first[0] = j
				}
				onE.addFill(tb, g2.entOff)
			}
			if gn.col != -1 && gn.col == g2.col {
				if cnt[1]++; cnt[1] == 1 {
					first[1] = j
				}
				onE.addFill(tb, g2.entOff)
			}
			if gn.block == g2.block {
				if cnt[2]++; cnt[2] == 1 {
					first[2] = j
				}
				onE.addFill(tb, g2.entOff)
			}
		}
		for k, house := range [3]int{gn.line, 9 + gn.col, 18 + gn.block} {
			if cnt[k] != 1 {
				continue
			}
			g2 := &tb.groups[first[k]]
			rest := board.Units[house].And(tb.orig[gn.d]).AndNot(gn.set).AndNot(g2.set)
			if rest.Empty() {
				offE.addFill(tb, g2.entOn)
			}
		}
	}
}

// lineUnit returns the row or column of a group node.
func (g *tGroup) lineUnit() int {
	if g.line != -1 {
		return g.line
	}
	return 9 + g.col
}

// fillNets fills the tables by setting or clearing each candidate in a
// copy of the grid and following four rounds of the singles that appear
// (HoDoKu's fillTables for nets).
func (tb *tabling) fillNets() {
	saved := tb.c
	for i := range 81 {
		if saved.values[i] != 0 {
			continue
		}
		for m := saved.marks[i]; m != 0; m &= m - 1 {
			d := firstDigit(m)
			w := *saved
			tb.netEntry(&w, &tb.on[tNode(i, d)], i, d, true)
			w = *saved
			tb.netEntry(&w, &tb.off[tNode(i, d)], i, d, false)
		}
	}
}

// netEntry is HoDoKu's getTableEntry: the premise and what the singles
// it leads to imply.
func (tb *tabling) netEntry(w *Candidates, t *tTable, cell, d int, set bool) {
	if set {
		tb.netSet(w, t, cell, d, false, false)
	} else {
		w.delCand(cell, d)
		t.add1(tb, tEnt(tNode(cell, d), false), 0)
		if popcount(w.marks[cell]) == 1 {
			tb.netSet(w, t, cell, firstDigit(w.marks[cell]), false, true)
		}
	}
	for range tabLookAhead {
		ss := tb.singles[:0]
		// The naked singles, then the hidden ones, as HoDoKu's finders
		// list them from the queues (one hidden single per cell).
		q := &w.q.ns
		for k := int(q.get); k < int(q.put); k++ {
			if w.values[q.cell[k]] == 0 {
				ss = append(ss, tSingle{int(q.cell[k]), int(q.d[k]), true})
			}
		}
		var found cellSet
		q = &w.q.hs
		for k := int(q.get); k < int(q.put); k++ {
			i, x := int(q.cell[k]), int(q.d[k])
			if w.values[i] != 0 || found.Has(i) {
				continue
			}
			for _, u := range cellUnits[i] {
				if w.q.free[u][x] == 1 {
					ss = append(ss, tSingle{i, x, false})
					found.Add(i)
					break
				}
			}
		}
		for _, s := range ss {
			tb.netSet(w, t, s.cell, s.d, true, s.naked)
		}
		tb.singles = ss
	}
}

// tSingle is a single of a net's look-ahead.
type tSingle struct {
	cell, d int
	naked   bool
}

// netSet is HoDoKu's TablingSolver.setCell: d is set in cell of the copy
// w, with an on entry whose back references are, for a single of the
// look-ahead, the candidates whose clearing made it (the cell's others
// for a naked single, the digit's other places in the unit that had the
// fewest for a hidden one, as they were in the grid searched), and off
// entries for what the placement clears.
func (tb *tabling) netSet(w *Candidates, t *tTable, cell, d int, refs, naked bool) {
	seeing := tb.orig[d].And(board.Peers[cell])
	cands := w.marks[cell]
	units := cellUnits[cell]
	best := 0
	for k := 1; k < 3; k++ {
		if w.q.free[units[k]][d] < w.q.free[units[best]][d] {
			best = k
		}
	}
	w.setCell(cell, d)
	retIndex := t.n()
	if refs {
		var r [5]int
		k := 0
		if naked {
			for o := tb.c.marks[cell]; o != 0 && k < 5; o &= o - 1 {
				if x := firstDigit(o); x != d {
					r[k] = tb.posOf(t, tEnt(tNode(cell, x), false))
					k++
				}
			}
		} else {
			others := tb.orig[d].And(board.Units[units[best]])
			others[cell>>6] &^= 1 << (cell & 63)
			for i := range others.All {
				if k == 5 {
					break
				}
				r[k] = tb.posOf(t, tEnt(tNode(i, d), false))
				k++
			}
		}
		t.add(tb, tEnt(tNode(cell, d), true), r, 0)
	} else {
		t.add1(tb, tEnt(tNode(cell, d), true), 0)
	}
	for i := range seeing.All {
		t.add1(tb, tEnt(tNode(i, d), false), retIndex)
	}
	for o := cands &^ (1 << d); o != 0; o &= o - 1 {
		t.add1(tb, tEnt(tNode(cell, firstDigit(o)), false), retIndex)
	}
}

// table returns the table whose premise is entry e, and its number.
func (tb *tabling) tableOf(e int32) (*tTable, int, bool) {
	n := tNodeOf(e)
	if n >= tabNormal {
		k := 2 * (n - tabNormal)
		if e&1 == 0 {
			k++
		}
		return &tb.ext[k], k, true
	}
	if e&1 != 0 {
		return &tb.on[n], n, false
	}
	return &tb.off[n], n, false
}

// expand brings into every table of tables the direct implications of
// its implications (HoDoKu's expandTables); the others are empty.
func (tb *tabling) expand(tables *[tabNormal]tTable) {
	for _, i := range tb.cands {
		tb.expandTable(&tables[i], nil)
	}
}

// expandTable expands one table. Each implication brings in the entries
// its own table had before expansion (its fill, positions 1 to fill-1),
// so a table's expansion depends on the others' fills only: tables can
// be expanded in any order, or left unexpanded when no search reads them.
//
// With want, it stops once the table holds every entry of want (then
// t.next is the next entry to expand from, for a later call to go on
// from): on a chain table, whose expansion is a breadth-first search, an
// entry once there keeps its place and its way back, so a search that
// reads only those entries reads what the whole expansion would give.
func (tb *tabling) expandTable(dest *tTable, want []int32) {
	if dest.done || dest.n() == 0 {
		return
	}
	if !dest.started {
		dest.started, dest.fill, dest.next = true, int16(dest.n()), 1
	}
	missing := 0
	in, code := tb.bitsOf(dest), &tb.code
	var pos []int16 // dest's positions, for a net's table (posOf)
	if !tb.chainsOnly {
		pos = tb.pos[int(dest.no)*tb.codes:][:tb.codes]
	}
	if want != nil {
		tb.stamp++
		for _, e := range want {
			c := uint(code[e])
			if tb.wanted[c] != tb.stamp && !tb.hasCode(dest, c) {
				missing++
			}
			tb.wanted[c] = tb.stamp
		}
		if missing == 0 {
			return
		}
	}
	for j := int(dest.next); j < dest.n(); j++ {
		if dest.n() >= tabCap {
			dest.capped = true
			break
		}
		// A new entry's way back: the source table's number, and flags
		// saying it is expanded and from which kind of table (markFrom).
		src, from := tb.tabOf[dest.ent[j]], tb.fromOf[dest.ent[j]]
		fill := src.fillLen()
		base := dest.dist(j)
		for k := 1; k < fill; k++ {
			c := uint(src.ent[k])
			if in[c>>6]&(1<<(c&63)) != 0 {
				if tb.chainsOnly {
					// Breadth first, each link adding 2: an entry
					// there has a way back no longer than this one.
					continue
				}
				total := base + src.dist(k)
				if int(dest.npos) < len(dest.ent) {
					tb.syncPos(dest)
				}
				org := int(pos[c]) - 1 // posOf
				// HoDoKu's test, node types included (0 a candidate, 1 a
				// group node: the codes from groupCode), kept as it is.
				if dest.expanded(org) && (dest.dist(org) > total || dest.dist(org) == total && uint(dest.ent[org]) >= tb.groupCode && c < tb.groupCode) {
					dest.ret[org], _ = tabRet([5]int{int(from & 0xfff)})
					dest.markFrom(org, from)
					dest.setDist(org, total)
				}
				continue
			}
			total := base + src.dist(k)
			// A new entry, which add would make: its way back is the
			// source table's number, its distance total. A full table
			// takes none, and (as in HoDoKu) its last entry gets the
			// flags and distance instead.
			last := dest.n()
			if last < tabCap {
				dest.ent = append(dest.ent, uint16(c))
				dest.ret = append(dest.ret, from|uint32(total&0x1ff)<<12)
				in[c>>6] |= 1 << (c & 63)
				if want != nil && tb.wanted[c] == tb.stamp {
					missing--
				}
				if last+1 >= tabCap {
					dest.capped = true
				}
				continue
			}
			dest.capped = true
			dest.markFrom(last-1, from)
			dest.setDist(last-1, total)
		}
		if want != nil && missing == 0 {
			dest.next = int16(j + 1)
			return
		}
	}
	dest.done = true
}

// fillLen returns the number of entries the table had before it was
// expanded.
func (t *tTable) fillLen() int {
	if !t.started {
		return t.n()
	}
	return int(t.fill)
}

// markFrom gives entry k the flags of way back from (fromOf): expanded,
// and from which kind of table.
func (t *tTable) markFrom(k int, from uint32) {
	t.ret[k] |= from & (tabExpanded | tabExtended | tabOnTable)
}

// buildChain writes into tb.chain, backwards, the chain from table t's
// premise to its entry e, and into tb.mins the side branches of a net
// (HoDoKu's buildChain). It reports false when e is not in the table.
func (tb *tabling) buildChain(t *tTable, e int32) bool {
	tb.chain = tb.chain[:0]
	if !tb.has(t, e) {
		return false
	}
	tb.actMin = 0
	tb.chainCells = cellSet{}
	tb.chain = tb.follow(t, tb.posOf(t, e), tb.chain, false)
	if tb.actMin == 0 {
		return true
	}
	// The side branches stop where they meet the main chain: its entries
	// are marked for them.
	if len(tb.onChain) == 0 {
		tb.onChain = make([]uint16, tabEntries)
	}
	for _, e := range tb.chain {
		tb.onChain[e]++
	}
	for m := 0; m < tb.actMin; m++ {
		tb.mins[m] = tb.follow(t, tb.posOf(t, tb.mins[m][0]), tb.mins[m][:0], true)
		tb.minLen[m] = len(tb.mins[m])
	}
	for _, e := range tb.chain {
		tb.onChain[e] = 0
	}
	return true
}

// follow walks the back references from position k of t to the premise,
// appending the entries to out; a side branch (isMin) stops where it
// meets the main chain.
func (tb *tabling) follow(t *tTable, k int, out []int32, isMin bool) []int32 {
	out = append(out, tb.at(t, k))
	org := t
	expanded := false
	first := k
	for first != 0 && len(out) < tabCap {
		if t.expanded(first) {
			if first >= org.n() {
				break // HoDoKu would fail here; no search gets here
			}
			r := ri1(org.ret[first])
			e := tb.at(org, first)
			switch {
			case t.ret[first]&tabExtended != 0:
				t = &tb.ext[r]
			case t.ret[first]&tabOnTable != 0:
				t = &tb.on[r]
			default:
				t = &tb.off[r]
			}
			expanded = true
			first = tb.posOf(t, e)
		}
		ret, at := t.ret[first], first
		first = ri1(ret)
		e := tb.at(t, first)
		out = append(out, e)
		if isMin {
			// On the main chain (marked by buildChain).
			if tb.chainCells.Has(tb.cell(e)) && tb.onChain[e] > 0 {
				return out
			}
		} else {
			tb.chainCells = tb.chainCells.Or(tb.cellsOf(e))
			// The other ways back start side branches.
			var more uint64
			if ret&tabMore != 0 {
				more = tb.more[moreKey(t, at)]
			}
			for ; more != 0; more >>= 10 {
				if ri := int(more & 0x3ff); ri != 0 && tb.actMin < tabMins {
					tb.mins[tb.actMin] = append(tb.mins[tb.actMin][:0], tb.at(t, ri))
					tb.minLen[tb.actMin] = 1
					tb.actMin++
				}
			}
		}
		if expanded && first == 0 {
			e := tb.at(t, 0)
			t = org
			first = tb.posOf(t, e)
			expanded = false
		}
	}
	return out
}

// addChain builds the chain from t's premise to e and adds it to the step
// being built (HoDoKu's addChain). A nice loop or an AIC that comes back
// to a cell it has left (a lasso) is not added; nor is a loop whose first
// link stays in the start cell.
//
// In a forcing chain or net search (tb.lazy) the chain is only noted,
// with its length (and, for a net, whether it branches): on a chain table,
// whose expansion is a breadth-first search where each link adds 2 to the
// distance, the chain to an entry at distance d has d/2+1 entries, which
// TestLazyChains checks against the chains themselves; a table that
// reached 1000 entries (where HoDoKu rewrites its last entry's way back),
// and a net's, have their chains followed and measured, once each. The
// chains of the step taken are built at the end (materialize).
func (tb *tabling) addChain(t *tTable, e int32, niceLoop, aic bool) bool {
	if tb.lazy {
		if !tb.has(t, e) {
			return false
		}
		r := chainRef{t: t, e: e}
		if tb.chainsOnly && !t.capped {
			r.n = t.dist(tb.posOf(t, e))/2 + 1
		} else if known, ok := tb.measured[r]; ok {
			r = known
		} else {
			tb.buildChain(t, e)
			r.n, r.net = tb.measure()
			tb.measured[chainRef{t: t, e: e}] = r
		}
		tb.gs.refs = append(tb.gs.refs, r)
		tb.gs.clen += r.n
		return true
	}
	if !tb.buildChain(t, e) {
		return false
	}
	out := tb.assemble(niceLoop, aic)
	if out == nil {
		return false
	}
	tb.gs.chains = append(tb.gs.chains, out)
	tb.gs.clen += len(out)
	return true
}

// assemble turns tb.chain and tb.mins, as buildChain left them, into a
// chain from the premise, with the side branches of a net; nil for a
// lasso (loops and AICs).
func (tb *tabling) assemble(niceLoop, aic bool) []int32 {
	ch := tb.chain
	if niceLoop && len(ch) > 1 && tb.cell(ch[0]) == tb.cell(ch[1]) {
		return nil
	}
	var lasso cellSet
	lastCell := -1
	var lastEnt int32
	firstCell := tb.cell(ch[len(ch)-1])
	out := make([]int32, 0, len(ch))
	for i := len(ch) - 1; i >= 0; i-- {
		e := ch[i]
		cell := tb.cell(e)
		if niceLoop || aic {
			if lasso.Has(cell) {
				return nil
			}
			if lastCell != -1 && (lastCell != firstCell || aic) {
				lasso.Add(lastCell)
				if tb.isGroup(lastEnt) {
					lasso = lasso.Or(tb.cellsOf(lastEnt))
				}
			}
		}
		lastCell, lastEnt = cell, e
		out = append(out, e)
		for m := 0; m < tb.actMin; m++ {
			if tb.mins[m][tb.minLen[m]-1] == e {
				for l := tb.minLen[m] - 2; l >= 0; l-- {
					out = append(out, -tb.mins[m][l])
				}
				out = append(out, math.MinInt32)
			}
		}
	}
	return out
}

// chainRef is a chain noted but not built: from table t's premise to e,
// n entries long, with a side branch if net.
type chainRef struct {
	t   *tTable
	e   int32
	n   int
	net bool
}

// measure returns the length of the chain assemble would make of
// tb.chain and tb.mins, and whether it has a side branch (a net).
func (tb *tabling) measure() (n int, net bool) {
	n = len(tb.chain)
	if tb.actMin == 0 {
		return n, false
	}
	// A side branch joins the chain at its last entry, once for each
	// time the chain holds it: count the chain's entries, then look up
	// each branch's end.
	if len(tb.onChain) == 0 {
		tb.onChain = make([]uint16, tabEntries)
	}
	for _, e := range tb.chain {
		tb.onChain[e]++
	}
	for m := 0; m < tb.actMin; m++ {
		if k := int(tb.onChain[tb.mins[m][tb.minLen[m]-1]]); k > 0 {
			n += k * tb.minLen[m] // its entries but the last, and the end mark
			net = true
		}
	}
	for _, e := range tb.chain {
		tb.onChain[e] = 0
	}
	return n, net
}

// materialize builds the chains a step has noted.
func (tb *tabling) materialize(s *tStep) {
	for _, r := range s.refs {
		tb.buildChain(r.t, r.e)
		s.chains = append(s.chains, tb.assemble(false, false))
	}
	s.refs = nil
}

// chainLen is HoDoKu's getChainLength: the entries of all chains, side
// branches and their ends included (kept up to date by addChain).
func (s *tStep) chainLen() int { return s.clen }

func (s *tStep) isNet() bool {
	for _, r := range s.refs {
		if r.net {
			return true
		}
	}
	for _, ch := range s.chains {
		for _, e := range ch {
			if e < 0 {
				return true
			}
		}
	}
	return false
}

// sortElims sorts and dedups the eliminations by digit, then cell, as
// HoDoKu's getCandidateString does to the step it is called on.
func (s *tStep) sortElims() {
	slices.SortStableFunc(s.elims, func(a, b sudoku.Candidate) int {
		if a.Digit != b.Digit {
			return a.Digit - b.Digit
		}
		return a.Cell - b.Cell
	})
	s.elims = slices.Compact(s.elims)
}

// key is the step's result and kind, by which HoDoKu keeps one step per
// result (getCandidateString or getSingleCandidateString).
func (tb *tabling) keyOf(s *tStep) string {
	b := append(tb.key[:0], byte(s.t))
	if len(s.elims) > 0 {
		for _, e := range s.elims {
			b = append(b, byte(e.Cell), byte(e.Digit))
		}
	} else {
		b = append(b, 0xff)
		for _, i := range s.cells {
			b = append(b, byte(i))
		}
		b = append(b, byte(s.digits[0]))
	}
	tb.key = b
	return string(b)
}

func (s *tStep) clone() *tStep {
	n := *s
	n.cells = slices.Clone(s.cells)
	n.digits = slices.Clone(s.digits)
	n.elims = slices.Clone(s.elims)
	n.chains = slices.Clone(s.chains)
	n.refs = slices.Clone(s.refs)
	return &n
}

func (s *tStep) reset(t Technique) {
	s.t = t
	s.cells, s.digits, s.elims, s.chains, s.refs = s.cells[:0], s.digits[:0], s.elims[:0], nil, s.refs[:0]
	s.premise, s.unit, s.clen = 0, -1, 0
}

// equivalent is HoDoKu's isEquivalent for steps that are not fish: the
// same kind with the same eliminations, or the same cells set.
func (s *tStep) equivalent(o *tStep) bool {
	if s.t != o.t {
		return false
	}
	if len(s.elims) > 0 {
		if len(s.elims) != len(o.elims) {
			return false
		}
		for _, e := range s.elims {
			if !slices.Contains(o.elims, e) {
				return false
			}
		}
		return true
	}
	return sameInts(s.cells, o.cells)
}

// sameInts is HoDoKu's isEqualInteger: as many, and each of a in b.
func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// configOrder is the order of the step configuration a step belongs to
// (HoDoKu's SolutionType.compare for steps that are not fish).
func configOrder(t Technique) int {
	if t.valid() {
		if g := table[t].group; g != 0 {
			return table[g].order
		}
		return table[t].order
	}
	return 0
}

// indexSum is HoDoKu's tie-break between steps with as many
// eliminations: the sum of cell*(1+80k)+digit over the k-th elimination
// (getIndexSumme), so it depends on the order of the eliminations.
func indexSum(el []sudoku.Candidate) int {
	sum := 0
	for k, e := range el {
		sum += e.Cell*(1+80*k) + e.Digit
	}
	return sum
}

// compareSteps is HoDoKu's SolutionStep.compareTo for steps that neither
// are singles nor fish: more eliminations first, then (different ones) by
// indexSum, then the shorter chains, then by the digits, the cells and the
// kind.
func compareSteps(a, b *tStep) int {
	if r := len(b.elims) - len(a.elims); r != 0 {
		return r
	}
	if !a.equivalent(b) {
		return indexSum(a.elims) - indexSum(b.elims)
	}
	if r := a.chainLen() - b.chainLen(); r != 0 {
		return r
	}
	if !sameInts(a.digits, b.digits) {
		return sum(a.digits) - sum(b.digits)
	}
	if !sameInts(a.cells, b.cells) {
		if len(a.cells) != len(b.cells) {
			return len(a.cells) - len(b.cells)
		}
		return sum(b.cells) - sum(a.cells)
	}
	return configOrder(a.t) - configOrder(b.t)
}

// compareTabling is HoDoKu's TablingComparator for forcing chains and
// nets: placements first (more of them first, then the lower cells), then
// more eliminations, then the lower ones; then the shorter chains.
func compareTabling(a, b *tStep) int {
	if len(a.cells) > 0 && len(b.cells) == 0 {
		return -1
	}
	if len(a.cells) == 0 && len(b.cells) > 0 {
		return 1
	}
	if len(a.cells) > 0 {
		if r := len(b.cells) - len(a.cells); r != 0 {
			return r
		}
		if !a.equivalent(b) {
			s1, s2 := sum(a.cells), sum(b.cells)
			if s1 == s2 {
				return 1
			}
			return s1 - s2
		}
	} else {
		if r := len(b.elims) - len(a.elims); r != 0 {
			return r
		}
		if !a.equivalent(b) {
			for k := range a.elims {
				x, y := a.elims[k], b.elims[k]
				if r := x.Cell*10 + x.Digit - (y.Cell*10 + y.Digit); r != 0 {
					return r
				}
			}
		}
	}
	return a.chainLen() - b.chainLen()
}

// computeReach finds, for every entry, the entries reachable from it
// along the tables' fills: an expanded table holds only entries its
// premise reaches, so a search that wants some entries need not expand a
// table that cannot reach them. The entries with a table are numbered
// densely; Tarjan's search finds the strongly connected components of the
// graph of fills, each component's reach (a bitmap of components) is
// itself and its successors' reach, made as the component completes.
// Tarjan's search completes a component after every component it
// reaches, so those have lower numbers: component c's bitmap needs only
// c/64+1 words.
func (tb *tabling) computeReach() {
	codes := 2 * (tabNormal + len(tb.groups))
	if cap(tb.id) < codes {
		tb.id = make([]int16, codes)
	}
	tb.id = tb.id[:codes]
	for i := range tb.id {
		tb.id[i] = -1
	}
	tb.nodes = tb.nodes[:0]
	// The tables with entries are those of codes (number's, in the
	// entries' order), the group nodes' only when there are groups.
	for c := range tb.groupCode + 2*uint(len(tb.groups)) {
		if t := tb.tabOf[c]; t.n() > 0 {
			tb.id[tb.entOf[c]] = int16(len(tb.nodes))
			tb.nodes = append(tb.nodes, t)
		}
	}
	n := len(tb.nodes)
	tb.adjFrom = append(tb.adjFrom[:0], 0)
	tb.adj = tb.adj[:0]
	for _, t := range tb.nodes {
		for _, c := range t.ent[1:t.fillLen()] {
			if w := tb.id[tb.entOf[c]]; w >= 0 {
				tb.adj = append(tb.adj, w)
			}
		}
		tb.adjFrom = append(tb.adjFrom, int32(len(tb.adj)))
	}
	if cap(tb.index) < n {
		tb.index = make([]int32, n)
		tb.low = make([]int32, n)
		tb.comp = make([]int32, n)
	}
	tb.index, tb.low, tb.comp = tb.index[:n], tb.low[:n], tb.comp[:n]
	clear(tb.index)
	tb.reach, tb.reachAt = tb.reach[:0], tb.reachAt[:0]
	tb.merged = tb.merged[:0]
	tb.stack = tb.stack[:0]
	tb.counter = 0
	for v := range n {
		if tb.index[v] == 0 {
			tb.strongConnect(int32(v))
		}
	}
}

// strongConnect is Tarjan's step from node v.
func (tb *tabling) strongConnect(v int32) {
	tb.counter++
	tb.index[v], tb.low[v] = tb.counter, tb.counter
	tb.stack = append(tb.stack, v)
	tb.comp[v] = -1 // on the stack
	for _, w := range tb.adj[tb.adjFrom[v]:tb.adjFrom[v+1]] {
		if tb.index[w] == 0 {
			tb.strongConnect(int32(w))
			tb.low[v] = min(tb.low[v], tb.low[w])
		} else if tb.comp[w] == -1 {
			tb.low[v] = min(tb.low[v], tb.index[w])
		}
	}
	if tb.low[v] != tb.index[v] {
		return
	}
	id := int32(len(tb.reachAt))
	at := len(tb.reach)
	tb.reachAt = append(tb.reachAt, int32(at))
	for range id/64 + 1 {
		tb.reach = append(tb.reach, 0)
	}
	tb.merged = append(tb.merged, -1)
	r := tb.reach[at:]
	r[id>>6] |= 1 << (id & 63)
	start := len(tb.stack)
	for {
		start--
		w := tb.stack[start]
		tb.comp[w] = id
		if w == v {
			break
		}
	}
	for _, w := range tb.stack[start:] {
		for _, x := range tb.adj[tb.adjFrom[w]:tb.adjFrom[w+1]] {
			// Each successor's reach is taken once.
			if cx := tb.comp[x]; cx != id && tb.merged[cx] != id {
				tb.merged[cx] = id
				for i, m := range tb.compReach(cx) {
					r[i] |= m
				}
			}
		}
	}
	tb.stack = tb.stack[:start]
}

// compReach returns the reach of component c.
func (tb *tabling) compReach(c int32) []uint64 {
	at := int(tb.reachAt[c])
	return tb.reach[at : at+int(c)/64+1]
}

// reachOf returns the reach of entry from, a bitmap of the components it
// reaches, and its component (nil and -1 when it has no table: it
// reaches none).
func (tb *tabling) reachOf(from int32) ([]uint64, int32) {
	f := tb.id[from]
	if f < 0 {
		return nil, -1
	}
	c := tb.comp[f]
	return tb.compReach(c), c
}
