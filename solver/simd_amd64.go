//go:build goexperiment.simd && amd64

package solver

// The SIMD engine (GOEXPERIMENT=simd, amd64 with AVX2): the whole state in
// five 256-bit vectors, every rule a lane-wise operation on all nine
// digits and all three bands at once.
//
// A digit's candidates are three 27-bit words, one per band, laid out as
// in rules.go (bit 9*r + c is row r of the band, column c). A vector holds
// two digits, one per 128-bit half, a band per 32-bit lane; lane 3 of each
// half is always zero, and so is the high half of the fifth vector:
//
//	vector i (i = 0..4), 8 lanes of 32 bits:
//	lane      0        1        2       3  |  4        5        6        7
//	        digit 2i                       |  digit 2i+1 (none when i = 4)
//	        band 0   band 1   band 2   0   |  band 0   band 1   band 2   0
//
//	one lane, 27 bits:            folded to units (bits where the fold lands):
//	row 0    0  1  2 |  3  4  5 |  6  7  8     rows     0, 9, 18
//	row 1    9 10 11 | 12 13 14 | 15 16 17     boxes    0, 3, 6
//	row 2   18 19 20 | 21 22 23 | 24 25 26     columns  0-8 (and across bands)
//
// So a row and a box are shifts and masks within a lane (the same for
// every lane), a column across bands is a rotation of lanes 0-2 within
// each half (VPSHUFD), and a cell across digits is an OR over the five
// vectors and then over the two halves (VPERM2I128).
//
// Propagation repeats one step until it changes nothing. For every digit
// and unit it counts the candidates, saturating at two (bits "at least
// one" and "at least two"), and for every cell the digits the same way.
// A unit or cell with none is a contradiction; a unit with one (hidden
// single) or a cell with one (naked single) places its digit. The step
// then counts the placements the same way (two of a digit in a unit, or
// two digits in a cell, is a contradiction) and takes from the
// candidates every peer of every placement and every other digit of a
// placed cell. When every cell has one digit and none clashes, the grid
// is solved. When the step takes nothing, the band and stack rules of
// rules.go run on every digit (its triads must lie on a permutation; see
// configs): run at every step they cost 11-12% more instructions in all
// (top1465, serg), for the same fixpoint. At the fixpoint of both the
// engine hands the state to the scalar engine's triad rule (pos.triads),
// and what the rule takes starts the step again; at a fixpoint of all
// three, to the scalar engine's guess
// (pos.chooseGuess): a digit's configurations in a band or stack, tried
// one by one on an explicit stack (see searchSIMD). The two engines so
// search the same tree.
//
// Compared with the scalar engine it redoes every digit at every step;
// what it saves is the per-digit loads, branches and table look-ups.

import (
	"context"
	"math/bits"
	"simd/archsimd"

	"github.com/godoku/sudoku"
)

type vec = archsimd.Uint32x8

// haveAVX2 says whether the CPU runs the engine; without AVX2 the scalar
// one is used.
var haveAVX2 = archsimd.X86.AVX2()

// simdState is the SIMD engine's part of a Solver. Everything the engine
// writes lives here rather than in locals: Go zeroes a local array with SSE
// stores, and an SSE instruction after AVX ones costs a state transition
// on many Intel CPUs (see simdPos).
type simdState struct {
	pos simdPos
	// stack[k] is the state the k-th pending guess was made in (its
	// band, digit and configurations left are in Solver.stack[k]).
	stack [81][5]vec
	// lanes is a scalar copy of the state, and sp the same in the scalar
	// engine's layout, for the triad rule, the guess and the solution.
	lanes [5][8]uint32
	sp    pos
	// scalar makes the Solver use the scalar engine (tests and benchmarks
	// compare the two).
	scalar bool
}

// lane masks: validAll is every real (digit, band) lane of vectors 0-3,
// valid4 that of vector 4, which holds one digit.
var (
	validAll = [8]uint32{band27, band27, band27, 0, band27, band27, band27, 0}
	valid4   = [8]uint32{band27, band27, band27, 0, 0, 0, 0, 0}
)

const (
	boxPos0  = 1 | 1<<9 | 1<<18 // the triads of box 0 of a band, at their lowest bits
	boxPos2  = boxPos0 << 6
	boxPos01 = boxPos0 | boxPos0<<3
	boxPos12 = boxPos0<<3 | boxPos2
	rowBits  = 1 | 1<<9 | 1<<18 // where a row's fold lands
	boxBits  = 1 | 1<<3 | 1<<6  // where a box's fold lands
	colBits  = row9             // where a column's fold lands
)

