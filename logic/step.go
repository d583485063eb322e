package logic

import (
	"fmt"
	"sort"
	"strings"

	"github.com/godoku/sudoku"
)

// Step is one deduction: the technique, the candidates that form its
// pattern, and the digits it places and the candidates it removes.
type Step struct {
	Technique    Technique          `json:"technique"`
	Pattern      []sudoku.Candidate `json:"pattern"`
	Placements   []sudoku.Candidate `json:"placements,omitempty"`
	Eliminations []sudoku.Candidate `json:"eliminations,omitempty"`
	// Notation describes the pattern in the usual short notation, such as
	// "9 in r1,r7 on c3,c9"; String adds the technique and the result.
	Notation string `json:"notation"`
	// Explanation says in plain English why the step is true.
	Explanation string `json:"explanation"`
	// Why is the explanation as data, to be said in other languages; it
	// is left out of the step's JSON, whose explanation is the English
	// (the web app's API adds it).
	Why Reason `json:"-"`

	// by is the technique whose finder found the step, when it is known:
	// HoDoKu scores a step by the configuration that found it, which for
	// a fish can differ from the kind of fish found.
	by Technique

	// draw is the step's drawing (Drawing), when its finder made one.
	draw *Drawing
}

// String returns the step in standard notation, such as
// "X-Wing: 9 in r1,r7 on c3,c9 => r9c3<>9, r9c9<>9".
func (s Step) String() string {
	var sb strings.Builder
	sb.WriteString(s.Technique.String())
	if s.Notation != "" {
		sb.WriteString(": ")
		sb.WriteString(s.Notation)
	}
	sb.WriteString(" => ")
	sb.WriteString(s.Result())
	return sb.String()
}

// Result returns the outcome alone, such as "r9c3<>9, r9c9<>9" or "r1c1=5".
func (s Step) Result() string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, p.String())
	}
	for _, e := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%s<>%d", sudoku.CellName(e.Cell), e.Digit))
	}
	return strings.Join(parts, ", ")
}

// Cells returns the distinct cells of the pattern in increasing order: the
// cells to look at. Candidates whose cell is not 0 to 80 are left out.
func (s Step) Cells() []int {
	var set cellSet
	for _, p := range s.Pattern {
		if validCell(p.Cell) {
			set.Add(p.Cell)
		}
	}
	return set.List()
}

// scoredAs returns the technique whose score and level the step counts
// with.
func (s Step) scoredAs() Technique {
	if s.by != 0 {
		return s.by
	}
	return s.Technique
}

// sortCands orders candidates by cell, then digit, and drops duplicates.
func sortCands(cs []sudoku.Candidate) []sudoku.Candidate {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Cell != cs[j].Cell {
			return cs[i].Cell < cs[j].Cell
		}
		return cs[i].Digit < cs[j].Digit
	})
	out := cs[:0]
	for i, c := range cs {
		if i == 0 || c != cs[i-1] {
			out = append(out, c)
		}
	}
	return out
}

// elimsIn returns the candidates d in cells of set.
func (c *Candidates) elimsIn(set cellSet, d int) []sudoku.Candidate {
	var out []sudoku.Candidate
	for i := range set.All {
		if c.has(i, d) {
			out = append(out, cand(i, d))
		}
	}
	return out
}

// anyIn reports whether a cell of set holds a digit of mask: a finder
// asks it before listing what a pattern removes, which allocates.
func (c *Candidates) anyIn(set cellSet, mask uint16) bool {
	for i := range set.All {
		if c.marks[i]&mask != 0 {
			return true
		}
	}
	return false
}

// cellNames joins cell names with commas.
func cellNames(cells []int) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = sudoku.CellName(c)
	}
	return strings.Join(s, ",")
}

func digitList(ds []int) string {
	var sb strings.Builder
	for _, d := range ds {
		sb.WriteByte(byte('0' + d))
	}
	return sb.String()
}

// unitList joins unit names, such as "r1,r7".
func unitList(us []int) string {
	s := make([]string, len(us))
	for i, u := range us {
		s[i] = sudoku.UnitName(u)
	}
	return strings.Join(s, ",")
}

// candsOf returns every candidate of the given digits in the cells.
func (c *Candidates) candsOf(cells []int, mask uint16) []sudoku.Candidate {
	var out []sudoku.Candidate
	for _, i := range cells {
		for _, d := range digitsOf(c.marks[i] & mask) {
			out = append(out, cand(i, d))
		}
	}
	return out
}

// cand returns digit d in cell as a candidate.
func cand(cell, d int) sudoku.Candidate { return sudoku.Candidate{Cell: cell, Digit: d} }
