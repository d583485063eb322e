package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

func placeStep(t Technique, cell, d int, notation, why string, args ...Arg) Step {
	return Step{
		Technique:  t,
		Pattern:    []sudoku.Candidate{cand(cell, d)},
		Placements: []sudoku.Candidate{cand(cell, d)},
		Notation:   notation,
	}.because(why, args...)
}

// findFullHouse finds a unit with one empty cell left: the first in
// HoDoKu's queue of naked singles (read, not taken).
func findFullHouse(c *Candidates, m *memo) (Step, bool) {
	empty, d, u, ok := c.queuedFullHouse()
	if !ok {
		return Step{}, false
	}
	return placeStep(FullHouse, empty, d, fmt.Sprintf("%s=%d", sudoku.CellName(empty), d),
		"fullHouse", cellArg(empty), unitArg(u), digitArg(d)), true
}

// findNakedSingle finds a cell with one candidate: the first in HoDoKu's
// queue. It takes the entries it reads from c's queue, as HoDoKu does.
func findNakedSingle(c *Candidates, m *memo) (Step, bool) {
	i, d, ok := c.takeNakedSingle()
	if !ok {
		return Step{}, false
	}
	return placeStep(NakedSingle, i, d, fmt.Sprintf("%s=%d", sudoku.CellName(i), d),
		"nakedSingle", digitArg(d), cellArg(i)), true
}

// findHiddenSingle finds a digit with one place in a unit: the first in
// HoDoKu's queue. It takes the entries it reads from c's queue, as
// HoDoKu does.
func findHiddenSingle(c *Candidates, m *memo) (Step, bool) {
	i, d, u, ok := c.takeHiddenSingle()
	if !ok {
		return Step{}, false
	}
	return hiddenSingleStep(i, d, u), true
}

func hiddenSingleStep(cell, d, u int) Step {
	s := placeStep(HiddenSingle, cell, d, fmt.Sprintf("%s=%d in %s", sudoku.CellName(cell), d, sudoku.UnitName(u)),
		"hiddenSingle", unitArg(u), digitArg(d), cellArg(cell))
	return s
}

// unitPositions returns positions(u, d) for every digit d, in one pass
// over the unit's cells.
func (c *Candidates) unitPositions(u int) [10]cellSet {
	var pos [10]cellSet
	for _, i := range sudoku.UnitCells(u) {
		for m := c.marks[i]; m != 0; m &= m - 1 {
			pos[firstDigit(m)].Add(i)
		}
	}
	return pos
}

// positions returns the cells of unit u where d is a candidate.
func (c *Candidates) positions(u, d int) cellSet {
	var s cellSet
	for _, i := range sudoku.UnitCells(u) {
		if c.has(i, d) {
			s.Add(i)
		}
	}
	return s
}

// findPointing finds a digit whose candidates in a box all lie in one
// line, so the rest of that line loses it.
func findPointing(c *Candidates, m *memo) (Step, bool) {
	for b := 18; b < 27; b++ {
		all := c.unitPositions(b)
		for d := 1; d <= 9; d++ {
			pos := all[d]
			if pos.Count() < 2 {
				continue
			}
			// The rows and columns that hold every cell of pos: those of
			// its first cell, rows first.
			units := sudoku.CellUnits(pos.First())
			for _, line := range units[:2] {
				if !pos.AndNot(board.Units[line]).Empty() {
					continue
				}
				el := c.elimsIn(board.Units[line].AndNot(board.Units[b]), d)
				if len(el) > 0 {
					cells := pos.List()
					return Step{
						Technique: Pointing, Pattern: c.candsOf(cells, 1<<d), Eliminations: el,
						Notation: fmt.Sprintf("%d in %s", d, sudoku.UnitName(b)),
					}.because("pointing", unitArg(b), digitArg(d), cellsArg(cells), unitArg(line)), true
				}
			}
		}
	}
	return Step{}, false
}

// findClaiming finds a digit whose candidates in a line all lie in one box,
// so the rest of that box loses it.
func findClaiming(c *Candidates, m *memo) (Step, bool) {
	for u := 0; u < 18; u++ {
		all := c.unitPositions(u)
		for d := 1; d <= 9; d++ {
			pos := all[d]
			if pos.Count() < 2 {
				continue
			}
			b := sudoku.CellUnits(pos.First())[2]
			if !pos.AndNot(board.Units[b]).Empty() {
				continue
			}
			el := c.elimsIn(board.Units[b].AndNot(board.Units[u]), d)
			if len(el) > 0 {
				cells := pos.List()
				return Step{
					Technique: Claiming, Pattern: c.candsOf(cells, 1<<d), Eliminations: el,
					Notation: fmt.Sprintf("%d in %s", d, sudoku.UnitName(u)),
				}.because("claiming", unitArg(u), digitArg(d), cellsArg(cells), unitArg(b)), true
			}
		}
	}
	return Step{}, false
}
