package logic

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// TestSoundness walks the logical path of every puzzle in the shipped
// corpora and checks each placement and elimination against the solution
// found by the test's own backtracker (or shipped with the puzzle).
func TestSoundness(t *testing.T) {
	type item struct {
		g, sol sudoku.Grid
	}
	var items []item
	add := func(gs ...sudoku.Grid) {
		for _, g := range gs {
			sols := solveAll(g, 2)
			if len(sols) != 1 {
				continue
			}
			items = append(items, item{g, sols[0]})
		}
	}
	for _, name := range []string{"graded57.tsv", "easy50.tsv", "norvig_hardest11.tsv", "norvig_top95.tsv"} {
		for _, p := range loadTSV(t, name) {
			add(p.grid)
		}
	}
	add(loadLines(t, "puzzles3_magictour_top1465.txt", 60)...)
	add(loadLines(t, "17clue_1000.txt", 20)...)
	add(loadLines(t, "forum_hardest_500.txt", 5)...)
	for i, p := range loadExchange(t) {
		if i%30 == 0 {
			add(p.grid)
		}
	}
	// Project Euler 96: grids of nine lines after a "Grid NN" header.
	b, err := os.ReadFile(filepath.Join("..", "testdata", "p096_sudoku.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(b))
	for i := 0; i+10 <= len(lines); i++ {
		if lines[i] == "Grid" {
			g, err := sudoku.Parse(strings.Join(lines[i+2:i+11], ""))
			if err == nil {
				add(g)
			}
		}
	}
	// Kaggle ships its solutions.
	kb, err := os.ReadFile(filepath.Join("..", "testdata", "kaggle_1k.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(kb)), "\n")[1:] {
		if i >= 100 {
			break
		}
		f := strings.Split(strings.TrimSpace(line), ",")
		g, err1 := sudoku.Parse(f[0])
		s, err2 := sudoku.Parse(f[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("kaggle row %d: %v %v", i, err1, err2)
		}
		items = append(items, item{g, s})
	}
	if len(items) < 500 {
		t.Fatalf("only %d puzzles loaded", len(items))
	}
	// Under the race detector, 60 of them spread over the corpora: the
	// walk runs on one goroutine, and all of them take 9 s without it.
	items = race.Sample(items, 60)
	for _, it := range items {
		steps, err := Explain(context.Background(), it.g)
		if err != nil {
			t.Fatalf("%s: %v", it.g, err)
		}
		c, _ := FromGrid(it.g)
		for _, s := range steps {
			for _, p := range s.Placements {
				if int(it.sol[p.Cell]) != p.Digit {
					t.Fatalf("%s: wrong placement in %v", it.g, s)
				}
			}
			for _, e := range s.Eliminations {
				if int(it.sol[e.Cell]) == e.Digit {
					t.Fatalf("%s: wrong elimination in %v", it.g, s)
				}
			}
			c.Apply(s)
		}
		if c.Grid() != it.sol {
			t.Fatalf("%s: path ends in %s, want %s", it.g, c.Grid(), it.sol)
		}
	}
	t.Logf("%d puzzles", len(items))
}
