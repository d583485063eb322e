package format

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/samepuzzle"
)

func TestDetect(t *testing.T) {
	classic := []string{
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300,483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		"Grid 01", "Puzzle", "Hardest puzzle of 2012", "# comment", "",
		"1 2 3 | 4 5 6 | 7 8 9", ". . 3 | . 2 . | 6 . .", "------+-------+------", "quizzes,solutions",
		strings.Repeat("123456789", 81),
		"Puzzle1!", "Extremelydifficu", "abcdefghijklmnopqrstuvwxyz0123456789",
		// 16 digits with no empty cell that miss a value: not a 4x4 grid.
		"1231231231231231", "1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1",
		// A puzzle and its solution with no separator: classic's error.
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		// The sudoku command's JSON records, even of variant puzzles:
		// the reader asks about their "puzzle" field.
		`{"source":"<stdin>","line":1,"puzzle":"003020600900305001001806400008102900700000008006708200002609500800203009005010300"}`,
		`{"line":2,"puzzle":"{\"size\":9,\"grid\":[]}","size":9,"kinds":["thermometer"]}`,
		`{"puzle":"https://sudokupad.app/scl..."}`,
	}
	for _, s := range classic {
		if k := Detect([]byte(s)); k != None || Claims([]byte(s)) {
			t.Errorf("Detect(%.40q) = %q (Claims %v), want none: a classic line", s, k, Claims([]byte(s)))
		}
	}
	variants := map[string]Kind{
		"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSz": FPuzzles,
		"f-puzzles.com/?load=N4Ig":                                    FPuzzles,
		"N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7r": FPuzzles,
		`{"size":4,"grid":[]}`:                                        FPuzzles,
		`{"cells":[[{}]]}`:                                            SudokuPad,
		"https://sudokupad.app/psxk9s3s8z":                            SudokuPad,
		"sclN4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA":                     SudokuPad,
		"https://puzz.link/p?sudoku/9/9/":                             Link,
		".~R1C1_5.Cage~10~R1C2~R1C3":                                  ISS,
		"3x3::k:1:2":                                                  ISS,
		"A<H<MA<A<^P<<^N<<^E^E<^L<^E^^^^^^^^^M<<9<K<<<G^N<^F<SB^<^^L^^^^I<E>^>>^D^^^<^F<>^": ISS,
		"1.3..2....4.3..1":                             Grid,
		"1,,3,,,2,,,,4,,,,,,1":                         Grid,
		"1243342121344312":                             Grid, // a solution, as solve prints it
		"1,2,4,3,3,4,2,1,2,1,3,4,4,3,1,2":              Grid,
		strings.Repeat("123456789ABCDEFG", 16):         Grid,
		strings.Repeat("1234", 16):                     ISS, // 4x4 pencil marks, not an 8x8 grid
		strings.Repeat("12..56", 6):                    Grid,
		strings.Repeat("1.3.5.7.9ABCDEFG", 16):         Grid,
		strings.Repeat("A.C.E.G.IJKLMNOP", 16):         Grid,
		strings.Repeat("1.3.", 4) + "1122112233443344": ISS, // a 4x4 jigsaw
		strings.Repeat(".", 81) + "111222333111222333111222333444555666444555666444555666777888999777888999777888999": ISS,
	}
	for s, want := range variants {
		if k := Detect([]byte(s)); k != want || !Claims([]byte(s)) {
			t.Errorf("Detect(%.40q) = %q (Claims %v), want %q", s, k, Claims([]byte(s)), want)
		}
	}
}

