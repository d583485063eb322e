package logic

import (
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// rule is what one constraint allows, in one of three shapes: a set of
// values for one cell (unary), a relation between two cells (pair), or a
// group of cells whose values together must pass a test (group, sum).
type rule struct {
	kind  string // the constraint's Kind
	shape int
	cells []variant.Cell
	// allowed is a unary rule's set of values.
	allowed uint32
	// rel is a pair rule's relation between cells[0] and cells[1];
	// says is how a sentence states it, as "differ by 1".
	rel  func(a, b int) bool
	says Reason
	// distinct: a group's values are all different; ok tests the set of
	// values of a full assignment (its bit mask and sum).
	distinct bool
	ok       func(mask uint32, sum int) bool
	// total is a sum rule's total: the values of cells, each times its
	// coef (1 when coef is nil), add up to it; values may repeat.
	total int
	coef  []int
	// step, when not nil, reads a group's values in cell order as a
	// machine: from state (0 at the start) value v at cell i leads to the
	// state returned, or breaks the rule (false); ok then tests the end
	// state. Nil: the state is the sum so far.
	step func(i, state, v int) (int, bool)
	// name names the rule in a sentence when its first cell does not
	// ("the sandwich clue left of row 1").
	name Reason
	// An ends rule (between and lockout lines) relates the two ends of
	// its line by endsOK and each middle cell to them by mid.
	endsOK func(a, b int) bool
	mid    func(v, a, b int) bool
	// lead, when not empty, opens a sum rule's sentence in place of "By
	// the <kind>": the rule of 45's "By the rule of 45 on row 1".
	lead Reason
	// inner lists, for a group or sum rule, the pair rules between its
	// own cells (and, for a group whose values may repeat, the cells that
	// see each other): its combinations keep them too, as a solver reads
	// a cage with a line through it.
	inner []innerRel
	// front[i], for a group rule, lists the positions before i that an
	// inner rule ties to position i or later: their values join the
	// memo's key at position i.
	front [][]int
	// id is the rule's index in the solver's rules.
	id int
	// tech names a line group's step that removes values ("Line Ends"
	// when empty).
	tech string
}

// innerRel is a pair rule between positions a < b of a group or sum
// rule's cells: rel(value at a, value at b) must hold.
type innerRel struct {
	a, b int
	rel  func(x, y int) bool
	kind string
}

const (
	unary = iota
	pair
	group
	sum
	ends
	needs     // one of cells holds the value total
	lineGroup // a between or lockout line read whole, as a group: its ends first
)

func (s *Solver) buildRules(p *variant.Puzzle) {
	n := s.n
	var odd, even uint32
	for v := 1; v <= n; v++ {
		if v%2 == 1 {
			odd |= 1 << v
		} else {
			even |= 1 << v
		}
	}
	addPair := func(kind string, a, b variant.Cell, says Reason, rel func(x, y int) bool) {
		s.rules = append(s.rules, rule{kind: kind, shape: pair, cells: []variant.Cell{a, b}, rel: rel, says: says})
	}
	for _, k := range p.Constraints {
		switch k := k.(type) {
		case variant.Even:
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: unary, cells: []variant.Cell{k.Cell}, allowed: even})
		case variant.Odd:
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: unary, cells: []variant.Cell{k.Cell}, allowed: odd})
		case variant.Candidates:
			var m uint32
			for _, v := range k.Values {
				if v >= 1 && v <= n {
					m |= 1 << v
				}
			}
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: unary, cells: []variant.Cell{k.Cell}, allowed: m})
		case variant.Difference:
			d := k.Diff
			addPair(k.Kind(), k.Cells[0], k.Cells[1], phrase("differBy", Arg{Count: d}), func(x, y int) bool { return x-y == d || y-x == d })
		case variant.Ratio:
			r := k.Ratio
			addPair(k.Kind(), k.Cells[0], k.Cells[1], phrase("inRatio", Arg{Count: r}), func(x, y int) bool { return x == r*y || y == r*x })
		case variant.XV:
			t := k.Sum
			addPair(k.Kind(), k.Cells[0], k.Cells[1], phrase("addUpTo", numberArg(t)), func(x, y int) bool { return x+y == t })
		case variant.Whispers:
			s.wholeLine(k.Kind(), k.Cells, phrase("whispersLine", numberArg(k.Gap)))
			g := k.Gap
			for i := 0; i+1 < len(k.Cells); i++ {
				addPair(k.Kind(), k.Cells[i], k.Cells[i+1], phrase("differAtLeast", numberArg(g)), func(x, y int) bool { return x-y >= g || y-x >= g })
			}
		case variant.Thermometer:
			for i := 0; i+1 < len(k.Cells); i++ {
				if k.Slow {
					addPair(k.Kind(), k.Cells[i], k.Cells[i+1], phrase("thermoSlow"), func(x, y int) bool { return x <= y })
				} else {
					addPair(k.Kind(), k.Cells[i], k.Cells[i+1], phrase("thermo"), func(x, y int) bool { return x < y })
				}
			}
		case variant.Palindrome:
			for i, j := 0, len(k.Cells)-1; i < j; i, j = i+1, j-1 {
				addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("mirrorEqual"), func(x, y int) bool { return x == y })
			}
		case variant.Clone:
			for i := range k.Cells {
				addPair(k.Kind(), k.Cells[i], k.Clones[i], phrase("clonesEqual"), func(x, y int) bool { return x == y })
			}
		case variant.KillerCage:
			if k.Sum > 0 {
				t := k.Sum
				s.rules = append(s.rules, rule{kind: k.Kind(), shape: group, cells: k.Cells, distinct: true,
					says: phrase("addUpTo", numberArg(t)), ok: func(_ uint32, sum int) bool { return sum == t }})
			}
		case variant.Renban:
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: group, cells: k.Cells, distinct: true,
				says: phrase("consecutiveRun"), ok: func(m uint32, _ int) bool {
					m >>= uint(trailing(m))
					return m&(m+1) == 0
				}})
		case variant.Arrow:
			s.arrow(k)
		case variant.DoubleArrow:
			if m := len(k.Cells); m >= 2 {
				ends := []variant.Cell{k.Cells[0], k.Cells[m-1]}
				s.sumRule(k.Kind(), ends, k.Cells[1:m-1], phrase("doubleArrow", s.cellsArg(ends)))
			}
		case variant.ZipperLine:
			m := len(k.Cells)
			for i := 0; i < m/2; i++ {
				a, b := k.Cells[i], k.Cells[m-1-i]
				if m%2 == 1 {
					mid := k.Cells[m/2]
					s.sumRule(k.Kind(), []variant.Cell{mid}, []variant.Cell{a, b}, phrase("zipperMiddle", s.cellArg(a), s.cellArg(b), s.cellArg(mid)))
				} else if i > 0 {
					a0, b0 := k.Cells[0], k.Cells[m-1]
					s.sumRule(k.Kind(), []variant.Cell{a0, b0}, []variant.Cell{a, b}, phrase("zipperPair", s.cellArg(a), s.cellArg(b), s.cellArg(a0), s.cellArg(b0)))
				}
			}
		case variant.RegionSumLine:
			regs := p.RegionsOf()
			var pieces [][]variant.Cell
			for i, c := range k.Cells {
				if i == 0 || regs[c] != regs[k.Cells[i-1]] {
					pieces = append(pieces, nil)
				}
				pieces[len(pieces)-1] = append(pieces[len(pieces)-1], c)
			}
			for i := 1; i < len(pieces); i++ {
				s.sumRule(k.Kind(), pieces[i-1], pieces[i], phrase("regionSums", s.cellsArg(pieces[i-1]), s.cellsArg(pieces[i])))
			}
		case variant.LittleKiller:
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: sum, total: k.Sum, cells: variant.LittleKillerCells(n, k)})
		case variant.Sum:
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: sum, total: k.Total, cells: k.Cells})
		case variant.Sandwich, variant.XSum, variant.Skyscraper:
			s.outsideClue(k)
		case variant.Indexer:
			s.indexer(p, k)
		case variant.Quadruple:
			if r, c := variant.RowCol(n, k.Cell); r+1 < n && c+1 < n {
				block := []variant.Cell{k.Cell, k.Cell + 1, k.Cell + variant.Cell(n), k.Cell + variant.Cell(n) + 1}
				var m uint32
				for _, v := range k.Values {
					m |= 1 << v
				}
				if len(k.Values) == 4 {
					for _, c := range block {
						s.rules = append(s.rules, rule{kind: k.Kind(), shape: unary, cells: []variant.Cell{c}, allowed: m})
					}
				}
				for _, v := range values(m & s.all) {
					s.rules = append(s.rules, rule{kind: k.Kind(), shape: needs, cells: block, total: v})
				}
				s.quadruple(k, block)
			}
		case variant.EntropicLine:
			if n%3 == 0 {
				s.wholeLine(k.Kind(), k.Cells, phrase("entropicLine"))
				third := func(v int) int { return (v - 1) / (n / 3) }
				for i := range k.Cells {
					for j := i + 1; j < len(k.Cells) && j <= i+2; j++ {
						addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("entropicPair"), func(x, y int) bool { return third(x) != third(y) })
					}
					// Three cells in a row take the three thirds, so cells three
					// apart, each beside the same two, share a third.
					if j := i + 3; j < len(k.Cells) {
						addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("entropicSame"), func(x, y int) bool { return third(x) == third(y) })
					}
				}
			}
		case variant.ModularLine:
			if m := k.Mod; m > 0 {
				s.wholeLine(k.Kind(), k.Cells, phrase("modularLine", numberArg(m)))
				for i := range k.Cells {
					for j := i + 1; j < len(k.Cells) && j < i+m; j++ {
						addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("modularPair", numberArg(m)), func(x, y int) bool { return x%m != y%m })
					}
					// The m-1 cells between cells m apart take the other
					// remainders, so those two cells share one.
					if j := i + m; j < len(k.Cells) {
						addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("modularSame", numberArg(m)), func(x, y int) bool { return x%m == y%m })
					}
				}
			}
		case variant.Nabner:
			for i := range k.Cells {
				for j := i + 1; j < len(k.Cells); j++ {
					addPair(k.Kind(), k.Cells[i], k.Cells[j], phrase("nabner"), func(x, y int) bool { return x-y > 1 || y-x > 1 })
				}
			}
		case variant.BetweenLine:
			if len(k.Cells) >= 2 {
				// Ends with cells between them differ; a line of two
				// cells, with none between, leaves its ends free.
				bare := len(k.Cells) == 2
				s.rules = append(s.rules, rule{kind: k.Kind(), shape: ends, cells: k.Cells,
					says:   phrase("betweenLine"),
					endsOK: func(a, b int) bool { return a != b || bare },
					mid:    func(v, a, b int) bool { return min(a, b) < v && v < max(a, b) }})
				s.lineGroup(s.rules[len(s.rules)-1])
			}
		case variant.LockoutLine:
			if len(k.Cells) >= 2 {
				g := k.Gap
				s.rules = append(s.rules, rule{kind: k.Kind(), shape: ends, cells: k.Cells,
					says:   phrase("lockoutLine", numberArg(g)),
					endsOK: func(a, b int) bool { return a-b >= g || b-a >= g },
					mid:    func(v, a, b int) bool { return v < min(a, b) || v > max(a, b) }})
				s.lineGroup(s.rules[len(s.rules)-1])
			}
		case variant.Minimum, variant.Maximum:
			s.fortress(p, k)
		case variant.NonConsecutive, variant.NegativeXV, variant.NegativeRatio:
			s.negativePairs(p, k)
		}
	}
	s.rule45(p)
	s.innerRules()
	for i := range s.rules {
		s.rules[i].id = i
	}
}

