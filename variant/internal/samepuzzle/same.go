// Package samepuzzle compares two variant puzzles for the format tests:
// the same size, regions, givens, texts, solution, rules and drawings, the
// rules and drawings in any order.
package samepuzzle

import (
	"fmt"
	"slices"
	"sort"

	"github.com/godoku/sudoku/variant"
)

// Diff returns "" when a and b are the same puzzle, else what differs.
// Rules are compared as a multiset, written with %T%+v, the two cells of
// a dot in either order; drawings too, unless rulesOnly.
func Diff(a, b *variant.Puzzle, rulesOnly bool) string {
	if a.Size != b.Size {
		return fmt.Sprintf("size %d, want %d", b.Size, a.Size)
	}
	if a.Offset != b.Offset {
		return fmt.Sprintf("offset %d, want %d", b.Offset, a.Offset)
	}
	if !slices.Equal(a.RegionsOf(), b.RegionsOf()) {
		return fmt.Sprintf("regions %v, want %v", b.RegionsOf(), a.RegionsOf())
	}
	if !slices.Equal(zeros(a.Givens, a.Size), zeros(b.Givens, b.Size)) {
		return fmt.Sprintf("givens %v, want %v", b.Givens, a.Givens)
	}
	if a.Title != b.Title || a.Author != b.Author || a.Rules != b.Rules {
		return fmt.Sprintf("texts %q %q %q, want %q %q %q", b.Title, b.Author, b.Rules, a.Title, a.Author, a.Rules)
	}
	if !slices.Equal(a.Solution, b.Solution) {
		return fmt.Sprintf("solution %v, want %v", b.Solution, a.Solution)
	}
	if d := multiset(pairs(a.Constraints), pairs(b.Constraints)); d != "" {
		return "rules: " + d
	}
	if !rulesOnly {
		if d := multiset(a.Cosmetics, b.Cosmetics); d != "" {
			return "drawings: " + d
		}
	}
	return ""
}

func zeros(g []int, n int) []int {
	if g == nil {
		return make([]int, n*n)
	}
	return g
}

func multiset[T any](a, b []T) string {
	as, bs := strs(a), strs(b)
	var missing, extra []string
	i, j := 0, 0
	for i < len(as) || j < len(bs) {
		switch {
		case j >= len(bs) || i < len(as) && as[i] < bs[j]:
			missing = append(missing, as[i])
			i++
		case i >= len(as) || bs[j] < as[i]:
			extra = append(extra, bs[j])
			j++
		default:
			i++
			j++
		}
	}
	if missing == nil && extra == nil {
		return ""
	}
	return fmt.Sprintf("missing %v, extra %v", missing, extra)
}

func strs[T any](l []T) []string {
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = fmt.Sprintf("%T%+v", x, x)
	}
	sort.Strings(out)
	return out
}

// pairs returns cs with the cells of each dot in order.
func pairs(cs []variant.Constraint) []variant.Constraint {
	out := slices.Clone(cs)
	order := func(p [2]variant.Cell) [2]variant.Cell {
		if p[1] < p[0] {
			p[0], p[1] = p[1], p[0]
		}
		return p
	}
	for i, c := range out {
		switch c := c.(type) {
		case variant.Difference:
			c.Cells = order(c.Cells)
			out[i] = c
		case variant.Ratio:
			c.Cells = order(c.Cells)
			out[i] = c
		case variant.XV:
			c.Cells = order(c.Cells)
			out[i] = c
		}
	}
	return out
}
