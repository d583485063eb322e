package iss

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
)

type example struct {
	Name, Collection, Input, Solution string
}

func readExamples(t *testing.T) []example {
	t.Helper()
	f, err := os.Open("../testdata/iss_examples.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []example
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var raw map[string]any
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			t.Fatal(err)
		}
		e := example{}
		e.Name, _ = raw["name"].(string)
		e.Collection, _ = raw["collection"].(string)
		e.Input, _ = raw["input"].(string)
		e.Solution, _ = raw["solution"].(string)
		out = append(out, e)
	}
	return out
}

// TestExamples reads every puzzle of the Interactive Sudoku Solver's
// examples and collections that is square with the values 1 to N, and
// checks each one's solution, where given, against its givens and the
// rules a plain check can make (rows, columns, regions, cages, thermos,
// arrows, little killers): a check of the reader's mapping of cells and
// clues, not of the engine. It reports the kinds it keeps as Unsupported.
func TestExamples(t *testing.T) {
	ex := readExamples(t)
	read, full := 0, 0
	unsupported := map[string]int{}
	var refused []string
	for _, e := range ex {
		p, err := Parse(e.Input)
		if err != nil {
			var ie *Error
			if !errors.As(err, &ie) {
				t.Errorf("%s: %T %v", e.Name, err, err)
			}
			refused = append(refused, e.Name+": "+err.Error())
			continue
		}
		read++
		ok := true
		for _, c := range p.Constraints {
			if u, isU := c.(variant.Unsupported); isU {
				unsupported[u.Name]++
				ok = false
			}
		}
		if ok {
			full++
		}
		if e.Solution != "" {
			sol, err := solution(p, e.Solution)
			if err != nil {
				t.Errorf("%s: %v", e.Name, err)
				continue
			}
			if msg := check(p, sol); msg != "" {
				t.Errorf("%s: the given solution %s", e.Name, msg)
			}
		}
	}
	sort.Strings(refused)
	for _, r := range refused {
		t.Log("refused: " + r)
	}
	t.Logf("%d of %d read, %d with every rule supported; kept as unsupported: %v", read, len(ex), full, unsupported)
	// Floors at what this reader reaches, so that they only go up.
	if read < minRead || full < minFull {
		t.Errorf("%d read and %d fully supported, want at least %d and %d", read, full, minRead, minFull)
	}
}

// solution reads a solution as the examples write it: digits (0 too in a
// grid whose values start from 0), or for grids above 9, letters from A
// for 1.
func solution(p *variant.Puzzle, s string) ([]int, error) {
	n := p.Size
	if len(s) != n*n {
		return nil, errors.New("solution of the wrong length")
	}
	out := make([]int, n*n)
	for i := range len(s) {
		c := s[i]
		switch {
		case n <= 9 && c >= '1' && c <= '9', n <= 9 && c == '0' && p.Offset < 0:
			out[i] = int(c - '0')
		case n > 9 && c >= 'A' && c <= 'Z':
			out[i] = int(c-'A') + 1
		default:
			return nil, errors.New("bad character in solution")
		}
	}
	return out, nil
}