// lineGroup adds the group twin of an ends rule (a between or lockout
// line): the line's cells, its ends first, whose values must keep the
// rule with cells that see each other different. The ends rule reads each
// middle cell alone; the twin sees that six middle cells in a few houses
// need several different values between (or outside) the ends.
func (s *Solver) lineGroup(r rule) {
	k := len(r.cells)
	if k < 4 {
		return // one or two middle cells: the ends rule says it all
	}
	cells := append([]variant.Cell{r.cells[0], r.cells[k-1]}, r.cells[1:k-1]...)
	endsOK, mid := r.endsOK, r.mid
	s.rules = append(s.rules, rule{kind: r.kind, shape: lineGroup, cells: cells,
		name: phrase("lineFromTo", kindArg(r.kind), s.cellArg(r.cells[0]), s.cellArg(r.cells[k-1])),
		says: phrase("seeDifferent", phraseArg(r.says)),
		// state: the first end's value, then both ends' (a*32+b).
		step: func(i, st, v int) (int, bool) {
			switch i {
			case 0:
				return v, true
			case 1:
				return st*32 + v, endsOK(st, v)
			}
			return st, mid(v, st/32, st%32)
		},
		ok: func(uint32, int) bool { return true }})
}

// wholeLine adds a line's group rule, read whole: its pair rules (added
// with the line's other rules, and found by innerRules) and its cells that
// see each other different. Along a path the pair rules alone are exact
// (each cell's values are those some neighbour's allow); the whole line
// reads more only when two cells of it apart on the line see each other,
// so only such a line gets one.
func (s *Solver) wholeLine(kind string, cells []variant.Cell, says Reason) {
	k := len(cells)
	apart := false
	for i := 0; i < k && !apart; i++ {
		for j := i + 2; j < k; j++ {
			if s.see[cells[i]][cells[j]] {
				apart = true
				break
			}
		}
	}
	if !apart || k > maxFront+1 {
		return
	}
	id := "lineFromTo"
	if !strings.HasSuffix(kind, "line") {
		id = "kindLineFromTo" // "the whispers line"
	}
	s.rules = append(s.rules, rule{kind: kind, shape: lineGroup, cells: cells,
		name: phrase(id, kindArg(kind), s.cellArg(cells[0]), s.cellArg(cells[k-1])),
		says: phrase("seeDifferent", phraseArg(says)),
		tech: "Line Combinations",
		step: func(int, int, int) (int, bool) { return 0, true },
		ok:   func(uint32, int) bool { return true }})
}

