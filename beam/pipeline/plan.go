package pipeline

// The plan: how the input files are cut into chunks that workers read on
// their own.
//
// A file is cut at first into ranges of about Options.ChunkSize bytes.
// A puzzle may span lines (a grid of nine lines, a "Grid 01" header and
// its grid), so a chunk cannot start anywhere: it starts at a sync point,
// the start of a line that is a one-line puzzle (81 cells, or 729
// candidates) and follows a line that is one too. There the Reader of the
// sudoku package holds nothing over from before (no grid under way, no
// pending name), so reading from it gives the same puzzles as reading the
// whole file. Chunk k runs from the first sync point of range k to the
// first sync point of a later range, or to the end of the file; a range
// with no sync point (a file of nine-line grids) gives an empty chunk, its
// puzzles read by the chunk before. So a file of one-line puzzles is read
// by many workers at once, and any other file at least correctly.
//
//	file:   |----range 0----|----range 1----|----range 2----|
//	lines:  ppppppppppppppppppppgggggggggggppppppppppppppppppp
//	sync:   ^ (start)         ^ first p after p in range 1   ^
//	chunks: |---chunk 0-------|---chunk 1---(range 2 has a sync point too)
//
// Line numbers are those of the whole file: the scan of range k counts the
// lines that start in it, and the plan adds up those of the ranges before.
//
// A CSV file names its puzzle column in a header on its first line: the
// chunks after the first are read with that line put before them (and
// their line numbers put back), so that they read the same column.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/godoku/sudoku"
)

// A File is one input file, as listed when the pipeline is built.
type File struct {
	Path  string
	Index int // in the order of the inputs, for the stable order of puzzles
	Size  int64
}

// A Range is a part of a file, by bytes, scanned on its own when the
// chunks are planned.
type Range struct {
	File      File
	Part      int // the range's number within its file
	Shard     int // the range's number among all the ranges: its output shard
	Start     int64
	End       int64
	LastRange bool // the last range of its file
}

// A rangeScan is what the scan of a range found: where its chunk starts
// and how many lines start within it.
type rangeScan struct {
	Range Range
	// Sync is the offset of the range's first sync point, or -1 if it has
	// none; the first range of a file starts at 0.
	Sync int64
	// SyncLines is the number of lines that start in [Start, Sync), and
	// Lines the number that start in [Start, End).
	SyncLines, Lines int64
	// Header is set on the first range of a CSV file: its header line,
	// which the later chunks are read after.
	Header string
}

// A Chunk is a part of a file that one worker reads: whole puzzles, from
// Start to End, the first on line Line+1 of the file. Its puzzles' records
// go to output shard Shard of Shards.
type Chunk struct {
	File   File
	Shard  int
	Shards int
	Start  int64
	End    int64
	Line   int64  // lines of the file before Start
	Header string // the file's CSV header, read before a chunk after the first
}

