package main

import (
	"context"
	"io"
	"os"
	"testing"
)

// BenchmarkPipeline measures what the pipeline itself costs per task:
// work and output that do nothing.
func BenchmarkPipeline(b *testing.B) {
	for _, jobs := range []int{1, 2} {
		b.Run(map[int]string{1: "jobs=1", 2: "jobs=2"}[jobs], func(b *testing.B) {
			p := &pipeline[int]{
				name: "bench", con: newConsole(&stdio{out: io.Discard, err: io.Discard}), jobs: jobs,
				tasks: func(yield func(*task) bool) {
					for i := range b.N {
						if !yield(&task{index: i, steady: true}) {
							return
						}
					}
				},
				newWork: func() func(context.Context, *task, *int) {
					return func(_ context.Context, t *task, r *int) { *r = t.index }
				},
				emit: func(*task, *int) bool { return true },
			}
			b.ResetTimer()
			if code := p.run(context.Background()); code != exitOK {
				b.Fatalf("exit %d", code)
			}
		})
	}
}

// BenchmarkCommands runs batch commands on one thread over the 17-clue
// file, to see what a command costs beyond its own work.
func BenchmarkCommands(b *testing.B) {
	const file = "../../../shared/data/bench/puzzles2_17_clue.txt"
	if _, err := os.Stat(file); err != nil {
		b.Skip("no ../shared/data here")
	}
	for _, cmd := range []string{"solve", "canon"} {
		b.Run(cmd, func(b *testing.B) {
			for range b.N {
				if code := run(context.Background(), []string{cmd, "-j", "1", file}, &stdio{out: io.Discard, err: io.Discard}); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
