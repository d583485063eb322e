package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

const (
	// Project Euler 96, grid 01.
	euler1     = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	euler1Dots = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
)

var euler1Rows = []string{
	"003020600", "900305001", "001806400", "008102900", "700000008",
	"006708200", "002609500", "800203009", "005010300",
}

// result is what one Read returned, in a form easy to compare.
type result struct {
	line   int
	name   string
	grid   string // Grid.String(), or "" when the read failed
	errAt  [2]int // line and column of a *ParseError
	errIs  error  // the sentinel the error wraps, or nil
	errMsg string // a substring of the error message
}

func readAll(t *testing.T, input string) []result {
	t.Helper()
	r := NewReader(strings.NewReader(input))
	var out []result
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("Read never returned io.EOF")
		}
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		res := result{line: p.Line, name: p.Name}
		if err == nil {
			res.grid = p.Grid.String()
		} else {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Read error %v (%T) is not a *ParseError", err, err)
			}
			if pe.StartLine != p.Line {
				t.Errorf("ParseError.StartLine = %d, Puzzle.Line = %d", pe.StartLine, p.Line)
			}
			res.errAt = [2]int{pe.Line, pe.Column}
			res.errMsg = err.Error()
		}
		out = append(out, res)
	}
}

func TestReaderFormats(t *testing.T) {
	boxed := "5 3 . | . 7 . | . . .\n" + "6 . . | 1 9 5 | . . .\n" + ". 9 8 | . . . | . 6 .\n" +
		"------+-------+------\n" +
		"8 . . | . 6 . | . . 3\n" + "4 . . | 8 . 3 | . . 1\n" + "7 . . | . 2 . | . . 6\n" +
		"------+-------+------\n" +
		". 6 . | . . . | 2 8 .\n" + ". . . | 4 1 9 | . . 5\n" + ". . . | . 8 . | . 7 9\n"
	boxedLine := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	tests := []struct {
		name  string
		input string
		want  []result
	}{
		{"line digits", euler1 + "\n", []result{{line: 1, grid: euler1Dots}}},
		{"line dots no final newline", euler1Dots, []result{{line: 1, grid: euler1Dots}}},
		{"other blanks", strings.NewReplacer("0", "-").Replace(euler1), []result{{line: 1, grid: euler1Dots}}},
		{"crlf and comment", "# a comment\r\n\r\n" + euler1 + "\r\n", []result{{line: 3, grid: euler1Dots}}},
		{"trailing comment", euler1 + " # first\n", []result{{line: 1, grid: euler1Dots}}},
		{"tdoku count", euler1Dots + ":1:483921657967345821251876493548132976729564138136798245372689514814253769695417382\n", []result{{line: 1, grid: euler1Dots}}},
		{"tab fields", euler1 + "\t3.5\tEasy\n", []result{{line: 1, grid: euler1Dots}}},
		{"field not first", "000694f16758 " + euler1 + " 2.5\n", []result{{line: 1, grid: euler1Dots}}},
		{"spaced line", strings.Join(strings.Split(euler1, ""), " ") + "\n", []result{{line: 1, grid: euler1Dots}}},
		{"euler", "Grid 01\n" + strings.Join(euler1Rows, "\n") + "\nGrid 02\n" + strings.Join(euler1Rows, "\n"),
			[]result{{line: 1, name: "Grid 01", grid: euler1Dots}, {line: 11, name: "Grid 02", grid: euler1Dots}}},
		{"boxed grid", "\n" + boxed, []result{{line: 2, grid: boxedLine}}},
		{"bordered grid", "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n" +
			"| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n" +
			"| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n",
			[]result{{line: 2, grid: boxedLine}}},
		{"row of dashes is a row", "---------\n" + strings.Join(euler1Rows[1:], "\n") + "\n",
			[]result{{line: 1, grid: "........." + euler1Dots[9:]}}},
		{"csv", "quizzes,solutions\n" + euler1 + ",483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
			[]result{{line: 2, grid: euler1Dots}}},
		{"csv puzzle column second", "id,puzzle,level\n7," + euler1 + ",easy\n8,\"" + euler1 + "\",hard\n",
			[]result{{line: 2, grid: euler1Dots}, {line: 3, grid: euler1Dots}}},
		{"mixed", euler1 + "\n\n" + boxed + "\n" + euler1Dots + "\n",
			[]result{{line: 1, grid: euler1Dots}, {line: 3, grid: boxedLine}, {line: 15, grid: euler1Dots}}},
		{"empty input", "", nil},
		{"only comments", "# nothing\n\n   \n", nil},
		{"dangling header", "Grid 01\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAll(t, tt.input)
			if len(got) != len(tt.want) {
				t.Fatalf("read %d puzzles %+v, want %d", len(got), got, len(tt.want))
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("puzzle %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestReaderErrors(t *testing.T) {
	rows := strings.Join(euler1Rows, "\n") + "\n"
	badRow := strings.Replace(rows, "700000008", "70000x008", 1)
	shortRow := strings.Replace(rows, "700000008", "70000008", 1)
	conflict := "55" + euler1[2:]
	tests := []struct {
		name  string
		input string
		want  []result // grid set for the good puzzles; errAt and errIs for the bad
	}{
		{"short line", euler1[:80] + "\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 81}, errIs: ErrLength, errMsg: "80, want 81"},
			{line: 2, grid: euler1Dots}}},
		{"long line", euler1 + "0\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 82}, errIs: ErrLength, errMsg: "more than 81"},
			{line: 2, grid: euler1Dots}}},
		{"pencil marks one cell short", strings.Repeat("123456789", 80) + "1234.6\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 727}, errIs: ErrLength, errMsg: "726, want 729 for pencil marks"},
			{line: 2, grid: euler1Dots}}},
		{"pencil marks one too many", strings.Repeat("123456789", 81) + "1\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 730}, errIs: ErrLength, errMsg: "730, want 729 for pencil marks"},
			{line: 2, grid: euler1Dots}}},
		{"pencil marks and a bad character", strings.Repeat("123456789", 81) + "x\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 730}, errIs: ErrChar, errMsg: "invalid character 'x'"},
			{line: 2, grid: euler1Dots}}},
		{"bad character", "x" + euler1[1:] + "\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 1}, errIs: ErrChar, errMsg: `invalid character 'x'`},
			{line: 2, grid: euler1Dots}}},
		{"bad character mid line", euler1[:40] + "?" + euler1[41:] + "\n", []result{
			{line: 1, errAt: [2]int{1, 41}, errIs: ErrChar, errMsg: `'?'`}}},
		{"short line then comment", euler1[:60] + " # oops\n", []result{
			{line: 1, errAt: [2]int{1, 61}, errIs: ErrLength, errMsg: "60, want 81"}}},
		{"conflict in row", conflict + "\n", []result{
			{line: 1, errAt: [2]int{1, 2}, errMsg: "r1c1 and r1c2 both hold 5"}}},
		{"conflict in grid", "Grid 07\n" + strings.Replace(rows, "900305001", "900305003", 1), []result{
			{line: 1, name: "Grid 07", errAt: [2]int{3, 9}, errMsg: "r2c4 and r2c9 both hold 3"}}},
		{"bad row keeps one record", "Grid 01\n" + badRow + "Grid 02\n" + rows, []result{
			{line: 1, name: "Grid 01", errAt: [2]int{6, 6}, errIs: ErrChar},
			{line: 11, name: "Grid 02", grid: euler1Dots}}},
		{"short row keeps one record", shortRow + rows, []result{
			{line: 1, errAt: [2]int{5, 0}, errIs: ErrLength, errMsg: "8 in a grid row"},
			{line: 10, grid: euler1Dots}}},
		// A bad line before a 9-line grid (notes, a puzzle cut short) is
		// a record of its own, and the grid after it another: it once
		// took the grid's first eight rows into its error.
		{"stray line before a grid", "1234\n" + rows, []result{
			{line: 1, errAt: [2]int{1, 0}, errIs: ErrLength, errMsg: "4 in a grid row"},
			{line: 2, grid: euler1Dots}}},
		{"two stray lines before a grid", "1234\n12 x\n" + rows + "\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 0}, errIs: ErrLength},
			{line: 2, errAt: [2]int{2, 4}, errIs: ErrChar},
			{line: 3, grid: euler1Dots},
			{line: 13, grid: euler1Dots}}},
		{"stray line before a grid at the end without a newline", "1234\n" + strings.TrimSuffix(rows, "\n"), []result{
			{line: 1, errAt: [2]int{1, 0}, errIs: ErrLength},
			{line: 2, grid: euler1Dots}}},
		{"stray line before a bordered grid", "12\n" + strings.Join(euler1Rows[:3], "\n") + "\n------+-------+------\n" +
			strings.Join(euler1Rows[3:6], "\n") + "\n------+-------+------\n" + strings.Join(euler1Rows[6:], "\n") + "\n# end\n", []result{
			{line: 1, errAt: [2]int{1, 0}, errIs: ErrLength},
			{line: 2, grid: euler1Dots}}},
		{"stray line after a header names no grid", "Grid 01\n1234\n" + rows, []result{
			{line: 2, errAt: [2]int{2, 0}, errIs: ErrLength},
			{line: 1, name: "Grid 01", grid: euler1Dots}}},
		{"short first row then a grid keeps one record each", strings.Replace(rows, "003020600", "00302060", 1) + rows, []result{
			{line: 1, errAt: [2]int{1, 0}, errIs: ErrLength, errMsg: "8 in a grid row"},
			{line: 10, grid: euler1Dots}}},
		{"grid cut short by blank line", strings.Join(euler1Rows[:4], "\n") + "\n\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{5, 0}, errIs: ErrIncomplete, errMsg: "4 of 9 rows"},
			{line: 6, grid: euler1Dots}}},
		{"grid cut short by a line puzzle", strings.Join(euler1Rows[:2], "\n") + "\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{3, 0}, errIs: ErrIncomplete},
			{line: 3, grid: euler1Dots}}},
		{"grid cut short by end of input", strings.Join(euler1Rows[:8], "\n"), []result{
			{line: 1, errAt: [2]int{8, 0}, errIs: ErrIncomplete, errMsg: "8 of 9 rows"}}},
		{"garbage line", "12 34 !\n" + euler1 + "\n", []result{
			{line: 1, errAt: [2]int{1, 7}, errIs: ErrChar}}},
		{"csv row short", "quizzes,solutions\n" + euler1[:79] + ",x\n" + euler1 + ",y\n", []result{
			{line: 2, errAt: [2]int{2, 80}, errIs: ErrLength},
			{line: 3, grid: euler1Dots}}},
		{"csv row missing column", "id,puzzle\n7\n", []result{
			{line: 2, errAt: [2]int{2, 0}, errMsg: "no column 2"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.input))
			for i, want := range tt.want {
				p, err := r.Read()
				if p.Line != want.line || p.Name != want.name {
					t.Errorf("puzzle %d at line %d named %q, want line %d named %q", i, p.Line, p.Name, want.line, want.name)
				}
				if want.grid != "" {
					if err != nil || p.Grid.String() != want.grid {
						t.Errorf("puzzle %d = %v, %v; want %s", i, p.Grid, err, want.grid)
					}
					continue
				}
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("puzzle %d: error %v, want a *ParseError", i, err)
				}
				if got := [2]int{pe.Line, pe.Column}; got != want.errAt {
					t.Errorf("puzzle %d: error at %v, want %v (%v)", i, got, want.errAt, err)
				}
				if want.errIs != nil && !errors.Is(err, want.errIs) {
					t.Errorf("puzzle %d: error %v does not wrap %v", i, err, want.errIs)
				}
				if !strings.Contains(err.Error(), want.errMsg) {
					t.Errorf("puzzle %d: error %q does not say %q", i, err, want.errMsg)
				}
			}
			if len(tt.want) == 1 || tt.name == "garbage line" {
				return // the remaining input is not asserted
			}
			if p, err := r.Read(); err != io.EOF {
				t.Errorf("after the expected puzzles: %v, %v; want io.EOF", p, err)
			}
		})
	}
}

