package fpuzzles_test

import (
	"fmt"

	"github.com/godoku/sudoku/variant/fpuzzles"
)

func Example() {
	// A 4x4 puzzle with a killer cage and a thermometer, as f-puzzles'
	// JSON; a link or its payload reads the same way.
	p, err := fpuzzles.Parse(`{"size":4,"grid":[
		[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
		"killercage":[{"cells":["R4C3","R4C4"],"value":"7"}],
		"thermometer":[{"lines":[["R2C1","R3C1","R4C1"]]}]}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range p.Constraints {
		fmt.Printf("%s %+v\n", c.Kind(), c)
	}
	link, _ := fpuzzles.Link(p)
	q, _ := fpuzzles.Parse(link)
	fmt.Println(len(q.Constraints), "constraints read back from", link[:32]+"...")
	// Output:
	// killer cage {Cells:[14 15] Sum:7}
	// thermometer {Cells:[4 8 12] Slow:false}
	// 2 constraints read back from https://www.f-puzzles.com/?load=...
}

func ExampleParse_error() {
	_, err := fpuzzles.Parse(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
		"xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R1C2","R5C2"],"value":"V"}]}`)
	fmt.Println(err)
	// Output:
	// f-puzzles: xv 2: cell R5C2 is outside the 4x4 grid
}
