package vengine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
)

// /api/variant turns a variant puzzle (an f-puzzles or SudokuPad link,
// the Interactive Sudoku Solver's text, a plain grid of any size) into the
// plain model the page's variant game draws (js/variant/*.js): its size,
// the region of each cell, its givens, and each rule as a shape with its
// cells and numbers. The page decodes no puzzle format itself, so that the
// readers are written once, in Go.

// Model is /api/variant's answer.
type Model struct {
	Size    int   `json:"size"`
	Offset  int   `json:"offset,omitempty"`
	Regions []int `json:"regions"`
	Givens  []int `json:"givens"`
	// Shapes are the rules, in the puzzle's order, then its cosmetic
	// elements (Cosmetic true).
	Shapes []variantShape `json:"shapes"`
	Kinds  []string       `json:"kinds,omitempty"`
	Title  string         `json:"title,omitempty"`
	Author string         `json:"author,omitempty"`
	Rules  string         `json:"rules,omitempty"`
	// Classic says the puzzle is a classic sudoku (givens alone), which
	// the classic game plays.
	Classic bool `json:"classic,omitempty"`
}

// variantShape is one rule or cosmetic element as the page draws it. The
// fields a kind uses are listed in docs/web.md.
type variantShape struct {
	Kind string `json:"kind"`
	// Cells are the cells it covers, in the rule's order (a thermometer
	// from its bulb, a line from one end, an arrow's circle).
	Cells []variant.Cell `json:"cells,omitempty"`
	// Line is an arrow's shaft, from the circle.
	Line []variant.Cell `json:"line,omitempty"`
	// Sets are groups of cells: a clone's two halves, the sets of same
	// values.
	Sets [][]variant.Cell `json:"sets,omitempty"`
	// Value is the clue's number: a cage's sum, a dot's difference or
	// ratio, a whisper's gap, an outside clue.
	Value *int `json:"value,omitempty"`
	// Values are a quadruple's or candidates' values.
	Values []int `json:"values,omitempty"`
	// At is the position of a clue outside the grid, or of a cosmetic
	// element: [row, column] from 0, -1 and size being outside.
	At *[2]int `json:"at,omitempty"`
	// Dir is a little killer's direction (DR, DL, UR, UL).
	Dir string `json:"dir,omitempty"`
	// Flag is a kind's option: a positive diagonal, a slow thermometer,
	// a sum line's loop.
	Flag bool `json:"flag,omitempty"`
	// Cosmetic elements: where they are, their paths, text and the
	// source's style attributes (colours by f-puzzles' names).
	Cosmetic bool              `json:"cosmetic,omitempty"`
	Points   [][2]int          `json:"points,omitempty"`
	Paths    [][][2]int        `json:"paths,omitempty"`
	Text     string            `json:"text,omitempty"`
	Style    map[string]string `json:"style,omitempty"`
}

func intp(v int) *int { return &v }

