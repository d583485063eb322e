package main

// Tests that run the built binary the way a person does: on a terminal
// (a pseudo-terminal), in pipes, with output to a full disk, interrupted,
// and fed enormous input. Each run is bounded in time.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/godoku/sudoku/canon"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds the sudoku command once for all the tests.
func binary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudoku-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "sudoku")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("building sudoku: %v", binErr)
	}
	return binPath
}

// terminal runs sudoku with standard input, output and error on one
// pseudo-terminal, as in a shell, and returns the terminal and the command.
func terminal(t *testing.T, args ...string) (*os.File, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 200})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
	})
	return tty, cmd
}

// errTerminal runs sudoku with standard error on a pseudo-terminal and
// standard output to a pipe, as in "sudoku ... | less", and returns the
// command, what the terminal shows and what the pipe gets (complete once
// the command has ended).
func errTerminal(t *testing.T, args ...string) (*exec.Cmd, *screen, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	out := new(bytes.Buffer)
	cmd.Stdout = out
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ptmx.Close() })
	cmd.Stderr = tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	tty.Close()
	return cmd, watch(ptmx), out
}

// screen collects what a terminal shows, or what a program writes, as it
// comes.
type screen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	done chan struct{}
}

func watch(r io.Reader) *screen {
	s := &screen{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		b := make([]byte, 4096)
		for {
			n, err := r.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// waitFor waits until the screen shows want, for at most d.
func (s *screen) waitFor(t *testing.T, want string, d time.Duration) bool {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(s.String(), want) {
			return true
		}
	}
	return false
}

// exit waits for cmd to end, for at most d, and returns its exit code.
func exit(t *testing.T, cmd *exec.Cmd, d time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode()
	case <-time.After(d):
		cmd.Process.Kill()
		t.Fatalf("sudoku %v did not end within %v", cmd.Args[1:], d)
		return -1
	}
}

func TestTerminalGenerate(t *testing.T) {
	tty, cmd := terminal(t, "generate", "-n", "3", "--seed", "7")
	s := watch(tty)
	if code := exit(t, cmd, 60*time.Second); code != 0 {
		t.Errorf("generate on a terminal exited %d:\n%s", code, s)
	}
	<-s.done
	out := s.String()
	if strings.Contains(out, "panic") || strings.Count(out, "\n") != 3 {
		t.Errorf("generate on a terminal showed:\n%s", out)
	}
	// Standard error on a character device that is not a terminal.
	out2, err := exec.Command("sh", "-c", binary(t)+" generate -n 20 --seed 7 2>/dev/null").Output()
	if err != nil || strings.Count(string(out2), "\n") != 20 {
		t.Errorf("generate 2>/dev/null: %v, %d lines", err, strings.Count(string(out2), "\n"))
	}
}

func TestTerminalShowsResultsAsTheyCome(t *testing.T) {
	// About 100 hard puzzles take seconds to rate on one thread: the first
	// rating must be on screen while the rest are still being rated.
	tty, cmd := terminal(t, "rate", "-j", "1", testdata+"forum_hardest_500.txt")
	s := watch(tty)
	if !s.waitFor(t, "Extreme", 30*time.Second) {
		t.Fatalf("no rating shown within 30s:\n%s", s)
	}
	catchesInterrupt(t, cmd)
	// Had the ratings been held back to the end, rate would be over now,
	// and the interrupt below would find nothing to stop.
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if code := exit(t, cmd, 10*time.Second); code != 1 {
		t.Errorf("rate interrupted exited %d, want 1", code)
	}
	<-s.done
	lines := rendered(s.String())
	last := ""
	for _, l := range lines {
		if l != "" {
			last = l
		}
	}
	if !strings.Contains(last, "sudoku rate: interrupted") {
		t.Errorf("the last line is %q, want the interruption", last)
	}
	for _, l := range lines {
		// A record never shares its screen line with the progress line,
		// and the progress line does not stay on screen.
		if strings.Contains(l, "rated ") {
			t.Errorf("the progress line stays on screen: %q", l)
		}
	}
}

// rendered returns the lines a terminal shows for out, minding carriage
// returns and "erase to the end of the line" (ESC [ K), which is all the
// progress line uses.
func rendered(out string) []string {
	var lines []string
	for _, raw := range strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
		var line []byte
		at := 0
		for i := 0; i < len(raw); i++ {
			switch {
			case raw[i] == '\r':
				at = 0
			case strings.HasPrefix(raw[i:], "\033[K"):
				line = line[:at]
				i += len("\033[K") - 1
			default:
				if at < len(line) {
					line[at] = raw[i]
				} else {
					line = append(line, raw[i])
				}
				at++
			}
		}
		lines = append(lines, string(line))
	}
	return lines
}

