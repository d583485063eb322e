package se

import (
	"slices"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the geometry and the crossings of units and checks
// that zz_tables.go, which holds them as static data, has them; go
// generate (the flag -update-tables) rewrites the file from here.
func TestTables(t *testing.T) {
	g := deriveGeometry()
	x := deriveCrossings(&g)
	segFit, segPattern := deriveSegFit(&x)
	tablegen.Check(t, "zz_tables.go", "se", "TestTables in tables_test.go",
		tablegen.Var{Name: "unitCells", Value: g.unitCells,
			Doc: "unitCells[u] lists the cells of unit u in increasing order."},
		tablegen.Var{Name: "cellBox", Value: g.cellBox, PerLine: 9,
			Doc: "cellBox[c], cellRow[c] and cellCol[c] are the unit numbers of cell c's\nbox, row and column."},
		tablegen.Var{Name: "cellRow", Value: g.cellRow, PerLine: 9, Doc: "cellRow[c]: see cellBox."},
		tablegen.Var{Name: "cellCol", Value: g.cellCol, PerLine: 9, Doc: "cellCol[c]: see cellBox."},
		tablegen.Var{Name: "house", Value: g.house,
			Doc: "house lists the 20 peers of a cell in Sudoku Explainer's order: the\nbox, then the rest of the row, then the rest of the column."},
		tablegen.Var{Name: "houseParts", Value: g.houseParts, Base: 16, Import: "github.com/godoku/sudoku/internal/board",
			Doc: "houseParts splits a cell's peers as house orders them: its box, the\nrest of its row, the rest of its column."},
		tablegen.Var{Name: "regionsOf", Value: g.regionsOf, Group: 9,
			Doc: "regionsOf lists a cell's units in Sudoku Explainer's region type order:\nbox, row, column."},
		tablegen.Var{Name: "bitIn", Value: g.bitIn, Base: 16, Group: 9,
			Doc: "bitIn holds, for each cell, its bit in the masks of its box, row and\ncolumn (indexes as in regionsOf)."},
		tablegen.Var{Name: "crossing", Value: x.crossing,
			Doc: "crossing lists, for each unit and each kind of unit (rows, columns,\nboxes), the units of that kind that cross it, in increasing order."},
		tablegen.Var{Name: "segOf", Value: x.segOf, Base: 8,
			Doc: "segOf holds, for units u and v, the indexes within u of the cells they\nshare, as a mask."},
		tablegen.Var{Name: "segFit", Value: segFit,
			Doc: "A box and a line cross in one of three segments of either. segFit finds\nthe segment that holds a set of places at once, for locking:\nsegFit[segPattern[u][k]][p] is the index j such that the places p of\nunit u (a mask within u) all lie in segOf[u][crossing[u][k][j]], or -1.\nBoxes crossing rows and lines crossing boxes share the pattern of three\nruns of three; boxes crossing columns take every third cell."},
		tablegen.Var{Name: "segPattern", Value: segPattern, Group: 9,
			Doc: "segPattern[u][k] numbers the pattern of unit u's crossings of kind k in\nsegFit, -1 if u does not cross three units of that kind."},
	)
}

// geometry is the geometry in Sudoku Explainer's orders.
type geometry struct {
	unitCells                 [27][9]int8
	unitMask                  [27]cellSet
	cellBox, cellRow, cellCol [81]int8
	house                     [81][20]int8
	houseMask                 [81]cellSet
	houseParts                [81][3]cellSet
	regionsOf                 [81][3]int8
	bitIn                     [81][3]uint16
}

// deriveGeometry takes package sudoku's units and orders them as Sudoku
// Explainer does: a cell's units box first, then row and column, and its
// peers likewise.
func deriveGeometry() (g geometry) {
	for u := range 27 {
		for i, c := range sudoku.UnitCells(u) {
			g.unitCells[u][i] = int8(c)
			g.unitMask[u].Add(c)
		}
	}
	for c := range 81 {
		us := sudoku.CellUnits(c)
		g.cellRow[c], g.cellCol[c], g.cellBox[c] = int8(us[0]), int8(us[1]), int8(us[2])
		g.regionsOf[c] = [3]int8{g.cellBox[c], g.cellRow[c], g.cellCol[c]}
		for i, u := range g.regionsOf[c] {
			g.bitIn[c][i] = 1 << indexIn(int(u), c)
		}
		n := 0
		var seen cellSet
		for _, u := range g.regionsOf[c] {
			for _, o := range g.unitCells[u] {
				if int(o) != c && !seen.Has(int(o)) {
					seen.Add(int(o))
					g.house[c][n] = o
					n++
				}
			}
		}
		g.houseMask[c] = seen
		bx, rw, cl := g.unitMask[g.cellBox[c]], g.unitMask[g.cellRow[c]], g.unitMask[g.cellCol[c]]
		g.houseParts[c][0] = bx
		g.houseParts[c][0].Remove(c)
		g.houseParts[c][1] = cellSet{rw[0] &^ bx[0], rw[1] &^ bx[1]}
		g.houseParts[c][2] = cellSet{cl[0] &^ bx[0], cl[1] &^ bx[1]}
	}
	return g
}

// crossings are the units that cross each unit, and where.
type crossings struct {
	crossing [27][3][]int8
	segOf    [27][27]uint16
}

// deriveCrossings finds the units that intersect each unit, by kind, and
// the places of the cells they share.
func deriveCrossings(g *geometry) (x crossings) {
	crosses := func(a, b int) bool { return a != b && !g.unitMask[a].And(g.unitMask[b]).Empty() }
	for u := range 27 {
		for v := range 27 {
			if crosses(u, v) {
				x.crossing[u][v/9] = append(x.crossing[u][v/9], int8(v))
				for i, c := range g.unitCells[u] {
					if g.unitMask[v].Has(int(c)) {
						x.segOf[u][v] |= 1 << i
					}
				}
			}
		}
	}
	return x
}

// deriveSegFit numbers the patterns of three segments that a unit's
// crossings of one kind make, as they come, and works out segFit for each.
func deriveSegFit(x *crossings) (segFit [][512]int8, segPattern [27][3]int8) {
	var patterns [][3]uint16
	for u := range 27 {
		for k := range 3 {
			segPattern[u][k] = -1
			if len(x.crossing[u][k]) != 3 {
				continue
			}
			var pat [3]uint16
			for j, v := range x.crossing[u][k] {
				pat[j] = x.segOf[u][v]
			}
			i := slices.Index(patterns, pat)
			if i < 0 {
				i = len(patterns)
				patterns = append(patterns, pat)
				var fit [512]int8
				for p := range fit {
					fit[p] = -1
					for j, seg := range pat {
						if p != 0 && uint16(p)&^seg == 0 {
							fit[p] = int8(j)
							break
						}
					}
				}
				segFit = append(segFit, fit)
			}
			segPattern[u][k] = int8(i)
		}
	}
	return segFit, segPattern
}
