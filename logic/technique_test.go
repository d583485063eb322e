package logic

import (
	"reflect"
	"testing"

	"github.com/godoku/sudoku"
)

// open returns candidates of an empty grid: every digit everywhere.
func open(t *testing.T) *Candidates {
	t.Helper()
	c, err := FromGrid(sudoku.Grid{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// cell converts 1-based row and column.
func cell(r, c int) int { return (r-1)*9 + c - 1 }

// keep removes d from every cell of unit u except the given ones.
func keep(c *Candidates, u, d int, cells ...int) {
	for _, i := range units[u] {
		ok := false
		for _, k := range cells {
			ok = ok || k == i
		}
		if !ok {
			c.marks[i] &^= 1 << d
		}
	}
}

// only sets the candidates of a cell.
func only(c *Candidates, i int, ds ...int) {
	c.marks[i] = 0
	for _, d := range ds {
		c.marks[i] |= 1 << d
	}
}

func elims(d int, cells ...int) []Candidate {
	var out []Candidate
	for _, i := range cells {
		out = append(out, Candidate{i, d})
	}
	return sortCands(out)
}

func TestTechniques(t *testing.T) {
	row1 := []int{cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)}
	tests := []struct {
		name  string
		find  func(*Candidates) (Step, bool)
		setup func(*Candidates)
		want  Technique
		place []Candidate
		elim  []Candidate // nil with place nil: must not fire
	}{
		{"pointing", findPointing, func(c *Candidates) { keep(c, 18, 5, cell(1, 1), cell(1, 2)) },
			Pointing, nil, elims(5, row1...)},
		{"no pointing", findPointing, func(c *Candidates) { keep(c, 18, 5, cell(1, 1), cell(2, 2)) }, Pointing, nil, nil},
		{"claiming", findClaiming, func(c *Candidates) { keep(c, 0, 7, cell(1, 1), cell(1, 2)) },
			Claiming, nil, elims(7, cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))},
		{"no claiming", findClaiming, func(c *Candidates) { keep(c, 0, 7, cell(1, 1), cell(1, 5)) }, Claiming, nil, nil},
		{"naked pair", nakedSubset(2), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(2, 2), 1, 2)
		}, NakedPair, nil, sortCands(append(
			elims(1, cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)),
			elims(2, cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...))},
		{"no naked pair", nakedSubset(2), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(2, 2), 1, 3)
		}, NakedPair, nil, nil},
		{"hidden pair", hiddenSubset(2), func(c *Candidates) {
			keep(c, 0, 1, cell(1, 1), cell(1, 5))
			keep(c, 0, 2, cell(1, 1), cell(1, 5))
		}, HiddenPair, nil, func() []Candidate {
			var out []Candidate
			for d := 3; d <= 9; d++ {
				out = append(out, Candidate{cell(1, 1), d}, Candidate{cell(1, 5), d})
			}
			return sortCands(out)
		}()},
		{"no hidden pair", hiddenSubset(2), func(c *Candidates) {
			keep(c, 0, 1, cell(1, 1), cell(1, 5))
			keep(c, 0, 2, cell(1, 1), cell(1, 6))
		}, HiddenPair, nil, nil},
		{"x-wing", basicFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 3), cell(7, 9))
		}, XWing, nil, elims(9, cell(2, 3), cell(3, 3), cell(4, 3), cell(5, 3), cell(6, 3), cell(8, 3), cell(9, 3),
			cell(2, 9), cell(3, 9), cell(4, 9), cell(5, 9), cell(6, 9), cell(8, 9), cell(9, 9))},
		{"no x-wing", basicFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 3), cell(7, 8))
		}, XWing, nil, nil},
		{"finned x-wing", finnedFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 8))
		}, FinnedXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
		{"skyscraper", twoLinks(Skyscraper), func(c *Candidates) {
			keep(c, 0, 4, cell(1, 1), cell(1, 5))
			keep(c, 4, 4, cell(5, 1), cell(5, 4))
		}, Skyscraper, nil, elims(4, cell(2, 4), cell(3, 4), cell(4, 5), cell(6, 5))},
		{"no skyscraper", twoLinks(Skyscraper), func(c *Candidates) {
			keep(c, 0, 4, cell(1, 1), cell(1, 5))
			keep(c, 4, 4, cell(5, 2), cell(5, 4))
		}, Skyscraper, nil, nil},
		{"xy-wing", findXYWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 1, 3)
			only(c, cell(5, 1), 2, 3)
		}, XYWing, nil, elims(3, cell(5, 5))},
		{"no xy-wing", findXYWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 1, 3)
			only(c, cell(5, 1), 2, 4)
		}, XYWing, nil, nil},
		{"xyz-wing", findXYZWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2, 3)
			only(c, cell(1, 5), 1, 3)
			only(c, cell(2, 2), 2, 3)
		}, XYZWing, nil, elims(3, cell(1, 2), cell(1, 3))},
		{"unique rectangle 1", findUR(1), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(1, 4), 5, 6)
			only(c, cell(2, 1), 5, 6)
			only(c, cell(2, 4), 5, 6, 7, 8)
		}, UniqueRectangle1, nil, []Candidate{{cell(2, 4), 5}, {cell(2, 4), 6}}},
		{"no unique rectangle in four boxes", findUR(1), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(1, 4), 5, 6)
			only(c, cell(5, 1), 5, 6)
			only(c, cell(5, 4), 5, 6, 7, 8)
		}, UniqueRectangle1, nil, nil},
		{"hidden rectangle", findHiddenRectangle, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			keep(c, 1, 2, cell(2, 1), cell(2, 4))
			keep(c, 9+3, 2, cell(1, 4), cell(2, 4))
		}, HiddenRectangle, nil, []Candidate{{cell(2, 4), 1}}},
		{"no hidden rectangle", findHiddenRectangle, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			keep(c, 1, 2, cell(2, 1), cell(2, 4))
		}, HiddenRectangle, nil, nil},
		{"als-xz", findALSXZ, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(5, 1), 1, 2)
		}, ALSXZ, nil, elims(2, cell(2, 1), cell(3, 1), cell(4, 1), cell(6, 1), cell(7, 1), cell(8, 1), cell(9, 1))},
		{"no als-xz", findALSXZ, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(5, 5), 1, 2)
		}, ALSXZ, nil, nil},
		{"locked pair", lockedSubset(2), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 2), 1, 2)
		}, LockedPair, nil, func() []Candidate {
			var out []Candidate
			for _, i := range []int{cell(1, 3), cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3),
				cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)} {
				out = append(out, Candidate{i, 1}, Candidate{i, 2})
			}
			return sortCands(out)
		}()},
		{"no locked pair", lockedSubset(2), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(2, 2), 1, 2)
		}, LockedPair, nil, nil},
		{"naked triple", nakedSubset(3), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 2, 3)
			only(c, cell(1, 9), 1, 3)
		}, NakedTriple, nil, func() []Candidate {
			var out []Candidate
			for _, col := range []int{2, 3, 4, 6, 7, 8} {
				for d := 1; d <= 3; d++ {
					out = append(out, Candidate{cell(1, col), d})
				}
			}
			return sortCands(out)
		}()},
		{"no naked triple", nakedSubset(3), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 2, 3)
			only(c, cell(1, 9), 1, 4)
		}, NakedTriple, nil, nil},
		{"hidden triple", hiddenSubset(3), func(c *Candidates) {
			for d := 1; d <= 3; d++ {
				keep(c, 0, d, cell(1, 1), cell(1, 5), cell(1, 9))
			}
		}, HiddenTriple, nil, func() []Candidate {
			var out []Candidate
			for _, col := range []int{1, 5, 9} {
				for d := 4; d <= 9; d++ {
					out = append(out, Candidate{cell(1, col), d})
				}
			}
			return sortCands(out)
		}()},
		{"hidden quadruple", hiddenSubset(4), func(c *Candidates) {
			for d := 1; d <= 4; d++ {
				keep(c, 0, d, cell(1, 1), cell(1, 3), cell(1, 5), cell(1, 7))
			}
		}, HiddenQuad, nil, func() []Candidate {
			var out []Candidate
			for _, col := range []int{1, 3, 5, 7} {
				for d := 5; d <= 9; d++ {
					out = append(out, Candidate{cell(1, col), d})
				}
			}
			return sortCands(out)
		}()},
		{"no hidden quadruple", hiddenSubset(4), func(c *Candidates) {
			for d := 1; d <= 4; d++ {
				keep(c, 0, d, cell(1, 1), cell(1, 3), cell(1, 5), cell(1, 7+d/4))
			}
		}, HiddenQuad, nil, nil},
		{"swordfish", basicFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 1), cell(7, 9))
		}, Swordfish, nil, func() []Candidate {
			var out []int
			for _, r := range []int{2, 3, 5, 6, 8, 9} {
				out = append(out, cell(r, 1), cell(r, 5), cell(r, 9))
			}
			return elims(8, out...)
		}()},
		{"no swordfish", basicFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 1), cell(7, 8))
		}, Swordfish, nil, nil},
		{"jellyfish", basicFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 2))
		}, Jellyfish, nil, func() []Candidate {
			var out []int
			for _, r := range []int{2, 4, 6, 8, 9} {
				out = append(out, cell(r, 2), cell(r, 4), cell(r, 6), cell(r, 8))
			}
			return elims(6, out...)
		}()},
		{"2-string kite", twoLinks(TwoStringKite), func(c *Candidates) {
			keep(c, 0, 3, cell(1, 2), cell(1, 7))
			keep(c, 9, 3, cell(2, 1), cell(8, 1))
		}, TwoStringKite, nil, elims(3, cell(8, 7))},
		{"no 2-string kite", twoLinks(TwoStringKite), func(c *Candidates) {
			keep(c, 0, 3, cell(1, 5), cell(1, 7))
			keep(c, 9, 3, cell(2, 1), cell(8, 1))
		}, TwoStringKite, nil, nil},
		{"empty rectangle", findEmptyRectangle, func(c *Candidates) {
			for _, i := range []int{cell(1, 1), cell(1, 3), cell(3, 1), cell(3, 3)} {
				c.marks[i] &^= 1 << 5
			}
			keep(c, 9+6, 5, cell(2, 7), cell(6, 7))
		}, EmptyRectangle, nil, elims(5, cell(6, 2))},
		{"no empty rectangle", findEmptyRectangle, func(c *Candidates) {
			for _, i := range []int{cell(1, 1), cell(3, 1), cell(3, 3)} {
				c.marks[i] &^= 1 << 5
			}
			keep(c, 9+6, 5, cell(2, 7), cell(6, 7))
		}, EmptyRectangle, nil, nil},
		{"remote pair", findRemotePair, func(c *Candidates) {
			for _, i := range []int{cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 9)} {
				only(c, i, 1, 2)
			}
		}, RemotePair, nil, []Candidate{{cell(1, 9), 1}, {cell(1, 9), 2}, {cell(5, 1), 1}, {cell(5, 1), 2}}},
		{"no remote pair", findRemotePair, func(c *Candidates) {
			for _, i := range []int{cell(1, 1), cell(1, 5), cell(5, 5)} {
				only(c, i, 1, 2)
			}
		}, RemotePair, nil, nil},
		{"simple colors wrap", findSimpleColors, func(c *Candidates) {
			keep(c, 0, 7, cell(1, 1), cell(1, 5))
			keep(c, 9+4, 7, cell(1, 5), cell(5, 5))
			keep(c, 4, 7, cell(5, 5), cell(5, 2))
			keep(c, 9+1, 7, cell(5, 2), cell(2, 2))
		}, SimpleColors, nil, elims(7, cell(1, 1), cell(2, 2), cell(5, 5))},
		{"xy-chain", findXYChain, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 2, 3)
			only(c, cell(5, 5), 3, 4)
			only(c, cell(5, 9), 4, 1)
		}, XYChain, nil, elims(1, cell(1, 9), cell(5, 1))},
		{"no xy-chain", findXYChain, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 5), 2, 3)
			only(c, cell(5, 5), 3, 4)
			only(c, cell(5, 9), 4, 5)
		}, XYChain, nil, nil},
		{"x-chain", findXChain, func(c *Candidates) {
			keep(c, 9, 2, cell(1, 1), cell(7, 1))
			keep(c, 9+4, 2, cell(7, 5), cell(3, 5))
		}, XChain, nil, elims(2, cell(1, 4), cell(1, 6), cell(3, 2), cell(3, 3))},
		{"no x-chain", findXChain, func(c *Candidates) {
			keep(c, 9, 2, cell(1, 1), cell(7, 1))
			keep(c, 9+4, 2, cell(8, 5), cell(3, 5))
		}, XChain, nil, nil},
		{"unique rectangle 2", findUR(2), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
			only(c, cell(1, 4), 5, 6, 7)
			only(c, cell(2, 4), 5, 6, 7)
		}, UniqueRectangle2, nil, elims(7, cell(2, 5), cell(2, 6), cell(3, 4), cell(3, 5), cell(3, 6), cell(1, 5), cell(1, 6),
			cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4))},
		{"unique rectangle 4", findUR(4), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
			keep(c, 9+3, 5, cell(1, 4), cell(2, 4))
		}, UniqueRectangle4, nil, []Candidate{{cell(1, 4), 6}, {cell(2, 4), 6}}},
		{"no unique rectangle 4", findUR(4), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
		}, UniqueRectangle4, nil, nil},
		{"sue de coq", findSueDeCoq, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2, 3, 4)
			only(c, cell(1, 2), 1, 2, 3, 4)
			only(c, cell(1, 5), 1, 2)
			only(c, cell(2, 1), 3, 4)
		}, SueDeCoq, nil, sortCands(append(append(append(
			elims(1, cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)),
			elims(2, cell(1, 3), cell(1, 4), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9))...),
			elims(3, cell(1, 3), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...),
			elims(4, cell(1, 3), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3))...))},
		{"no sue de coq", findSueDeCoq, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2, 3, 4)
			only(c, cell(1, 2), 1, 2, 3, 4)
			only(c, cell(1, 5), 1, 2)
			only(c, cell(2, 1), 2, 4)
		}, SueDeCoq, nil, nil},
		{"turbot fish", twoLinks(TurbotFish), func(c *Candidates) {
			keep(c, 18, 6, cell(1, 1), cell(3, 3))
			keep(c, 4, 6, cell(5, 3), cell(5, 8))
		}, TurbotFish, nil, elims(6, cell(1, 8))},
		{"no turbot fish", twoLinks(TurbotFish), func(c *Candidates) {
			keep(c, 18, 6, cell(1, 1), cell(3, 3))
			keep(c, 4, 6, cell(5, 4), cell(5, 8))
		}, TurbotFish, nil, nil},
		{"naked quadruple", nakedSubset(4), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 4), 2, 3)
			only(c, cell(1, 7), 3, 4)
			only(c, cell(1, 9), 4, 1)
		}, NakedQuad, nil, func() []Candidate {
			var out []Candidate
			for _, col := range []int{2, 3, 5, 6, 8} {
				for d := 1; d <= 4; d++ {
					out = append(out, Candidate{cell(1, col), d})
				}
			}
			return sortCands(out)
		}()},
		{"no naked quadruple", nakedSubset(4), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 4), 2, 3)
			only(c, cell(1, 7), 3, 4)
			only(c, cell(1, 9), 4, 5)
		}, NakedQuad, nil, nil},
		{"locked triple", lockedSubset(3), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 2), 2, 3)
			only(c, cell(1, 3), 1, 3)
		}, LockedTriple, nil, func() []Candidate {
			var out []Candidate
			for _, i := range []int{cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3),
				cell(1, 4), cell(1, 5), cell(1, 6), cell(1, 7), cell(1, 8), cell(1, 9)} {
				out = append(out, Candidate{i, 1}, Candidate{i, 2}, Candidate{i, 3})
			}
			return sortCands(out)
		}()},
		{"no xyz-wing", findXYZWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2, 3)
			only(c, cell(1, 5), 1, 3)
			only(c, cell(5, 5), 2, 3)
		}, XYZWing, nil, nil},
		{"no w-wing", findWWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(5, 6), 1, 2)
			keep(c, 17, 1, cell(2, 9), cell(6, 9))
		}, WWing, nil, nil},
		{"no simple colors", findSimpleColors, func(c *Candidates) {
			keep(c, 0, 7, cell(1, 1), cell(1, 5))
		}, SimpleColors, nil, nil},
		{"no unique rectangle 2", findUR(2), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
			only(c, cell(1, 4), 5, 6, 7)
			only(c, cell(2, 4), 5, 6, 8)
		}, UniqueRectangle2, nil, nil},
		{"no finned x-wing", finnedFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 3), cell(7, 9), cell(7, 5))
		}, FinnedXWing, nil, nil},
		{"unique rectangle 3", findUR(3), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
			only(c, cell(1, 4), 5, 6, 7)
			only(c, cell(2, 4), 5, 6, 8)
			only(c, cell(3, 4), 7, 8)
		}, UniqueRectangle3, nil, sortCands(append(
			elims(7, cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4)),
			elims(8, cell(4, 4), cell(5, 4), cell(6, 4), cell(7, 4), cell(8, 4), cell(9, 4))...))},
		{"no unique rectangle 3", findUR(3), func(c *Candidates) {
			only(c, cell(1, 1), 5, 6)
			only(c, cell(2, 1), 5, 6)
			only(c, cell(1, 4), 5, 6, 7)
			only(c, cell(2, 4), 5, 6, 8)
		}, UniqueRectangle3, nil, nil},
		{"w-wing", findWWing, func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(5, 6), 1, 2)
			keep(c, 17, 1, cell(1, 9), cell(5, 9))
		}, WWing, nil, elims(2, cell(1, 6), cell(5, 1))},
		{"no hidden triple", hiddenSubset(3), func(c *Candidates) {
			for d := 1; d <= 3; d++ {
				keep(c, 0, d, cell(1, 1), cell(1, 5), cell(1, 8+d/3))
			}
		}, HiddenTriple, nil, nil},
		{"no locked triple", lockedSubset(3), func(c *Candidates) {
			only(c, cell(1, 1), 1, 2)
			only(c, cell(1, 2), 2, 3)
			only(c, cell(1, 4), 1, 3)
		}, LockedTriple, nil, nil},
		{"no jellyfish", basicFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 3))
		}, Jellyfish, nil, nil},
		// In the sashimi forms one base line keeps a single candidate in
		// the cover besides its fin.
		{"sashimi x-wing", finnedFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 9), cell(7, 8))
		}, SashimiXWing, nil, elims(9, cell(8, 9), cell(9, 9))},
		{"no sashimi x-wing: fins in two boxes", finnedFish(2), func(c *Candidates) {
			keep(c, 0, 9, cell(1, 3), cell(1, 9))
			keep(c, 6, 9, cell(7, 9), cell(7, 8), cell(7, 1))
		}, SashimiXWing, nil, nil},
		{"finned swordfish", finnedFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8))
		}, FinnedSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
		{"no finned swordfish: fins in two boxes", finnedFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 1), cell(7, 9), cell(7, 8), cell(7, 2))
		}, FinnedSwordfish, nil, nil},
		{"sashimi swordfish", finnedFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 9), cell(7, 8))
		}, SashimiSwordfish, nil, elims(8, cell(8, 9), cell(9, 9))},
		{"no sashimi swordfish: fin sees no cover cell", finnedFish(3), func(c *Candidates) {
			keep(c, 0, 8, cell(1, 1), cell(1, 5))
			keep(c, 3, 8, cell(4, 5), cell(4, 9))
			keep(c, 6, 8, cell(7, 9), cell(7, 8))
			c.marks[cell(8, 9)] &^= 1 << 8
			c.marks[cell(9, 9)] &^= 1 << 8
		}, SashimiSwordfish, nil, nil},
		{"finned jellyfish", finnedFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 2), cell(7, 9))
		}, FinnedJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
		{"no finned jellyfish: no fin", finnedFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 2))
		}, FinnedJellyfish, nil, nil},
		{"sashimi jellyfish", finnedFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 9))
		}, SashimiJellyfish, nil, elims(6, cell(8, 8), cell(9, 8))},
		{"no sashimi jellyfish: fins in two boxes", finnedFish(4), func(c *Candidates) {
			keep(c, 0, 6, cell(1, 2), cell(1, 4))
			keep(c, 2, 6, cell(3, 4), cell(3, 6))
			keep(c, 4, 6, cell(5, 6), cell(5, 8))
			keep(c, 6, 6, cell(7, 8), cell(7, 9), cell(7, 1))
		}, SashimiJellyfish, nil, nil},
		{"aic", findAIC, func(c *Candidates) {
			keep(c, 9, 2, cell(1, 1), cell(7, 1))
			keep(c, 9+4, 2, cell(7, 5), cell(3, 5))
		}, AIC, nil, elims(2, cell(1, 4), cell(1, 6), cell(3, 2), cell(3, 3))},
		{"no aic", findAIC, func(c *Candidates) {
			keep(c, 9, 2, cell(1, 1), cell(7, 1))
			keep(c, 9+4, 2, cell(8, 5), cell(3, 5))
		}, AIC, nil, nil},
		// 2r1c1=2r1c5-3r1c5=3r5c5-1r5c5=1r5c1: the ends clash with the
		// other digit of each end cell.
		{"nice loop", findAIC, func(c *Candidates) {
			keep(c, 0, 2, cell(1, 1), cell(1, 5))
			keep(c, 9+4, 3, cell(1, 5), cell(5, 5))
			keep(c, 4, 1, cell(5, 1), cell(5, 5))
		}, NiceLoop, nil, []Candidate{{cell(1, 1), 1}, {cell(5, 1), 2}}},
		{"no nice loop", findAIC, func(c *Candidates) {
			keep(c, 0, 2, cell(1, 1), cell(1, 5))
			keep(c, 9+4, 3, cell(1, 5), cell(5, 5))
			keep(c, 4, 1, cell(5, 1), cell(5, 5), cell(5, 9))
		}, NiceLoop, nil, nil},
		{"forcing chain", findForcingChain, xyRing(1), ForcingChain, nil, elims(1, cell(1, 9))},
		{"no forcing chain", findForcingChain, xyRing(5), ForcingChain, nil, nil},
		{"forcing net", findForcingNet, xyRing(1), ForcingNet, nil, elims(1, cell(1, 9))},
		{"no forcing net", findForcingNet, xyRing(5), ForcingNet, nil, nil},
	}
	// Every technique but the singles (TestSingles) and BUG+1 (TestBUG)
	// needs a grid where it must fire and one where it must not.
	fires, quiet := map[Technique]bool{}, map[Technique]bool{}
	for _, tc := range tests {
		if tc.place == nil && tc.elim == nil {
			quiet[tc.want] = true
		} else {
			fires[tc.want] = true
		}
	}
	for _, tt := range Techniques() {
		switch tt {
		case FullHouse, NakedSingle, HiddenSingle, BUGPlus1, BruteForce:
			continue
		}
		if !fires[tt] || !quiet[tt] {
			t.Errorf("%v: must-fire case %v, must-not case %v", tt, fires[tt], quiet[tt])
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := open(t)
			tc.setup(c)
			s, ok := tc.find(c)
			if tc.place == nil && tc.elim == nil {
				if ok {
					t.Fatalf("fired: %v", s)
				}
				return
			}
			if !ok {
				t.Fatalf("did not fire")
			}
			if s.Technique != tc.want || !reflect.DeepEqual(s.Placements, tc.place) || !reflect.DeepEqual(sortCands(s.Eliminations), tc.elim) {
				t.Fatalf("got %v\nwant %v with %v", s, tc.want, tc.elim)
			}
		})
	}
}

