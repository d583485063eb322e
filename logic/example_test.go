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

// A step's drawing: the links of an XY-Chain, strong (=) and weak (-) by
// turns, as the web app draws them with arrows.
func ExampleStep_Drawing() {
	c, err := logic.ParseCandidates(`
1569  13679 2  4     3568 356789 135  137   1357
1456  13467 57 2357  2356 3567   1235 9     8
59    379   8  23579 235  1      6    4     2357
19    5     4  1379  13   379    8    2     6
1289  1289  36 1259  4    569    7    13    139
7     129   36 8     126  69     1349 5     1349
2458  248   1  6     7    3458   2359 38    2359
3     68    57 15    9    2      145  68    1457
24568 24678 9  135   1358 3458   1235 13678 12357`)
	if err != nil {
		log.Fatal(err)
	}
	s, _, _ := logic.Hint(context.Background(), c)
	fmt.Println(s)
	for _, l := range s.Drawing().Links {
		sign := "-"
		if l.Strong {
			sign = "="
		}
		fmt.Println(l.From[0], sign, l.To[0])
	}
	// Output:
	// XY-Chain: 1r4c1=9r4c1-9r3c1=5r3c1-5r2c3=7r2c3-7r8c3=5r8c3-5r8c4=1r8c4 => r4c4<>1
	// r4c1=1 = r4c1=9
	// r4c1=9 - r3c1=9
	// r3c1=9 = r3c1=5
	// r3c1=5 - r2c3=5
	// r2c3=5 = r2c3=7
	// r2c3=7 - r8c3=7
	// r8c3=7 = r8c3=5
	// r8c3=5 - r8c4=5
	// r8c4=5 = r8c4=1
}
