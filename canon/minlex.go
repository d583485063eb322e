package canon

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/cells"
)

// The search builds the minlex form one row at a time, keeping every
// partial transform (a candidate) whose rows so far are the smallest that
// any transform can give. A row of the form depends on which row of the
// input (or of its transpose) goes there, on the order of the columns and
// on the labels the digits got in earlier rows; the smallest next row
// prunes the candidates, and those that tie all go on.
//
// The order of the columns is decided lazily. A column in which no row so
// far has a given looks the same in every position, so it is not placed
// yet: it is free. Free columns always sit at the left of their stack
// (givens are pushed right), and stacks with no given yet, the free
// stacks, at the left of the grid. A candidate records, per stack slot of
// the form (slot 0 is columns 1-3, and so on):
//
//	slot:      0         1         2
//	         +---------+---------+---------+
//	         | f  f  f | f  f  x | x  x  x |     f free, x placed
//	         +---------+---------+---------+
//	nfree = 1 (slot 0 holds a stack not chosen yet)
//	slot[1], slot[2]: the input stacks placed there; the first two
//	positions of slot 1 hold its two free columns (bits of free)
//
// (a placed slot has as many free positions as its stack has free columns;
// ends[t] is where they end, 4 for input stack t in slot 1 above), so a
// candidate stands for all
// the column orders that differ only in free columns, which all give the
// same rows so far. When a row puts givens in free columns, they are
// placed at the right end of the free positions; only the order among
// them, and among free stacks with the same number of givens, is a choice,
// and each choice whose row ties for the smallest becomes a candidate of
// its own (they give digits different labels, so they may differ later).
// Most such rows have one way or two (each given alone in its group, or
// one group of two), which extend and pair build directly, the second of
// two that tie as a copy of the first (twins); choose enumerates the rest.
//
// A row of the form is packed into a uint64, four bits per cell, cell 1
// in the top bits, so rows compare as integers:
//
//	bits 35-32   31-28  ...  3-0
//	     c1      c2          c9      (each 0 for empty, else the label 1-9)
//
// and its pattern, the positions that hold a given, into a uint16 the same
// way, bit 8-p for position p (0 to 8). A row with a given in an earlier
// position is larger whatever its labels, so most rows are rejected on
// their pattern alone, before any label is worked out. (Shift counts are
// masked with & 15 where they cannot exceed it anyway, which spares the
// compiler's check for shifts past the width in the hot paths; tables
// indexed by such values have 16 or 128 entries for the same reason.
// Remainders such as x%9 are avoided: each is a multiplication, dearer
// than the bounds check it would spare.)

// A cand is a partial transform: rows 0 to level-1 of the form are fixed.
type cand struct {
	o     uint8     // 1 if rows are read from the transposed input
	rows  [9]uint8  // rows[k] is the input row of form row k
	used  uint16    // input rows used so far
	band  uint16    // the rows of the last row's band not used yet
	cols  [16]uint8 // cols[p] is the input column at position p, 9 while it is free (16, for p masked with 15)
	pos   [16]uint8 // pos[col] is the position of input column col, once placed (16, for col masked with 15)
	free  uint16    // input columns not placed yet (bit col)
	slot  [3]uint8  // slot[s] is the input stack at placed slot s
	ends  [4]uint8  // ends[t] is the position after the last free one of input stack t's slot, once placed, else 15 (4, for t masked with 3)
	nfree uint8     // slots 0 to nfree-1 are free
	freeS uint8     // input stacks not placed yet (bit t for stack t)
	label [16]uint8 // label[d] is the label of digit d (1-9), 0 if d was not seen yet; label[0] the next new label (16, for d masked with 15)
}

// A Canonicalizer finds minlex forms, reusing its memory from one call to
// the next. The zero value is ready to use. It is not safe for concurrent
// use; the package-level functions keep a pool of them.
type Canonicalizer struct {
	// digit[o<<8|row<<4|col] is the input (o = 0) and its transpose (o =
	// 1), rows 16 wide so that indexes masked with 15 need no bounds
	// check; one array, so that a cell's two places are offsets of it
	// (see cellsOf), and a row a slice of 16 (see row).
	digit   [512]uint8
	given   [2][16]uint16 // given[o][row]: bit c set when column c of the row holds a given (rows 9-15 unused)
	cur     []cand
	next    []cand // its first nnext are the next level's candidates so far
	nnext   int
	best    uint64 // the smallest row found so far at this level
	bestLen int    // empty cells at the start of best
	level   int    // the row of the form being searched
	form    [9]uint64
}

