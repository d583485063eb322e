package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shardInputs are the files TestShardUnion shards: puzzles on a line, the
// mistakes people make (errors.txt: bad lines, a broken grid), nine-line
// grids, CSV, pencil marks, and puzzles with no solution or several.
var shardInputs = []struct{ name, from, extra string }{
	{"a.txt", "errors.txt", ""},
	{"b.txt", "p096_sudoku.txt:1-40", ""},
	{"c.csv", "kaggle_1k.csv:1-9", ""},
	{"d.txt", "sukaku.txt:3-3", "" +
		"123456780000000009000000000000000000000000000000000000000000000000000000000000000\n" + // no solution
		"100000000000000000000000000000000000000000000000000000000000000000000000000000000\n" + // many
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300\n"},
}

// shardRun is one run of the binary: what it wrote and its exit status.
type shardRun struct {
	out, errs []string
	code      int
}

func runBinary(t *testing.T, bin, dir string, env []string, args ...string) shardRun {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("sudoku %s: %v", strings.Join(args, " "), err)
	}
	return shardRun{lines(out.String()), lines(errb.String()), code}
}

// TestShardUnion runs each batch command on the test inputs, whole and as
// n shards (--shard i/n, or auto/n from JOB_COMPLETION_INDEX or
// SLURM_ARRAY_TASK_ID), and wants the shards' outputs together to be the
// whole run's, line for line once sorted, with the same errors on standard
// error (each reported by one shard, with its line in its file), and a
// shard exiting 1 exactly when it reported one. Each shard's CSV has its
// header; canon --dedupe wants the union deduplicated (sort -u), as its
// help says.
func TestShardUnion(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	var files []string
	for _, in := range shardInputs {
		file, span, _ := strings.Cut(in.from, ":")
		data, err := os.ReadFile(testdata + file)
		if err != nil {
			t.Fatal(err)
		}
		if span != "" {
			var from, to int
			if _, err := fmt.Sscanf(span, "%d-%d", &from, &to); err != nil {
				t.Fatal(err)
			}
			all := strings.SplitAfter(string(data), "\n")
			data = []byte(strings.Join(all[from-1:to], ""))
		}
		data = append(data, in.extra...)
		if err := os.WriteFile(filepath.Join(dir, in.name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, in.name)
	}
	tests := []struct {
		args   []string
		reads  bool // the command reads the files (all but generate)
		dedupe bool
	}{
		{[]string{"solve"}, true, false},
		{[]string{"solve", "--unique", "--json", "-j", "1"}, true, false},
		{[]string{"count", "--limit", "3"}, true, false},
		{[]string{"rate"}, true, false},
		{[]string{"rate", "--format", "csv", "-j", "1"}, true, false},
		{[]string{"filter"}, true, false},
		{[]string{"filter", "--level", "easy,medium", "--json"}, true, false},
		{[]string{"canon"}, true, false},
		{[]string{"canon", "--json"}, true, false},
		{[]string{"canon", "--dedupe"}, true, true},
		{[]string{"shuffle", "--seed", "7"}, true, false},
		{[]string{"generate", "-n", "9", "--seed", "5", "--json"}, false, false},
	}
	for _, tt := range tests {
		args := tt.args
		if tt.reads {
			args = append(slices.Clone(args), files...)
		}
		name := strings.Join(tt.args, " ")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			whole := runBinary(t, bin, dir, nil, args...)
			if len(whole.out) == 0 {
				t.Fatalf("sudoku %s: no output", name)
			}
			if tt.reads && (whole.code != exitFailed || len(whole.errs) < 5) {
				// The inputs hold bad records: the comparison of errors
				// would prove nothing without them.
				t.Fatalf("sudoku %s: exit %d, %d errors; want 1 and the inputs' errors", name, whole.code, len(whole.errs))
			}
			if !tt.reads && (whole.code != exitOK || len(whole.out) != 9) {
				t.Fatalf("sudoku %s: exit %d, %d puzzles", name, whole.code, len(whole.out))
			}
			// Each shard's CSV is a whole file, with its header.
			header := ""
			if slices.Contains(tt.args, "csv") {
				header, whole.out = whole.out[0], whole.out[1:]
			}
			for _, n := range []int{1, 2, 3, 7} {
				var out, errs []string
				failed := false
				for i := range n {
					flag, env := fmt.Sprintf("--shard=%d/%d", i, n), []string(nil)
					switch n {
					case 3:
						flag, env = fmt.Sprintf("--shard=auto/%d", n), []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)}
					case 7:
						flag, env = fmt.Sprintf("--shard=auto/%d", n), []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i)}
					}
					r := runBinary(t, bin, dir, env, slices.Insert(slices.Clone(args), 1, flag)...)
					if want := min(len(r.errs), 1); r.code != want {
						t.Errorf("sudoku %s %s: exit %d with %d errors, want %d", flag, name, r.code, len(r.errs), want)
					}
					if header != "" && len(r.out) > 0 {
						if r.out[0] != header {
							t.Errorf("sudoku %s %s: CSV begins %q, want the header %q", flag, name, r.out[0], header)
						}
						r.out = r.out[1:]
					}
					failed = failed || r.code != 0
					out = append(out, r.out...)
					errs = append(errs, r.errs...)
				}
				want := slices.Sorted(slices.Values(whole.out))
				slices.Sort(out)
				if tt.dedupe {
					out = slices.Compact(out)
				}
				if !slices.Equal(out, want) {
					t.Errorf("sudoku %s, %d shards: the union of the outputs\n%s\nwant\n%s", name, n, strings.Join(out, "\n"), strings.Join(want, "\n"))
				}
				slices.Sort(errs)
				if want := slices.Sorted(slices.Values(whole.errs)); !slices.Equal(errs, want) {
					t.Errorf("sudoku %s, %d shards: the union of the errors\n%s\nwant\n%s", name, n, strings.Join(errs, "\n"), strings.Join(want, "\n"))
				}
				if failed != (whole.code != 0) {
					t.Errorf("sudoku %s, %d shards: a shard failed: %v; the whole run exits %d", name, n, failed, whole.code)
				}
			}
		})
	}
}

