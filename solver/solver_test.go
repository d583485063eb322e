package solver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// readFile reads every valid puzzle of a corpus.
func readFile(t testing.TB, name string) []sudoku.Grid {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var gs []sudoku.Grid
	r := sudoku.NewReader(f)
	for {
		p, err := r.Read()
		if err == io.EOF {
			return gs
		}
		if err == nil {
			gs = append(gs, p.Grid)
		}
	}
}

// TestCorpora solves every puzzle of the shipped corpora of proper puzzles,
// checks each solution against the rules and the givens, and checks that
// each is unique.
func TestCorpora(t *testing.T) {
	for _, name := range []string{
		"p096_sudoku.txt", "norvig_top95.txt", "norvig_hardest11.txt", "puzzles3_magictour_top1465.txt",
		"17clue_1000.txt", "forum_hardest_500.txt", "kaggle_1k.csv", "sudoku_exchange_rated_1in10.txt",
	} {
		t.Run(name, func(t *testing.T) {
			var s Solver
			gs := readFile(t, "../testdata/"+name)
			if len(gs) == 0 {
				t.Fatal("no puzzles")
			}
			for i := range gs {
				sol, ok := s.Solve(&gs[i])
				if !ok {
					t.Fatalf("%v: no solution", gs[i])
				}
				if err := gs[i].CheckSolution(&sol); err != nil {
					t.Fatalf("%v: %v", gs[i], err)
				}
				if n := s.Count(&gs[i], 2); n != 1 {
					t.Fatalf("%v: %d solutions, want 1", gs[i], n)
				}
			}
		})
	}
}

// TestKnownCounts checks the solution counts that tdoku's test file states
// (0 to 847), and the stated unique solutions.
func TestKnownCounts(t *testing.T) {
	f, err := os.Open("../testdata/tdoku_test_puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var s Solver
	n := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ":")
		g, err := sudoku.Parse(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := strconv.Atoi(fields[1])
		if got := s.Count(&g, 1000); got != want {
			t.Errorf("%s: %d solutions, want %d", fields[0], got, want)
		}
		if got := s.Count(&g, 2); got != min(want, 2) {
			t.Errorf("%s: Count(2) = %d, want %d", fields[0], got, min(want, 2))
		}
		sol, ok := s.Solve(&g)
		if ok != (want > 0) {
			t.Errorf("%s: Solve found a solution: %v, want %v", fields[0], ok, want > 0)
		}
		if want == 1 && sol.Digits() != fields[2] {
			t.Errorf("%s: solution %s, want %s", fields[0], sol.Digits(), fields[2])
		}
		n++
	}
	if n != 43 {
		t.Fatalf("read %d puzzles, want 43", n)
	}
}

