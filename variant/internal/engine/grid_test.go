package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// grids4 returns every 4x4 Sudoku grid (rows, columns and 2x2 boxes), 288
// of them, each as 16 values by cell (row by row).
func grids4() [][]int {
	var out [][]int
	g := make([]int, 16)
	var walk func(c int)
	walk = func(c int) {
		if c == 16 {
			out = append(out, slices.Clone(g))
			return
		}
		r, col := c/4, c%4
		for v := 1; v <= 4; v++ {
			ok := true
			for o := range c {
				or, oc := o/4, o%4
				if g[o] == v && (or == r || oc == col || (or/2 == r/2 && oc/2 == col/2)) {
					ok = false
					break
				}
			}
			if ok {
				g[c] = v
				walk(c + 1)
			}
		}
	}
	walk(0)
	return out
}

// builder4 returns a builder of a 4x4 Sudoku: rows, columns and boxes.
func builder4() *Builder { return sudokuBuilder(2, 2) }

// sudokuBuilder returns a builder of a Sudoku of boxes of h rows and w
// columns, on h*w rows and columns: its rows, columns and boxes.
func sudokuBuilder(h, w int) *Builder {
	n := h * w
	b := NewBuilder(n, n*n)
	var rows, cols, boxes [][]int
	for i := range n {
		var r, c, x []int
		for j := range n {
			r = append(r, n*i+j)
			c = append(c, n*j+i)
			x = append(x, n*(h*(i/h)+j/w)+w*(i%h)+j%w)
		}
		rows, cols, boxes = append(rows, r), append(cols, c), append(boxes, x)
	}
	b.Tiling(rows)
	b.Tiling(cols)
	b.Tiling(boxes)
	return b
}

// root4 builds a 4x4 Sudoku with the rules add gives and returns the
// candidates after propagation, nil for a contradiction.
func root4(add func(b *Builder)) []Mask {
	b := builder4()
	add(b)
	s := b.Build().newSolver(context.Background())
	if !s.start() {
		return nil
	}
	return s.cells
}

// support4 returns the values each cell takes in the 4x4 grids ok
// accepts (all 0 when none does).
func support4(ok func(g []int) bool) []Mask {
	out := make([]Mask, 16)
	for _, g := range grids4() {
		if ok(g) {
			for c, v := range g {
				out[c] |= bit(v)
			}
		}
	}
	return out
}

// checkRoot fails when the root candidates lose a value some grid keeps,
// or keep one want lacks at a cell of exact (the deduction under test).
func checkRoot(t *testing.T, name string, got, want []Mask, exact []int) {
	t.Helper()
	empty := slices.Contains(want, 0)
	if got == nil {
		if !empty {
			t.Fatalf("%s: contradiction, want %v", name, want)
		}
		return
	}
	for c := range want {
		if want[c]&^got[c] != 0 {
			t.Fatalf("%s: cell %d loses supported %v", name, c, (want[c] &^ got[c]).Values())
		}
	}
	for _, c := range exact {
		if got[c] != want[c] {
			t.Errorf("%s: cell %d keeps %v, want %v", name, c, got[c].Values(), want[c].Values())
		}
	}
}

// TestValueCountPeers checks what a count of a value deduces from the
// peers among and around its cells, on 4x4 grids against brute force:
// table cases that need it (each cell of exact matches the grids), and
// random counts that must never lose a value a grid keeps.
func TestValueCountPeers(t *testing.T) {
	count := func(g []int, cells []int, v int) int {
		k := 0
		for _, c := range cells {
			if g[c] == v {
				k++
			}
		}
		return k
	}
	tests := []struct {
		name     string
		cells    []int
		v, count int
		exact    []int
	}{
		// One 3 in r1c1-r1c2: not elsewhere in row 1 or box 1.
		{"pointing", []int{0, 1}, 3, 1, []int{2, 3, 4, 5}},
		// Two 1s in r1c1, r1c2, r3c3: r3c3 holds one, so r1c3 (seeing
		// r1c1 and r1c2 by its row, r3c3 by its column) holds none.
		{"two of three", []int{0, 1, 10}, 1, 2, []int{2, 8, 9, 11, 14}},
		// Two 2s in r1c1, r1c3, r3c3: r1c3 sees both others, so a 2
		// there leaves one place; r1c1 and r3c3 hold them.
		{"inside", []int{0, 2, 10}, 2, 2, []int{0, 2, 10}},
		// Two 4s in r1c1, r1c2, r2c1: all peers, no room for two.
		{"no room", []int{0, 1, 4}, 4, 2, nil},
	}
	for _, tc := range tests {
		got := root4(func(b *Builder) { b.ValueCount(tc.cells, tc.v, tc.count) })
		want := support4(func(g []int) bool { return count(g, tc.cells, tc.v) == tc.count })
		checkRoot(t, tc.name, got, want, tc.exact)
		if slices.Contains(want, 0) && got != nil {
			t.Errorf("%s: no grid, and no contradiction", tc.name)
		}
	}
	rng := rand.New(rand.NewPCG(30, 5))
	for trial := range 300 {
		cells := rng.Perm(16)[:2+rng.IntN(6)]
		v, k := 1+rng.IntN(4), 1+rng.IntN(3)
		given := rng.IntN(16)
		gv := 1 + rng.IntN(4)
		got := root4(func(b *Builder) {
			b.ValueCount(cells, v, k)
			b.Restrict(given, bit(gv))
		})
		want := support4(func(g []int) bool { return g[given] == gv && count(g, cells, v) == k })
		checkRoot(t, "random", got, want, nil)
		_ = trial
	}
}

