// Package record holds the output of the batch commands: one record per
// input puzzle, and its forms (a line, a boxed grid, CSV, JSON or a
// template of verbs). The sudoku command and the sudoku-beam pipeline
// (the beam module) both write through it, so that a record is the same,
// byte for byte, whichever wrote it.
package record

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
)

// A Record is the output for one input puzzle. Its JSON form is one line of
// the --format json output; the README lists its fields.
type Record struct {
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
	Rating   *Rating       `json:"rating,omitempty"`
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
	// Size and Kinds are a variant puzzle's (package variant): its grid
	// size and the kinds of its rules ("killer cage", "thermometer"),
	// each once, in the order they come first. A classic puzzle has
	// neither.
	Size  int      `json:"size,omitempty"`
	Kinds []string `json:"kinds,omitempty"`
	// TrueCandidates are solve --true-candidates': the values each cell
	// holds in some solution, cell by cell; Complete says whether the
	// search ended before its Limit, so that they are exact.
	TrueCandidates [][]int `json:"trueCandidates,omitempty"`
	Complete       *bool   `json:"complete,omitempty"`
	Error          string  `json:"error,omitempty"`
}

// Rating is a puzzle's rating as the commands print it: HoDoKu's level,
// score and hardest technique (package logic) and Sudoku Explainer's
// (package se), each when it was worked out.
type Rating struct {
	*logic.Rating
	*SERating
	// Variant is a variant puzzle's rating (from package variant/logic),
	// in place of the two, under the classic rating's names.
	Variant *VariantRating `json:"-"`
}

// VariantRating is a variant puzzle's rating: the level and score of its
// logical path, its hardest step, and BruteForce when the logic does not
// finish it. Plain data here, so that the records (and the page's
// offline engine, which writes them) do not carry the variant logic.
type VariantRating struct {
	Level      logic.Level `json:"level"`
	Score      int         `json:"score"`
	Hardest    string      `json:"hardest"`
	Steps      int         `json:"steps"`
	BruteForce bool        `json:"bruteForce"`
}

// MarshalJSON writes the classic rating's fields, or the variant rating
// under the same names.
func (rt *Rating) MarshalJSON() ([]byte, error) {
	if rt.Variant != nil {
		return json.Marshal(rt.Variant)
	}
	type plain Rating // its fields, without this method
	return json.Marshal((*plain)(rt))
}

// VariantRateLine is rate's line for a variant puzzle, as RateLine's:
// Sudoku Explainer does not rate variants.
func VariantRateLine(r *VariantRating) string {
	return fmt.Sprintf("%-8s %5d %14s  %s", r.Level, r.Score, "-", r.Hardest)
}

// SERating is Sudoku Explainer's part of a rating, as serate prints it:
// ER, EP and ED, and the technique of the hardest step.
type SERating struct {
	ER        float64 `json:"er"`
	EP        float64 `json:"ep"`
	ED        float64 `json:"ed"`
	SEHardest string  `json:"seHardest"`
}

// NewRating joins the two ratings of a puzzle; either may be nil, and
// NewRating returns nil when both are.
func NewRating(r *logic.Rating, s *se.Rating) *Rating {
	if r == nil && s == nil {
		return nil
	}
	rt := &Rating{Rating: r}
	if s != nil {
		rt.SERating = &SERating{ER: s.ER, EP: s.EP, ED: s.ED, SEHardest: s.Hardest}
	}
	return rt
}

// RateLine is the line form of a rating, as "sudoku rate" prints it: the
// level, the score, ER/EP/ED ("-" when s is nil: pencil marks, which
// Sudoku Explainer does not rate) and the hardest technique. It panics if
// r is nil.
func RateLine(r *logic.Rating, s *se.Rating) string {
	ratings := "-"
	if s != nil {
		ratings = fmt.Sprintf("%.1f/%.1f/%.1f", s.ER, s.EP, s.ED)
	}
	return fmt.Sprintf("%-8s %5d %14s  %s", r.Level, r.Score, ratings, r.Hardest)
}

// PuzzleText is a puzzle as records show it: its 81 cells, or the 729
// characters of its pencil marks. It panics if p is nil.
func PuzzleText(p *sudoku.Puzzle) string {
	if p.Marks != nil {
		return p.Marks.String()
	}
	return p.Grid.String()
}

// New starts the record of a puzzle read from src: the puzzle as read,
// or, if err says it could not be read, its text as it stood in the input
// (see sudoku.Reader.TextOnError), with the status and error of err. It
// panics if p is nil.
func New(src string, p *sudoku.Puzzle, err error) Record {
	r := Record{Source: src, Line: p.Line, Name: p.Name}
	if err != nil {
		r.Puzzle = p.Text
		r.Fail(err)
		return r
	}
	r.Puzzle = PuzzleText(p)
	return r
}

// Fail sets the record's status and error from err, as Describe words it.
func (r *Record) Fail(err error) { r.Status, r.Error = Describe(err) }

