package fpuzzles

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
)

type corpusPuzzle struct {
	Title, Author, Fpuzzles, Solution string
	Categories                        []string
}

func readCorpus(t *testing.T) []corpusPuzzle {
	t.Helper()
	f, err := os.Open("../testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusPuzzle
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c corpusPuzzle
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// TestCorpus reads every puzzle of the corpus, checks what it holds
// against the corpus' own record (title, author, solution, the kinds of
// constraints), and writes it back as a link that reads as the same
// puzzle.
func TestCorpus(t *testing.T) {
	corpus := readCorpus(t)
	if len(corpus) != 70 {
		t.Fatalf("%d puzzles, want 70", len(corpus))
	}
	for _, c := range corpus {
		p, err := Parse(LinkPrefix + c.Fpuzzles)
		if err != nil {
			t.Errorf("%s: %v", c.Title, err)
			continue
		}
		if p.Author != "" && p.Author != c.Author {
			t.Errorf("%s: author %q, want %q", c.Title, p.Author, c.Author)
		}
		sol := ""
		for _, v := range p.Solution {
			sol += string(rune('0' + v))
		}
		if p.Solution != nil && sol != c.Solution {
			t.Errorf("%s: solution %s, want %s", c.Title, sol, c.Solution)
		}
		for _, cat := range c.Categories {
			if kind, ok := categoryKinds[cat]; ok && !hasKind(p, kind) {
				t.Errorf("%s: category %s but no %s constraint", c.Title, cat, kind)
			}
		}
		for _, con := range p.Constraints {
			if u, ok := con.(variant.Unsupported); ok {
				t.Errorf("%s: unsupported %s", c.Title, u.Name)
			}
		}
		link, err := Link(p)
		if err != nil {
			t.Errorf("%s: writing: %v", c.Title, err)
			continue
		}
		q, err := Parse(link)
		if err != nil {
			t.Errorf("%s: reading back: %v", c.Title, err)
			continue
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: read back as another puzzle:\n%+v\nwant\n%+v", c.Title, q, p)
		}
	}
}

// categoryKinds maps the corpus' categories to the constraint kinds they
// must give.
var categoryKinds = map[string]string{
	"thermometer": "thermometer", "arrow": "arrow", "killercage": "killer cage",
	"antiknight": "anti-knight", "antiking": "anti-king", "whispers": "whispers",
	"renban": "renban", "difference": "difference", "ratio": "ratio",
	"quadruple": "quadruple", "even": "even", "odd": "odd", "xv": "xv",
	"regionsumline": "region sum line", "betweenline": "between line",
	"palindrome": "palindrome", "entropicline": "entropic line", "lockout": "lockout line",
	"maximum": "maximum", "minimum": "minimum", "disjointgroups": "disjoint groups",
	"extraregion": "extra region", "skyscraper": "skyscraper", "xsum": "x-sum",
	"sandwichsum": "sandwich", "littlekillersum": "little killer", "modularline": "modular line",
	"zipperline": "zipper line", "clone": "clone", "nonconsecutive": "non-consecutive",
	"rowindexer": "indexer", "columnindexer": "indexer", "boxindexer": "indexer",
	"negative.xv": "negative xv", "negative.ratio": "negative ratio",
	"diagonal+": "diagonal", "diagonal-": "diagonal", "nabner": "nabner", "doublearrow": "double arrow",
}

func hasKind(p *variant.Puzzle, kind string) bool {
	for _, c := range p.Constraints {
		if c.Kind() == kind {
			return true
		}
	}
	return false
}

func TestCategoriesKnown(t *testing.T) {
	for _, c := range readCorpus(t) {
		for _, cat := range c.Categories {
			if _, ok := categoryKinds[cat]; !ok && !ignoredCategory(cat) {
				t.Errorf("%s: category %q has no kind in the test's table", c.Title, cat)
			}
		}
	}
}

// ignoredCategory reports the corpus categories that name no rule: grid
// sizes, drawings, test labels.
func ignoredCategory(cat string) bool {
	for _, p := range []string{"gridsize", "bugcoverage", "non9x9", "irregular", "rectangle", "cage", "circle", "line", "text", "negative"} {
		if cat == p || strings.HasPrefix(cat, p) && p != "negative" {
			return true
		}
	}
	return false
}
