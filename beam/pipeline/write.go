package pipeline

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"sync/atomic"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/se"
	"github.com/godoku/sudoku/solver"
)

// TrainSide reports whether a puzzle whose canonical form is form (81
// characters, '.' for an empty cell, as records show it) goes to the train side of a split
// with train fraction split: when the FNV-1a 64-bit hash of the form,
// divided by 2^64, is below split. All the isomorphs of a puzzle have the
// same form, so they go to the same side.
func TrainSide(form string, split float64) bool {
	h := fnv.New64a()
	io.WriteString(h, form)
	return float64(h.Sum64()>>11)/(1<<53) < split
}

// writeFn writes the records of a chunk (the pipeline without Dedupe): it
// emits the temporary names of the files it wrote, and the chunk's stats.
type writeFn struct {
	Opts Options
}

func (f *writeFn) ProcessElement(ctx context.Context, c Chunk, emitFile func(string), emitStats func(Stats)) error {
	return writeChunk(ctx, &f.Opts, &c, nil, emitFile, emitStats)
}

// writeKeptFn writes the records of a chunk that its buckets kept (the
// pipeline with Dedupe).
type writeKeptFn struct {
	Opts Options
}

func (f *writeKeptFn) ProcessElement(ctx context.Context, shard int, chunks func(*Chunk) bool, batches func(*[]byte) bool, emitFile func(string), emitStats func(Stats)) error {
	var c Chunk
	if !chunks(&c) {
		return fmt.Errorf("shard %d: forms came back for no chunk", shard)
	}
	ks, err := readKept(batches, f.Opts.backForms())
	if err != nil {
		return fmt.Errorf("shard %d: %v", shard, err)
	}
	return writeChunk(ctx, &f.Opts, &c, ks, emitFile, emitStats)
}

// writeChunk reads a chunk and writes the records of its puzzles: with
// Dedupe (ks not nil), only of those kept, whose forms ks holds. A
// puzzle that cannot be read or rated goes to the dead letters.
func writeChunk(ctx context.Context, o *Options, c *Chunk, ks *keptForms, emitFile func(string), emitStats func(Stats)) error {
	w := &chunkWriter{o: o, c: c, stats: newStats()}
	w.stats.Files[c.File.Path] = 0
	defer w.abort()
	for _, kind := range o.kinds() {
		sw, err := createShard(ctx, shardName(o.Output, kind, c.Shard, c.Shards, o.ext()), o.Format, o.columns())
		if err != nil {
			return err
		}
		w.outs = append(w.outs, sw)
	}
	err := readChunk(ctx, c, func(p *sudoku.Puzzle, err error) bool {
		w.stats.Puzzles++
		w.stats.Files[c.File.Path]++
		if err != nil {
			w.err = w.deadLetter(ctx, p, err)
			return w.err == nil
		}
		var fm *form
		if ks != nil {
			for len(ks.kept) > 0 && ks.kept[0].line < int64(p.Line) {
				ks.kept = ks.kept[1:] // cannot be: kept lines are lines of puzzles
			}
			if len(ks.kept) == 0 || ks.kept[0].line != int64(p.Line) {
				w.stats.Duplicates++
				return ctx.Err() == nil
			}
			fm = ks.form(ks.kept[0])
			ks.kept = ks.kept[1:]
		}
		w.err = w.puzzle(ctx, p, fm)
		return w.err == nil && ctx.Err() == nil
	})
	err = errors.Join(err, w.err, ctx.Err())
	if err != nil {
		return err
	}
	for _, sw := range append(w.outs, w.dead) {
		if sw == nil {
			continue
		}
		if err := sw.close(); err != nil {
			return err
		}
		emitFile(sw.temp)
	}
	w.outs, w.dead = nil, nil
	if int64(c.Shard)+1 == failShard.Load() {
		return fmt.Errorf("shard %d: failed for a test, after writing its files", c.Shard)
	}
	emitStats(w.stats)
	return nil
}

// failShard is set by a test to 1 + the shard whose chunk fails after
// writing its files, as a worker killed before the runner took its work;
// 0 for none.
var failShard atomic.Int64

