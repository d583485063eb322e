package fpuzzles

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/lzstring"
)

// grid4 is an empty 4x4 grid's JSON.
const grid4 = `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"size":4}`, "grid: 0 rows, want 4"},
		{`{"size":0,"grid":[]}`, "size: 0 is not a grid size"},
		{`{"size":4,` + grid4 + `,"killercage":[{"cells":["R1C1","R5C1"],"value":"3"}]}`, "killercage 1: cell R5C1 is outside the 4x4 grid"},
		{`{"size":4,` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"ten"}]}`, `killercage 1: value "ten" is not a whole number`},
		{`{"size":4,` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"30"}]}`, "killercage 1: sum 30 is out of range"},
		{`{"size":4,` + grid4 + `,"thermometer":[{"lines":[["R1C1","X"]]}]}`, `thermometer 1: bad cell "X"`},
		{`{"size":4,` + grid4 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"Q"}]}`, `xv 1: value "Q", want X or V`},
		{`{"size":4,` + grid4 + `,"littlekillersum":[{"cell":"R0C1","direction":"UP","value":"3"}]}`, `littlekillersum 1: direction "UP"`},
		{`{"size":4,` + grid4 + `,"sandwichsum":[{"cell":"R2C2","value":"3"}]}`, "sandwichsum 1: clue at R2C2 is not beside a row or column"},
		{`{"size":4,` + grid4 + `,"quadruple":[{"cells":["R1C1","R1C2","R3C1","R3C2"],"values":[1]}]}`, "quadruple 1: cells"},
		{`{"size":4,"grid":[[{"value":7,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, "grid R1C1: given value 7, want 1 to 4"},
		{`{"size":4,"grid":[[{"region":9},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, "grid R1C1: region 9"},
		{`{"size":4,"grid":[[{"region":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, "regions: region 0 has 3 cells, want 4"},
		{`{"size":4,"grid":[[{},{},{},{}]]}`, "grid: 1 rows, want 4"},
		{`{"size":4,` + "\n" + `"grid":[[{},{},{},{}],` + "\n" + `[{} {}]]}`, "bad JSON at line 3, column 5"},
		{`{"size":"4"}`, "size: want int"},
		{`[1,2]`, "not a JSON object"},
		{`https://www.f-puzzles.com/?id=abc123`, "kept on f-puzzles' server"},
		{`https://f-puzzles.com/`, "no load= in it"},
		{`N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSz`, "data ends before its end code"},
		{lzstring.CompressToBase64("not json"), "does not decode to a JSON object"},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%.60q): %v, want an error with %q", tc.in, err, tc.want)
		}
		var fe *Error
		if err != nil && !errors.As(err, &fe) {
			t.Errorf("Parse(%.60q): %T, want *Error", tc.in, err)
		}
	}
}

// TestRoundTripKinds writes and reads back a puzzle of every kind the
// corpus lacks or holds only in one form: pencil-mark givens, cells in no
// region, a slow thermometer, gaps and moduli other than the defaults, a
// sum dot, outside clues without values, unknown keys, negative rules.
// Its constraints are in the order the reader gives them (grouped by key).
func TestRoundTripKinds(t *testing.T) {
	n := 6
	regions := variant.Boxes(n, 2, 3)
	regions[2], regions[3] = 1, 0 // still six cells in each
	p := &variant.Puzzle{
		Size: n, Regions: regions, Title: "All kinds", Author: "godoku", Rules: "Every rule.",
		Givens: []int{0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6},
		Constraints: []variant.Constraint{
			variant.Candidates{Cell: 7, Values: []int{1, 2}},
			variant.Diagonal{Positive: true},
			variant.AntiKing{},
			variant.NegativeXV{},
			variant.Unsupported{Name: "negative difference", Data: `{"negative":["difference"]}`},
			variant.Arrow{Circle: []variant.Cell{0, 1}, Line: []variant.Cell{7, 13}},
			variant.Arrow{Circle: []variant.Cell{0, 1}, Line: []variant.Cell{8, 14}},
			variant.KillerCage{Cells: []variant.Cell{20, 21}},
			variant.LittleKiller{Start: 5, Dir: variant.DownLeft, Sum: 12},
			variant.Indexer{Of: variant.BoxIndexer, Cells: []variant.Cell{9}},
			variant.Thermometer{Cells: []variant.Cell{24, 25}},
			variant.Thermometer{Cells: []variant.Cell{24, 18}},
			variant.Thermometer{Cells: []variant.Cell{30, 31, 32}, Slow: true},
			variant.Whispers{Cells: []variant.Cell{26, 27}, Gap: 2},
			variant.ModularLine{Cells: []variant.Cell{33, 34}, Mod: 2},
			variant.LockoutLine{Cells: []variant.Cell{28, 29, 35}, Gap: 2},
			variant.Difference{Cells: [2]variant.Cell{16, 17}, Diff: 2},
			variant.Ratio{Cells: [2]variant.Cell{15, 16}, Ratio: 3},
			variant.XV{Cells: [2]variant.Cell{10, 11}, Sum: 7},
			variant.Sandwich{At: variant.Edge{Side: variant.Right, Index: 4}, Sum: 0},
			variant.Skyscraper{At: variant.Edge{Side: variant.Bottom, Index: 2}, Count: 3},
			variant.Unsupported{Name: "fogofwar", Data: `{"fogofwar":["R1C1"]}`},
		},
		Cosmetics: []variant.Cosmetic{
			{Kind: "cell", Cells: []variant.Point{{Row: 1, Col: 1}}, Style: map[string]string{"c": `"#FF0000"`}},
			{Kind: "littlekillersum", Cells: []variant.Point{{Row: -1, Col: 2}}, Text: "DR"},
			{Kind: "xsum", Cells: []variant.Point{{Row: 3, Col: -1}}},
			{Kind: "text", Cells: []variant.Point{{Row: 0, Col: 0}}, Text: "hi", Style: map[string]string{"fontC": `"#000000"`, "size": "0.5"}},
			{Kind: "line", Lines: [][]variant.Point{{{Row: 0, Col: 0}, {Row: 5, Col: 5}}}, Style: map[string]string{"outlineC": `"#123456"`, "width": "0.1"}},
			{Kind: "successMessage", Text: "Well done"},
		},
		Solution: nil,
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	link, err := Link(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Errorf("read back as\n%+v\nwant\n%+v", q, p)
	}
	// An Unsupported rule from elsewhere cannot be written.
	p.Constraints = append(p.Constraints, variant.Unsupported{Name: "ChaosConstruction", Data: ".ChaosConstruction"})
	if _, err := Link(p); err == nil || !strings.Contains(err.Error(), `no f-puzzles element holds the rule "ChaosConstruction"`) {
		t.Errorf("writing an ISS rule: %v", err)
	}
}

// TestSlashRepair reads a payload whose "//" became "/", as some sites
// do to links.
func TestSlashRepair(t *testing.T) {
	for _, c := range readCorpus(t) {
		i := strings.Index(c.Fpuzzles, "//")
		if i < 0 {
			continue
		}
		broken := c.Fpuzzles[:i] + c.Fpuzzles[i+1:]
		if _, err := Decode(broken); err != nil {
			t.Errorf("%s: %v", c.Title, err)
		}
		return
	}
	t.Skip("no payload with // in the corpus")
}

func FuzzParse(f *testing.F) {
	f.Add(`{"size":4,` + grid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}`)
	f.Add(`{"size":4,"grid":[[{"region":null},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{"value":2,"given":true},{},{},{}]],"text":[{"cells":["R0C0"],"value":"x"}]}`)
	f.Add("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QMAG4wAdvlABjGABsjCEACUArAGEA7CAohDJs1esAOB2oAuACxgYALYA9oEw3gF6IEYQ2jBg+HgWttYAjCCo5gBsaRkWNumZACy5mQDMpRYlAEwgtLSOMXEJ8ATJ1kV52R1dNp3FPeWDVdZldQ2k0bHxiRYVWV0lC5k2yxY5a+YpC/WN0y1t5hWIi9YnK2ddOeftJ7tqMd7eRjAA1hAmAWAAroFRzqZ4BYAAyjPIAg4WVLWWqZaq5NTYCAYGD6bwQYK6IEAEQAMnkNABDIzfOBA1LpRwA1yg+yoCH4KEeLrwu6oJEotEYrEgbHmAnE0lmTxU4yAqGg2FOMWQ8yIBHs5Go9GYswAVXxqCJJLJIEpk2pQPMqVBY3pMsZcphXXcCpAHOV3PVmpA2qFQJOopcRpNdnBFtaFnlnkytrZ9qVXNVQLV/K1gt1IoNYtcvpD0pMsvl4YdUZ5sYFOuFXkVADNSwEdIZ/gGkuZbWaLLbahMDLWm37Q8yGmoMISVTXM5boY3jdbWxmjLLoXSmZ4e6gAI7fQnYDDfAAOL0HU8tOVHOX67VHKU6ajdM1aqWQ1WQZWQRQnDMD3U2OVnW2smxS9nPCYOWTILYyDuMgiA9kQQA===")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(in)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %T, want *Error: %v", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("read an invalid puzzle: %v", err)
		}
		link, err := Link(p)
		if err != nil {
			t.Fatalf("writing what was read: %v", err)
		}
		q, err := Parse(link)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("read back as\n%+v\nwant\n%+v", q, p)
		}
	})
}

// TestKeysCase reads keys as f-puzzles, in JavaScript, does: a key in
// another case than the one f-puzzles writes is a key of its own, kept as
// an unsupported rule, and sets nothing (encoding/json alone would read
// "Size" as the size and "teXt" as the text, and keep them too).
func TestKeysCase(t *testing.T) {
	p, err := Parse(`{"size":4,"Size":9,"teXt":[{"cells":["R1C1"],"value":"&"}],"grid":[[{"value":1,"given":true,"Value":2},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range p.Constraints {
		if u, ok := c.(variant.Unsupported); ok {
			names = append(names, u.Name)
		}
	}
	slices.Sort(names)
	if p.Size != 4 || len(p.Cosmetics) != 1 || p.Givens[0] != 1 || !slices.Equal(names, []string{"Size", "teXt"}) {
		t.Errorf("read as size %d, givens %v, cosmetics %+v, unsupported %v; want size 4, r1c1 1, the cell's Value kept, Size and teXt unsupported", p.Size, p.Givens, p.Cosmetics, names)
	}
}
