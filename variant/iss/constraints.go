package iss

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// composites are the types that hold other items up to a matching End.
var composites = map[string]bool{"Or": true, "And": true, "Replicate": true, "Container": true}

// ParseConstraints reads a constraint string. Items are read in order;
// the puzzle's constraints keep their order, the givens first.
func ParseConstraints(s string) (*variant.Puzzle, error) {
	items, err := splitItems(s)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, &Error{Err: errors.New("no items")}
	}
	r := &reader{p: &variant.Puzzle{Size: 9}}
	// The shape first: cell names depend on the size.
	shapes := 0
	for _, it := range items {
		if it.typ != "Shape" {
			continue
		}
		if shapes++; shapes > 1 {
			return nil, it.errorf("more than one Shape")
		}
		n, off, err := shape(it.args)
		if err != nil {
			return nil, it.errorf("%v", err)
		}
		r.p.Size, r.p.Offset = n, off
	}
	r.n = r.p.Size
	r.cands = map[variant.Cell][]int{}
	depth, compStart := 0, 0
	for i, it := range items {
		switch {
		case composites[it.typ]:
			if depth == 0 {
				compStart = i
			}
			depth++
			continue
		case it.typ == "End":
			if depth == 0 {
				return nil, it.errorf("End without Or or And")
			}
			depth--
			if depth == 0 {
				if or, ok := r.or(items[compStart : i+1]); ok {
					r.add(items[compStart], or)
					continue
				}
				if copies, ok, err := replicate(r.n, items[compStart:i+1]); err != nil {
					return nil, err
				} else if ok {
					for _, c := range copies {
						if err := r.item(c); err == errVarCell {
							return nil, c.errorf("a replicated rule on var cells")
						} else if err != nil {
							return nil, err
						}
					}
					continue
				}
				var texts []string
				for _, x := range items[compStart : i+1] {
					texts = append(texts, x.text)
				}
				r.add(items[compStart], variant.Unsupported{Name: items[compStart].typ, Data: strings.Join(texts, "")})
			}
			continue
		case depth > 0:
			continue
		}
		if err := r.item(it); err == errVarCell {
			name := it.typ
			if name == "" {
				name = "Given"
			}
			r.add(it, variant.Unsupported{Name: name + " on var cells", Data: it.text})
		} else if err != nil {
			return nil, err
		}
	}
	if depth > 0 {
		return nil, items[compStart].errorf("%s without End", items[compStart].typ)
	}
	return r.finish()
}

// shape reads the arguments of a Shape item: a square grid of size N
// with the values 1 to N or 0 to N-1 ("9x9~0-8"), and the puzzle's
// Offset.
func shape(args []string) (n, offset int, err error) {
	if len(args) == 0 {
		return 9, 0, nil
	}
	dims := strings.Split(args[0], "x")
	if len(dims) != 2 {
		return 0, 0, fmt.Errorf("bad grid size %q", args[0])
	}
	rows, err1 := strconv.Atoi(dims[0])
	cols, err2 := strconv.Atoi(dims[1])
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("bad grid size %q", args[0])
	}
	if rows != cols {
		return 0, 0, fmt.Errorf("the grid is %dx%d: godoku's grids are square", rows, cols)
	}
	if rows < 1 || rows > variant.MaxSize {
		return 0, 0, fmt.Errorf("grid size %d, want 1 to %d", rows, variant.MaxSize)
	}
	if len(args) > 1 {
		switch args[1] {
		case "", strconv.Itoa(rows), "1-" + strconv.Itoa(rows):
		case "0-" + strconv.Itoa(rows-1):
			offset = -1
		default:
			return 0, 0, fmt.Errorf("the values are %s: godoku's %dx%d grids hold 1 to %d or 0 to %d", args[1], rows, rows, rows, rows-1)
		}
	}
	if len(args) > 2 && args[2] != "" && args[2] != "Sudoku" {
		return 0, 0, fmt.Errorf("grid type %q: godoku's grids are Sudoku grids", args[2])
	}
	if len(args) > 3 {
		return 0, 0, fmt.Errorf("too many arguments")
	}
	return rows, offset, nil
}