// maxFront caps the positions a group rule's memo key remembers for its
// inner rules: 12 values of 5 bits fill a uint64.
const maxFront = 12

// innerRules gives each group and sum rule the pair rules between its own
// cells (see rule.inner).
func (s *Solver) innerRules() {
	type pairAt struct {
		a, b variant.Cell
		rel  func(x, y int) bool
		kind string
	}
	var pairs []pairAt
	for _, r := range s.rules {
		if r.shape == pair {
			pairs = append(pairs, pairAt{r.cells[0], r.cells[1], r.rel, r.kind})
		}
	}
	for ri := range s.rules {
		r := &s.rules[ri]
		if r.shape != group && r.shape != sum && r.shape != lineGroup {
			continue
		}
		pos := map[variant.Cell]int{}
		for i, c := range r.cells {
			if _, dup := pos[c]; !dup {
				pos[c] = i
			}
		}
		var inner []innerRel
		for _, p := range pairs {
			i, okA := pos[p.a]
			j, okB := pos[p.b]
			if !okA || !okB || i == j {
				continue
			}
			rel := p.rel
			if i > j {
				i, j = j, i
				rel = func(x, y int) bool { return p.rel(y, x) }
			}
			inner = append(inner, innerRel{i, j, rel, p.kind})
		}
		if (r.shape == group || r.shape == lineGroup) && !r.distinct {
			for i, a := range r.cells {
				for j := i + 1; j < len(r.cells); j++ {
					if s.see[a][r.cells[j]] {
						inner = append(inner, innerRel{i, j, func(x, y int) bool { return x != y }, ""})
					}
				}
			}
		}
		if len(inner) == 0 {
			continue
		}
		if r.shape == group || r.shape == lineGroup {
			front := make([][]int, len(r.cells)+1)
			fits := true
			for i := range front {
				for j := range i {
					for _, in := range inner {
						if in.a == j && in.b >= i {
							front[i] = append(front[i], j)
							break
						}
					}
				}
				fits = fits && len(front[i]) <= maxFront
			}
			if !fits {
				continue // a weaker rule, never a wrong one
			}
			r.front = front
		}
		r.inner = inner
	}
}

