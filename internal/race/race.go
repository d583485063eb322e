// Package race tells tests whether the race detector is on (go test
// -race), so that the whole suite passes under it without weakening the
// normal run: the standard library's tests do the same with their own
// internal/race.
//
// The detector slows a program down 2 to 20 times (the Go
// documentation's figures; 5 to 20 on a loaded 2-core machine), so a test
// with a wall-clock bound scales it by [Scale], and a long sequential test
// over a corpus (thousands of puzzles through one goroutine, where the
// detector has nothing to find that a few puzzles would not show) runs
// the sample [Sample] keeps. Without -race both return their argument
// unchanged: the normal run keeps its bounds and its full sets.
package race

import "time"

// Factor is how much slower a test may run under the race detector: the
// upper end of the Go documentation's 2 to 20 times.
const Factor = 20

// Scale returns d, or d times [Factor] when the race detector is on. Use
// it for a bound on wall-clock time that a test checks.
func Scale(d time.Duration) time.Duration { return scale(Enabled, d) }

func scale(on bool, d time.Duration) time.Duration {
	if on {
		return d * Factor
	}
	return d
}

// Sample returns s when the race detector is off, and otherwise at most
// n of its elements spread evenly over it (the first, then one every
// len(s)/n), so that a sample of a corpus still comes from all of it.
func Sample[S ~[]E, E any](s S, n int) S { return sample(Enabled, s, n) }

func sample[S ~[]E, E any](on bool, s S, n int) S {
	if !on || len(s) <= n {
		return s
	}
	out := make(S, 0, max(n, 0))
	for i := range n {
		out = append(out, s[i*len(s)/n])
	}
	return out
}