func TestReaderConflictIsConflictError(t *testing.T) {
	_, err := NewReader(strings.NewReader("55" + euler1[2:])).Read()
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Cell1 != 0 || ce.Cell2 != 1 || ce.Digit != 5 {
		t.Fatalf("error %v, want a *ConflictError for cells 0 and 1, digit 5", err)
	}
}

// TestReaderCorpora reads every shipped corpus and checks how many puzzles
// and errors each gives.
func TestReaderCorpora(t *testing.T) {
	tests := []struct {
		file         string
		puzzles, bad int
	}{
		{"p096_sudoku.txt", 50, 0},
		{"norvig_top95.txt", 95, 0},
		{"norvig_hardest11.txt", 11, 0},
		{"puzzles3_magictour_top1465.txt", 1465, 0},
		{"17clue_1000.txt", 1000, 0},
		{"forum_hardest_500.txt", 500, 0},
		{"serg_multi_200.txt", 200, 0},
		{"tdoku_test_puzzles.txt", 43, 0},
		{"kaggle_1k.csv", 1000, 0},
		{"sudoku_exchange_rated_1in10.txt", 1890, 0},
		{"graded57.tsv", 57, 0},
		{"easy50.tsv", 50, 0},
		// 3 duplicate givens and 3 malformed lines (sections B and D).
		{"pathological.txt", 31, 6},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := NewReader(f)
			n, bad := 0, 0
			for {
				_, err := r.Read()
				if err == io.EOF {
					break
				}
				n++
				if err != nil {
					bad++
				}
			}
			if n != tt.puzzles || bad != tt.bad {
				t.Errorf("read %d puzzles, %d bad; want %d, %d bad", n, bad, tt.puzzles, tt.bad)
			}
		})
	}
}