// TestShardInputError checks that an input that cannot be read, which is
// no record of any shard, is reported by every shard.
func TestShardInputError(t *testing.T) {
	for i := range 2 {
		code, out, errs := sudokuRun(t, "", "count", fmt.Sprintf("--shard=%d/2", i), testdata+"errors.txt", "missing.txt")
		if code != exitFailed || !strings.Contains(errs, "missing.txt: no such file") || out == "" {
			t.Errorf("count --shard %d/2 with a missing file = %d\nstdout %q\nstderr %q", i, code, out, errs)
		}
	}
}

// TestShardFlag checks what --shard accepts and how it refuses the rest:
// one line naming the flag, and where the help is.
func TestShardFlag(t *testing.T) {
	for _, name := range shardEnv {
		t.Setenv(name, "") // set below where a test needs one
		os.Unsetenv(name)
	}
	tests := []struct {
		env  map[string]string
		args []string
		code int
		err  string // the first line of standard error, or ""
		out  []string
	}{
		{nil, []string{"count", "--shard", "0/1", "1........" + strings.Repeat(".", 72)}, exitOK, "", []string{"2"}},
		{nil, []string{"count", "--shard", "1/2", "1........" + strings.Repeat(".", 72)}, exitOK, "", nil},
		{nil, []string{"solve", "--shard", "2/2"}, exitUsage, `sudoku solve: invalid value "2/2" for --shard: want I from 0 to 1: shards count from 0, as JOB_COMPLETION_INDEX does`, nil},
		{nil, []string{"rate", "--shard", "-1/2"}, exitUsage, `sudoku rate: invalid value "-1/2" for --shard: want I from 0 to 1: shards count from 0, as JOB_COMPLETION_INDEX does`, nil},
		{nil, []string{"count", "--shard", "0/0"}, exitUsage, `sudoku count: invalid value "0/0" for --shard: want N of 1 or more (N is the number of shards)`, nil},
		{nil, []string{"filter", "--shard", "3"}, exitUsage, `sudoku filter: invalid value "3" for --shard: want I/N (the I-th of N slices, counting from 0, such as 0/4 to 3/4) or auto/N`, nil},
		{nil, []string{"canon", "--shard", "a/b"}, exitUsage, `sudoku canon: invalid value "a/b" for --shard: want I/N (the I-th of N slices, counting from 0, such as 0/4 to 3/4) or auto/N`, nil},
		{nil, []string{"canon", "--shard", "/2"}, exitUsage, `sudoku canon: invalid value "/2" for --shard: want I/N (the I-th of N slices, counting from 0, such as 0/4 to 3/4) or auto/N`, nil},
		{nil, []string{"solve", "--shard"}, exitUsage, `sudoku solve: --shard needs a value: want I/N`, nil},
		{nil, []string{"count", "--shard", "auto/4"}, exitUsage, `sudoku count: invalid value "auto/4" for --shard: auto reads the index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, and neither is set`, nil},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "4"}, []string{"count", "--shard", "auto/4"}, exitUsage, `sudoku count: invalid value "auto/4" for --shard: SLURM_ARRAY_TASK_ID is 4, want 0 to 3 (run the array as --array=0-3)`, nil},
		{map[string]string{"JOB_COMPLETION_INDEX": "x"}, []string{"count", "--shard", "auto/4"}, exitUsage, `sudoku count: invalid value "auto/4" for --shard: JOB_COMPLETION_INDEX is "x", not a whole number`, nil},
		// Kubernetes' index comes first where both are set.
		{map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "0"}, []string{"count", "--shard", "auto/2", "1........" + strings.Repeat(".", 72), "12......." + strings.Repeat(".", 72)}, exitOK, "", []string{"2"}},
		{nil, []string{"generate", "--shard", "0/2"}, exitUsage, `sudoku generate: --shard needs --seed (not 0): every shard makes its puzzles from the seeds of one run`, nil},
		{nil, []string{"shuffle", "--shard", "0/2", "1........" + strings.Repeat(".", 72)}, exitUsage, `sudoku shuffle: --shard needs --seed (not 0): every shard shuffles with the seeds of one run`, nil},
		{nil, []string{"generate", "-n", "2", "--seed", "1", "--shard", "5/7"}, exitOK, "", nil},
	}
	for _, tt := range tests {
		for k, v := range tt.env {
			os.Setenv(k, v)
		}
		code, out, errs := sudokuRun(t, "", tt.args...)
		for k := range tt.env {
			os.Unsetenv(k)
		}
		wantErr := ""
		if tt.err != "" {
			wantErr = tt.err + "\nsee 'sudoku " + tt.args[0] + " --help'\n"
		}
		if code != tt.code || errs != wantErr || !slices.Equal(lines(out), tt.out) {
			t.Errorf("%v sudoku %s = %d\nstdout %q\nstderr %q\nwant %d, %q, stderr %q", tt.env, strings.Join(tt.args, " "), code, out, errs, tt.code, tt.out, wantErr)
		}
	}
}
