package sudoku

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
)

// Errors wrapped in a *ParseError. Test for them with errors.Is.
var (
	ErrLength     = errors.New("wrong number of cells")
	ErrChar       = errors.New("invalid character")
	ErrIncomplete = errors.New("incomplete grid")
	ErrNoPuzzle   = errors.New("no puzzle")
	ErrExtra      = errors.New("more than one puzzle")
	ErrTooLong    = errors.New("line too long")
	// ErrNoCandidate is a cell of a pencil-mark puzzle with no candidate.
	ErrNoCandidate = errors.New("no candidate")
	// ErrMarks is returned by Parse for a pencil-mark puzzle, whose
	// candidates a Grid cannot hold: read it with a Reader.
	ErrMarks = errors.New("pencil marks: read them with a Reader, a Grid cannot hold them")
	// ErrJSON is a line that starts with '{' but is no JSON record with a
	// "puzzle" field.
	ErrJSON = errors.New("not a JSON record with a puzzle")
	// ErrOther is the error of a line that Reader.Other claims: a puzzle
	// in a format of the caller's (see Reader.Other).
	ErrOther = errors.New("a puzzle in another format")
)

// errNoInput is returned by Read on a Reader that was not made by
// NewReader, or was made from a nil io.Reader.
var errNoInput = errors.New("sudoku: Reader has no input: make it with NewReader of an io.Reader")

// A ParseError is returned for a puzzle that cannot be read or whose givens
// break the rules. Line and Column are 1-based and point at the problem;
// Column is 0 when the problem is with the puzzle as a whole.
type ParseError struct {
	StartLine int   // line where the puzzle starts
	Line      int   // line where the problem is
	Column    int   // column (byte offset + 1) where the problem is, or 0
	Err       error // what is wrong: ErrLength, ErrChar, ErrIncomplete or a *ConflictError
}

