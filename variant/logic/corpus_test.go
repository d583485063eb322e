package logic_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/logic"
)

// checkSteps fails t if a step of res places a value other than the
// solution's or removes the solution's value from a cell.
func checkSteps(t *testing.T, name string, res logic.Result, sol []int) {
	t.Helper()
	for i, st := range res.Steps {
		checkReason(t, name, st)
		for _, p := range st.Placements {
			if sol[p.Cell] != p.Value {
				t.Fatalf("%s: step %d (%s) places %d, solution has %d", name, i, st, p.Value, sol[p.Cell])
			}
		}
		for _, e := range st.Eliminations {
			if sol[e.Cell] == e.Value {
				t.Fatalf("%s: step %d (%s) removes the solution's %d", name, i, st, e.Value)
			}
		}
	}
	for c, v := range res.Grid {
		if v != 0 && v != sol[c] {
			t.Fatalf("%s: grid has %d at cell %d, solution %d", name, v, c, sol[c])
		}
	}
}

// checkReason fails t if st has no reason, if its reason or one of its
// phrases has an id without a sentence or fewer arguments than the
// sentence names, or if its English is not st's explanation.
func checkReason(t *testing.T, name string, st logic.Step) {
	t.Helper()
	var check func(r logic.Reason)
	check = func(r logic.Reason) {
		text, ok := logic.ReasonText(r.ID)
		if !ok {
			t.Fatalf("%s: %s: reason %q has no sentence", name, st, r.ID)
		}
		for k := len(r.Args); k <= 9; k++ {
			if strings.Contains(text, "{"+strconv.Itoa(k)+"}") {
				t.Fatalf("%s: %s: reason %q has %d arguments, its sentence names {%d}", name, st, r.ID, len(r.Args), k)
			}
		}
		for _, a := range r.Args {
			for _, k := range append([]string{a.Kind}, a.Kinds...) {
				if k != "" && !slices.Contains(logic.Kinds(), k) {
					t.Fatalf("%s: %s: reason %q names the kind %q, which Kinds lacks", name, st, r.ID, k)
				}
			}
			if a.Phrase != nil {
				check(*a.Phrase)
			}
			for _, p := range a.Phrases {
				check(p)
			}
		}
	}
	check(st.Why)
	if !slices.Contains(logic.Techniques(), st.Technique) {
		t.Fatalf("%s: %s: Techniques lacks %q", name, st, st.Technique)
	}
	if got := st.Why.English(); got != st.Explanation {
		t.Fatalf("%s: reason in English %q, explanation %q", name, got, st.Explanation)
	}
}

// corpusFloor is how many of the corpus's puzzles the logic finishes
// without guessing (measured when the package was written); the test
// fails if a change finishes fewer.
const corpusFloor = 65

func TestCorpus(t *testing.T) {
	f, err := os.Open("../testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	type tally struct{ solved, total int }
	byKind := map[string]*tally{}
	solved, total := 0, 0
	for sc.Scan() {
		var e struct{ Title, Fpuzzles string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		p, err := fpuzzles.Parse(e.Fpuzzles)
		if err != nil {
			t.Fatalf("%s: %v", e.Title, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		sol, err := variant.Solve(ctx, p)
		cancel()
		if err != nil {
			continue // a kind the engine refuses: nothing to check against
		}
		total++
		res, err := logic.Solve(p, 0)
		if err != nil {
			t.Errorf("%s: %v", e.Title, err)
			continue
		}
		checkSteps(t, e.Title, res, sol)
		if res.Solved {
			solved++
		}
		kinds := map[string]bool{}
		for _, k := range p.Constraints {
			kinds[k.Kind()] = true
		}
		if len(kinds) == 0 {
			kinds["classic"] = true
		}
		for k := range kinds {
			if byKind[k] == nil {
				byKind[k] = &tally{}
			}
			byKind[k].total++
			if res.Solved {
				byKind[k].solved++
			}
		}
		if testing.Verbose() && !res.Solved {
			t.Logf("%s: stuck after %d steps", e.Title, len(res.Steps))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var ks []string
	for k := range byKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var sb strings.Builder
	for _, k := range ks {
		fmt.Fprintf(&sb, "\n  %-20s %2d of %2d", k, byKind[k].solved, byKind[k].total)
	}
	t.Logf("finished without guessing: %d of %d%s", solved, total, sb.String())
	if solved < corpusFloor {
		t.Errorf("finished %d, floor %d", solved, corpusFloor)
	}
}

// TestFromZeroRefused: the steps read values as 1 to n, so a grid of the
// values 0 to n-1 is refused rather than explained wrongly.
func TestFromZeroRefused(t *testing.T) {
	p := &variant.Puzzle{Size: 4, Offset: -1}
	if _, err := logic.New(p); err == nil || !strings.Contains(err.Error(), "values from 0") {
		t.Errorf("New(values from 0) = %v, want an error", err)
	}
	if _, err := logic.New(&variant.Puzzle{Size: 4}); err != nil {
		t.Errorf("New(4x4) = %v", err)
	}
}