// atLeast12 folds three words into "at least one" and "at least two".
func atLeast12(a, b, c vec) (vec, vec) {
	return a.Or(b).Or(c), a.And(b).Or(a.And(c)).Or(b.And(c))
}

// fold returns, for each lane of x, which rows (at bits 0, 9, 18), boxes
// (bits 0, 3, 6) and columns (bits 0-8) hold at least one bit (o*) and at
// least two (t*). Columns are folded across the three bands, so all band
// lanes of a half hold the same column counts. It also returns what the
// band and stack rules need: which triads hold a bit (at bit 3k of triad
// k), and which columns do within the band (bits 0-8).
func fold(x vec) (or, tr, ob, tb, oc, tc, o3, ocBand vec) {
	l3 := vLows
	// triads: bit 3k of o3 / t3 says triad k has >= 1 / >= 2 candidates.
	o3, t3 := atLeast12(x, x.ShiftRight(k1), x.ShiftRight(k2))
	o3, t3 = o3.And(l3), t3.And(l3)
	// rows: three triads at shifts 0, 3, 6.
	or, tr = atLeast12(o3, o3.ShiftRight(k3), o3.ShiftRight(k6))
	tr = tr.Or(t3).Or(t3.ShiftRight(k3)).Or(t3.ShiftRight(k6))
	// boxes: three triads at shifts 0, 9, 18.
	ob, tb = atLeast12(o3, o3.ShiftRight(k9), o3.ShiftRight(k18))
	tb = tb.Or(t3).Or(t3.ShiftRight(k9)).Or(t3.ShiftRight(k18))
	// columns in the band: three rows at shifts 0, 9, 18.
	cm := vColBits
	ocBand, tc = atLeast12(x, x.ShiftRight(k9), x.ShiftRight(k18))
	ocBand, tc = ocBand.And(cm), tc.And(cm)
	// and across the bands: lanes 0-2 rotated.
	o1, o2 := ocBand.PermuteScalarsGrouped(1, 2, 0, 3), ocBand.PermuteScalarsGrouped(2, 0, 1, 3)
	oc, tcPairs := atLeast12(ocBand, o1, o2)
	tc = tcPairs.Or(tc).Or(tc.PermuteScalarsGrouped(1, 2, 0, 3)).Or(tc.PermuteScalarsGrouped(2, 0, 1, 3))
	rb, bb := vRowBits, vBoxBits
	return or.And(rb), tr.And(rb), ob.And(bb), tb.And(bb), oc, tc, o3, ocBand
}

// foldOnce is fold's "at least one" alone, for the placements.
func foldOnce(x vec) (or, ob, oc vec) {
	o3 := x.Or(x.ShiftRight(k1)).Or(x.ShiftRight(k2)).And(vLows)
	or = o3.Or(o3.ShiftRight(k3)).Or(o3.ShiftRight(k6)).And(vRowBits)
	ob = o3.Or(o3.ShiftRight(k9)).Or(o3.ShiftRight(k18)).And(vBoxBits)
	oc = x.Or(x.ShiftRight(k9)).Or(x.ShiftRight(k18)).And(vColBits)
	oc = oc.Or(oc.PermuteScalarsGrouped(1, 2, 0, 3)).Or(oc.PermuteScalarsGrouped(2, 0, 1, 3))
	return or, ob, oc
}