// innerKinds lists the kinds of a rule's inner pair rules other than its
// own.
func (r rule) innerKinds() []string {
	var kinds []string
	for _, in := range r.inner {
		if in.kind != "" && in.kind != r.kind && !slices.Contains(kinds, in.kind) {
			kinds = append(kinds, in.kind)
		}
	}
	return kinds
}

// quadruple adds the group rule of a quadruple whose values repeat (a
// value listed twice appears twice in the block, in cells that do not
// see each other); the needs rules read one of each.
func (s *Solver) quadruple(k variant.Quadruple, block []variant.Cell) {
	need := map[int]int{}
	var vs []int
	for _, v := range k.Values {
		if v < 1 || v > s.n {
			return
		}
		if need[v] == 0 {
			vs = append(vs, v)
		}
		need[v]++
	}
	if len(vs) == len(k.Values) {
		return // the needs rules say it all
	}
	// state: for each listed value, 3 bits counting it (up to its need).
	full := 0
	for i, v := range vs {
		full |= need[v] << (3 * i)
	}
	times := []string{"", "once", "twice", "threeTimes", "fourTimes"}
	parts := make([]Reason, len(vs))
	for i, v := range vs {
		parts[i] = phrase(times[need[v]], digitArg(v))
	}
	s.rules = append(s.rules, rule{kind: k.Kind(), shape: group, cells: block,
		says: phrase("quadrupleRepeats", Arg{Phrases: parts, Join: "and"}),
		step: func(_, st, v int) (int, bool) {
			if t := slices.Index(vs, v); t >= 0 && (st>>(3*t))&7 < need[v] {
				st += 1 << (3 * t)
			}
			return st, true
		},
		ok: func(_ uint32, st int) bool { return st == full }})
}

