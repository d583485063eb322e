package se

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
	"github.com/godoku/sudoku/solver"
)

// Reference data comes from Sudoku Explainer itself (see
// testdata/README.md). A longer path file in the same format can be
// compared with -paths FILE; -v then shows each difference.
var pathsFile = flag.String("paths", "../testdata/se_paths.txt", "Sudoku Explainer paths to compare with")

type refPath struct {
	puzzle string
	rating string // ER/EP/ED
	steps  []refStep
}

type refStep struct {
	diff, name, changes string
}

// readPaths reads a file of puzzle lines (puzzle, tab, ER/EP/ED), each
// followed by its steps, one per line starting with a tab: difficulty,
// technique, changes.
func readPaths(t testing.TB, name string) []refPath {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []refPath
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Split(line, "\t")
		if fs[0] != "" {
			if len(fs) < 2 {
				t.Fatalf("%s:%d: want puzzle and rating", name, n)
			}
			out = append(out, refPath{puzzle: fs[0], rating: fs[1]})
			continue
		}
		if len(out) == 0 || len(fs) < 4 {
			t.Fatalf("%s:%d: bad step line", name, n)
		}
		p := &out[len(out)-1]
		p.steps = append(p.steps, refStep{fs[1], fs[2], fs[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// changes writes a step's eliminations and placement as the path files do.
func changes(s Step) string {
	var parts []string
	for _, e := range s.Eliminated {
		parts = append(parts, fmt.Sprintf("%s<>%d", sudoku.CellName(e.Cell), e.Digit))
	}
	if s.Placed != nil {
		parts = append(parts, s.Placed.String())
	}
	return strings.Join(parts, " ")
}

func sameChanges(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	slices.Sort(fa)
	slices.Sort(fb)
	return slices.Equal(fa, fb)
}

func rate(t testing.TB, puzzle string) Rating {
	t.Helper()
	g, err := sudoku.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Rate(context.Background(), &g)
	if err != nil {
		t.Fatalf("%s: %v", puzzle, err)
	}
	return r
}

// er returns the ER of a rating written ER/EP/ED, or -1.
func er(rating string) float64 {
	var x float64
	if _, err := fmt.Sscanf(rating, "%f/", &x); err != nil {
		return -1
	}
	return x
}

func ratingString(r Rating) string { return fmt.Sprintf("%.1f/%.1f/%.1f", r.ER, r.EP, r.ED) }

// TestPaths follows Sudoku Explainer step by step: every hint it applies,
// with its name, difficulty and changes, on puzzles chosen so that every
// technique it used on the tuning set appears.
func TestPaths(t *testing.T) {
	// Under the race detector, 8 of the paths, spread over the file: the
	// rater runs on one goroutine, and all of them take 5 s without it.
	paths := race.Sample(readPaths(t, *pathsFile), 8)
	same := 0
	firstDiff := map[string]int{}
	for _, p := range paths {
		if testing.Short() && er(p.rating) >= 9 {
			continue
		}
		r := rate(t, p.puzzle)
		bad := -1
		for i := range max(len(p.steps), len(r.Steps)) {
			if i >= len(p.steps) || i >= len(r.Steps) {
				bad = i
				break
			}
			want, got := p.steps[i], r.Steps[i]
			if want.name != got.Technique || want.diff != fmt.Sprintf("%.1f", got.Difficulty) || !sameChanges(want.changes, changes(got)) {
				bad = i
				break
			}
		}
		if bad < 0 && ratingString(r) == p.rating {
			same++
			continue
		}
		key := "rating"
		msg := fmt.Sprintf("%s: serate %s, got %s", p.puzzle, p.rating, ratingString(r))
		if bad >= 0 {
			key = "end of path"
			msg += fmt.Sprintf("; step %d differs", bad+1)
			if bad < len(p.steps) {
				s := p.steps[bad]
				key = s.name
				msg += fmt.Sprintf("\n\tSE: %s %s %s", s.diff, s.name, s.changes)
			}
			if bad < len(r.Steps) {
				s := r.Steps[bad]
				msg += fmt.Sprintf("\n\tus: %.1f %s %s", s.Difficulty, s.Technique, changes(s))
			}
		}
		firstDiff[key]++
		t.Log(msg)
	}
	t.Logf("%d of %d paths the same; first differences by SE technique: %v", same, len(paths), firstDiff)
	if *pathsFile == "../testdata/se_paths.txt" && same != len(paths) && !testing.Short() {
		t.Errorf("%d of %d paths differ from Sudoku Explainer's", len(paths)-same, len(paths))
	}
}

// TestStepsFollowTheSolution checks the path against the solution
// independently of the rater's own check: nothing removed is the
// solution, everything placed is, and the placements fill the grid.
func TestStepsFollowTheSolution(t *testing.T) {
	// Under the race detector, 2 of the 8 (the rater runs on one goroutine).
	for _, p := range race.Sample(readPaths(t, "../testdata/se_paths.txt")[:8], 2) {
		g, _ := sudoku.Parse(p.puzzle)
		sol, status, err := solver.Classify(context.Background(), &g)
		if status != solver.Unique {
			t.Fatalf("%s: %v %v", p.puzzle, status, err)
		}
		r := rate(t, p.puzzle)
		filled := g
		for _, s := range r.Steps {
			for _, e := range s.Eliminated {
				if int(sol[e.Cell]) == e.Digit {
					t.Fatalf("%s: %s removes the solution %v", p.puzzle, s.Technique, e)
				}
			}
			if s.Placed != nil {
				if int(sol[s.Placed.Cell]) != s.Placed.Digit || filled[s.Placed.Cell] != 0 {
					t.Fatalf("%s: %s places %v", p.puzzle, s.Technique, *s.Placed)
				}
				filled[s.Placed.Cell] = uint8(s.Placed.Digit)
			}
		}
		if filled != sol {
			t.Fatalf("%s: the placements do not fill the grid", p.puzzle)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
		want         error
	}{
		{"two solutions", ".................................................................................", ErrMultipleSolutions},
		{"no solution", "12345678.........9" + strings.Repeat(".", 63), ErrNoSolution},
	} {
		g, err := sudoku.Parse(tc.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Rate(context.Background(), &g); !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
	bad := sudoku.Grid{1, 1}
	if _, err := Rate(context.Background(), &bad); err == nil {
		t.Error("two 1s in a row: no error")
	}
	bad = sudoku.Grid{10}
	if _, err := Rate(context.Background(), &bad); err == nil {
		t.Error("a cell holding 10: no error")
	}
}

func TestSolvedGrid(t *testing.T) {
	p := readPaths(t, "../testdata/se_paths.txt")[0]
	g, _ := sudoku.Parse(p.puzzle)
	sol, _, _ := solver.Classify(context.Background(), &g)
	r, err := Rate(context.Background(), &sol)
	if err != nil || r.ER != 0 || r.EP != 0 || r.ED != 0 || len(r.Steps) != 0 || r.Hardest != "" {
		t.Errorf("solved grid: %+v, %v", r, err)
	}
}

// TestCancel stops a rating that needs nested chains soon after its
// context ends.
func TestCancel(t *testing.T) {
	var hard refPath
	for _, p := range readPaths(t, "../testdata/se_paths.txt") {
		if er(p.rating) > er(hard.rating) {
			hard = p
		}
	}
	g, _ := sudoku.Parse(hard.puzzle)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Rate(ctx, &g)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s: got %v, want the deadline", hard.puzzle, err)
	}
	if d := time.Since(start); d > race.Scale(2*time.Second) {
		t.Errorf("stopped after %v", d)
	}
}
