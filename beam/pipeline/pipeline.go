// Package pipeline is sudoku-beam's Apache Beam pipeline: it reads text
// files of puzzles in every format the sudoku command reads, drops
// isomorph duplicates, works out canonical forms, rates, splits into
// train and test sets by canonical form, and writes sharded outputs in the
// sudoku command's record formats, with the puzzles that cannot be read
// or rated in dead-letter files and the counts of the run in a report.
//
// The stages, and what crosses the runner's shuffles:
//
//	files ─ ranges ─ scan ─┐ (one element a range)
//	                       plan: chunks, with their line numbers
//	chunks ─┬──────────────────────────────────── write ─┬─ rename
//	        └ forms ─ (bucket) ─ dedupe ─ (chunk) ─┘     └─ report
//
// Forms go to buckets packed, many to an element (see dedupe.go); without
// Dedupe a chunk goes straight to write. Every file is written under a
// temporary name and renamed once the runner has taken the work that
// wrote it, so that a worker killed and retried leaves the same outputs:
// each is a function of the input alone, whichever attempt wrote it.
package pipeline

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // the file systems of the inputs and outputs
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*File)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Range)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*rangeScan)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Chunk)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Stats)(nil)).Elem())
	beam.RegisterCoder(reflect.TypeOf((*Stats)(nil)).Elem(), encodeStats, decodeStats)

	register.Function2x2(scanRange)
	register.Function3x0(planFn)
	register.Function1x2(keyByShard)
	register.Function2x1(mergeStats)
	register.DoFn3x1[context.Context, Chunk, func(int, []byte), error](&formsFn{})
	register.DoFn3x1[int, func(*[]byte) bool, func(int, []byte), error](&dedupeFn{})
	register.DoFn4x1[context.Context, Chunk, func(string), func(Stats), error](&writeFn{})
	register.DoFn6x1[context.Context, int, func(*Chunk) bool, func(*[]byte) bool, func(string), func(Stats), error](&writeKeptFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&finalizeFn{})
	register.DoFn2x1[context.Context, Stats, error](&reportFn{})
	register.Iter1[rangeScan]()
	register.Iter1[Chunk]()
	register.Iter1[[]byte]()
	register.Iter1[string]()
	register.Emitter1[Chunk]()
	register.Emitter1[string]()
	register.Emitter1[Stats]()
	register.Emitter2[int, []byte]()
}

// Build adds to s the pipeline that does what o says with the files (see
// ListFiles); o must have passed Check.
func Build(s beam.Scope, files []File, o Options) {
	s = s.Scope("sudoku")
	ranges := beam.Reshuffle(s, beam.CreateList(s, Ranges(files, o.ChunkSize)))
	scans := beam.ParDo(s, scanRange, ranges)
	chunks := beam.ParDo(s, planFn, beam.GroupByKey(s, beam.AddFixedKey(s, scans)))
	chunks = beam.Reshuffle(s, chunks)

	var temps, stats beam.PCollection
	if o.Dedupe {
		forms := beam.ParDo(s, &formsFn{Buckets: buckets(files, o.BucketSize)}, chunks)
		kept := beam.ParDo(s, &dedupeFn{Forms: o.backForms()}, beam.GroupByKey(s, forms))
		byShard := beam.ParDo(s, keyByShard, chunks)
		temps, stats = beam.ParDo2(s, &writeKeptFn{Opts: o}, beam.CoGroupByKey(s, byShard, kept))
	} else {
		temps, stats = beam.ParDo2(s, &writeFn{Opts: o}, chunks)
	}
	beam.ParDo0(s, &finalizeFn{Output: o.Output}, beam.GroupByKey(s, beam.AddFixedKey(s, temps)))
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	beam.ParDo0(s, &reportFn{Output: o.Output, Inputs: paths}, beam.Combine(s, mergeStats, stats))
}

// planFn makes the chunks from the scans of all the ranges.
func planFn(_ int, scans func(*rangeScan) bool, emit func(Chunk)) {
	var all []rangeScan
	var s rangeScan
	for scans(&s) {
		all = append(all, s)
	}
	for _, c := range planChunks(all) {
		emit(c)
	}
}

func keyByShard(c Chunk) (int, Chunk) { return c.Shard, c }

// buckets is the number of buckets of the dedupe: one per size bytes of
// input, so that a bucket's memory stays the same however large the
// input.
func buckets(files []File, size int64) int {
	var total int64
	for _, f := range files {
		total += f.Size
	}
	return int(max(1, (total+size-1)/size))
}
