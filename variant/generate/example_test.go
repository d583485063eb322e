package generate_test

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/generate"
)

// A killer puzzle at the Extreme level, from seed 1: the same puzzle on
// every run and machine.
func ExampleGenerator_Generate() {
	g, err := generate.New(1, generate.Options{Levels: []logic.Level{logic.Extreme}})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Generate(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _ := variant.Count(context.Background(), p.Puzzle, 2)
	link, _ := fpuzzles.Link(p.Puzzle)
	fmt.Println("level:", p.Level)
	fmt.Println("solutions:", n)
	fmt.Println("rules:", p.Puzzle.Constraints[0].Kind())
	fmt.Println(link[:32])
	// Output:
	// level: Extreme
	// solutions: 1
	// rules: killer cage
	// https://www.f-puzzles.com/?load=
}
