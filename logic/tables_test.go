package logic

import (
	"slices"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the package's tables and checks that zz_tables.go,
// which holds them as static data, has them; go generate (the flag
// -update-tables) rewrites the file from here.
func TestTables(t *testing.T) {
	cellUnits := deriveCellUnits()
	tablegen.Check(t, "zz_tables.go", "logic", "TestTables in tables_test.go",
		tablegen.Var{Name: "cellUnits", Value: cellUnits, Group: 9,
			Doc: "cellUnits holds each cell's row, column and box as unit numbers (0-8,\n9-17, 18-26)."},
		tablegen.Var{Name: "housePeers", Value: deriveHousePeers(),
			Doc: "housePeers lists every cell's peers as HoDoKu's chain tables take them:\nits row, then its column, then the rest of its box, each in cell order.\nA search that keeps the first path to each candidate reaches it along\nthe same chain as HoDoKu when it looks at the links in this order."},
		tablegen.Var{Name: "techniqueOrder", Value: deriveTechniqueOrder(),
			Doc: "techniqueOrder lists the techniques (by number) in HoDoKu's solving\norder: by increasing order in the technique table, ties in the order of\nthe constants."},
	)
}

// deriveCellUnits takes each cell's units from package sudoku's geometry.
func deriveCellUnits() (cellUnits [81][3]uint8) {
	for i := range 81 {
		cellUnits[i] = [3]uint8{uint8(sudoku.Row(i)), uint8(9 + sudoku.Col(i)), uint8(18 + sudoku.Box(i))}
	}
	return cellUnits
}

// deriveHousePeers goes through each cell's units, row, column and box,
// and keeps each peer the first time it comes.
func deriveHousePeers() (housePeers [81][20]int) {
	for i := range 81 {
		k := 0
		var done cellSet
		done.Add(i)
		for _, u := range sudoku.CellUnits(i) {
			for _, p := range sudoku.UnitCells(u) {
				if !done.Has(p) {
					done.Add(p)
					housePeers[i][k] = p
					k++
				}
			}
		}
	}
	return housePeers
}

// deriveTechniqueOrder sorts the techniques by their order in the table,
// stably.
func deriveTechniqueOrder() (order [numTechniques - 1]Technique) {
	for t := Technique(1); t < numTechniques; t++ {
		order[t-1] = t
	}
	slices.SortStableFunc(order[:], func(a, b Technique) int { return table[a].order - table[b].order })
	return order
}

// TestLookupArrays checks what a map would have: that the ids of reasons
// and the fish of fishNames are all different.
func TestLookupArrays(t *testing.T) {
	if err := reasons.Check(); err != nil {
		t.Error(err)
	}
	specs := map[fishSpec]bool{}
	for _, f := range fishNames {
		if specs[f.spec] {
			t.Errorf("fish %+v twice", f.spec)
		}
		specs[f.spec] = true
	}
}