func (e *ParseError) Error() string {
	if e.Column == 0 {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// A Puzzle is one puzzle read by a Reader.
type Puzzle struct {
	Grid Grid
	// Marks, for a pencil-mark (sukaku) puzzle, are the candidates of
	// every cell as written, none added and none taken away; Grid then
	// holds the cells with one candidate. Marks is nil for a puzzle of
	// givens.
	Marks *Marks
	Line  int    // line where the puzzle starts: its header or first row
	Name  string // the header before it, such as "Grid 01", or ""
	// Text is the puzzle as it stands in the input, its lines joined by
	// "\n", so that a puzzle that cannot be read can be shown as it was.
	// A name header is not part of it. It holds at most MaxText bytes, or
	// MaxLine for a line claimed by Reader.Other.
	Text string
}

// Limits on what a Reader keeps, so that its memory stays bounded on any
// input.
const (
	// MaxLine is how much of a line the Reader looks at: a puzzle line
	// longer than that is judged by its first MaxLine bytes, and the rest
	// of the line is skipped. No puzzle format needs more.
	MaxLine = 64 << 10
	// MaxText bounds Puzzle.Text and Puzzle.Name.
	MaxText = 4 << 10
)

// A Reader reads puzzles from text, recognising the format of each puzzle
// by itself, so one input may mix them:
//
//   - one puzzle per line: 81 cells, each 1-9 or one of "0.-_*" for an empty
//     cell; text after the cells, separated by a space, tab, ',', ':', ';',
//     '#' or '|', is ignored (so "puzzle:count:solution" and
//     "puzzle,solution" lines work);
//   - a line of fields separated by spaces or commas, one of which is 81
//     cells (such as "hash puzzle rating");
//   - nine lines of nine cells, with or without borders: '|' and spaces
//     between cells are ignored, and lines such as "------+-------+------"
//     are skipped;
//   - a header line starting with a letter, such as the Project Euler
//     "Grid 01", which names the puzzle after it;
//   - CSV whose header names a puzzle column ("quizzes", "puzzle", "grid",
//     "sudoku", ...): the puzzle is read from that column of each row;
//   - JSON records, one a line, as the sudoku command writes them
//     (--format json): the puzzle is read from the "puzzle" field, in any
//     of these formats, and named by the "name" field if it has one;
//   - pencil-mark (sukaku) puzzles, returned with Puzzle.Marks set: nine
//     lines of nine cells, each cell its candidate digits ("158"), "." or
//     "0" for every digit, separated by spaces or '|', with or without
//     borders, as "sudoku hint" reads them and prints them; or one line
//     of 729 cells, nine per cell, the k-th being digit k if it is a
//     candidate and '.' or '0' if not, as tdoku and Sukaku Explainer
//     write them.
//
// Blank lines and lines starting with '#' are skipped. When Validate is
// set, as NewReader sets it, every puzzle is checked against the rules:
// givens that repeat a digit in a unit yield a *ParseError wrapping a
// *ConflictError that points at the later cell, and a pencil-mark cell
// with no candidate one wrapping ErrNoCandidate.
//
// After an error, reading goes on with the next puzzle, so each puzzle of the
// input gives exactly one Read result, in order. Memory stays bounded
// whatever the input: see MaxLine.
type Reader struct {
	// Validate checks each puzzle's givens against the rules. NewReader
	// sets it; clear it to read grids that may break the rules.
	Validate bool
	// TextOnError keeps Puzzle.Text only for the puzzles that Read
	// returns an error for, and leaves it empty for the others: a program
	// that shows the text of bad puzzles alone (as the sudoku command
	// does) spares a string a puzzle, whose fresh memory cost `sudoku
	// canon` about 5% of its time.
	TextOnError bool
	// Other, if set, is asked about every line that the Reader would take
	// for a header, a one-line puzzle other than the usual 81-cell line,
	// or a line it cannot read, before it reads it so; about a JSON line
	// with no "puzzle" field; and about the "puzzle" field of a JSON
	// record. A line it claims is returned by Read as a puzzle of its
	// own: a *ParseError wrapping ErrOther, with the whole line (or the
	// record's field, named by the record's name), up to MaxLine bytes,
	// in Puzzle.Text, for the caller to read in a format the Reader does
	// not know (the variant puzzles of package variant/format). It is
	// also asked about a grid of another size written on lines of its own,
	// N rows of N cells (N from 4 to 25, not 9; spaces, '|' and borders as
	// in a 9-line grid), with its cells joined on one line: claimed, that
	// line is the puzzle's text; a grid whose rows are not all of N cells,
	// or that ends before N rows, is a *ParseError wrapping ErrLength or
	// ErrIncomplete. A line that is a puzzle of its own is one: sixteen
	// 4x4 lines are not a 16x16 grid. It is not asked about the usual
	// line, the rows of 9-line grids, comments, or the lines of a CSV
	// file: classic puzzles are read as fast as without it.
	Other func(line []byte) bool

	br   *bufio.Reader
	line int    // number of the last line read
	buf  []byte // the last line read (at most MaxLine bytes), without its line ending
	own  []byte // buf's memory, for a line that bufio's buffer does not hold whole
	long bool   // the last line was longer than MaxLine
	skip bool   // and its rest is still to be skipped before the next
	// again holds lines to be read again before the input's next (see
	// readLine); held, the rows of a grid that began with a bad row, kept
	// for it.
	again, held []savedLine
	err         error // an error of the input met while reading ahead
	eof         bool
	csvCol      int // puzzle column of CSV rows, or -1
	name        string
	nameLine    int
	text        []byte // the current puzzle's lines, for Puzzle.Text
	// pos[i] is where cell i of the current puzzle was read, for the
	// errors of check. A field rather than a local of read, which would
	// be cleared at every Read, where the usual line needs none of it.
	pos [81]position
}

// NewReader returns a Reader that reads from r and validates every puzzle.
// A nil r is no input: Read returns an error.
func NewReader(r io.Reader) *Reader {
	if r == nil {
		return &Reader{csvCol: -1, Validate: true}
	}
	// A file is read 64 KB at a time, a sixteenth of the system calls of
	// bufio's default size (and of the Go scheduler's wake-ups that come
	// with them): 2% of sudoku canon's time on a file of one-line
	// puzzles. Text in memory needs no more room than it takes.
	size := readSize
	if s, ok := r.(interface{ Len() int }); ok {
		size = min(size, s.Len())
	}
	return &Reader{br: bufio.NewReaderSize(r, size), csvCol: -1, Validate: true}
}

// savedLine is a line read and kept to be read again: its text, its
// number, and whether it was cut at MaxLine.
type savedLine struct {
	text []byte
	line int
	long bool
}

// readSize is the size of a Reader's buffer.
const readSize = 64 << 10

// All returns an iterator over the puzzles of the input, each with the
// error Read returned for it (nil or a *ParseError). An error from the
// underlying reader is yielded last, with a zero Puzzle.
func (r *Reader) All() iter.Seq2[Puzzle, error] {
	return func(yield func(Puzzle, error) bool) {
		for {
			p, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil && !isParseError(err) {
				yield(Puzzle{}, err)
				return
			}
			if !yield(p, err) {
				return
			}
		}
	}
}

// isParseError reports whether err is a *ParseError. (Its own function,
// so that the variable errors.As needs goes to the heap only on an error,
// not at every puzzle.)
func isParseError(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe)
}

// Read returns the next puzzle. At the end of the input it returns io.EOF.
// When the puzzle cannot be read or breaks the rules, the error is a
// *ParseError, and the returned Puzzle still holds its line, name, text
// and whatever cells were read. An error from the underlying reader is
// returned as it is, and ends the input.
func (r *Reader) Read() (Puzzle, error) {
	var p Puzzle
	err := r.ReadInto(&p)
	return p, err
}

// ReadInto is Read putting the puzzle in *p, all of whose fields it sets,
// rather than returning it: a loop over many puzzles that keeps one
// Puzzle spares copying each (a tenth of the time a Reader takes on the
// usual line). It panics if p is nil.
func (r *Reader) ReadInto(p *Puzzle) error {
	*p = Puzzle{}
	if r.br == nil {
		return errNoInput
	}
	err := r.read(p)
	// A puzzle was read, good or bad, unless the input ended or failed:
	// it gets its text, or with TextOnError only if it is bad.
	if err == nil && !r.TextOnError || err != nil && isParseError(err) {
		p.Text = string(r.text)
	}
	return err
}

// read is Read for a Reader with an input.
func (r *Reader) read(p *Puzzle) error {
	var (
		rows     int         // rows read of a 9-line grid
		firstErr *ParseError // the first bad row of that grid
		// lead counts the bad rows the grid began with, and mixed says
		// whether a bad row came after a good one: a grid whose first rows
		// alone are bad may be lines of their own before a grid (strays).
		lead  int
		mixed bool
		pos   = &r.pos
		// marks are the candidates of that grid, if a row of it is pencil
		// marks; allocated at its first row, as a local would be at every
		// Read, since Puzzle.Marks may point to it.
		marks    *Marks
		hasMarks bool
	)
	r.text = r.text[:0]
	r.held = r.held[:0]
	for {
		line, err := r.readLine()
		if err != nil {
			if err != io.EOF {
				return err
			}
			if rows > 0 {
				return r.unfinished(p, rows, firstErr)
			}
			return io.EOF
		}
		if rows == 0 && !r.long && len(line) >= 81 && (len(line) == 81 || isSeparator(line[81])) &&
			(r.csvCol < 0 || bytes.IndexByte(line, ',') < 0) {
			// The usual line, 81 cells and maybe more after a separator,
			// which classify would call kindLine at 0: read it at once.
			// Anything wrong with it (a bad character, a conflict) goes
			// the long way below, which says what.
			// Read into p itself, cleared again if the line goes wrong.
			if lo, hi, ok := lineCells(&p.Grid, (*[81]byte)(line)); ok && (!r.Validate || p.Grid.validGivens(lo, hi)) {
				p.Line, p.Name = r.begin()
				if !r.TextOnError {
					r.keep(line) // else the text of a good puzzle is not kept
				}
				return nil
			}
			p.Grid = Grid{}
		}
		if rows == 0 && len(line) > 0 && line[0] == '{' && !r.long {
			*p = r.start(line)
			return r.record(p, line)
		}
		kind, at := classify(line)
		if (kind == kindHeader || kind == kindLine || kind == kindBad) && r.Other != nil && rows == 0 && !r.long && r.csvCol < 0 && r.Other(line) {
			p.Line, p.Name = r.begin()
			r.text = append(r.text[:0], line...)
			return &ParseError{StartLine: p.Line, Line: r.line, Err: ErrOther}
		}
		if (kind == kindHeader || kind == kindBad) && r.Other != nil && rows == 0 && !r.long && r.csvCol < 0 {
			// Maybe the first row of a grid of another size on lines of
			// its own (a rare path: only a line no format took comes here).
			if n := blockRow(line); n > 0 {
				// Reading ahead reuses the buffer line is in, which the
				// lines below read when it is no grid.
				line = append([]byte(nil), line...)
				if cells, last, err := r.block(line, n); last > 0 {
					p.Line, p.Name = r.begin()
					r.line = last
					if err != nil {
						err.StartLine = p.Line
						return err
					}
					r.text = append(r.text[:0], cells...)
					return &ParseError{StartLine: p.Line, Line: r.line, Err: ErrOther}
				}
			}
		}
		if r.long {
			// Judge a line too long for a grid row or a header at once:
			// waiting for the next line could mean waiting for ever.
			switch kind {
			case kindHeader, kindRow, kindBad:
				if rows == 0 {
					*p = r.start(line)
				} else {
					r.keep(line)
				}
				if firstErr == nil {
					firstErr = &ParseError{StartLine: p.Line, Line: r.line, Column: MaxLine + 1,
						Err: fmt.Errorf("%w: more than %d bytes", ErrTooLong, MaxLine)}
					// A bad character is the fault, unless the line is
					// one of another format (see Other) that is too
					// long to be read, whose first bytes are asked about.
					if kind == kindBad && !(rows == 0 && r.Other != nil && r.csvCol < 0 && r.Other(line)) {
						firstErr = badRow(line, p.Line, r.line)
					}
				}
				return firstErr
			}
		}
		if kind == kindBad && rows == 0 && r.csvCol >= 0 {
			*p = r.start(line)
			return r.noColumn(p)
		}
		if rows > 0 {
			switch kind {
			case kindComment, kindBorder:
				r.keep(line)
				continue
			case kindRow, kindMarksRow, kindBad:
			default: // the grid ended early; read this line again as the next puzzle
				r.again = append([]savedLine{{text: append([]byte(nil), line...), line: r.line, long: r.long}}, r.again...)
				return r.unfinished(p, rows, firstErr)
			}
		}
		switch kind {
		case kindBlank, kindComment, kindBorder:
		case kindHeader:
			if bytes.IndexByte(line, ',') >= 0 {
				if col, ok := csvPuzzleColumn(line); ok {
					r.csvCol = col
					continue
				}
			}
			r.name = strings.TrimSpace(string(line[:min(len(line), MaxText)]))
			r.nameLine = r.line
		case kindLine:
			*p = r.start(line)
			data, base := line[at:], at
			if r.csvCol >= 0 && bytes.IndexByte(line, ',') >= 0 {
				field, off, ok := csvField(line, r.csvCol)
				if !ok {
					return r.noColumn(p)
				}
				data, base = field, off
			}
			if perr := parseLine(&p.Grid, data); perr != nil {
				perr.Column += base
				perr.StartLine, perr.Line = p.Line, r.line
				return perr
			}
			if !r.Validate || p.Grid.valid() {
				return nil // the usual case: spare check the positions
			}
			for i := range pos {
				pos[i] = position{r.line, base + i + 1}
			}
			return r.check(p, pos)
		case kindSpaced:
			*p = r.start(line)
			parseCells(p.Grid[:], line, pos[:], r.line)
			return r.check(p, pos)
		case kindMarks:
			*p = r.start(line)
			p.Marks = new(Marks)
			if perr := parseMarks(p.Marks, &p.Grid, line[at:]); perr != nil {
				perr.Column += at
				perr.StartLine, perr.Line = p.Line, r.line
				return perr
			}
			for i := range pos {
				pos[i] = position{r.line, at + 9*i + 1}
			}
			return r.check(p, pos)
		case kindRow, kindMarksRow, kindBad:
			if rows == 0 {
				*p = r.start(line)
				marks = new(Marks)
			} else {
				r.keep(line)
			}
			cells := rows * 9
			switch {
			case kind == kindRow:
				parseCells(p.Grid[cells:cells+9], line, pos[cells:cells+9], r.line)
				for i := cells; i < cells+9; i++ {
					marks[i] = AllDigits // an empty cell, in a grid of pencil marks
					if v := p.Grid[i]; v != 0 {
						marks[i] = 1 << v
					}
				}
			case kind == kindMarksRow:
				parseMarksRow(marks[cells:cells+9], p.Grid[cells:cells+9], line, pos[cells:cells+9], r.line)
				hasMarks = true
			case firstErr == nil:
				firstErr = badRow(line, p.Line, r.line)
			}
			switch {
			case kind != kindBad:
			case lead == rows:
				lead++
			default:
				mixed = true
			}
			if lead > 0 {
				// Only now, on a rare path: the usual grid copies nothing.
				r.held = append(r.held, savedLine{text: append([]byte(nil), line...), line: r.line})
			}
			rows++
			if rows == 9 {
				if lead > 0 && lead < 9 && !mixed && r.csvCol < 0 && r.strays(lead) {
					// Its first line is a puzzle of its own, a bad one;
					// the rest are read again, as the rows of the next,
					// which a header before the line names.
					r.again = append(append([]savedLine(nil), r.held[1:]...), r.again...)
					if p.Name != "" {
						r.name, r.nameLine = p.Name, p.Line
					}
					*p = Puzzle{Line: r.held[0].line}
					r.text = append(r.text[:0], r.held[0].text[:min(len(r.held[0].text), MaxText)]...)
					return badRow(r.held[0].text, p.Line, r.held[0].line)
				}
				if hasMarks {
					p.Marks = marks
				}
				if firstErr != nil {
					return firstErr
				}
				return r.check(p, pos)
			}
		}
	}
}

// record reads the puzzle of a JSON record, a line such as the sudoku
// command's --format json writes: its "puzzle" field, in any format, named
// by its "name" field. An error's column is on the line, where the field's
// text holds no escapes.
func (r *Reader) record(p *Puzzle, line []byte) error {
	var rec struct {
		Puzzle *string `json:"puzzle"`
		Name   string  `json:"name"`
	}
	err := json.Unmarshal(line, &rec)
	if r.Other != nil {
		// A record of a puzzle of another format, or such a puzzle in
		// JSON of its own (a broken record still says "puzzle").
		var other []byte
		switch {
		case rec.Puzzle != nil && r.Other([]byte(*rec.Puzzle)):
			other = []byte(*rec.Puzzle)
		case rec.Puzzle == nil && (err == nil || !bytes.Contains(line, []byte(`"puzzle"`))) && r.Other(line):
			other = line
		}
		if other != nil {
			if rec.Name != "" && p.Name == "" {
				p.Name = rec.Name[:min(len(rec.Name), MaxText)]
			}
			r.text = append(r.text[:0], other[:min(len(other), MaxLine)]...)
			return &ParseError{StartLine: p.Line, Line: r.line, Err: ErrOther}
		}
	}
	if err == nil && (rec.Puzzle == nil || strings.HasPrefix(*rec.Puzzle, "{")) { // no record in a record
		err = ErrJSON
	}
	if err != nil {
		perr := &ParseError{StartLine: p.Line, Line: r.line, Err: ErrJSON}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			perr.Column = int(se.Offset)
			perr.Err = fmt.Errorf("%w: %v", ErrJSON, err)
		}
		return perr
	}
	q, err := parseOne(*rec.Puzzle, r.Validate)
	if rec.Name == "" {
		rec.Name = q.Name // a header in the field's text
	}
	if rec.Name != "" && p.Name == "" {
		p.Name = rec.Name[:min(len(rec.Name), MaxText)]
	}
	p.Grid, p.Marks = q.Grid, q.Marks
	var perr *ParseError
	if errors.As(err, &perr) {
		// Where the field's text starts on the line, if it stands there
		// as it is.
		base := bytes.Index(line, append(append([]byte(`"puzzle":"`), *rec.Puzzle...), '"'))
		if base >= 0 && perr.Line == 1 && perr.Column > 0 {
			perr.Column += base + len(`"puzzle":"`)
		} else {
			perr.Column = 0
		}
		perr.StartLine, perr.Line = p.Line, r.line
		return perr
	}
	return err
}

