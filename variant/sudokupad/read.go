package sudokupad

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
)

// Error is an error in a SudokuPad puzzle: the element at fault, if one,
// and why.
type Error struct {
	// Element names the element as SudokuPad's JSON has it, such as
	// "lines 3" (its third line), or "" for the puzzle as a whole.
	Element string
	Err     error
}

func (e *Error) Error() string {
	if e.Element == "" {
		return "SudokuPad: " + e.Err.Error()
	}
	return "SudokuPad: " + e.Element + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func errorf(element, format string, args ...any) *Error {
	return &Error{Element: element, Err: fmt.Errorf(format, args...)}
}

// Read reads a puzzle from SudokuPad's JSON, plain or compacted (see
// Unzip). SudokuPad keeps drawings, not rules: Read takes the rules back
// from the drawings as SudokuPad draws them when it imports an f-puzzles
// puzzle (a grey line from a grey bulb is a thermometer, a pink line a
// renban, a black dot between two cells a ratio of 2 ...), and exactly
// from the tags of the elements Marshal writes. A drawing it cannot take
// for a rule or a decoration becomes a variant.Unsupported that names it,
// so that solving refuses the puzzle rather than ignore a rule.
func Read(js string) (*variant.Puzzle, error) {
	text, err := Unzip(js)
	if err != nil {
		return nil, &Error{Err: err}
	}
	var m obj
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, &Error{Err: errZip}
	}
	r := &reader{m: m, b: &fpuzzles.Board{}}
	if err := r.read(); err != nil {
		return nil, err
	}
	p, err := r.b.Puzzle()
	if err != nil {
		var fe *fpuzzles.Error
		if errors.As(err, &fe) {
			return nil, &Error{Element: fe.Element, Err: fe.Err}
		}
		return nil, &Error{Err: err}
	}
	return p, nil
}

// reader turns SudokuPad's JSON into an f-puzzles board, whose reader
// then maps it onto the model.
type reader struct {
	m obj
	b *fpuzzles.Board
	n int
	// used marks the elements taken as part of another's drawing, by
	// list and index.
	used map[string]map[int]bool
	// solution of a grid above 9, from a tag.
	tagged bool
}

func (r *reader) list(key string) []obj {
	var out []obj
	for _, v := range asList(r.m[key]) {
		o, _ := v.(obj)
		if o == nil {
			o = obj{}
		}
		out = append(out, o)
	}
	return out
}

func (r *reader) use(key string, i int) {
	if r.used[key] == nil {
		r.used[key] = map[int]bool{}
	}
	r.used[key][i] = true
}

func (r *reader) isUsed(key string, i int) bool { return r.used[key][i] }

// benignKeys are the top-level keys that hold no rule.
var benignKeys = map[string]bool{
	"id": true, "cellSize": true, "settings": true, "metadata": true, "videos": true, "duration": true,
	"cells": true, "regions": true, "cages": true, "lines": true, "arrows": true, "underlays": true,
	"overlays": true, "global": true, "title": true, "author": true, "rules": true, "solution": true,
}

func (r *reader) read() error {
	r.used = map[string]map[int]bool{}
	cells := asList(r.m["cells"])
	n := len(cells)
	if n < 1 || n > variant.MaxSize {
		return errorf("cells", "%d rows, want 1 to %d", n, variant.MaxSize)
	}
	r.n = n
	b := r.b
	b.Size = n
	b.Grid = make([][]fpuzzles.Cell, n)
	for i, row := range cells {
		l := asList(row)
		if len(l) != n {
			return errorf("cells", "row %d has %d cells, want %d: godoku's grids are square", i+1, len(l), n)
		}
		b.Grid[i] = make([]fpuzzles.Cell, n)
		for j, c := range l {
			co, _ := c.(obj)
			if err := r.cell(&b.Grid[i][j], co, i, j); err != nil {
				return err
			}
		}
	}
	if err := r.regions(); err != nil {
		return err
	}
	for _, v := range asList(r.m["cages"]) {
		if o, ok := v.(obj); ok && o[TagKey] != nil {
			r.tagged = true
		}
	}
	r.metadata()
	steps := []func() error{r.tags, r.global, r.cages, r.arrows, r.lines, r.shapes, r.others}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (r *reader) cell(c *fpuzzles.Cell, o obj, row, col int) error {
	where := fmt.Sprintf("cells r%dc%d", row+1, col+1)
	if v, ok := number(o["value"]); ok {
		if v < 1 || v > r.n {
			return errorf(where, "value %v, want 1 to %d", o["value"], r.n)
		}
		c.Value, c.Given = v, true
	} else if o["value"] != nil && o["value"] != "" {
		return errorf(where, "value %v is not a number", o["value"])
	}
	if marks := asList(o["centremarks"]); len(marks) > 0 && !c.Given {
		for _, m := range marks {
			v, ok := number(m)
			if !ok || v < 1 || v > r.n {
				return errorf(where, "centre mark %v, want 1 to %d", m, r.n)
			}
			c.GivenPencilMarks = append(c.GivenPencilMarks, v)
		}
	}
	return nil
}

// number reads a JSON number or a string of digits.
func number(v any) (int, bool) {
	switch v := v.(type) {
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1e9 {
			return int(v), true
		}
	case string:
		if x, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return x, true
		}
	}
	return 0, false
}

