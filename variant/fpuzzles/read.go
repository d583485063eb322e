package fpuzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Error is an error in an f-puzzles puzzle: the element at fault and why.
type Error struct {
	// Element names the element as the JSON has it, such as "killercage 3"
	// (the third killer cage) or "grid R2C5"; "" for the puzzle as a
	// whole.
	Element string
	Err     error
}

func (e *Error) Error() string {
	if e.Element == "" {
		return "f-puzzles: " + e.Err.Error()
	}
	return "f-puzzles: " + e.Element + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func errorf(element, format string, args ...any) *Error {
	return &Error{Element: element, Err: fmt.Errorf(format, args...)}
}

// jsonKeys returns the JSON names of the fields of struct v.
func jsonKeys(v any) []string {
	var keys []string
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("json")
		if name, _, _ := strings.Cut(tag, ","); name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}

// reader turns a Board into a Puzzle, remembering which element each
// constraint came from so that errors can name it.
type reader struct {
	b    *Board
	n    int
	p    *variant.Puzzle
	from []string // the element of each constraint
}

func (r *reader) add(from string, c variant.Constraint) {
	r.p.Constraints = append(r.p.Constraints, c)
	r.from = append(r.from, from)
}

func elem(key string, i int) string { return key + " " + strconv.Itoa(i+1) }

// point reads a position "R3C4", which may lie around the grid (row or
// column 0 or size+1).
func (r *reader) point(where, s string) (variant.Point, error) {
	p, err := variant.ParsePoint(s)
	if err != nil {
		return p, errorf(where, "bad cell %q, want the form R1C1", s)
	}
	if p.Row < -1 || p.Col < -1 || p.Row > r.n || p.Col > r.n {
		return p, errorf(where, "cell %s is outside the grid and its border", s)
	}
	return p, nil
}

// cell reads a cell of the grid.
func (r *reader) cell(where, s string) (variant.Cell, error) {
	p, err := variant.ParsePoint(s)
	if err != nil {
		return 0, errorf(where, "bad cell %q, want the form R1C1", s)
	}
	c, ok := p.Cell(r.n)
	if !ok {
		return 0, errorf(where, "cell %s is outside the %dx%d grid", s, r.n, r.n)
	}
	return c, nil
}

func (r *reader) cells(where string, ss []string) ([]variant.Cell, error) {
	if len(ss) == 0 {
		return nil, errorf(where, "no cells")
	}
	cs := make([]variant.Cell, len(ss))
	for i, s := range ss {
		c, err := r.cell(where, s)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	return cs, nil
}

func (r *reader) pair(where string, ss []string) ([2]variant.Cell, error) {
	if len(ss) != 2 {
		return [2]variant.Cell{}, errorf(where, "%d cells, want 2", len(ss))
	}
	cs, err := r.cells(where, ss)
	if err != nil {
		return [2]variant.Cell{}, err
	}
	return [2]variant.Cell{cs[0], cs[1]}, nil
}

// number reads an element's value as a whole number, def when it has none.
func number(where string, v Value, def int) (int, error) {
	s := strings.TrimSpace(string(v))
	if s == "" {
		return def, nil
	}
	x, err := strconv.Atoi(s)
	if err != nil {
		return 0, errorf(where, "value %q is not a whole number", s)
	}
	return x, nil
}

// Defaults of the line constraints, as f-puzzles and the solvers that read
// it take them when a line has no value.
func defaultWhisperGap(n int) int { return (n + 1) / 2 }
func defaultLockoutGap(n int) int { return n / 2 }

const defaultModulus = 3

// Puzzle returns the puzzle b holds, or an *Error naming the element at
// fault. See the package documentation for the mapping.
func (b *Board) Puzzle() (*variant.Puzzle, error) {
	r := &reader{b: b, n: b.Size, p: &variant.Puzzle{Size: b.Size}}
	if b.Size < 1 || b.Size > variant.MaxSize {
		return nil, errorf("size", "%d is not a grid size, want 1 to %d", b.Size, variant.MaxSize)
	}
	if err := r.grid(); err != nil {
		return nil, err
	}
	r.p.Title, r.p.Author, r.p.Rules = b.Title, b.Author, b.Ruleset
	for _, step := range []func() error{r.global, r.constraints, r.cosmetics, r.other, r.solution} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := r.p.Validate(); err != nil {
		var ve *variant.Error
		if errors.As(err, &ve) && ve.Index >= 0 && ve.Index < len(r.from) {
			return nil, &Error{Element: r.from[ve.Index], Err: errors.New(ve.Reason)}
		}
		return nil, &Error{Err: err}
	}
	return r.p, nil
}

func (r *reader) grid() error {
	n, b := r.n, r.b
	if len(b.Grid) != n {
		return errorf("grid", "%d rows, want %d", len(b.Grid), n)
	}
	givens := make([]int, n*n)
	regions := variant.NoRegions(n)
	if h, w := variant.DefaultBoxes(n); h > 0 {
		regions = variant.Boxes(n, h, w)
	}
	irregular := false
	var cands []variant.Constraint
	var candFrom []string
	for row, cells := range b.Grid {
		if len(cells) != n {
			return errorf("grid", "row %d has %d cells, want %d", row+1, len(cells), n)
		}
		for col, c := range cells {
			i := row*n + col
			where := "grid " + variant.Point{Row: row, Col: col}.String()
			if c.Given {
				if c.Value < 1 || c.Value > n {
					return errorf(where, "given value %d, want 1 to %d", c.Value, n)
				}
				givens[i] = c.Value
			} else if len(c.GivenPencilMarks) > 0 {
				vs := slices.Clone(c.GivenPencilMarks)
				cands = append(cands, variant.Candidates{Cell: variant.Cell(i), Values: vs})
				candFrom = append(candFrom, where+" givenPencilMarks")
			}
			if len(c.Region) > 0 {
				irregular = true
				if string(c.Region) == "null" {
					regions[i] = -1
				} else {
					x, err := strconv.Atoi(string(c.Region))
					if err != nil || x < 0 || x >= n {
						return errorf(where, "region %s, want 0 to %d or null", c.Region, n-1)
					}
					regions[i] = x
				}
			}
			if len(c.Other) > 0 {
				style := map[string]string{}
				for k, v := range c.Other {
					style[k] = string(v)
				}
				r.p.Cosmetics = append(r.p.Cosmetics, variant.Cosmetic{Kind: "cell", Cells: []variant.Point{{Row: row, Col: col}}, Style: style})
			}
		}
	}
	if slices.ContainsFunc(givens, func(v int) bool { return v != 0 }) {
		r.p.Givens = givens
	}
	if irregular {
		if !slices.Equal(regions, r.p.RegionsOf()) {
			r.p.Regions = regions
		}
	}
	for i, c := range cands {
		r.add(candFrom[i], c)
	}
	return nil
}

func (r *reader) global() error {
	b := r.b
	if b.DiagonalPositive {
		r.add("diagonal+", variant.Diagonal{Positive: true})
	}
	if b.DiagonalNegative {
		r.add("diagonal-", variant.Diagonal{})
	}
	if b.AntiKnight {
		r.add("antiknight", variant.AntiKnight{})
	}
	if b.AntiKing {
		r.add("antiking", variant.AntiKing{})
	}
	if b.DisjointGroups {
		r.add("disjointgroups", variant.DisjointGroups{})
	}
	if b.NonConsecutive {
		r.add("nonconsecutive", variant.NonConsecutive{})
	}
	for _, name := range b.Negative {
		switch name {
		case "ratio":
			r.add("negative ratio", variant.NegativeRatio{})
		case "xv":
			r.add("negative xv", variant.NegativeXV{})
		default:
			raw, _ := json.Marshal(map[string][]string{"negative": {name}})
			r.add("negative "+name, variant.Unsupported{Name: "negative " + name, Data: string(raw)})
		}
	}
	return nil
}

// lineKinds are the line constraints that are one constraint a line, in
// the order the reader takes them, with their keys.
var lineKinds = []struct {
	key  string
	get  func(*Board) []Lines
	make func(r *reader, cells []variant.Cell, value Value, where string) (variant.Constraint, error)
}{
	{"thermometer", func(b *Board) []Lines { return b.Thermometer }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.Thermometer{Cells: cs}, nil
	}},
	{"slowthermometer", func(b *Board) []Lines { return b.SlowThermometer }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.Thermometer{Cells: cs, Slow: true}, nil
	}},
	{"palindrome", func(b *Board) []Lines { return b.Palindrome }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.Palindrome{Cells: cs}, nil
	}},
	{"renban", func(b *Board) []Lines { return b.Renban }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.Renban{Cells: cs}, nil
	}},
	{"whispers", func(b *Board) []Lines { return b.Whispers }, func(r *reader, cs []variant.Cell, v Value, where string) (variant.Constraint, error) {
		gap, err := number(where, v, defaultWhisperGap(r.n))
		return variant.Whispers{Cells: cs, Gap: gap}, err
	}},
	{"regionsumline", func(b *Board) []Lines { return b.RegionSumLine }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.RegionSumLine{Cells: cs}, nil
	}},
	{"betweenline", func(b *Board) []Lines { return b.BetweenLine }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.BetweenLine{Cells: cs}, nil
	}},
	{"entropicline", func(b *Board) []Lines { return b.EntropicLine }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.EntropicLine{Cells: cs}, nil
	}},
	{"modularline", func(b *Board) []Lines { return b.ModularLine }, func(_ *reader, cs []variant.Cell, v Value, where string) (variant.Constraint, error) {
		mod, err := number(where, v, defaultModulus)
		return variant.ModularLine{Cells: cs, Mod: mod}, err
	}},
	{"nabner", func(b *Board) []Lines { return b.Nabner }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.Nabner{Cells: cs}, nil
	}},
	{"doublearrow", func(b *Board) []Lines { return b.DoubleArrow }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.DoubleArrow{Cells: cs}, nil
	}},
	{"zipperline", func(b *Board) []Lines { return b.ZipperLine }, func(_ *reader, cs []variant.Cell, _ Value, _ string) (variant.Constraint, error) {
		return variant.ZipperLine{Cells: cs}, nil
	}},
	{"lockout", func(b *Board) []Lines { return b.Lockout }, func(r *reader, cs []variant.Cell, v Value, where string) (variant.Constraint, error) {
		gap, err := number(where, v, defaultLockoutGap(r.n))
		return variant.LockoutLine{Cells: cs, Gap: gap}, err
	}},
}