func TestPathological(t *testing.T) {
	tests := []struct {
		name, puzzle string
		limit, want  int
	}{
		{"completed", "974236158638591742125487936316754289742918563589362417867125394253649871491873625", 2, 1},
		{"last empty square", "2564891733746159829817234565932748617128.6549468591327635147298127958634849362715", 2, 1},
		{"empty grid", strings.Repeat(".", 81), 500, 500},
		{"single given", "........................................1........................................", 500, 500},
		{"16 givens", "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6..........", 500, 500},
		{"duplicate in box", "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87", 2, 0},
		{"duplicate in column", "6.159.....9..1............4.7.314..6.24.....5..3....1...6.....3...9.2.4......16..", 2, 0},
		{"duplicate in row", ".4.1..35.............2.5......4.89..26.....12.5.3....7..4...16.6....7....1..8..2.", 2, 0},
		{"unsolvable square", "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..", 2, 0},
		{"unsolvable box", ".9.3....1....8..46......8..4.5.6..3...32756...6..1.9.4..1......58..2....2....7.6.", 2, 0},
		{"unsolvable column", "....41....6.....2...2......32.6.........5..417.......2......23..48......5.1..2...", 2, 0},
		{"unsolvable row", "9..1....4.14.3.8....3....9....7.8..18....3..........3..21....7...9.4.5..5...16..3", 2, 0},
		{"2 solutions", ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.", 100, 2},
		{"3 solutions", "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........", 100, 3},
		{"4 solutions", "....9....6..4.7..8.4.812.3.7.......5..4...9..5..371..4.5..6..4.2.17.85.9.........", 100, 4},
		{"10 solutions", "59.....486.8...3.7...2.1.......4.....753.698.....9.......8.3...2.6...7.934.....65", 100, 10},
		{"125 solutions", "...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...", 200, 125},
		{"anti brute force", "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9", 2, 1},
		{"norvig hard1", ".....6....59.....82....8....45........3........6..3.54...325..6..................", 1000, 1000},
		{"easter monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", 2, 1},
		{"golden nugget", ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....", 2, 1},
	}
	var s Solver
	for _, tt := range tests {
		g, err := sudoku.Parse(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Count(&g, tt.limit); got != tt.want {
			t.Errorf("%s: Count(%d) = %d, want %d", tt.name, tt.limit, got, tt.want)
		}
		sol, ok := s.Solve(&g)
		if ok != (tt.want > 0) {
			t.Errorf("%s: Solve ok = %v", tt.name, ok)
		} else if ok {
			if err := g.CheckSolution(&sol); err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
		}
	}
}

func TestEnumerate(t *testing.T) {
	g, _ := sudoku.Parse("...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...")
	var s Solver
	seen := map[sudoku.Grid]bool{}
	n, err := s.Enumerate(context.Background(), &g, 0, func(sol *sudoku.Grid) bool {
		if err := g.CheckSolution(sol); err != nil {
			t.Fatal(err)
		}
		if seen[*sol] {
			t.Fatalf("solution %v found twice", sol)
		}
		seen[*sol] = true
		return true
	})
	if n != 125 || err != nil || len(seen) != 125 {
		t.Errorf("Enumerate = %d, %v; %d distinct; want 125", n, err, len(seen))
	}
	// Stopping early, by limit and by yield.
	if n, _ := s.Enumerate(context.Background(), &g, 7, func(*sudoku.Grid) bool { return true }); n != 7 {
		t.Errorf("Enumerate with limit 7 = %d", n)
	}
	calls := 0
	n, _ = s.Enumerate(context.Background(), &g, 0, func(*sudoku.Grid) bool { calls++; return calls < 3 })
	if n != 3 || calls != 3 {
		t.Errorf("Enumerate stopped by yield after 3 = %d (%d calls)", n, calls)
	}
}

// reference counts solutions by plain backtracking over cells in order:
// slow, and simple enough to trust.
func reference(g sudoku.Grid, limit int) int {
	if g.Validate() != nil {
		return 0
	}
	// fits reports whether d may go in cell i: no cell of its row, column
	// or box holds d.
	fits := func(i int, d uint8) bool {
		for j := 0; j < 81; j++ {
			if g[j] == d && (sudoku.Row(j) == sudoku.Row(i) || sudoku.Col(j) == sudoku.Col(i) || sudoku.Box(j) == sudoku.Box(i)) {
				return false
			}
		}
		return true
	}
	n := 0
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < 81 && g[i] != 0 {
			i++
		}
		if i == 81 {
			n++
			return n < limit
		}
		for d := uint8(1); d <= 9; d++ {
			if fits(i, d) {
				g[i] = d
				if !rec(i + 1) {
					g[i] = 0
					return false
				}
				g[i] = 0
			}
		}
		return true
	}
	rec(0)
	return n
}

// TestAgainstReference compares counts with the reference on puzzles made
// by emptying cells of solved grids (many with several solutions) and by
// adding wrong givens (many with none).
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sols := readFile(t, "../testdata/norvig_top95.txt")
	var s Solver
	for k := 0; k < 300; k++ {
		sol, _ := s.Solve(&sols[k%len(sols)])
		g := sol
		for _, c := range rng.Perm(81)[:45+rng.IntN(12)] {
			g[c] = 0
		}
		if k%3 == 0 { // a given that may be wrong
			c := rng.IntN(81)
			g[c] = uint8(1 + rng.IntN(9))
		}
		want := reference(g, 20)
		if got := s.Count(&g, 20); got != want {
			t.Fatalf("%v: Count = %d, reference %d", g, got, want)
		}
	}
}

// TestInvalidInput: a cell holding a value that is not a digit leaves
// no solution, whatever the value (17 once passed for a 1, its low four
// bits less one).
func TestInvalidInput(t *testing.T) {
	var s Solver
	for _, v := range []uint8{10, 16, 17, 25, 128, 255} {
		var g sudoku.Grid
		g[3] = v
		if n := s.Count(&g, 2); n != 0 {
			t.Errorf("a cell holding %d: Count = %d, want 0", v, n)
		}
		if _, ok := s.Solve(&g); ok {
			t.Errorf("a cell holding %d: Solve found a solution", v)
		}
	}
}

func TestCancel(t *testing.T) {
	var g sudoku.Grid // the empty grid has about 6.7e21 solutions
	var s Solver
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, err := s.CountContext(ctx, &g, 0)
	if !errors.Is(err, context.DeadlineExceeded) || n == 0 {
		t.Errorf("CountContext = %d, %v; want some solutions and DeadlineExceeded", n, err)
	}
	if d := time.Since(start); d > race.Scale(time.Second) {
		t.Errorf("CountContext took %v to stop", d)
	}
	// A context done before the call stops every entry point at once,
	// with its error, even on a puzzle solved without a guess.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	for _, puzzle := range []string{
		"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", // easter monster
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300", // singles only
	} {
		g, _ := sudoku.Parse(puzzle)
		if sol, ok, err := s.SolveContext(ctx, &g); ok || sol != (sudoku.Grid{}) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: SolveContext on a cancelled context = %v, %v, %v; want no solution and Canceled", puzzle, sol, ok, err)
		}
		if n, err := s.CountContext(ctx, &g, 2); n != 0 || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: CountContext on a cancelled context = %d, %v; want 0, Canceled", puzzle, n, err)
		}
		calls := 0
		if n, err := s.Enumerate(ctx, &g, 0, func(*sudoku.Grid) bool { calls++; return true }); n != 0 || calls != 0 || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Enumerate on a cancelled context = %d (%d calls), %v; want 0, Canceled", puzzle, n, calls, err)
		}
		if sol, ok, err := s.SolveContext(context.Background(), &g); !ok || err != nil || g.CheckSolution(&sol) != nil {
			t.Errorf("%s: SolveContext = %v, %v, %v", puzzle, sol, ok, err)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	gs := readFile(t, "../testdata/norvig_top95.txt")
	var s Solver
	ctx := context.Background()
	yield := func(*sudoku.Grid) bool { return true }
	allocs := testing.AllocsPerRun(10, func() {
		for i := range gs {
			s.Solve(&gs[i])
			s.Count(&gs[i], 2)
			s.CountContext(ctx, &gs[i], 2)
			s.Enumerate(ctx, &gs[i], 2, yield)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run of 95 puzzles, want 0", allocs)
	}
}

// addFuzzSeeds adds the grids the solver's fuzz targets start from: a
// 17-clue puzzle, hard ones, a half-filled one and a solved grid.
func addFuzzSeeds(f *testing.F) {
	for _, p := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
		".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
		"...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...",
		"974236158638591742125487936316754289742918563589362417867125394253649871491873625",
	} {
		g, _ := sudoku.Parse(p)
		f.Add(g[:])
	}
}

// fuzzGrid makes a grid of fuzz data: mostly digits, some invalid values.
func fuzzGrid(data []byte) sudoku.Grid {
	var g sudoku.Grid
	copy(g[:], data)
	for i := range g {
		g[i] %= 11
	}
	return g
}

// TestRectangles checks counting where few cells are left open, which
// Count fills by backtracking (countOpen) rather than guessing: every
// rectangle of two digits in two boxes of solved grids emptied alone (two
// solutions, no guess) and with up to eight more cells (deeper in a
// search), against the reference and against Enumerate, which still
// guesses there; Classify backtracks so once it has a solution.
func TestRectangles(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 1))
	sols := readFile(t, "../testdata/norvig_top95.txt")
	var s Solver
	ctx := context.Background()
	rects, deep := 0, 0
	for _, puzzle := range sols[:40] {
		sol, _ := s.Solve(&puzzle)
		for a := 0; a < 81; a++ {
			for b := a + 1; b < 81; b++ {
				// a and b on one row, the other corners on another row
				// of the same columns, two boxes in all, swapped digits.
				if sudoku.Row(a) != sudoku.Row(b) {
					continue
				}
				for r := 0; r < 9; r++ {
					c, d := 9*r+sudoku.Col(a), 9*r+sudoku.Col(b)
					boxes := map[int]bool{sudoku.Box(a): true, sudoku.Box(b): true, sudoku.Box(c): true, sudoku.Box(d): true}
					if r == sudoku.Row(a) || len(boxes) != 2 || sol[a] != sol[d] || sol[b] != sol[c] {
						continue
					}
					g := sol
					g[a], g[b], g[c], g[d] = 0, 0, 0, 0
					if n := s.Count(&g, 10); n != 2 || s.Guesses() != 0 {
						t.Fatalf("%v: Count = %d with %d guesses, want 2 with none", g, n, s.Guesses())
					}
					rects++
					for _, x := range rng.Perm(81)[:1+rng.IntN(8)] {
						g[x] = 0
					}
					// Classify counts so once it has its first solution.
					csol, st, err := s.Classify(ctx, &g)
					if wantSt := [...]Status{None, Unique, Multiple}[reference(g, 2)]; st != wantSt || err != nil {
						t.Fatalf("%v: Classify %v, %v; want %v", g, st, err, wantSt)
					}
					if err := g.CheckSolution(&csol); st != None && err != nil {
						t.Fatalf("%v: Classify: %v", g, err)
					}
					for _, limit := range []int{1, 2, 3, 50} {
						want := reference(g, limit)
						got := s.Count(&g, limit)
						enum, _ := s.Enumerate(ctx, &g, limit, func(*sudoku.Grid) bool { return true })
						if got != want || enum != want {
							t.Fatalf("%v: Count(%d) = %d, Enumerate %d, reference %d", g, limit, got, enum, want)
						}
					}
					deep++
				}
			}
		}
	}
	t.Logf("%d rectangles, %d with more cells emptied", rects, deep)
	if rects < 100 {
		t.Errorf("only %d rectangles found", rects)
	}
}