// Failed reports whether the record is for a puzzle that failed.
func (r *Record) Failed() bool { return r.Error != "" }

// Describe turns an error about a puzzle into its status and the words
// every command uses for it. A nil err is no failure: the zero Status
// and no words.
func Describe(err error) (solver.Status, string) {
	if err == nil {
		return 0, ""
	}
	var pe *sudoku.ParseError
	var ce *sudoku.ConflictError
	var ve *sudoku.CellError
	var nc *logic.NoCandidateError
	switch {
	case errors.As(err, &pe), errors.As(err, &ce), errors.As(err, &ve), errors.Is(err, ErrWrongMarks), errors.Is(err, ErrRefused):
		return solver.Invalid, err.Error()
	case errors.As(err, &nc):
		return solver.None, "no solution: " + sudoku.CellName(nc.Cell) + " has no candidate left"
	case errors.Is(err, ErrNoSolution), errors.Is(err, logic.ErrNoSolution), errors.Is(err, se.ErrNoSolution):
		return solver.None, "no solution"
	case errors.Is(err, ErrMultiple), errors.Is(err, logic.ErrMultipleSolutions), errors.Is(err, se.ErrMultipleSolutions):
		return solver.Multiple, "more than one solution"
	case errors.Is(err, context.DeadlineExceeded):
		return solver.Stopped, "stopped: time limit reached"
	case errors.Is(err, context.Canceled):
		return solver.Stopped, "stopped: interrupted"
	}
	return solver.Failed, "internal error: " + err.Error()
}

// Errors for the statuses of a classified puzzle, so that they go through
// Describe like any other.
var (
	ErrNoSolution = errors.New("no solution")
	ErrMultiple   = errors.New("more than one solution")
	// ErrWrongMarks is wrapped by errors about pencil marks that rule out
	// the solution.
	ErrWrongMarks = errors.New("wrong pencil marks")
	// ErrRefused is wrapped by the errors of a puzzle that a command does
	// not take (a variant puzzle given to canon): invalid for it.
	ErrRefused = errors.New("refused")
)

// StatusError returns the error of a status that is a failure, or nil;
// err is the error that came with the status, if any.
func StatusError(st solver.Status, err error) error {
	switch st {
	case solver.None:
		return ErrNoSolution
	case solver.Multiple:
		return ErrMultiple
	case solver.Invalid, solver.Stopped, solver.Failed:
		return err
	}
	return nil
}

// Verbs are the fields a template can write, after a '%', by the byte of
// the verb ("" for none: an array, where a map would be built at every
// start); the same names are the columns of CSV records.
var Verbs = [256]string{
	'g': "puzzle", 's': "solution", 'S': "status", 'c': "count",
	'v': "level", 'x': "score", 'h': "hardest", 'b': "bruteForce",
	'r': "er", 'p': "ep", 'd': "ed", 't': "seHardest",
	'k': "canonical", 'i': "isomorph", 'T': "transform",
	'f': "source", 'L': "line", 'N': "name", 'n': "number", 'E': "error",
	'G': "givens", 'y': "symmetry",
}

// A TemplatePart is literal text, then a field (or none).
type TemplatePart struct{ Text, Field string }

// ParseTemplate reads a template: text with %-verbs (see Verbs), %% for
// '%', and \t, \n and \\ for a tab, a line break and a backslash.
func ParseTemplate(t string) ([]TemplatePart, error) {
	var parts []TemplatePart
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
			field := Verbs[t[i]]
			if field == "" {
				return nil, fmt.Errorf("unknown verb %%%c in the template", t[i])
			}
			parts = append(parts, TemplatePart{lit.String(), field})
			lit.Reset()
		}
	}
	return append(parts, TemplatePart{lit.String(), ""}), nil
}

// ParseTemplateFor is ParseTemplate for the records of a command: a verb
// of a field the command does not fill (one of its Columns, or the
// record's number) is refused, with the verbs it fills, rather than
// write nothing.
func ParseTemplateFor(cmd, t string) ([]TemplatePart, error) {
	parts, err := ParseTemplate(t)
	if err != nil {
		return nil, err
	}
	fills := func(field string) bool { return field == "number" || slices.Contains(Columns(cmd), field) }
	for _, p := range parts {
		if p.Field == "" || fills(p.Field) {
			continue
		}
		var verb byte
		var verbs []string
		for v, f := range Verbs {
			if f == p.Field {
				verb = byte(v)
			}
			if f != "" && fills(f) {
				verbs = append(verbs, "%"+string(rune(v)))
			}
		}
		return nil, fmt.Errorf("%s does not fill %%%c (%s): its verbs are %s", cmd, verb, p.Field, strings.Join(verbs, " "))
	}
	return parts, nil
}

