package pipeline

import (
	"errors"
	"fmt"
	"time"

	"github.com/godoku/sudoku/internal/record"
)

// Options say what the pipeline does with the puzzles of its inputs. The
// steps run in this order: read (bad puzzles go to the dead letters),
// drop isomorph duplicates (Dedupe), work out the canonical form (Canon),
// rate (Rate), split (Split), write.
type Options struct {
	// Output is the prefix of every file written (a local path, gs://...,
	// s3://...): Output-SSSSS-of-NNNNN.EXT for the records, with -train
	// and -test before the shard number when Split is set;
	// Output-deadletters-SSSSS-of-NNNNN.json for the puzzles that could
	// not be read or rated; Output-report.json and Output-report.csv.
	Output string
	// Format is that of the records: "line", "csv" or "json", as the
	// sudoku command writes them.
	Format string
	// Canon puts each puzzle's canonical (minlex) form in its record, as
	// "sudoku canon" does.
	Canon bool
	// Dedupe keeps, of the puzzles that are isomorphs of each other, the
	// first by input order (the inputs in order, a glob's files by name,
	// lines in order) and drops the others.
	Dedupe bool
	// Rate rates each puzzle (HoDoKu's level and score, Sudoku Explainer's
	// ER/EP/ED) as "sudoku rate" does; a puzzle without exactly one
	// solution goes to the dead letters.
	Rate bool
	// Timeout bounds the rating of one puzzle (0: no bound); a puzzle
	// that takes longer goes to the dead letters.
	Timeout time.Duration
	// Split, when above 0, writes two outputs, train and test: a puzzle
	// goes to train when the hash of its canonical form (see TrainSide)
	// falls below Split, so that all the isomorphs of a puzzle are on the
	// same side.
	Split float64
	// ChunkSize is the size in bytes of the parts of files that workers
	// read on their own, and so of the output shards.
	ChunkSize int64
	// BucketSize is the size in bytes of input whose canonical forms one
	// worker holds at once to find duplicates.
	BucketSize int64
}

// DefaultChunkSize and RateChunkSize are the default Options.ChunkSize of
// a pipeline that does not rate (a worker reads about 800,000 one-line
// puzzles) and of one that does (about 12,000 puzzles, some seconds to a
// few hours of work).
const (
	DefaultChunkSize = 64 << 20
	RateChunkSize    = 1 << 20
	// DefaultBucketSize gives buckets of about 800,000 forms, some 100 MB
	// of a worker's memory.
	DefaultBucketSize = 64 << 20
)

// Check reports what is wrong with the options, and fills in the sizes
// left at 0.
func (o *Options) Check() error {
	var errs []error
	if o.Output == "" {
		errs = append(errs, errors.New("--output: want the prefix of the output files"))
	}
	switch o.Format {
	case "line", "csv", "json":
	default:
		errs = append(errs, fmt.Errorf("--format: want line, csv or json, not %q", o.Format))
	}
	if o.Split < 0 || o.Split >= 1 {
		errs = append(errs, fmt.Errorf("--split: want a fraction between 0 and 1 (such as 0.9), not %v", o.Split))
	}
	if o.Timeout < 0 {
		errs = append(errs, errors.New("--timeout: want 0 (no bound) or more"))
	}
	if o.ChunkSize < 0 || o.BucketSize < 0 {
		errs = append(errs, errors.New("--chunk-size and --bucket-size: want a size in bytes (0: the default)"))
	}
	if o.ChunkSize == 0 {
		o.ChunkSize = DefaultChunkSize
		if o.Rate {
			o.ChunkSize = RateChunkSize
		}
	}
	if o.BucketSize == 0 {
		o.BucketSize = DefaultBucketSize
	}
	return errors.Join(errs...)
}

// needsForm reports whether the records need the puzzles' canonical
// forms: to show them or to split by them. (The dedupe works them out
// for itself.)
func (o *Options) needsForm() bool { return o.Canon || o.Split > 0 }

// backForms reports whether the buckets of the dedupe send the forms of
// the puzzles kept back to their chunks: when the chunks write them as
// they are (a canonical form in a line record; the split's hash). A JSON
// or CSV record with the form also has its transform, which the chunk
// works out with the form.
func (o *Options) backForms() bool {
	return o.needsForm() && !(o.Canon && o.Format != "line")
}

// columns returns the CSV columns of the records: those of the sudoku
// command that does the same work (rate, canon), both when both are done.
func (o *Options) columns() []string {
	switch {
	case o.Rate && o.Canon:
		rate := record.Columns("rate")
		n := len(rate) - 1 // before "error"
		return append(append(rate[:n:n], "canonical", "transform"), rate[n:]...)
	case o.Rate:
		return record.Columns("rate")
	case o.Canon:
		return record.Columns("canon")
	}
	return []string{"source", "line", "name", "puzzle", "error"}
}

// ext is the file name extension of the records' format.
func (o *Options) ext() string {
	switch o.Format {
	case "csv":
		return ".csv"
	case "json":
		return ".json"
	}
	return ".txt"
}

// shardName is the name of an output shard: kind is "" for the records
// without a split, "train" or "test" with one, or "deadletters".
func shardName(prefix, kind string, shard, shards int, ext string) string {
	if kind != "" {
		prefix += "-" + kind
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, shard, shards, ext)
}

// tempMark is in the name of every file while it is written: the file is
// renamed to its own name once the runner has taken the work that wrote
// it, and what a failed attempt left is removed at the end.
const tempMark = ".temp-"

// kinds are the outputs of a run with the options, by shardName's kind.
func (o *Options) kinds() []string {
	if o.Split > 0 {
		return []string{"train", "test"}
	}
	return []string{""}
}
