// Package check checks a solution of a variant puzzle against every rule
// of the puzzle: its rows, columns and regions, its givens, and each
// constraint read straight from its definition on the filled grid. The
// code is written apart from the engine that finds solutions (it shares
// none of its propagators), so that a program can check what the engine
// gives before it prints it, as the sudoku command does.
package check

import (
	"errors"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
)

// Solution returns nil if sol, the value of each cell in cell order,
// fills p by all its rules; otherwise an error naming the first rule
// broken. A nil p is an error, and so is a p that Validate refuses.
func Solution(p *variant.Puzzle, sol []int) error {
	if p == nil {
		return errors.New("check: no puzzle (nil)")
	}
	// The checks read the rules' cells straight from sol: they need
	// cells in the grid and no nil rule.
	if err := p.Validate(); err != nil {
		return err
	}
	return vcheck.Check(p, sol)
}