// configs returns the cells the band and stack rules leave a digit: a
// digit's triads in a band, three rows by three boxes, hold it in one
// triad of each row and of each box, a permutation; a triad is kept if
// it lies on a permutation whose three triads are all occupied: triad
// (r, x) with (r+1, x+1) and (r+2, x+2), or with (r+1, x+2) and
// (r+2, x+1). The same holds for a stack's vertical triads, three bands
// (lanes) by three columns. t3 is the band's triads (bit 9r + 3x), v its
// columns (bits 0-8).
func configs(t3, v vec) vec {
	b27 := vBand
	// rows rotate by 9 bits within 27; boxes by 3 bits within each row.
	r1 := func(x vec) vec { return x.ShiftRight(k9).Or(x.ShiftLeft(k18)).And(b27) }
	r2 := func(x vec) vec { return x.ShiftRight(k18).Or(x.ShiftLeft(k9)).And(b27) }
	box0, box12 := vBoxPos0, vBoxPos12
	box01, box2 := vBoxPos01, vBoxPos2
	b1 := t3.ShiftRight(k3).And(box01).Or(t3.ShiftLeft(k6).And(box2))
	b2 := t3.ShiftRight(k6).And(box0).Or(t3.ShiftLeft(k3).And(box12))
	keep := t3.And(r1(b1).And(r2(b2)).Or(r1(b2).And(r2(b1))))
	keep = keep.Or(keep.ShiftLeft(k1)).Or(keep.ShiftLeft(k2))
	// bands rotate as lanes; columns by 1 bit within each stack.
	c01, c2 := vCol01, vCol2
	c0, c12 := vCol0, vCol12
	v1 := v.ShiftRight(k1).And(c01).Or(v.ShiftLeft(k2).And(c2))
	v2 := v.ShiftRight(k2).And(c0).Or(v.ShiftLeft(k1).And(c12))
	l1 := func(x vec) vec { return x.PermuteScalarsGrouped(1, 2, 0, 3) }
	l2 := func(x vec) vec { return x.PermuteScalarsGrouped(2, 0, 1, 3) }
	vk := v.And(l1(v1).And(l2(v2)).Or(l1(v2).And(l2(v1))))
	vk = vk.Or(vk.ShiftLeft(k9)).Or(vk.ShiftLeft(k18))
	return keep.And(vk)
}

// spread returns the cells of the rows, boxes and columns marked at the
// bits where fold lands them.
func spreadUnits(r, b, c vec) vec {
	r = r.Or(r.ShiftLeft(k1)).Or(r.ShiftLeft(k2))
	r = r.Or(r.ShiftLeft(k3)).Or(r.ShiftLeft(k6))
	b = b.Or(b.ShiftLeft(k1)).Or(b.ShiftLeft(k2))
	b = b.Or(b.ShiftLeft(k9)).Or(b.ShiftLeft(k18))
	c = c.Or(c.ShiftLeft(k9)).Or(c.ShiftLeft(k18))
	return r.Or(b).Or(c)
}

// swapHalves exchanges the two 128-bit halves of x.
func swapHalves(x vec) vec { return x.Select128FromPair(1, 0, x) }

// simdPos is the engine's state, f, a digit pair per vector, and the
// placements of the current step, q.
type simdPos struct {
	f, q [5]vec
	// each digit pair's triads and columns in the band, for configs
	h, v [5]vec
}

// propagate runs the step until it changes nothing. It reports whether
// the state can still be solved and whether it is solved.
func (p *simdPos) propagate() (ok, solved bool) {
	cells := archsimd.LoadUint32x8(&validAll)
	validHi := archsimd.LoadUint32x8(&valid4)
	rb, bb, cb := vRowBits, vBoxBits, vColBits
	// cell counts of the candidates
	o, t := p.f[0], archsimd.BroadcastUint32x8(0)
	for i := 1; i < 5; i++ {
		t = t.Or(o.And(p.f[i]))
		o = o.Or(p.f[i])
	}
	var placed vec // the cells placed at the last step
	for {
		os, ts := swapHalves(o), swapHalves(t)
		t = t.Or(ts).Or(o.And(os))
		o = o.Or(os)
		bad := cells.AndNot(o)
		naked := o.AndNot(t)
		allSingle := t.IsZero()
		// placements, and their cell counts; the triads and columns the
		// band and stack rules read.
		po, pt := archsimd.BroadcastUint32x8(0), archsimd.BroadcastUint32x8(0)
		for i := 0; i < 5; i++ {
			f := p.f[i]
			or, tr, ob, tb, oc, tc, o3, ocBand := fold(f)
			valid := cells
			if i == 4 {
				valid = validHi
			}
			bad = bad.Or(rb.AndNot(or).Or(bb.AndNot(ob)).Or(cb.AndNot(oc)).And(valid))
			hidden := spreadUnits(or.AndNot(tr), ob.AndNot(tb), oc.AndNot(tc))
			q := f.And(hidden.Or(naked))
			p.q[i] = q
			p.h[i], p.v[i] = o3, ocBand
			pt = pt.Or(po.And(q))
			po = po.Or(q)
		}
		if !bad.IsZero() {
			return false, false
		}
		if allSingle {
			// One digit a cell and every digit in every unit: nine cells
			// for nine digits, so each unit holds each digit once.
			return true, true
		}
		ps, pts := swapHalves(po), swapHalves(pt)
		pt = pt.Or(pts).Or(po.And(ps))
		po = po.Or(ps)
		if !pt.IsZero() {
			return false, false // two digits placed in one cell
		}
		// Take the peers of the placements, and the other digits of
		// their cells; count the cells again. (Two placements of a digit
		// in one unit both stay, and leave some other digit no place in
		// the unit.) The same cells as at the last step are the same
		// placements (a placed cell keeps one digit), whose peers are
		// gone already.
		changed := archsimd.BroadcastUint32x8(0)
		newCells := !po.Xor(placed).IsZero()
		placed = po
		o, t = archsimd.BroadcastUint32x8(0), archsimd.BroadcastUint32x8(0)
		for i := 0; i < 5 && newCells; i++ {
			q := p.q[i]
			or, ob, oc := foldOnce(q)
			f := p.f[i]
			nf := f.AndNot(spreadUnits(or, ob, oc).Xor(q)).AndNot(po.AndNot(q))
			changed = changed.Or(nf.Xor(f))
			p.f[i] = nf
			t = t.Or(o.And(nf))
			o = o.Or(nf)
		}
		if !changed.IsZero() {
			continue
		}
		// The singles are at their fixpoint: the band and stack rules,
		// from the triads and columns of the state as it is.
		o, t = archsimd.BroadcastUint32x8(0), archsimd.BroadcastUint32x8(0)
		for i := 0; i < 5; i++ {
			f := p.f[i]
			nf := f.And(configs(p.h[i], p.v[i]))
			changed = changed.Or(nf.Xor(f))
			p.f[i] = nf
			t = t.Or(o.And(nf))
			o = o.Or(nf)
		}
		if changed.IsZero() {
			return true, false
		}
	}
}

