package record

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

func ExampleEncoder() {
	recs := []Record{
		{Source: "a.txt", Line: 1, Puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", Canonical: "000000001000002034056000000000004050000010000007000080000600000002008009000400000"},
		{Source: "a.txt", Line: 2, Puzzle: "4x", Status: solver.Invalid, Error: "line 2, column 2: invalid character"},
	}
	for _, format := range []string{"line", "csv", "json"} {
		e := NewEncoder(format, Columns("canon"), nil)
		for _, r := range recs {
			fmt.Print(string(e.Encode(&r, r.Canonical, nil)))
		}
	}
	// Output:
	// 000000001000002034056000000000004050000010000007000080000600000002008009000400000
	// error: a.txt:2: line 2, column 2: invalid character
	// source,line,name,puzzle,canonical,transform,error
	// a.txt,1,,4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,000000001000002034056000000000004050000010000007000080000600000002008009000400000,,
	// a.txt,2,,4x,,,"line 2, column 2: invalid character"
	// {"source":"a.txt","line":1,"puzzle":"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........","canonical":"000000001000002034056000000000004050000010000007000080000600000002008009000400000"}
	// {"source":"a.txt","line":2,"puzzle":"4x","status":"invalid","error":"line 2, column 2: invalid character"}
}

// TestEncoderCounts checks what depends on the records before: the CSV
// header comes once, grids are separated by a blank line, and a
// template's %n numbers the records.
func TestEncoderCounts(t *testing.T) {
	g, err := sudoku.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		t.Fatal(err)
	}
	r := Record{Source: "s", Line: 3, Puzzle: g.String()}
	tmpl, err := ParseTemplate(`%n\t%L %f`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format string
		want   string
	}{
		{"csv", "source,line,name,puzzle,status,level,score,hardest,steps,bruteForce,er,ep,ed,seHardest,error\ns,3,,X,,,,,,,,,,,\ns,3,,X,,,,,,,,,,,\n"},
		{"template", "1\t3 s\n2\t3 s\n"},
		{"grid", g.Boxed() + "\n" + g.Boxed()},
	} {
		e := NewEncoder(tc.format, Columns("rate"), tmpl)
		var got strings.Builder
		for range 2 {
			got.Write(e.Encode(&r, "", &g))
		}
		want := strings.ReplaceAll(tc.want, "X", g.String())
		if got.String() != want || e.N != 2 {
			t.Errorf("%s: got %q (N %d), want %q", tc.format, got.String(), e.N, want)
		}
	}
}

func TestParseTemplateErrors(t *testing.T) {
	for _, tmpl := range []string{"%", "ab%", "%z", "%%%"} {
		if _, err := ParseTemplate(tmpl); err == nil {
			t.Errorf("ParseTemplate(%q) = nil error", tmpl)
		}
	}
}
