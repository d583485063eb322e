package logic

import (
	"strings"

	"github.com/godoku/sudoku"
)

// Grouped nice loops and AICs (HoDoKu's "Grouped Nice Loop/AIC", order
// 5650) are the chains of chains.go with one more kind of node: a group
// node, every candidate of a digit where a row or column crosses a box,
// when there are two or three. A group node is true when one of its
// candidates is. As HoDoKu builds them, group nodes are the whole
// intersection (never a part of it), and they link
//
//   - weakly to every candidate of the digit that sees all their cells,
//     and to the other group nodes of the digit in a shared row, column or
//     box that do not overlap them;
//   - strongly to the one candidate, or the one other group node, that
//     holds the rest of the digit in a shared house.
//
// The chain's ends are always single candidates.

// firstGroup is the node number of the first group node: candidates are
// numbered 0 to 728 (cell*9 + digit-1).
const firstGroup = 729

// groupNode is the candidates of digit d in the cells of set, two or
// three cells where line (a row or column unit) crosses box.
type groupNode struct {
	d         int
	set       cellSet
	line, box int
}

// groupNodes returns every group node of c, rows first, as HoDoKu lists
// them.
func (c *Candidates) groupNodes() []groupNode {
	var out []groupNode
	for line := sudoku.FirstRow; line < sudoku.FirstBox; line++ {
		for d := 1; d <= 9; d++ {
			in := c.digitSetIn(unitSet[line], d)
			if in.count() < 2 {
				continue
			}
			for box := sudoku.FirstBox; box < sudoku.NumUnits; box++ {
				if s := in.and(unitSet[box]); s.count() >= 2 {
					out = append(out, groupNode{d, s, line, box})
				}
			}
		}
	}
	return out
}

// digitSetIn returns the cells of in that hold candidate d.
func (c *Candidates) digitSetIn(in cellSet, d int) cellSet {
	var s cellSet
	for i := range in.all {
		if c.has(i, d) {
			s.add(i)
		}
	}
	return s
}

// addGroupLinks adds the links of the group nodes to g.
func (g *chainGraph) addGroupLinks() {
	c := g.c
	g.groups = c.groupNodes()
	n := firstGroup + len(g.groups)
	g.xs, g.xw = make([][]int32, n), make([][]int32, n)
	link := func(l [][]int32, a, b int) { l[a] = append(l[a], int32(b)) }
	for i, gn := range g.groups {
		gi := firstGroup + i
		seeing := c.digitSetIn(seenByAll(gn.set), gn.d)
		for x := range seeing.all {
			link(g.xw, gi, node(x, gn.d))
			link(g.xw, node(x, gn.d), gi)
		}
		// The one other candidate of the digit in the box or the line.
		for _, u := range [2]int{gn.box, gn.line} {
			if rest := seeing.and(unitSet[u]); rest.count() == 1 {
				x := rest.first()
				link(g.xs, gi, node(x, gn.d))
				link(g.xs, node(x, gn.d), gi)
			}
		}
		// Other group nodes of the digit in a shared house.
		for j, gm := range g.groups {
			if j == i || gm.d != gn.d || !gm.set.and(gn.set).empty() {
				continue
			}
			for _, u := range [2]int{gn.box, gn.line} {
				if u != gm.box && u != gm.line {
					continue
				}
				link(g.xw, gi, firstGroup+j)
				if c.digitSetIn(unitSet[u], gn.d) == gn.set.or(gm.set) {
					link(g.xs, gi, firstGroup+j)
				}
			}
		}
	}
}

// groupName writes a group node as HoDoKu does, such as "2r1c45".
func groupName(gn groupNode) string {
	var sb strings.Builder
	sb.WriteByte(byte('0' + gn.d))
	cells := gn.set.cells()
	if gn.line < sudoku.FirstCol {
		sb.WriteString(sudoku.CellName(cells[0])[:2] + "c")
		for _, i := range cells {
			sb.WriteByte(byte('1' + sudoku.Col(i)))
		}
	} else {
		sb.WriteByte('r')
		for _, i := range cells {
			sb.WriteByte(byte('1' + sudoku.Row(i)))
		}
		sb.WriteString(sudoku.CellName(cells[0])[2:])
	}
	return sb.String()
}

func findGroupedAIC(c *Candidates) (Step, bool) { return c.findChain(modeGrouped, GroupedAIC) }
