package solver

import (
	"errors"
	"testing"

	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the tables of the rules and checks that zz_tables.go,
// which holds them as static data, has them; go generate (the flag
// -update-tables) rewrites the file from here. It also checks that
// bandMagic tells the 512 triad sets of a band apart.
func TestTables(t *testing.T) {
	shrink, validConfigs, err := deriveShrink()
	if err != nil {
		t.Fatal(err)
	}
	pointCols, claimCols := derivePointClaim()
	rowCells, boxCells := deriveRowBoxCells()
	unitsOf, peers := deriveCells()
	tablegen.Check(t, "zz_tables.go", "solver", "TestTables in tables_test.go",
		tablegen.Var{Name: "shrink", Value: shrink, Base: 8, PerLine: 8,
			Doc: "shrink[bandIndex(h)] is the 27-bit mask of the cells of a band that the\nconfigurations whose triads are all among h (the band's non-empty triads)\nleave, 0 if none."},
		tablegen.Var{Name: "validConfigs", Value: validConfigs, Base: 8, PerLine: 16,
			Doc: "validConfigs[t] says which configurations a band's triad occupancy t (bit\n3*row + stack) still allows: bit k for configuration k."},
		tablegen.Var{Name: "regionCells", Value: deriveRegionCells(), Base: 8,
			Doc: "regionCells[b][k][e] masks what configuration k of band b (or of stack\nb-3) leaves of band e: the configuration's cells in band b and the other\nbands whole; of a stack, one column of the stack in each band, and the\nother stacks whole."},
		tablegen.Var{Name: "pointCols", Value: pointCols, Base: 8,
			Doc: "pointCols[cols] is, for the 9-bit set of columns where a digit has\ncandidates in a band, the columns that some box confines it to."},
		tablegen.Var{Name: "claimCols", Value: claimCols, Base: 8,
			Doc: "claimCols[only] is, for the 9-bit set of columns whose candidates lie in\none band, the other columns of their boxes, which lose the digit in that\nband."},
		tablegen.Var{Name: "rowCells", Value: rowCells, Base: 8, PerLine: 8,
			Doc: "rowCells[r] masks the cells of a band's rows r (a 3-bit set)."},
		tablegen.Var{Name: "boxCells", Value: boxCells, Base: 8, PerLine: 8,
			Doc: "boxCells[x] masks the cells of a band's boxes x (a 3-bit set)."},
		tablegen.Var{Name: "unitsOf", Value: unitsOf, Base: 8, PerLine: 9,
			Doc: "unitsOf[c] is the row (bit 0-8), column (bit 9-17) and box (bit 18-26)\nof cell c."},
		tablegen.Var{Name: "peers", Value: peers, Base: 8, Group: 3,
			Doc: "peers[c][b] is the mask of c's peers in band b, c excluded."},
		tablegen.Var{Name: "tallies", Value: deriveTallies(), Base: 16, PerLine: 8,
			Doc: "tallies[t] counts the bits of a 9-bit row t of a triad word (bit 3*x + j):\nthose at each j in byte j, those of each x in byte 3+x, and 9 less all of\nthem in byte 6 (see pos.tally)."},
	)
}

// perms lists the six configurations of a digit in a band: configuration
// k puts row r in box perms[k][r].
var perms = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// deriveShrink goes through the 512 triad occupancies t of a band (bit
// 3*row + stack) and keeps, for each, the configurations whose three triads
// are all in t and the cells of their triads; shrink takes t by bandIndex,
// and it fails if bandMagic gives two occupancies the same index.
func deriveShrink() (shrink [512]uint32, validConfigs [512]uint8, err error) {
	var seen [512]bool
	for t := range 512 {
		var allowed, h uint32
		for k, p := range perms {
			if t>>p[0]&1 != 0 && t>>(3+p[1])&1 != 0 && t>>(6+p[2])&1 != 0 {
				validConfigs[t] |= 1 << k
				for r := range 3 {
					allowed |= 7 << (9*r + 3*p[r])
				}
			}
		}
		for i := range 9 {
			h |= uint32(t>>i&1) << (3 * i) // bit 3*row + stack of t is triad 9*row + 3*stack
		}
		i := bandIndex(h)
		if seen[i] {
			return shrink, validConfigs, errBandMagic
		}
		seen[i] = true
		shrink[i] = allowed
	}
	return shrink, validConfigs, nil
}

var errBandMagic = errors.New("solver: bandMagic does not tell triad sets apart")

// deriveRegionCells takes from a band, for each configuration, the two
// triads of each row that the configuration leaves out; from a stack, all
// but the configuration's column of the stack in each band.
func deriveRegionCells() (regionCells [6][6][3]uint32) {
	for k, p := range perms {
		for b := range 3 {
			regionCells[b][k] = [3]uint32{band27, band27, band27}
		}
		for r := range 3 {
			for b := range 3 {
				regionCells[b][k][b] &^= 7 << (9*r + 3*((p[r]+1)%3)) // the configuration keeps one triad of row r
				regionCells[b][k][b] &^= 7 << (9*r + 3*((p[r]+2)%3))
			}
			for x := range 3 {
				regionCells[3+x][k][r] = band27&^spread(7<<(3*x)) | spread(1<<(3*x+p[r]))
			}
		}
	}
	return regionCells
}

// derivePointClaim looks at the three columns of each box of a set of
// columns: one alone points, and any claims the others.
func derivePointClaim() (pointCols, claimCols [512]uint16) {
	for m := range 512 {
		for x := range 3 {
			c3 := m >> (3 * x) & 7
			if c3 != 0 && c3&(c3-1) == 0 {
				pointCols[m] |= uint16(c3 << (3 * x))
			}
			if c3 != 0 {
				claimCols[m] |= uint16((7 &^ c3) << (3 * x))
			}
		}
	}
	return pointCols, claimCols
}

// deriveRowBoxCells joins the rows and the boxes of each set of three.
func deriveRowBoxCells() (rowCells, boxCells [8]uint32) {
	for k := range uint32(8) {
		for x := range 3 {
			if k>>x&1 != 0 {
				rowCells[k] |= row9 << (9 * x)
				boxCells[k] |= spread(7 << (3 * x))
			}
		}
	}
	return rowCells, boxCells
}

// deriveCells gives each cell its units, and its peers in each band: its
// column in every band, and its row and box in its own.
func deriveCells() (unitsOf [81]uint32, peers [81][3]uint32) {
	for c := range 81 {
		b, r, j := c/27, c/9%3, c%9
		unitsOf[c] = 1<<(c/9) | 1<<(9+j) | 1<<(18+3*b+j/3)
		col := uint32(spread(1 << j))
		for bb := range 3 {
			peers[c][bb] = col
		}
		peers[c][b] |= row9<<(9*r) | spread(7<<(3*(j/3)))
		peers[c][b] &^= 1 << (c % 27)
	}
	return unitsOf, peers
}

// deriveTallies counts the bits of each 9-bit row by their place within
// its three fields of 3 and by field, and the bits it lacks.
func deriveTallies() (tallies [512]uint64) {
	for t := range 512 {
		tallies[t] = 9 << 48
		for i := range 9 {
			if t>>i&1 != 0 {
				tallies[t] += 1<<(8*(i%3)) + 1<<(8*(3+i/3)) - 1<<48
			}
		}
	}
	return tallies
}
