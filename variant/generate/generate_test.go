package generate_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	"github.com/godoku/sudoku/variant/generate"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// checkPuzzle checks a generated puzzle against everything the package
// promises, each from its definition: one solution (the engine counts to
// two), the solution keeps every rule (package check, which shares no
// code with the engine), the cages cover the grid once each, joined, of
// 2 to 6 cells (1 with SingleCells), no digit twice, their sums those of
// the solution; the givens asked for, from the solution; and the rating
// that of logic.Rate, at a level asked for.
func checkPuzzle(t *testing.T, opt generate.Options, gp generate.Puzzle) {
	t.Helper()
	p := gp.Puzzle
	if p == nil || p.Size != 9 || len(p.Solution) != 81 {
		t.Fatalf("puzzle %+v: want a 9x9 puzzle with its solution", p)
	}
	n, err := variant.Count(context.Background(), p, 2)
	if err != nil || n != 1 {
		t.Fatalf("%d solutions (%v), want 1", n, err)
	}
	if sol, err := variant.Solve(context.Background(), p); err != nil || !slices.Equal(sol, p.Solution) {
		t.Errorf("the engine's solution %v (%v) is not the puzzle's %v", sol, err, p.Solution)
	}
	if err := check.Solution(p, p.Solution); err != nil {
		t.Errorf("the solution breaks a rule: %v", err)
	}
	covered := make([]int, 81)
	for _, c := range p.Constraints {
		cage, ok := c.(variant.KillerCage)
		if !ok {
			t.Fatalf("a %s: want killer cages only", c.Kind())
		}
		least := 2
		if opt.SingleCells {
			least = 1
		}
		if len(cage.Cells) < least || len(cage.Cells) > 6 {
			t.Errorf("a cage of %d cells %v", len(cage.Cells), cage.Cells)
		}
		sum, digits := 0, map[int]bool{}
		for _, a := range cage.Cells {
			covered[a]++
			v := p.Solution[a]
			if digits[v] {
				t.Errorf("cage %v holds %d twice", cage.Cells, v)
			}
			digits[v] = true
			sum += v
		}
		if sum != cage.Sum {
			t.Errorf("cage %v: sum %d, its digits add up to %d", cage.Cells, cage.Sum, sum)
		}
		if !joined(cage.Cells) {
			t.Errorf("cage %v is not joined", cage.Cells)
		}
	}
	for c, k := range covered {
		if k != 1 {
			t.Errorf("%s is in %d cages", variant.CellName(9, variant.Cell(c)), k)
		}
	}
	givens := 0
	for c, v := range p.Givens {
		if v != 0 {
			givens++
			if v != p.Solution[c] {
				t.Errorf("given %d at %s, solution %d", v, variant.CellName(9, variant.Cell(c)), p.Solution[c])
			}
		}
	}
	if givens != opt.Givens {
		t.Errorf("%d givens, want %d", givens, opt.Givens)
	}
	r, err := vlogic.Rate(p)
	if err != nil || r.Level != gp.Level {
		t.Errorf("level %v, logic.Rate gives %+v (%v)", gp.Level, r, err)
	}
	if opt.Rate != (gp.Rating != nil) || gp.Rating != nil && *gp.Rating != r {
		t.Errorf("rating %+v with Rate %v, logic.Rate gives %+v", gp.Rating, opt.Rate, r)
	}
	if len(opt.Levels) > 0 && !slices.Contains(opt.Levels, r.Level) {
		t.Errorf("level %v, asked for %v", r.Level, opt.Levels)
	}
	if gp.Tries < 1 {
		t.Errorf("%d tries", gp.Tries)
	}
}