// cellKinds are the constraints on one cell.
var cellKinds = []struct {
	key  string
	get  func(*Board) []Clue
	make func(variant.Cell) variant.Constraint
}{
	{"odd", func(b *Board) []Clue { return b.Odd }, func(c variant.Cell) variant.Constraint { return variant.Odd{Cell: c} }},
	{"even", func(b *Board) []Clue { return b.Even }, func(c variant.Cell) variant.Constraint { return variant.Even{Cell: c} }},
	{"minimum", func(b *Board) []Clue { return b.Minimum }, func(c variant.Cell) variant.Constraint { return variant.Minimum{Cell: c} }},
	{"maximum", func(b *Board) []Clue { return b.Maximum }, func(c variant.Cell) variant.Constraint { return variant.Maximum{Cell: c} }},
}

// outsideKinds are the clues around the grid that look along a row or
// column.
var outsideKinds = []struct {
	key  string
	get  func(*Board) []Clue
	make func(e variant.Edge, v int) variant.Constraint
}{
	{"sandwichsum", func(b *Board) []Clue { return b.SandwichSum }, func(e variant.Edge, v int) variant.Constraint { return variant.Sandwich{At: e, Sum: v} }},
	{"xsum", func(b *Board) []Clue { return b.XSum }, func(e variant.Edge, v int) variant.Constraint { return variant.XSum{At: e, Sum: v} }},
	{"skyscraper", func(b *Board) []Clue { return b.Skyscraper }, func(e variant.Edge, v int) variant.Constraint { return variant.Skyscraper{At: e, Count: v} }},
}