// check tests a solution against the givens, candidates, rows, columns,
// regions, killer cages, thermometers, arrows and little killers.
func check(p *variant.Puzzle, sol []int) string {
	n := p.Size
	for i, g := range p.Givens {
		if g != 0 && sol[i] != g {
			return "breaks the given at " + variant.CellName(n, variant.Cell(i))
		}
	}
	regions := p.RegionsOf()
	for a := range n * n {
		for b := a + 1; b < n*n; b++ {
			ra, ca := a/n, a%n
			rb, cb := b/n, b%n
			if sol[a] == sol[b] && (ra == rb || ca == cb || regions[a] >= 0 && regions[a] == regions[b]) {
				return "repeats a value in a row, column or region at " + variant.CellName(n, variant.Cell(b))
			}
		}
	}
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case variant.Candidates:
			found := false
			for _, v := range c.Values {
				found = found || sol[c.Cell] == v
			}
			if !found {
				return "breaks the candidates of " + variant.CellName(n, c.Cell)
			}
		case variant.KillerCage:
			sum := 0
			for _, x := range c.Cells {
				sum += sol[x]
			}
			if c.Sum != 0 && sum != c.Sum {
				return "breaks a cage at " + variant.CellName(n, c.Cells[0])
			}
		case variant.Thermometer:
			for i := 1; i < len(c.Cells); i++ {
				if sol[c.Cells[i]] <= sol[c.Cells[i-1]] {
					return "breaks a thermometer at " + variant.CellName(n, c.Cells[i])
				}
			}
		case variant.Arrow:
			sum, num := 0, 0
			for _, x := range c.Line {
				sum += sol[x]
			}
			for _, x := range c.Circle {
				num = num*10 + sol[x]
			}
			if sum != num {
				return "breaks an arrow at " + variant.CellName(n, c.Circle[0])
			}
		case variant.LittleKiller:
			sum := 0
			for _, x := range variant.LittleKillerCells(n, c) {
				sum += sol[x]
			}
			if sum != c.Sum {
				return "breaks a little killer at " + variant.CellName(n, c.Start)
			}
		}
	}
	return ""
}

// Floors of TestExamples.
const minRead, minFull = 266, 226

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{".Thermo~R1C1~RxC2", `character 1, ".Thermo~R1C1~RxC2": bad cell "RxC2"`},
		{".~R1C1_5.Cage~ten~R1C2", `character 9, ".Cage~ten~R1C2": "ten" is not a whole number`},
		{".Cage~50~R1C1~R1C2", "sum 50 is out of range"},
		{".Shape~6x8", "godoku's grids are square"},
		{".Shape~9x9~0-9", "the values are 0-9: godoku's 9x9 grids hold 1 to 9 or 0 to 8"},
		{".Shape~6x6~9", "the values are 9"},
		{".Shape~4x4~0-3.~R1C1_4", `value "4", want 0 to 3`},
		{".Shape~4x4~1-4.~R1C1_0", `value "0", want 1 to 4`},
		{".Or.Thermo~R1C1~R1C2", "Or without End"},
		{".End", "End without Or or And"},
		{"x.Thermo~R1C1", "a constraint string starts with '.'"},
		{".~R1C1_1.~R1C1_2", "cell r1c1 is given values that exclude each other"},
		{".LittleKiller~10~R5C5", "no little killer diagonal starts at R5C5"},
		{".Sandwich~10~Q3", "bad row or column"},
		{".~R1C1_10", `value "10", want 1 to 9`},
		{"3x3:d:k:1", "not a SudoCue killer"},
		{strings.Repeat("<", 81), "points off the grid"},
		{"hello", "not a puzzle of the Interactive Sudoku Solver"},
		{".SumLine", "no sum"},
		{".LookAndSay~123~R1C1", `clue "123" is not pairs of digits`},
		{".SameValues~2~R1C1~R1C2~R1C3", "3 cells do not cut into 2 sets"},
		{".Shape~4x4.GlobalEntropy", "the values 1 to 4 do not split into three equal sets"},
		{".Lunchbox~5~R1C1", "1 cells, want at least 2"},
		{".SumLine~10~LOOP", "0 cells, want at least 1"},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%.40q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

