package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

type strongLink struct {
	a, b, unit int
}

// strongLinks returns the units where d has exactly two places.
func (c *Candidates) strongLinks(d int) []strongLink {
	var out []strongLink
	all := c.digitSet(d)
	for u := 0; u < 27; u++ {
		p := all.and(unitSet[u])
		if p.count() == 2 {
			cs := p.cells()
			if u >= 18 && (cs[0]/9 == cs[1]/9 || cs[0]%9 == cs[1]%9) {
				continue // the same link as the row or column one
			}
			out = append(out, strongLink{cs[0], cs[1], u})
		}
	}
	return out
}

// twoLinks finds two strong links on one digit joined by a weak link: one
// of the two free ends holds the digit, so cells seeing both lose it. The
// shape decides the name: Skyscraper (two parallel lines), 2-String Kite
// (a row and a column joined in a box) or Turbot Fish (any other).
func twoLinks(kind Technique) func(*Candidates) (Step, bool) {
	return func(c *Candidates) (Step, bool) {
		for d := 1; d <= 9; d++ {
			key, known := c.known(20+int(kind), d)
			if known {
				continue
			}
			links := c.strongLinks(d)
			for i := range links {
				for j := i + 1; j < len(links); j++ {
					l1, l2 := links[i], links[j]
					if l1.a == l2.a || l1.a == l2.b || l1.b == l2.a || l1.b == l2.b {
						continue
					}
					for _, e1 := range [2][2]int{{l1.a, l1.b}, {l1.b, l1.a}} {
						for _, e2 := range [2][2]int{{l2.a, l2.b}, {l2.b, l2.a}} {
							x, p, y, q := e1[0], e1[1], e2[0], e2[1]
							if !sees(x, y) || linkKind(l1, l2, x, y) != kind {
								continue
							}
							var ends cellSet
							ends.add(p)
							ends.add(q)
							el := c.elimsIn(seenByAll(ends), d)
							if len(el) == 0 {
								continue
							}
							pat := []sudoku.Candidate{cand(p, d), cand(x, d), cand(y, d), cand(q, d)}
							return Step{Technique: kind, Pattern: pat, Eliminations: el,
								Notation: fmt.Sprintf("%d in %s=%s-%s=%s", d, sudoku.CellName(p), sudoku.CellName(x), sudoku.CellName(y), sudoku.CellName(q)),
							}.because("skyscraper", unitArg(l1.unit), digitArg(d), cellArg(p), cellArg(x), unitArg(l2.unit), cellArg(y), cellArg(q)).drawn(Drawing{Links: []Link{
								link(pat[0], pat[1], true), link(pat[1], pat[2], false), link(pat[2], pat[3], true)}}), true
						}
					}
				}
			}
			c.fail(key)
		}
		return Step{}, false
	}
}

func linkKind(l1, l2 strongLink, x, y int) Technique {
	row1, row2 := l1.unit < 9, l2.unit < 9
	col1, col2 := l1.unit >= 9 && l1.unit < 18, l2.unit >= 9 && l2.unit < 18
	switch {
	case row1 && row2 && x%9 == y%9, col1 && col2 && x/9 == y/9:
		return Skyscraper
	case (row1 && col2 || col1 && row2) && sudoku.CellUnits(x)[2] == sudoku.CellUnits(y)[2]:
		return TwoStringKite
	}
	return TurbotFish
}

// findEmptyRectangle finds a box whose candidates for a digit lie on one
// row and one column, together with a strong link that makes the cross
// impossible at one cell.
func findEmptyRectangle(c *Candidates) (Step, bool) {
	for d := 1; d <= 9; d++ {
		key, known := c.known(100, d)
		if known {
			continue
		}
		links := c.strongLinks(d)
		for b := 18; b < 27; b++ {
			pos := c.positions(b, d)
			if pos.count() < 2 {
				continue
			}
			br, bc := (b-18)/3*3, (b-18)%3*3
			for r := br; r < br+3; r++ {
				for col := bc; col < bc+3; col++ {
					cross := unitSet[r].or(unitSet[9+col])
					if !pos.andNot(cross).empty() || pos.andNot(unitSet[9+col]).empty() || pos.andNot(unitSet[r]).empty() {
						continue
					}
					for _, l := range links {
						for _, e := range [2][2]int{{l.a, l.b}, {l.b, l.a}} {
							near, far := e[0], e[1]
							var target int
							switch {
							case l.unit >= 9 && l.unit < 18 && near/9 == r && far/9 != r:
								// column link: far end's row meets the ER column
								target = far/9*9 + col
							case l.unit < 9 && near%9 == col && far%9 != col:
								target = r*9 + far%9
							default:
								continue
							}
							if unitSet[b].has(near) || unitSet[b].has(far) || unitSet[b].has(target) || target == far || !c.has(target, d) {
								continue
							}
							pat := c.candsOf(pos.cells(), 1<<d)
							pat = append(pat, cand(near, d), cand(far, d))
							return Step{Technique: EmptyRectangle, Pattern: pat, Eliminations: []sudoku.Candidate{cand(target, d)},
								Notation: fmt.Sprintf("%d in %s (%s,%s) with %s=%s", d, sudoku.UnitName(b), sudoku.UnitName(r), sudoku.UnitName(9+col), sudoku.CellName(near), sudoku.CellName(far)),
							}.because("emptyRect", unitArg(b), digitArg(d), unitArg(r), unitArg(9+col), cellArg(target), cellArg(far), cellArg(near)).drawn(Drawing{Links: []Link{
								link(cand(near, d), cand(far, d), true)}}), true
						}
					}
				}
			}
		}
		c.fail(key)
	}
	return Step{}, false
}
