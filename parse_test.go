package sudoku

import (
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/cells"
)

// FuzzLineFastPath checks the Reader's short cut for the usual line (81
// cells, then the end or a separator) against the long way: classify
// must call such a line kindLine at 0, and lineCells read the cells as
// one by one would, and find the same givens as cells.Givens.
func FuzzLineFastPath(f *testing.F) {
	f.Add([]byte(strings.Repeat(".", 81)))
	f.Add([]byte(strings.Repeat("1", 81) + ",x"))
	f.Add([]byte(strings.Repeat("0", 80) + "x"))
	f.Add([]byte(strings.Repeat("1.-_*23456789", 7)[:81] + ","))
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) < 81 || len(line) > 81 && !isSeparator(line[81]) {
			return
		}
		var g Grid
		lo, hi, ok := lineCells(&g, (*[81]byte)(line))
		if !ok {
			return
		}
		if wlo, whi := cells.Givens((*[81]uint8)(&g)); lo != wlo || hi != whi {
			t.Fatalf("lineCells(%q) found givens %#x %#x, want %#x %#x", line, lo, hi, wlo, whi)
		}
		if kind, at := classify(line); kind != kindLine || at != 0 {
			t.Fatalf("classify(%q) = %v, %d; want kindLine, 0", line, kind, at)
		}
		var want Grid
		for i, c := range line[:81] {
			v, ok := cellValue(c)
			if !ok {
				t.Fatalf("lineCells(%q) took %q for a cell", line, c)
			}
			want[i] = v
		}
		if want != g {
			t.Fatalf("lineCells(%q) read %v, want %v", line, g, want)
		}
	})
}

// TestLineCellsEveryByte puts each of the 256 byte values at several
// places of a line of cells (word boundaries and the last cell among
// them) and checks lineCells against the table of cell characters.
func TestLineCellsEveryByte(t *testing.T) {
	base := []byte(strings.Repeat("123456789", 9))
	for _, at := range []int{0, 7, 8, 40, 79, 80} {
		for c := range 256 {
			line := append([]byte(nil), base...)
			line[at] = byte(c)
			var g Grid
			lo, hi, ok := lineCells(&g, (*[81]byte)(line))
			v, want := cellValue(byte(c))
			if ok != want {
				t.Fatalf("byte %#x at %d: lineCells says %v, want %v", c, at, ok, want)
			}
			if ok && (g[at] != v || g[(at+1)%81] != base[(at+1)%81]-'0') {
				t.Fatalf("byte %#x at %d: read %v", c, at, g)
			}
			if wlo, whi := cells.Givens((*[81]uint8)(&g)); ok && (lo != wlo || hi != whi) {
				t.Fatalf("byte %#x at %d: givens %#x %#x, want %#x %#x", c, at, lo, hi, wlo, whi)
			}
		}
	}
}
