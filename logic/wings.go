package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
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
// so cells seeing both pincers lose z.
func findXYWing(c *Candidates) (Step, bool) {
	bv := c.bivalues()
	for _, p := range bv {
		for i, a := range bv {
			if !sees(p, a) {
				continue
			}
			for _, b := range bv[i+1:] {
				if !sees(p, b) {
					continue
				}
				mp, ma, mb := c.marks[p], c.marks[a], c.marks[b]
				z := ma & mb
				if popcount(z) != 1 || z&mp != 0 || (ma|mb)&^z != mp {
					continue
				}
				d := firstDigit(z)
				var ends cellSet
				ends.add(a)
				ends.add(b)
				el := c.elimsIn(seenByAll(ends), d)
				if len(el) == 0 {
					continue
				}
				return Step{Technique: XYWing, Pattern: c.candsOf([]int{p, a, b}, allDigits), Eliminations: el,
					Notation: fmt.Sprintf("%s/%d in %s,%s,%s", digitList(digitsOf(mp)), d, sudoku.CellName(p), sudoku.CellName(a), sudoku.CellName(b)),
				}.because("xyWing", cellArg(p), cellArg(a), cellArg(b), digitArg(d)), true
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot xyz seeing pincers xz and yz: one of the three
// is z, so cells seeing all three lose z.
func findXYZWing(c *Candidates) (Step, bool) {
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
				s.add(p)
				s.add(a)
				s.add(b)
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
// on x: one of them is y, so cells seeing both lose y.
func findWWing(c *Candidates) (Step, bool) {
	bv := c.bivalues()
	for i, a := range bv {
		for _, b := range bv[i+1:] {
			if c.marks[a] != c.marks[b] || sees(a, b) {
				continue
			}
			ds := digitsOf(c.marks[a])
			for k, x := range ds {
				y := ds[1-k]
				var ends cellSet
				ends.add(a)
				ends.add(b)
				el := c.elimsIn(seenByAll(ends), y)
				if len(el) == 0 {
					continue
				}
				for _, l := range c.strongLinks(x) {
					for _, e := range [2][2]int{{l.a, l.b}, {l.b, l.a}} {
						if e[0] == a || e[1] == b || e[0] == b || e[1] == a || !sees(e[0], a) || !sees(e[1], b) {
							continue
						}
						pat := append(c.candsOf([]int{a, b}, allDigits), cand(e[0], x), cand(e[1], x))
						return Step{Technique: WWing, Pattern: pat, Eliminations: el,
							Notation: fmt.Sprintf("%d/%d in %s,%s connected by %d in %s=%s", x, y, sudoku.CellName(a), sudoku.CellName(b), x, sudoku.CellName(e[0]), sudoku.CellName(e[1])),
						}.because("wWing", cellArg(a), cellArg(b), digitArg(x), digitArg(y), cellArg(e[0]), cellArg(e[1])).drawn(Drawing{Links: []Link{
							link(cand(a, y), cand(a, x), true), link(cand(a, x), cand(e[0], x), false), link(cand(e[0], x), cand(e[1], x), true),
							link(cand(e[1], x), cand(b, x), false), link(cand(b, x), cand(b, y), true)}}), true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findRemotePair finds a chain of cells with the same two digits, each
// seeing the next: cells seeing two chain cells an odd number of links
// apart (at least three) lose both digits.
func findRemotePair(c *Candidates) (Step, bool) {
	bv := c.bivalues()
	done := map[int]bool{}
	for _, start := range bv {
		if done[start] {
			continue
		}
		m := c.marks[start]
		dist := map[int]int{start: 0}
		order := []int{start}
		for k := 0; k < len(order); k++ {
			cur := order[k]
			for _, o := range bv {
				if _, ok := dist[o]; !ok && c.marks[o] == m && sees(cur, o) {
					dist[o] = dist[cur] + 1
					order = append(order, o)
				}
			}
		}
		for _, o := range order {
			done[o] = true
		}
		if len(order) < 4 {
			continue
		}
		for i, a := range order {
			for _, b := range order[i+1:] {
				if (dist[a]+dist[b])%2 == 0 || sees(a, b) {
					continue
				}
				var ends cellSet
				ends.add(a)
				ends.add(b)
				var el []sudoku.Candidate
				for _, d := range digitsOf(m) {
					el = append(el, c.elimsIn(seenByAll(ends), d)...)
				}
				if len(el) == 0 {
					continue
				}
				return Step{Technique: RemotePair, Pattern: c.candsOf(order, m), Eliminations: sortCands(el),
					Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(order)),
				}.because("remotePair", cellsArg(order), digitsArg(digitsOf(m)), cellArg(a), cellArg(b)), true
			}
		}
	}
	return Step{}, false
}
