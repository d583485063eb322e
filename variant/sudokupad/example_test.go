package sudokupad_test

import (
	"fmt"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/sudokupad"
)

func Example() {
	p := &variant.Puzzle{Size: 4, Title: "Tiny thermo",
		Constraints: []variant.Constraint{variant.Thermometer{Cells: []variant.Cell{0, 1, 2, 3}}}}
	link, err := sudokupad.Link(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(link, "https://sudokupad.app/scl"))
	q, err := sudokupad.Parse(link)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Title, q.Constraints[0].Kind(), q.Constraints[0])

	_, err = sudokupad.Parse("https://sudokupad.app/psxk9s3s8z")
	fmt.Println(err != nil && strings.Contains(err.Error(), "fetch it first"))
	// Output:
	// true
	// Tiny thermo thermometer {[0 1 2 3] false}
	// true
}