func TestMappings(t *testing.T) {
	p, err := Parse(".Shape~16x16.~RaCg_12~R1C1_1_2.Whisper~R1C2~R1C3.Whisper~4~R2C2~R2C3" +
		".PillArrow~2~R5C2~R5C1~R6C1.XSum~R3~20~.Skyscraper~C4~~5.Sandwich~12~C2" +
		".LittleKiller~30~R1C9.GreaterThan~R3C3~R3C4~R4C3~R9C9.SumLine~10~R1C1~R1C2~LOOP.SumLine~7~R2C1.NumberedRoom~R2~~3.HiddenSkyscraper~C5~4~.Lunchbox~5~R3C1~R3C2~R3C3.CountingCircles~R4C1~R5C2.Windoku.Indexing~R~R9C9.AntiConsecutive.Regex~12~R1C1")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"candidates {Cell:0 Values:[1 2]}",
		"whispers {Cells:[1 2] Gap:5}",
		"whispers {Cells:[17 18] Gap:4}",
		"arrow {Circle:[64 65] Line:[80]}",
		"x-sum {At:{Side:left Index:2} Sum:20}",
		"skyscraper {At:{Side:bottom Index:3} Count:5}",
		"sandwich {At:{Side:top Index:1} Sum:12}",
		"little killer {Start:8 Dir:DL Sum:30}",
		// R3C3 > R3C4 and R3C3 > R4C3; R9C9 touches none of them.
		"thermometer {Cells:[35 34] Slow:false}",
		"thermometer {Cells:[50 34] Slow:false}",
		"sum line {Cells:[0 1] Sum:10 Loop:true}",
		"sum line {Cells:[16] Sum:7 Loop:false}",
		"numbered room {At:{Side:right Index:1} Value:3}",
		"hidden skyscraper {At:{Side:top Index:4} Value:4}",
		"lunchbox {Cells:[32 33 34] Sum:5}",
		"counting circles {Cells:[48 65]}",
	}
	for i, w := range want {
		if i >= len(p.Constraints) {
			t.Fatalf("%d constraints, want more", len(p.Constraints))
		}
		if got := p.Constraints[i].Kind() + " " + sprint(p.Constraints[i]); got != w {
			t.Errorf("constraint %d: %q, want %q", i, got, w)
		}
	}
	if p.Givens[9*16+15] != 12 {
		t.Errorf("RaCg is not r10c16 = 12")
	}
	kinds := map[string]int{}
	for _, c := range p.Constraints {
		kinds[c.Kind()]++
	}
	if kinds["extra region"] != 9 || kinds["indexer"] != 1 || kinds["non-consecutive"] != 1 || kinds["unsupported"] != 1 {
		t.Errorf("kinds %v, want 9 windoku windows, an indexer, non-consecutive and the Regex unsupported", kinds)
	}
}

func TestSums(t *testing.T) {
	p, err := Parse(".Cage~20~R4C2~R4C3~R4C4~R4C4.Sum~12~R1C1~R1C1~R2C2.Sum~10_=_1_-1~R1C1~R1C2")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"killer cage {Cells:[28 29 30] Sum:0}",
		"sum {Cells:[28 29 30 30] Total:20}",
		"sum {Cells:[0 0 10] Total:12}",
		"unsupported {Name:Sum Cells:[0 1] Data:.Sum~10_=_1_-1~R1C1~R1C2}",
	}
	if len(p.Constraints) != len(want) {
		t.Fatalf("%d constraints, want %d", len(p.Constraints), len(want))
	}
	for i, w := range want {
		if got := p.Constraints[i].Kind() + " " + sprint(p.Constraints[i]); got != w {
			t.Errorf("constraint %d: %q, want %q", i, got, w)
		}
	}
}

