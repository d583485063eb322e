package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A readmeExample is one "$ command" of a ```console block in the README
// with the output shown under it.
type readmeExample struct {
	line int // of the command in the README
	cmd  string
	want []string
}

// readmeExamples returns the examples of the ```console blocks of a
// Markdown file, block by block: the commands of one block run in one
// shell, in order.
func readmeExamples(t *testing.T, file string) [][]readmeExample {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var blocks [][]readmeExample
	var cur []readmeExample
	in := false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case !in && l == "```console":
			in, cur = true, nil
		case in && l == "```":
			in = false
			blocks = append(blocks, cur)
		case in && strings.HasPrefix(l, "$ "):
			cur = append(cur, readmeExample{line: i + 1, cmd: l[2:]})
		case in && len(cur) > 0:
			cur[len(cur)-1].want = append(cur[len(cur)-1].want, l)
		}
	}
	return blocks
}

// matches reports whether got has the lines of want, where a line "..."
// stands for any number of lines.
func matches(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matches(got[k:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matches(got[1:], want[1:])
}

// TestReadmeExamples runs every example of the README's ```console blocks
// with the built binary, from the repository's root, and checks that it
// prints what the README shows (standard output only; "$ echo $?" shows
// the exit status). Examples whose output changes from run to run (speed,
// a server) are in other blocks.
func TestReadmeExamples(t *testing.T) {
	bin := binary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeExamples(t, filepath.Join(root, "README.md"))
	if len(blocks) < 5 {
		t.Fatalf("only %d console blocks in the README", len(blocks))
	}
	for _, block := range blocks {
		var script strings.Builder
		script.WriteString("st=0\n")
		for i, ex := range block {
			// Each command sees the exit status of the one before it, and
			// its output is told apart by a marker line.
			fmt.Fprintf(&script, "printf '\\n@@%d@@\\n'\n(exit $st)\n{ %s\n} 2>/dev/null\nst=$?\n", i, ex.cmd)
		}
		cmd := exec.Command("sh", "-c", script.String())
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, _ := cmd.Output()
		for i, ex := range block {
			_, after, _ := bytes.Cut(out, []byte(fmt.Sprintf("\n@@%d@@\n", i)))
			got, _, _ := bytes.Cut(after, []byte(fmt.Sprintf("\n@@%d@@\n", i+1)))
			gotLines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
			if len(got) == 0 {
				gotLines = nil
			}
			if !matches(gotLines, ex.want) {
				t.Errorf("README.md:%d: $ %s\nprints:\n%s\nthe README shows:\n%s", ex.line, ex.cmd, got, strings.Join(ex.want, "\n"))
			}
		}
	}
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{"a b c", "a b c", true},
		{"a b c", "a ... c", true},
		{"a c", "a ... c", true},
		{"a b c d", "a ...", true},
		{"a b", "a b c", false},
		{"a x c", "a b c", false},
		{"", "", true},
		{"a", "", false},
	} {
		if got := matches(strings.Fields(c.got), strings.Fields(c.want)); got != c.ok {
			t.Errorf("matches(%q, %q) = %v", c.got, c.want, got)
		}
	}
}