func FuzzSolve(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g := fuzzGrid(data)
		var s Solver
		sol, ok := s.Solve(&g)
		n := s.Count(&g, 2)
		if ok != (n > 0) {
			t.Fatalf("%v: Solve ok %v, Count %d", g, ok, n)
		}
		if ok {
			if err := g.CheckSolution(&sol); err != nil {
				t.Fatalf("%v: %v", g, err)
			}
		}
		if g.Givens() >= 50 { // small search: the reference is quick
			if want := reference(g, 2); n != want {
				t.Fatalf("%v: Count %d, reference %d", g, n, want)
			}
		}
	})
}

func ExampleSolver_Solve() {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	var s Solver
	sol, ok := s.Solve(&g)
	fmt.Println(ok, sol.Digits()[:9], s.Count(&g, 2))
	// Output: true 483921657 1
}

func ExampleSolver_Enumerate() {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	var s Solver
	n, err := s.Enumerate(context.Background(), &g, 10, func(sol *sudoku.Grid) bool {
		fmt.Println(sol.Digits()[:18])
		return true
	})
	fmt.Println(n, err)
	// Output:
	// 439658127156927384
	// 439658127156927384
	// 2 <nil>
}

func ExampleCount() {
	g, _ := sudoku.Parse("...3165..8..5..1...1.89724.9.1.85.2....9.1....4.263..1.5.....1.1..4.9..2..61.8...")
	ctx := context.Background()
	two, _ := Count(ctx, &g, 2)
	all, err := Count(ctx, &g, 1000)
	fmt.Println(two, all, err)
	// Output: 2 125 <nil>
}

