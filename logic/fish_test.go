package logic

import (
	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9))
	}, XWing, nil, elims(9, cell(2, 3), cell(3, 3), cell(4, 3), cell(5, 3), cell(6, 3), cell(8, 3), cell(9, 3),
		cell(2, 9), cell(3, 9), cell(4, 9), cell(5, 9), cell(6, 9), cell(8, 9), cell(9, 9))},
	{"no x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 8))
	}, XWing, nil, nil},
	{"finned x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 8))
	}, FinnedXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
	{"swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9))
	}, Swordfish, nil, func() []sudoku.Candidate {
		var out []int
		for _, r := range []int{2, 3, 5, 6, 8, 9} {
			out = append(out, cell(r, 1), cell(r, 5), cell(r, 9))
		}
		return elims(8, out...)
	}()},
	{"no swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 8))
	}, Swordfish, nil, nil},
	{"jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2))
	}, Jellyfish, nil, func() []sudoku.Candidate {
		var out []int
		for _, r := range []int{2, 4, 6, 8, 9} {
			out = append(out, cell(r, 2), cell(r, 4), cell(r, 6), cell(r, 8))
		}
		return elims(6, out...)
	}()},
	{"no finned x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 5))
	}, FinnedXWing, nil, nil},
	{"no jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 3))
	}, Jellyfish, nil, nil},
	// In the sashimi forms one base line keeps a single candidate in
	// the cover besides its fin.
	{"sashimi x-wing", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 9), cell(7, 8))
	}, SashimiXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
	{"no sashimi x-wing: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 9, cell(1, 3), cell(1, 9))
		keep(c, 6, 9, cell(7, 9), cell(7, 8), cell(7, 1))
	}, SashimiXWing, nil, nil},
	{"finned swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8))
	}, FinnedSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
	{"no finned swordfish: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8), cell(7, 2))
	}, FinnedSwordfish, nil, nil},
	{"sashimi swordfish", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 9), cell(7, 8))
	}, SashimiSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
	{"no sashimi swordfish: fin sees no cover cell", func(c *Candidates) {
		keep(c, 0, 8, cell(1, 1), cell(1, 5))
		keep(c, 3, 8, cell(4, 5), cell(4, 9))
		keep(c, 6, 8, cell(7, 9), cell(7, 8))
		c.marks[cell(8, 9)] &^= 1 << 8
		c.marks[cell(9, 9)] &^= 1 << 8
	}, SashimiSwordfish, nil, nil},
	{"finned jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2), cell(7, 9))
	}, FinnedJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
	{"no finned jellyfish: no fin", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 2))
	}, FinnedJellyfish, nil, nil},
	{"sashimi jellyfish", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 9))
	}, SashimiJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
	{"no sashimi jellyfish: fins in two boxes", func(c *Candidates) {
		keep(c, 0, 6, cell(1, 2), cell(1, 4))
		keep(c, 2, 6, cell(3, 4), cell(3, 6))
		keep(c, 4, 6, cell(5, 6), cell(5, 8))
		keep(c, 6, 6, cell(7, 8), cell(7, 9), cell(7, 1))
	}, SashimiJellyfish, nil, nil},
}...)
