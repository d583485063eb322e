package logic

import (
	"math/bits"

	"github.com/godoku/sudoku/variant"
)

// Whisper polarity, a setter's break-in: on a whispers line whose gap is
// at least half the size (German whispers: 5 in a 9x9), every value is
// low (1-4) or high (6-9) or fits nowhere on it (5), and neighbours are
// one of each, so the cells of a connected stretch of such lines split in
// two classes, one all low and the other all high. Counted in a full
// house, one way round may not fit: more cells that must hold low values
// than there are low values (the class's cells there and the house's
// other cells that hold only low values), or fewer cells that can hold
// one. Then the classes are the other way round.

// polarGroup is one connected stretch of whispers lines of one gap: its
// two classes of cells, and the values that are low and high.
type polarGroup struct {
	class  [2][]variant.Cell
	lo, hi uint32
}

// polarGroups finds the groups from the whispers' pair rules, once.
func (s *Solver) polarGroups() []polarGroup {
	if s.polar != nil {
		return *s.polar
	}
	n := s.n
	type node struct {
		parent variant.Cell
		parity int
	}
	nodes := map[variant.Cell]*node{}
	side := map[variant.Cell][2]uint32{}
	var find func(c variant.Cell) (variant.Cell, int)
	find = func(c variant.Cell) (variant.Cell, int) {
		nd := nodes[c]
		if nd.parent == c {
			return c, 0
		}
		r, p := find(nd.parent)
		return r, p ^ nd.parity
	}
	var order []variant.Cell
	for _, r := range s.rules {
		if r.shape != pair || r.kind != "whispers" {
			continue
		}
		// lo: the values with a partner above only; hi: below only.
		var lo, hi uint32
		clean := true
		for x := 1; x <= n; x++ {
			up, down := false, false
			for y := 1; y <= n; y++ {
				if r.rel(x, y) {
					up = up || y > x
					down = down || y < x
				}
			}
			if up && down {
				clean = false
				break
			}
			if up {
				lo |= 1 << x
			}
			if down {
				hi |= 1 << x
			}
		}
		a, b := r.cells[0], r.cells[1]
		if !clean || lo == 0 || hi == 0 {
			continue
		}
		sides := [2]uint32{lo, hi}
		if sa, ok := side[a]; ok && sa != sides {
			continue // a cell on lines of two gaps: left out
		}
		if sb, ok := side[b]; ok && sb != sides {
			continue
		}
		for _, c := range []variant.Cell{a, b} {
			if nodes[c] == nil {
				nodes[c] = &node{parent: c}
				side[c] = sides
				order = append(order, c)
			}
		}
		ra, pa := find(a)
		rb, pb := find(b)
		if ra != rb {
			nodes[ra].parent, nodes[ra].parity = rb, pa^pb^1
		}
	}
	at := map[variant.Cell]int{}
	var groups []polarGroup
	for _, c := range order {
		r, p := find(c)
		i, ok := at[r]
		if !ok {
			i = len(groups)
			at[r] = i
			groups = append(groups, polarGroup{lo: side[c][0], hi: side[c][1]})
		}
		groups[i].class[p] = append(groups[i].class[p], c)
	}
	s.polar = &groups
	return groups
}

// polarity finds a group whose classes fit a full house one way round
// only (see above).
func (s *Solver) polarity() (Step, bool) {
	for _, g := range s.polarGroups() {
		for k := range 2 {
			low, high := g.class[k], g.class[1-k]
			h, cells, tooMany, hiSide := s.polarClash(low, high, g.lo, g.hi)
			if h < 0 {
				continue
			}
			// low cannot be low: it is high, and high is low.
			var el []Candidate
			for _, c := range low {
				el = append(el, cands(c, s.cand[c]&^g.hi)...)
			}
			for _, c := range high {
				el = append(el, cands(c, s.cand[c]&^g.lo)...)
			}
			if el = s.eliminate(el); len(el) == 0 {
				continue
			}
			word := [2]Reason{phrase("lowWord"), phrase("highWord")}
			vals, count := g.lo, bits.OnesCount32(g.lo)
			if hiSide {
				vals, count = g.hi, bits.OnesCount32(g.hi)
			}
			clash := phrase("tooFewFor", phraseArg(s.houses[h].name), Arg{Count: len(cells)}, Arg{Count: count}, valuesArg(vals), s.cellsArg(cells))
			if tooMany {
				clash = phrase("tooManyFor", phraseArg(s.houses[h].name), Arg{Count: len(cells)}, Arg{Count: count}, valuesArg(vals), s.cellsArg(cells))
			}
			st := Step{Technique: "Whisper Polarity", Pattern: append(append([]variant.Cell(nil), low...), high...), Constraint: "whispers", Eliminations: el}
			return st.because("polarity", s.cellsArg(low), valuesArg(g.lo), valuesArg(g.hi), s.cellsArg(high),
				phraseArg(word[0]), phraseArg(clash), phraseArg(word[1]), s.candsArg(el)), true
		}
	}
	return Step{}, false
}

// polarClash tries low all low and high all high against every full
// house. It returns the first house where that does not fit (-1 for
// none), the cells it counts there, whether they are too many (else too
// few), and whether they are the high values' (else the low ones').
func (s *Solver) polarClash(low, high []variant.Cell, lo, hi uint32) (int, []variant.Cell, bool, bool) {
	in := map[variant.Cell]int{}
	for _, c := range low {
		in[c] = 1
	}
	for _, c := range high {
		in[c] = 2
	}
	nLo, nHi := bits.OnesCount32(lo), bits.OnesCount32(hi)
	for hi2, h := range s.houses {
		if !h.full {
			continue
		}
		touched := false
		for _, c := range h.cells {
			if in[c] != 0 {
				touched = true
				break
			}
		}
		if !touched {
			continue
		}
		var mustLo, mustHi, canLo, canHi []variant.Cell
		for _, c := range h.cells {
			m := s.cand[c]
			if s.value[c] != 0 {
				m = 1 << s.value[c]
			}
			isLo := in[c] == 1 || in[c] == 0 && m&^lo == 0
			isHi := in[c] == 2 || in[c] == 0 && m&^hi == 0
			if isLo {
				mustLo = append(mustLo, c)
			}
			if isHi {
				mustHi = append(mustHi, c)
			}
			if in[c] == 1 || in[c] == 0 && m&lo != 0 {
				canLo = append(canLo, c)
			}
			if in[c] == 2 || in[c] == 0 && m&hi != 0 {
				canHi = append(canHi, c)
			}
		}
		switch {
		case len(mustLo) > nLo:
			return hi2, mustLo, true, false
		case len(mustHi) > nHi:
			return hi2, mustHi, true, true
		case len(canLo) < nLo:
			return hi2, canLo, false, false
		case len(canHi) < nHi:
			return hi2, canHi, false, true
		}
	}
	return -1, nil, false, false
}
