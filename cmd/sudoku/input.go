package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/godoku/sudoku"
	vformat "github.com/godoku/sudoku/variant/format"
)

// An input is one positional argument of a command that takes puzzles:
// standard input ("-"), a file, or a puzzle written on the command line.
type input struct {
	arg  string
	name string // as records name it: the file name, "<stdin>" or "<arg N>"
}

// inputs returns the inputs named by args; none means standard input.
func inputs(args []string) []input {
	if len(args) == 0 {
		return []input{{"-", "<stdin>"}}
	}
	in := make([]input, len(args))
	for i, a := range args {
		in[i] = input{a, a}
		switch {
		case a == "-":
			in[i].name = "<stdin>"
		case !isFile(a) && (isPuzzleText(a) || vformat.Claims([]byte(a))):
			in[i].name = fmt.Sprintf("<arg %d>", i+1)
		}
	}
	return in
}

// readsTerminal reports whether any of the inputs is standard input and
// that is a terminal, where a person types the puzzles.
func readsTerminal(std *stdio, args []string) bool {
	for _, in := range inputs(args) {
		if in.arg == "-" && std.inTTY {
			return true
		}
	}
	return false
}

func isFile(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// isPuzzleText reports whether an argument that names no file is meant as
// a puzzle, so that a typo in it gets the reader's error, with its column,
// rather than "no such file": it holds a line break (a grid pasted in
// quotes); or it holds at least 17 cells and nothing but cells and the
// separators of grids; or it is about as long as a puzzle (70 to 90
// characters besides separators, or 700 to 760 for pencil marks) and all
// but a few of them are cells (a letter O, a full-width digit, an x).
func isPuzzleText(arg string) bool {
	if strings.ContainsAny(arg, "\n") {
		return true
	}
	cells, others := 0, 0
	for _, c := range arg {
		switch {
		case c >= '0' && c <= '9' || strings.ContainsRune(".-_*", c):
			cells++
		case !strings.ContainsRune(" \t|+=", c):
			others++
		}
	}
	if others == 0 {
		return cells >= 17
	}
	n := cells + others
	return others <= maxTypos && (n >= 70 && n <= 90 || n >= 700 && n <= 760)
}

// maxTypos is how many characters other than cells an argument about as
// long as a puzzle may hold and still be taken for one.
const maxTypos = 3

// readTasks returns a task source that reads every puzzle of the inputs,
// in order. An input that cannot be opened or read gives a task with
// inputErr set, in its place. Unless acc.marks is set, a pencil-mark
// puzzle gives a task with err set: a command that cannot honour the
// candidates refuses them rather than work from the cells with one
// candidate alone; so does a variant puzzle unless acc.variants is set.
//
// With a shard, the source gives only the shard's records, each with its
// index in the whole batch (shuffle seeds a puzzle by it), a record that
// cannot be read too, so that the union of the shards' outputs and errors
// is the batch's. An input that cannot be opened or read is no record:
// every shard reports it, since each misses its part of it.
func readTasks(std *stdio, args []string, acc takes, sh shard) func(yield func(*task) bool) {
	return func(yield func(*task) bool) {
		n, records := 0, 0
		emit := func(t *task) bool {
			t.index = n
			n++
			if t.inputErr == nil {
				records++
				if !sh.owns(records - 1) {
					return true // another shard's
				}
			}
			return yield(t)
		}
		for _, in := range inputs(args) {
			r, closeIt, err := open(std, in)
			if err != nil {
				if !emit(&task{src: in.name, inputErr: err}) {
					return
				}
				continue
			}
			more := readAll(in.name, r, steady(r), acc, emit)
			closeIt()
			if !more || !yield(nil) { // the next input may keep us waiting
				return
			}
		}
	}
}

// open opens an input for reading.
func open(std *stdio, in input) (io.Reader, func(), error) {
	switch {
	case in.arg == "-":
		return std.in, func() {}, nil
	case in.name != in.arg: // a puzzle on the command line
		return strings.NewReader(in.arg), func() {}, nil
	}
	f, err := os.Open(in.arg)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("%s: no such file or puzzle", in.arg)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", in.arg, unwrapPath(err))
	}
	return f, func() { f.Close() }, nil
}

