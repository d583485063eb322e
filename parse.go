package sudoku

// The parsing of single lines: what kind of line it is, and the cells in
// it. The Reader (reader.go) strings lines together into puzzles.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

type lineKind int

const (
	kindBlank    lineKind = iota
	kindComment           // starts with '#'
	kindHeader            // names the next puzzle, or is a CSV header
	kindLine              // a puzzle on one line, starting at the returned offset
	kindSpaced            // a puzzle on one line with spaces or '|' between cells
	kindRow               // one row of a 9-line grid
	kindMarksRow          // one row of a 9-line grid of pencil marks: nine sets of candidates
	kindMarks             // a pencil-mark puzzle on one line: 729 cells, starting at the returned offset
	kindBorder            // a border between rows of a grid
	kindBad               // puzzle data that fits no format
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
	n := cellRun(line[start:])
	if n == 729 && (start+n == len(line) || isSeparator(line[start+n])) {
		return kindMarks, start
	}
	if n >= 81 {
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
	case ok && n == 81 && !fullMarksRow(line):
		return kindSpaced, 0
	}
	if _, ok := marksRow(line); ok {
		return kindMarksRow, 0
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

// fullMarksRow reports whether line is nine fields of "123456789": a row
// of pencil marks in which every cell has every candidate, as a
// pencil-mark grid of a sparse puzzle prints it. Its 81 digits would also
// make a puzzle with spaces between cells, but one whose nine rows repeat
// every digit in every column, which no puzzle does.
func fullMarksRow(line []byte) bool {
	fields := bytes.FieldsFunc(line, func(r rune) bool { return r == '|' || r < 128 && isSpace(byte(r)) })
	if len(fields) != 9 {
		return false
	}
	for _, f := range fields {
		if string(f) != "123456789" {
			return false
		}
	}
	return true
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
	if len(s) >= 81 && (len(s) == 81 || isSeparator(s[81])) {
		// The usual line: 81 cells and maybe more after a separator.
		if _, _, ok := lineCells(g, (*[81]byte)(s)); ok {
			return nil
		}
		*g = Grid{} // a bad character: say which, below
	}
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
			return &ParseError{Column: i + 1, Err: badChar(s, i)}
		}
		if n == 81 {
			return tooLong(s)
		}
		g[n] = v
		n++
	}
	if n != 81 {
		return &ParseError{Column: len(s) + 1, Err: fmt.Errorf("%w: %d, want 81", ErrLength, n)}
	}
	return nil
}

// lineCells reads 81 cell characters into g and reports whether they all
// were cell characters. It also returns the cells that are not empty, as
// cells.Givens does (bit i of lo for cell i, bit i-64 of hi), for the
// reader's rule check.
func lineCells(g *Grid, text *[81]byte) (lo, hi uint64, ok bool) {
	// Most lines hold digits and '.' alone: those go eight cells at a
	// time; any other character sends the line through the table. The
	// words are checked together, with one branch for the line.
	const ones, highs, lows = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	var bad uint64
	for w := 0; w < 80; w += 8 {
		x := binary.LittleEndian.Uint64(text[w:])
		z := x ^ '.'*ones
		dots := ^((z&lows + lows) | z | lows) // the top bit of each '.'
		y := x ^ dots>>7*('.'^'0')            // '.' turned into '0'
		// The top bit of a byte is set in y|(y+0x46) above '9' (or if
		// it was set), and in ((y|0x80)-'0')^0x80 below '0'; no byte
		// carries into the next.
		bad |= y | (y + (0x7f-'9')*ones) | (((y | highs) - '0'*ones) ^ highs)
		binary.LittleEndian.PutUint64(g[w:], y-'0'*ones)
	}
	v := cellValues[text[80]]
	g[80] = v
	if bad&highs != 0 || v > 15 {
		return tableCells(g, text)
	}
	lo, hi = givens(g)
	return lo, hi, true
}

// tableCells is lineCells for any line, one table lookup a cell.
func tableCells(g *Grid, cells *[81]byte) (lo, hi uint64, ok bool) {
	var or uint8
	for i := range g {
		v := cellValues[cells[i]]
		or |= v
		g[i] = v
	}
	lo, hi = givens(g)
	return lo, hi, or <= 15
}

