package format_test

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/variant/format"
)

// A classic puzzle as a 9x9 variant puzzle: its givens; pencil marks
// instead become each cell's candidate list.
func ExampleFromClassic() {
	g, err := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := format.FromClassic(&g, nil)
	fmt.Println(p.Size, p.Givens[:9], len(p.Constraints))
	m := sudoku.MarksOf(&g)
	p = format.FromClassic(&g, &m)
	fmt.Println(p.Givens[:9], p.Constraints[0].Kind(), len(p.Constraints))
	// Output:
	// 9 [0 0 3 0 2 0 6 0 0] 0
	// [0 0 0 0 0 0 0 0 0] candidates 81
}
