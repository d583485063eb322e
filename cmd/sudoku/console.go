package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/term"
)

// stdio is where a command reads and writes, and what kind of file each
// is; tests replace it.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// inTTY, outTTY and errTTY say which of them are terminals.
	inTTY, outTTY, errTTY bool
	// sameFile says that standard output and standard error end up in
	// the same place: one terminal, one pipe or one file (2>&1).
	sameFile bool
}

// osStdio returns the process's standard files.
func osStdio() *stdio {
	return &stdio{
		in: os.Stdin, out: os.Stdout, err: os.Stderr,
		inTTY:    term.IsTerminal(int(os.Stdin.Fd())),
		outTTY:   term.IsTerminal(int(os.Stdout.Fd())),
		errTTY:   term.IsTerminal(int(os.Stderr.Fd())),
		sameFile: sameFile(os.Stdout, os.Stderr),
	}
}

// sameFile reports whether two open files are the same file, pipe or
// terminal.
func sameFile(a, b *os.File) bool {
	sa, err := a.Stat()
	if err != nil {
		return false
	}
	sb, err := b.Stat()
	return err == nil && os.SameFile(sa, sb)
}

// eraseLine goes back to the start of the terminal's line and erases it.
const eraseLine = "\r\033[K"

// eraseLine returns what clears the progress line before a message that
// may interrupt it: a carriage return and "erase to end of line" on a
// terminal, and nothing elsewhere, where escape codes would only be noise
// in a log.
func (s *stdio) eraseLine() string {
	if s.errTTY {
		return eraseLine
	}
	return ""
}

// A console is the one way a command writes to standard output and
// standard error. It keeps three promises:
//
//   - on a terminal, each record is shown as soon as it is written; to
//     pipes and files, output is block-buffered, and flushed whenever the
//     command would wait;
//   - the progress line lives on standard error only when that is a
//     terminal, and is cleared before anything else is written there (or
//     to standard output on the same screen), then drawn again;
//   - a failure to write standard output is kept (see Err), so that the
//     command reports it and stops, instead of losing output silently.
//
// Its methods are safe for concurrent use.
type console struct {
	mu       sync.Mutex
	std      *stdio
	out      *bufio.Writer
	progress string // the progress line on show, or ""
	outErr   error  // the first error writing standard output
	unsaid   int    // failures said in their records alone (see Failure)
	// failed is set with outErr, so that Err, called after every record,
	// need not take the lock while all is well.
	failed atomic.Bool
}

func newConsole(std *stdio) *console {
	return &console{std: std, out: bufio.NewWriterSize(std.out, 64<<10)}
}

// Write writes a record (or any text) to standard output. On a terminal
// it is flushed at once. It returns the first write error of standard
// output, which stays set.
func (c *console) Write(b []byte) (int, error) {
	c.mu.Lock()
	// Unlocked by hand rather than deferred: canon writes a record in
	// less time than a deferred call takes.
	if c.outErr != nil {
		c.mu.Unlock()
		return 0, c.outErr
	}
	if c.std.outTTY {
		c.clearProgressLocked()
	}
	n, err := c.out.Write(b)
	if err == nil && c.std.outTTY {
		err = c.out.Flush()
	}
	if err != nil {
		c.setErr(err)
	}
	c.mu.Unlock()
	return n, err
}

// setErr keeps the first error writing standard output; c.mu is held.
func (c *console) setErr(err error) {
	if c.outErr == nil {
		c.outErr = err
		c.failed.Store(true)
	}
}

// Flush writes out what standard output holds.
func (c *console) Flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.outErr != nil {
		return c.outErr
	}
	if err := c.out.Flush(); err != nil {
		c.setErr(err)
	}
	return c.outErr
}

// Err returns the first error writing standard output, or nil.
func (c *console) Err() error {
	if !c.failed.Load() {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.outErr
}

// Errorf writes a line to standard error, clearing the progress line
// first.
func (c *console) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgressLocked()
	fmt.Fprintf(c.std.err, format+"\n", args...)
}

// Failure says that a puzzle failed, whose record on standard output says
// why, so that a person reads each failure once. Where standard output and
// standard error end up decides:
//
//   - the same place (one terminal, or 2>&1 into one pipe or file): the
//     record says it, and nothing more is said;
//   - standard output to a pipe or file, standard error on a terminal
//     (| less, > out.txt): the record says it; a pipe may well end on the
//     same screen, so the terminal gets one line at the end, with the
//     count (see Unsaid);
//   - anywhere else (2> errors.log, or both to files of their own): a
//     "file:line: reason" line on standard error too, for the log.
func (c *console) Failure(where, reason string) {
	if c.std.sameFile || !c.std.outTTY && c.std.errTTY {
		c.mu.Lock()
		c.unsaid++
		c.mu.Unlock()
		return
	}
	c.Errorf("%s: %s", where, reason)
}

// Unsaid returns the number of failures whose records alone said why, to
// a terminal that did not show the records themselves; 0 elsewhere.
func (c *console) Unsaid() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.std.sameFile {
		return 0
	}
	return c.unsaid
}

// Progress shows text as the progress line, on a terminal's standard
// error only.
func (c *console) Progress(text string) {
	if !c.std.errTTY {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.std.outTTY {
		// Records already written must be on screen before the line
		// that follows them.
		if err := c.out.Flush(); err != nil {
			c.setErr(err)
		}
	}
	fmt.Fprint(c.std.err, eraseLine, text)
	c.progress = text
}

// ClearProgress removes the progress line.
func (c *console) ClearProgress() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearProgressLocked()
}

func (c *console) clearProgressLocked() {
	if c.progress != "" {
		fmt.Fprint(c.std.err, eraseLine)
		c.progress = ""
	}
}

// checkedWriter keeps the first error writing standard output, so that
// run reports it for every command alike, and fails every later write.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	if err != nil {
		c.err = err
	}
	return n, err
}

// reportWriteError says that standard output could not be written, unless
// it was a closed pipe: the reader has had enough, as with "| head", and
// the command ends quietly.
func reportWriteError(std *stdio, name string, err error) {
	if !errors.Is(err, syscall.EPIPE) {
		fmt.Fprintf(std.err, "%ssudoku %s: writing output: %v\n", std.eraseLine(), name, unwrapPath(err))
	}
}

// unwrapPath drops the "write /dev/stdout:" prefix of an *os.PathError,
// which says nothing a person needs.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
