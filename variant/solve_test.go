package variant_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
)

// grid reads a plain grid of digits, '.' or '0' for an empty cell.
func grid(t testing.TB, n int, s string) []int {
	t.Helper()
	s = strings.Join(strings.Fields(s), "")
	if len(s) != n*n {
		t.Fatalf("grid of %d characters, want %d", len(s), n*n)
	}
	g := make([]int, n*n)
	for i, ch := range s {
		switch {
		case ch >= '1' && ch <= '9':
			g[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'P':
			g[i] = int(ch-'A') + 10
		}
	}
	return g
}

// solveUnique solves p, checks the solution with vcheck, proves it unique
// and compares it with want when want is not empty.
func solveUnique(t *testing.T, p *variant.Puzzle, want string) []int {
	t.Helper()
	s, err := variant.NewSolver(p)
	if err != nil {
		t.Fatalf("NewSolver: %v", err)
	}
	sol, _, err := s.Solve(context.Background())
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	if err := vcheck.Check(p, sol); err != nil {
		t.Fatalf("solution %v breaks a rule: %v", sol, err)
	}
	if want != "" {
		w := grid(t, p.Size, want)
		for i := range w {
			if w[i] != sol[i] {
				t.Fatalf("solution %v, want %v", sol, w)
			}
		}
	}
	k, _, err := s.Count(context.Background(), 2)
	if err != nil || k != 1 {
		t.Fatalf("Count = %d, %v, want 1", k, err)
	}
	return sol
}

func TestClassic(t *testing.T) {
	p := &variant.Puzzle{Size: 9, Givens: grid(t, 9, `
		8........ ..36..... .7..9.2.. .5...7... ....457.. ...1...3. ..1....68 ..85...1. .9....4..`)}
	solveUnique(t, p, "812753649943682175675491283154237896369845721287169534521974368438526917796318452")
}

func TestEmptyGridCounts(t *testing.T) {
	for _, tc := range []struct {
		p    variant.Puzzle
		want int
	}{
		{variant.Puzzle{Size: 1}, 1},
		{variant.Puzzle{Size: 2}, 2},
		{variant.Puzzle{Size: 3}, 12}, // Latin squares of order 3
		{variant.Puzzle{Size: 4}, 288},
		{variant.Puzzle{Size: 4, Regions: variant.NoRegions(4)}, 576}, // Latin squares of order 4
		{variant.Puzzle{Size: 5}, 161280},                             // Latin squares of order 5
	} {
		k, err := variant.Count(context.Background(), &tc.p, 0)
		if err != nil || k != tc.want {
			t.Errorf("size %d, regions %v: Count = %d, %v, want %d", tc.p.Size, tc.p.Regions != nil, k, err, tc.want)
		}
	}
}

func TestUnsupported(t *testing.T) {
	p := &variant.Puzzle{Size: 9, Constraints: []variant.Constraint{
		variant.Unsupported{Name: "fog"}, variant.AntiKing{}, variant.Unsupported{Name: "chaos construction"}, variant.Unsupported{Name: "fog"},
	}}
	_, err := variant.Solve(context.Background(), p)
	var ue *variant.UnsupportedError
	if !errors.As(err, &ue) || err.Error() != "variant: unsupported constraints chaos construction, fog" {
		t.Fatalf("Solve: %v", err)
	}
}

// TestBadPuzzles: puzzles that cannot be solved get an error from
// NewSolver, Solve and Count, never a panic.
func TestBadPuzzles(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *variant.Puzzle
	}{
		{"nil", nil},
		{"size 0", &variant.Puzzle{}},
		{"size -3", &variant.Puzzle{Size: -3}},
		{"size 40", &variant.Puzzle{Size: 40}},
		{"short givens", &variant.Puzzle{Size: 4, Givens: []int{1, 2}}},
		{"given 7 in 4x4", &variant.Puzzle{Size: 4, Givens: []int{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}},
	} {
		if _, err := variant.NewSolver(tc.p); err == nil {
			t.Errorf("%s: NewSolver: no error", tc.name)
		}
		if _, err := variant.Solve(context.Background(), tc.p); err == nil {
			t.Errorf("%s: Solve: no error", tc.name)
		}
		if _, err := variant.Count(context.Background(), tc.p, 2); err == nil {
			t.Errorf("%s: Count: no error", tc.name)
		}
	}
}
