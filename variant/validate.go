package variant

import (
	"fmt"
	"strings"
)

// Error is what Validate returns: what is wrong and where.
type Error struct {
	// Index is the index in Puzzle.Constraints of the constraint at
	// fault, or -1 for the puzzle's own fields (size, regions, givens).
	Index int
	// Kind is the constraint's kind ("killer cage"), or the field at
	// fault ("regions", "givens") when Index is -1.
	Kind string
	// Reason says what is wrong, with the cells named r1c1.
	Reason string
}

func (e *Error) Error() string {
	if e.Index < 0 {
		return "variant: " + e.Kind + ": " + e.Reason
	}
	return fmt.Sprintf("variant: constraint %d (%s): %s", e.Index+1, e.Kind, e.Reason)
}

// Validate reports whether p is a well-formed puzzle: a size from 1 to
// MaxSize, regions, givens and solution of the right length and range,
// every region of Size cells, and every constraint with its cells in the
// grid, not repeated, as many as its kind needs, and its numbers in range
// (a sum that no values can reach, a gap wider than the values ...). The
// error is an *Error naming the constraint (its index from 1 and its kind)
// and why. An Unsupported constraint is well-formed data: Validate
// accepts it and the engine refuses it.
//
// A valid puzzle may still have no solution; a nil puzzle is not valid.
func (p *Puzzle) Validate() error {
	if p == nil {
		return &Error{-1, "puzzle", "nil, want a puzzle"}
	}
	n := p.Size
	if n < 1 || n > MaxSize {
		return &Error{-1, "size", fmt.Sprintf("%d is not a grid size, want 1 to %d", n, MaxSize)}
	}
	if err := validRegions(n, p.Regions); err != nil {
		return err
	}
	if p.Offset != 0 && p.Offset != -1 {
		return &Error{-1, "offset", fmt.Sprintf("%d, want 0 (values from 1) or -1 (values from 0)", p.Offset)}
	}
	lo, hi := p.Offset+1, p.Offset+n
	// 0 is an empty cell among the givens, whatever the values.
	if err := validValues(n, "givens", p.Givens, max(lo, 1), hi, true); err != nil {
		return err
	}
	if err := validValues(n, "solution", p.Solution, lo, hi, false); err != nil {
		return err
	}
	v := validator{n: n, regions: p.RegionsOf(), off: p.Offset, lo: lo, hi: hi}
	for i, c := range p.Constraints {
		if c == nil {
			return &Error{i, "nil", "no constraint"}
		}
		if msg := v.check(c); msg != "" {
			return &Error{i, c.Kind(), msg}
		}
	}
	return nil
}

func validRegions(n int, rs []int) error {
	if rs == nil {
		return nil
	}
	if len(rs) != n*n {
		return &Error{-1, "regions", fmt.Sprintf("%d cells, want %d", len(rs), n*n)}
	}
	count := make([]int, n)
	for i, r := range rs {
		if r < -1 || r >= n {
			return &Error{-1, "regions", fmt.Sprintf("cell %s is in region %d, want -1 to %d", CellName(n, Cell(i)), r, n-1)}
		}
		if r >= 0 {
			count[r]++
		}
	}
	for r, k := range count {
		if k != 0 && k != n {
			return &Error{-1, "regions", fmt.Sprintf("region %d has %d cells, want %d", r, k, n)}
		}
	}
	return nil
}

// validValues checks a grid of values: each from lo to hi, or 0 if empty
// is true.
func validValues(n int, what string, vs []int, lo, hi int, empty bool) error {
	if vs == nil {
		return nil
	}
	if len(vs) != n*n {
		return &Error{-1, what, fmt.Sprintf("%d cells, want %d", len(vs), n*n)}
	}
	for i, v := range vs {
		if (v < lo || v > hi) && !(empty && v == 0) {
			want := fmt.Sprintf("%d to %d", lo, hi)
			if empty {
				want += " or 0 for an empty cell"
			}
			return &Error{-1, what, fmt.Sprintf("cell %s holds %d, want %s", CellName(n, Cell(i)), v, want)}
		}
	}
	return nil
}

// validator checks constraints against a grid of size n holding the
// values lo = off+1 to hi = off+n.
type validator struct {
	n           int
	regions     []int
	off, lo, hi int
}

// cells checks a list of cells: between least and most of them (most 0
// for no bound), each in the grid, none twice. It returns the reason or "".
func (v *validator) cells(what string, cs []Cell, least, most int) string {
	if len(cs) < least {
		if least == 1 {
			return "no " + what
		}
		return fmt.Sprintf("%d %s, want at least %d", len(cs), what, least)
	}
	if most > 0 && len(cs) > most {
		return fmt.Sprintf("%d %s, want at most %d", len(cs), what, most)
	}
	for i, c := range cs {
		if !InGrid(v.n, c) {
			return fmt.Sprintf("cell %d is outside the %dx%d grid", int(c), v.n, v.n)
		}
		for _, d := range cs[:i] {
			if d == c {
				return "cell " + CellName(v.n, c) + " is listed twice"
			}
		}
	}
	return ""
}

