// Package solver is a fast exact Sudoku solver: it solves, counts and
// enumerates solutions, with no recursion and no allocation.
//
// Candidates are kept per digit as three 27-bit bands (three rows of nine
// cells each). Propagation to a fixpoint applies, per digit: the band rule
// (each row and each box of a band holds the digit once, so a row/box
// crossing, a triad, is possible only if it belongs to one of the six ways
// to assign the band's rows to its boxes), box-column pointing and claiming
// across bands, and hidden singles in rows, columns and boxes; then naked
// singles per cell. When that stalls, the triad rule across digits (the
// three cells of a row, or of a column, within a box hold three different
// digits) is applied. When that stalls too, the solver guesses on an
// explicit stack: in the band or stack whose digits have the fewest
// configurations left, the digit with the fewest, trying each of its
// configurations in turn; once every configuration is settled, it guesses
// a digit in a cell with two candidates (or the fewest), and undoes a
// failed cell guess by removing that digit.
package solver

import (
	"context"
	"math/bits"
	"sync"

	"github.com/godoku/sudoku"
)

const (
	band27    = 1<<27 - 1
	row9      = 1<<9 - 1
	fieldLows = 0o111111111 // the lowest bit of each 3-bit field of 27
)

// Tables built once.
var (
	rowTriads [512]uint8  // row bits -> which of its three box parts are non-empty
	shrink    [512]uint32 // triad occupancy of a band -> 27-bit mask of usable cells, 0 if none
	colMask   [9]uint32   // column j in a band
	boxMask   [3]uint32   // box x of a band
	// peers[c][b] is the mask of c's peers in band b, c excluded.
	peers [81][3]uint32
	// pointCols[cols] is, for the 9-bit set of columns where a digit has
	// candidates in a band, the columns that some box confines it to.
	pointCols [512]uint16
	// claimCols[only] is, for the 9-bit set of columns whose candidates lie
	// in one band, the other columns of their boxes, which lose the digit
	// in that band.
	claimCols [512]uint16
	// A digit takes one triad (a row's part in a box) in each row and each
	// box of a band: one of six configurations. configCells[k] masks the
	// cells of configuration k, and validConfigs[t] says which
	// configurations a band's triad occupancy t (as shrink takes it)
	// still allows.
	configCells  [6]uint32
	validConfigs [512]uint8
	configCount  [512]uint8 // the number of configurations in validConfigs
	// stackCells[x][k][b] masks what configuration k of stack x leaves of
	// band b: one column of the stack, and the other stacks whole.
	stackCells [3][6][3]uint32
	// For a 9-bit set of triads of a band (bit 3*row + box):
	// sureTriads[t] are those a digit with candidates in t must occupy,
	// being the only one of their row or box in t; triadCells[t] are
	// their cells; and exclusive[t] are the triads sharing a row or box
	// with one of them, which a digit sure to be in t cannot occupy.
	sureTriads [512]uint16
	triadCells [512]uint32
	exclusive  [512]uint16
	// lone[r] are the cells of the 9-bit row r that are alone in their
	// triad.
	lone [512]uint16
)

// spread returns the 27-bit band mask of the 9-bit column set c.
func spread(c uint32) uint32 { return c | c<<9 | c<<18 }

