package pipeline

import (
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
)

// TestWire checks that a form read from its wire encoding is the form
// written, that the encoding has the size the top of dedupe.go says, and
// that texts survive packText and text.
func TestWire(t *testing.T) {
	full := "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	tests := []struct {
		name string
		text string // 81 characters, or "" for noForm
		size int    // of the wire form
	}{
		{"no form", "", 11},
		{"empty", strings.Repeat(".", 81), 11},
		{"one given, first cell", "1" + strings.Repeat(".", 80), 12},
		{"one given, last cell", strings.Repeat(".", 80) + "9", 12},
		{"two givens", "9" + strings.Repeat(".", 79) + "8", 12},
		{"16 givens", ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 19},
		{"17 givens", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 20},
		{"full", full, 11 + 41},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := noForm
			if tc.text != "" {
				f = packText([]byte(tc.text))
				if got := f.text(); got != tc.text {
					t.Fatalf("packText then text = %s, want %s", got, tc.text)
				}
			}
			w := f.appendWire([]byte("x"))
			if len(w)-1 != tc.size {
				t.Errorf("wire form of %d bytes, want %d", len(w)-1, tc.size)
			}
			more := append(w[1:len(w):len(w)], 0xff) // what follows it in a batch
			got, n := readWire(more)
			if n != tc.size || got != f {
				t.Errorf("readWire = %v, %d; want %v, %d", got, n, f, tc.size)
			}
			if n := wireLen(w[1 : len(w)-1]); n != 0 && tc.size > 11 {
				t.Errorf("wireLen of a form cut short = %d, want 0", n)
			}
		})
	}
	// A mask with a cell past 80 is not a form.
	bad := make([]byte, 20)
	bad[10] = 0x02
	if n := wireLen(bad); n != 0 {
		t.Errorf("wireLen of a mask with cell 81 = %d, want 0", n)
	}
}

// TestWireForms checks the encoding on the forms of real puzzles: each
// packed form's text is the canonicaliser's.
func TestWireForms(t *testing.T) {
	in := `4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....
`
	r := sudoku.NewReader(strings.NewReader(in))
	var c canon.Canonicalizer
	var p sudoku.Puzzle
	for r.ReadInto(&p) == nil {
		text, err := c.AppendText(nil, &p.Grid)
		if err != nil {
			t.Fatal(err)
		}
		f := packText(text)
		got, n := readWire(f.appendWire(nil))
		if n == 0 || got.text() != string(text) {
			t.Errorf("%s: form %s came back as %s", p.Grid.String(), text, got.text())
		}
	}
}