// negativePairs adds the pair rules of a negative constraint: every two
// orthogonal neighbours without a dot (or an XV marker) between them.
func (s *Solver) negativePairs(p *variant.Puzzle, k variant.Constraint) {
	n := s.n
	marked := map[[2]variant.Cell]bool{}
	for _, c := range p.Constraints {
		var a, b variant.Cell
		switch c := c.(type) {
		case variant.Difference:
			if _, xv := k.(variant.NegativeXV); xv {
				continue
			}
			a, b = c.Cells[0], c.Cells[1]
		case variant.Ratio:
			if _, xv := k.(variant.NegativeXV); xv {
				continue
			}
			a, b = c.Cells[0], c.Cells[1]
		case variant.XV:
			if _, xv := k.(variant.NegativeXV); !xv {
				continue
			}
			a, b = c.Cells[0], c.Cells[1]
		default:
			continue
		}
		marked[[2]variant.Cell{a, b}], marked[[2]variant.Cell{b, a}] = true, true
	}
	var ratios []int
	for _, c := range p.Constraints {
		if r, ok := c.(variant.Ratio); ok && !slices.Contains(ratios, r.Ratio) {
			ratios = append(ratios, r.Ratio)
		}
	}
	if len(ratios) == 0 {
		ratios = []int{2}
	}
	for r := range n {
		for c := range n {
			a := variant.CellOf(n, r, c)
			for _, b := range []variant.Cell{variant.CellOf(n, r, c+1), variant.CellOf(n, r+1, c)} {
				if (b == a+1 && c+1 >= n) || (b != a+1 && r+1 >= n) || marked[[2]variant.Cell{a, b}] {
					continue
				}
				if _, nr := k.(variant.NegativeRatio); nr {
					s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{a, b},
						says: phrase("noRatio", textArg(ratioWords(ratios))), rel: func(x, y int) bool {
							for _, r := range ratios {
								if x == r*y || y == r*x {
									return false
								}
							}
							return true
						}})
					continue
				}
				if _, xv := k.(variant.NegativeXV); xv {
					s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{a, b},
						says: phrase("noXV"), rel: func(x, y int) bool { return x+y != 5 && x+y != 10 }})
				} else {
					s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{a, b},
						says: phrase("notConsecutive"), rel: func(x, y int) bool { return x-y != 1 && y-x != 1 }})
				}
			}
		}
	}
}

