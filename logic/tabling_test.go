package logic

import (
	"slices"
	"testing"
	"unsafe"

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

// TestReach builds the chain tables (with and without group nodes) on the
// states along the HoDoKu paths of a sample of the calibration puzzles
// that reach the nice loop search, and wants computeReach's answer for
// every premise and entry (reachOf: the bitmap of the components it
// reaches) to be what a breadth first search along the tables' fills
// finds.
func TestReach(t *testing.T) {
	every := 20
	if testing.Short() {
		every = 80
	}
	states := 0
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		if next.Technique < NiceLoop {
			return
		}
		states++
		m := newMemo()
		defer m.release()
		tb := c.tablingFor(m)
		for _, grouped := range []bool{false, true} {
			tb.built = 0
			tb.buildChainTables(grouped)
			codes := int32(2 * (tabNormal + len(tb.groups)))
			seen := make([]bool, codes)
			var queue []int32
			for from := range codes {
				if t, _, _ := tb.tableOf(from); t.n() == 0 {
					continue
				}
				clear(seen)
				queue = append(queue[:0], from)
				seen[from] = true
				for len(queue) > 0 {
					e := queue[0]
					queue = queue[1:]
					src, _, _ := tb.tableOf(e)
					for _, x := range src.ent[1:src.fillLen()] {
						x := tb.entOf[x]
						if x < codes && !seen[x] {
							seen[x] = true
							queue = append(queue, x)
						}
					}
				}
				reach, pc := tb.reachOf(from)
				for to := range codes {
					w := tb.id[to]
					got := false
					if w >= 0 {
						cx := tb.comp[w]
						got = cx <= pc && reach[cx>>6]&(1<<(cx&63)) != 0
					}
					// An entry without a table is reached but has no
					// number: reachOf does not answer for it.
					if want := seen[to] && w >= 0; got != want {
						t.Fatalf("%s (grouped %v): %d reaches %d: %v, want %v", p.grid, grouped, from, to, got, want)
					}
				}
			}
		}
	})
	if states == 0 {
		t.Fatal("no state reached the nice loop search")
	}
}

// TestTableSize keeps a table's header to a cache line: the searches
// sweep every table, and the expansion reads a header for each entry it
// expands (see tTable).
func TestTableSize(t *testing.T) {
	if n := unsafe.Sizeof(tTable{}); n != 64 {
		t.Errorf("tTable is %d bytes, want 64", n)
	}
	if off := unsafe.Offsetof(tabling{}.off); off%64 != 0 {
		t.Errorf("tabling.off starts at %d, not on a cache line", off)
	}
}
