package board

import (
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the package's tables and checks that zz_tables.go,
// which holds them as static data, has them; go generate (the flag
// -update-tables) rewrites the file from here.
func TestTables(t *testing.T) {
	var peers [81]Cells
	var units [sudoku.NumUnits]Cells
	for u := range sudoku.NumUnits {
		for _, i := range sudoku.UnitCells(u) {
			units[u].Add(i)
		}
	}
	for i := range 81 {
		for _, p := range sudoku.Peers(i) {
			peers[i].Add(p)
		}
	}
	tablegen.Check(t, "zz_tables.go", "board", "TestTables in tables_test.go",
		tablegen.Var{Name: "Peers", Value: peers, Base: 16, Group: 3,
			Doc: "Peers[i] is the set of the 20 peers of cell i."},
		tablegen.Var{Name: "Units", Value: units, Base: 16, Group: 3,
			Doc: "Units[u] is the set of the cells of unit u."},
	)
}