// TestFromZero reads a grid of the values 0 to 3: the shape sets the
// offset, a given 0 is a candidate list of one (0 is an empty cell in
// Givens), other givens and sums are the values as written, and a pair
// key counts values by rank (its first bit is the pair 0, 0).
func TestFromZero(t *testing.T) {
	p, err := Parse(".Shape~4x4~0-3.~R1C1_0~R2C2_3~R3C3_1_0.Cage~1~R4C1~R4C2.Pair~D~R1C2~R1C3")
	if err != nil {
		t.Fatal(err)
	}
	if p.Size != 4 || p.Offset != -1 || p.Givens[0] != 0 || p.Givens[5] != 3 {
		t.Errorf("size %d, offset %d, givens %v; want 4, -1, r2c2 3 and r1c1 empty", p.Size, p.Offset, p.Givens)
	}
	want := []string{
		"candidates {Cell:0 Values:[0]}",
		"candidates {Cell:10 Values:[1 0]}",
		"killer cage {Cells:[12 13] Sum:1}",
		"pairwise {Cells:[1 2] Pairs:[[0 0] [0 1]] All:false}",
	}
	var got []string
	for _, c := range p.Constraints {
		got = append(got, fmt.Sprintf("%s %+v", c.Kind(), c))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("constraints:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if q, err := Parse(".Shape~4x4~1-4"); err != nil || q.Offset != 0 {
		t.Errorf("1-4: offset %v, %v; want 0", q, err)
	}
}

func TestPairwise(t *testing.T) {
	// Low and high values alternate: 1 to 4 next to 6 to 9.
	p, err := Parse(".Binary~gH8gH8A4BP4BP~~R9C8~R9C9~R8C9~_named~R3C6~R3C7~~R1C1.PairX~8H_x~R1C1~R2C2~R3C3")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Constraints) != 3 {
		t.Fatalf("%d constraints, want 3 (a group of one cell has no pair)", len(p.Constraints))
	}
	a := p.Constraints[0].(variant.Pairwise)
	if a.All || len(a.Cells) != 3 || len(a.Pairs) != 32 || a.Pairs[0] != [2]int{1, 6} || a.Pairs[31] != [2]int{9, 4} {
		t.Errorf("Binary: %+v", a)
	}
	if b := p.Constraints[1].(variant.Pairwise); len(b.Cells) != 2 || len(b.Pairs) != 32 {
		t.Errorf("Binary's named group: %+v", b)
	}
	// The legacy Binary keys swap '-' and '_': 8H_x in a PairX is 8H-x
	// in a BinaryX.
	x := p.Constraints[2].(variant.Pairwise)
	q, err := Parse(".BinaryX~8H-x~R1C1~R2C2~R3C3")
	if err != nil {
		t.Fatal(err)
	}
	if y := q.Constraints[0].(variant.Pairwise); !x.All || !y.All || fmt.Sprint(x.Pairs) != fmt.Sprint(y.Pairs) {
		t.Errorf("PairX %+v, BinaryX %+v: want the same table, all pairs", x, y)
	}
	if _, err := Parse(".Pair~a*b~R1C1~R1C2"); err == nil || !strings.Contains(err.Error(), "not a base-64 digit") {
		t.Errorf("bad key: %v", err)
	}
}

func TestSameValues(t *testing.T) {
	p, err := Parse(".SameValues~2~R1C1~R1C2~R2C1~R2C2")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(p.Constraints); got != "[{[[0 1] [9 10]]}]" {
		t.Errorf("%s, want two sets of two", got)
	}
}

func TestLookAndSay(t *testing.T) {
	p, err := Parse(".LookAndSay~1223~R1C1~R1C2~R1C3.AntiTaxicab.RellikCage~8~R2C1~R2C2.CountDistinct~R3C1~R3C2~R3C3")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(p.Constraints); got != "[{[0 1 2] 2 1} {[0 1 2] 3 2} {} {[9 10] 8} {[18 19 20]}]" {
		t.Errorf("%s, want one 2, two 3s, anti-taxicab, a rellik cage and a count", got)
	}
}

func TestJigsawWithoutBoxes(t *testing.T) {
	// 7x7 has no boxes: the jigsaw's regions are the regions, wherever
	// the Shape item stands.
	p, err := Parse(".Jigsaw~1112222111122233334443334444556667755666775556777.Shape~7x7")
	if err != nil {
		t.Fatal(err)
	}
	if p.Regions == nil || p.Regions[0] != p.Regions[1] || p.Regions[0] == p.Regions[3] || len(p.Constraints) != 0 {
		t.Errorf("regions %v, constraints %v: want the jigsaw's regions", p.Regions, p.Constraints)
	}
}

