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

Every API request's cost is bounded before it runs: its body (--max-body), its
answer (--max-answer; a longer trace is cut and says so), the work it may ask
for (--max-steps, --max-trace-solutions, --max-count) and its time: the answer
must be ready within --timeout (504 otherwise) and sent within --write-timeout.
At most --max-concurrent requests run a solver at once (solve has slots of its
own, so slow requests never delay it); more wait for a turn, shared fairly
between clients, and get 503 when too many wait or 429 when one client asks
for more than its share. Only requests naming localhost, a loopback
address or the address listened on are served (421 otherwise), so that other
web sites cannot reach the server through their own names; --allow-host adds
the names of a real deployment. Connections are bounded too, in all
(--max-conns) and per client (--max-conns-per-client): a new one takes the
place of the longest idle one, or is refused. On SIGINT or SIGTERM the server
stops taking new connections, closes the idle ones and lets running requests
finish within --shutdown-timeout; those still running are answered 503.

Examples:
  sudoku serve
  sudoku serve --addr :8080 --timeout 5s
  sudoku serve --addr :80 --allow-host sudoku.example.org,www.sudoku.example.org`,
	setup: func(fs *flag.FlagSet, std *stdio) func(context.Context, []string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`; use :8080 to be reachable from other machines")
		timeout := fs.Duration("timeout", server.DefaultTimeout, "give up on an API request whose answer is not ready after this `duration`")
		writeTimeout := fs.Duration("write-timeout", server.DefaultWriteTimeout, "give up sending an answer after this `duration`")
		maxBody := fs.Int64("max-body", server.DefaultMaxBody, "largest API request body, in `bytes`")
		maxAnswer := fs.Int("max-answer", server.DefaultMaxAnswer, "largest API answer, in `bytes` (at least 65536); longer traces are cut")
		maxConc := fs.Int("max-concurrent", runtime.NumCPU(), "run the solver for at most `N` requests at once")
		maxPerClient := fs.Int("max-per-client", 0, "let one client (address) have at most `N` requests waiting or running (default 4 × --max-concurrent; raise it behind a proxy)")
		maxSteps := fs.Int("max-steps", server.DefaultMaxSteps, "let a trace ask for at most `N` steps (also the default)")
		maxTraceSols := fs.Int("max-trace-solutions", server.DefaultMaxTraceSolutions, "let a trace look for at most `N` solutions")
		maxCount := fs.Int("max-count", server.DefaultMaxCount, "let /api/count count at most `N` solutions, and /api/solve's true candidates look at as many")
		maxConns := fs.Int("max-conns", server.DefaultMaxConns, "keep at most `N` connections open; past half of them, idle ones close after 5s")
		maxConnsPerClient := fs.Int("max-conns-per-client", server.DefaultMaxConnsPerClient, "keep at most `N` connections open from one client (address); raise it behind a proxy")
		shutdownTimeout := fs.Duration("shutdown-timeout", server.DefaultShutdownTimeout, "on SIGINT or SIGTERM, let running requests finish for this `duration`")
		var hosts hostList
		fs.Var(&hosts, "allow-host", "also answer requests for `name` (repeat the flag or give a comma list; * for any); localhost and the listening address always work")
		quiet := fs.Bool("quiet", false, "do not log API requests")
		return func(ctx context.Context, args []string) int {
			if len(args) > 0 {
				fmt.Fprintf(std.err, "sudoku serve: unexpected argument %q\n", args[0])
				return exitUsage
			}
			if *maxAnswer < server.MinMaxAnswer {
				fmt.Fprintf(std.err, "sudoku serve: --max-answer %d: want at least %d\n", *maxAnswer, server.MinMaxAnswer)
				return exitUsage
			}
			if *maxPerClient < 0 {
				fmt.Fprintf(std.err, "sudoku serve: --max-per-client must be positive\n")
				return exitUsage
			}
			for _, f := range []struct {
				name string
				v    int64
			}{{"max-body", *maxBody}, {"max-concurrent", int64(*maxConc)}, {"max-steps", int64(*maxSteps)},
				{"max-trace-solutions", int64(*maxTraceSols)}, {"max-count", int64(*maxCount)},
				{"max-conns", int64(*maxConns)}, {"max-conns-per-client", int64(*maxConnsPerClient)},
				{"timeout", int64(*timeout)}, {"write-timeout", int64(*writeTimeout)}, {"shutdown-timeout", int64(*shutdownTimeout)}} {
				if f.v <= 0 {
					fmt.Fprintf(std.err, "sudoku serve: --%s must be positive\n", f.name)
					return exitUsage
				}
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
			h := server.New(server.Config{MaxBody: *maxBody, MaxAnswer: *maxAnswer, Timeout: *timeout, WriteTimeout: *writeTimeout,
				MaxConcurrent: *maxConc, MaxPerClient: *maxPerClient, MaxSteps: *maxSteps, MaxTraceSolutions: *maxTraceSols, MaxCount: *maxCount,
				MaxConns: *maxConns, MaxConnsPerClient: *maxConnsPerClient, ShutdownTimeout: *shutdownTimeout,
				AllowHosts: hosts, Logger: logger})
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
