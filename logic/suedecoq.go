package logic

import (
	"fmt"
	"slices"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// findSueDeCoq finds HoDoKu's (extended) Sue de Coq: two or three cells C
// where a line and a box cross, holding n+2 or more digits (n = |C|); a
// set L of other cells of the line and a set B of other cells of the box,
// sharing no digit of C between them, such that C, L and B hold as many
// of C's digits as they have cells (L and B may add digits of their own).
// Then every digit of C sits in C, L or B: the line outside them loses the
// digits of C and L that B does not hold (and the digits L and B share),
// the box outside them the digits of C and B that L does not hold (and
// those they share). The search is HoDoKu's: rows before columns, each
// with the boxes in order, the cells of C, L and B chosen in cell order,
// and the first that removes something is taken.
//
// What the search at one crossing finds depends on the candidates of the
// line and the box alone, so the path's memo keeps, for each crossing,
// the two units' versions when its search last found nothing, and the
// search skips a crossing whose line and box did not change since (most steps
// of a hard path leave most units alone).
func findSueDeCoq(c *Candidates, m *memo) (Step, bool) {
	var bufs sdcBufs
	ver := m.unitVersions(c)
	for _, first := range [2]int{sudoku.FirstRow, sudoku.FirstCol} {
		for line := first; line < first+9; line++ {
			for box := sudoku.FirstBox; box < sudoku.NumUnits; box++ {
				inter := board.Units[line].And(board.Units[box])
				if inter.Empty() {
					continue
				}
				if n := c.emptyCount(inter); n < 2 {
					continue
				}
				var seen *[2]uint32
				if ver != nil {
					seen = &m.sdc[line][(box-sudoku.FirstBox)%3]
					if *seen == [2]uint32{ver[line], ver[box]} {
						continue
					}
				}
				if s, ok := c.sueDeCoqAt(m, line, box, c.emptyIn(inter), &bufs); ok {
					return s, true
				}
				if seen != nil {
					*seen = [2]uint32{ver[line], ver[box]}
				}
			}
		}
	}
	return Step{}, false
}

// sueDeCoqAt tries the pairs and triples of the crossing cells inter.
func (c *Candidates) sueDeCoqAt(m *memo, line, box int, inter []int, bufs *sdcBufs) (Step, bool) {
	for a := 0; a < len(inter)-1; a++ {
		for b := a + 1; b < len(inter); b++ {
			m2 := c.marks[inter[a]] | c.marks[inter[b]]
			if n := popcount(m2) - 2; n >= 2 {
				if s, ok := c.sueDeCoqSets(m, line, box, []int{inter[a], inter[b]}, m2, n, bufs); ok {
					return s, true
				}
			}
			for k := b + 1; k < len(inter); k++ {
				m3 := m2 | c.marks[inter[k]]
				if n := popcount(m3) - 3; n >= 2 {
					if s, ok := c.sueDeCoqSets(m, line, box, []int{inter[a], inter[b], inter[k]}, m3, n, bufs); ok {
						return s, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// sdcBufs holds the subset lists of a Sue de Coq search, reused from one
// crossing set to the next.
type sdcBufs struct {
	lines, boxes []cellSubset
	// byNeed lists the box sets by the number of digits of C they add,
	// each group in list order: need[k] to need[k+1] for k digits.
	byNeed []sdcBoxSet
	need   [11]int32
}

// sdcBoxSet is a box set as the search for a line set reads it: its
// cells, its digits of C, and its index in the list of box sets.
type sdcBoxSet struct {
	cells cellSet
	inC   uint16
	i     int32
}

// cellSubset is a set of cells and their digits.
type cellSubset struct {
	cells cellSet
	mask  uint16
	n     int
}

// subsetList returns the non-empty subsets of cells, in depth-first order
// of their cells (a set before the sets it starts), appended to buf.
// It walks depth first with a stack of its own: a set, and the next
// cell to add to it.
func (c *Candidates) subsetList(buf []cellSubset, cells []int) []cellSubset {
	var stack [10]struct {
		set  cellSubset
		next int
	}
	top := 0
	for top >= 0 {
		e := &stack[top]
		if e.next >= len(cells) {
			top--
			continue
		}
		i := cells[e.next]
		e.next++
		set := e.set
		set.cells.Add(i)
		set.mask |= c.marks[i]
		set.n++
		buf = append(buf, set)
		top++
		stack[top].set, stack[top].next = set, e.next
	}
	return buf
}

// sueDeCoqSets chooses the line set, then the box set, for the crossing
// cells cs with digits cm, nPlus more digits than cells. The subsets of
// the line and of the box (less the crossing cells) are listed once; the
// box sets for a line set are those of the list that avoid it, in the
// same order as if listed apart. The tests on digit counts come first and
// the eliminations are looked for on digit bitmaps before any is listed.
func (c *Candidates) sueDeCoqSets(m *memo, line, box int, cs []int, cm uint16, nPlus int, bufs *sdcBufs) (Step, bool) {
	var cset cellSet
	for _, i := range cs {
		cset.Add(i)
	}
	lines := c.subsetList(bufs.lines[:0], c.emptyIn(board.Units[line].AndNot(cset)))
	boxes := c.subsetList(bufs.boxes[:0], c.emptyIn(board.Units[box].AndNot(cset)))
	bufs.lines, bufs.boxes = lines, boxes
	// A box set fits a line set only if it adds the very number of C's
	// digits the line set leaves over: grouping the box sets by that
	// number (a box set of n cells and x digits outside C adds n-x) spares
	// the search the others. Sets that add none or fewer never fit.
	// A box set must hold a digit of C: one that holds none adds none
	// (its n cells would hold fewer than n digits), and is left out.
	need := &bufs.need
	*need = [11]int32{}
	for _, b := range boxes {
		if k := b.n - popcount(b.mask&^cm); k > 0 && b.mask&cm != 0 {
			need[k+1]++
		}
	}
	for k := 1; k < len(need); k++ {
		need[k] += need[k-1]
	}
	byNeed := slices.Grow(bufs.byNeed[:0], int(need[10]))[:need[10]]
	bufs.byNeed = byNeed
	next := *need
	for i, b := range boxes {
		if k := b.n - popcount(b.mask&^cm); k > 0 && b.mask&cm != 0 {
			byNeed[next[k]] = sdcBoxSet{b.cells, b.mask & cm, int32(i)}
			next[k]++
		}
	}
	var digits [10]cellSet // built on first use
	haveDigits := false
	removes := func(rest cellSet, bits uint16) bool {
		if !haveDigits {
			digits = m.digitSets(c)
			haveDigits = true
		}
		for ; bits != 0; bits &= bits - 1 {
			if !digits[firstDigit(bits)].And(rest).Empty() {
				return true
			}
		}
		return false
	}
	for li := range lines {
		l := &lines[li]
		lm := l.mask
		contained, extra := popcount(lm&cm), popcount(lm&^cm)
		if contained == 0 || l.n <= extra || l.n-extra >= nPlus {
			continue
		}
		forbidden := lm & cm       // the box set may not hold the line set's digits of C
		k := nPlus - (l.n - extra) // > 0
		group := byNeed[need[k]:need[k+1]]
		for gi := range group {
			g := &group[gi]
			if g.inC&forbidden != 0 || !g.cells.And(l.cells).Empty() {
				continue
			}
			b := &boxes[g.i]
			bm := b.mask
			both := bm & lm
			boxRest := board.Units[box].AndNot(b.cells).AndNot(cset)
			boxDigits := ((cm | bm) &^ lm) | both
			lineRest := board.Units[line].AndNot(l.cells).AndNot(cset)
			lineDigits := ((cm | lm) &^ bm) | both
			if !removes(boxRest, boxDigits) && !removes(lineRest, lineDigits) {
				continue
			}
			// The box first, then the line, cell by cell, as HoDoKu
			// removes them.
			var el []sudoku.Candidate
			for _, rest := range [2]struct {
				cells  cellSet
				digits uint16
			}{{boxRest, boxDigits}, {lineRest, lineDigits}} {
				for i := range rest.cells.All {
					for _, d := range digitsOf(c.marks[i] & rest.digits) {
						el = append(el, cand(i, d))
					}
				}
			}
			ls, bs := l.cells.List(), b.cells.List()
			used := cset.Or(l.cells).Or(b.cells)
			return Step{Technique: SueDeCoq, Pattern: c.candsOf(used.List(), allDigits), Eliminations: el,
				Notation: fmt.Sprintf("%s {%s} with %s {%s} and %s {%s}", cellNames(cs), digitList(digitsOf(cm)),
					cellNames(ls), digitList(digitsOf(lm)), cellNames(bs), digitList(digitsOf(bm))),
			}.because("sueDeCoq", cellsArg(cs), unitArg(line), unitArg(box), digitsArg(digitsOf(cm)), cellsArg(ls), cellsArg(bs)), true
		}
	}
	return Step{}, false
}

// emptyCount returns the number of empty cells of s.
func (c *Candidates) emptyCount(s cellSet) int {
	n := 0
	for i := range s.All {
		if c.values[i] == 0 {
			n++
		}
	}
	return n
}

func (c *Candidates) emptyIn(s cellSet) []int {
	var out []int
	for i := range s.All {
		if c.values[i] == 0 {
			out = append(out, i)
		}
	}
	return out
}