func TestOr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Each item a choice; an And of several, givens as candidates.
		{".Or.Thermo~R1C1~R1C2.And.~R5C2_5.Skyscraper~C2~5~.End.End",
			"or {Choices:[[{Cells:[0 1] Slow:false}] [{Cell:37 Values:[5]} {At:{Side:top Index:1} Count:5}]]}"},
		// A choice with a rule the model lacks keeps the Or unsupported.
		{".Or.Thermo~R1C1~R1C2.Regex~12~R1C1.End",
			"unsupported {Name:Or Cells:[] Data:.Or.Thermo~R1C1~R1C2.Regex~12~R1C1.End}"},
		// So does an ill-formed choice (a sum no cage can make).
		{".Or.Cage~3~R1C1~R1C2~R1C3.Thermo~R1C1~R1C2.End",
			"unsupported {Name:Or Cells:[] Data:.Or.Cage~3~R1C1~R1C2~R1C3.Thermo~R1C1~R1C2.End}"},
	} {
		p, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := p.Constraints[0].Kind() + " " + sprint(p.Constraints[0]); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// TestOnePerPlace checks that a clue ISS keeps one of at a place (a
// quadruple's block, an outside clue's arrow) is the later one alone,
// where the earlier one was, as ISS's reader makes it, and that the
// choices of an Or keep each their own. Found by counting random puzzles
// against ISS: two quadruples at one block were both rules here (2,266
// solutions) and the later one alone in ISS (4,553).
func TestOnePerPlace(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{".Quad~R4C1~4~9.Thermo~R1C1~R1C2.Quad~R4C1~4~8", ".Quad~R4C1~4~8.Thermo~R1C1~R1C2"},
		{".Quad~R4C1~4~9.Quad~R4C2~4~8", ".Quad~R4C1~4~9.Quad~R4C2~4~8"},
		{".Sandwich~10~R1.Sandwich~12~R1.Sandwich~3~C1", ".Sandwich~12~R1.Sandwich~3~C1"},
		// Each end of a row is a place of its own.
		{".XSum~C1~25~.XSum~C1~~23.XSum~C1~20~", ".XSum~C1~20~23"},
		{".Skyscraper~R2~3~4.Skyscraper~R2~~5", ".Skyscraper~R2~3~5"},
		{".LittleKiller~20~R2C1.LittleKiller~25~R2C1.LittleKiller~9~R3C1", ".LittleKiller~25~R2C1.LittleKiller~9~R3C1"},
		// A sandwich and an x-sum on one row are two clues.
		{".Sandwich~10~R1.XSum~R1~10~", ".Sandwich~10~R1.XSum~R1~10~"},
		// The choices of an Or are alternatives, each kept.
		{".Or.Quad~R1C1~1.Quad~R1C1~2.End", ".Or.Quad~R1C1~1.Quad~R1C1~2.End"},
		// The items of an And are one choice, read as a puzzle is.
		{".Or.And.Quad~R1C1~1.Quad~R1C1~2.End.Thermo~R1C1~R1C2.End", ".Or.Quad~R1C1~2.Thermo~R1C1~R1C2.End"},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		want, err := Parse(tc.want)
		if err != nil {
			t.Fatalf("%s: %v", tc.want, err)
		}
		if g, w := fmt.Sprintf("%+v", got.Constraints), fmt.Sprintf("%+v", want.Constraints); g != w {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, g, w)
		}
	}
}

func TestGlobalEntropy(t *testing.T) {
	p, err := Parse(".GlobalEntropy.~R1C1_5")
	if err != nil || len(p.Constraints) != 1 || p.Constraints[0] != (variant.GlobalEntropy{}) {
		t.Fatalf("Parse: %+v, %v, want one global entropy rule", p, err)
	}
}

