package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Errors wrapped in a *ParseError. Test for them with errors.Is.
var (
	ErrLength     = errors.New("wrong number of cells")
	ErrChar       = errors.New("invalid character")
	ErrIncomplete = errors.New("incomplete grid")
	ErrNoPuzzle   = errors.New("no puzzle")
	ErrExtra      = errors.New("more than one puzzle")
)

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
	Line int    // line where the puzzle starts: its header or first row
	Name string // the header before it, such as "Grid 01", or ""
}

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
//     "sudoku", ...): the puzzle is read from that column of each row.
//
// Blank lines and lines starting with '#' are skipped. Every puzzle is
// checked against the rules: givens that repeat a digit in a unit yield a
// *ParseError wrapping a *ConflictError that points at the later cell.
//
// After an error, reading goes on with the next puzzle, so each puzzle of the
// input gives exactly one Read result, in order.
type Reader struct {
	br       *bufio.Reader
	line     int    // number of the last line read
	buf      []byte // the last line read, without its line ending
	pushback bool   // buf holds a line to read again
	eof      bool
	csvCol   int // puzzle column of CSV rows, or -1
	name     string
	nameLine int
	validate bool
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r), csvCol: -1, validate: true}
}

// Read returns the next puzzle. At the end of the input it returns io.EOF.
// When the puzzle cannot be read or breaks the rules, the error is a
// *ParseError, and the returned Puzzle still holds its line, name and
// whatever cells were read. An error from the underlying reader is returned
// as it is, and ends the input.
func (r *Reader) Read() (Puzzle, error) {
	var (
		p        Puzzle
		rows     int         // rows read of a 9-line grid
		firstErr *ParseError // the first bad row of that grid
		pos      [81]position
	)
	for {
		line, err := r.readLine()
		if err != nil {
			if err != io.EOF {
				return p, err
			}
			if rows > 0 {
				return p, r.unfinished(&p, rows, firstErr)
			}
			return p, io.EOF
		}
		kind, at := classify(line)
		if kind == kindBad && rows == 0 && r.csvCol >= 0 {
			p = r.start()
			return p, r.noColumn(&p)
		}
		if rows > 0 {
			switch kind {
			case kindComment, kindBorder:
				continue
			case kindRow, kindBad:
			default: // the grid ended early; read this line again as the next puzzle
				r.pushback = true
				return p, r.unfinished(&p, rows, firstErr)
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
			r.name = strings.TrimSpace(string(line))
			r.nameLine = r.line
		case kindLine:
			p = r.start()
			data, base := line[at:], at
			if r.csvCol >= 0 && bytes.IndexByte(line, ',') >= 0 {
				field, off, ok := csvField(line, r.csvCol)
				if !ok {
					return p, r.noColumn(&p)
				}
				data, base = field, off
			}
			if perr := parseLine(&p.Grid, data); perr != nil {
				perr.Column += base
				perr.StartLine, perr.Line = p.Line, r.line
				return p, perr
			}
			for i := range pos {
				pos[i] = position{r.line, base + i + 1}
			}
			return p, r.check(&p, &pos)
		case kindSpaced:
			p = r.start()
			parseCells(p.Grid[:], line, pos[:], r.line)
			return p, r.check(&p, &pos)
		case kindRow, kindBad:
			if rows == 0 {
				p = r.start()
			}
			if kind == kindRow {
				parseCells(p.Grid[rows*9:rows*9+9], line, pos[rows*9:rows*9+9], r.line)
			} else if firstErr == nil {
				firstErr = badRow(line, p.Line, r.line)
			}
			rows++
			if rows == 9 {
				if firstErr != nil {
					return p, firstErr
				}
				return p, r.check(&p, &pos)
			}
		}
	}
}

// start begins a puzzle at the current line, taking the pending header.
func (r *Reader) start() Puzzle {
	p := Puzzle{Line: r.line, Name: r.name}
	if r.name != "" {
		p.Line = r.nameLine
	}
	r.name = ""
	return p
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
	if !r.validate {
		return nil
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

// readLine returns the next line without its line ending, or the pushed
// back one. The slice is valid until the next call.
func (r *Reader) readLine() ([]byte, error) {
	if r.pushback {
		r.pushback = false
		return r.buf, nil
	}
	if r.eof {
		return nil, io.EOF
	}
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.buf = append(r.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			r.eof = true
			if len(r.buf) == 0 {
				return nil, io.EOF
			}
		} else if err != nil {
			return nil, err
		}
		break
	}
	r.line++
	r.buf = bytes.TrimSuffix(r.buf, []byte{'\n'})
	r.buf = bytes.TrimSuffix(r.buf, []byte{'\r'})
	if r.line == 1 {
		r.buf = bytes.TrimPrefix(r.buf, []byte("\xef\xbb\xbf"))
	}
	return r.buf, nil
}

type lineKind int

const (
	kindBlank   lineKind = iota
	kindComment          // starts with '#'
	kindHeader           // names the next puzzle, or is a CSV header
	kindLine             // a puzzle on one line, starting at the returned offset
	kindSpaced           // a puzzle on one line with spaces or '|' between cells
	kindRow              // one row of a 9-line grid
	kindBorder           // a border between rows of a grid
	kindBad              // puzzle data that fits no format
)

// classify says what a line is. For kindLine it also returns where the
// puzzle starts.
func classify(line []byte) (lineKind, int) {
	start := 0
	for start < len(line) && isSpace(line[start]) {
		start++
	}
	if start == len(line) {
		return kindBlank, 0
	}
	c := line[start]
	if c == '#' {
		return kindComment, 0
	}
	if cellRun(line[start:]) >= 81 {
		return kindLine, start
	}
	longest := longestCellRun(line)
	if isLetter(c) && longest < 9 {
		return kindHeader, 0
	}
	if off, ok := puzzleField(line); ok {
		return kindLine, off
	}
	switch n, ok := countCells(line); {
	case ok && n == 9:
		return kindRow, 0
	case ok && n == 81:
		return kindSpaced, 0
	}
	if isBorder(line) {
		return kindBorder, 0
	}
	if longest >= 27 || bytes.IndexByte(line, ',') >= 0 && cellRun(line[start:]) > 0 {
		// A one-line puzzle gone wrong, or a CSV row: parseLine says where.
		return kindLine, start
	}
	return kindBad, 0
}

// cellRun returns how many cell characters s starts with.
func cellRun(s []byte) int {
	n := 0
	for n < len(s) && isCell(s[n]) {
		n++
	}
	return n
}

func longestCellRun(s []byte) int {
	best := 0
	for i := 0; i < len(s); {
		n := cellRun(s[i:])
		best = max(best, n)
		i += n + 1
	}
	return best
}

// countCells counts the cells of a line in which only spaces and '|' may
// stand between cells. It reports false if anything else is there.
func countCells(line []byte) (int, bool) {
	n := 0
	for _, c := range line {
		switch {
		case isCell(c):
			n++
		case !isSpace(c) && c != '|':
			return n, false
		}
	}
	return n, true
}

// puzzleField finds a field of exactly 81 cells among the fields of a line
// separated by spaces, tabs, commas or semicolons.
func puzzleField(line []byte) (int, bool) {
	for i := 0; i < len(line); {
		for i < len(line) && isFieldSep(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isFieldSep(line[j]) {
			j++
		}
		if j-i == 81 && cellRun(line[i:j]) == 81 {
			return i, true
		}
		i = j
	}
	return 0, false
}

// isBorder reports whether line is made only of border characters. Lines
// that countCells accepts, such as nine '-' (a row of empty cells), are
// classified before this is asked.
func isBorder(line []byte) bool {
	for _, c := range line {
		if !isSpace(c) && !strings.ContainsRune("-+=|*_~:", rune(c)) {
			return false
		}
	}
	return true
}

// parseLine reads 81 cells from the start of s into g. The column of an
// error is relative to s.
func parseLine(g *Grid, s []byte) *ParseError {
	n := 0
	for i, c := range s {
		v, ok := cellValue(c)
		if !ok {
			if n == 81 && isSeparator(c) {
				break
			}
			if n < 81 && isSeparator(c) {
				return &ParseError{Column: i + 1, Err: fmt.Errorf("%w: %d, want 81", ErrLength, n)}
			}
			return &ParseError{Column: i + 1, Err: fmt.Errorf("%w %q", ErrChar, c)}
		}
		if n == 81 {
			return &ParseError{Column: i + 1, Err: fmt.Errorf("%w: more than 81, want 81", ErrLength)}
		}
		g[n] = v
		n++
	}
	if n != 81 {
		return &ParseError{Column: len(s) + 1, Err: fmt.Errorf("%w: %d, want 81", ErrLength, n)}
	}
	return nil
}

// parseCells reads the cells of a line that countCells accepted into dst,
// recording where each was.
func parseCells(dst []uint8, line []byte, pos []position, lineNo int) {
	n := 0
	for i, c := range line {
		if v, ok := cellValue(c); ok && n < len(dst) {
			dst[n] = v
			pos[n] = position{lineNo, i + 1}
			n++
		}
	}
}

// badRow explains why a line in a 9-line grid is not a row.
func badRow(line []byte, start, lineNo int) *ParseError {
	e := &ParseError{StartLine: start, Line: lineNo}
	n, ok := countCells(line)
	if !ok {
		for i, c := range line {
			if !isCell(c) && !isSpace(c) && c != '|' {
				e.Column = i + 1
				e.Err = fmt.Errorf("%w %q", ErrChar, c)
				return e
			}
		}
	}
	e.Err = fmt.Errorf("%w: %d in a grid row, want 9 (or 81 on one line)", ErrLength, n)
	return e
}

// csvPuzzleColumn finds the puzzle column in a CSV header.
func csvPuzzleColumn(header []byte) (int, bool) {
	for i, f := range bytes.Split(header, []byte{','}) {
		name := strings.ToLower(strings.Trim(strings.TrimSpace(string(f)), `"`))
		switch name {
		case "quizzes", "quiz", "puzzle", "puzzles", "grid", "sudoku", "problem", "givens", "board":
			return i, true
		}
	}
	return 0, false
}

// csvField returns field col of a CSV row and its offset, without quotes.
func csvField(line []byte, col int) ([]byte, int, bool) {
	off := 0
	for i := 0; i < col; i++ {
		j := bytes.IndexByte(line[off:], ',')
		if j < 0 {
			return nil, 0, false
		}
		off += j + 1
	}
	end := bytes.IndexByte(line[off:], ',')
	if end < 0 {
		end = len(line) - off
	}
	f := line[off : off+end]
	if len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"' {
		return f[1 : len(f)-1], off + 1, true
	}
	return f, off, true
}

func isSpace(c byte) bool    { return c == ' ' || c == '\t' }
func isLetter(c byte) bool   { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isCell(c byte) bool     { _, ok := cellValue(c); return ok }
func isFieldSep(c byte) bool { return c == ' ' || c == '\t' || c == ',' || c == ';' }
