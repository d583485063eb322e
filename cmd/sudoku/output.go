package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
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
	Rating   *rating       `json:"rating,omitempty"`
	// Canonical is the minlex form (canon), Isomorph a random isomorph
	// (shuffle), and Transform what turns the puzzle into either.
	Canonical string            `json:"canonical,omitempty"`
	Isomorph  string            `json:"isomorph,omitempty"`
	Transform *sudoku.Transform `json:"transform,omitempty"`
	Seed      uint64            `json:"seed,omitempty,string"` // shuffle's
	// Givens and Symmetry are generate's, for --format csv and --template
	// (its JSON records are of their own kind).
	Givens   int    `json:"givens,omitempty"`
	Symmetry string `json:"symmetry,omitempty"`
	Error    string `json:"error,omitempty"`
}

// rating is a puzzle's rating as the commands print it: HoDoKu's level,
// score and hardest technique (package logic) and Sudoku Explainer's
// (package se), each when it was worked out.
type rating struct {
	*logic.Rating
	*SERating
}

// SERating is Sudoku Explainer's part of a rating, as serate prints it:
// ER, EP and ED, and the technique of the hardest step. (It is exported
// so that encoding/json can fill it when tests read records back.)
type SERating struct {
	ER        float64 `json:"er"`
	EP        float64 `json:"ep"`
	ED        float64 `json:"ed"`
	SEHardest string  `json:"seHardest"`
}

// newRating joins the two ratings of a puzzle; s may be nil.
func newRating(r *logic.Rating, s *se.Rating) *rating {
	if r == nil && s == nil {
		return nil
	}
	rt := &rating{Rating: r}
	if s != nil {
		rt.SERating = &SERating{ER: s.ER, EP: s.EP, ED: s.ED, SEHardest: s.Hardest}
	}
	return rt
}

// newRecord starts the record of a task: the puzzle as read, or, if it
// could not be read, its text as it stood in the input.
func newRecord(t *task) record {
	r := record{Source: t.src, Line: t.puzzle.Line, Name: t.puzzle.Name, Puzzle: puzzleText(&t.puzzle)}
	if t.err != nil {
		r.Puzzle = t.puzzle.Text
		r.Status, r.Error = describe(t.err)
	}
	return r
}

// puzzleText is a puzzle as records show it: its 81 cells, or the 729
// characters of its pencil marks.
func puzzleText(p *sudoku.Puzzle) string {
	if p.Marks != nil {
		return p.Marks.String()
	}
	return p.Grid.String()
}

// fail sets the record's status and error from err.
func (r *record) fail(err error) { r.Status, r.Error = describe(err) }

// failure writes the record of a task that failed: one that could not be
// read, or whose work ended in err. It reports false, for emit to return.
func (w *recordWriter) failure(t *task, err error) bool {
	r := newRecord(t)
	if t.err == nil {
		r.fail(err)
	}
	return w.write(&r, "", nil)
}

// failed reports whether the record is for a puzzle that failed.
func (r *record) failed() bool { return r.Error != "" }