// TestHiddenSingles checks that one propagation places a digit left with
// one place in a row, a column or a box, for every cell and digit.
func TestHiddenSingles(t *testing.T) {
	units := map[string]func(c, o int) bool{
		"row":    func(c, o int) bool { return c/9 == o/9 },
		"column": func(c, o int) bool { return c%9 == o%9 },
		"box":    func(c, o int) bool { return c/27 == o/27 && c%9/3 == o%9/3 },
	}
	for name, same := range units {
		for c := 0; c < 81; c++ {
			for d := 0; d < 9; d++ {
				var p pos
				for e := range p.f {
					p.f[e] = [3]uint32{band27, band27, band27}
				}
				for o := 0; o < 81; o++ {
					if o != c && same(c, o) {
						p.f[d][o/27] &^= 1 << (o % 27)
					}
				}
				if !p.propagate(allDigits) || p.solved[c/27]&(1<<(c%27)) == 0 || p.f[d][c/27]&(1<<(c%27)) == 0 {
					t.Fatalf("%s single: digit %d in %s not placed", name, d+1, sudoku.CellName(c))
				}
			}
		}
	}
}

// TestIsomorphGuesses checks that the solver does not care how a puzzle is
// written down: on each sample set, the guesses it makes on isomorphs
// (rows, columns, bands and stacks reordered, the grid transposed, the
// digits renamed, drawn from fixed seeds) are within 3% of those it makes
// on the puzzles as given. The sets are in the order their sources keep
// them (the 17-clue one is sorted in minimal lexical form), which a solver
// breaking ties by position would find easier than their isomorphs.
func TestIsomorphGuesses(t *testing.T) {
	for _, set := range []struct {
		file   string
		copies int
	}{
		{"../testdata/17clue_1000.txt", 4},
		{"../testdata/puzzles3_magictour_top1465.txt", 2},
		{"../testdata/forum_hardest_500.txt", 4},
		{"../testdata/forum_hardest_1106.txt", 4},
		{"../testdata/serg_multi_200.txt", 8},
		// The whole 17-clue and serg sets, when they are beside the repository.
		{"puzzles2_17_clue.txt", 1},
		{"puzzles7_serg_benchmark.txt", 2},
	} {
		t.Run(filepath.Base(set.file), func(t *testing.T) {
			path, ok := benchPath(set.file)
			if !ok {
				t.Skipf("%s not present", set.file)
			}
			gs := readFile(t, path)
			var s Solver
			given, iso := 0, 0
			rng := rand.New(rand.NewPCG(15, 2))
			for i := range gs {
				s.Count(&gs[i], 2)
				given += s.Guesses()
				for range set.copies {
					tr := sudoku.RandomTransform(rng)
					h := tr.Apply(&gs[i])
					s.Count(&h, 2)
					iso += s.Guesses()
				}
			}
			perPuzzle := float64(given) / float64(len(gs))
			perIsomorph := float64(iso) / float64(len(gs)*set.copies)
			// The puzzles as given are one sample, whose guesses vary by
			// about their square root (which way a tie is broken depends on
			// the grid): 17-clue puzzles make so few that 3% of 1,000 of
			// them is within that noise, so the bound is 3% or three times
			// the noise, whichever is more. On the whole sets 3% is.
			tol := max(0.03*perPuzzle, 3*math.Sqrt(float64(given))/float64(len(gs)))
			t.Logf("%d puzzles: %.3f guesses per puzzle as given, %.3f per isomorph (bound %.1f%%)", len(gs), perPuzzle, perIsomorph, 100*tol/perPuzzle)
			if math.Abs(perIsomorph-perPuzzle) > tol {
				t.Errorf("%.3f guesses per isomorph, %.3f per puzzle as given: more than %.1f%% apart", perIsomorph, perPuzzle, 100*tol/perPuzzle)
			}
		})
	}
}

