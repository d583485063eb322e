// Package vcheck checks a solution of a variant puzzle against every rule
// of the puzzle, in plain code written apart from the engine, for the
// tests: each rule is read straight from its definition on the filled
// grid, with no candidates and no search.
package vcheck

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/godoku/sudoku/variant"
)

// Check returns nil if sol (values in cell order) fills p by its rules:
// the values 1 to Size (Offset+1 to Offset+Size) once in each row, column
// and region, the givens, and every constraint; otherwise an error naming
// the first broken rule.
func Check(p *variant.Puzzle, sol []int) error {
	n := p.Size
	if len(sol) != n*n {
		return fmt.Errorf("%d values for %d cells", len(sol), n*n)
	}
	if p.Offset != 0 {
		if kinds := variant.KindsNotFromZero(p.Constraints); kinds != nil {
			return fmt.Errorf("not defined in a grid whose values start from %d: %v", p.Offset+1, kinds)
		}
	}
	at := func(r, c int) int { return sol[r*n+c] }
	for i, v := range sol {
		if v < p.Offset+1 || v > p.Offset+n {
			return fmt.Errorf("%s holds %d", name(n, i), v)
		}
		if p.Givens != nil && p.Givens[i] != 0 && p.Givens[i] != v {
			return fmt.Errorf("%s holds %d, given %d", name(n, i), v, p.Givens[i])
		}
	}
	for r := range n {
		var row, col []int
		for c := range n {
			row = append(row, at(r, c))
			col = append(col, at(c, r))
		}
		if !allDifferent(row) {
			return fmt.Errorf("row %d repeats a value", r+1)
		}
		if !allDifferent(col) {
			return fmt.Errorf("column %d repeats a value", r+1)
		}
	}
	regions := map[int][]int{}
	for i, r := range p.RegionsOf() {
		if r >= 0 {
			regions[r] = append(regions[r], sol[i])
		}
	}
	for r, vs := range regions {
		if !allDifferent(vs) {
			return fmt.Errorf("region %d repeats a value", r)
		}
	}
	for i, c := range p.Constraints {
		if err := check(p, sol, c); err != nil {
			return fmt.Errorf("constraint %d (%s): %v", i+1, c.Kind(), err)
		}
	}
	return nil
}

func name(n, i int) string { return variant.CellName(n, variant.Cell(i)) }

func allDifferent(vs []int) bool {
	seen := map[int]bool{}
	for _, v := range vs {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// neighbours returns the orthogonal neighbours of cell i.
func neighbours(n, i int) []int {
	r, c := i/n, i%n
	var out []int
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, rr*n+cc)
		}
	}
	return out
}

// has reports whether p has the constraint c (of a comparable kind).
func has(p *variant.Puzzle, c variant.Constraint) bool {
	for _, o := range p.Constraints {
		if o == c {
			return true
		}
	}
	return false
}

