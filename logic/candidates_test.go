package logic

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
)

const easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

func TestParseCandidatesRoundTrip(t *testing.T) {
	g, _ := sudoku.Parse(easy)
	c, err := FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	s := c.String()
	d, err := ParseCandidates(s)
	if err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	// A lone candidate prints as a digit, which reads back as placed.
	want := *c
	for i := 0; i < 81; i++ {
		if want.values[i] == 0 && popcount(c.marks[i]) == 1 {
			want.place(i, firstDigit(c.marks[i]))
		}
	}
	if d.values != want.values || d.marks != want.marks {
		t.Fatalf("round trip differs:\n%s\n%s", s, d.String())
	}
	// A plain puzzle line is accepted too.
	e, err := ParseCandidates(easy)
	if err != nil || e.values != c.values || e.marks != c.marks {
		t.Fatalf("line: %v", err)
	}
}

func TestParseCandidatesErrors(t *testing.T) {
	good := strings.Split(strings.TrimSpace(func() string {
		g, _ := sudoku.Parse(easy)
		c, _ := FromGrid(g)
		return c.String()
	}()), "\n")
	tests := []struct {
		name      string
		edit      func([]string) []string
		line, col int
	}{
		{"bad char", func(l []string) []string { l[1] = strings.Replace(l[1], "4", "x", 1); return l }, 2, strings.Index(good[1], "4") + 1},
		{"short row", func(l []string) []string { l[2] = "| 1 2 3 |"; return l }, 3, 0}, // column 0: the whole row
		{"repeated digit", func(l []string) []string { l[1] = strings.Replace(l[1], "45", "44", 1); return l }, 2, strings.Index(good[1], "45") + 2},
	}
	for _, tc := range tests {
		lines := tc.edit(append([]string(nil), good...))
		_, err := ParseCandidates(strings.Join(lines, "\n"))
		var pe *sudoku.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || pe.Column != tc.col {
			t.Errorf("%s: got %v, want line %d col %d", tc.name, err, tc.line, tc.col)
		}
	}
}

func TestPencilMarksHint(t *testing.T) {
	// User pencil marks that already exclude a candidate are respected.
	in := `
12 3 . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .`
	c, err := ParseCandidates(in)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Has(0, 1) || c.Has(0, 4) || c.Value(1) != 3 {
		t.Fatalf("parsed wrongly:\n%s", c)
	}
}

func TestRateErrors(t *testing.T) {
	if _, err := Rate(context.Background(), sudoku.Grid{}); err != ErrMultipleSolutions {
		t.Errorf("empty grid: %v", err)
	}
	g, _ := sudoku.Parse(easy)
	g[1] = 9 // clashes with r2c1? no: makes the puzzle unsolvable or invalid
	if _, err := Rate(context.Background(), g); err == nil {
		t.Errorf("broken grid rated")
	}
}

func TestLevelText(t *testing.T) {
	for l := Easy; l <= Extreme; l++ {
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var m Level
		if err := m.UnmarshalText(b); err != nil || m != l {
			t.Errorf("%v: %v %v", l, m, err)
		}
	}
	for _, tt := range Techniques() {
		b, _ := tt.MarshalText()
		var u Technique
		if err := u.UnmarshalText(b); err != nil || u != tt {
			t.Errorf("%v: %v", tt, err)
		}
	}
}

func TestRateLevels(t *testing.T) {
	tests := []struct {
		steps []Technique
		level Level
		score int
	}{
		{[]Technique{NakedSingle, HiddenSingle}, Easy, 18},
		{[]Technique{NakedSingle, Pointing}, Medium, 54},
		{[]Technique{XWing}, Hard, 140},
		{[]Technique{BruteForce}, Extreme, 10000},
	}
	for _, tc := range tests {
		var steps []Step
		for _, t := range tc.steps {
			steps = append(steps, Step{Technique: t})
		}
		r := rateSteps(steps)
		if r.Level != tc.level || r.Score != tc.score {
			t.Errorf("%v: got %v %d", tc.steps, r.Level, r.Score)
		}
	}
	// The score raises the level: 17 pointing steps exceed Medium's 1000.
	var steps []Step
	for i := 0; i < 21; i++ {
		steps = append(steps, Step{Technique: Pointing})
	}
	if r := rateSteps(steps); r.Level != Hard {
		t.Errorf("score 1050 gave %v", r.Level)
	}
}

