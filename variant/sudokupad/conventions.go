package sudokupad

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
)

// The drawings of SudokuPad's f-puzzles import, read back as rules. A
// position is [row, column] in cell widths from the top-left corner of the
// grid: the centre of the cell r1c1 is [0.5, 0.5].

const eps = 0.02

type point struct{ r, c float64 }

func pointOf(v any) (point, bool) {
	l := asList(v)
	if len(l) != 2 {
		return point{}, false
	}
	a, ok1 := l[0].(float64)
	b, ok2 := l[1].(float64)
	return point{a, b}, ok1 && ok2
}

func near(a, b point) bool { return math.Abs(a.r-b.r) < eps && math.Abs(a.c-b.c) < eps }

func isHalf(x float64) bool  { return math.Abs(x-math.Floor(x)-0.5) < eps }
func isWhole(x float64) bool { return math.Abs(x-math.Round(x)) < eps }

// cellAt returns the cell a point is in, or false outside the grid.
func (r *reader) cellAt(p point) (variant.Point, bool) {
	q := variant.Point{Row: int(math.Floor(p.r)), Col: int(math.Floor(p.c))}
	_, in := q.Cell(r.n)
	return q, in
}

// border returns the position around the grid a point is the centre of,
// for the clues outside it.
func (r *reader) border(p point) (variant.Point, bool) {
	if !isHalf(p.r) || !isHalf(p.c) {
		return variant.Point{}, false
	}
	q := variant.Point{Row: int(math.Floor(p.r)), Col: int(math.Floor(p.c))}
	n := r.n
	if q.Row < -1 || q.Col < -1 || q.Row > n || q.Col > n {
		return q, false
	}
	_, in := q.Cell(n)
	return q, !in
}

// pair returns the two cells a point between them stands for.
func (r *reader) pair(p point) ([]string, bool) {
	var a, b variant.Point
	switch {
	case isHalf(p.r) && isWhole(p.c):
		row, col := int(math.Floor(p.r)), int(math.Round(p.c))
		a, b = variant.Point{Row: row, Col: col - 1}, variant.Point{Row: row, Col: col}
	case isWhole(p.r) && isHalf(p.c):
		row, col := int(math.Round(p.r)), int(math.Floor(p.c))
		a, b = variant.Point{Row: row - 1, Col: col}, variant.Point{Row: row, Col: col}
	default:
		return nil, false
	}
	_, ina := a.Cell(r.n)
	_, inb := b.Cell(r.n)
	return []string{a.String(), b.String()}, ina && inb
}

// path returns the cells a line's points are in, a cell once for points
// in a row within it.
func (r *reader) path(e obj) ([]string, bool) {
	var out []string
	for _, v := range asList(e["wayPoints"]) {
		p, ok := pointOf(v)
		if !ok {
			return nil, false
		}
		q, in := r.cellAt(p)
		if !in {
			return nil, false
		}
		if s := q.String(); len(out) == 0 || out[len(out)-1] != s {
			out = append(out, s)
		}
	}
	return out, len(out) > 0
}

// colour returns a colour in lower case, "#abc" as "#aabbcc".
func colour(v any) string {
	s := strings.ToLower(strings.TrimSpace(str(v)))
	if len(s) == 4 && s[0] == '#' {
		s = "#" + strings.Repeat(s[1:2], 2) + strings.Repeat(s[2:3], 2) + strings.Repeat(s[3:4], 2)
	}
	return s
}

// describe names a drawing for an error: its list, colour and cells.
func (r *reader) describe(kind string, e obj) string {
	s := "SudokuPad " + kind
	if c := colour(e["color"]); c != "" {
		s += " " + c
	} else if c := colour(e["backgroundColor"]); c != "" {
		s += " " + c
	}
	if t := str(e["text"]); t != "" {
		s += fmt.Sprintf(" %q", t)
	}
	if cells, ok := r.path(e); ok {
		s += " on " + strings.Join(cells, "-")
	} else if p, ok := pointOf(e["center"]); ok {
		s += fmt.Sprintf(" at [%g,%g]", p.r, p.c)
	}
	return s
}