// describe turns an error about a puzzle into its status and the words
// every command uses for it.
func describe(err error) (solver.Status, string) {
	var pe *sudoku.ParseError
	var ce *sudoku.ConflictError
	var ve *sudoku.CellError
	switch {
	case errors.As(err, &pe), errors.As(err, &ce), errors.As(err, &ve), errors.Is(err, errWrongMarks):
		return solver.Invalid, err.Error()
	case errors.Is(err, errNoSolution), errors.Is(err, logic.ErrNoSolution), errors.Is(err, se.ErrNoSolution):
		return solver.None, "no solution"
	case errors.Is(err, errMultiple), errors.Is(err, logic.ErrMultipleSolutions), errors.Is(err, se.ErrMultipleSolutions):
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
	// errWrongMarks is wrapped by errors about pencil marks that rule out
	// the solution.
	errWrongMarks = errors.New("wrong pencil marks")
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
var formats = []string{"line", "grid", "json", "csv"}

// format is a flag.Value that accepts one of a list of formats.
type format struct {
	value   string
	allowed []string
	// template is the text of --template, when the value is "template".
	template string
}

// templateFlag registers --template, which sets the format to "template":
// one line per puzzle written with the template's verbs (see verbs).
func templateFlag(fs *flag.FlagSet, f *format) {
	fs.Func("template", "write each puzzle as `TEXT` with verbs such as %g (puzzle), %s (solution), %v (level), %r/%p/%d (Sudoku Explainer's ER/EP/ED); see the README", func(v string) error {
		if _, err := parseTemplate(v); err != nil {
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
		parts, _ := parseTemplate(f.template)
		for _, p := range parts {
			if slices.Contains(fields, p.field) {
				return true
			}
		}
	}
	return false
}

// verbs are the fields a --template can write, after a '%', by the byte
// of the verb ("" for none: an array, where a map would be built at every
// start); the same names are the columns of --format csv.
var verbs = [256]string{
	'g': "puzzle", 's': "solution", 'S': "status", 'c': "count",
	'v': "level", 'x': "score", 'h': "hardest", 'b': "bruteForce",
	'r': "er", 'p': "ep", 'd': "ed", 't': "seHardest",
	'k': "canonical", 'i': "isomorph", 'T': "transform",
	'f': "source", 'L': "line", 'N': "name", 'n': "number", 'E': "error",
	'G': "givens", 'y': "symmetry",
}

// A templatePart is literal text, then a field (or none).
type templatePart struct{ text, field string }

// parseTemplate reads a --template: text with %-verbs, %% for '%', and
// \t, \n and \\ for a tab, a line break and a backslash.
func parseTemplate(t string) ([]templatePart, error) {
	var parts []templatePart
	var lit strings.Builder
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '\\' && i+1 < len(t) && strings.IndexByte("tn\\", t[i+1]) >= 0:
			i++
			lit.WriteByte(map[byte]byte{'t': '\t', 'n': '\n', '\\': '\\'}[t[i]])
		case c != '%':
			lit.WriteByte(c)
		case i+1 == len(t):
			return nil, errors.New("the template ends with a lone %")
		case t[i+1] == '%':
			i++
			lit.WriteByte('%')
		default:
			i++
			field := verbs[t[i]]
			if field == "" {
				return nil, fmt.Errorf("unknown verb %%%c in the template", t[i])
			}
			parts = append(parts, templatePart{lit.String(), field})
			lit.Reset()
		}
	}
	return append(parts, templatePart{lit.String(), ""}), nil
}

// csvColumns returns the columns of --format csv for a command, nil for
// another (a switch, where a map would be built at every start).
func csvColumns(cmd string) []string {
	switch cmd {
	case "solve":
		return []string{"source", "line", "name", "puzzle", "status", "solution", "error"}
	case "count":
		return []string{"source", "line", "name", "puzzle", "status", "count", "error"}
	case "rate", "filter":
		return []string{"source", "line", "name", "puzzle", "status", "level", "score", "hardest", "steps", "bruteForce", "er", "ep", "ed", "seHardest", "error"}
	case "canon":
		return []string{"source", "line", "name", "puzzle", "canonical", "transform", "error"}
	case "shuffle":
		return []string{"source", "line", "name", "puzzle", "isomorph", "transform", "seed", "error"}
	case "generate":
		return []string{"number", "puzzle", "solution", "givens", "symmetry", "level", "score", "hardest", "steps", "bruteForce", "er", "ep", "ed", "seHardest", "seed"}
	}
	return nil
}

// field returns a field of r by its name in verbs or csvColumns, as text;
// number is the record's number in the output, from 1.
func (r *record) field(name string, number int) string {
	rt := r.Rating
	switch name {
	case "source":
		return r.Source
	case "line":
		return strconv.Itoa(r.Line)
	case "name":
		return r.Name
	case "number":
		return strconv.Itoa(number)
	case "puzzle":
		return r.Puzzle
	case "status":
		if r.Status == 0 {
			return ""
		}
		return r.Status.String()
	case "solution":
		return r.Solution
	case "count":
		if r.Count == nil {
			return ""
		}
		return strconv.Itoa(*r.Count)
	case "canonical":
		return r.Canonical
	case "isomorph":
		return r.Isomorph
	case "transform":
		if r.Transform == nil {
			return ""
		}
		return r.Transform.String()
	case "seed":
		if r.Seed == 0 {
			return ""
		}
		return strconv.FormatUint(r.Seed, 10)
	case "error":
		return r.Error
	case "givens":
		return strconv.Itoa(r.Givens)
	case "symmetry":
		return r.Symmetry
	}
	if rt == nil {
		return ""
	}
	if s := rt.SERating; s != nil {
		switch name {
		case "er":
			return strconv.FormatFloat(s.ER, 'f', 1, 64)
		case "ep":
			return strconv.FormatFloat(s.EP, 'f', 1, 64)
		case "ed":
			return strconv.FormatFloat(s.ED, 'f', 1, 64)
		case "seHardest":
			return s.SEHardest
		}
	}
	if rt.Rating == nil {
		return ""
	}
	switch name {
	case "level":
		return rt.Level.String()
	case "score":
		return strconv.Itoa(rt.Score)
	case "hardest":
		return rt.Hardest.String()
	case "steps":
		return strconv.Itoa(rt.Steps)
	case "bruteForce":
		return strconv.FormatBool(rt.BruteForce)
	}
	return ""
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
	format   string
	con      *console
	n        int // records written
	buf      bytes.Buffer
	enc      *json.Encoder
	csv      *csv.Writer
	columns  []string       // of --format csv
	template []templatePart // of --template
}

func newRecordWriter(format string, con *console) *recordWriter {
	w := &recordWriter{format: format, con: con}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	w.csv = csv.NewWriter(&w.buf)
	return w
}

// forCommand sets what --format csv and --template need: the columns of
// the command and the parsed template of f.
func (w *recordWriter) forCommand(cmd string, f *format) *recordWriter {
	w.columns = csvColumns(cmd)
	if f != nil && f.value == "template" {
		w.template, _ = parseTemplate(f.template) // checked when the flag was set
	}
	return w
}

// write writes r. text is the record in line form; grid, if not nil, is the
// grid shown in grid form. It reports whether the record is a success.
func (w *recordWriter) write(r *record, text string, grid *sudoku.Grid) bool {
	w.buf.Reset()
	where := fmt.Sprintf("%s:%d", r.Source, r.Line)
	switch {
	case w.format == "json":
		w.enc.Encode(r)
	case w.format == "csv":
		if w.n == 0 {
			w.csv.Write(w.columns)
		}
		row := make([]string, len(w.columns))
		for i, c := range w.columns {
			row[i] = r.field(c, w.n+1)
		}
		w.csv.Write(row)
		w.csv.Flush()
	case w.format == "template" && !r.failed():
		for _, part := range w.template {
			w.buf.WriteString(part.text)
			if part.field != "" {
				w.buf.WriteString(r.field(part.field, w.n+1))
			}
		}
		w.buf.WriteByte('\n')
	case w.format == "grid":
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
