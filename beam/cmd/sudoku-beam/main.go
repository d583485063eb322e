// Command sudoku-beam rates, canonicalises and deduplicates puzzles past
// one machine, on Apache Beam: on Prism (Beam's Go runner, in this
// process, the default) or on Flink, Spark or Google Cloud Dataflow
// through Beam's runner flags. See docs/beam.md.
//
//	sudoku-beam --output out/p --dedupe --rate --split 0.9 --format json 'puzzles/*.txt'
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/godoku/sudoku/beam/pipeline"
)

var (
	opts    pipeline.Options
	inputs  []string
	verbose bool
)

// The pipeline's own flags. Beam's (--runner, --endpoint, ...) are
// registered by the SDK on the same flag set.
func init() {
	flag.Func("input", "read the puzzles of `FILES`: a file name or a glob (local, gs://, s3://); repeat for more, or give them as arguments", func(v string) error {
		inputs = append(inputs, v)
		return nil
	})
	flag.StringVar(&opts.Output, "output", "", "write the outputs to files whose names start with `PREFIX` (local, gs://, s3://)")
	flag.StringVar(&opts.Format, "format", "line", "`format` of the records: line, csv or json, as the sudoku command writes them")
	flag.BoolVar(&opts.Canon, "canon", false, "put each puzzle's canonical (minlex) form in its record, as sudoku canon does")
	flag.BoolVar(&opts.Dedupe, "dedupe", false, "drop the puzzles that are isomorphs of an earlier one (inputs in order, a glob's files by name, lines in order)")
	flag.BoolVar(&opts.Rate, "rate", false, "rate each puzzle (HoDoKu level and score, Sudoku Explainer ER/EP/ED), as sudoku rate does")
	flag.DurationVar(&opts.Timeout, "timeout", 0, "give up rating a puzzle after this `duration`, sending it to the dead letters (0: no limit)")
	flag.Float64Var(&opts.Split, "split", 0, "write train and test outputs, `FRACTION` of the puzzles in train, by a hash of the canonical form (all isomorphs on one side)")
	flag.Func("chunk-size", "read files in parts of about `SIZE` bytes (K, M, G suffixes), each an output shard (default 64M, 1M with --rate)", sizeFlag(&opts.ChunkSize))
	flag.Func("bucket-size", "find duplicates among the forms of about `SIZE` bytes of input at a time, per worker (default 64M)", sizeFlag(&opts.BucketSize))
	flag.BoolVar(&verbose, "verbose", false, "show the runner's log")
	flag.Usage = usage
}

// ownFlags are the flags of sudoku-beam, in the order of its usage.
var ownFlags = []string{"input", "output", "format", "canon", "dedupe", "rate", "timeout", "split", "chunk-size", "bucket-size", "verbose"}

