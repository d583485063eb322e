package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// findSimpleColors colors the conjugate pairs of one digit in two colors:
// a cell seeing both colors loses the digit (trap), and a color that
// appears twice in a unit is false everywhere (wrap).
func findSimpleColors(c *Candidates, m *memo) (Step, bool) {
	for d := 1; d <= 9; d++ {
		// The coloring of d depends on d's candidates alone.
		key, known := m.known(c, 210, d)
		if known {
			continue
		}
		links := c.strongLinks(m, d)
		adj := map[int][]int{}
		for _, l := range links {
			adj[l.a] = append(adj[l.a], l.b)
			adj[l.b] = append(adj[l.b], l.a)
		}
		color := map[int]int{}
		for _, l := range links {
			if _, ok := color[l.a]; ok {
				continue
			}
			color[l.a] = 0
			comp := []int{l.a}
			for k := 0; k < len(comp); k++ {
				for _, o := range adj[comp[k]] {
					if _, ok := color[o]; !ok {
						color[o] = 1 - color[comp[k]]
						comp = append(comp, o)
					}
				}
			}
			if len(comp) < 4 {
				continue
			}
			var sets [2]cellSet
			for _, x := range comp {
				sets[color[x]].Add(x)
			}
			pat := c.candsOf(comp, 1<<d)
			for k := 0; k < 2; k++ {
				for x := range sets[k].All {
					if !board.Peers[x].And(sets[k]).Empty() {
						return Step{Technique: SimpleColors, Pattern: pat, Eliminations: c.elimsIn(sets[k], d),
							Notation: fmt.Sprintf("%d wrap in %s", d, cellNames(comp))}.because("colorWrap", digitArg(d)).drawn(Drawing{Colors: c.colorsOf(d, sets[0], sets[1])}), true
					}
				}
			}
			var el []sudoku.Candidate
			for i := 0; i < 81; i++ {
				if c.has(i, d) && !sets[0].Has(i) && !sets[1].Has(i) &&
					!board.Peers[i].And(sets[0]).Empty() && !board.Peers[i].And(sets[1]).Empty() {
					el = append(el, cand(i, d))
				}
			}
			if len(el) > 0 {
				return Step{Technique: SimpleColors, Pattern: pat, Eliminations: el,
					Notation: fmt.Sprintf("%d trap in %s", d, cellNames(comp))}.because("colorTrap", digitArg(d)).drawn(Drawing{Colors: c.colorsOf(d, sets[0], sets[1])}), true
			}
		}
		m.fail(key)
	}
	return Step{}, false
}
