package se

// The chaining techniques of the rating, each asked in turn by the rater.

// multiple finds the easiest hint of Nishio (7.5), multiple (8.0),
// dynamic (8.5), dynamic+ (9.0) or nested (9.5 and up) forcing chains.
func (ch *chainer) multiple(mode chainMode, level int) (hint, bool) {
	e := ch.engine(mode, level)
	e.discard = true
	var best *dHint
	e.hints(func(h *dHint) {
		if best == nil || h.better(&best.chainHint) {
			best = h
		}
	})
	if e.err != nil && ch.r.err == nil {
		ch.r.err = e.err // an internal error; a stop has set r.err already
	}
	if best == nil {
		return hint{}, false
	}
	return best.hint, true
}

type chainer struct {
	r       *rater
	uw      unaryWork
	engines map[[2]int]*engine
	cache   nestCache
}

func (ch *chainer) init(r *rater) { ch.r = r }

func (ch *chainer) engine(mode chainMode, level int) *engine {
	key := [2]int{int(mode), level}
	if ch.engines == nil {
		ch.engines = map[[2]int]*engine{}
	}
	e := ch.engines[key]
	if e == nil {
		e = newEngine(mode, level, ch.r.g)
		e.cache = &ch.cache
		e.stop = ch.r.stopped
		ch.engines[key] = e
	}
	return e
}

// unary finds the easiest bidirectional cycle or forcing X- or XY-chain
// (6.5 and up).
func (ch *chainer) unary() (hint, bool) {
	var best *chainHint
	ch.uw.allUnary(ch.r.g, false, func(h *chainHint, _ [][]seqItem) {
		if best == nil || h.better(best) {
			best = h
		}
	})
	if best == nil {
		return hint{}, false
	}
	return best.hint, true
}
