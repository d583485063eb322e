package canon

import (
	"math/bits"
	"testing"

	"github.com/godoku/sudoku/internal/tablegen"
)

// TestTables derives the tables of the search and checks that
// zz_tables.go, which holds them as static data, has them; go generate
// (the flag -update-tables) rewrites the file from here.
func TestTables(t *testing.T) {
	topPatterns, leads, reversed, firstRows, ones := derivePatterns()
	freeOrders, colLists := deriveFreeOrders()
	tablegen.Check(t, "zz_tables.go", "canon", "TestTables in tables_test.go",
		tablegen.Var{Name: "topPatterns", Value: topPatterns, Base: 8,
			Doc: "topPatterns[gv] is topPattern(gv) (see tables_test.go): the pattern of\ngivens, bit 8-p for position p, that a row with givens gv (bit c for\ncolumn c) has as the first row of the form."},
		tablegen.Var{Name: "leads", Value: leads,
			Doc: "leads[gv] is the number of empty cells before the first given of\ntopPatterns[gv], the most that a row with givens gv can start with."},
		tablegen.Var{Name: "leadOf", Value: deriveLeadOf(), PerLine: 32,
			Doc: "leadOf[pat] is the number of empty cells before the first given of a\nrow with pattern pat (bit 8-p for position p), 9 for none: a load, where\nbits.LeadingZeros16 takes six instructions."},
		tablegen.Var{Name: "reversed", Value: reversed, Base: 8,
			Doc: "reversed[pat] is pat with its 9 bits in reverse order."},
		tablegen.Var{Name: "firstRows", Value: firstRows, Base: 16, PerLine: 8,
			Doc: "firstRows[gv] is the row of the form that a row with givens gv makes\nwhen no column is placed and no digit labelled yet: topPatterns[gv]\nwith labels 1, 2, ... from the left."},
		tablegen.Var{Name: "ones", Value: ones, PerLine: 32,
			Doc: "ones[set] is the number of columns in a set (bit c for column c): a\nload, where bits.OnesCount16 checks for the POPCNT instruction first."},
		tablegen.Var{Name: "cellsOf", Value: deriveCellsOf(), Base: 16,
			Doc: "cellsOf[i] describes cell i for reading a grid: its row, its column, its\nunits as bits, rows 0-8, columns 16-24, boxes 32-40, its places in\nCanonicalizer.digit, and its row's bit. The table has 128 entries so\nthat an index masked with 127 needs no bounds check."},
		tablegen.Var{Name: "freeOrders", Value: freeOrders, Base: 8, Width: 150,
			Doc: "freeOrders[set] is the freeOrder of a set of columns."},
		tablegen.Var{Name: "colLists", Value: colLists, Group: 8,
			Doc: "colLists[set] lists the columns of a set of at most three in increasing\norder (the lowest three of a larger set)."},
		tablegen.Var{Name: "tails", Value: deriveTails(), Base: 8, Group: 4,
			Doc: "tails[e][k] is the pattern of k givens that end at position e-1, tail[k]\nshifted (a load rather than a shift, which takes register CX)."},
		tablegen.Var{Name: "textTriples", Value: deriveTextTriples(), Base: 16, PerLine: 8,
			Doc: "textTriples[b] holds the text of the three cells of twelve bits b of a\npacked row of the form, '.' for 0 and else the digit, the first cell's\n(b's top four bits) in the low byte: written little-endian, they come\nout in order."},
	)
}

// topPattern returns the pattern of givens, bit 8-p for position p, that a
// row with givens gv (bit c for column c) has as the first row of the form:
// its stacks in increasing order of givens, each with its givens at the
// right.
func topPattern(gv uint16) uint16 {
	a := bits.OnesCount16(gv & 7)
	b := bits.OnesCount16(gv >> 3 & 7)
	c := bits.OnesCount16(gv >> 6 & 7)
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return (1<<a-1)<<6 | (1<<b-1)<<3 | (1<<c - 1)
}

