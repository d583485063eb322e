package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godoku/sudoku/internal/race"
	"github.com/godoku/sudoku/server"
)

// startServe runs "sudoku serve" on a loopback port with the flags, and
// returns it with the address it listens on. It is killed when the test
// ends, if it is still running.
func startServe(t *testing.T, flags ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--quiet"}, flags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	_, addr, ok := strings.Cut(line, "http://")
	if err != nil || !ok {
		t.Fatalf("serve said %q, %v", line, err)
	}
	go io.Copy(io.Discard, r)
	catchesInterrupt(t, cmd)
	return cmd, strings.TrimSuffix(strings.Fields(addr)[0], "/")
}

// rssOf returns the resident memory of a process, in bytes.
func rssOf(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skip("no /proc here")
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.Fields(v)[0])
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Skip("no VmRSS in /proc")
	return 0
}

// TestServeManyIdleConns opens 2,000 keep-alive connections from one
// client to the server with its default limits, each idle after one
// request: it keeps its share of them open and its memory stays within
// 10 MB of where it started (10,000 took it from 21 to 216 MB before).
func TestServeManyIdleConns(t *testing.T) {
	const n = 2000
	cmd, addr := startServe(t)
	get := func(c net.Conn) (*bufio.Reader, *http.Response, error) {
		c.SetDeadline(time.Now().Add(race.Scale(20 * time.Second)))
		io.WriteString(c, "GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n")
		br := bufio.NewReader(c)
		res, err := http.ReadResponse(br, nil)
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return br, res, err
	}
	warm, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	get(warm)
	warm.Close()
	time.Sleep(100 * time.Millisecond)
	before := rssOf(t, cmd.Process.Pid)
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	statuses := map[int]int{}
	for i := range n {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		conns = append(conns, c)
		if _, res, err := get(c); err == nil {
			statuses[res.StatusCode]++
		} else {
			statuses[0]++ // closed for a newer one, before it could ask
		}
	}
	open := 0
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				open++
			}
		}
	}
	after := rssOf(t, cmd.Process.Pid)
	t.Logf("%d connections: statuses %v, %d still open; RSS %.1f MB before, %.1f MB after", n, statuses, open,
		float64(before)/(1<<20), float64(after)/(1<<20))
	if open > server.DefaultMaxConnsPerClient || after-before > 10<<20 {
		t.Errorf("%d idle connections from one client: %d open (at most %d), RSS %.1f -> %.1f MB (at most 10 MB more)",
			n, open, server.DefaultMaxConnsPerClient, float64(before)/(1<<20), float64(after)/(1<<20))
	}
	if statuses[200] < n/2 {
		t.Errorf("statuses %v: each new connection should be served, in the place of an idle one", statuses)
	}
}

// TestServeTermWithSilentConn sends SIGTERM to a server holding a
// connection that has sent nothing: it exits 0 at once (after 4.7 s
// before).
func TestServeTermWithSilentConn(t *testing.T) {
	cmd, addr := startServe(t)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	time.Sleep(100 * time.Millisecond) // accepted
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	if code := exit(t, cmd, 5*time.Second); code != 0 || time.Since(start) > time.Second {
		t.Errorf("SIGTERM with a silent connection: exit %d after %v, want 0 at once", code, time.Since(start))
	}
}

// TestServeTermWithLongRequest sends SIGTERM while a request runs that
// would take longer than the grace period: it is answered 503 before the
// grace period ends, and the server exits 0 (it answered nothing and
// exited 1 before).
func TestServeTermWithLongRequest(t *testing.T) {
	cmd, addr := startServe(t, "--shutdown-timeout", "1s", "--timeout", "30s", "--max-count", "1000000000000")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `{"puzzle":"` + strings.Repeat(".", 81) + `","limit":1000000000000}`
	before := cpuTicks(cmd.Process.Pid)
	fmt.Fprintf(c, "POST /api/count HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	// Under way once the idle server has spent a tenth of a second of CPU
	// on it: a fixed 200 ms sleep was too short on a loaded machine, and
	// the SIGTERM then found a connection that had sent nothing yet.
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && cpuTicks(cmd.Process.Pid)-before < 10; {
		time.Sleep(20 * time.Millisecond)
	}
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the running request got no answer: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || time.Since(start) > time.Second {
		t.Errorf("the running request: %s after %v, want 503 within the grace period of 1s", res.Status, time.Since(start))
	}
	if code := exit(t, cmd, 3*time.Second); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

// cpuTicks returns the CPU time the process has used, in clock ticks
// (utime and stime of /proc/PID/stat, a hundredth of a second each on
// Linux); without /proc it grows by 10 at each call, so that a wait on it
// ends after two calls.
func cpuTicks(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if i := bytes.LastIndexByte(b, ')'); err == nil && i > 0 {
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 12 {
			u, _ := strconv.Atoi(f[11])
			s, _ := strconv.Atoi(f[12])
			return u + s
		}
	}
	fakeTicks += 10
	return fakeTicks
}

// fakeTicks is cpuTicks' count where there is no /proc.
var fakeTicks int