type reader struct {
	p       *variant.Puzzle
	n       int
	cands   map[variant.Cell][]int // the values given to each cell
	order   []variant.Cell         // the cells given values, in order
	noBoxes bool
	jigsaw  []int
	dots    bool // the puzzle has kropki dots
	antiCon *item
	from    []item // the item of each constraint
	// keyed holds the index of each constraint that ISS keeps one of at
	// a place (see placeKey).
	keyed map[placeKey]int
}

// placeKey names the place of a clue that ISS's reader keeps one of: a
// quadruple's 2x2 block and an outside clue's arrow (a little killer's
// first cell, a row or column and the end it is seen from). Its reader
// replaces such a clue by a later one at the same place, in the earlier
// one's position (its "uniqueness key": two quadruples at one block are
// the later one alone, not both), except between the choices of an Or;
// reading the same text, godoku has the same puzzle.
type placeKey struct {
	kind string
	cell variant.Cell
	at   variant.Edge
}

// placeOf returns the place of c, if c is a clue kept once at a place.
func placeOf(c variant.Constraint) (placeKey, bool) {
	switch c := c.(type) {
	case variant.Quadruple:
		return placeKey{kind: c.Kind(), cell: c.Cell}, true
	case variant.LittleKiller:
		return placeKey{kind: c.Kind(), cell: c.Start}, true
	case variant.Sandwich:
		return placeKey{kind: c.Kind(), at: c.At}, true
	case variant.XSum:
		return placeKey{kind: c.Kind(), at: c.At}, true
	case variant.Skyscraper:
		return placeKey{kind: c.Kind(), at: c.At}, true
	case variant.HiddenSkyscraper:
		return placeKey{kind: c.Kind(), at: c.At}, true
	case variant.NumberedRoom:
		return placeKey{kind: c.Kind(), at: c.At}, true
	case variant.FullRank:
		return placeKey{kind: c.Kind(), at: c.At}, true
	}
	return placeKey{}, false
}

func (r *reader) add(it item, c variant.Constraint) {
	if k, ok := placeOf(c); ok {
		if i, seen := r.keyed[k]; seen {
			r.p.Constraints[i], r.from[i] = c, it
			return
		}
		if r.keyed == nil {
			r.keyed = map[placeKey]int{}
		}
		r.keyed[k] = len(r.p.Constraints)
	}
	r.p.Constraints = append(r.p.Constraints, c)
	r.from = append(r.from, it)
}

func (r *reader) cells(it item, args []string, least int) ([]variant.Cell, error) {
	if len(args) < least {
		return nil, it.errorf("%d cells, want at least %d", len(args), least)
	}
	cs := make([]variant.Cell, len(args))
	for i, a := range args {
		c, err := cellID(r.n, a)
		if err != nil {
			if isVarCell(a) {
				return nil, errVarCell
			}
			return nil, it.errorf("%v", err)
		}
		cs[i] = c
	}
	return cs, nil
}

// errVarCell marks an item on the Interactive Sudoku Solver's variable
// cells (named cells outside the grid, declared by .Var), which the model
// has no place for: the item is kept as Unsupported.
var errVarCell = errors.New("var cell")

