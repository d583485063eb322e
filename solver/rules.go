package solver

// The representation, the rules and the guess.
//
// Candidates are kept per digit as three 27-bit words, one per band: bit
// 9*r + c is row r of the band (0-2) and column c (0-8). The cells of a
// row within a box are a triad:
//
//	          stack 0    stack 1    stack 2
//	row 0    0  1  2 |  3  4  5 |  6  7  8     triads: row 0 x stack 0, 1, 2
//	row 1    9 10 11 | 12 13 14 | 15 16 17
//	row 2   18 19 20 | 21 22 23 | 24 25 26     (a triad's lowest bit is
//	                                            9*row + 3*stack)
//
// A digit is in one triad of each row of a band and one of each box, so
// its triads there form one of six configurations: row r goes to box p[r].
// The band rule (shrink, indexed by bandIndex of the band's non-empty
// triads) keeps only the cells of configurations whose three triads all
// still have a candidate:
//
//	configuration   0      1      2      3      4      5      rows down,
//	row 0         X . .  X . .  . X .  . X .  . . X  . . X  boxes across
//	row 1         . X .  . . X  X . .  . . X  X . .  . X .
//	row 2         . . X  . X .  . . X  X . .  . X .  X . .
//
// A stack is the same with bands for rows and the three columns of the
// stack for boxes: the digit's vertical triads (a column within a box)
// form one of six configurations too. Pointing and claiming settle them:
// a box whose candidates lie in one column takes that column from the
// other bands; a column whose candidates lie in one band keeps the digit
// to that column within its box.
//
// A digit's rules run until they change nothing; then a row left with one
// cell is a hidden single (rows, boxes and columns all end up there), and
// its cell is taken from the other digits. A cell left with one digit is a
// naked single. Then the triad rule looks at every triad at once, in one
// 64-bit word per digit, laid out so that the triads sharing a unit are
// rotations of one another:
//
//	bit      9*r + 3*x + b      horizontal triad: row r of band b, in stack x
//	bit 32 + 9*b + 3*x + c      vertical triad: column c of stack x, in band b
//
//	horizontal, one band b:      r=0: x0 x1 x2   same row: rotate x (3 bits within 9)
//	(bits 0-26, b interleaved)   r=1: x0 x1 x2   same box: rotate r (9 bits within 27)
//	                             r=2: x0 x1 x2
//	vertical, one stack x:       b=0: c0 c1 c2   same box: rotate c (1 bit within 3)
//	(bits 32-58)                 b=1: c0 c1 c2   same column: rotate b (9 bits within 27)
//	                             b=2: c0 c1 c2
//
// Three cells hold three different digits, so a triad needs three
// candidate digits, three digits sure to be in it (the digit's only triad
// in one of its units) exclude the others, and three candidate digits are
// all sure. Bit-sliced binary counters over the nine words count each
// triad's candidate digits; from them, when nothing changes, the guess
// takes the band or stack whose digits have the fewest triads in all, and
// there the digit with the fewest configurations, and tries each.

import (
	"math/bits"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/cells"
)

const (
	band27    = 1<<27 - 1
	row9      = 1<<9 - 1
	allDigits = 1<<9 - 1
	fieldLows = 0o111111111 // the lowest bit of each 3-bit field of 27
)

// Tables built once.
var (
	shrink [512]uint32 // bandIndex(triad occupancy of a band) -> 27-bit mask of usable cells, 0 if none
	// peers[c][b] is the mask of c's peers in band b, c excluded.
	peers [81][3]uint32
	// unitsOf[c] is the row (bit 0-8), column (bit 9-17) and box (bit
	// 18-26) of cell c; rowCells[r] and boxCells[x] mask the cells of a
	// band's rows r and boxes x (3-bit sets).
	unitsOf            [81]uint32
	rowCells, boxCells [8]uint32
	// pointCols[cols] is, for the 9-bit set of columns where a digit has
	// candidates in a band, the columns that some box confines it to.
	pointCols [512]uint16
	// claimCols[only] is, for the 9-bit set of columns whose candidates lie
	// in one band, the other columns of their boxes, which lose the digit
	// in that band.
	claimCols [512]uint16
	// validConfigs[t] says which configurations a band's triad occupancy t
	// (as shrink takes it) still allows.
	validConfigs [512]uint8
	// regionCells[b][k][e] masks what configuration k of band b (or of
	// stack b-3) leaves of band e: the configuration's cells in band b and
	// the other bands whole; of a stack, one column of the stack in each
	// band, and the other stacks whole.
	regionCells [6][6][3]uint32
)

