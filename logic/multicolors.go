package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Multi Colors (HoDoKu's order 5360, score 200, Hard) colors every
// cluster of conjugate pairs of a digit in two colors, as Simple Colors
// does, and looks at two clusters together; in each, one color is true.
//
//   - Multi Colors 2: when cells of one color of a cluster see both
//     colors of another cluster, that color is false (it would leave the
//     other cluster no true color).
//   - Multi Colors 1: when a color of one cluster sees a color of another,
//     not both are true, so one of the two opposite colors is; a candidate
//     that sees both of those is false.
//
// As in HoDoKu: digits 1 to 9; the clusters in the order of their first
// cell, the first cell colored first; every ordered pair of clusters,
// Type 2 before Type 1; the first that removes something.

// colorClusters returns the clusters of conjugate pairs of d, each as its
// two color classes (the first holds the cluster's first cell).
func (c *Candidates) colorClusters(d int) [][2]cellSet {
	var start cellSet
	for i := range 81 {
		if c.has(i, d) && c.inConjugate(i, d) {
			start.Add(i)
		}
	}
	var out [][2]cellSet
	for !start.Empty() {
		first := -1
		for i := range start.All {
			first = i
			break
		}
		var cl [2]cellSet
		stack := []int{first}
		colors := []int{0}
		for len(stack) > 0 {
			i, col := stack[len(stack)-1], colors[len(colors)-1]
			stack, colors = stack[:len(stack)-1], colors[:len(colors)-1]
			if !start.Has(i) {
				continue
			}
			start = start.AndNot(single(i))
			cl[col].Add(i)
			for _, u := range sudoku.CellUnits(i) {
				if o := c.conjugate(i, d, u); o >= 0 {
					stack = append(stack, o)
					colors = append(colors, 1-col)
				}
			}
		}
		if !cl[0].Empty() && !cl[1].Empty() {
			out = append(out, cl)
		}
	}
	return out
}

// single returns the set of one cell.
func single(i int) cellSet {
	var s cellSet
	s.Add(i)
	return s
}

// conjugate returns the other cell of d in unit u when u holds d in cell
// i and one other cell only, or -1.
func (c *Candidates) conjugate(i, d, u int) int {
	other, n := -1, 0
	for _, j := range sudoku.UnitCells(u) {
		if c.has(j, d) {
			n++
			if j != i {
				other = j
			}
		}
	}
	if n != 2 {
		return -1
	}
	return other
}

func (c *Candidates) inConjugate(i, d int) bool {
	for _, u := range sudoku.CellUnits(i) {
		if c.conjugate(i, d, u) >= 0 {
			return true
		}
	}
	return false
}

// peersOf returns the cells that see some cell of s.
func peersOf(s cellSet) cellSet {
	var out cellSet
	for i := range s.All {
		out = out.Or(board.Peers[i])
	}
	return out
}

func findMultiColors(c *Candidates, m *memo) (Step, bool) {
	for d := 1; d <= 9; d++ {
		// The clusters of d depend on d's candidates alone.
		key, known := m.known(c, 211, d)
		if known {
			continue
		}
		cls := c.colorClusters(d)
		for i, a := range cls {
			for j, b := range cls {
				if i == j {
					continue
				}
				if s, ok := c.multiColorsAt(d, a, b); ok {
					return s, true
				}
			}
		}
		m.fail(key)
	}
	return Step{}, false
}

// multiColorsAt looks at clusters a and b of digit d.
func (c *Candidates) multiColorsAt(d int, a, b [2]cellSet) (Step, bool) {
	pat := c.candsOf(a[0].Or(a[1]).Or(b[0]).Or(b[1]).List(), 1<<d)
	note := fmt.Sprintf("%d (%s) / (%s), (%s) / (%s)", d, cellNames(a[0].List()), cellNames(a[1].List()),
		cellNames(b[0].List()), cellNames(b[1].List()))
	var wrap cellSet
	for k := range 2 {
		if p := peersOf(a[k]); !p.And(b[0]).Empty() && !p.And(b[1]).Empty() {
			wrap = wrap.Or(a[k])
		}
	}
	draw := Drawing{Colors: c.colorsOf(d, a[0], a[1], b[0], b[1])}
	if el := c.elimsIn(wrap, d); len(el) > 0 {
		return Step{Technique: MultiColors2, Pattern: pat, Eliminations: el, Notation: note}.because("multiColors2", digitArg(d)).drawn(draw), true
	}
	var trap cellSet
	for k := range 2 {
		for m := range 2 {
			if !peersOf(a[k]).And(b[m]).Empty() {
				trap = trap.Or(peersOf(a[1-k]).And(peersOf(b[1-m])))
			}
		}
	}
	if el := c.elimsIn(trap, d); len(el) > 0 {
		return Step{Technique: MultiColors1, Pattern: pat, Eliminations: el, Notation: note}.because("multiColors1", digitArg(d)).drawn(draw), true
	}
	return Step{}, false
}