func trailing(m uint32) int {
	if m == 0 {
		return 0
	}
	t := 0
	for m&1 == 0 {
		m >>= 1
		t++
	}
	return t
}

func ratioWords(rs []int) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = "1:" + strconv.Itoa(r)
	}
	return strings.Join(parts, ", ")
}

// fortress adds the pair rules of a minimum or maximum cell: it is
// smaller (larger) than each orthogonal neighbour not of its own kind.
func (s *Solver) fortress(p *variant.Puzzle, k variant.Constraint) {
	n := s.n
	mins, maxs := map[variant.Cell]bool{}, map[variant.Cell]bool{}
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case variant.Minimum:
			mins[c.Cell] = true
		case variant.Maximum:
			maxs[c.Cell] = true
		}
	}
	var at variant.Cell
	own := mins
	switch k := k.(type) {
	case variant.Minimum:
		at = k.Cell
	case variant.Maximum:
		at, own = k.Cell, maxs
	}
	r, c := variant.RowCol(n, at)
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r2, c2 := r+d[0], c+d[1]
		if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
			continue
		}
		b := variant.CellOf(n, r2, c2)
		if own[b] {
			continue
		}
		if _, isMin := k.(variant.Minimum); isMin {
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{at, b},
				says: phrase("minimumCell"), rel: func(x, y int) bool { return x < y }})
		} else {
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{at, b},
				says: phrase("maximumCell"), rel: func(x, y int) bool { return x > y }})
		}
	}
}

// sumRule adds a sum rule: the values of neg add up to those of pos;
// says is how a sentence states it.
func (s *Solver) sumRule(kind string, neg, pos []variant.Cell, says Reason) {
	r := rule{kind: kind, shape: sum, says: says}
	r.cells, r.coef = signed(neg, pos)
	s.rules = append(s.rules, r)
}

// signed lists the cells of neg and then of pos, with their coefficients
// in a sum rule: -1 and 1.
func signed(neg, pos []variant.Cell) (cells []variant.Cell, coef []int) {
	for _, c := range neg {
		cells = append(cells, c)
		coef = append(coef, -1)
	}
	for _, c := range pos {
		cells = append(cells, c)
		coef = append(coef, 1)
	}
	return cells, coef
}

// arrow adds an arrow's sum rule: its circle (a pill of several cells
// reads as a number, one digit 1 to 9 in each cell) is the sum of its
// line.
func (s *Solver) arrow(k variant.Arrow) {
	m := len(k.Circle)
	if m == 0 {
		return
	}
	says := phrase("arrowSum", s.cellArg(k.Circle[0]), s.cellsArg(k.Line))
	if m > 1 {
		says = phrase("pillSum", s.cellsArg(k.Circle), s.cellsArg(k.Line))
		for _, c := range k.Circle {
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: unary, cells: []variant.Cell{c}, allowed: s.all & (1<<10 - 2)})
		}
	}
	r := rule{kind: k.Kind(), shape: sum, says: says}
	place := 1
	for i := m - 1; i >= 0; i-- {
		r.cells = append(r.cells, k.Circle[i])
		r.coef = append(r.coef, -place)
		place *= 10
	}
	for _, c := range k.Line {
		r.cells = append(r.cells, c)
		r.coef = append(r.coef, 1)
	}
	s.rules = append(s.rules, r)
}

