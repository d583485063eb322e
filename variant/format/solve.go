package format

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/godoku/sudoku/variant"
	checker "github.com/godoku/sudoku/variant/check"
)

// Refusal is the error of Solve for a puzzle the engine does not take:
// variant.NewSolver's error (an *variant.UnsupportedError for a rule it
// lacks), with the same text. Callers tell it from a search stopped by
// its context.
type Refusal struct{ Err error }

func (e *Refusal) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *Refusal) Unwrap() error { return e.Err }

// ErrWrongSolution is the error of Solve when the engine's solution
// breaks a rule of the puzzle, as the independent checker (package
// variant/check) finds: it is never handed on as a solution.
var ErrWrongSolution = errors.New("the engine's solution breaks a rule")

// Solve solves p with the variant engine, looking for up to limit
// solutions (at least one: 2 proves a solution unique), and returns the
// first one found, checked against every rule by package variant/check,
// and how many it found (0 to limit). The command line and the JSON API
// both solve variant puzzles through it, so neither sends a solution the
// checker has not passed. The error is a *Refusal, ctx's error, or wraps
// ErrWrongSolution.
func Solve(ctx context.Context, p *variant.Puzzle, limit int) (first []int, n int, err error) {
	s, err := variant.NewSolver(p)
	if err != nil {
		return nil, 0, &Refusal{err}
	}
	limit = max(limit, 1)
	err = s.Solutions(ctx, func(sol []int) bool {
		if n == 0 {
			first = slices.Clone(sol)
		}
		n++
		return n < limit
	})
	if err != nil {
		return nil, n, err
	}
	if first != nil {
		if err := checker.Solution(p, first); err != nil {
			return nil, n, fmt.Errorf("%w: %w", ErrWrongSolution, err)
		}
	}
	return first, n, nil
}

// Kinds returns the kinds of p's rules (Constraint.Kind), each once, in
// the order they first come; a rule the engine lacks is named as its
// source names it, after "unsupported: ". Records of variant puzzles
// carry them, from the command line and the JSON API alike.
func Kinds(p *variant.Puzzle) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range p.Constraints {
		k := c.Kind()
		if u, ok := c.(variant.Unsupported); ok {
			k = "unsupported: " + u.Name
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// Describe says what a variant puzzle is, for messages that refuse it:
// its size if not 9x9, its regions if not the usual boxes, and its Kinds.
// "6x6, no regions, skyscraper", "2x4 boxes", "irregular regions".
func Describe(p *variant.Puzzle) string {
	var parts []string
	if p.Size != 9 {
		parts = append(parts, fmt.Sprintf("%dx%d", p.Size, p.Size))
	}
	if r := regionWords(p); r != "" {
		parts = append(parts, r)
	}
	parts = append(parts, Kinds(p)...)
	if len(parts) == 0 {
		return "9x9"
	}
	return strings.Join(parts, ", ")
}

// regionWords says how a puzzle's regions differ from its size's usual
// boxes: "" when they do not, "no regions" (none, or the rows or the
// columns again), "HxW boxes" (rows by columns) or "irregular regions".
func regionWords(p *variant.Puzzle) string {
	if p.Regions == nil {
		return ""
	}
	none := true
	for _, r := range p.Regions {
		none = none && r < 0
	}
	// Regions that are the rows or the columns add no rule.
	n := p.Size
	if none || samePartition(p.Regions, variant.Boxes(n, 1, n)) || samePartition(p.Regions, variant.Boxes(n, n, 1)) {
		return "no regions"
	}
	dh, dw := variant.DefaultBoxes(p.Size)
	for h := 2; h < p.Size; h++ {
		if p.Size%h == 0 && samePartition(p.Regions, variant.Boxes(p.Size, h, p.Size/h)) {
			if h == dh && p.Size/h == dw {
				return ""
			}
			return fmt.Sprintf("%dx%d boxes", h, p.Size/h)
		}
	}
	return "irregular regions"
}

// samePartition reports whether two region lists cut the grid the same
// way, whatever numbers they give the regions.
func samePartition(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	ab, ba := map[int]int{}, map[int]int{}
	for i := range a {
		if x, ok := ab[a[i]]; ok && x != b[i] {
			return false
		}
		if y, ok := ba[b[i]]; ok && y != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}
