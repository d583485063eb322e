package fpuzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// FromPuzzle returns p as an f-puzzles board: the inverse of
// Board.Puzzle, so that FromPuzzle(p).Puzzle() is p again for a puzzle
// read from f-puzzles, and the same puzzle for one from elsewhere (its
// constraints grouped by kind). The constraints that other apps show only
// through a drawing get the drawing f-puzzles makes for them. It fails for
// an invalid puzzle and for an Unsupported rule that did not come from
// f-puzzles, which f-puzzles could not hold.
func FromPuzzle(p *variant.Puzzle) (*Board, error) {
	if err := p.Validate(); err != nil {
		return nil, &Error{Err: err}
	}
	if p.Offset != 0 {
		return nil, &Error{Err: errFromZero}
	}
	n := p.Size
	b := &Board{Size: n, Title: p.Title, Author: p.Author, Ruleset: p.Rules}
	b.Grid = make([][]Cell, n)
	for r := range b.Grid {
		b.Grid[r] = make([]Cell, n)
	}
	at := func(c variant.Cell) *Cell { return &b.Grid[int(c)/n][int(c)%n] }
	for i, v := range p.Givens {
		if v != 0 {
			c := at(variant.Cell(i))
			c.Value, c.Given = v, true
		}
	}
	if p.Regions != nil {
		def := (&variant.Puzzle{Size: n}).RegionsOf()
		if !slices.Equal(p.Regions, def) {
			for i, x := range p.Regions {
				c := at(variant.Cell(i))
				if x < 0 {
					c.Region = json.RawMessage("null")
				} else {
					c.Region = json.RawMessage(strconv.Itoa(x))
				}
			}
		}
	}
	w := writer{b: b, n: n}
	for i, c := range p.Constraints {
		if err := w.constraint(c, at); err != nil {
			return nil, &Error{Element: fmt.Sprintf("constraint %d (%s)", i+1, c.Kind()), Err: err}
		}
	}
	for _, c := range p.Cosmetics {
		w.cosmetic(c, at)
	}
	w.displayCopies()
	if p.Solution != nil {
		b.Solution = make([]Value, len(p.Solution))
		for i, v := range p.Solution {
			b.Solution[i] = Value(strconv.Itoa(v))
		}
	}
	return b, nil
}

type writer struct {
	b *Board
	n int
	// The constraints that need a drawing for other apps, in order.
	copies []variant.Constraint
}

func (w *writer) name(c variant.Cell) string { return variant.PointOf(w.n, c).String() }

func (w *writer) names(cs []variant.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = w.name(c)
	}
	return out
}

func itoa(x int) Value { return Value(strconv.Itoa(x)) }

// value returns x as an element's value, or none when it is the default.
func value(x, def int) Value {
	if x == def {
		return ""
	}
	return itoa(x)
}