// isVarCell reports whether s names a variable cell rather than a grid
// cell: letters then digits, not R<row>C<col>.
func isVarCell(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	if _, err := variant.ParsePoint(s); err == nil {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// adjacentPairs returns the pairs of orthogonally adjacent cells among
// cs, each once, as the Interactive Sudoku Solver reads a dot on several
// cells.
func adjacentPairs(n int, cs []variant.Cell) [][2]variant.Cell {
	var out [][2]variant.Cell
	for i, a := range cs {
		ar, ac := variant.RowCol(n, a)
		for _, b := range cs[i+1:] {
			br, bc := variant.RowCol(n, b)
			if abs(ar-br)+abs(ac-bc) == 1 {
				out = append(out, [2]variant.Cell{a, b})
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (r *reader) number(it item, s string) (int, error) {
	x, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, it.errorf("%q is not a whole number", s)
	}
	return x, nil
}

// lineKinds are the types that are a list of cells.
var lineKinds = map[string]func([]variant.Cell) variant.Constraint{
	"Thermo":        func(cs []variant.Cell) variant.Constraint { return variant.Thermometer{Cells: cs} },
	"Renban":        func(cs []variant.Cell) variant.Constraint { return variant.Renban{Cells: cs} },
	"Entropic":      func(cs []variant.Cell) variant.Constraint { return variant.EntropicLine{Cells: cs} },
	"RegionSumLine": func(cs []variant.Cell) variant.Constraint { return variant.RegionSumLine{Cells: cs} },
	"Between":       func(cs []variant.Cell) variant.Constraint { return variant.BetweenLine{Cells: cs} },
	"Palindrome":    func(cs []variant.Cell) variant.Constraint { return variant.Palindrome{Cells: cs} },
	"Zipper":        func(cs []variant.Cell) variant.Constraint { return variant.ZipperLine{Cells: cs} },
	"DoubleArrow":   func(cs []variant.Cell) variant.Constraint { return variant.DoubleArrow{Cells: cs} },
	"AllDifferent":  func(cs []variant.Cell) variant.Constraint { return variant.ExtraRegion{Cells: cs} },
	"CountingCircles": func(cs []variant.Cell) variant.Constraint {
		return variant.CountingCircles{Cells: cs}
	},
}

// pairKinds are the types on two cells.
var pairKinds = map[string]func([2]variant.Cell) variant.Constraint{
	"WhiteDot": func(cs [2]variant.Cell) variant.Constraint { return variant.Difference{Cells: cs, Diff: 1} },
	"BlackDot": func(cs [2]variant.Cell) variant.Constraint { return variant.Ratio{Cells: cs, Ratio: 2} },
	"X":        func(cs [2]variant.Cell) variant.Constraint { return variant.XV{Cells: cs, Sum: 10} },
	"V":        func(cs [2]variant.Cell) variant.Constraint { return variant.XV{Cells: cs, Sum: 5} },
}

// The default difference of a Whisper item without one.
const defaultWhisper = 5

func (r *reader) item(it item) error {
	n := r.n
	if f, ok := lineKinds[it.typ]; ok {
		cs, err := r.cells(it, it.args, 1)
		if err != nil {
			return err
		}
		r.add(it, f(cs))
		return nil
	}
	if f, ok := pairKinds[it.typ]; ok {
		cs, err := r.cells(it, it.args, 2)
		if err != nil {
			return err
		}
		r.dots = true
		// Several cells: a dot between each two of them that touch.
		pairs := adjacentPairs(n, cs)
		if len(pairs) == 0 {
			return it.errorf("no two of the cells touch")
		}
		for _, pr := range pairs {
			r.add(it, f(pr))
		}
		return nil
	}
	switch it.typ {
	case "":
		return r.givens(it)
	case "GlobalEntropy":
		r.add(it, variant.GlobalEntropy{})
	case "GreaterThan":
		// Each cell is greater than the later cells of the list it
		// touches: a thermometer of two cells from each later one.
		cs, err := r.cells(it, it.args, 2)
		if err != nil {
			return err
		}
		pairs := adjacentPairs(n, cs)
		if len(pairs) == 0 {
			return it.errorf("no two of the cells touch")
		}
		for _, pr := range pairs {
			r.add(it, variant.Thermometer{Cells: []variant.Cell{pr[1], pr[0]}})
		}
	case "Shape":
	case "NoBoxes":
		r.noBoxes = true
	case "Jigsaw":
		if len(it.args) < 1 || len(it.args) > 2 {
			return it.errorf("want the region layout")
		}
		layout := it.args[len(it.args)-1]
		rs, err := regionsOf(n, layout)
		if err != nil {
			return it.errorf("%v", err)
		}
		r.jigsaw = rs
	case "Whisper":
		args, gap := it.args, defaultWhisper
		if len(args) > 0 {
			if x, err := strconv.Atoi(args[0]); err == nil {
				gap, args = x, args[1:]
			}
		}
		cs, err := r.cells(it, args, 1)
		if err != nil {
			return err
		}
		r.add(it, variant.Whispers{Cells: cs, Gap: gap})
	case "Lunchbox":
		if len(it.args) < 1 {
			return it.errorf("no sum")
		}
		sum, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 2)
		if err != nil {
			return err
		}
		r.add(it, variant.Lunchbox{Cells: cs, Sum: sum})
	case "SumLine":
		if len(it.args) < 1 {
			return it.errorf("no sum")
		}
		sum, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		args, loop := it.args[1:], false
		if len(args) > 0 && args[len(args)-1] == "LOOP" {
			args, loop = args[:len(args)-1], true
		}
		cs, err := r.cells(it, args, 1)
		if err != nil {
			return err
		}
		r.add(it, variant.SumLine{Cells: cs, Sum: sum, Loop: loop})
	case "Modular", "Lockout":
		if len(it.args) < 1 {
			return it.errorf("no value")
		}
		x, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		if it.typ == "Modular" {
			r.add(it, variant.ModularLine{Cells: cs, Mod: x})
		} else {
			r.add(it, variant.LockoutLine{Cells: cs, Gap: x})
		}
	case "Arrow":
		cs, err := r.cells(it, it.args, 2)
		if err != nil {
			return err
		}
		r.add(it, variant.Arrow{Circle: cs[:1], Line: cs[1:]})
	case "PillArrow":
		if len(it.args) < 1 {
			return it.errorf("no pill size")
		}
		size, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		if size < 1 || size >= len(cs) {
			return it.errorf("pill of %d cells on a line of %d", size, len(cs))
		}
		// The pill reads left to right, top to bottom.
		pill := slices.Clone(cs[:size])
		slices.Sort(pill)
		r.add(it, variant.Arrow{Circle: pill, Line: cs[size:]})
	case "Cage":
		if len(it.args) < 1 {
			return it.errorf("no sum")
		}
		sum := 0
		if strings.TrimSpace(it.args[0]) != "" {
			var err error
			if sum, err = r.number(it, it.args[0]); err != nil {
				return err
			}
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		// A cell listed twice counts twice in the sum, as the Interactive
		// Sudoku Solver adds it up; its cells differ once each.
		if once := slices.Compact(slices.Sorted(slices.Values(cs))); len(once) < len(cs) {
			var uniq []variant.Cell
			for _, c := range cs {
				if !slices.Contains(uniq, c) {
					uniq = append(uniq, c)
				}
			}
			r.add(it, variant.KillerCage{Cells: uniq})
			if sum != 0 {
				r.add(it, variant.Sum{Cells: cs, Total: sum})
			}
			return nil
		}
		r.add(it, variant.KillerCage{Cells: cs, Sum: sum})
	case "RellikCage":
		if len(it.args) < 1 {
			return it.errorf("no sum")
		}
		sum, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		r.add(it, variant.RellikCage{Cells: cs, Sum: sum})
	case "CountDistinct":
		cs, err := r.cells(it, it.args, 2)
		if err != nil {
			return err
		}
		r.add(it, variant.CountDistinct{Cells: cs})
	case "AntiTaxicab":
		r.add(it, variant.AntiTaxicab{})
	case "LookAndSay":
		// Digit pairs: a count, then a value.
		if len(it.args) < 1 {
			return it.errorf("no clue")
		}
		clue := it.args[0]
		if len(clue) == 0 || len(clue)%2 != 0 || strings.Trim(clue, "0123456789") != "" {
			return it.errorf("clue %q is not pairs of digits (a count, then a value)", clue)
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		for i := 0; i < len(clue); i += 2 {
			r.add(it, variant.ValueCount{Cells: cs, Value: int(clue[i+1] - '0'), Count: int(clue[i] - '0')})
		}
	case "SameValues":
		if len(it.args) < 1 {
			return it.errorf("no number of sets")
		}
		k, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 2)
		if err != nil {
			return err
		}
		if k < 2 || len(cs)%k != 0 {
			return it.errorf("%d cells do not cut into %d sets", len(cs), k)
		}
		size := len(cs) / k
		var sets [][]variant.Cell
		for i := 0; i < len(cs); i += size {
			sets = append(sets, cs[i:i+size])
		}
		r.add(it, variant.SameValues{Sets: sets})
	case "Pair", "PairX", "Binary", "BinaryX":
		if len(it.args) < 1 {
			return it.errorf("no key")
		}
		pairs, err := pairKey(n, r.p.Offset, it.args[0], strings.HasPrefix(it.typ, "Binary"))
		if err != nil {
			return it.errorf("%v", err)
		}
		for _, group := range namedGroups(it.args[1:]) {
			if len(group) < 2 {
				continue // no pair
			}
			cs, err := r.cells(it, group, 2)
			if err != nil {
				return err
			}
			r.add(it, variant.Pairwise{Cells: cs, Pairs: pairs, All: strings.HasSuffix(it.typ, "X")})
		}
	case "Sum":
		// The form with coefficients ("10_=_1_-1") is kept unsupported.
		if len(it.args) < 1 || strings.Contains(it.args[0], "_") {
			r.unsupported(it)
			return nil
		}
		total, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		r.add(it, variant.Sum{Cells: cs, Total: total})
	case "Quad":
		if len(it.args) < 1 {
			return it.errorf("no cell")
		}
		c, err := cellID(n, it.args[0])
		if err != nil {
			return it.errorf("%v", err)
		}
		var vs []int
		for _, a := range it.args[1:] {
			x, err := r.number(it, a)
			if err != nil {
				return err
			}
			vs = append(vs, x)
		}
		r.add(it, variant.Quadruple{Cell: c, Values: vs})
	case "Diagonal":
		if len(it.args) != 1 || (it.args[0] != "1" && it.args[0] != "-1") {
			return it.errorf("want the direction 1 or -1")
		}
		r.add(it, variant.Diagonal{Positive: it.args[0] == "1"})
	case "AntiKnight":
		r.add(it, variant.AntiKnight{})
	case "AntiKing":
		r.add(it, variant.AntiKing{})
	case "DisjointSets":
		r.add(it, variant.DisjointGroups{})
	case "AntiConsecutive":
		// The model's rule exempts pairs with a dot; decided in finish.
		x := it
		r.antiCon = &x
	case "StrictKropki":
		r.add(it, variant.NonConsecutive{})
		r.add(it, variant.NegativeRatio{})
	case "StrictXV":
		r.add(it, variant.NegativeXV{})
	case "Windoku":
		ws := windows(n)
		if ws == nil {
			return it.errorf("a %dx%d grid has no windoku windows", n, n)
		}
		for _, w := range ws {
			r.add(it, variant.ExtraRegion{Cells: w})
		}
	case "Indexing":
		if len(it.args) < 1 || (it.args[0] != "R" && it.args[0] != "C") {
			return it.errorf("want R or C, then the cells")
		}
		cs, err := r.cells(it, it.args[1:], 1)
		if err != nil {
			return err
		}
		of := variant.ColumnIndexer
		if it.args[0] == "R" {
			of = variant.RowIndexer
		}
		r.add(it, variant.Indexer{Of: of, Cells: cs})
	case "LittleKiller":
		if len(it.args) != 2 {
			return it.errorf("want the sum and the first cell of the diagonal")
		}
		sum, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		c, err := cellID(n, it.args[1])
		if err != nil {
			return it.errorf("%v", err)
		}
		dir, ok := littleKillerDir(n, c)
		if !ok {
			return it.errorf("no little killer diagonal starts at %s", it.args[1])
		}
		r.add(it, variant.LittleKiller{Start: c, Dir: dir, Sum: sum})
	case "Sandwich":
		if len(it.args) != 2 {
			return it.errorf("want the sum and the row or column (R1, C1)")
		}
		sum, err := r.number(it, it.args[0])
		if err != nil {
			return err
		}
		e, err := line(n, it.args[1], 1)
		if err != nil {
			return it.errorf("%v", err)
		}
		r.add(it, variant.Sandwich{At: e, Sum: sum})
	case "XSum", "Skyscraper", "NumberedRoom", "HiddenSkyscraper", "FullRank":
		if len(it.args) < 2 || len(it.args) > 3 {
			return it.errorf("want the row or column (R1, C1), then the clues from each end")
		}
		for k, a := range it.args[1:] {
			if strings.TrimSpace(a) == "" {
				continue
			}
			v, err := r.number(it, a)
			if err != nil {
				return err
			}
			e, err := line(n, it.args[0], 1-2*k)
			if err != nil {
				return it.errorf("%v", err)
			}
			switch it.typ {
			case "XSum":
				r.add(it, variant.XSum{At: e, Sum: v})
			case "Skyscraper":
				r.add(it, variant.Skyscraper{At: e, Count: v})
			case "HiddenSkyscraper":
				r.add(it, variant.HiddenSkyscraper{At: e, Value: v})
			case "FullRank":
				r.add(it, variant.FullRank{At: e, Rank: v})
			default:
				r.add(it, variant.NumberedRoom{At: e, Value: v})
			}
		}
	case "FullRankTies":
		// Ties between unclued lines only is FullRank's own rule; ties
		// between any lines (a clue then naming a range of ranks) the
		// model does not hold.
		if len(it.args) != 1 {
			return it.errorf("want one of none, only-unclued, any")
		}
		switch it.args[0] {
		case "none":
			r.add(it, variant.NoRankTies{})
		case "only-unclued":
		case "any":
			r.unsupported(it)
		default:
			return it.errorf("ties %q, want none, only-unclued or any", it.args[0])
		}
	default:
		r.unsupported(it)
	}
	return nil
}

// base64URL is the alphabet of the Interactive Sudoku Solver's keys
// (RFC 4648's URL-safe one).
const base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// pairKey reads the key of a pairwise relation on values 1 to n: six bits
// a character, bit (x-1)*n+(y-1) set when x then y is allowed (missing
// characters at the end are 0). The legacy Binary items swap '-' and
// '_'. The pairs hold the values as written: x+off and y+off in a grid
// whose values start from off+1, the key counting values by rank.
func pairKey(n, off int, key string, legacy bool) ([][2]int, error) {
	digits := make([]int, len(key))
	for i := range len(key) {
		ch := key[i]
		if legacy && (ch == '-' || ch == '_') {
			ch ^= '-' ^ '_'
		}
		d := strings.IndexByte(base64URL, ch)
		if d < 0 {
			return nil, fmt.Errorf("bad key %q: %q is not a base-64 digit", key, key[i])
		}
		digits[i] = d
	}
	var pairs [][2]int
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			b := (x-1)*n + (y - 1)
			if b/6 < len(digits) && digits[b/6]>>(b%6)&1 != 0 {
				pairs = append(pairs, [2]int{x + off, y + off})
			}
		}
	}
	return pairs, nil
}

// namedGroups splits the arguments after a key into groups of cells: an
// empty argument ends a group, and one that starts with '_' names the
// next (a name the model does not keep).
func namedGroups(args []string) [][]string {
	var groups [][]string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			groups = append(groups, cur)
			cur = nil
		}
	}
	for _, a := range args {
		switch {
		case a == "":
			flush()
		case a[0] == '_':
			flush()
		default:
			cur = append(cur, a)
		}
	}
	flush()
	return groups
}

// or reads an Or item up to its End (items, both included): each item in
// it is a choice, an And up to its End a choice of several. It reports
// false for what the model does not hold (a choice with an item that is
// unsupported or sets up the grid, a composite nested deeper), which
// stays unsupported as a whole.
func (r *reader) or(items []item) (variant.Or, bool) {
	if items[0].typ != "Or" {
		return variant.Or{}, false
	}
	var or variant.Or
	inner := items[1 : len(items)-1]
	for i := 0; i < len(inner); i++ {
		group := inner[i : i+1]
		if inner[i].typ == "And" {
			j := i + 1
			for j < len(inner) && inner[j].typ != "End" {
				if composites[inner[j].typ] {
					return variant.Or{}, false
				}
				j++
			}
			if j == len(inner) {
				return variant.Or{}, false
			}
			group, i = inner[i+1:j], j
		} else if composites[inner[i].typ] || inner[i].typ == "End" {
			return variant.Or{}, false
		}
		choice, ok := r.choice(group)
		if !ok {
			return variant.Or{}, false
		}
		or.Choices = append(or.Choices, choice)
	}
	return or, len(or.Choices) > 0
}

// choice reads the items of one choice of an Or as rules: givens become
// candidates.
func (r *reader) choice(items []item) ([]variant.Constraint, bool) {
	sub := &reader{p: &variant.Puzzle{Size: r.n, Offset: r.p.Offset}, n: r.n, cands: map[variant.Cell][]int{}}
	for _, it := range items {
		switch it.typ {
		case "Shape", "NoBoxes", "Jigsaw", "AntiConsecutive", "StrictKropki", "StrictXV":
			return nil, false
		}
		if err := sub.item(it); err != nil {
			return nil, false
		}
	}
	if sub.noBoxes || sub.jigsaw != nil || sub.antiCon != nil {
		return nil, false
	}
	var cs []variant.Constraint
	for _, c := range sub.order {
		cs = append(cs, variant.Candidates{Cell: c, Values: sub.cands[c]})
	}
	for _, c := range sub.p.Constraints {
		if _, ok := c.(variant.Unsupported); ok {
			return nil, false
		}
		cs = append(cs, c)
	}
	// A choice the model finds ill-formed (a cage sum out of reach) is
	// kept unsupported with its Or rather than refuse the puzzle.
	if (&variant.Puzzle{Size: r.n, Offset: r.p.Offset, Constraints: cs}).Validate() != nil {
		return nil, false
	}
	return cs, len(cs) > 0
}

// unsupported keeps an item the model has no rule for.
func (r *reader) unsupported(it item) {
	var cs []variant.Cell
	for _, a := range it.args {
		if c, err := cellID(r.n, a); err == nil {
			cs = append(cs, c)
		}
	}
	r.add(it, variant.Unsupported{Name: it.typ, Cells: cs, Data: it.text})
}

// givens reads ".~R1C1_8~R2C3_1_2": values given to cells, several
// values to one cell giving its candidates. A cell given twice keeps the
// values both give, as the Interactive Sudoku Solver does.
func (r *reader) givens(it item) error {
	for _, a := range it.args {
		if a == "" {
			continue
		}
		parts := strings.Split(a, "_")
		c, err := cellID(r.n, parts[0])
		if err != nil {
			if isVarCell(parts[0]) {
				return errVarCell
			}
			return it.errorf("%v", err)
		}
		if len(parts) < 2 {
			return it.errorf("%s has no value, want the form R1C1_5", a)
		}
		var vs []int
		for _, p := range parts[1:] {
			x, err := strconv.Atoi(p)
			lo, hi := r.p.Offset+1, r.p.Offset+r.n
			if err != nil || x < lo || x > hi || strconv.Itoa(x) != p {
				return it.errorf("%s: value %q, want %d to %d", a, p, lo, hi)
			}
			vs = append(vs, x)
		}
		if old, ok := r.cands[c]; ok {
			vs = slices.DeleteFunc(vs, func(x int) bool { return !slices.Contains(old, x) })
		} else {
			r.order = append(r.order, c)
		}
		r.cands[c] = vs
	}
	return nil
}

// finish puts the givens, regions and deferred rules into the puzzle and
// checks it.
func (r *reader) finish() (*variant.Puzzle, error) {
	n, p := r.n, r.p
	var cands []variant.Constraint
	for _, c := range r.order {
		vs := r.cands[c]
		// 0 is an empty cell in Givens: a given 0 (values from 0) is a
		// candidate list of one.
		if len(vs) == 1 && vs[0] != 0 {
			if p.Givens == nil {
				p.Givens = make([]int, n*n)
			}
			p.Givens[c] = vs[0]
			continue
		}
		if len(vs) == 0 {
			return nil, &Error{Err: fmt.Errorf("cell %s is given values that exclude each other", variant.CellName(n, c))}
		}
		cands = append(cands, variant.Candidates{Cell: c, Values: vs})
	}
	if len(cands) > 0 {
		p.Constraints = append(cands, p.Constraints...)
		r.from = append(make([]item, len(cands)), r.from...)
	}
	h, _ := variant.DefaultBoxes(n)
	switch {
	case r.jigsaw != nil && (r.noBoxes || h == 0):
		// A grid with no boxes of its own (7x7) takes the jigsaw's
		// regions as its regions.
		p.Regions = r.jigsaw
	case r.jigsaw != nil:
		// Jigsaw regions on top of the boxes: extra regions.
		for k := range n {
			var cs []variant.Cell
			for i, x := range r.jigsaw {
				if x == k {
					cs = append(cs, variant.Cell(i))
				}
			}
			if len(cs) > 0 {
				r.add(item{}, variant.ExtraRegion{Cells: cs})
			}
		}
	case r.noBoxes:
		p.Regions = variant.NoRegions(n)
	}
	if p.Regions != nil && slices.Equal(p.Regions, (&variant.Puzzle{Size: n}).RegionsOf()) {
		p.Regions = nil
	}
	if r.antiCon != nil {
		if r.dots {
			// The model's non-consecutive rule exempts pairs with a dot;
			// this one does not.
			r.add(*r.antiCon, variant.Unsupported{Name: "AntiConsecutive with kropki dots", Data: r.antiCon.text})
		} else {
			r.add(*r.antiCon, variant.NonConsecutive{})
		}
	}
	if err := p.Validate(); err != nil {
		var ve *variant.Error
		if errors.As(err, &ve) && ve.Index >= 0 && ve.Index < len(r.from) && r.from[ve.Index].text != "" {
			return nil, r.from[ve.Index].errorf("%s", ve.Reason)
		}
		return nil, &Error{Err: err}
	}
	return p, nil
}

// regionsOf reads a jigsaw layout: one character a cell naming its region.
func regionsOf(n int, layout string) ([]int, error) {
	if len(layout) != n*n {
		return nil, fmt.Errorf("the layout has %d cells, want %d", len(layout), n*n)
	}
	ids := map[byte]int{}
	rs := make([]int, n*n)
	for i := range len(layout) {
		id, ok := ids[layout[i]]
		if !ok {
			id = len(ids)
			ids[layout[i]] = id
		}
		rs[i] = id
	}
	if len(ids) != n {
		return nil, fmt.Errorf("the layout has %d regions, want %d", len(ids), n)
	}
	return rs, nil
}

// windows returns the windoku windows of a grid of size n: boxes of the
// default shape, each one cell in from the box lines.
func windows(n int) [][]variant.Cell {
	h, w := variant.DefaultBoxes(n)
	if h == 0 {
		return nil
	}
	var out [][]variant.Cell
	for c0 := 1; c0+w < n; c0 += w + 1 {
		for r0 := 1; r0+h < n; r0 += h + 1 {
			var cs []variant.Cell
			for k := range n {
				cs = append(cs, variant.CellOf(n, r0+k%h, c0+k/h))
			}
			out = append(out, cs)
		}
	}
	return out
}

// littleKillerDir returns the direction of the diagonal the Interactive
// Sudoku Solver names by its first cell: from the left edge down-right,
// the right edge up-left, the top edge down-left, the bottom edge
// up-right; a diagonal reachable from two ends is named from the first of
// these.
func littleKillerDir(n int, c variant.Cell) (variant.Direction, bool) {
	r, col := variant.RowCol(n, c)
	seen := map[string]bool{}
	var found variant.Direction
	ok := false
	try := func(r0, c0 int, d variant.Direction) {
		dr, dc := d.Step()
		var cells []variant.Cell
		for rr, cc := r0, c0; rr >= 0 && cc >= 0 && rr < n && cc < n; rr, cc = rr+dr, cc+dc {
			cells = append(cells, variant.CellOf(n, rr, cc))
		}
		if len(cells) <= 1 {
			return
		}
		sorted := slices.Clone(cells)
		slices.Sort(sorted)
		key := fmt.Sprint(sorted)
		if seen[key] {
			return
		}
		seen[key] = true
		if !ok && r0 == r && c0 == col {
			found, ok = d, true
		}
	}
	for row := 0; row < n-1; row++ {
		try(row, 0, variant.DownRight)
	}
	for row := 1; row < n-1; row++ {
		try(row, n-1, variant.UpLeft)
	}
	for cc := 1; cc < n; cc++ {
		try(0, cc, variant.DownLeft)
	}
	for cc := 1; cc < n-1; cc++ {
		try(n-1, cc, variant.UpRight)
	}
	return found, ok
}

// line reads a row or column "R3" or "C5" and the direction a clue looks
// along it: 1 from the left or top, -1 from the right or bottom.
func line(n int, s string, dir int) (variant.Edge, error) {
	if len(s) < 2 || (s[0] != 'R' && s[0] != 'C') {
		return variant.Edge{}, fmt.Errorf("bad row or column %q, want R1 or C1", s)
	}
	k, err := strconv.Atoi(s[1:])
	if err != nil || k < 1 || k > n {
		return variant.Edge{}, fmt.Errorf("bad row or column %q", s)
	}
	side := map[[2]int]variant.Side{{'R', 1}: variant.Left, {'R', -1}: variant.Right, {'C', 1}: variant.Top, {'C', -1}: variant.Bottom}[[2]int{int(s[0]), dir}]
	return variant.Edge{Side: side, Index: k - 1}, nil
}
