package se_test

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/se"
)

func ExampleRate() {
	// The first of Peter Norvig's "hardest" puzzles.
	g, err := sudoku.Parse("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := se.Rate(context.Background(), &g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.1f/%.1f/%.1f %s\n", r.ER, r.EP, r.ED, r.Hardest)
	fmt.Println(len(r.Steps), "steps")
	for _, s := range r.Steps {
		if s.Technique == r.Hardest {
			fmt.Printf("%.1f %s:", s.Difficulty, s.Technique)
			for _, e := range s.Eliminated {
				fmt.Printf(" %s<>%d", sudoku.CellName(e.Cell), e.Digit)
			}
			fmt.Printf(" %v\n", *s.Placed)
			break
		}
	}
	// Output:
	// 2.0/1.2/1.2 Direct Hidden Pair
	// 59 steps
	// 2.0 Direct Hidden Pair: r5c4<>8 r5c6=8
}
