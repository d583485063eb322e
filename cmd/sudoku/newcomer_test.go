package main

// Tests of what a newcomer trips on in the first hour (issue 28), each
// running the built binary as a person does.

import (
	"strings"
	"testing"
)

// grid01 is Project Euler's grid 01, which has one solution.
const grid01 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

// TestPuzzleArgumentWithTypo: an argument that is nearly a puzzle gets the
// reader's error with its column, not "no such file or puzzle"; a mistyped
// file name still gets the latter.
func TestPuzzleArgumentWithTypo(t *testing.T) {
	for _, tt := range []struct {
		arg, want string
	}{
		{grid01[:40] + "x" + grid01[41:], "line 1, column 41: invalid character 'x'"},
		{grid01[:40] + "O" + grid01[41:], "line 1, column 41: invalid character 'O'"},
		{grid01[:40] + "９" + grid01[41:], "line 1, column 41: invalid character '９' (U+FF19)"},
		{grid01 + "x", "line 1, column 82: invalid character 'x'"},
		{grid01 + "5", "line 1, column 82: wrong number of cells"},
		{"puzles.txt", "puzles.txt: no such file or puzzle"},
		{"2024-01-01-puzzles.txt", "2024-01-01-puzzles.txt: no such file or puzzle"},
	} {
		for _, cmd := range []string{"solve", "count", "hint", "explain"} {
			code, out, errs := runBin(t, "", cmd, tt.arg)
			if code != exitFailed || !strings.Contains(out+errs, tt.want) {
				t.Errorf("sudoku %s %s: exit %d, stdout %q, stderr %q; want 1 and %q", cmd, tt.arg, code, out, errs, tt.want)
			}
		}
	}
}
