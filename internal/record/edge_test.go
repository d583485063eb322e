package record

import (
	"errors"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
)

// TestEdgeValues calls the exported functions with nil and zero
// arguments: a nil puzzle, rating or error is an empty field or no
// failure, never a panic (issue 27, item 10).
func TestEdgeValues(t *testing.T) {
	edgetest.Run(t, []edgetest.Case{
		{Name: "Columns(\"\")", Call: func() any { return Columns("") }, Want: []string(nil)},
		{Name: "Describe(nil)", Call: func() any { st, words := Describe(nil); return st == 0 && words == "" }, Want: true},
		{Name: "PuzzleText(nil)", Call: func() any { return PuzzleText(nil) }, Panics: true},
		{Name: "RateLine(nil, nil)", Call: func() any { return RateLine(nil, nil) != "x" }, Panics: true},
		{Name: "StatusError(0, nil)", Call: func() any { return StatusError(0, nil) == nil }, Want: true},
		{Name: "NewRating(nil, nil)", Call: func() any { return NewRating(nil, nil) == nil }, Want: true},
		{Name: "New(\"\", nil, nil)", Call: func() any { r := New("", nil, nil); return r.Failed() }, Panics: true},
		{Name: "New(\"\", nil, err)", Call: func() any { r := New("", nil, errors.New("x")); return r.Failed() }, Panics: true},
		{Name: "Record{}.Fail(nil)", Call: func() any { var r Record; r.Fail(nil); return r.Failed() }, Want: false},
		{Name: "Record{}.Field(\"\", 0)", Call: func() any { var r Record; return r.Field("", 0) }, Want: ""},
		{Name: "Record{}.Field(\"puzzle\", -1)", Call: func() any { var r Record; return r.Field("puzzle", -1) }, Want: ""},
		{Name: "NewEncoder(\"\", nil, nil).Encode(nil)", Call: func() any { return NewEncoder("", nil, nil).Encode(nil, "", nil) != nil }, Panics: true},
		{Name: "NewEncoder(\"json\").Encode(zero)", Call: func() any { var r Record; return len(NewEncoder("json", nil, nil).Encode(&r, "", nil)) > 0 }, Want: true},
		{Name: "ParseTemplate(\"\")", Call: func() any { _, err := ParseTemplate(""); return err == nil }, Want: true},
	})
}
