package trace_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/trace"
)

func ExampleSolve() {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	tr, err := trace.Solve(context.Background(), g, trace.Options{Limit: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range tr.Steps {
		if s.Kind != trace.Given && s.Kind != trace.NakedSingle && s.Kind != trace.HiddenSingle {
			fmt.Println(s)
		}
	}
	fmt.Println(tr.Outcome, len(tr.Solutions), tr.Stats.Guesses)
	// Output:
	// guess r4c1 = 3 (of 3,6) depth 1
	// solution 1 found
	// back to depth 0: try r4c1 = 6
	// solution 2 found
	// search complete: 2 solutions
	// solved 2 1
}

func ExampleStep_Undo() {
	g, _ := sudoku.Parse("2564891733746159829817234565932748617128.6549468591327635147298127958634849362715")
	tr, _ := trace.Solve(context.Background(), g, trace.Options{})
	b := tr.BoardAt(len(tr.Steps))
	fmt.Println(b.Values[40])
	for i := len(tr.Steps) - 1; i >= 0; i-- {
		tr.Steps[i].Undo(&b)
	}
	fmt.Println(b == trace.NewBoard())
	// Output:
	// 3
	// true
}

func ExampleBoard_Annotated() {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	tr, _ := trace.Solve(context.Background(), g, trace.Options{})
	b := tr.BoardAt(len(tr.Steps)) // the first solution, filled by one guess
	for _, l := range strings.Split(b.Annotated(trace.TextOptions{ASCII: true}), "\n") {
		fmt.Println(strings.TrimRight(l, " ")) // an Output comment cannot end a line in spaces
	}
	// Output:
	// <4>  3   9 |<6> <5> <8>| 1   2  <7>
	// <1> <5> <6>| 9  <2>  7 |<3> <8> <4>
	//  8  <2> <7>| 4  <3>  1 |<9> <5>  6
	// -----------+-----------+-----------
	// (3)  4   2 |<5> <1> <6>| 7   9  <8>
	// <7> <8> <5>|<2> <9> <4>|<6> <3> <1>
	// <6>  9   1 |<7> <8> <3>| 5   4  <2>
	// -----------+-----------+-----------
	//  5  <7> <8>| 1  <4>  9 |<2> <6>  3
	// <2> <6> <3>| 8  <7>  5 |<4> <1> <9>
	// <9>  1   4 |<3> <6> <2>| 8   7  <5>
}

func ExampleWriteText() {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	tr, _ := trace.Solve(context.Background(), g, trace.Options{Limit: 2})
	var sb strings.Builder
	if err := trace.WriteText(&sb, tr, trace.TextOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	// From the guess on, without the summary, whose time varies.
	lines := strings.Split(sb.String(), "\n")
	for _, l := range lines[78 : len(lines)-2] {
		fmt.Println(strings.TrimRight(l, " "))
	}
	// Output:
	// 78. guess r4c1 = 3 (of 3,6) depth 1
	//    79.   r4c6 = 6  naked single
	//    80.   r6c1 = 6  naked single
	//    81.   r6c6 = 3  naked single
	//    82.   solution 1 found
	//    83. back to depth 0: try r4c1 = 6
	//    84.   r4c6 = 3  naked single
	//    85.   r6c1 = 3  naked single
	//    86.   r6c6 = 6  naked single
	//    87.   solution 2 found
	//    88.   stopped at the limit of 2 solutions
	//  ④   3   9 | ⑥   ⑤   ⑧ | 1   2   ⑦
	//  ①   ⑤   ⑥ | 9   ②   7 | ③   ⑧   ④
	//  8   ②   ⑦ | 4   ③   1 | ⑨   ⑤   6
	// -----------+-----------+-----------
	// (6)  4   2 | ⑤   ①   ③ | 7   9   ⑧
	//  ⑦   ⑧   ⑤ | ②   ⑨   ④ | ⑥   ③   ①
	//  ③   9   1 | ⑦   ⑧   ⑥ | 5   4   ②
	// -----------+-----------+-----------
	//  5   ⑦   ⑧ | 1   ④   9 | ②   ⑥   3
	//  ②   ⑥   ③ | 8   ⑦   5 | ④   ①   ⑨
	//  ⑨   1   4 | ③   ⑥   ② | 8   7   ⑤
}
