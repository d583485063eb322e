package logic_test

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/logic"
)

// A 4x4 puzzle with a killer cage, a thermometer and a white dot, solved
// step by step.
func ExampleSolve() {
	cell := func(s string) variant.Cell { c, _ := variant.ParseCell(4, s); return c }
	p := &variant.Puzzle{
		Size:   4,
		Givens: []int{0, 0, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0},
		Constraints: []variant.Constraint{
			variant.KillerCage{Cells: []variant.Cell{cell("r1c1"), cell("r1c2")}, Sum: 3},
			variant.Thermometer{Cells: []variant.Cell{cell("r3c2"), cell("r3c1"), cell("r2c1")}},
			variant.Difference{Cells: [2]variant.Cell{cell("r3c3"), cell("r3c4")}, Diff: 1},
		},
	}
	res, err := logic.Solve(p, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range res.Steps[:4] {
		fmt.Println(st)
	}
	fmt.Println("steps:", len(res.Steps), "solved:", res.Solved)
	fmt.Println(res.Grid)
	n, _ := variant.Count(context.Background(), p, 10)
	fmt.Println("solutions:", n)
	// Output:
	// Hidden Single: r4c1 is the only place for 4 in row 4, so r4c1 = 4, and 4 leaves the cells that see it: r3c1.
	// Hidden Single: r3c3 is the only place for 4 in row 3, so r3c3 = 4.
	// Hidden Single: r2c4 is the only place for 2 in column 4, so r2c4 = 2, and 2 leaves the cells that see it: r2c1.
	// Thermometer Bounds: r3c2 and r3c1 increase along the thermometer; with 123 in r3c1, r3c2 cannot be 3.
	// steps: 17 solved: true
	// [1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1]
	// solutions: 1
}

// The techniques' names, which the variant page translates.
func ExampleTechniques() {
	for _, t := range logic.Techniques() {
		fmt.Println(t)
	}
	// Output:
	// Cell Rule
	// Clone Pair
	// Entropic Line Pair
	// Finned Franken Swordfish
	// Finned Franken X-Wing
	// Finned Mutant Swordfish
	// Finned Mutant X-Wing
	// Finned Swordfish
	// Finned X-Wing
	// Forcing Chain
	// Franken Jellyfish
	// Franken Swordfish
	// Franken X-Wing
	// Group Combinations
	// Group Needs Value
	// Hidden Pair
	// Hidden Single
	// Hidden Triple
	// Indexer Pair
	// Jellyfish
	// Kropki Pair
	// Line Combinations
	// Line Ends
	// Locked Candidates
	// Maximum Pair
	// Minimum Pair
	// Modular Line Pair
	// Mutant Jellyfish
	// Mutant Swordfish
	// Mutant X-Wing
	// Nabner Pair
	// Naked Pair
	// Naked Single
	// Naked Triple
	// Negative Ratio Pair
	// Negative XV Pair
	// Non-consecutive Pair
	// Palindrome Pair
	// Pointing
	// Rule of 45
	// Sashimi Swordfish
	// Sashimi X-Wing
	// Sum Bounds
	// Sum Combinations
	// Swordfish
	// Thermometer Bounds
	// Whisper Polarity
	// Whisper Range
	// X-Wing
	// XV Pair
	// XY-Wing
	// XYZ-Wing
}

// A step's reason: the id of its sentence and the values it names, some
// of them phrases of their own, which a program can say in another
// language; in English it is the step's explanation.
func ExampleReason() {
	cell := func(s string) variant.Cell { c, _ := variant.ParseCell(4, s); return c }
	p := &variant.Puzzle{
		Size:        4,
		Constraints: []variant.Constraint{variant.XV{Cells: [2]variant.Cell{cell("r1c1"), cell("r1c2")}, Sum: 3}},
	}
	res, err := logic.Solve(p, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	st := res.Steps[0]
	fmt.Println(st.Why.ID, len(st.Why.Args))
	says, _ := logic.ReasonText(st.Why.Args[2].Phrase.ID)
	fmt.Println(says)
	fmt.Println(st.Why.English() == st.Explanation)
	fmt.Println(st.Explanation)
	// Output:
	// pairRule 7
	// add up to {0}
	// true
	// r1c1 and r1c2 add up to 3; with 1234 in r1c2, r1c1 cannot be 34.
}
