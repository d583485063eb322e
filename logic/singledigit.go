package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

type strongLink struct {
	a, b, unit int
}

// strongLinks returns the units where d has exactly two places.
func (c *Candidates) strongLinks(m *memo, d int) []strongLink {
	var out []strongLink
	all := m.digitSet(c, d)
	for u := 0; u < 27; u++ {
		p := all.And(board.Units[u])
		if p.Count() == 2 {
			cs := p.List()
			if u >= 18 && (cs[0]/9 == cs[1]/9 || cs[0]%9 == cs[1]%9) {
				continue // the same link as the row or column one
			}
			out = append(out, strongLink{cs[0], cs[1], u})
		}
	}
	return out
}

// findSkyscraper finds two rows (then two columns) where a digit has two
// places each, one of each pair in the same column (row): the other two
// ends cannot both be false, so cells seeing both lose the digit. As
// HoDoKu's, digit by digit, the pairs of lines in order.
func findSkyscraper(c *Candidates, m *memo) (Step, bool) {
	for _, lines := range [2]bool{true, false} {
		first := 0
		if !lines {
			first = 9
		}
		for d := 1; d <= 9; d++ {
			var two [9][2]int
			var units [9]int
			n := 0
			for u := first; u < first+9; u++ {
				if c.q.free[u][d] == 2 {
					two[n], units[n] = c.firstTwo(u, d), u
					n++
				}
			}
			across := func(a, b int) bool {
				if lines {
					return a%9 == b%9
				}
				return a/9 == b/9
			}
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					other := 1
					if !across(two[i][0], two[j][0]) {
						if !across(two[i][1], two[j][1]) {
							continue
						}
						other = 0
					}
					p, q := two[i][other], two[j][other]
					if across(p, q) {
						continue
					}
					el := c.elimsIn(board.Peers[p].And(board.Peers[q]), d)
					if len(el) == 0 {
						continue
					}
					x, y := two[i][1-other], two[j][1-other]
					pat := []sudoku.Candidate{cand(p, d), cand(x, d), cand(y, d), cand(q, d)}
					return Step{Technique: Skyscraper, Pattern: pat, Eliminations: el,
						Notation: fmt.Sprintf("%d in %s=%s-%s=%s", d, sudoku.CellName(p), sudoku.CellName(x), sudoku.CellName(y), sudoku.CellName(q)),
					}.because("skyscraper", unitArg(units[i]), digitArg(d), cellArg(p), cellArg(x), unitArg(units[j]), cellArg(y), cellArg(q)).drawn(fourLinks(pat)), true
				}
			}
		}
	}
	return Step{}, false
}

// fourLinks draws a Skyscraper's or 2-String Kite's pattern, two strong
// links joined by a weak one.
func fourLinks(pat []sudoku.Candidate) Drawing {
	return Drawing{Links: []Link{link(pat[0], pat[1], true), link(pat[1], pat[2], false), link(pat[2], pat[3], true)}}
}

// firstTwo returns the first two cells of unit u that hold d.
func (c *Candidates) firstTwo(u, d int) [2]int {
	var out [2]int
	k := 0
	for _, i := range sudoku.UnitCells(u) {
		if c.has(i, d) {
			out[k] = i
			if k++; k == 2 {
				break
			}
		}
	}
	return out
}

// findTwoStringKite finds a row and a column where a digit has two places
// each, one end of each in the same box: the other two ends cannot both
// be false, so the cell where their row and column cross loses the digit.
// As HoDoKu's, digit by digit, each row with each column; like HoDoKu's,
// it orders each pair's ends box end first as it tries them, and keeps
// that order for the next tries.
func findTwoStringKite(c *Candidates, m *memo) (Step, bool) {
	for d := 1; d <= 9; d++ {
		var two [18][2]int
		var units [18]int
		rows, n := 0, 0
		for u := range 18 {
			if c.q.free[u][d] == 2 {
				two[n], units[n] = c.firstTwo(u, d), u
				n++
				if u < 9 {
					rows++
				}
			}
		}
		box := func(i int) uint8 { return cellUnits[i][2] }
		for i := 0; i < rows; i++ {
			for j := rows; j < n; j++ {
				a, b := &two[i], &two[j]
				switch {
				case box(a[0]) == box(b[0]):
				case box(a[0]) == box(b[1]):
					b[0], b[1] = b[1], b[0]
				case box(a[1]) == box(b[0]):
					a[0], a[1] = a[1], a[0]
				case box(a[1]) == box(b[1]):
					a[0], a[1] = a[1], a[0]
					b[0], b[1] = b[1], b[0]
				default:
					continue
				}
				if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
					continue
				}
				cross := b[1]/9*9 + a[1]%9
				if !c.has(cross, d) {
					continue
				}
				pat := []sudoku.Candidate{cand(a[1], d), cand(a[0], d), cand(b[0], d), cand(b[1], d)}
				return Step{Technique: TwoStringKite, Pattern: pat, Eliminations: []sudoku.Candidate{cand(cross, d)},
					Notation: fmt.Sprintf("%d in %s=%s-%s=%s", d, sudoku.CellName(a[1]), sudoku.CellName(a[0]), sudoku.CellName(b[0]), sudoku.CellName(b[1])),
				}.because("skyscraper", unitArg(units[i]), digitArg(d), cellArg(a[1]), cellArg(a[0]), unitArg(units[j]), cellArg(b[0]), cellArg(b[1])).drawn(fourLinks(pat)), true
			}
		}
	}
	return Step{}, false
}

