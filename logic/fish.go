package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/godoku/sudoku"
)

var fishNames = [...]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}
var finnedNames = [...][2]Technique{2: {FinnedXWing, SashimiXWing}, 3: {FinnedSwordfish, SashimiSwordfish}, 4: {FinnedJellyfish, SashimiJellyfish}}

// lineMasks returns, for digit d, the positions of d in each row (rows)
// or each column as 9-bit masks of the crossing index.
func (c *Candidates) lineMasks(d int, cols bool) [9]uint16 {
	var m [9]uint16
	for i := 0; i < 81; i++ {
		if c.has(i, d) {
			r, col := i/9, i%9
			if cols {
				r, col = col, r
			}
			m[r] |= 1 << col
		}
	}
	return m
}

func lineCell(base, cover int, cols bool) int {
	if cols {
		return cover*9 + base
	}
	return base*9 + cover
}

// basicFish finds n rows where a digit sits only in the same n columns
// (or the other way round): the columns lose the digit elsewhere.
func basicFish(n int) func(*Candidates) (Step, bool) {
	return func(c *Candidates) (Step, bool) {
		for d := 1; d <= 9; d++ {
			key, known := c.known(n, d)
			if known {
				continue
			}
			for _, cols := range []bool{false, true} {
				m := c.lineMasks(d, cols)
				var base []int
				for l := 0; l < 9; l++ {
					if k := popcount(m[l]); k >= 2 && k <= n {
						base = append(base, l)
					}
				}
				var st Step
				if combos(len(base), n, func(ix []int) bool {
					var u, inBase uint16
					for _, k := range ix {
						u |= m[base[k]]
						inBase |= 1 << base[k]
					}
					if popcount(u) != n {
						return false
					}
					var el, pat []sudoku.Candidate
					for _, cv := range digitsOf(u << 1) {
						cv--
						for l := 0; l < 9; l++ {
							cell := lineCell(l, cv, cols)
							if !c.has(cell, d) {
								continue
							}
							if inBase&(1<<l) != 0 {
								pat = append(pat, cand(cell, d))
							} else {
								el = append(el, cand(cell, d))
							}
						}
					}
					if len(el) == 0 {
						return false
					}
					st = fishStep(fishNames[n], d, ix, base, u, cols, nil, sortCands(pat), sortCands(el))
					return true
				}) {
					return st, true
				}
			}
			c.fail(key)
		}
		return Step{}, false
	}
}

func fishStep(t Technique, d int, ix, base []int, cover uint16, cols bool, fins []int, pat, el []sudoku.Candidate) Step {
	off := 0
	if cols {
		off = 9
	}
	var bu, cu []int
	for _, k := range ix {
		bu = append(bu, base[k]+off)
	}
	for x := cover; x != 0; x &= x - 1 {
		cu = append(cu, bits.TrailingZeros16(x)+9-off)
	}
	note := fmt.Sprintf("%d in %s on %s", d, unitList(bu), unitList(cu))
	why := fmt.Sprintf("In %s, %d lies only in %s; those %d lines must hold %d once each, so %s cannot hold it elsewhere.",
		unitList(bu), d, unitList(cu), len(bu), d, unitList(cu))
	if len(fins) > 0 {
		note += " fin " + cellNames(fins)
		why = fmt.Sprintf("Without the fin %s, %d in %s lies only in %s. Either the fish holds or a fin is %d, so cells that the fish would clear and that see every fin lose %d.",
			cellNames(fins), d, unitList(bu), unitList(cu), d, d)
	}
	return Step{Technique: t, Pattern: pat, Eliminations: el, Notation: note, Explanation: why}
}

