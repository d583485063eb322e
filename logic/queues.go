package logic

import (
	"math/bits"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/board"
)

// HoDoKu takes its singles from two queues, in the order they arose: a
// cell joins the naked-single queue when it is left with one candidate,
// and a cell joins the hidden-single queue when a digit is left with one
// place in one of its units. Which single comes first decides between a
// Full House, a Naked Single (4 points) and a Hidden Single (14), so the
// queues are kept here as HoDoKu's Sudoku2 keeps them, from the same moves
// in the same order: a puzzle is loaded by placing its givens in cell
// order, a placement clears the digit from the peers in cell order and
// then drops the cell's other digits, and a step's eliminations are made
// in its order.
//
// A queue is an array read from get to put. The Naked and Hidden Single
// searches take entries from the front, dropping the ones that are no
// longer singles, and an emptied queue starts again at 0; the Full House
// search and the forcing nets' look-ahead read without taking. A digit
// that loses its last place in a unit drops the first entry of that unit
// and digit still queued. Counts only fall along a solve, so at most 81
// cells become naked singles and 243 unit-digit pairs hidden ones between
// two restarts: the arrays never overflow.

// singlesQueue is one of the two queues.
type singlesQueue struct {
	cell, d  [3 * 81]uint8
	get, put uint16
}

type singlesQueues struct {
	ns, hs singlesQueue
	// free counts the places left for each digit in each unit, as
	// HoDoKu's Sudoku2.free does (a placement in a broken grid can take
	// it below zero).
	free [sudoku.NumUnits][10]int8
}

func (q *singlesQueue) add(cell, d int) {
	if int(q.put) < len(q.cell) {
		q.cell[q.put], q.d[q.put] = uint8(cell), uint8(d)
		q.put++
	}
}

// take returns the index of the first entry and removes it, or -1 when
// the queue is empty.
func (q *singlesQueue) take() int {
	if q.get >= q.put {
		return -1
	}
	k := int(q.get)
	q.get++
	if q.get >= q.put {
		q.get, q.put = 0, 0
	}
	return k
}

// removeAt drops entry k, keeping the order of the others.
func (q *singlesQueue) removeAt(k int) {
	copy(q.cell[k:q.put-1], q.cell[k+1:q.put])
	copy(q.d[k:q.put-1], q.d[k+1:q.put])
	q.put--
}

// deleteHidden drops the first queued entry of digit d whose cell lies in
// unit u.
func (q *singlesQueue) deleteHidden(u, d int) {
	for k := int(q.get); k < int(q.put); k++ {
		if int(q.d[k]) == d && cellUnits[q.cell[k]][u/9] == uint8(u) {
			q.removeAt(k)
			return
		}
	}
}

// addHS queues the first cell of unit u that holds d.
func (c *Candidates) addHS(u, d int) {
	for _, i := range sudoku.UnitCells(u) {
		if c.has(i, d) {
			c.q.hs.add(i, d)
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
			for _, u := range cellUnits[i] {
				c.q.free[u][firstDigit(m)]++
			}
		}
		if popcount(c.marks[i]) == 1 {
			c.q.ns.add(i, firstDigit(c.marks[i]))
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

// setCell places d in cell as HoDoKu's Sudoku2.setCell does: nothing if d
// is there already; otherwise d leaves the peers in cell order, then the
// cell's own candidates leave the counts of its units. A filled cell may
// be given another digit (the forcing nets' look-ahead does, on the way
// to a contradiction).
func (c *Candidates) setCell(cell, d int) {
	if int(c.values[cell]) == d {
		return
	}
	old := c.marks[cell]
	c.values[cell] = uint8(d)
	c.marks[cell] = 0
	// The peers in increasing order, those holding d only (delCand
	// leaves the others alone): the forcing nets' look-ahead places
	// digits by the million.
	bit := uint16(1) << d
	for w, x := range board.Peers[cell] {
		for ; x != 0; x &= x - 1 {
			if p := w*64 + bits.TrailingZeros64(x); c.marks[p]&bit != 0 {
				c.delCand(p, d)
			}
		}
	}
	units := cellUnits[cell]
	for m := old; m != 0; m &= m - 1 {
		x := firstDigit(m)
		for _, u := range units {
			c.q.free[u][x]--
			if c.q.free[u][x] == 1 && x != d {
				c.addHS(int(u), x)
			}
		}
	}
}

// delCand removes d from cell as HoDoKu's Sudoku2.delCandidate does; it
// reports false when that leaves the cell without a candidate (the counts
// are then left as they were).
func (c *Candidates) delCand(cell, d int) bool {
	if c.marks[cell]&(1<<d) == 0 {
		return true
	}
	c.marks[cell] &^= 1 << d
	if c.marks[cell] == 0 {
		return false
	}
	if popcount(c.marks[cell]) == 1 {
		c.q.ns.add(cell, firstDigit(c.marks[cell]))
	}
	for _, u := range cellUnits[cell] {
		c.q.free[u][d]--
		switch c.q.free[u][d] {
		case 1:
			c.addHS(int(u), d)
		case 0:
			c.q.hs.deleteHidden(int(u), d)
		}
	}
	return true
}

// queuedFullHouse returns the first entry of the naked-single queue, read
// without taking, that is the last empty cell of one of its units (every
// other digit has no place left there), as HoDoKu's Full House search
// does.
func (c *Candidates) queuedFullHouse() (cell, d, unit int, ok bool) {
	q := &c.q.ns
	for k := int(q.get); k < int(q.put); k++ {
		cell, d = int(q.cell[k]), int(q.d[k])
		if c.values[cell] != 0 {
			continue
		}
		for _, u := range cellUnits[cell] {
			full := true
			for x := 1; x <= 9; x++ {
				if x != d && c.q.free[u][x] != 0 {
					full = false
					break
				}
			}
			if full {
				return cell, d, int(u), true
			}
		}
	}
	return 0, 0, 0, false
}

// takeNakedSingle takes entries from the naked-single queue up to the
// first whose cell is empty, which it returns.
func (c *Candidates) takeNakedSingle() (cell, d int, ok bool) {
	q := &c.q.ns
	for k := q.take(); k >= 0; k = q.take() {
		cell, d = int(q.cell[k]), int(q.d[k])
		if c.values[cell] == 0 {
			return cell, d, true
		}
	}
	return 0, 0, false
}

// takeHiddenSingle takes entries from the hidden-single queue up to the
// first whose cell is empty, and returns it with a unit of the cell
// where its digit has one place. Like HoDoKu's, the search ends at that
// entry even when no such unit is left (ok false).
func (c *Candidates) takeHiddenSingle() (cell, d, unit int, ok bool) {
	q := &c.q.hs
	for k := q.take(); k >= 0; k = q.take() {
		cell, d = int(q.cell[k]), int(q.d[k])
		if c.values[cell] != 0 {
			continue
		}
		for _, u := range cellUnits[cell] {
			if c.q.free[u][d] == 1 {
				return cell, d, int(u), true
			}
		}
		return 0, 0, 0, false
	}
	return 0, 0, 0, false
}