// searchSIMD is search on the SIMD engine. It reports false in handled
// when the engine cannot run (marks to keep, no AVX2, or turned off), and
// search goes on with the scalar engine.
//
// The engine runs the step of propagate on vectors; at its fixpoint it
// hands the state to the scalar engine's code for the triad rule and the
// choice of guess (pos.triads, pos.chooseGuess), which run once a node
// and read every digit's triads; and it numbers the digits and breaks
// ties as the scalar engine does. So both make the same guesses, in the
// same order, and find the solutions in the same order.
func (s *Solver) searchSIMD(ctx context.Context, g *sudoku.Grid, limit int, first *sudoku.Grid, yield func(*sudoku.Grid) bool) (n int, handled bool, err error) {
	if s.marks != nil || !haveAVX2 || s.simd.scalar {
		return 0, false, nil
	}
	s.guesses = 0
	done := ctx.Done()
	if done != nil {
		select {
		case <-done:
			return 0, true, ctx.Err()
		default:
		}
	}
	sp := &s.simd.sp
	var givens [9]uint8
	if !sp.init(g, &givens) {
		return 0, true, nil
	}
	sp.relabel(&givens, &s.out)
	s.rot = sp.rotation()
	// Code after the engine's may use SSE instructions, which on many
	// Intel CPUs pay for a transition when the upper halves of the AVX
	// registers are dirty: clear them on the way out (and before scalar
	// code and yield).
	defer archsimd.ClearAVXUpperBits()
	p := &s.simd.pos
	st := &s.simd.lanes
	sp.toLanes(st)
	p.load(st)
	depth := 0
	for {
		ok, solved := p.propagate()
		if ok && solved {
			n++
			if first != nil || yield != nil {
				p.fill(&s.sol, st, &s.out)
				archsimd.ClearAVXUpperBits()
				if first != nil && n == 1 {
					*first = s.sol
				}
				if yield != nil && !yield(&s.sol) {
					return n, true, nil
				}
			}
			if limit > 0 && n >= limit {
				return n, true, nil
			}
		} else if ok {
			// The triad rule, and if it takes nothing, the guess.
			p.store(st)
			archsimd.ClearAVXUpperBits()
			sp.fromLanes(st)
			dirty, tok := sp.triads(&s.tc)
			if tok && dirty != 0 {
				sp.toLanes(st)
				p.load(st)
				continue
			}
			var gs guess
			if tok {
				gs = sp.chooseGuess(&s.tc, s.rot+uint(s.guesses))
			}
			if gs.configs != 0 {
				s.guesses++
				if done != nil && s.guesses%checkEvery == 0 {
					select {
					case <-done:
						return n, true, ctx.Err()
					default:
					}
				}
				// Keep the state in the frame with the configurations
				// left; go on with the first.
				f := &s.stack[depth]
				rot := s.rot + uint(s.guesses)
				k := nextConfig(gs.configs, rot)
				f.band, f.digit, f.left, f.rot = uint8(gs.band), uint8(gs.digit), gs.configs&^(1<<k), uint8(rot)
				s.simd.stack[depth] = p.f
				depth++
				p.restrict(st, sp, gs.band, gs.digit, k)
				continue
			}
		}
		// Undo the last guess, whose branch failed or is exhausted, and
		// go on with its next configuration.
		if depth == 0 {
			return n, true, nil
		}
		depth--
		f := &s.stack[depth]
		k := nextConfig(f.left, uint(f.rot))
		f.left &^= 1 << k
		p.f = s.simd.stack[depth]
		if f.left != 0 {
			s.guesses++
			depth++
		}
		p.restrict(st, sp, int(f.band), int(f.digit), k)
	}
}

