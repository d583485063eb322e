package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Almost locked sets (ALS): n cells of one unit holding n+1 digits, so
// that removing any one digit locks the rest. A single bivalue cell is an
// ALS too. Two ALS that share no cell are joined by a restricted common
// digit x when every x of one sees every x of the other: x is then true
// in at most one of them, so at least one of them is locked.
//
// The ALS and their restricted commons are listed in HoDoKu's order, so
// that its ALS-XZ and ALS-XY-Wing searches, which take the first step they
// find, find the same one: units rows, columns, boxes; in each unit the
// cell subsets in depth-first order of their cells (up to eight cells),
// each cell set once; joined pairs with the lower-numbered ALS first.
//
// Speed. A hard grid has some 250 ALS, so some 30,000 pairs and, among
// the few hundred joins, some 300,000 pairs of joins; the ALS searches run
// on every state of a hard path that reaches them. So the listing builds
// every digit's candidates once per state and needs no map (a set lies in
// two units only as one cell or inside a line-box crossing); the joins are
// looked for only among the sets that hold some digit in a set's buddies
// of it (bitmaps of the sets by cell and digit); and ALS-XY-Wing pairs a
// join only with the later joins that touch one of its sets (touching).
// The lists and the order are unchanged: alsref_test.go keeps the plain
// code and compares both.

// als is one almost locked set.
type als struct {
	cells cellSet
	mask  uint16
	byDig [10]cellSet // its cells holding each digit
	// buddies are, for each of its digits, the cells outside it that hold
	// the digit and see every cell of it that does.
	buddies [10]cellSet
}

// rc joins ALS a and b (a < b in the list) by one or two restricted
// common digits (d2 is 0 when there is one).
type rc struct {
	a, b   int
	d1, d2 int
}

// alsData is what the ALS searches share for one state of the grid.
type alsData struct {
	sets []als
	rcs  []rc
	from []int // rcs[from[i]:from[i+1]] start at ALS i
	// inc[incFrom[i]:incFrom[i+1]] are the indices in rcs of the joins
	// that touch ALS i, increasing; built on first use.
	inc, incFrom []int32
	// with, joinable and partners are the working memory of join.
	with, partners []uint64
	joinable       []uint16
}

// touching returns the indices in d.rcs of the joins that touch ALS i,
// in increasing order.
func (d *alsData) touching(i int) []int32 {
	if d.incFrom == nil {
		d.incFrom = make([]int32, len(d.sets)+1)
		for _, r := range d.rcs {
			d.incFrom[r.a+1]++
			d.incFrom[r.b+1]++
		}
		for k := range d.sets {
			d.incFrom[k+1] += d.incFrom[k]
		}
		d.inc = make([]int32, 2*len(d.rcs))
		next := slices.Clone(d.incFrom[:len(d.sets)])
		for k, r := range d.rcs {
			d.inc[next[r.a]] = int32(k)
			next[r.a]++
			d.inc[next[r.b]] = int32(k)
			next[r.b]++
		}
	}
	return d.inc[d.incFrom[i]:d.incFrom[i+1]]
}

// alsState returns the ALS and restricted commons of c, computed once per
// state along a path.
func (c *Candidates) alsState(m *memo) *alsData {
	if m != nil && m.als != nil && m.alsMarks == c.marks {
		return m.als
	}
	d := &alsData{}
	if m != nil && m.als != nil {
		// The memo's lists are of an earlier grid and done with: a hard
		// path lists the sets again after nearly every step, so it
		// reuses their memory rather than leave it to the collector.
		old := m.als
		d = &alsData{sets: old.sets[:0], rcs: old.rcs[:0], from: old.from, with: old.with, partners: old.partners, joinable: old.joinable}
	}
	d.sets = c.almostLockedSets(m, d.sets)
	d.join()
	if m != nil {
		m.als, m.alsMarks = d, c.marks
	}
	return d
}

