package logic

import (
	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"unique rectangle 1", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(1, 4), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(2, 4), 5, 6, 7, 8)
	}, UniqueRectangle1, nil, []sudoku.Candidate{cand(cell(2, 4), 5), cand(cell(2, 4), 6)}},
	{"no unique rectangle in four boxes", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(1, 4), 5, 6)
		only(c, cell(5, 1), 5, 6)
		only(c, cell(5, 4), 5, 6, 7, 8)
	}, UniqueRectangle1, nil, nil},
	{"hidden rectangle", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		keep(c, 1, 2, cell(2, 1), cell(2, 4))
		keep(c, 9+3, 2, cell(1, 4), cell(2, 4))
	}, HiddenRectangle, nil, []sudoku.Candidate{cand(cell(2, 4), 1)}},
	{"no hidden rectangle", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		keep(c, 1, 2, cell(2, 1), cell(2, 4))
	}, HiddenRectangle, nil, nil},
	{"unique rectangle 2", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 7)
	}, UniqueRectangle2, nil, elims(7, cell(2, 5), cell(2, 6), cell(3, 4), cell(3, 5), cell(3, 6), cell(1, 5), cell(1, 6),
		cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4))},
	{"unique rectangle 4", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		keep(c, 9+3, 5, cell(1, 4), cell(2, 4))
	}, UniqueRectangle4, nil, []sudoku.Candidate{cand(cell(1, 4), 6), cand(cell(2, 4), 6)}},
	{"no unique rectangle 4", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
	}, UniqueRectangle4, nil, nil},
	{"no unique rectangle 2", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
	}, UniqueRectangle2, nil, nil},
	{"unique rectangle 3", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
		only(c, cell(3, 4), 7, 8)
	}, UniqueRectangle3, nil, sortCands(append(
		elims(7, cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4)),
		elims(8, cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4))...))},
	{"no unique rectangle 3", func(c *Candidates) {
		only(c, cell(1, 1), 5, 6)
		only(c, cell(2, 1), 5, 6)
		only(c, cell(1, 4), 5, 6, 7)
		only(c, cell(2, 4), 5, 6, 8)
	}, UniqueRectangle3, nil, nil},
}...)