func TestSingles(t *testing.T) {
	g, _ := sudoku.Parse("12345678." + "........." + "........." + "........." + "........." + "........." + "........." + "........." + ".........")
	c, err := FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := findFullHouse(c)
	if !ok || s.String() != "Full House: r1c9=9 => r1c9=9" {
		t.Fatalf("full house: %v %v", s, ok)
	}
	if _, ok := findFullHouse(open(t)); ok {
		t.Fatal("full house on an empty grid")
	}
	c = open(t)
	only(c, cell(3, 3), 4)
	if s, ok := findNakedSingle(c); !ok || s.Placements[0] != (Candidate{cell(3, 3), 4}) {
		t.Fatalf("naked single: %v %v", s, ok)
	}
	c = open(t)
	keep(c, 9+4, 6, cell(7, 5))
	s, ok = findHiddenSingle(c)
	if !ok || s.Placements[0] != (Candidate{cell(7, 5), 6}) || s.SE() != 1.5 {
		t.Fatalf("hidden single: %v %v", s, ok)
	}
	if _, ok := findHiddenSingle(open(t)); ok {
		t.Fatal("hidden single on an empty grid")
	}
}

// xyRing returns a setup of four bivalue cells 12, 23, 34 and 4x around a
// rectangle: with x = 1 it is an XY-chain that removes 1 from r1c9 and r5c1.
func xyRing(x int) func(*Candidates) {
	return func(c *Candidates) {
		only(c, cell(1, 1), 1, 2)
		only(c, cell(1, 5), 2, 3)
		only(c, cell(5, 5), 3, 4)
		only(c, cell(5, 9), 4, x)
	}
}