// check checks one constraint.
func check(p *variant.Puzzle, sol []int, con variant.Constraint) error {
	n := p.Size
	val := func(c variant.Cell) int { return sol[c] }
	vals := func(cs []variant.Cell) []int {
		out := make([]int, len(cs))
		for i, c := range cs {
			out[i] = sol[c]
		}
		return out
	}
	sum := func(cs []variant.Cell) int {
		s := 0
		for _, c := range cs {
			s += sol[c]
		}
		return s
	}
	fail := func(format string, args ...any) error { return fmt.Errorf(format, args...) }
	switch c := con.(type) {
	case variant.Candidates:
		for _, v := range c.Values {
			if v == val(c.Cell) {
				return nil
			}
		}
		return fail("%d is not a candidate", val(c.Cell))
	case variant.Even:
		if val(c.Cell)%2 != 0 {
			return fail("odd")
		}
	case variant.Odd:
		if val(c.Cell)%2 == 0 {
			return fail("even")
		}
	case variant.Minimum:
		for _, o := range neighbours(n, int(c.Cell)) {
			if !has(p, variant.Minimum{Cell: variant.Cell(o)}) && sol[o] <= val(c.Cell) {
				return fail("neighbour %s is not greater", name(n, o))
			}
		}
	case variant.Maximum:
		for _, o := range neighbours(n, int(c.Cell)) {
			if !has(p, variant.Maximum{Cell: variant.Cell(o)}) && sol[o] >= val(c.Cell) {
				return fail("neighbour %s is not less", name(n, o))
			}
		}
	case variant.KillerCage:
		if !allDifferent(vals(c.Cells)) {
			return fail("repeats")
		}
		if c.Sum != 0 && sum(c.Cells) != c.Sum {
			return fail("sums to %d", sum(c.Cells))
		}
	case variant.ExtraRegion:
		if !allDifferent(vals(c.Cells)) {
			return fail("repeats")
		}
	case variant.Quadruple:
		r, col := variant.RowCol(n, c.Cell)
		have := map[int]int{}
		for _, x := range []int{r*n + col, r*n + col + 1, (r+1)*n + col, (r+1)*n + col + 1} {
			have[sol[x]]++
		}
		need := map[int]int{}
		for _, v := range c.Values {
			need[v]++
		}
		for v, k := range need {
			if have[v] < k {
				return fail("%d appears %d times, want %d", v, have[v], k)
			}
		}
	case variant.Clone:
		for i := range c.Cells {
			if val(c.Cells[i]) != val(c.Clones[i]) {
				return fail("%s differs from its clone", name(n, int(c.Cells[i])))
			}
		}
	case variant.Indexer:
		return checkIndexer(p, sol, c)
	case variant.Difference:
		if abs(val(c.Cells[0])-val(c.Cells[1])) != c.Diff {
			return fail("values %v", vals(c.Cells[:]))
		}
	case variant.Ratio:
		a, b := val(c.Cells[0]), val(c.Cells[1])
		if a != c.Ratio*b && b != c.Ratio*a {
			return fail("values %d, %d", a, b)
		}
	case variant.XV:
		if sum(c.Cells[:]) != c.Sum {
			return fail("sums to %d", sum(c.Cells[:]))
		}
	case variant.Diagonal:
		var d []int
		for i := range n {
			if c.Positive {
				d = append(d, sol[(n-1-i)*n+i])
			} else {
				d = append(d, sol[i*n+i])
			}
		}
		if !allDifferent(d) {
			return fail("repeats")
		}
	case variant.AntiKnight, variant.AntiKing:
		moves := [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
		if _, king := c.(variant.AntiKing); king {
			moves = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
		}
		for i := range sol {
			r, col := i/n, i%n
			for _, m := range moves {
				rr, cc := r+m[0], col+m[1]
				if rr >= 0 && rr < n && cc >= 0 && cc < n && sol[rr*n+cc] == sol[i] {
					return fail("%s and %s hold %d", name(n, i), name(n, rr*n+cc), sol[i])
				}
			}
		}
	case variant.GlobalEntropy:
		third := n / 3
		for r := 0; r+1 < n; r++ {
			for col := 0; col+1 < n; col++ {
				var seen [3]bool
				for _, v := range []int{sol[r*n+col], sol[r*n+col+1], sol[(r+1)*n+col], sol[(r+1)*n+col+1]} {
					seen[(v-1)/third] = true
				}
				if !seen[0] || !seen[1] || !seen[2] {
					return fail("the 2x2 block at %s lacks a low, middle or high value", name(n, r*n+col))
				}
			}
		}
	case variant.DisjointGroups:
		byRegion := map[int][]int{}
		for i, r := range p.RegionsOf() {
			if r >= 0 {
				byRegion[r] = append(byRegion[r], sol[i])
			}
		}
		for k := 0; k < n; k++ {
			var g []int
			for _, vs := range byRegion {
				if k < len(vs) {
					g = append(g, vs[k])
				}
			}
			if !allDifferent(g) {
				return fail("position %d repeats", k+1)
			}
		}
	case variant.NonConsecutive, variant.NegativeRatio, variant.NegativeXV:
		return checkNegative(p, sol, c)
	case variant.Thermometer:
		for i := 1; i < len(c.Cells); i++ {
			a, b := val(c.Cells[i-1]), val(c.Cells[i])
			if a > b || (a == b && !c.Slow) {
				return fail("%d then %d", a, b)
			}
		}
	case variant.Arrow:
		circle := 0
		for _, x := range c.Circle {
			if len(c.Circle) > 1 && val(x) > 9 {
				return fail("pill digit %d", val(x))
			}
			circle = circle*10 + val(x)
		}
		if sum(c.Line) != circle {
			return fail("line sums to %d, circle %d", sum(c.Line), circle)
		}
	case variant.DoubleArrow:
		k := len(c.Cells)
		if val(c.Cells[0])+val(c.Cells[k-1]) != sum(c.Cells[1:k-1]) {
			return fail("ends %d+%d, middle %d", val(c.Cells[0]), val(c.Cells[k-1]), sum(c.Cells[1:k-1]))
		}
	case variant.Palindrome:
		vs := vals(c.Cells)
		for i := range vs {
			if vs[i] != vs[len(vs)-1-i] {
				return fail("%v", vs)
			}
		}
	case variant.Renban:
		vs := vals(c.Cells)
		lo, hi := vs[0], vs[0]
		for _, v := range vs {
			lo, hi = min(lo, v), max(hi, v)
		}
		if !allDifferent(vs) || hi-lo != len(vs)-1 {
			return fail("%v", vs)
		}
	case variant.Whispers:
		for i := 1; i < len(c.Cells); i++ {
			if abs(val(c.Cells[i])-val(c.Cells[i-1])) < c.Gap {
				return fail("%d next to %d", val(c.Cells[i-1]), val(c.Cells[i]))
			}
		}
	case variant.RegionSumLine:
		regions := p.RegionsOf()
		var sums []int
		for i, x := range c.Cells {
			if i == 0 || regions[x] != regions[c.Cells[i-1]] {
				sums = append(sums, 0)
			}
			sums[len(sums)-1] += val(x)
		}
		for _, s := range sums {
			if s != sums[0] {
				return fail("piece sums %v", sums)
			}
		}
	case variant.RellikCage:
		vs := vals(c.Cells)
		if !allDifferent(vs) {
			return fail("repeats")
		}
		for set := 1; set < 1<<len(vs); set++ {
			s := 0
			for i, v := range vs {
				if set>>i&1 != 0 {
					s += v
				}
			}
			if s == c.Sum {
				return fail("some of %v add up to %d", vs, c.Sum)
			}
		}
	case variant.Or:
		// A choice's rules are read as if they were the puzzle's (the
		// markers a negative rule or a fortress cell looks at are the
		// choice's).
		for _, choice := range c.Choices {
			sub := *p
			sub.Constraints = choice
			ok := true
			for _, x := range choice {
				if check(&sub, sol, x) != nil {
					ok = false
					break
				}
			}
			if ok {
				return nil
			}
		}
		return fail("no choice holds")
	case variant.CountDistinct:
		seen := map[int]bool{}
		for _, v := range vals(c.Cells[1:]) {
			seen[v] = true
		}
		if len(seen) != val(c.Cells[0]) {
			return fail("%d different values, the first cell holds %d", len(seen), val(c.Cells[0]))
		}
	case variant.ValueCount:
		k := 0
		for _, v := range vals(c.Cells) {
			if v == c.Value {
				k++
			}
		}
		if k != c.Count {
			return fail("%d cells hold %d", k, c.Value)
		}
	case variant.AntiTaxicab:
		for i := range sol {
			for j := i + 1; j < len(sol); j++ {
				if sol[i] == sol[j] && abs(i/n-j/n)+abs(i%n-j%n) == sol[i] {
					return fail("%s and %s hold %d, %d steps apart", name(n, i), name(n, j), sol[i], sol[i])
				}
			}
		}
	case variant.SameValues:
		want := vals(c.Sets[0])
		slices.Sort(want)
		for _, set := range c.Sets[1:] {
			got := vals(set)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				return fail("values %v and %v", want, got)
			}
		}
	case variant.Pairwise:
		allowed := map[[2]int]bool{}
		for _, pr := range c.Pairs {
			allowed[pr] = true
		}
		for i := range c.Cells {
			for j := i + 1; j < len(c.Cells); j++ {
				if (j == i+1 || c.All) && !allowed[[2]int{val(c.Cells[i]), val(c.Cells[j])}] {
					return fail("%s and %s hold %d and %d, not a pair of the table", name(n, int(c.Cells[i])), name(n, int(c.Cells[j])), val(c.Cells[i]), val(c.Cells[j]))
				}
			}
		}
	case variant.Sum:
		if s := sum(c.Cells); s != c.Total {
			return fail("adds up to %d", s)
		}
	case variant.Lunchbox:
		vs := vals(c.Cells)
		if !allDifferent(vs) {
			return fail("repeats")
		}
		lo, hi := 0, 0
		for i, v := range vs {
			if v < vs[lo] {
				lo = i
			}
			if v > vs[hi] {
				hi = i
			}
		}
		s := 0
		for _, v := range vs[min(lo, hi)+1 : max(lo, hi)] {
			s += v
		}
		if s != c.Sum {
			return fail("%d between the smallest and the largest", s)
		}
	case variant.CountingCircles:
		count := map[int]int{}
		for _, v := range vals(c.Cells) {
			count[v]++
		}
		for v, k := range count {
			if k != v {
				return fail("%d circles hold %d", k, v)
			}
		}
	case variant.SumLine:
		// Cut the values greedily from each possible first cell of a
		// stretch: a line's from its first cell; a loop's from any.
		vs := vals(c.Cells)
		firsts := 1
		if c.Loop {
			firsts = len(vs)
		}
		for f := 0; f < firsts; f++ {
			run := 0
			for i := range vs {
				run += vs[(f+i)%len(vs)]
				if run == c.Sum {
					run = 0
				}
				if run > c.Sum {
					break
				}
			}
			if run == 0 {
				return nil
			}
		}
		return fail("the values %v do not cut into stretches of sum %d", vs, c.Sum)
	case variant.BetweenLine:
		k := len(c.Cells)
		lo, hi := min(val(c.Cells[0]), val(c.Cells[k-1])), max(val(c.Cells[0]), val(c.Cells[k-1]))
		for _, x := range c.Cells[1 : k-1] {
			if val(x) <= lo || val(x) >= hi {
				return fail("%d is not between %d and %d", val(x), lo, hi)
			}
		}
	case variant.EntropicLine:
		// Windows of three cells; a shorter line is one window.
		third := n / 3
		w := min(3, len(c.Cells))
		for i := 0; i+w <= len(c.Cells); i++ {
			seen := map[int]bool{}
			for _, x := range c.Cells[i : i+w] {
				seen[(val(x)-1)/third] = true
			}
			if len(seen) != w {
				return fail("cells %d to %d", i+1, i+w)
			}
		}
	case variant.ModularLine:
		// Windows of Mod cells: a line shorter than Mod is one window.
		for i := 0; i < len(c.Cells); i++ {
			for j := i + 1; j < len(c.Cells) && j < i+c.Mod; j++ {
				if val(c.Cells[i])%c.Mod == val(c.Cells[j])%c.Mod {
					return fail("%s and %s", name(n, int(c.Cells[i])), name(n, int(c.Cells[j])))
				}
			}
		}
	case variant.ZipperLine:
		k := len(c.Cells)
		total := val(c.Cells[0]) + val(c.Cells[k-1])
		if k%2 == 1 {
			total = val(c.Cells[k/2])
		}
		for i := 0; i < k/2; i++ {
			if val(c.Cells[i])+val(c.Cells[k-1-i]) != total {
				return fail("pair %d sums to %d, want %d", i+1, val(c.Cells[i])+val(c.Cells[k-1-i]), total)
			}
		}
	case variant.LockoutLine:
		k := len(c.Cells)
		a, b := val(c.Cells[0]), val(c.Cells[k-1])
		if abs(a-b) < c.Gap {
			return fail("ends %d and %d", a, b)
		}
		lo, hi := min(a, b), max(a, b)
		for _, x := range c.Cells[1 : k-1] {
			if val(x) >= lo && val(x) <= hi {
				return fail("%d between ends %d and %d", val(x), lo, hi)
			}
		}
	case variant.Nabner:
		vs := vals(c.Cells)
		for i := range vs {
			for j := range i {
				if abs(vs[i]-vs[j]) <= 1 {
					return fail("%d and %d", vs[i], vs[j])
				}
			}
		}
	case variant.LittleKiller:
		cs := variant.LittleKillerCells(n, c)
		if sum(cs) != c.Sum {
			return fail("sums to %d", sum(cs))
		}
	case variant.Sandwich:
		vs := vals(c.At.Cells(n))
		i, j := -1, -1
		for k, v := range vs {
			if v == 1 || v == n {
				if i < 0 {
					i = k
				} else {
					j = k
				}
			}
		}
		s := 0
		for _, v := range vs[i+1 : j] {
			s += v
		}
		if s != c.Sum {
			return fail("sandwich of %d", s)
		}
	case variant.XSum:
		vs := vals(c.At.Cells(n))
		s := 0
		for _, v := range vs[:vs[0]] {
			s += v
		}
		if s != c.Sum {
			return fail("x-sum of %d", s)
		}
	case variant.HiddenSkyscraper:
		top, hidden := 0, 0
		for _, v := range vals(c.At.Cells(n)) {
			if v < top {
				hidden = v
				break
			}
			top = v
		}
		if hidden != c.Value {
			return fail("the first hidden is %d", hidden)
		}
	case variant.NumberedRoom:
		vs := vals(c.At.Cells(n))
		if vs[vs[0]-1] != c.Value {
			return fail("cell %d of the line holds %d", vs[0], vs[vs[0]-1])
		}
	case variant.Skyscraper:
		seen, top := 0, 0
		for _, v := range vals(c.At.Cells(n)) {
			if v > top {
				top = v
				seen++
			}
		}
		if seen != c.Count {
			return fail("%d seen", seen)
		}
	case variant.FullRank:
		own := vals(c.At.Cells(n))
		lower, same := 0, 0
		for _, l := range readings(n, sol) {
			switch slices.Compare(l, own) {
			case -1:
				lower++
			case 0:
				same++
			}
		}
		// The clued line is among the readings once.
		if same > 1 {
			return fail("%d other lines read the same", same-1)
		}
		if lower != c.Rank-1 {
			return fail("%d lines read lower, rank %d", lower, lower+1)
		}
	case variant.NoRankTies:
		ls := readings(n, sol)
		for i := range ls {
			for j := range i {
				if slices.Equal(ls[i], ls[j]) {
					return fail("two lines read %v", ls[i])
				}
			}
		}
	default:
		return fail("vcheck has no check for %T", con)
	}
	return nil
}

