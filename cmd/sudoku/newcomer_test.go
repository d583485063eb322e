package main

// Tests of what a newcomer trips on in the first hour (issue 28), each
// running the built binary as a person does.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godoku/sudoku/internal/record"
)

// grid01 is Project Euler's grid 01, which has one solution.
const grid01 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

// TestPuzzleArgumentWithTypo: an argument that is nearly a puzzle gets the
// reader's error with its column, not "no such file or puzzle"; a mistyped
// file name still gets the latter.
func TestPuzzleArgumentWithTypo(t *testing.T) {
	for _, tt := range []struct {
		arg, want string
	}{
		{grid01[:40] + "x" + grid01[41:], "line 1, column 41: invalid character 'x'"},
		{grid01[:40] + "O" + grid01[41:], "line 1, column 41: invalid character 'O'"},
		{grid01[:40] + "９" + grid01[41:], "line 1, column 41: invalid character '９' (U+FF19)"},
		{grid01 + "x", "line 1, column 82: invalid character 'x'"},
		{grid01 + "5", "line 1, column 82: wrong number of cells"},
		{"puzles.txt", "puzles.txt: no such file or puzzle"},
		{"2024-01-01-puzzles.txt", "2024-01-01-puzzles.txt: no such file or puzzle"},
	} {
		for _, cmd := range []string{"solve", "count", "hint", "explain"} {
			code, out, errs := runBin(t, "", cmd, tt.arg)
			if code != exitFailed || !strings.Contains(out+errs, tt.want) {
				t.Errorf("sudoku %s %s: exit %d, stdout %q, stderr %q; want 1 and %q", cmd, tt.arg, code, out, errs, tt.want)
			}
		}
	}
}

// TestFlagErrors: a flag error is one line that names the flag as it was
// typed and says what it accepts, then where the help is; no help follows.
func TestFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--timeout", "5"}, `sudoku solve: invalid value "5" for --timeout: want a duration of 0 or more, such as 100ms, 2s or 1m30s`},
		{[]string{"solve", "-timeout=5"}, `sudoku solve: invalid value "5" for -timeout: want a duration of 0 or more, such as 100ms, 2s or 1m30s`},
		{[]string{"solve", "--trace=xml"}, `sudoku solve: invalid value "xml" for --trace: want text or json`},
		{[]string{"solve", "--format", "xml"}, `sudoku solve: invalid value "xml" for --format: want one of line, grid, json, csv, fpuzzles, sudokupad`},
		{[]string{"solve", "--unique=maybe"}, `sudoku solve: invalid value "maybe" for --unique: want true or false`},
		{[]string{"solve", "--timeout"}, `sudoku solve: --timeout needs a value: want a duration of 0 or more, such as 100ms, 2s or 1m30s`},
		{[]string{"solve", "--fromat", "json"}, `sudoku solve: unknown flag --fromat (did you mean --format?)`},
		{[]string{"count", "--bogus"}, `sudoku count: unknown flag --bogus`},
		{[]string{"shuffle", "--seed", "x"}, `sudoku shuffle: invalid value "x" for --seed: want a whole number from 0 to 18446744073709551615`},
		// Negative counts and durations were taken silently (item 8).
		{[]string{"solve", "-j", "-3"}, `sudoku solve: invalid value "-3" for -j: want a whole number, 1 or more`},
		{[]string{"rate", "--jobs", "0"}, `sudoku rate: invalid value "0" for --jobs: want a whole number, 1 or more`},
		{[]string{"solve", "--timeout", "-1s"}, `sudoku solve: invalid value "-1s" for --timeout: want a duration of 0 or more, such as 100ms, 2s or 1m30s`},
		{[]string{"generate", "-n", "-2"}, `sudoku generate: invalid value "-2" for -n: want a whole number, 1 or more`},
		{[]string{"serve", "--max-steps", "-1"}, `sudoku serve: invalid value "-1" for --max-steps: want a whole number, 0 or more`},
	} {
		code, out, errs := runBin(t, "", tt.args...)
		cmd := tt.args[0]
		if want := tt.want + "\nsee 'sudoku " + cmd + " --help'\n"; code != exitUsage || out != "" || errs != want {
			t.Errorf("sudoku %s: exit %d, stdout %q, stderr\n%s\nwant exit 2 and\n%s", strings.Join(tt.args, " "), code, out, errs, want)
		}
	}
	// A puzzle written with "-" for its empty cells is no flag.
	code, out, errs := runBin(t, "", "solve", strings.ReplaceAll(grid01, "0", "-"))
	if code != exitOK || !strings.HasPrefix(out, "4839216579") {
		t.Errorf("sudoku solve %s: exit %d, stdout %q, stderr %q", strings.ReplaceAll(grid01, "0", "-"), code, out, errs)
	}
}

