package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/godoku/sudoku"
)

// referenceMarks counts the solutions of pencil marks up to limit with a
// plain backtracker, for the tests: it fills the open cell with the fewest
// digits left (its candidates in m that no filled peer holds), trying each
// in turn. It shares nothing with the solver but the geometry.
func referenceMarks(m sudoku.Marks, limit int) int {
	var g [81]uint8
	options := func(i int) sudoku.Digits {
		set := m[i] & sudoku.AllDigits
		for _, p := range sudoku.Peers(i) {
			if g[p] != 0 {
				set &^= 1 << g[p]
			}
		}
		return set
	}
	n := 0
	var rec func() bool // reports false once limit is reached
	rec = func() bool {
		best, bestSet := -1, sudoku.Digits(0)
		for i := range g {
			if g[i] != 0 {
				continue
			}
			set := options(i)
			if set == 0 {
				return true // a dead end
			}
			if best < 0 || set.Count() < bestSet.Count() {
				best, bestSet = i, set
			}
		}
		if best < 0 {
			n++
			return n < limit
		}
		for _, d := range bestSet.List() {
			g[best] = uint8(d)
			more := rec()
			g[best] = 0
			if !more {
				return false
			}
		}
		return true
	}
	rec()
	return n
}

// randomMarks returns the marks of a puzzle of gs, with some candidates
// removed at random: mostly ones its solution does not use, sometimes
// (when wrong is set) one it does, and some givens opened up again, so
// that the marks may have one solution, several or none.
func randomMarks(rng *rand.Rand, gs []sudoku.Grid) (m sudoku.Marks, wrong bool) {
	g := gs[rng.IntN(len(gs))]
	for range rng.IntN(8) { // open some givens: more solutions
		g[rng.IntN(81)] = 0
	}
	sol, _ := Solve(&g)
	m = sudoku.MarksOf(&g)
	for range rng.IntN(60) {
		i, d := rng.IntN(81), 1+rng.IntN(9)
		if m[i].Count() > 1 && (sol[i] != uint8(d) || rng.IntN(20) == 0) {
			wrong = wrong || sol[i] == uint8(d)
			m[i] &^= 1 << d
		}
	}
	return m, wrong
}

// TestMarksAgainstReference compares the solver's answers on random
// pencil-mark puzzles with the plain backtracker's: the number of
// solutions up to 3, the status, and each solution against the marks.
func TestMarksAgainstReference(t *testing.T) {
	var gs []sudoku.Grid
	for _, f := range []string{"tdoku_test_puzzles.txt", "serg_multi_200.txt"} {
		gs = append(gs, readFile(t, "../testdata/"+f)...)
	}
	n := 1000
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(16, 2))
	ctx := context.Background()
	var s Solver
	seen := map[Status]int{}
	for k := range n {
		m, wrong := randomMarks(rng, gs)
		want := referenceMarks(m, 3)
		got, err := s.CountMarks(ctx, &m, 3)
		if err != nil || got != want {
			t.Fatalf("#%d %v: CountMarks %d, %v; reference %d", k, m.String(), got, err, want)
		}
		sol, ok, err := s.SolveMarks(ctx, &m)
		if ok != (want > 0) || err != nil {
			t.Fatalf("#%d %v: SolveMarks %v, %v; reference %d", k, m.String(), ok, err, want)
		}
		if ok {
			if err := m.CheckSolution(&sol); err != nil {
				t.Fatalf("#%d %v: SolveMarks: %v", k, m.String(), err)
			}
		}
		csol, st, err := s.ClassifyMarks(ctx, &m)
		wantSt := [...]Status{None, Unique, Multiple, Multiple}[want]
		if err != nil && st != Invalid || st != wantSt && st != Invalid {
			t.Fatalf("#%d %v: ClassifyMarks %v, %v; reference %d", k, m.String(), st, err, want)
		}
		if st == Invalid {
			// The solver allows clashing singles only when the marks have
			// no solution: Validate refused what cannot be solved.
			if want != 0 || m.Validate() == nil {
				t.Fatalf("#%d %v: ClassifyMarks Invalid (%v); reference %d", k, m.String(), err, want)
			}
		} else if want > 0 {
			if err := m.CheckSolution(&csol); err != nil {
				t.Fatalf("#%d %v: ClassifyMarks: %v", k, m.String(), err)
			}
		}
		seen[st]++
		if wrong {
			seen[0]++ // marks that left out a digit of the puzzle's solution
		}
	}
	t.Logf("%d marks puzzles: %d unique, %d multiple, %d none, %d invalid; %d left out a solution digit",
		n, seen[Unique], seen[Multiple], seen[None], seen[Invalid], seen[0])
	// The mix is what makes the test: each kind must be there.
	for _, st := range []Status{Unique, Multiple, None} {
		if seen[st] == 0 {
			t.Errorf("no marks puzzle had status %v", st)
		}
	}
}