// shapeOf returns the drawing of one rule.
func shapeOf(n int, c variant.Constraint) variantShape {
	s := variantShape{Kind: c.Kind()}
	edge := func(e variant.Edge, v int) {
		p := e.Point(n)
		s.At = &[2]int{p.Row, p.Col}
		s.Cells = e.Cells(n)
		s.Value = intp(v)
	}
	switch c := c.(type) {
	case variant.Candidates:
		s.Cells, s.Values = []variant.Cell{c.Cell}, c.Values
	case variant.Even:
		s.Cells = []variant.Cell{c.Cell}
	case variant.Odd:
		s.Cells = []variant.Cell{c.Cell}
	case variant.Minimum:
		s.Cells = []variant.Cell{c.Cell}
	case variant.Maximum:
		s.Cells = []variant.Cell{c.Cell}
	case variant.KillerCage:
		s.Cells, s.Value = c.Cells, intp(c.Sum)
	case variant.RellikCage:
		s.Cells, s.Value = c.Cells, intp(c.Sum)
	case variant.ExtraRegion:
		s.Cells = c.Cells
	case variant.Quadruple:
		s.Cells, s.Values = []variant.Cell{c.Cell}, c.Values
	case variant.Clone:
		s.Sets = [][]variant.Cell{c.Cells, c.Clones}
	case variant.Indexer:
		s.Cells, s.Value = c.Cells, intp(int(c.Of))
	case variant.Difference:
		s.Cells, s.Value = c.Cells[:], intp(c.Diff)
	case variant.Ratio:
		s.Cells, s.Value = c.Cells[:], intp(c.Ratio)
	case variant.XV:
		s.Cells, s.Value = c.Cells[:], intp(c.Sum)
	case variant.Diagonal:
		s.Flag = c.Positive
	case variant.Thermometer:
		s.Cells, s.Flag = c.Cells, c.Slow
	case variant.Arrow:
		s.Cells, s.Line = c.Circle, c.Line
	case variant.DoubleArrow:
		s.Cells = c.Cells
	case variant.Palindrome:
		s.Cells = c.Cells
	case variant.Renban:
		s.Cells = c.Cells
	case variant.Whispers:
		s.Cells, s.Value = c.Cells, intp(c.Gap)
	case variant.RegionSumLine:
		s.Cells = c.Cells
	case variant.SumLine:
		s.Cells, s.Value, s.Flag = c.Cells, intp(c.Sum), c.Loop
	case variant.Sum:
		s.Cells, s.Value = c.Cells, intp(c.Total)
	case variant.SameValues:
		s.Sets = c.Sets
	case variant.ValueCount:
		s.Cells, s.Value = c.Cells, intp(c.Value)
	case variant.CountDistinct:
		s.Cells = c.Cells
	case variant.CountingCircles:
		s.Cells = c.Cells
	case variant.Lunchbox:
		s.Cells, s.Value = c.Cells, intp(c.Sum)
	case variant.BetweenLine:
		s.Cells = c.Cells
	case variant.EntropicLine:
		s.Cells = c.Cells
	case variant.ModularLine:
		s.Cells, s.Value = c.Cells, intp(c.Mod)
	case variant.ZipperLine:
		s.Cells = c.Cells
	case variant.LockoutLine:
		s.Cells, s.Value = c.Cells, intp(c.Gap)
	case variant.Nabner:
		s.Cells = c.Cells
	case variant.LittleKiller:
		dr, dc := c.Dir.Step()
		p := variant.PointOf(n, c.Start)
		s.At = &[2]int{p.Row - dr, p.Col - dc}
		s.Dir, s.Cells, s.Value = c.Dir.String(), variant.LittleKillerCells(n, c), intp(c.Sum)
	case variant.Sandwich:
		edge(c.At, c.Sum)
	case variant.XSum:
		edge(c.At, c.Sum)
	case variant.NumberedRoom:
		edge(c.At, c.Value)
	case variant.HiddenSkyscraper:
		edge(c.At, c.Value)
	case variant.Skyscraper:
		edge(c.At, c.Count)
	}
	// Rules over the whole grid (anti-knight ...), pairwise rules and
	// choices are drawn as their kind's name in the rules list alone.
	return s
}

// cosmeticShape returns the drawing of a cosmetic element.
func cosmeticShape(c variant.Cosmetic) variantShape {
	s := variantShape{Kind: c.Kind, Cosmetic: true, Text: c.Text}
	for _, p := range c.Cells {
		s.Points = append(s.Points, [2]int{p.Row, p.Col})
	}
	for _, l := range c.Lines {
		var path [][2]int
		for _, p := range l {
			path = append(path, [2]int{p.Row, p.Col})
		}
		s.Paths = append(s.Paths, path)
	}
	if len(c.Style) > 0 {
		s.Style = map[string]string{}
		for k, v := range c.Style {
			// f-puzzles' attributes are JSON values: a colour comes
			// quoted.
			var str string
			if json.Unmarshal([]byte(v), &str) == nil {
				v = str
			}
			s.Style[k] = v
		}
	}
	return s
}

// modelOf returns the page's model of p.
func modelOf(p *variant.Puzzle) Model {
	n := p.Size
	m := Model{Size: n, Offset: p.Offset, Regions: p.RegionsOf(), Givens: p.Givens,
		Kinds: vformat.Kinds(p), Title: p.Title, Author: p.Author, Rules: p.Rules, Classic: vformat.Classic(p),
		Shapes: []variantShape{}}
	if m.Givens == nil {
		m.Givens = make([]int, n*n)
	}
	for _, c := range p.Constraints {
		m.Shapes = append(m.Shapes, shapeOf(n, c))
	}
	copies := drawnCopies(n, m.Shapes)
	for _, c := range p.Cosmetics {
		if c.Kind == "successMessage" || c.Kind == "cage" && strings.HasPrefix(strings.ToLower(c.Text), "msgcorrect") {
			// f-puzzles' message for the solver, kept in a hidden
			// cage by older puzzles: not drawn, the page has its own
			// win panel.
			continue
		}
		if copies.has(c) {
			continue
		}
		m.Shapes = append(m.Shapes, cosmeticShape(c))
	}
	return m
}

