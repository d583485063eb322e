package logic

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
)

// TestAnyFish: fish over rows, columns, boxes, a diagonal and an
// irregular region, each in a 9x9 position where 1 is a candidate
// everywhere but in the cells listed (every other value everywhere). The
// position comes from a solution that puts the 1s in the cells given, and
// no step may remove a value of that solution. Each step's eliminations
// were worked out by hand from the base and cover houses the sentence
// names.
func TestAnyFish(t *testing.T) {
	jigsaw := variant.Boxes(9, 3, 3)
	// Region 1 gives r3c3 to region 5 and takes r4c4.
	jigsaw[2*9+2], jigsaw[3*9+3] = jigsaw[3*9+3], jigsaw[2*9+2]
	// The Franken X-Wing over a diagonal, with and without a cage over
	// its cells.
	const (
		diagOnes  = "r1c3 r2c6 r3c7 r4c1 r5c5 r6c8 r7c9 r8c2 r9c4"
		diagNoOne = "r1c1 r3c3 r4c4 r6c6 r7c7 r8c8 r9c9 r8c1 r8c3 r8c4 r8c6 r8c7 r8c9"
		diagSays  = "Each of row 8 and the diagonal from r1c1 must hold one 1 and can only hold it in columns 2,5, which can hold one 1 each; so each of those holds one of these 1s, and their other cells cannot be 1: r1c2,r1c5,r2c5,r3c2,r3c5,r4c2,r4c5,r5c2,r6c2,r6c5,r7c2,r7c5,r9c2,r9c5."
	)
	diagWant := []string{"r1c2<>1", "r1c5<>1", "r2c5<>1", "r3c2<>1", "r3c5<>1", "r4c2<>1", "r4c5<>1", "r5c2<>1",
		"r6c2<>1", "r6c5<>1", "r7c2<>1", "r7c5<>1", "r9c2<>1", "r9c5<>1"}
	tests := []struct {
		name    string
		regions []int
		cons    []variant.Constraint
		ones    string // the solution's 1s
		noOne   string // the cells without 1 as a candidate
		tech    string
		want    []string
		says    string
	}{
		{
			// Rows 3 and 5 and box 7 hold their 1s in columns 1, 3
			// and 5 only: the three 1s are those of the three columns.
			// r1c3,r2c3 and r4c1,r6c1 lose 1 so that no cheaper finned
			// X-Wing (rows 3,5 with a fin in box 1 or box 4) comes
			// first.
			name:  "Franken Swordfish with a box in the base",
			ones:  "r1c2 r2c7 r3c5 r4c4 r5c3 r6c8 r7c1 r8c6 r9c9",
			noOne: "r3c2 r3c3 r3c4 r3c6 r3c7 r3c8 r3c9 r5c1 r5c2 r5c4 r5c6 r5c7 r5c8 r5c9 r7c2 r7c3 r8c1 r8c2 r9c1 r9c2 r9c3 r1c3 r2c3 r4c1 r6c1",
			tech:  "Franken Swordfish",
			want:  []string{"r1c1<>1", "r1c5<>1", "r2c1<>1", "r2c5<>1", "r4c3<>1", "r4c5<>1", "r6c3<>1", "r6c5<>1", "r7c5<>1", "r8c5<>1", "r9c5<>1"},
			says:  "Each of rows 3,5 and region 7 must hold one 1 and can only hold it in columns 1,3,5, which can hold one 1 each; so each of those holds one of these 1s, and their other cells cannot be 1: r1c1,r1c5,r2c1,r2c5,r4c3,r4c5,r6c3,r6c5,r7c5,r8c5,r9c5.",
		},
		{
			// The diagonal holds its 1 in r2c2 or r5c5, row 8 in r8c2
			// or r8c5: columns 2 and 5 hold both, one each.
			name:  "Franken X-Wing over a diagonal",
			cons:  []variant.Constraint{variant.Diagonal{}},
			ones:  diagOnes,
			noOne: diagNoOne,
			tech:  "Franken X-Wing",
			want:  diagWant,
			says:  diagSays,
		},
		{
			// The same, with a cage (no sum) over r2c2 and r5c5 listed
			// before the diagonal: it has the diagonal's cells for 1,
			// but only the full diagonal can be a base.
			name:  "Franken X-Wing over a diagonal that repeats a cage's cells",
			cons:  []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{cell(9, "r2c2"), cell(9, "r5c5")}}, variant.Diagonal{}},
			ones:  diagOnes,
			noOne: diagNoOne,
			tech:  "Franken X-Wing",
			want:  diagWant,
			says:  diagSays,
		},
		{
			// Region 1 (box 1 with r4c4 for r3c3) holds its 1 in r1c2
			// or r4c4, row 7 in r7c2 or r7c4: columns 2 and 4.
			name:    "Franken X-Wing over an irregular region",
			regions: jigsaw,
			ones:    "r1c2 r7c4",
			noOne:   "r1c1 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r7c1 r7c3 r7c5 r7c6 r7c7 r7c8 r7c9",
			tech:    "Franken X-Wing",
			want:    []string{"r1c4<>1", "r2c4<>1", "r3c4<>1", "r4c2<>1", "r5c2<>1", "r5c4<>1", "r6c2<>1", "r6c4<>1", "r8c2<>1", "r8c4<>1", "r9c2<>1", "r9c4<>1"},
			says:    "Each of row 7 and region 1 must hold one 1 and can only hold it in columns 2,4, which can hold one 1 each; so each of those holds one of these 1s, and their other cells cannot be 1: r1c4,r2c4,r3c4,r4c2,r5c2,r5c4,r6c2,r6c4,r8c2,r8c4,r9c2,r9c4.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &variant.Puzzle{Size: 9, Regions: tt.regions, Constraints: tt.cons, Givens: make([]int, 81)}
			for _, name := range strings.Fields(tt.ones) {
				p.Givens[cell(9, name)] = 1
			}
			sol, err := variant.Solve(context.Background(), p)
			if err != nil {
				t.Fatalf("no solution with the 1s at %s: %v", tt.ones, err)
			}
			p.Givens = nil
			s, err := New(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range strings.Fields(tt.noOne) {
				c := cell(9, name)
				if sol[c] == 1 {
					t.Fatalf("%s is the solution's 1", name)
				}
				s.cand[c] &^= 1 << 1
			}
			st, ok := s.anyFish()
			if !ok {
				t.Fatal("no fish")
			}
			if st.Technique != tt.tech {
				t.Errorf("technique %q, want %q", st.Technique, tt.tech)
			}
			if got := outcome(9, st); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
			if st.Explanation != tt.says {
				t.Errorf("says\n%s\nwant\n%s", st.Explanation, tt.says)
			}
			for _, e := range st.Eliminations {
				if sol[e.Cell] == e.Value {
					t.Errorf("removes the solution's %d from %s", e.Value, variant.CellName(9, e.Cell))
				}
			}
		})
	}
}
