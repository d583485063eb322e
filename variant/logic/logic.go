// Package logic solves variant Sudoku puzzles step by step without
// guessing, each step a plain data value with a sentence in English that
// says why it is true, in the manner of a human solver's logical solve.
//
// The representation: a grid of size n (1 to 31) keeps, for every cell, a
// bit set of its candidates (bit v for value v) and its placed value (0
// while empty). The puzzle's rows, columns and regions are houses that
// hold every value once; the all-different groups its constraints imply
// (killer cages, renban lines, extra regions, diagonals, disjoint groups)
// are houses too, full when they have n cells. Two cells see each other
// when they share a house or when a rule such as anti-knight or anti-king
// forbids them the same value. Constraints are read as what they allow
// between candidates; a constraint this package has no step for is left
// out, which makes the logic weaker but never wrong: every step follows
// from the rules.
//
// Solve runs the steps, simplest first, until the grid is full or no
// step applies; then the result holds the candidates left, never a guess.
package logic

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/variant"
)

// Candidate is one value in one cell: a placement or an elimination.
type Candidate struct {
	Cell  variant.Cell `json:"cell"`
	Value int          `json:"value"`
}

// Step is one deduction: the technique, the cells of its pattern, the
// constraint kind that justifies it (empty for the grid's houses alone),
// what it places and eliminates, and a sentence saying why.
type Step struct {
	Technique    string         `json:"technique"`
	Pattern      []variant.Cell `json:"pattern"`
	Constraint   string         `json:"constraint,omitempty"`
	Placements   []Candidate    `json:"placements,omitempty"`
	Eliminations []Candidate    `json:"eliminations,omitempty"`
	// Explanation says in plain English why the step is true.
	Explanation string `json:"explanation"`
	// Why is the explanation as data, to be said in other languages; it
	// is left out of the step's JSON, whose explanation is the English
	// (the web app's API adds it, as it does package logic's).
	Why Reason `json:"-"`
}

// String returns the technique and the explanation.
func (s Step) String() string { return s.Technique + ": " + s.Explanation }

// Result writes what the step places and removes in a grid of size n, as
// the classic steps do: "r1c1=5, r9c3<>9".
func (s Step) Result(n int) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, variant.CellName(n, p.Cell)+"="+strconv.Itoa(p.Value))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, variant.CellName(n, e.Cell)+"<>"+strconv.Itoa(e.Value))
	}
	return strings.Join(parts, ", ")
}

// Result is the outcome of Solve: the steps taken, whether the grid is
// full, the grid (0 for a cell left empty) and the candidates left in each
// cell (nil for a placed cell).
type Result struct {
	Steps      []Step  `json:"steps"`
	Solved     bool    `json:"solved"`
	Grid       []int   `json:"grid"`
	Candidates [][]int `json:"candidates"`
	// Stuck is true when no step applies to an unfinished grid, false when
	// the step cap stopped the solve first.
	Stuck bool `json:"stuck"`
}

// MaxSize is the largest grid this package solves: candidates are bits of
// a uint32.
const MaxSize = 31

// Solve solves p by logic, at most maxSteps steps (0: no limit). It
// returns an error if p is not a valid puzzle or its givens break a rule
// of its houses.
func Solve(p *variant.Puzzle, maxSteps int) (Result, error) {
	return SolveContext(context.Background(), p, maxSteps)
}

// SolveContext is Solve stopped when ctx is done: it then returns the
// steps taken so far with ctx's error. A step is bounded work (its
// chains have a budget), so it stops within a step of ctx's end.
func SolveContext(ctx context.Context, p *variant.Puzzle, maxSteps int) (Result, error) {
	s, err := New(p)
	if err != nil {
		return Result{}, err
	}
	var res Result
	for maxSteps <= 0 || len(res.Steps) < maxSteps {
		if err := ctx.Err(); err != nil {
			res.Solved, res.Grid, res.Candidates = s.Solved(), s.Grid(), s.Candidates()
			return res, err
		}
		st, ok := s.Next()
		if !ok {
			res.Stuck = !s.Solved()
			break
		}
		res.Steps = append(res.Steps, st)
	}
	res.Solved = s.Solved()
	res.Grid = s.Grid()
	res.Candidates = s.Candidates()
	return res, nil
}

