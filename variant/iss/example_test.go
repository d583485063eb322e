package iss_test

import (
	"fmt"

	"github.com/godoku/sudoku/variant/iss"
)

func Example() {
	p, err := iss.Parse(".~R1C1_5.Cage~10~R1C2~R1C3.Thermo~R2C1~R3C1~R4C1.WhiteDot~R9C8~R9C9")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Size, p.Givens[0])
	for _, c := range p.Constraints {
		fmt.Printf("%s %+v\n", c.Kind(), c)
	}
	// Output:
	// 9 5
	// killer cage {Cells:[1 2] Sum:10}
	// thermometer {Cells:[9 18 27] Slow:false}
	// difference {Cells:[79 80] Diff:1}
}