func TestReaderEulerNames(t *testing.T) {
	f, err := os.Open("testdata/p096_sudoku.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f)
	for i := 1; i <= 50; i++ {
		p, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		want := "Grid " + string(rune('0'+i/10)) + string(rune('0'+i%10))
		if p.Name != want || p.Line != (i-1)*10+1 {
			t.Errorf("puzzle %d named %q at line %d, want %q at line %d", i, p.Name, p.Line, want, (i-1)*10+1)
		}
		if i == 1 && p.Grid.Digits() != euler1 {
			t.Errorf("Grid 01 = %s, want %s", p.Grid.Digits(), euler1)
		}
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func TestReaderPassesOnIOErrors(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := NewReader(io.MultiReader(strings.NewReader(euler1[:20]), errReader{boom})).Read()
	if err != boom {
		t.Fatalf("Read error = %v, want %v", err, boom)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr error
	}{
		{euler1, euler1Dots, nil},
		{"  " + euler1Dots + "  \n", euler1Dots, nil},
		{strings.Join(euler1Rows, "\n"), euler1Dots, nil},
		{"55" + euler1[2:], "55" + euler1Dots[2:], nil}, // Parse leaves rule checks to Validate
		{"", "", ErrNoPuzzle},
		{"# only a comment", "", ErrNoPuzzle},
		{euler1[:80], "", ErrLength},
		{euler1 + "\n" + euler1, "", ErrExtra},
		{euler1 + "\nhello 123456789!", "", ErrExtra},
	}
	for _, tt := range tests {
		g, err := Parse(tt.in)
		if tt.wantErr != nil {
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("Parse(%q) error = %v, want %v", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || g.String() != tt.want {
			t.Errorf("Parse(%q) = %s, %v; want %s", tt.in, g, err, tt.want)
		}
	}
}

func FuzzReader(f *testing.F) {
	f.Add(euler1 + "\n" + euler1Dots)
	f.Add("Grid 01\n" + strings.Join(euler1Rows, "\n"))
	f.Add("quizzes,solutions\n" + euler1 + "," + euler1)
	f.Add("5 3 . | . 7 . | . . .\n------+-------+------\n")
	f.Add("x" + euler1[1:] + "\n" + euler1[:80])
	f.Add("id,puzzle\n1,\"" + euler1 + "\"\n2\n")
	g, _ := Parse(euler1)
	m := MarksOf(&g)
	f.Add(m.String() + "\n" + marksRows(&m, false))
	f.Add(`{"source":"a","line":1,"name":"Grid 01","puzzle":"` + euler1 + `","status":"unique"}` + "\n" + `{"puzzle":"` + m.String() + `"}` + "\n{\"puzzle\":\"1x\"}\n{")
	f.Add("1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 2\n\n1...\n...")
	f.Add("......\n......\n.....\n......\n\n" + euler1)
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input))
		// A second Reader, keeping the text of bad puzzles alone, and
		// reading through a small buffer, so that lines span refills,
		// into one Puzzle for all, with ReadInto.
		r2 := NewReader(iotest.OneByteReader(strings.NewReader(input)))
		r2.TextOnError = true
		if len(input)%2 == 1 {
			// Half the inputs with lines of another format claimed, grids
			// of other sizes on lines of their own among them.
			r.Other, r2.Other = claimGrid, claimGrid
		}
		var p2 Puzzle
		lines := strings.Count(input, "\n") + 1
		for n := 0; ; n++ {
			if n > lines {
				t.Fatalf("more puzzles (%d) than lines (%d)", n, lines)
			}
			p, err := r.Read()
			err2 := r2.ReadInto(&p2)
			if fmt.Sprint(err) != fmt.Sprint(err2) || p.Grid != p2.Grid || p.Line != p2.Line || p.Name != p2.Name ||
				(p.Marks == nil) != (p2.Marks == nil) || p.Marks != nil && *p.Marks != *p2.Marks {
				t.Fatalf("puzzle %d: %v, %v; with TextOnError one byte at a time %v, %v", n, p, err, p2, err2)
			}
			if want := p.Text; err == nil && p2.Text != "" || err != nil && p2.Text != want {
				t.Fatalf("puzzle %d: text %q with TextOnError, want %q", n, p2.Text, want)
			}
			if err == io.EOF {
				return
			}
			if len(p.Text) > MaxText && !errors.Is(err, ErrOther) || len(p.Text) > MaxLine || len(p.Name) > MaxText {
				t.Fatalf("Text or Name longer than MaxText (MaxLine for another format): %d, %d", len(p.Text), len(p.Name))
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a *ParseError", err)
				}
				if pe.Line < p.Line || pe.Line > lines || pe.Column < 0 {
					t.Fatalf("error position %d:%d outside puzzle at %d (%d lines): %v", pe.Line, pe.Column, p.Line, lines, err)
				}
				continue
			}
			if err := p.Grid.Validate(); err != nil {
				t.Fatalf("Read returned a grid that breaks the rules: %v", err)
			}
			if p.Marks != nil {
				for i, m := range p.Marks {
					if m == 0 || m&^AllDigits != 0 || (m.Count() == 1) != (p.Grid[i] != 0) {
						t.Fatalf("cell %d: marks %v and grid %d", i, m, p.Grid[i])
					}
				}
				// Written out either way, the marks read back the same.
				for _, text := range []string{p.Marks.String(), marksRows(p.Marks, true)} {
					back, err := NewReader(strings.NewReader(text)).Read()
					if err != nil || back.Marks == nil || *back.Marks != *p.Marks || back.Grid != p.Grid {
						t.Fatalf("marks %v written as %q read back as %v, %v", *p.Marks, text, back.Marks, err)
					}
				}
				continue
			}
			if g, err := Parse(p.Grid.String()); err != nil || g != p.Grid {
				t.Fatalf("Parse(String()) = %v, %v; want %v", g, err, p.Grid)
			}
		}
	})
}

