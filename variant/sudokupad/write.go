package sudokupad

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
)

// TagKey is the key of the element property that carries, on each element
// Marshal draws, the rule or drawing it stands for, as f-puzzles' JSON of
// it ({"thermometer": {"lines": [["R1C1", "R2C1"]]}}), so that Read gets
// the puzzle back exactly. SudokuPad ignores it. "part" marks the further
// elements of one rule's drawing.
const TagKey = "godoku"

// tagPart is the tag of the second and later elements of a drawing.
const tagPart = "part"

// obj is an element of SudokuPad's JSON.
type obj = map[string]any

// Marshal returns p as SudokuPad's puzzle JSON: its cells, givens
// (candidates as centre marks), regions, title, author, rules and
// solution, the rules SudokuPad checks (cages, extra regions, anti-knight,
// anti-king, disjoint groups), and every rule and drawing drawn as
// SudokuPad draws a puzzle it imports from f-puzzles, each element tagged
// (TagKey). It fails for an invalid puzzle and for an Unsupported rule
// that did not come from f-puzzles.
func Marshal(p *variant.Puzzle) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, &Error{Err: err}
	}
	if p.Offset != 0 {
		return nil, &Error{Err: errFromZero}
	}
	w := &writer{n: p.Size, p: p, out: obj{"cellSize": 50}}
	w.grid()
	for i, c := range p.Constraints {
		if err := w.constraint(c); err != nil {
			return nil, &Error{Err: fmt.Errorf("constraint %d (%s): %w", i+1, c.Kind(), err)}
		}
	}
	for i, c := range p.Cosmetics {
		if err := w.cosmetic(c); err != nil {
			return nil, &Error{Err: fmt.Errorf("drawing %d (%s): %w", i+1, c.Kind, err)}
		}
	}
	w.metadata()
	return json.Marshal(roundFloats(w.out))
}

// roundFloats rounds the positions and sizes to thousandths of a cell,
// which keeps links short and 0.3-0.28 from being 0.019999999999999962.
func roundFloats(v any) any {
	switch v := v.(type) {
	case obj:
		for k, x := range v {
			v[k] = roundFloats(x)
		}
	case []any:
		for i, x := range v {
			v[i] = roundFloats(x)
		}
	case []obj:
		for i, x := range v {
			v[i] = roundFloats(x).(obj)
		}
	case [][]obj:
		for _, row := range v {
			roundFloats(row)
		}
	case []float64:
		for i, x := range v {
			v[i] = math.Round(x*1000) / 1000
		}
	case [][]float64:
		for _, p := range v {
			roundFloats(p)
		}
	case float64:
		return math.Round(v*1000) / 1000
	}
	return v
}

type writer struct {
	n   int
	p   *variant.Puzzle
	out obj
	// lastCircle is the circle of the last arrow drawn, whose bulb the
	// next arrow from it shares.
	lastCircle []variant.Cell
}

func (w *writer) add(key string, e obj) { w.out[key] = append(asList(w.out[key]), e) }

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// center returns the centre of a cell in SudokuPad's coordinates: row and
// column in cell widths from the grid's top-left corner.
func (w *writer) center(c variant.Cell) []float64 {
	r, col := variant.RowCol(w.n, c)
	return []float64{float64(r) + 0.5, float64(col) + 0.5}
}

func (w *writer) pointCenter(p variant.Point) []float64 {
	return []float64{float64(p.Row) + 0.5, float64(p.Col) + 0.5}
}

func (w *writer) rc(c variant.Cell) []int {
	r, col := variant.RowCol(w.n, c)
	return []int{r, col}
}

func (w *writer) rcs(cs []variant.Cell) [][]int {
	out := make([][]int, len(cs))
	for i, c := range cs {
		out[i] = w.rc(c)
	}
	return out
}

func (w *writer) centers(cs []variant.Cell) [][]float64 {
	out := make([][]float64, len(cs))
	for i, c := range cs {
		out[i] = w.center(c)
	}
	return out
}