func (w *writer) constraint(c variant.Constraint, at func(variant.Cell) *Cell) error {
	b := w.b
	lines := func(dst *[]Lines, cs []variant.Cell, v Value) {
		*dst = append(*dst, Lines{Lines: [][]string{w.names(cs)}, Value: v})
	}
	switch c := c.(type) {
	case variant.Candidates:
		cell := at(c.Cell)
		vs := slices.Clone(c.Values)
		slices.Sort(vs)
		vs = slices.Compact(vs)
		if cell.GivenPencilMarks != nil {
			vs = slices.DeleteFunc(vs, func(x int) bool { return !slices.Contains(cell.GivenPencilMarks, x) })
		}
		cell.GivenPencilMarks = vs
	case variant.Diagonal:
		if c.Positive {
			b.DiagonalPositive = true
		} else {
			b.DiagonalNegative = true
		}
	case variant.AntiKnight:
		b.AntiKnight = true
	case variant.AntiKing:
		b.AntiKing = true
	case variant.DisjointGroups:
		b.DisjointGroups = true
	case variant.NonConsecutive:
		b.NonConsecutive = true
	case variant.NegativeRatio:
		b.Negative = appendOnce(b.Negative, "ratio")
	case variant.NegativeXV:
		b.Negative = appendOnce(b.Negative, "xv")
	case variant.Arrow:
		line := append([]string{w.name(c.Start(w.n))}, w.names(c.Line)...)
		if k := len(b.Arrow); k > 0 && slices.Equal(b.Arrow[k-1].Cells, w.names(c.Circle)) {
			b.Arrow[k-1].Lines = append(b.Arrow[k-1].Lines, line)
		} else {
			b.Arrow = append(b.Arrow, Arrow{Lines: [][]string{line}, Cells: w.names(c.Circle)})
		}
	case variant.KillerCage:
		b.KillerCage = append(b.KillerCage, Cells{Cells: w.names(c.Cells), Value: value(c.Sum, 0)})
	case variant.LittleKiller:
		dr, dc := c.Dir.Step()
		start := variant.PointOf(w.n, c.Start)
		clue := variant.Point{Row: start.Row - dr, Col: start.Col - dc}
		b.LittleKillerSum = append(b.LittleKillerSum, LittleKiller{
			Cell: clue.String(), Cells: w.names(variant.LittleKillerCells(w.n, c)),
			Direction: c.Dir.String(), Value: itoa(c.Sum),
		})
	case variant.Odd:
		b.Odd = append(b.Odd, Clue{Cell: w.name(c.Cell)})
	case variant.Even:
		b.Even = append(b.Even, Clue{Cell: w.name(c.Cell)})
	case variant.Minimum:
		b.Minimum = append(b.Minimum, Clue{Cell: w.name(c.Cell)})
	case variant.Maximum:
		b.Maximum = append(b.Maximum, Clue{Cell: w.name(c.Cell)})
	case variant.Indexer:
		e := Cells{Cells: w.names(c.Cells)}
		switch c.Of {
		case variant.RowIndexer:
			b.RowIndexer = append(b.RowIndexer, e)
		case variant.ColumnIndexer:
			b.ColumnIndexer = append(b.ColumnIndexer, e)
		default:
			b.BoxIndexer = append(b.BoxIndexer, e)
		}
		w.copies = append(w.copies, c)
	case variant.ExtraRegion:
		b.ExtraRegion = append(b.ExtraRegion, Cells{Cells: w.names(c.Cells)})
	case variant.Thermometer:
		dst := &b.Thermometer
		if c.Slow {
			dst = &b.SlowThermometer
			w.copies = append(w.copies, c)
		}
		line := w.names(c.Cells)
		if k := len(*dst); k > 0 && (*dst)[k-1].Lines[0][0] == line[0] {
			(*dst)[k-1].Lines = append((*dst)[k-1].Lines, line)
		} else {
			lines(dst, c.Cells, "")
		}
	case variant.Palindrome:
		lines(&b.Palindrome, c.Cells, "")
	case variant.Renban:
		lines(&b.Renban, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.Whispers:
		lines(&b.Whispers, c.Cells, itoa(c.Gap))
		w.copies = append(w.copies, c)
	case variant.RegionSumLine:
		lines(&b.RegionSumLine, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.BetweenLine:
		lines(&b.BetweenLine, c.Cells, "")
	case variant.EntropicLine:
		lines(&b.EntropicLine, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.ModularLine:
		lines(&b.ModularLine, c.Cells, value(c.Mod, defaultModulus))
		w.copies = append(w.copies, c)
	case variant.Nabner:
		lines(&b.Nabner, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.DoubleArrow:
		lines(&b.DoubleArrow, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.ZipperLine:
		lines(&b.ZipperLine, c.Cells, "")
		w.copies = append(w.copies, c)
	case variant.LockoutLine:
		lines(&b.Lockout, c.Cells, value(c.Gap, defaultLockoutGap(w.n)))
		w.copies = append(w.copies, c)
	case variant.Difference:
		b.Difference = append(b.Difference, Cells{Cells: w.names(c.Cells[:]), Value: value(c.Diff, 1)})
	case variant.Ratio:
		b.Ratio = append(b.Ratio, Cells{Cells: w.names(c.Cells[:]), Value: value(c.Ratio, 2)})
	case variant.XV:
		switch c.Sum {
		case 10:
			b.XV = append(b.XV, Cells{Cells: w.names(c.Cells[:]), Value: "X"})
		case 5:
			b.XV = append(b.XV, Cells{Cells: w.names(c.Cells[:]), Value: "V"})
		default:
			b.Sum = append(b.Sum, Cells{Cells: w.names(c.Cells[:]), Value: itoa(c.Sum)})
			w.copies = append(w.copies, c)
		}
	case variant.Clone:
		b.Clone = append(b.Clone, Clone{Cells: w.names(c.Cells), CloneCells: w.names(c.Clones)})
	case variant.Quadruple:
		r, col := variant.RowCol(w.n, c.Cell)
		cs := []variant.Cell{c.Cell, c.Cell + 1, variant.CellOf(w.n, r+1, col), variant.CellOf(w.n, r+1, col+1)}
		b.Quadruple = append(b.Quadruple, Quadruple{Cells: w.names(cs), Values: slices.Clone(c.Values)})
	case variant.Sandwich:
		b.SandwichSum = append(b.SandwichSum, Clue{Cell: c.At.Point(w.n).String(), Value: itoa(c.Sum)})
	case variant.XSum:
		b.XSum = append(b.XSum, Clue{Cell: c.At.Point(w.n).String(), Value: itoa(c.Sum)})
		w.copies = append(w.copies, c)
	case variant.Skyscraper:
		b.Skyscraper = append(b.Skyscraper, Clue{Cell: c.At.Point(w.n).String(), Value: itoa(c.Count)})
		w.copies = append(w.copies, c)
	case variant.Unsupported:
		return w.unsupported(c)
	default:
		return fmt.Errorf("no f-puzzles element holds the rule %s", c.Kind())
	}
	return nil
}

// unsupported writes back a rule read from f-puzzles that the model has
// no type for: its Data is the JSON of its key.
func (w *writer) unsupported(c variant.Unsupported) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(c.Data), &m); err != nil || len(m) != 1 {
		return fmt.Errorf("no f-puzzles element holds the rule %q", c.Name)
	}
	for k, raw := range m {
		if k == "negative" {
			var names []string
			if err := json.Unmarshal(raw, &names); err != nil {
				return fmt.Errorf("the rule %q: %v", c.Name, err)
			}
			for _, name := range names {
				w.b.Negative = appendOnce(w.b.Negative, name)
			}
			continue
		}
		if boardKeys()[k] {
			return fmt.Errorf("the rule %q is kept as f-puzzles' key %q, which this package reads itself", c.Name, k)
		}
		if w.b.Other == nil {
			w.b.Other = map[string]json.RawMessage{}
		}
		w.b.Other[k] = raw
	}
	return nil
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func (w *writer) cosmetic(c variant.Cosmetic, at func(variant.Cell) *Cell) {
	b := w.b
	points := func(ps []variant.Point) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = p.String()
		}
		return out
	}
	switch c.Kind {
	case "successMessage":
		b.SuccessMessage = c.Text
		return
	case "cell":
		if len(c.Cells) == 1 {
			if cell, ok := c.Cells[0].Cell(w.n); ok {
				x := at(cell)
				if x.Other == nil {
					x.Other = map[string]json.RawMessage{}
				}
				for k, v := range c.Style {
					x.Other[k] = jsonValue(v)
				}
				return
			}
		}
	case "littlekillersum":
		if len(c.Cells) == 1 {
			b.LittleKillerSum = append(b.LittleKillerSum, LittleKiller{Cell: c.Cells[0].String(), Direction: c.Text})
			return
		}
	case "sandwichsum", "xsum", "skyscraper":
		if len(c.Cells) == 1 {
			clue := Clue{Cell: c.Cells[0].String()}
			switch c.Kind {
			case "sandwichsum":
				b.SandwichSum = append(b.SandwichSum, clue)
			case "xsum":
				b.XSum = append(b.XSum, clue)
			default:
				b.Skyscraper = append(b.Skyscraper, clue)
			}
			return
		}
	}
	e := Element{Value: Value(c.Text), HasValue: c.Text != ""}
	if len(c.Cells) > 0 {
		e.Cells = points(c.Cells)
	}
	for _, l := range c.Lines {
		e.Lines = append(e.Lines, points(l))
	}
	if len(c.Style) > 0 {
		e.Attrs = map[string]json.RawMessage{}
		for k, v := range c.Style {
			e.Attrs[k] = jsonValue(v)
		}
	}
	for _, k := range cosmeticKinds {
		if k.key == c.Kind {
			*k.get(b) = append(*k.get(b), e)
			return
		}
	}
	// A kind f-puzzles does not draw: as text if it has some, else as a
	// line or an outline of its cells.
	switch {
	case c.Text != "" && len(e.Cells) > 0:
		b.Text = append(b.Text, e)
	case len(e.Lines) > 0:
		b.Line = append(b.Line, e)
	case len(e.Cells) > 0:
		b.Cage = append(b.Cage, e)
	}
}

// jsonValue returns a style value as JSON: itself when it is JSON, else
// as a string.
func jsonValue(v string) json.RawMessage {
	if json.Valid([]byte(v)) {
		return json.RawMessage(v)
	}
	raw, _ := json.Marshal(v)
	return raw
}

// The drawings of the constraints other apps know only as drawings, as
// f-puzzles' new-constraint tools export them.
type lineStyle struct {
	name, color, width string
}

var lineStyles = map[string]lineStyle{
	"renban":          {"Renban", `"#F067F0"`, "0.25"},
	"german whispers": {"German Whispers", `"#67F067"`, "0.1875"},
	"dutch whispers":  {"Dutch Whispers", `"#FF9A00"`, "0.1875"},
	"whispers":        {"Whispers", `"#67F067"`, "0.3"},
	"region sum line": {"Region Sum Line", `"#2ECBFF"`, "0.15625"},
	"entropic line":   {"Entropic Line", `"#FFCCAA"`, "0.15625"},
	"modular line":    {"Modular Line", `"#33BBBB"`, "0.15625"},
	"nabner":          {"Nabner", `"#C9C883"`, "0.25"},
	"double arrow":    {"Double Arrow", `"#C54B8B"`, "0.15"},
	"zipper line":     {"Zipper Line", `"#cdb1ec"`, "0.15625"},
	"lockout line":    {"Lockout", `"#AABEEF"`, "0.15"},
	"thermometer":     {"Slow Thermometer", `"#6495ED"`, "0.3"},
}

// WhispersStyle returns the name f-puzzles gives a whispers line of the
// gap in a grid of size n: "german whispers" for the default gap, "dutch
// whispers" for one less, "whispers" otherwise.
func WhispersStyle(n, gap int) string {
	switch gap {
	case defaultWhisperGap(n):
		return "german whispers"
	case defaultWhisperGap(n) - 1:
		return "dutch whispers"
	}
	return "whispers"
}

func attrs(kv ...string) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = json.RawMessage(kv[i+1])
	}
	return m
}