// perms lists the orders of up to three items: perms[k] holds the
// nperms[k] = k! orders of k items.
var perms = [4][6][3]uint8{
	{{}},
	{{0}},
	{{0, 1}, {1, 0}},
	{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}},
}

var nperms = [4]uint8{1, 1, 2, 6}

// errNilGrid is the error of Form, AppendText and Same for a nil grid.
var errNilGrid = errors.New("canon: nil grid")

// Form is like the package-level Form, using c's memory.
func (c *Canonicalizer) Form(g *sudoku.Grid) (sudoku.Grid, sudoku.Transform, error) {
	if err := c.search(g); err != nil {
		return sudoku.Grid{}, sudoku.Transform{}, err
	}
	var form sudoku.Grid
	for k, row := range c.form {
		form[k*9] = uint8(row >> 32)
		binary.LittleEndian.PutUint64(form[k*9+1:], spread(row))
	}
	return form, c.cur[0].transform(), nil
}

// AppendText appends to dst the minlex form of g as its String method
// writes a grid: 81 characters, '.' for an empty cell. It does less than
// Form, which also works out a transform and makes a Grid, for programs
// that print many forms. Like Form, it returns the error of g.Validate
// for a grid that breaks the rules, appending nothing.
func (c *Canonicalizer) AppendText(dst []byte, g *sudoku.Grid) ([]byte, error) {
	if err := c.search(g); err != nil {
		return dst, err
	}
	n := len(dst)
	dst = slices.Grow(dst, 81)[:n+81]
	line := (*[81]byte)(dst[n:])
	for k, row := range &c.form {
		// Three cells at a time, twelve bits of the row each, through a
		// table of their three characters: the first eight characters
		// in one store, the ninth alone.
		a, b, d := textTriples[row>>24&4095], textTriples[row>>12&4095], textTriples[row&4095]
		binary.LittleEndian.PutUint64(line[k*9:], uint64(a)|uint64(b)<<24|uint64(d)<<48)
		line[k*9+8] = byte(d >> 16)
	}
	return dst, nil
}

// spread returns cells 2-9 of a packed row of the form as the bytes of a
// little-endian word, in order (cell 1 is the row's bits 35-32).
func spread(row uint64) uint64 {
	x := row & 0xFFFFFFFF
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	x = (x | x<<8) & 0x00FF00FF00FF00FF
	x = (x | x<<4) & 0x0F0F0F0F0F0F0F0F
	return bits.ReverseBytes64(x)
}

// search fills c.form with the rows of g's minlex form, and leaves in
// c.cur the candidates that reach it. It returns g.Validate's error for a
// grid that breaks the rules.
func (c *Canonicalizer) search(g *sudoku.Grid) error {
	if g == nil {
		return errNilGrid
	}
	// Puzzles are mostly empty cells, so only the givens are visited,
	// found eight cells at a time (cells.Givens). c.digit is not cleared: only
	// cells with a given are ever read from it. The rules are checked as
	// sudoku.Grid's reader does: units[v] holds the rows, columns and
	// boxes where digit v was seen (bits 0-8, 16-24 and 32-40), which a
	// given's cell must not meet.
	c.given[1] = [16]uint16{}
	var units [16]uint64
	lo, hi := cells.Givens((*[81]uint8)(g))
	// The rows' masks of givens are the masks' 9-bit fields, cell 9r+c
	// at bit c of row r; the columns' are set one given at a time below.
	c.given[0] = [16]uint16{
		uint16(lo) & 511, uint16(lo>>9) & 511, uint16(lo>>18) & 511,
		uint16(lo>>27) & 511, uint16(lo>>36) & 511, uint16(lo>>45) & 511,
		uint16(lo>>54) & 511, uint16(lo>>63|hi<<1) & 511, uint16(hi>>8) & 511,
	}
	// The two masks in turn, base the cell of bit 0 (a loop over an
	// array of the two cost more). g is checked for nil once, not at
	// every given.
	_ = g[0]
	for base, m := 0, lo; ; base, m = 64, hi {
		for ; m != 0; m &= m - 1 {
			i := base + bits.TrailingZeros64(m)
			v := g[i]
			cell := &cellsOf[i&127]
			if v > 9 || units[v&15]&cell.units != 0 {
				// Givens that break the rules would make many orders tie,
				// and the search keep millions of candidates.
				return g.Validate()
			}
			units[v&15] |= cell.units
			c.digit[cell.at[0]&511] = v
			c.digit[cell.at[1]&511] = v
			c.given[1][cell.c&15] |= cell.rbit
		}
		if base == 64 {
			break
		}
	}
	// The first row of the form gets labels 1, 2, ... in order whatever
	// the input row, so only its pattern counts: the best one has the
	// fewest givens per stack, in increasing order.
	var tops [2]uint16 // the input rows with the best pattern (bit r)
	minTop := uint16(1 << 9)
	for o := range 2 {
		for r, gv := range c.given[o][:9] {
			switch top := topPatterns[gv&511]; {
			case top < minTop:
				minTop = top
				tops = [2]uint16{}
				fallthrough
			case top == minTop:
				tops[o] |= 1 << r
			}
		}
	}
	root := cand{nfree: 3, freeS: 7, label: [16]uint8{1}, free: 0x1FF, cols: [16]uint8{9, 9, 9, 9, 9, 9, 9, 9, 9}, ends: [4]uint8{15, 15, 15, 15}}
	first := 0 // the first level to search
	if minTop <= 1 {
		// An empty row or a row with one given, as in most sparse
		// puzzles: level 0 at once.
		c.top(&root, tops, minTop)
		first = 1
	} else {
		c.cur = append(c.cur[:0], root, root)
		c.cur[1].o = 1
	}
	for level := first; level < 9; level++ {
		c.level = level
		c.best, c.bestLen = ^uint64(0), -1
		c.nnext = 0
		if level%3 == 0 {
			c.bandStart(level, tops)
		} else {
			c.inBand()
		}
		c.form[level] = c.best
		c.cur, c.next = c.next[:c.nnext], c.cur[:cap(c.cur)]
	}
	return nil
}