// endless yields n bytes of c (forever when n < 0), then the rest.
type endless struct {
	c    byte
	n    int
	rest io.Reader
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		return e.rest.Read(p)
	}
	k := len(p)
	if e.n > 0 {
		k = min(k, e.n)
		e.n -= k
	}
	for i := range p[:k] {
		p[i] = e.c
	}
	return k, nil
}

func TestReaderLongLines(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	// 50 MB of cells without a line end, then a good puzzle.
	r := NewReader(&endless{c: '1', n: 50 << 20, rest: strings.NewReader("\n" + euler1 + "\n")})
	p, err := r.Read()
	if !errors.Is(err, ErrLength) || !strings.Contains(err.Error(), "column 82") {
		t.Errorf("a 50 MB line of cells: %v, want a length error at column 82", err)
	}
	if len(p.Text) > MaxText {
		t.Errorf("Text holds %d bytes, more than MaxText", len(p.Text))
	}
	if p, err := r.Read(); err != nil || p.Line != 2 || p.Grid.String() != euler1Dots {
		t.Errorf("the puzzle after the long line: %v at %d, %v", p.Grid, p.Line, err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("reading a 50 MB line allocated %d bytes", grew)
	}

	// A line that never ends is judged without waiting for its end.
	r = NewReader(&endless{c: 0, n: -1})
	if _, err := r.Read(); !errors.Is(err, ErrChar) || !strings.Contains(err.Error(), `'\x00' (U+0000)`) {
		t.Errorf("an endless line of zero bytes: %v", err)
	}

	// A puzzle followed by a very long comment is still a puzzle.
	r = NewReader(io.MultiReader(strings.NewReader(euler1+" "), &endless{c: 'x', n: 3 * MaxLine, rest: strings.NewReader("\n" + euler1)}))
	for i := range 2 {
		if p, err := r.Read(); err != nil || p.Grid.String() != euler1Dots {
			t.Errorf("puzzle %d: %v, %v", i, p.Grid, err)
		}
	}
}

func TestReaderShowsCharacters(t *testing.T) {
	for _, c := range []struct{ bad, want string }{
		{"０", `invalid character '０' (U+FF10)`},
		{"é", `invalid character 'é' (U+00E9)`},
		{"\x01", `invalid character '\x01' (U+0001)`},
		{"\xff", `invalid character: byte 0xFF (not UTF-8 text)`},
		{"x", `invalid character 'x'`},
	} {
		_, err := NewReader(strings.NewReader(euler1[:10] + c.bad + euler1[11:])).Read()
		if err == nil || !strings.HasSuffix(err.Error(), c.want) || !strings.Contains(err.Error(), "column 11") {
			t.Errorf("%q: %v, want column 11 and %s", c.bad, err, c.want)
		}
	}
	rows := strings.Join(euler1Rows, "\n")
	_, err := NewReader(strings.NewReader(strings.Replace(rows, "700000008", "7000０0008", 1))).Read()
	if err == nil || !strings.Contains(err.Error(), `line 5, column 5: invalid character '０' (U+FF10)`) {
		t.Errorf("full-width digit in a grid row: %v", err)
	}
}

func TestReaderText(t *testing.T) {
	rows := strings.Join(euler1Rows, "\n")
	input := "Grid 01\n" + rows + "\n" + euler1[:80] + "\n" + euler1 + ",extra\n"
	r := NewReader(strings.NewReader(input))
	want := []struct {
		text string
		ok   bool
	}{{rows, true}, {euler1[:80], false}, {euler1 + ",extra", true}}
	for i, w := range want {
		p, err := r.Read()
		if p.Text != w.text || (err == nil) != w.ok {
			t.Errorf("puzzle %d: Text %q, error %v; want %q", i, p.Text, err, w.text)
		}
	}
}

func TestReaderTextOnError(t *testing.T) {
	// Every kind of puzzle, good and bad: TextOnError must give the bad
	// ones the Text a plain Reader gives, and the good ones none.
	rows := strings.Join(euler1Rows, "\n")
	input := "Grid 01\n" + rows + "\n" + euler1[:80] + "\n" + euler1 + ",extra\n" +
		"55" + euler1[2:] + "\n" + strings.Replace(rows, "003", "303", 1) + "\n" + euler1[:40] + "x" + euler1[41:] + "\n" +
		strings.Join(euler1Rows[:5], "\n") + "\nGrid 02\n" + euler1 + "\n"
	plain := NewReader(strings.NewReader(input))
	r := NewReader(strings.NewReader(input))
	r.TextOnError = true
	n, bad := 0, 0
	for {
		want, werr := plain.Read()
		p, err := r.Read()
		if werr == io.EOF || err == io.EOF {
			if werr != err {
				t.Fatalf("puzzle %d: error %v, plain Reader %v", n, err, werr)
			}
			break
		}
		if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("puzzle %d: error %v, plain Reader %v", n, err, werr)
		}
		if err == nil {
			want.Text = ""
		} else {
			bad++
		}
		if !reflect.DeepEqual(p, want) {
			t.Errorf("puzzle %d: %+v, want %+v", n, p, want)
		}
		n++
	}
	if n != 8 || bad != 5 {
		t.Errorf("read %d puzzles, %d bad; want 8, 5", n, bad)
	}
}

