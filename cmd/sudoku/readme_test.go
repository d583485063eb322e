package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
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
// stands for any number of lines, and a line ending in " ..." for any line
// that starts with what comes before (figures that change from run to run,
// as bench's).
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
	if len(got) == 0 {
		return false
	}
	if prefix, ok := strings.CutSuffix(want[0], " ..."); ok {
		return strings.HasPrefix(got[0], prefix) && matches(got[1:], want[1:])
	}
	return got[0] == want[0] && matches(got[1:], want[1:])
}

// TestReadmeExamples runs every example of the README's ```console blocks
// with the built binary, from the repository's root, and checks that it
// prints what the README shows (standard output only; "$ echo $?" shows
// the exit status). A block that starts a server is TestReadmeServe's.
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
		if len(block) > 0 && strings.HasPrefix(block[0].cmd, "sudoku serve") {
			continue
		}
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

// TestReadmeServe runs the README's "sudoku serve" example, on a free port
// of the loopback address instead of the one it names, and checks that it
// says what the README shows, then stops on Ctrl-C.
func TestReadmeServe(t *testing.T) {
	n := 0
	for _, block := range readmeExamples(t, "../../README.md") {
		for _, ex := range block {
			if !strings.HasPrefix(ex.cmd, "sudoku serve") {
				continue
			}
			n++
			if len(ex.want) != 1 {
				t.Fatalf("README.md:%d: want one line under %q", ex.line, ex.cmd)
			}
			_, port, err := net.SplitHostPort(addrOf(t, strings.Fields(ex.cmd)))
			if err != nil {
				t.Fatalf("README.md:%d: %v", ex.line, err)
			}
			free := freePort(t)
			args := strings.Fields(strings.ReplaceAll(ex.cmd, ":"+port, ":"+free))[2:]
			want := strings.ReplaceAll(ex.want[0], ":"+port+"/", ":"+free+"/")
			if got := serveSays(t, args); got != want {
				t.Errorf("README.md:%d: $ %s\nsays %q\nthe README shows %q", ex.line, ex.cmd, got, want)
			}
		}
	}
	if n == 0 {
		t.Fatal("no sudoku serve example in the README")
	}
}

// addrOf returns the --addr of a serve command line, or its default.
func addrOf(t *testing.T, args []string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--addr="); ok {
			return v
		}
		if a == "--addr" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return "127.0.0.1:8080"
}

// freePort returns a port of the loopback address that was free a moment
// ago.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// serveSays starts "sudoku serve" with args, returns the first line it
// says, and stops it with an interrupt, which must end it with status 0.
func serveSays(t *testing.T, args []string) string {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	catchesInterrupt(t, cmd)
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Errorf("sudoku serve %s: %v", strings.Join(args, " "), err)
	}
	cmd.Process.Signal(os.Interrupt)
	if code := exit(t, cmd, 10*time.Second); code != exitOK {
		t.Errorf("sudoku serve %s: exit %d after Ctrl-C, want 0", strings.Join(args, " "), code)
	}
	return strings.TrimSuffix(line, "\n")
}

// helpFiles are the files that the examples of --help name, made from the
// test data for TestHelpExamples: a person runs the examples on files of
// their own.
var helpFiles = map[string]string{
	"puzzles.txt":                 "../../testdata/norvig_top95.txt",
	"collection.txt":              "../../testdata/norvig_top95.txt",
	"puzzle.txt":                  "../../testdata/norvig_hardest11.txt:1",
	"marks.txt":                   "../../testdata/sukaku.txt:4-17",
	"p096_sudoku.txt":             "../../testdata/p096_sudoku.txt",
	"a.txt":                       "../../testdata/norvig_hardest11.txt:1",
	"b.txt":                       "../../testdata/norvig_hardest11.txt:1",
	"puzzles2_17_clue.txt":        "../../testdata/17clue_1000.txt",
	"puzzles7_serg_benchmark.txt": "../../testdata/serg_multi_200.txt",
}

