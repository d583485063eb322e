package canon_test

import (
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
	"github.com/godoku/sudoku/internal/edgetest"
)

// TestEdgeValues: a nil grid gets an error, not a panic (issue 27, item
// 10); Shuffle documents its panic.
func TestEdgeValues(t *testing.T) {
	var c canon.Canonicalizer
	var g sudoku.Grid
	edgetest.Run(t, []edgetest.Case{
		{Name: "Form(nil)", Call: func() any { _, _, err := canon.Form(nil); return err != nil }, Want: true},
		{Name: "Canonicalizer.Form(nil)", Call: func() any { _, _, err := c.Form(nil); return err != nil }, Want: true},
		{Name: "Canonicalizer.AppendText(nil)", Call: func() any { b, err := c.AppendText(nil, nil); return len(b) == 0 && err != nil }, Want: true},
		{Name: "Same(nil, g)", Call: func() any { _, _, err := canon.Same(nil, &g); return err != nil }, Want: true},
		{Name: "Same(g, nil)", Call: func() any { _, _, err := canon.Same(&g, nil); return err != nil }, Want: true},
		{Name: "Shuffle(nil, nil)", Call: func() any { s, _ := canon.Shuffle(nil, nil); return s }, Panics: true},
	})
}
