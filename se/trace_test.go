package se

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
)

// Comparing with Sudoku Explainer's own steps, step by step: the trace
// file is written by a reference driver outside this repository (lines
// "puzzle TAB difficulty TAB name TAB changes TAB text"), so this test runs
// only when asked:
//
//	go test ./se -run TestTrace -setrace FILE.steps [-tracemax 9.0]
var (
	traceFile = flag.String("setrace", "", "Sudoku Explainer step trace to compare with")
	traceMax  = flag.Float64("tracemax", 99, "skip puzzles whose reference ER is above this")
	traceOnly = flag.String("traceonly", "", "compare only this puzzle")
)

type refStep struct {
	diff    string
	name    string
	changes string
}

func stepChanges(s Step) string {
	var parts []string
	for _, e := range s.Eliminated {
		parts = append(parts, fmt.Sprintf("%s<>%d", sudoku.CellName(e.Cell), e.Digit))
	}
	out := strings.Join(parts, " ")
	if s.Placed != nil {
		out += " " + s.Placed.String()
	}
	return out
}

func TestTrace(t *testing.T) {
	if *traceFile == "" {
		t.Skip("no -setrace file")
	}
	f, err := os.Open(*traceFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var order []string
	steps := map[string][]refStep{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 4 {
			continue
		}
		p := fs[0]
		if _, ok := steps[p]; !ok {
			order = append(order, p)
		}
		steps[p] = append(steps[p], refStep{fs[1], fs[2], strings.TrimSpace(fs[3])})
	}
	same, diverged := 0, 0
	firstBad := map[string]int{}
	var total time.Duration
	for _, p := range order {
		if *traceOnly != "" && p != *traceOnly {
			continue
		}
		ref := steps[p]
		max := 0.0
		for _, s := range ref {
			var d float64
			fmt.Sscan(s.diff, &d)
			if d > max {
				max = d
			}
		}
		if max > *traceMax {
			continue
		}
		g, err := sudoku.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		rt, err := Rate(context.Background(), &g)
		total += time.Since(t0)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			diverged++
			continue
		}
		bad := -1
		for i := range max2(len(ref), len(rt.Steps)) {
			if i >= len(ref) || i >= len(rt.Steps) {
				bad = i
				break
			}
			r, m := ref[i], rt.Steps[i]
			if r.name != m.Technique || r.diff != fmt.Sprintf("%.1f", m.Difficulty) || !sameChanges(r.changes, stepChanges(m)) {
				bad = i
				break
			}
		}
		if bad < 0 {
			same++
			continue
		}
		diverged++
		key := "end"
		if bad < len(ref) {
			key = ref[bad].name
		}
		firstBad[key]++
		if diverged <= 30 || *traceOnly != "" {
			msg := fmt.Sprintf("%s: step %d:", p, bad+1)
			if bad < len(ref) {
				msg += fmt.Sprintf("\n\tSE: %s %s %s", ref[bad].diff, ref[bad].name, ref[bad].changes)
			}
			if bad < len(rt.Steps) {
				m := rt.Steps[bad]
				msg += fmt.Sprintf("\n\tus: %.1f %s %s", m.Difficulty, m.Technique, stepChanges(m))
			}
			t.Log(msg)
		}
	}
	t.Logf("%d same, %d diverged, rating time %v; first divergence by SE technique: %v", same, diverged, total, firstBad)
}

func max2(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func sameChanges(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	slices.Sort(fa)
	slices.Sort(fb)
	return slices.Equal(fa, fb)
}
