package engine

import (
	"context"
	"math/bits"
)

// Problem is a built problem, ready to search. It is read only: any
// number of searches may run on it at once.
type Problem struct {
	n, ncells int
	init      []Mask
	fail      bool
	props     []prop
	// watch[watchAt[c]:watchAt[c+1]] are the propagators woken by cell c.
	watchAt []int32
	watch   []int32
	// peer[peerAt[c]:peerAt[c+1]] are the cells that differ from cell c.
	peerAt []int32
	peer   []int32
	// houses are the sets of n cells that hold every value once.
	houses [][]int32
	// prio is each cell's initial guessing priority.
	prio []uint32
	// peerBits[c*words:(c+1)*words] is the set of c's peers.
	peerBits []uint64
	words    int
	// inSum says which cells are in some sum (see wideGuess).
	inSum []bool
	// blame is what a contradiction adds to each cell's score when it is
	// the culprit (see conflict).
	blame []uint32
	// memoSize is the length of a solver's memo (see sumProp.cageExact).
	memoSize int
}

// Build returns the problem: the rules added, the sums the optimizer
// derives from them, and the tables the search reads.
func (b *Builder) Build() *Problem {
	b.optimize()
	for _, pr := range b.props {
		if pp, ok := pr.(preparer); ok {
			pp.prepare(b)
		}
	}
	props := append([]prop(nil), b.props...)
	for _, s := range b.sums {
		props = append(props, s.lower(b)...)
	}
	p := &Problem{n: b.n, ncells: b.ncells, init: b.init, fail: b.fail, props: props, houses: b.houses}
	for _, pr := range props {
		if sp, ok := pr.(*sumProp); ok && sp.cage {
			sp.memo = p.memoSize + 1
			p.memoSize += len(sp.cells)
		}
	}
	// Watch lists.
	lists := make([][]int32, b.ncells)
	for i, pr := range props {
		for _, c := range pr.watched() {
			lists[c] = append(lists[c], int32(i))
		}
	}
	p.watchAt, p.watch = csr(lists)
	peers := make([][]int32, b.ncells)
	for c := range peers {
		peers[c] = b.peers[c].list()
	}
	p.peerAt, p.peer = csr(peers)
	p.words = (b.ncells + 63) / 64
	p.peerBits = make([]uint64, 0, p.words*b.ncells)
	for c := range b.ncells {
		p.peerBits = append(p.peerBits, b.peers[c]...)
	}
	p.inSum = make([]bool, b.ncells)
	for _, pr := range props {
		if _, ok := pr.(*sumProp); ok {
			for _, c := range pr.watched() {
				p.inSum[c] = true
			}
		}
	}
	p.blame = make([]uint32, b.ncells)
	for c := range p.blame {
		p.blame[c] = culpritWeight
	}
	for _, pr := range props {
		if _, ok := pr.(*renbanProp); ok {
			for _, c := range pr.watched() {
				p.blame[c] = renbanCulpritWeight
			}
		}
	}
	p.prio = make([]uint32, b.ncells)
	for _, pr := range props {
		k := priority(pr, b.n)
		for _, c := range pr.watched() {
			p.prio[c] += k
		}
	}
	return p
}

// preparer is a propagator that reads the peers of its cells once every
// rule is known, at Build.
type preparer interface {
	prepare(b *Builder)
}

// priority is how much a propagator makes its cells worth guessing in
// first: rules over more cells tie more of the grid together, and sums
// (smaller ones more) narrow the most once a cell is known.
func priority(pr prop, n int) uint32 {
	switch pr := pr.(type) {
	case *sumProp:
		return uint32(max(2*n-len(pr.cells), n))
	case *sameValuesProp:
		return 0
	}
	return uint32(len(pr.watched()))
}

// csr packs lists into one slice and their starts.
func csr(lists [][]int32) (at, flat []int32) {
	at = make([]int32, len(lists)+1)
	for i, l := range lists {
		at[i+1] = at[i] + int32(len(l))
		flat = append(flat, l...)
	}
	return at, flat
}

// Stats counts the work of a search.
type Stats struct {
	Guesses    int // values tried in a cell with several
	Backtracks int // guesses that led to a contradiction
}

