package sudokupad

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/internal/samepuzzle"
	"github.com/godoku/sudoku/variant/iss"
)

type corpusPuzzle struct {
	Title, Fpuzzles string
}

func readLines(t *testing.T, path string, fn func([]byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fn(sc.Bytes())
	}
}

// corpus returns every puzzle of the two corpora that reads, by name.
func corpus(t *testing.T) (names []string, puzzles []*variant.Puzzle) {
	readLines(t, "../testdata/fpuzzles_cc_by.jsonl", func(b []byte) {
		var c corpusPuzzle
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		p, err := fpuzzles.Decode(c.Fpuzzles)
		if err != nil {
			t.Fatalf("%s: %v", c.Title, err)
		}
		names, puzzles = append(names, c.Title), append(puzzles, p)
	})
	readLines(t, "../testdata/iss_examples.jsonl", func(b []byte) {
		var c struct{ Name, Input string }
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		if p, err := iss.Parse(c.Input); err == nil {
			names, puzzles = append(names, "ISS "+c.Name), append(puzzles, p)
		}
	})
	return names, puzzles
}

// TestRoundTrip writes every corpus puzzle as a SudokuPad link and reads
// it back as the same puzzle. The ISS puzzles with rules f-puzzles has no
// element for cannot be written: the error must name the rule; nor can
// those whose values start from 0.
func TestRoundTrip(t *testing.T) {
	names, puzzles := corpus(t)
	written, refused := 0, 0
	for i, p := range puzzles {
		link, err := Link(p)
		if err != nil {
			if !strings.Contains(err.Error(), "no f-puzzles element holds the rule") &&
				!(p.Offset != 0 && strings.Contains(err.Error(), "SudokuPad holds values from 1 only, and this puzzle's start from 0")) {
				t.Errorf("%s: %v", names[i], err)
			}
			refused++
			continue
		}
		written++
		q, err := Parse(link)
		if err != nil {
			t.Errorf("%s: reading back: %v", names[i], err)
			continue
		}
		if d := samepuzzle.Diff(p, q, false); d != "" {
			t.Errorf("%s: read back as another puzzle: %s", names[i], d)
		}
		if strings.HasPrefix(names[i], "ISS ") {
			continue
		}
		// Read from f-puzzles, the puzzle comes back in the same order.
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: read back in another order", names[i])
		}
	}
	t.Logf("%d written and read back, %d refused (rules f-puzzles cannot hold)", written, refused)
}

// stripTags removes the tags from SudokuPad JSON.
func stripTags(v any) any {
	switch v := v.(type) {
	case map[string]any:
		delete(v, TagKey)
		for k, x := range v {
			v[k] = stripTags(x)
		}
		// A cage that was only a carrier of tags.
		return v
	case []any:
		out := v[:0]
		for _, x := range v {
			if m, ok := x.(map[string]any); ok && len(m) == 1 && m[TagKey] != nil {
				continue
			}
			out = append(out, stripTags(x))
		}
		return out
	}
	return v
}

// TestConventions reads back the drawings alone, as SudokuPad would share
// them without godoku's tags: every rule of a corpus puzzle that SudokuPad
// shows by a drawing of its own comes back.
func TestConventions(t *testing.T) {
	names, puzzles := corpus(t)
	same, total := 0, 0
	for i, p := range puzzles {
		js, err := Marshal(p)
		if err != nil {
			continue
		}
		total++
		var m any
		if err := json.Unmarshal(js, &m); err != nil {
			t.Fatal(err)
		}
		bare, _ := json.Marshal(stripTags(m))
		q, err := Read(string(bare))
		if err != nil {
			t.Errorf("%s: %v", names[i], err)
			continue
		}
		if d := samepuzzle.Diff(p, q, true); d != "" {
			t.Logf("%s: %s", names[i], d)
			continue
		}
		same++
	}
	t.Logf("%d of %d read back the same from the drawings alone", same, total)
	// A floor at what the reader reaches, so that it only goes up. The
	// rest: clones (shaded cells, unpaired), minimum and maximum cells
	// with no free side for their chevrons, and lockout lines a setter
	// drew besides the rule's own.
	if same < 234 {
		t.Errorf("%d read back the same, want at least 234", same)
	}
}

// TestZipped reads puzzles as SudokuPad compacts them when it shares
// them: testdata/zipped.jsonl holds every ninth corpus puzzle (credits in
// ../testdata) as Marshal writes it, compacted by SudokuPad's own zipper
// (its published JavaScript, run under Node when the file was made).
func TestZipped(t *testing.T) {
	names, puzzles := corpus(t)
	byName := map[string]*variant.Puzzle{}
	for i, n := range names {
		byName[n] = puzzles[i]
	}
	k := 0
	readLines(t, "testdata/zipped.jsonl", func(b []byte) {
		var v struct{ Name, Zipped string }
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		k++
		p := byName[v.Name]
		if p == nil {
			t.Fatalf("%s: not in the corpus", v.Name)
		}
		if strings.Contains(v.Zipped, `"`) {
			t.Fatalf("%s: not compacted", v.Name)
		}
		q, err := Read(v.Zipped)
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			return
		}
		if d := samepuzzle.Diff(p, q, false); d != "" {
			t.Errorf("%s: %s", v.Name, d)
		}
	})
	if k < 25 {
		t.Fatalf("%d vectors, want at least 25", k)
	}
}
