// Package fpuzzles reads and writes puzzles in the format of f-puzzles
// (www.f-puzzles.com), the editor most variant Sudoku setters use: its JSON,
// that JSON compressed into a payload, and the links that carry the payload
// (https://www.f-puzzles.com/?load=...).
//
// # The format
//
// An f-puzzles puzzle is a JSON object: its size, a grid of cells (given
// values, pencil-mark givens, region numbers for irregular regions), its
// title, author and rules, and one key per kind of constraint, each an array
// of elements named by their cells ("R1C1", with row or column 0 and size+1
// for the clues around the grid). Board holds that JSON as Go values of the
// same shape. The payload of a link is lz-string's compressToBase64 of the
// JSON (package variant/lzstring).
//
// # Mapping onto the model
//
// Unmarshal and Parse give a *variant.Puzzle: every constraint key becomes
// the constraints of package variant with the defaults f-puzzles and the
// solvers that read it use (a difference dot without value differs by 1, a
// ratio dot is 2, a whispers line's gap is half the size rounded up, a
// lockout line's half the size rounded down, a modular line's modulus 3). A
// key the model has no type for is kept as a variant.Unsupported named by
// the key, with its JSON, so that solving refuses it by name and writing
// the puzzle back keeps it. The drawn elements (text, line, circle,
// rectangle, cage, cell colours) become variant.Cosmetic values whose Style
// holds their other attributes as JSON literals, except the copies that
// f-puzzles draws of a constraint for other apps to show (elements marked
// fromConstraint or isLLConstraint): those are derived from the constraint,
// so the reader drops them and the writer draws them again. The player's
// own entries (values that are not given, centre and corner marks) are not
// part of the puzzle and are not read.
package fpuzzles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Board is an f-puzzles puzzle as its JSON holds it. Keys this package does
// not know are kept in Other.
type Board struct {
	Size    int      `json:"size"`
	Title   string   `json:"title,omitempty"`
	Author  string   `json:"author,omitempty"`
	Ruleset string   `json:"ruleset,omitempty"`
	Grid    [][]Cell `json:"grid"`

	DiagonalPositive bool     `json:"diagonal+,omitempty"`
	DiagonalNegative bool     `json:"diagonal-,omitempty"`
	AntiKnight       bool     `json:"antiknight,omitempty"`
	AntiKing         bool     `json:"antiking,omitempty"`
	DisjointGroups   bool     `json:"disjointgroups,omitempty"`
	NonConsecutive   bool     `json:"nonconsecutive,omitempty"`
	Negative         []string `json:"negative,omitempty"`

	Arrow           []Arrow        `json:"arrow,omitempty"`
	KillerCage      []Cells        `json:"killercage,omitempty"`
	LittleKillerSum []LittleKiller `json:"littlekillersum,omitempty"`
	Odd             []Clue         `json:"odd,omitempty"`
	Even            []Clue         `json:"even,omitempty"`
	Minimum         []Clue         `json:"minimum,omitempty"`
	Maximum         []Clue         `json:"maximum,omitempty"`
	RowIndexer      []Cells        `json:"rowindexer,omitempty"`
	ColumnIndexer   []Cells        `json:"columnindexer,omitempty"`
	BoxIndexer      []Cells        `json:"boxindexer,omitempty"`
	ExtraRegion     []Cells        `json:"extraregion,omitempty"`
	Thermometer     []Lines        `json:"thermometer,omitempty"`
	SlowThermometer []Lines        `json:"slowthermometer,omitempty"`
	Palindrome      []Lines        `json:"palindrome,omitempty"`
	Renban          []Lines        `json:"renban,omitempty"`
	Whispers        []Lines        `json:"whispers,omitempty"`
	RegionSumLine   []Lines        `json:"regionsumline,omitempty"`
	BetweenLine     []Lines        `json:"betweenline,omitempty"`
	EntropicLine    []Lines        `json:"entropicline,omitempty"`
	ModularLine     []Lines        `json:"modularline,omitempty"`
	Nabner          []Lines        `json:"nabner,omitempty"`
	DoubleArrow     []Lines        `json:"doublearrow,omitempty"`
	ZipperLine      []Lines        `json:"zipperline,omitempty"`
	Lockout         []Lines        `json:"lockout,omitempty"`
	Difference      []Cells        `json:"difference,omitempty"`
	Ratio           []Cells        `json:"ratio,omitempty"`
	XV              []Cells        `json:"xv,omitempty"`
	Sum             []Cells        `json:"sum,omitempty"`
	Clone           []Clone        `json:"clone,omitempty"`
	Quadruple       []Quadruple    `json:"quadruple,omitempty"`
	SandwichSum     []Clue         `json:"sandwichsum,omitempty"`
	XSum            []Clue         `json:"xsum,omitempty"`
	Skyscraper      []Clue         `json:"skyscraper,omitempty"`

	// The drawn elements, which carry no rule.
	Text      []Element `json:"text,omitempty"`
	Line      []Element `json:"line,omitempty"`
	Circle    []Element `json:"circle,omitempty"`
	Rectangle []Element `json:"rectangle,omitempty"`
	Cage      []Element `json:"cage,omitempty"`

	// Solution is the solution, one value a cell, if the setter gave it.
	Solution       []Value `json:"solution,omitempty"`
	SuccessMessage string  `json:"successMessage,omitempty"`

	// Options of f-puzzles' solver, not of the puzzle.
	DisabledLogic         []string `json:"disabledlogic,omitempty"`
	TrueCandidatesOptions []string `json:"truecandidatesoptions,omitempty"`

	// Other holds the keys this package does not know, as they were.
	Other map[string]json.RawMessage `json:"-"`
}