// regionTriads[b] masks the triads of band b (or of stack b-3) in a triad
// word; regionIndex[b] says how to take them from a digit's triad word as
// the index of validConfigs (see chooseGuess).
var (
	regionTriads = [6]uint64{fieldLows, fieldLows << 1, fieldLows << 2, stackMask, stackMask << 3, stackMask << 6}
	regionIndex  = [6]struct {
		shift      uint
		mask, fold uint32
	}{
		{0, fieldLows, 0o007007007}, {1, fieldLows, 0o007007007}, {2, fieldLows, 0o007007007},
		{32, 0o007007007, 0}, {35, 0o007007007, 0}, {38, 0o007007007, 0},
	}
)

// configKey[n] is the part of a digit's key in chooseGuess that its n
// triads in a band or stack give: the number of configurations whose
// triads are all among them, shifted left 22 (3 triads -> 1, 5 or 6 -> 2,
// 7 -> 3, 8 -> 4, 9 -> 6; and 4, which a settled stack never has, counts
// as 2), with guessLast added if the digit is settled there (fewer than two
// configurations).
var configKey = [16]uint32{guessLast, guessLast, guessLast, guessLast, 2 << 22, 2 << 22, 2 << 22, 3 << 22, 4 << 22, 6 << 22,
	guessLast, guessLast, guessLast, guessLast, guessLast, guessLast}

// spread returns the 27-bit band mask of the 9-bit column set c: c, c<<9
// and c<<18, whose bits do not meet, so their sum, one multiplication
// rather than two shifts and two ORs.
func spread(c uint32) uint32 { return c * (1 + 1<<9 + 1<<18) }

// bandIndex returns, for the non-empty triads h of a band (bit 9*row +
// 3*stack of each), a number from 0 to 511, a different one for each h: a
// product whose top nine bits (for this constant, found by a search over
// random sparse ones, and checked in init) tell the 512 sets apart. It
// costs a multiplication and a shift, where gathering the nine bits takes
// three table look-ups and the shifts to join them.
func bandIndex(h uint32) uint32 { return uint32(uint64(h) * bandMagic >> 55) }

const bandMagic = 0x2101002010000000

func init() {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var seen [512]bool
	for t := 0; t < 512; t++ {
		var allowed, h uint32
		for k, p := range perms {
			if t>>p[0]&1 != 0 && t>>(3+p[1])&1 != 0 && t>>(6+p[2])&1 != 0 {
				validConfigs[t] |= 1 << k
				for r := 0; r < 3; r++ {
					allowed |= 7 << (9*r + 3*p[r])
				}
			}
		}
		for i := 0; i < 9; i++ {
			h |= uint32(t>>i&1) << (3 * i) // bit 3*row + stack of t is triad 9*row + 3*stack
		}
		i := bandIndex(h)
		if seen[i] {
			panic("solver: bandMagic does not tell triad sets apart")
		}
		seen[i] = true
		shrink[i] = allowed
	}
	for k, p := range perms {
		for b := 0; b < 3; b++ {
			regionCells[b][k] = [3]uint32{band27, band27, band27}
		}
		for r := 0; r < 3; r++ {
			for b := 0; b < 3; b++ {
				regionCells[b][k][b] &^= 7 << (9*r + 3*((p[r]+1)%3)) // the configuration keeps one triad of row r
				regionCells[b][k][b] &^= 7 << (9*r + 3*((p[r]+2)%3))
			}
			for x := 0; x < 3; x++ {
				regionCells[3+x][k][r] = band27&^spread(7<<(3*x)) | spread(1<<(3*x+p[r]))
			}
		}
	}
	for m := 0; m < 512; m++ {
		for x := 0; x < 3; x++ {
			c3 := m >> (3 * x) & 7
			if c3 != 0 && c3&(c3-1) == 0 {
				pointCols[m] |= uint16(c3 << (3 * x))
			}
			if c3 != 0 {
				claimCols[m] |= uint16((7 &^ c3) << (3 * x))
			}
		}
	}
	for k := uint32(0); k < 8; k++ {
		for x := 0; x < 3; x++ {
			if k>>x&1 != 0 {
				rowCells[k] |= row9 << (9 * x)
				boxCells[k] |= spread(7 << (3 * x))
			}
		}
	}
	for c := 0; c < 81; c++ {
		b, r, j := c/27, c/9%3, c%9
		unitsOf[c] = 1<<(c/9) | 1<<(9+j) | 1<<(18+3*b+j/3)
		col := uint32(spread(1 << j))
		for bb := 0; bb < 3; bb++ {
			peers[c][bb] = col
		}
		peers[c][b] |= row9<<(9*r) | spread(7<<(3*(j/3)))
		peers[c][b] &^= 1 << (c % 27)
	}
}