// start begins a puzzle at the current line, taking the pending header,
// and keeps the line as its text.
func (r *Reader) start(line []byte) Puzzle {
	p := Puzzle{}
	p.Line, p.Name = r.begin()
	r.keep(line)
	return p
}

// begin takes the pending header for a puzzle at the current line: it
// returns the puzzle's line and name.
func (r *Reader) begin() (int, string) {
	line, name := r.line, r.name
	if name != "" {
		line = r.nameLine
	}
	r.name = ""
	return line, name
}

// keep adds a line to the current puzzle's text, up to MaxText bytes.
func (r *Reader) keep(line []byte) {
	if len(r.text) > 0 && len(r.text) < MaxText {
		r.text = append(r.text, '\n')
	}
	r.text = append(r.text, line[:min(len(line), MaxText-len(r.text))]...)
}

// noColumn reports a CSV row too short to have the puzzle column.
func (r *Reader) noColumn(p *Puzzle) error {
	return &ParseError{StartLine: p.Line, Line: r.line, Err: fmt.Errorf("%w: CSV row has no column %d", ErrLength, r.csvCol+1)}
}

// unfinished reports a 9-line grid that ended early: its first bad row if
// it had one, which says more than the missing rows do.
func (r *Reader) unfinished(p *Puzzle, rows int, firstErr *ParseError) error {
	if firstErr != nil {
		return firstErr
	}
	return &ParseError{StartLine: p.Line, Line: r.line, Err: fmt.Errorf("%w: %d of 9 rows", ErrIncomplete, rows)}
}