// A chunkWriter holds what writeChunk writes to.
type chunkWriter struct {
	o     *Options
	c     *Chunk
	outs  []*shardWriter // by o.kinds()
	dead  *shardWriter   // opened at the first dead letter
	stats Stats
	err   error // of the last puzzle: the chunk fails
	can   canon.Canonicalizer
	rate  logic.Options
}

// puzzle works on a good puzzle and writes its record; fm is its form when
// the buckets found it. Only an output's error is returned: a puzzle that
// fails goes to the dead letters.
func (w *chunkWriter) puzzle(ctx context.Context, p *sudoku.Puzzle, fm *form) error {
	o := w.o
	// record.New's record, without the puzzle's text where no output shows
	// it (line records of forms or ratings): writing it cost a sixth of a
	// --canon run's time.
	r := record.Record{Source: w.c.File.Path, Line: p.Line, Name: p.Name}
	if o.Format != "line" || !o.Canon && !o.Rate {
		r.Puzzle = record.PuzzleText(p)
	}
	var formText string
	switch {
	case fm != nil && *fm == noForm, fm == nil && o.needsForm(), o.Canon && o.Format != "line":
		// Worked out here: with its transform for a JSON or CSV record.
		f, t, err := w.can.Form(&p.Grid)
		if err != nil {
			return w.deadLetter(ctx, p, err)
		}
		formText = f.String()
		if o.Canon {
			r.Transform = &t
		}
	case fm != nil:
		formText = fm.text()
	}
	if o.Canon {
		r.Canonical = formText
	}
	line := r.Puzzle
	if o.Canon {
		line = formText
	}
	if o.Rate {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if o.Timeout > 0 {
			rctx, cancel = context.WithTimeout(ctx, o.Timeout)
		}
		hr, err := w.rate.Rate(rctx, p.Grid)
		var sr se.Rating
		if err == nil {
			sr, err = se.Rate(rctx, &p.Grid)
		}
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return w.deadLetter(ctx, p, err)
		}
		r.Status = solver.Unique
		r.Rating = record.NewRating(&hr, &sr)
		line = record.RateLine(&hr, &sr)
		w.stats.Levels[hr.Level.String()]++
		w.stats.ER[int(sr.ER*10+0.5)]++
	}
	out, kind := w.outs[0], "records"
	if o.Split > 0 && !TrainSide(formText, o.Split) {
		out, kind = w.outs[1], "test"
	} else if o.Split > 0 {
		kind = "train"
	}
	w.stats.Written[kind]++
	w.stats.Clues[p.Grid.Givens()]++
	return out.write(out.enc.Encode(&r, line, nil))
}

// deadLetter writes the record of a puzzle that failed to the chunk's
// dead letters.
func (w *chunkWriter) deadLetter(ctx context.Context, p *sudoku.Puzzle, err error) error {
	if w.dead == nil {
		sw, err := createShard(ctx, shardName(w.o.Output, "deadletters", w.c.Shard, w.c.Shards, ".json"), "json", nil)
		if err != nil {
			return err
		}
		w.dead = sw
	}
	r := record.New(w.c.File.Path, p, err)
	if p.Text == "" {
		// A puzzle read well and failed later: its text, as read.
		r.Puzzle = record.PuzzleText(p)
		r.Fail(err)
	}
	w.stats.DeadLetters[r.Status.String()]++
	return w.dead.write(w.dead.enc.Encode(&r, "", nil))
}

// abort removes what a chunk that failed has written.
func (w *chunkWriter) abort() {
	for _, sw := range append(w.outs, w.dead) {
		if sw != nil {
			sw.abort()
		}
	}
}

// A shardWriter writes one output file under a temporary name, which
// finalizeFn renames once the runner has taken the work that wrote it.
type shardWriter struct {
	temp   string
	format string
	cols   []string
	fs     filesystem.Interface
	wc     io.WriteCloser
	bw     *bufio.Writer
	enc    *record.Encoder
	err    error
}

