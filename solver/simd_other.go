//go:build !(goexperiment.simd && amd64)

package solver

import (
	"context"

	"github.com/godoku/sudoku"
)

// simdState is empty without the SIMD engine (see simd_amd64.go).
type simdState struct{}

// searchSIMD never handles a search without the SIMD engine.
func (s *Solver) searchSIMD(context.Context, *sudoku.Grid, int, *sudoku.Grid, func(*sudoku.Grid) bool) (int, bool, error) {
	_ = s.simd // nothing in it, but the field is there in both builds
	return 0, false, nil
}