func usage() {
	w := flag.CommandLine.Output()
	fmt.Fprintf(w, `Usage: sudoku-beam --output PREFIX [flags] FILES...

sudoku-beam reads text files of puzzles (any format the sudoku command reads)
and, as the flags ask, drops isomorph duplicates, works out canonical forms,
rates, and splits into train and test sets, on an Apache Beam runner: Prism in
this process by default, or Flink, Spark or Dataflow (see docs/beam.md).

It writes PREFIX-SSSSS-of-NNNNN.txt|.csv|.json (with --split, PREFIX-train-...
and PREFIX-test-...), one shard per part of the input, whose records in shard
order are the sudoku command's for the puzzles kept, in input order; the
puzzles that cannot be read or rated to PREFIX-deadletters-SSSSS-of-NNNNN.json,
with their file, line and error; and the counts (puzzles, dead letters,
duplicates, histograms of clues, levels and ER) to PREFIX-report.json and
PREFIX-report.csv. The exit status is 1 when any puzzle went to the dead
letters or an input held no puzzle.

Examples:
  sudoku-beam --output out/unique --dedupe --canon puzzles.txt
  sudoku-beam --output out/rated --rate --format csv --chunk-size 256K 'data/*.txt'
  sudoku-beam --output out/ml --dedupe --split 0.9 --format json kaggle.csv

Flags:
`)
	for _, name := range ownFlags {
		f := flag.Lookup(name)
		arg, text := flag.UnquoteUsage(f)
		if arg != "" {
			arg = " " + arg
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" && def != "0s" {
			text += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(w, "  --%s%s\n      %s\n", name, arg, text)
	}
	fmt.Fprintf(w, "\nBeam's flags choose the runner: --runner (prism, flink, spark, dataflow, universal),\n--endpoint, --environment_type, --environment_config, and the Dataflow ones\n(--project, --region, --staging_location, ...); see docs/beam.md.\n")
}

// sizeFlag parses a size in bytes, with an optional K, M or G suffix.
func sizeFlag(to *int64) func(string) error {
	return func(v string) error {
		mult := int64(1)
		s := strings.TrimSuffix(strings.ToUpper(v), "B")
		switch {
		case strings.HasSuffix(s, "K"):
			mult, s = 1<<10, strings.TrimSuffix(s, "K")
		case strings.HasSuffix(s, "M"):
			mult, s = 1<<20, strings.TrimSuffix(s, "M")
		case strings.HasSuffix(s, "G"):
			mult, s = 1<<30, strings.TrimSuffix(s, "G")
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return errors.New("want a size in bytes such as 65536, 256K or 64M")
		}
		*to = n * mult
		return nil
	}
}

func main() {
	flag.Parse()
	inputs = append(inputs, flag.Args()...)
	if !verbose {
		beamlog.LogLevel = "warn" // Prism's progress, line by line, is for those who ask
	}
	// As a worker, the binary is started with the SDK's own flags, and no
	// inputs: beam.Init runs the worker and does not return.
	beam.Init()
	os.Exit(run(context.Background()))
}

func run(ctx context.Context) int {
	if err := opts.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "sudoku-beam: %v\n\n", err)
		flag.Usage()
		return 2
	}
	if len(inputs) == 0 {
		fmt.Fprintf(os.Stderr, "sudoku-beam: no inputs: give files or globs as arguments or with --input\n\n")
		flag.Usage()
		return 2
	}
	files, err := pipeline.ListFiles(ctx, inputs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sudoku-beam: %v\n", err)
		return 1
	}
	p, s := beam.NewPipelineWithRoot()
	pipeline.Build(s, files, opts)
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintf(os.Stderr, "sudoku-beam: %v\n", err)
		return 1
	}
	if *jobopts.Async {
		return 0
	}
	return summary(ctx, opts.Output)
}

// summary says what the run did, from its report, and returns the exit
// status: 1 when any puzzle went to the dead letters or an input held
// none.
func summary(ctx context.Context, prefix string) int {
	name := prefix + "-report.json"
	var r pipeline.Report
	err := func() error {
		fs, err := filesystem.New(ctx, name)
		if err != nil {
			return err
		}
		defer fs.Close()
		b, err := filesystem.Read(ctx, fs, name)
		if err != nil {
			return err
		}
		return json.Unmarshal(b, &r)
	}()
	if err != nil {
		fmt.Fprintf(os.Stderr, "sudoku-beam: the run ended, but its report cannot be read: %v\n", err)
		return 1
	}
	return say(os.Stderr, prefix, &r)
}

func say(w io.Writer, prefix string, r *pipeline.Report) int {
	var written []string
	for _, c := range r.Written {
		written = append(written, fmt.Sprintf("%d %s", c.Count, c.Value))
	}
	if len(written) == 0 {
		written = []string{"0 records"}
	}
	fmt.Fprintf(w, "sudoku-beam: %s read: %s written, %d duplicates dropped, %d dead letters; report in %s-report.json\n",
		puzzles(r.Puzzles), strings.Join(written, ", "), r.Duplicates, r.DeadLetters, prefix)
	code := 0
	if r.DeadLetters > 0 {
		fmt.Fprintf(w, "sudoku-beam: %s could not be read or rated: see %s-deadletters-*.json\n", puzzles(r.DeadLetters), prefix)
		code = 1
	}
	for _, f := range r.NoPuzzles {
		fmt.Fprintf(w, "sudoku-beam: %s: no puzzles\n", f)
		code = 1
	}
	return code
}

func puzzles(n int64) string {
	if n == 1 {
		return "1 puzzle"
	}
	return fmt.Sprintf("%d puzzles", n)
}