// restrict keeps, of digit d's candidates, configuration k of band b (or
// of stack b-3), as pos.restrict does, by way of d's lanes in st and its
// words in sp: only d's vector is stored and loaded again. (sp's other
// digits may be stale; fromLanes sets them all before sp is read.)
func (p *simdPos) restrict(st *[5][8]uint32, sp *pos, b, d, k int) {
	i := d / 2
	p.f[i].Store(&st[i])
	w := st[i][4*(d%2):]
	sp.f[d] = [3]uint32{w[0], w[1], w[2]}
	sp.restrict(b, d, k)
	w[0], w[1], w[2] = sp.f[d][0], sp.f[d][1], sp.f[d][2]
	p.f[i] = archsimd.LoadUint32x8(&st[i])
}

// load sets the state from its scalar copy st.
func (p *simdPos) load(st *[5][8]uint32) {
	for i := range p.f {
		p.f[i] = archsimd.LoadUint32x8(&st[i])
	}
}

// store writes the state to its scalar copy st.
func (p *simdPos) store(st *[5][8]uint32) {
	for i := range p.f {
		p.f[i].Store(&st[i])
	}
}

// toLanes writes the candidates of p in the engine's layout (lanes 3 and
// 7, and the high half of the fifth vector, stay as they are: zero).
func (p *pos) toLanes(st *[5][8]uint32) {
	for d := range p.f {
		w := st[d/2][4*(d%2):]
		w[0], w[1], w[2] = p.f[d][0], p.f[d][1], p.f[d][2]
	}
}

// fromLanes sets the candidates of p from the engine's layout.
func (p *pos) fromLanes(st *[5][8]uint32) {
	for d := range p.f {
		w := st[d/2][4*(d%2):]
		p.f[d] = [3]uint32{w[0], w[1], w[2]}
	}
	p.stale = allDigits
}

// fill writes the solved state's digits into g, by way of st: the
// engine's digit d as out[d].
func (p *simdPos) fill(g *sudoku.Grid, st *[5][8]uint32, out *[9]uint8) {
	p.store(st)
	for i := range st {
		for h := 0; h < 2 && 2*i+h < 9; h++ {
			for b := 0; b < 3; b++ {
				for w := st[i][b+4*h]; w != 0; w &= w - 1 {
					g[27*b+bits.TrailingZeros32(w)] = out[2*i+h]
				}
			}
		}
	}
}

// Constants as vectors: package variables, so that an operation reads its
// operand from memory rather than building it each time.
var (
	k1  = archsimd.BroadcastUint32x8(1)
	k2  = archsimd.BroadcastUint32x8(2)
	k3  = archsimd.BroadcastUint32x8(3)
	k6  = archsimd.BroadcastUint32x8(6)
	k9  = archsimd.BroadcastUint32x8(9)
	k18 = archsimd.BroadcastUint32x8(18)

	vLows     = archsimd.BroadcastUint32x8(fieldLows)
	vRowBits  = archsimd.BroadcastUint32x8(rowBits)
	vBoxBits  = archsimd.BroadcastUint32x8(boxBits)
	vColBits  = archsimd.BroadcastUint32x8(colBits)
	vBand     = archsimd.BroadcastUint32x8(band27)
	vBoxPos0  = archsimd.BroadcastUint32x8(boxPos0)
	vBoxPos2  = archsimd.BroadcastUint32x8(boxPos2)
	vBoxPos01 = archsimd.BroadcastUint32x8(boxPos01)
	vBoxPos12 = archsimd.BroadcastUint32x8(boxPos12)
	vCol01    = archsimd.BroadcastUint32x8(0o333)
	vCol2     = archsimd.BroadcastUint32x8(0o444)
	vCol0     = archsimd.BroadcastUint32x8(0o111)
	vCol12    = archsimd.BroadcastUint32x8(0o666)
)
