package se

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// filterGrids returns grids like those the runs of nested chains meet:
// the grids along Sudoku Explainer's path of the calibration puzzles
// rated 8.3 and up (where static multiple chains mostly find nothing),
// each also with up to a twentieth of its candidates removed at random,
// the solution's too (a run's assumption may be false), each cell
// keeping one at least.
func filterGrids(t *testing.T, n int) []*grid {
	t.Helper()
	rng := rand.New(rand.NewPCG(12, 2026))
	var out []*grid
	for _, p := range readCalibration(t, "../testdata/se_calibration.tsv") {
		if !p.ok || p.ref[0] < 8.3 || p.ref[0] > 10.5 {
			continue
		}
		sg, err := sudoku.Parse(p.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		g := newGrid(&sg)
		for _, st := range rate(t, p.puzzle).Steps {
			for _, o := range [2]bool{false, true} {
				h := *g
				if o {
					frac := rng.Float64() / 20
					for c := range 81 {
						for m := h.cand[c]; m != 0; m &= m - 1 {
							if popcount(h.cand[c]) > 1 && rng.Float64() < frac {
								h.remove(c, lowDigit(m))
							}
						}
					}
				}
				out = append(out, &h)
				if len(out) == n {
					return out
				}
			}
			for _, e := range st.Eliminated {
				g.remove(e.Cell, e.Digit)
			}
			if st.Placed != nil {
				g.place(st.Placed.Cell, st.Placed.Digit)
			}
		}
	}
	return out
}

// TestStaticHintsPossible checks the proof that static multiple chains
// find nothing against the chains themselves: whenever it says nothing
// can be found, the search finds nothing.
func TestStaticHintsPossible(t *testing.T) {
	// The grids come in the order of the puzzles' paths, and the early
	// ones have fewer that the proof rules out: -short checks every fifth
	// of the same grids, not the first fifth, so that both sides are as
	// well exercised.
	// The race detector (this runs on one goroutine) takes the same.
	grids, stride := filterGrids(t, 1500), 1
	if testing.Short() || race.Enabled {
		stride = 5
	}
	n, skipped, found := 0, 0, 0
	for i := 0; i < len(grids); i += stride {
		g := grids[i]
		n++
		e := newEngine(modeDynamic, 3, g)
		possible := e.staticHintsPossible()
		hs := newEngine(modeMultiple, 0, g).nestedHints()
		if len(hs) > 0 {
			found++
		}
		if possible {
			continue
		}
		skipped++
		if len(hs) > 0 {
			t.Fatalf("grid %d: said impossible, but static multiple chains find %d hints", i, len(hs))
		}
	}
	t.Logf("%d grids: %d with static multiple chains, %d skipped as impossible", n, found, skipped)
	// Both sides must be exercised for the test to mean anything.
	if skipped < n/10 || found < n/10 {
		t.Fatalf("%d grids: %d skipped, %d with hints: the sample does not exercise the proof", n, skipped, found)
	}
}

// TestUnaryFilter checks that the strongly connected components only
// spare searches that find nothing, and that a search stops early only
// when nothing more can come: every forcing chain and cycle of the three
// passes, with its chains, comes out the same, in the same order, with
// both and with neither (unfiltered: every candidate, every search to its
// end).
func TestUnaryFilter(t *testing.T) {
	n := 800
	if testing.Short() || race.Enabled { // the race detector: one goroutine, 1 s without it
		n = 200
	}
	list := func(w *unaryWork, g *grid) []string {
		var out []string
		w.allUnary(g, true, func(h *chainHint, seqs [][]seqItem) {
			out = append(out, fmt.Sprintf("%s %.2f %d %v %v %v", h.name, h.diff, h.complexity, h.cell, h.elims, seqs))
		})
		return out
	}
	total := 0
	for i, g := range filterGrids(t, n) {
		got := list(&unaryWork{}, g)
		want := list(&unaryWork{unfiltered: true}, g)
		total += len(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("grid %d: with the filter\n%v\nwithout\n%v", i, got, want)
		}
	}
	if total == 0 {
		t.Fatalf("%d grids and not one forcing chain or cycle: the sample tests nothing", n)
	}
	t.Logf("%d grids, %d hints", n, total)
}

// TestComponents checks the components and their closure (scc.go)
// against a breadth first search over the same links, on grids like those
// nested chains meet: for every pair of the grid's potentials, whether
// one reaches the other, and for every potential whether it lies on a
// cycle.
func TestComponents(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 40
	}
	var w unaryWork
	var seen [numPots]bool
	var queue []int
	pairs, reached, cycles := 0, 0, 0
	for i, g := range filterGrids(t, n) {
		w.graphOf(g)
		var pots []int
		for c := range 81 {
			for m := g.cand[c]; m != 0; m &= m - 1 {
				pots = append(pots, potOf(c, lowDigit(m), false), potOf(c, lowDigit(m), true))
			}
		}
		for _, a := range pots {
			// What a reaches in one step or more.
			clear(seen[:])
			queue = append(queue[:0], a)
			for len(queue) > 0 {
				v := queue[0]
				queue = queue[1:]
				for _, u := range w.links.adj[w.links.adjStart[v]:w.links.adjStart[v+1]] {
					if !seen[u] {
						seen[u] = true
						queue = append(queue, int(u))
					}
				}
			}
			if got := w.scc.onCycle(a); got != seen[a] {
				t.Fatalf("grid %d: onCycle(%d) = %v, want %v", i, a, got, seen[a])
			}
			if seen[a] {
				cycles++
			}
			for _, b := range pots {
				want := seen[b] || a == b
				if got := w.scc.reaches(a, b); got != want {
					t.Fatalf("grid %d: reaches(%d, %d) = %v, want %v", i, a, b, got, want)
				}
				pairs++
				if want {
					reached++
				}
			}
		}
	}
	if cycles == 0 || reached == 0 || reached == pairs {
		t.Fatalf("%d pairs, %d reached, %d potentials on cycles: the sample tests nothing", pairs, reached, cycles)
	}
	t.Logf("%d grids, %d pairs, %d reached, %d potentials on cycles", n, pairs, reached, cycles)
}