// inBand extends every candidate by the rows left in the band of its
// last row, at level 1, 2, 4, 5, 7 or 8. (A function of its own, as is
// bandStart: the loops stay small enough for their variables to stay in
// registers.)
func (c *Canonicalizer) inBand() {
	// extend adds to c.next only. (A slice that shrinks from the front,
	// where an index took two registers more.)
	for cur := c.cur; len(cur) > 0; cur = cur[1:] {
		cd := &cur[0]
		given := &c.given[cd.o&1]
		rows := cd.band
		if cd.free == 0x1FF {
			// No column placed yet, as after an empty first row: every
			// digit of the row is new, and the row is firstRows[gv]
			// whatever the choices, so a larger one is rejected at once.
			for ; rows != 0; rows &= rows - 1 {
				r := bits.TrailingZeros16(rows)
				if gv := given[r&15]; firstRows[gv&511] <= c.best {
					c.extend(cd, r, gv, 0)
				}
			}
			continue
		}
	row:
		for ; rows != 0; rows &= rows - 1 {
			r := bits.TrailingZeros16(rows)
			gv := given[r&15]
			if int(leads[gv&511]) < c.bestLen {
				// Fewer empty cells first than the best row, wherever
				// its givens go: this spares extend most of the rows
				// it rejected at level 1, from the pattern of their
				// givens in free columns. (At the start of a band,
				// tryBand's mask does better.)
				continue
			}
			// The pattern of the row (which positions hold a given) in
			// the placed columns does not depend on the choices left,
			// and most rows are rejected for the empty cells it starts
			// with (see lead), so that comes first, here rather than in
			// extend, to spare the call for the rows rejected.
			var pat uint16 // bit 8-p for position p
			for b := gv &^ cd.free; b != 0; b &= b - 1 {
				p := cd.pos[bits.TrailingZeros16(b)&15]
				if int(p) < c.bestLen {
					continue row // fewer empty cells first than the best row
				}
				pat |= posBit[p&15]
			}
			c.extend(cd, r, gv, pat)
		}
	}
}

// bandStart extends every candidate at the start of a band, level 0 (the
// rows with the best first pattern, tops), 3 or 6 (the rows of the bands
// not used).
func (c *Canonicalizer) bandStart(level int, tops [2]uint16) {
	cur := c.cur // extend adds to c.next only
	for i := range cur {
		cd := &cur[i]
		rows := 0x1FF &^ cd.used
		if level == 0 {
			rows = tops[cd.o&1]
		}
		c.tryBand(cd, rows)
	}
}

