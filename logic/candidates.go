package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

const allDigits uint16 = 0x3FE // bits 1 to 9

// Candidates is a grid with pencil marks: the placed digits and, for every
// empty cell, the digits that may still go there. It is the state the
// techniques read and change. The zero value is not useful; build one with
// FromGrid, FromMarks or ParseCandidates.
type Candidates struct {
	values sudoku.Grid
	marks  [81]uint16 // bit d set when d is a candidate; 0 for filled cells
	q      singlesQueues
	// solved holds the cells Apply placed (not givens): Avoidable
	// Rectangles rest on them. It is kept only for candidates made from a
	// grid (fromGrid): in a pencil-mark puzzle, swapping solved digits may
	// break the marks it started from.
	solved   cellSet
	fromGrid bool
}

// memo is the working memory of one solving path: pathFrom makes it, owns
// it and passes it to every finder with the candidates. It remembers
// single-digit searches that found nothing, keyed by the digit's candidate
// cells, so that a path does not repeat them after every step that leaves
// the digit alone, and keeps the searches' scratch memory between steps.
//
// For a finder's writer: m is nil for a lone Hint or a finder called on
// its own, and every method of memo works on a nil memo (it then keeps
// nothing), so a finder works the same without it and may only save work
// with it. Nothing in it is ever invalidated: every entry is keyed by what
// it was computed from (a digit's candidate cells, or the whole marks:
// alsMarks, digitsMarks, the chain solver's linksMarks, the tables'
// builtMarks; the rest of tabling and chains is scratch), so a later state
// with other marks misses it. A finder that keeps something here keys it
// the same way (TestMemoKeepsPath follows paths without the memo and wants
// the same steps). Candidates itself is plain data: copying it shares
// nothing.
type memo struct {
	none map[memoKey]struct{}
	// als holds the almost locked sets of the state whose marks are
	// alsMarks, for the ALS searches that follow one another.
	als      *alsData
	alsMarks [81]uint16
	// fish holds basic finned fish that a search met and left to the
	// other search of its size (see findFish), by that search's key.
	fish map[memoKey]Step
	// tabling is the tabling searches' working memory (tabling.go),
	// chains the chain solver's (chainsolver.go).
	tabling *tabling
	chains  *chainSolver
	// digits holds digitSets of the grid whose marks are digitsMarks.
	digits      [10]cellSet
	digitsMarks [81]uint16
	// unitVer holds each unit's version (see unitVersions), of the
	// grid whose marks and values are seenMarks and seenValues; version
	// is the last number given.
	unitVer    [sudoku.NumUnits]uint32
	version    uint32
	seenMarks  [81]uint16
	seenValues sudoku.Grid
	// sdc holds, for each line and each box crossing it (the line's
	// first, second and third), the versions of the two units when the
	// Sue de Coq search there last found nothing (suedecoq.go).
	sdc [18][3][2]uint32
	// alsUnits holds each unit's almost locked sets and the unit's
	// version they came from (als.go).
	alsUnits [sudoku.NumUnits]alsUnit
	// subsets holds, by search (subsetNaked, subsetLocked, subsetHidden),
	// size less 2 and unit, the unit's version when the search last
	// found nothing there that depends on that unit alone (subsets.go).
	subsets [3][3][sudoku.NumUnits]uint32
}

// unitVersions returns each unit's version: a number that changes
// whenever the candidates or the values of the unit's cells differ from
// one grid the memo is shown to the next (each change gets a number
// never given before; 0 is none). So a search over one unit, or two,
// that found nothing on a grid finds nothing while their versions stay:
// their cells hold what they held (every grid shown between has them so,
// one grid to the next). A finder that keeps a version here must have
// shown the memo the grid it searched, through this call; with no memo
// it gets nil and keeps nothing.
func (m *memo) unitVersions(c *Candidates) *[sudoku.NumUnits]uint32 {
	if m == nil {
		return nil
	}
	if m.version == 0 || m.seenMarks != c.marks || m.seenValues != c.values {
		var changed cellSet
		if m.version == 0 {
			changed = board.All81
		}
		for i := range 81 {
			if m.seenMarks[i] != c.marks[i] || m.seenValues[i] != c.values[i] {
				changed.Add(i)
			}
		}
		for u := changed.UnitBits(); u != 0; u &= u - 1 {
			m.version++
			m.unitVer[bits.TrailingZeros32(u)] = m.version
		}
		m.seenMarks, m.seenValues = c.marks, c.values
	}
	return &m.unitVer
}

// newMemo returns an empty memo for one path.
func newMemo() *memo {
	return &memo{none: map[memoKey]struct{}{}, fish: map[memoKey]Step{}}
}

type memoKey struct {
	kind, d uint8
	set     cellSet
}