// createShard starts the file name, in the format, with the columns of
// its CSV records.
func createShard(ctx context.Context, name, format string, columns []string) (*shardWriter, error) {
	var rnd [8]byte
	rand.Read(rnd[:])
	temp := name + tempMark + hex.EncodeToString(rnd[:])
	fs, err := filesystem.New(ctx, temp)
	if err != nil {
		return nil, err
	}
	wc, err := fs.OpenWrite(ctx, temp)
	if err != nil {
		fs.Close()
		return nil, fmt.Errorf("%s: %v", temp, err)
	}
	return &shardWriter{temp: temp, format: format, cols: columns, fs: fs, wc: wc, bw: bufio.NewWriterSize(wc, 1<<20),
		enc: record.NewEncoder(format, columns, nil)}, nil
}

func (w *shardWriter) write(b []byte) error {
	if w.err == nil {
		_, w.err = w.bw.Write(b)
	}
	return w.err
}

// close finishes the file. A CSV file without records still gets its
// header, so that every shard reads as a table.
func (w *shardWriter) close() error {
	if w.format == "csv" && w.enc.N == 0 {
		w.write([]byte(strings.Join(w.cols, ",") + "\n"))
	}
	if w.err == nil {
		w.err = w.bw.Flush()
	}
	err := errors.Join(w.err, w.wc.Close(), w.fs.Close())
	w.fs = nil
	if err != nil {
		return fmt.Errorf("writing %s: %v", w.temp, err)
	}
	return nil
}

// abort closes and removes a file not finished.
func (w *shardWriter) abort() {
	if w.fs == nil {
		return
	}
	w.wc.Close()
	if rm, ok := w.fs.(filesystem.Remover); ok {
		rm.Remove(context.Background(), w.temp)
	}
	w.fs.Close()
	w.fs = nil
}

// finalName is the name a temporary file is renamed to.
func finalName(temp string) string {
	i := strings.LastIndex(temp, tempMark)
	if i < 0 {
		return temp
	}
	return temp[:i]
}

// finalizeFn renames the files the runner took to their own names, then
// removes what failed attempts left, once every file is written. (The
// report's files are reportFn's.)
type finalizeFn struct {
	Output string
}

func (f *finalizeFn) ProcessElement(ctx context.Context, _ int, temps func(*string) bool) error {
	fs, err := filesystem.New(ctx, f.Output)
	if err != nil {
		return err
	}
	defer fs.Close()
	var temp string
	for temps(&temp) {
		if err := rename(ctx, fs, temp, finalName(temp)); err != nil {
			return err
		}
	}
	return removeLeft(ctx, fs, f.Output+"-*-of-*"+tempMark+"*")
}

// removeLeft removes the temporary files that match glob: those that
// attempts which failed left.
func removeLeft(ctx context.Context, fs filesystem.Interface, glob string) error {
	left, err := fs.List(ctx, glob)
	if err != nil {
		return fmt.Errorf("listing %s: %v", glob, err)
	}
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return nil
	}
	for _, name := range left {
		if err := rm.Remove(ctx, name); err != nil {
			return fmt.Errorf("removing %s: %v", name, err)
		}
	}
	return nil
}

// rename renames temp to final, and takes a temp already renamed (by an
// attempt of finalizeFn that failed later) as done.
func rename(ctx context.Context, fs filesystem.Interface, temp, final string) error {
	err := filesystem.Rename(ctx, fs, temp, final)
	if err == nil {
		return nil
	}
	if _, serr := fs.Size(ctx, temp); serr != nil {
		if _, ferr := fs.Size(ctx, final); ferr == nil {
			return nil
		}
	}
	return fmt.Errorf("renaming %s: %v", temp, err)
}

// reportFn writes the report of the run.
type reportFn struct {
	Output string
	Inputs []string
}

func (f *reportFn) ProcessElement(ctx context.Context, s Stats) error {
	r := report(f.Inputs, s)
	fs, err := filesystem.New(ctx, f.Output)
	if err != nil {
		return err
	}
	defer fs.Close()
	for _, out := range []struct {
		name string
		data []byte
	}{{f.Output + "-report.json", r.JSON()}, {f.Output + "-report.csv", r.CSV()}} {
		sw, err := createShard(ctx, out.name, "", nil)
		if err != nil {
			return err
		}
		sw.write(out.data)
		if err := sw.close(); err != nil {
			sw.abort()
			return err
		}
		if err := rename(ctx, fs, sw.temp, out.name); err != nil {
			return err
		}
	}
	return removeLeft(ctx, fs, f.Output+"-report.*"+tempMark+"*")
}