// TestSumCut checks that a sum's bounds use the cut of its cells into
// groups of peers that the best of cliques' ways finds: nine cells of a
// 4x4 grid that add up to 17, their least total when r2 is a group of
// four (as the cells in cell order cut), against 16 as they are given
// (r2c2 with r3c2 and r4c2, r4c3 with r2c3 and r1c3): each group then
// holds its least values, which the grids confirm. Random sums over
// random cells must never lose a value a grid keeps.
func TestSumCut(t *testing.T) {
	sum := func(g []int, cells []int) int {
		s := 0
		for _, c := range cells {
			s += g[c]
		}
		return s
	}
	cells := []int{9, 5, 14, 7, 4, 6, 2, 13, 0}
	got := root4(func(b *Builder) { b.Sum(cells, nil, 17) })
	want := support4(func(g []int) bool { return sum(g, cells) == 17 })
	checkRoot(t, "least", got, want, cells)

	rng := rand.New(rand.NewPCG(30, 6))
	for range 300 {
		cells := rng.Perm(16)[:3+rng.IntN(8)]
		coef := make([]int, len(cells))
		for i := range coef {
			coef[i] = []int{1, 1, 1, -1, 2}[rng.IntN(5)]
		}
		g := grids4()[rng.IntN(288)]
		total := 0
		for i, c := range cells {
			total += coef[i] * g[c]
		}
		total += rng.IntN(3) - 1
		got := root4(func(b *Builder) { b.Sum(cells, coef, total) })
		want := support4(func(g []int) bool {
			s := 0
			for i, c := range cells {
				s += coef[i] * g[c]
			}
			return s == total
		})
		checkRoot(t, "random", got, want, nil)
	}
}

// TestRellikForced checks a rellik cage against brute force on 4x4
// grids. In the table case box 1 is a cage r1c1, r1c2, r2c1 that no
// subset of makes 6, and r2c2 alone that is not 4: the box's 4 is then in
// the cage, so no cell of it holds a 2 (2+4), and the cage is 1, 3, 4
// (r2c2 the 2). Random cages in a row or box, with a given, must never
// lose a value a grid keeps.
func TestRellikForced(t *testing.T) {
	// makes reports whether some of the values of cells add up to sum.
	makes := func(g []int, cells []int, sum int) bool {
		for set := 1; set < 1<<len(cells); set++ {
			s := 0
			for i, c := range cells {
				if set>>i&1 != 0 {
					s += g[c]
				}
			}
			if s == sum {
				return true
			}
		}
		return false
	}
	a, b := []int{0, 1, 4}, []int{5}
	got := root4(func(bd *Builder) {
		bd.Rellik(a, 6)
		bd.Rellik(b, 4)
	})
	want := support4(func(g []int) bool { return !makes(g, a, 6) && !makes(g, b, 4) })
	checkRoot(t, "forced", got, want, []int{0, 1, 4, 5})

	houses := [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {10, 11, 14, 15}, {2, 6, 10, 14}}
	rng := rand.New(rand.NewPCG(30, 7))
	for range 300 {
		h := houses[rng.IntN(len(houses))]
		cells := slices.Clone(h)
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		cells = cells[:1+rng.IntN(3)]
		sum := 1 + rng.IntN(9)
		given, gv := rng.IntN(16), 1+rng.IntN(4)
		got := root4(func(bd *Builder) {
			bd.Rellik(cells, sum)
			bd.Restrict(given, bit(gv))
		})
		want := support4(func(g []int) bool { return g[given] == gv && !makes(g, cells, sum) })
		checkRoot(t, "random", got, want, nil)
	}
}