// ruleDrawings holds what the page draws of the rules that a puzzle's
// own drawings may repeat: the paths of its lines (by their cells, either
// way), and the cells that carry a line's end marks (a lockout line's
// diamonds, a between line's circles).
type ruleDrawings struct {
	n     int
	paths map[string]bool
	ends  map[[2]int]bool
}

// drawnCopies returns what the page draws of shapes that a cosmetic
// element may copy. f-puzzles' newer exports mark their copies of rules
// (package fpuzzles drops those), but older puzzles drew them by hand:
// a lockout line as a line and two diamonds. Drawn twice, they showed
// the source's colours over the page's, in both themes.
func drawnCopies(n int, shapes []variantShape) ruleDrawings {
	d := ruleDrawings{n: n, paths: map[string]bool{}, ends: map[[2]int]bool{}}
	for _, s := range shapes {
		if len(s.Cells) < 2 {
			continue
		}
		d.paths[fmt.Sprint(s.Cells)] = true
		switch s.Kind {
		case "lockout line", "between line", "double arrow":
			for _, c := range []variant.Cell{s.Cells[0], s.Cells[len(s.Cells)-1]} {
				d.ends[[2]int{int(c) / n, int(c) % n}] = true
			}
		}
	}
	return d
}

// has says whether cosmetic element c repeats a rule's drawing: a line
// with one path through the cells of a rule, or a circle or a rectangle
// without text on the end of a line whose ends the page marks.
func (d ruleDrawings) has(c variant.Cosmetic) bool {
	switch c.Kind {
	case "line":
		if len(c.Lines) != 1 || len(c.Lines[0]) < 2 {
			return false
		}
		fwd := make([]variant.Cell, len(c.Lines[0]))
		for i, p := range c.Lines[0] {
			if p.Row < 0 || p.Col < 0 || p.Row >= d.n || p.Col >= d.n {
				return false
			}
			fwd[i] = variant.Cell(p.Row*d.n + p.Col)
		}
		if d.paths[fmt.Sprint(fwd)] {
			return true
		}
		slices.Reverse(fwd)
		return d.paths[fmt.Sprint(fwd)]
	case "circle", "rectangle":
		return c.Text == "" && len(c.Cells) == 1 && d.ends[[2]int{c.Cells[0].Row, c.Cells[0].Col}]
	}
	return false
}

// variantView answers /api/variant: the model of the puzzle, or 400 for
// text that is no puzzle, a malformed puzzle, or a rule the engine lacks
// (the page could draw it, but neither check nor finish it).
func variantView(_ context.Context, body json.RawMessage) (any, error) {
	var req struct {
		Puzzle string `json:"puzzle"`
	}
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	text := strings.TrimSpace(req.Puzzle)
	if text == "" {
		ae := badRequest("puzzle: missing: paste an f-puzzles or SudokuPad link")
		ae.Code, ae.Args = engine.CodePuzzle, []string{"missing"}
		return nil, ae
	}
	p, _, err := vformat.Parse(text)
	if errors.Is(err, vformat.ErrNotPuzzle) {
		// A plain grid of 81 cells is a classic puzzle, which Detect
		// leaves to the classic reader.
		if g, gerr := vformat.ParseGrid(text); gerr == nil {
			p, err = g, nil
		}
	}
	if err != nil {
		ae := engine.PuzzleError(err)
		if errors.Is(err, vformat.ErrNotPuzzle) {
			// The reason lists every format read, longer than the
			// page's two lines of status.
			ae.Code, ae.Args = engine.CodeNotPuzzle, nil
		}
		return nil, ae
	}
	if _, err := variant.NewSolver(p); err != nil {
		return nil, Err(&vformat.Refusal{Err: err})
	}
	return modelOf(p), nil
}