// joined reports whether the cells are one orthogonally joined piece.
func joined(cells []variant.Cell) bool {
	seen := []variant.Cell{cells[0]}
	for i := 0; i < len(seen); i++ {
		r, c := variant.RowCol(9, seen[i])
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nb := variant.CellOf(9, r+d[0], c+d[1])
			if r+d[0] >= 0 && r+d[0] < 9 && c+d[1] >= 0 && c+d[1] < 9 && slices.Contains(cells, nb) && !slices.Contains(seen, nb) {
				seen = append(seen, nb)
			}
		}
	}
	return len(seen) == len(cells)
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		opt  generate.Options
		n    int
	}{
		// Few of each: checking a level rates the puzzle in full, and an
		// Extreme path's forcing chains take a second or more.
		{"any level", generate.Options{}, 2},
		{"any level, rated", generate.Options{Rate: true}, 1},
		{"easy", generate.Options{Levels: []logic.Level{logic.Easy}}, 2},
		{"medium", generate.Options{Levels: []logic.Level{logic.Medium}}, 2},
		{"hard", generate.Options{Levels: []logic.Level{logic.Hard}}, 2},
		{"unfair", generate.Options{Levels: []logic.Level{logic.Unfair}}, 1},
		{"medium or hard, rated", generate.Options{Levels: []logic.Level{logic.Medium, logic.Hard}, Rate: true}, 1},
		{"extreme", generate.Options{Levels: []logic.Level{logic.Extreme}}, 1},
		{"extreme, rated", generate.Options{Levels: []logic.Level{logic.Extreme}, Rate: true}, 1},
		{"hard, 4 givens", generate.Options{Levels: []logic.Level{logic.Hard}, Givens: 4}, 2},
		{"unfair or extreme, 3 givens, rated", generate.Options{Levels: []logic.Level{logic.Unfair, logic.Extreme}, Givens: 3, Rate: true}, 1},
		{"single cells allowed", generate.Options{SingleCells: true}, 1},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := generate.New(uint64(i+1), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			for range tt.n {
				p, err := g.Generate(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				checkPuzzle(t, tt.opt, p)
			}
			st := g.Stats()
			total := 0
			for _, k := range st.Levels {
				total += k
			}
			if st.Tries < tt.n || total != st.Tries || st.Counts < st.Tries {
				t.Errorf("stats %+v after %d puzzles", st, tt.n)
			}
		})
	}
}

// TestSeed: the same seed gives the same puzzles, in the same order,
// whether from a new Generator or from Seed; another seed others.
func TestSeed(t *testing.T) {
	opt := generate.Options{Givens: 2, Levels: []logic.Level{logic.Hard, logic.Unfair}}
	make2 := func(g *generate.Generator) []generate.Puzzle {
		var ps []generate.Puzzle
		for range 2 {
			p, err := g.Generate(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		return ps
	}
	a, _ := generate.New(7, opt)
	b, _ := generate.New(8, opt)
	first, other := make2(a), make2(b)
	b.Seed(7)
	again := make2(b)
	if !reflect.DeepEqual(first, again) {
		t.Error("seed 7 gave other puzzles the second time")
	}
	if reflect.DeepEqual(first[0].Puzzle, other[0].Puzzle) {
		t.Error("seeds 7 and 8 gave the same puzzle")
	}
}

func TestNewErrors(t *testing.T) {
	for _, opt := range []generate.Options{
		{Givens: -1},
		{Givens: generate.MaxGivens + 1},
		{Levels: []logic.Level{logic.Extreme + 1}},
	} {
		if _, err := generate.New(1, opt); !errors.Is(err, generate.ErrOptions) {
			t.Errorf("New(%+v): %v, want ErrOptions", opt, err)
		}
	}
}

func TestGenerateStops(t *testing.T) {
	var zero generate.Generator
	if _, err := zero.Generate(context.Background()); err == nil {
		t.Error("a Generator not made by New generated")
	}
	g, _ := generate.New(1, generate.Options{Levels: []logic.Level{logic.Extreme}, Givens: generate.MaxGivens})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := g.Generate(ctx); !errors.Is(err, context.DeadlineExceeded) {
		// Extreme does not come with 20 givens: they make the paths
		// easy.
		t.Errorf("Generate with a 50 ms deadline: %v, want the deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Generate took %v to see its deadline", d)
	}
}
