package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCells checks every operation on random sets against a set of cells
// kept as a map.
func TestCells(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := func() (Cells, map[int]bool) {
		var s Cells
		m := map[int]bool{}
		for range r.IntN(40) {
			i := r.IntN(81)
			s.Add(i)
			m[i] = true
		}
		return s, m
	}
	for range 500 {
		s, m := random()
		u, n := random()
		var want []int
		for i := range 81 {
			if s.Has(i) != m[i] {
				t.Fatalf("Has(%d) = %v", i, s.Has(i))
			}
			if m[i] {
				want = append(want, i)
			}
			check := func(op string, got Cells, in bool) {
				t.Helper()
				if got.Has(i) != in {
					t.Fatalf("%s: cell %d in %v, want %v", op, i, got.Has(i), in)
				}
			}
			check("And", s.And(u), m[i] && n[i])
			check("Or", s.Or(u), m[i] || n[i])
			check("AndNot", s.AndNot(u), m[i] && !n[i])
			check("All81", All81, true)
		}
		if !slices.Equal(s.List(), want) || s.Count() != len(want) || s.Empty() != (len(want) == 0) {
			t.Fatalf("List %v, Count %d, Empty %v; want %v", s.List(), s.Count(), s.Empty(), want)
		}
		var all []int
		for i := range s.All {
			all = append(all, i)
		}
		if !slices.Equal(all, want) {
			t.Fatalf("All yields %v, want %v", all, want)
		}
		if first := s.First(); len(want) == 0 && first != -1 || len(want) > 0 && first != want[0] {
			t.Fatalf("First = %d, want the lowest of %v", first, want)
		}
		if len(want) > 0 {
			x := want[r.IntN(len(want))]
			s.Remove(x)
			if s.Has(x) || s.Count() != len(want)-1 {
				t.Fatalf("Remove(%d) left %v", x, s.List())
			}
		}
	}
	if All81.Count() != 81 || All81[1]>>17 != 0 {
		t.Fatalf("All81 = %v", All81)
	}
}

// TestUnitBits checks UnitBits against an AND with each unit, on every
// single cell and on random sets of up to six cells (larger sets hold a
// cell of nearly every unit).
func TestUnitBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	want := func(s Cells) uint32 {
		var u uint32
		for k, unit := range Units {
			if !s.And(unit).Empty() {
				u |= 1 << k
			}
		}
		return u
	}
	var sets []Cells
	for i := range 81 {
		var s Cells
		s.Add(i)
		sets = append(sets, s)
	}
	for range 2000 {
		var s Cells
		for range r.IntN(7) {
			s.Add(r.IntN(81))
		}
		sets = append(sets, s)
	}
	sets = append(sets, All81)
	for _, s := range sets {
		if got, w := s.UnitBits(), want(s); got != w {
			t.Fatalf("UnitBits(%v) = %027b, want %027b", s.List(), got, w)
		}
	}
}

// TestCand numbers every candidate once, cell by cell.
func TestCand(t *testing.T) {
	k := 0
	for c := range 81 {
		for d := 1; d <= 9; d++ {
			if got := Cand(c, d); got != k {
				t.Fatalf("Cand(%d, %d) = %d, want %d", c, d, got, k)
			}
			k++
		}
	}
}
