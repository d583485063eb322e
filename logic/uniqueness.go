package logic

import (
	"fmt"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// Uniqueness techniques assume the puzzle has one solution: a deadly
// pattern (two digits a and b filling a rectangle of four empty cells over
// two boxes, so that swapping them gives a second solution) cannot be the
// solution, so whatever would force it is false. The swap argument is
// about solutions, not pencil marks: a corner may have lost a or b to an
// earlier elimination, as long as no placed digit rules it out.
//
// The rectangles are visited in HoDoKu's order, so that each Uniqueness
// Test takes the rectangle HoDoKu takes: starting from each bivalue cell in
// cell order (its two digits are a and b), the second corner in the same
// box and row or column (box order), then the other two along the
// columns (or rows) of the first two, each rectangle once. In each, the
// tests are tried in HoDoKu's order, and a search for one test takes the
// first rectangle that gives it.

// urSearch is one walk over the rectangles of a grid.
type urSearch struct {
	c       *Candidates
	allowed [10]cellSet // empty cells where no placed peer holds the digit
	seen    map[[4]int]bool
}

// findUniqueness returns the finder of Uniqueness Test t (or Hidden
// Rectangle).
func findUniqueness(t Technique) func(*Candidates, *memo) (Step, bool) {
	return uniquenessFinder(t, false)
}

// uniquenessFinder returns the finder of t; with strict set, every corner
// must still hold both digits, as Sudoku Explainer's rectangles do.
func uniquenessFinder(t Technique, strict bool) func(*Candidates, *memo) (Step, bool) {
	return func(c *Candidates, m *memo) (Step, bool) {
		us := newURSearch(c, strict)
		var found Step
		ok := false
		us.rectangles(func(r urRect) bool {
			found, ok = us.stepOf(t, r)
			return ok
		})
		return found, ok
	}
}

// newURSearch starts a walk over the rectangles of c; with strict set,
// a corner must hold both digits, else no placed peer may hold them.
func newURSearch(c *Candidates, strict bool) *urSearch {
	us := &urSearch{c: c, seen: map[[4]int]bool{}}
	placed := c.placedByUnit()
	for i := range 81 {
		if c.values[i] != 0 {
			continue
		}
		m := c.marks[i]
		if !strict {
			units := sudoku.CellUnits(i)
			m = allDigits &^ (placed[units[0]] | placed[units[1]] | placed[units[2]])
		}
		for ; m != 0; m &= m - 1 {
			us.allowed[firstDigit(m)].Add(i)
		}
	}
	return us
}

// placedByUnit returns, for each unit, the digits placed in it (bit d
// for digit d): an empty cell's peers hold exactly the digits placed in
// its three units.
func (c *Candidates) placedByUnit() [sudoku.NumUnits]uint16 {
	var placed [sudoku.NumUnits]uint16
	for i, v := range c.values {
		if v != 0 {
			for _, u := range sudoku.CellUnits(i) {
				placed[u] |= 1 << v
			}
		}
	}
	return placed
}

// urRect is a rectangle: cells in HoDoKu's corner order (11, 12, 21, 22)
// and its two digits a < b.
type urRect struct {
	cells [4]int
	a, b  int
}

// rectangles calls f with each rectangle in HoDoKu's order until f
// returns true.
func (us *urSearch) rectangles(f func(urRect) bool) {
	c := us.c
	for i11 := range 81 {
		if c.values[i11] != 0 || popcount(c.marks[i11]) != 2 {
			continue
		}
		ds := digitsOf(c.marks[i11])
		a, b := ds[0], ds[1]
		box := sudoku.Box(i11)
		for _, i12 := range sudoku.UnitCells(sudoku.FirstBox + box) {
			if i12 == i11 || sudoku.Row(i12) != sudoku.Row(i11) && sudoku.Col(i12) != sudoku.Col(i11) {
				continue
			}
			if !us.allowed[a].Has(i12) || !us.allowed[b].Has(i12) {
				continue
			}
			// The other corners lie along the columns of a row pair, or
			// the rows of a column pair.
			var u11, u12 [9]int
			if sudoku.Row(i12) == sudoku.Row(i11) {
				u11, u12 = sudoku.UnitCells(sudoku.FirstCol+sudoku.Col(i11)), sudoku.UnitCells(sudoku.FirstCol+sudoku.Col(i12))
			} else {
				u11, u12 = sudoku.UnitCells(sudoku.FirstRow+sudoku.Row(i11)), sudoku.UnitCells(sudoku.FirstRow+sudoku.Row(i12))
			}
			for j := range 9 {
				i21, i22 := u11[j], u12[j]
				if sudoku.Box(i21) == box {
					continue
				}
				if !us.allowed[a].Has(i21) || !us.allowed[a].Has(i22) || !us.allowed[b].Has(i21) || !us.allowed[b].Has(i22) {
					continue
				}
				key := [4]int{i11, i12, i21, i22}
				sortInts(key[:])
				if us.seen[key] {
					continue
				}
				us.seen[key] = true
				if f(urRect{[4]int{i11, i12, i21, i22}, a, b}) {
					return
				}
			}
		}
	}
}

func sortInts(x []int) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// stepOf returns the first step of technique t that rectangle r gives.
func (us *urSearch) stepOf(t Technique, r urRect) (Step, bool) {
	c := us.c
	ab := uint16(1)<<r.a | 1<<r.b
	var two, extra []int // corners with no other digit, and the others, in cell order
	sorted := r.cells
	sortInts(sorted[:])
	for _, i := range sorted {
		if c.marks[i]&^ab == 0 {
			two = append(two, i)
		} else {
			extra = append(extra, i)
		}
	}
	var rect cellSet
	for _, i := range r.cells {
		rect.Add(i)
	}
	// The notation and pattern are written only for a step: most
	// rectangles tried give none.
	note := func() string { return fmt.Sprintf("%d/%d in %s", r.a, r.b, cellNames(rect.List())) }
	pat := func() []sudoku.Candidate { return c.candsOf(rect.List(), ab) }
	mk := func(t Technique, el []sudoku.Candidate, why string, args ...Arg) (Step, bool) {
		if len(el) == 0 {
			return Step{}, false
		}
		return Step{Technique: t, Pattern: pat(), Eliminations: sortCands(el), Notation: note()}.because(why, args...), true
	}
	switch t {
	case UniqueRectangle1:
		if len(two) != 3 {
			return Step{}, false
		}
		x := extra[0]
		return mk(t, c.candsOf([]int{x}, ab), "ur1", cellArg(x), digitArg(r.a), digitArg(r.b))
	case UniqueRectangle2, UniqueRectangle5:
		if len(two) != 2 && len(two) != 1 {
			return Step{}, false
		}
		var add uint16
		for _, i := range extra {
			add |= c.marks[i] &^ ab
		}
		if popcount(add) != 1 {
			return Step{}, false
		}
		kind := UniqueRectangle2
		if len(extra) == 3 || sudoku.Row(extra[0]) != sudoku.Row(extra[1]) && sudoku.Col(extra[0]) != sudoku.Col(extra[1]) {
			kind = UniqueRectangle5
		}
		if kind != t {
			return Step{}, false
		}
		z := firstDigit(add)
		var xs cellSet
		for _, i := range extra {
			xs.Add(i)
		}
		return mk(t, c.elimsIn(seenByAll(xs), z), "ur2", digitArg(r.a), digitArg(r.b), cellsArg(extra), digitArg(z))
	case UniqueRectangle3:
		if len(two) != 2 {
			return Step{}, false
		}
		i1, i2 := extra[0], extra[1]
		for k, same := range [3]bool{sudoku.Row(i1) == sudoku.Row(i2), sudoku.Col(i1) == sudoku.Col(i2), sudoku.Box(i1) == sudoku.Box(i2)} {
			if same {
				if s, ok := us.type3(r, rect, extra, sudoku.CellUnits(i1)[k], note, pat); ok {
					return s, true
				}
			}
		}
	case UniqueRectangle4:
		if len(two) != 2 {
			return Step{}, false
		}
		i1, i2 := extra[0], extra[1]
		if sudoku.Row(i1) != sudoku.Row(i2) && sudoku.Col(i1) != sudoku.Col(i2) {
			return Step{}, false
		}
		var xs cellSet
		xs.Add(i1)
		xs.Add(i2)
		common := seenByAll(xs)
		del := 0
		switch {
		case c.elimsIn(common, r.a) == nil:
			del = r.b
		case c.elimsIn(common, r.b) == nil:
			del = r.a
		default:
			return Step{}, false
		}
		keep := r.a + r.b - del
		return mk(t, c.candsOf(extra, 1<<del), "ur4", digitArg(keep), cellArg(i1), cellArg(i2), digitArg(del))
	case UniqueRectangle6:
		if len(two) != 2 {
			return Step{}, false
		}
		i1, i2 := extra[0], extra[1]
		if sudoku.Row(i1) == sudoku.Row(i2) || sudoku.Col(i1) == sudoku.Col(i2) {
			return Step{}, false
		}
		var lines cellSet
		for _, i := range extra {
			lines = lines.Or(board.Units[sudoku.FirstRow+sudoku.Row(i)]).Or(board.Units[sudoku.FirstCol+sudoku.Col(i)])
		}
		lines = lines.AndNot(rect)
		del := 0
		switch {
		case c.elimsIn(lines, r.a) == nil:
			del = r.a
		case c.elimsIn(lines, r.b) == nil:
			del = r.b
		default:
			return Step{}, false
		}
		return mk(t, c.candsOf(extra, 1<<del), "ur6", digitArg(del), cellArg(i1), cellArg(i2), digitArg(r.a), digitArg(r.b))
	case HiddenRectangle:
		if len(two) != 2 && len(two) != 1 {
			return Step{}, false
		}
		if len(two) == 2 && (sudoku.Row(two[0]) == sudoku.Row(two[1]) || sudoku.Col(two[0]) == sudoku.Col(two[1])) {
			return Step{}, false
		}
		for _, corner := range two {
			// The corner opposite: the row and column of the rectangle
			// that do not hold it.
			row, col := sudoku.Row(extra[0]), sudoku.Col(extra[0])
			if row == sudoku.Row(corner) {
				row = sudoku.Row(extra[1])
			}
			if col == sudoku.Col(corner) {
				col = sudoku.Col(extra[1])
			}
			opp := row*9 + col
			for _, xy := range [2][2]int{{r.a, r.b}, {r.b, r.a}} {
				x, y := xy[0], xy[1]
				if !c.positions(sudoku.FirstRow+row, x).AndNot(rect).Empty() || !c.positions(sudoku.FirstCol+col, x).AndNot(rect).Empty() {
					continue
				}
				if c.has(opp, y) {
					return mk(t, []sudoku.Candidate{cand(opp, y)}, "hiddenRect",
						unitArg(sudoku.FirstRow+row), unitArg(sudoku.FirstCol+col), digitArg(x), cellArg(opp), digitArg(y), digitArg(r.a), digitArg(r.b))
				}
			}
		}
	}
	return Step{}, false
}

// type3 looks in unit u for cells without a or b that, with the two extra
// corners as one cell holding their extra digits, form a naked subset:
// HoDoKu's depth-first order over the unit's cells.
func (us *urSearch) type3(r urRect, rect cellSet, extra []int, u int, note func() string, pat func() []sudoku.Candidate) (Step, bool) {
	c := us.c
	ab := uint16(1)<<r.a | 1<<r.b
	var pool []int
	for _, i := range sudoku.UnitCells(u) {
		if c.values[i] == 0 && c.marks[i]&ab == 0 && !rect.Has(i) {
			pool = append(pool, i)
		}
	}
	var roof uint16
	for _, i := range extra {
		roof |= c.marks[i] &^ ab
	}
	var found Step
	var rec func(from int, m uint16, set []int) bool
	rec = func(from int, m uint16, set []int) bool {
		for k := from; k < len(pool); k++ {
			mm := m | c.marks[pool[k]]
			s := append(set[:len(set):len(set)], pool[k])
			all := append(append([]int{}, extra...), s...)
			if (u < sudoku.FirstBox || !sameLine(all)) && popcount(mm) == len(s)+1 {
				var in cellSet
				for _, i := range all {
					in.Add(i)
				}
				var el []sudoku.Candidate
				for _, d := range digitsOf(mm) {
					el = append(el, c.elimsIn(board.Units[u].AndNot(in), d)...)
				}
				if u < sudoku.FirstBox {
					if b := sameBox(all); b >= 0 {
						for _, d := range digitsOf(mm) {
							el = append(el, c.elimsIn(board.Units[b].AndNot(in), d)...)
						}
					}
				}
				if len(el) > 0 {
					found = Step{Technique: UniqueRectangle3, Pattern: append(pat(), c.candsOf(s, allDigits)...), Eliminations: sortCands(el),
						Notation: fmt.Sprintf("%s with %s {%s}", note(), cellNames(s), digitList(digitsOf(mm))),
					}.because("ur3", cellsArg(extra).joined("or"), digitsArg(digitsOf(roof)), cellsArg(s), digitsArg(digitsOf(mm)), unitArg(u))
					return true
				}
			}
			if rec(k+1, mm, s) {
				return true
			}
		}
		return false
	}
	ok := rec(0, roof, nil)
	return found, ok
}

// sameLine reports whether the cells share a row or a column.
func sameLine(cells []int) bool {
	row, col := true, true
	for _, i := range cells[1:] {
		row = row && sudoku.Row(i) == sudoku.Row(cells[0])
		col = col && sudoku.Col(i) == sudoku.Col(cells[0])
	}
	return row || col
}

// sameBox returns the box unit of the cells, or -1 if they span two.
func sameBox(cells []int) int {
	for _, i := range cells[1:] {
		if sudoku.Box(i) != sudoku.Box(cells[0]) {
			return -1
		}
	}
	return sudoku.FirstBox + sudoku.Box(cells[0])
}