// almostLockedSets lists the distinct ALS of the grid in HoDoKu's order,
// appended to out.
// A set of cells lies in two units only when it is one cell (a row and a
// column) or lies where a line crosses a box, so a set is seen already
// exactly when it is one cell of a column, or cells of a box that share a
// row or a column: no map of the sets seen is needed.
//
// The sets a unit gives, and their cells by digit, depend on the unit's
// candidates alone (only their buddies depend on the rest of the grid),
// so the path's memo keeps each unit's sets with the unit's version they
// came from, and a unit whose candidates did not change since is not
// searched again (a step changes a few units; the ALS searches run on states a
// step or two apart).
func (c *Candidates) almostLockedSets(m *memo, out []als) []als {
	digits := m.digitSets(c)
	var empty []int
	kind := 0 // of the unit searched: 0 rows, 1 columns, 2 boxes
	seen := func(s cellSet, n int) bool {
		switch kind {
		case 1:
			return n == 0
		case 2:
			first := cellUnits[firstCell(s)]
			return s.AndNot(board.Units[first[0]]).Empty() || s.AndNot(board.Units[first[1]]).Empty()
		}
		return false
	}
	var rec func(from, n int, set cellSet, m uint16)
	rec = func(from, n int, set cellSet, m uint16) {
		if n == 8 {
			return
		}
		for k := from; k < len(empty); k++ {
			i := empty[k]
			s, mm := set, m|c.marks[i]
			s.Add(i)
			if popcount(mm) == n+2 && !seen(s, n) {
				out = append(out, newALS(c, s, mm))
			}
			rec(k+1, n+1, s, mm)
		}
	}
	ver := m.unitVersions(c)
	for u := range sudoku.NumUnits {
		var kept *alsUnit
		if ver != nil {
			kept = &m.alsUnits[u]
			if kept.ver == ver[u] {
				for k := range kept.sets {
					a := kept.sets[k]
					a.setBuddies(&digits)
					out = append(out, a)
				}
				continue
			}
		}
		start := len(out)
		kind = unitKind(u)
		empty = empty[:0]
		for _, i := range sudoku.UnitCells(u) {
			if c.values[i] == 0 {
				empty = append(empty, i)
			}
		}
		rec(0, 0, cellSet{}, 0)
		for k := start; k < len(out); k++ {
			out[k].setBuddies(&digits)
		}
		if kept != nil {
			kept.ver = ver[u]
			kept.sets = append(kept.sets[:0], out[start:]...)
		}
	}
	return out
}

// alsUnit holds the ALS one unit gave and the unit's version then (0
// for none).
type alsUnit struct {
	ver  uint32
	sets []als
}

// firstCell returns the lowest cell of a non-empty set.
func firstCell(s cellSet) int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// newALS builds the set of cells with digits mask, its buddies aside
// (setBuddies).
func newALS(c *Candidates, cells cellSet, mask uint16) als {
	a := als{cells: cells, mask: mask}
	for i := range cells.All {
		for x := c.marks[i]; x != 0; x &= x - 1 {
			a.byDig[firstDigit(x)].Add(i)
		}
	}
	return a
}

// setBuddies sets a's buddies, given every digit's candidates.
func (a *als) setBuddies(digits *[10]cellSet) {
	for m := a.mask; m != 0; m &= m - 1 {
		d := firstDigit(m)
		a.buddies[d] = seenByAllOf(digits[d], a.byDig[d]).AndNot(a.cells)
	}
}

