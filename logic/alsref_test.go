package logic

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// The ALS list, the restricted commons and the ALS-XY-Wing search as they
// were before they were made faster (commit 45236d5), kept as the
// reference the faster ones must match: the same sets and joins in the
// same order, the same steps.

// refAlmostLockedSets lists the distinct ALS of the grid in HoDoKu's order.
func (c *Candidates) refAlmostLockedSets() []als {
	var out []als
	seen := map[cellSet]bool{}
	var empty []int
	var rec func(from, n int, set cellSet, m uint16)
	rec = func(from, n int, set cellSet, m uint16) {
		if n == 8 {
			return
		}
		for k := from; k < len(empty); k++ {
			i := empty[k]
			s, mm := set, m|c.marks[i]
			s.Add(i)
			if popcount(mm) == n+2 && !seen[s] {
				seen[s] = true
				out = append(out, c.refNewALS(s, mm))
			}
			rec(k+1, n+1, s, mm)
		}
	}
	for u := range sudoku.NumUnits {
		empty = empty[:0]
		for _, i := range sudoku.UnitCells(u) {
			if c.values[i] == 0 {
				empty = append(empty, i)
			}
		}
		rec(0, 0, cellSet{}, 0)
	}
	return out
}

func (c *Candidates) refNewALS(cells cellSet, mask uint16) als {
	a := als{cells: cells, mask: mask}
	for i := range cells.All {
		for x := c.marks[i]; x != 0; x &= x - 1 {
			a.byDig[firstDigit(x)].Add(i)
		}
	}
	for m := mask; m != 0; m &= m - 1 {
		d := firstDigit(m)
		a.buddies[d] = seenByAllOf(c.digitSet(d), a.byDig[d]).AndNot(cells)
	}
	return a
}

// refRestrictedCommons lists the joined pairs of sets in HoDoKu's order.
func refRestrictedCommons(sets []als) ([]rc, []int) {
	var out []rc
	from := make([]int, len(sets)+1)
	for i := range sets {
		from[i] = len(out)
		a := &sets[i]
		for j := i + 1; j < len(sets); j++ {
			b := &sets[j]
			common := a.mask & b.mask
			if common == 0 || !a.cells.And(b.cells).Empty() {
				continue
			}
			r := rc{a: i, b: j}
			for m := common; m != 0; m &= m - 1 {
				d := firstDigit(m)
				xs := a.byDig[d].Or(b.byDig[d])
				if xs.AndNot(a.byDig[d].Or(a.buddies[d]).And(b.byDig[d].Or(b.buddies[d]))).Empty() {
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
	from[len(sets)] = len(out)
	return out, from
}

// refFindALSXYWing finds ALS A and B, each joined to a third, C, by a
// different restricted common: if A is not locked, C is, and then B is;
// so A or B is locked, and a digit z they share (other than the joining
// ones) leaves the cells seeing every z of both. HoDoKu's first one.
func refFindALSXYWing(c *Candidates, d *alsData) (Step, bool) {
	for i, r1 := range d.rcs {
		for _, r2 := range d.rcs[i+1:] {
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

// TestALSMatchesReference compares the ALS, their joins and the ALS-XY-Wing
// found on every state from ALS-XZ on along the HoDoKu paths of a sample
// of the HoDoKu calibration puzzles (every sixth, every twenty-fourth with
// -short).
func TestALSMatchesReference(t *testing.T) {
	every := 6
	if testing.Short() || race.Enabled { // one goroutine: the race detector has the sample -short has
		every = 24
	}
	states, found := 0, 0
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		if table[next.Technique].order < table[ALSXZ].order {
			return
		}
		states++
		sets := c.refAlmostLockedSets()
		if got := c.almostLockedSets(nil, nil); len(got) != len(sets) || len(got) > 0 && !reflect.DeepEqual(got, sets) {
			t.Fatalf("%s: the ALS differ at\n%v", p.grid, c)
		}
		ref := &alsData{sets: sets}
		ref.rcs, ref.from = refRestrictedCommons(sets)
		got := c.alsState(nil)
		if !reflect.DeepEqual(got.rcs, ref.rcs) || !reflect.DeepEqual(got.from, ref.from) {
			t.Fatalf("%s: the joins differ at\n%v", p.grid, c)
		}
		gs, gok := findALSXYWing(c, nil)
		ws, wok := refFindALSXYWing(c, ref)
		if gok != wok || !reflect.DeepEqual(gs, ws) {
			t.Fatalf("%s: ALS-XY-Wing at\n%v\ngot %v %v\nwant %v %v", p.grid, c, gok, gs, wok, ws)
		}
		if gok {
			found++
		}
	})
	t.Logf("%d states, %d with an ALS-XY-Wing", states, found)
	if found == 0 {
		t.Error("no state of the sample has an ALS-XY-Wing")
	}
}
