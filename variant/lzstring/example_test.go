package lzstring_test

import (
	"fmt"

	"github.com/godoku/sudoku/variant/lzstring"
)

func Example() {
	payload := lzstring.CompressToBase64(`{"size":4,"grid":[]}`)
	fmt.Println(payload)
	json, err := lzstring.DecompressFromBase64(payload)
	fmt.Println(json, err)
	// Output:
	// N4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA
	// {"size":4,"grid":[]} <nil>
}