// Cell is a cell of the grid.
type Cell struct {
	Value             int   `json:"value,omitempty"`
	Given             bool  `json:"given,omitempty"`
	GivenPencilMarks  []int `json:"givenPencilMarks,omitempty"`
	CenterPencilMarks []int `json:"centerPencilMarks,omitempty"`
	CornerPencilMarks []int `json:"cornerPencilMarks,omitempty"`
	// Region is the cell's region in an irregular grid: nil for the
	// default box, JSON null (a RawMessage "null") for no region.
	Region json.RawMessage `json:"region,omitempty"`
	// Other holds the cell's other attributes (its colours "c", "cArray",
	// "highlight" ...).
	Other map[string]json.RawMessage `json:"-"`
}

// Value is a value f-puzzles writes as a string or as a number ("10" or
// 10); it is kept as the text.
type Value string

// UnmarshalJSON accepts a string, a number, a boolean or null.
func (v *Value) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*v = Value(s)
	case string(b) == "null":
		*v = ""
	case len(b) > 0 && (b[0] == '{' || b[0] == '['):
		return fmt.Errorf("want a string or a number, not %.20s", b)
	default:
		*v = Value(b)
	}
	return nil
}

// Clue is an element on one cell, or on a position outside the grid for a
// clue around it (sandwich, X-sum, skyscraper), with a value.
type Clue struct {
	Cell  string `json:"cell"`
	Value Value  `json:"value,omitempty"`
}

// Cells is an element on a group of cells: a cage, a dot between two
// cells, an extra region, an indexer group.
type Cells struct {
	Cells []string `json:"cells"`
	Value Value    `json:"value,omitempty"`
}

// Lines is a line element, which may hold several lines (the branches of a
// thermometer).
type Lines struct {
	Lines [][]string `json:"lines"`
	Value Value      `json:"value,omitempty"`
}

// Arrow is an arrow: its circle (Cells) and its lines, each from a circle
// cell.
type Arrow struct {
	Lines [][]string `json:"lines"`
	Cells []string   `json:"cells"`
}

// LittleKiller is a little killer clue: the clue's position outside the
// grid, the cells of its diagonal and the direction it looks.
type LittleKiller struct {
	Cell      string   `json:"cell"`
	Cells     []string `json:"cells,omitempty"`
	Direction string   `json:"direction"`
	Value     Value    `json:"value,omitempty"`
}

// Clone is a pair of groups of cells holding the same values, position by
// position.
type Clone struct {
	Cells      []string `json:"cells"`
	CloneCells []string `json:"cloneCells"`
}

// Quadruple is a quadruple clue on four cells.
type Quadruple struct {
	Cells  []string `json:"cells"`
	Values []int    `json:"values"`
}

// Element is a drawn element: its cells or lines, its text, and its other
// attributes as JSON (colours, sizes, angle, fromConstraint ...).
type Element struct {
	Cells []string
	Lines [][]string
	Value Value
	// HasValue tells a value "" from none.
	HasValue bool
	Attrs    map[string]json.RawMessage
}

// UnmarshalJSON reads an element of any shape.
func (e *Element) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*e = Element{}
	for k, raw := range m {
		var err error
		switch k {
		case "cells":
			err = json.Unmarshal(raw, &e.Cells)
		case "lines":
			err = json.Unmarshal(raw, &e.Lines)
		case "value":
			err = json.Unmarshal(raw, &e.Value)
			e.HasValue = true
		default:
			if e.Attrs == nil {
				e.Attrs = map[string]json.RawMessage{}
			}
			e.Attrs[k] = compact(raw)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
	}
	return nil
}

