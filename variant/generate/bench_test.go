//go:build unix

package generate

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godoku/sudoku/logic"
)

// cpuTime returns the process's CPU time so far (user and system): the
// machines the benchmarks run on are shared, and wall time would count
// the others' work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkGenerate makes one killer puzzle a round for a request of each
// level (and easy with 4 givens), proven unique, tuned
// toward the level and graded against the request as Generate does, and
// reports per CPU second the tries and the puzzles of the level asked
// for, and the spread of the levels the tries were graded (a level above
// the request is the one reached when grading stopped: at least that).
// Run it on one core: GOMAXPROCS=1 go test ./variant/generate -run NONE
// -bench Generate -benchtime 150x.
func BenchmarkGenerate(b *testing.B) {
	type request struct {
		name   string
		level  logic.Level
		givens int
	}
	var requests []request
	for l := logic.Easy; l <= logic.Extreme; l++ {
		requests = append(requests, request{strings.ToLower(l.String()), l, 0})
	}
	requests = append(requests, request{"easy-4-givens", logic.Easy, 4})
	for _, rq := range requests {
		l := rq.level
		b.Run(rq.name, func(b *testing.B) {
			g, err := New(1, Options{Levels: []logic.Level{l}, Givens: rq.givens})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			found := 0
			start := cpuTime()
			for b.Loop() {
				_, gr, err := g.try(ctx)
				if err != nil {
					b.Fatal(err)
				}
				r := gr.r
				g.stats.Tries++
				g.stats.Levels[r.Level]++
				if r.Level == l {
					found++
				}
			}
			secs := (cpuTime() - start).Seconds()
			b.ReportMetric(float64(g.stats.Tries)/secs, "tries/cpu-s")
			b.ReportMetric(float64(found)/secs, "puzzles/cpu-s")
			for k, n := range g.stats.Levels {
				b.ReportMetric(100*float64(n)/float64(g.stats.Tries), fmt.Sprintf("%%%s", strings.ToLower(logic.Level(k).String())))
			}
		})
	}
}
