package pipeline

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/godoku/sudoku"
)

// errMarks is the error of a pencil-mark puzzle: the pipeline works from
// givens (canonical forms and Sudoku Explainer's rating need them).
var errMarks = errors.New("pencil marks (a sukaku): sudoku-beam works from givens alone")

// readChunk calls yield with every puzzle of the chunk, in order, with
// the error the Reader gave for it (a *sudoku.ParseError), its line
// numbers those of the whole file. It returns an error when the file
// cannot be read, and stops when yield returns false.
func readChunk(ctx context.Context, c *Chunk, yield func(p *sudoku.Puzzle, err error) bool) error {
	if c.Start >= c.End {
		return nil
	}
	rc, err := openAt(ctx, c.File.Path, c.Start)
	if err != nil {
		return err
	}
	defer rc.Close()
	var in io.Reader = io.LimitReader(rc, c.End-c.Start)
	shift := int(c.Line)
	if c.Header != "" {
		in = io.MultiReader(strings.NewReader(c.Header+"\n"), in)
		shift--
	}
	r := sudoku.NewReader(in)
	r.TextOnError = true // records show the text of bad puzzles alone, as the sudoku command's do
	var p sudoku.Puzzle
	for {
		err := r.ReadInto(&p)
		if err == io.EOF {
			return nil
		}
		var pe *sudoku.ParseError
		if err != nil && !errors.As(err, &pe) {
			return readErr(c.File.Path, err)
		}
		if err == nil && p.Marks != nil {
			pe = &sudoku.ParseError{StartLine: p.Line, Line: p.Line, Err: errMarks}
			err = pe
		}
		p.Line += shift
		if pe != nil {
			pe.StartLine += shift
			pe.Line += shift
		}
		if !yield(&p, err) {
			return nil
		}
	}
}