// finnedFish finds a fish spoilt by fins that share one box: the cells the
// fish would clear that also see every fin lose the digit.
func finnedFish(n int) func(*Candidates) (Step, bool) {
	return func(c *Candidates) (Step, bool) {
		for d := 1; d <= 9; d++ {
			key, known := c.known(10+n, d)
			if known {
				continue
			}
			for _, cols := range []bool{false, true} {
				m := c.lineMasks(d, cols)
				// A line with more than n+3 candidates cannot be a base:
				// at most three fin columns lie outside the cover.
				var base []int
				for l := 0; l < 9; l++ {
					if m[l] != 0 && popcount(m[l]) <= n+3 {
						base = append(base, l)
					}
				}
				var st Step
				var covers [9]uint16
				if combos(len(base), n, func(ix []int) bool {
					var u uint16
					var inBase uint16
					for _, k := range ix {
						u |= m[base[k]]
						inBase |= 1 << base[k]
					}
					if popcount(u) <= n || popcount(u) > n+3 {
						return false
					}
					// The fin columns (those outside the cover) lie in one
					// stack: try only such covers, in the order of their
					// sorted columns so that the first fish found does not
					// depend on how they are listed.
					nc := 0
					for stack := 0; stack < 3; stack++ {
						avail := u & (7 << (3 * stack))
						for f := avail; f != 0; f = (f - 1) & avail {
							if popcount(f) == popcount(u)-n {
								covers[nc] = u &^ f
								nc++
							}
						}
					}
					slices.SortFunc(covers[:nc], coverOrder)
					for _, cover := range covers[:nc] {
						if s, ok := c.finnedStep(n, d, cols, &m, base, ix, cover); ok {
							st = s
							return true
						}
					}
					return false
				}) {
					return st, true
				}
			}
			c.fail(key)
		}
		return Step{}, false
	}
}

// coverOrder orders sets of columns of the same size as their sorted lists
// compare: the set holding the lowest column where they differ comes
// first.
func coverOrder(a, b uint16) int {
	switch x := a ^ b; {
	case x == 0:
		return 0
	case a&x&-x != 0:
		return -1
	}
	return 1
}

// finnedStep returns the finned fish of digit d, if any, on the lines
// base[ix] (rows, or columns if cols) with masks m and the given cover
// columns. The fin columns lie in one stack already.
func (c *Candidates) finnedStep(n, d int, cols bool, m *[9]uint16, base, ix []int, cover uint16) (Step, bool) {
	var inBase uint16
	finLines, sashimi := 0, false
	for _, k := range ix {
		l := base[k]
		inBase |= 1 << l
		in := popcount(m[l] & cover)
		if in == 0 {
			return Step{}, false
		}
		if in == 1 {
			sashimi = true
		}
		if m[l]&^cover != 0 {
			finLines |= 1 << l
		}
	}
	// The fins must share one box: their lines lie in one band.
	if finLines&^(7<<(firstDigit(uint16(finLines))/3*3)) != 0 {
		return Step{}, false
	}
	fl := bits.TrailingZeros(uint(finLines))
	box := sudoku.CellUnits(lineCell(fl, bits.TrailingZeros16(m[fl]&^cover), cols))[2]
	if !c.finEliminates(d, cols, inBase, cover, box) {
		return Step{}, false // the common case: build nothing
	}
	var fins []int
	for _, k := range ix {
		l := base[k]
		for x := m[l] &^ cover; x != 0; x &= x - 1 {
			fins = append(fins, lineCell(l, bits.TrailingZeros16(x), cols))
		}
	}
	var el, pat []sudoku.Candidate
	for x := cover; x != 0; x &= x - 1 {
		cv := bits.TrailingZeros16(x)
		for l := 0; l < 9; l++ {
			cell := lineCell(l, cv, cols)
			if !c.has(cell, d) {
				continue
			}
			if inBase&(1<<l) != 0 {
				pat = append(pat, cand(cell, d))
			} else if unitSet[box].has(cell) {
				el = append(el, cand(cell, d))
			}
		}
	}
	if len(el) == 0 {
		return Step{}, false
	}
	for _, f := range fins {
		pat = append(pat, cand(f, d))
	}
	t := finnedNames[n][0]
	if sashimi {
		t = finnedNames[n][1]
	}
	return fishStep(t, d, ix, base, cover, cols, fins, sortCands(pat), sortCands(el)), true
}

// finEliminates reports whether a cover column holds d outside the base
// lines inside box.
func (c *Candidates) finEliminates(d int, cols bool, inBase, cover uint16, box int) bool {
	for x := cover; x != 0; x &= x - 1 {
		cv := bits.TrailingZeros16(x)
		for l := 0; l < 9; l++ {
			if cell := lineCell(l, cv, cols); inBase&(1<<l) == 0 && unitSet[box].has(cell) && c.has(cell, d) {
				return true
			}
		}
	}
	return false
}