// helpExamples returns the example command lines of a command's --help:
// the indented lines under a line that starts with "Example" and ends
// with a colon.
func helpExamples(help string) []string {
	var ex []string
	in := false
	for _, l := range strings.Split(help, "\n") {
		switch {
		case strings.HasPrefix(l, "Example") && strings.HasSuffix(l, ":"):
			in = true
		case in && strings.HasPrefix(l, "  "):
			ex = append(ex, strings.TrimSpace(l))
		default:
			in = false
		}
	}
	return ex
}

// TestHelpExamples runs every example of every command's --help, in a
// folder holding the files they name, and wants each to succeed without a
// word on standard error. A serve example runs on a free port of the
// loopback address.
func TestHelpExamples(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	for name, src := range helpFiles {
		file, lines, _ := strings.Cut(src, ":")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if lines != "" {
			from, to, _ := strings.Cut(lines, "-")
			a, _ := strconv.Atoi(from)
			b, _ := strconv.Atoi(to)
			all := strings.SplitAfter(string(data), "\n")
			data = []byte(strings.Join(all[a-1:max(a, b)], ""))
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, c := range commands {
		out, err := exec.Command(bin, c.name, "--help").Output()
		if err != nil {
			t.Fatalf("sudoku %s --help: %v", c.name, err)
		}
		examples := helpExamples(string(out))
		if len(examples) == 0 && c.name != "version" {
			t.Errorf("sudoku %s --help shows no example", c.name)
		}
		for _, ex := range examples {
			t.Run(c.name+"/"+ex, func(t *testing.T) {
				t.Parallel()
				if !strings.Contains(ex, "sudoku "+c.name) {
					t.Fatalf("sudoku %s --help: example %q does not run sudoku %s", c.name, ex, c.name)
				}
				if c.name == "serve" {
					args := strings.Fields(ex)[2:]
					addr := addrOf(t, args)
					host, _, _ := net.SplitHostPort(addr)
					if host == "" {
						host = "127.0.0.1"
					}
					args = append(removeFlag(args, "--addr"), "--addr", net.JoinHostPort(host, freePort(t)))
					if got := serveSays(t, args); !strings.Contains(got, "serving the web app") {
						t.Errorf("$ %s says %q", ex, got)
					}
					return
				}
				cmd := exec.Command("sh", "-c", ex)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "PATH="+path)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
				defer timer.Stop()
				if err := cmd.Run(); err != nil || stderr.Len() > 0 {
					t.Errorf("$ %s\n%v\n%s", ex, err, stderr.Bytes())
				}
			})
		}
	}
}

// removeFlag returns args without the flag name and its value.
func removeFlag(args []string, name string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == name:
			i++
		case strings.HasPrefix(args[i], name+"="):
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// TestReadmeGoVersion checks that the README asks for the Go version that
// go.mod names.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod names no Go version")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Go " + string(m[1]) + " or newer"; !bytes.Contains(readme, []byte(want)) {
		t.Errorf("the README does not say %q, as go.mod asks", want)
	}
	if n := bytes.Count(readme, []byte("\n")); n > 450 {
		t.Errorf("the README has %d lines: keep it to what a user needs, and put depth in docs/", n)
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
	for _, c := range []struct {
		got, want []string
		ok        bool
	}{
		{[]string{"file  95  7000  4000"}, []string{"file  95 ..."}, true},
		{[]string{"file  95  7000  4000", "x"}, []string{"file  95 ...", "x"}, true},
		{[]string{"file  96  7000  4000"}, []string{"file  95 ..."}, false},
		{[]string{"file  95  7000  4000"}, []string{"file  95 ...", "x"}, false},
	} {
		if got := matches(c.got, c.want); got != c.ok {
			t.Errorf("matches(%q, %q) = %v", c.got, c.want, got)
		}
	}
}

// TestReadmeUsageLines checks that every command but version has a
// section in the README whose heading is its usage line, as --help shows
// it.
func TestReadmeUsageLines(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands {
		if c.name == "version" {
			continue
		}
		heading := strings.TrimSpace("### `sudoku "+c.name+" "+c.args) + "`\n"
		if !bytes.Contains(readme, []byte(heading)) {
			t.Errorf("the README has no heading %q, the usage line of sudoku %s", strings.TrimSpace(heading), c.name)
		}
	}
}

// TestReadmeCommands checks the commands the README writes outside its
// console blocks, whose output varies or which name files of the reader's
// own: each "sudoku ..." must name a command and flags it takes, with
// values it accepts (it is run with --help added, which parses the flags
// before it), and each "go test" must name a package, and benchmarks or
// fuzz targets, that exist.
func TestReadmeCommands(t *testing.T) {
	bin := binary(t)
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	var prose strings.Builder
	fence := ""
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "```") && fence == "":
			fence = strings.TrimPrefix(l, "```")
		case strings.HasPrefix(l, "```"):
			fence = ""
		case fence == "sh":
			cmd, _, _ := strings.Cut(l, " # ")
			cmds = append(cmds, strings.TrimSpace(cmd))
		case fence == "":
			prose.WriteString(l + " ")
		}
	}
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(prose.String(), -1) {
		cmds = append(cmds, m[1])
	}
	n := 0
	for _, c := range cmds {
		for _, part := range strings.Split(c, " | ") {
			part, _, _ = strings.Cut(part, " > ")
			words := shellWords(strings.TrimPrefix(part, "taskset -c 1 "))
			switch {
			case len(words) == 2 && words[0] == "sudoku" && words[1] == "help":
				n++
				if out, err := exec.Command(bin, "help").Output(); err != nil || !strings.Contains(string(out), "Commands:") {
					t.Errorf("the README's `%s`: %v\n%s", part, err, out)
				}
			case len(words) >= 2 && words[0] == "sudoku" && lookup(words[1]) != nil:
				n++
				out, err := exec.Command(bin, append(words[1:], "--help")...).CombinedOutput()
				if err != nil || !strings.HasPrefix(string(out), "Usage: sudoku "+words[1]) {
					t.Errorf("the README's `%s`: %v\n%s", part, err, out)
				}
			case len(words) >= 2 && words[0] == "sudoku" && words[1] != strings.ToUpper(words[1]) && !strings.HasSuffix(words[1], ":"):
				t.Errorf("the README's `%s` names no command", part) // COMMAND is a placeholder, "solve:" a message
			case len(words) >= 2 && words[0] == "go" && words[1] == "test":
				n++
				checkGoTest(t, words[2:])
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d commands found in the README", n)
	}
}

// shellWords splits a command line as sh would, for the quotes the README
// uses.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

// checkGoTest checks that the package of a go test command line exists,
// and the benchmark or fuzz target it names, unless a pattern.
func checkGoTest(t *testing.T, args []string) {
	t.Helper()
	pkg := "."
	var names []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-bench" || a == "-fuzz":
			if i+1 < len(args) && regexp.MustCompile(`^\w+$`).MatchString(args[i+1]) {
				prefix := map[string]string{"-bench": "Benchmark", "-fuzz": ""}[a]
				names = append(names, prefix+args[i+1])
			}
			i++
		case a == "-run" || a == "-fuzztime" || a == "-benchtime":
			i++
		case !strings.HasPrefix(a, "-"):
			pkg = a
		}
	}
	dir := filepath.Join("../..", strings.TrimSuffix(pkg, "/..."))
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if len(files) == 0 {
		t.Errorf("the README's go test %s: no tests in %s", strings.Join(args, " "), pkg)
		return
	}
	var src strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(f)
		src.Write(b)
	}
	for _, name := range names {
		if !regexp.MustCompile(`func ` + name + `\w*\(`).MatchString(src.String()) {
			t.Errorf("the README's go test %s: %s has no %s", strings.Join(args, " "), pkg, name)
		}
	}
}