func quote(s string) string { return string(jsonString(s)) }

// Drawing is an element f-puzzles draws: its key ("line", "circle",
// "rectangle", "text" or "cage") and the element.
type Drawing struct {
	Key     string
	Element Element
}

// DisplayCopy returns the drawings f-puzzles' new-constraint tools export
// for constraint c of a grid of size n, marked fromConstraint, so that
// apps that do not know the rule (SudokuPad, the CTC app) show it: a line
// in the rule's colour, with circles or diamonds at its ends for double
// arrows and lockout lines, a bulb for slow thermometers, the symbol and
// number of X-sums and skyscrapers, the total of a sum dot, the outline of
// an indexer's cells. It returns nil for the rules those apps draw
// themselves.
func DisplayCopy(n int, c variant.Constraint) []Drawing {
	w := writer{n: n}
	name := func(c variant.Cell) string { return w.name(c) }
	switch c := c.(type) {
	case variant.Indexer:
		i := int(c.Of)
		if i > 2 {
			return nil
		}
		nm, color := [3]string{"Row Indexer", "Column Indexer", "Box Indexer"}[i], [3]string{`"#7CC77C"`, `"#C77C7C"`, `"#7C7CC7"`}[i]
		return []Drawing{{"cage", Element{Cells: w.names(c.Cells), Attrs: attrs("outlineC", color, "fontC", `"#000000"`, "fromConstraint", quote(nm))}}}
	case variant.XSum, variant.Skyscraper:
		var at variant.Edge
		var v int
		nm, symbol := "X Sum", "\u25EF"
		if x, ok := c.(variant.XSum); ok {
			at, v = x.At, x.Sum
		} else {
			sk := c.(variant.Skyscraper)
			at, v, nm, symbol = sk.At, sk.Count, "Skyscraper", "\u25AF"
		}
		cell := []string{at.Point(n).String()}
		return []Drawing{
			{"text", Element{Cells: cell, Value: Value(symbol), HasValue: true, Attrs: attrs("fontC", `"#000000"`, "size", "1.2", "fromConstraint", quote(nm))}},
			{"text", Element{Cells: cell, Value: itoa(v), HasValue: true, Attrs: attrs("fontC", `"#000000"`, "size", "0.7", "fromConstraint", quote(nm))}},
		}
	case variant.XV:
		if c.Sum == 5 || c.Sum == 10 {
			return nil
		}
		return []Drawing{{"text", Element{Cells: w.names(c.Cells[:]), Value: itoa(c.Sum), HasValue: true,
			Attrs: attrs("fontC", `"#000000"`, "size", "0.5", "fromConstraint", `"Sum"`)}}}
	}
	kind := c.Kind()
	var cells []variant.Cell
	switch c := c.(type) {
	case variant.Thermometer:
		if !c.Slow {
			return nil
		}
		cells = c.Cells
	case variant.Renban:
		cells = c.Cells
	case variant.Whispers:
		cells, kind = c.Cells, WhispersStyle(n, c.Gap)
	case variant.RegionSumLine:
		cells = c.Cells
	case variant.EntropicLine:
		cells = c.Cells
	case variant.ModularLine:
		cells = c.Cells
	case variant.Nabner:
		cells = c.Cells
	case variant.DoubleArrow:
		cells = c.Cells
	case variant.ZipperLine:
		cells = c.Cells
	case variant.LockoutLine:
		cells = c.Cells
	default:
		return nil
	}
	st := lineStyles[kind]
	out := []Drawing{{"line", Element{Lines: [][]string{w.names(cells)},
		Attrs: attrs("outlineC", st.color, "width", st.width, "fromConstraint", quote(st.name))}}}
	ends := [][]string{{name(cells[0])}, {name(cells[len(cells)-1])}}
	switch kind {
	case "thermometer":
		out = append(out, Drawing{"circle", Element{Cells: ends[0],
			Attrs: attrs("baseC", st.color, "outlineC", st.color, "width", "0.8", "height", "0.8", "fromConstraint", quote(st.name))}})
	case "double arrow":
		for _, e := range ends {
			out = append(out, Drawing{"circle", Element{Cells: e,
				Attrs: attrs("baseC", `"#EAEAEA"`, "outlineC", st.color, "width", "0.85", "height", "0.85", "fromConstraint", quote(st.name))}})
		}
	case "lockout line":
		for _, e := range ends {
			out = append(out, Drawing{"rectangle", Element{Cells: e,
				Attrs: attrs("baseC", `"#E7E6FF"`, "outlineC", `"#0000FF"`, "fontC", `"#000000"`, "width", "0.55", "height", "0.55", "angle", "45", "fromConstraint", quote(st.name))}})
		}
	}
	return out
}

