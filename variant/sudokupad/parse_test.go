package sudokupad

import (
	"errors"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/lzstring"
)

func TestParseForms(t *testing.T) {
	p := &variant.Puzzle{Size: 4, Givens: []int{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2},
		Constraints: []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{1, 2}, Sum: 5}}}
	link, err := Link(p)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(link, LinkPrefix)
	fp, err := fpuzzles.Payload(p)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := Marshal(p)
	for _, in := range []string{
		link, id, "ctc" + id[3:],
		"https://beta.sudokupad.app/" + id,
		"https://app.crackingthecryptic.com/sudoku/" + id,
		"https://sudokupad.app/?puzzleid=" + id,
		"http://sudokupad.app/" + strings.ReplaceAll(id, "+", "%2B") + "#settings",
		"fpuzzles" + fp, "fpuz" + fp, LinkPrefix + "fpuzzles" + fp,
		"  " + link + "  ",
	} {
		q, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%.50q): %v", in, err)
			continue
		}
		if q.Size != 4 || q.Givens[15] != 2 || len(q.Constraints) != 1 {
			t.Errorf("Parse(%.50q) = %+v", in, q)
		}
	}
	if q, err := Read(string(js)); err != nil || len(q.Constraints) != 1 {
		t.Errorf("Read(JSON): %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://sudokupad.app/psxk9s3s8z", "kept on SudokuPad's server"},
		{"https://sudokupad.app/author/some-title", "kept on SudokuPad's server"},
		{"https://sudokupad.app/", "names no puzzle"},
		{"sclAAAAAAAAAAAA*", "character outside the base64 alphabet"},
		{"scl" + lzstring.CompressToBase64("hello"), "not SudokuPad's puzzle JSON"},
		{"scl" + lzstring.CompressToBase64(`{"cells":[[{},{}],[{}]]}`), "row 2 has 1 cells, want 2"},
		{"scl" + lzstring.CompressToBase64(`{"cells":[[{"value":7},{}],[{},{}]]}`), "value 7, want 1 to 2"},
		{"scl" + lzstring.CompressToBase64(`{"cells":[[{},{}],[{},{}]],"cages":[{"cells":[[0,0],[5,5]]}]}`), "cages 1: cell [5 5] is not in the grid"},
		{"scfAAAAAAAAAAAAAA", "scf format"},
		{"fpuzzlesAAAAAAAAAAA", "f-puzzles"},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%.50q): %v, want an error with %q", tc.in, err, tc.want)
		}
		var se *Error
		if err != nil && !errors.As(err, &se) {
			t.Errorf("Parse(%.50q): %T, want *Error", tc.in, err)
		}
	}
	if _, err := Parse("https://sudokupad.app/psxk9s3s8z"); !errors.Is(err, ErrRemote) {
		t.Errorf("short id: %v, want ErrRemote", err)
	}
}

// TestUnknownDrawings reads a puzzle drawn in SudokuPad's editor, whose
// drawings follow no f-puzzles convention: each becomes a rule the engine
// refuses by a name that says what and where it is.
func TestUnknownDrawings(t *testing.T) {
	js := `{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
		"regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
		"lines":[{"color":"#FF0000","thickness":8,"wayPoints":[[0.5,0.5],[1.5,1.5]]}],
		"overlays":[{"center":[2.5,2.5],"width":0.6,"height":0.6,"rounded":true,"backgroundColor":"#00FF00"},
			{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000"}],
		"cages":[{"value":"title: Hand made"},{"cells":[[3,3],[3,2]],"value":"?"}],
		"foglight":[[0,0]]}`
	p, err := Read(js)
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "Hand made" {
		t.Errorf("title %q", p.Title)
	}
	var names []string
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case variant.Unsupported:
			names = append(names, c.Name)
		case variant.Difference:
			if c.Cells != [2]variant.Cell{0, 1} || c.Diff != 1 {
				t.Errorf("dot %+v", c)
			}
		default:
			t.Errorf("unexpected %s %+v", c.Kind(), c)
		}
	}
	want := []string{"SudokuPad foglight", "SudokuPad line #ff0000 on R1C1-R2C2", "SudokuPad overlay #00ff00 at [2.5,2.5]", `cage with the text "?"`}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("unsupported %q, want %q", names, want)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"cells":[[{"value":1},{}],[{},{}]],"cages":[{"cells":[[0,1],[1,1]],"value":"3"}]}`)
	f.Add(`{ce:[[{v:1},,],[,,]],ca:[{ce:[[0,1]],v:3}],l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[1.5,0.5]]}]}`)
	f.Add(`{"cells":[[{},{},{}],[{},{},{}],[{},{},{}]],"overlays":[{"center":[1,0.5],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000"}],"arrows":[{"color":"#000000","wayPoints":[[-0.2,1.2],[-0.02,1.02]]}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Read(in)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *Error: %v", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("read an invalid puzzle: %v", err)
		}
		// What reads writes, unless it holds a drawing read as a rule
		// f-puzzles has no element for.
		if _, err := Marshal(p); err != nil && !strings.Contains(err.Error(), "no f-puzzles element") {
			t.Fatalf("writing what was read: %v", err)
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add("https://sudokupad.app/sclN4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA")
	f.Add("fpuzzlesN4IgzglgXgpiBcAWANCA5gJwgEwQbQF0BfIA")
	f.Add("https://sudokupad.app/?puzzleid=ctcN4Ig")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := Parse(in)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *Error: %v", err, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("read an invalid puzzle: %v", err)
		}
	})
}
