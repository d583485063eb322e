package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
)

// Statuses of an output record.
const (
	statusSolved   = "solved"   // a solution was found (uniqueness not asked)
	statusUnique   = "unique"   // exactly one solution
	statusNone     = "none"     // no solution
	statusMultiple = "multiple" // more than one solution
	statusInvalid  = "invalid"  // the puzzle could not be read or breaks the rules
	statusStopped  = "stopped"  // a time limit or an interrupt stopped the search
)

// A record is the output for one input puzzle. Its JSON form is one line of
// the --format json output.
type record struct {
	Source   string        `json:"source"`
	Line     int           `json:"line"`
	Name     string        `json:"name,omitempty"`
	Puzzle   string        `json:"puzzle"`
	Status   string        `json:"status"`
	Solution string        `json:"solution,omitempty"`
	Count    *int          `json:"count,omitempty"`
	Limit    int           `json:"limit,omitempty"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	Error    string        `json:"error,omitempty"`
}

func newRecord(it *item) record {
	return record{Source: it.src, Line: it.puzzle.Line, Name: it.puzzle.Name, Puzzle: it.puzzle.Grid.String()}
}

// failed reports whether the record is for a puzzle that failed.
func (r *record) failed() bool { return r.Error != "" }

// formats are the values of --format.
var formats = []string{"line", "grid", "json"}

// format is a flag.Value that accepts one of formats.
type format string

// formatFlag registers --format and its short form -f, defaulting to line.
func formatFlag(fs *flag.FlagSet, f *format) {
	*f = "line"
	fs.Var(f, "format", "output `format`: line, grid or json")
	fs.Var(f, "f", "short for --format")
}

func (f *format) String() string { return string(*f) }
func (f *format) Set(s string) error {
	for _, v := range formats {
		if s == v {
			*f = format(s)
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(formats, ", "))
}

// recordWriter writes records to standard output in the chosen format, and
// a "file:line: reason" line to standard error for each failed one.
type recordWriter struct {
	format string
	out    *bufio.Writer
	err    io.Writer
	enc    *json.Encoder
	n      int  // records written
	failed bool // some record failed
}

func newRecordWriter(format string, std *stdio) *recordWriter {
	out := bufio.NewWriter(std.out)
	return &recordWriter{format: format, out: out, err: std.err, enc: json.NewEncoder(out)}
}

// write writes r. text is the record in line form; grid, if not nil, is the
// grid shown in grid form.
func (w *recordWriter) write(r *record, text string, grid *sudoku.Grid) {
	if r.failed() {
		w.failed = true
		fmt.Fprintf(w.err, "%s:%d: %s\n", r.Source, r.Line, r.Error)
	}
	switch w.format {
	case "json":
		w.enc.Encode(r)
	case "grid":
		if w.n > 0 {
			w.out.WriteByte('\n')
		}
		if r.Name != "" {
			fmt.Fprintln(w.out, r.Name)
		}
		switch {
		case r.failed():
			fmt.Fprintf(w.out, "error: %s:%d: %s\n", r.Source, r.Line, r.Error)
		case grid != nil:
			w.out.WriteString(grid.Boxed())
		default:
			fmt.Fprintln(w.out, text)
		}
	default:
		if r.failed() {
			fmt.Fprintf(w.out, "error: %s:%d: %s\n", r.Source, r.Line, r.Error)
		} else {
			fmt.Fprintln(w.out, text)
		}
	}
	w.n++
}

// flush writes out what is buffered.
func (w *recordWriter) flush() { w.out.Flush() }