func TestReaderReadInto(t *testing.T) {
	// Puzzles whose fields differ from the one before (a name, pencil
	// marks, text, an error), read into one Puzzle: each must come out as
	// Read returns it, nothing left from the one before.
	g, _ := Parse(euler1)
	m := MarksOf(&g)
	input := "Grid 01\n" + marksRows(&m, true) + "\n" + euler1 + "\n" + euler1[:80] + "\n" +
		"Grid 02\n" + strings.Join(euler1Rows, "\n") + "\n" + m.String() + "\n" + euler1Dots + "\n"
	for _, textOnError := range []bool{false, true} {
		want := NewReader(strings.NewReader(input))
		r := NewReader(strings.NewReader(input))
		want.TextOnError, r.TextOnError = textOnError, textOnError
		var p Puzzle
		for n := 0; ; n++ {
			wp, werr := want.Read()
			err := r.ReadInto(&p)
			if fmt.Sprint(err) != fmt.Sprint(werr) || !reflect.DeepEqual(p, wp) {
				t.Fatalf("TextOnError %v, puzzle %d: ReadInto gave %+v, %v; Read %+v, %v", textOnError, n, p, err, wp, werr)
			}
			if err == io.EOF {
				if n != 6 {
					t.Errorf("TextOnError %v: %d puzzles, want 6", textOnError, n)
				}
				break
			}
		}
	}
	var zero Reader
	p := Puzzle{Line: 1, Name: "left over"}
	if err := zero.ReadInto(&p); err == nil || err == io.EOF || p != (Puzzle{}) {
		t.Errorf("ReadInto on a zero Reader = %v, puzzle %+v; want an error and a zero Puzzle", err, p)
	}
}

