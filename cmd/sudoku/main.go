// Command sudoku solves, counts, explains, rates and generates Sudoku
// puzzles. Run "sudoku help" for the list of commands and
// "sudoku COMMAND --help" for the flags of one.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/godoku/sudoku/internal/names"
)

// Exit codes.
const (
	exitOK     = 0   // everything worked
	exitFailed = 1   // some puzzle failed: no solution, bad input, stopped; or output failed
	exitUsage  = 2   // the command line was wrong
	exitKilled = 130 // a second interrupt ended the program at once
)

// A command is one subcommand of sudoku.
type command struct {
	name    string
	args    string // what follows the flags in the usage line
	summary string // one line for the command list
	doc     string // the text of --help, before the flags
	// setup registers the command's flags and returns the function that
	// runs it with the positional arguments.
	setup func(fs *flag.FlagSet, std *stdio) func(ctx context.Context, args []string) int
}

// commands lists the commands in the order "sudoku help" shows them.
var commands = []*command{solveCmd, countCmd, euler96Cmd, benchCmd, hintCmd, explainCmd, rateCmd, generateCmd, filterCmd, canonCmd, shuffleCmd, sameCmd, serveCmd, versionCmd}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	// The first interrupt stops the run cleanly: what is under way
	// finishes or stops, what is done is written, and the exit status is
	// 1. A second one ends the program at once.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	std := osStdio()
	go func() {
		<-sigs
		cancel()
		<-sigs
		fmt.Fprintf(os.Stderr, "%ssudoku: interrupted again: stopping at once\n", std.eraseLine())
		os.Exit(exitKilled)
	}()
	os.Exit(run(ctx, os.Args[1:], std))
}

// run runs the command line args and returns the exit code. A failure to
// write standard output, in any command, is reported here and exits 1.
func run(ctx context.Context, args []string, std *stdio) int {
	out := &checkedWriter{w: std.out}
	checked := *std
	checked.out = out
	code := runCommand(ctx, args, &checked)
	if out.err != nil {
		name := "help"
		if len(args) > 0 {
			name = strings.TrimLeft(args[0], "-")
		}
		reportWriteError(std, name, out.err)
		return exitFailed
	}
	return code
}

func runCommand(ctx context.Context, args []string, std *stdio) int {
	if len(args) == 0 {
		usage(std.err)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-version", "--version":
		name = "version"
	case "help", "-h", "-help", "--help":
		switch {
		case len(args) == 1:
			usage(std.out)
			return exitOK
		case len(args) > 2:
			fmt.Fprintf(std.err, "sudoku help: want one command, not %d\n", len(args)-1)
			return exitUsage
		case lookup(args[1]) == nil:
			return unknownCommand(std, args[1])
		}
		return runCommand(ctx, []string{args[1], "--help"}, std)
	}
	cmd := lookup(name)
	if cmd == nil {
		return unknownCommand(std, name)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	runCmd := cmd.setup(fs, std)
	rest, err := parseArgs(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		printUsage(std.out, cmd, fs)
		return exitOK
	}
	if err != nil {
		return flagMisuse(std, name, "%v", err)
	}
	return runCmd(ctx, rest)
}

// unknownCommand says that there is no command name, with the closest
// ones, and lists the commands.
func unknownCommand(std *stdio, name string) int {
	var known []string
	for _, c := range commands {
		known = append(known, c.name)
	}
	msg := fmt.Sprintf("sudoku: unknown command %q", name)
	if near := names.Closest(name, known, 3); len(near) > 0 {
		msg += " (did you mean " + names.Quote(near, func(s string) string { return s }) + "?)"
	}
	fmt.Fprintf(std.err, "%s\n\n", msg)
	usage(std.err)
	return exitUsage
}

func printUsage(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: sudoku %s [flags] %s\n\n%s\n", cmd.name, cmd.args, strings.TrimSpace(cmd.doc))
	printFlags(w, fs)
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "sudoku solves, counts, explains, rates and generates Sudoku puzzles.\n\nUsage: sudoku COMMAND [flags] [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun \"sudoku COMMAND --help\" for the flags of a command.\n"+
		"Puzzles are read from files, or from standard input when there is none or the file is \"-\",\n"+
		"in any of these formats, detected per puzzle: 81 cells on a line (1-9, and 0 . - _ * for empty),\n"+
		"nine lines of nine cells with or without borders, Project Euler's \"Grid NN\" blocks, CSV\n"+
		"with a puzzle column (\"quizzes,solutions\"), pencil marks, and the JSON records the commands\n"+
		"write (--format json), so that they chain: sudoku generate --json | sudoku solve.\n"+
		"Variant puzzles (f-puzzles and SudokuPad links, Interactive Sudoku Solver strings, grids\n"+
		"from 4x4 to 16x16) go to solve, count, hint, explain and rate too, and generate --variant\n"+
		"killer makes killer puzzles (see docs/variants.md).\n"+
		"\nA puzzle that fails gets a record starting with \"error:\" in its place in the output. Standard\n"+
		"error says \"file:line: reason\" too when it goes to a log of its own; when it shares a terminal,\n"+
		"pipe or file with the output, the record alone says it, and when the output goes to a pipe or\n"+
		"file and standard error to a terminal, one line at the end counts the failures.\n")
}