func num(v any, def float64) float64 {
	if f, ok := v.(float64); ok {
		return f
	}
	return def
}

func str(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// rcOf reads a cell [row, col] of a cage or region.
func (r *reader) rcOf(v any) (variant.Point, bool) {
	l := asList(v)
	if len(l) != 2 {
		return variant.Point{}, false
	}
	a, ok1 := number(l[0])
	b, ok2 := number(l[1])
	return variant.Point{Row: a, Col: b}, ok1 && ok2
}

func (r *reader) regions() error {
	n := r.n
	rs := asList(r.m["regions"])
	if len(rs) == 0 && r.m["regions"] != nil {
		return nil
	}
	regions := variant.NoRegions(n)
	for k, reg := range rs {
		for _, v := range asList(reg) {
			p, ok := r.rcOf(v)
			c, in := p.Cell(n)
			if !ok || !in {
				return errorf(fmt.Sprintf("regions %d", k+1), "cell %v is not in the grid", v)
			}
			if k >= n {
				return errorf(fmt.Sprintf("regions %d", k+1), "more than %d regions", n)
			}
			regions[c] = k
		}
	}
	if r.m["regions"] == nil {
		// No regions given: SudokuPad draws none.
		regions = variant.NoRegions(n)
	}
	def := (&variant.Puzzle{Size: n}).RegionsOf()
	if slices.Equal(regions, def) {
		return nil
	}
	for i, x := range regions {
		raw := json.RawMessage("null")
		if x >= 0 {
			raw = json.RawMessage(strconv.Itoa(x))
		}
		r.b.Grid[i/n][i%n].Region = raw
	}
	return nil
}

// meta reads a metadata cage's value "name: text", as SudokuPad does:
// a name without spaces or colons, a colon, the text.
func meta(v string) (name, text string, ok bool) {
	name, text, ok = strings.Cut(v, ":")
	if !ok || name == "" || strings.ContainsAny(name, " ") {
		return "", "", false
	}
	text = strings.TrimLeft(text, " \t\r\n")
	return name, text, text != ""
}

// metadata reads the title, author, rules and solution, kept as cages
// without cells ("title: ...") or in a metadata object.
func (r *reader) metadata() {
	set := func(k, v string) bool {
		switch k {
		case "title":
			r.b.Title = v
		case "author":
			r.b.Author = v
		case "rules":
			r.b.Ruleset = v
		case "msgcorrect":
			r.b.SuccessMessage = v
		case "solution":
			v = strings.TrimSpace(v)
			if len(v) == r.n*r.n {
				r.b.Solution = nil
				for i := range len(v) {
					r.b.Solution = append(r.b.Solution, fpuzzles.Value(v[i:i+1]))
				}
			}
		default:
			return false
		}
		return true
	}
	if md, ok := r.m["metadata"].(obj); ok {
		keys := make([]string, 0, len(md))
		for k := range md {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			set(k, str(md[k]))
		}
	}
	for i, c := range r.list("cages") {
		if c[TagKey] != nil || len(asList(c["cells"])) > 0 && !(transparent(c["outlineC"]) && transparent(c["fontC"])) {
			continue
		}
		if name, text, ok := meta(str(c["value"])); ok {
			r.use("cages", i)
			if !set(name, text) {
				// Other metadata: kept as the cage it was.
				r.b.Cage = append(r.b.Cage, fpuzzles.Element{Value: fpuzzles.Value(str(c["value"])), HasValue: true})
			}
		}
	}
}

// transparent reports whether a colour is absent or fully transparent
// ("#RGB0", "#RRGGBB00"), as SudokuPad takes a cage for metadata.
func transparent(v any) bool {
	s := str(v)
	return s == "" || len(s) == 5 && s[4] == '0' || len(s) == 9 && s[7:] == "00"
}

// tags merges the tags of the elements Marshal wrote into the board.
func (r *reader) tags() error {
	merged := obj{}
	for _, key := range []string{"cages", "lines", "arrows", "underlays", "overlays"} {
		for i, e := range r.list(key) {
			switch t := e[TagKey].(type) {
			case nil:
				continue
			case obj:
				r.use(key, i)
				for k, v := range t {
					switch k {
					case gridCellKey:
						if err := r.gridCell(v); err != nil {
							return errorf(fmt.Sprintf("%s %d", key, i+1), "%v", err)
						}
					case "solution":
						for _, x := range asList(v) {
							r.b.Solution = append(r.b.Solution, fpuzzles.Value(str(x)))
						}
					case "successMessage":
						r.b.SuccessMessage = str(v)
					default:
						if l, ok := v.([]any); ok {
							merged[k] = append(asList(merged[k]), l...)
						} else {
							merged[k] = v
						}
					}
				}
			default:
				r.use(key, i) // a part of a tagged drawing
			}
		}
	}
	if len(merged) == 0 {
		return nil
	}
	js, err := json.Marshal(merged)
	if err != nil {
		return &Error{Err: err}
	}
	var tb fpuzzles.Board
	if err := json.Unmarshal(js, &tb); err != nil {
		return &Error{Err: fmt.Errorf("bad tags: %v", err)}
	}
	return r.mergeBoard(&tb)
}

// gridCell puts a cell's drawing from a tag into the grid.
func (r *reader) gridCell(v any) error {
	o, _ := v.(obj)
	p, err := variant.ParsePoint(str(o["cell"]))
	if err != nil {
		return err
	}
	c, ok := p.Cell(r.n)
	if !ok {
		return fmt.Errorf("cell %s is not in the grid", str(o["cell"]))
	}
	cell := &r.b.Grid[int(c)/r.n][int(c)%r.n]
	for k, x := range o {
		if k == "cell" {
			continue
		}
		raw, _ := json.Marshal(x)
		if cell.Other == nil {
			cell.Other = map[string]json.RawMessage{}
		}
		cell.Other[k] = raw
	}
	return nil
}

// mergeBoard appends the elements of t to the board.
func (r *reader) mergeBoard(t *fpuzzles.Board) error {
	b := r.b
	b.DiagonalPositive = b.DiagonalPositive || t.DiagonalPositive
	b.DiagonalNegative = b.DiagonalNegative || t.DiagonalNegative
	b.AntiKnight = b.AntiKnight || t.AntiKnight
	b.AntiKing = b.AntiKing || t.AntiKing
	b.DisjointGroups = b.DisjointGroups || t.DisjointGroups
	b.NonConsecutive = b.NonConsecutive || t.NonConsecutive
	for _, x := range t.Negative {
		if !slices.Contains(b.Negative, x) {
			b.Negative = append(b.Negative, x)
		}
	}
	b.Arrow = append(b.Arrow, t.Arrow...)
	b.KillerCage = append(b.KillerCage, t.KillerCage...)
	b.LittleKillerSum = append(b.LittleKillerSum, t.LittleKillerSum...)
	b.Odd = append(b.Odd, t.Odd...)
	b.Even = append(b.Even, t.Even...)
	b.Minimum = append(b.Minimum, t.Minimum...)
	b.Maximum = append(b.Maximum, t.Maximum...)
	b.RowIndexer = append(b.RowIndexer, t.RowIndexer...)
	b.ColumnIndexer = append(b.ColumnIndexer, t.ColumnIndexer...)
	b.BoxIndexer = append(b.BoxIndexer, t.BoxIndexer...)
	b.ExtraRegion = append(b.ExtraRegion, t.ExtraRegion...)
	b.Thermometer = append(b.Thermometer, t.Thermometer...)
	b.SlowThermometer = append(b.SlowThermometer, t.SlowThermometer...)
	b.Palindrome = append(b.Palindrome, t.Palindrome...)
	b.Renban = append(b.Renban, t.Renban...)
	b.Whispers = append(b.Whispers, t.Whispers...)
	b.RegionSumLine = append(b.RegionSumLine, t.RegionSumLine...)
	b.BetweenLine = append(b.BetweenLine, t.BetweenLine...)
	b.EntropicLine = append(b.EntropicLine, t.EntropicLine...)
	b.ModularLine = append(b.ModularLine, t.ModularLine...)
	b.Nabner = append(b.Nabner, t.Nabner...)
	b.DoubleArrow = append(b.DoubleArrow, t.DoubleArrow...)
	b.ZipperLine = append(b.ZipperLine, t.ZipperLine...)
	b.Lockout = append(b.Lockout, t.Lockout...)
	b.Difference = append(b.Difference, t.Difference...)
	b.Ratio = append(b.Ratio, t.Ratio...)
	b.XV = append(b.XV, t.XV...)
	b.Sum = append(b.Sum, t.Sum...)
	b.Clone = append(b.Clone, t.Clone...)
	b.Quadruple = append(b.Quadruple, t.Quadruple...)
	b.SandwichSum = append(b.SandwichSum, t.SandwichSum...)
	b.XSum = append(b.XSum, t.XSum...)
	b.Skyscraper = append(b.Skyscraper, t.Skyscraper...)
	b.Text = append(b.Text, t.Text...)
	b.Line = append(b.Line, t.Line...)
	b.Circle = append(b.Circle, t.Circle...)
	b.Rectangle = append(b.Rectangle, t.Rectangle...)
	b.Cage = append(b.Cage, t.Cage...)
	for k, v := range t.Other {
		if b.Other == nil {
			b.Other = map[string]json.RawMessage{}
		}
		b.Other[k] = v
	}
	return nil
}

// unsupported keeps a drawing that names no rule Read knows, as a rule
// the engine refuses by this name.
func (r *reader) unsupported(name string, e obj) {
	raw, _ := json.Marshal(e)
	if r.b.Other == nil {
		r.b.Other = map[string]json.RawMessage{}
	}
	key := name
	for i := 2; r.b.Other[key] != nil; i++ {
		key = name + " " + strconv.Itoa(i)
	}
	r.b.Other[key] = raw
}

func (r *reader) global() error {
	for _, g := range asList(r.m["global"]) {
		switch s := str(g); s {
		case "antiknight":
			r.b.AntiKnight = true
		case "antiking":
			r.b.AntiKing = true
		case "nonconsecutive", "antidifference":
			r.b.NonConsecutive = true
		case "disjoint":
			r.b.DisjointGroups = true
		case "antiratio":
			r.b.Negative = appendOnce(r.b.Negative, "ratio")
		case "antixv":
			r.b.Negative = appendOnce(r.b.Negative, "xv")
		default:
			r.unsupported("global "+s, obj{"global": s})
		}
	}
	return nil
}

func appendOnce(l []string, s string) []string {
	if slices.Contains(l, s) {
		return l
	}
	return append(l, s)
}

func (r *reader) cageCells(where string, c obj) ([]string, error) {
	var out []string
	for _, v := range asList(c["cells"]) {
		p, ok := r.rcOf(v)
		if _, in := p.Cell(r.n); !ok || !in {
			return nil, errorf(where, "cell %v is not in the grid", v)
		}
		out = append(out, p.String())
	}
	return out, nil
}

func (r *reader) cages() error {
	for i, c := range r.list("cages") {
		if r.isUsed("cages", i) {
			continue
		}
		where := fmt.Sprintf("cages %d", i+1)
		cells, err := r.cageCells(where, c)
		if err != nil {
			return err
		}
		if len(cells) == 0 {
			if c["value"] != nil {
				r.b.Cage = append(r.b.Cage, fpuzzles.Element{Value: fpuzzles.Value(str(c["value"])), HasValue: true})
			}
			continue
		}
		style, _ := c["style"].(string)
		switch {
		case c["hidden"] == true:
			// The cage SudokuPad makes of the cells in no region.
		case c["type"] == "disjoint":
			r.b.DisjointGroups = true
		case style == "extraregion" || style == "windoku":
			r.b.ExtraRegion = append(r.b.ExtraRegion, fpuzzles.Cells{Cells: cells})
		case style == "fpRowIndexer":
			r.b.RowIndexer = append(r.b.RowIndexer, fpuzzles.Cells{Cells: cells})
		case style == "fpColumnIndexer":
			r.b.ColumnIndexer = append(r.b.ColumnIndexer, fpuzzles.Cells{Cells: cells})
		case style == "fpBoxIndexer":
			r.b.BoxIndexer = append(r.b.BoxIndexer, fpuzzles.Cells{Cells: cells})
		case style != "" && style != "killer":
			r.unsupported("cage of style "+style, c)
		default:
			v := strings.TrimSpace(str(c["value"]))
			if v == "" {
				if s, ok := number(c["sum"]); ok && s > 0 {
					v = strconv.Itoa(s)
				}
			}
			if _, err := strconv.Atoi(v); v != "" && err != nil {
				r.unsupported(fmt.Sprintf("cage with the text %q", v), c)
				continue
			}
			r.b.KillerCage = append(r.b.KillerCage, fpuzzles.Cells{Cells: cells, Value: fpuzzles.Value(v)})
		}
	}
	return nil
}
