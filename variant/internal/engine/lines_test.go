package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// support brute-forces the values of each cell of a line that some
// assignment of all the line's cells, within their masks and with
// different values, satisfies ok with.
func support(n int, masks []Mask, ok func(vs []int) bool) []Mask {
	k := len(masks)
	out := make([]Mask, k)
	vs := make([]int, k)
	var used Mask
	var walk func(i int)
	walk = func(i int) {
		if i == k {
			if ok(vs) {
				for j, v := range vs {
					out[j] |= bit(v)
				}
			}
			return
		}
		for m := masks[i] &^ used; m != 0; m &= m - 1 {
			v := tz(m) + 1
			vs[i] = v
			used |= bit(v)
			walk(i + 1)
			used &^= bit(v)
		}
	}
	walk(0)
	return out
}

// runLine runs one propagator of a line of n cells holding different
// values, with the given masks, and returns the masks it leaves (nil for a
// contradiction).
func runLine(n int, masks []Mask, add func(b *Builder, cells []int)) []Mask {
	b := NewBuilder(n, len(masks))
	cells := make([]int, len(masks))
	for i := range cells {
		cells[i] = i
	}
	b.Distinct(cells)
	for i, m := range masks {
		b.Restrict(i, m)
	}
	add(b, cells)
	p := b.Build()
	s := p.newSolver(context.Background())
	if !s.start() {
		return nil
	}
	return s.cells
}

// TestLineClues checks the skyscraper, sandwich and x-sum propagators on
// random partial lines against brute force: every value they keep must
// have support in a real assignment (they may keep more; they narrow to
// arc consistency of the clue with the values different, as the row
// around them does), and on a fully fixed line they accept exactly the
// assignments brute force accepts.
func TestLineClues(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := range 3000 {
		n := 4 + r.IntN(3)
		masks := make([]Mask, n)
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = Mask(r.Uint32()) & all(n)
				if r.IntN(3) == 0 {
					masks[i] = all(n)
				}
			}
		}
		kind := iter % 3
		var clue int
		var ok func(vs []int) bool
		var add func(b *Builder, cells []int)
		switch kind {
		case 0:
			clue = 1 + r.IntN(n)
			ok = func(vs []int) bool {
				seen, top := 0, 0
				for _, v := range vs {
					if v > top {
						top, seen = v, seen+1
					}
				}
				return seen == clue
			}
			add = func(b *Builder, cells []int) { b.Skyscraper(cells, clue) }
		case 1:
			clue = r.IntN(n * (n - 1) / 2)
			ok = func(vs []int) bool {
				i, j := -1, -1
				for k, v := range vs {
					if v == 1 || v == n {
						if i < 0 {
							i = k
						} else {
							j = k
						}
					}
				}
				s := 0
				for _, v := range vs[i+1 : j] {
					s += v
				}
				return s == clue
			}
			add = func(b *Builder, cells []int) { b.Sandwich(cells, clue) }
		case 2:
			clue = 1 + r.IntN(n*(n+1)/2)
			ok = func(vs []int) bool {
				s := 0
				for _, v := range vs[:vs[0]] {
					s += v
				}
				return s == clue
			}
			add = func(b *Builder, cells []int) { b.XSum(cells, clue) }
		}
		want := support(n, masks, ok)
		got := runLine(n, masks, add)
		empty := false
		for _, m := range want {
			if m == 0 {
				empty = true
			}
		}
		if got == nil {
			if !empty {
				t.Fatalf("kind %d clue %d masks %v: contradiction, want %v", kind, clue, masks, want)
			}
			continue
		}
		for i := range want {
			if want[i]&^got[i] != 0 {
				t.Fatalf("kind %d clue %d masks %v: cell %d keeps %v, loses supported %v", kind, clue, masks, i, got[i].Values(), (want[i] &^ got[i]).Values())
			}
		}
	}
}

// TestRenbanExact checks that a renban keeps exactly the values some run
// of consecutive values, one to each cell, gives them (brute force), and
// fails when there is none: lines of at most 4 cells (matchTable), of 5
// (supportCombo) and longer ones (matchSupport), on grids of 6 to 16
// values (the long lines on at most 12, for the brute force's sake).
func TestRenbanExact(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 5))
	for iter := range 7000 {
		n := 9
		k := 2 + iter%(cageExactLimit-1)
		if iter >= 5000 {
			k = cageExactLimit + 1 + iter%4
			if iter%4 == 0 {
				n = k + r.IntN(13-k)
			}
		} else if iter%4 == 0 {
			n = 6 + r.IntN(11)
		}
		masks := make([]Mask, k)
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = Mask(r.Uint32()) & all(n)
			}
		}
		want := support(n, masks, func(vs []int) bool {
			return slices.Max(vs)-slices.Min(vs) == k-1
		})
		got := runLine(n, masks, func(b *Builder, cells []int) { b.Renban(cells) })
		if got == nil {
			if slices.ContainsFunc(want, func(m Mask) bool { return m != 0 }) {
				t.Fatalf("n %d masks %b: contradiction, want %b", n, masks, want)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("n %d masks %b: renban keeps %b, want %b", n, masks, got, want)
		}
	}
}

// TestRenbanLong checks a renban longer than cageExactLimit cells on
// cases worked by hand (9 values; cells not listed may hold any value).
func TestRenbanLong(t *testing.T) {
	full := all(9)
	r := func(lo, hi int) Mask { return inRange(lo, hi) }
	for _, c := range []struct {
		name  string
		masks []Mask
		want  []Mask // nil: no run fits
	}{
		{
			// The run holds 1, so it is 1 to 6.
			name:  "one fixed",
			masks: []Mask{bit(1), full, full, full, full, full},
			want:  []Mask{bit(1), r(2, 6), r(2, 6), r(2, 6), r(2, 6), r(2, 6)},
		},
		{
			// 1 to 6 or 4 to 9, as the first cell is 1 or 9.
			name:  "two ends",
			masks: []Mask{bit(1) | bit(9), full, full, full, full, full},
			want:  []Mask{bit(1) | bit(9), r(2, 8), r(2, 8), r(2, 8), r(2, 8), r(2, 8)},
		},
		{
			// Two cells hold 2 and 7, so the run is 2 to 7 and the
			// others hold 3 to 6.
			name:  "pair spans the run",
			masks: []Mask{bit(2) | bit(7), bit(2) | bit(7), full, full, full, full},
			want:  []Mask{bit(2) | bit(7), bit(2) | bit(7), r(3, 6), r(3, 6), r(3, 6), r(3, 6)},
		},
		{
			// 1 and 7 cannot both be on a run of six, and each window
			// with one of them gives it to both cells: every window
			// meets every cell, yet none can be matched.
			name:  "no matching",
			masks: []Mask{bit(1) | bit(7), bit(1) | bit(7), full, full, full, full},
		},
		{
			// Seven cells: 3 to 9 is the only run with 9 and not 1 or
			// 2; the last cell takes the 3 nobody else can.
			name:  "seven cells",
			masks: []Mask{bit(9), r(4, 9), r(4, 9), r(4, 9), r(4, 9), r(4, 9), r(2, 3)},
			want:  []Mask{bit(9), r(4, 8), r(4, 8), r(4, 8), r(4, 8), r(4, 8), bit(3)},
		},
	} {
		got := runLine(9, c.masks, func(b *Builder, cells []int) { b.Renban(cells) })
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: renban keeps %v, want %v", c.name, got, c.want)
		}
	}
}