// catchesInterrupt waits until the process has its SIGINT handler in
// place (Linux: the SigCgt mask of /proc/PID/status), so that a test's
// Ctrl-C reaches the program rather than the default action.
func catchesInterrupt(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		if err != nil {
			time.Sleep(time.Second) // no /proc here: give it time instead
			return
		}
		for _, l := range strings.Split(string(b), "\n") {
			if mask, ok := strings.CutPrefix(l, "SigCgt:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(mask), 16, 64); err == nil && m&(1<<(syscall.SIGINT-1)) != 0 {
					return
				}
			}
		}
	}
	t.Fatalf("sudoku %v did not start catching SIGINT within 10s", cmd.Args[1:])
}

// readSyscalls are the numbers of read(2) by GOARCH, as
// /proc/PID/task/TID/syscall shows the call a thread is blocked in.
var readSyscalls = map[string]string{"amd64": "0", "arm64": "63", "386": "3", "arm": "3"}

// readsStdin waits until a thread of the process is blocked reading its
// standard input. The Go runtime catches SIGINT from its start, before
// main's signal.Notify, so catchesInterrupt alone let a Ctrl-C on a loaded
// machine reach the runtime's handler, which ends the program by the
// signal (exit -1 here); a program reading its input has long passed
// signal.Notify.
func readsStdin(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	read, ok := readSyscalls[runtime.GOARCH]
	tasks := fmt.Sprintf("/proc/%d/task", cmd.Process.Pid)
	if _, err := os.Stat(tasks); err != nil || !ok {
		time.Sleep(time.Second) // no way to see it here: give it time instead
		return
	}
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		ids, _ := os.ReadDir(tasks)
		for _, id := range ids {
			b, _ := os.ReadFile(tasks + "/" + id.Name() + "/syscall")
			if f := strings.Fields(string(b)); len(f) > 1 && f[0] == read && f[1] == "0x0" {
				return
			}
		}
	}
	t.Fatalf("sudoku %v did not read its standard input within 10s", cmd.Args[1:])
}

func TestCtrlCWhileReadingTerminal(t *testing.T) {
	// With one job, the goroutine that reads also works and writes (see
	// runAlone), so the commands are tried with -j 1 too.
	for _, args := range [][]string{{"solve"}, {"count"}, {"rate"}, {"hint"}, {"explain"}, {"solve", "-j", "1"}, {"canon", "-j", "1"}} {
		tty, cmd := terminal(t, args...)
		s := watch(tty)
		readsStdin(t, cmd)
		tty.Write([]byte{3}) // Ctrl-C, as the terminal's line discipline sees it
		// A command that kept reading would never end: ten seconds tell it
		// from one that ends at once even on a loaded machine (one second
		// did not, once, at a load of 18 on two cores).
		if code := exit(t, cmd, 10*time.Second); code != 1 {
			t.Errorf("sudoku %v: Ctrl-C while reading the terminal: exit %d, want 1:\n%s", args, code, s)
		}
	}
}