// tryBand is the loop over the rows for a candidate cd at the start of a
// band (level 0, 3 or 6), where up to six rows are tried and most are
// rejected, many for a given in a free column that comes before c.bestLen
// wherever it goes, which it drops from its set of rows all at once,
// through the columns' masks of rows, before extend would reject them one
// by one (each a branch that went either way). (A function of its own: in
// inBand's loop the masks cost more than they spare. A candidate with no
// free column has no such column, and gets here too: the test costs less
// than a loop of its own.)
func (c *Canonicalizer) tryBand(cd *cand, rows uint16) {
	given := &c.given[cd.o&1]
	earlyLen := -1 // no column is early for bestLen -1
row:
	for ; rows != 0; rows &= rows - 1 {
		if c.bestLen != earlyLen {
			// The rows with a given in a free column where it comes
			// too early (see early) are dropped at once. byCol[col]
			// has bit r set when row r has a given in column col
			// (taken here, not held in a register across the loop).
			earlyLen = c.bestLen
			byCol := &c.given[cd.o&1^1]
			for e := cd.early(earlyLen); e != 0; e &= e - 1 {
				rows &^= byCol[bits.TrailingZeros16(e)&15]
			}
			if rows == 0 {
				return
			}
		}
		r := bits.TrailingZeros16(rows)
		gv := given[r&15]
		// As in inBand.
		var pat uint16
		for b := gv &^ cd.free; b != 0; b &= b - 1 {
			p := cd.pos[bits.TrailingZeros16(b)&15]
			if int(p) < c.bestLen {
				continue row
			}
			pat |= posBit[p&15]
		}
		c.extend(cd, r, gv, pat)
	}
}

// top makes the candidates of level 0 that extend would from the root
// candidate, whose rows are tops, when the best pattern of a first row is
// minTop, 0 (empty) or 1 (one given, which goes to position 8 in the last
// slot and gets label 1), and records the row of the form.
func (c *Canonicalizer) top(root *cand, tops [2]uint16, minTop uint16) {
	c.cur = c.cur[:0]
	for o := range 2 {
		for rows := tops[o]; rows != 0; rows &= rows - 1 {
			r := bits.TrailingZeros16(rows)
			nc := *root
			nc.o = uint8(o)
			nc.rows[0] = uint8(r)
			nc.used = 1 << r
			nc.band = bandRows[r&15] &^ nc.used
			if minTop == 1 {
				col := uint8(bits.TrailingZeros16(c.given[o][r&15]))
				t := col / 3
				nc.cols[8] = col
				nc.pos[col&15] = 8
				nc.free &^= 1 << col
				nc.slot[2] = t
				nc.ends[t&3] = 8
				nc.freeS &^= stackBit[col&15]
				nc.nfree = 2
				nc.label[c.row(o, r)[col&15]&15] = 1
				nc.label[0] = 2
			}
			c.cur = append(c.cur, nc)
		}
	}
	c.form[0] = uint64(minTop) // 0, or label 1 at position 8
}

// The tables of the search, topPatterns, leads, reversed, firstRows,
// ones, cellsOf, freeOrders, colLists, tails and textTriples, are static
// data: zz_tables.go holds them, generated by TestTables (tables_test.go),
// which derives them and says what each holds.
//
//go:generate go test -run TestTables -update-tables

// cellOne[p] is 1 in the bits of position p of a packed row (16 entries,
// for p masked with 15).
var cellOne = [16]uint64{1 << 32, 1 << 28, 1 << 24, 1 << 20, 1 << 16, 1 << 12, 1 << 8, 1 << 4, 1}

// posBit[p] is the bit of position p in a pattern, 256 >> p (16 entries,
// for p masked with 15): a load rather than a shift by a variable, which
// takes register CX.
var posBit = [16]uint16{256, 128, 64, 32, 16, 8, 4, 2, 1}

// cellInfo describes a cell for reading a grid (see cellsOf).
type cellInfo struct {
	units uint64    // its units as bits: rows 0-8, columns 16-24, boxes 32-40
	r, c  uint8     // its row and its column
	at    [2]uint16 // its places in Canonicalizer.digit
	rbit  uint16    // 1 << r: a load rather than a shift
}

