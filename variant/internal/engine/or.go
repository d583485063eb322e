package engine

import (
	"context"
	"slices"
)

// Or says that the rules of at least one of the problems hold. Each is a
// problem over the same cells holding only its own rules, built apart.
func (b *Builder) Or(choices []*Problem) {
	p := &orProp{choices: choices}
	seen := map[int32]bool{}
	for _, q := range choices {
		for c := range q.ncells {
			// The cells a choice narrows or watches.
			if q.init[c] != all(q.n) || q.watchAt[c] != q.watchAt[c+1] || q.peerAt[c] != q.peerAt[c+1] {
				if !seen[int32(c)] {
					seen[int32(c)] = true
					p.cells = append(p.cells, int32(c))
				}
			}
		}
	}
	slices.Sort(p.cells)
	b.props = append(b.props, p)
}

// orProp narrows each choice's copy of the cells by its own rules, and
// keeps in each cell the values some choice left: none left in any
// choice is a contradiction.
type orProp struct {
	choices []*Problem
	cells   []int32
}

func (p *orProp) watched() []int32 { return p.cells }

func (p *orProp) run(s *solver) bool {
	union := make([]Mask, len(p.cells))
	any := false
	for _, q := range p.choices {
		sub := q.newSolver(context.Background())
		if !sub.startFrom(s.cells) {
			continue
		}
		any = true
		for i, c := range p.cells {
			union[i] |= sub.cells[c]
		}
	}
	if !any {
		return false
	}
	for i, c := range p.cells {
		if !s.restrict(c, union[i]) {
			return false
		}
	}
	return true
}