func TestParseGrid(t *testing.T) {
	for _, tc := range []struct {
		in   string
		size int
		want []int // the first givens
	}{
		{"1.3..2....4.3..1", 4, []int{1, 0, 3, 0, 0, 2}},
		{"1,,3,,,2,,,,4,,,,,,1", 4, []int{1, 0, 3, 0, 0, 2}},
		{"1." + strings.Repeat(".", 14) + "G" + strings.Repeat(".", 239), 16, []int{1, 0}},
		{"A." + strings.Repeat(".", 14) + "P" + strings.Repeat(".", 239), 16, []int{1, 0}}, // letters from 1
		{"12,." + strings.Repeat(",", 254), 16, []int{12, 0}},
	} {
		p, err := ParseGrid(tc.in)
		if err != nil {
			t.Errorf("ParseGrid(%.30q): %v", tc.in, err)
			continue
		}
		if p.Size != tc.size {
			t.Errorf("ParseGrid(%.30q): size %d, want %d", tc.in, p.Size, tc.size)
		}
		for i, v := range tc.want {
			if p.Givens[i] != v {
				t.Errorf("ParseGrid(%.30q): cell %d = %d, want %d", tc.in, i, p.Givens[i], v)
			}
		}
	}
	if p, _ := ParseGrid("1." + strings.Repeat(".", 14) + "G" + strings.Repeat(".", 239)); p.Givens[16] != 16 {
		t.Errorf("G is %d, want 16", p.Givens[16])
	}
	for _, tc := range []struct{ in, want string }{
		{"1.3..2....4.3..5", "character 16, cell r4c4: '5', want a value from 1 to 4"},
		{"1.1.............", "r1c3 repeats the 1 of r1c1"},
		{"1,,3,,,2,,,,9,3,,,,,1", `character 13, cell r3c2: "9", want 1 to 4`},
		{"1.3", "3 cells is not a square number"},
	} {
		_, err := ParseGrid(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseGrid(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

func TestLineAndGrid(t *testing.T) {
	if got := Line(16, []int{1, 9, 10, 16, 0}); got != "19AG." {
		t.Errorf("Line = %q", got)
	}
	p := &variant.Puzzle{Size: 4}
	got := GridText(p, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	want := "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
	if got != want {
		t.Errorf("GridText:\n%s\nwant\n%s", got, want)
	}
	// Values from 0: a solution writes 0 as '0'; a plain grid cannot
	// hold the puzzle, and it is no classic sudoku.
	sol := []int{0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0}
	zero := &variant.Puzzle{Size: 4, Offset: -1}
	if got := SolutionLine(zero, sol); got != "0123230110323210" {
		t.Errorf("SolutionLine(values from 0) = %q", got)
	}
	if got := SolutionLine(p, []int{1, 2, 3, 4}); got != "1234" {
		t.Errorf("SolutionLine = %q", got)
	}
	if got := GridText(zero, sol); !strings.HasPrefix(got, "0 1 | 2 3\n") {
		t.Errorf("GridText(values from 0):\n%s", got)
	}
	if _, err := Write(zero, Grid); err == nil || !strings.Contains(err.Error(), "start from 0") {
		t.Errorf("Write(values from 0, Grid) = %v, want an error", err)
	}
	if Classic(&variant.Puzzle{Size: 9, Offset: -1}) || !Classic(&variant.Puzzle{Size: 9}) {
		t.Error("Classic: a 9x9 grid of 0 to 8 is not classic, one of 1 to 9 is")
	}
}

// corpus reads every puzzle of the two corpora as the format package
// reads it, by name.
func corpus(t *testing.T) (names []string, puzzles []*variant.Puzzle) {
	read := func(path string, text func(map[string]any) (string, string)) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			name, in := text(m)
			p, _, err := Parse(in)
			if err != nil {
				continue // the ISS grids that are not square, for one
			}
			names, puzzles = append(names, name), append(puzzles, p)
		}
	}
	read("../testdata/fpuzzles_cc_by.jsonl", func(m map[string]any) (string, string) {
		return m["title"].(string), "https://www.f-puzzles.com/?load=" + m["fpuzzles"].(string)
	})
	read("../testdata/iss_examples.jsonl", func(m map[string]any) (string, string) {
		return "ISS " + m["name"].(string), m["input"].(string)
	})
	return names, puzzles
}

// TestRoundTrips writes every corpus puzzle as an f-puzzles link and as a
// SudokuPad scl link, and reads each back as the same puzzle. A puzzle
// with a rule f-puzzles has no element for (one the model keeps as
// unsupported, or a kind of noFPuzzlesElement) cannot be written; the
// error names the rule.
func TestRoundTrips(t *testing.T) {
	names, puzzles := corpus(t)
	// All 70 f-puzzles puzzles and the ISS puzzles but those that are
	// not square or hold other values (an error), break the model's rules
	// (an error) or are 9x9 pencil marks (classic: package sudoku's).
	if len(puzzles) < 298 {
		t.Fatalf("%d corpus puzzles read, want at least 298", len(puzzles))
	}
	same, refused := 0, 0
	for i, p := range puzzles {
		unsupported := "" // what the error names: the first such rule
		for _, c := range p.Constraints {
			if unsupported != "" {
				break
			}
			if u, ok := c.(variant.Unsupported); ok && !strings.HasPrefix(u.Data, "{") {
				unsupported = strconv.Quote(u.Name)
			} else if noFPuzzlesElement[c.Kind()] {
				unsupported = c.Kind()
			}
		}
		for _, kind := range []Kind{FPuzzles, SudokuPad} {
			link, err := Write(p, kind)
			if p.Offset != 0 {
				// Neither app has a place for values from 0.
				if err == nil || !strings.Contains(err.Error(), "holds values from 1 only, and this puzzle's start from 0") {
					t.Errorf("%s as %s: %v, want an error for values from 0", names[i], kind, err)
				}
				continue
			}
			if unsupported != "" {
				if err == nil || !strings.Contains(err.Error(), "no f-puzzles element holds the rule "+unsupported) {
					t.Errorf("%s as %s: %v, want an error naming %s", names[i], kind, err, unsupported)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s as %s: %v", names[i], kind, err)
				continue
			}
			q, got, err := Parse(link)
			if err != nil || got != kind {
				t.Errorf("%s as %s: read back as %s: %v", names[i], kind, got, err)
				continue
			}
			if d := samepuzzle.Diff(p, q, false); d != "" {
				t.Errorf("%s as %s: read back as another puzzle: %s", names[i], kind, d)
				continue
			}
			same++
		}
		if unsupported != "" || p.Offset != 0 {
			refused++
		}
	}
	t.Logf("%d puzzles, %d round trips the same, %d puzzles refused for rules f-puzzles cannot hold or values from 0", len(puzzles), same, refused)
}

// noFPuzzlesElement are the kinds the engine solves that f-puzzles has
// no element for (the Interactive Sudoku Solver's): a link cannot hold
// them.
var noFPuzzlesElement = map[string]bool{"sum line": true, "numbered room": true, "counting circles": true, "lunchbox": true, "global entropy": true, "sum": true, "pairwise": true, "same values": true, "value count": true, "anti-taxicab": true, "rellik cage": true, "count distinct": true, "hidden skyscraper": true, "or": true, "full rank": true, "no rank ties": true}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"1.3..2....4.3..1", "1,,3,,,2,,,,4,,,,,,1", ".~R1C1_5.Cage~10~R1C2~R1C3", `{"size":4,"grid":[]}`,
		`{"cells":[[{}]]}`, "https://sudokupad.app/sclN4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA",
		"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, kind, err := Parse(in)
		if err != nil {
			return
		}
		if kind == None {
			t.Fatalf("read a puzzle in no format")
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("read an invalid puzzle: %v", err)
		}
	})
}

func TestDescribe(t *testing.T) {
	boxes := func(n, h, w int) []int { return variant.Boxes(n, h, w) }
	renumbered := boxes(9, 3, 3)
	for i := range renumbered {
		renumbered[i] = 8 - renumbered[i]
	}
	jigsaw := boxes(9, 3, 3)
	jigsaw[2], jigsaw[3] = jigsaw[3], jigsaw[2]
	for _, tc := range []struct {
		p    *variant.Puzzle
		want string
	}{
		{&variant.Puzzle{Size: 9}, "9x9"},
		{&variant.Puzzle{Size: 9, Regions: boxes(9, 3, 3)}, "9x9"},
		{&variant.Puzzle{Size: 9, Regions: renumbered, Constraints: []variant.Constraint{variant.AntiKnight{}}}, "anti-knight"},
		{&variant.Puzzle{Size: 9, Regions: jigsaw}, "irregular regions"},
		{&variant.Puzzle{Size: 6, Regions: variant.NoRegions(6), Constraints: []variant.Constraint{variant.Skyscraper{At: variant.Edge{Side: variant.Top, Index: 0}, Count: 2}}}, "6x6, no regions, skyscraper"},
		{&variant.Puzzle{Size: 6, Regions: boxes(6, 3, 2)}, "6x6, 3x2 boxes"},
		{&variant.Puzzle{Size: 6, Regions: boxes(6, 1, 6)}, "6x6, no regions"},
		{&variant.Puzzle{Size: 5, Regions: boxes(5, 5, 1)}, "5x5, no regions"},
		{&variant.Puzzle{Size: 8, Regions: boxes(8, 2, 4)}, "8x8"},
		{&variant.Puzzle{Size: 4, Regions: []int{0, 0}}, "4x4, irregular regions"},
	} {
		if got := Describe(tc.p); got != tc.want {
			t.Errorf("Describe(%d, %v) = %q, want %q", tc.p.Size, tc.p.Regions, got, tc.want)
		}
	}
}
