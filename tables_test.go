package sudoku

import (
	"testing"

	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the package's tables and checks that zz_tables.go,
// which holds them as static data, has them; go generate (the flag
// -update-tables) rewrites the file from here.
func TestTables(t *testing.T) {
	tablegen.Check(t, "zz_tables.go", "sudoku", "TestTables in tables_test.go",
		tablegen.Var{Name: "unitCells", Value: deriveUnitCells(),
			Doc: "unitCells[u] lists the cells of unit u in increasing order."},
		tablegen.Var{Name: "cellUnits", Value: deriveCellUnits(), Group: 9,
			Doc: "cellUnits[i] holds the row, column and box units of cell i, in that order."},
		tablegen.Var{Name: "peers", Value: derivePeers(),
			Doc: "peers[i] lists the 20 cells that cell i sees, in increasing order."},
		tablegen.Var{Name: "unitBits", Value: deriveUnitBits(), Base: 16, PerLine: 4,
			Doc: "unitBits[i] has the bits of cell i's units (see valid), 0 for i > 80."},
		tablegen.Var{Name: "cellValues", Value: deriveCellValues(), Base: 16,
			Doc: "cellValues[c] is the value of cell character c, or notCell."},
	)
}

// deriveCellUnits gives each cell its row, its column and its box.
func deriveCellUnits() (t [81][3]int) {
	for i := range 81 {
		t[i] = [3]int{FirstRow + Row(i), FirstCol + Col(i), FirstBox + Box(i)}
	}
	return t
}

// deriveUnitCells puts each cell, in increasing order, in its three units.
func deriveUnitCells() (t [NumUnits][9]int) {
	cellUnits := deriveCellUnits()
	var fill [NumUnits]int
	for i := range 81 {
		for _, u := range cellUnits[i] {
			t[u][fill[u]] = i
			fill[u]++
		}
	}
	return t
}

// derivePeers lists, for each cell, the cells it Sees.
func derivePeers() (t [81][20]int) {
	for i := range 81 {
		n := 0
		for j := range 81 {
			if Sees(i, j) {
				t[i][n] = j
				n++
			}
		}
	}
	return t
}

// deriveUnitBits packs each cell's units as valid does: bit r for row r,
// 16+c for column c, 32+b for box b.
func deriveUnitBits() (t [128]uint64) {
	for i := range 81 {
		t[i] = 1<<Row(i) | 1<<(16+Col(i)) | 1<<(32+Box(i))
	}
	return t
}

// deriveCellValues gives the digits 1 to 9 their value and the empty
// cells '0', '.', '-', '_' and '*' 0; any other byte is notCell.
func deriveCellValues() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= '1' && c <= '9':
			t[c] = uint8(c - '0')
		case c == '0' || c == '.' || c == '-' || c == '_' || c == '*':
			t[c] = 0
		default:
			t[c] = notCell
		}
	}
	return t
}
