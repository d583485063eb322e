package record

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
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

// TestSolvedGridRating checks that a solved grid, a valid puzzle that
// takes no step, is rated like any other in every format: Easy, score 0,
// ER/EP/ED 0, hardest none; and that its JSON reads back as it was.
func TestSolvedGridRating(t *testing.T) {
	sol, err := sudoku.Parse("483921657967345821251876493548132976729564138136798245372689514814253769695417382")
	if err != nil {
		t.Fatal(err)
	}
	lr, err := logic.Rate(context.Background(), sol)
	if err != nil {
		t.Fatal(err)
	}
	sr, err := se.Rate(context.Background(), &sol)
	if err != nil {
		t.Fatal(err)
	}
	r := Record{Source: "s", Line: 2, Puzzle: sol.String(), Status: solver.Unique, Rating: NewRating(&lr, &sr)}
	line := RateLine(&lr, &sr)
	tmpl, err := ParseTemplate("%v %x %h %r/%p/%d %t")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ format, want string }{
		{"line", "Easy         0    0.0/0.0/0.0  none\n"},
		{"csv", "source,line,name,puzzle,status,level,score,hardest,steps,bruteForce,er,ep,ed,seHardest,error\n" +
			"s,2,," + sol.String() + ",unique,Easy,0,none,0,false,0.0,0.0,0.0,,\n"},
		{"json", `{"source":"s","line":2,"puzzle":"` + sol.String() + `","status":"unique","rating":{"level":"Easy","score":0,"hardest":"none","steps":0,"bruteForce":false,"er":0,"ep":0,"ed":0,"seHardest":""}}` + "\n"},
		{"template", "Easy 0 none 0.0/0.0/0.0 \n"},
	} {
		rec := r
		got := string(NewEncoder(tc.format, Columns("rate"), tmpl).Encode(&rec, line, nil))
		if got != tc.want || rec.Failed() {
			t.Errorf("%s: got %q (failed %v), want %q", tc.format, got, rec.Failed(), tc.want)
		}
	}
	rec := r
	var back Record
	if err := json.Unmarshal(NewEncoder("json", nil, nil).Encode(&rec, "", nil), &back); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("the JSON read back = %+v, %v; want %+v", back, err, r)
	}
}

// TestEncodeError checks that a record that cannot be encoded is not lost:
// it becomes a failed record, with the encoder's error, in every format.
func TestEncodeError(t *testing.T) {
	bad := &logic.Rating{Level: logic.Level(9), Hardest: logic.Technique(200)}
	for _, format := range []string{"json", "csv", "line", "template"} {
		tmpl, _ := ParseTemplate("%g %v")
		r := Record{Source: "s", Line: 4, Name: "n", Puzzle: "p", Status: solver.Unique, Rating: NewRating(bad, nil)}
		got := string(NewEncoder(format, Columns("rate"), tmpl).Encode(&r, "text", nil))
		if format == "json" { // the other forms write the level's and technique's String
			if !r.Failed() || r.Status != solver.Failed || !strings.Contains(r.Error, "encoding the record") ||
				!strings.Contains(got, "encoding the record") || !strings.Contains(got, `failed`) {
				t.Errorf("%s: got %q, record %+v; want a failed record", format, got, r)
			}
			if r.Source != "s" || r.Line != 4 || r.Name != "n" || r.Puzzle != "p" {
				t.Errorf("%s: the failed record lost where it came from: %+v", format, r)
			}
		} else if r.Failed() {
			t.Errorf("%s: %+v failed, where it has nothing to encode that can fail", format, r)
		}
	}
}