// NextPlacing takes steps until one places a value, as a hint that moves a
// game on must: from the values alone, a step that only removes
// candidates would be found again at the next hint. It returns the steps
// taken before it (each only removing candidates) and the placing step;
// ok is false when the logic runs out first or the grid is full, with
// before holding the steps taken. It stops between steps with ctx's
// error.
func (s *Solver) NextPlacing(ctx context.Context) (before []Step, step Step, ok bool, err error) {
	for {
		if err := ctx.Err(); err != nil {
			return before, Step{}, false, err
		}
		st, ok := s.Next()
		if !ok {
			return before, Step{}, false, nil
		}
		if len(st.Placements) > 0 {
			return before, st, true, nil
		}
		before = append(before, st)
	}
}

// house is a group of cells that hold different values; full when it has
// n cells, so that it holds every value once.
type house struct {
	name  Reason // "row 1", "the cage at r1c1", ...
	kind  string // constraint kind, "" for rows, columns and regions
	cells []variant.Cell
	full  bool
}

// Solver holds the candidate state of one puzzle. Next takes one step.
type Solver struct {
	n      int
	all    uint32 // every value's bit
	cand   []uint32
	value  []int
	houses []house
	// see[a][b]: a and b may not hold the same value; why[a][b] says why
	// when it is a rule beyond the houses (anti-knight, anti-king).
	see   [][]bool
	why   map[[2]variant.Cell]string
	rules []rule
	// work is what is left of a chain search's budget (see chainWork).
	work int
	// buf holds the cells places returns.
	buf []variant.Cell
	// peers lists the cells each cell sees, in cell order.
	peers [][]variant.Cell
	// groupCache holds group rules' combinations by their cells'
	// candidates (see groupOptionsCached).
	groupCache map[string]groupResult
	// fishKey holds, for each value, its candidate cells when a fish
	// search last found nothing (see anyFish).
	fishKey [][]variant.Cell
	// polar holds the whispers' groups (see polarGroups), once found.
	polar *[]polarGroup
}

// New returns a solver for p with its givens placed. It fails if p is not
// valid, is larger than MaxSize, has values that do not start from 1
// (variant.Puzzle.Offset: its steps read values as 1 to n), or if two
// givens that see each other are equal.
func New(p *variant.Puzzle) (*Solver, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.Offset != 0 {
		return nil, fmt.Errorf("logic: values from %d: the logical steps take grids of the values 1 to n", p.Offset+1)
	}
	n := p.Size
	if n > MaxSize {
		return nil, fmt.Errorf("logic: size %d above %d", n, MaxSize)
	}
	s := &Solver{n: n, all: uint32(1)<<(n+1) - 2, why: map[[2]variant.Cell]string{}}
	s.cand = make([]uint32, n*n)
	s.value = make([]int, n*n)
	for i := range s.cand {
		s.cand[i] = s.all
	}
	s.see = make([][]bool, n*n)
	for i := range s.see {
		s.see[i] = make([]bool, n*n)
	}
	s.buildHouses(p)
	s.buildRules(p)
	s.peers = make([][]variant.Cell, n*n)
	for a, row := range s.see {
		for b, ok := range row {
			if ok {
				s.peers[a] = append(s.peers[a], variant.Cell(b))
			}
		}
	}
	for c, v := range p.Givens {
		if v == 0 {
			continue
		}
		if s.cand[c]&(1<<v) == 0 {
			return nil, fmt.Errorf("logic: given %d at %s sees another %d", v, s.name(variant.Cell(c)), v)
		}
		s.place(variant.Cell(c), v)
	}
	return s, nil
}

// Solved reports whether every cell holds a value.
func (s *Solver) Solved() bool {
	for _, v := range s.value {
		if v == 0 {
			return false
		}
	}
	return true
}

// Grid returns the values placed, in cell order, 0 for an empty cell.
func (s *Solver) Grid() []int { return append([]int(nil), s.value...) }

// Candidates returns the candidates of each empty cell, nil for a placed
// one.
func (s *Solver) Candidates() [][]int {
	out := make([][]int, len(s.cand))
	for c, m := range s.cand {
		if s.value[c] == 0 {
			out[c] = values(m)
		}
	}
	return out
}

func (s *Solver) name(c variant.Cell) string { return variant.CellName(s.n, c) }

func values(m uint32) []int {
	var vs []int
	for m != 0 {
		v := bits.TrailingZeros32(m)
		vs = append(vs, v)
		m &= m - 1
	}
	return vs
}

// each yields the values of m, smallest first, without the slice values
// makes: the steps' inner loops run it millions of times in a chain.
func each(m uint32) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for ; m != 0; m &= m - 1 {
			if !yield(bits.TrailingZeros32(m)) {
				return
			}
		}
	}
}

