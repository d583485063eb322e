package canon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

// readGrids reads the first 81 characters of each line of a file as a grid
// of digits, '0' or '.' for empty; lines starting with '#' are skipped.
func readGrids(t testing.TB, path string) []sudoku.Grid {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		out = append(out, digits(t, line[:81]))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func digits(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	var g sudoku.Grid
	if len(s) != 81 {
		t.Fatalf("%q: want 81 cells", s)
	}
	for i := range 81 {
		switch c := s[i]; {
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		case c == '0' || c == '.':
		default:
			t.Fatalf("%q: bad cell %q", s, c)
		}
	}
	return g
}

// form calls Form and checks what every call must give: no error, and a
// valid transform that turns g into the form.
func form(t testing.TB, g *sudoku.Grid) (sudoku.Grid, sudoku.Transform) {
	t.Helper()
	f, tr, err := Form(g)
	if err != nil {
		t.Fatalf("Form(%v): %v", g, err)
	}
	if err := tr.Valid(); err != nil {
		t.Fatalf("Form(%v): transform %v: %v", g, tr, err)
	}
	if got := tr.Apply(g); got != f {
		t.Fatalf("Form(%v) = %v, but its transform %v gives %v", g, f.Digits(), tr, got.Digits())
	}
	return f, tr
}

// lineOrders returns the 1,296 orders of nine lines that keep the three
// groups of three together.
func lineOrders() [][9]uint8 {
	var out [][9]uint8
	for _, b := range perms[3] {
		for _, x := range perms[3] {
			for _, y := range perms[3] {
				for _, z := range perms[3] {
					in := [3][3]uint8{x, y, z}
					var o [9]uint8
					for i := range 9 {
						band := b[i/3]
						o[i] = 3*band + in[i/3][i%3]
					}
					out = append(out, o)
				}
			}
		}
	}
	return out
}

// bruteForm is the definition of the minlex form, written independently of
// the search: try every one of the 2 x 1296 x 1296 orders of rows and
// columns, with or without transposing, label the digits in order of first
// appearance, and keep the smallest string.
func bruteForm(g *sudoku.Grid) sudoku.Grid {
	orders := lineOrders()
	var best, cur sudoku.Grid
	for i := range best {
		best[i] = 10
	}
	for tr := range 2 {
		var src [9][9]uint8
		for i, v := range g {
			if tr == 0 {
				src[i/9][i%9] = v
			} else {
				src[i%9][i/9] = v
			}
		}
		for _, rows := range orders {
			for _, cols := range orders {
				var label [10]uint8
				next := uint8(1)
				less := false
				i := 0
				for ; i < 81; i++ {
					v := src[rows[i/9]][cols[i%9]]
					if v != 0 {
						if label[v] == 0 {
							label[v] = next
							next++
						}
						v = label[v]
					}
					if !less {
						if v > best[i] {
							break
						}
						less = v < best[i]
					}
					cur[i] = v
				}
				if i == 81 && less {
					best = cur
				}
			}
		}
	}
	return best
}

// samples returns grids of every kind for the slow tests: 17-clue and hard
// puzzles, full grids, puzzles with automorphisms, and nearly empty and
// nearly full grids.
func samples(t testing.TB, n int) []sudoku.Grid {
	r := rand.New(rand.NewPCG(1, 2))
	var out []sudoku.Grid
	out = append(out, sudoku.Grid{}) // the empty grid: every transform is an automorphism
	var one sudoku.Grid
	one[40] = 5
	out = append(out, one)
	// A symmetric puzzle: its givens map onto themselves under a half turn.
	out = append(out, digits(t, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	// 17-clue puzzles whose minlex form gsf's sudoku (-f%#mc) misses: it
	// prints the input, which is larger than the form of a transposed
	// isomorph (docs/performance.md, Canonical form).
	for _, s := range []string{
		"................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
		"................12..3..4..........56....4.3...1..78........34...2.......19.....8.",
		"................12..3..4.........5.6....1...3.7..4.2.......3.8..2...6...71.......",
	} {
		out = append(out, digits(t, s))
	}
	for _, f := range []string{"../testdata/17clue_1000.txt", "../testdata/forum_hardest_500.txt", "../testdata/serg_multi_200.txt"} {
		gs := readGrids(t, f)
		for range n {
			out = append(out, gs[r.IntN(len(gs))])
		}
	}
	for _, line := range readLines(t, "../testdata/kaggle_1k.csv")[1 : n+1] {
		_, sol, _ := strings.Cut(line, ",")
		full := digits(t, sol)
		out = append(out, full)
		// The same grid with most cells emptied, and with a few emptied.
		sparse, dense := full, full
		for i := range 81 {
			if r.IntN(4) != 0 {
				sparse[i] = 0
			}
			if r.IntN(10) == 0 {
				dense[i] = 0
			}
		}
		out = append(out, sparse, dense)
	}
	return out
}

func readLines(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestFormAgreesWithBruteForce(t *testing.T) {
	n := 4
	if testing.Short() {
		n = 1
	}
	for _, g := range samples(t, n) {
		got, _ := form(t, &g)
		if want := bruteForm(&g); got != want {
			t.Errorf("Form(%s)\n got %s\nwant %s", g.Digits(), got.Digits(), want.Digits())
		}
	}
}

// TestFormReference checks the form against the output of two independent
// minlex programs (see testdata/README.md).
func TestFormReference(t *testing.T) {
	lines := readLines(t, "../testdata/minlex_ref.txt")
	n := 0
	for _, line := range lines {
		if strings.HasPrefix(line, "#") {
			continue
		}
		in, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		g := digits(t, in)
		got, _ := form(t, &g)
		if got.Digits() != want {
			t.Errorf("Form(%s)\n got %s\nwant %s", in, got.Digits(), want)
		}
		n++
	}
	if n != 399 {
		t.Errorf("read %d reference lines, want 399", n)
	}
}

// TestFormInvariant is the defining property: every isomorph has the same
// form, and Same finds the transform between any two.
func TestFormInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// Under the race detector, 20 of the 366 grids, from every kind
	// samples makes: the test runs on one goroutine, and 40 took 99 s
	// under the detector.
	gs := race.Sample(samples(t, 60), 20)
	shuffles := 10
	if testing.Short() {
		shuffles = 2
	}
	want := 1000
	if race.Enabled {
		want = 200
	}
	checked := 0
	for _, g := range gs {
		want, _ := form(t, &g)
		for range shuffles {
			h, tr := Shuffle(&g, r)
			if back := tr.Inverse(); back.Apply(&h) != g {
				t.Fatalf("Shuffle's transform %v does not undo", tr)
			}
			got, _ := form(t, &h)
			if got != want {
				t.Fatalf("isomorph %s of %s (by %v): form\n %s\nwant %s", h.Digits(), g.Digits(), tr, got.Digits(), want.Digits())
			}
			same, st, err := Same(&g, &h)
			if err != nil || !same {
				t.Fatalf("Same(%s, %s) = %v, %v", g.Digits(), h.Digits(), same, err)
			}
			if st.Apply(&g) != h {
				t.Fatalf("Same(%s, %s): transform %v does not map one to the other", g.Digits(), h.Digits(), st)
			}
			checked++
		}
	}
	if checked < want && !testing.Short() {
		t.Errorf("checked %d isomorphs, want %d or more", checked, want)
	}
}

func TestFormIdempotent(t *testing.T) {
	// Under the race detector, 40 of the 186 (one goroutine; 24 s).
	for _, g := range race.Sample(samples(t, 30), 40) {
		f, _ := form(t, &g)
		if ff, _ := form(t, &f); ff != f {
			t.Errorf("Form(Form(%s)) = %s, want %s", g.Digits(), ff.Digits(), f.Digits())
		}
	}
}

func TestFormFullGridStartsWithFirstRow(t *testing.T) {
	for _, line := range readLines(t, "../testdata/kaggle_1k.csv")[1:20] {
		_, sol, _ := strings.Cut(line, ",")
		g := digits(t, sol)
		f, _ := form(t, &g)
		if !strings.HasPrefix(f.Digits(), "123456789") {
			t.Errorf("Form of grid %s = %s, want first row 123456789", sol, f.Digits())
		}
	}
}

func TestSameNot(t *testing.T) {
	gs := readGrids(t, "../testdata/17clue_1000.txt")
	for i := 1; i < len(gs); i += 97 {
		same, _, err := Same(&gs[i-1], &gs[i])
		if err != nil || same {
			t.Errorf("Same(%s, %s) = %v, %v; want false: the list has no two isomorphs", gs[i-1].Digits(), gs[i].Digits(), same, err)
		}
	}
	// Removing one given makes a different puzzle.
	g := gs[0]
	h := g
	for i := range h {
		if h[i] != 0 {
			h[i] = 0
			break
		}
	}
	if same, _, _ := Same(&g, &h); same {
		t.Errorf("Same reports a puzzle equal to itself less a given")
	}
}

// TestAppendText checks the text of a form, written eight cells at a time,
// against Grid.String of Form's grid, on forms of every density (puzzles,
// full grids, and random sets of givens that keep the rules), appended to
// a buffer that already holds text.
func TestAppendText(t *testing.T) {
	gs := samples(t, 30)
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 200 {
		// The last sample, a nearly full grid, with n of every 200 of
		// its cells kept.
		g := gs[len(gs)-1]
		for i := range g {
			if r.IntN(200) >= n {
				g[i] = 0
			}
		}
		gs = append(gs, g)
	}
	var c Canonicalizer
	// Under the race detector, 80 of the 386, of every kind (one
	// goroutine; 24 s).
	for _, g := range race.Sample(gs, 80) {
		f, _ := form(t, &g)
		got, err := c.AppendText([]byte("x"), &g)
		if want := "x" + f.String(); err != nil || string(got) != want {
			t.Fatalf("AppendText(%s) = %q, %v; want %q", g.Digits(), got, err, want)
		}
	}
	bad := sudoku.Grid{4, 4}
	if got, err := c.AppendText([]byte("x"), &bad); err == nil || string(got) != "x" {
		t.Errorf("AppendText of a grid with 4 twice in a row = %q, %v; want \"x\" and an error", got, err)
	}
}

func TestFormBadGrid(t *testing.T) {
	var g sudoku.Grid
	g[7] = 12
	_, _, err := Form(&g)
	var ce *sudoku.CellError
	if !errors.As(err, &ce) || ce.Cell != 7 || ce.Value != 12 {
		t.Errorf("Form of a grid with 12 in cell 7: error %v, want a *sudoku.CellError for cell 7", err)
	}
	if _, _, err := Same(&sudoku.Grid{}, &g); err == nil {
		t.Errorf("Same with a bad grid: no error")
	}
	// A digit twice in a row: every cell 4 is the worst case.
	for i := range g {
		g[i] = 4
	}
	_, _, err = Form(&g)
	var conflict *sudoku.ConflictError
	if !errors.As(err, &conflict) || conflict.Cell1 != 0 || conflict.Cell2 != 1 {
		t.Errorf("Form of a grid of 4s: error %v, want a *sudoku.ConflictError for r1c1 and r1c2", err)
	}
}

// TestDistinct17 checks that the 49,158 17-clue puzzles, which are known to
// be pairwise non-isomorphic, get 49,158 different forms; it runs when the
// shared data is present.
func TestDistinct17(t *testing.T) {
	path := sharedData("bench/puzzles2_17_clue.txt")
	if path == "" {
		t.Skip("shared data not present")
	}
	if testing.Short() {
		t.Skip("long")
	}
	gs := readGrids(t, path)
	if len(gs) != 49158 {
		t.Fatalf("read %d puzzles, want 49158", len(gs))
	}
	seen := make(map[sudoku.Grid]int, len(gs))
	var c Canonicalizer
	for i := range gs {
		f, _, err := c.Form(&gs[i])
		if err != nil {
			t.Fatal(err)
		}
		if j, dup := seen[f]; dup {
			t.Fatalf("puzzles %d and %d have the same form %s", j+1, i+1, f.Digits())
		}
		seen[f] = i
	}
}

// sharedData returns the path of a file of the shared data: beside a
// clone of the repository (../shared), or beside the folder of git
// worktrees that a clone keeps; "" if it is in neither.
func sharedData(name string) string {
	for _, dir := range []string{"../../shared/data/", "../../../shared/data/"} {
		if _, err := os.Stat(dir + name); err == nil {
			return dir + name
		}
	}
	return ""
}

func FuzzForm(f *testing.F) {
	f.Add(strings.Repeat("0", 81), uint64(1))
	f.Add("000000000000000001000002030000003020004000050001060000030000006070080009520007000", uint64(2))
	f.Add("123456789457189236698372541235697814764815392819234675382541967571963428946728153", uint64(3))
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		var g sudoku.Grid
		for i := 0; i < 81 && i < len(s); i++ {
			g[i] = (s[i] - '0') % 11 // 10 is not a digit: Form must say so
		}
		fg, tr, err := Form(&g)
		if want := g.Validate(); (want == nil) != (err == nil) {
			t.Fatalf("Form(%v): error %v, want %v", g, err, want)
		}
		var c Canonicalizer
		text, terr := c.AppendText(nil, &g)
		if (terr == nil) != (err == nil) || err == nil && string(text) != fg.String() {
			t.Fatalf("AppendText(%v) = %q, %v; want %q, %v", g, text, terr, fg.String(), err)
		}
		if err != nil {
			return
		}
		if tr.Apply(&g) != fg {
			t.Fatalf("Form(%v): transform does not reach the form", g)
		}
		h, _ := Shuffle(&g, rand.New(rand.NewPCG(seed, 0)))
		fh, _, err := Form(&h)
		if err != nil || fh != fg {
			t.Fatalf("Form of an isomorph of %v differs: %v, %v", g, fh, err)
		}
	})
}

func ExampleForm() {
	g, _ := sudoku.Parse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	f, t, _ := Form(&g)
	fmt.Println(f.Digits())
	fmt.Println(t)
	// Output:
	// 000000000000001002034000050000000360000070000100008000000002001056300000070000008
	// rows 132465879 cols 798123465 digits 123456789>125839647
}

func ExampleCanonicalizer_AppendText() {
	var c Canonicalizer
	var out []byte
	for _, p := range []string{
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
		"9...4........1.2..37......5.......9...1...4.....7.5.......2.1..58.3..............",
	} {
		g, _ := sudoku.Parse(p)
		out, _ = c.AppendText(out, &g)
		out = append(out, '\n')
	}
	fmt.Print(string(out))
	// Output:
	// ..............1..2.34....5.......36.....7....1....8........2..1.563......7......8
	// ..............1..2.34....5.......36.....7....1....8........2..1.563......7......8
}

// A program that canonicalises a file of puzzles, one form a line, as
// minlex programs do: the loop that docs/performance.md times against
// patminlex.
func ExampleCanonicalizer_reader() {
	in := strings.NewReader(`..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9
11...........................................................................9...
9...4........1.2..37......5.......9...1...4.....7.5.......2.1..58.3..............
`)
	r := sudoku.NewReader(in) // os.Stdin, a file...
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	var c Canonicalizer
	var p sudoku.Puzzle // one for all, filled by ReadInto
	line := make([]byte, 0, 82)
	for {
		err := r.ReadInto(&p)
		if err == io.EOF {
			break
		}
		if err == nil {
			line, err = c.AppendText(line[:0], &p.Grid)
		}
		if err != nil {
			fmt.Fprintln(w, "error:", err) // a bad puzzle: say so, go on
			continue
		}
		w.Write(append(line, '\n'))
	}
	w.Flush()
	// Output:
	// ..............1..2.34....5.......36.....7....1....8........2..1.563......7......8
	// error: line 2, column 2: r1c1 and r1c2 both hold 1
	// ..............1..2.34....5.......36.....7....1....8........2..1.563......7......8
}

func ExampleSame() {
	a, _ := sudoku.Parse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	b, _ := sudoku.Parse("9...4........1.2..37......5.......9...1...4.....7.5.......2.1..58.3..............")
	same, t, _ := Same(&a, &b)
	fmt.Println(same, t)
	// Output:
	// true rows 987654321 cols 987654321 digits 123456789>123456789
}

func BenchmarkForm(b *testing.B) {
	for _, set := range []struct{ name, path string }{
		{"17clue", sharedData("bench/puzzles2_17_clue.txt")},
		{"17clue_1000", "../testdata/17clue_1000.txt"},
		{"forum_hardest_500", "../testdata/forum_hardest_500.txt"},
		{"top1465", "../testdata/puzzles3_magictour_top1465.txt"},
	} {
		b.Run(set.name, func(b *testing.B) {
			if set.path == "" {
				b.Skip("shared data not present")
			}
			gs := readGrids(b, set.path)
			var c Canonicalizer
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				c.Form(&gs[i%len(gs)])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
	b.Run("grids", func(b *testing.B) {
		var gs []sudoku.Grid
		for _, line := range readLines(b, "../testdata/kaggle_1k.csv")[1:] {
			_, sol, _ := strings.Cut(line, ",")
			gs = append(gs, digits(b, sol))
		}
		var c Canonicalizer
		for i := 0; b.Loop(); i++ {
			c.Form(&gs[i%len(gs)])
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "grids/s")
	})
}
