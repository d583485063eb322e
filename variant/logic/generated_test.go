package logic_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/logic"
)

// randomPuzzle returns a puzzle of size n whose constraints are drawn at
// random so that grid, a solution of the empty grid, keeps them all:
// every step of a sound logic keeps grid's values, unique or not.
func randomPuzzle(r *rand.Rand, n int, grid []int) *variant.Puzzle {
	p := &variant.Puzzle{Size: n, Givens: make([]int, n*n)}
	for c := range grid {
		if r.IntN(4) == 0 {
			p.Givens[c] = grid[c]
		}
	}
	right := func(c int) (int, bool) { return c + 1, (c+1)%n != 0 }
	for c := range grid {
		d, ok := right(c)
		if !ok {
			continue
		}
		a, b := grid[c], grid[d]
		pair := [2]variant.Cell{variant.Cell(c), variant.Cell(d)}
		switch {
		case a-b == 1 || b-a == 1:
			p.Constraints = append(p.Constraints, variant.Difference{Cells: pair, Diff: 1})
		case a == 2*b || b == 2*a:
			p.Constraints = append(p.Constraints, variant.Ratio{Cells: pair, Ratio: 2})
		case a+b == 5 && r.IntN(2) == 0:
			p.Constraints = append(p.Constraints, variant.XV{Cells: pair, Sum: 5})
		case a < b && r.IntN(3) == 0:
			p.Constraints = append(p.Constraints, variant.Thermometer{Cells: pair[:]})
		case r.IntN(3) == 0:
			p.Constraints = append(p.Constraints, variant.KillerCage{Cells: pair[:], Sum: a + b})
		case a-b >= 3 || b-a >= 3:
			p.Constraints = append(p.Constraints, variant.Whispers{Cells: pair[:], Gap: 3})
		}
	}
	// An arrow from r1c1 down its column when its sum fits.
	if grid[n]+grid[2*n] == grid[0] {
		p.Constraints = append(p.Constraints, variant.Arrow{Circle: []variant.Cell{0}, Line: []variant.Cell{variant.Cell(n), variant.Cell(2 * n)}})
	}
	return p
}

func TestGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 31))
	finished := 0
	const rounds = 200
	for i := range rounds {
		n := []int{4, 6, 8, 9}[i%4]
		// A solution of the empty grid with its values shuffled.
		base, err := variant.Solve(context.Background(), &variant.Puzzle{Size: n})
		if err != nil {
			t.Fatal(err)
		}
		perm := r.Perm(n)
		grid := make([]int, len(base))
		for c, v := range base {
			grid[c] = perm[v-1] + 1
		}
		p := randomPuzzle(r, n, grid)
		res, err := logic.Solve(p, 0)
		if err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		checkSteps(t, "generated", res, grid)
		if res.Solved {
			finished++
		}
	}
	t.Logf("%d of %d generated puzzles finished", finished, rounds)
}