// check validates a complete puzzle, pointing a conflict at the later cell.
func (r *Reader) check(p *Puzzle, pos *[81]position) error {
	if !r.Validate {
		return nil
	}
	if p.Marks != nil {
		for i, m := range p.Marks {
			if m&AllDigits == 0 {
				return &ParseError{StartLine: p.Line, Line: pos[i].line, Column: pos[i].col,
					Err: fmt.Errorf("%w in %s", ErrNoCandidate, CellName(i))}
			}
		}
	}
	err := p.Grid.Validate()
	if err == nil {
		return nil
	}
	at := pos[80]
	var ce *ConflictError
	if errors.As(err, &ce) {
		at = pos[ce.Cell2]
	}
	return &ParseError{StartLine: p.Line, Line: at.line, Column: at.col, Err: err}
}

type position struct{ line, col int }

// strays reports whether the first lead rows of a 9-line grid just read,
// bad ones, were lines of their own before a grid, as a line of notes
// or a puzzle cut short may be: so they were if the next lead lines are
// rows and the line after them is not (a blank line, the end, a header).
// A grid with a bad first row followed at once by another grid reads as
// before, each 9 rows a grid. The lines it reads are read again after.
func (r *Reader) strays(lead int) bool {
	line, long := r.line, r.long
	defer func() { r.line, r.long = line, long }()
	more := 0
	for k := 0; ; k++ {
		// Read ahead of the lines waiting to be read again, and keep
		// what was read among them.
		next, ok := r.ahead(k)
		if !ok {
			return more == lead
		}
		kind, _ := classify(next.text)
		switch {
		case next.long:
			return more == lead
		case kind == kindComment || kind == kindBorder:
		case kind == kindRow || kind == kindMarksRow:
			if more++; more > lead {
				return false
			}
		default:
			return more == lead
		}
	}
}

