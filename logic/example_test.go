package logic_test

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
)

func ExampleRate() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	r, err := logic.Rate(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Level, r.Hardest, r.BruteForce)
	// Output: Easy Naked Single false
}

func ExampleHint() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	c, _ := logic.FromGrid(g)
	s, ok := logic.Hint(c)
	fmt.Println(ok, s)
	fmt.Println(s.Explanation)
	// Output:
	// true Naked Single: r5c6=4 => r5c6=4
	// Every digit but 4 is already in the row, column or box of r5c6.
}

func ExampleExplain() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	steps, _ := logic.Explain(g)
	fmt.Println(len(steps), steps[len(steps)-1].Technique)
	// Output: 49 Full House
}