func TestKillerForms(t *testing.T) {
	// The same killer in the short and the SudoCue forms.
	short := "A<H<MA<A<^P<<^N<<^E^E<^L<^E^^^^^^^^^M<<9<K<<<G^N<^F<SB^<^^L^^^^I<E>^>>^D^^^<^F<>^"
	p, err := Parse(short)
	if err != nil {
		t.Fatal(err)
	}
	cageOf := map[variant.Cell]int{}
	for k, c := range p.Constraints {
		for _, x := range c.(variant.KillerCage).Cells {
			cageOf[x] = k
		}
	}
	var nums []string
	for i := range 81 {
		k := cageOf[variant.Cell(i)]
		nums = append(nums, itoa(p.Constraints[k].(variant.KillerCage).Sum*256+k))
	}
	q, err := Parse("3x3::k:" + strings.Join(nums, ":"))
	if err != nil {
		t.Fatal(err)
	}
	if sprint(p.Constraints) != sprint(q.Constraints) {
		t.Errorf("short and SudoCue forms differ:\n%v\n%v", p.Constraints, q.Constraints)
	}
	d, err := Parse("3x3:d:k:" + strings.Join(nums, ":"))
	if err != nil || len(d.Constraints) != len(p.Constraints)+2 {
		t.Errorf("with d: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(".~R1C1_5.Cage~10~R1C2~R1C3.Thermo~R2C1~R3C1.Or.Renban~R4C4~R4C5.End")
	f.Add(".Shape~6x6.Jigsaw~111222111222333444333444555666555666.NoBoxes")
	f.Add("A<H<MA<A<^P<<^N<<^E^E<^L<^E^^^^^^^^^M<<9<K<<<G^N<^F<SB^<^^L^^^^I<E>^>>^D^^^<^F<>^")
	f.Add("3x3:d:k:" + strings.Repeat("2561:", 80) + "2561")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(in)
		if err != nil {
			var ie *Error
			if !errors.As(err, &ie) {
				t.Fatalf("error %T, want *Error: %v", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("read an invalid puzzle: %v", err)
		}
	})
}

func TestReplicate(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// "Cg": bits 1 and 11 from R1C1, the targets R1C2 and R2C3.
		{".Replicate~Cg.Thermo~R1C1~R1C2.End", "[{[1 2] false} {[11 12] false}]"},
		// Bit 0 is the origin itself; rows and columns move, not numbers.
		{".Replicate~B~R2C2.Thermo~R2C2~R3C2.SameValues~2~R1C1~R2C1.End", "[{[10 19] false} {[[0] [9]]}]"},
		{".Replicate~BB~R1C9.Thermo~R1C9~R2C9.End", "[{[8 17] false} {[14 23] false}]"},
	} {
		p, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if got := fmt.Sprint(p.Constraints); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{".Replicate~C.Thermo~R1C8~R1C9.End", `".Thermo~R1C8~R1C9": replicated to r1c2, R1C9 leaves the grid`},
		{".Replicate~C!.Thermo~R1C1.End", `bad target bit set "C!": '!' is not a base-64 digit`},
		{".Replicate~" + strings.Repeat("_", 14) + ".Thermo~R1C1.End", "target 81 cells after the origin is not in the 9x9 grid"},
		{".Replicate.Thermo~R1C1.End", "want the target cells' bit set"},
		{".Replicate~B~R0C1.Thermo~R1C1.End", `bad cell "R0C1"`},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
	// A Replicate of groups stays unsupported, kept whole.
	p, err := Parse(".Replicate~C.Or.Thermo~R1C1~R1C2.End.End")
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := p.Constraints[0].(variant.Unsupported); !ok || u.Name != "Replicate" {
		t.Errorf("%v, want an unsupported Replicate", p.Constraints)
	}
}

func TestFullRank(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{".FullRank~C1~33~.FullRank~R6~~36", "[full rank {At:{Side:top Index:0} Rank:33} full rank {At:{Side:right Index:5} Rank:36}]"},
		{".FullRank~R2~26~8.FullRankTies~none", "[full rank {At:{Side:left Index:1} Rank:26} full rank {At:{Side:right Index:1} Rank:8} no rank ties {}]"},
		// Ties between unclued lines are full rank's own rule.
		{".FullRank~R2~26~.FullRankTies~only-unclued", "[full rank {At:{Side:left Index:1} Rank:26}]"},
		// Ties with a clued line are not held.
		{".FullRankTies~any", "[unsupported {Name:FullRankTies Cells:[] Data:.FullRankTies~any}]"},
	} {
		p, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		var got []string
		for _, c := range p.Constraints {
			got = append(got, c.Kind()+" "+sprint(c))
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, s, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{".FullRankTies~some", `ties "some", want none, only-unclued or any`},
		{".FullRankTies", "want one of none, only-unclued, any"},
		{".FullRank~C10~3~", `bad row or column "C10"`},
		{".FullRank~C1~x~", `"x" is not a whole number`},
		{".Shape~4x4.FullRank~C1~17~", `".FullRank~C1~17~": rank 17 is out of range, want 1 to 16`},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}
