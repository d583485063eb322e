package variant_test

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/iss"
)

// A 4x4 puzzle with a killer cage, a thermometer and a white kropki dot,
// written as an Interactive Sudoku Solver string: not unique yet.
func ExampleCount() {
	p, err := iss.Parse(".Shape~4x4.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4")
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := variant.Count(context.Background(), p, 0)
	fmt.Println(n, err)
	// Output: 6 <nil>
}

// The same puzzle with two givens more has one solution, printed as a plain
// grid line (format.Line) and as a grid (format.GridText).
func ExampleSolve() {
	p, err := iss.Parse(".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := variant.Solve(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(format.Line(p.Size, sol))
	// Output: 2143432112343412
}

// A 4x4 grid of the values 0 to 3 (Offset -1): the cage of sum 5 holds 2
// and 3, and so does the V. The solution holds the values as written and
// format.SolutionLine writes 0 as '0'.
func ExampleSolve_fromZero() {
	p, err := iss.Parse(".Shape~4x4~0-3.~R1C1_0~R2C4_0.Cage~5~R1C2~R2C1.Thermo~R4C3~R4C2~R4C1.V~R3C3~R3C4")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := variant.Solve(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Offset, format.SolutionLine(p, sol))
	// Output: -1 0312213010233201
}

// Full rank: the 16 lines of a 4x4 grid (each row and column read from
// each end) ranked as numbers. Row 4 read from the left is the fifth
// lowest, so it starts with 2 (the four lines starting with 1 come first).
func ExampleFullRank() {
	p, err := iss.Parse(".Shape~4x4.FullRank~R4~5~.~R3C2_1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Constraints[0].Kind(), p.Constraints[0].(variant.FullRank).Rank)
	n, err := variant.Count(context.Background(), p, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := variant.Solve(context.Background(), p)
	fmt.Println(n, format.Line(p.Size, sol), err)
	// Output:
	// full rank 5
	// 1 3241143241232314 <nil>
}

// The true candidates of a puzzle with several solutions: the values each
// cell holds in at least one of them; complete, as the search ended
// before the limit.
func ExampleSolver_TrueCandidates() {
	p, err := iss.Parse(".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := variant.NewSolver(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	cands, complete, err := s.TrueCandidates(context.Background(), 100)
	fmt.Println(cands[:4], cands[8:12], complete, err)
	// Output: [[1 2] [1 2] [4] [3]] [[1 2 3] [1 2] [1 3] [4]] true <nil>
}
