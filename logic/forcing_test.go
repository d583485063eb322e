package logic

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku"
)

// onPath returns a setup that makes the grid the state before step k
// (from 1) of the HoDoKu path of puzzle, which must be a step of
// technique t. The steps the cases below expect are HoDoKu's, read off
// its solution path of these puzzles (tuning lines of the calibration
// set, whose paths we follow step for step).
func onPath(puzzle string, k int, t Technique) func(*Candidates) {
	return func(c *Candidates) {
		g, err := sudoku.Parse(puzzle)
		if err != nil {
			panic(err)
		}
		steps, err := Explain(context.Background(), g)
		if err != nil {
			panic(err)
		}
		if steps[k-1].Technique != t {
			panic(fmt.Sprintf("%s: step %d is %v, not %v", puzzle, k, steps[k-1], t))
		}
		*c = *must(FromGrid(g))
		for _, s := range steps[:k-1] {
			c.Apply(s)
		}
	}
}

// puzzle576 is line 1152 of the calibration set.
const puzzle576 = "...5...43..4.96....5..1....9......7...7..3..4.8..2.3......392....9.....75..8..1.."

var _ = addCases([]techCase{
	{"forcing chain contradiction", xyRing(1), ForcingChainContradiction, nil, elims(1, cell(1, 9))},
	{"no forcing chain contradiction", xyRing(5), ForcingChainContradiction, nil, nil},
	{"forcing chain verity", onPath(puzzle576, 25, ForcingChainVerity), ForcingChainVerity, nil, elims(2, cell(8, 2))},
	{"no forcing chain verity", xyRing(5), ForcingChainVerity, nil, nil},
	{"forcing net contradiction", onPath(puzzle576, 6, ForcingNetContradiction), ForcingNetContradiction, nil, elims(7, cell(1, 1))},
	{"no forcing net contradiction", xyRing(5), ForcingNetContradiction, nil, nil},
	{"forcing net verity", onPath(puzzle576, 16, ForcingNetVerity), ForcingNetVerity, nil, elims(2, cell(3, 4))},
	{"no forcing net verity", xyRing(5), ForcingNetVerity, nil, nil},
}...)