// tooLong reports a line that starts with more than 81 cells. A run of
// several hundred is taken for a line of 729 pencil marks gone wrong, and
// the error says where it differs from one; a longer run, or a shorter
// one, is a puzzle line with cells too many.
func tooLong(s []byte) *ParseError {
	switch run := cellRun(s); {
	case run == 729: // the marks end with a character that is no separator
		return &ParseError{Column: 730, Err: badChar(s, 729)}
	case run > 81*5 && run < 729:
		return &ParseError{Column: run + 1, Err: fmt.Errorf("%w: %d, want 729 for pencil marks (or 81)", ErrLength, run)}
	case run > 729 && run < 2*729:
		return &ParseError{Column: 730, Err: fmt.Errorf("%w: %d, want 729 for pencil marks (or 81)", ErrLength, run)}
	}
	return &ParseError{Column: 82, Err: fmt.Errorf("%w: more than 81, want 81", ErrLength)}
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

// marksRow reads a row of pencil marks: nine fields separated by spaces,
// tabs or '|', each the candidate digits of a cell (such as "158", each
// digit once) or "." or "0" for a cell with every digit, at least one field
// with two digits or more (else it is a plain row). It returns the fields'
// offsets.
func marksRow(line []byte) ([9]int, bool) {
	var at [9]int
	n, wide := 0, false
	for i := 0; i < len(line); {
		if isSpace(line[i]) || line[i] == '|' {
			i++
			continue
		}
		j := i
		var seen Digits
		for j < len(line) && !isSpace(line[j]) && line[j] != '|' {
			c := line[j]
			switch {
			case c >= '1' && c <= '9' && seen&(1<<(c-'0')) == 0:
				seen |= 1 << (c - '0')
			case (c == '.' || c == '0') && j == i && (j+1 == len(line) || isSpace(line[j+1]) || line[j+1] == '|'):
			default:
				return at, false
			}
			j++
		}
		if n == 9 {
			return at, false
		}
		at[n] = i
		n++
		wide = wide || j-i >= 2
		i = j
	}
	return at, n == 9 && wide
}

// parseMarksRow reads a row that marksRow accepted into the marks and
// grid cells of one row: a lone digit is a placed one.
func parseMarksRow(m []Digits, g []uint8, line []byte, pos []position, lineNo int) {
	at, _ := marksRow(line)
	for k, i := range at {
		var set Digits
		for ; i < len(line) && !isSpace(line[i]) && line[i] != '|'; i++ {
			if c := line[i]; c >= '1' && c <= '9' {
				set |= 1 << (c - '0')
			}
		}
		if set == 0 {
			set = AllDigits
		}
		m[k], g[k] = set, 0
		if set.Count() == 1 {
			g[k] = uint8(set.List()[0])
		}
		pos[k] = position{lineNo, at[k] + 1}
	}
}

// parseMarks reads the 729 cells of a pencil-mark line from the start of
// s: for each of the 81 cells in turn, nine characters, the k-th being
// digit k (a candidate) or '.' or '0' (not one), as tdoku and Sukaku
// Explainer write them. A cell with one candidate is a placed digit. The
// column of an error is relative to s.
func parseMarks(m *Marks, g *Grid, s []byte) *ParseError {
	for i := range 81 {
		var set Digits
		for k := range 9 {
			switch c := s[9*i+k]; c {
			case byte('1' + k):
				set |= 1 << (k + 1)
			case '.', '0':
			default:
				return &ParseError{Column: 9*i + k + 1, Err: fmt.Errorf("%w %q in the pencil marks of %s: want %c or '.'", ErrChar, c, CellName(i), '1'+k)}
			}
		}
		m[i], g[i] = set, 0
		if set.Count() == 1 {
			g[i] = uint8(set.List()[0])
		}
	}
	return nil
}

// badRow explains why a line in a 9-line grid is not a row.
func badRow(line []byte, start, lineNo int) *ParseError {
	e := &ParseError{StartLine: start, Line: lineNo}
	n, ok := countCells(line)
	if !ok {
		for i, c := range line {
			if !isCell(c) && !isSpace(c) && c != '|' {
				e.Column = i + 1
				e.Err = badChar(line, i)
				return e
			}
		}
	}
	if col, d, ok := repeatedMark(line); ok {
		// Nine cells of pencil marks, one with a digit written twice.
		e.Column = col
		e.Err = fmt.Errorf("%w: %c twice among the candidates of a cell", ErrChar, d)
		return e
	}
	e.Err = fmt.Errorf("%w: %d in a grid row, want 9 (or 81 on one line)", ErrLength, n)
	return e
}

// repeatedMark finds, in a row of nine fields that would be a row of
// pencil marks but for a digit written twice in a field, that digit and
// its second column (1-based).
func repeatedMark(line []byte) (col int, digit byte, ok bool) {
	fields := 0
	for i := 0; i < len(line); {
		if isSpace(line[i]) || line[i] == '|' {
			i++
			continue
		}
		fields++
		var seen Digits
		for ; i < len(line) && !isSpace(line[i]) && line[i] != '|'; i++ {
			c := line[i]
			if c == '.' || c == '0' {
				continue // a cell with every digit, in a grid of marks
			}
			if c < '1' || c > '9' {
				return 0, 0, false
			}
			if seen&(1<<(c-'0')) != 0 && col == 0 {
				col, digit = i+1, c
			}
			seen |= 1 << (c - '0')
		}
	}
	return col, digit, fields == 9 && col > 0
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

// cellValue returns the value of a cell character and whether c is one.
func cellValue(c byte) (uint8, bool) {
	v := cellValues[c]
	return v & 15, v != notCell
}

// cellValues[c] is the value of cell character c, or notCell: a table,
// because every character of every puzzle goes through it. It is in
// zz_tables.go, derived in tables_test.go: digits 1 to 9 are themselves,
// '0', '.', '-', '_' and '*' are empty cells (0), and the rest notCell.

const notCell = 0xff

// isSeparator reports whether c may end the cells of a one-line puzzle.
func isSeparator(c byte) bool {
	switch c {
	case ' ', '\t', ',', ':', ';', '#', '|':
		return true
	}
	return false
}

// badChar reports the character that starts at s[i] as it is, not as its
// first byte: "invalid character 'x'", or "invalid character '０'
// (U+FF10)" for one a reader could mistake for another.
func badChar(s []byte, i int) error {
	r, size := utf8.DecodeRune(s[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Errorf("%w: byte 0x%02X (not UTF-8 text)", ErrChar, s[i])
	case r < utf8.RuneSelf && strconv.IsPrint(r):
		return fmt.Errorf("%w %s", ErrChar, strconv.QuoteRune(r))
	}
	return fmt.Errorf("%w %s (U+%04X)", ErrChar, strconv.QuoteRune(r), r)
}