// Columns returns the CSV columns of a command's records, nil for a
// command without CSV records (a switch, where a map would be built at
// every start).
func Columns(cmd string) []string {
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

// Field returns a field of r by its name in Verbs or Columns, as text;
// number is the record's number in the output, from 1.
func (r *Record) Field(name string, number int) string {
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
	switch s := rt.SERating; name {
	case "er", "ep", "ed", "seHardest":
		switch {
		case s == nil && (rt.Rating != nil || rt.Variant != nil):
			return "-" // pencil marks and variants, which Sudoku Explainer does not rate, as in RateLine
		case s == nil:
			return ""
		case name == "er":
			return strconv.FormatFloat(s.ER, 'f', 1, 64)
		case name == "ep":
			return strconv.FormatFloat(s.EP, 'f', 1, 64)
		case name == "ed":
			return strconv.FormatFloat(s.ED, 'f', 1, 64)
		}
		return s.SEHardest
	}
	if v := rt.Variant; v != nil {
		switch name {
		case "level":
			return v.Level.String()
		case "score":
			return strconv.Itoa(v.Score)
		case "hardest":
			return v.Hardest
		case "steps":
			return strconv.Itoa(v.Steps)
		case "bruteForce":
			return strconv.FormatBool(v.BruteForce)
		}
		return ""
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

// An Encoder turns records into the bytes of one output in one format:
// "line", "grid", "json", "csv" or "template". Its output is a whole: the
// CSV header comes before the first record, and grids are separated by
// blank lines.
type Encoder struct {
	format   string
	columns  []string       // of csv
	template []TemplatePart // of template
	// N is the number of records encoded so far. A writer that writes a
	// record by other means (as canon writes its bare lines) adds it.
	N    int
	buf  bytes.Buffer
	json *json.Encoder
	csv  *csv.Writer
}

// NewEncoder returns an Encoder of the format, with the columns of its
// CSV form (see Columns) and the parsed template of its template form.
func NewEncoder(format string, columns []string, template []TemplatePart) *Encoder {
	e := &Encoder{format: format, columns: columns, template: template}
	e.json = json.NewEncoder(&e.buf)
	e.json.SetEscapeHTML(false)
	e.csv = csv.NewWriter(&e.buf)
	return e
}

// Encode returns the bytes of r, valid until the next call. text is the
// record in line form; grid, if not nil, is the grid shown in grid form.
// A failed record is, in line and grid form, "error: source:line: error";
// a template writes nothing for it.
//
// No record is lost: one that cannot be encoded (a value JSON cannot
// hold) is encoded instead as a failure of its own, its fields but where
// it came from replaced by the error, which the caller sees in
// r.Failed() and r.Error, as for any other failed record.
//
// It panics if r is nil.
func (e *Encoder) Encode(r *Record, text string, grid *sudoku.Grid) []byte {
	if err := e.encode(r, text, grid); err != nil {
		*r = Record{Source: r.Source, Line: r.Line, Name: r.Name, Puzzle: r.Puzzle}
		r.Fail(fmt.Errorf("encoding the record: %w", err))
		if err := e.encode(r, "", nil); err != nil {
			// A record of plain strings always encodes; should it not,
			// the line form says what happened.
			e.buf.Reset()
			fmt.Fprintf(&e.buf, "error: %s:%d: %s\n", r.Source, r.Line, r.Error)
		}
	}
	e.N++
	return e.buf.Bytes()
}

// encode writes r into e.buf, as Encode does, or returns the error that
// kept it from being written whole.
func (e *Encoder) encode(r *Record, text string, grid *sudoku.Grid) error {
	e.buf.Reset()
	switch {
	case e.format == "json":
		return e.json.Encode(r)
	case e.format == "csv":
		if e.N == 0 {
			e.csv.Write(e.columns) //nolint:errcheck // kept by the writer: see Error below
		}
		row := make([]string, len(e.columns))
		for i, c := range e.columns {
			row[i] = r.Field(c, e.N+1)
		}
		e.csv.Write(row) //nolint:errcheck // as above
		e.csv.Flush()
		return e.csv.Error()
	case e.format == "template" && !r.Failed():
		for _, part := range e.template {
			e.buf.WriteString(part.Text)
			if part.Field != "" {
				e.buf.WriteString(r.Field(part.Field, e.N+1))
			}
		}
		e.buf.WriteByte('\n')
	case e.format == "grid":
		if e.N > 0 {
			e.buf.WriteByte('\n')
		}
		if r.Name != "" {
			fmt.Fprintln(&e.buf, r.Name)
		}
		switch {
		case r.Failed():
			fmt.Fprintf(&e.buf, "error: %s:%d: %s\n", r.Source, r.Line, r.Error)
		case grid != nil:
			e.buf.WriteString(grid.Boxed())
		default:
			fmt.Fprintln(&e.buf, text)
		}
	default:
		if r.Failed() {
			fmt.Fprintf(&e.buf, "error: %s:%d: %s\n", r.Source, r.Line, r.Error)
		} else {
			e.buf.WriteString(text) // not fmt: this is every line record
			e.buf.WriteByte('\n')
		}
	}
	return nil
}