// ListFiles expands the inputs, each a file name or a glob on any file
// system that Beam knows (local paths, gs://, s3://), into the files the
// pipeline reads: in the order of the inputs, those of one glob in name
// order, each file once. An input that names no file is an error.
func ListFiles(ctx context.Context, inputs []string) ([]File, error) {
	var files []File
	seen := map[string]bool{}
	for _, in := range inputs {
		fs, err := filesystem.New(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", in, err)
		}
		names, err := fs.List(ctx, in)
		if err != nil {
			fs.Close()
			return nil, fmt.Errorf("%s: %v", in, err)
		}
		if len(names) == 0 {
			fs.Close()
			return nil, fmt.Errorf("%s: no such file", in)
		}
		slices.Sort(names)
		for _, name := range names {
			if seen[name] {
				continue
			}
			seen[name] = true
			size, err := fs.Size(ctx, name)
			if err != nil {
				fs.Close()
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			files = append(files, File{Path: name, Index: len(files), Size: size})
		}
		fs.Close()
	}
	return files, nil
}

// Ranges cuts the files into ranges of about size bytes (an empty file
// gives one empty range), numbered as output shards.
func Ranges(files []File, size int64) []Range {
	var rs []Range
	for _, f := range files {
		n := max(1, (f.Size+size-1)/size)
		for i := range n {
			r := Range{File: f, Part: int(i), Shard: len(rs), Start: f.Size * i / n, End: f.Size * (i + 1) / n}
			r.LastRange = i == n-1
			rs = append(rs, r)
		}
	}
	return rs
}

// maxSyncLine is the longest line looked at as a sync point: a one-line
// puzzle has 729 characters at most, and a comment after it.
const maxSyncLine = 4 << 10

// scanRange finds the first sync point of r and counts its lines, reading
// r and, past its end, the rest of the line that straddles it.
func scanRange(ctx context.Context, r Range) (rangeScan, error) {
	s := rangeScan{Range: r, Sync: -1}
	from := max(r.Start-1, 0) // the byte before, to see whether a line starts at Start
	rc, err := openAt(ctx, r.File.Path, from)
	if err != nil {
		return s, err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	pos := from // offset of the next byte of br
	if r.Start > 0 {
		c, err := br.ReadByte()
		if err != nil {
			return s, readErr(r.File.Path, err)
		}
		pos++
		if c != '\n' {
			// Start is inside a line, which belongs to the range before.
			n, err := skipLine(br)
			pos += n
			if err == io.EOF {
				return s, nil
			}
			if err != nil {
				return s, readErr(r.File.Path, err)
			}
		}
	}
	prevPuzzle := false // the line before is a one-line puzzle
	for pos < r.End {
		start := pos
		s.Lines++
		line, err := br.ReadSlice('\n')
		pos += int64(len(line))
		long := err == bufio.ErrBufferFull
		if long {
			n, err2 := skipLine(br)
			pos += n
			err = err2
		}
		if err != nil && err != io.EOF {
			return s, readErr(r.File.Path, err)
		}
		// Once the sync point is found, lines need only be counted: reading
		// each alone cost a third of a dedupe's CPU time.
		isPuzzle := s.Sync < 0 && !long && len(line) <= maxSyncLine && onePuzzle(line)
		if r.Part == 0 && start == 0 {
			s.Sync, s.SyncLines = 0, 0
			s.Header = csvHeader(line)
		} else if s.Sync < 0 && isPuzzle && prevPuzzle {
			s.Sync, s.SyncLines = start, s.Lines-1
		}
		prevPuzzle = isPuzzle
		if err == io.EOF {
			break
		}
	}
	if r.Part == 0 && s.Sync < 0 { // an empty file
		s.Sync = 0
	}
	return s, nil
}

// skipLine reads up to the end of the line and returns the bytes read.
func skipLine(br *bufio.Reader) (int64, error) {
	var n int64
	for {
		b, err := br.ReadSlice('\n')
		n += int64(len(b))
		if err != bufio.ErrBufferFull {
			return n, err
		}
	}
}

// onePuzzle reports whether line, read alone, is one whole puzzle: the
// Reader gives one puzzle for it, without an error, and no more. A line
// like that is a puzzle wherever it stands (see the top of this file).
func onePuzzle(line []byte) bool {
	r := sudoku.NewReader(strings.NewReader(string(line)))
	r.Validate = false // a puzzle whose givens clash is a puzzle too
	var p sudoku.Puzzle
	if r.ReadInto(&p) != nil || p.Name != "" {
		return false
	}
	return r.ReadInto(&p) == io.EOF
}

// csvHeader returns the first line of a file if it must be read before
// the file's later chunks: a line that is no puzzle and names no puzzle
// after it (a CSV header; or a comment or blank line, harmlessly).
func csvHeader(line []byte) string {
	text := strings.TrimRight(string(line), "\r\n")
	r := sudoku.NewReader(strings.NewReader(text))
	r.Validate = false
	var p sudoku.Puzzle
	if r.ReadInto(&p) != io.EOF {
		return "" // a puzzle, or the start of one
	}
	// A header like "Grid 01" names the next puzzle: never put it before
	// another's.
	r = sudoku.NewReader(strings.NewReader(text + "\n" + strings.Repeat(".", 81)))
	r.Validate = false
	if r.ReadInto(&p) != nil || p.Name != "" {
		return ""
	}
	return text
}

// planChunks turns the scans of all the ranges into chunks, one per range
// (empty for a range without a sync point).
func planChunks(scans []rangeScan) []Chunk {
	slices.SortFunc(scans, func(a, b rangeScan) int { return a.Range.Shard - b.Range.Shard })
	chunks := make([]Chunk, len(scans))
	var lines int64   // lines of the file before the current range
	var header string // the current file's
	for i, s := range scans {
		r := s.Range
		if r.Part == 0 {
			lines, header = 0, s.Header
		}
		c := Chunk{File: r.File, Shard: r.Shard, Shards: len(scans)}
		if s.Sync >= 0 {
			c.Start, c.Line = s.Sync, lines+s.SyncLines
			c.End = r.File.Size
			for _, next := range scans[i+1:] {
				if next.Range.File.Index != r.File.Index {
					break
				}
				if next.Sync >= 0 {
					c.End = next.Sync
					break
				}
			}
			if r.Part > 0 {
				c.Header = header
			}
		} else {
			c.Start, c.End = r.Start, r.Start // empty
		}
		chunks[i] = c
		lines += s.Lines
	}
	return chunks
}

// openAt opens a file for reading from offset off: by seeking where the
// file system's reader can, else by reading up to it.
func openAt(ctx context.Context, path string, off int64) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	closer := &closeBoth{rc, fs}
	if off == 0 {
		return closer, nil
	}
	if sk, ok := rc.(io.Seeker); ok {
		if _, err := sk.Seek(off, io.SeekStart); err != nil {
			closer.Close()
			return nil, readErr(path, err)
		}
		return closer, nil
	}
	if _, err := io.CopyN(io.Discard, rc, off); err != nil {
		closer.Close()
		return nil, readErr(path, err)
	}
	return closer, nil
}

type closeBoth struct {
	io.ReadCloser
	fs filesystem.Interface
}

func (c *closeBoth) Close() error {
	return errors.Join(c.ReadCloser.Close(), c.fs.Close())
}

func readErr(path string, err error) error {
	if err == io.EOF {
		err = io.ErrUnexpectedEOF // the file is shorter than when it was listed
	}
	return fmt.Errorf("reading %s: %v", path, err)
}