// extend tries input row r, whose givens are gv, as row c.level of the form
// for candidate cd, and adds to c.next every way of placing it that ties
// for the smallest row. pat is the pattern of its givens in placed
// columns, none of them before c.bestLen.
func (c *Canonicalizer) extend(cd *cand, r int, gv, pat uint16) {
	fr := gv & cd.free
	if fr == 0 {
		// Every given of the row is in a placed column: nothing to choose.
		// This is most rows once the first few are placed.
		if c.lead(pat) {
			c.keep(cd, r, &cd.cols, pat)
		}
		return
	}
	nf := int(cd.nfree)
	if fr&(fr-1) == 0 {
		// One given in a free column, the commonest case with free
		// columns: it has one place, the last free position of its slot,
		// or of the free slots if its stack is free.
		col := uint8(bits.TrailingZeros16(fr))
		t := stackOf[col&15]
		p := 3*nf - 1 // the last free slot's, if its stack is free
		m := 1        // free stacks placed
		if cd.freeS&stackBit[col&15] == 0 {
			p, m = int(cd.ends[t&3])-1, 0
		}
		if p < c.bestLen {
			return
		}
		pat |= posBit[p&15]
		if !c.lead(pat) {
			return
		}
		at := cd.cols
		at[p] = col
		if nc := c.keep(cd, r, &at, pat); nc != nil {
			// As place does, for one column and at most one stack.
			nc.free &^= fr
			nc.pos[col&15] = uint8(p)
			nc.ends[t&3] = uint8(p)
			if m != 0 {
				nc.slot[(nf-1)&3] = t
				nc.freeS &^= stackBit[col&15]
				nc.nfree = uint8(nf - 1)
			}
		}
		return
	}
	// Givens in free columns of a placed slot go to the right end of its
	// free positions.
	var nk [4]uint8 // their number per input stack
	for fp := fr &^ stackCols[cd.freeS&7]; fp != 0; {
		t := stackOf[bits.TrailingZeros16(fp)&15]
		x := fp & stackMask[t&3]
		fp &^= x
		k := int(ones[x&511])
		e := int(cd.ends[t&3])
		if e-k < c.bestLen {
			return // the first of them comes too early
		}
		nk[t&3] = uint8(k)
		pat |= tails[e&15][k&3]
	}
	// Free stacks with givens are placed at the right end of the free
	// slots, by increasing number of givens (so that empty cells come
	// first).
	fs := &freeOrders[fr&stackCols[cd.freeS&7]]
	m := int(fs.m)
	if int(fs.first[nf&3]) < c.bestLen {
		return // the first given of the first of them comes too early
	}
	pat |= fs.pat[nf&3]
	if !c.lead(pat) {
		return
	}
	// The commonest rows with two or more givens in free columns have
	// one way or two, placed here or by pair without choose's odometer:
	// each given alone in its group (one way, or two for two free
	// stacks), or one group of two (two ways, see pair). Each given is
	// alone in its stack when no stack has both its columns 0 and 1, 1
	// and 2, or 0 and 2 in fr (masks of shifts by constants).
	if fr&(fr>>1)&0o333|fr&(fr>>2)&0o111 == 0 && m <= 2 {
		at := cd.cols
		var pm uint16     // the positions given
		var free [2]uint8 // the givens of free stacks, by column
		nfr := 0
		for x := fr; x != 0; x &= x - 1 {
			col := uint8(bits.TrailingZeros16(x))
			if cd.freeS&stackBit[col&15] != 0 {
				free[nfr&1] = col
				nfr++
			} else {
				p := int(cd.ends[stackOf[col&15]&3]) - 1
				at[p] = col
				pm |= 1 << p
			}
		}
		switch m {
		case 1: // the free stack goes to the last free slot
			at[3*nf-1] = free[0]
			pm |= 1 << (3*nf - 1)
		case 2: // the two go to the last two, in either order
			at[3*nf-4], at[3*nf-1] = free[0], free[1]
			pm |= 1<<(3*nf-4) | 1<<(3*nf-1)
			if c.twins(cd, r, &at, pat, fr, pm, m, 3*nf-4|(3*nf-1)<<4) {
				return
			}
			at[3*nf-4], at[3*nf-1] = free[1], free[0]
		}
		if nc := c.keep(cd, r, &at, pat); nc != nil {
			nc.place(&at, fr, pm, m)
		}
	} else if !c.pair(cd, r, fr, pat, fs) {
		c.choose(cd, r, gv, pat, nk, fs)
	}
}