// frame is a saved node: the masks before a guess, and the guess.
type frame struct {
	cell  int32
	value Mask
}

// solver is the state of one search.
type solver struct {
	p     *Problem
	cells []Mask
	// fixed holds cells that became fixed and whose value is yet to be
	// removed from their peers.
	fixed []int32
	// queue is a ring of the propagators to run, one slot longer than
	// there are propagators (see changed); inq is 1 for those in it.
	queue      []int32
	head, size int
	inq        []uint8
	saved      []Mask // the saved masks, ncells per frame
	frames     []frame
	score      []uint32          // conflict scores, by cell
	vscore     [MaxValues]uint32 // conflict scores, by value
	hotValue   Mask              // see hot; 0 when to be worked out
	hotScore   uint64
	decay      int
	stats      Stats
	done       <-chan struct{}
	tick       int
	stopped    bool
	scratch    []uint64
	memo       []Mask       // see sumProp.cageExact
	exactCache []exactEntry // see exactKey
	// seen, when not nil, prunes nodes with no candidate outside it (true
	// candidates).
	seen []Mask
	// culprit is the fixed cell whose value propagate last removed from
	// its peers, -1 before any: when a guess fails, the cell nearest the
	// contradiction that the search can see.
	culprit int32
}

func (p *Problem) newSolver(ctx context.Context) *solver {
	s := &solver{
		p:       p,
		cells:   make([]Mask, p.ncells),
		queue:   make([]int32, len(p.props)+1),
		inq:     make([]uint8, len(p.props)),
		score:   make([]uint32, p.ncells),
		done:    ctx.Done(),
		scratch: make([]uint64, p.words),
		memo:    make([]Mask, p.memoSize),
	}
	copy(s.score, p.prio)
	return s
}

// restrict narrows cell c to the values of m. It reports false when none
// is left.
func (s *solver) restrict(c int32, m Mask) bool {
	old := s.cells[c]
	nm := old & m
	if nm == old {
		return true
	}
	if nm == 0 {
		s.cells[c] = 0
		return false
	}
	s.cells[c] = nm
	s.changed(c, nm)
	return true
}

// changed queues the work a change of cell c to nm causes.
func (s *solver) changed(c int32, nm Mask) {
	if nm&(nm-1) == 0 {
		s.fixed = append(s.fixed, c)
	}
	// Without a branch on whether a propagator is queued already (a
	// tenth of the time on the killers went to this loop, most of it to
	// that branch): w goes into the first free slot of the ring, which
	// one slot more than there are propagators keeps free, and counts
	// only when it was not in the queue.
	p := s.p
	q, inq := s.queue, s.inq
	head, size := s.head, s.size
	for _, w := range p.watch[p.watchAt[c]:p.watchAt[c+1]] {
		t := head + size
		if t >= len(q) {
			t -= len(q)
		}
		q[t] = w
		size += int(1 - inq[w])
		inq[w] = 1
	}
	s.size = size
}

// clearQueue empties the work queues after a contradiction.
func (s *solver) clearQueue() {
	for ; s.size > 0; s.size-- {
		s.inq[s.queue[s.head]] = 0
		s.head++
		if s.head == len(s.queue) {
			s.head = 0
		}
	}
	s.head = 0
	s.fixed = s.fixed[:0]
}

// propagate runs the queued work to a fixpoint. It reports false on a
// contradiction, with the queues emptied.
func (s *solver) propagate() bool {
	p := s.p
	for {
		for len(s.fixed) > 0 {
			c := s.fixed[len(s.fixed)-1]
			s.fixed = s.fixed[:len(s.fixed)-1]
			v := s.cells[c]
			s.culprit = c
			if v == 0 {
				s.clearQueue()
				return false
			}
			for _, o := range p.peer[p.peerAt[c]:p.peerAt[c+1]] {
				if s.cells[o]&v != 0 && !s.restrict(o, ^v) {
					s.clearQueue()
					return false
				}
			}
		}
		if s.size == 0 {
			return true
		}
		w := s.queue[s.head]
		s.head++
		if s.head == len(s.queue) {
			s.head = 0
		}
		s.size--
		s.inq[w] = 0
		if !p.props[w].run(s) {
			s.clearQueue()
			return false
		}
	}
}