// pos is a search state: candidates per digit and band, and the placed
// cells per band. A placed cell is a candidate of its digit only.
type pos struct {
	f      [9][3]uint32
	solved [3]uint32
	// ws[d] and su[d] are digit d's triad word and sure triads as the
	// triad rule last found them, and stale has a bit for each digit
	// changed since: about half the digits a node, whose words the rule
	// need not find again.
	ws, su [9]uint64
	stale  uint32
}

// init sets p to the givens of g: each is taken from the other digits and
// from its peers. It counts the givens of each digit in givens, and
// reports false if a cell holds more than 9 or two givens clash.
func (p *pos) init(g *sudoku.Grid, givens *[9]uint8) bool {
	// The filled cells as bit sets per band, so that the loop visits the
	// givens alone (a test of each cell would be mispredicted about every
	// other given) and knows their band without a division.
	lo, hi := cells.Givens((*[81]uint8)(g))
	p.solved = [3]uint32{uint32(lo) & band27, uint32(lo>>27) & band27, uint32(lo>>54) | uint32(hi)<<10}
	p.stale = allDigits
	var placed [9][3]uint32
	// units[d] is the rows (bits 0-8), columns (9-17) and boxes (18-26)
	// that have a given d: a given in one of them clashes, and at the end
	// they say which cells d leaves, a few table look-ups a digit rather
	// than three masks a given.
	var units [9]uint32
	*givens = [9]uint8{}
	for b := range 3 {
		for m := p.solved[b]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			c := 27*b + i
			d := int(g[c]-1) % 16
			if d >= 9 || units[d]&unitsOf[c] != 0 {
				return false // not a digit, or a clash with an earlier given
			}
			units[d] |= unitsOf[c]
			placed[d][b] |= 1 << i
			givens[d]++
		}
	}
	s0, s1, s2 := p.solved[0], p.solved[1], p.solved[2]
	for d, u := range units {
		cols := spread(u >> 9 & row9)
		f, pd := &p.f[d], &placed[d]
		f[0] = band27&^(rowCells[u&7]|cols|boxCells[u>>18&7]|s0) | pd[0]
		f[1] = band27&^(rowCells[u>>3&7]|cols|boxCells[u>>21&7]|s1) | pd[1]
		f[2] = band27&^(rowCells[u>>6&7]|cols|boxCells[u>>24&7]|s2) | pd[2]
	}
	return true
}

