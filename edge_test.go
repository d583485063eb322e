package sudoku

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
)

// TestEdgeValues calls the exported functions with the edge values of
// their arguments: each must give its documented result or error, and
// panic only where its documentation says so.
func TestEdgeValues(t *testing.T) {
	var bad Grid
	bad[0], bad[1] = 10, 255
	runEdges(t, []edge{
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
		{"Grid.CheckSolution(nil)", func() any { var g Grid; return g.CheckSolution(nil) != nil }, true, false},
		{"Marks.CheckSolution(nil)", func() any { m := MarksOf(&Grid{}); return m.CheckSolution(nil) != nil }, true, false},
		{"MarksOf(nil)", func() any { return MarksOf(nil) }, nil, true},
		{"NewReader(nil).Read", func() any { _, err := NewReader(nil).Read(); return err != nil && err != io.EOF }, true, false},
		{"NewReader(nil).All", func() any {
			n := 0
			for _, err := range NewReader(nil).All() {
				if err != nil {
					n++
				}
			}
			return n
		}, 1, false},
		{"Reader.ReadInto(nil)", func() any { return NewReader(strings.NewReader("")).ReadInto(nil) }, nil, true},
		{"RandomTransform(nil)", func() any { return RandomTransform(nil) }, nil, true},
		{"Identity().Apply(nil)", func() any { tr := Identity(); return tr.Apply(nil) }, nil, true},
		{"Identity().ApplyMarks(nil)", func() any { tr := Identity(); return tr.ApplyMarks(nil) }, nil, true},
		{"Identity().Then(nil)", func() any { tr := Identity(); return tr.Then(nil) }, nil, true},
		{"Transform{}.Inverse", func() any { var tr Transform; return tr.Inverse() }, nil, true},
		{"ParseCell(\"\")", func() any { _, err := ParseCell(""); return err != nil }, true, false},
		{"ParseCell(\"r0c1\")", func() any { _, err := ParseCell("r0c1"); return err != nil }, true, false},
		{"Candidate.UnmarshalJSON(nil)", func() any { var c Candidate; return c.UnmarshalJSON(nil) != nil }, true, false},
		{"Digits.UnmarshalJSON(\"[10]\")", func() any { var d Digits; return d.UnmarshalJSON([]byte("[10]")) != nil }, true, false},
		{"Transform.UnmarshalJSON(nil)", func() any { var tr Transform; return tr.UnmarshalJSON(nil) != nil }, true, false},
		{"Digits.String of 0xFFFF", func() any { return len(Digits(0xFFFF).String()) > 0 }, true, false},
		{"Candidate{81, 10}.String", func() any { return len(Candidate{81, 10}.String()) > 0 }, true, false},
		{"Marks{}.String", func() any { var m Marks; return len(m.String()) > 0 }, true, false},
		{"Grid.Boxed with 255", func() any { return len(bad.Boxed()) > 0 }, true, false},
		{"Grid.Digits with 255", func() any { return len(bad.Digits()) }, 81, false},
		{"IsBorderLine(\"\")", func() any { return IsBorderLine("") }, true, false},
		{"ParseError{}.Error", func() any { var e ParseError; return len(e.Error()) > 0 }, true, false},
		{"CellError{}.Error", func() any { var e CellError; return len(e.Error()) > 0 }, true, false},
		{"ConflictError{}.Error", func() any { var e ConflictError; return len(e.Error()) > 0 }, true, false},
	})
}

// edge is an edgetest.Case written by position, as this table's rows are
// short enough to read so.
type edge struct {
	name   string
	call   func() any
	want   any
	panics bool
}

// runEdges runs the rows with edgetest.Run.
func runEdges(t *testing.T, rows []edge) {
	t.Helper()
	cases := make([]edgetest.Case, len(rows))
	for i, r := range rows {
		cases[i] = edgetest.Case{Name: r.name, Call: r.call, Want: r.want, Panics: r.panics}
	}
	edgetest.Run(t, cases)
}
