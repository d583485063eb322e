package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestUnitsAndPeers(t *testing.T) {
	for u := range NumUnits {
		cells := UnitCells(u)
		for k, i := range cells {
			units := CellUnits(i)
			if units[u/9] != u {
				t.Errorf("cell %d is in unit %d, but CellUnits says %v", i, u, units)
			}
			if k > 0 && cells[k-1] >= i {
				t.Errorf("unit %d not in increasing order: %v", u, cells)
			}
		}
	}
	for i := range 81 {
		n := 0
		for j := range 81 {
			if Sees(i, j) {
				n++
			}
		}
		ps := Peers(i)
		if n != 20 {
			t.Errorf("cell %d sees %d cells, want 20", i, n)
		}
		for k, p := range ps {
			if !Sees(i, p) || k > 0 && ps[k-1] >= p {
				t.Errorf("peers of %d: %v", i, ps)
			}
		}
	}
	for _, c := range []struct{ a, b int }{{0, 0}, {-1, 0}, {0, 81}, {81, 81}} {
		if Sees(c.a, c.b) {
			t.Errorf("Sees(%d, %d) = true", c.a, c.b)
		}
	}
}

func TestCellNames(t *testing.T) {
	for i := range 81 {
		name := CellName(i)
		got, err := ParseCell(name)
		if err != nil || got != i {
			t.Errorf("ParseCell(CellName(%d) = %q) = %d, %v", i, name, got, err)
		}
	}
	if got, err := ParseCell("R9C1"); err != nil || got != 72 {
		t.Errorf("ParseCell(R9C1) = %d, %v", got, err)
	}
	for _, bad := range []int{-1, 81, 1000} {
		name := CellName(bad)
		if _, err := ParseCell(name); err == nil {
			t.Errorf("CellName(%d) = %q parses as a cell", bad, name)
		}
	}
	for _, bad := range []string{"", "r0c1", "r1c0", "r10c1", "x1c1", "r1c1 ", "r1d1"} {
		if _, err := ParseCell(bad); err == nil {
			t.Errorf("ParseCell(%q) succeeded", bad)
		}
	}
	for u, want := range map[int]string{0: "r1", 8: "r9", 9: "c1", 17: "c9", 18: "b1", 26: "b9", 27: "unit(27)", -1: "unit(-1)"} {
		if got := UnitName(u); got != want {
			t.Errorf("UnitName(%d) = %q, want %q", u, got, want)
		}
	}
}

func TestDigits(t *testing.T) {
	s := DigitSet(1, 5, 9, 0, 10, -3)
	if s.Count() != 3 || !s.Has(5) || s.Has(0) || s.Has(10) || s.String() != "159" {
		t.Errorf("DigitSet(1,5,9,0,10,-3) = %v (count %d)", s, s.Count())
	}
	if Digits(0xFFFF).Count() != 9 || Digits(1).String() != "-" {
		t.Errorf("stray bits are not digits")
	}
	b, err := json.Marshal(s)
	if err != nil || string(b) != "[1,5,9]" {
		t.Errorf("json = %s, %v", b, err)
	}
	var back Digits
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Errorf("round trip: %v, %v", back, err)
	}
	for _, bad := range []string{"[0]", "[10]", `"159"`, "[1.5]"} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("Unmarshal(%s) succeeded", bad)
		}
	}
}

