package logic

import (
	"context"
	"slices"
	"testing"

	"github.com/godoku/sudoku/variant"
)

// TestPolarity: on the whispers r1c8-r1c9-r2c9, r1c9 is on one side and
// r1c8,r2c9 on the other. With r1c7, r2c8 and r3c9 holding only high
// values, r1c9 low would put five cells on high values in region 3,
// which has four: so r1c9 is high, r1c8 and r2c9 low. Checked by hand
// and against a solution of the same grid.
func TestPolarity(t *testing.T) {
	n := 9
	wh := variant.Whispers{Cells: []variant.Cell{cell(n, "r1c8"), cell(n, "r1c9"), cell(n, "r2c9")}, Gap: 5}
	p := &variant.Puzzle{Size: n, Constraints: []variant.Constraint{wh}, Givens: make([]int, n*n)}
	for name, v := range map[string]int{"r1c9": 9, "r1c8": 1, "r2c9": 2, "r1c7": 6, "r2c8": 7, "r3c9": 8} {
		p.Givens[cell(n, name)] = v
	}
	sol, err := variant.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	p.Givens = nil
	s := position(t, n, p.Constraints, map[string]string{"r1c7": "6789", "r2c8": "6789", "r3c9": "6789"})
	for _, c := range []string{"r1c7", "r2c8", "r3c9"} {
		if v := sol[cell(n, c)]; v < 6 {
			t.Fatalf("the solution has %d in %s", v, c)
		}
	}
	st, ok := s.polarity()
	if !ok {
		t.Fatal("no step")
	}
	want := []string{"r1c9<>1", "r1c9<>2", "r1c9<>3", "r1c9<>4", "r1c9<>5", "r1c8<>5", "r1c8<>6", "r1c8<>7", "r1c8<>8", "r1c8<>9",
		"r2c9<>5", "r2c9<>6", "r2c9<>7", "r2c9<>8", "r2c9<>9"}
	if got := outcome(n, st); st.Technique != "Whisper Polarity" || !slices.Equal(got, want) {
		t.Errorf("got %s %v, want Whisper Polarity %v", st.Technique, got, want)
	}
	says := "Along the whispers, low (1234) and high (6789) values alternate: r1c9 on one side, r1c8,r2c9 on the other. " +
		"If the side of r1c9 were low, region 3 would have 5 cells that must hold its 4 values 6789: r1c7,r1c8,r2c8,r2c9,r3c9; so it is high: " +
		"1 in r1c9, 2 in r1c9, 3 in r1c9, 4 in r1c9, 5 in r1c9, 5 in r1c8, 6 in r1c8, 7 in r1c8, 8 in r1c8, 9 in r1c8, 5 in r2c9, 6 in r2c9, 7 in r2c9, 8 in r2c9, 9 in r2c9 removed."
	if st.Explanation != says {
		t.Errorf("says\n%s\nwant\n%s", st.Explanation, says)
	}
	for _, e := range st.Eliminations {
		if sol[e.Cell] == e.Value {
			t.Errorf("removes the solution's %d from %s", e.Value, variant.CellName(n, e.Cell))
		}
	}
	// A whispers line of gap 4 in a 9x9 has no sides (5 goes with 1 and 9).
	s = position(t, n, []variant.Constraint{variant.Whispers{Cells: wh.Cells, Gap: 4}}, map[string]string{"r1c7": "6789", "r2c8": "6789", "r3c9": "6789"})
	if st, ok := s.polarity(); ok {
		t.Errorf("gap 4: %s", st)
	}
}