// start sets the root node: the initial masks with every propagator
// queued. It reports false if the root has no solution.
func (s *solver) start() bool { return s.startFrom(nil) }

// startFrom is start with the initial masks narrowed to from's, when
// from is not nil (an Or's choice run on the masks of a node).
func (s *solver) startFrom(from []Mask) bool {
	p := s.p
	if p.fail {
		return false
	}
	copy(s.cells, p.init)
	for i := range from {
		s.cells[i] &= from[i]
	}
	s.clearQueue()
	for i := range p.props {
		s.inq[i] = 1
		s.queue[i] = int32(i)
	}
	s.head, s.size = 0, len(p.props)
	for c, m := range s.cells {
		if m == 0 {
			return false
		}
		if single(m) {
			s.fixed = append(s.fixed, int32(c))
		}
	}
	return s.propagate()
}

// excludeSeen removes value v from every cell that sees all the cells of
// cs (one of which must hold v), using scratch for the common peers.
func (s *solver) excludeSeen(cs []int32, v Mask) bool {
	p := s.p
	w := p.words
	common := s.scratch[:w]
	copy(common, p.peerBits[int(cs[0])*w:])
	for _, c := range cs[1:] {
		pb := p.peerBits[int(c)*w : int(c+1)*w]
		any := uint64(0)
		for i := range common {
			common[i] &= pb[i]
			any |= common[i]
		}
		if any == 0 {
			return true
		}
	}
	for i, x := range common {
		for ; x != 0; x &= x - 1 {
			o := int32(i*64 + bits.TrailingZeros64(x))
			if s.cells[o]&v != 0 && !s.restrict(o, ^v) {
				return false
			}
		}
	}
	return true
}

// choose returns the guess to make: a cell and the value to try in it,
// or -1 when every cell is fixed. It is the cell with the highest
// conflict score per candidate, and its smallest value; but when that
// cell has more than two candidates and a value has only two places left
// in a house, one of them with a high enough score, the guess is that
// value in that place: a branch of two rather than of many. When the cell
// has wideGuess candidates or more, a value with more places than two but
// fewer than the cell's candidates counts too, scored as a branch of as
// many as it has places, unless one of them is in a sum (see wideGuess).
func (s *solver) choose() (int32, Mask) {
	best := int32(-1)
	var bestScore, bestCount uint64
	hv, hs := s.hot()
	hv &^= 1 << 31
	for c, m := range s.cells {
		if m&(m-1) == 0 {
			continue
		}
		k := uint64(bits.OnesCount32(uint32(m)))
		// Scores in fifths, for the hot value's fifth.
		sc := 5 * (uint64(s.score[c]) + 1)
		if m&hv != 0 {
			sc += hs
		}
		// sc/k > bestScore/bestCount
		if best < 0 || sc*bestCount > bestScore*k {
			best, bestScore, bestCount = int32(c), sc, k
		}
	}
	if best < 0 {
		return -1, 0
	}
	m := s.cells[best]
	if bestCount <= 2 || len(s.p.houses) == 0 {
		return best, m & -m
	}
	// A value with few places in a house: score the best of its places'
	// scores over the number of places, against the cell's score per
	// candidate.
	cell, val := best, m&-m
	wide := bestCount >= wideGuess
	cellCount := bestCount
	for _, h := range s.p.houses {
		var one, two, more, summed Mask
		var hi uint32 // the house's best score
		for _, c := range h {
			v := s.cells[c]
			more |= two & v
			two |= one & v
			one |= v
			if wide {
				if s.p.inSum[c] {
					summed |= v
				}
				hi = max(hi, s.score[c])
			}
		}
		vals := two &^ more
		// Values with three places or more, none in a sum, when the
		// house's best score could win over three places.
		if wide && 5*(uint64(hi)+1)*bestCount >= 3*bestScore {
			vals |= more &^ summed
		}
		for ; vals != 0; vals &= vals - 1 {
			v := vals & -vals
			var hs, places uint64
			var top int32 = -1
			for _, c := range h {
				if s.cells[c]&v != 0 {
					places++
					if sc := 5 * (uint64(s.score[c]) + 1); top < 0 || sc > hs {
						hs, top = sc, c
					}
				}
			}
			if places >= cellCount {
				continue
			}
			// hs/places >= bestScore/bestCount
			if hs*bestCount >= places*bestScore {
				bestScore, bestCount = hs, places
				cell, val = top, v
			}
		}
	}
	return cell, val
}