// twins keeps (see keep and place) a row whose givens at positions p and
// q (p < q, no given between them; pq is p | q<<4, so that the arguments
// fit in registers) could swap, and, when both their digits are new, adds
// at once the candidate with them swapped, which ties (the two take each
// other's labels; if p and q are in two slots, their stacks swap slots
// too), rather than labelling the row again. It returns false when the
// other order is still to try.
func (c *Canonicalizer) twins(cd *cand, r int, at *[16]uint8, pat, fr, pm uint16, m, pq int) bool {
	p, q := pq&15, pq>>4&15
	d := c.row(int(cd.o), r)
	x, y := at[p&15], at[q&15]
	dx, dy := d[x&15]&15, d[y&15]&15
	nc := c.keep(cd, r, at, pat)
	if nc != nil {
		nc.place(at, fr, pm, m)
	}
	if cd.label[dx]|cd.label[dy] != 0 {
		return false
	}
	if nc == nil {
		return true // the other order gives the same larger row
	}
	i := c.nnext - 1 // (add may move c.next)
	tw := c.add()
	*tw = c.next[i]
	tw.cols[p&15], tw.cols[q&15] = y, x
	tw.pos[x&15], tw.pos[y&15] = uint8(q), uint8(p)
	tw.label[dx], tw.label[dy] = tw.label[dy], tw.label[dx]
	if sp, sq := p/3, q/3; sp != sq {
		// Two stacks with a given each (see extend), whose free
		// positions end one before the given.
		tp, tq := tw.slot[sp], tw.slot[sq]
		tw.slot[sp], tw.slot[sq] = tq, tp
		tw.ends[tp&3], tw.ends[tq&3] = tw.ends[tq&3], tw.ends[tp&3]
	}
	return true
}

// pair places, for extend, a row whose givens in free columns fr make one
// group of two and groups of one, with no two free stacks of as many
// givens (such as two givens in a free stack and one in another, which
// were two thirds of choose's calls, most in the first band): the two
// ways, the two orders of the pair, in the order choose would. It returns
// false, having done nothing, for any other row.
func (c *Canonicalizer) pair(cd *cand, r int, fr, pat uint16, fs *freeOrder) bool {
	nf, m := int(cd.nfree), int(fs.m)
	if m == 3 || m == 2 && fs.k[0] == fs.k[1] {
		return false
	}
	at := cd.cols
	var pm uint16 // the positions given
	p2 := -1      // the first position of the pair
	for j := range m {
		k := int(fs.k[j])
		if k > 2 || k == 2 && p2 >= 0 {
			return false
		}
		p := 3*(nf-m+j) + 3 - k
		if k == 2 {
			p2 = p
		}
		for x := fr & stackMask[fs.t[j]&3]; x != 0; x &= x - 1 {
			at[p] = uint8(bits.TrailingZeros16(x))
			pm |= 1 << p
			p++
		}
	}
	for fp := fr &^ stackCols[cd.freeS&7]; fp != 0; {
		t := stackOf[bits.TrailingZeros16(fp)&15]
		x := fp & stackMask[t&3]
		fp &^= x
		k := int(ones[x&511])
		if k > 2 || k == 2 && p2 >= 0 {
			return false
		}
		p := int(cd.ends[t&3]) - k
		if k == 2 {
			p2 = p
		}
		for ; x != 0; x &= x - 1 {
			at[p] = uint8(bits.TrailingZeros16(x))
			pm |= 1 << p
			p++
		}
	}
	if p2 < 0 {
		return false
	}
	if !c.twins(cd, r, &at, pat, fr, pm, m, p2|(p2+1)<<4) {
		at[p2], at[p2+1] = at[p2+1], at[p2]
		if nc := c.keep(cd, r, &at, pat); nc != nil {
			nc.place(&at, fr, pm, m)
		}
	}
	return true
}

// early returns the free columns where a given would come before
// position n whatever the choices left: those whose last possible
// position, the last free one of their slot (or of the free slots if
// their stack is free), is before n.
func (cd *cand) early(n int) uint16 {
	// The ends of the slots (the position after the last free one) come
	// in order, the free slots' first, so the early columns are those of
	// the first few.
	nf := int(cd.nfree)
	if 3*nf > n {
		return 0
	}
	m := stackCols[cd.freeS&7]
	for s := nf; s < 3; s++ {
		t := cd.slot[s] & 3
		if int(cd.ends[t]) > n {
			break
		}
		m |= stackMask[t]
	}
	return m & cd.free
}

// A freeOrder lists the stacks that hold columns of a set (bit c for
// column c), by increasing number of them (and by stack for equal ones).
type freeOrder struct {
	m uint8    // the number of stacks
	t [3]uint8 // the stacks
	k [3]uint8 // and their numbers of columns in the set
	// When the set is the givens of a row in free stacks, and nf slots
	// are free, pat[nf] is their pattern (bit 8-p for position p), in
	// slots nf-m to nf-1, and first[nf] the position of the first, 9 if
	// none (for nf >= m).
	pat   [4]uint16
	first [4]int8
}

// A group is a set of input columns that the row being placed puts at
// consecutive positions, in an order still to choose.
type group struct {
	p    uint8    // the first position
	k    uint8    // the number of columns
	cols [3]uint8 // the columns, in increasing order
}

