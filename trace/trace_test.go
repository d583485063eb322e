package trace

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// corpus reads every puzzle of a test file, skipping those that cannot be
// read (pathological.txt has three malformed lines).
func corpus(t testing.TB, name string) []sudoku.Grid {
	t.Helper()
	f, err := os.Open("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := sudoku.NewReader(f)
	var gs []sudoku.Grid
	for {
		p, err := r.Read()
		if err == io.EOF {
			return gs
		}
		var ce *sudoku.ConflictError
		if err == nil || errorsAs(err, &ce) {
			gs = append(gs, p.Grid) // clashing givens are traced too
		}
	}
}

func errorsAs(err error, ce **sudoku.ConflictError) bool {
	pe, ok := err.(*sudoku.ParseError)
	if !ok {
		return false
	}
	c, ok := pe.Err.(*sudoku.ConflictError)
	*ce = c
	return ok
}

func size(ds sudoku.Digits) int { return ds.Count() }

// checkTrace checks everything a trace promises about itself.
func checkTrace(t *testing.T, g sudoku.Grid, tr *Trace, limit int) {
	t.Helper()
	b := NewBoard()
	var stats Stats
	sols := 0
	depth := 0
	for i := range tr.Steps {
		s := &tr.Steps[i]
		before := b
		s.Apply(&b)
		after := b
		s.Undo(&b)
		if b != before {
			t.Fatalf("step %d (%v): Undo does not return to the board before Apply", i, s)
		}
		b = after
		switch s.Kind {
		case Given:
			stats.Givens++
			if int(g[s.Cell]) != s.Digit {
				t.Fatalf("step %d: given %v, the puzzle has %d there", i, s, g[s.Cell])
			}
		case NakedSingle:
			stats.NakedSingles++
			if before.Candidates[s.Cell] != 1<<s.Digit {
				t.Fatalf("step %d: %v, but the cell's candidates were %v", i, s, before.Candidates[s.Cell])
			}
		case HiddenSingle:
			stats.HiddenSingles++
			places := 0
			for _, c := range sudoku.UnitCells(unitIndex(s.Unit)) {
				if before.Candidates[c]&(1<<s.Digit) != 0 {
					places++
				}
			}
			if places != 1 || before.Candidates[s.Cell]&(1<<s.Digit) == 0 {
				t.Fatalf("step %d: %v, but the digit had %d places in the unit", i, s, places)
			}
		case Guess:
			stats.Guesses++
			depth++
			c := before.Candidates[s.Cell]
			if c != s.Left|1<<s.Digit || size(c) < 2 {
				t.Fatalf("step %d: %v, but the cell's candidates were %v", i, s, c)
			}
			for k := range 81 {
				if before.Values[k] == 0 && size(before.Candidates[k]) < size(c) {
					t.Fatalf("step %d: %v, but %s had fewer candidates", i, s, sudoku.CellName(k))
				}
			}
		case DeadEnd:
			stats.DeadEnds++
			switch {
			case s.Note != "": // a clash between givens
			case s.Unit != nil:
				for _, c := range sudoku.UnitCells(unitIndex(s.Unit)) {
					if int(after.Values[c]) == s.Digit || after.Candidates[c]&(1<<s.Digit) != 0 {
						t.Fatalf("step %d: %v, but the digit has a place", i, s)
					}
				}
			default:
				if after.Values[s.Cell] != 0 || after.Candidates[s.Cell] != 0 {
					t.Fatalf("step %d: %v, but the cell has candidates %v", i, s, after.Candidates[s.Cell])
				}
			}
		case Backtrack:
			stats.Backtracks++
			if int(after.Values[s.Cell]) != s.Digit || after.How[s.Cell] != Backtrack {
				t.Fatalf("step %d: %v, but the cell holds %d", i, s, after.Values[s.Cell])
			}
		case Solution:
			stats.Solutions++
			sols++
			got := sudoku.Grid(after.Values)
			if s.Index != sols || got != tr.Solutions[sols-1] {
				t.Fatalf("step %d: solution %d on the board is %v, recorded %v", i, s.Index, got, tr.Solutions[sols-1])
			}
			if err := g.CheckSolution(&got); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		stats.MaxDepth = max(stats.MaxDepth, s.Depth)
		if s.Depth < 0 || s.Depth > 81 {
			t.Fatalf("step %d: depth %d", i, s.Depth)
		}
	}
	stats.Forced = stats.NakedSingles + stats.HiddenSingles
	stats.Steps = len(tr.Steps)
	stats.Duration = tr.Stats.Duration
	if stats != tr.Stats {
		t.Fatalf("stats %+v, counted from the steps %+v", tr.Stats, stats)
	}
	if len(tr.Solutions) > limit || sols != len(tr.Solutions) {
		t.Fatalf("%d solutions recorded, %d steps, limit %d", len(tr.Solutions), sols, limit)
	}
	// Undoing every step after the givens returns exactly the givens (when
	// none clashed), undoing the rest the empty board, and replaying
	// forward gets the same boards.
	allGiven := stats.Givens == g.Givens()
	for i := len(tr.Steps) - 1; i >= 0; i-- {
		if i == stats.Givens-1 && allGiven {
			if got := sudoku.Grid(b.Values); got != g {
				t.Fatalf("undone to the givens the board is %v, want %v", got, g)
			}
			if b != tr.BoardAt(stats.Givens) {
				t.Fatal("undone to the givens, the board differs from the one replayed forward")
			}
		}
		tr.Steps[i].Undo(&b)
	}
	if b != NewBoard() {
		t.Fatal("undoing every step does not return the empty board")
	}
	last := tr.Steps[len(tr.Steps)-1].Kind
	if last != End && last != Stopped {
		t.Fatalf("last step is %v", last)
	}
}

func unitIndex(u *Unit) int {
	switch u.Kind {
	case "row":
		return u.Index
	case "column":
		return 9 + u.Index
	}
	return 18 + u.Index
}

// TestReplay traces the Euler grids, top95 and every pathological case, and
// checks replay, undo, statistics and every step's claim.
func TestReplay(t *testing.T) {
	for _, name := range []string{"p096_sudoku.txt", "norvig_top95.txt", "pathological.txt"} {
		t.Run(name, func(t *testing.T) {
			for _, g := range corpus(t, name) {
				for _, limit := range []int{1, 3} {
					tr, err := Solve(context.Background(), g, Options{Limit: limit, MaxSteps: 200000})
					if err != nil {
						t.Fatal(err)
					}
					checkTrace(t, g, tr, limit)
				}
			}
		})
	}
}

// TestPathologicalOutcomes checks the outcome pathological.txt states for
// each case it can trace.
func TestPathologicalOutcomes(t *testing.T) {
	f, err := os.Open("../testdata/pathological.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	expect := ""
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# expect:") {
			expect = line
			continue
		}
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		g, err := sudoku.Parse(line)
		if err != nil {
			continue // the malformed cases
		}
		tr, _ := Solve(context.Background(), g, Options{Limit: 2, MaxSteps: 1000000})
		var want Outcome
		switch {
		case strings.Contains(expect, "unique"):
			want = Solved
			if !tr.Complete || len(tr.Solutions) != 1 {
				t.Errorf("%s: %d solutions, complete %v; want one, complete", line, len(tr.Solutions), tr.Complete)
			}
		case strings.Contains(expect, "no solution"):
			want = NoSolution
		case strings.Contains(expect, "at least 1000"):
			// Norvig's hard1 is the case where plain depth-first search
			// goes astray: the classic engine does not find a second
			// solution within the step limit, and the trace says so.
			want = Cut
			if last := tr.Steps[len(tr.Steps)-1]; last.String() != "stopped: step limit of 1000000 reached" {
				t.Errorf("%s: last step %v", line, last)
			}
		default: // several solutions
			want = Solved
			if len(tr.Solutions) != 2 {
				t.Errorf("%s: %d solutions, want 2", line, len(tr.Solutions))
			}
		}
		if tr.Outcome != want {
			t.Errorf("%s (%s): outcome %v, want %v", line, expect, tr.Outcome, want)
		}
		n++
	}
	if n != 28 {
		t.Errorf("traced %d cases, want 28", n)
	}
}

func TestEvents(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		limit  int
		lines  []string // lines the text log must have, in order
	}{
		{"last empty square", "2564891733746159829817234565932748617128.6549468591327635147298127958634849362715", 1,
			[]string{"r1c1 = 2  given", "r5c5 = 3  naked single", "solution 1 found"}},
		{"two solutions", ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.", 5,
			[]string{"guess r4c1 = 3 (of 3,6) depth 1", "solution 1 found", "back to depth 0: try r4c1 = 6", "solution 2 found", "search complete: 2 solutions"}},
		{"clash", "55" + strings.Repeat(".", 79), 1,
			[]string{"r1c1 = 5  given", "dead end: 5 cannot go in r1c2: it clashes with another given", "no solution"}},
		{"no place in unit", ".9.3....1....8..46......8..4.5.6..3...32756...6..1.9.4..1......58..2....2....7.6.", 1,
			[]string{"dead end: 4 has no place in box 5", "no solution"}},
		{"hidden single", "..2.3...8.....8....31.2.....6..5.27..1.....5.2.4.6..31....8.6.5.......13..531.4..", 1,
			[]string{"hidden single in box"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := sudoku.Parse(tt.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := Solve(context.Background(), g, Options{Limit: tt.limit})
			if err != nil {
				t.Fatal(err)
			}
			checkTrace(t, g, tr, tt.limit)
			var buf bytes.Buffer
			if err := WriteText(&buf, tr, TextOptions{}); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			at := 0
			for _, l := range tt.lines {
				i := strings.Index(text[at:], l)
				if i < 0 {
					t.Fatalf("log has no %q after offset %d:\n%s", l, at, text)
				}
				at += i + len(l)
			}
		})
	}
}

func TestDeadEndCell(t *testing.T) {
	// Sudopedia's unsolvable square: r5c1 ends with no candidate.
	g, _ := sudoku.Parse("..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..")
	tr, _ := Solve(context.Background(), g, Options{})
	checkTrace(t, g, tr, 1)
	found := false
	for _, s := range tr.Steps {
		found = found || s.Kind == DeadEnd && s.String() == "dead end: r5c1 has no candidates"
	}
	if !found || tr.Outcome != NoSolution || !tr.Complete {
		t.Errorf("no dead end at r5c1 (outcome %v)", tr.Outcome)
	}
}

func TestStop(t *testing.T) {
	g, _ := sudoku.Parse("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1")
	tr, err := Solve(context.Background(), g, Options{MaxSteps: 50})
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Steps[len(tr.Steps)-1]
	if len(tr.Steps) != 51 || last.Kind != Stopped || last.String() != "stopped: step limit of 50 reached" || tr.Outcome != Cut {
		t.Errorf("%d steps, last %v, outcome %v", len(tr.Steps), last, tr.Outcome)
	}
	checkTrace(t, g, tr, 1)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tr, _ = Solve(ctx, sudoku.Grid{}, Options{Limit: 1000})
	last = tr.Steps[len(tr.Steps)-1]
	if last.Kind != Stopped || !strings.Contains(last.Note, "canceled") || len(tr.Steps) > 64+1 {
		t.Errorf("cancelled: %d steps, last %v", len(tr.Steps), last)
	}
	// A deadline cuts a search that would otherwise list a billion
	// solutions of the empty grid; the steps before the cut stay valid.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	tr, err = Solve(ctx, sudoku.Grid{}, Options{Limit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	last = tr.Steps[len(tr.Steps)-1]
	if last.Kind != Stopped || last.Note != context.DeadlineExceeded.Error() || tr.Outcome != Cut || len(tr.Solutions) == 0 {
		t.Errorf("deadline: %d steps, %d solutions, last %v, outcome %v", len(tr.Steps), len(tr.Solutions), last, tr.Outcome)
	}
	checkTrace(t, sudoku.Grid{}, tr, 1<<30)
	if _, err := Solve(context.Background(), sudoku.Grid{3: 12}, Options{}); err == nil {
		t.Error("a cell holding 12 was traced")
	}
}

// TestMaxBytes checks that a trace cut by size has a JSON form within the
// size, ends saying so, and is otherwise a valid trace: the steps before
// the cut are those of the whole trace, and the stats and solutions count
// only what is kept.
func TestMaxBytes(t *testing.T) {
	for _, p := range []string{
		".....6....59.....82....8....45........3........6..3.54...325..6..................", // many solutions
		"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
		"55" + strings.Repeat(".", 79),
	} {
		g, _ := sudoku.Parse(p)
		full, _ := Solve(context.Background(), g, Options{Limit: 10, MaxSteps: 20000})
		fullJSON, _ := json.Marshal(full)
		for _, limit := range []int{1, 500, 2000, 10_000, 100_000, len(fullJSON) - 1, len(fullJSON), len(fullJSON) + 2000} {
			tr, err := Solve(context.Background(), g, Options{Limit: 10, MaxSteps: 20000, MaxBytes: limit})
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(tr)
			if err != nil {
				t.Fatal(err)
			}
			last := tr.Steps[len(tr.Steps)-1]
			cut := last.Kind == Stopped && strings.Contains(last.Note, "size limit")
			switch {
			case len(b) > limit && len(tr.Steps) > 1:
				t.Errorf("%.20s limit %d: %d bytes", p, limit, len(b))
			case cut != (len(tr.Steps) < len(full.Steps)):
				t.Errorf("%.20s limit %d: %d steps of %d, last %v", p, limit, len(tr.Steps), len(full.Steps), last)
			case cut && tr.Outcome != Cut:
				t.Errorf("%.20s limit %d: outcome %v", p, limit, tr.Outcome)
			case limit > len(fullJSON)+1000 && cut:
				t.Errorf("%.20s limit %d: cut at %d bytes of %d", p, limit, len(b), len(fullJSON))
			}
			if !cut {
				continue
			}
			for i := range tr.Steps[:len(tr.Steps)-1] {
				if !reflect.DeepEqual(tr.Steps[i], full.Steps[i]) {
					t.Fatalf("%.20s limit %d: step %d differs from the uncut trace", p, limit, i)
				}
			}
			// The step cut off did not fit, give or take the room kept
			// for the stats' digits and the last step's note.
			if next := &full.Steps[len(tr.Steps)-1]; limit >= 10_000 && len(b)+stepJSONSize(*next)+1000 < limit {
				t.Errorf("%.20s limit %d: cut at %d bytes, before a step of %d", p, limit, len(b), stepJSONSize(*next))
			}
			checkTrace(t, g, tr, 10)
		}
	}
}

func TestJSON(t *testing.T) {
	g, _ := sudoku.Parse("1.638...4.8.6...9...3..98.1..1....375...1...993....1..4.51..9...2...8.1.6...924.3")
	tr, _ := Solve(context.Background(), g, Options{Limit: 2})
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	var back Trace
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, tr) {
		t.Errorf("JSON round trip changed the trace")
	}
	// What a browser sees: the text of each step, cells by name, and no
	// cell or digit where a step has none.
	var raw struct {
		Version int
		Puzzle  string
		Steps   []map[string]any
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	first := raw.Steps[0]
	if raw.Version != 2 || raw.Puzzle != g.String() || first["kind"] != "given" || first["text"] != "r1c1 = 1  given" ||
		first["cell"] != "r1c1" || js(first["placed"]) != `[{"cell":"r1c1","digit":1}]` ||
		js(first["removed"].([]any)[0]) != `{"cell":"r1c1","digits":[1,2,3,4,5,6,7,8,9]}` {
		t.Errorf("JSON form of a given: %s", js(first))
	}
	kinds := map[string]bool{}
	for i, st := range raw.Steps {
		k := st["kind"].(string)
		kinds[k] = true
		_, hasCell := st["cell"]
		if hasCell != (tr.Steps[i].Cell >= 0) || st["digit"] == 0.0 {
			t.Errorf("step %d: %s", i, js(st))
		}
		if k == "solution" && st["solution"] != 1.0 && st["solution"] != 2.0 {
			t.Errorf("solution step %s", js(st))
		}
		if k == "backtrack" && !strings.Contains(js(st["cleared"]), `"how":"`) {
			t.Errorf("backtrack without how: %s", js(st))
		}
	}
	for _, k := range []string{"guess", "backtrack", "dead end", "solution", "end"} {
		if !kinds[k] {
			t.Errorf("no %s step to check", k)
		}
	}
	for _, bad := range []string{
		`{"version":1}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","cell":"r0c1","depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","cell":"r1c1","digit":12,"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","placed":[{"cell":"r1c1","digit":0}],"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","removed":[{"cell":"r1c10","digits":[1]}],"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","removed":[{"cell":"r1c1","digits":[12]}],"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"dead end","unit":{"kind":"box","index":9},"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"dead end","unit":{"kind":"band","index":0},"depth":0,"text":""}]}`,
		`{"version":2,"puzzle":"` + g.String() + `","steps":[null]}`,
	} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestAnnotated(t *testing.T) {
	g, _ := sudoku.Parse(".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.")
	tr, _ := Solve(context.Background(), g, Options{})
	b := tr.BoardAt(len(tr.Steps))
	lines := strings.Split(b.Annotated(TextOptions{ASCII: true}), "\n")
	if lines[0] != "<4>  3   9 |<6> <5> <8>| 1   2  <7>" || lines[4] != "(3)  4   2 |<5> <1> <6>| 7   9  <8>" {
		t.Errorf("ASCII grid:\n%s", strings.Join(lines, "\n"))
	}
	u := b.Annotated(TextOptions{})
	if !strings.Contains(u, " ④ ") || strings.Contains(u, "<") {
		t.Errorf("grid:\n%s", u)
	}
	mid := tr.BoardAt(g.Givens())
	if c := mid.Annotated(TextOptions{Candidates: true}); !strings.Contains(c, "candidates:") || !strings.Contains(c, " □ ") {
		t.Errorf("grid with candidates:\n%s", c)
	}
	// The candidates grid: each empty cell's candidates, a dot for a
	// filled one, in reading order.
	c := mid.Annotated(TextOptions{Candidates: true})
	var got, want []string
	for _, l := range strings.Split(c[strings.Index(c, "candidates:\n")+len("candidates:\n"):], "\n") {
		for _, f := range strings.Fields(l) {
			if f != "|" && !strings.HasPrefix(f, "-") {
				got = append(got, f)
			}
		}
	}
	for i := range 81 {
		switch {
		case mid.Values[i] != 0:
			want = append(want, ".")
		default:
			want = append(want, strings.ReplaceAll(mid.Candidates[i].String(), ",", ""))
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("candidates grid:\n%s\nwant cells %v", c, want)
	}
}

func FuzzTrace(f *testing.F) {
	for _, p := range []string{
		".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
		"55" + strings.Repeat(".", 79),
		"..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..",
	} {
		g, _ := sudoku.Parse(p)
		f.Add(g[:])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var g sudoku.Grid
		copy(g[:], data)
		for i := range g {
			g[i] %= 10
		}
		tr, err := Solve(context.Background(), g, Options{Limit: 2, MaxSteps: 3000})
		if err != nil {
			t.Fatal(err)
		}
		checkTrace(t, g, tr, 2)
	})
}

func BenchmarkTrace(b *testing.B) {
	for _, name := range []string{"p096_sudoku.txt", "norvig_top95.txt"} {
		b.Run(name, func(b *testing.B) {
			gs := corpus(b, name)
			for i := 0; b.Loop(); i++ {
				Solve(context.Background(), gs[i%len(gs)], Options{Limit: 2})
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkExact runs the exact solver on the same sets and in the same
// mode (counting to 2), so that one run gives the cost of tracing.
func BenchmarkExact(b *testing.B) {
	for _, name := range []string{"p096_sudoku.txt", "norvig_top95.txt"} {
		b.Run(name, func(b *testing.B) {
			gs := corpus(b, name)
			var s solver.Solver
			for i := 0; b.Loop(); i++ {
				s.Count(&gs[i%len(gs)], 2)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// FuzzUnmarshal reads arbitrary JSON as a trace: it never panics, and a
// trace it accepts can be replayed and written back.
func FuzzUnmarshal(f *testing.F) {
	g, _ := sudoku.Parse("1.638...4.8.6...9...3..98.1..1....375...1...993....1..4.51..9...2...8.1.6...924.3")
	tr, _ := Solve(context.Background(), g, Options{Limit: 2, MaxSteps: 60})
	b, _ := json.Marshal(tr)
	f.Add(b)
	f.Add([]byte(`{"version":2,"puzzle":"` + g.String() + `","steps":[{"kind":"given","cell":"r1c1","placed":[{"cell":"r9c9","digit":9}],"depth":0,"text":""}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var tr Trace
		if err := json.Unmarshal(b, &tr); err != nil {
			return
		}
		tr.BoardAt(len(tr.Steps))
		if _, err := json.Marshal(&tr); err != nil {
			t.Fatalf("%s was read but cannot be written: %v", b, err)
		}
	})
}

func TestEdgeValues(t *testing.T) {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	tr, err := Solve(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.BoardAt(-1) != NewBoard() {
		t.Errorf("BoardAt(-1) is not the board before the first step")
	}
	if tr.BoardAt(len(tr.Steps)+5) != tr.BoardAt(len(tr.Steps)) {
		t.Errorf("BoardAt past the end is not the board after the last step")
	}
	nb := NewBoard()
	if m := nb.Marks(); m != sudoku.MarksOf(&sudoku.Grid{}) {
		t.Errorf("Marks of the board before the first step: %v, want every digit everywhere", m.String())
	}
	var junk Board
	junk.Values[0] = 12
	if m := junk.Marks(); m != (sudoku.Marks{}) {
		t.Errorf("Marks of a board holding 12: %v, want no digit", m.String())
	}
	if _, err := Solve(context.Background(), sudoku.Grid{12}, Options{}); err == nil {
		t.Errorf("Solve accepted a cell holding 12")
	}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ from, to string }{
		{`"cell":"r1c3"`, `"cell":"r10c3"`},
		{`{"cell":"r1c3","digit":3}`, `{"cell":"r1c3","digit":12}`},
		{`"digit":3,`, `"digit":12,`},
		{`"digits":[`, `"digits":[12,`},
		{`"version":2`, `"version":1`},
	} {
		if !strings.Contains(string(b), bad.from) {
			t.Fatalf("the trace's JSON has no %s", bad.from)
		}
		var back Trace
		if err := json.Unmarshal([]byte(strings.Replace(string(b), bad.from, bad.to, 1)), &back); err == nil {
			t.Errorf("a trace with %s was read", bad.to)
		}
	}
}

// TestBoardMarks checks that along the trace of a puzzle solved without a
// guess, the marks of every board keep the solution and never grow, and
// that those of the last board are the solution itself.
func TestBoardMarks(t *testing.T) {
	g, _ := sudoku.Parse("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
	tr, err := Solve(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := tr.BoardAt(len(tr.Steps))
	sol := last.Values
	if !sol.Full() {
		t.Fatalf("the trace ends at %v", sol)
	}
	b := NewBoard()
	prev := b.Marks()
	for i := range tr.Steps {
		if tr.Steps[i].Kind == Guess {
			t.Fatalf("step %d guesses", i)
		}
		tr.Steps[i].Apply(&b)
		m := b.Marks()
		if err := m.CheckSolution(&sol); err != nil {
			t.Fatalf("step %d (%v): %v", i, &tr.Steps[i], err)
		}
		for c := range m {
			if m[c]&^prev[c] != 0 {
				t.Fatalf("step %d (%v): %s went from %v to %v", i, &tr.Steps[i], sudoku.CellName(c), prev[c], m[c])
			}
		}
		prev = m
	}
	if want := sudoku.MarksOf(&sol); prev != want {
		t.Errorf("the marks of the last board are %v, not the solution's", prev.String())
	}
}