// TestMarksOfGrid checks that the marks of a grid, which the givens alone
// make, have the solutions of the grid.
func TestMarksOfGrid(t *testing.T) {
	gs := readFile(t, "../testdata/serg_multi_200.txt")
	gs = append(gs, readFile(t, "../testdata/forum_hardest_500.txt")[:100]...)
	var s Solver
	for i := range gs {
		m := sudoku.MarksOf(&gs[i])
		want := s.Count(&gs[i], 10)
		if got, err := s.CountMarks(context.Background(), &m, 10); got != want || err != nil {
			t.Fatalf("%v: CountMarks %d, %v; Count %d", gs[i].Digits(), got, err, want)
		}
	}
}

func TestClassifyMarks(t *testing.T) {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	sol, _ := Solve(&g)
	unique := sudoku.MarksOf(&g)
	// The solution's digit taken from one open cell: the marks have
	// another solution or none, but not this one.
	noSol := unique
	noSol[0] &^= 1 << sol[0]
	open := sudoku.Marks{}
	for i := range open {
		open[i] = sudoku.AllDigits
	}
	empty := open
	empty[40] = 0
	clash := open
	clash[0], clash[1] = 1<<5, 1<<5
	junkClash := open // the same, with bit 0, which is not a digit
	junkClash[0], junkClash[1] = 1|1<<5, 1|1<<5
	// Three cells of an open row share two digits: no solution, which the
	// search alone would take for ever to see.
	pigeons := open
	pigeons[1], pigeons[2], pigeons[3] = 1<<4|1<<5, 1<<4|1<<5, 1<<4|1<<5
	junk := unique // bits that are not digits are ignored
	for i := range junk {
		junk[i] |= 1 | 0xFC00
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name    string
		ctx     context.Context
		m       *sudoku.Marks
		want    Status
		wantErr bool
	}{
		{"unique", context.Background(), &unique, Unique, false},
		{"a solution digit removed", context.Background(), &noSol, None, false},
		{"every digit everywhere", context.Background(), &open, Multiple, false},
		{"junk bits", context.Background(), &junk, Unique, false},
		{"a cell without candidate", context.Background(), &empty, Invalid, true},
		{"clashing singles", context.Background(), &clash, Invalid, true},
		{"clashing singles with bit 0", context.Background(), &junkClash, Invalid, true},
		{"three cells, two digits", context.Background(), &pigeons, None, false},
		{"nil", context.Background(), nil, Invalid, true},
		{"cancelled", cancelled, &unique, Stopped, true},
	} {
		got, st, err := ClassifyMarks(c.ctx, c.m)
		if st != c.want || (err != nil) != c.wantErr {
			t.Errorf("%s: %v, %v; want %v", c.name, st, err, c.want)
			continue
		}
		if st == Unique || st == Multiple {
			if err := c.m.CheckSolution(&got); err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
		} else if got != (sudoku.Grid{}) {
			t.Errorf("%s: a solution with status %v", c.name, st)
		}
		if c.name == "unique" && got != sol {
			t.Errorf("unique: %v, want %v", got.Digits(), sol.Digits())
		}
	}
	if _, st, err := ClassifyMarks(context.Background(), &empty); !errors.Is(err, sudoku.ErrNoCandidate) || st != Invalid {
		t.Errorf("a cell without candidate: %v, %v; want ErrNoCandidate", st, err)
	}
}

