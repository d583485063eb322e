package se

// Strongly connected components of the implication graph with both kinds
// of links (of which the X and Y passes' graphs are parts), to skip the
// searches that cannot find anything: a search from a candidate
// assumed on ends in a forcing chain only if the candidate's off
// potential is reachable from its on potential, and from the candidate
// assumed off only if the on potential is reachable. Tarjan's algorithm
// completes a component after every component it reaches, so one pass in
// that order gives each component the set of components it reaches.

type sccWork struct {

	// The graph over the grid's potentials, as adjacency lists.
	adjStart [numPots + 1]int32
	adj      []int16

	index   [numPots]int32
	low     [numPots]int32
	comp    [numPots]int32
	onStack [numPots]bool
	stack   []int16
	call    []sccFrame
	members []int16 // potentials grouped by component
	compAt  []int32 // start of each component in members
	words   int
	reach   []uint64 // per component, the components it reaches
}

type sccFrame struct {
	v int16
	i int32 // next edge to look at
}

// graph builds the adjacency lists of the graph with both kinds of links
// (the XY pass): from an off potential its strong links (the cell's
// partner, then the digit's partners in its units), from an on potential
// its weak links (the cell's other candidates, then the digit's peers),
// potential by potential, cell by cell.
func (w *sccWork) graph(g *grid, t *linkTab) {
	w.adj = w.adj[:0]
	for c := range 81 {
		for d := 1; d <= 9; d++ {
			k := c*9 + d - 1
			off := 2 * k // the on potential is off+1
			w.adjStart[off] = int32(len(w.adj))
			if g.cand[c]&(1<<d) == 0 {
				w.adjStart[off+1] = int32(len(w.adj))
				continue
			}
			if t.strongCell[k] >= 0 {
				w.adj = append(w.adj, t.strongCell[k])
			}
			for _, l := range t.strong[k][:t.strongN[k]] {
				w.adj = append(w.adj, int16(l.p))
			}
			w.adjStart[off+1] = int32(len(w.adj))
			for m := g.cand[c] &^ (1 << d); m != 0; m &= m - 1 {
				w.adj = append(w.adj, int16(potOf(c, lowDigit(m), false)))
			}
			for _, l := range t.weak[t.weakStart[k]:t.weakStart[k+1]] {
				w.adj = append(w.adj, int16(l.p))
			}
		}
	}
	w.adjStart[numPots] = int32(len(w.adj))
}

// components numbers the components of the XY graph over g's candidates
// and computes what each reaches.
func (w *sccWork) components(g *grid, t *linkTab) {
	w.graph(g, t)
	for p := range numPots {
		w.index[p] = -1
	}
	next := int32(0)
	ncomp := int32(0)
	w.members, w.compAt = w.members[:0], w.compAt[:0]
	// Potentials with no links out (most off potentials: no strong link)
	// are components of their own that reach nothing: they take the
	// first numbers, and the search below passes them by.
	for c := range 81 {
		for m := g.cand[c]; m != 0; m &= m - 1 {
			k := c*9 + lowDigit(m) - 1
			for _, p := range [2]int16{int16(2 * k), int16(2*k + 1)} {
				if w.adjStart[p+1] == w.adjStart[p] {
					w.index[p], w.low[p] = next, next
					next++
					w.comp[p] = ncomp
					w.compAt = append(w.compAt, int32(len(w.members)))
					w.members = append(w.members, p)
					ncomp++
				}
			}
		}
	}
	for c := range 81 {
		for m := g.cand[c]; m != 0; m &= m - 1 {
			k := c*9 + lowDigit(m) - 1
			for _, root := range [2]int16{int16(2 * k), int16(2*k + 1)} {
				if w.index[root] >= 0 {
					continue
				}
				w.index[root], w.low[root] = next, next
				next++
				w.stack = append(w.stack, root)
				w.onStack[root] = true
				w.call = append(w.call[:0], sccFrame{root, w.adjStart[root]})
				for len(w.call) > 0 {
					f := &w.call[len(w.call)-1]
					v := f.v
					if f.i < w.adjStart[v+1] {
						u := w.adj[f.i]
						f.i++
						if w.index[u] < 0 {
							w.index[u], w.low[u] = next, next
							next++
							w.stack = append(w.stack, u)
							w.onStack[u] = true
							w.call = append(w.call, sccFrame{u, w.adjStart[u]})
						} else if w.onStack[u] && w.index[u] < w.low[v] {
							w.low[v] = w.index[u]
						}
						continue
					}
					if w.low[v] == w.index[v] {
						w.compAt = append(w.compAt, int32(len(w.members)))
						for {
							u := w.stack[len(w.stack)-1]
							w.stack = w.stack[:len(w.stack)-1]
							w.onStack[u] = false
							w.comp[u] = ncomp
							w.members = append(w.members, u)
							if u == v {
								break
							}
						}
						ncomp++
					}
					w.call = w.call[:len(w.call)-1]
					if n := len(w.call); n > 0 {
						if p := w.call[n-1].v; w.low[v] < w.low[p] {
							w.low[p] = w.low[v]
						}
					}
				}
			}
		}
	}
	w.compAt = append(w.compAt, int32(len(w.members)))
	n := int(ncomp)
	w.words = (n + 63) / 64
	if cap(w.reach) < n*w.words {
		w.reach = make([]uint64, n*w.words)
	}
	w.reach = w.reach[:n*w.words]
	clear(w.reach)
	for c := range n {
		rc := w.reach[c*w.words : (c+1)*w.words]
		rc[c/64] |= 1 << (c % 64)
		for _, v := range w.members[w.compAt[c]:w.compAt[c+1]] {
			for _, u := range w.adj[w.adjStart[v]:w.adjStart[v+1]] {
				d := int(w.comp[u])
				if w.adjStart[u+1] == w.adjStart[u] {
					rc[d/64] |= 1 << (d % 64) // a sink
					continue
				}
				if d != c {
					// d completed before c, so it reaches only
					// components numbered d or less: words up to d/64.
					rd := w.reach[d*w.words : d*w.words+d/64+1]
					for i, x := range rd {
						rc[i] |= x
					}
				}
			}
		}
	}
}

// reaches reports whether b is reachable from a.
func (w *sccWork) reaches(a, b int) bool {
	ca, cb := int(w.comp[a]), int(w.comp[b])
	if ca < cb {
		return false
	}
	return w.reach[ca*w.words+cb/64]&(1<<(cb%64)) != 0
}

// reachOf returns the components that p's component reaches, as a bit
// set over component numbers.
func (w *sccWork) reachOf(p int) []uint64 {
	c := int(w.comp[p])
	return w.reach[c*w.words : (c+1)*w.words]
}

// onCycle reports whether p lies on a cycle of the graph.
func (w *sccWork) onCycle(p int) bool {
	c := w.comp[p]
	return w.compAt[c+1]-w.compAt[c] > 1
}
