package engine

// FullRank says that one line, its cells' values read as a number (the
// first cell the most significant digit), ranks rank among the lines of
// the four families (each family's lines read as numbers too): rank-1 of
// them are lower and none is the same number. Each family's first cells
// must hold every value once (as the first cells of the rows read from
// the left, the first column, do): then exactly 4(v-1) lines start below
// v, the four lines starting with v take the ranks 4v-3 to 4v, and the
// clue says which of them the line is. The line is families[fam][idx];
// its first cell is kept to the value of its rank.
func (b *Builder) FullRank(families [4][][]int, fam, idx, rank int) {
	p := &rankProp{fam: fam, idx: idx, v: bit((rank + 3) / 4), below: (rank - 1) % 4}
	var all [][]int32
	for f, lines := range families {
		for _, l := range lines {
			p.families[f] = append(p.families[f], toInt32(l))
		}
		all = append(all, p.families[f]...)
	}
	p.cells = lineCells(all)
	b.Restrict(families[fam][idx][0], p.v)
	b.props = append(b.props, p)
}

// DistinctLines says that no two of the lines, read as numbers, are the
// same.
func (b *Builder) DistinctLines(lines [][]int) {
	p := &distinctLinesProp{}
	for _, l := range lines {
		p.lines = append(p.lines, toInt32(l))
	}
	p.cells = lineCells(p.lines)
	b.props = append(b.props, p)
}

