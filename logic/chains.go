package logic

import (
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// A chain node is one candidate, numbered cell*9 + digit-1.
func node(cell, d int) int            { return cell*9 + d - 1 }
func nodeCand(n int) sudoku.Candidate { return cand(n/9, n%9+1) }
func nodeName(n int) string           { return fmt.Sprintf("%d%s", n%9+1, sudoku.CellName(n/9)) }
func sameCell(a, b int) bool          { return a/9 == b/9 }

type chainMode uint8

const (
	modeX   chainMode = iota // one digit, conjugate pairs only
	modeXY                   // bivalue cells only
	modeAIC                  // any strong and weak links
)

// linkTab holds the strong links of every candidate for one mode, built
// once per search so that chains do not rescan units.
type linkTab struct {
	strong [729][4]int16
	n      [729]uint8
}

func (c *Candidates) links(mode chainMode) *linkTab {
	t := new(linkTab)
	add := func(a, b int) {
		for k := 0; k < int(t.n[a]); k++ {
			if int(t.strong[a][k]) == b {
				return
			}
		}
		t.strong[a][t.n[a]] = int16(b)
		t.n[a]++
	}
	if mode != modeX {
		for i := 0; i < 81; i++ {
			if popcount(c.marks[i]) == 2 {
				ds := digitsOf(c.marks[i])
				add(node(i, ds[0]), node(i, ds[1]))
				add(node(i, ds[1]), node(i, ds[0]))
			}
		}
	}
	if mode != modeXY {
		for u := 0; u < 27; u++ {
			var first, second [10]int8
			var cnt [10]uint8
			for _, i := range sudoku.UnitCells(u) {
				for m := c.marks[i]; m != 0; m &= m - 1 {
					d := firstDigit(m)
					if cnt[d] == 0 {
						first[d] = int8(i)
					} else {
						second[d] = int8(i)
					}
					cnt[d]++
				}
			}
			for d := 1; d <= 9; d++ {
				if cnt[d] == 2 {
					a, b := node(int(first[d]), d), node(int(second[d]), d)
					add(a, b)
					add(b, a)
				}
			}
		}
	}
	return t
}

// strongFrom lists the nodes that must be true when n is false.
func (t *linkTab) strongFrom(n int, buf []int) []int {
	buf = buf[:0]
	for k := 0; k < int(t.n[n]); k++ {
		buf = append(buf, int(t.strong[n][k]))
	}
	return buf
}

// weakFrom lists the nodes that must be false when n is true.
func (c *Candidates) weakFrom(n int, mode chainMode, buf []int) []int {
	buf = buf[:0]
	cell, d := n/9, n%9+1
	if mode == modeAIC {
		for _, o := range digitsOf(c.marks[cell] &^ (1 << d)) {
			buf = append(buf, node(cell, o))
		}
	}
	for _, p := range sudoku.Peers(cell) {
		if c.has(p, d) {
			if mode == modeXY && popcount(c.marks[p]) != 2 {
				continue
			}
			buf = append(buf, node(p, d))
		}
	}
	return buf
}

const maxChainNodes = 20

// chainElims returns what "s or t is true" removes.
func (c *Candidates) chainElims(s, t int) []sudoku.Candidate {
	var el []sudoku.Candidate
	sc, sd, tc, td := s/9, s%9+1, t/9, t%9+1
	switch {
	case sd == td:
		var ends cellSet
		ends.add(sc)
		ends.add(tc)
		el = c.elimsIn(seenByAll(ends), sd)
	case sc == tc:
		for _, d := range digitsOf(c.marks[sc] &^ (1<<sd | 1<<td)) {
			el = append(el, cand(sc, d))
		}
	case sudoku.Sees(sc, tc):
		if c.has(sc, td) {
			el = append(el, cand(sc, td))
		}
		if c.has(tc, sd) {
			el = append(el, cand(tc, sd))
		}
	}
	return el
}

// findChain searches alternating inference chains: starting from a
// candidate assumed false, strong and weak links alternate; every
// candidate forced true at the end of a strong link is, with the start,
// one of two candidates of which one is true. It returns the shortest
// productive chain.
func (c *Candidates) findChain(mode chainMode, t Technique) (Step, bool) {
	var best []int
	var bestEl []sudoku.Candidate
	parent := make([]int, 729*2)
	seen := make([]int, 729*2)
	depth := make([]int, 729*2)
	stamp := 0
	var buf []int
	var queue []int
	lt := c.links(mode)
	for s := 0; s < 729; s++ {
		if !c.has(s/9, s%9+1) {
			continue
		}
		if mode == modeXY && popcount(c.marks[s/9]) != 2 {
			continue
		}
		stamp++
		// state = node*2 + on
		queue = append(queue[:0], s*2)
		seen[s*2] = stamp
		parent[s*2] = -1
		depth[s*2] = 1
	bfs:
		for k := 0; k < len(queue); k++ {
			st := queue[k]
			n, on := st/2, st%2 == 1
			if depth[st] >= maxChainNodes*2 || best != nil && depth[st] >= len(best)*2 {
				break
			}
			if on {
				buf = c.weakFrom(n, mode, buf)
			} else {
				buf = lt.strongFrom(n, buf)
			}
			for _, m := range buf {
				ns := m * 2
				if !on {
					ns++
				}
				if seen[ns] == stamp {
					continue
				}
				seen[ns] = stamp
				parent[ns] = st
				depth[ns] = depth[st] + 1
				queue = append(queue, ns)
				if ns%2 == 1 && depth[ns] >= 4 {
					if mode == modeX && m%9 != s%9 {
						continue
					}
					if mode == modeXY && m%9 != s%9 {
						continue
					}
					var el []sudoku.Candidate
					if m == s {
						continue
					}
					el = c.chainElims(s, m)
					if len(el) > 0 {
						chain := []int{}
						for x := ns; x >= 0; x = parent[x] {
							chain = append(chain, x/2)
						}
						if best == nil || len(chain) < len(best) {
							best, bestEl = chain, el
						}
						break bfs
					}
				}
			}
		}
	}
	if best == nil {
		return Step{}, false
	}
	// best runs from the end back to the start.
	for i, j := 0, len(best)-1; i < j; i, j = i+1, j-1 {
		best[i], best[j] = best[j], best[i]
	}
	return chainStep(t, best, sortCands(bestEl)), true
}

func chainStep(t Technique, chain []int, el []sudoku.Candidate) Step {
	var sb strings.Builder
	pat := make([]sudoku.Candidate, len(chain))
	for i, n := range chain {
		pat[i] = nodeCand(n)
		if i > 0 {
			if i%2 == 1 {
				sb.WriteByte('=')
			} else {
				sb.WriteByte('-')
			}
		}
		sb.WriteString(nodeName(n))
	}
	s, e := chain[0], chain[len(chain)-1]
	if t == AIC && sameCell(s, e) || t == AIC && el[0].Cell == s/9 || t == AIC && el[0].Cell == e/9 {
		t = NiceLoop
	}
	st := Step{Technique: t, Pattern: pat, Eliminations: el, Notation: sb.String(),
		Explanation: fmt.Sprintf("Along the chain, '=' means at least one of the two is true and '-' means not both. If %s is false, the chain forces %s true; so one of %s and %s is true, and every candidate that clashes with both is removed.",
			nodeName(s), nodeName(e), nodeName(s), nodeName(e))}
	st.se = table[t].se + lengthBonus(len(chain))
	return st
}

// lengthBonus follows Sudoku Explainer: longer chains rate higher by 0.1
// for each step of a geometric scale.
func lengthBonus(n int) float64 {
	bonus := 0.0
	ceil := 4
	odd := false
	for n > ceil {
		bonus += 0.1
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
		odd = !odd
	}
	return bonus
}

func findXChain(c *Candidates) (Step, bool)  { return c.findChain(modeX, XChain) }
func findXYChain(c *Candidates) (Step, bool) { return c.findChain(modeXY, XYChain) }
func findAIC(c *Candidates) (Step, bool)     { return c.findChain(modeAIC, AIC) }