// derivePatterns works out, for each set of givens gv of a row, its
// pattern as a first row, the empty cells that start it, gv reversed, its
// labels as a first row and its number of givens.
func derivePatterns() (topPatterns [512]uint16, leads [512]uint8, reversed [512]uint16, firstRows [512]uint64, ones [512]uint8) {
	for gv := range topPatterns {
		topPatterns[gv] = topPattern(uint16(gv))
		leads[gv] = uint8(bits.LeadingZeros16(topPatterns[gv]) - 7)
		reversed[gv] = bits.Reverse16(uint16(gv)) >> 7
		l := uint64(1)
		for p := range 9 {
			if topPatterns[gv]&(256>>p) != 0 {
				firstRows[gv] |= l << (4 * (8 - p))
				l++
			}
		}
		ones[gv] = uint8(bits.OnesCount16(uint16(gv)))
	}
	return topPatterns, leads, reversed, firstRows, ones
}

// deriveLeadOf counts the empty cells that start each pattern.
func deriveLeadOf() (leadOf [512]uint8) {
	for pat := range leadOf {
		leadOf[pat] = uint8(bits.LeadingZeros16(uint16(pat)) - 7)
	}
	return leadOf
}

// deriveCellsOf describes each cell: r<<4|c in the input, 256|c<<4|r in
// its transpose.
func deriveCellsOf() (cellsOf [128]cellInfo) {
	for i := range uint8(81) {
		r, c := i/9, i%9
		cellsOf[i].r, cellsOf[i].c, cellsOf[i].rbit = r, c, 1<<r
		cellsOf[i].at = [2]uint16{uint16(r)<<4 | uint16(c), 256 | uint16(c)<<4 | uint16(r)}
		cellsOf[i].units = 1<<r | 1<<(16+c) | 1<<(32+r/3*3+c/3)
	}
	return cellsOf
}

// deriveFreeOrders sorts the stacks of each set of columns by their
// number of columns in it (stable: ties keep stack order), and works out
// their patterns and first positions in nf free slots; and lists the
// lowest three columns of each set.
func deriveFreeOrders() (freeOrders [512]freeOrder, colLists [512][3]uint8) {
	for set := range 512 {
		fo := &freeOrders[set]
		for t := range uint8(3) {
			k := uint8(bits.OnesCount16(uint16(set) & stackCols[1<<t]))
			if k == 0 {
				continue
			}
			j := fo.m
			for j > 0 && fo.k[j-1] > k {
				fo.t[j], fo.k[j] = fo.t[j-1], fo.k[j-1]
				j--
			}
			fo.t[j], fo.k[j] = t, k
			fo.m++
		}
		m := int(fo.m)
		for nf := range 4 {
			fo.first[nf] = 9
			if m > 0 {
				fo.first[nf] = int8(3*(nf-m) + 3 - int(fo.k[0]))
			}
			for j := 0; j < m && nf >= m; j++ {
				fo.pat[nf] |= tail[fo.k[j]] << (6 - 3*(nf-m+j))
			}
		}
		n := 0
		for b := uint16(set); b != 0 && n < 3; b &= b - 1 {
			colLists[set][n] = uint8(bits.TrailingZeros16(b))
			n++
		}
	}
	return freeOrders, colLists
}

// deriveTails shifts tail[k] to end at position e-1, for e up to 9.
func deriveTails() (tails [16][4]uint16) {
	for e := range 10 {
		for k := range 4 {
			tails[e][k] = tail[k] << (9 - e)
		}
	}
	return tails
}

// deriveTextTriples writes the three cells of each twelve bits.
func deriveTextTriples() (t [4096]uint32) {
	ch := func(v int) uint32 {
		if v == 0 {
			return '.'
		}
		return uint32('0' + v)
	}
	for b := range t {
		t[b] = ch(b>>8) | ch(b>>4&15)<<8 | ch(b&15)<<16
	}
	return t
}
