package logic

import (
	"fmt"
	"math/bits"
)

var fishNames = [...]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}
var finnedNames = [...][2]Technique{2: {FinnedXWing, SashimiXWing}, 3: {FinnedSwordfish, SashimiSwordfish}, 4: {FinnedJellyfish, SashimiJellyfish}}

// lineMasks returns, for digit d, the positions of d in each row (rows)
// or each column as 9-bit masks of the crossing index.
func (c *Candidates) lineMasks(d int, cols bool) [9]uint16 {
	var m [9]uint16
	for i := 0; i < 81; i++ {
		if c.Has(i, d) {
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
					var el, pat []Candidate
					for _, cv := range digitsOf(u << 1) {
						cv--
						for l := 0; l < 9; l++ {
							cell := lineCell(l, cv, cols)
							if !c.Has(cell, d) {
								continue
							}
							if inBase&(1<<l) != 0 {
								pat = append(pat, Candidate{cell, d})
							} else {
								el = append(el, Candidate{cell, d})
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

func fishStep(t Technique, d int, ix, base []int, cover uint16, cols bool, fins []int, pat, el []Candidate) Step {
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
				var base []int
				for l := 0; l < 9; l++ {
					if m[l] != 0 {
						base = append(base, l)
					}
				}
				var st Step
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
					ucols := digitsOf(u << 1)
					return combos(len(ucols), n, func(jx []int) bool {
						var cover uint16
						for _, k := range jx {
							cover |= 1 << (ucols[k] - 1)
						}
						// The fins must share one box: their crossing
						// indexes one stack, their lines one band.
						var finCols uint16
						finLines, sashimi := 0, false
						for _, k := range ix {
							l := base[k]
							in := popcount(m[l] & cover)
							if in == 0 {
								return false
							}
							if in == 1 {
								sashimi = true
							}
							if f := m[l] &^ cover; f != 0 {
								finCols |= f
								finLines |= 1 << l
							}
						}
						if finCols&^(7<<(firstDigit(finCols)/3*3)) != 0 {
							return false
						}
						band := 7 << (firstDigit(uint16(finLines)) / 3 * 3)
						if finLines&^band != 0 {
							return false
						}
						var fins []int
						var finSet cellSet
						for _, k := range ix {
							l := base[k]
							for x := m[l] &^ cover; x != 0; x &= x - 1 {
								cell := lineCell(l, bits.TrailingZeros16(x), cols)
								fins = append(fins, cell)
								finSet.add(cell)
							}
						}
						box := cellUnit[fins[0]][2]
						var el, pat []Candidate
						for x := cover; x != 0; x &= x - 1 {
							cv := bits.TrailingZeros16(x)
							for l := 0; l < 9; l++ {
								cell := lineCell(l, cv, cols)
								if !c.Has(cell, d) {
									continue
								}
								if inBase&(1<<l) != 0 {
									pat = append(pat, Candidate{cell, d})
								} else if unitSet[box].has(cell) {
									el = append(el, Candidate{cell, d})
								}
							}
						}
						if len(el) == 0 {
							return false
						}
						for _, f := range fins {
							pat = append(pat, Candidate{f, d})
						}
						t := finnedNames[n][0]
						if sashimi {
							t = finnedNames[n][1]
						}
						st = fishStep(t, d, ix, base, cover, cols, fins, sortCands(pat), sortCands(el))
						return true
					})
				}) {
					return st, true
				}
			}
			c.fail(key)
		}
		return Step{}, false
	}
}
