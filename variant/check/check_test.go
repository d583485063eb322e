package check_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	"github.com/godoku/sudoku/variant/iss"
)

func TestSolution(t *testing.T) {
	p, err := iss.Parse(".Shape~4x4.~R1C3_4~R4C4_2.Cage~7~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3.WhiteDot~R4C3~R4C4")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := variant.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	swapped := append([]int(nil), sol...)
	swapped[0], swapped[1] = swapped[1], swapped[0] // rows and cage still hold, columns do not
	short := sol[:15]
	for _, c := range []struct {
		name string
		p    *variant.Puzzle
		sol  []int
		want string // in the error; "" for none
	}{
		{"the solution", p, sol, ""},
		{"two cells swapped", p, swapped, "column"},
		{"too few values", p, short, "15 values for 16 cells"},
		{"nil puzzle", nil, sol, "no puzzle"},
		{"a cell outside the grid", &variant.Puzzle{Size: 4, Constraints: []variant.Constraint{variant.Thermometer{Cells: []variant.Cell{1, 99}}}}, sol, "outside"},
		{"a nil rule", &variant.Puzzle{Size: 4, Constraints: []variant.Constraint{nil}}, sol, "no constraint"},
		{"a nil rule in a choice", &variant.Puzzle{Size: 4, Constraints: []variant.Constraint{variant.Or{Choices: [][]variant.Constraint{{nil}}}}}, sol, "no constraint"},
	} {
		err := check.Solution(c.p, c.sol)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

func ExampleSolution() {
	p, _ := iss.Parse(".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4")
	fmt.Println(check.Solution(p, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}))
	fmt.Println(check.Solution(p, []int{2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1}))
	// Output:
	// <nil>
	// constraint 1 (thermometer): 2 then 1
}