// join lists in d.rcs the joined pairs of d.sets in HoDoKu's order.
// Two disjoint sets are joined by x when every x of one sees every x of
// the other, that is when one set's x lie among the other's x buddies.
// A hard grid has some 250 sets, 30,000 pairs, of which a few hundred are
// joined, so the pairs are not all looked at: with[x][d] is the bitmap of
// the sets holding d in cell x, and the partners worth looking at for set
// i are those holding, for some digit d, a d in one of i's d buddies (the
// union of with[x][d] over them). Those are taken in increasing order, so
// the list is the one the loop over every pair gives.
func (d *alsData) join() {
	sets, out := d.sets, d.rcs[:0]
	from := grow(d.from, len(sets)+1)
	words := (len(sets) + 63) / 64
	with := grow(d.with, 81*10*words)
	clear(with)
	joinable := grow(d.joinable, len(sets))
	clear(joinable)
	for j := range sets {
		for m := sets[j].mask; m != 0; m &= m - 1 {
			d := firstDigit(m)
			if !sets[j].buddies[d].Empty() {
				joinable[j] |= 1 << d
			}
			for x := range sets[j].byDig[d].All {
				with[(x*10+d)*words+j/64] |= 1 << (j % 64)
			}
		}
	}
	partners := grow(d.partners, words)
	for i := range sets {
		from[i] = len(out)
		a, ja := &sets[i], joinable[i]
		if ja == 0 {
			continue
		}
		clear(partners)
		for m := ja; m != 0; m &= m - 1 {
			d := firstDigit(m)
			for x := range a.buddies[d].All {
				row := with[(x*10+d)*words:][:words]
				for w := range partners {
					partners[w] |= row[w]
				}
			}
		}
		partners[i/64] &= ^uint64(0) << (i % 64) << 1 // only sets after i
		for w := i / 64; w < words; w++ {
			for p := partners[w]; p != 0; p &= p - 1 {
				j := w*64 + bits.TrailingZeros64(p)
				common := ja & joinable[j]
				b := &sets[j]
				if common == 0 || !a.cells.And(b.cells).Empty() {
					continue
				}
				r := rc{a: i, b: j}
				for m := common; m != 0; m &= m - 1 {
					d := firstDigit(m)
					if a.byDig[d].AndNot(b.buddies[d]).Empty() {
						// HoDoKu keeps the first digit and the last one.
						if r.d1 == 0 {
							r.d1 = d
						} else {
							r.d2 = d
						}
					}
				}
				if r.d1 != 0 {
					out = append(out, r)
				}
			}
		}
	}
	from[len(sets)] = len(out)
	d.rcs, d.from, d.with, d.joinable, d.partners = out, from, with, joinable, partners
}

// grow returns s with length n, reusing its memory when it has room.
func grow[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }

// alsElims returns what "a digit of A or B, other than not, is true in A
// or in B" removes: every other common digit z leaves the cells that see
// all z of both.
func (c *Candidates) alsElims(a, b *als, not uint16) []sudoku.Candidate {
	var el []sudoku.Candidate
	for m := a.mask & b.mask &^ not; m != 0; m &= m - 1 {
		z := firstDigit(m)
		for i := range a.buddies[z].And(b.buddies[z]).All {
			el = append(el, cand(i, z))
		}
	}
	return el
}

// lockedElims returns what A, locked without the digits of not, removes:
// each of its other digits leaves the cells outside B that see all of
// that digit in A.
func (c *Candidates) lockedElims(a, b *als, not uint16) []sudoku.Candidate {
	var el []sudoku.Candidate
	for m := a.mask &^ not; m != 0; m &= m - 1 {
		z := firstDigit(m)
		for i := range a.buddies[z].AndNot(b.cells).All {
			el = append(el, cand(i, z))
		}
	}
	return el
}

func rcMask(r rc) uint16 {
	m := uint16(1) << r.d1
	if r.d2 != 0 {
		m |= 1 << r.d2
	}
	return m
}

// findALSXZ finds two ALS A and B joined by a restricted common x: one of
// them is locked, so any other digit z they share must sit in A or B, and
// cells seeing every z of both lose z. Joined by two digits, both are
// locked without them ("doubly linked"): both digits leave the cells
// seeing them all, and each set's other digits leave its surroundings.
// Like HoDoKu it takes the first pair that removes something.
func findALSXZ(c *Candidates, m *memo) (Step, bool) {
	d := c.alsState(m)
	for _, r := range d.rcs {
		a, b := &d.sets[r.a], &d.sets[r.b]
		el := c.alsElims(a, b, 1<<r.d1)
		if r.d2 != 0 {
			el = append(el, c.alsElims(a, b, 1<<r.d2)...)
			el = append(el, c.lockedElims(a, b, rcMask(r))...)
			el = append(el, c.lockedElims(b, a, rcMask(r))...)
		}
		if len(el) == 0 {
			continue
		}
		x := digitList(digitsOf(rcMask(r)))
		why := Reason{ID: "alsXZ", Args: []Arg{textArg(alsName(a)), textArg(alsName(b)), digitsArg(digitsOf(rcMask(r)))}}
		if r.d2 != 0 {
			why = Reason{ID: "alsXZDouble", Args: []Arg{textArg(alsName(a)), textArg(alsName(b)),
				digitsArg(digitsOf(rcMask(r))).joined("nor"), digitsArg(digitsOf(rcMask(r))).joined("and")}}
		}
		return alsStep(ALSXZ, []*als{a, b}, fmt.Sprintf("A=%s, B=%s, X=%s", alsName(a), alsName(b), x), why, el), true
	}
	return Step{}, false
}