// findEmptyRectangle finds a box whose candidates for a digit lie on one
// row and one column (at least two on one of them), and a column (or
// row) where the digit has two places, one on the box's row: the other
// one's row cannot also hold the digit on the box's column. As HoDoKu's:
// digit by digit, box by box, the nine crosses of the box (bottom right
// first), the cells of the cross's row and then of its column.
func findEmptyRectangle(c *Candidates, m *memo) (Step, bool) {
	for d := 1; d <= 9; d++ {
		cands := m.digitSet(c, d)
		for b := range 9 {
			if f := c.q.free[18+b][d]; f < 2 || f > 5 {
				continue
			}
			inBox := cands.And(board.Units[18+b])
			top, left := b/3*3, b%3*3
			for j := range 9 {
				// The cross of row r and column col; the other four cells
				// of the box (the 2x2 rectangle) must be empty of d.
				r, col := top+2-j/3, left+2-j%3
				rect := board.Units[18+b].AndNot(board.Units[r]).AndNot(board.Units[9+col])
				if !inBox.And(rect).Empty() {
					continue
				}
				onRow, onCol := inBox.And(board.Units[r]), inBox.And(board.Units[9+col])
				if onRow.AndNot(board.Units[9+col]).Empty() || onCol.AndNot(board.Units[r]).Empty() {
					continue
				}
				if onRow.Count() < 2 && onCol.Count() < 2 {
					continue
				}
				if s, ok := c.emptyRectangle(m, d, b, inBox, r, col, false); ok {
					return s, true
				}
				if s, ok := c.emptyRectangle(m, d, b, inBox, col, r, true); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// emptyRectangle looks along the box's line (row line, or column line if
// cols) for a cell whose column (row) holds d twice: the other place's
// row (column) loses d where it meets the box's other line, cross.
func (c *Candidates) emptyRectangle(m *memo, d, b int, inBox cellSet, line, cross int, cols bool) (Step, bool) {
	lineUnit, crossOf, lineOf := line, func(i int) int { return i % 9 }, func(i int) int { return i / 9 }
	if cols {
		lineUnit = 9 + line
		crossOf, lineOf = lineOf, crossOf
	}
	cands := m.digitSet(c, d)
	for _, i := range sudoku.UnitCells(lineUnit) {
		if c.values[i] != 0 || cellUnits[i][2] == uint8(18+b) || !c.has(i, d) {
			continue
		}
		// The column (row) through i.
		u := 9 + i%9
		if cols {
			u = i / 9
		}
		link := cands.And(board.Units[u])
		if link.Count() != 2 {
			continue
		}
		far := link.First()
		if far == i {
			far = link.List()[1]
		}
		farLine := lineOf(far)
		if cols {
			farLine += 9
		}
		for del := range cands.And(board.Units[farLine]).All {
			if cellUnits[del][2] == uint8(18+b) || crossOf(del) != cross {
				continue
			}
			pat := c.candsOf(inBox.List(), 1<<d)
			pat = append(pat, cand(i, d), cand(far, d))
			rowU, colU := line, 9+cross
			if cols {
				rowU, colU = cross, 9+line
			}
			return Step{Technique: EmptyRectangle, Pattern: pat, Eliminations: []sudoku.Candidate{cand(del, d)},
				Notation: fmt.Sprintf("%d in %s (%s,%s) with %s=%s", d, sudoku.UnitName(18+b), sudoku.UnitName(rowU), sudoku.UnitName(colU), sudoku.CellName(i), sudoku.CellName(far)),
			}.because("emptyRect", unitArg(18+b), digitArg(d), unitArg(rowU), unitArg(colU), cellArg(del), cellArg(far), cellArg(i)).drawn(Drawing{Links: []Link{
				{From: []sudoku.Candidate{cand(i, d)}, To: []sudoku.Candidate{cand(far, d)}, Strong: true}}}), true
		}
	}
	return Step{}, false
}