// rng checks that x is in [lo, hi].
func rng(what string, x, lo, hi int) string {
	if x < lo || x > hi {
		return fmt.Sprintf("%s %d is out of range, want %d to %d", what, x, lo, hi)
	}
	return ""
}

// pair checks the two cells of a dot: distinct cells of the grid.
func (v *validator) pair(cs [2]Cell) string { return v.cells("cells", cs[:], 2, 2) }

// sumRange returns the least and greatest sums of k different values.
func sumRange(n, k int) (lo, hi int) { return k * (k + 1) / 2, k * (2*n - k + 1) / 2 }

// check returns what is wrong with c, or "".
func (v *validator) check(c Constraint) string {
	n := v.n
	switch c := c.(type) {
	case Candidates:
		if msg := v.cells("cells", []Cell{c.Cell}, 1, 1); msg != "" {
			return msg
		}
		if len(c.Values) == 0 {
			return "no values"
		}
		for _, x := range c.Values {
			if msg := rng("value", x, v.lo, v.hi); msg != "" {
				return msg
			}
		}
	case Even:
		return v.cells("cells", []Cell{c.Cell}, 1, 1)
	case Odd:
		return v.cells("cells", []Cell{c.Cell}, 1, 1)
	case Minimum:
		return v.cells("cells", []Cell{c.Cell}, 1, 1)
	case Maximum:
		return v.cells("cells", []Cell{c.Cell}, 1, 1)
	case KillerCage:
		if msg := v.cells("cells", c.Cells, 1, n); msg != "" {
			return msg
		}
		if c.Sum != 0 {
			k := len(c.Cells)
			lo, hi := sumRange(n, k)
			return rng("sum", c.Sum, lo+k*v.off, hi+k*v.off)
		}
	case ExtraRegion:
		return v.cells("cells", c.Cells, 1, n)
	case Quadruple:
		if msg := v.cells("cells", []Cell{c.Cell}, 1, 1); msg != "" {
			return msg
		}
		if r, col := RowCol(n, c.Cell); r == n-1 || col == n-1 {
			return "cell " + CellName(n, c.Cell) + " is not the top-left cell of a 2x2 block"
		}
		if len(c.Values) == 0 || len(c.Values) > 4 {
			return fmt.Sprintf("%d values, want 1 to 4", len(c.Values))
		}
		for _, x := range c.Values {
			if msg := rng("value", x, v.lo, v.hi); msg != "" {
				return msg
			}
		}
	case Clone:
		if len(c.Cells) != len(c.Clones) {
			return fmt.Sprintf("%d cells and %d clones, want as many", len(c.Cells), len(c.Clones))
		}
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		return v.cells("clones", c.Clones, 1, 0)
	case Indexer:
		if c.Of > BoxIndexer {
			return fmt.Sprintf("indexer kind %d is not row, column or box", c.Of)
		}
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		if c.Of == BoxIndexer {
			for _, x := range c.Cells {
				if v.regions[x] < 0 {
					return "cell " + CellName(n, x) + " is in no region"
				}
			}
		}
	case Difference:
		if msg := v.pair(c.Cells); msg != "" {
			return msg
		}
		return rng("difference", c.Diff, 1, n-1)
	case Ratio:
		if msg := v.pair(c.Cells); msg != "" {
			return msg
		}
		return rng("ratio", c.Ratio, 1, n)
	case XV:
		if msg := v.pair(c.Cells); msg != "" {
			return msg
		}
		return rng("sum", c.Sum, 2*v.lo, 2*v.hi)
	case Diagonal, AntiKnight, AntiKing, AntiTaxicab, DisjointGroups, NonConsecutive, NegativeRatio, NegativeXV:
	case Thermometer:
		return v.cells("cells", c.Cells, 1, 0)
	case Arrow:
		if msg := v.cells("circle cells", c.Circle, 1, 4); msg != "" {
			return msg
		}
		if msg := v.cells("line cells", c.Line, 1, 0); msg != "" {
			return msg
		}
		for _, x := range c.Line {
			for _, y := range c.Circle {
				if x == y {
					return "cell " + CellName(n, x) + " is both in the circle and on the line"
				}
			}
		}
	case DoubleArrow:
		return v.cells("cells", c.Cells, 3, 0)
	case Palindrome:
		return v.cells("cells", c.Cells, 1, 0)
	case Renban:
		return v.cells("cells", c.Cells, 1, n)
	case Whispers:
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		return rng("gap", c.Gap, 1, n-1)
	case RegionSumLine:
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		for _, x := range c.Cells {
			if v.regions[x] < 0 {
				return "cell " + CellName(n, x) + " is in no region"
			}
		}
	case RellikCage:
		if msg := v.cells("cells", c.Cells, 1, n); msg != "" {
			return msg
		}
		return rng("sum", c.Sum, 1, n*(n+1)/2)
	case CountDistinct:
		return v.cells("cells", c.Cells, 2, 0)
	case Or:
		if len(c.Choices) == 0 {
			return "no choices"
		}
		for i, choice := range c.Choices {
			if len(choice) == 0 {
				return fmt.Sprintf("choice %d has no rules", i+1)
			}
			for _, x := range choice {
				if x == nil {
					return fmt.Sprintf("choice %d: no constraint", i+1)
				}
				if msg := v.check(x); msg != "" {
					return fmt.Sprintf("choice %d: %s: %s", i+1, x.Kind(), msg)
				}
			}
		}
	case ValueCount:
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		if msg := rng("value", c.Value, v.lo, v.hi); msg != "" {
			return msg
		}
		return rng("count", c.Count, 0, len(c.Cells))
	case SameValues:
		if len(c.Sets) < 2 {
			return fmt.Sprintf("%d sets, want at least 2", len(c.Sets))
		}
		for _, set := range c.Sets {
			if len(set) != len(c.Sets[0]) {
				return fmt.Sprintf("sets of %d and %d cells, want one size", len(c.Sets[0]), len(set))
			}
			if msg := v.cells("cells", set, 1, 0); msg != "" {
				return msg
			}
		}
	case Pairwise:
		if msg := v.cells("cells", c.Cells, 2, 0); msg != "" {
			return msg
		}
		for _, pr := range c.Pairs {
			if msg := rng("value", pr[0], v.lo, v.hi); msg != "" {
				return msg
			}
			if msg := rng("value", pr[1], v.lo, v.hi); msg != "" {
				return msg
			}
		}
	case Sum:
		if len(c.Cells) == 0 {
			return "0 cells, want at least 1"
		}
		for _, x := range c.Cells {
			if int(x) < 0 || int(x) >= n*n {
				return fmt.Sprintf("cell %d is outside the %dx%d grid", int(x), n, n)
			}
		}
		return rng("total", c.Total, len(c.Cells)*v.lo, len(c.Cells)*v.hi)
	case Lunchbox:
		if msg := v.cells("cells", c.Cells, 2, n); msg != "" {
			return msg
		}
		return rng("sum", c.Sum, 0, n*(n+1)/2)
	case CountingCircles:
		return v.cells("cells", c.Cells, 1, 0)
	case SumLine:
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		return rng("sum", c.Sum, 1, len(c.Cells)*n)
	case BetweenLine:
		return v.cells("cells", c.Cells, 2, 0)
	case GlobalEntropy:
		if n%3 != 0 {
			return fmt.Sprintf("the values 1 to %d do not split into three equal sets", n)
		}
	case EntropicLine:
		if n%3 != 0 {
			return fmt.Sprintf("the values 1 to %d do not split into three equal sets", n)
		}
		return v.cells("cells", c.Cells, 1, 0)
	case ModularLine:
		if msg := v.cells("cells", c.Cells, 1, 0); msg != "" {
			return msg
		}
		return rng("modulus", c.Mod, 2, n)
	case ZipperLine:
		return v.cells("cells", c.Cells, 2, 0)
	case LockoutLine:
		if msg := v.cells("cells", c.Cells, 2, 0); msg != "" {
			return msg
		}
		return rng("gap", c.Gap, 0, n-1)
	case Nabner:
		return v.cells("cells", c.Cells, 1, n)
	case LittleKiller:
		cs := LittleKillerCells(n, c)
		if cs == nil {
			return fmt.Sprintf("start %d is outside the %dx%d grid", int(c.Start), n, n)
		}
		if c.Dir > UpLeft {
			return fmt.Sprintf("direction %d is not a diagonal", c.Dir)
		}
		dr, dc := c.Dir.Step()
		r, col := RowCol(n, c.Start)
		if _, in := (Point{r - dr, col - dc}).Cell(n); in {
			return "the diagonal does not start at the edge of the grid: " + CellName(n, c.Start) + " " + c.Dir.String()
		}
		return rng("sum", c.Sum, min(1, len(cs)*v.lo), len(cs)*v.hi)
	case Sandwich:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		// The values strictly between 1 and n.
		return rng("sum", c.Sum, 0, n*(n-1)/2-1)
	case XSum:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		return rng("sum", c.Sum, 1, n*(n+1)/2)
	case HiddenSkyscraper:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		return rng("value", c.Value, v.lo, v.hi)
	case NumberedRoom:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		return rng("value", c.Value, v.lo, v.hi)
	case Skyscraper:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		return rng("count", c.Count, 1, n)
	case FullRank:
		if msg := v.edge(c.At); msg != "" {
			return msg
		}
		return rng("rank", c.Rank, 1, 4*n)
	case NoRankTies:
	case Unsupported:
		if strings.TrimSpace(c.Name) == "" {
			return "no name"
		}
		for _, x := range c.Cells {
			if !InGrid(n, x) {
				return fmt.Sprintf("cell %d is outside the %dx%d grid", int(x), n, n)
			}
		}
	default:
		return fmt.Sprintf("type %T is not a constraint of this package's (give values, not pointers)", c)
	}
	return ""
}

// edge checks the place of an outside clue.
func (v *validator) edge(e Edge) string {
	if e.Side > Bottom {
		return fmt.Sprintf("side %d is not a side of the grid", e.Side)
	}
	if e.Side <= Right {
		return rng("row", e.Index+1, 1, v.n)
	}
	return rng("column", e.Index+1, 1, v.n)
}
