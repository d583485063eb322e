package iss

import (
	"strings"

	"github.com/godoku/sudoku/variant"
)

// replicate expands a Replicate group (the Replicate item, the items it
// holds, its End): the items are a template placed again with their
// origin (R1C1, or the cell its second argument names) moved to each
// target cell, every cell argument moved by the same rows and columns.
// The targets are a bit set of cell numbers counted from the origin, six
// bits a base-64 digit, lowest bit first. ok is false for a group this
// reader does not expand (one that holds other groups), which is then
// kept unsupported; an error is for a group that is ill-formed (a bad
// bit set, a cell moved off the grid).
func replicate(n int, items []item) (copies []item, ok bool, err error) {
	head := items[0]
	if head.typ != "Replicate" {
		return nil, false, nil
	}
	body := items[1 : len(items)-1]
	for _, it := range body {
		if composites[it.typ] || it.typ == "End" {
			return nil, false, nil
		}
		switch it.typ {
		case "Shape", "NoBoxes", "Jigsaw", "AntiConsecutive", "StrictKropki", "StrictXV":
			return nil, false, nil
		}
	}
	if len(head.args) < 1 || len(head.args) > 2 {
		return nil, false, head.errorf("want the target cells' bit set and an optional origin cell")
	}
	origin := variant.Cell(0)
	if len(head.args) == 2 && head.args[1] != "" {
		if origin, err = cellID(n, head.args[1]); err != nil {
			return nil, false, head.errorf("%v", err)
		}
	}
	or, oc := variant.RowCol(n, origin)
	var targets []variant.Cell
	for i := range len(head.args[0]) {
		d := strings.IndexByte(base64URL, head.args[0][i])
		if d < 0 {
			return nil, false, head.errorf("bad target bit set %q: %q is not a base-64 digit", head.args[0], head.args[0][i])
		}
		for b := range 6 {
			if d>>b&1 == 0 {
				continue
			}
			t := int(origin) + 6*i + b
			if t >= n*n {
				return nil, false, head.errorf("target %d cells after the origin is not in the %dx%d grid", 6*i+b, n, n)
			}
			targets = append(targets, variant.Cell(t))
		}
	}
	for _, t := range targets {
		tr, tc := variant.RowCol(n, t)
		for _, it := range body {
			c := it
			c.args = make([]string, len(it.args))
			for k, a := range it.args {
				c.args[k] = a
				cell, err := cellID(n, a)
				if err != nil || !isCellName(a) {
					continue
				}
				r, col := variant.RowCol(n, cell)
				r, col = r+tr-or, col+tc-oc
				if r < 0 || r >= n || col < 0 || col >= n {
					return nil, false, it.errorf("replicated to %s, %s leaves the grid", variant.CellName(n, t), a)
				}
				c.args[k] = variant.CellName(n, variant.CellOf(n, r, col))
			}
			copies = append(copies, c)
		}
	}
	return copies, true, nil
}

// isCellName reports whether s is written as a cell, R<row>C<col>, rather
// than a value or a row or column that cellID might also read.
func isCellName(s string) bool {
	if len(s) < 4 || (s[0]|0x20) != 'r' {
		return false
	}
	i := strings.IndexAny(s[1:], "cC")
	return i > 0
}
