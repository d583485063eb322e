package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
)

// checkPuzzle checks everything a generated puzzle promises.
func checkPuzzle(t *testing.T, p *Puzzle, opt Options) {
	t.Helper()
	if err := p.Grid.CheckSolution(&p.Solution); err != nil {
		t.Fatalf("%v: solution: %v", p.Grid, err)
	}
	if n, _ := solver.Count(context.Background(), &p.Grid, 2); n != 1 {
		t.Fatalf("%v has %d solutions, want 1", p.Grid, n)
	}
	if sol, _ := solver.Solve(&p.Grid); sol != p.Solution {
		t.Fatalf("%v: Solution %v is not the solver's %v", p.Grid, p.Solution, sol)
	}
	if p.Symmetry == Any || opt.Symmetry != Any && p.Symmetry != opt.Symmetry {
		t.Fatalf("%v: symmetry %v, asked for %v", p.Grid, p.Symmetry, opt.Symmetry)
	}
	if !p.Symmetry.Holds(&p.Grid) {
		t.Fatalf("%v does not have symmetry %v", p.Grid, p.Symmetry)
	}
	n := p.Grid.Givens()
	if n < opt.MinClues || opt.MaxClues > 0 && n > opt.MaxClues {
		t.Fatalf("%v has %d givens, want %d to %d", p.Grid, n, opt.MinClues, opt.MaxClues)
	}
	if !opt.NotMinimal && !MinimalFor(&p.Grid, p.Symmetry) {
		t.Fatalf("%v is not minimal for %v", p.Grid, p.Symmetry)
	}
	if p.Symmetry == None && !opt.NotMinimal && !Minimal(&p.Grid) {
		t.Fatalf("%v is not minimal", p.Grid)
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		n    int
	}{
		{"default", Options{}, 20},
		{"rot180", Options{Symmetry: Rot180}, 10},
		{"rot90", Options{Symmetry: Rot90}, 5},
		{"mirror", Options{Symmetry: Mirror}, 5},
		{"flip", Options{Symmetry: Flip}, 5},
		{"diagonal", Options{Symmetry: Diagonal}, 5},
		{"any", Options{Symmetry: Any}, 10},
		{"clue range", Options{MinClues: 24, MaxClues: 25}, 5},
		{"not minimal", Options{MinClues: 30, MaxClues: 34, NotMinimal: true}, 5},
		{"not minimal symmetric", Options{Symmetry: Rot180, MinClues: 36, MaxClues: 40, NotMinimal: true}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(uint64(len(tt.name)), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			for range tt.n {
				p, err := g.Generate(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				checkPuzzle(t, &p, tt.opt)
			}
		})
	}
}

// TestLevels generates puzzles of each level and checks their rating.
func TestLevels(t *testing.T) {
	levels := []logic.Level{logic.Easy, logic.Medium, logic.Hard}
	if !testing.Short() {
		levels = append(levels, logic.Unfair, logic.Extreme)
	}
	for _, l := range levels {
		t.Run(l.String(), func(t *testing.T) {
			for _, rate := range []bool{false, true} {
				opt := Options{Levels: []logic.Level{l}, Rate: rate}
				g, _ := New(uint64(l)+100, opt)
				ctx, cancel := context.WithTimeout(context.Background(), race.Scale(2*time.Minute))
				defer cancel()
				p, err := g.Generate(ctx)
				if err != nil {
					t.Fatal(err)
				}
				checkPuzzle(t, &p, opt)
				r, err := logic.Rate(context.Background(), p.Grid)
				if err != nil || r.Level != l || p.Level == nil || *p.Level != l {
					t.Errorf("%v: rated %v (%v), recorded level %v; want level %v", p.Grid, r, err, levelOf(&p), l)
				}
				if rate && (p.Rating == nil || *p.Rating != r) || !rate && p.Rating != nil {
					t.Errorf("%v: Rate %v: recorded rating %v, want %v", p.Grid, rate, p.Rating, r)
				}
			}
		})
	}
}

func TestNotMinimalIsNotAlwaysMinimal(t *testing.T) {
	g, _ := New(7, Options{MinClues: 40, MaxClues: 40, NotMinimal: true})
	p, err := g.Generate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid.Givens() != 40 || Minimal(&p.Grid) {
		t.Errorf("%v: %d givens, minimal %v; want 40 givens, not minimal", p.Grid, p.Grid.Givens(), Minimal(&p.Grid))
	}
}

func TestSeedReproducible(t *testing.T) {
	make5 := func(seed uint64) []sudoku.Grid {
		g, _ := New(seed, Options{Symmetry: Any})
		var out []sudoku.Grid
		for range 5 {
			p, _ := g.Generate(context.Background())
			out = append(out, p.Grid)
		}
		return out
	}
	a, b, c := make5(42), make5(42), make5(43)
	// Seed restarts a used Generator as New would make it.
	g, _ := New(43, Options{Symmetry: Any})
	g.Generate(context.Background())
	g.Seed(42)
	var reseeded []sudoku.Grid
	for range 5 {
		p, _ := g.Generate(context.Background())
		reseeded = append(reseeded, p.Grid)
	}
	if fmt.Sprint(reseeded) != fmt.Sprint(a) {
		t.Error("Seed(42) did not give the puzzles of New(42)")
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("the same seed gave different puzzles")
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Error("different seeds gave the same puzzles")
	}
	seen := map[sudoku.Grid]bool{}
	for _, g := range a {
		if seen[g] {
			t.Errorf("puzzle %v made twice", g)
		}
		seen[g] = true
	}
}

func TestAccept(t *testing.T) {
	asked := 0
	g, _ := New(1, Options{Accept: func(p *Puzzle) bool {
		asked++
		return p.Grid.Givens() <= 23
	}})
	p, err := g.Generate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid.Givens() > 23 || p.Tries != asked {
		t.Errorf("%d givens after %d tries (%d asked)", p.Grid.Givens(), p.Tries, asked)
	}
}

func TestGenerateStops(t *testing.T) {
	g, _ := New(1, Options{Accept: func(*Puzzle) bool { return false }})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := g.Generate(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Generate = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > race.Scale(2*time.Second) {
		t.Errorf("Generate took %v to stop", d)
	}
}

func TestNewRejects(t *testing.T) {
	for _, opt := range []Options{
		{MinClues: 30, MaxClues: 20},
		{MaxClues: 16},
		{MinClues: -1},
		{MaxClues: 82},
		{MinClues: 81, MaxClues: 81, NotMinimal: true},
		{MinClues: 70, MaxClues: 81, NotMinimal: true},
		{MinClues: 41, MaxClues: 45},
		{Symmetry: Any + 1},
	} {
		if _, err := New(1, opt); !errors.Is(err, ErrOptions) {
			t.Errorf("New(%+v) error = %v, want ErrOptions", opt, err)
		}
	}
}

func TestSymmetry(t *testing.T) {
	for s := None; s <= Any; s++ {
		back, err := ParseSymmetry(s.String())
		if err != nil || back != s {
			t.Errorf("ParseSymmetry(%q) = %v, %v", s.String(), back, err)
		}
		if s == Any {
			continue
		}
		total := 0
		for _, o := range s.orbits() {
			total += len(o)
			for _, c := range o {
				if s.image(s.image(c)) != c && s != Rot90 {
					t.Errorf("%v is not an involution at %d", s, c)
				}
			}
		}
		if total != 81 {
			t.Errorf("%v orbits cover %d cells", s, total)
		}
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error("ParseSymmetry(spiral) succeeded")
	}
	// r1c2 given alone: no symmetry but None holds.
	var g sudoku.Grid
	g[1] = 5
	for s, want := range map[Symmetry]bool{None: true, Rot180: false, Mirror: false, Diagonal: false, Any: false} {
		if got := s.Holds(&g); got != want {
			t.Errorf("%v.Holds = %v, want %v", s, got, want)
		}
	}
	g[7] = 3 // r1c8 mirrors r1c2
	if !Mirror.Holds(&g) || !Any.Holds(&g) || Rot180.Holds(&g) {
		t.Error("r1c2 and r1c8: want Mirror and Any to hold, Rot180 not")
	}
}

func FuzzMinimal(f *testing.F) {
	f.Add("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := sudoku.Parse(s)
		if err != nil {
			return
		}
		Minimal(&g) // must not panic on any grid, valid or not
	})
}

func ExampleGenerator() {
	g, err := New(2026, Options{Symmetry: Rot180})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Generate(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := solver.Count(context.Background(), &p.Grid, 2)
	fmt.Println(p.Symmetry, p.Grid.Givens() >= 17, n, err)
	// Output: rot180 true 1 <nil>
}

func BenchmarkGenerate(b *testing.B) {
	for _, s := range []Symmetry{None, Rot180} {
		b.Run(s.String(), func(b *testing.B) {
			g, _ := New(1, Options{Symmetry: s})
			for b.Loop() {
				g.Generate(context.Background())
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
	for l := logic.Easy; l <= logic.Extreme; l++ {
		b.Run(l.String(), func(b *testing.B) {
			g, _ := New(1, Options{Levels: []logic.Level{l}})
			for b.Loop() {
				g.Generate(context.Background())
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// TestRateAnyLevel checks that Options.Rate rates puzzles of any level.
func TestRateAnyLevel(t *testing.T) {
	g, _ := New(3, Options{Rate: true})
	for range 5 {
		p, err := g.Generate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		r, err := logic.Rate(context.Background(), p.Grid)
		if err != nil || p.Rating == nil || *p.Rating != r || p.Level == nil || *p.Level != r.Level {
			t.Errorf("%v: recorded %v (level %v), rated %v (%v)", p.Grid, p.Rating, levelOf(&p), r, err)
		}
	}
}

// patternOf returns the pattern of a puzzle's givens.
func patternOf(g *sudoku.Grid) Pattern {
	var p Pattern
	for i, v := range g {
		p[i] = v != 0
	}
	return p
}

func TestPattern(t *testing.T) {
	// Patterns of generated puzzles, which some puzzle fills: one with no
	// symmetry and one with a half-turn symmetry.
	var pats []Pattern
	for _, s := range []Symmetry{None, Rot180} {
		g, _ := New(5, Options{Symmetry: s, MinClues: 26, MaxClues: 30})
		p, err := g.Generate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		pats = append(pats, patternOf(&p.Grid))
	}
	tests := []struct {
		name string
		opt  Options
	}{
		{"minimal", Options{Pattern: &pats[0]}},
		{"not minimal", Options{Pattern: &pats[0], NotMinimal: true}},
		{"symmetric", Options{Pattern: &pats[1], Symmetry: Rot180}},
		{"any symmetry", Options{Pattern: &pats[1], Symmetry: Any}},
		{"with a level", Options{Pattern: &pats[0], NotMinimal: true, Levels: []logic.Level{logic.Easy, logic.Medium}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(11, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), race.Scale(2*time.Minute))
			defer cancel()
			n := 3
			if !tt.opt.NotMinimal && tt.opt.Symmetry == None {
				n = 1 // minimal puzzles on a pattern with no symmetry are rare
			}
			for range n {
				p, err := g.Generate(ctx)
				if err != nil {
					t.Fatalf("%v after %+v", err, g.Stats())
				}
				checkPuzzle(t, &p, tt.opt)
				if got := patternOf(&p.Grid); got != *tt.opt.Pattern {
					t.Fatalf("%v: givens on %v, want the pattern %v", p.Grid, got, tt.opt.Pattern)
				}
				if len(tt.opt.Levels) > 0 && (p.Level == nil || !slices.Contains(tt.opt.Levels, *p.Level)) {
					t.Fatalf("%v: level %v, want one of %v", p.Grid, levelOf(&p), tt.opt.Levels)
				}
			}
			t.Logf("%+v", g.Stats())
		})
	}
}

func TestParsePattern(t *testing.T) {
	line := "x.x......" + strings.Repeat(".", 63) + "......x.x"
	p, err := ParsePattern(line)
	if err != nil || p.Count() != 4 || !p[0] || !p[2] || !p[78] || !p[80] || p.String() != line {
		t.Fatalf("ParsePattern(%q) = %v, %v", line, p, err)
	}
	// A puzzle in nine lines with borders is its own pattern.
	g, _ := sudoku.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	q, err := ParsePattern(g.Boxed())
	if err != nil || q != patternOf(&g) {
		t.Errorf("ParsePattern of\n%s= %v, %v; want %v", g.Boxed(), q, err, patternOf(&g))
	}
	// Rows of empty cells written with dashes are rows, not borders.
	rows := "x-x------\n" + strings.Repeat("---------\n", 3) + "------+-------+------\n" +
		strings.Repeat("- - - | - - - | - - -\n", 4) + "- - - | - - - | x - x\n"
	if r, err := ParsePattern(rows); err != nil || r != p {
		t.Errorf("ParsePattern of dashed rows = %v, %v; want %v", r, err, p)
	}
	for _, bad := range []string{"", line[:80], line + "x", strings.Replace(line, ".", "?", 1)} {
		if _, err := ParsePattern(bad); err == nil {
			t.Errorf("ParsePattern(%q) succeeded", bad)
		}
	}
}

// TestPath generates puzzles with conditions on the solving path and
// checks each by rating it again.
func TestPath(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
	}{
		{"require", Options{Require: []logic.Technique{logic.NakedPair}}},
		{"require two", Options{Require: []logic.Technique{logic.Pointing, logic.HiddenPair}}},
		{"hardest", Options{Hardest: logic.XWing}},
		{"hardest and level", Options{Hardest: logic.HiddenSingle, Levels: []logic.Level{logic.Easy}}},
		{"score", Options{MinScore: 1000, MaxScore: 1400}},
		{"score and symmetry", Options{MaxScore: 300, Symmetry: Rot180}},
		{"Sudoku Explainer rating", Options{MinER: 7.0, MaxER: 7.9}},
		{"Sudoku Explainer rating and level", Options{MaxER: 2.6, Levels: []logic.Level{logic.Medium}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(3, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), race.Scale(2*time.Minute))
			defer cancel()
			for range 2 {
				p, err := g.Generate(ctx)
				if err != nil {
					t.Fatalf("%v after %+v", err, g.Stats())
				}
				checkPuzzle(t, &p, tt.opt)
				r, err := logic.Rate(context.Background(), p.Grid)
				if err != nil {
					t.Fatal(err)
				}
				steps, err := logic.Explain(context.Background(), p.Grid)
				if err != nil {
					t.Fatal(err)
				}
				if !usesAll(steps, tt.opt.Require) {
					t.Errorf("%v: path does not use all of %v", p.Grid, tt.opt.Require)
				}
				if tt.opt.Hardest != 0 && r.Hardest != tt.opt.Hardest {
					t.Errorf("%v: hardest %v, want %v", p.Grid, r.Hardest, tt.opt.Hardest)
				}
				if r.Score < tt.opt.MinScore || tt.opt.MaxScore > 0 && r.Score > tt.opt.MaxScore {
					t.Errorf("%v: score %d, want %d to %d", p.Grid, r.Score, tt.opt.MinScore, tt.opt.MaxScore)
				}
				if tt.opt.Hardest != 0 || tt.opt.MinScore > 0 || tt.opt.MaxScore > 0 {
					if p.Rating == nil || *p.Rating != r {
						t.Errorf("%v: recorded rating %v, want %v", p.Grid, p.Rating, r)
					}
				}
				if tt.opt.MinER > 0 || tt.opt.MaxER > 0 {
					s, err := se.Rate(context.Background(), &p.Grid)
					if err != nil {
						t.Fatal(err)
					}
					if s.ER < tt.opt.MinER || tt.opt.MaxER > 0 && s.ER > tt.opt.MaxER {
						t.Errorf("%v: ER %.1f, want %.1f to %.1f", p.Grid, s.ER, tt.opt.MinER, tt.opt.MaxER)
					}
					if p.SE == nil || p.SE.ER != s.ER || p.SE.EP != s.EP || p.SE.ED != s.ED {
						t.Errorf("%v: recorded Sudoku Explainer rating %v, want %.1f/%.1f/%.1f", p.Grid, p.SE, s.ER, s.EP, s.ED)
					}
				}
			}
			st := g.Stats()
			if st.Tries != st.Givens+st.Level+st.Path+st.Accept+2 {
				t.Errorf("stats %+v do not add up to 2 puzzles made", st)
			}
		})
	}
}

func TestNewRejectsImpossible(t *testing.T) {
	var few, asym, many Pattern
	for i := range 16 {
		few[i*5] = true
	}
	for i := range 24 {
		asym[i] = true // the first rows and a bit: no symmetry
	}
	for i := range 50 {
		many[i] = true
	}
	for _, opt := range []Options{
		{Pattern: &few},
		{Pattern: &asym, Symmetry: Rot180},
		{Pattern: &asym, Symmetry: Any},
		{Pattern: &asym, MaxClues: 23},
		{Pattern: &many},
		{Require: []logic.Technique{logic.XWing}, Levels: []logic.Level{logic.Easy}},
		{Hardest: logic.ForcingChain, Levels: []logic.Level{logic.Medium}},
		{Hardest: logic.HiddenSingle, Require: []logic.Technique{logic.Swordfish}},
		{Require: []logic.Technique{200}},
		{Hardest: 200},
		{MinScore: 500, MaxScore: 100},
		{MinScore: -1},
		{MinER: 8, MaxER: 7},
		{MinER: -1},
		{MaxER: -2},
		// Issue 27: these ran until the context ended.
		{Levels: []logic.Level{9}},
		{Levels: []logic.Level{logic.Hard, logic.Extreme + 1}},
		{MinER: math.NaN()},
		{MaxER: math.NaN()},
		{MinER: math.Inf(1)},
		{MaxER: math.Inf(1)},
		{MinER: 71, MaxER: 83}, // 7.1 to 8.3 in tenths: no rating is above 20
		{MaxER: 0.5},           // no step rates below 1.0
		{MinScore: 900, Levels: []logic.Level{logic.Easy}},
		{MinScore: 1001, Levels: []logic.Level{logic.Easy, logic.Medium}},
	} {
		if _, err := New(1, opt); !errors.Is(err, ErrOptions) {
			t.Errorf("New(%+v) error = %v, want ErrOptions", opt, err)
		}
	}
	// Not minimal, many cells are fine.
	if _, err := New(1, Options{Pattern: &many, NotMinimal: true}); err != nil {
		t.Errorf("50-cell pattern, not minimal: %v", err)
	}
}

// TestPuzzleSeed checks that puzzle i of a run can be made alone.
func TestPuzzleSeed(t *testing.T) {
	opt := Options{Symmetry: Any}
	run, _ := New(0, opt)
	for i := range 4 {
		run.Seed(PuzzleSeed(99, i))
		a, _ := run.Generate(context.Background())
		alone, _ := New(PuzzleSeed(99, i), opt)
		b, _ := alone.Generate(context.Background())
		if a.Grid != b.Grid {
			t.Errorf("puzzle %d: %v in a run, %v alone", i, a.Grid, b.Grid)
		}
	}
	if PuzzleSeed(99, 0) != 99 || PuzzleSeed(99, 1) == PuzzleSeed(99, 2) {
		t.Error("PuzzleSeed: puzzle 0 should have the run's seed, others their own")
	}
}

// TestMatch checks Match against ratings worked out directly, on puzzles of
// several levels.
func TestMatch(t *testing.T) {
	var ps []sudoku.Grid
	for _, l := range []logic.Level{logic.Easy, logic.Medium, logic.Hard} {
		g, _ := New(uint64(l), Options{Levels: []logic.Level{l}, Symmetry: Rot180})
		p, err := g.Generate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p.Grid)
	}
	opts := []Options{
		{},
		{Levels: []logic.Level{logic.Medium, logic.Hard}},
		{Require: []logic.Technique{logic.HiddenSingle}},
		{Require: []logic.Technique{logic.NakedPair}},
		{Hardest: logic.HiddenSingle},
		{MinScore: 100, MaxScore: 500},
		{MinClues: 25},
		{Symmetry: Rot180},
		{Symmetry: Mirror},
	}
	for _, g := range ps {
		r, _ := logic.Rate(context.Background(), g)
		steps, _ := logic.Explain(context.Background(), g)
		pat := patternOf(&g)
		for _, o := range append(opts, Options{Pattern: &pat}) {
			want := (len(o.Levels) == 0 || slices.Contains(o.Levels, r.Level)) &&
				usesAll(steps, o.Require) &&
				(o.Hardest == 0 || r.Hardest == o.Hardest) &&
				r.Score >= o.MinScore && (o.MaxScore == 0 || r.Score <= o.MaxScore) &&
				g.Givens() >= o.MinClues &&
				o.Symmetry.Holds(&g)
			p, got, err := Match(context.Background(), g, &o)
			if err != nil || got != want {
				t.Errorf("Match(%v, %+v) = %v, %v; want %v (rated %+v)", g, o, got, err, want, r)
			}
			if sol, _ := solver.Solve(&g); p.Solution != sol {
				t.Errorf("Match(%v): solution %v", g, p.Solution)
			}
		}
	}
	two, _ := sudoku.Parse("8.........95.......76.........426798...571243...893165......916....3.487....1.532") // serg_multi_200.txt
	if _, _, err := Match(context.Background(), two, &Options{}); !errors.Is(err, logic.ErrMultipleSolutions) {
		t.Errorf("Match of a puzzle with two solutions: %v", err)
	}
	bad := two
	bad[1] = bad[0] // two 8s in row 1
	if _, _, err := Match(context.Background(), bad, &Options{}); err == nil {
		t.Errorf("Match of a grid with a clash: no error")
	}
}

// levelOf is a puzzle's level for a message: "unrated" for none.
func levelOf(p *Puzzle) string {
	if p.Level == nil {
		return "unrated"
	}
	return p.Level.String()
}

// TestLevelUnrated: a puzzle no option asked to rate has no level, rather
// than Easy, the zero logic.Level.
func TestLevelUnrated(t *testing.T) {
	g, err := New(1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Generate(context.Background())
	if err != nil || p.Level != nil || p.Rating != nil {
		t.Errorf("unrated puzzle: level %s, rating %v, %v; want no level and no rating", levelOf(&p), p.Rating, err)
	}
	g, _ = New(1, Options{Levels: []logic.Level{logic.Hard}})
	if p, err := g.Generate(context.Background()); err != nil || p.Level == nil || *p.Level != logic.Hard {
		t.Errorf("a Hard puzzle: level %s, %v", levelOf(&p), err)
	}
}

// TestSymmetryDoc checks that go doc shows every Symmetry, which the
// grouped constants alone do not: go doc prints the first of a group.
func TestSymmetryDoc(t *testing.T) {
	out, err := exec.Command("go", "doc", ".", "Symmetry").Output()
	if err != nil {
		t.Skipf("go doc: %v", err)
	}
	for _, name := range []string{"None", "Rot180", "Rot90", "Mirror", "Flip", "Diagonal", "Any"} {
		if !regexp.MustCompile(`\b` + name + `\b`).Match(out) {
			t.Errorf("go doc generate.Symmetry does not show %s:\n%s", name, out)
		}
	}
}