// TestGrade checks that Grade settles the same level as Rate under every
// ceiling: exact at or below it, above it otherwise.
func TestGrade(t *testing.T) {
	seen := map[Level]int{}
	for _, name := range []string{"graded57.tsv", "norvig_top95.tsv"} {
		// Under the race detector, a quarter of each set (one goroutine).
		ps := loadTSV(t, name)
		for _, p := range race.Sample(ps, len(ps)/4) {
			r, err := Rate(context.Background(), p.grid)
			if err != nil {
				t.Fatal(err)
			}
			seen[r.Level]++
			for ceiling := Easy; ceiling <= Extreme; ceiling++ {
				got, err := Grade(context.Background(), p.grid, ceiling)
				if err != nil {
					t.Fatal(err)
				}
				if r.Level <= ceiling && got != r.Level || r.Level > ceiling && got <= ceiling {
					t.Errorf("%s: Grade(ceiling %v) = %v, Rate says %v", p.grid, ceiling, got, r.Level)
				}
			}
		}
	}
	for l := Easy; l <= Extreme; l++ {
		if seen[l] == 0 {
			t.Errorf("no %v puzzle in the sets", l)
		}
	}
	if _, err := Grade(context.Background(), sudoku.Grid{}, Extreme); err == nil {
		t.Error("Grade of the empty grid: no error")
	}
}

// TestFromMarks checks that pencil marks read by sudoku.Reader give the
// candidates ParseCandidates gives for the same text.
func TestFromMarks(t *testing.T) {
	g, _ := sudoku.Parse(easy)
	c, _ := FromGrid(g)
	step, _, _ := Hint(context.Background(), c) // one step further, so that some candidates are gone
	c.Apply(step)
	text := c.String()
	p, err := sudoku.NewReader(strings.NewReader(text)).Read()
	if err != nil || p.Marks == nil {
		t.Fatalf("the Reader read %q as %v, %v", text, p.Marks, err)
	}
	got, err := FromMarks(*p.Marks)
	want, werr := ParseCandidates(text)
	if err != nil || werr != nil || got.values != want.values || got.marks != want.marks {
		t.Fatalf("FromMarks = %v, %v; ParseCandidates = %v, %v", got, err, want, werr)
	}
	bad := *p.Marks
	bad[0], bad[1] = 1<<5, 1<<5 // 5 placed twice in row 1
	if _, err := FromMarks(bad); err == nil {
		t.Error("FromMarks with 5 twice in a row: no error")
	}
	bad = *p.Marks
	bad[0] = 0
	if _, err := FromMarks(bad); err == nil {
		t.Error("FromMarks with a cell without candidates: no error")
	}
}

// TestNoCandidateLeft checks that every way of making candidates refuses
// an empty cell that its placed peers leave without a candidate, with the
// same error naming the cell: FromGrid, ParseCandidates (of givens and of
// pencil marks) and FromMarks.
func TestNoCandidateLeft(t *testing.T) {
	// r8c7 sees 1 to 9 among its peers, but no two of them clash.
	const dead = "003020600900305001001806400008102700700000008006708100000000500800200009000000300"
	g, err := sudoku.Parse(dead)
	if err != nil || g.Validate() != nil {
		t.Fatalf("the test grid: %v, %v", err, g.Validate())
	}
	m := sudoku.MarksOf(&g)
	m[69] = sudoku.AllDigits // as a person would mark it before looking
	fromGrid := func() (*Candidates, error) { return FromGrid(g) }
	parsed := func() (*Candidates, error) { return ParseCandidates(dead) }
	parsedMarks := func() (*Candidates, error) { return ParseCandidates(m.String()) }
	fromMarks := func() (*Candidates, error) { return FromMarks(m) }
	for name, f := range map[string]func() (*Candidates, error){
		"FromGrid": fromGrid, "ParseCandidates": parsed, "ParseCandidates of marks": parsedMarks, "FromMarks": fromMarks,
	} {
		c, err := f()
		var nc *NoCandidateError
		if c != nil || !errors.As(err, &nc) || nc.Cell != 69 || !errors.Is(err, sudoku.ErrNoCandidate) ||
			err.Error() != "logic: r8c7 has no candidate left" {
			t.Errorf("%s = %v, %v; want a *NoCandidateError for r8c7", name, c, err)
		}
	}
}