// TestMarksEdgeValues calls the marks functions with nil marks, marks
// without candidates, a done context and limits at their edges.
func TestMarksEdgeValues(t *testing.T) {
	ctx := context.Background()
	done, cancel := context.WithCancel(ctx)
	cancel()
	var s Solver
	var zero sudoku.Marks
	var all sudoku.Marks
	for i := range all {
		all[i] = 0xFFFF
	}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"SolveMarks nil", fmt.Sprint(s.SolveMarks(ctx, nil)), fmt.Sprint(sudoku.Grid{}, false, errNilMarks)},
		{"CountMarks nil", fmt.Sprint(s.CountMarks(ctx, nil, 2)), fmt.Sprint(0, errNilMarks)},
		{"EnumerateMarks nil", fmt.Sprint(s.EnumerateMarks(ctx, nil, 2, nil)), fmt.Sprint(0, errNilMarks)},
		{"CountMarks zero marks", fmt.Sprint(CountMarks(ctx, &zero, 2)), fmt.Sprint(0, nil)},
		{"CountMarks limit 0 zero marks", fmt.Sprint(CountMarks(ctx, &zero, 0)), fmt.Sprint(0, nil)},
		{"CountMarks limit -1 every bit", fmt.Sprint(s.CountMarks(done, &all, -1)), fmt.Sprint(0, context.Canceled)},
		{"CountMarks every bit, limit 5", fmt.Sprint(s.CountMarks(ctx, &all, 5)), fmt.Sprint(5, nil)},
		{"SolveMarks done", fmt.Sprint(s.SolveMarks(done, &all)), fmt.Sprint(sudoku.Grid{}, false, context.Canceled)},
		{"Marks.CheckSolution empty grid", zero.CheckSolution(&sudoku.Grid{}) != nil, true},
	}
	for _, c := range tests {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestEnumerateMarks checks that every solution EnumerateMarks yields
// keeps the marks, and that it yields as many as CountMarks counts.
func TestEnumerateMarks(t *testing.T) {
	g, _ := sudoku.Parse("...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...")
	m := sudoku.MarksOf(&g)
	m[0] &^= 1 << 2 // fewer than the grid's 125
	var s Solver
	want, _ := s.CountMarks(context.Background(), &m, 0)
	seen := map[sudoku.Grid]bool{}
	n, err := s.EnumerateMarks(context.Background(), &m, 0, func(sol *sudoku.Grid) bool {
		if err := m.CheckSolution(sol); err != nil {
			t.Fatal(err)
		}
		seen[*sol] = true
		return true
	})
	if err != nil || n != want || len(seen) != want || want == 0 || want >= 125 {
		t.Errorf("EnumerateMarks %d (%d distinct), %v; CountMarks %d", n, len(seen), err, want)
	}
	if ref := referenceMarks(m, 1000); ref != want {
		t.Errorf("CountMarks %d, reference %d", want, ref)
	}
}

// FuzzSolveMarks checks on any marks that nothing panics, that the
// answers agree with one another and, where the search is small, with the
// plain backtracker.
func FuzzSolveMarks(f *testing.F) {
	for _, p := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
		"974236158638591742125487936316754289742918563589362417867125394253649871491873625",
	} {
		g, _ := sudoku.Parse(p)
		m := sudoku.MarksOf(&g)
		data := make([]byte, 162)
		for i, set := range m {
			data[2*i], data[2*i+1] = byte(set), byte(set>>8)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m sudoku.Marks
		for i := range m {
			m[i] = sudoku.AllDigits
			if 2*i+1 < len(data) {
				m[i] = sudoku.Digits(data[2*i]) | sudoku.Digits(data[2*i+1])<<8
			}
		}
		ctx := context.Background()
		var s Solver
		sol, ok, err := s.SolveMarks(ctx, &m)
		n, err2 := s.CountMarks(ctx, &m, 2)
		if err != nil || err2 != nil || ok != (n > 0) {
			t.Fatalf("%v: SolveMarks %v, %v; CountMarks %d, %v", m.String(), ok, err, n, err2)
		}
		if ok {
			if err := m.CheckSolution(&sol); err != nil {
				t.Fatalf("%v: %v", m.String(), err)
			}
		}
		_, st, err := s.ClassifyMarks(ctx, &m)
		if st != Invalid && st != [...]Status{None, Unique, Multiple}[n] {
			t.Fatalf("%v: ClassifyMarks %v, %v; CountMarks %d", m.String(), st, err, n)
		}
		open := 0
		for _, set := range m {
			if set.Count() > 1 {
				open++
			}
		}
		if open <= 20 { // small search: the reference is quick
			if want := referenceMarks(m, 2); n != want {
				t.Fatalf("%v: CountMarks %d, reference %d", m.String(), n, want)
			}
		}
	})
}

func ExampleSolver_ClassifyMarks() {
	// A puzzle with two solutions, which differ in r4c1 (3 or 6): as
	// pencil marks without the 3 there, it has one.
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	m := sudoku.MarksOf(&g)
	var s Solver
	_, st, _ := s.ClassifyMarks(context.Background(), &m)
	fmt.Println(m[27], st)
	m[27] &^= 1 << 3
	sol, st, _ := s.ClassifyMarks(context.Background(), &m)
	fmt.Println(m[27], st, sol.Digits()[27:36])
	// Output:
	// 36 multiple
	// 6 unique 642513798
}