// bugGrid is a real position (graded57.tsv, on the HoDoKu path) where every
// empty cell is bivalue but r8c3, whose 9 appears three times in row 8,
// column 3 and box 7.
const bugGrid = `
5  7  1   | 2  6 3 | 9  8  4
38 89 39  | 4  1 7 | 5  6  2
6  4  2   | 8  9 5 | 1  3  7
1  5  34  | 6  2 8 | 34 7  9
34 26 7   | 1  5 9 | 8  24 36
9  26 8   | 3  7 4 | 26 5  1
7  1  6   | 59 8 2 | 34 49 35
48 89 459 | 7  3 1 | 26 29 56
2  3  59  | 59 4 6 | 7  1  8
`

func TestBUG(t *testing.T) {
	c, err := ParseCandidates(bugGrid)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := findBUG(c)
	want := "Bivalue Universal Grave + 1: r8c3=9 => r8c3=9"
	if !ok || s.String() != want {
		t.Fatalf("got %q, %v; want %q", s, ok, want)
	}

	for _, tc := range []struct {
		name string
		edit func(*Candidates)
	}{
		{"no third candidate", func(c *Candidates) { c.marks[cell(8, 3)] &^= 1 << 9 }},
		{"two cells with three", func(c *Candidates) { c.marks[cell(2, 1)] |= 1 << 9 }},
		{"a cell with four", func(c *Candidates) { c.marks[cell(8, 3)] |= 1 << 1 }},
		{"solved grid", func(c *Candidates) {
			sol, _ := sudoku.Parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642")
			*c = *must(FromGrid(sol))
		}},
		{"empty grid", func(c *Candidates) { *c = *open(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := ParseCandidates(bugGrid)
			tc.edit(c)
			if s, ok := findBUG(c); ok {
				t.Fatalf("fired: %v", s)
			}
		})
	}
}

func must(c *Candidates, err error) *Candidates {
	if err != nil {
		panic(err)
	}
	return c
}

func TestStepString(t *testing.T) {
	c := open(t)
	keep(c, 0, 9, cell(1, 3), cell(1, 9))
	keep(c, 6, 9, cell(7, 3), cell(7, 9))
	for r := 2; r <= 9; r++ {
		if r != 7 && r != 9 {
			c.marks[cell(r, 3)] &^= 1 << 9
			c.marks[cell(r, 9)] &^= 1 << 9
		}
	}
	s, ok := basicFish(2)(c)
	want := "X-Wing: 9 in r1,r7 on c3,c9 => r9c3<>9, r9c9<>9"
	if !ok || s.String() != want {
		t.Fatalf("got %q, want %q", s.String(), want)
	}
}
