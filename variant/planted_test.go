package variant_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
	"github.com/godoku/sudoku/variant/logic"
)

// TestPlanted checks that the engine never loses a solution on grids too
// big to enumerate by brute force (9x9, 8x8 with 2x4 boxes, 12x12): each
// puzzle is made around a random solution, planted, with rules of random
// kinds that the checker says the planted grid keeps (and a few givens
// from it), so that it has at least that solution. The engine must find
// one; where it counts them all (fewer than the limit, within the time
// given), the planted grid must be among them, and every solution must
// keep every rule. TestKindsAgainstBruteForce checks each kind on 4x4
// and 6x6 grids; this checks them together, where a propagator that
// prunes too much (a cage's exact filtering of five cells, a long
// renban's matching) has the room to. Counting random puzzles against
// the Interactive Sudoku Solver found its counts equal on 1,300 of them
// (docs/variants.md), which needs ISS; this needs nothing.
func TestPlanted(t *testing.T) {
	rounds := 120
	if testing.Short() {
		rounds = 30
	}
	const limit = 200
	r := rand.New(rand.NewPCG(31, 7))
	counted, unique := 0, 0
	for round := range rounds {
		n := []int{9, 9, 9, 8, 12}[round%5]
		p := &variant.Puzzle{Size: n}
		ref := randomGrid(r, n, p.RegionsOf())
		for range 2*n + r.IntN(4*n) {
			kg := kindGens[r.IntN(len(kindGens))]
			// Most random rules of a kind break the planted grid (a
			// random line is rarely a renban): try a few of the kind.
			for try := 0; try < 100 && kg.min <= n; try++ {
				c := kg.make(r, n, ref)
				one := &variant.Puzzle{Size: n, Constraints: []variant.Constraint{c}}
				if one.Validate() == nil && vcheck.Check(one, ref) == nil {
					p.Constraints = append(p.Constraints, c)
					break
				}
			}
		}
		p.Givens = make([]int, n*n)
		for range n + r.IntN(2*n) {
			c := r.IntN(n * n)
			p.Givens[c] = ref[c]
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			t.Fatalf("round %d: NewSolver: %v", round, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		found, planted := 0, false
		err = s.Solutions(ctx, func(sol []int) bool {
			if err := vcheck.Check(p, sol); err != nil {
				t.Fatalf("round %d: solution %v breaks a rule: %v\npuzzle %+v", round, sol, err, p)
			}
			found++
			planted = planted || slices.Equal(sol, ref)
			return found < limit
		})
		cancel()
		if found == 0 && err == nil {
			t.Fatalf("round %d: no solution, but the planted grid %v keeps every rule\npuzzle %+v", round, ref, p)
		}
		if err == nil && found < limit {
			counted++
			if !planted {
				t.Fatalf("round %d: %d solutions, not the planted grid %v\npuzzle %+v", round, found, ref, p)
			}
		}
		if err == nil && found == 1 {
			unique++
			plantedLogic(t, round, p, ref)
		}
	}
	// Most puzzles must be counted whole, or the test checks little.
	if counted < rounds/3 {
		t.Errorf("only %d of %d puzzles counted whole", counted, rounds)
	}
	t.Logf("%d of %d puzzles counted whole, %d unique", counted, rounds, unique)
}

// plantedLogic checks the logical solver's steps on a puzzle whose one
// solution is sol: no step may remove a value of sol or place another.
// (The logic's own tests check its steps on the corpora; these puzzles
// are new to it.) Its search gets a second; the steps taken by then are
// checked.
func plantedLogic(t *testing.T, round int, p *variant.Puzzle, sol []int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	res, err := logic.SolveContext(ctx, p, 0)
	if err != nil && ctx.Err() == nil {
		t.Fatalf("round %d: logic: %v", round, err)
	}
	for i, st := range res.Steps {
		for _, e := range st.Eliminations {
			if sol[e.Cell] == e.Value {
				t.Fatalf("round %d: step %d (%s) removes the solution's %d from %s\npuzzle %+v", round, i, st, e.Value, variant.CellName(p.Size, e.Cell), p)
			}
		}
		for _, pl := range st.Placements {
			if sol[pl.Cell] != pl.Value {
				t.Fatalf("round %d: step %d (%s) places %d in %s, the solution's %d\npuzzle %+v", round, i, st, pl.Value, variant.CellName(p.Size, pl.Cell), sol[pl.Cell], p)
			}
		}
	}
}