func TestCandidateJSON(t *testing.T) {
	c := Candidate{Cell: 2, Digit: 9}
	b, err := json.Marshal(c)
	if err != nil || string(b) != `{"cell":"r1c3","digit":9}` {
		t.Fatalf("json = %s, %v", b, err)
	}
	var back Candidate
	if err := json.Unmarshal(b, &back); err != nil || back != c {
		t.Errorf("round trip: %v, %v", back, err)
	}
	for _, bad := range []string{`{"cell":"r0c1","digit":1}`, `{"cell":"r1c1","digit":10}`, `{"cell":5,"digit":1}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("Unmarshal(%s) succeeded", bad)
		}
	}
	if _, err := json.Marshal(Candidate{Cell: 81, Digit: 1}); err == nil {
		t.Errorf("an invalid candidate marshals")
	}
}

func TestMarksOf(t *testing.T) {
	g, err := Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	if err != nil {
		t.Fatal(err)
	}
	m := MarksOf(&g)
	for i := range 81 {
		for d := 1; d <= 9; d++ {
			want := g[i] == uint8(d)
			if g[i] == 0 {
				want = true
				for _, p := range Peers(i) {
					if g[p] == uint8(d) {
						want = false
					}
				}
			}
			if m[i].Has(d) != want {
				t.Errorf("%s: mark %d is %v, want %v", CellName(i), d, m[i].Has(d), want)
			}
		}
	}
}

// TestMarksChecks checks Marks.Grid, Validate and CheckSolution on the
// marks of a puzzle, and on the marks changed in each way they test for.
func TestMarksChecks(t *testing.T) {
	g, _ := Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	sol, _ := Parse("483921657967345821251876493548132976729564138136798245372689514814253769695417382")
	var given Marks // the givens alone, every digit in the other cells
	for i, v := range g {
		given[i] = AllDigits
		if v != 0 {
			given[i] = 1 << v
		}
	}
	if got := given.Grid(); got != g {
		t.Errorf("Grid() = %v, want the givens %v", got, g)
	}
	m := MarksOf(&g)
	if got := m.Grid(); got.Givens() <= g.Givens() { // MarksOf leaves naked singles
		t.Errorf("Grid() of MarksOf = %v: no more than the givens %v", got, g)
	}
	if err := m.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if err := m.CheckSolution(&sol); err != nil {
		t.Errorf("CheckSolution: %v", err)
	}
	empty := m
	empty[0] = 0
	clash := m
	clash[0] = 1 << 3 // r1c3 gives 3
	var ce *ConflictError
	if err := empty.Validate(); !errors.Is(err, ErrNoCandidate) || !strings.Contains(err.Error(), "r1c1") {
		t.Errorf("no candidate in r1c1: Validate = %v", err)
	}
	if err := clash.Validate(); !errors.As(err, &ce) || ce.Cell1 != 0 || ce.Cell2 != 2 {
		t.Errorf("r1c1 and r1c3 both 3: Validate = %v", err)
	}
	// Bits that are not digits are ignored: 5 with bit 0 set is 5 alone,
	// so two of them in a row clash.
	junk := m
	junk[0], junk[1] = 1|1<<5, 1|1<<5|1<<12
	if got := junk.Grid(); got[0] != 5 || got[1] != 5 {
		t.Errorf("Grid() with bits 0 and 12 beside 5 = %v, want 5 in r1c1 and r1c2", got)
	}
	if err := junk.Validate(); !errors.As(err, &ce) || ce.Cell1 != 0 || ce.Cell2 != 1 {
		t.Errorf("r1c1 and r1c2 both 5 with bits that are not digits: Validate = %v", err)
	}
	without := m
	without[0] &^= 1 << sol[0]
	if err := without.CheckSolution(&sol); err == nil || !strings.Contains(err.Error(), "r1c1") {
		t.Errorf("the solution's digit taken from r1c1: CheckSolution = %v", err)
	}
	open := sol
	open[80] = 0
	if err := m.CheckSolution(&open); err == nil {
		t.Errorf("a solution with an empty cell passed")
	}
}

func TestTransform(t *testing.T) {
	g, err := Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		t.Fatal(err)
	}
	id := Identity()
	if id.Apply(&g) != g {
		t.Errorf("Identity changes the grid")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a, b := RandomTransform(r), RandomTransform(r)
		if err := a.Valid(); err != nil {
			t.Fatalf("RandomTransform: %v: %v", a, err)
		}
		x := a.Apply(&g)
		if err := x.Validate(); err != nil {
			t.Fatalf("%v turns a valid grid invalid: %v", a, err)
		}
		if x.Givens() != g.Givens() {
			t.Fatalf("%v changes the number of givens", a)
		}
		inv := a.Inverse()
		if back := inv.Apply(&x); back != g {
			t.Fatalf("Inverse of %v = %v does not give the grid back", a, inv)
		}
		ab := a.Then(&b)
		if want := b.Apply(&x); ab.Apply(&g) != want {
			t.Fatalf("(%v).Then(%v) = %v is not a then b", a, b, ab)
		}
		for i := range 81 {
			if g[i] != 0 && x[a.Cell(i)] != a.Digits[g[i]] {
				t.Fatalf("%v: Cell(%d) = %d does not hold its digit", a, i, a.Cell(i))
			}
		}
		m := MarksOf(&g)
		if got, want := a.ApplyMarks(&m), MarksOf(&x); got != want {
			t.Fatalf("%v: ApplyMarks differs from the marks of the transformed grid", a)
		}
	}
	var zero Transform
	if zero.Valid() == nil {
		t.Errorf("the zero Transform is valid")
	}
	bad := Identity()
	bad.Rows[0], bad.Rows[3] = 3, 0 // splits bands
	if bad.Valid() == nil {
		t.Errorf("a band-splitting row order is valid")
	}
	bad = Identity()
	bad.Digits[1] = 2
	if bad.Valid() == nil {
		t.Errorf("a digit map that is not a permutation is valid")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("Apply of an invalid transform did not panic as documented")
			}
		}()
		zero.Apply(&g)
	}()
}

func TestTransformJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		a := RandomTransform(r)
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back Transform
		if err := json.Unmarshal(b, &back); err != nil || back != a {
			t.Fatalf("%s read back as %v, %v; want %v", b, back, err, a)
		}
	}
	id, _ := json.Marshal(Identity())
	if want := `{"transpose":false,"rows":[1,2,3,4,5,6,7,8,9],"cols":[1,2,3,4,5,6,7,8,9],"digits":[1,2,3,4,5,6,7,8,9]}`; string(id) != want {
		t.Errorf("Identity as JSON: %s, want %s", id, want)
	}
	for _, bad := range []string{
		`{"rows":[1,2,3],"cols":[1,2,3,4,5,6,7,8,9],"digits":[1,2,3,4,5,6,7,8,9]}`,
		`{"rows":[4,2,3,1,5,6,7,8,9],"cols":[1,2,3,4,5,6,7,8,9],"digits":[1,2,3,4,5,6,7,8,9]}`,
		`{"rows":[1,2,3,4,5,6,7,8,9],"cols":[1,2,3,4,5,6,7,8,9],"digits":[1,1,3,4,5,6,7,8,9]}`,
		`{"rows":[0,2,3,4,5,6,7,8,9],"cols":[1,2,3,4,5,6,7,8,9],"digits":[1,2,3,4,5,6,7,8,9]}`,
		`[]`,
	} {
		var tr Transform
		if err := json.Unmarshal([]byte(bad), &tr); err == nil {
			t.Errorf("%s read as %v", bad, tr)
		}
	}
	if _, err := json.Marshal(Transform{}); err == nil {
		t.Errorf("the zero Transform marshals")
	}
}

func ExampleTransform() {
	g, _ := Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	t := Identity()
	t.Transpose = true
	t.Digits = [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1} // d becomes 10-d
	fmt.Println(t)
	fmt.Println(t.Apply(&g))
	// Output:
	// transpose rows 123456789 cols 123456789 digits 123456789>987654321
	// 6......51....23..........7..4...89..7..5...........8...2..4.3.....1...6...9......
}