// TestCoverDisjoint checks a cover by sets that share no value (global
// entropy's) against brute force on 4x4 grids. In the table case the
// middle 2x2 square holds a 1, a 2 and a 3 or 4; r2c2 is 3, r3c4 3 and
// r4c4 1: the 1 is in r2c3 or r3c2, so the 2 must be too or in r3c3 (the
// sets take different cells), and r1c2 and r3c1 lose their 2. Random
// covers with givens must never lose a value a grid keeps.
func TestCoverDisjoint(t *testing.T) {
	covered := func(g []int, cells []int, sets []Mask) bool {
		for _, set := range sets {
			ok := false
			for _, c := range cells {
				if set&bit(g[c]) != 0 {
					ok = true
				}
			}
			if !ok {
				return false
			}
		}
		return true
	}
	cells := []int{5, 6, 9, 10}
	sets := []Mask{bit(1), bit(2), bit(3) | bit(4)}
	givens := [][2]int{{5, 3}, {11, 3}, {15, 1}}
	got := root4(func(b *Builder) {
		b.Cover(cells, sets)
		for _, g := range givens {
			b.Restrict(g[0], bit(g[1]))
		}
	})
	want := support4(func(g []int) bool {
		for _, gv := range givens {
			if g[gv[0]] != gv[1] {
				return false
			}
		}
		return covered(g, cells, sets)
	})
	checkRoot(t, "pointing", got, want, []int{1, 8})

	squares := [][]int{{0, 1, 4, 5}, {5, 6, 9, 10}, {1, 2, 5, 6}, {10, 11, 14, 15}, {0, 5, 10, 15}}
	partitions := [][]Mask{{bit(1), bit(2), bit(3) | bit(4)}, {bit(1) | bit(2), bit(3) | bit(4)}, {bit(4), bit(1) | bit(3)}, {bit(2), bit(3), bit(4)}}
	rng := rand.New(rand.NewPCG(30, 8))
	for range 300 {
		cells := squares[rng.IntN(len(squares))]
		sets := partitions[rng.IntN(len(partitions))]
		var gs [][2]int
		for range 1 + rng.IntN(3) {
			gs = append(gs, [2]int{rng.IntN(16), 1 + rng.IntN(4)})
		}
		got := root4(func(b *Builder) {
			b.Cover(cells, sets)
			for _, g := range gs {
				b.Restrict(g[0], bit(g[1]))
			}
		})
		want := support4(func(g []int) bool {
			for _, gv := range gs {
				if g[gv[0]] != gv[1] {
					return false
				}
			}
			return covered(g, cells, sets)
		})
		checkRoot(t, "random", got, want, nil)
	}
}

// TestPairwiseGroup checks a few cells every two of which hold values
// two apart or more (a nabner line) against brute force: the cells keep
// exactly the values some assignment gives them, and a cell that sees
// them all loses a value every assignment uses. Table cases that pairs
// alone miss, and random masks.
func TestPairwiseGroup(t *testing.T) {
	apart := func(x, y int) bool { return x-y > 1 || y-x > 1 }
	// The group is cells 0 to k-1; cell k differs from each of them.
	run := func(masks []Mask) []Mask {
		k := len(masks) - 1
		return runLine(9, masks, func(b *Builder, cells []int) {
			b.Pairwise(cells[:k], apart)
		})
	}
	// want brute-forces the group of the first k cells, all different.
	want := func(masks []Mask, k int) []Mask {
		return support(9, masks, func(vs []int) bool {
			for i := range k {
				for j := range i {
					if !apart(vs[j], vs[i]) {
						return false
					}
				}
			}
			return true
		})
	}
	m := func(vs ...int) Mask {
		var r Mask
		for _, v := range vs {
			r |= bit(v)
		}
		return r
	}
	tests := []struct {
		name  string
		masks []Mask
	}{
		// Three values two apart from 1 to 5: 1, 3 and 5.
		{"from five", []Mask{m(1, 2, 3, 4, 5), m(1, 2, 3, 4, 5), m(1, 2, 3, 4, 5), all(9)}},
		// The first two hold 1 and 3, so the last cell, which sees them,
		// holds neither.
		{"required", []Mask{m(1, 3), m(1, 3), m(5, 6), all(9)}},
		// Four values two apart from 1 to 6: none.
		{"no room", []Mask{m(1, 2, 3, 4, 5, 6), m(1, 2, 3, 4, 5, 6), m(1, 2, 3, 4, 5, 6), m(1, 2, 3, 4, 5, 6), all(9)}},
	}
	for _, tc := range tests {
		got, w := run(tc.masks), want(tc.masks, len(tc.masks)-1)
		if slices.Contains(w, 0) {
			if got != nil {
				t.Errorf("%s: no assignment, and no contradiction", tc.name)
			}
			continue
		}
		if !slices.Equal(got, w) {
			t.Errorf("%s: got %v, want %v", tc.name, got, w)
		}
	}
	rng := rand.New(rand.NewPCG(30, 9))
	for range 2000 {
		masks := make([]Mask, 3+rng.IntN(pairwiseLimit-1))
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = Mask(rng.IntN(1 << 9))
			}
		}
		got, w := run(masks), want(masks, len(masks)-1)
		if slices.Contains(w, 0) {
			continue
		}
		if got == nil {
			t.Fatalf("masks %v: contradiction, want %v", masks, w)
		}
		// Sound: no value some assignment uses is lost; exact on the
		// group: no value is kept that no assignment of the group alone
		// gives.
		k := len(masks) - 1
		alone := want(masks[:k], k)
		for i := range masks {
			if w[i]&^got[i] != 0 || i < k && got[i]&^alone[i] != 0 {
				t.Fatalf("masks %v: got %v, want %v (the group alone %v)", masks, got, w, alone[:k])
			}
		}
	}
}
