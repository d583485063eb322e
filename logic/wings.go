package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

func (c *Candidates) bivalues() []int {
	var out []int
	for i := 0; i < 81; i++ {
		if popcount(c.marks[i]) == 2 {
			out = append(out, i)
		}
	}
	return out
}

// findXYWing finds a pivot xy seeing pincers xz and yz: one pincer is z,
// so cells seeing both pincers lose z. As HoDoKu's, it tries the
// combinations of three bivalue cells in cell order, each cell as the
// pivot in turn (the first, then the second, then the third).
func findXYWing(c *Candidates, m *memo) (Step, bool) {
	bv := c.bivalues()
	for i := range bv {
		for j := i + 1; j < len(bv); j++ {
			if popcount(c.marks[bv[i]]|c.marks[bv[j]]) != 3 {
				continue
			}
			for k := j + 1; k < len(bv); k++ {
				m1, m2, m3 := c.marks[bv[i]], c.marks[bv[j]], c.marks[bv[k]]
				if popcount(m1|m2|m3) != 3 || m1 == m2 || m2 == m3 || m3 == m1 {
					continue
				}
				for _, w := range [3][3]int{{bv[i], bv[j], bv[k]}, {bv[j], bv[i], bv[k]}, {bv[k], bv[j], bv[i]}} {
					p, a, b := w[0], w[1], w[2]
					if !sees(p, a) || !sees(p, b) {
						continue
					}
					z := c.marks[a] & c.marks[b]
					if popcount(z) != 1 {
						continue
					}
					d := firstDigit(z)
					el := c.elimsIn(board.Peers[a].And(board.Peers[b]), d)
					if len(el) == 0 {
						continue
					}
					mp := c.marks[p]
					return Step{Technique: XYWing, Pattern: c.candsOf([]int{p, a, b}, allDigits), Eliminations: el,
						Notation: fmt.Sprintf("%s/%d in %s,%s,%s", digitList(digitsOf(mp)), d, sudoku.CellName(p), sudoku.CellName(a), sudoku.CellName(b)),
					}.because("xyWing", cellArg(p), cellArg(a), cellArg(b), digitArg(d)), true
				}
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot xyz seeing pincers xz and yz: one of the three
// is z, so cells seeing all three lose z.
func findXYZWing(c *Candidates, m *memo) (Step, bool) {
	bv := c.bivalues()
	for p := 0; p < 81; p++ {
		mp := c.marks[p]
		if popcount(mp) != 3 {
			continue
		}
		for i, a := range bv {
			if !sees(p, a) || c.marks[a]&^mp != 0 {
				continue
			}
			for _, b := range bv[i+1:] {
				if !sees(p, b) || c.marks[b]&^mp != 0 || c.marks[a] == c.marks[b] {
					continue
				}
				z := c.marks[a] & c.marks[b]
				d := firstDigit(z)
				var s cellSet
				s.Add(p)
				s.Add(a)
				s.Add(b)
				el := c.elimsIn(seenByAll(s), d)
				if len(el) == 0 {
					continue
				}
				return Step{Technique: XYZWing, Pattern: c.candsOf([]int{p, a, b}, allDigits), Eliminations: el,
					Notation: fmt.Sprintf("%s/%d in %s,%s,%s", digitList(digitsOf(mp)), d, sudoku.CellName(p), sudoku.CellName(a), sudoku.CellName(b)),
				}.because("xyzWing", cellArg(p), cellArg(a), cellArg(b), digitArg(d)), true
			}
		}
	}
	return Step{}, false
}

// findWWing finds two cells with the same pair xy joined by a strong link
// on x: one of them is y, so cells seeing both lose y. As HoDoKu's, it
// takes the pairs of cells in cell order, y the lower digit first, and the
// strong links by unit (rows, columns, boxes).
func findWWing(c *Candidates, m *memo) (Step, bool) {
	bv := c.bivalues()
	for i, a := range bv {
		ds := digitsOf(c.marks[a])
		for _, b := range bv[i+1:] {
			if c.marks[b] != c.marks[a] {
				continue
			}
			for k, y := range ds {
				x := ds[1-k]
				el := c.elimsIn(board.Peers[a].And(board.Peers[b]), y)
				if len(el) == 0 {
					continue
				}
				for u := range sudoku.NumUnits {
					if c.q.free[u][x] != 2 {
						continue
					}
					w1, w2 := -1, -1
					for _, i := range sudoku.UnitCells(u) {
						if i == a || i == b || !c.has(i, x) {
							continue
						}
						if sees(i, a) {
							w1 = i
						} else if sees(i, b) {
							w2 = i
						}
						if w1 >= 0 && w2 >= 0 {
							break
						}
					}
					if w1 < 0 || w2 < 0 {
						continue
					}
					pat := append(c.candsOf([]int{a, b}, allDigits), cand(w1, x), cand(w2, x))
					return Step{Technique: WWing, Pattern: pat, Eliminations: el,
						Notation: fmt.Sprintf("%d/%d in %s,%s connected by %d in %s=%s", x, y, sudoku.CellName(a), sudoku.CellName(b), x, sudoku.CellName(w1), sudoku.CellName(w2)),
					}.because("wWing", cellArg(a), cellArg(b), digitArg(x), digitArg(y), cellArg(w1), cellArg(w2)).drawn(Drawing{Links: []Link{
						link(cand(a, y), cand(a, x), true), link(cand(a, x), cand(w1, x), false), link(cand(w1, x), cand(w2, x), true),
						link(cand(w2, x), cand(b, x), false), link(cand(b, x), cand(b, y), true)}}), true
				}
			}
		}
	}
	return Step{}, false
}