// findALSXYWing finds ALS A and B, each joined to a third, C, by a
// different restricted common: if A is not locked, C is, and then B is;
// so A or B is locked, and a digit z they share (other than the joining
// ones) leaves the cells seeing every z of both. HoDoKu's first one.
func findALSXYWing(c *Candidates, m *memo) (Step, bool) {
	d := c.alsState(m)
	for i, r1 := range d.rcs {
		// The second join shares a set with the first: it is one of the
		// joins touching r1.a or r1.b (never both, as each pair of sets
		// has one join) that come after r1, taken in list order.
		ta, tb := d.touching(r1.a), d.touching(r1.b)
		pa, _ := slices.BinarySearch(ta, int32(i+1))
		pb, _ := slices.BinarySearch(tb, int32(i+1))
		ta, tb = ta[pa:], tb[pb:]
		for len(ta) > 0 || len(tb) > 0 {
			var k int32
			if len(tb) == 0 || len(ta) > 0 && ta[0] < tb[0] {
				k, ta = ta[0], ta[1:]
			} else {
				k, tb = tb[0], tb[1:]
			}
			r2 := d.rcs[k]
			if r1.d2 == 0 && r2.d2 == 0 && r1.d1 == r2.d1 {
				continue
			}
			var ci, ai, bi int
			switch {
			case r1.a == r2.a && r1.b != r2.b:
				ci, ai, bi = r1.a, r1.b, r2.b
			case r1.a == r2.b && r1.b != r2.a:
				ci, ai, bi = r1.a, r1.b, r2.a
			case r1.b == r2.a && r1.a != r2.b:
				ci, ai, bi = r1.b, r1.a, r2.b
			case r1.b == r2.b && r1.a != r2.a:
				ci, ai, bi = r1.b, r1.a, r2.a
			default:
				continue
			}
			a, b, cc := &d.sets[ai], &d.sets[bi], &d.sets[ci]
			if !a.cells.And(b.cells).Empty() {
				continue
			}
			el := c.alsElims(a, b, rcMask(r1)|rcMask(r2))
			if len(el) == 0 {
				continue
			}
			x, y := digitList(digitsOf(rcMask(r1))), digitList(digitsOf(rcMask(r2)))
			return alsStep(ALSXYWing, []*als{a, b, cc},
				fmt.Sprintf("A=%s, B=%s, C=%s, X=%s, Y=%s", alsName(a), alsName(b), alsName(cc), x, y),
				Reason{ID: "alsXYWing", Args: []Arg{textArg(alsName(cc)), textArg(alsName(a)), digitsArg(digitsOf(rcMask(r1))), textArg(alsName(b)), digitsArg(digitsOf(rcMask(r2)))}},
				el), true
		}
	}
	return Step{}, false
}

// maxALSChainWork bounds the depth-first search of ALS chains.
const maxALSChainWork = 200000