// place puts v in c and removes v from every cell that sees c; it returns
// the eliminations made.
func (s *Solver) place(c variant.Cell, v int) []Candidate {
	s.value[c] = v
	s.cand[c] = 1 << v
	var el []Candidate
	for d, ok := range s.see[c] {
		if ok && s.value[d] == 0 && s.cand[d]&(1<<v) != 0 {
			s.cand[d] &^= 1 << v
			el = append(el, Candidate{variant.Cell(d), v})
		}
	}
	return el
}

// eliminate removes the candidates of el that are still there and
// returns those it removed.
func (s *Solver) eliminate(el []Candidate) []Candidate {
	var done []Candidate
	for _, e := range el {
		if s.value[e.Cell] == 0 && s.cand[e.Cell]&(1<<e.Value) != 0 {
			s.cand[e.Cell] &^= 1 << e.Value
			done = append(done, e)
		}
	}
	return done
}

func (s *Solver) addHouse(h house) {
	h.full = len(h.cells) == s.n
	s.houses = append(s.houses, h)
	for _, a := range h.cells {
		for _, b := range h.cells {
			if a != b {
				s.see[a][b] = true
			}
		}
	}
}

func (s *Solver) link(a, b variant.Cell, why string) {
	if a == b || s.see[a][b] {
		return
	}
	s.see[a][b], s.see[b][a] = true, true
	s.why[[2]variant.Cell{a, b}] = why
	s.why[[2]variant.Cell{b, a}] = why
}

func (s *Solver) buildHouses(p *variant.Puzzle) {
	n := s.n
	for r := range n {
		h := house{name: phrase("row", Arg{Count: r + 1})}
		for c := range n {
			h.cells = append(h.cells, variant.CellOf(n, r, c))
		}
		s.addHouse(h)
	}
	for c := range n {
		h := house{name: phrase("column", Arg{Count: c + 1})}
		for r := range n {
			h.cells = append(h.cells, variant.CellOf(n, r, c))
		}
		s.addHouse(h)
	}
	regs := p.RegionsOf()
	byReg := map[int][]variant.Cell{}
	var order []int
	for c, g := range regs {
		if g < 0 {
			continue
		}
		if _, ok := byReg[g]; !ok {
			order = append(order, g)
		}
		byReg[g] = append(byReg[g], variant.Cell(c))
	}
	for _, g := range order {
		s.addHouse(house{name: phrase("region", Arg{Count: len(s.houses) - 2*n + 1}), cells: byReg[g]})
	}
	for _, k := range p.Constraints {
		switch k := k.(type) {
		case variant.KillerCage:
			s.addHouse(house{name: phrase("cageAt", s.cellArg(k.Cells[0])), kind: k.Kind(), cells: k.Cells})
		case variant.ExtraRegion:
			s.addHouse(house{name: phrase("extraRegionAt", s.cellArg(k.Cells[0])), kind: k.Kind(), cells: k.Cells})
		case variant.Renban:
			s.addHouse(house{name: phrase("renbanAt", s.cellArg(k.Cells[0])), kind: k.Kind(), cells: k.Cells})
		case variant.Diagonal:
			h := house{kind: k.Kind()}
			for i := range n {
				if k.Positive {
					h.cells = append(h.cells, variant.CellOf(n, n-1-i, i))
				} else {
					h.cells = append(h.cells, variant.CellOf(n, i, i))
				}
			}
			h.name = phrase("diagonalFrom", s.cellArg(h.cells[0]))
			s.addHouse(h)
		case variant.DisjointGroups:
			pos := map[int][]variant.Cell{}
			seen := map[int]int{}
			for c, g := range regs {
				if g < 0 {
					continue
				}
				pos[seen[g]] = append(pos[seen[g]], variant.Cell(c))
				seen[g]++
			}
			for i := 0; i < len(pos); i++ {
				s.addHouse(house{name: phrase("disjointGroup", Arg{Count: i + 1}), kind: k.Kind(), cells: pos[i]})
			}
		case variant.AntiKnight:
			s.chessLinks(k.Kind(), [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}})
		case variant.AntiKing:
			s.chessLinks(k.Kind(), [][2]int{{1, 1}, {1, -1}})
		}
	}
}

func (s *Solver) chessLinks(why string, moves [][2]int) {
	n := s.n
	for r := range n {
		for c := range n {
			for _, m := range moves {
				r2, c2 := r+m[0], c+m[1]
				if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n {
					s.link(variant.CellOf(n, r, c), variant.CellOf(n, r2, c2), why)
				}
			}
		}
	}
}
