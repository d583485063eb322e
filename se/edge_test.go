package se_test

import (
	"context"
	"testing"

	"github.com/godoku/sudoku/internal/edgetest"
	"github.com/godoku/sudoku/se"
)

// TestEdgeValues: a nil grid gets an error, not a panic (issue 27, item 10).
func TestEdgeValues(t *testing.T) {
	edgetest.Run(t, []edgetest.Case{
		{Name: "Rate(nil)", Call: func() any { _, err := se.Rate(context.Background(), nil); return err != nil }, Want: true},
	})
}
