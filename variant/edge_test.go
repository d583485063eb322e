package variant_test

import (
	"context"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	"github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/iss"
	"github.com/godoku/sudoku/variant/lzstring"
	"github.com/godoku/sudoku/variant/sudokupad"
)

// TestEdgeValues calls the exported functions of package variant and its
// readers and writers with nil, zero and out-of-range arguments: each
// must give an error or its documented result, and panic only where its
// documentation says so (issue 27, item 10).
func TestEdgeValues(t *testing.T) {
	ctx := context.Background()
	var zero variant.Puzzle
	errs := func(err error) bool { return err != nil }
	edgetest.Run(t, []edgetest.Case{
		{Name: "Solve(nil)", Call: func() any { _, err := variant.Solve(ctx, nil); return errs(err) }, Want: true},
		{Name: "Solve(zero)", Call: func() any { _, err := variant.Solve(ctx, &zero); return errs(err) }, Want: true},
		{Name: "Count(nil)", Call: func() any { _, err := variant.Count(ctx, nil, 2); return errs(err) }, Want: true},
		{Name: "NewSolver(nil)", Call: func() any { _, err := variant.NewSolver(nil); return errs(err) }, Want: true},
		{Name: "NewSolver(zero)", Call: func() any { _, err := variant.NewSolver(&zero); return errs(err) }, Want: true},
		{Name: "Puzzle(nil).Validate", Call: func() any { var p *variant.Puzzle; return errs(p.Validate()) }, Want: true},
		{Name: "Puzzle{}.Validate", Call: func() any { return errs(zero.Validate()) }, Want: true},
		{Name: "Puzzle{}.RegionsOf", Call: func() any { return len(zero.RegionsOf()) }, Want: 0},
		{Name: "Boxes(0, 0, 0)", Call: func() any { return len(variant.Boxes(0, 0, 0)) }, Want: 0},
		{Name: "DefaultBoxes(0)", Call: func() any { h, w := variant.DefaultBoxes(0); return h * w }, Want: 0},
		{Name: "NoRegions(0)", Call: func() any { return len(variant.NoRegions(0)) }, Want: 0},
		{Name: "InGrid(9, -1)", Call: func() any { return variant.InGrid(9, -1) }, Want: false},
		{Name: "InGrid(0, 0)", Call: func() any { return variant.InGrid(0, 0) }, Want: false},
		{Name: "CellName(0, 5)", Call: func() any { return len(variant.CellName(0, 5)) > 0 }, Want: true},
		{Name: "RowCol(0, 5)", Call: func() any { r, c := variant.RowCol(0, 5); return r + c }, Panics: true},
		{Name: "ParseCell(9, \"\")", Call: func() any { _, err := variant.ParseCell(9, ""); return errs(err) }, Want: true},
		{Name: "ParseCell(9, \"r10c1\")", Call: func() any { _, err := variant.ParseCell(9, "r10c1"); return errs(err) }, Want: true},
		{Name: "ParsePoint(\"\")", Call: func() any { _, err := variant.ParsePoint(""); return errs(err) }, Want: true},
		{Name: "Point{}.Cell(0)", Call: func() any { _, ok := variant.Point{}.Cell(0); return ok }, Want: false},
		{Name: "Edge{}.Cells(0)", Call: func() any { return len(variant.Edge{}.Cells(0)) }, Want: 0},
		{Name: "LittleKillerCells(0, zero)", Call: func() any { return len(variant.LittleKillerCells(0, variant.LittleKiller{})) }, Want: 0},
		{Name: "Direction(255).Step", Call: func() any { dr, dc := variant.Direction(255).Step(); return dr*dr + dc*dc }, Want: 2},
		{Name: "check.Solution(nil, nil)", Call: func() any { return errs(check.Solution(nil, nil)) }, Want: true},
		{Name: "check.Solution(zero, nil)", Call: func() any { return errs(check.Solution(&zero, nil)) }, Want: true},
		{Name: "format.Classic(nil)", Call: func() any { return format.Classic(nil) }, Panics: true},
		{Name: "format.GridText(nil, nil)", Call: func() any { return format.GridText(nil, nil) }, Panics: true},
		{Name: "format.Line(0, nil)", Call: func() any { return format.Line(0, nil) }, Want: ""},
		{Name: "format.ParseGrid(\"\")", Call: func() any { _, err := format.ParseGrid(""); return errs(err) }, Want: true},
		{Name: "format.Write(nil)", Call: func() any { _, err := format.Write(nil, format.Detect(nil)); return errs(err) }, Want: true},
		{Name: "format.Parse(\"\")", Call: func() any { _, _, err := format.Parse(""); return errs(err) }, Want: true},
		{Name: "fpuzzles.Decode(\"\")", Call: func() any { _, err := fpuzzles.Decode(""); return errs(err) }, Want: true},
		{Name: "fpuzzles.Parse(\"\")", Call: func() any { _, err := fpuzzles.Parse(""); return errs(err) }, Want: true},
		{Name: "fpuzzles.Unmarshal(nil)", Call: func() any { _, err := fpuzzles.Unmarshal(nil); return errs(err) }, Want: true},
		{Name: "fpuzzles.Link(nil)", Call: func() any { _, err := fpuzzles.Link(nil); return errs(err) }, Want: true},
		{Name: "fpuzzles.Marshal(nil)", Call: func() any { _, err := fpuzzles.Marshal(nil); return errs(err) }, Want: true},
		{Name: "fpuzzles.Payload(nil)", Call: func() any { _, err := fpuzzles.Payload(nil); return errs(err) }, Want: true},
		{Name: "fpuzzles.FromPuzzle(nil)", Call: func() any { _, err := fpuzzles.FromPuzzle(nil); return errs(err) }, Want: true},
		{Name: "fpuzzles.FromPuzzle(zero)", Call: func() any { _, err := fpuzzles.FromPuzzle(&zero); return errs(err) }, Want: true},
		{Name: "fpuzzles.IsLink(\"\")", Call: func() any { return fpuzzles.IsLink("") }, Want: false},
		{Name: "fpuzzles.WhispersStyle(0, 0)", Call: func() any { return len(fpuzzles.WhispersStyle(0, 0)) >= 0 }, Want: true},
		{Name: "iss.Parse(\"\")", Call: func() any { _, err := iss.Parse(""); return errs(err) }, Want: true},
		{Name: "iss.ParseConstraints(\"\")", Call: func() any { _, err := iss.ParseConstraints(""); return errs(err) }, Want: true},
		{Name: "iss.ParseShortKiller(\"\")", Call: func() any { _, err := iss.ParseShortKiller(""); return errs(err) }, Want: true},
		{Name: "iss.ParseSudoCueKiller(\"\")", Call: func() any { _, err := iss.ParseSudoCueKiller(""); return errs(err) }, Want: true},
		{Name: "iss.IsShortKiller(\"\")", Call: func() any { return iss.IsShortKiller("") }, Want: false},
		{Name: "sudokupad.Parse(\"\")", Call: func() any { _, err := sudokupad.Parse(""); return errs(err) }, Want: true},
		{Name: "sudokupad.Read(\"\")", Call: func() any { _, err := sudokupad.Read(""); return errs(err) }, Want: true},
		{Name: "sudokupad.Unzip(\"\")", Call: func() any { _, err := sudokupad.Unzip(""); return errs(err) }, Want: true},
		{Name: "sudokupad.Link(nil)", Call: func() any { _, err := sudokupad.Link(nil); return errs(err) }, Want: true},
		{Name: "sudokupad.Marshal(nil)", Call: func() any { _, err := sudokupad.Marshal(nil); return errs(err) }, Want: true},
		{Name: "sudokupad.Marshal(zero)", Call: func() any { _, err := sudokupad.Marshal(&zero); return errs(err) }, Want: true},
		{Name: "sudokupad.IsID(\"\")", Call: func() any { return sudokupad.IsID("") }, Want: false},
		{Name: "sudokupad.IsLink(\"\")", Call: func() any { return sudokupad.IsLink("") }, Want: false},
		{Name: "lzstring.DecompressFromBase64(\"!\")", Call: func() any { _, err := lzstring.DecompressFromBase64("!"); return errs(err) }, Want: true},
		{Name: "lzstring.DecompressFromBase64Limit(x, -1)", Call: func() any {
			_, err := lzstring.DecompressFromBase64Limit(lzstring.CompressToBase64("abc"), -1)
			return errs(err)
		}, Want: true},
		{Name: "lzstring.CompressToBase64(\"\")", Call: func() any { s, _ := lzstring.DecompressFromBase64(lzstring.CompressToBase64("")); return s }, Want: ""},
	})
}
