package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/record"
)

// newRecord starts the record of a task: the puzzle as read, or, if it
// could not be read, its text as it stood in the input.
// (A variant puzzle's is variantRecord.)
func newRecord(t *task) record.Record { return record.New(t.src, &t.puzzle, t.err) }

// failure writes the record of a task that failed: one that could not be
// read, or whose work ended in err. It reports false, for emit to return.
func (w *recordWriter) failure(t *task, err error) bool {
	r := newRecord(t)
	if t.variant != nil {
		r = variantRecord(t)
	}
	if t.err == nil {
		r.Fail(err)
	}
	return w.write(&r, "", nil)
}

// jsonLine returns v as one line of JSON, as every command writes it (no
// HTML escapes: "=>" stays as it is), or the error that keeps v from being
// written, which the caller must report as that output's failure.
func jsonLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// formats are the values of --format.
var formats = []string{"line", "grid", "json", "csv"}

// linkFormats are the values of --format of the commands that can write a
// puzzle as a link (see linkOf).
var linkFormats = []string{"line", "grid", "json", "csv", "fpuzzles", "sudokupad"}

// format is a flag.Value that accepts one of a list of formats.
type format struct {
	value   string
	allowed []string
	// template is the text of --template, when the value is "template".
	template string
}

// templateFlag registers --template, which sets the format to "template":
// one line per puzzle written with the template's verbs (see record.Verbs),
// those of the fields that the command cmd fills.
func templateFlag(fs *flag.FlagSet, f *format, cmd string) {
	fs.Func("template", "write each puzzle as `TEXT` with verbs such as %g (puzzle), %s (solution), %v (level), %r/%p/%d (Sudoku Explainer's ER/EP/ED); the README lists them all", func(v string) error {
		if _, err := record.ParseTemplateFor(cmd, v); err != nil {
			return err
		}
		f.value, f.template = "template", v
		return nil
	})
}

// showsRating reports whether the format shows a puzzle's rating: JSON,
// CSV, or a template with a verb of the rating.
func (f *format) showsRating() bool {
	return f.shows("level", "score", "hardest", "steps", "bruteForce")
}

// showsSE reports whether the format shows Sudoku Explainer's rating: JSON,
// CSV, or a template with %r, %p, %d or %t.
func (f *format) showsSE() bool {
	return f.shows("er", "ep", "ed", "seHardest")
}

// shows reports whether the format shows one of the fields: JSON and CSV
// show them all, a template those of its verbs.
func (f *format) shows(fields ...string) bool {
	switch f.value {
	case "json", "csv":
		return true
	case "template":
		parts, _ := record.ParseTemplate(f.template)
		for _, p := range parts {
			if slices.Contains(fields, p.Field) {
				return true
			}
		}
	}
	return false
}

// formatFlag registers --format and its short form -f, defaulting to the
// first of allowed, and --json as a short form of --format json.
func formatFlag(fs *flag.FlagSet, allowed ...string) *format {
	f := &format{value: allowed[0], allowed: allowed}
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
	con *console
	enc *record.Encoder
}

// newRecordWriter returns the record writer of a command (whose CSV
// columns it takes) in the format f.
func newRecordWriter(cmd string, f *format, con *console) *recordWriter {
	var template []record.TemplatePart
	if f.value == "template" {
		template, _ = record.ParseTemplate(f.template) // checked when the flag was set
	}
	return &recordWriter{con: con, enc: record.NewEncoder(f.value, record.Columns(cmd), template)}
}

// write writes r. text is the record in line form; grid, if not nil, is the
// grid shown in grid form. It reports whether the record is a success.
func (w *recordWriter) write(r *record.Record, text string, grid *sudoku.Grid) bool {
	w.con.Write(w.enc.Encode(r, text, grid))
	if r.Failed() {
		w.con.Failure(fmt.Sprintf("%s:%d", r.Source, r.Line), r.Error)
		return false
	}
	return true
}
