package sudoku

import (
	"strings"
	"testing"
)

// FuzzLineFastPath checks the Reader's short cut for the usual line (81
// cells, then the end or a separator) against the long way: classify
// must call such a line kindLine at 0, and parseLine read the same cells.
func FuzzLineFastPath(f *testing.F) {
	f.Add([]byte(strings.Repeat(".", 81)))
	f.Add([]byte(strings.Repeat("1", 81) + ",x"))
	f.Add([]byte(strings.Repeat("0", 80) + "x"))
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) < 81 || len(line) > 81 && !isSeparator(line[81]) {
			return
		}
		var g Grid
		if !lineCells(&g, (*[81]byte)(line)) {
			return
		}
		if kind, at := classify(line); kind != kindLine || at != 0 {
			t.Fatalf("classify(%q) = %v, %d; want kindLine, 0", line, kind, at)
		}
		var want Grid
		if err := parseLine(&want, line); err != nil || want != g {
			t.Fatalf("parseLine(%q) = %v, %v; lineCells read %v", line, want, err, g)
		}
	})
}