// choose goes through the ways to place row r, whose givens are gv, for
// candidate cd, when two or more are in free columns (extend places one
// alone); pat is the pattern of the row, nk the number of its givens in
// free columns per placed input stack and fs the free stacks with givens. Each
// way whose row ties for the smallest becomes a candidate.
func (c *Canonicalizer) choose(cd *cand, r int, gv, pat uint16, nk [4]uint8, fs *freeOrder) {
	nf := int(cd.nfree)
	m := int(fs.m)
	// The choices: an order of the free stacks placed (only those with
	// equal counts may swap), and an order of the new givens in each
	// group. Go through every combination, counting like an odometer.
	var gs [6]group
	n := m
	for j := range m {
		gs[j] = group{k: fs.k[j], cols: colLists[gv&stackCols[1<<(fs.t[j]&3)&7]]}
	}
	for s := nf; s < 3; s++ {
		t := cd.slot[s]
		if k := nk[t&3]; k > 0 {
			gs[n&7] = group{p: cd.ends[t&3] - k, k: k, cols: colLists[gv&cd.free&stackCols[1<<(t&3)&7]]}
			n++
		}
	}
	for _, so := range perms[m&3][:nperms[m&3]] {
		for j := 1; j < m; j++ {
			if fs.k[so[j-1]] > fs.k[so[j]] {
				goto next // only stacks with equal counts may swap
			}
		}
		for j := range m {
			g := &gs[so[j]]
			g.p = uint8(3*(nf-m+j) + 3 - int(g.k))
		}
		for idx := [6]uint8{}; ; {
			at := cd.cols
			for i := range gs[:n] {
				g := &gs[i]
				o := &perms[g.k&3][idx[i]]
				for q := range g.k {
					at[g.p+q] = g.cols[o[q]]
				}
			}
			if nc := c.keep(cd, r, &at, pat); nc != nil {
				nc.settle(gv, &at, gs[:n], so[:m], fs)
			}
			i := 0
			for ; i < n; i++ {
				idx[i]++
				if idx[i] < nperms[gs[i].k&3] {
					break
				}
				idx[i] = 0
			}
			if i == n {
				break
			}
		}
	next:
	}
}

// settle records in a new candidate nc the columns placed by its last row,
// whose givens are gv: the columns at, the groups gs and the order so of
// the free stacks fs.
func (nc *cand) settle(gv uint16, at *[16]uint8, gs []group, so []uint8, fs *freeOrder) {
	nc.cols = *at
	for i := range gs {
		g := &gs[i]
		for q := range g.k {
			p := g.p + q
			nc.pos[at[p]] = p
		}
		nc.ends[stackOf[at[g.p]&15]&3] = g.p // a group ends its stack's givens
	}
	nc.free &^= gv
	nf := int(nc.nfree)
	m := len(so)
	for j, o := range so {
		s := nf - m + j
		t := fs.t[o]
		nc.slot[s] = t
		nc.freeS &^= 1 << t
	}
	nc.nfree = uint8(nf - m)
}

// tail[k] has the lowest k bits set: the pattern of k givens at the right
// end of a group of positions.
var tail = [4]uint16{0, 1, 3, 7}

// bandRows[r] is the mask of the rows in the band of row r (16 entries,
// for r masked with 15).
var bandRows = [16]uint16{7, 7, 7, 0o70, 0o70, 0o70, 0o700, 0o700, 0o700}

// stackOf[col] is the stack of input column col, and stackMask[t] the
// mask of the columns of stack t (16 and 4 entries, for masked indexes).
var (
	stackOf   = [16]uint8{0, 0, 0, 1, 1, 1, 2, 2, 2}
	stackMask = [4]uint16{0o7, 0o70, 0o700}
)

// stackBit[col] is the bit of the stack of input column col in a set of
// stacks (16 entries, for col masked with 15): a load rather than a shift
// by a variable, which takes register CX.
var stackBit = [16]uint8{1, 1, 1, 2, 2, 2, 4, 4, 4}

// stackCols[set] is the mask of the input columns of a set of stacks (bit
// t for stack t).
var stackCols = [8]uint16{0, 0o7, 0o70, 0o77, 0o700, 0o707, 0o770, 0o777}

// lead compares the empty cells at the start of a row with pattern pat
// (bit 8-p for position p) with those of the best row so far: fewer means
// a larger row, which it rejects; more means a smaller row, which clears
// the candidates kept so far.
func (c *Canonicalizer) lead(pat uint16) bool {
	n := int(leadOf[pat&511])
	if n < c.bestLen {
		return false
	}
	if n > c.bestLen {
		c.best, c.bestLen = ^uint64(0), n
		c.nnext = 0
	}
	return true
}

