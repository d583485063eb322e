package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

// A record is the output for one input puzzle. Its JSON form is one line of
// the --format json output; see the README for its fields.
type record struct {
	Source string `json:"source"`
	Line   int    `json:"line"`
	Name   string `json:"name,omitempty"`
	Puzzle string `json:"puzzle"`
	// Status is left out by commands that do not look at solutions
	// (canon, shuffle), unless the puzzle cannot be read.
	Status   solver.Status `json:"status,omitempty"`
	Solution string        `json:"solution,omitempty"`
	Count    *int          `json:"count,omitempty"`
	Limit    int           `json:"limit,omitempty"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	// Canonical is the minlex form (canon), Isomorph a random isomorph
	// (shuffle), and Transform what turns the puzzle into either.
	Canonical string            `json:"canonical,omitempty"`
	Isomorph  string            `json:"isomorph,omitempty"`
	Transform *sudoku.Transform `json:"transform,omitempty"`
	Seed      uint64            `json:"seed,omitempty,string"` // shuffle's
	Error     string            `json:"error,omitempty"`
}

// newRecord starts the record of a task: the puzzle as read, or, if it
// could not be read, its text as it stood in the input.
func newRecord(t *task) record {
	r := record{Source: t.src, Line: t.puzzle.Line, Name: t.puzzle.Name, Puzzle: t.puzzle.Grid.String()}
	if t.err != nil {
		r.Puzzle = t.puzzle.Text
		r.Status, r.Error = describe(t.err)
	}
	return r
}

// fail sets the record's status and error from err.
func (r *record) fail(err error) { r.Status, r.Error = describe(err) }

// failed reports whether the record is for a puzzle that failed.
func (r *record) failed() bool { return r.Error != "" }

// describe turns an error about a puzzle into its status and the words
// every command uses for it.
func describe(err error) (solver.Status, string) {
	var pe *sudoku.ParseError
	var ce *sudoku.ConflictError
	var ve *sudoku.CellError
	switch {
	case errors.As(err, &pe), errors.As(err, &ce), errors.As(err, &ve):
		return solver.Invalid, err.Error()
	case errors.Is(err, errNoSolution), errors.Is(err, logic.ErrNoSolution):
		return solver.None, "no solution"
	case errors.Is(err, errMultiple), errors.Is(err, logic.ErrMultipleSolutions):
		return solver.Multiple, "more than one solution"
	case errors.Is(err, context.DeadlineExceeded):
		return solver.Stopped, "stopped: time limit reached"
	case errors.Is(err, context.Canceled):
		return solver.Stopped, "stopped: interrupted"
	}
	return solver.Failed, "internal error: " + err.Error()
}

// Errors for the statuses of a classified puzzle, so that they go through
// describe like any other.
var (
	errNoSolution = errors.New("no solution")
	errMultiple   = errors.New("more than one solution")
)

// statusError returns the error of a status that is a failure, or nil.
func statusError(st solver.Status, err error) error {
	switch st {
	case solver.None:
		return errNoSolution
	case solver.Multiple:
		return errMultiple
	case solver.Invalid, solver.Stopped, solver.Failed:
		return err
	}
	return nil
}

// formats are the values of --format.
var formats = []string{"line", "grid", "json"}

// format is a flag.Value that accepts one of a list of formats.
type format struct {
	value   string
	allowed []string
}

// formatFlag registers --format and its short form -f, defaulting to the
// first of allowed, and --json as a short form of --format json.
func formatFlag(fs *flag.FlagSet, allowed ...string) *format {
	f := &format{allowed[0], allowed}
	fs.Var(f, "format", "output `format`: "+strings.Join(allowed, ", "))
	fs.Var(f, "f", "short for --format")
	fs.Var(jsonFlag{f}, "json", "the same as --format json")
	return f
}

func (f *format) String() string {
	if f == nil {
		return ""
	}
	return f.value
}

func (f *format) Set(s string) error {
	for _, v := range f.allowed {
		if s == v {
			f.value = s
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(f.allowed, ", "))
}

// jsonFlag is --json, which sets the format to json.
type jsonFlag struct{ f *format }

func (j jsonFlag) String() string   { return "false" }
func (j jsonFlag) IsBoolFlag() bool { return true }
func (j jsonFlag) Set(s string) error {
	switch s {
	case "true":
		j.f.value = "json"
	case "false":
	default:
		return errors.New("want true or false")
	}
	return nil
}

// recordWriter writes records to a console in the chosen format, and says
// each failure once where a person sees it.
type recordWriter struct {
	format string
	con    *console
	n      int // records written
	buf    bytes.Buffer
	enc    *json.Encoder
}

func newRecordWriter(format string, con *console) *recordWriter {
	w := &recordWriter{format: format, con: con}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w
}

// write writes r. text is the record in line form; grid, if not nil, is the
// grid shown in grid form. It reports whether the record is a success.
func (w *recordWriter) write(r *record, text string, grid *sudoku.Grid) bool {
	w.buf.Reset()
	where := fmt.Sprintf("%s:%d", r.Source, r.Line)
	switch w.format {
	case "json":
		w.enc.Encode(r)
	case "grid":
		if w.n > 0 {
			w.buf.WriteByte('\n')
		}
		if r.Name != "" {
			fmt.Fprintln(&w.buf, r.Name)
		}
		switch {
		case r.failed():
			fmt.Fprintf(&w.buf, "error: %s: %s\n", where, r.Error)
		case grid != nil:
			w.buf.WriteString(grid.Boxed())
		default:
			fmt.Fprintln(&w.buf, text)
		}
	default:
		if r.failed() {
			fmt.Fprintf(&w.buf, "error: %s: %s\n", where, r.Error)
		} else {
			fmt.Fprintln(&w.buf, text)
		}
	}
	w.con.Write(w.buf.Bytes())
	w.n++
	if r.failed() {
		w.con.Failure(where, r.Error)
		return false
	}
	return true
}