var directions = map[string]variant.Direction{"DR": variant.DownRight, "DL": variant.DownLeft, "UR": variant.UpRight, "UL": variant.UpLeft}

// edgeOf returns the edge of a position around a grid of size n.
func edgeOf(n int, p variant.Point) (variant.Edge, bool) {
	switch {
	case p.Row == -1 && p.Col >= 0 && p.Col < n:
		return variant.Edge{Side: variant.Top, Index: p.Col}, true
	case p.Row == n && p.Col >= 0 && p.Col < n:
		return variant.Edge{Side: variant.Bottom, Index: p.Col}, true
	case p.Col == -1 && p.Row >= 0 && p.Row < n:
		return variant.Edge{Side: variant.Left, Index: p.Row}, true
	case p.Col == n && p.Row >= 0 && p.Row < n:
		return variant.Edge{Side: variant.Right, Index: p.Row}, true
	}
	return variant.Edge{}, false
}

func (r *reader) constraints() error {
	b, n := r.b, r.n
	for i, a := range b.Arrow {
		where := elem("arrow", i)
		circle, err := r.cells(where, a.Cells)
		if err != nil {
			return err
		}
		if len(a.Lines) == 0 {
			return errorf(where, "no lines")
		}
		for _, l := range a.Lines {
			var line []variant.Cell
			for _, s := range l {
				c, err := r.cell(where, s)
				if err != nil {
					return err
				}
				if !slices.Contains(circle, c) {
					line = append(line, c)
				}
			}
			r.add(where, variant.Arrow{Circle: slices.Clone(circle), Line: line})
		}
	}
	for i, k := range b.KillerCage {
		where := elem("killercage", i)
		cs, err := r.cells(where, k.Cells)
		if err != nil {
			return err
		}
		sum, err := number(where, k.Value, 0)
		if err != nil {
			return err
		}
		r.add(where, variant.KillerCage{Cells: cs, Sum: sum})
	}
	for i, lk := range b.LittleKillerSum {
		where := elem("littlekillersum", i)
		p, err := r.point(where, lk.Cell)
		if err != nil {
			return err
		}
		dir, ok := directions[lk.Direction]
		if !ok {
			return errorf(where, "direction %q, want DR, DL, UR or UL", lk.Direction)
		}
		if strings.TrimSpace(string(lk.Value)) == "" {
			// An arrow without a total: drawn, no rule.
			r.p.Cosmetics = append(r.p.Cosmetics, variant.Cosmetic{Kind: "littlekillersum", Cells: []variant.Point{p}, Text: lk.Direction})
			continue
		}
		sum, err := number(where, lk.Value, 0)
		if err != nil {
			return err
		}
		dr, dc := dir.Step()
		start, ok := variant.Point{Row: p.Row + dr, Col: p.Col + dc}.Cell(n)
		if !ok {
			return errorf(where, "the clue at %s looking %s misses the grid", lk.Cell, lk.Direction)
		}
		r.add(where, variant.LittleKiller{Start: start, Dir: dir, Sum: sum})
	}
	for _, k := range cellKinds {
		for i, e := range k.get(b) {
			where := elem(k.key, i)
			c, err := r.cell(where, e.Cell)
			if err != nil {
				return err
			}
			r.add(where, k.make(c))
		}
	}
	for _, k := range []struct {
		key string
		of  variant.IndexerKind
		els []Cells
	}{{"rowindexer", variant.RowIndexer, b.RowIndexer}, {"columnindexer", variant.ColumnIndexer, b.ColumnIndexer}, {"boxindexer", variant.BoxIndexer, b.BoxIndexer}} {
		for i, e := range k.els {
			where := elem(k.key, i)
			cs, err := r.cells(where, e.Cells)
			if err != nil {
				return err
			}
			r.add(where, variant.Indexer{Of: k.of, Cells: cs})
		}
	}
	for i, e := range b.ExtraRegion {
		where := elem("extraregion", i)
		cs, err := r.cells(where, e.Cells)
		if err != nil {
			return err
		}
		r.add(where, variant.ExtraRegion{Cells: cs})
	}
	for _, k := range lineKinds {
		for i, e := range k.get(b) {
			where := elem(k.key, i)
			if len(e.Lines) == 0 {
				return errorf(where, "no lines")
			}
			for _, l := range e.Lines {
				cs, err := r.cells(where, l)
				if err != nil {
					return err
				}
				c, err := k.make(r, cs, e.Value, where)
				if err != nil {
					return err
				}
				r.add(where, c)
			}
		}
	}
	for i, e := range b.Difference {
		where := elem("difference", i)
		cs, err := r.pair(where, e.Cells)
		if err != nil {
			return err
		}
		d, err := number(where, e.Value, 1)
		if err != nil {
			return err
		}
		r.add(where, variant.Difference{Cells: cs, Diff: d})
	}
	for i, e := range b.Ratio {
		where := elem("ratio", i)
		cs, err := r.pair(where, e.Cells)
		if err != nil {
			return err
		}
		x, err := number(where, e.Value, 2)
		if err != nil {
			return err
		}
		r.add(where, variant.Ratio{Cells: cs, Ratio: x})
	}
	for i, e := range b.XV {
		where := elem("xv", i)
		cs, err := r.pair(where, e.Cells)
		if err != nil {
			return err
		}
		var sum int
		switch strings.ToUpper(strings.TrimSpace(string(e.Value))) {
		case "X":
			sum = 10
		case "V":
			sum = 5
		default:
			return errorf(where, "value %q, want X or V", e.Value)
		}
		r.add(where, variant.XV{Cells: cs, Sum: sum})
	}
	for i, e := range b.Sum {
		where := elem("sum", i)
		cs, err := r.pair(where, e.Cells)
		if err != nil {
			return err
		}
		sum, err := number(where, e.Value, 0)
		if err != nil {
			return err
		}
		if sum == 0 {
			return errorf(where, "no sum")
		}
		r.add(where, variant.XV{Cells: cs, Sum: sum})
	}
	for i, e := range b.Clone {
		where := elem("clone", i)
		cs, err := r.cells(where, e.Cells)
		if err != nil {
			return err
		}
		clones, err := r.cells(where, e.CloneCells)
		if err != nil {
			return err
		}
		r.add(where, variant.Clone{Cells: cs, Clones: clones})
	}
	for i, e := range b.Quadruple {
		where := elem("quadruple", i)
		if len(e.Cells) != 4 {
			return errorf(where, "%d cells, want 4", len(e.Cells))
		}
		cs, err := r.cells(where, e.Cells)
		if err != nil {
			return err
		}
		top := slices.Min(cs)
		tr, tc := variant.RowCol(n, top)
		for _, c := range cs {
			if cr, cc := variant.RowCol(n, c); cr-tr > 1 || cc-tc > 1 || cc < tc {
				return errorf(where, "cells %v are not a 2x2 block", e.Cells)
			}
		}
		r.add(where, variant.Quadruple{Cell: top, Values: slices.Clone(e.Values)})
	}
	for _, k := range outsideKinds {
		for i, e := range k.get(b) {
			where := elem(k.key, i)
			p, err := r.point(where, e.Cell)
			if err != nil {
				return err
			}
			edge, ok := edgeOf(n, p)
			if !ok {
				return errorf(where, "clue at %s is not beside a row or column", e.Cell)
			}
			v, err := number(where, e.Value, -1)
			if err != nil {
				return err
			}
			if v < 0 {
				// A clue without a value: drawn, no rule.
				r.p.Cosmetics = append(r.p.Cosmetics, variant.Cosmetic{Kind: k.key, Cells: []variant.Point{p}})
				continue
			}
			r.add(where, k.make(edge, v))
		}
	}
	return nil
}

