package logic

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// The hidden subset searches as they were before they walked their combinations
// in a loop and looked for an elimination on bitmaps first (commit
// 9f35794), kept as the reference the faster ones must match step for
// step.

// refHiddenSubset finds n digits that in some unit fit only in the same n
// cells: those cells lose every other candidate.
func refHiddenSubset(n int) func(*Candidates, *memo) (Step, bool) {
	t := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[n]
	return func(c *Candidates, m *memo) (Step, bool) {
		for _, u := range subsetUnits {
			var ds []int
			pos := c.unitPositions(u)
			for d := 1; d <= 9; d++ {
				if k := pos[d].Count(); k >= 2 && k <= n {
					ds = append(ds, d)
				}
			}
			var st Step
			found := refCombos(len(ds), n, func(ix []int) bool {
				var set cellSet
				var m uint16
				for _, k := range ix {
					set = set.Or(pos[ds[k]])
					m |= 1 << ds[k]
				}
				if set.Count() != n {
					return false
				}
				sc := set.List()
				var el []sudoku.Candidate
				for _, i := range sc {
					for _, d := range digitsOf(c.marks[i] &^ m) {
						el = append(el, cand(i, d))
					}
				}
				if len(el) == 0 {
					return false
				}
				st = Step{Technique: t, Pattern: c.candsOf(sc, m), Eliminations: el,
					Notation: fmt.Sprintf("%s in %s", digitList(digitsOf(m)), cellNames(sc)),
				}.because("hiddenSubset", unitArg(u), digitsArg(digitsOf(m)), countArg(n), cellsArg(sc))
				return true
			})
			if found {
				return st, true
			}
		}
		return Step{}, false
	}
}

// refCombos calls f with every k-subset of idx (as indices into idx) until f
// returns true.
func refCombos(n, k int, f func([]int) bool) bool {
	if k > n {
		return false
	}
	ix := make([]int, k)
	for i := range ix {
		ix[i] = i
	}
	for {
		if f(ix) {
			return true
		}
		i := k - 1
		for i >= 0 && ix[i] == n-k+i {
			i--
		}
		if i < 0 {
			return false
		}
		ix[i]++
		for j := i + 1; j < k; j++ {
			ix[j] = ix[j-1] + 1
		}
	}
}

// TestSubsetsMatchReference runs the hidden subset searches and their
// references on every state along the HoDoKu paths of
// a sample of the HoDoKu calibration puzzles (every tenth, every fortieth
// with -short), and wants the same steps.
func TestSubsetsMatchReference(t *testing.T) {
	every := 10
	if testing.Short() || race.Enabled { // one goroutine: the race detector has the sample -short has
		every = 40
	}
	type pair struct {
		name      string
		got, want func(*Candidates, *memo) (Step, bool)
	}
	var pairs []pair
	for n := 2; n <= 4; n++ {
		pairs = append(pairs, pair{fmt.Sprint("hidden ", n), hiddenSubset(n), refHiddenSubset(n)})
	}
	found := make([]int, len(pairs))
	forPathStates(t, every, func(p hodokuPuzzle, c *Candidates, next Step) {
		for k, f := range pairs {
			got, gok := f.got(c, nil)
			want, wok := f.want(c, nil)
			if gok != wok || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s subset, %s at\n%v\ngot %v %v\nwant %v %v", f.name, p.grid, c, gok, got, wok, want)
			}
			if gok {
				found[k]++
			}
		}
	})
	for k, f := range pairs {
		if found[k] == 0 {
			t.Errorf("no state of the sample has a %s subset", f.name)
		}
	}
	t.Logf("found: %v", found)
}