// propagate applies the per-digit rules to the digits in dirty (a bit per
// digit: those changed since the rules last ran on them), and to the
// digits their placements change, then naked singles, until nothing
// changes. It reports false if the state has no solution.
//
// The rules of a digit d run until they change nothing: the band rule (in
// each band the digit's triads must form one of the six configurations),
// pointing (a box whose candidates lie in one column takes that column from
// the other bands) and claiming (a column whose candidates lie in one band
// confines the digit to that column within its box). Then every row with
// one candidate left is a hidden single (a box or column with one place
// left has become such a row), which take places, taking the cell from the
// other digits, which become dirty. The rules are written out in the loop
// over the dirty digits rather than called (they run some 50 times a serg
// puzzle: the call and its spills cost 5% of their instructions).
func (p *pos) propagate(dirty uint32) bool {
	for {
		p.stale |= dirty // as are those take makes dirty (see take)
		for dirty != 0 {
			d := bits.TrailingZeros32(dirty)
			dirty &^= 1 << d
			f := &p.f[d] // d < 9: a bounds check costs less than a modulo
			// Bands 0 and 1 go through as the halves of one 64-bit word
			// where no table look-up needs them apart.
			m01, m2 := uint64(f[0])|uint64(f[1])<<32, f[2]
			for {
				h01 := (m01 | m01>>1 | m01>>2) & (fieldLows | fieldLows<<32)
				m01 &= uint64(shrink[bandIndex(uint32(h01))]) | uint64(shrink[bandIndex(uint32(h01>>32))])<<32
				m2 &= shrink[bandIndex((m2|m2>>1|m2>>2)&fieldLows)]
				c01 := (m01 | m01>>9 | m01>>18) & (row9 | row9<<32)
				c0, c1, c2 := uint32(c01), uint32(c01>>32), (m2|m2>>9|m2>>18)&row9
				if c0 == 0 || c1 == 0 || c2 == 0 || c0|c1|c2 != row9 {
					return false // a band or a column has no place for d
				}
				p0, p1, p2 := uint32(pointCols[c0]), uint32(pointCols[c1]), uint32(pointCols[c2])
				twice := c0&c1 | c2&(c0|c1)
				x01 := uint64(p1|p2|uint32(claimCols[c0&^twice])) | uint64(p0|p2|uint32(claimCols[c1&^twice]))<<32
				n01 := m01 &^ (x01 * (1 + 1<<9 + 1<<18)) // spread in each half
				n2 := m2 &^ spread(p0|p1|uint32(claimCols[c2&^twice]))
				if n01 == m01 && n2 == m2 {
					break
				}
				m01, m2 = n01, n2
			}
			f[0], f[1], f[2] = uint32(m01), uint32(m01>>32), m2
			s01 := singles2(m01) &^ (uint64(p.solved[0]) | uint64(p.solved[1])<<32)
			s2 := singles(m2) &^ p.solved[2]
			if s01|uint64(s2) != 0 {
				dirty |= p.take(d, s01, s2)
			}
		}
		var ok bool
		if dirty, ok = p.nakedSingles(); !ok {
			return false
		}
		if dirty == 0 {
			return true
		}
	}
}

// singles returns the cells of band m alone in their row; every row of m
// must be non-empty.
func singles(m uint32) uint32 {
	// Subtracting one from each row borrows within the row, so m&(m-lows)
	// keeps each row's bits but its lowest: a row with one bit goes to 0.
	const lows, low8s, highs = 1 | 1<<9 | 1<<18, 0o377377377, 0o400400400
	more := m & (m - lows)
	nz := ((more & low8s) + low8s | more) & highs // the top bit of each row of more that is not 0
	return m &^ ((nz >> 8) * row9)
}

// singles2 is singles on two bands at once, the halves of m.
func singles2(m uint64) uint64 {
	const lows, low8s, highs = (1 | 1<<9 | 1<<18) * (1 + 1<<32), 0o377377377 * (1 + 1<<32), 0o400400400 * (1 + 1<<32)
	more := m & (m - lows)
	nz := ((more & low8s) + low8s | more) & highs
	return m &^ ((nz >> 8) * row9)
}

// take places digit d in the cells s01 (bands 0 and 1, the halves of a
// 64-bit word) and s2 of band 2, taking them from the other digits, and
// returns the digits that lost a candidate (which it marks stale for the
// triad rule). It is written out per digit, without a branch (which digits
// have a candidate in s is not predictable) and without a loop, so that
// each digit's bit is a constant shift.
func (p *pos) take(d int, s01 uint64, s2 uint32) (dirty uint32) {
	s0, s1 := uint32(s01), uint32(s01>>32)
	p.solved[0] |= s0
	p.solved[1] |= s1
	p.solved[2] |= s2
	f := &p.f
	dirty = lose(&f[0], s01, s2) | lose(&f[1], s01, s2)<<1 | lose(&f[2], s01, s2)<<2 |
		lose(&f[3], s01, s2)<<3 | lose(&f[4], s01, s2)<<4 | lose(&f[5], s01, s2)<<5 |
		lose(&f[6], s01, s2)<<6 | lose(&f[7], s01, s2)<<7 | lose(&f[8], s01, s2)<<8
	fd := &f[d]
	fd[0] |= s0
	fd[1] |= s1
	fd[2] |= s2
	dirty &^= 1 << d
	p.stale |= dirty
	return dirty
}