// displayCopies adds the drawings of the constraints that need them.
func (w *writer) displayCopies() {
	for _, c := range w.copies {
		for _, d := range DisplayCopy(w.n, c) {
			for _, k := range cosmeticKinds {
				if k.key == d.Key {
					*k.get(w.b) = append(*k.get(w.b), d.Element)
				}
			}
		}
	}
}

// Marshal returns the f-puzzles JSON of p (see FromPuzzle).
func Marshal(p *variant.Puzzle) ([]byte, error) {
	b, err := FromPuzzle(p)
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// errNotObject is the error of Unmarshal on JSON that is not an object.
var errNotObject = errors.New("not a JSON object")

// Unmarshal reads a puzzle from f-puzzles' JSON.
func Unmarshal(data []byte) (*variant.Puzzle, error) {
	s := strings.TrimSpace(string(data))
	if !strings.HasPrefix(s, "{") {
		return nil, &Error{Err: errNotObject}
	}
	var b Board
	if err := json.Unmarshal([]byte(s), &b); err != nil {
		return nil, &Error{Err: jsonError(s, err)}
	}
	return b.Puzzle()
}

// jsonError says where in text a JSON error is, by line and column when the
// text has several lines and by character otherwise.
func jsonError(text string, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		if te.Field != "" {
			return fmt.Errorf("%s: want %s, not a JSON %s", te.Field, te.Type, te.Value)
		}
		off = te.Offset
	}
	if off < 0 || off > int64(len(text)) {
		return fmt.Errorf("bad JSON: %v", err)
	}
	before := text[:off]
	line := strings.Count(before, "\n") + 1
	col := len(before) - strings.LastIndexByte(before, '\n') - 1
	if line == 1 {
		return fmt.Errorf("bad JSON at character %d: %v", off, err)
	}
	return fmt.Errorf("bad JSON at line %d, column %d: %v", line, col, err)
}

// errFromZero is the error of writing a puzzle whose values start from 0
// (variant.Puzzle.Offset): f-puzzles has no place for an offset.
var errFromZero = errors.New("f-puzzles holds values from 1 only, and this puzzle's start from 0")