// TestPipeShowsResultsAsTheyCome feeds puzzles one at a time through a
// pipe that stays open: each result must come out before the next puzzle
// goes in, with one job or several.
func TestPipeShowsResultsAsTheyCome(t *testing.T) {
	puzzles := readPuzzles(t, testdata+"17clue_1000.txt")[:3]
	for _, jobs := range []string{"1", "2"} {
		cmd := exec.Command(binary(t), "canon", "-j", jobs)
		in, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		for _, p := range puzzles {
			io.WriteString(in, p.Grid.String()+"\n")
			select {
			case line := <-lines:
				if f, _, err := canon.Form(&p.Grid); err != nil || line != f.String() {
					t.Errorf("canon -j %s: %q for %s, want its form", jobs, line, p.Grid.String())
				}
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("canon -j %s: no output within 10s of a puzzle, its input still open", jobs)
			}
		}
		in.Close()
		if code := exit(t, cmd, 10*time.Second); code != 0 {
			t.Errorf("canon -j %s: exit %d", jobs, code)
		}
	}
}

func TestSecondInterruptExitsAtOnce(t *testing.T) {
	// The first interrupt asks the server to finish its requests; a
	// second one ends it at once.
	cmd := exec.Command(binary(t), "serve", "--addr", "127.0.0.1:0")
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	catchesInterrupt(t, cmd)
	r := bufio.NewReader(stderr)
	if line, err := r.ReadString('\n'); err != nil || !strings.Contains(line, "serving") {
		t.Fatalf("serve said %q, %v", line, err)
	}
	go io.Copy(io.Discard, r)
	cmd.Process.Signal(os.Interrupt)
	time.Sleep(50 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	if code := exit(t, cmd, 5*time.Second); code != exitOK && code != exitKilled {
		t.Errorf("serve after two interrupts exited %d", code)
	}
}

func TestTerminalSaysEachFailureOnce(t *testing.T) {
	bad := "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
	tty, cmd := terminal(t, "solve", bad, "12345678901234567x")
	s := watch(tty)
	if code := exit(t, cmd, 10*time.Second); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	<-s.done
	out := s.String()
	if strings.Count(out, "no solution") != 1 || strings.Count(out, "no such file or puzzle") != 1 {
		t.Errorf("on a terminal each failure should show once:\n%s", out)
	}
}

// TestFailuresSaidOnce runs "solve --unique" on testdata/examples.txt,
// whose last three puzzles fail, with standard output and standard error
// going to each kind of place, and checks that a person reads each failure
// once, as docs/cli.md says.
func TestFailuresSaidOnce(t *testing.T) {
	args := []string{"solve", "--unique", testdata + "examples.txt"}
	failures := []string{"examples.txt:11: more than one solution", "examples.txt:12: no solution", "examples.txt:13: line 13, column 2"}
	records := func(t *testing.T, out string) {
		t.Helper()
		for _, f := range failures {
			if n := strings.Count(out, "error: "+testdata+f); n != 1 {
				t.Errorf("%d records of %q in the output, want 1:\n%s", n, f, out)
			}
		}
	}

	t.Run("stdout to a pipe, stderr on a terminal", func(t *testing.T) {
		// As in "sudoku solve ... | less": the records may end on the
		// same screen, so the terminal gets one line with the count.
		cmd, s, out := errTerminal(t, args...)
		if code := exit(t, cmd, 10*time.Second); code != exitFailed {
			t.Errorf("exit %d, want 1", code)
		}
		<-s.done
		records(t, out.String())
		if got, want := strings.TrimSpace(s.String()), "sudoku solve: 3 puzzles failed: their records in the output say why"; got != want {
			t.Errorf("the terminal shows %q, want %q", got, want)
		}
	})

	t.Run("both to one pipe", func(t *testing.T) {
		// As in "sudoku solve ... 2>&1 | tee log".
		cmd := exec.Command(binary(t), args...)
		var both bytes.Buffer
		cmd.Stdout, cmd.Stderr = &both, &both
		if err := cmd.Run(); err == nil {
			t.Error("exit 0, want 1")
		}
		records(t, both.String())
		if n := strings.Count(both.String(), "examples.txt:1"); n != 3 {
			t.Errorf("the failures are said %d times, want 3:\n%s", n, both.String())
		}
	})

	t.Run("stdout and stderr to files of their own", func(t *testing.T) {
		// As in "sudoku solve ... > out.txt 2> errors.log": the log gets
		// its lines.
		cmd := exec.Command(binary(t), args...)
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err == nil {
			t.Error("exit 0, want 1")
		}
		records(t, out.String())
		if got := lines(errs.String()); len(got) != 3 || !strings.HasSuffix(got[0], failures[0]) || !strings.HasSuffix(got[1], failures[1]) || !strings.Contains(got[2], failures[2]) {
			t.Errorf("standard error %q, want one line for each failure", errs.String())
		}
	})

	t.Run("filter on a terminal", func(t *testing.T) {
		// filter drops a failed puzzle without a record: its line on
		// standard error is the one place where it is said.
		tty, cmd := terminal(t, "filter", testdata+"examples.txt")
		s := watch(tty)
		if code := exit(t, cmd, 10*time.Second); code != exitFailed {
			t.Errorf("exit %d, want 1", code)
		}
		<-s.done
		for _, f := range failures {
			if n := strings.Count(s.String(), f); n != 1 {
				t.Errorf("the terminal shows %q %d times, want once:\n%s", f, n, s)
			}
		}
	})
}

func TestProgressNeverInStdout(t *testing.T) {
	// Standard error on a terminal, standard output to a pipe.
	cmd, s, out := errTerminal(t, "rate", "-j", "1", testdata+"forum_hardest_500.txt")
	if !s.waitFor(t, "rated ", 30*time.Second) {
		t.Fatalf("no progress line on the terminal within 30s: %q", s)
	}
	catchesInterrupt(t, cmd)
	cmd.Process.Signal(os.Interrupt)
	exit(t, cmd, 10*time.Second)
	if strings.Contains(out.String(), "rated") || strings.Contains(out.String(), "\r") || strings.Contains(out.String(), "\033") {
		t.Errorf("the progress line reached standard output: %q", out.String())
	}
	// Nothing but records: ratings, or the record of the puzzle that the
	// interrupt stopped.
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "Extreme ") && !strings.HasPrefix(l, "error: ") {
			t.Errorf("standard output has a line that is no record: %q", l)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	for _, args := range [][]string{
		{"solve", testdata + "norvig_top95.txt"},
		{"count", testdata + "norvig_top95.txt"},
		{"rate", testdata + "easy50.tsv"},
		{"generate", "-n", "3", "--seed", "1"},
		{"solve", "--trace", testdata + "norvig_hardest11.txt"},
		{"explain", "003020600900305001001806400008102900700000008006708200002609500800203009005010300"},
		{"explain", "--se", "003020600900305001001806400008102900700000008006708200002609500800203009005010300"},
		{"rate", "--template", "%g %r/%p/%d %t", testdata + "easy50.tsv"},
		{"hint", "003020600900305001001806400008102900700000008006708200002609500800203009005010300"},
		{"euler96"},
		{"bench", "--time", "1ms"},
		{"bench", "--time", "1ms", "--shuffle", "3"},
		{"version"},
	} {
		cmd := exec.Command(binary(t), args...)
		cmd.Stdout = full
		var errb bytes.Buffer
		cmd.Stderr = &errb
		cmd.Run()
		// Standard error is not a terminal here: the message is one
		// plain line, without the escape codes that clear a progress line.
		want := "sudoku " + args[0] + ": writing output: no space left on device\n"
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.HasSuffix(errb.String(), want) || strings.Contains(errb.String(), "\033") {
			t.Errorf("sudoku %v > /dev/full: exit %d, stderr %q, want it to end %q", args, code, errb.String(), want)
		}
	}
}

func TestClosedPipeIsQuiet(t *testing.T) {
	cmd := exec.Command("sh", "-c", binary(t)+" solve "+testdata+"17clue_1000.txt | head -1")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Count(string(out), "\n") != 1 {
		t.Errorf("solve | head -1: %v\n%s", err, out)
	}
}

// endlessLine writes n bytes of '1' without a line end, then a puzzle.
func endlessLine(w io.WriteCloser, n int) {
	defer w.Close()
	chunk := bytes.Repeat([]byte{'1'}, 1<<16)
	for ; n > 0; n -= len(chunk) {
		if _, err := w.Write(chunk[:min(n, len(chunk))]); err != nil {
			return
		}
	}
	io.WriteString(w, "\n003020600900305001001806400008102900700000008006708200002609500800203009005010300\n")
}

func TestHugeLineMemory(t *testing.T) {
	cmd := exec.Command(binary(t), "solve")
	in, _ := cmd.StdinPipe()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go endlessLine(in, 200<<20)
	if code := exit(t, cmd, 60*time.Second); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if got := out.String(); !strings.Contains(got, "column 82: wrong number of cells: more than 81") ||
		!strings.HasSuffix(got, "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n") {
		t.Errorf("output %q", got)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage on this system")
	}
	if peak := ru.Maxrss << 10; peak > 50<<20 { // Maxrss is in KiB on Linux
		t.Errorf("a 200 MB line took %d MB of memory at peak, want under 50", peak>>20)
	}
}

func TestImpossibleGenerate(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"--clues", "81"}, 2, "81 givens is a solved grid"},
		{[]string{"--clues", "41-45"}, 2, "no minimal puzzle with more than 40 givens"},
		{[]string{"--symmetry", "rot90", "--clues", "17-17", "--timeout", "1s"}, 1, "no puzzle met the options within 1s"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, binary(t), append([]string{"generate"}, c.args...)...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		cmd.Run()
		cancel()
		if code := cmd.ProcessState.ExitCode(); code != c.code || !strings.Contains(errb.String(), c.say) {
			t.Errorf("generate %v: exit %d, stderr %q; want %d and %q", c.args, code, errb.String(), c.code, c.say)
		}
	}
}

