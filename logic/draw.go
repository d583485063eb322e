package logic

import (
	"slices"

	"github.com/godoku/sudoku"
)

// A Drawing is what a picture of a step shows beyond its pattern, as HoDoKu
// draws it: the links of a chain or loop (strong links solid, weak links
// dashed), the colours of a colouring, the base and cover units and the
// fins of a fish. The web app draws it; the zero Drawing is a step with no
// picture of its own (a single, a subset, a wing).
type Drawing struct {
	// Links are the links of a chain, loop or forcing chain, in order
	// from its start.
	Links []Link `json:"links,omitempty"`
	// Colors are the colours of Simple Colors (one pair: Colors[0] and
	// Colors[1], one of which is true) and Multi Colors (two pairs, one
	// per cluster: [0] and [1], then [2] and [3]).
	Colors [][]sudoku.Candidate `json:"colors,omitempty"`
	// Base and Cover are a fish's units, named "r1", "c3", "b5"; Fins are
	// its fins.
	Base  []string           `json:"base,omitempty"`
	Cover []string           `json:"cover,omitempty"`
	Fins  []sudoku.Candidate `json:"fins,omitempty"`
}

// A Link joins two nodes of a chain. It is Strong when at least one of the
// two is true (written "=" in a chain's notation: a conjugate pair, or a
// cell with two candidates) and weak when at most one is ("-": one cell, or
// one digit in one unit). A node is one candidate or, in a grouped chain,
// the candidates of one digit in a few cells of one unit. In a forcing
// chain, From being true (false) forces To false (true) along the link.
type Link struct {
	From   []sudoku.Candidate `json:"from"`
	To     []sudoku.Candidate `json:"to"`
	Strong bool               `json:"strong"`
}

// Drawing returns the step's drawing: its links, colours or fish units,
// or the zero Drawing when it has none.
func (s Step) Drawing() Drawing {
	if s.draw != nil {
		return *s.draw
	}
	// A fish's units and fins are in its reason (see reasons.go: "fish"
	// and "finnedFish").
	args := s.Why.Args
	switch {
	case s.Why.ID == "fish" && len(args) == 4:
		return Drawing{Base: args[0].Units, Cover: args[2].Units}
	case s.Why.ID == "finnedFish" && len(args) == 4:
		var fins []sudoku.Candidate
		for _, name := range args[0].Cells {
			if i, err := sudoku.ParseCell(name); err == nil {
				fins = append(fins, cand(i, args[1].Digit))
			}
		}
		return Drawing{Base: args[2].Units, Cover: args[3].Units, Fins: fins}
	}
	return Drawing{}
}

// drawn returns the step with drawing d.
func (s Step) drawn(d Drawing) Step {
	s.draw = &d
	return s
}

// link returns the link from a to b, of single candidates.
func link(a, b sudoku.Candidate, strong bool) Link {
	return Link{From: []sudoku.Candidate{a}, To: []sudoku.Candidate{b}, Strong: strong}
}

// colorsOf returns the candidates d of the cells of sets, one colour each.
func (c *Candidates) colorsOf(d int, sets ...cellSet) [][]sudoku.Candidate {
	out := make([][]sudoku.Candidate, len(sets))
	for k, s := range sets {
		out[k] = c.candsOf(s.List(), 1<<d)
	}
	return out
}

// chainLinks draws a chain kept as tabling.go writes it (tEnt): the link
// into each entry is strong when the entry is "true" (reached from a
// false node), weak when it is "false". cands gives an entry's candidates
// (a group node has several).
func chainLinks(ch []int32, cands func(int32) []sudoku.Candidate) []Link {
	links := make([]Link, 0, len(ch))
	for k := 1; k < len(ch); k++ {
		links = append(links, Link{From: cands(ch[k-1]), To: cands(ch[k]), Strong: tStrong(ch[k])})
	}
	return links
}

// dedupLinks drops the links listed twice (the chains of a forcing chain
// share their start), keeping the first of each.
func dedupLinks(links []Link) []Link {
	out := links[:0]
	for i, l := range links {
		if !slices.ContainsFunc(links[:i], func(m Link) bool { return slices.Equal(m.From, l.From) && slices.Equal(m.To, l.To) }) {
			out = append(out, l)
		}
	}
	return out
}