// block reads a grid of another size than 9x9 written on lines of their
// own, N rows of N cells for an N from 4 to 25, of which first is the
// first row (see blockRow): a cell is one character (a digit, a letter, or one of
// "0.-_*"), and spaces, tabs and '|' between cells are ignored, as are
// borders and comments between rows. Two rows of N cells make it one.
//
// It returns the cells on one line, for Other to claim, and the number of
// the grid's last line; or, for a grid with a row of another length or
// cut short, its error, with the grid's lines as the puzzle's text; or a
// last of 0 for lines that are no such grid, or one Other does not
// claim, which are then read again as before, the current line first's.
func (r *Reader) block(first []byte, n int) (cells []byte, last int, err *ParseError) {
	line, long := r.line, r.long
	defer func() { r.line, r.long = line, long }()
	cells = make([]byte, n, n*n)
	rowCells(first, cells)
	rows, k, used := 1, 0, 0 // used: lines of r.again in the grid
	for ; rows < n; k++ {
		next, ok := r.ahead(k)
		if !ok {
			break
		}
		if kind, _ := classify(next.text); kind == kindComment || kind == kindBorder {
			continue
		}
		m := rowCells(next.text, nil)
		if next.long || m == 0 || rows == 1 && m != n {
			break // the grid ends (a blank line, a header), or never began
		}
		if m != n && err == nil {
			err = &ParseError{Line: next.line, Err: fmt.Errorf("%w: %d in a row of a %dx%d grid, want %d", ErrLength, m, n, n, n)}
		}
		if err == nil {
			cells = cells[:len(cells)+n]
			rowCells(next.text, cells[len(cells)-n:])
		}
		rows++
		used = k + 1
	}
	switch {
	case rows == 1:
		return nil, 0, nil
	case err == nil && rows < n:
		err = &ParseError{Line: r.again[used-1].line, Err: fmt.Errorf("%w: %d of %d rows of a %dx%d grid", ErrIncomplete, rows, n, n, n)}
	case err == nil && !r.Other(cells):
		return nil, 0, nil
	}
	last = r.again[used-1].line
	if err != nil {
		r.keep(first)
		for _, l := range r.again[:used] {
			r.keep(l.text)
		}
		cells = nil
	}
	r.again = r.again[used:]
	return cells, last, err
}