// cosmeticKinds are the drawn elements, in the order read and written.
var cosmeticKinds = []struct {
	key string
	get func(*Board) *[]Element
}{
	{"text", func(b *Board) *[]Element { return &b.Text }},
	{"line", func(b *Board) *[]Element { return &b.Line }},
	{"circle", func(b *Board) *[]Element { return &b.Circle }},
	{"rectangle", func(b *Board) *[]Element { return &b.Rectangle }},
	{"cage", func(b *Board) *[]Element { return &b.Cage }},
}

// isDisplayCopy reports whether e is a drawing that f-puzzles makes of a
// constraint for other apps to show.
func isDisplayCopy(e Element) bool {
	_, from := e.Attrs["fromConstraint"]
	_, ll := e.Attrs["isLLConstraint"]
	return from || ll
}

func (r *reader) cosmetics() error {
	for _, k := range cosmeticKinds {
		for i, e := range *k.get(r.b) {
			if isDisplayCopy(e) {
				continue
			}
			where := elem(k.key, i)
			c := variant.Cosmetic{Kind: k.key, Text: string(e.Value)}
			for _, s := range e.Cells {
				p, err := r.point(where, s)
				if err != nil {
					return err
				}
				c.Cells = append(c.Cells, p)
			}
			for _, l := range e.Lines {
				var ps []variant.Point
				for _, s := range l {
					p, err := r.point(where, s)
					if err != nil {
						return err
					}
					ps = append(ps, p)
				}
				c.Lines = append(c.Lines, ps)
			}
			if len(e.Attrs) > 0 {
				c.Style = map[string]string{}
				for a, v := range e.Attrs {
					c.Style[a] = string(v)
				}
			}
			r.p.Cosmetics = append(r.p.Cosmetics, c)
		}
	}
	if r.b.SuccessMessage != "" {
		r.p.Cosmetics = append(r.p.Cosmetics, variant.Cosmetic{Kind: "successMessage", Text: r.b.SuccessMessage})
	}
	return nil
}

// other keeps the keys this package does not know as Unsupported rules,
// sorted by name.
func (r *reader) other() error {
	keys := make([]string, 0, len(r.b.Other))
	for k := range r.b.Other {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		raw, err := json.Marshal(map[string]json.RawMessage{k: r.b.Other[k]})
		if err != nil {
			return errorf(k, "%v", err)
		}
		r.add(k, variant.Unsupported{Name: k, Data: string(raw)})
	}
	return nil
}

// solution reads the setter's solution when it is complete; a partial or
// malformed one is not kept, as f-puzzles writes "." or nothing for the
// cells it does not know.
func (r *reader) solution() error {
	n := r.n
	if len(r.b.Solution) != n*n {
		return nil
	}
	sol := make([]int, n*n)
	for i, v := range r.b.Solution {
		x, err := strconv.Atoi(strings.TrimSpace(string(v)))
		if err != nil || x < 1 || x > n {
			return nil
		}
		sol[i] = x
	}
	r.p.Solution = sol
	return nil
}