// mid returns the point between two cells.
func (w *writer) mid(a, b variant.Cell) []float64 {
	ca, cb := w.center(a), w.center(b)
	return []float64{(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2}
}

func (w *writer) grid() {
	n, p := w.n, w.p
	cells := make([][]obj, n)
	for r := range cells {
		cells[r] = make([]obj, n)
		for c := range cells[r] {
			cells[r][c] = obj{}
		}
	}
	for i, v := range p.Givens {
		if v != 0 {
			cells[i/n][i%n]["value"] = v
		}
	}
	for _, c := range p.Constraints {
		if cd, ok := c.(variant.Candidates); ok {
			vs := slices.Clone(cd.Values)
			slices.Sort(vs)
			cells[int(cd.Cell)/n][int(cd.Cell)%n]["centremarks"] = slices.Compact(vs)
		}
	}
	w.out["cells"] = cells
	regions := p.RegionsOf()
	var rs [][][]int
	for k := range n {
		var cs [][]int
		for i, x := range regions {
			if x == k {
				cs = append(cs, w.rc(variant.Cell(i)))
			}
		}
		if cs != nil {
			rs = append(rs, cs)
		}
	}
	w.out["regions"] = rs
}

// metadata writes the title, author, rules and solution as SudokuPad
// keeps them: cages without cells whose value is "name: text".
func (w *writer) metadata() {
	p := w.p
	for _, m := range [][2]string{{"title", p.Title}, {"author", p.Author}, {"rules", p.Rules}} {
		if m[1] != "" {
			w.add("cages", obj{"value": m[0] + ": " + m[1]})
		}
	}
	if p.Solution != nil {
		if w.n <= 9 {
			var b strings.Builder
			for _, v := range p.Solution {
				b.WriteByte(byte('0' + v))
			}
			w.add("cages", obj{"value": "solution: " + b.String()})
		} else {
			// SudokuPad's solutions are one digit a cell: keep larger
			// values in the tag only.
			w.add("cages", obj{TagKey: obj{"solution": p.Solution}})
		}
	}
}

// tagOf returns the tag of a constraint: its f-puzzles JSON, the keys of a
// board that holds it alone.
func (w *writer) tagOf(items ...any) (obj, error) {
	q := &variant.Puzzle{Size: w.n, Regions: w.p.Regions}
	for _, it := range items {
		switch it := it.(type) {
		case variant.Constraint:
			q.Constraints = append(q.Constraints, it)
		case variant.Cosmetic:
			q.Cosmetics = append(q.Cosmetics, it)
		}
	}
	b, err := fpuzzles.FromPuzzle(q)
	if err != nil {
		var fe *fpuzzles.Error
		if errors.As(err, &fe) {
			return nil, fe.Err // say it once: the rule is the caller's
		}
		return nil, err
	}
	js, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	var m obj
	if err := json.Unmarshal(js, &m); err != nil {
		return nil, err
	}
	tag := obj{}
	for k, v := range m {
		switch k {
		case "size", "grid":
			continue
		case "line", "text", "circle", "rectangle", "cage":
			// Keep drawings, not the copies f-puzzles draws of rules.
			var kept []any
			for _, e := range asList(v) {
				if eo, ok := e.(obj); ok && eo["fromConstraint"] == nil {
					kept = append(kept, e)
				}
			}
			if kept == nil {
				continue
			}
			v = kept
		}
		tag[k] = v
	}
	// A drawing on a cell of the grid lives in f-puzzles' grid.
	for r, row := range b.Grid {
		for c, cell := range row {
			if len(cell.Other) > 0 {
				g := obj{"cell": variant.Point{Row: r, Col: c}.String()}
				for k, raw := range cell.Other {
					var v any
					_ = json.Unmarshal(raw, &v)
					g[k] = v
				}
				tag[gridCellKey] = g
			}
		}
	}
	return tag, nil
}

// gridCellKey is the tag key of a cell's own drawing (its colour).
const gridCellKey = "gridcell"

// tagged puts tag on the first element and marks the others as parts.
func tagged(tag obj, es ...obj) []obj {
	for i, e := range es {
		if i == 0 {
			e[TagKey] = tag
		} else {
			e[TagKey] = tagPart
		}
	}
	return es
}

const (
	grey      = "#CFCFCF"
	arrowGrey = "#a1a1a1"
	black     = "#000000"
	white     = "#FFFFFF"
	diagBlue  = "#34BBE6"
)

// pxPerCell turns f-puzzles' line widths, in cells, into SudokuPad's
// thicknesses.
const pxPerCell = 64

func (w *writer) constraint(c variant.Constraint) error {
	switch c.(type) {
	case variant.Candidates:
		return nil // centre marks
	case variant.AntiKnight:
		w.global("antiknight")
		return nil
	case variant.AntiKing:
		w.global("antiking")
		return nil
	case variant.NonConsecutive:
		w.global("nonconsecutive")
		return nil
	case variant.NegativeRatio:
		w.global("antiratio")
		return nil
	case variant.NegativeXV:
		w.global("antixv")
		return nil
	}
	tag, err := w.tagOf(c)
	if err != nil {
		return err
	}
	es, key := w.draw(c)
	if es == nil {
		// A rule with no drawing: its tag on a cage without cells,
		// which SudokuPad shows nowhere.
		es, key = []obj{{}}, "cages"
	}
	for _, e := range tagged(tag, es...) {
		k := key
		if kk, ok := e["-key"].(string); ok {
			k = kk
			delete(e, "-key")
		}
		w.add(k, e)
	}
	return nil
}

func (w *writer) global(name string) {
	g := asList(w.out["global"])
	if !slices.Contains(g, any(name)) {
		w.out["global"] = append(g, name)
	}
}

// in marks an element for another list than its drawing's first one.
func in(key string, e obj) obj { e["-key"] = key; return e }

// draw returns the elements of a rule's drawing, as SudokuPad draws the
// rule when it imports it from f-puzzles, and the list of the first.
func (w *writer) draw(c variant.Constraint) ([]obj, string) {
	n := w.n
	switch c := c.(type) {
	case variant.Thermometer:
		if c.Slow {
			break
		}
		return []obj{
			{"color": grey, "thickness": 21, "wayPoints": w.centers(c.Cells)},
			in("underlays", obj{"borderColor": grey, "backgroundColor": grey, "center": w.center(c.Cells[0]), "rounded": true, "width": 0.85, "height": 0.85}),
		}, "lines"
	case variant.Arrow:
		pts := w.centers(append([]variant.Cell{c.Start(n)}, c.Line...))
		dr, dc := pts[1][0]-pts[0][0], pts[1][1]-pts[0][1]
		dist := math.Hypot(dr, dc)
		pts[0][0] += math.Round(100*0.4*sign(dr)/dist) / 100
		pts[0][1] += math.Round(100*0.4*sign(dc)/dist) / 100
		es := []obj{{"color": arrowGrey, "headLength": 0.3, "thickness": 5, "wayPoints": pts}}
		if !slices.Equal(w.lastCircle, c.Circle) {
			es = append(es, w.bulb(c.Circle)...)
		}
		w.lastCircle = c.Circle
		return es, "arrows"
	case variant.KillerCage:
		e := obj{"cells": w.rcs(c.Cells), "unique": true}
		if c.Sum > 0 {
			e["value"] = strconv.Itoa(c.Sum)
			e["sum"] = c.Sum
		}
		return []obj{e}, "cages"
	case variant.LittleKiller:
		dr, dc := c.Dir.Step()
		s := variant.PointOf(n, c.Start)
		rc := w.pointCenter(variant.Point{Row: s.Row - dr, Col: s.Col - dc})
		fr, fc := float64(dr), float64(dc)
		return []obj{
			{"color": black, "thickness": 2, "wayPoints": [][]float64{{rc[0] + 0.3*fr, rc[1] + 0.3*fc}, {rc[0] + 0.48*fr, rc[1] + 0.48*fc}}},
			in("overlays", obj{"backgroundColor": white, "borderColor": white, "center": rc, "fontSize": 28, "width": 0.25, "height": 0.25, "rounded": false, "text": strconv.Itoa(c.Sum)}),
		}, "arrows"
	case variant.Difference:
		e := obj{"borderColor": black, "backgroundColor": white, "center": w.mid(c.Cells[0], c.Cells[1]), "rounded": true, "width": 0.3, "height": 0.3, "text": ""}
		if c.Diff != 1 {
			e["color"], e["stroke"], e["text"] = "#000", "none", strconv.Itoa(c.Diff)
		}
		return []obj{e}, "overlays"
	case variant.Ratio:
		e := obj{"borderColor": black, "backgroundColor": black, "center": w.mid(c.Cells[0], c.Cells[1]), "rounded": true, "width": 0.3, "height": 0.3, "text": ""}
		if c.Ratio != 2 {
			e["color"], e["stroke"], e["text"] = "#fff", "none", strconv.Itoa(c.Ratio)
		}
		return []obj{e}, "overlays"
	case variant.XV:
		text := strconv.Itoa(c.Sum)
		switch c.Sum {
		case 10:
			text = "X"
		case 5:
			text = "V"
		}
		return []obj{{"backgroundColor": white, "borderColor": white, "center": w.mid(c.Cells[0], c.Cells[1]), "fontSize": 21, "rounded": false, "width": 0.25, "height": 0.25, "text": text}}, "overlays"
	case variant.Even, variant.Odd:
		cell, rounded := cellOf(c), false
		if _, ok := c.(variant.Odd); ok {
			rounded = true
		}
		return []obj{{"borderColor": grey, "backgroundColor": grey, "center": w.center(cell), "rounded": rounded, "width": 0.7, "height": 0.7}}, "underlays"
	case variant.ExtraRegion:
		return []obj{{"style": "extraregion", "unique": true, "cells": w.rcs(c.Cells)}}, "cages"
	case variant.Clone:
		var es []obj
		for _, x := range append(slices.Clone(c.Cells), c.Clones...) {
			es = append(es, obj{"borderColor": grey, "backgroundColor": grey, "center": w.center(x), "rounded": false, "width": 1, "height": 1})
		}
		return es, "underlays"
	case variant.Quadruple:
		r, col := variant.RowCol(n, c.Cell)
		var text strings.Builder
		for i, v := range c.Values {
			if i%2 == 1 {
				text.WriteByte(' ')
			}
			if i%3 == 2 {
				text.WriteByte('\n')
			}
			text.WriteString(strconv.Itoa(v))
		}
		return []obj{{"backgroundColor": white, "borderColor": black, "center": []float64{float64(r + 1), float64(col + 1)}, "fontSize": 14, "rounded": true, "width": 0.7, "height": 0.7, "text": text.String()}}, "overlays"
	case variant.BetweenLine:
		pts := w.centers(c.Cells)
		end := func(p []float64) obj {
			return obj{"borderColor": grey, "backgroundColor": white, "center": slices.Clone(p), "fontSize": 16, "borderSize": 2, "rounded": true, "width": 0.8, "height": 0.8}
		}
		ends := []obj{in("overlays", end(pts[0])), in("overlays", end(pts[len(pts)-1]))}
		shorten(pts, 0, 1)
		shorten(pts, len(pts)-1, len(pts)-2)
		return append([]obj{{"color": grey, "thickness": 2, "wayPoints": pts}}, ends...), "lines"
	case variant.Palindrome:
		return []obj{{"color": grey, "thickness": 16, "wayPoints": w.centers(c.Cells)}}, "lines"
	case variant.Sandwich:
		return []obj{{"backgroundColor": white, "borderColor": white, "center": w.pointCenter(c.At.Point(n)), "fontSize": 32, "rounded": false, "width": 0.25, "height": 0.25, "text": strconv.Itoa(c.Sum)}}, "overlays"
	case variant.Minimum, variant.Maximum:
		return w.minMax(c), "underlays"
	case variant.Diagonal:
		pts := [][]float64{{0, 0}, {float64(n), float64(n)}}
		if c.Positive {
			pts = [][]float64{{0, float64(n)}, {float64(n), 0}}
		}
		return []obj{{"color": diagBlue, "thickness": 2, "wayPoints": pts}}, "lines"
	case variant.Indexer:
		style := [3]string{"fpRowIndexer", "fpColumnIndexer", "fpBoxIndexer"}[c.Of]
		return []obj{{"style": style, "cells": w.rcs(c.Cells)}}, "cages"
	case variant.DisjointGroups:
		w.global("disjoint")
		var es []obj
		regions := w.p.RegionsOf()
		var groups [][][]int
		pos := map[int]int{}
		for i, x := range regions {
			if x < 0 {
				continue
			}
			k := pos[x]
			pos[x]++
			for len(groups) <= k {
				groups = append(groups, nil)
			}
			groups[k] = append(groups[k], w.rc(variant.Cell(i)))
		}
		for _, g := range groups {
			es = append(es, obj{"cells": g, "unique": true, "type": "disjoint"})
		}
		if es == nil {
			return nil, ""
		}
		return es, "cages"
	}
	// The rules SudokuPad knows only as drawings: as f-puzzles exports
	// them for it.
	var es []obj
	key := ""
	for _, d := range fpuzzles.DisplayCopy(n, c) {
		e, k := w.element(d.Key, d.Element)
		if e == nil {
			continue
		}
		if key == "" {
			key = k
		} else {
			in(k, e)
		}
		es = append(es, e)
	}
	return es, key
}

func cellOf(c variant.Constraint) variant.Cell {
	switch c := c.(type) {
	case variant.Even:
		return c.Cell
	case variant.Odd:
		return c.Cell
	case variant.Minimum:
		return c.Cell
	case variant.Maximum:
		return c.Cell
	}
	return 0
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// shorten moves point i of a path 0.4 towards point j, as SudokuPad ends
// a between line at the edge of its circles.
func shorten(pts [][]float64, i, j int) {
	dr, dc := pts[j][0]-pts[i][0], pts[j][1]-pts[i][1]
	dist := math.Hypot(dr, dc)
	pts[i][0] += math.Round(10*0.4*sign(dr)/dist) / 10
	pts[i][1] += math.Round(10*0.4*sign(dc)/dist) / 10
}

// bulb draws an arrow's circle: a rounded box over a straight run of
// cells, thick lines over a bent one.
func (w *writer) bulb(circle []variant.Cell) []obj {
	cs := w.centers(circle)
	minR, maxR, minC, maxC := cs[0][0], cs[0][0], cs[0][1], cs[0][1]
	var sr, sc float64
	for _, p := range cs {
		minR, maxR = min(minR, p[0]), max(maxR, p[0])
		minC, maxC = min(minC, p[1]), max(maxC, p[1])
		sr, sc = sr+p[0], sc+p[1]
	}
	k := float64(len(cs))
	if minR == maxR || minC == maxC {
		return []obj{in("overlays", obj{"borderColor": arrowGrey, "backgroundColor": "#ffffff", "center": []float64{sr / k, sc / k},
			"fontSize": 16, "borderSize": 5, "rounded": true, "text": "", "width": 0.83 + maxC - minC, "height": 0.83 + maxR - minR})}
	}
	thick := math.Round(0.7 * pxPerCell)
	return []obj{
		in("lines", obj{"color": arrowGrey, "thickness": thick, "opacity": 0.7, "wayPoints": cs}),
		in("lines", obj{"color": "#ffffff", "thickness": thick - 10, "opacity": 0.8, "wayPoints": w.centers(circle)}),
	}
}

// minMax draws a minimum or maximum cell: grey, with a chevron towards
// it (minimum) or away (maximum) on each side without another of its
// kind.
func (w *writer) minMax(c variant.Constraint) []obj {
	n := w.n
	cell := cellOf(c)
	_, isMin := c.(variant.Minimum)
	same := map[variant.Cell]bool{}
	for _, o := range w.p.Constraints {
		switch o.(type) {
		case variant.Minimum:
			if isMin {
				same[cellOf(o)] = true
			}
		case variant.Maximum:
			if !isMin {
				same[cellOf(o)] = true
			}
		}
	}
	a, b := 0.44, 0.39
	if !isMin {
		a, b = b, a
	}
	ctr := w.center(cell)
	es := []obj{{"backgroundColor": "#ccc", "center": ctr, "rounded": false, "width": 1, "height": 1}}
	r, col := variant.RowCol(n, cell)
	for _, d := range [][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
		nr, nc := r+d[0], col+d[1]
		if nr < 0 || nc < 0 || nr >= n || nc >= n || same[variant.CellOf(n, nr, nc)] {
			continue
		}
		dy, dx := float64(d[0]), float64(d[1])
		es = append(es, in("lines", obj{"color": black, "thickness": 1, "wayPoints": [][]float64{
			{ctr[0] + dy*a + 0.1*dx, ctr[1] + dx*a + 0.1*dy},
			{ctr[0] + dy*b, ctr[1] + dx*b},
			{ctr[0] + dy*a - 0.1*dx, ctr[1] + dx*a - 0.1*dy},
		}}))
	}
	return es
}

// element draws an f-puzzles drawing as SudokuPad imports it.
func (w *writer) element(key string, e fpuzzles.Element) (obj, string) {
	attr := func(k string) any {
		var v any
		if raw, ok := e.Attrs[k]; ok {
			_ = json.Unmarshal(raw, &v)
		}
		return v
	}
	num := func(k string, def float64) float64 {
		if f, ok := attr(k).(float64); ok {
			return f
		}
		return def
	}
	center := func() []float64 {
		var sr, sc float64
		for _, s := range e.Cells {
			p, err := variant.ParsePoint(s)
			if err != nil {
				continue
			}
			sr, sc = sr+float64(p.Row)+0.5, sc+float64(p.Col)+0.5
		}
		k := float64(max(len(e.Cells), 1))
		return []float64{sr / k, sc / k}
	}
	path := func(l []string) [][]float64 {
		var pts [][]float64
		for _, s := range l {
			if p, err := variant.ParsePoint(s); err == nil {
				pts = append(pts, w.pointCenter(p))
			}
		}
		return pts
	}
	switch key {
	case "line":
		if len(e.Lines) == 0 {
			return nil, ""
		}
		return obj{"color": attr("outlineC"), "thickness": num("width", 0.1) * pxPerCell, "wayPoints": path(e.Lines[0])}, "lines"
	case "text":
		if len(e.Cells) == 0 {
			return nil, ""
		}
		color, _ := attr("fontC").(string)
		stroke := "#fff"
		if strings.EqualFold(color, "#fff") || strings.EqualFold(color, "#ffffff") {
			stroke = "#000"
		}
		o := obj{"color": color, "textStroke": stroke, "center": center(), "fontSize": math.Round(32 * num("size", 1)),
			"rounded": false, "width": 0.25, "height": 0.25, "text": string(e.Value)}
		if a := attr("angle"); a != nil {
			o["angle"] = a
		}
		return o, "overlays"
	case "circle", "rectangle":
		if len(e.Cells) == 0 {
			return nil, ""
		}
		o := obj{"backgroundColor": attr("baseC"), "borderColor": attr("outlineC"), "center": center(), "borderSize": 1,
			"rounded": key == "circle", "width": num("width", 1), "height": num("height", 1), "text": string(e.Value)}
		if c := attr("fontC"); c != nil {
			o["textColor"] = c
		}
		if a := attr("angle"); a != nil {
			o["angle"] = a
		}
		return o, "overlays"
	case "cage":
		var cells [][]int
		for _, s := range e.Cells {
			if p, err := variant.ParsePoint(s); err == nil {
				cells = append(cells, []int{p.Row, p.Col})
			}
		}
		o := obj{"cells": cells}
		if e.HasValue {
			o["value"] = string(e.Value)
		}
		for _, k := range []string{"outlineC", "fontC"} {
			if v := attr(k); v != nil {
				o[k] = v
			}
		}
		return o, "cages"
	}
	return nil, ""
}

func (w *writer) cosmetic(c variant.Cosmetic) error {
	if c.Kind == "successMessage" {
		w.add("cages", obj{TagKey: obj{"successMessage": c.Text}})
		return nil
	}
	tag, err := w.tagOf(c)
	if err != nil {
		return err
	}
	b, err := fpuzzles.FromPuzzle(&variant.Puzzle{Size: w.n, Regions: w.p.Regions, Cosmetics: []variant.Cosmetic{c}})
	if err != nil {
		return err
	}
	var es []obj
	var keys []string
	for _, k := range []struct {
		key string
		els []fpuzzles.Element
	}{{"text", b.Text}, {"line", b.Line}, {"circle", b.Circle}, {"rectangle", b.Rectangle}, {"cage", b.Cage}} {
		for _, e := range k.els {
			if o, key := w.element(k.key, e); o != nil {
				es, keys = append(es, o), append(keys, key)
			}
		}
	}
	for r, row := range b.Grid {
		for col, cell := range row {
			if color, ok := cell.Other["c"]; ok {
				var v any
				_ = json.Unmarshal(color, &v)
				es = append(es, obj{"backgroundColor": v, "center": []float64{float64(r) + 0.5, float64(col) + 0.5}, "rounded": false, "width": 1, "height": 1})
				keys = append(keys, "underlays")
			}
		}
	}
	if es == nil {
		// Nothing SudokuPad draws (a clue without a value): keep it in
		// the tag of a cage without cells.
		es, keys = []obj{{}}, []string{"cages"}
	}
	for i, e := range tagged(tag, es...) {
		w.add(keys[i], e)
	}
	return nil
}

// errFromZero is the error of writing a puzzle whose values start from 0
// (variant.Puzzle.Offset): SudokuPad has no place for an offset.
var errFromZero = errors.New("SudokuPad holds values from 1 only, and this puzzle's start from 0")