// keep labels input row r as row c.level of the form for candidate cd,
// with input column at[p] at position p, its givens at the positions in
// pat, and, if it ties for the smallest row, adds a new candidate to
// c.next with the row, its labels and its column order at recorded, and
// returns it; else it returns nil. The caller records the columns and
// stacks the row placed (see place and settle): keep has few arguments, so
// that its loop's variables stay in registers.
func (c *Canonicalizer) keep(cd *cand, r int, at *[16]uint8, pat uint16) *cand {
	d := c.row(int(cd.o), r)
	label := cd.label
	var v uint64
	// The givens from the left: bit p of reversed[pat] is position p,
	// whose label goes to bits 32-4p to 35-4p of the row (a product
	// rather than a shift, which would tie the loop to register CX).
	_ = at[0] // at is not nil: checked once, not at every given
	for b := reversed[pat&511]; b != 0; b &= b - 1 {
		p := bits.TrailingZeros16(b)
		dg := d[at[p&15]&15] & 15
		l := label[dg]
		if l == 0 {
			l = label[0]
			label[dg] = l
			label[0]++
		}
		v |= uint64(l) * cellOne[p&15]
	}
	// Compared once, at the end: rows have few givens, and most that get
	// here tie.
	if v > c.best {
		return nil
	}
	if v < c.best {
		c.best = v
		c.nnext = 0
	}
	nc := c.add()
	*nc = *cd
	nc.rows[c.level] = uint8(r)
	nc.used |= 1 << (r & 15)
	nc.band = bandRows[r&15] &^ nc.used
	nc.label = label
	nc.cols = *at
	return nc
}

// place records in a new candidate nc (see keep) the columns placed by
// its last row: its givens in free columns fr are at the positions in pm
// (bit p for position p), m of them in free stacks, which at puts in the
// last m free slots.
func (nc *cand) place(at *[16]uint8, fr, pm uint16, m int) {
	_ = at[0] // checked once, not in the loops
	nc.free &^= fr
	for ; pm != 0; pm &= pm - 1 {
		p := bits.TrailingZeros16(pm)
		col := at[p&15] & 15
		nc.pos[col] = uint8(p)
		e := &nc.ends[stackOf[col]&3]
		*e = min(*e, uint8(p)) // the first of its stack's new givens
	}
	nf := int(nc.nfree)
	for s := nf - m; s < nf; s++ {
		col := at[(3*s+2)&15] & 15
		nc.slot[s] = stackOf[col]
		nc.freeS &^= stackBit[col]
	}
	nc.nfree = uint8(nf - m)
}

// add returns a new candidate at the end of c.next, for the caller to
// fill. (Counted by hand rather than appended, which copied a candidate
// twice and set the slice's length each time.)
func (c *Canonicalizer) add() *cand {
	if c.nnext == len(c.next) {
		c.next = slices.Grow(c.next, 1)
		c.next = c.next[:cap(c.next)]
	}
	c.nnext++
	return &c.next[c.nnext-1]
}

// row returns the digits of row r of the input (o = 0) or of its
// transpose (o = 1), by column.
func (c *Canonicalizer) row(o, r int) *[16]uint8 {
	i := (o<<8 | r<<4) & 0x1F0
	return (*[16]uint8)(c.digit[i : i+16])
}

// transform returns the transform of a complete candidate, placing the
// columns and stacks still free, and the digits not seen, in increasing
// order.
func (cd *cand) transform() sudoku.Transform {
	t := sudoku.Transform{Transpose: cd.o == 1, Rows: cd.rows}
	cols := cd.cols
	slot := cd.slot
	s := 0
	for st := range uint8(3) {
		if cd.freeS&(1<<st) != 0 {
			slot[s] = st
			for i := range uint8(3) {
				cols[3*s+int(i)] = 3*st + i
			}
			s++
		}
	}
	for s := int(cd.nfree); s < 3; s++ {
		p := 3 * s
		for b := cd.free & stackCols[1<<(slot[s]&3)&7]; b != 0; b &= b - 1 {
			cols[p] = uint8(bits.TrailingZeros16(b))
			p++
		}
	}
	t.Cols = [9]uint8(cols[:9])
	next := cd.label[0]
	for d := 1; d <= 9; d++ {
		l := cd.label[d]
		if l == 0 {
			l = next
			next++
		}
		t.Digits[d] = l
	}
	return t
}