// digitSet returns the cells where d is a candidate.
func (c *Candidates) digitSet(d int) cellSet {
	var s cellSet
	for i := 0; i < 81; i++ {
		if c.marks[i]&(1<<d) != 0 {
			s.Add(i)
		}
	}
	return s
}

// digitSet is c.digitSet, through the path's digitSets when there is a
// path.
func (m *memo) digitSet(c *Candidates, d int) cellSet {
	if m != nil {
		return m.digitSets(c)[d]
	}
	return c.digitSet(d)
}

// digitSets returns digitSet of every digit. The memo keeps them for the
// searches of one grid, which ask for them again and again (each
// single-digit search looks itself up in the memo by them). Its zero
// value is right for marks all zero.
func (m *memo) digitSets(c *Candidates) [10]cellSet {
	if m != nil && m.digitsMarks == c.marks {
		return m.digits
	}
	var ds [10]cellSet
	for i := range 81 {
		for b := c.marks[i]; b != 0; b &= b - 1 {
			ds[firstDigit(b)].Add(i)
		}
	}
	if m != nil {
		m.digits, m.digitsMarks = ds, c.marks
	}
	return ds
}

// known reports whether the search kind for d already failed on the same
// candidates of c; it returns the key to record a failure with.
func (m *memo) known(c *Candidates, kind, d int) (memoKey, bool) {
	if m == nil {
		return memoKey{}, false
	}
	return m.knownSet(kind, d, m.digitSet(c, d))
}

// knownSet is known for a caller that has d's candidates, set, at hand.
func (m *memo) knownSet(kind, d int, set cellSet) (memoKey, bool) {
	if m == nil {
		return memoKey{}, false
	}
	k := memoKey{uint8(kind), uint8(d), set}
	_, ok := m.none[k]
	return k, ok
}

// fail records that the search of key k found nothing.
func (m *memo) fail(k memoKey) {
	if m != nil {
		m.none[k] = struct{}{}
	}
}

// FromGrid returns the candidates of a puzzle: every digit that no filled
// peer holds. It fails if the grid breaks the rules, or with a
// *NoCandidateError if an empty cell sees all nine digits.
func FromGrid(g sudoku.Grid) (*Candidates, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	c := &Candidates{fromGrid: true}
	c.loadGrid(&g)
	if err := c.noCandidate(); err != nil {
		return nil, err
	}
	return c, nil
}

// A NoCandidateError reports an empty cell without a candidate: the
// digits placed among its peers (and, for pencil marks, its own marks)
// rule out all nine. Such a position has no solution, and a step found
// elsewhere in it would mean nothing. It wraps sudoku.ErrNoCandidate.
type NoCandidateError struct {
	Cell int // 0 to 80
}

func (e *NoCandidateError) Error() string {
	return fmt.Sprintf("logic: %s has no candidate left", sudoku.CellName(e.Cell))
}

// Unwrap returns sudoku.ErrNoCandidate.
func (e *NoCandidateError) Unwrap() error { return sudoku.ErrNoCandidate }

// noCandidate returns a *NoCandidateError for the first empty cell without
// a candidate, or nil.
func (c *Candidates) noCandidate() error {
	for i := range c.marks {
		if c.values[i] == 0 && c.marks[i] == 0 {
			return &NoCandidateError{Cell: i}
		}
	}
	return nil
}

// FromMarks returns the candidates of pencil marks, such as those of a
// pencil-mark puzzle that sudoku.Reader read: a cell with one candidate
// holds that digit as placed, and every other cell keeps its candidates as
// they are, less the digits placed among its peers. The placed digits must
// obey the rules, and every cell keep a candidate (a *NoCandidateError
// otherwise).
func FromMarks(m sudoku.Marks) (*Candidates, error) {
	c := &Candidates{}
	for i, set := range m {
		if set.Count() == 1 {
			c.values[i] = uint8(set.List()[0])
		} else {
			c.marks[i] = uint16(set & sudoku.AllDigits)
		}
	}
	if err := c.values.Validate(); err != nil {
		return nil, err
	}
	for i, v := range c.values {
		if v != 0 {
			for _, p := range sudoku.Peers(i) {
				c.marks[p] &^= 1 << v
			}
		}
	}
	if err := c.noCandidate(); err != nil {
		return nil, err
	}
	c.rebuildQueues()
	return c, nil
}

// Grid returns the placed digits.
func (c *Candidates) Grid() sudoku.Grid { return c.values }

// Value returns the digit placed in cell, or 0 when the cell is empty or
// is not 0 to 80.
func (c *Candidates) Value(cell int) int {
	if !validCell(cell) {
		return 0
	}
	return int(c.values[cell])
}