// lineCells returns the cells of the lines, each once, in order.
func lineCells(lines [][]int32) []int32 {
	var cells []int32
	seen := map[int32]bool{}
	for _, l := range lines {
		for _, c := range l {
			if !seen[c] {
				seen[c] = true
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// Orders of two lines as far as the masks tell.
const (
	lineLess    = iota // certainly lower
	lineGreater        // certainly higher
	lineSame           // certainly the same number
	lineOpen           // not known yet; pos says where
)

// compareLines compares lines a and b of equal length from position
// from on, digit by digit while the digits are certainly equal (the same
// cell, or both fixed to one value); at the first position where they may
// differ it returns lineOpen and that position, unless every value a may
// hold there is below (or above) every value b may hold.
func compareLines(s *solver, a, b []int32, from int) (order, pos int) {
	for j := from; j < len(a); j++ {
		if a[j] == b[j] {
			continue
		}
		ma, mb := s.cells[a[j]], s.cells[b[j]]
		if ma == mb && single(ma) {
			continue
		}
		switch {
		case highest(ma) < lowest(mb):
			return lineLess, j
		case lowest(ma) > highest(mb):
			return lineGreater, j
		}
		return lineOpen, j
	}
	return lineSame, len(a)
}

// rankProp keeps one FullRank clue: of the three other lines that start
// with the clued line's value v (one in each other family: the line whose
// first cell holds v), below are lower and the rest higher, none the
// same. While v has several places among a family's first cells, each
// line there that may start with v is weighed as if it did. A line that
// can be neither lower nor higher cannot start with v. A family whose
// every such line is lower counts as lower, higher as higher; one with a
// line that may be lower can be lower. Then: more families lower (higher)
// than the clue allows, or fewer that can be, is a contradiction; when
// the lower ones are all found, the lines of the others that can only be
// lower cannot start with v, and one that does start with v is ordered
// above the clued line (see order); when as many families can be lower
// as must be, those families' lines that can only be higher cannot start
// with v, and one that does start with v is ordered below it. The same
// for higher.
type rankProp struct {
	families [4][][]int32
	cells    []int32
	fam, idx int
	v        Mask // the value the clued line starts with
	below    int  // how many of the other lines starting with v are lower
}

func (p *rankProp) watched() []int32 { return p.cells }

// lineFlags say what a line starting with v may be, against the clued line.
const (
	mayLess = 1 << iota
	mayGreater
)

func (p *rankProp) run(s *solver) bool {
	e := p.families[p.fam][p.idx]
	if !s.restrict(e[0], p.v) {
		return false
	}
	var flags [4][]int8 // per family, per line: its lineFlags, -1 if it cannot start with v
	lower, higher, canLower, canHigher := 0, 0, 0, 0
	for f, lines := range p.families {
		if f == p.fam {
			continue
		}
		flags[f] = make([]int8, len(lines))
		lo, hi, canLo, canHi, n := true, true, false, false, 0
		for i, l := range lines {
			flags[f][i] = -1
			if s.cells[l[0]]&p.v == 0 {
				continue
			}
			fl := mayOrder(s, l, e, p.v)
			if fl == 0 {
				// Only the same number: not with v first.
				if !s.restrict(l[0], ^p.v) {
					return false
				}
				continue
			}
			flags[f][i] = fl
			n++
			lo = lo && fl == mayLess
			hi = hi && fl == mayGreater
			canLo = canLo || fl&mayLess != 0
			canHi = canHi || fl&mayGreater != 0
		}
		if n == 0 {
			return false
		}
		switch {
		case lo:
			lower++
		case hi:
			higher++
		}
		if canLo {
			canLower++
		}
		if canHi {
			canHigher++
		}
	}
	wantLower, wantHigher := p.below, 3-p.below
	if lower > wantLower || higher > wantHigher || canLower < wantLower || canHigher < wantHigher {
		return false
	}
	for f, lines := range p.families {
		if f == p.fam {
			continue
		}
		lo, hi := true, true
		canLo, canHi := false, false
		for _, fl := range flags[f] {
			if fl < 0 {
				continue
			}
			lo = lo && fl == mayLess
			hi = hi && fl == mayGreater
			canLo = canLo || fl&mayLess != 0
			canHi = canHi || fl&mayGreater != 0
		}
		// goUp: this family's line is higher; goDown: lower.
		goUp := (lower == wantLower && !lo) || (canHigher == wantHigher && canHi)
		goDown := (higher == wantHigher && !hi) || (canLower == wantLower && canLo)
		if goUp && goDown {
			return false
		}
		if !goUp && !goDown {
			continue
		}
		for i, l := range lines {
			fl := flags[f][i]
			if fl < 0 {
				continue
			}
			if (goUp && fl&mayGreater == 0) || (goDown && fl&mayLess == 0) {
				if !s.restrict(l[0], ^p.v) {
					return false
				}
				continue
			}
			if s.cells[l[0]] != p.v || fl != mayLess|mayGreater {
				continue
			}
			low, high := e, l
			if goDown {
				low, high = l, e
			}
			if !order(s, low, high) {
				return false
			}
		}
	}
	return true
}

// mayOrder returns the lineFlags of line a against line b, both taken to
// start with v: at each position, the prefix before it taken to be the
// same, whether a's digit may be below b's there (a lower) or above
// (higher); the values of a tied prefix cannot come again (a line holds
// each value once).
func mayOrder(s *solver, a, b []int32, v Mask) int8 {
	var fl int8
	used := v
	for j := 1; j < len(a); j++ {
		if a[j] == b[j] {
			continue
		}
		ma, mb := s.cells[a[j]]&^used, s.cells[b[j]]&^used
		if ma == 0 || mb == 0 {
			return fl
		}
		if lowest(ma) < highest(mb) {
			fl |= mayLess
		}
		if highest(ma) > lowest(mb) {
			fl |= mayGreater
		}
		tie := ma & mb
		if fl == mayLess|mayGreater || tie == 0 {
			return fl
		}
		// One value can tie here (two would allow both orders).
		used |= tie
	}
	return fl
}

// order keeps line low below line high, both of the same first value:
// at the first position where they may differ (before it the same cell
// or both fixed to one value), low's digit is at most high's largest and
// high's at least low's smallest; narrowed to one equal value, the next
// position is narrowed too. The same number throughout is a
// contradiction.
func order(s *solver, low, high []int32) bool {
	used := s.cells[low[0]]
	for j := 1; j < len(low); j++ {
		if low[j] == high[j] {
			continue
		}
		ml, mh := s.cells[low[j]]&^used, s.cells[high[j]]&^used
		if ml == mh && single(ml) {
			used |= ml
			continue
		}
		if !s.restrict(low[j], below(highest(mh)+1)&^used) {
			return false
		}
		ml = s.cells[low[j]]
		if !s.restrict(high[j], ^below(lowest(ml))&^used) {
			return false
		}
		mh = s.cells[high[j]]
		if !(ml == mh && single(ml)) {
			return true
		}
		used |= ml
	}
	return false
}

// distinctLinesProp keeps lines from being the same number.
type distinctLinesProp struct {
	lines [][]int32
	cells []int32
}

func (p *distinctLinesProp) watched() []int32 { return p.cells }

func (p *distinctLinesProp) run(s *solver) bool {
	for i, a := range p.lines {
		for _, b := range p.lines[:i] {
			if o, _ := compareLines(s, a, b, 0); o == lineSame {
				return false
			}
		}
	}
	return true
}