func TestReaderOptionsAndAll(t *testing.T) {
	var zero Reader
	if _, err := zero.Read(); err == nil || err == io.EOF {
		t.Errorf("Read on a zero Reader = %v, want an error", err)
	}
	conflict := "55" + euler1[2:]
	r := NewReader(strings.NewReader(conflict + "\n" + euler1[:5] + "\n" + euler1 + "\n"))
	r.Validate = false
	var got []string
	for p, err := range r.All() {
		if err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, p.Grid.String()[:3])
	}
	if strings.Join(got, " ") != "553 error ..3" {
		t.Errorf("All without validation gave %v", got)
	}
	boom := errors.New("disk on fire")
	n := 0
	for _, err := range NewReader(io.MultiReader(strings.NewReader(euler1+"\n"), errReader{boom})).All() {
		n++
		if n == 2 && err != boom {
			t.Errorf("All yields %v after the puzzle, want the I/O error", err)
		}
	}
	if n != 2 {
		t.Errorf("All yielded %d results, want the puzzle and the I/O error", n)
	}
}

func TestReaderEndlessLinesAreJudgedAtOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		c    byte
		want error
	}{
		{"zero bytes", 0, ErrChar},
		{"letters (a header)", 'y', ErrTooLong},
		{"spaces and a cell", ' ', ErrLength},
	} {
		done := make(chan error, 1)
		go func() {
			var src io.Reader = &endless{c: c.c, n: -1}
			if c.c == ' ' {
				src = io.MultiReader(strings.NewReader("1"), src)
			}
			_, err := NewReader(src).Read()
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Read did not return on an endless line", c.name)
		}
	}
}

// TestReaderOtherTooLong checks that a line of another format (see
// Reader.Other) longer than MaxLine is said to be too long, not to hold a
// bad character for a classic puzzle: a long ISS string once got "column
// 2: invalid character 'C'". A long line that Other does not claim still
// gets its bad character.
func TestReaderOtherTooLong(t *testing.T) {
	for _, tt := range []struct {
		line string
		want error
	}{
		{".Cage~7" + strings.Repeat("~R1C1", MaxLine/5+10), ErrTooLong},
		{".Xage~7" + strings.Repeat("~R1C1", MaxLine/5+10), ErrChar},
		{".Cage~7" + strings.Repeat("~R1C1", 10), ErrOther},
	} {
		r := NewReader(strings.NewReader(tt.line + "\n" + euler1 + "\n"))
		r.Other = func(line []byte) bool { return bytes.HasPrefix(line, []byte(".Cage")) }
		_, err := r.Read()
		if !errors.Is(err, tt.want) {
			t.Errorf("%.20s... (%d bytes): %v, want %v", tt.line, len(tt.line), err, tt.want)
		}
		if p, err := r.Read(); err != nil || p.Line != 2 {
			t.Errorf("the puzzle after it: line %d, %v", p.Line, err)
		}
	}
}

// marksRows writes pencil marks as nine rows of candidate sets, with box
// borders if asked, as "sudoku hint" prints them.
func marksRows(m *Marks, borders bool) string {
	var sb strings.Builder
	for r := range 9 {
		if borders && r%3 == 0 {
			sb.WriteString("+----------------+----------------+----------------+\n")
		}
		for c := range 9 {
			if borders && c%3 == 0 {
				sb.WriteString("| ")
			}
			sb.WriteString(m[r*9+c].String())
			sb.WriteByte(' ')
		}
		if borders {
			sb.WriteString("|")
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestReaderMarks(t *testing.T) {
	g, _ := Parse(euler1)
	m := MarksOf(&g)
	// A removed candidate stays removed: take one out of a cell with more.
	cut := m
	for i, set := range cut {
		if set.Count() > 2 {
			cut[i] &^= 1 << set.List()[0]
			break
		}
	}
	plainFirst := marksRows(&cut, false)
	plainFirst = euler1Rows[0] + plainFirst[strings.Index(plainFirst, "\n"):]
	firstRow := cut
	for i := range 9 {
		if g[i] == 0 {
			firstRow[i] = AllDigits // "." in a plain row is every digit
		}
	}
	// A first row with every candidate in every cell: its 81 digits
	// also count as a puzzle with spaces between cells.
	fullFirst := cut
	for i := range 9 {
		fullFirst[i] = AllDigits
	}
	for _, tt := range []struct {
		name, text string
		want       Marks
	}{
		{"729 on a line", m.String(), m},
		{"rows, the first with every candidate", marksRows(&fullFirst, false), fullFirst},
		{"the same with borders", marksRows(&fullFirst, true), fullFirst},
		{"729 with fields after", cut.String() + " 3 solutions", cut},
		{"rows", marksRows(&cut, false), cut},
		{"rows with borders", "Grid 07\n" + marksRows(&cut, true), cut},
		{"a plain first row", plainFirst, firstRow},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.text + "\n" + euler1 + "\n"))
			p, err := r.Read()
			if err != nil || p.Marks == nil || *p.Marks != tt.want {
				t.Fatalf("Read = %v, %v; want marks %v", p.Marks, err, tt.want)
			}
			for i, set := range tt.want {
				if want := uint8(0); set.Count() == 1 && uint8(set.List()[0]) != p.Grid[i] || set.Count() > 1 && p.Grid[i] != want {
					t.Fatalf("cell %d: grid %d for marks %v", i, p.Grid[i], set)
				}
			}
			next, err := r.Read()
			if err != nil || next.Marks != nil || next.Grid != g {
				t.Errorf("the puzzle after the marks: %v, %v", next, err)
			}
		})
	}

	// Errors, with where they are.
	bad := []byte(m.String())
	bad[9*4+2] = '5' // cell r1c5, the place of digit 3
	empty := m
	empty[10] = 0
	clash := m
	clash[3] = 1 << g[2] // r1c4 holds r1c3's digit alone
	var conflict *ConflictError
	for _, tt := range []struct {
		name, text string
		err        any // an error to match with errors.Is, or a pointer for errors.As
		line, col  int
	}{
		{"wrong digit", string(bad), ErrChar, 1, 9*4 + 3},
		{"no candidate", empty.String(), ErrNoCandidate, 1, 9*10 + 1},
		{"clash", clash.String(), &conflict, 1, 9*3 + 1},
		{"a digit twice in a cell of a row of marks", "Grid\n. 3 . | 158 2 1585 | . . 6\n", ErrChar, 2, 18},
	} {
		_, err := NewReader(strings.NewReader(tt.text)).Read()
		var pe *ParseError
		matched := false
		switch e := tt.err.(type) {
		case error:
			matched = errors.Is(err, e)
		default:
			matched = errors.As(err, e)
		}
		if !errors.As(err, &pe) || !matched || pe.Line != tt.line || pe.Column != tt.col {
			t.Errorf("%s: error %v; want %v at %d:%d", tt.name, err, tt.err, tt.line, tt.col)
		}
	}
	if _, err := Parse(m.String()); !errors.Is(err, ErrMarks) {
		t.Errorf("Parse of pencil marks: %v, want ErrMarks", err)
	}
}