// TestTwin checks the unique-rectangle test of counting to two against a
// search of every rectangle, on solved grids with givens at random: each
// band or stack and digit finds a rectangle through that digit's cells
// there exactly when the plain search does. Then it checks Count and
// Classify, which stop on such a rectangle, against the reference on the
// same grids as puzzles, which mostly have several solutions.
func TestTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2))
	puzzles := readFile(t, "../testdata/norvig_top95.txt")
	var s Solver
	ctx := context.Background()
	found := 0
	for _, puzzle := range puzzles[:40] {
		sol, _ := s.Solve(&puzzle)
		var p pos
		var out, counts [9]uint8
		p.init(&sol, &out)
		var num [9]uint8 // num[d]: p's number for the digit d+1
		for r, v := range out {
			num[v-1] = uint8(r)
		}
		for _, keep := range []int{28, 36, 44, 52} {
			g := sol
			for _, x := range rng.Perm(81)[keep:] {
				g[x] = 0
			}
			var q pos
			q.init(&g, &counts)
			d := p.digits(&q.solved)
			for region := range 6 {
				for digit := range 9 {
					want := false
					// Two cells of the digit in the region, in different
					// boxes, with the other corners of their rectangle
					// holding one digit, and none of the four a given.
					for a := range 81 {
						for b := range 81 {
							if sol[a] != uint8(digit+1) || sol[b] != uint8(digit+1) || a >= b {
								continue
							}
							ra, ca, rb, cb := a/9, a%9, b/9, b%9
							if region < 3 && (ra/3 != region || rb/3 != region) ||
								region >= 3 && (ca/3 != region-3 || cb/3 != region-3) {
								continue
							}
							x, y := 9*ra+cb, 9*rb+ca
							if sol[x] == sol[y] && g[a]|g[b]|g[x]|g[y] == 0 {
								want = true
							}
						}
					}
					if got := p.rectangle(&d, uint(region), num[digit]); got != want {
						t.Fatalf("%v with givens %v: rectangle(%d, %d) = %v, want %v", sol, g, region, digit+1, got, want)
					}
					if want {
						found++
					}
				}
			}
			n := s.Count(&g, 2)
			_, st, err := s.Classify(ctx, &g)
			want := reference(g, 2)
			if n != want || err != nil || st != [...]Status{None, Unique, Multiple}[want] {
				t.Fatalf("%v: Count = %d, Classify %v, %v; reference %d", g, n, st, err, want)
			}
		}
	}
	if found < 100 {
		t.Errorf("%d rectangles found: too few to test", found)
	}
	t.Logf("%d rectangles", found)
}
