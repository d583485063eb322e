package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docBlocks returns the fenced blocks of a Markdown file whose info string
// is lang, in order.
func docBlocks(t *testing.T, file, lang string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	fence := ""
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case fence == "" && strings.HasPrefix(l, "```"):
			fence, cur = strings.TrimPrefix(l, "```"), nil
		case fence != "" && l == "```":
			if fence == lang {
				blocks = append(blocks, strings.Join(cur, "\n")+"\n")
			}
			fence = ""
		case fence != "":
			cur = append(cur, l)
		}
	}
	return blocks
}

// containerScript returns the script of the Job manifest's container: the
// block scalar under its args.
func containerScript(t *testing.T, manifest string) string {
	t.Helper()
	lines := strings.Split(manifest, "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "- |" })
	if start < 0 {
		t.Fatal("docs/batch.md: the manifest has no script (args: - |)")
	}
	var script []string
	indent := -1
	for _, l := range lines[start+1:] {
		n := len(l) - len(strings.TrimLeft(l, " "))
		if indent < 0 {
			indent = n
		}
		if strings.TrimSpace(l) != "" && n < indent {
			break
		}
		script = append(script, strings.TrimPrefix(l, strings.Repeat(" ", indent)))
	}
	return strings.Join(script, "\n")
}

// TestBatchDocScripts runs the Kubernetes Job's container script and the
// Slurm array script of docs/batch.md as written, but for /data, which is
// a folder of the test's: once per index, with the variable that
// Kubernetes or Slurm would set, then the page's merge command, and wants
// what the whole run prints, line for line and in order.
func TestBatchDocScripts(t *testing.T) {
	bin := binary(t)
	const doc = "../../docs/batch.md"
	yaml := docBlocks(t, doc, "yaml")
	slurm := docBlocks(t, doc, "bash")
	var merges []string
	for _, b := range docBlocks(t, doc, "sh") {
		if strings.Contains(b, "rated.txt") {
			merges = append(merges, b)
		}
	}
	if len(yaml) != 1 || len(slurm) != 1 || len(merges) != 2 {
		t.Fatalf("docs/batch.md: %d yaml, %d bash blocks and %d merges; want 1, 1 and 2", len(yaml), len(slurm), len(merges))
	}
	job := containerScript(t, yaml[0])

	// The number of shards, which the manifest, the script, --shard and
	// the merge must agree on.
	number := func(re, text string) int {
		m := regexp.MustCompile(re).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("docs/batch.md: no %s", re)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	n := number(`auto/(\d+)`, job)
	for _, c := range []struct{ what, re, text string }{
		{"completions", `completions: (\d+)`, yaml[0]},
		{"parallelism", `parallelism: (\d+)`, yaml[0]},
		{"the Slurm shards", `auto/(\d+)`, slurm[0]},
	} {
		if got := number(c.re, c.text); got != n {
			t.Errorf("docs/batch.md: %s %d, want %d as auto/%d", c.what, got, n, n)
		}
	}
	if got := number(`--array=0-(\d+)`, slurm[0]) + 1; got != n {
		t.Errorf("docs/batch.md: --array runs %d tasks, want %d", got, n)
	}
	for _, m := range merges {
		if got := number(`seq -f '\S+' 0 (\d+)`, m) + 1; got != n {
			t.Errorf("docs/batch.md: the merge takes %d files, want %d", got, n)
		}
	}

	dir := t.TempDir()
	for _, d := range []string{"bin", "in", "out"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(bin, filepath.Join(dir, "bin", "sudoku")); err != nil {
		t.Fatal(err)
	}
	// Bad lines too, so that some shards exit 1 and the scripts must
	// still succeed.
	var input []byte
	for _, f := range []string{"errors.txt", "p096_sudoku.txt"} {
		b, err := os.ReadFile(testdata + f)
		if err != nil {
			t.Fatal(err)
		}
		input = append(input, b...)
	}
	puzzles := filepath.Join(dir, "in", "puzzles.txt")
	if err := os.WriteFile(puzzles, input, 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := exec.Command(bin, "rate", puzzles).Output()
	if len(whole) == 0 || err == nil {
		t.Fatalf("sudoku rate %s: %v, %d bytes; want exit 1 for the bad lines", puzzles, err, len(whole))
	}
	atDir := func(script string) string { return strings.ReplaceAll(script, "/data/", dir+"/") }
	// env is the environment without the variables of a scheduler.
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "JOB_COMPLETION_INDEX=") && !strings.HasPrefix(kv, "SLURM_") {
			env = append(env, kv)
		}
	}
	for _, run := range []struct {
		name, shell, script, index, merge string
	}{
		{"kubernetes", "sh", job, "JOB_COMPLETION_INDEX", merges[0]},
		{"slurm", "bash", slurm[0], "SLURM_ARRAY_TASK_ID", merges[1]},
	} {
		out := filepath.Join(dir, "out")
		os.RemoveAll(out)
		os.Mkdir(out, 0o755)
		for i := range n {
			cmd := exec.Command(run.shell, "-c", atDir(run.script))
			cmd.Env = append(env, run.index+"="+strconv.Itoa(i))
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("docs/batch.md, %s, index %d: %v\n%s", run.name, i, err, b)
			}
		}
		cmd := exec.Command("sh", "-c", atDir(run.merge))
		errs, err := cmd.Output()
		if err != nil {
			t.Fatalf("docs/batch.md, %s merge: %v", run.name, err)
		}
		got, err := os.ReadFile(filepath.Join(out, "rated.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(whole) {
			t.Errorf("docs/batch.md, %s: the merged output\n%s\nwant\n%s", run.name, got, whole)
		}
		if !strings.Contains(string(errs), "puzzles.txt:3: line 3, column 81") {
			t.Errorf("docs/batch.md, %s: the merge shows the errors\n%s", run.name, errs)
		}
	}
}
