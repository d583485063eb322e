package logic

import "github.com/godoku/sudoku"

// HoDoKu takes its singles from two queues, in the order they arose: a
// cell joins the naked-single queue when it is left with one candidate,
// and a cell joins the hidden-single queue when a digit is left with one
// place in one of its units. Which single comes first decides between a
// Full House, a Naked Single (4 points) and a Hidden Single (14), so the
// queues are kept here the same way, from the same moves in the same order:
// a puzzle is loaded by placing its givens in cell order, a placement
// clears the digit from the peers in cell order and then drops the cell's
// other digits, and a step's eliminations are made in its order.
//
// Entries are not removed when they stop being singles; a finder skips
// the ones whose cell is filled or whose digit has more places again. At
// most 81 cells become naked singles and 243 unit-digit pairs hidden ones
// in a solve (counts only fall), so the queues never wrap.

type qEntry struct {
	cell, d uint8
	dead    bool // removed as HoDoKu removes a hidden single whose digit left
}

type singlesQueues struct {
	ns           [81 + 1]qEntry
	hs           [243 + 1]qEntry
	nsLen, hsLen uint16
	free         [sudoku.NumUnits][10]uint8 // places left for each digit in each unit
}

func (q *singlesQueues) addNS(cell, d int) {
	if int(q.nsLen) < len(q.ns) {
		q.ns[q.nsLen] = qEntry{cell: uint8(cell), d: uint8(d)}
		q.nsLen++
	}
}

// addHS queues the first cell of unit u that holds d.
func (c *Candidates) addHS(u, d int) {
	q := &c.q
	for _, i := range sudoku.UnitCells(u) {
		if c.has(i, d) {
			if int(q.hsLen) < len(q.hs) {
				q.hs[q.hsLen] = qEntry{cell: uint8(i), d: uint8(d)}
				q.hsLen++
			}
			return
		}
	}
}

// deleteHS drops the first live hidden single of d in unit u.
func (q *singlesQueues) deleteHS(u, d int) {
	for k := range q.hs[:q.hsLen] {
		e := &q.hs[k]
		if !e.dead && int(e.d) == d && sudoku.CellUnits(int(e.cell))[u/9] == u {
			e.dead = true
			return
		}
	}
}

// loadGrid fills c with the puzzle g as HoDoKu loads it: every digit a
// candidate everywhere, then each given placed in cell order.
func (c *Candidates) loadGrid(g *sudoku.Grid) {
	for i := range c.marks {
		c.marks[i] = allDigits
	}
	for u := range c.q.free {
		for d := 1; d <= 9; d++ {
			c.q.free[u][d] = 9
		}
	}
	for i, v := range g {
		if v != 0 {
			c.setCell(i, int(v))
		}
	}
}

// rebuildQueues sets the counts and queues from the marks as they are, as
// HoDoKu does for a grid it is given with pencil marks: naked singles in
// cell order, then hidden singles unit by unit.
func (c *Candidates) rebuildQueues() {
	c.q = singlesQueues{}
	for i := range 81 {
		if c.values[i] != 0 {
			continue
		}
		for m := c.marks[i]; m != 0; m &= m - 1 {
			for _, u := range sudoku.CellUnits(i) {
				c.q.free[u][firstDigit(m)]++
			}
		}
		if popcount(c.marks[i]) == 1 {
			c.q.addNS(i, firstDigit(c.marks[i]))
		}
	}
	for u := range sudoku.NumUnits {
		for d := 1; d <= 9; d++ {
			if c.q.free[u][d] == 1 {
				c.addHS(u, d)
			}
		}
	}
}

// setCell places d in cell as HoDoKu's Sudoku2.setCell does.
func (c *Candidates) setCell(cell, d int) {
	old := c.marks[cell]
	c.values[cell] = uint8(d)
	c.marks[cell] = 0
	for _, p := range sudoku.Peers(cell) {
		c.delCand(p, d)
	}
	units := sudoku.CellUnits(cell)
	for m := old; m != 0; m &= m - 1 {
		x := firstDigit(m)
		for _, u := range units {
			c.q.free[u][x]--
			if c.q.free[u][x] == 1 && x != d {
				c.addHS(u, x)
			}
		}
	}
}

// delCand removes d from cell as HoDoKu's Sudoku2.delCandidate does.
func (c *Candidates) delCand(cell, d int) {
	if c.marks[cell]&(1<<d) == 0 {
		return
	}
	c.marks[cell] &^= 1 << d
	if c.marks[cell] == 0 {
		return // a broken grid: HoDoKu stops here too
	}
	if popcount(c.marks[cell]) == 1 {
		c.q.addNS(cell, firstDigit(c.marks[cell]))
	}
	for _, u := range sudoku.CellUnits(cell) {
		c.q.free[u][d]--
		switch c.q.free[u][d] {
		case 1:
			c.addHS(u, d)
		case 0:
			c.q.deleteHS(u, d)
		}
	}
}

// queuedFullHouse, queuedNakedSingle and queuedHiddenSingle return the
// first single of their kind in HoDoKu's queues, as its finders take
// them: a Full House is a queued naked single that is the last empty cell
// of a unit. They report false when the queues hold none.
func (c *Candidates) queuedFullHouse() (cell, d, unit int, ok bool) {
	for _, e := range c.q.ns[:c.q.nsLen] {
		cell, d = int(e.cell), int(e.d)
		if c.values[cell] != 0 || c.marks[cell] != 1<<d {
			continue
		}
		for _, u := range sudoku.CellUnits(cell) {
			if c.emptyCount(u) == 1 {
				return cell, d, u, true
			}
		}
	}
	return 0, 0, 0, false
}

func (c *Candidates) queuedNakedSingle() (cell, d int, ok bool) {
	for _, e := range c.q.ns[:c.q.nsLen] {
		cell, d = int(e.cell), int(e.d)
		if c.values[cell] == 0 && c.marks[cell] == 1<<d {
			return cell, d, true
		}
	}
	return 0, 0, false
}

func (c *Candidates) queuedHiddenSingle() (cell, d, unit int, ok bool) {
	for _, e := range c.q.hs[:c.q.hsLen] {
		cell, d = int(e.cell), int(e.d)
		if e.dead || c.values[cell] != 0 || !c.has(cell, d) {
			continue
		}
		for _, u := range sudoku.CellUnits(cell) {
			if c.positions(u, d).count() == 1 {
				return cell, d, u, true
			}
		}
	}
	return 0, 0, 0, false
}

// emptyCount returns the number of empty cells of unit u.
func (c *Candidates) emptyCount(u int) int {
	n := 0
	for _, i := range sudoku.UnitCells(u) {
		if c.values[i] == 0 {
			n++
		}
	}
	return n
}
