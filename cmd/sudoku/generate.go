package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/logic"
)

var generateCmd = &command{
	name:    "generate",
	args:    "",
	summary: "make new puzzles with one solution",
	doc: `Generate makes N puzzles, each with exactly one solution and minimal (no given
can be removed without losing uniqueness; with a symmetry, no symmetric group
of givens can), of the level asked for (as "sudoku rate" grades it), and prints
them as they are found.

The same --seed gives the same puzzles in the same order (from the same
version of sudoku), whatever --jobs: puzzle i comes from its own seed.

Symmetries: none, rot180 (half turn), rot90 (quarter turn), mirror (left-right),
flip (top-bottom), diagonal (main diagonal), any (a random one per puzzle).

Examples:
  sudoku generate -n 10 --level hard
  sudoku generate -n 5 --symmetry rot180 --seed 7 --format grid
  sudoku generate -n 100 --clues 30-35 --no-minimal --format json`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		var o generateOptions
		fs.IntVar(&o.n, "n", 1, "make `N` puzzles")
		formatFlag(fs, &o.format)
		fs.StringVar(&o.level, "level", "any", "difficulty `level` as sudoku rate grades it: easy, medium, hard, unfair, extreme or any")
		fs.StringVar(&o.symmetry, "symmetry", "none", "`symmetry` of the givens")
		fs.StringVar(&o.clues, "clues", "", "number of givens, as `MIN-MAX` or N")
		fs.BoolVar(&o.notMinimal, "no-minimal", false, "stop removing givens at a random count within --clues")
		fs.Uint64Var(&o.seed, "seed", 0, "random `seed` (0: a new one each run)")
		jobsFlag(fs, &o.jobs)
		return func(ctx context.Context, args []string) int { return generatePuzzles(ctx, std, args, &o) }
	},
}

type generateOptions struct {
	n          int
	level      string
	format     format
	symmetry   string
	clues      string
	notMinimal bool
	seed       uint64
	jobs       int
}

// generated is the JSON form of a generated puzzle.
type generated struct {
	Puzzle   string        `json:"puzzle"`
	Solution string        `json:"solution"`
	Givens   int           `json:"givens"`
	Symmetry string        `json:"symmetry"`
	Rating   *logic.Rating `json:"rating,omitempty"`
	Seed     uint64        `json:"seed"`
	Index    int           `json:"index"`
}

func generatePuzzles(ctx context.Context, std *stdio, args []string, o *generateOptions) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(std.err, "sudoku generate: "+format+"\n", a...)
		return exitUsage
	}
	if len(args) > 0 {
		return usageErr("unexpected argument %q", args[0])
	}
	if o.n < 0 {
		return usageErr("-n must be 0 or more")
	}
	var opt generate.Options
	var err error
	if opt.Symmetry, err = generate.ParseSymmetry(o.symmetry); err != nil {
		return usageErr("%v", err)
	}
	if o.level != "any" {
		l, err := logic.ParseLevel(o.level)
		if err != nil {
			return usageErr("--level: want easy, medium, hard, unfair, extreme or any, not %q", o.level)
		}
		opt.Levels = []logic.Level{l}
	}
	if opt.MinClues, opt.MaxClues, err = parseRange(o.clues); err != nil {
		return usageErr("--clues: %v", err)
	}
	opt.NotMinimal = o.notMinimal
	opt.Rate = o.format == "json" // only JSON shows the rating
	if o.notMinimal && opt.MaxClues == 0 {
		return usageErr("--no-minimal needs --clues")
	}
	if o.seed == 0 {
		o.seed = rand.Uint64()
	}
	jobs := max(1, min(o.jobs, o.n))
	gens := make([]*generate.Generator, jobs) // one per worker, with its own solver
	for j := range gens {
		if gens[j], err = generate.New(o.seed, opt); err != nil {
			return usageErr("%v", err)
		}
	}

	// Puzzle i comes from its own seed, so the output does not depend on
	// the job count, and a free worker takes the next puzzle: the tries a
	// puzzle takes vary too much with a level to deal them out in turn.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type task struct {
		i      int
		result chan generate.Puzzle
	}
	tasks := make(chan task)
	order := make(chan chan generate.Puzzle, 64*jobs) // bounds the puzzles in flight
	var wg sync.WaitGroup
	for _, g := range gens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				g.Seed(puzzleSeed(o.seed, t.i))
				p, err := g.Generate(ctx)
				if err != nil {
					close(t.result) // stopped
					continue
				}
				t.result <- p
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(tasks)
		for i := range o.n {
			t := task{i, make(chan generate.Puzzle, 1)}
			select {
			case order <- t.result:
			case <-ctx.Done():
				return
			}
			select {
			case tasks <- t:
			case <-ctx.Done():
				close(t.result)
				return
			}
		}
	}()
	defer wg.Wait()
	defer cancel()

	w := newRecordWriter(string(o.format), std)
	b := &batch{std: std, label: "generated"}
	var done atomic.Int64
	stopProgress := b.progress(&done)
	defer stopProgress()
	i := 0
	for result := range order {
		p, ok := <-result
		if !ok {
			break // stopped
		}
		switch o.format {
		case "json":
			w.enc.Encode(generated{
				Puzzle: p.Grid.String(), Solution: p.Solution.Digits(), Givens: p.Grid.Givens(),
				Symmetry: p.Symmetry.String(), Rating: p.Rating, Seed: o.seed, Index: i,
			})
		case "grid":
			if i > 0 {
				w.out.WriteByte('\n')
			}
			w.out.WriteString(p.Grid.Boxed())
		default:
			fmt.Fprintln(w.out, p.Grid)
		}
		done.Add(1)
		w.flush()
		i++
	}
	stopProgress()
	return exitCode(ctx, std, true)
}

// puzzleSeed returns the seed of puzzle i of a run with seed.
func puzzleSeed(seed uint64, i int) uint64 {
	return seed + uint64(i)*0x9e3779b97f4a7c15
}

// parseRange parses "MIN-MAX" or "N"; "" is no bound (0, 0).
func parseRange(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("want MIN-MAX or N, not %q", s)
		}
	}
	if lo < 17 || hi > 81 || lo > hi {
		return 0, 0, fmt.Errorf("want 17 <= MIN <= MAX <= 81, not %q", s)
	}
	return lo, hi, nil
}
