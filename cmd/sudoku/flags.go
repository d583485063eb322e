package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/godoku/sudoku/internal/names"
)

// The flags of every command are registered on a flag.FlagSet (the flag
// package's types, fs.Var for the rest), and parsed by parseArgs, which
// lets them come between the arguments and words its errors for a person.
// A flag's value says what it accepts (see accepts); a flag that takes a
// count of at least one is a countFlag.

// parseArgs parses the command line of a command and returns its
// positional arguments. Flags may come before, between or after them
// ("sudoku solve a.txt --unique b.txt"), as --name value, --name=value, or
// with one dash; a boolean flag takes no value unless it is written
// --name=value, and a flag whose value may be left out (--trace) takes the
// next argument only when it is one of its words (--trace json). All that
// follows "--" is positional, as is "-" (standard input). -h, -help and
// --help return flag.ErrHelp. Any other error is a *flagError that names
// the flag as it was typed and says what it accepts.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		typed, value, hasValue := strings.Cut(a, "=")
		name := strings.TrimPrefix(typed[1:], "-")
		f := fs.Lookup(name)
		if f == nil && isPuzzleText(a) { // "-" is an empty cell too
			pos = append(pos, a)
			continue
		}
		if f == nil {
			if name == "h" || name == "help" {
				return nil, flag.ErrHelp
			}
			return nil, unknownFlag(fs, typed, name)
		}
		if ov, ok := f.Value.(optionalValue); ok && !hasValue && i+1 < len(args) && slices.Contains(ov.words(), args[i+1]) {
			value, hasValue = args[i+1], true
			i++
		}
		if !hasValue {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				value = "true"
			} else if i+1 < len(args) {
				value = args[i+1]
				i++
			} else {
				return nil, &flagError{fmt.Sprintf("%s needs a value: %s", typed, accepts(f, nil))}
			}
		}
		if err := set(fs, f, value); err != nil {
			return nil, &flagError{fmt.Sprintf("invalid value %q for %s: %s", value, typed, accepts(f, err))}
		}
	}
	return pos, nil
}

// firstSet returns the first of the named flags that the command line
// set, or "".
func firstSet(fs *flag.FlagSet, names ...string) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, n := range names {
		if set[n] {
			return n
		}
	}
	return ""
}

// flagMisuse says what is wrong with the flags of command cmd, and where
// its help is, and returns the exit status of a wrong command line.
func flagMisuse(std *stdio, cmd, format string, args ...any) int {
	fmt.Fprintf(std.err, "sudoku %s: %s\nsee 'sudoku %s --help'\n", cmd, fmt.Sprintf(format, args...), cmd)
	return exitUsage
}

// A flagError is a mistake on the command line, worded for a person.
type flagError struct{ msg string }

func (e *flagError) Error() string { return e.msg }

// unknownFlag is the error of a flag the command does not have, with the
// closest few it has.
func unknownFlag(fs *flag.FlagSet, typed, name string) error {
	var known []string
	fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
	msg := "unknown flag " + typed
	if near := names.Closest(name, known, 3); len(near) > 0 {
		msg += " (did you mean " + names.Quote(near, dashes) + "?)"
	}
	return &flagError{msg}
}

// set sets a flag's value, through fs, which then knows it was set (see
// firstSet); a number or duration of the flag package's types may not be
// negative (none of the commands' is meaningful so).
func set(fs *flag.FlagSet, f *flag.Flag, value string) error {
	if err := fs.Set(f.Name, value); err != nil {
		return err
	}
	if _, custom := f.Value.(accepter); custom {
		return nil
	}
	if g, ok := f.Value.(flag.Getter); ok {
		switch v := g.Get().(type) {
		case int:
			if v < 0 {
				return errNegative
			}
		case int64:
			if v < 0 {
				return errNegative
			}
		case time.Duration:
			if v < 0 {
				return errNegative
			}
		}
	}
	return nil
}

var errNegative = errors.New("negative")

// An accepter is a flag value that says what it accepts.
type accepter interface{ accepts() string }

// accepts says what values a flag accepts, such as "want a duration such
// as 100ms, 2s or 1m". For a value of its own type that does not say, it is
// the error its Set returned.
func accepts(f *flag.Flag, err error) string {
	if a, ok := f.Value.(accepter); ok {
		return a.accepts()
	}
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case bool:
			return "want true or false"
		case int, int64:
			return "want a whole number, 0 or more"
		case uint64:
			return "want a whole number from 0 to 18446744073709551615"
		case time.Duration:
			return "want a duration of 0 or more, such as 100ms, 2s or 1m30s"
		case string:
			return "want " + argName(f)
		}
	}
	if err != nil {
		return err.Error()
	}
	return "want " + argName(f)
}

// argName is the name of a flag's value in its help, such as "N".
func argName(f *flag.Flag) string {
	name, _ := flag.UnquoteUsage(f)
	if name == "" {
		name = "a value"
	}
	return name
}

// countFlag is a whole-number flag with a least value, such as --jobs
// (1).
type countFlag struct {
	p   *int
	min int
}

func (c *countFlag) String() string {
	if c == nil || c.p == nil {
		return ""
	}
	return strconv.Itoa(*c.p)
}

func (c *countFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < c.min {
		return errors.New(c.accepts())
	}
	*c.p = n
	return nil
}

func (c *countFlag) Get() any        { return *c.p }
func (c *countFlag) accepts() string { return fmt.Sprintf("want a whole number, %d or more", c.min) }

// countVar registers a countFlag.
func countVar(fs *flag.FlagSet, p *int, name string, value, least int, usage string) {
	*p = value
	fs.Var(&countFlag{p, least}, name, usage)
}

// optionalValue is a flag whose value may be left out (--trace) or given
// as the next argument when it is one of a few words (--trace json).
type optionalValue interface {
	flag.Value
	IsBoolFlag() bool
	words() []string
}

// printFlags lists the flags as the README writes them: "--name" (one
// dash for one letter), with short forms beside the long ones.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	short := map[string]string{} // long name -> its short form
	fs.VisitAll(func(f *flag.Flag) {
		if long, ok := strings.CutPrefix(f.Usage, "short for --"); ok && !strings.Contains(long, " ") {
			short[long] = f.Name
		}
	})
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if long, ok := strings.CutPrefix(f.Usage, "short for --"); ok && !strings.Contains(long, " ") {
			return // shown with its long form
		}
		if first {
			fmt.Fprintf(w, "\nFlags:\n")
			first = false
		}
		arg, usage := flag.UnquoteUsage(f)
		line := "  " + dashes(f.Name)
		if s, ok := short[f.Name]; ok {
			line = "  " + dashes(s) + ", " + dashes(f.Name)
		}
		if arg != "" {
			line += " " + arg
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" && def != "0s" {
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(w, "%s\n      %s\n", line, usage)
	})
}

func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}