// wideGuess is the least number of candidates of the best cell at which
// choose weighs a value's places in a house when there are more than two
// (as the Interactive Sudoku Solver's finders of a value's places, which
// it uses for houses only with two places). Counting to two, guesses on
// HARD_RENBAN 243,862 to 112,606 and HARD_THERMOS 68,607 to 60,065 (ISS
// 142,689 and 37,572); from 4 candidates: 114,183 and 68,307; from 6:
// 137,595 and 75,479. Not where a place is in a sum: there the cell's own
// branch, narrowed by its cage, did better (taking those too, counting
// four isomorphs of each puzzle to two: EXTREME_KILLERS 121,618 to
// 178,106 guesses, TAREK_ALL 106,502 to 120,155).
const wideGuess = 5

// culpritWeight is what a contradiction adds to its culprit's score (see
// conflict). Counting to two, guesses with weights 1 and 3: HARD_THERMOS
// 115,550 and 68,607, HARD_RENBAN 656,407 and 457,938, MATHEMAGIC_KILLERS'
// first two 121,927 and 120,398, EXTREME_KILLERS 21,001 and 23,243,
// TAREK_ALL 21,254 and 21,504 (4: thermometers a little better, killers
// worse).
const culpritWeight = 3

// renbanCulpritWeight is culpritWeight for a cell on a renban. Counting
// to two, HARD_RENBAN took 112,606 guesses with 3, 89,068 with 5, 103,468
// with 8, 69,703 with 12, 113,443 with 16 and 61,049 with 24 (ISS
// 142,689); four isomorphs of each of its puzzles (rows and columns
// permuted within bands and stacks, maybe transposed), 181,298 with 3,
// 144,361 with 5, 95,596 with 8, 87,453 with 12; eight, 376,609 and
// 183,003 with 12. The f-puzzles corpus 9,679 with 3 and 9,614 with 12
// (14,422 with 16); the collections without renbans do not change. The
// same weight for every cell in no sum did better on renbans too but not
// on thermometers (HARD_THERMOS 60,065 to 70,411 with 5).
const renbanCulpritWeight = 12

// conflict raises the score of a cell whose guess failed, and more that
// of the culprit, the cell whose value was being pushed to its peers when
// the contradiction came (or the last such before a propagator found it).
// The guessed cell alone learns too slowly where a sparse puzzle is
// tight: with the culprit too (weight 1), counting to two took 115,550
// guesses instead of 748,719 on HARD_THERMOS, 121,927 instead of 220,536
// on MATHEMAGIC_KILLERS' first two. (Scoring the culprit alone did better
// on thermometers and renbans but 2-3x worse on killers.)
func (s *solver) conflict(c int32, v Mask) {
	if s.culprit >= 0 && s.culprit != c {
		s.score[s.culprit] += s.p.blame[s.culprit]
	}
	s.score[c] += 1
	s.vscore[tz(v)]++
	s.hotValue = 0
	s.decay++
	if s.decay == 1<<14 {
		s.decay = 0
		for i := range s.score {
			s.score[i] >>= 1
		}
		for i := range s.vscore {
			s.vscore[i] >>= 2
		}
	}
}

// hot returns the value that failed most often of late, and its score,
// when it stands out (more than half again the least score of a value
// that failed at all, and at least n): cells that can hold it are worth
// guessing first.
func (s *solver) hot() (Mask, uint64) {
	if s.hotValue != 0 {
		return s.hotValue, s.hotScore
	}
	var most, least uint32 = 0, ^uint32(0)
	var v Mask
	for i, x := range s.vscore[:s.p.n] {
		if x > most {
			most, v = x, bit(i+1)
		}
		if x != 0 && x < least {
			least = x
		}
	}
	if most < uint32(s.p.n) || 2*most <= 3*least {
		v, most = 0, 0
	}
	// 0 with no hot value is cached as a mask of no value.
	s.hotValue, s.hotScore = v|1<<31, uint64(most)
	return v, uint64(most)
}