// ahead returns the k-th line to be read again (see readLine), reading
// lines of the input into them as far as need be, or false at the end of
// the input or at an error of it, which is kept for the next read. It
// moves the current line: the caller puts it back.
func (r *Reader) ahead(k int) (savedLine, bool) {
	for len(r.again) <= k {
		text, err := r.next()
		if err != nil {
			if err != io.EOF {
				r.err = err
			}
			return savedLine{}, false
		}
		r.again = append(r.again, savedLine{text: append([]byte(nil), text...), line: r.line, long: r.long})
	}
	return r.again[k], true
}

// blockRow returns the number of cells of a line that could be the first
// row of a grid of block, or 0.
func blockRow(line []byte) int {
	n := rowCells(line, nil)
	if n < 4 || n == 9 || n > 25 || isLetter(line[0]) && !bytes.ContainsAny(line, ".-_*") {
		// Not a row, or a title ("Four", "Grid 01") more likely than
		// one: a row of a grid with letters has an empty cell.
		return 0
	}
	return n
}

// rowCells counts the cells of a row of block, copying them to dst as far
// as it has room, and returns 0 for a line that is not one.
func rowCells(line, dst []byte) int {
	n := 0
	for _, c := range line {
		switch {
		case isSpace(c) || c == '|':
		case isCell(c) || isLetter(c):
			if n < len(dst) {
				dst[n] = c
			}
			n++
		default:
			return 0
		}
	}
	return n
}