func init() {
	for m := 0; m < 512; m++ {
		for x := 0; x < 3; x++ {
			if m>>(3*x)&7 != 0 {
				rowTriads[m] |= 1 << x
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for t := 0; t < 512; t++ {
		var allowed uint32
		for _, p := range perms {
			ok := true
			for r := 0; r < 3; r++ {
				if t>>(3*r+p[r])&1 == 0 {
					ok = false
				}
			}
			if ok {
				for r := 0; r < 3; r++ {
					allowed |= 7 << (9*r + 3*p[r])
				}
			}
		}
		shrink[t] = allowed
		for k, p := range perms {
			if t>>p[0]&1 != 0 && t>>(3+p[1])&1 != 0 && t>>(6+p[2])&1 != 0 {
				validConfigs[t] |= 1 << k
			}
		}
		configCount[t] = uint8(bits.OnesCount8(validConfigs[t]))
	}
	for k, p := range perms {
		for r := 0; r < 3; r++ {
			configCells[k] |= 7 << (9*r + 3*p[r])
			for x := 0; x < 3; x++ {
				stackCells[x][k][r] = band27&^spread(7<<(3*x)) | spread(1<<(3*x+p[r]))
			}
		}
	}
	for t := 0; t < 512; t++ {
		for i := 0; i < 9; i++ {
			if t>>i&1 == 0 {
				continue
			}
			r, x := i/3, i%3
			row, box := 7<<(3*r), 0111<<x // the triads of i's row and of i's box
			if t&row == 1<<i || t&box == 1<<i {
				sureTriads[t] |= 1 << i
			}
			triadCells[t] |= 7 << (9*r + 3*x)
			exclusive[t] |= uint16((row | box) &^ (1 << i))
		}
	}
	for j := 0; j < 9; j++ {
		colMask[j] = 1<<j | 1<<(9+j) | 1<<(18+j)
	}
	for x := 0; x < 3; x++ {
		boxMask[x] = (7 | 7<<9 | 7<<18) << (3 * x)
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
		for x := 0; x < 3; x++ {
			if c3 := m >> (3 * x) & 7; c3 != 0 && c3&(c3-1) == 0 {
				lone[m] |= uint16(c3 << (3 * x))
			}
		}
	}
	for c := 0; c < 81; c++ {
		b, r, j := c/27, c/9%3, c%9
		for bb := 0; bb < 3; bb++ {
			peers[c][bb] = colMask[j]
		}
		peers[c][b] |= row9<<(9*r) | boxMask[j/3]
		peers[c][b] &^= 1 << (c % 27)
	}
}

// pos is a search state: candidates per digit and band, and the solved
// cells per band.
type pos struct {
	f      [9][3]uint32
	solved [3]uint32
	// seen[d] is f[d] as the per-digit rules last left it: while f[d] is
	// unchanged, applying them again would do nothing.
	seen [9][3]uint32
}

// frame is a saved state and the guess made from it.
type frame struct {
	p     pos
	cell  uint8 // the cell guessed, or noCell for a configuration guess
	digit uint8
	band  uint8 // for a configuration guess: the band (3 to 5: the stack),
	left  uint8 // and the configurations still to try
}

// noCell marks a frame that guesses a digit's configuration in a band or
// a stack.
const noCell = 255

// Solver solves puzzles. The zero value is ready to use. A Solver is not
// safe for concurrent use; reusing one makes solving allocation-free.
type Solver struct {
	stack   [81]frame
	sol     sudoku.Grid // the solution handed to yield, kept here so it need not escape
	next    bandGuess   // the guess triads chose
	guesses int
}

// Guesses returns the number of guesses made by the last call.
func (s *Solver) Guesses() int { return s.guesses }

// Solve returns the first solution of g, and false if it has none.
func (s *Solver) Solve(g *sudoku.Grid) (sudoku.Grid, bool) {
	var sol sudoku.Grid
	n, _ := s.search(context.Background(), g, 1, &sol, nil)
	return sol, n == 1
}

// Count returns the number of solutions of g, stopping at limit: Count(g, 2)
// is 1 exactly when g has a unique solution. A limit of 0 or less means no
// limit, which on an open grid runs for ever; use CountContext for that.
func (s *Solver) Count(g *sudoku.Grid, limit int) int {
	n, _ := s.search(context.Background(), g, limit, nil, nil)
	return n
}

// SolveContext is Solve that stops when ctx is done, returning ctx.Err().
func (s *Solver) SolveContext(ctx context.Context, g *sudoku.Grid) (sudoku.Grid, bool, error) {
	var sol sudoku.Grid
	n, err := s.search(ctx, g, 1, &sol, nil)
	return sol, n == 1 && err == nil, err
}

// CountContext is Count that stops when ctx is done, returning the number
// of solutions found so far and ctx.Err().
func (s *Solver) CountContext(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	return s.search(ctx, g, limit, nil, nil)
}

// Enumerate calls yield with each solution of g, up to limit (0 or less: no
// limit), until yield returns false or ctx is done. It returns the number
// of solutions passed to yield, and ctx.Err() if ctx stopped it. The grid
// yield gets is valid only during the call.
func (s *Solver) Enumerate(ctx context.Context, g *sudoku.Grid, limit int, yield func(*sudoku.Grid) bool) (int, error) {
	return s.search(ctx, g, limit, nil, yield)
}

// pool holds Solvers for the package-level functions: a Solver is too big
// to make for every call.
var pool = sync.Pool{New: func() any { return new(Solver) }}

// Solve returns the first solution of g, and false if it has none. It is
// safe for concurrent use.
func Solve(g *sudoku.Grid) (sudoku.Grid, bool) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Solve(g)
}

// Count returns the number of solutions of g, stopping at limit (see
// Solver.Count). It is safe for concurrent use.
func Count(g *sudoku.Grid, limit int) int {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Count(g, limit)
}

// checkEvery is how many guesses pass between looks at the context: rare
// enough to cost nothing, often enough to stop within microseconds.
const checkEvery = 64

func (s *Solver) search(ctx context.Context, g *sudoku.Grid, limit int, first *sudoku.Grid, yield func(*sudoku.Grid) bool) (int, error) {
	s.guesses = 0
	done := ctx.Done() // nil for a context that is never done
	p := &s.stack[0].p
	for d := range p.f {
		p.f[d] = [3]uint32{band27, band27, band27}
	}
	p.solved = [3]uint32{}
	p.seen = [9][3]uint32{}
	for c, v := range g {
		if v == 0 {
			continue
		}
		if v > 9 || p.f[v-1][c/27]&(1<<(c%27)) == 0 {
			return 0, nil // not a digit, or a clash with an earlier given
		}
		p.assign(c, int(v-1))
	}
	n, depth := 0, 0
	ok := p.propagate()
	for {
		if ok {
			if p.solved[0]&p.solved[1]&p.solved[2] == band27 {
				n++
				if first != nil || yield != nil {
					p.fill(&s.sol)
					if first != nil && n == 1 {
						*first = s.sol
					}
					if yield != nil && !yield(&s.sol) {
						return n, nil
					}
				}
				if limit > 0 && n >= limit {
					return n, nil
				}
			} else if changed, tok := p.triads(&s.next); !tok || changed {
				ok = tok && p.propagate()
				continue
			} else {
				s.guesses++
				if done != nil && s.guesses%checkEvery == 0 {
					select {
					case <-done:
						return n, ctx.Err()
					default:
					}
				}
				f := &s.stack[depth]
				// The band or stack the digits have the fewest
				// configurations in all, and there the digit with the
				// fewest (but two or more).
				if b, d, configs := s.next.band, s.next.digit, s.next.configs; configs != 0 {
					k := bits.TrailingZeros8(configs)
					f.cell, f.band, f.digit, f.left = noCell, uint8(b), uint8(d), configs&^(1<<k)
					depth++
					s.stack[depth].p = f.p
					p = &s.stack[depth].p
					p.restrict(b, d, k)
				} else {
					c, d := p.pickGuess()
					f.cell, f.digit = uint8(c), uint8(d)
					depth++
					s.stack[depth].p = f.p
					p = &s.stack[depth].p
					p.assign(c, d)
				}
				ok = p.propagate()
				continue
			}
		}
		// Undo the last guess: its branch failed or is exhausted. A
		// configuration guess goes on with the next configuration; a cell
		// guess removes the digit it tried, which propagation turns into
		// progress.
		if depth == 0 {
			return n, nil
		}
		depth--
		f := &s.stack[depth]
		if f.cell == noCell {
			k := bits.TrailingZeros8(f.left)
			f.left &^= 1 << k
			if f.left != 0 { // keep the saved state for the rest
				s.guesses++
				depth++
				s.stack[depth].p = f.p
				p = &s.stack[depth].p
			} else {
				p = &f.p
			}
			p.restrict(int(f.band), int(f.digit), k)
		} else {
			p = &f.p
			c := int(f.cell)
			p.f[f.digit][c/27] &^= 1 << (c % 27)
		}
		ok = p.propagate()
	}
}

// assign places digit d in cell c.
func (p *pos) assign(c, d int) {
	b, bit := uint(c)/27, ^(uint32(1) << (uint(c) % 27))
	// Written out per digit, with every index a constant after the
	// band's: this is the solver's most frequent write.
	f := &p.f
	switch b {
	case 0:
		f[0][0] &= bit
		f[1][0] &= bit
		f[2][0] &= bit
		f[3][0] &= bit
		f[4][0] &= bit
		f[5][0] &= bit
		f[6][0] &= bit
		f[7][0] &= bit
		f[8][0] &= bit
	case 1:
		f[0][1] &= bit
		f[1][1] &= bit
		f[2][1] &= bit
		f[3][1] &= bit
		f[4][1] &= bit
		f[5][1] &= bit
		f[6][1] &= bit
		f[7][1] &= bit
		f[8][1] &= bit
	default:
		f[0][2] &= bit
		f[1][2] &= bit
		f[2][2] &= bit
		f[3][2] &= bit
		f[4][2] &= bit
		f[5][2] &= bit
		f[6][2] &= bit
		f[7][2] &= bit
		f[8][2] &= bit
	}
	pm := &peers[uint(c)%81]
	fd := &p.f[uint(d)%9]
	fd[0] &^= pm[0]
	fd[1] &^= pm[1]
	fd[2] &^= pm[2]
	fd[b%3] |= ^bit
	p.solved[b%3] |= ^bit
}

// propagate applies the rules in the package comment until nothing
// changes. It reports false if the state has no solution.
func (p *pos) propagate() bool {
	for {
		progress := false
		for d := range p.f {
			for p.f[d] != p.seen[d] {
				p.seen[d] = p.f[d]
				if !p.digit(d) {
					return false
				}
				progress = true
			}
		}
		ok, placed := p.nakedSingles()
		if !ok {
			return false
		}
		if !placed && !progress {
			return true
		}
	}
}

// digit applies the per-digit rules to digit d and places its hidden
// singles. It reports false on a contradiction; an empty row, box or column
// it leaves is found by the next round.
func (p *pos) digit(d int) bool {
	f := &p.f[d]
	var cols [3]uint32 // columns with candidates, per band
	for b := 0; b < 3; b++ {
		m := f[b]
		t := uint32(rowTriads[m&row9]) | uint32(rowTriads[m>>9&row9])<<3 | uint32(rowTriads[m>>18&row9])<<6
		m &= shrink[t&row9]
		if m == 0 {
			return false
		}
		f[b] = m
		cols[b] = (m | m>>9 | m>>18) & row9
	}
	// Pointing: a box whose candidates lie in one column takes that column
	// from the other bands.
	p0, p1, p2 := spread(uint32(pointCols[cols[0]&row9])), spread(uint32(pointCols[cols[1]&row9])), spread(uint32(pointCols[cols[2]&row9]))
	f[0] &^= p1 | p2
	f[1] &^= p0 | p2
	f[2] &^= p0 | p1
	// Claiming: a column whose candidates lie in one band confines the
	// digit to that column within its box.
	once := cols[0] | cols[1] | cols[2]
	if once != row9 {
		return false // a column has no place for d
	}
	twice := cols[0]&cols[1] | cols[2]&(cols[0]|cols[1])
	f[0] &^= spread(uint32(claimCols[cols[0]&^twice&row9]))
	f[1] &^= spread(uint32(claimCols[cols[1]&^twice&row9]))
	f[2] &^= spread(uint32(claimCols[cols[2]&^twice&row9]))
	// Hidden singles: the one place left in a row or box. A column needs
	// no rule of its own: with one place left, its candidates lie in one
	// band, claiming has just cleared the rest of their box, and the box
	// has one place left.
	for b := 0; b < 3; b++ {
		m := f[b]
		// A row or box with one cell left has one triad left, alone in
		// it, and one cell there.
		t := uint32(rowTriads[m&row9]) | uint32(rowTriads[m>>9&row9])<<3 | uint32(rowTriads[m>>18&row9])<<6
		h := (uint32(lone[m&row9]) | uint32(lone[m>>9&row9])<<9 | uint32(lone[m>>18&row9])<<18) & triadCells[sureTriads[t]&row9]
		h &^= p.solved[b]
		for ; h != 0; h &= h - 1 {
			bit := h & -h
			if f[b]&bit == 0 {
				return false // an earlier single in this band took its place
			}
			p.assign(27*b+bits.TrailingZeros32(h), d)
		}
	}
	return true
}

// nakedSingles places every cell with one candidate left. It reports false
// if a cell has none, and whether it placed anything.
func (p *pos) nakedSingles() (ok, placed bool) {
	f := &p.f
	for b := 0; b < 3; b++ {
		once, twice := f[0][b], uint32(0)
		twice |= once & f[1][b]
		once |= f[1][b]
		twice |= once & f[2][b]
		once |= f[2][b]
		twice |= once & f[3][b]
		once |= f[3][b]
		twice |= once & f[4][b]
		once |= f[4][b]
		twice |= once & f[5][b]
		once |= f[5][b]
		twice |= once & f[6][b]
		once |= f[6][b]
		twice |= once & f[7][b]
		once |= f[7][b]
		twice |= once & f[8][b]
		once |= f[8][b]
		if once != band27 {
			return false, placed // a cell has no candidate
		}
		for single := once &^ twice &^ p.solved[b]; single != 0; single &= single - 1 {
			bit := single & -single
			c := 27*b + bits.TrailingZeros32(single)
			for d := range p.f {
				if p.f[d][b]&bit != 0 {
					p.assign(c, d)
					break
				}
			}
			placed = true
		}
	}
	return true, placed
}

// triads applies the rule that the three cells of a row within a box (a
// horizontal triad) or of a column within a box (a vertical triad) hold
// three different digits: no triad may have fewer than three candidate
// digits or more than three digits sure to be in it; three sure digits
// exclude all others; and a triad with exactly three candidate digits
// makes each of them sure, so they leave the triads that share its line or
// its box. A digit's horizontal triads are bits 9*band + 3*row + box of a
// 27-bit word, its vertical ones bits 9*band + column. It reports whether
// it removed any candidate, and ok false on a contradiction; when it
// removed nothing, g is the best configuration guess.
func (p *pos) triads(g *bandGuess) (changed, ok bool) {
	var hs, hsu, vs, vsu [9]uint32
	var hc1, hc2, hc3, hc4, hs1, hs2, hs3 uint32 // triads with at least n candidate (c) or sure (s) digits
	var vc1, vc2, vc3, vc4, vs1, vs2, vs3 uint32
	for d := range p.f {
		m0, m1, m2 := p.f[d][0], p.f[d][1], p.f[d][2]
		t0 := uint32(rowTriads[m0&row9]) | uint32(rowTriads[m0>>9&row9])<<3 | uint32(rowTriads[m0>>18&row9])<<6
		t1 := uint32(rowTriads[m1&row9]) | uint32(rowTriads[m1>>9&row9])<<3 | uint32(rowTriads[m1>>18&row9])<<6
		t2 := uint32(rowTriads[m2&row9]) | uint32(rowTriads[m2>>9&row9])<<3 | uint32(rowTriads[m2>>18&row9])<<6
		h := t0 | t1<<9 | t2<<18
		su := uint32(sureTriads[t0&row9]) | uint32(sureTriads[t1&row9])<<9 | uint32(sureTriads[t2&row9])<<18
		hs[d], hsu[d] = h, su
		hc4 |= hc3 & h
		hc3 |= hc2 & h
		hc2 |= hc1 & h
		hc1 |= h
		if hs3&su != 0 {
			return false, false // a fourth digit sure to be in a triad
		}
		hs3 |= hs2 & su
		hs2 |= hs1 & su
		hs1 |= su

		k0, k1, k2 := (m0|m0>>9|m0>>18)&row9, (m1|m1>>9|m1>>18)&row9, (m2|m2>>9|m2>>18)&row9
		v := k0 | k1<<9 | k2<<18
		// Sure: the only band of its column, or the only column of its box.
		su = k0&^(k1|k2) | (k1&^(k0|k2))<<9 | (k2&^(k0|k1))<<18 |
			uint32(lone[k0]) | uint32(lone[k1])<<9 | uint32(lone[k2])<<18
		vs[d], vsu[d] = v, su
		vc4 |= vc3 & v
		vc3 |= vc2 & v
		vc2 |= vc1 & v
		vc1 |= v
		if vs3&su != 0 {
			return false, false
		}
		vs3 |= vs2 & su
		vs2 |= vs1 & su
		vs1 |= su
	}
	if hc3 != band27 || vc3 != band27 {
		return false, false // a triad with fewer than three candidate digits
	}
	hthree, vthree := hc3&^hc4, vc3&^vc4
	for d := range p.f {
		h, su := hs[d], hsu[d]
		x := h & hthree &^ su
		rm := (hs3&^su | uint32(exclusive[x&row9]) | uint32(exclusive[x>>9&row9])<<9 | uint32(exclusive[x>>18&row9])<<18) & h
		v, vu := vs[d], vsu[d]
		x = v & vthree &^ vu
		cs := (x | x>>9 | x>>18) & row9
		nz := (x | x>>1 | x>>2) & fieldLows
		vm := ((spread(cs)|nz|nz<<1|nz<<2)&^x | vs3&^vu) & v
		if rm|vm != 0 {
			p.f[d][0] &^= triadCells[rm&row9] | spread(vm&row9)
			p.f[d][1] &^= triadCells[rm>>9&row9] | spread(vm>>9&row9)
			p.f[d][2] &^= triadCells[rm>>18] | spread(vm>>18)
			changed = true
		}
	}
	if changed {
		return true, true
	}
	// The guess: in the band or stack whose digits have the fewest
	// configurations in all (more than one each: more than nine), the
	// digit with the fewest (but two or more).
	var totals [6]int
	for d := range p.f {
		h, v := hs[d], vs[d]
		totals[0] += int(configCount[h&row9])
		totals[1] += int(configCount[h>>9&row9])
		totals[2] += int(configCount[h>>18])
		totals[3] += int(configCount[stackTriads(v, 0)])
		totals[4] += int(configCount[stackTriads(v, 1)])
		totals[5] += int(configCount[stackTriads(v, 2)])
	}
	k, best := -1, 1<<30
	for i, t := range totals {
		if t > 9 && t < best {
			k, best = i, t
		}
	}
	*g = bandGuess{}
	if k < 0 {
		return false, true
	}
	bn := 7
	for d := range p.f {
		var c uint8
		if k < 3 {
			c = validConfigs[hs[d]>>(9*k)&row9]
		} else {
			c = validConfigs[stackTriads(vs[d], k-3)]
		}
		if n := bits.OnesCount8(c); n > 1 && n < bn {
			g.band, g.digit, g.configs, bn = k, d, c, n
		}
	}
	return false, true
}

// stackTriads returns, from a digit's vertical triads v, those of stack x
// as bits 3*band + column within the stack: the layout of a band's
// horizontal triads, with bands as rows and columns as boxes, which has
// the same configurations.
func stackTriads(v uint32, x int) uint32 {
	sh := uint(3*x) % 9
	return v>>sh&7 | (v>>(9+sh)&7)<<3 | (v>>(18+sh)&7)<<6
}

// bandGuess is a configuration guess: a band, a digit, and the
// configurations it may take there; configs is 0 when there is none to make.
type bandGuess struct {
	band, digit int // band 3 to 5 is stack 0 to 2
	configs     uint8
}

// restrict keeps, of digit d's candidates, configuration k of band b (or
// of stack b-3).
func (p *pos) restrict(b, d, k int) {
	if b < 3 {
		p.f[d][b] &= configCells[k]
		return
	}
	sc := &stackCells[(b-3)%3][k%6]
	p.f[d][0] &= sc[0]
	p.f[d][1] &= sc[1]
	p.f[d][2] &= sc[2]
}

// pickGuess returns a cell and a digit to guess: a cell with two
// candidates if there is one, else one with the fewest.
func (p *pos) pickGuess() (cell, digit int) {
	bestCell, bestN := -1, 10
	for b := 0; b < 3; b++ {
		var once, twice, thrice uint32
		for d := range p.f {
			m := p.f[d][b]
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		if two := twice &^ thrice &^ p.solved[b]; two != 0 {
			bestCell = 27*b + bits.TrailingZeros32(two)
			break
		}
		for free := once &^ p.solved[b]; free != 0 && bestN > 3; free &= free - 1 {
			c := 27*b + bits.TrailingZeros32(free)
			if n := p.count(c); n < bestN {
				bestCell, bestN = c, n
			}
		}
	}
	b, bit := bestCell/27, uint32(1)<<(bestCell%27)
	for d := range p.f {
		if p.f[d][b]&bit != 0 {
			return bestCell, d
		}
	}
	return bestCell, 0 // unreachable: propagate leaves no empty cell
}

func (p *pos) count(c int) int {
	n, b, bit := 0, c/27, uint32(1)<<(c%27)
	for d := range p.f {
		if p.f[d][b]&bit != 0 {
			n++
		}
	}
	return n
}

// fill writes the solved digits into g.
func (p *pos) fill(g *sudoku.Grid) {
	for d := range p.f {
		for b := 0; b < 3; b++ {
			for m := p.f[d][b]; m != 0; m &= m - 1 {
				g[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
			}
		}
	}
}
