package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"runtime"
	"strings"

	"github.com/godoku/sudoku/server"
)

var serveCmd = &command{
	name:    "serve",
	args:    "",
	summary: "serve the Sudoku web app and its JSON API",
	doc: `Serve runs the web app: a Sudoku game to play in the browser, with new
games by level, explained hints, replays of the traced solver and of the human
techniques, and a check against the solution, and the JSON API it uses under
/api/ (see docs/web.md). Everything is built into the binary.

Each API request is limited in size (--max-body) and time (--timeout), and at
most --max-concurrent requests run the solver at once; more wait for a turn
and get 503 when too many wait. Only requests naming localhost, a loopback
address or the address listened on are served (421 otherwise), so that other
web sites cannot reach the server through their own names; --allow-host adds
the names of a real deployment. On SIGINT or SIGTERM the server stops taking
new connections and lets running requests finish.

Examples:
  sudoku serve
  sudoku serve --addr :8080 --timeout 5s
  sudoku serve --addr :80 --allow-host sudoku.example.org,www.sudoku.example.org`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`; use :8080 to be reachable from other machines")
		timeout := fs.Duration("timeout", server.DefaultTimeout, "give up on an API request after this `duration`")
		maxBody := fs.Int64("max-body", server.DefaultMaxBody, "largest API request body, in `bytes`")
		maxConc := fs.Int("max-concurrent", runtime.NumCPU(), "run the solver for at most `N` requests at once")
		var hosts hostList
		fs.Var(&hosts, "allow-host", "also answer requests for `name` (repeat the flag or give a comma list; * for any); localhost and the listening address always work")
		quiet := fs.Bool("quiet", false, "do not log API requests")
		return func(ctx context.Context, args []string) int {
			if len(args) > 0 {
				fmt.Fprintf(std.err, "sudoku serve: unexpected argument %q\n", args[0])
				return exitUsage
			}
			level := slog.LevelInfo
			if *quiet {
				level = slog.LevelWarn
			}
			logger := slog.New(slog.NewTextHandler(std.err, &slog.HandlerOptions{Level: level}))
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				fmt.Fprintf(std.err, "sudoku serve: %v\n", err)
				return exitFailed
			}
			fmt.Fprintf(std.err, "sudoku: serving the web app on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
			h := server.New(server.Config{MaxBody: *maxBody, Timeout: *timeout, MaxConcurrent: *maxConc, AllowHosts: hosts, Logger: logger})
			if err := server.Serve(ctx, ln, h); err != nil {
				fmt.Fprintf(std.err, "sudoku serve: %v\n", err)
				return exitFailed
			}
			fmt.Fprintln(std.err, "sudoku: server stopped")
			return exitOK
		}
	},
}

// hostList is the value of --allow-host, which may be repeated and may
// hold a comma-separated list.
type hostList []string

func (l *hostList) String() string { return strings.Join(*l, ",") }

func (l *hostList) Set(s string) error {
	for h := range strings.SplitSeq(s, ",") {
		if h = strings.TrimSpace(h); h == "" {
			return fmt.Errorf("empty host name in %q", s)
		}
		*l = append(*l, h)
	}
	return nil
}