// TestTechniqueNames: --techniques, --require and --hardest read technique
// names by one rule, and an unknown name gets the closest few in one line.
func TestTechniqueNames(t *testing.T) {
	// Grid 01 is solved by singles alone: allowing any technique besides
	// them, or requiring one it does not use, still runs.
	for _, name := range []string{"xwing", "X-Wing", "x_wing", "pointing", "lc1", "LC1", "bug+1", "BUG+1", "y-wing", "ur1", "Swordfish", "sword"} {
		for _, args := range [][]string{
			{"hint", "--techniques", "singles,+" + name, grid01},
			{"rate", "--techniques", "-" + name, grid01},
			{"explain", "--techniques", "singles," + name, grid01},
			{"filter", "--require", name, grid01},
			{"filter", "--hardest", name, grid01},
		} {
			if code, _, errs := runBin(t, "", args...); code != exitOK || errs != "" {
				t.Errorf("sudoku %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
			}
		}
	}
	for _, tt := range []struct {
		name, want string
	}{
		{"xwng", `unknown technique "xwng" (did you mean X-Wing, W-Wing or XY-Wing?)`},
		{"swordfsh", `unknown technique "swordfsh" (did you mean Swordfish?)`},
		{"wing", `"wing" could be X-Wing, W-Wing, XY-Wing, XYZ-Wing, Finned X-Wing, Sashimi X-Wing, Almost Locked Set XY-Wing, Franken X-Wing or Finned Franken X-Wing: say which`},
	} {
		for _, flag := range []string{"--techniques", "--require", "--hardest"} {
			cmd := "generate"
			if flag == "--techniques" {
				cmd = "rate"
			}
			code, out, errs := runBin(t, "", cmd, flag, tt.name, grid01)
			want := "sudoku " + cmd + ": invalid value \"" + tt.name + "\" for " + flag + ": " + tt.want + "\nsee 'sudoku " + cmd + " --help'\n"
			if code != exitUsage || out != "" || errs != want {
				t.Errorf("sudoku %s %s %s: exit %d, stdout %q, stderr\n%s\nwant 2 and\n%s", cmd, flag, tt.name, code, out, errs, want)
			}
		}
	}
}

// TestTemplateVerbsFilled: a --template verb the command does not fill is
// refused up front, as an unknown verb is; every verb it takes prints
// something (but the error and the name, on a good puzzle without one).
func TestTemplateVerbsFilled(t *testing.T) {
	code, out, errs := runBin(t, "", "solve", "--template", "[%v][%r][%k]", grid01)
	want := "sudoku solve: invalid value \"[%v][%r][%k]\" for --template: solve does not fill %v (level): its verbs are %E %L %N %S %f %g %n %s\nsee 'sudoku solve --help'\n"
	if code != exitUsage || out != "" || errs != want {
		t.Errorf("solve --template '[%%v][%%r][%%k]': exit %d, stdout %q, stderr\n%s\nwant 2 and\n%s", code, out, errs, want)
	}
	for _, cmd := range []string{"solve", "count", "rate", "filter", "canon", "shuffle", "generate"} {
		var verbs []string
		for v, field := range record.Verbs {
			if field != "" && (field == "number" || slices.Contains(record.Columns(cmd), field)) {
				verbs = append(verbs, "%"+string(rune(v)))
			}
		}
		args := []string{cmd, "--template", strings.Join(verbs, "|")}
		if cmd == "generate" {
			args = append(args, "--seed", "1")
		} else {
			args = append(args, grid01)
		}
		code, out, errs := runBin(t, "", args...)
		fields := strings.Split(strings.TrimSuffix(out, "\n"), "|")
		if code != exitOK || errs != "" || len(fields) != len(verbs) {
			t.Errorf("sudoku %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errs)
			continue
		}
		for i, f := range fields {
			if f == "" && verbs[i] != "%E" && verbs[i] != "%N" {
				t.Errorf("sudoku %s: %s printed nothing: %q", strings.Join(args, " "), verbs[i], out)
			}
		}
	}
}

// TestCountStopped: one long count shows the solutions counted so far on
// its progress line, and, stopped, its JSON record keeps the count.
func TestCountStopped(t *testing.T) {
	cmd, s, out := errTerminal(t, "count", "--limit", "0", "--json", strings.Repeat(".", 81))
	progress := regexp.MustCompile(`counted 0 puzzles in [0-9.]+s \(0/s\); ([1-9][0-9]*) solutions so far`)
	if !s.waitFor(t, "solutions so far", 15*time.Second) {
		t.Fatalf("no progress line counting solutions within 15s: %q", s)
	}
	catchesInterrupt(t, cmd)
	cmd.Process.Signal(os.Interrupt)
	if code := exit(t, cmd, 10*time.Second); code != exitFailed {
		t.Errorf("exit %d, want 1", code)
	}
	<-s.done
	if !progress.MatchString(s.String()) {
		t.Errorf("the progress line does not count solutions: %q", s)
	}
	var r struct {
		Status string
		Count  *int
		Error  string
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	if r.Status != "stopped" || r.Count == nil || *r.Count == 0 || r.Error != fmt.Sprintf("stopped: interrupted after %d solutions", *r.Count) {
		t.Errorf("record %s, want status stopped and the count so far", out.String())
	}
}

// TestTypedPuzzleEnds: hint and explain reading a terminal take the puzzle
// as soon as it is complete, an 81-cell line or the ninth row of a grid,
// without waiting for Ctrl-D.
func TestTypedPuzzleEnds(t *testing.T) {
	rows := []string{"Grid 01"}
	for i := 0; i < 81; i += 9 {
		rows = append(rows, grid01[i:i+9])
	}
	for _, tt := range []struct {
		cmd   string
		lines []string
		want  string
	}{
		{"hint", []string{grid01}, "Naked Single: r5c6=4"},
		{"explain", []string{grid01}, "  1. "},
		{"hint", rows, "Naked Single: r5c6=4"},
		{"explain", rows, "  1. "},
	} {
		tty, cmd := terminal(t, tt.cmd)
		s := watch(tty)
		for _, l := range tt.lines {
			tty.Write([]byte(l + "\r"))
		}
		if !s.waitFor(t, tt.want, 10*time.Second) {
			t.Errorf("sudoku %s, typed %q: nothing within 10s but %q", tt.cmd, tt.lines, s)
			continue
		}
		if code := exit(t, cmd, 10*time.Second); code != exitOK {
			t.Errorf("sudoku %s, typed %q: exit %d, %q", tt.cmd, tt.lines, code, s)
		}
	}
}

// TestSmallOnes: the small defects of issue 28's item 8, each a run of the
// built binary.
func TestSmallOnes(t *testing.T) {
	examples := testdata + "examples.txt"
	for _, tt := range []struct {
		args     []string
		code     int
		out, err string // must be in stdout and stderr; "-" for empty
	}{
		{[]string{"help", "bogus"}, exitUsage, "-", `sudoku: unknown command "bogus"`},
		{[]string{"help", "slove"}, exitUsage, "-", `sudoku: unknown command "slove" (did you mean solve or serve?)`},
		{[]string{"version", "--bogus"}, exitUsage, "-", "sudoku version: unknown flag --bogus\nsee 'sudoku version --help'\n"},
		{[]string{"same", examples, examples}, exitUsage, "-", "sudoku same: " + examples + ": want one puzzle, found 4\n"},
		// bench: a skipped puzzle fails the run; a missing file gets no
		// table header, and the message every command gives; the JSON
		// names the file as it was given.
		{[]string{"bench", "--time", "10ms", examples}, exitFailed, "examples.txt         3", examples + ":13: line 13, column 2: r1c1 and r1c2 both hold 5 (skipped)\n"},
		{[]string{"bench", "nonexist"}, exitFailed, "-", "sudoku bench: nonexist: no such file or puzzle\n"},
		{[]string{"bench", "--json", "--time", "10ms", testdata + "norvig_hardest11.txt"}, exitOK, `{"file":"` + testdata + `norvig_hardest11.txt","puzzles":11,`, "-"},
		{[]string{"euler96", "nonexist"}, exitFailed, "-", "sudoku euler96: nonexist: no such file or puzzle\n"},
		{[]string{"count", "--format", "grid", grid01}, exitUsage, "-", `invalid value "grid" for --format: want one of line, json, csv`},
		{[]string{"solve", "--trace-grids", "all", grid01}, exitUsage, "-", "sudoku solve: --trace-grids works with --trace only\n"},
		{[]string{"solve", "--ascii", grid01}, exitUsage, "-", "sudoku solve: --ascii works with --trace only\n"},
		{[]string{"solve", "--trace", "--limit", "3", grid01}, exitUsage, "-", "sudoku solve: --limit works with --trace --all only\n"},
		// generate numbers its puzzles from 1 in every format.
		{[]string{"generate", "-n", "2", "--seed", "1", "--json"}, exitOK, `"seed":"1","number":2}`, "-"},
		{[]string{"generate", "-n", "2", "--seed", "1", "--template", "%n"}, exitOK, "1\n2\n", "-"},
		// A pencil-mark puzzle's Sudoku Explainer ratings are "-", as in
		// the line form.
		{[]string{"rate", "--template", "%r/%p/%d %t|%v", testdata + "sukaku.txt"}, exitOK, "-/-/- -|Extreme\n-/-/- -|Easy\n", "-"},
		{[]string{"rate", "--format", "csv", testdata + "sukaku.txt"}, exitOK, ",Extreme,2624,XYZ-Wing,", "-"},
	} {
		code, out, errs := runBin(t, "", tt.args...)
		okOut := tt.out == "-" && out == "" || tt.out != "-" && strings.Contains(out, tt.out)
		okErr := tt.err == "-" && errs == "" || tt.err != "-" && strings.Contains(errs, tt.err)
		if code != tt.code || !okOut || !okErr {
			t.Errorf("sudoku %s: exit %d, stdout %q, stderr %q; want %d, %q, %q", strings.Join(tt.args, " "), code, out, errs, tt.code, tt.out, tt.err)
		}
	}
}

// TestCommandsChain: a command reads the JSON records the commands write,
// so they chain in any format.
func TestCommandsChain(t *testing.T) {
	for _, tt := range []struct {
		first, then []string
		want        string // the second command's output
	}{
		{[]string{"generate", "-n", "2", "--seed", "3", "--json"}, []string{"canon"}, ""},
		// The clash is at the puzzle's second cell, on the record's line.
		{[]string{"solve", "--json", testdata + "examples.txt"}, []string{"count"}, "1\n2\n0\nerror: <stdin>:4: line 4, column COL: r1c1 and r1c2 both hold 5\n"},
		{[]string{"rate", "--json", testdata + "sukaku.txt"}, []string{"count"}, "1\n1\n"},
		{[]string{"canon", "--json", grid01}, []string{"solve"}, "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n"},
		{[]string{"solve", "--format", "csv", grid01}, []string{"count"}, "1\n"},
	} {
		_, first, _ := runBin(t, "", tt.first...)
		code, out, errs := runBin(t, first, tt.then...)
		want := tt.want
		if ls := lines(first); len(ls) == 4 {
			want = strings.Replace(want, "COL", fmt.Sprint(strings.Index(ls[3], `"puzzle":"`)+len(`"puzzle":"`)+2), 1)
		}
		if want == "" { // the canonical forms of the puzzles generated
			_, plain, _ := runBin(t, "", append(tt.first[:len(tt.first)-1:len(tt.first)-1], "--format", "line")...)
			_, want, _ = runBin(t, plain, "canon")
		}
		if out != want || (errs == "") != (code == exitOK) {
			t.Errorf("sudoku %s | sudoku %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(tt.first, " "), strings.Join(tt.then, " "), code, out, errs, want)
		}
	}
	// Of hint and explain too.
	_, first, _ := runBin(t, "", "generate", "--seed", "5", "--json")
	if code, out, errs := runBin(t, first, "hint"); code != exitOK || out == "" {
		t.Errorf("sudoku generate --json | sudoku hint: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestInterrupted: one Ctrl-C on generate says "interrupted" once, and
// rate still prints its summary, of the puzzles rated before it.
func TestInterrupted(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want *regexp.Regexp
	}{
		{[]string{"generate", "-n", "100000", "--level", "extreme"}, regexp.MustCompile(`\A(\x1b\[K|\r|generated [^\r]*)*sudoku generate: interrupted\r?\n\z`)},
		{[]string{"rate", "-j", "1", testdata + "forum_hardest_1106.txt"}, regexp.MustCompile(`summary until interrupted: [0-9]+ puzzles in [^\n]*\nsudoku rate: interrupted\r?\n\z`)},
	} {
		cmd, s, _ := errTerminal(t, tt.args...)
		catchesInterrupt(t, cmd)
		s.waitFor(t, "puzzles in 1.", 20*time.Second) // it is under way
		cmd.Process.Signal(os.Interrupt)
		if code := exit(t, cmd, 20*time.Second); code != exitFailed {
			t.Errorf("sudoku %s: exit %d after Ctrl-C, want 1", strings.Join(tt.args, " "), code)
		}
		<-s.done
		if !tt.want.MatchString(s.String()) {
			t.Errorf("sudoku %s, then Ctrl-C, says %q; want %v", strings.Join(tt.args, " "), s, tt.want)
		}
	}
}