// readLine returns the next line without its line ending: one to be read
// again (a line that ended a grid early, or lines read ahead by strays),
// or else the input's next. Of a line longer than MaxLine it returns the
// first MaxLine bytes at once and skips the rest before reading the next
// line, so that a puzzle is judged as soon as it can be and memory stays
// bounded. The slice is valid until the next call: a line that bufio's
// buffer holds whole, as most do, is returned from there, uncopied.
func (r *Reader) readLine() ([]byte, error) {
	if len(r.again) > 0 {
		l := r.again[0]
		r.again = r.again[1:]
		r.buf, r.line, r.long = l.text, l.line, l.long
		return r.buf, nil
	}
	return r.next()
}

// next is readLine for a line of the input itself.
func (r *Reader) next() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	for r.skip && !r.eof {
		_, err := r.br.ReadSlice('\n')
		switch err {
		case nil:
			r.skip = false
		case bufio.ErrBufferFull:
		case io.EOF:
			r.eof = true
		default:
			return nil, err
		}
	}
	if r.eof {
		return nil, io.EOF
	}
	r.long = false
	chunk, err := r.br.ReadSlice('\n')
	if err == nil && len(chunk) <= MaxLine {
		r.buf = chunk
	} else {
		r.own = r.own[:0]
		for {
			if room := MaxLine - len(r.own); len(chunk) > room {
				r.own = append(r.own, chunk[:room]...)
				r.long = true
				r.skip = err == bufio.ErrBufferFull // the line goes on
				if err == bufio.ErrBufferFull {
					err = nil
				}
			} else {
				r.own = append(r.own, chunk...)
				if err == bufio.ErrBufferFull {
					chunk, err = r.br.ReadSlice('\n')
					continue
				}
			}
			break
		}
		r.buf = r.own
		if err == io.EOF {
			r.eof = true
			if len(r.buf) == 0 {
				return nil, io.EOF
			}
		} else if err != nil {
			return nil, err
		}
	}
	r.line++
	// By hand rather than with bytes.TrimSuffix, whose comparison is a
	// call: this runs at every line.
	if n := len(r.buf); n > 0 && r.buf[n-1] == '\n' {
		r.buf = r.buf[:n-1]
	}
	if n := len(r.buf); n > 0 && r.buf[n-1] == '\r' {
		r.buf = r.buf[:n-1]
	}
	if r.line == 1 {
		r.buf = bytes.TrimPrefix(r.buf, []byte("\xef\xbb\xbf"))
	}
	return r.buf, nil
}