// steady reports whether reading r never waits long: it is not a pipe,
// a terminal or a socket.
func steady(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return true // a string or a buffer
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

// readAll calls emit with every puzzle of r, and reports false if emit
// did (the run is over). Pencil-mark and variant puzzles are refused
// unless acc takes them. An input with nothing that even looks like a puzzle (empty, or
// only comments and titles) gives a task with inputErr set: most likely
// the wrong file, or a pipe whose first command found nothing, and a
// silent success would hide that.
func readAll(name string, r io.Reader, steady bool, acc takes, emit func(*task) bool) bool {
	// One task for all the puzzles (emit copies it: see batch), its
	// fields set anew for each: clearing it whole took longer.
	t := task{src: name, steady: steady}
	read := false
	sr := sudoku.NewReader(r)
	sr.TextOnError = true // records show the text of bad puzzles alone (see newRecord)
	sr.Other = vformat.Claims
	// Read straight into the task, rather than through sr.All, which
	// copies every puzzle three times on its way.
	for {
		err := sr.ReadInto(&t.puzzle)
		if err == io.EOF {
			break
		}
		read = true
		t.variant = nil
		if err != nil && errors.Is(err, sudoku.ErrOther) {
			t.err = err
			readVariant(&t, acc)
			if !emit(&t) {
				return false
			}
			continue
		}
		if err == nil && t.puzzle.Marks != nil && !acc.marks {
			err = &sudoku.ParseError{StartLine: t.puzzle.Line, Line: t.puzzle.Line, Err: errMarks}
		}
		t.err = err
		if err != nil && !isParseError(err) {
			t = task{src: name, inputErr: fmt.Errorf("reading %s: %v", name, unwrapPath(err))}
			return emit(&t) // an error of the input ends it, as in sr.All
		}
		if !emit(&t) {
			return false
		}
	}
	if !read {
		t = task{src: name, inputErr: fmt.Errorf("%s: %w", name, errNoPuzzles)}
		return emit(&t)
	}
	return true
}

// isParseError reports whether err is a *sudoku.ParseError. (Its own
// function, so that the variable errors.As needs goes to the heap only on
// an error, not at every puzzle.)
func isParseError(err error) bool {
	var pe *sudoku.ParseError
	return errors.As(err, &pe)
}

// readOne reads the one puzzle text a command such as hint takes: the
// argument itself, the file it names, or standard input. Reading stops
// when ctx is done, even while a terminal is read.
func readOne(ctx context.Context, std *stdio, args []string) (text, src string, err error) {
	if len(args) > 1 {
		return "", "", errOnePuzzle
	}
	ins := inputs(args)
	r, closeIt, err := open(std, ins[0])
	if err != nil {
		return "", "", err
	}
	type result struct {
		b   []byte
		err error
	}
	got := make(chan result, 1)
	go func() {
		defer closeIt()
		r := io.LimitReader(r, maxOneInput+1)
		if ins[0].arg != "-" || !std.inTTY {
			b, err := io.ReadAll(r)
			got <- result{b, err}
			return
		}
		// A person types the puzzle: it ends where the puzzle is
		// complete (or cannot be, for an error), not at Ctrl-D. A
		// terminal gives a line a read, so what the reader took is what
		// was typed up to there.
		var typed bytes.Buffer
		tr := sudoku.NewReader(io.TeeReader(r, &typed))
		tr.Other = vformat.Claims // a link ends at its line
		_, err := tr.Read()
		if err == io.EOF || isParseError(err) {
			err = nil
		}
		got <- result{typed.Bytes(), err}
	}()
	select {
	case res := <-got:
		if res.err != nil {
			return "", "", fmt.Errorf("reading %s: %v", ins[0].name, unwrapPath(res.err))
		}
		if len(res.b) > maxOneInput {
			return "", "", fmt.Errorf("%s: more than %d bytes: not one puzzle", ins[0].name, maxOneInput)
		}
		return string(res.b), ins[0].name, nil
	case <-ctx.Done():
		return "", "", ctx.Err()
	}
}

// maxOneInput bounds the input of a one-puzzle command: a puzzle with
// pencil marks and borders takes about 1 KB.
const maxOneInput = 1 << 20

// errMarks is the error of a pencil-mark puzzle given to a command that
// cannot honour its candidates.
var errMarks = errors.New("pencil marks (a sukaku): this command works from givens alone; solve (without --trace), count, rate, explain and hint honour the candidates")

var errOnePuzzle = errors.New("want one puzzle: an argument, a file or standard input")

// errNoPuzzles is the error of an input in which nothing looks like a
// puzzle.
var errNoPuzzles = errors.New("no puzzles")
