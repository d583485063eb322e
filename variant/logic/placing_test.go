package logic_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	clogic "github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/generate"
	"github.com/godoku/sudoku/variant/logic"
)

// dominoKiller is a 4x4 killer of eight two-cell cages and no givens, with
// one solution, 1234/3412/2143/4321; its first steps only remove
// candidates.
func dominoKiller() *variant.Puzzle {
	cage := func(a, b variant.Cell, sum int) variant.Constraint {
		return variant.KillerCage{Cells: []variant.Cell{a, b}, Sum: sum}
	}
	return &variant.Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []variant.Constraint{
		cage(0, 1, 3), cage(2, 6, 4), cage(3, 7, 6), cage(4, 5, 7),
		cage(8, 12, 6), cage(9, 13, 4), cage(10, 11, 7), cage(14, 15, 3),
	}}
}

// A hint that moves a game on from the values alone: the steps before the
// first that places a value only remove candidates, which the next hint,
// starting again from the values, would find again.
func ExampleSolver_NextPlacing() {
	s, err := logic.New(dominoKiller())
	if err != nil {
		fmt.Println(err)
		return
	}
	before, step, ok, err := s.NextPlacing(context.Background())
	if err != nil || !ok {
		fmt.Println("no placing step:", err)
		return
	}
	for _, st := range before {
		fmt.Println("before it:", st.Technique, st.Result(4))
	}
	fmt.Println(step.Technique, step.Result(4))
	// Output:
	// before it: Group Combinations r1c1<>3, r1c1<>4, r1c2<>3, r1c2<>4
	// before it: Group Combinations r1c3<>2, r1c3<>4, r2c3<>2, r2c3<>4
	// Hidden Single r1c4=4, r2c4<>4, r3c4<>4, r4c4<>4
}

// TestNextPlacing walks whole paths by placing steps: they are the
// steps of Solve in the same order, every step before a placing one
// removes candidates only, and every placement is the solution's.
func TestNextPlacing(t *testing.T) {
	puzzles := []*variant.Puzzle{dominoKiller()}
	g, err := generate.New(7, generate.Options{Levels: []clogic.Level{clogic.Easy, clogic.Hard}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		gp, err := g.Generate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, gp.Puzzle)
	}
	for i, p := range puzzles {
		sol, err := variant.Solve(context.Background(), p)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		want, err := logic.Solve(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !want.Solved {
			t.Fatalf("puzzle %d: the logic does not finish it; the test needs one it does", i)
		}
		s, err := logic.New(p)
		if err != nil {
			t.Fatal(err)
		}
		var got []logic.Step
		places := 0
		for {
			before, step, ok, err := s.NextPlacing(context.Background())
			if err != nil {
				t.Fatalf("puzzle %d: %v", i, err)
			}
			for _, b := range before {
				if len(b.Placements) > 0 {
					t.Fatalf("puzzle %d: a step before the placing one places: %s", i, b)
				}
			}
			got = append(got, before...)
			if !ok {
				if len(before) > 0 {
					t.Errorf("puzzle %d: %d steps taken after the last placement", i, len(before))
				}
				break
			}
			if len(step.Placements) == 0 {
				t.Fatalf("puzzle %d: the placing step places nothing: %s", i, step)
			}
			for _, pl := range step.Placements {
				if sol[pl.Cell] != pl.Value {
					t.Fatalf("puzzle %d: %s places %d, the solution has %d", i, step, pl.Value, sol[pl.Cell])
				}
			}
			places++
			got = append(got, step)
		}
		if !s.Solved() {
			t.Errorf("puzzle %d: not solved after %d placing steps", i, places)
		}
		if len(got) != len(want.Steps) {
			t.Fatalf("puzzle %d: %d steps, Solve takes %d", i, len(got), len(want.Steps))
		}
		for k := range got {
			if got[k].String() != want.Steps[k].String() {
				t.Fatalf("puzzle %d step %d: %s, Solve's is %s", i, k, got[k], want.Steps[k])
			}
		}
	}
}

// TestNextPlacingCanceled: a done context stops the walk with its error
// and no step.
func TestNextPlacingCanceled(t *testing.T) {
	s, err := logic.New(dominoKiller())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	before, _, ok, err := s.NextPlacing(ctx)
	if !errors.Is(err, context.Canceled) || ok || len(before) != 0 {
		t.Errorf("got %d steps, ok %v, err %v; want none, false, context.Canceled", len(before), ok, err)
	}
	// The solver is unchanged: the walk starts where it was.
	before, step, ok, err := s.NextPlacing(context.Background())
	if err != nil || !ok || len(before) != 2 || step.Technique != "Hidden Single" {
		t.Errorf("after the canceled call: %d steps before %q, ok %v, err %v", len(before), step.Technique, ok, err)
	}
}
