package logic

import (
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
	"github.com/godoku/sudoku/internal/race"
)

// linkHolds reports whether a link is what it says in the grid state c: a
// strong link's two nodes cannot both be false (a cell with those two
// candidates alone, or a digit whose places in a unit are the two nodes'),
// a weak link's cannot both be true (one cell, or one digit in cells that
// all see each other).
func linkHolds(c *Candidates, l Link) bool {
	a, b := l.From, l.To
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, x := range append(slices.Clone(a), b...) {
		if !c.has(x.Cell, x.Digit) {
			return false
		}
	}
	if len(a) == 1 && len(b) == 1 && a[0].Cell == b[0].Cell {
		if a[0].Digit == b[0].Digit {
			return false
		}
		return !l.Strong || c.marks[a[0].Cell] == 1<<a[0].Digit|1<<b[0].Digit
	}
	d := a[0].Digit
	var sa, sb cellSet
	for _, x := range a {
		if x.Digit != d {
			return false
		}
		sa.Add(x.Cell)
	}
	for _, x := range b {
		if x.Digit != d {
			return false
		}
		sb.Add(x.Cell)
	}
	if !sa.And(sb).Empty() {
		return false
	}
	if !l.Strong {
		for i := range sa.All {
			for j := range sb.All {
				if !sees(i, j) {
					return false
				}
			}
		}
		return true
	}
	both := sa.Or(sb)
	for u := range 27 {
		if both.AndNot(board.Units[u]).Empty() && c.positions(u, d) == both {
			return true
		}
	}
	return false
}

// TestDrawings checks the drawing of every step on the HoDoKu paths of the
// calibration puzzles (every one; every sixth with -short, every thirtieth
// under the race detector) in the grid state it was found in: each link
// of a chain or loop is as strong or weak as it says, and the links follow
// on from each other (a forcing chain's from its start); the colours of a
// colouring split its pattern; a fish's base holds its pattern and the
// cover its eliminations. Every kind of step that is drawn must have been
// seen.
func TestDrawings(t *testing.T) {
	every := 1
	switch {
	case race.Enabled: // one goroutine; every sixth took 95 s under the detector
		every = 30
	case testing.Short():
		every = 6
	}
	seen := map[Technique]int{}
	wanted := []Technique{XChain, XYChain, AIC, ContinuousNiceLoop, NiceLoop, SimpleColors, MultiColors1, Skyscraper,
		TwoStringKite, XWing, Swordfish, FinnedXWing, WWing, ForcingChainVerity}
	// With -short, every sixth puzzle, and the puzzles after it while a
	// wanted kind has not been drawn yet: a sixth of the paths held no
	// Forcing Chain Verity once the path became HoDoKu's.
	pick := func(n int) bool {
		return n%every == 0 || slices.ContainsFunc(wanted, func(w Technique) bool { return seen[w] == 0 })
	}
	walkPathStates(t, pick, func(p hodokuPuzzle, c *Candidates, s Step) {
		d := s.Drawing()
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("%s, %v:\n"+format, append([]any{p.grid, s}, args...)...)
		}
		if len(d.Links) > 0 {
			seen[s.Technique]++
			for k, l := range d.Links {
				if !linkHolds(c, l) {
					fail("link %d %v=%v strong %v does not hold", k, l.From, l.To, l.Strong)
				}
			}
			if s.Technique != ForcingChainContradiction && s.Technique != ForcingChainVerity {
				for k := 1; k < len(d.Links); k++ {
					if !slices.Equal(d.Links[k-1].To, d.Links[k].From) {
						fail("link %d does not start where link %d ends", k, k-1)
					}
				}
			}
			if strings.Contains(s.Technique.String(), "Continuous") && !slices.Equal(d.Links[0].From, d.Links[len(d.Links)-1].To) {
				fail("the loop does not close")
			}
		}
		if len(d.Colors) > 0 {
			seen[s.Technique]++
			if len(d.Colors) != 2 && len(d.Colors) != 4 {
				fail("%d colours", len(d.Colors))
			}
			var all []sudoku.Candidate
			for _, col := range d.Colors {
				if len(col) == 0 {
					fail("an empty colour")
				}
				all = append(all, col...)
			}
			if !slices.Equal(sortCands(all), sortCands(slices.Clone(s.Pattern))) {
				fail("the colours %v do not split the pattern", d.Colors)
			}
		}
		if len(d.Base) > 0 {
			seen[s.Technique]++
			if len(d.Base) != len(d.Cover) {
				fail("base %v, cover %v", d.Base, d.Cover)
			}
			in := func(units []string, x sudoku.Candidate) bool {
				for _, u := range units {
					if i, ok := unitIndex(u); ok && board.Units[i].Has(x.Cell) {
						return true
					}
				}
				return false
			}
			for _, x := range s.Pattern {
				if !in(d.Base, x) {
					fail("%v is outside the base", x)
				}
			}
			for _, x := range s.Eliminations {
				if !in(d.Cover, x) {
					fail("%v is outside the cover", x)
				}
			}
			for _, f := range d.Fins {
				if !slices.Contains(s.Pattern, f) {
					fail("the fin %v is not in the pattern", f)
				}
			}
		}
	})
	t.Logf("drawn: %v", seen)
	for _, want := range wanted {
		if seen[want] == 0 {
			t.Errorf("no %v drawn on the paths", want)
		}
	}
}

// unitIndex reads a unit's name, "r1", "c3" or "b5".
func unitIndex(u string) (int, bool) {
	if len(u) != 2 || u[1] < '1' || u[1] > '9' {
		return 0, false
	}
	k := int(u[1] - '1')
	switch u[0] {
	case 'r':
		return k, true
	case 'c':
		return 9 + k, true
	case 'b':
		return 18 + k, true
	}
	return 0, false
}

// TestForcingDrawing draws a forcing chain's contradiction: chains of
// links from the assumed candidate (the one the step removes), each link
// holding, to one candidate made both true and false. The candidate may be
// the assumption itself, reached false (HoDoKu's chain from a premise to
// its own opposite); the assumption counts as reached true.
func TestForcingDrawing(t *testing.T) {
	c := open(t)
	xyRing(1)(c)
	s, ok := findForcingChain(c, nil)
	if !ok || s.Technique != ForcingChainContradiction || len(s.Eliminations) != 1 {
		t.Fatalf("no contradiction: %v", s)
	}
	links := s.Drawing().Links
	if len(links) < 2 {
		t.Fatalf("links %v", links)
	}
	ends := map[sudoku.Candidate]int{s.Eliminations[0]: 1}
	for _, l := range links {
		if !linkHolds(c, l) {
			t.Errorf("link %v=%v strong %v does not hold", l.From, l.To, l.Strong)
		}
		ends[l.To[0]]++
	}
	if !slices.Equal(links[0].From, s.Eliminations) {
		t.Errorf("the chain starts at %v, want the assumption %v", links[0].From, s.Eliminations)
	}
	twice := false
	for _, n := range ends {
		twice = twice || n == 2
	}
	if !twice {
		t.Errorf("no candidate is reached both true and false: %v", links)
	}
}
