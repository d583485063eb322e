package variant

import (
	"fmt"
	"sort"
	"strings"

	"github.com/godoku/sudoku/variant/internal/engine"
)

// UnsupportedError is the error of solving a puzzle with rules the engine
// lacks: the Unsupported constraints, by their names, or in a grid whose
// values start from 0 the kinds KindsNotFromZero names ("skyscraper with
// values from 0").
type UnsupportedError struct {
	Names []string
}

func (e *UnsupportedError) Error() string {
	if len(e.Names) == 1 {
		return "variant: unsupported constraint " + e.Names[0]
	}
	return "variant: unsupported constraints " + strings.Join(e.Names, ", ")
}

// check returns what stops p from being solved: no puzzle, rules the
// engine lacks, or what Validate finds wrong.
func check(p *Puzzle) error {
	if p == nil {
		return errNilPuzzle
	}
	var unsupported []string
	var find func(cs []Constraint)
	find = func(cs []Constraint) {
		for _, c := range cs {
			switch c := c.(type) {
			case Unsupported:
				if !contains(unsupported, c.Name) {
					unsupported = append(unsupported, c.Name)
				}
			case Or:
				for _, choice := range c.Choices {
					find(choice)
				}
			}
		}
	}
	find(p.Constraints)
	if unsupported != nil {
		sort.Strings(unsupported)
		return &UnsupportedError{unsupported}
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if p.Offset != 0 {
		if kinds := KindsNotFromZero(p.Constraints); kinds != nil {
			for i := range kinds {
				kinds[i] += fmt.Sprintf(" with values from %d", p.Offset+1)
			}
			return &UnsupportedError{kinds}
		}
	}
	return nil
}

// lower lowers the rules of p, which check has passed, to the engine's
// propagators.
func lower(p *Puzzle) *engine.Problem {
	n := p.Size
	b := engine.NewBuilder(n, n*n)
	l := lowerer{b: b, n: n, regions: p.RegionsOf(), off: p.Offset}
	// Houses first, so that the sums know them.
	rows := make([][]int, n)
	cols := make([][]int, n)
	for r := range n {
		rows[r] = make([]int, n)
		cols[r] = make([]int, n)
		for c := range n {
			rows[r][c] = r*n + c
			cols[r][c] = c*n + r
		}
	}
	b.Tiling(rows)
	b.Tiling(cols)
	b.Tiling(l.regionCells())
	for i, v := range p.Givens {
		if v != 0 {
			b.Restrict(i, engine.MaskOf(v-l.off))
		}
	}
	l.marked(p.Constraints)
	for _, c := range p.Constraints {
		l.lower(c)
	}
	return b.Build()
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// lowerer lowers the constraints of one puzzle.
type lowerer struct {
	b       *engine.Builder
	n       int
	regions []int
	// off is the puzzle's Offset: the engine holds the values 1 to n, the
	// value v of the puzzle being v-off there. Rules on values go through
	// relate, sum and value, which translate.
	off int
	// dots holds the pairs of cells that carry a kropki dot or an XV
	// marker, for the negative constraints.
	kropki, xv map[[2]int]bool
	ratios     []int
	// minimum and maximum hold the cells of those kinds: two cells of
	// one kind side by side are not compared.
	minimum, maximum map[Cell]bool
}

// regionCells returns the cells of each region, in cell order.
func (l *lowerer) regionCells() [][]int {
	byRegion := map[int][]int{}
	var ids []int
	for c, r := range l.regions {
		if r < 0 {
			continue
		}
		if _, ok := byRegion[r]; !ok {
			ids = append(ids, r)
		}
		byRegion[r] = append(byRegion[r], c)
	}
	sort.Ints(ids)
	out := make([][]int, len(ids))
	for i, r := range ids {
		out[i] = byRegion[r]
	}
	return out
}

// key is the unordered pair of two cells.
func key(a, b Cell) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{int(a), int(b)}
}

// marked notes the pairs that carry markers, for the negative rules.
func (l *lowerer) marked(cs []Constraint) {
	l.kropki = map[[2]int]bool{}
	l.xv = map[[2]int]bool{}
	l.minimum = map[Cell]bool{}
	l.maximum = map[Cell]bool{}
	for _, c := range cs {
		switch c := c.(type) {
		case Minimum:
			l.minimum[c.Cell] = true
		case Maximum:
			l.maximum[c.Cell] = true
		case Difference:
			l.kropki[key(c.Cells[0], c.Cells[1])] = true
		case Ratio:
			l.kropki[key(c.Cells[0], c.Cells[1])] = true
			if !containsInt(l.ratios, c.Ratio) {
				l.ratios = append(l.ratios, c.Ratio)
			}
		case XV:
			l.xv[key(c.Cells[0], c.Cells[1])] = true
		}
	}
	if len(l.ratios) == 0 {
		l.ratios = []int{2}
	}
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// ints converts cells.
func ints(cs []Cell) []int {
	r := make([]int, len(cs))
	for i, c := range cs {
		r[i] = int(c)
	}
	return r
}

// orthogonal calls f with every pair of orthogonally adjacent cells.
func (l *lowerer) orthogonal(f func(a, b Cell)) {
	n := l.n
	for r := range n {
		for c := range n {
			if c+1 < n {
				f(CellOf(n, r, c), CellOf(n, r, c+1))
			}
			if r+1 < n {
				f(CellOf(n, r, c), CellOf(n, r+1, c))
			}
		}
	}
}

// relate adds a binary relation between two cells, ok taking the values
// as the puzzle writes them.
func (l *lowerer) relate(a, c Cell, ok func(x, y int) bool) {
	if o := l.off; o != 0 {
		f := ok
		ok = func(x, y int) bool { return f(x+o, y+o) }
	}
	l.b.Relation(int(a), int(c), ok)
}

// pairwise says that every two of cells hold values x and y (the
// puzzle's) with ok(x, y).
func (l *lowerer) pairwise(cells []Cell, ok func(x, y int) bool) {
	if o := l.off; o != 0 {
		f := ok
		ok = func(x, y int) bool { return f(x+o, y+o) }
	}
	l.b.Pairwise(ints(cells), ok)
}

// sum adds the linear rule sum(coef[i] * value of cells[i]) = total over
// the puzzle's values (coef nil for all 1).
func (l *lowerer) sum(cells, coef []int, total int) {
	l.b.Sum(cells, coef, l.total(cells, coef, total))
}

// total returns the engine's total of the rule sum(coef[i] * value of
// cells[i]) = total over the puzzle's values (coef nil for all 1): the
// engine's values being v-off, it is total - off*sum(coef).
func (l *lowerer) total(cells, coef []int, total int) int {
	k := len(cells)
	if coef != nil {
		k = 0
		for _, x := range coef {
			k += x
		}
	}
	return total - l.off*k
}

// value returns the engine's value of the puzzle's value v.
func (l *lowerer) value(v int) int { return v - l.off }

// values returns the engine's mask of the puzzle's values vs.
func (l *lowerer) values(vs ...int) engine.Mask {
	var m engine.Mask
	for _, v := range vs {
		m |= engine.MaskOf(l.value(v))
	}
	return m
}

// parity returns the mask of the values of parity r (0 even, 1 odd), as
// the puzzle writes them.
func (l *lowerer) parity(r int) engine.Mask {
	var m engine.Mask
	for v := 1; v <= l.n; v++ {
		if (v+l.off)&1 == r {
			m |= engine.MaskOf(v)
		}
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lower lowers one constraint.
func (l *lowerer) lower(c Constraint) {
	b, n := l.b, l.n
	switch c := c.(type) {
	case Candidates:
		b.Restrict(int(c.Cell), l.values(c.Values...))
	case Even:
		b.Restrict(int(c.Cell), l.parity(0))
	case Odd:
		b.Restrict(int(c.Cell), l.parity(1))
	case Minimum, Maximum:
		cell, greater, same := Cell(0), false, l.minimum
		if m, ok := c.(Minimum); ok {
			cell = m.Cell
		} else {
			cell, greater, same = c.(Maximum).Cell, true, l.maximum
		}
		r, col := RowCol(n, cell)
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			o, in := (Point{r + d[0], col + d[1]}).Cell(n)
			if !in || same[o] {
				continue
			}
			if greater {
				l.relate(cell, o, func(x, y int) bool { return x > y })
			} else {
				l.relate(cell, o, func(x, y int) bool { return x < y })
			}
		}
	case KillerCage:
		b.Distinct(ints(c.Cells))
		if c.Sum > 0 {
			l.sum(ints(c.Cells), nil, c.Sum)
		}
	case ExtraRegion:
		b.Distinct(ints(c.Cells))
	case Quadruple:
		r, col := RowCol(n, c.Cell)
		b.Contains([]int{int(c.Cell), int(CellOf(n, r, col+1)), int(CellOf(n, r+1, col)), int(CellOf(n, r+1, col+1))}, l.valueList(c.Values))
	case Clone:
		for i := range c.Cells {
			l.relate(c.Cells[i], c.Clones[i], func(x, y int) bool { return x == y })
		}
	case Indexer:
		l.indexer(c)
	case Difference:
		d := c.Diff
		l.relate(c.Cells[0], c.Cells[1], func(x, y int) bool { return abs(x-y) == d })
	case Ratio:
		k := c.Ratio
		l.relate(c.Cells[0], c.Cells[1], func(x, y int) bool { return x == k*y || y == k*x })
	case XV:
		s := c.Sum
		l.relate(c.Cells[0], c.Cells[1], func(x, y int) bool { return x+y == s })
	case Diagonal:
		d := make([]int, n)
		for i := range n {
			if c.Positive {
				d[i] = int(CellOf(n, n-1-i, i))
			} else {
				d[i] = int(CellOf(n, i, i))
			}
		}
		b.Distinct(d)
	case AntiKnight:
		l.moves([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
	case AntiKing:
		l.moves([][2]int{{1, 1}, {1, -1}})
	case DisjointGroups:
		// The i-th cell of each region, in that order: a map's order
		// of the groups made the search differ from run to run.
		var groups [][]int
		for _, cells := range l.regionCells() {
			for i, x := range cells {
				if i == len(groups) {
					groups = append(groups, nil)
				}
				groups[i] = append(groups[i], x)
			}
		}
		for _, g := range groups {
			b.Distinct(g)
		}
	case NonConsecutive:
		l.orthogonal(func(a, o Cell) {
			if !l.kropki[key(a, o)] {
				l.relate(a, o, func(x, y int) bool { return abs(x-y) != 1 })
			}
		})
	case NegativeRatio:
		ratios := l.ratios
		l.orthogonal(func(a, o Cell) {
			if !l.kropki[key(a, o)] {
				l.relate(a, o, func(x, y int) bool {
					for _, k := range ratios {
						if x == k*y || y == k*x {
							return false
						}
					}
					return true
				})
			}
		})
	case NegativeXV:
		l.orthogonal(func(a, o Cell) {
			if !l.xv[key(a, o)] {
				l.relate(a, o, func(x, y int) bool { return x+y != 5 && x+y != 10 })
			}
		})
	case Thermometer:
		for i := 1; i < len(c.Cells); i++ {
			if c.Slow {
				l.relate(c.Cells[i-1], c.Cells[i], func(x, y int) bool { return x <= y })
			} else {
				l.relate(c.Cells[i-1], c.Cells[i], func(x, y int) bool { return x < y })
			}
		}
	case Arrow:
		cells := append(ints(c.Circle), ints(c.Line)...)
		coef := make([]int, len(cells))
		w := 1
		for i := len(c.Circle) - 1; i >= 0; i-- {
			coef[i] = w
			w *= 10
			if len(c.Circle) > 1 {
				// A digit of the number: 0 to 9 as the puzzle writes
				// it, so 1 to 9 in a grid from 1.
				var m engine.Mask
				for v := max(0, l.off+1); v <= min(9, l.off+n); v++ {
					m |= l.values(v)
				}
				b.Restrict(int(c.Circle[i]), m)
			}
		}
		for i := len(c.Circle); i < len(cells); i++ {
			coef[i] = -1
		}
		l.sum(cells, coef, 0)
	case DoubleArrow:
		k := len(c.Cells)
		coef := make([]int, k)
		for i := range coef {
			coef[i] = -1
		}
		coef[0], coef[k-1] = 1, 1
		l.sum(ints(c.Cells), coef, 0)
	case Palindrome:
		k := len(c.Cells)
		for i := 0; i < k/2; i++ {
			l.relate(c.Cells[i], c.Cells[k-1-i], func(x, y int) bool { return x == y })
		}
	case Renban:
		b.Distinct(ints(c.Cells))
		b.Renban(ints(c.Cells))
	case Whispers:
		g := c.Gap
		for i := 1; i < len(c.Cells); i++ {
			l.relate(c.Cells[i-1], c.Cells[i], func(x, y int) bool { return abs(x-y) >= g })
		}
	case RegionSumLine:
		l.regionSumLine(c.Cells)
	case Sum:
		l.sum(ints(c.Cells), nil, c.Total)
	case RellikCage:
		b.Distinct(ints(c.Cells))
		b.Rellik(ints(c.Cells), c.Sum)
	case Or:
		// Each choice is a problem of its own over the same cells, with
		// only its rules.
		var choices []*engine.Problem
		for _, choice := range c.Choices {
			sub := lowerer{b: engine.NewBuilder(n, n*n), n: n, regions: l.regions, off: l.off}
			sub.marked(choice)
			for _, x := range choice {
				sub.lower(x)
			}
			choices = append(choices, sub.b.Build())
		}
		b.Or(choices)
	case CountDistinct:
		b.CountDistinct(int(c.Cells[0]), ints(c.Cells[1:]))
	case ValueCount:
		b.ValueCount(ints(c.Cells), l.value(c.Value), c.Count)
	case AntiTaxicab:
		// Two cells d steps apart do not both hold d.
		for a := range n * n {
			for o := a + 1; o < n*n; o++ {
				ar, ac := RowCol(n, Cell(a))
				or, oc := RowCol(n, Cell(o))
				if d := abs(ar-or) + abs(ac-oc); d <= n {
					l.relate(Cell(a), Cell(o), func(x, y int) bool { return x != d || y != d })
				}
			}
		}
	case SameValues:
		sets := make([][]int, len(c.Sets))
		for i, set := range c.Sets {
			sets[i] = ints(set)
		}
		b.SameValues(sets)
	case Pairwise:
		allowed := map[[2]int]bool{}
		for _, pr := range c.Pairs {
			allowed[pr] = true
		}
		ok := func(x, y int) bool { return allowed[[2]int{x, y}] }
		if c.All {
			l.pairwise(c.Cells, ok)
			break
		}
		for i := 1; i < len(c.Cells); i++ {
			l.relate(c.Cells[i-1], c.Cells[i], ok)
		}
	case Lunchbox:
		b.Distinct(ints(c.Cells))
		b.Lunchbox(ints(c.Cells), c.Sum)
	case CountingCircles:
		b.CountingCircles(ints(c.Cells))
	case SumLine:
		b.SumLine(ints(c.Cells), c.Sum, c.Loop)
	case BetweenLine:
		k := len(c.Cells)
		b.Between(int(c.Cells[0]), int(c.Cells[k-1]), ints(c.Cells[1:k-1]))
	case GlobalEntropy:
		third := n / 3
		sets := []engine.Mask{engine.AllValues(third), engine.AllValues(2*third) &^ engine.AllValues(third), engine.AllValues(n) &^ engine.AllValues(2*third)}
		for r := 0; r+1 < n; r++ {
			for col := 0; col+1 < n; col++ {
				b.Cover([]int{int(CellOf(n, r, col)), int(CellOf(n, r, col+1)), int(CellOf(n, r+1, col)), int(CellOf(n, r+1, col+1))}, sets)
			}
		}
	case EntropicLine:
		third := n / 3
		l.windows(c.Cells, 3, func(x, y int) bool { return (x-1)/third != (y-1)/third })
	case ModularLine:
		m := c.Mod
		l.windows(c.Cells, m, func(x, y int) bool { return x%m != y%m })
	case ZipperLine:
		l.zipper(c.Cells)
	case LockoutLine:
		k := len(c.Cells)
		b.Lockout(int(c.Cells[0]), int(c.Cells[k-1]), ints(c.Cells[1:k-1]), c.Gap)
	case Nabner:
		l.pairwise(c.Cells, func(x, y int) bool { return abs(x-y) > 1 })
	case LittleKiller:
		// The lines of one family: r-c constant (down-right and up-left)
		// or r+c (down-left and up-right).
		cells := ints(LittleKillerCells(n, c))
		r, col := RowCol(n, c.Start)
		family, index := 0, r-col
		if dr, dc := c.Dir.Step(); dr != dc {
			family, index = 1, r+col
		}
		b.LittleKiller(cells, l.total(cells, nil, c.Sum), family, index)
	case Sandwich:
		b.Sandwich(ints(c.At.Cells(n)), c.Sum)
	case XSum:
		b.XSum(ints(c.At.Cells(n)), c.Sum)
	case Skyscraper:
		b.Skyscraper(ints(c.At.Cells(n)), c.Count)
	case HiddenSkyscraper:
		b.HiddenSkyscraper(ints(c.At.Cells(n)), l.value(c.Value))
	case NumberedRoom:
		// The first cell holds x exactly when the x-th holds the value:
		// the value is once in the line, so the x-th cell holding it
		// says where it is. For x = 1, the first cell holds neither 1
		// nor the value, unless they are the same.
		cells := c.At.Cells(n)
		for x := 1; x <= n; x++ {
			b.Equivalent(int(cells[0]), x, int(cells[x-1]), c.Value)
		}
	case FullRank:
		b.FullRank(rankFamilies(n), int(c.At.Side), c.At.Index, c.Rank)
	case NoRankTies:
		var lines [][]int
		for _, f := range rankFamilies(n) {
			lines = append(lines, f...)
		}
		b.DistinctLines(lines)
	default:
		panic(fmt.Sprintf("variant: no lowering for %T", c))
	}
}

// moves makes cells a chess move apart differ, for each of the moves
// (and their opposites).
func (l *lowerer) moves(ds [][2]int) {
	n := l.n
	for r := range n {
		for c := range n {
			for _, d := range ds {
				o, in := (Point{r + d[0], c + d[1]}).Cell(n)
				if in {
					l.b.Differ(int(CellOf(n, r, c)), int(o))
				}
			}
		}
	}
}

// windows relates every two cells less than w apart on a line, which is
// every two cells of some w consecutive ones; a line shorter than w is
// one window.
func (l *lowerer) windows(cells []Cell, w int, ok func(x, y int) bool) {
	for i := range cells {
		for j := i + 1; j < len(cells) && j < i+w; j++ {
			l.relate(cells[i], cells[j], ok)
		}
	}
}

// zipper lowers a zipper line: cells at the same distance from its middle
// add up to the middle cell (odd length) or to one shared total.
func (l *lowerer) zipper(cells []Cell) {
	k := len(cells)
	if k%2 == 1 {
		mid := int(cells[k/2])
		for i := 0; i < k/2; i++ {
			l.sum([]int{int(cells[i]), int(cells[k-1-i]), mid}, []int{1, 1, -1}, 0)
		}
		return
	}
	for i := 1; i < k/2; i++ {
		l.sum([]int{int(cells[0]), int(cells[k-1]), int(cells[i]), int(cells[k-1-i])}, []int{1, 1, -1, -1}, 0)
	}
}

// regionSumLine cuts the line where it changes region and makes the sums
// of the pieces equal.
func (l *lowerer) regionSumLine(cells []Cell) {
	var pieces [][]int
	for i, c := range cells {
		if i == 0 || l.regions[c] != l.regions[cells[i-1]] {
			pieces = append(pieces, nil)
		}
		pieces[len(pieces)-1] = append(pieces[len(pieces)-1], int(c))
	}
	for _, p := range pieces[1:] {
		cs := append(append([]int(nil), pieces[0]...), p...)
		coef := make([]int, len(cs))
		for i := range coef {
			coef[i] = 1
			if i >= len(pieces[0]) {
				coef[i] = -1
			}
		}
		l.sum(cs, coef, 0)
	}
}

// valueList returns the engine's values of the puzzle's values vs.
func (l *lowerer) valueList(vs []int) []int {
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = l.value(v)
	}
	return out
}

// indexer lowers an indexer: each of its cells holding v points at a cell
// that holds its own row, column or region position.
func (l *lowerer) indexer(c Indexer) {
	n := l.n
	var regions [][]int
	pos := map[int]int{}
	regionOf := map[int]int{}
	if c.Of == BoxIndexer {
		regions = l.regionCells()
		for ri, cells := range regions {
			for i, x := range cells {
				pos[x] = i
				regionOf[x] = ri
			}
		}
	}
	for _, x := range c.Cells {
		r, col := RowCol(n, x)
		for v := 1; v <= n; v++ {
			var target, tv int
			switch c.Of {
			case RowIndexer:
				target, tv = int(CellOf(n, v-1, col)), r+1
			case ColumnIndexer:
				target, tv = int(CellOf(n, r, v-1)), col+1
			case BoxIndexer:
				cells := regions[regionOf[int(x)]]
				target, tv = cells[v-1], pos[int(x)]+1
			}
			l.b.Equivalent(int(x), v, target, tv)
		}
	}
}

// rankFamilies returns the 4n lines FullRank ranks, by the side they are
// read from (the order of Side): each row read from the left and from the
// right, each column read down and up.
func rankFamilies(n int) [4][][]int {
	var families [4][][]int
	for side := Left; side <= Bottom; side++ {
		for i := range n {
			families[side] = append(families[side], ints(Edge{Side: side, Index: i}.Cells(n)))
		}
	}
	return families
}
