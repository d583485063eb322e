package logic

import (
	"github.com/godoku/sudoku"
)

var _ = addCases([]techCase{
	{"xy-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 1, 3)
		only(c, cell(5, 1), 2, 3)
	}, XYWing, nil, elims(3, cell(5, 5))},
	{"no xy-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 1, 3)
		only(c, cell(5, 1), 2, 4)
	}, XYWing, nil, nil},
	{"xyz-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2, 3)
		only(c, cell(1, 5), 1, 3)
		only(c, cell(2, 2), 2, 3)
	}, XYZWing, nil, elims(3, cell(1, 2), cell(1, 3))},
	{"remote pair", func(c *Candidates) {
		for _, i := range []int{cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 9)} {
			only(c, i, 1, 2)
		}
	}, RemotePair, nil, []sudoku.Candidate{cand(cell(1, 9), 1), cand(cell(1, 9), 2), cand(cell(5, 1), 1), cand(cell(5, 1), 2)}},
	{"no remote pair", func(c *Candidates) {
		for _, i := range []int{cell(1, 1), cell(1, 5), cell(5, 5)} {
			only(c, i, 1, 2)
		}
	}, RemotePair, nil, nil},
	{"no xyz-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2, 3)
		only(c, cell(1, 5), 1, 3)
		only(c, cell(5, 5), 2, 3)
	}, XYZWing, nil, nil},
	{"no w-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 6), 1, 2)
		keep(c, 17, 1, cell(2, 9), cell(6, 9))
	}, WWing, nil, nil},
	{"w-wing", func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(5, 6), 1, 2)
		keep(c, 17, 1, cell(1, 9), cell(5, 9))
	}, WWing, nil, elims(2, cell(1, 6), cell(5, 1))},
}...)
