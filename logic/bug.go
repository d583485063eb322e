package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
)

// findBUG finds a grid where every empty cell has two candidates but one,
// which has three: the digit that appears three times in its units must go
// there, or the grid would have two solutions.
func findBUG(c *Candidates, m *memo) (Step, bool) {
	three := -1
	for i := 0; i < 81; i++ {
		if c.values[i] != 0 {
			continue
		}
		switch popcount(c.marks[i]) {
		case 2:
		case 3:
			if three >= 0 {
				return Step{}, false
			}
			three = i
		default:
			return Step{}, false
		}
	}
	if three < 0 {
		return Step{}, false
	}
	for _, d := range c.Digits(three) {
		ok := true
		for _, u := range sudoku.CellUnits(three) {
			if c.positions(u, d).Count() != 3 {
				ok = false
			}
		}
		if ok {
			// Like HoDoKu, remove the cell's other candidates; a Naked
			// Single follows.
			var el []sudoku.Candidate
			for _, o := range c.Digits(three) {
				if o != d {
					el = append(el, cand(three, o))
				}
			}
			return Step{Technique: BUGPlus1, Pattern: []sudoku.Candidate{cand(three, d)}, Eliminations: el,
				Notation: fmt.Sprintf("%s=%d", sudoku.CellName(three), d)}.because("bug", cellArg(three), digitArg(d)), true
		}
	}
	return Step{}, false
}
