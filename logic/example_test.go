package logic_test

import (
	"context"
	"fmt"
	"log"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
)

func ExampleRate() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	r, err := logic.Rate(context.Background(), g)
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
	s, ok, err := logic.Hint(context.Background(), c)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ok, s)
	fmt.Println(s.Explanation)
	// Output:
	// true Naked Single: r5c6=4 => r5c6=4
	// Every digit but 4 is already in the row, column or box of r5c6.
}

func ExampleExplain() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	steps, _ := logic.Explain(context.Background(), g)
	fmt.Println(len(steps), steps[len(steps)-1].Technique)
	// Output: 49 Full House
}

func ExampleOptions_RateMarks() {
	// A sukaku: candidates only, not one placed digit (testdata/sukaku.txt).
	p, err := sudoku.ParsePuzzle(".2.456....23.5..8.1.34....9.23.5...912......9123.56..9.....6.89.2..567...2..5.7.9.2......9....56..912..5.7..1.34....912.4.67...2..56..91.34..78..2.....8.12......9.2....7......5.78.1.34.6..9....5.78....4.67..12..56.891.3456..9.2.....89.23..6...1...56...12.4.....12.....8.1...5.7.9.23.......2..567.....45...9.....67.9....56....23.5.7...2.4..7.9..3.5.7.91...5.....2...6789.234.67891..4......23.56.8.1......8912.....8.1.3...7...2.4.6....2...67....3.5...9...4.6.8..23.5.......4..789..3.5.7....34..78..2....78.12.45678..2..5678...3....8.12...6.891...567..12.....89...45678......6.891.....7...2.4..7...2......9....56.....3...7.....4..7..12..56..9.23.5..89.....67....3....891.3.56.....34....91..456..9..3...7.91.3...7..12.4.6.8.12..5..8.")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := (*logic.Options)(nil).RateMarks(context.Background(), p.Marks)
	fmt.Println(r.Level, r.Hardest, r.Steps, err)
	steps, _ := (*logic.Options)(nil).ExplainMarks(context.Background(), p.Marks)
	fmt.Println(steps[0])
	// Output:
	// Easy Hidden Single 81 <nil>
	// Hidden Single: r4c5=3 in r4 => r4c5=3
}

func ExampleReason() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	c, _ := logic.FromGrid(g)
	s, _, _ := logic.Hint(context.Background(), c)
	text, _ := logic.ReasonText(s.Why.ID)
	fmt.Println(s.Why.ID, len(s.Why.Args), s.Why.Args[0].Digit, s.Why.Args[1].Cell)
	fmt.Println(text)
	fmt.Println(s.Why.English() == s.Explanation)
	// Output:
	// nakedSingle 2 4 r5c6
	// Every digit but {0} is already in the row, column or box of {1}.
	// true
}
