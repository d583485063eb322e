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
)

// Exit codes.
const (
	exitOK     = 0 // everything worked
	exitFailed = 1 // some puzzle failed: no solution, bad input, stopped
	exitUsage  = 2 // the command line was wrong
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

// stdio is where a command reads and writes; tests replace it.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// errTTY reports whether err is a terminal, for progress display.
	errTTY bool
}

// commands lists the commands in the order "sudoku help" shows them.
var commands = []*command{solveCmd, countCmd, euler96Cmd, benchCmd, hintCmd, explainCmd, rateCmd, generateCmd, serveCmd}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	std := &stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr, errTTY: isTerminal(os.Stderr)}
	os.Exit(run(ctx, os.Args[1:], std))
}

// run runs the command line args and returns the exit code.
func run(ctx context.Context, args []string, std *stdio) int {
	if len(args) == 0 {
		usage(std.err)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && lookup(args[1]) != nil {
			return run(ctx, []string{args[1], "--help"}, std)
		}
		usage(std.out)
		return exitOK
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(std.err, "sudoku: unknown command %q\n\n", name)
		usage(std.err)
		return exitUsage
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(std.err)
	fs.Usage = func() {} // printed below, to stdout for --help and stderr for errors
	runCmd := cmd.setup(fs, std)
	rest, err := parseInterleaved(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		printUsage(std.out, cmd, fs)
		return exitOK
	}
	if err != nil {
		// The flag package has said what is wrong.
		printUsage(std.err, cmd, fs)
		return exitUsage
	}
	return runCmd(ctx, rest)
}

func printUsage(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: sudoku %s [flags] %s\n\n%s\n", cmd.name, cmd.args, strings.TrimSpace(cmd.doc))
	if hasFlags(fs) {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, as in "sudoku solve a.txt --unique b.txt". All that
// follows "--" is positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var tail []string
	for i, a := range args {
		if a == "--" {
			args, tail = args[:i], args[i+1:]
			break
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, tail...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "sudoku solves, counts, explains, rates and generates Sudoku puzzles.\n\nUsage: sudoku COMMAND [flags] [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun \"sudoku COMMAND --help\" for the flags of a command.\n"+
		"Puzzles are read from files, or from standard input when there is none or the file is \"-\",\n"+
		"in any of these formats, detected per puzzle: 81 cells on a line (1-9, and 0 . - _ * for empty),\n"+
		"nine lines of nine cells with or without borders, Project Euler's \"Grid NN\" blocks, and CSV\n"+
		"with a puzzle column (\"quizzes,solutions\").\n")
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
