package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// euler96Data is the Project Euler problem 96 file: 50 puzzles, each a
// "Grid NN" line and nine lines of nine digits.
//
//go:embed data/p096_sudoku.txt
var euler96Data []byte

var euler96Cmd = &command{
	name:    "euler96",
	args:    "[FILE|-]",
	summary: "solve Project Euler problem 96 (prints 24702 for the built-in file)",
	doc: `Euler96 solves every puzzle of the Project Euler problem 96 file and prints the
sum of the 3-digit numbers in the top-left corner of each solution. Without
FILE it uses the built-in copy of the problem's 50 grids, whose answer is 24702.
Any puzzle that cannot be read or solved is reported, and the exit status is 1.

Example:
  sudoku euler96
  sudoku euler96 -v p096_sudoku.txt`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		verbose := fs.Bool("v", false, "print each grid's name and number as well")
		return func(ctx context.Context, args []string) int { return euler96(std, args, *verbose) }
	},
}

func euler96(std *stdio, args []string, verbose bool) int {
	file := input{euler96Name, euler96Name}
	switch len(args) {
	case 0:
	case 1:
		file = inputs(args)[0]
	default:
		fmt.Fprintln(std.err, "sudoku euler96: at most one file")
		return exitUsage
	}
	in, closeIt, err := openBench(std, file)
	if err != nil {
		fmt.Fprintf(std.err, "sudoku euler96: %v\n", err)
		return exitFailed
	}
	defer closeIt()
	src := file.name
	sum, n, failed := 0, 0, false
	var s solver.Solver
	for p, err := range sudoku.NewReader(in).All() {
		var pe *sudoku.ParseError
		if err != nil && !errors.As(err, &pe) {
			fmt.Fprintf(std.err, "sudoku euler96: reading %s: %v\n", src, err)
			return exitFailed
		}
		var sol sudoku.Grid
		if err == nil {
			var ok bool
			if sol, ok = s.Solve(&p.Grid); !ok {
				err = errors.New("no solution")
			} else {
				err = p.Grid.CheckSolution(&sol)
			}
		}
		if err != nil {
			fmt.Fprintf(std.err, "%s:%d: %v\n", src, p.Line, err)
			failed = true
			continue
		}
		v := int(sol[0])*100 + int(sol[1])*10 + int(sol[2])
		sum += v
		n++
		if verbose {
			fmt.Fprintf(std.out, "%s\t%03d\n", nameOr(p), v)
		}
	}
	if verbose {
		fmt.Fprintf(std.out, "sum of %d grids:\n", n)
	}
	fmt.Fprintln(std.out, sum)
	if failed {
		return exitFailed
	}
	return exitOK
}

func nameOr(p sudoku.Puzzle) string {
	if p.Name != "" {
		return p.Name
	}
	return fmt.Sprintf("line %d", p.Line)
}