// lose takes the cells s01 (bands 0 and 1, the halves of a 64-bit word)
// and s2 from a digit's bands fe, and returns 1 if it had a candidate
// there, else 0. Bands 0 and 1 go through as one 64-bit word, which the
// compiler loads and stores in one instruction each.
func lose(fe *[3]uint32, s01 uint64, s2 uint32) uint32 {
	m := uint64(fe[0]) | uint64(fe[1])<<32
	x := m & s01
	m ^= x
	fe[0], fe[1] = uint32(m), uint32(m>>32)
	x2 := fe[2] & s2
	fe[2] ^= x2
	return uint32(((x | uint64(x2)) + (1<<63 - 1)) >> 63) // below 1<<63: the carry says it is not 0
}

// nakedSingles places every cell with one candidate left, removing its
// digit from the cell's peers. It returns the digits that lost candidates,
// and false if a cell has none.
func (p *pos) nakedSingles() (dirty uint32, ok bool) {
	f := &p.f
	// The cells with one candidate or more (once) and two or more (twice):
	// bands 0 and 1 as the halves of one 64-bit word (one load a digit),
	// band 2 alone. Singles placed in one band that make others in a later
	// band are left to the next call.
	once := uint64(f[0][0]) | uint64(f[0][1])<<32
	x := uint64(f[1][0]) | uint64(f[1][1])<<32
	twice := once & x
	once |= x
	x = uint64(f[2][0]) | uint64(f[2][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[3][0]) | uint64(f[3][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[4][0]) | uint64(f[4][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[5][0]) | uint64(f[5][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[6][0]) | uint64(f[6][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[7][0]) | uint64(f[7][1])<<32
	twice |= once & x
	once |= x
	x = uint64(f[8][0]) | uint64(f[8][1])<<32
	twice |= once & x
	once |= x
	once2, twice2 := f[0][2], uint32(0)
	twice2 |= once2 & f[1][2]
	once2 |= f[1][2]
	twice2 |= once2 & f[2][2]
	once2 |= f[2][2]
	twice2 |= once2 & f[3][2]
	once2 |= f[3][2]
	twice2 |= once2 & f[4][2]
	once2 |= f[4][2]
	twice2 |= once2 & f[5][2]
	once2 |= f[5][2]
	twice2 |= once2 & f[6][2]
	once2 |= f[6][2]
	twice2 |= once2 & f[7][2]
	once2 |= f[7][2]
	twice2 |= once2 & f[8][2]
	once2 |= f[8][2]
	if once != band27|band27<<32 || once2 != band27 {
		return 0, false // a cell has no candidate
	}
	ones := [3]uint32{uint32(once &^ twice), uint32((once &^ twice) >> 32), once2 &^ twice2}
	for b := 0; b < 3; b++ {
		for single := ones[b] &^ p.solved[b]; single != 0; single &= single - 1 {
			// The digit left in the cell, found without a branch per digit.
			i := uint(bits.TrailingZeros32(single))
			has := f[0][b]>>i&1 | f[1][b]>>i&1<<1 | f[2][b]>>i&1<<2 |
				f[3][b]>>i&1<<3 | f[4][b]>>i&1<<4 | f[5][b]>>i&1<<5 |
				f[6][b]>>i&1<<6 | f[7][b]>>i&1<<7 | f[8][b]>>i&1<<8
			if has == 0 {
				return 0, false // an earlier single took the cell's last candidate
			}
			d := bits.TrailingZeros32(has)
			pm := &peers[(27*b+int(i))%81]
			fd := &f[d]
			fd[0] &^= pm[0]
			fd[1] &^= pm[1]
			fd[2] &^= pm[2]
			p.solved[b] |= 1 << i
			dirty |= 1 << d
		}
	}
	return dirty, true
}

// The halves of a triad word (see the top of the file).
const (
	triadsH   = 1<<27 - 1
	triadsV   = (1<<27 - 1) << 32
	triadsAll = triadsH | triadsV
)

// across returns, for each triad of w, whether w has one of the two others
// in the same box (horizontal) or column (vertical): a rotation by 9 bits
// within each half.
func across(w uint64) uint64 {
	const (
		lo18 = 0o777777 | 0o777777<<32
		hi9  = 0o777<<18 | 0o777<<50
		lo9  = 0o777 | 0o777<<32
		hi18 = 0o777777<<9 | 0o777777<<41
	)
	return w>>9&lo18 | w<<18&hi9 | w>>18&lo9 | w<<9&hi18
}

// along returns, for each triad of w, whether w has one of the two others
// in the same row (horizontal: a rotation by 3 bits within 9) or box
// (vertical: a rotation by 1 bit within 3).
func along(w uint64) uint64 {
	return w>>3&0o077077077 | w<<6&0o700700700 | w>>6&0o007007007 | w<<3&0o770770770 |
		w>>1&(0o333333333<<32) | w<<2&(0o444444444<<32) | w>>2&(0o111111111<<32) | w<<1&(0o666666666<<32)
}

// triads applies the rule that the three cells of a triad hold three
// different digits. A digit is sure to be in a triad when it is the only
// triad of the digit in one of its two units (row and box, or column and
// box). No triad may have fewer than three candidate digits or more than
// three sure ones; three sure digits exclude the others; and a triad with
// exactly three candidate digits makes each of them sure, so they leave the
// other triads of its two units. It stores the digits' triad words in
// p.ws and the counts in t, and returns the digits that lost candidates,
// and false on a contradiction. Every digit must be at the fixpoint of its rules, as
// propagate leaves them: the sure triads are found on that assumption.
func (p *pos) triads(t *triadCounts) (dirty uint32, ok bool) {
	// The triad words of the digits changed since the last call.
	for m := p.stale; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(m)
		// Bands 0 and 1 go through as the halves of one 64-bit word.
		m0, m1, m2 := p.f[d][0], p.f[d][1], p.f[d][2]
		m01 := uint64(m0) | uint64(m1)<<32
		h01 := (m01 | m01>>1 | m01>>2) & (fieldLows | fieldLows<<32)
		v01 := (m01 | m01>>9 | m01>>18) & (row9 | row9<<32)
		h := uint32(h01|h01>>31) | (m2|m2>>1|m2>>2)&fieldLows<<2
		v := uint32(v01|v01>>23) | (m2|m2>>9|m2>>18)&row9<<18
		w := uint64(h) | uint64(v)<<32
		// The sure triads: those alone in their box (horizontal) or
		// column (vertical). The rules of each digit have run to their
		// fixpoint, so a triad alone in its row is alone in its box too
		// and the other way round (no configuration leaves the box or
		// row another triad), and a vertical triad alone in its box is
		// alone in its column and the other way round (pointing and
		// claiming): one rotation finds them, not two.
		p.ws[d], p.su[d] = w, w&^across(w)
	}
	p.stale = 0
	var n1, n2, n4, n8 uint64 // the binary digits of each triad's number of candidate digits
	for d := range p.ws {
		w := p.ws[d] // by index: a range over the array's values would copy it
		c1 := n1 & w
		n1 ^= w
		c2 := n2 & c1
		n2 ^= c1
		n8 |= n4 & c2
		n4 ^= c2
	}
	// The sure digits counted apart: in the loop above their counters
	// would not fit in the registers beside the others.
	var s1, s2, s3 uint64 // triads with at least 1, 2, 3 sure digits
	for d := range p.su {
		s := p.su[d]
		if s3&s != 0 {
			return 0, false // a fourth digit sure to be in a triad
		}
		s3 |= s2 & s
		s2 |= s1 & s
		s1 |= s
	}
	t.n1, t.n2, t.n4, t.n8 = n1, n2, n4, n8
	if n8|n4|n2&n1 != triadsAll {
		return 0, false // a triad with fewer than three candidate digits
	}
	more := n8 | n4                  // four or more candidate digits
	three := triadsAll &^ more &^ s3 // three candidate digits, not yet all sure
	full := s3 & more                // three sure digits, and others
	if three|full == 0 {
		return 0, true
	}
	for d := range p.f {
		w, s := p.ws[d], p.su[d]
		rm := full &^ s
		if x := w & three &^ s; x != 0 {
			rm |= across(x) | along(x)
		}
		if rm &= w; rm != 0 {
			h, v := uint32(rm), uint32(rm>>32)
			p.f[d][0] &^= (h&fieldLows)*7 | spread(v&row9)
			p.f[d][1] &^= (h>>1&fieldLows)*7 | spread(v>>9&row9)
			p.f[d][2] &^= (h>>2&fieldLows)*7 | spread(v>>18&row9)
			dirty |= 1 << d
		}
	}
	return dirty, true
}

// guess is a configuration guess: a digit, a band (3 to 5 for stack 0 to
// 2), and the configurations the digit may take there.
type guess struct {
	band, digit int
	configs     uint8
}

// triadCounts is what the triad rule learns beside the triad words: the
// number of candidate digits of each triad, in binary (n1 + 2*n2 +
// 4*n4 + 8*n8, bit-sliced over the triad word's layout).
type triadCounts struct {
	n1, n2, n4, n8 uint64
}

// The triads of band b are triadsH&fieldLows<<b; those of stack x,
// stackMask<<3*x.
const stackMask = 0o007007007 << 32

// chooseGuess returns the guess to make at a fixpoint: in the band or stack
// whose digits have the fewest triads in all (more than three each: more
// than 27), the digit with the fewest configurations (but two or more),
// and of those the one with the most triads in the whole grid, the least
// settled. Both choices are minima of keys without a branch: which band
// and digit win is not predictable. Ties left are broken by scramble(i,
// rot), which favours no band, stack or digit, so that the search does not
// depend on which way up the puzzle is or how its digits are named.
func (p *pos) chooseGuess(t *triadCounts, rot uint) guess {
	total := func(m uint64) uint {
		return uint(bits.OnesCount64(t.n1&m) + 2*bits.OnesCount64(t.n2&m) + 4*bits.OnesCount64(t.n4&m) + 8*bits.OnesCount64(t.n8&m))
	}
	// Keys are count<<16 | scramble(index)<<8 | index. A total of 27
	// (every digit settled) sorts last: (n-28)>>63 is 1 then. The
	// scrambles are sums of products: (i+rot)*K is rot*K + i*K.
	const last = guessLast
	rk := uint64(rot) * scrambleK
	key := func(n, i uint) uint {
		return n<<16 | uint((rk+uint64(i)*scrambleK)>>56)<<8 | i | (n-28)>>63*last
	}
	best := least(least(least(key(total(fieldLows), 0), key(total(fieldLows<<1), 1)),
		least(key(total(fieldLows<<2), 2), key(total(stackMask), 3))),
		least(key(total(stackMask<<3), 4), key(total(stackMask<<6), 5)))
	if best >= last {
		return guess{} // unreachable: an open grid at a fixpoint has a band or stack to guess in
	}
	k := best & 15
	mask := regionTriads[k%6] // table look-ups, not branches: band or stack is not predictable
	bestD := uint(last)
	for d := range p.ws {
		w := p.ws[d]
		ck := uint(configKey[bits.OnesCount64(w&mask)&15])
		open := 63 - uint(bits.OnesCount64(w)) // fewer for more triads
		bestD = least(bestD, ck|open<<16|uint(rk>>56)<<8|uint(d))
		rk += scrambleK
	}
	g := guess{band: int(k), digit: int(bestD & 15)}
	// The digit's triads there as the index of validConfigs, bit 3*row +
	// box of a band, or 3*band + column within the stack of a stack (the
	// layout of a band with bands for rows and columns for boxes, which
	// has the same configurations): the triads masked at bits 9*i + 3*j
	// (band) or 9*i + j (stack), folded to 9*i + j, then to 3*i + j.
	ri := &regionIndex[k%6]
	y := uint32(p.ws[g.digit%9]>>ri.shift) & ri.mask
	z := (y | (y>>2|y>>4)&ri.fold) & 0o007007007
	g.configs = validConfigs[(z|z>>6|z>>12)&row9]
	return g
}

// least returns the smaller of a and b, keys below 1<<62, without a
// branch: the compiler makes min a compare and jump, which is mispredicted
// about every other time on keys that are as likely to be either.
func least(a, b uint) uint {
	d := a - b
	return b + d&uint(int(d)>>63) // a-b is negative exactly when a < b
}

// nextConfig returns the configuration of the set left (bits 0-5) to try
// next: the one rot scrambles first.
func nextConfig(left uint8, rot uint) int {
	best := uint(1 << 12)
	for m := uint(left); m != 0; m &= m - 1 {
		k := uint(bits.TrailingZeros(m))
		best = least(best, scramble(k, rot)<<4|k)
	}
	return int(best & 15)
}

// scramble returns a number from 0 to 255 for i, which orders small
// numbers i differently for each rot: each of them is as likely as any
// other to come first. The guess breaks ties with it.
func scramble(i, rot uint) uint {
	return uint((uint64(i) + uint64(rot)) * scrambleK >> 56)
}

const scrambleK = 0x9e3779b97f4a7c15

// guessLast, added to a key of chooseGuess, sorts it after every other.
const guessLast = 1 << 30

// restrict keeps, of digit d's candidates, configuration k of band b (or
// of stack b-3): three masks, without a branch (band or stack is not
// predictable).
func (p *pos) restrict(b, d, k int) {
	rc := &regionCells[b%6][k%6]
	p.f[d][0] &= rc[0]
	p.f[d][1] &= rc[1]
	p.f[d][2] &= rc[2]
}

// rotation returns the solver's tie-breaker for the grid p was just set
// to (see Solver.rot): a hash of where the givens are and of where three
// digits can go.
func (p *pos) rotation() uint {
	h := uint64(p.solved[0])*0x9e3779b97f4a7c15 ^ uint64(p.solved[1])*0xc2b2ae3d27d4eb4f ^ uint64(p.solved[2])*0x165667b19e3779f9 ^
		uint64(p.f[0][0])*0xd6e8feb86659fd93 ^ uint64(p.f[4][1])*0xa0761d6478bd642f ^ uint64(p.f[8][2])*0xe7037ed1a0b428db
	return uint(h >> 40)
}

// relabel renumbers the digits, those with the most givens first (ties
// in their order), and sets out[d] to the digit of the puzzle (1 to 9)
// that d stands for. The rules run on the lowest digit first: in this
// order they settle the grid in fewer steps, whatever the puzzle calls its
// digits (on 17-clue puzzles with their digits relabelled at random,
// running the rules in the puzzle's order took 14% more instructions, and
// the fewest givens first 41% more).
func (p *pos) relabel(givens *[9]uint8, out *[9]uint8) {
	// A set of keys givens<<4 | 8-d (givens is at most 9), read from the
	// top: a counting sort, without a branch per comparison.
	var set [3]uint64
	for d, n := range givens {
		k := uint(n)<<4 | uint(8-d)
		set[k>>6%3] |= 1 << (k & 63)
	}
	f := p.f
	r := 0
	for w := 2; w >= 0; w-- {
		for m := set[w]; m != 0 && r < 9; r++ {
			k := 63 - bits.LeadingZeros64(m)
			m &^= 1 << k
			d := uint(8 - k&15) // bounds checks cost less than a modulo
			p.f[r] = f[d]
			out[r] = uint8(d + 1)
		}
	}
}

// fill writes the solved digits into g: digit d as out[d].
func (p *pos) fill(g *sudoku.Grid, out *[9]uint8) {
	for d := range p.f {
		for b := 0; b < 3; b++ {
			for m := p.f[d][b]; m != 0; m &= m - 1 {
				g[27*b+bits.TrailingZeros32(m)] = out[d]
			}
		}
	}
}
