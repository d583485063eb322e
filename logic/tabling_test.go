package logic

import (
	"slices"
	"testing"

	"github.com/godoku/sudoku/internal/race"
)

// TestLazyChains runs the forcing chain and net searches on the states
// along the HoDoKu paths of a sample of the calibration puzzles that reach
// them, and wants the chain length the search noted for every step (the
// distance rule of addChain, or the measure of a net's chains) and whether
// it is a net to be those of the chains themselves.
func TestLazyChains(t *testing.T) {
	every := 10
	if testing.Short() || race.Enabled { // one goroutine: the race detector has the sample -short has
		every = 40
	}
	steps := 0
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		if next.Technique < ForcingChain {
			return
		}
		for _, nets := range []bool{false, true} {
			w := *c
			m := newMemo()
			defer m.release()
			w.findForcing(m, nets)
			tb := m.tabling
			for _, s := range tb.steps {
				n := *s
				if len(s.refs) > 0 { // not the step taken, built already
					n.chains, n.refs = nil, slices.Clone(s.refs)
					tb.materialize(&n)
				}
				built := 0
				for _, ch := range n.chains {
					built += len(ch)
				}
				if built != s.chainLen() || n.isNet() != s.isNet() {
					t.Fatalf("%s: a forcing step noted %d entries (net %v), its chains have %d (net %v)", p.grid, s.chainLen(), s.isNet(), built, n.isNet())
				}
				steps++
			}
		}
	})
	if steps == 0 {
		t.Fatal("no forcing chain step in the sample")
	}
	t.Logf("%d steps", steps)
}