// shape finds an unused overlay or underlay centred at p that fits.
func (r *reader) shape(p point, fits func(obj) bool) (string, int, bool) {
	for _, key := range []string{"underlays", "overlays"} {
		for i, e := range r.list(key) {
			if r.isUsed(key, i) {
				continue
			}
			if c, ok := pointOf(e["center"]); ok && near(c, p) && fits(e) {
				return key, i, true
			}
		}
	}
	return "", 0, false
}

func (r *reader) arrows() error {
	for i, a := range r.list("arrows") {
		if r.isUsed("arrows", i) {
			continue
		}
		r.use("arrows", i)
		pts := asList(a["wayPoints"])
		if colour(a["color"]) == black && len(pts) == 2 {
			if r.littleKiller(a) {
				continue
			}
		}
		if cells, ok := r.path(a); ok && len(cells) >= 2 {
			circle := r.circleOf(cells[0])
			var line []string
			for _, c := range cells {
				if !contains(circle, c) {
					line = append(line, c)
				}
			}
			if len(line) > 0 {
				r.b.Arrow = append(r.b.Arrow, fpuzzles.Arrow{Lines: [][]string{cells}, Cells: circle})
				continue
			}
		}
		r.unsupported(r.describe("arrow", a), a)
	}
	return nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// littleKiller reads a short black arrow pointing into the grid from a
// clue outside it, with the clue's number.
func (r *reader) littleKiller(a obj) bool {
	p0, ok0 := pointOf(asList(a["wayPoints"])[0])
	p1, ok1 := pointOf(asList(a["wayPoints"])[1])
	if !ok0 || !ok1 {
		return false
	}
	dr, dc := sign(p1.r-p0.r), sign(p1.c-p0.c)
	if dr == 0 || dc == 0 {
		return false
	}
	clue := point{p0.r - 0.3*dr, p0.c - 0.3*dc}
	at, ok := r.border(clue)
	if !ok {
		return false
	}
	dir := map[[2]float64]string{{1, 1}: "DR", {1, -1}: "DL", {-1, 1}: "UR", {-1, -1}: "UL"}[[2]float64{dr, dc}]
	value := ""
	if key, i, ok := r.shape(clue, func(e obj) bool { _, isNum := number(e["text"]); return isNum }); ok {
		r.use(key, i)
		value = str(r.list(key)[i]["text"])
	}
	r.b.LittleKillerSum = append(r.b.LittleKillerSum, fpuzzles.LittleKiller{Cell: at.String(), Direction: dir, Value: fpuzzles.Value(value)})
	return true
}

// circleOf returns the cells of the arrow circle on cell s: those under
// its bulb, or under the thick lines of a bent one, or s alone.
func (r *reader) circleOf(s string) []string {
	start, _ := variant.ParsePoint(s)
	for _, key := range []string{"overlays", "underlays"} {
		for i, e := range r.list(key) {
			if e["rounded"] != true || colour(e["borderColor"]) != arrowGrey {
				continue
			}
			c, ok := pointOf(e["center"])
			if !ok {
				continue
			}
			hw, hh := (num(e["width"], 0.83)-0.83)/2, (num(e["height"], 0.83)-0.83)/2
			var cells []string
			for row := int(math.Round(c.r - 0.5 - hh)); float64(row) <= c.r-0.5+hh+eps; row++ {
				for col := int(math.Round(c.c - 0.5 - hw)); float64(col) <= c.c-0.5+hw+eps; col++ {
					cells = append(cells, variant.Point{Row: row, Col: col}.String())
				}
			}
			if contains(cells, start.String()) {
				r.use(key, i)
				return cells
			}
		}
	}
	for i, e := range r.list("lines") {
		if colour(e["color"]) != arrowGrey || num(e["thickness"], 0) < 20 {
			continue
		}
		if cells, ok := r.path(e); ok && contains(cells, s) {
			r.use("lines", i)
			// The white line inside it.
			for j, f := range r.list("lines") {
				if fc, ok := r.path(f); ok && colour(f["color"]) == "#ffffff" && strings.Join(fc, "") == strings.Join(cells, "") {
					r.use("lines", j)
				}
			}
			return cells
		}
	}
	return []string{s}
}

// lineKinds are the colours of the lines f-puzzles draws for the rules
// SudokuPad does not know, and the f-puzzles key each stands for.
var lineColours = map[string]string{
	"#f067f0": "renban", "#67f067": "whispers", "#ff9a00": "dutch", "#2ecbff": "regionsumline",
	"#ffccaa": "entropicline", "#33bbbb": "modularline", "#c9c883": "nabner", "#c54b8b": "doublearrow",
	"#cdb1ec": "zipperline", "#aabeef": "lockout", "#6495ed": "slowthermometer",
}

func (r *reader) lines() error {
	n := float64(r.n)
	for i, l := range r.list("lines") {
		if r.isUsed("lines", i) {
			continue
		}
		r.use("lines", i)
		col := colour(l["color"])
		pts := asList(l["wayPoints"])
		if col == diagBlueLower && len(pts) == 2 {
			a, _ := pointOf(pts[0])
			b, _ := pointOf(pts[1])
			corner := func(p point, r, c float64) bool { return near(p, point{r, c}) }
			switch {
			case corner(a, 0, 0) && corner(b, n, n) || corner(a, n, n) && corner(b, 0, 0):
				r.b.DiagonalNegative = true
				continue
			case corner(a, 0, n) && corner(b, n, 0) || corner(a, n, 0) && corner(b, 0, n):
				r.b.DiagonalPositive = true
				continue
			}
		}
		cells, ok := r.path(l)
		if !ok {
			r.unsupported(r.describe("line", l), l)
			continue
		}
		first, _ := pointOf(pts[0])
		last, _ := pointOf(pts[len(pts)-1])
		th := num(l["thickness"], 1)
		switch {
		case col == greyL && th >= 10:
			if key, j, ok := r.shape(first, func(e obj) bool { return e["rounded"] == true && colour(e["backgroundColor"]) == greyL }); ok {
				r.use(key, j)
				r.b.Thermometer = append(r.b.Thermometer, fpuzzles.Lines{Lines: [][]string{cells}})
			} else {
				r.b.Palindrome = append(r.b.Palindrome, fpuzzles.Lines{Lines: [][]string{cells}})
			}
		case col == greyL && len(cells) >= 2:
			c0, _ := r.cellAt(first)
			c1, _ := r.cellAt(last)
			ctr := func(q variant.Point) point { return point{float64(q.Row) + 0.5, float64(q.Col) + 0.5} }
			isEnd := func(e obj) bool { return e["rounded"] == true && colour(e["borderColor"]) == greyL }
			k0, j0, ok0 := r.shape(ctr(c0), isEnd)
			if ok0 {
				r.use(k0, j0)
			}
			k1, j1, ok1 := r.shape(ctr(c1), isEnd)
			if !ok0 || !ok1 {
				if ok0 {
					r.used[k0][j0] = false
				}
				r.unsupported(r.describe("line", l), l)
				continue
			}
			r.use(k1, j1)
			r.b.BetweenLine = append(r.b.BetweenLine, fpuzzles.Lines{Lines: [][]string{cells}})
		case col == black && th <= 1.5 && len(pts) == 3:
			if !r.chevron(l) {
				r.unsupported(r.describe("line", l), l)
			}
		case lineColours[col] != "":
			r.displayLine(lineColours[col], cells, first, last)
		default:
			r.unsupported(r.describe("line", l), l)
		}
	}
	return nil
}

// Colours as colour gives them, in lower case.
const (
	diagBlueLower = "#34bbe6"
	greyL         = "#cfcfcf"
)

// displayLine reads a line f-puzzles draws for a rule SudokuPad does not
// know, with what it draws at its ends.
func (r *reader) displayLine(key string, cells []string, first, last point) {
	b := r.b
	line := fpuzzles.Lines{Lines: [][]string{cells}}
	add := func(l *[]fpuzzles.Lines) {
		// The same rule drawn twice (the rule and a copy the setter
		// drew) is one rule.
		for _, x := range *l {
			if slices.EqualFunc(x.Lines, line.Lines, slices.Equal) && x.Value == line.Value {
				return
			}
		}
		*l = append(*l, line)
	}
	ends := func(fits func(obj) bool) {
		for _, p := range []point{first, last} {
			if k, j, ok := r.shape(p, fits); ok {
				r.use(k, j)
			}
		}
	}
	switch key {
	case "renban":
		add(&b.Renban)
	case "whispers":
		add(&b.Whispers)
	case "dutch":
		line.Value = fpuzzles.Value(strconv.Itoa((r.n+1)/2 - 1))
		add(&b.Whispers)
	case "regionsumline":
		add(&b.RegionSumLine)
	case "entropicline":
		add(&b.EntropicLine)
	case "modularline":
		add(&b.ModularLine)
	case "nabner":
		add(&b.Nabner)
	case "zipperline":
		add(&b.ZipperLine)
	case "doublearrow":
		ends(func(e obj) bool { return colour(e["borderColor"]) == "#c54b8b" })
		add(&b.DoubleArrow)
	case "lockout":
		ends(func(e obj) bool { return colour(e["borderColor"]) == "#0000ff" })
		add(&b.Lockout)
	case "slowthermometer":
		if k, j, ok := r.shape(first, func(e obj) bool { return colour(e["backgroundColor"]) == "#6495ed" }); ok {
			r.use(k, j)
		}
		add(&b.SlowThermometer)
	}
}

// chevron reads the mark of a minimum or maximum cell: three points whose
// middle one is nearer the cell's centre (minimum) or farther (maximum).
func (r *reader) chevron(l obj) bool {
	pts := asList(l["wayPoints"])
	a, _ := pointOf(pts[0])
	m, _ := pointOf(pts[1])
	c, _ := pointOf(pts[2])
	mid := point{(a.r + c.r) / 2, (a.c + c.c) / 2}
	cell, in := r.cellAt(mid)
	if !in {
		return false
	}
	ctr := point{float64(cell.Row) + 0.5, float64(cell.Col) + 0.5}
	dEnds := math.Hypot(mid.r-ctr.r, mid.c-ctr.c)
	dApex := math.Hypot(m.r-ctr.r, m.c-ctr.c)
	if math.Abs(dEnds-dApex) < 0.01 || dEnds > 0.5 {
		return false
	}
	clue := fpuzzles.Clue{Cell: cell.String()}
	list := &r.b.Maximum
	if dApex < dEnds {
		list = &r.b.Minimum
	}
	if !containsClue(*list, clue.Cell) {
		*list = append(*list, clue)
	}
	if k, j, ok := r.shape(ctr, func(e obj) bool { return colour(e["backgroundColor"]) == "#cccccc" }); ok {
		r.use(k, j)
	}
	return true
}

func containsClue(l []fpuzzles.Clue, cell string) bool {
	for _, c := range l {
		if c.Cell == cell {
			return true
		}
	}
	return false
}

// shapes reads the overlays and underlays left: dots, X and V, even and
// odd cells, quadruples, the clues around the grid, cell colours.
func (r *reader) shapes() error {
	b := r.b
	// The symbols of X-sums and skyscrapers first, which say what the
	// numbers beside them are.
	outside := map[variant.Point]string{}
	for _, key := range []string{"underlays", "overlays"} {
		for i, e := range r.list(key) {
			if r.isUsed(key, i) {
				continue
			}
			p, _ := pointOf(e["center"])
			if at, ok := r.border(p); ok {
				switch str(e["text"]) {
				case "\u25EF":
					outside[at] = "xsum"
					r.use(key, i)
				case "\u25AF":
					outside[at] = "skyscraper"
					r.use(key, i)
				}
			}
		}
	}
	for _, key := range []string{"underlays", "overlays"} {
		for i, e := range r.list(key) {
			if r.isUsed(key, i) {
				continue
			}
			r.use(key, i)
			p, ok := pointOf(e["center"])
			if !ok {
				r.unsupported(r.describe(strings.TrimSuffix(key, "s"), e), e)
				continue
			}
			text := strings.TrimSpace(str(e["text"]))
			w, h := num(e["width"], 0), num(e["height"], 0)
			bg, border := colour(e["backgroundColor"]), colour(e["borderColor"])
			small := w > 0.2 && w < 0.45 && h > 0.2 && h < 0.45
			if cells, between := r.pair(p); between && small {
				switch {
				case e["rounded"] == true && bg == "#ffffff" && border == black:
					b.Difference = append(b.Difference, fpuzzles.Cells{Cells: cells, Value: dotValue(text, 1)})
					continue
				case e["rounded"] == true && bg == black:
					b.Ratio = append(b.Ratio, fpuzzles.Cells{Cells: cells, Value: dotValue(text, 2)})
					continue
				case strings.EqualFold(text, "X") || strings.EqualFold(text, "V"):
					b.XV = append(b.XV, fpuzzles.Cells{Cells: cells, Value: fpuzzles.Value(strings.ToUpper(text))})
					continue
				}
				if _, isNum := number(text); isNum {
					b.Sum = append(b.Sum, fpuzzles.Cells{Cells: cells, Value: fpuzzles.Value(text)})
					continue
				}
			}
			if at, ok := r.border(p); ok && text != "" {
				if _, isNum := number(text); isNum {
					clue := fpuzzles.Clue{Cell: at.String(), Value: fpuzzles.Value(text)}
					switch outside[at] {
					case "xsum":
						b.XSum = append(b.XSum, clue)
					case "skyscraper":
						b.Skyscraper = append(b.Skyscraper, clue)
					default:
						b.SandwichSum = append(b.SandwichSum, clue)
					}
					continue
				}
			}
			if isHalf(p.r) && isHalf(p.c) && bg == greyL && math.Abs(w-0.7) < eps && math.Abs(h-0.7) < eps {
				if q, in := r.cellAt(p); in {
					if e["rounded"] == true {
						b.Odd = append(b.Odd, fpuzzles.Clue{Cell: q.String()})
					} else {
						b.Even = append(b.Even, fpuzzles.Clue{Cell: q.String()})
					}
					continue
				}
			}
			if isWhole(p.r) && isWhole(p.c) && e["rounded"] == true && text != "" {
				if vs, ok := quadValues(text, r.n); ok {
					row, col := int(math.Round(p.r)), int(math.Round(p.c))
					if row >= 1 && col >= 1 && row < r.n && col < r.n {
						var cells []string
						for _, d := range [][2]int{{-1, -1}, {-1, 0}, {0, -1}, {0, 0}} {
							cells = append(cells, variant.Point{Row: row + d[0], Col: col + d[1]}.String())
						}
						b.Quadruple = append(b.Quadruple, fpuzzles.Quadruple{Cells: cells, Values: vs})
						continue
					}
				}
			}
			if isHalf(p.r) && isHalf(p.c) && math.Abs(w-1) < eps && math.Abs(h-1) < eps && text == "" && bg != "" && bg != greyL {
				if q, in := r.cellAt(p); in {
					// A coloured cell.
					cell := &b.Grid[q.Row][q.Col]
					if cell.Other == nil {
						cell.Other = map[string]json.RawMessage{}
					}
					cell.Other["c"] = json.RawMessage(strconv.Quote(str(e["backgroundColor"])))
					continue
				}
			}
			r.unsupported(r.describe(strings.TrimSuffix(key, "s"), e), e)
		}
	}
	return nil
}

// dotValue returns a dot's number, none for the default.
func dotValue(text string, def int) fpuzzles.Value {
	if x, ok := number(text); ok && x != def {
		return fpuzzles.Value(strconv.Itoa(x))
	}
	return ""
}

// quadValues reads the digits of a quadruple clue.
func quadValues(text string, n int) ([]int, bool) {
	var vs []int
	for _, f := range strings.Fields(text) {
		x, err := strconv.Atoi(f)
		if err != nil || x < 1 || x > n {
			return nil, false
		}
		vs = append(vs, x)
	}
	return vs, len(vs) > 0 && len(vs) <= 4
}

// others keeps the top-level keys that may hold rules (fog of war,
// triggers ...) as unsupported.
func (r *reader) others() error {
	for k, v := range r.m {
		if benignKeys[k] {
			continue
		}
		if l, ok := v.([]any); ok && len(l) == 0 {
			continue
		}
		r.unsupported("SudokuPad "+k, obj{k: v})
	}
	return nil
}