func TestRendered(t *testing.T) {
	got := rendered("\r\033[Krated 0 puzzles\r\033[KExtreme 1\nab\rc\r\n")
	if want := []string{"Extreme 1", "cb", ""}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("rendered = %q, want %q", got, want)
	}
}

// TestBinaryStrayLineBeforeGrid runs the built sudoku on a bad line just
// before a nine-line grid, alone and among other puzzles, with one job
// and with several: the line is an error record of its own and the grid
// is solved, in input order. The line once took the grid's first eight
// rows into its error, and the grid came out as "incomplete".
func TestBinaryStrayLineBeforeGrid(t *testing.T) {
	var grid strings.Builder
	for r := range 9 {
		grid.WriteString(euler1[9*r:9*r+9] + "\n")
	}
	sol, err := exec.Command(binary(t), "solve", euler1).Output()
	if err != nil {
		t.Fatal(err)
	}
	input := euler1 + "\n1234\n" + grid.String() + "\n" + euler1 + "\n"
	for _, jobs := range []string{"1", "4"} {
		cmd := exec.Command(binary(t), "solve", "-j", jobs)
		cmd.Stdin = strings.NewReader(input)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Fatalf("-j %s: %v, want exit status 1", jobs, err)
		}
		want := string(sol) + "error: <stdin>:2: line 2: wrong number of cells: 4 in a grid row, want 9 (or 81 on one line)\n" + string(sol) + string(sol)
		if string(out) != want {
			t.Errorf("-j %s: output\n%s\nwant\n%s", jobs, out, want)
		}
		if strings.Count(stderr.String(), "\n") != 1 || !strings.HasPrefix(stderr.String(), "<stdin>:2: line 2:") {
			t.Errorf("-j %s: standard error says\n%s\nwant the one error, at line 2", jobs, stderr.String())
		}
	}
}