// outsideClue adds the group rule of a sandwich, x-sum or skyscraper
// clue: a machine that reads the row or column from the clue's side.
func (s *Solver) outsideClue(k variant.Constraint) {
	n := s.n
	r := rule{kind: k.Kind(), shape: group, distinct: true}
	at := func(e variant.Edge) Reason {
		id := map[variant.Side]string{variant.Left: "clueLeft", variant.Right: "clueRight", variant.Top: "clueAbove", variant.Bottom: "clueBelow"}[e.Side]
		return phrase(id, kindArg(k.Kind()), Arg{Count: e.Index + 1})
	}
	switch k := k.(type) {
	case variant.Sandwich:
		r.cells, r.name = k.At.Cells(n), at(k.At)
		t := k.Sum
		r.says = phrase("sandwich", numberArg(n), numberArg(t))
		// state: phase (0 before the first of 1 and n, 1 between, 2
		// after) times 1024 plus the sum between.
		r.step = func(_, st, v int) (int, bool) {
			phase, sum := st/1024, st%1024
			if v == 1 || v == n {
				return (phase+1)*1024 + sum, phase+1 < 2 || sum == t
			}
			if phase == 1 {
				sum += v
				return 1024 + sum, sum <= t
			}
			return st, true
		}
		r.ok = func(_ uint32, st int) bool { return st/1024 == 2 && st%1024 == t }
	case variant.XSum:
		r.cells, r.name = k.At.Cells(n), at(k.At)
		t := k.Sum
		r.says = phrase("xSum", numberArg(t))
		// state: X times 1024 plus the sum of the first X cells.
		r.step = func(i, st, v int) (int, bool) {
			x, sum := st/1024, st%1024
			if i == 0 {
				x = v
			}
			if i < x {
				sum += v
				if sum > t || (i == x-1 && sum != t) {
					return 0, false
				}
			}
			return x*1024 + sum, true
		}
		r.ok = func(_ uint32, st int) bool { return st%1024 == t }
	case variant.Skyscraper:
		r.cells, r.name = k.At.Cells(n), at(k.At)
		want := k.Count
		r.says = phrase("skyscraper", numberArg(want))
		// state: the tallest so far times 1024 plus the number seen.
		r.step = func(_, st, v int) (int, bool) {
			top, seen := st/1024, st%1024
			if v > top {
				top, seen = v, seen+1
			}
			return top*1024 + seen, seen <= want
		}
		r.ok = func(_ uint32, st int) bool { return st%1024 == want }
	}
	s.rules = append(s.rules, r)
}

// indexer adds the pair rules of an indexer: a cell X at position k of
// its row, column or region (from 1) holding j means the cell at
// position j holds k.
func (s *Solver) indexer(p *variant.Puzzle, k variant.Indexer) {
	n := s.n
	regs := p.RegionsOf()
	for _, x := range k.Cells {
		r, c := variant.RowCol(n, x)
		var line []variant.Cell
		id := "indexerRow"
		for i := range n {
			switch k.Of {
			case variant.RowIndexer:
				line, id = append(line, variant.CellOf(n, i, c)), "indexerColumn"
			case variant.ColumnIndexer:
				line = append(line, variant.CellOf(n, r, i))
			}
		}
		if k.Of == variant.BoxIndexer {
			id = "indexerRegion"
			for i, g := range regs {
				if g >= 0 && g == regs[x] {
					line = append(line, variant.Cell(i))
				}
			}
		}
		pos := slices.Index(line, x) + 1
		for j, y := range line {
			if y == x {
				continue
			}
			at := j + 1
			s.rules = append(s.rules, rule{kind: k.Kind(), shape: pair, cells: []variant.Cell{x, y},
				says: phrase(id, s.cellArg(x), digitArg(at), s.cellArg(y), digitArg(pos)),
				rel:  func(a, b int) bool { return a != at || b == pos }})
		}
	}
}