// findALSChain finds a chain of four or more ALS, each joined to the next
// by a restricted common that differs from the one that joined it to the
// one before: then the first or the last ALS is locked, and a digit they
// share (other than the joining digits at the ends) leaves the cells
// seeing every place of it in both. Like HoDoKu it tries every chain along
// the joins in their list order and takes the one that removes the most,
// then the one whose eliminations come first, then the one of fewest sets
// and cells.
func findALSChain(c *Candidates, m *memo) (Step, bool) {
	d := c.alsState(m)
	type link struct {
		r      int    // index in d.rcs
		actual uint16 // the digits that join here
	}
	var best []link
	var bestStart int
	var bestEl []sudoku.Candidate
	bestCells, bestSum := 0, 0
	var chain []link
	in := make([]bool, len(d.sets))
	work := 0
	var rec func(i int, last uint16)
	rec = func(i int, last uint16) {
		for k := d.from[i]; k < d.from[i+1]; k++ {
			r := d.rcs[k]
			if in[r.b] {
				continue
			}
			// The first link tries each of two digits on its own; the
			// next ones take the digits the link before left.
			tries, nTries := [2]uint16{rcMask(r)}, 1
			switch {
			case len(chain) > 0:
				if tries[0] = nextActual(last, r); tries[0] == 0 {
					continue
				}
			case r.d2 != 0:
				tries, nTries = [2]uint16{1 << r.d1, 1 << r.d2}, 2
			}
			for _, actual := range tries[:nTries] {
				if work++; work > maxALSChainWork {
					return
				}
				chain = append(chain, link{k, actual})
				in[r.b] = true
				if len(chain) >= 3 {
					start, end := &d.sets[d.rcs[chain[0].r].a], &d.sets[r.b]
					el := c.alsElims(start, end, chain[0].actual|actual)
					if len(el) > 0 {
						sum := indexSum(el) // in HoDoKu's order: by digit, then cell
						el = sortCands(el)
						cells := start.cells.Count()
						for _, l := range chain {
							cells += d.sets[d.rcs[l.r].b].cells.Count()
						}
						if best == nil || betterALSChain(el, sum, len(chain), cells, bestEl, bestSum, len(best), bestCells) {
							best, bestEl, bestSum, bestCells = slices.Clone(chain), el, sum, cells
							bestStart = d.rcs[chain[0].r].a
						}
					}
				}
				rec(r.b, actual)
				in[r.b] = false
				chain = chain[:len(chain)-1]
			}
		}
	}
	for i := range d.sets {
		in[i] = true
		rec(i, 0)
		in[i] = false
	}
	if best == nil {
		return Step{}, false
	}
	sets := []*als{&d.sets[bestStart]}
	var names []string
	names = append(names, alsName(sets[0]))
	for _, l := range best {
		s := &d.sets[d.rcs[l.r].b]
		sets = append(sets, s)
		names = append(names, fmt.Sprintf("-%s- %s", digitList(digitsOf(l.actual)), alsName(s)))
	}
	first, last := sets[0], sets[len(sets)-1]
	return alsStep(ALSChain, sets, strings.Join(names, " "),
		Reason{ID: "alsChain", Args: []Arg{textArg(alsName(first)), textArg(alsName(last))}}, bestEl), true
}

// nextActual returns the digits of join r that may follow a join by the
// digits prev: those not in prev. It follows HoDoKu, which compares a
// join by two digits with the first of them alone.
func nextActual(prev uint16, r rc) uint16 {
	if popcount(prev) == 2 {
		prev &= -prev // HoDoKu compares only the lower digit here
	}
	return rcMask(r) &^ prev
}

// betterALSChain orders ALS chains as HoDoKu does.
func betterALSChain(el []sudoku.Candidate, sum, n, cells int, bel []sudoku.Candidate, bsum, bn, bcells int) bool {
	if len(el) != len(bel) {
		return len(el) > len(bel)
	}
	if !slices.Equal(el, bel) {
		return sum < bsum
	}
	if n != bn {
		return n < bn
	}
	return cells < bcells
}

// alsName writes a set as its cells and digits, such as "r1c1,r1c2 {123}".
func alsName(a *als) string {
	return fmt.Sprintf("%s {%s}", cellNames(a.cells.List()), digitList(digitsOf(a.mask)))
}

func alsStep(t Technique, sets []*als, note string, why Reason, el []sudoku.Candidate) Step {
	var pat []sudoku.Candidate
	for _, a := range sets {
		for i := range a.cells.All {
			for m := a.mask; m != 0; m &= m - 1 {
				if d := firstDigit(m); a.byDig[d].Has(i) {
					pat = append(pat, cand(i, d))
				}
			}
		}
	}
	return Step{Technique: t, Pattern: sortCands(pat), Eliminations: sortCands(el), Notation: note}.because(why.ID, why.Args...)
}