// interrupted checks the context now and then.
func (s *solver) interrupted() bool {
	s.tick++
	if s.tick&255 != 0 || s.done == nil {
		return false
	}
	select {
	case <-s.done:
		s.stopped = true
		return true
	default:
		return false
	}
}

// search visits the solutions, calling found at each with the masks all
// fixed, until found returns false or the search space is exhausted. It
// reports false if it stopped early (found said stop, or the context
// ended).
func (s *solver) search(found func(cells []Mask) bool) bool {
	n := s.p.ncells
	if !s.start() {
		return true
	}
	depth := 0
	for {
		// A consistent node.
		ok := true
		if s.seen != nil && !s.interesting() {
			ok = false
		}
		if ok {
			c, v := s.choose()
			if c < 0 {
				if !found(s.cells) {
					return false
				}
			} else {
				if s.interrupted() {
					return false
				}
				if depth == len(s.frames) {
					s.frames = append(s.frames, frame{})
					s.saved = append(s.saved, make([]Mask, n)...)
				}
				s.frames[depth] = frame{cell: c, value: v}
				copy(s.saved[depth*n:(depth+1)*n], s.cells)
				depth++
				s.stats.Guesses++
				s.cells[c] = v
				s.changed(c, v)
				s.culprit = -1
				if s.propagate() {
					continue
				}
				s.stats.Backtracks++
				s.conflict(c, v)
			}
		}
		// Backtrack: undo the last guess and take its other branch, that
		// the cell holds another value.
		for {
			if depth == 0 {
				return true
			}
			depth--
			f := s.frames[depth]
			copy(s.cells, s.saved[depth*n:(depth+1)*n])
			s.culprit = -1
			if s.restrict(f.cell, ^f.value) && s.propagate() {
				break
			}
			s.clearQueue()
			s.stats.Backtracks++
			s.conflict(f.cell, f.value)
		}
	}
}

// interesting reports whether some cell still has a candidate outside
// seen, so that the node may lead to a new true candidate.
func (s *solver) interesting() bool {
	for c, m := range s.cells {
		if m&^s.seen[c] != 0 {
			return true
		}
	}
	return false
}

// Search calls yield with each solution, the value of every cell, until
// yield returns false or there are no more. The slice is reused: copy it
// to keep it. It returns the context's error if the context ended first.
func (p *Problem) Search(ctx context.Context, yield func(sol []int) bool) (Stats, error) {
	s := p.newSolver(ctx)
	sol := make([]int, p.ncells)
	s.search(func(cells []Mask) bool {
		for i, m := range cells {
			sol[i] = value(m)
		}
		return yield(sol)
	})
	if s.stopped {
		return s.stats, ctx.Err()
	}
	return s.stats, nil
}

// Count counts the solutions, stopping at limit (0 for no limit).
func (p *Problem) Count(ctx context.Context, limit int) (int, Stats, error) {
	s := p.newSolver(ctx)
	k := 0
	s.search(func([]Mask) bool {
		k++
		return limit <= 0 || k < limit
	})
	if s.stopped {
		return k, s.stats, ctx.Err()
	}
	return k, s.stats, nil
}

// TrueCandidates returns, for each cell, the values it holds in at least
// one solution, looking at no more than limit solutions (0 for no limit):
// complete reports that the search ended, so that the candidates are
// exact; solutions is how many it looked at. Subtrees that can add no new
// candidate are skipped, so solutions is not a count of the solutions.
func (p *Problem) TrueCandidates(ctx context.Context, limit int) (cands []Mask, solutions int, complete bool, err error) {
	s := p.newSolver(ctx)
	s.seen = make([]Mask, p.ncells)
	complete = s.search(func(cells []Mask) bool {
		for i, m := range cells {
			s.seen[i] |= m
		}
		solutions++
		return limit <= 0 || solutions < limit
	})
	if s.stopped {
		err = ctx.Err()
	}
	return s.seen, solutions, complete, err
}

// Root returns the masks after propagation at the root of the search (nil
// if it fails), for tests and diagnostics.
func (p *Problem) Root() []Mask {
	s := p.newSolver(context.Background())
	if !s.start() {
		return nil
	}
	return s.cells
}
