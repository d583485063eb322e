package logic_test

import (
	"context"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
	"github.com/godoku/sudoku/logic"
)

// TestEdgeValues: nil candidates get an error, not a panic (issue 27,
// item 10).
func TestEdgeValues(t *testing.T) {
	ctx := context.Background()
	var o logic.Options
	edgetest.Run(t, []edgetest.Case{
		{Name: "Hint(nil)", Call: func() any { _, ok, err := logic.Hint(ctx, nil); return !ok && err != nil }, Want: true},
		{Name: "Options.Hint(nil)", Call: func() any { _, ok, err := o.Hint(ctx, nil); return !ok && err != nil }, Want: true},
		{Name: "nil Options.Hint(nil)", Call: func() any { _, _, err := (*logic.Options)(nil).Hint(ctx, nil); return err != nil }, Want: true},
	})
}
