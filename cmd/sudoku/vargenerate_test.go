package main

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/check"
	vformat "github.com/godoku/sudoku/variant/format"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// TestGenerateKiller runs the built binary: killer puzzles as links that
// read back as killers with one solution (the engine counts to two), the
// solution they carry keeps every rule (package check), the givens asked
// for, the level asked for (rated again by the variant logic); the same
// lines whatever --jobs, and --shard makes its share of them.
func TestGenerateKiller(t *testing.T) {
	for _, tt := range []struct {
		level  logic.Level
		givens int
	}{
		{logic.Hard, 4},
		{logic.Medium, 0}, // from cages alone
		{logic.Easy, 0},
	} {
		t.Run(tt.level.String(), func(t *testing.T) {
			checkGenerateKiller(t, tt.level, tt.givens)
		})
	}
}

// checkGenerateKiller runs generate for 3 killers of level with givens and
// checks them (see TestGenerateKiller).
func checkGenerateKiller(t *testing.T, level logic.Level, givens int) {
	args := []string{"generate", "--variant", "killer", "--level", strings.ToLower(level.String()), "--givens", strconv.Itoa(givens), "--seed", "5", "-n", "3"}
	code, out, errs := runBin(t, "", append(args, "-j", "2")...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	links := lines(out)
	if len(links) != 3 {
		t.Fatalf("%d lines, want 3: %q", len(links), out)
	}
	for i, l := range links {
		p, kind, err := vformat.Parse(l)
		if err != nil || kind != vformat.FPuzzles {
			t.Fatalf("line %d: %v (%s)", i+1, err, kind)
		}
		if got := vformat.Kinds(p); len(got) != 1 || got[0] != "killer cage" {
			t.Errorf("line %d: kinds %v", i+1, got)
		}
		if n, err := variant.Count(context.Background(), p, 2); n != 1 || err != nil {
			t.Errorf("line %d: %d solutions (%v)", i+1, n, err)
		}
		if err := check.Solution(p, p.Solution); err != nil {
			t.Errorf("line %d: the solution it carries: %v", i+1, err)
		}
		if n := givenCount(p); n != givens {
			t.Errorf("line %d: %d givens", i+1, n)
		}
		if r, err := vlogic.Rate(p); err != nil || r.Level != level {
			t.Errorf("line %d: rated %+v (%v), want %v", i+1, r, err, level)
		}
	}
	if _, again, _ := runBin(t, "", append(args, "-j", "1")...); again != out {
		t.Errorf("-j 1 gave other puzzles than -j 2:\n%s\n%s", again, out)
	}
	if _, shard, _ := runBin(t, "", append(args, "--shard", "1/3")...); shard != links[1]+"\n" {
		t.Errorf("--shard 1/3 gave %q, want the run's second line", shard)
	}
	// solve reads them back and proves them unique.
	code, solved, errs := runBin(t, out, "solve", "--unique", "--format", "json")
	if code != 0 || strings.Count(solved, `"status":"unique"`) != 3 {
		t.Errorf("solve: exit %d, out %q, stderr %q", code, solved, errs)
	}
}

// TestGenerateKillerFormats: the JSON record of generate's kind, with the
// variant rating under the classic names, and a SudokuPad link.
func TestGenerateKillerFormats(t *testing.T) {
	code, out, errs := runBin(t, "", "generate", "--variant", "killer", "--seed", "9", "--givens", "3", "--level", "unfair,extreme", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rec struct {
		Puzzle, Solution string
		Givens, Size     int
		Kinds            []string
		Rating           *struct {
			Level      string
			Score      int
			BruteForce bool
		}
		Seed   string
		Number int
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if rec.Size != 9 || rec.Givens != 3 || len(rec.Solution) != 81 || rec.Seed != "9" || rec.Number != 1 ||
		len(rec.Kinds) != 1 || rec.Kinds[0] != "killer cage" || rec.Rating == nil ||
		rec.Rating.Level != "Unfair" && rec.Rating.Level != "Extreme" || rec.Rating.Score == 0 {
		t.Errorf("record %+v", rec)
	}
	p, _, err := vformat.Parse(rec.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := vlogic.Rate(p); err != nil || r.Level.String() != rec.Rating.Level || r.Score != rec.Rating.Score || r.Finished == rec.Rating.BruteForce {
		t.Errorf("rated again %+v (%v), the record says %+v", r, err, *rec.Rating)
	}
	if got := vformat.SolutionLine(p, p.Solution); got != rec.Solution {
		t.Errorf("solution %q, the link's %q", rec.Solution, got)
	}
	code, out, errs = runBin(t, "", "generate", "--variant", "killer", "--seed", "9", "--givens", "3", "--level", "unfair,extreme", "--format", "sudokupad")
	if p2, kind, err := vformat.Parse(strings.TrimSpace(out)); code != 0 || err != nil || kind != vformat.SudokuPad || len(p2.Constraints) != len(p.Constraints) {
		t.Errorf("sudokupad: exit %d, %v (%s), stderr %q", code, err, kind, errs)
	}
}

func TestGenerateKillerBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"--variant", "sandwich"}, 2, `--variant "sandwich": want one of killer`},
		{[]string{"--variant", "killer", "--symmetry", "rot180"}, 2, "--symmetry is for classic puzzles"},
		{[]string{"--variant", "killer", "--clues", "20-30"}, 2, "--clues is for classic puzzles"},
		{[]string{"--givens", "3"}, 2, "--givens needs --variant killer"},
		{[]string{"--single-cells"}, 2, "--single-cells needs --variant killer"},
		{[]string{"--variant", "killer", "--givens", "21"}, 2, "21 givens: want 0 to 20"},
		{[]string{"--variant", "killer", "--givens", "-1"}, 2, "invalid value"},
		{[]string{"--variant", "killer", "--format", "grid"}, 2, "--format grid: a killer puzzle is written as a link"},
		{[]string{"--variant", "killer", "--level", "tricky"}, 2, `--level: want easy, medium, hard, unfair, extreme or any, not "tricky"`},
		{[]string{"--variant", "killer", "--shard", "1/2"}, 2, "--shard needs --seed"},
		{[]string{"--variant", "killer", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--variant", "killer", "--level", "extreme", "--givens", "20", "--timeout", "300ms", "--seed", "1"}, 1, "no killer puzzle of the level asked for within 300ms"}, // 20 givens make them easy
	} {
		code, out, errs := runBin(t, "", append([]string{"generate"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.say) || out != "" {
			t.Errorf("generate %v: exit %d, out %q, stderr %q; want %d and %q", c.args, code, out, errs, c.code, c.say)
		}
	}
	code, out, _ := runBin(t, "", "generate", "--help")
	if code != 0 || !strings.Contains(out, "--variant killer") || !strings.Contains(out, "--givens N") {
		t.Errorf("generate --help: exit %d, %q", code, out)
	}
}