// checkIndexer checks an indexer from its definition.
func checkIndexer(p *variant.Puzzle, sol []int, c variant.Indexer) error {
	n := p.Size
	regions := p.RegionsOf()
	for _, x := range c.Cells {
		r, col := variant.RowCol(n, x)
		v := sol[x]
		switch c.Of {
		case variant.RowIndexer:
			if sol[(v-1)*n+col] != r+1 {
				return fmt.Errorf("%s holds %d but row %d of column %d holds %d", name(n, int(x)), v, v, col+1, sol[(v-1)*n+col])
			}
		case variant.ColumnIndexer:
			if sol[r*n+v-1] != col+1 {
				return fmt.Errorf("%s holds %d but column %d of row %d holds %d", name(n, int(x)), v, v, r+1, sol[r*n+v-1])
			}
		case variant.BoxIndexer:
			var cells []int
			k := -1
			for i, rr := range regions {
				if rr == regions[x] {
					if i == int(x) {
						k = len(cells)
					}
					cells = append(cells, i)
				}
			}
			if sol[cells[v-1]] != k+1 {
				return fmt.Errorf("%s holds %d but position %d of its region holds %d", name(n, int(x)), v, v, sol[cells[v-1]])
			}
		}
	}
	return nil
}

// checkNegative checks a negative rule on every orthogonal pair without a
// marker of its kind.
func checkNegative(p *variant.Puzzle, sol []int, con variant.Constraint) error {
	n := p.Size
	type pair [2]int
	k := func(a, b int) pair {
		if a > b {
			a, b = b, a
		}
		return pair{a, b}
	}
	kropki, xv := map[pair]bool{}, map[pair]bool{}
	var ratios []int
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case variant.Difference:
			kropki[k(int(c.Cells[0]), int(c.Cells[1]))] = true
		case variant.Ratio:
			kropki[k(int(c.Cells[0]), int(c.Cells[1]))] = true
			ratios = append(ratios, c.Ratio)
		case variant.XV:
			xv[k(int(c.Cells[0]), int(c.Cells[1]))] = true
		}
	}
	if ratios == nil {
		ratios = []int{2}
	}
	for i := range sol {
		for _, o := range neighbours(n, i) {
			if o < i {
				continue
			}
			a, b := sol[i], sol[o]
			pk := k(i, o)
			switch con.(type) {
			case variant.NonConsecutive:
				if !kropki[pk] && abs(a-b) == 1 {
					return fmt.Errorf("%s and %s hold %d and %d", name(n, i), name(n, o), a, b)
				}
			case variant.NegativeRatio:
				for _, r := range ratios {
					if !kropki[pk] && (a == r*b || b == r*a) {
						return fmt.Errorf("%s and %s hold %d and %d (ratio %s)", name(n, i), name(n, o), a, b, strconv.Itoa(r))
					}
				}
			case variant.NegativeXV:
				if !xv[pk] && (a+b == 5 || a+b == 10) {
					return fmt.Errorf("%s and %s add up to %d", name(n, i), name(n, o), a+b)
				}
			}
		}
	}
	return nil
}

// readings returns the 4n numbers FullRank ranks, as lists of digits:
// each row read left to right and right to left, each column read top to
// bottom and bottom to top.
func readings(n int, sol []int) [][]int {
	var out [][]int
	for i := range n {
		var row, col []int
		for j := range n {
			row = append(row, sol[i*n+j])
			col = append(col, sol[j*n+i])
		}
		out = append(out, row, reversed(row), col, reversed(col))
	}
	return out
}

// reversed returns a reversed copy of s.
func reversed(s []int) []int {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}
