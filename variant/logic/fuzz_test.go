package logic_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/iss"
	"github.com/godoku/sudoku/variant/logic"
)

// FuzzSolve reads any ISS text and solves it by logic with a step cap:
// nothing may panic, and when the engine finds a solution, no step may
// contradict it.
func FuzzSolve(f *testing.F) {
	// The seeds, one ISS text a line, are shared by the engine's and
	// the logical solver's fuzz targets.
	seeds, err := os.ReadFile("../testdata/fuzz_seeds.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range strings.Split(strings.TrimSpace(string(seeds)), "\n") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := iss.Parse(text)
		if err != nil {
			return
		}
		res, err := logic.Solve(p, 500)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		sol, err := variant.Solve(ctx, p)
		if err != nil {
			return
		}
		checkSteps(t, text, res, sol)
	})
}