// Parse reads exactly one puzzle, in any format a Reader accepts, such as
// an 81-character line or nine lines of nine cells. Errors are *ParseError
// values; a pencil-mark puzzle, whose candidates a Grid cannot hold, is one
// wrapping ErrMarks (read it with ParsePuzzle).
//
// Unlike a Reader and ParsePuzzle, Parse does not check the givens against
// the rules: givens that clash (two 5s in a row) parse without an error,
// so that a tool can read and show such a grid. Call Grid.Validate, which
// reports them as a *ConflictError, before solving: a solver finds no
// solution for them, which is not the same thing.
func Parse(s string) (Grid, error) {
	p, err := parseOne(s, false)
	if err == nil && p.Marks != nil {
		err = &ParseError{StartLine: p.Line, Line: p.Line, Err: ErrMarks}
	}
	return p.Grid, err
}

// ParsePuzzle reads exactly one puzzle, in any format a Reader accepts,
// pencil marks included, and checks it as NewReader's Reader does. Errors
// are *ParseError values, wrapping ErrNoPuzzle for text without a puzzle
// and ErrExtra for text with more than one.
func ParsePuzzle(s string) (Puzzle, error) {
	return parseOne(s, true)
}

func parseOne(s string, validate bool) (Puzzle, error) {
	r := NewReader(strings.NewReader(s))
	r.Validate = validate
	p, err := r.Read()
	if err == io.EOF {
		return p, &ParseError{StartLine: 1, Line: 1, Err: ErrNoPuzzle}
	}
	if err != nil {
		return p, err
	}
	if _, err := r.Read(); err != io.EOF {
		return p, &ParseError{StartLine: p.Line, Line: r.line, Err: ErrExtra}
	}
	return p, nil
}
