package sudoku

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestEdgeValues calls the exported functions with the edge values of
// their arguments: each must give its documented result or error, and
// panic only where its documentation says so.
func TestEdgeValues(t *testing.T) {
	var bad Grid
	bad[0], bad[1] = 10, 255
	cases := []struct {
		name   string
		call   func() any
		want   any
		panics bool
	}{
		{"CellName(-1)", func() any { return CellName(-1) }, "cell(-1)", false},
		{"CellName(81)", func() any { return CellName(81) }, "cell(81)", false},
		{"UnitName(27)", func() any { return UnitName(27) }, "unit(27)", false},
		{"Sees(-1, 0)", func() any { return Sees(-1, 0) }, false, false},
		{"Sees(80, 81)", func() any { return Sees(80, 81) }, false, false},
		{"Digits(0xFFFF).List()", func() any { return len(Digits(0xFFFF).List()) }, 9, false},
		{"Digits(0).Has(0)", func() any { return Digits(1).Has(0) }, false, false},
		{"DigitSet(0, 10)", func() any { return DigitSet(0, 10) }, Digits(0), false},
		{"Candidate{81, 1}.Valid()", func() any { return Candidate{81, 1}.Valid() }, false, false},
		{"Candidate{0, 0}.Valid()", func() any { return Candidate{0, 0}.Valid() }, false, false},
		{"Candidate{80, 9}.Valid()", func() any { return Candidate{80, 9}.Valid() }, true, false},
		{"Grid.String with 10 and 255", func() any { return bad.String()[:3] }, "??.", false},
		{"Grid.Validate with 10", func() any { return bad.Validate() != nil }, true, false},
		{"Grid.CheckSolution of a bad grid", func() any { var g Grid; return g.CheckSolution(&bad) != nil }, true, false},
		{"Marks{}.Grid", func() any { var m Marks; return m.Grid() }, Grid{}, false},
		{"Marks{}.Validate", func() any { var m Marks; return errors.Is(m.Validate(), ErrNoCandidate) }, true, false},
		{"Marks 0xFFFF Validate", func() any { m := Marks{0xFFFF}; m[80] = 1; return errors.Is(m.Validate(), ErrNoCandidate) }, true, false},
		{"Marks.CheckSolution of a bad grid", func() any { m := MarksOf(&Grid{}); return m.CheckSolution(&bad) != nil }, true, false},
		{"MarksOf with 10", func() any { m := MarksOf(&bad); return m[0] }, Digits(0), false},
		{"ParsePuzzle(\"\")", func() any { _, err := ParsePuzzle(""); return errors.Is(err, ErrNoPuzzle) }, true, false},
		{"ParsePuzzle of two", func() any { _, err := ParsePuzzle(strings.Repeat(".", 81) + "\n1\n"); return errors.Is(err, ErrExtra) }, true, false},
		{"ParsePuzzle of 55", func() any {
			_, err := ParsePuzzle("55" + strings.Repeat(".", 79))
			var ce *ConflictError
			return errors.As(err, &ce)
		}, true, false},
		{"Parse(\"\")", func() any { _, err := Parse(""); return err != nil }, true, false},
		{"Reader{}.Read", func() any { var r Reader; _, err := r.Read(); return err != nil && err != io.EOF }, true, false},
		{"NewReader(empty).Read", func() any { _, err := NewReader(strings.NewReader("")).Read(); return err }, io.EOF, false},
		{"UnitCells(27)", func() any { return UnitCells(27) }, nil, true},
		{"CellUnits(81)", func() any { return CellUnits(81) }, nil, true},
		{"Peers(-1)", func() any { return Peers(-1) }, nil, true},
		{"Transform{}.Apply", func() any { var tr Transform; return tr.Apply(&bad) }, nil, true},
		{"Identity().Cell(81)", func() any { tr := Identity(); return tr.Cell(81) }, nil, true},
		{"Transform{}.String", func() any { var tr Transform; return len(tr.String()) > 0 }, true, false},
		{"Transform{}.Valid", func() any { var tr Transform; return tr.Valid() != nil }, true, false},
		{"json Candidate{81,1}", func() any { _, err := json.Marshal(Candidate{81, 1}); return err != nil }, true, false},
	}
	for _, c := range cases {
		var got any
		panicked := func() (p bool) {
			defer func() { p = recover() != nil }()
			got = c.call()
			return false
		}()
		if panicked != c.panics {
			t.Errorf("%s: panicked %v, want %v", c.name, panicked, c.panics)
			continue
		}
		if !c.panics && got != c.want {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
}
