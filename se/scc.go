package se

// Strongly connected components of the implication graph with both kinds
// of links (of which the X and Y passes' graphs are parts), to skip the
// searches that cannot find anything: a search from a candidate
// assumed on ends in a forcing chain only if the candidate's off
// potential is reachable from its on potential, and from the candidate
// assumed off only if the on potential is reachable. Tarjan's algorithm
// completes a component after every component it reaches, so each
// component's reach is complete once it is: the closure is made as the
// components complete, in the same pass.
//
// Numbers: a potential's index is -1 until it is visited, then its DFS
// number while it is on the stack, then done plus its component's number
// once the component is complete: larger than any DFS number, so the test
// "visited and still on the stack, with a lower number" is one comparison,
// and the component number needs no second load. Potentials with no link
// out, sinks (most off potentials, those with no strong link), are
// components of their own that reach nothing: they take the first
// component numbers (below nSinks) before the search, which passes them
// by.
//
// reach holds a row of words per component, the set of component numbers
// it reaches (itself included). A component reaches only components
// numbered no higher, so row c has bits in its first c/64+1 words only.
// A sink reaches itself alone: its row is never written nor read.

const done = 1 << 14 // above any DFS number: there are numPots potentials

type sccWork struct {
	adjStart []int32 // the graph, linkTab's
	adj      []int16

	index   [numPots]int16
	low     [numPots]int16
	nSinks  int
	stack   []int16
	call    []sccFrame
	members []int16 // potentials grouped by component
	compAt  []int32 // start of each component in members
	words   int
	reach   []uint64                    // per component, the components it reaches
	sinkRow [(numPots + 63) / 64]uint64 // reachOf's row for a sink
}

type sccFrame struct {
	v int16
	i int32 // next edge to look at
}

// sink gives potential p, which has no link out, a component of its own.
func (w *sccWork) sink(p int) {
	n := int16(len(w.members))
	w.index[p] = done + n
	w.compAt = append(w.compAt, int32(n))
	w.members = append(w.members, int16(p))
}

// components numbers the components of the XY graph over g's candidates
// and computes what each reaches.
func (w *sccWork) components(g *grid, t *linkTab) {
	w.adjStart, w.adj = t.adjStart[:], t.adj
	w.members, w.compAt = w.members[:0], w.compAt[:0]
	nodes := 0
	for c := range 81 {
		for m := g.cand[c]; m != 0; m &= m - 1 {
			off := 2 * (c*9 + lowDigit(m) - 1) // the on potential is off+1
			for p := off; p <= off+1; p++ {
				w.index[p] = -1
				if w.adjStart[p+1] == w.adjStart[p] {
					w.sink(p)
				}
			}
			nodes += 2
		}
	}
	w.nSinks = len(w.members)
	w.words = (nodes + 63) / 64
	if cap(w.reach) < nodes*w.words {
		w.reach = make([]uint64, nodes*w.words)
	}
	w.reach = w.reach[:nodes*w.words]
	next := int16(0)
	ncomp := w.nSinks
	words := uint(w.words)
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
				w.call = append(w.call[:0], sccFrame{root, w.adjStart[root]})
				for len(w.call) > 0 {
					f := &w.call[len(w.call)-1]
					v := f.v
					// Pass by the edges to visited potentials (most go
					// to sinks and completed components, which are
					// done) in one tight loop.
					lowV := w.low[v]
					i, end := f.i, w.adjStart[v+1]
					adj := w.adj[:end]
					u := int16(-1)
					if i > w.adjStart[v] {
						for ; i < end; i++ {
							x := w.index[adj[i]]
							if x < 0 {
								u = adj[i]
								break
							}
							lowV = min(lowV, x) // done is never lower
						}
					} else {
						// First look at v: most potentials are
						// components of their own whose successors
						// are all done, and then v's row is the union
						// of theirs, made in the same loop.
						row := w.reach[uint(ncomp)*words : uint(ncomp+1)*words]
						clear(row)
						for ; i < end; i++ {
							x := w.index[adj[i]]
							if x < 0 {
								u = adj[i]
								break
							}
							lowV = min(lowV, x)
							if x >= done {
								w.addReach(row, uint(x-done))
							}
						}
						if u < 0 && lowV == w.index[v] {
							// A component of its own, alone on top of
							// the stack; its parent's low number is
							// below its own, so it needs no update.
							row[uint(ncomp)/64] |= 1 << (uint(ncomp) % 64)
							w.stack = w.stack[:len(w.stack)-1]
							w.index[v] = done + int16(ncomp)
							w.compAt = append(w.compAt, int32(len(w.members)))
							w.members = append(w.members, v)
							ncomp++
							w.call = w.call[:len(w.call)-1]
							continue
						}
					}
					w.low[v] = lowV
					if u >= 0 {
						f.i = i + 1
						w.index[u], w.low[u] = next, next
						next++
						w.stack = append(w.stack, u)
						w.call = append(w.call, sccFrame{u, w.adjStart[u]})
						continue
					}
					if lowV == w.index[v] {
						w.complete(v, ncomp)
						ncomp++
					}
					w.call = w.call[:len(w.call)-1]
					if n := len(w.call); n > 0 {
						if p := w.call[n-1].v; lowV < w.low[p] {
							w.low[p] = lowV
						}
					}
				}
			}
		}
	}
	w.compAt = append(w.compAt, int32(len(w.members)))
}

// complete pops the component of root v off the stack as number c and
// fills its row of reach.
func (w *sccWork) complete(v int16, c int) {
	start := len(w.members)
	w.compAt = append(w.compAt, int32(start))
	for {
		u := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		w.index[u] = done + int16(c)
		w.members = append(w.members, u)
		if u == v {
			break
		}
	}
	words := uint(w.words)
	row := w.reach[uint(c)*words : uint(c+1)*words]
	clear(row)
	rc := row[:uint(c)/64+1]
	rc[uint(c)/64] = 1 << (uint(c) % 64)
	for _, m := range w.members[start:] {
		for _, u := range w.adj[w.adjStart[m]:w.adjStart[m+1]] {
			if d := uint(w.index[u] - done); d != uint(c) {
				w.addReach(rc, d)
			}
		}
	}
}

// addReach adds to row what component d, complete, reaches: d alone for
// a sink, else d's row, which ends at word d/64.
func (w *sccWork) addReach(row []uint64, d uint) {
	if d < uint(w.nSinks) {
		row[d/64] |= 1 << (d % 64)
		return
	}
	words := uint(w.words)
	for j, y := range w.reach[d*words : d*words+d/64+1] {
		row[j] |= y
	}
}

// reaches reports whether b is reachable from a.
func (w *sccWork) reaches(a, b int) bool {
	ca, cb := int(w.index[a]-done), int(w.index[b]-done)
	if ca < cb || ca < w.nSinks {
		return ca == cb
	}
	return w.reach[ca*w.words+cb/64]&(1<<(cb%64)) != 0
}

// reachOf returns the components that p's component reaches, as a bit
// set over component numbers.
func (w *sccWork) reachOf(p int) []uint64 {
	c := int(w.index[p] - done)
	if c < w.nSinks {
		row := w.sinkRow[:w.words]
		clear(row)
		row[c/64] = 1 << (c % 64)
		return row
	}
	return w.reach[c*w.words : (c+1)*w.words]
}

// onCycle reports whether p lies on a cycle of the graph.
func (w *sccWork) onCycle(p int) bool {
	c := w.index[p] - done
	return w.compAt[c+1]-w.compAt[c] > 1
}
