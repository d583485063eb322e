package main

import (
	"context"
	"flag"
	"fmt"
	"runtime/debug"
)

var versionCmd = &command{
	name:    "version",
	args:    "",
	summary: "print the version of sudoku and how it was built",
	doc: `Version prints the module version of sudoku, the version control revision it
was built from (with "+dirty" when the work tree had changes), and the Go
version. "sudoku --version" does the same.`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		return func(_ context.Context, args []string) int {
			if len(args) > 0 {
				fmt.Fprintf(std.err, "sudoku version: unexpected argument %q\n", args[0])
				return exitUsage
			}
			return printVersion(std)
		}
	},
}

// printVersion prints what debug.ReadBuildInfo knows of this binary.
func printVersion(std *stdio) int {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(std.out, "sudoku (no build information)")
		return exitOK
	}
	fmt.Fprintf(std.out, "sudoku %s\n", versionLine(bi))
	return exitOK
}

// versionLine says "VERSION (revision REV[+dirty], TIME) GOVERSION".
func versionLine(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		v += " (revision " + rev
		if when != "" {
			v += ", " + when
		}
		v += ")"
	}
	return v + " " + bi.GoVersion
}