// MarshalJSON writes the element with its keys in a fixed order.
func (e Element) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	put := func(k string, v any) error {
		raw, ok := v.(json.RawMessage)
		if !ok {
			var err error
			if raw, err = json.Marshal(v); err != nil {
				return err
			}
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.Write(jsonString(k))
		b.WriteByte(':')
		b.Write(raw)
		return nil
	}
	if e.Lines != nil {
		put("lines", e.Lines)
	}
	if e.Cells != nil {
		put("cells", e.Cells)
	}
	if e.HasValue {
		put("value", string(e.Value))
	}
	keys := make([]string, 0, len(e.Attrs))
	for k := range e.Attrs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !json.Valid(e.Attrs[k]) {
			return nil, fmt.Errorf("attribute %s: %q is not JSON", k, e.Attrs[k])
		}
		put(k, e.Attrs[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// compact returns raw without insignificant space, in UTF-8, and with <, >,
// & and the line and paragraph separators in strings escaped (\u0026) as
// json.Marshal writes them, even inside what a MarshalJSON returns: a value
// read, written and read back is then the same.
func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	if bytes.ContainsAny(b.Bytes(), "<>&\u2028\u2029") {
		var e bytes.Buffer
		json.HTMLEscape(&e, b.Bytes())
		b = e
	}
	// Bytes that are not UTF-8 become U+FFFD, as they do in the strings
	// read into fields, and as they would in a link (lz-string works on
	// UTF-16): a puzzle written and read back keeps the same value.
	if !utf8.Valid(b.Bytes()) {
		return bytes.ToValidUTF8(b.Bytes(), []byte("\uFFFD"))
	}
	return b.Bytes()
}

// boardKeys are the keys of Board's fields, which UnmarshalJSON does not
// put in Other; cellKeys those of Cell's. Made at first use, not when a
// program that may never read f-puzzles starts.
var (
	boardKeys = sync.OnceValue(func() map[string]bool { return keySet(Board{}) })
	cellKeys  = sync.OnceValue(func() map[string]bool { return keySet(Cell{}) })
)

func keySet(v any) map[string]bool {
	m := map[string]bool{}
	for _, k := range jsonKeys(v) {
		m[k] = true
	}
	return m
}

// UnmarshalJSON reads a board, keeping unknown keys in Other.
func (bd *Board) UnmarshalJSON(b []byte) error {
	type plain Board
	var p plain
	_, other, err := decodeKnown(b, &p, boardKeys())
	if err != nil {
		return err
	}
	p.Other = other
	*bd = Board(p)
	return nil
}

// decodeKnown reads the JSON object b into v, a pointer to a struct whose
// fields have the keys in known, and returns all of b's keys and those
// that known lacks, with their values compacted (other is nil when there
// are none). encoding/json matches a key to a field whatever its case;
// f-puzzles, in JavaScript, does not, so a key known only in another case
// ("Size") stays in other and does not set the field: when there is one,
// v is read from the known keys alone.
func decodeKnown(b []byte, v any, known map[string]bool) (all, other map[string]json.RawMessage, err error) {
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, nil, err
	}
	folded := false
	for k, raw := range all {
		if known[k] {
			continue
		}
		if other == nil {
			other = map[string]json.RawMessage{}
		}
		other[k] = compact(raw)
		for name := range known {
			folded = folded || strings.EqualFold(k, name)
		}
	}
	if folded {
		exact := map[string]json.RawMessage{}
		for k, raw := range all {
			if known[k] {
				exact[k] = raw
			}
		}
		if b, err = json.Marshal(exact); err != nil {
			return nil, nil, err
		}
	}
	if err := json.Unmarshal(b, v); err != nil {
		return nil, nil, err
	}
	return all, other, nil
}

// MarshalJSON writes a board with its Other keys after the known ones.
func (bd Board) MarshalJSON() ([]byte, error) {
	type plain Board
	b, err := json.Marshal(plain(bd))
	if err != nil || len(bd.Other) == 0 {
		return b, err
	}
	return appendKeys(b, bd.Other)
}

// UnmarshalJSON reads a cell, keeping unknown keys in Other.
func (c *Cell) UnmarshalJSON(b []byte) error {
	type plain Cell
	var p plain
	all, other, err := decodeKnown(b, &p, cellKeys())
	if err != nil {
		return err
	}
	p.Other = other
	if raw, ok := all["region"]; ok {
		// Keep an explicit null, which omitempty would drop.
		p.Region = compact(raw)
	}
	*c = Cell(p)
	return nil
}

// MarshalJSON writes a cell with its Other keys after the known ones.
func (c Cell) MarshalJSON() ([]byte, error) {
	type plain Cell
	b, err := json.Marshal(plain(c))
	if err != nil || len(c.Other) == 0 {
		return b, err
	}
	return appendKeys(b, c.Other)
}

// appendKeys adds the keys of m, sorted, to the JSON object b.
func appendKeys(b []byte, m map[string]json.RawMessage) ([]byte, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = b[:len(b)-1] // the closing brace
	for _, k := range keys {
		if !json.Valid(m[k]) {
			return nil, fmt.Errorf("key %s: %q is not JSON", k, m[k])
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, jsonString(k)...)
		b = append(b, ':')
		b = append(b, m[k]...)
	}
	return append(b, '}'), nil
}

// jsonString returns s as a JSON string (strconv.Quote's escapes are Go's,
// not all of them JSON's).
func jsonString(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}