// Has reports whether digit d is a candidate of the empty cell. It is false
// for a cell that is not 0 to 80 and a digit that is not 1 to 9.
func (c *Candidates) Has(cell, d int) bool {
	return validCell(cell) && d >= 1 && d <= 9 && c.has(cell, d)
}

// has is Has for a cell and digit known to be valid.
func (c *Candidates) has(cell, d int) bool { return c.marks[cell]&(1<<d) != 0 }

// Digits returns the candidates of cell in increasing order: none for a
// filled cell or a cell that is not 0 to 80.
func (c *Candidates) Digits(cell int) []int {
	if !validCell(cell) {
		return nil
	}
	return digitsOf(c.marks[cell])
}

func validCell(i int) bool { return i >= 0 && i < 81 }

// Solved reports whether every cell holds a digit.
func (c *Candidates) Solved() bool { return c.values.Full() }

// place puts d in cell and removes it from the cell's peers.
func (c *Candidates) place(cell, d int) {
	c.values[cell] = uint8(d)
	c.marks[cell] = 0
	for _, p := range sudoku.Peers(cell) {
		c.marks[p] &^= 1 << d
	}
}

// Apply carries out the placements and eliminations of s. A placement in
// a filled cell is skipped. If some candidate of s is not a cell 0 to 80
// with a digit 1 to 9, Apply changes nothing and returns an error.
func (c *Candidates) Apply(s Step) error {
	for _, l := range [2][]sudoku.Candidate{s.Placements, s.Eliminations} {
		for _, x := range l {
			if !x.Valid() {
				return fmt.Errorf("logic: invalid candidate cell %d digit %d", x.Cell, x.Digit)
			}
		}
	}
	for _, p := range s.Placements {
		if c.values[p.Cell] == 0 {
			c.setCell(p.Cell, p.Digit)
			if c.fromGrid {
				c.solved.Add(p.Cell)
			}
		}
	}
	for _, e := range s.Eliminations {
		c.delCand(e.Cell, e.Digit)
	}
	return nil
}

// progress reports whether s would change c.
func (c *Candidates) progress(s Step) bool {
	for _, p := range s.Placements {
		if c.values[p.Cell] == 0 {
			return true
		}
	}
	for _, e := range s.Eliminations {
		if c.has(e.Cell, e.Digit) {
			return true
		}
	}
	return false
}

// String returns the pencil-mark grid in the nine-line layout HoDoKu and
// Sudoku Explainer print: a placed digit stands alone, an empty cell lists
// its candidates, and boxes are bordered.
func (c *Candidates) String() string {
	var width [9]int
	text := [81]string{}
	for i := 0; i < 81; i++ {
		if c.values[i] != 0 {
			text[i] = string(rune('0' + c.values[i]))
		} else {
			var sb strings.Builder
			for _, d := range c.Digits(i) {
				sb.WriteByte(byte('0' + d))
			}
			if sb.Len() == 0 {
				sb.WriteByte('.')
			}
			text[i] = sb.String()
		}
		width[i%9] = max(width[i%9], len(text[i]))
	}
	border := func() string {
		var sb strings.Builder
		for b := 0; b < 3; b++ {
			sb.WriteByte('+')
			n := 1
			for k := 0; k < 3; k++ {
				n += width[b*3+k] + 1
			}
			sb.WriteString(strings.Repeat("-", n))
		}
		sb.WriteString("+\n")
		return sb.String()
	}
	var sb strings.Builder
	for r := 0; r < 9; r++ {
		if r%3 == 0 {
			sb.WriteString(border())
		}
		for col := 0; col < 9; col++ {
			if col%3 == 0 {
				sb.WriteString("| ")
			}
			t := text[r*9+col]
			sb.WriteString(t)
			sb.WriteString(strings.Repeat(" ", width[col]-len(t)+1))
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(border())
	return sb.String()
}

// ParseCandidates reads one puzzle in any form sudoku.Reader reads. A
// pencil-mark puzzle (nine lines of candidate sets, with or without
// borders, as String prints them and HoDoKu and Sudoku Explainer do, or
// the 729-character line) gives its candidates as FromMarks does: a lone
// digit is placed, '.' or '0' is an empty cell, and candidates that a
// placed peer rules out are dropped. A puzzle of givens gives those
// FromGrid does. Errors are the Reader's *sudoku.ParseError values, with
// line and column (sudoku.ErrNoPuzzle for text without a puzzle,
// sudoku.ErrExtra for text with more than one), or FromMarks's.
func ParseCandidates(s string) (*Candidates, error) {
	p, err := sudoku.ParsePuzzle(s)
	if err != nil {
		return nil, err
	}
	if p.Marks != nil {
		return FromMarks(*p.Marks)
	}
	return FromGrid(p.Grid)
}