// TestReaderJSONRecords reads the JSON records the sudoku command writes:
// the puzzle from the "puzzle" field, in any format, named by "name".
func TestReaderJSONRecords(t *testing.T) {
	g, _ := Parse(euler1)
	m := MarksOf(&g)
	input := strings.Join([]string{
		`{"source":"a.txt","line":1,"name":"Grid 01","puzzle":"` + euler1Dots + `","status":"unique","solution":"483921657967345821251876493548132976729564138136798245372689514814253769695417382"}`,
		`{"puzzle":"` + euler1 + `","solution":"x","givens":32,"seed":"4","number":1}`,
		`{"puzzle":"` + m.String() + `"}`,
		`{"puzzle":"55` + euler1[2:] + `"}`,
		`{"puzzle":"12x"}`,
		`{"puzle":"` + euler1 + `"}`,
		`{"puzzle":"{\"puzzle\":\"` + euler1 + `\"}"}`,
		`{"puzzle":`,
		`{"puzzle":"Grid 01\n` + strings.Join(euler1Rows, `\n`) + `"}`,
	}, "\n")
	want := []struct {
		name, err string
		marks     bool
	}{
		{"Grid 01", "", false},
		{"", "", false},
		{"", "", true},
		{"", "line 4, column 13: r1c1 and r1c2 both hold 5", false},
		{"", "line 5, column 14: invalid character 'x'", false},
		{"", "line 6: not a JSON record with a puzzle", false},
		{"", "line 7: not a JSON record with a puzzle", false},
		{"", "line 8, column 10: not a JSON record with a puzzle: unexpected end of JSON input", false},
		{"Grid 01", "", false},
	}
	r := NewReader(strings.NewReader(input))
	for i, w := range want {
		p, err := r.Read()
		if fmt.Sprint(err) == "<nil>" && w.err != "" || err != nil && err.Error() != w.err || p.Name != w.name || (p.Marks != nil) != w.marks || p.Line != i+1 {
			t.Errorf("record %d: %v (line %d, name %q, marks %v), %v; want name %q, error %q", i+1, p.Grid, p.Line, p.Name, p.Marks != nil, err, w.name, w.err)
		}
		if err == nil && !w.marks && p.Grid != g {
			t.Errorf("record %d: grid %v, want %v", i+1, p.Grid, g)
		}
		if w.err != "" && !errors.Is(err, ErrJSON) && strings.Contains(w.err, "JSON") {
			t.Errorf("record %d: %v does not wrap ErrJSON", i+1, err)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after the records: %v, want EOF", err)
	}
}

// TestReaderOther reads an input that mixes classic puzzles with lines
// another reader claims: each claimed line comes back whole, in its place,
// with ErrOther, and the classic puzzles around it as before.
func TestReaderOther(t *testing.T) {
	long := "V:" + strings.Repeat("x", MaxText+100)
	input := strings.Join([]string{
		"Grid 01",
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
		long,
		"# a comment, not asked about",
		"V:short",
		"Grid 02",
		"V:named",
		"1 . . | . . . | . . .",
		". . . | . . . | . . .",
		". . . | . . . | . . .",
		"------+-------+------",
		". . . | . . . | . . .",
		". . . | . . . | . . .",
		". . . | . . . | . . .",
		"------+-------+------",
		". . . | . . . | . . .",
		". . . | . . . | . . .",
		". . . | . . . | . . 9",
		`{"name":"Rec","puzzle":"V:in a record"}`,
		`{"v":1}`,
		`{"v":`,
		`{"puzzle":`,
		`{"puzzle":"` + euler1 + `"}`,
	}, "\n")
	r := NewReader(strings.NewReader(input))
	var asked []string
	r.Other = func(line []byte) bool {
		asked = append(asked, string(line[:min(len(line), 8)]))
		return bytes.HasPrefix(line, []byte("V:")) || bytes.HasPrefix(line, []byte(`{"v"`))
	}
	type got struct {
		line  int
		name  string
		other bool
		json  bool // a broken record
		text  string
	}
	var all []got
	for p, err := range r.All() {
		if err != nil && !errors.Is(err, ErrOther) && !errors.Is(err, ErrJSON) {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		g := got{line: p.Line, name: p.Name, other: errors.Is(err, ErrOther), json: errors.Is(err, ErrJSON)}
		if g.other {
			g.text = p.Text
		}
		all = append(all, g)
	}
	want := []got{
		{line: 1, name: "Grid 01"},
		{line: 3, other: true, text: long},
		{line: 5, other: true, text: "V:short"},
		{line: 6, name: "Grid 02", other: true, text: "V:named"},
		{line: 8},
		{line: 19, name: "Rec", other: true, text: "V:in a record"},
		{line: 20, other: true, text: `{"v":1}`},
		{line: 21, other: true, text: `{"v":`},
		{line: 22, json: true},
		{line: 23},
	}
	if !reflect.DeepEqual(all, want) {
		t.Errorf("read %+v\nwant %+v", all, want)
	}
	// Asked about the lines that could start a puzzle: not the usual
	// line, comments, or the rows of a grid. A JSON line is asked about
	// if it has no "puzzle" field, a record about that field.
	wantAsked := []string{"Grid 01", "V:xxxxxx", "V:short", "Grid 02", "V:named",
		"V:in a r", `{"v":1}`, `{"v":`, euler1[:8]}
	if !reflect.DeepEqual(asked, wantAsked) {
		t.Errorf("asked about %q, want %q", asked, wantAsked)
	}
}

// claimGrid is a Reader.Other that claims lines of N*N cells, N from 4 to
// 25 but not 9, with an empty cell, as the sudoku command's reader of
// plain grids does.
func claimGrid(line []byte) bool {
	n := int(math.Sqrt(float64(len(line))))
	return n*n == len(line) && n >= 4 && n != 9 && n <= 25 && bytes.ContainsAny(line, ".-")
}

// TestReaderBlock reads grids of other sizes written on lines of their
// own (see Reader.block): their cells come back on one line with
// ErrOther, for Other to read; a grid with a row of another length, or
// cut short, gets an error that says so at the row, and the lines after
// it are read as before; lines that are not such a grid, or one Other
// does not claim, are read as they were before.
func TestReaderBlock(t *testing.T) {
	g16 := strings.Repeat("1..2|....|....|....\n", 15) + "....|....|....|...G"
	type got struct {
		line, last int
		name, text string
		err        error
	}
	for _, c := range []struct {
		name, in string
		want     []got
	}{
		{"4x4 with borders and a header", "Four\n1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 2\n",
			[]got{{line: 1, last: 6, name: "Four", text: "1..............2", err: ErrOther}}},
		{"two 4x4 back to back", "1...\n....\n....\n....\n.2..\n....\n....\n....\n",
			[]got{{line: 1, last: 4, text: "1...............", err: ErrOther},
				{line: 5, last: 8, text: ".2..............", err: ErrOther}}},
		{"16x16 with '|' between boxes, a comment inside", g16[:40] + "# note\n" + g16[40:],
			[]got{{line: 1, last: 17, text: strings.NewReplacer("|", "", "\n", "").Replace(g16), err: ErrOther}}},
		{"a 6x6 with a short row, then a puzzle", "......\n......\n.....\n......\n......\n......\n" + euler1 + "\n",
			[]got{{line: 1, last: 6, err: ErrLength}, {line: 7, last: 7}}},
		{"a 4x4 cut short by a blank line", "1...\n....\n\n" + euler1 + "\n",
			[]got{{line: 1, last: 2, err: ErrIncomplete}, {line: 4, last: 4}}},
		{"a line of 16 cells is a puzzle of its own", "1...............\n2...............\n",
			[]got{{line: 1, last: 1, text: "1...............", err: ErrOther},
				{line: 2, last: 2, text: "2...............", err: ErrOther}}},
		{"a full 4x4, which Other does not claim", "1234\n3412\n2143\n4321\n",
			[]got{{line: 1, last: 4, err: ErrLength}}},
		{"a header before a 9-line grid", "Grid 01\n" + strings.Join(euler1Rows, "\n") + "\n",
			[]got{{line: 1, last: 10, name: "Grid 01"}}},
	} {
		r := NewReader(strings.NewReader(c.in))
		r.Other = claimGrid
		var all []got
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			g := got{line: p.Line, last: r.line, name: p.Name, err: err}
			if errors.Is(err, ErrOther) {
				g.text, g.err = p.Text, ErrOther
			}
			for _, e := range []error{ErrLength, ErrIncomplete} {
				if errors.Is(err, e) {
					g.err = e
				}
			}
			all = append(all, g)
		}
		if !reflect.DeepEqual(all, c.want) {
			t.Errorf("%s: read\n%+v\nwant\n%+v", c.name, all, c.want)
		}
	}
	// Without Other, a 4x4 on four lines is a 9-line grid gone wrong, as
	// it was.
	r := NewReader(strings.NewReader("1...\n....\n....\n....\n"))
	n := 0
	for _, err := range r.All() {
		if n++; !errors.Is(err, ErrLength) {
			t.Errorf("without Other, puzzle %d: %v, want ErrLength", n, err)
		}
	}
	if n != 1 {
		t.Errorf("without Other: %d puzzles, want 1", n)
	}
}
