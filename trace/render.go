package trace

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/godoku/sudoku"
)

// String returns the step as one line of the text log, such as
// "r3c4 = 7  hidden single in box 2" or "guess r1c1 = 7 (of 7,8) depth 1".
func (s Step) String() string {
	cell := func() string { return sudoku.CellName(s.Cell) }
	switch s.Kind {
	case Given:
		return fmt.Sprintf("%s = %d  given", cell(), s.Digit)
	case NakedSingle:
		return fmt.Sprintf("%s = %d  naked single", cell(), s.Digit)
	case HiddenSingle:
		return fmt.Sprintf("%s = %d  hidden single in %v", cell(), s.Digit, s.Unit)
	case Guess:
		return fmt.Sprintf("guess %s = %d (of %s) depth %d", cell(), s.Digit, commaList(s.Left|1<<s.Digit), s.Depth)
	case DeadEnd:
		switch {
		case s.Note != "":
			return "dead end: " + s.Note
		case s.Unit != nil:
			return fmt.Sprintf("dead end: %d has no place in %v", s.Digit, s.Unit)
		}
		return fmt.Sprintf("dead end: %s has no candidates", cell())
	case Backtrack:
		line := fmt.Sprintf("back to depth %d: try %s = %d", s.Depth-1, cell(), s.Digit)
		if s.Left != 0 {
			line += fmt.Sprintf(" (then %s)", commaList(s.Left))
		}
		return line
	case Solution:
		return fmt.Sprintf("solution %d found", s.Index)
	case End:
		return s.Note
	case Stopped:
		return "stopped: " + s.Note
	}
	return s.Kind.String()
}

// Grids says when WriteText prints the grid.
type Grids uint8

// The grid granularities.
const (
	GridsNone    Grids = iota // only at the end
	GridsGuesses              // also before each guess and at each solution
	GridsAll                  // also after every step
)

// ParseGrids returns the Grids named "none", "guesses" or "all".
func ParseGrids(s string) (Grids, error) {
	switch s {
	case "none":
		return GridsNone, nil
	case "guesses":
		return GridsGuesses, nil
	case "all":
		return GridsAll, nil
	}
	return 0, fmt.Errorf("trace: grids %q: want none, guesses or all", s)
}

// TextOptions control WriteText and Board.Annotated.
type TextOptions struct {
	Grids      Grids
	ASCII      bool // plain ASCII instead of ①-⑨ and □
	Candidates bool // show the candidates of empty cells under each grid
}

// WriteText writes t as a log for people: the puzzle, one numbered line
// per step, indented by the guess depth, grids as opt asks, and a summary.
func WriteText(w io.Writer, t *Trace, opt TextOptions) error {
	if t == nil || w == nil {
		return errors.New("trace: WriteText of a nil trace or to a nil writer")
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "puzzle %v\n", t.Puzzle)
	b := NewBoard()
	unshown := true // the board changed since the grid was last printed
	show := func() {
		bw.WriteString(b.Annotated(opt))
		unshown = false
	}
	for i := range t.Steps {
		s := &t.Steps[i]
		if s.Kind == Guess && opt.Grids == GridsGuesses {
			show()
		}
		s.Apply(&b)
		unshown = unshown || len(s.Placed)+len(s.Removed)+len(s.Cleared)+len(s.Restored) > 0
		// A guess and a backtrack belong to the level they start from.
		indent := s.Depth
		if s.Kind == Guess || s.Kind == Backtrack {
			indent--
		}
		fmt.Fprintf(bw, "%5d. %s%v\n", i+1, strings.Repeat("  ", max(indent, 0)), s)
		if opt.Grids == GridsAll || opt.Grids == GridsGuesses && s.Kind == Solution {
			show()
		}
	}
	if unshown {
		show()
	}
	st := t.Stats
	fmt.Fprintf(bw, "%s in %s: %s, %s (%s, %s), %s, %s, %s, depth up to %d, %s, %v\n",
		t.Outcome, count(st.Steps, "step"), count(st.Givens, "given"), count(st.Forced, "forced digit"),
		count(st.NakedSingles, "naked single"), count(st.HiddenSingles, "hidden single"), count(st.Guesses, "guess"),
		count(st.DeadEnds, "dead end"), count(st.Backtracks, "backtrack"), st.MaxDepth, count(st.Solutions, "solution"),
		st.Duration.Round(1000))
	return bw.Flush()
}

// count returns "1 guess" or "3 guesses".
func count(n int, thing string) string {
	switch {
	case n == 1:
		return "1 " + thing
	case strings.HasSuffix(thing, "s"):
		return fmt.Sprintf("%d %ses", n, thing)
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Annotated returns the board as nine lines with box borders, each cell
// showing how it was filled: a given as a plain digit, a forced digit
// circled (①-⑨), a guessed digit (or one tried on a backtrack) in
// brackets, an empty cell as □. In ASCII, forced digits are written <7>
// and empty cells as a dot. With opt.Candidates, a second grid lists the
// candidates of the empty cells.
func (b *Board) Annotated(opt TextOptions) string {
	var sb strings.Builder
	border := "-----------+-----------+-----------\n"
	for r := range 9 {
		if r == 3 || r == 6 {
			sb.WriteString(border)
		}
		for c := range 9 {
			if c == 3 || c == 6 {
				sb.WriteString("|")
			}
			sb.WriteString(b.cell(r*9+c, opt.ASCII))
			if c != 2 && c != 5 && c != 8 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte('\n')
	}
	if opt.Candidates {
		sb.WriteString(b.candidates())
	}
	return sb.String()
}

const circled = "①②③④⑤⑥⑦⑧⑨"

func (b *Board) cell(i int, ascii bool) string {
	v := b.Values[i]
	switch {
	case v == 0 && ascii:
		return " . "
	case v == 0:
		return " □ "
	}
	switch b.How[i] {
	case Given:
		return fmt.Sprintf(" %d ", v)
	case NakedSingle, HiddenSingle:
		if ascii {
			return fmt.Sprintf("<%d>", v)
		}
		r := []rune(circled)[v-1]
		return " " + string(r) + " "
	}
	return fmt.Sprintf("(%d)", v)
}

// candidates returns the candidates of the empty cells as a grid. Filled
// cells are a dot: their digit is in the grid above, and showing it here
// would make it look like an empty cell with one candidate left.
func (b *Board) candidates() string {
	var text [81]string
	var width [9]int
	for i := range 81 {
		if b.Values[i] != 0 {
			text[i] = "."
		} else {
			text[i] = strings.ReplaceAll(b.Candidates[i].String(), ",", "")
			if text[i] == "" {
				text[i] = "-" // no candidate left: a dead end
			}
		}
		width[i%9] = max(width[i%9], len(text[i]))
	}
	var sb strings.Builder
	sep := ""
	for c := range 9 {
		sep += strings.Repeat("-", width[c]+2)
		if c == 2 || c == 5 {
			sep += "+"
		}
	}
	sep += "\n"
	sb.WriteString("candidates:\n")
	for r := range 9 {
		if r == 3 || r == 6 {
			sb.WriteString(sep)
		}
		for c := range 9 {
			if c == 3 || c == 6 {
				sb.WriteString("|")
			}
			fmt.Fprintf(&sb, " %-*s ", width[c], text[r*9+c])
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// commaList writes digits as a log line shows them: "3,6".
func commaList(ds sudoku.Digits) string {
	b := make([]byte, 0, 2*ds.Count())
	for _, d := range ds.List() {
		if len(b) > 0 {
			b = append(b, ',')
		}
		b = append(b, byte('0'+d))
	}
	return string(b)
}

// Version is the version of the JSON form that MarshalJSON writes.
// Version 2 follows the JSON convention of the API (docs/web.md): cells
// are named "r1c3" rather than numbered 0 to 80, a step with no cell or
// digit leaves the field out, and a solution step's number is "solution".
const Version = 2

type traceJSON struct {
	Version   int        `json:"version"`
	Puzzle    string     `json:"puzzle"`
	Outcome   Outcome    `json:"outcome"`
	Complete  bool       `json:"complete"`
	Solutions []string   `json:"solutions"`
	Stats     Stats      `json:"stats"`
	Steps     []stepJSON `json:"steps"`
}

// stepJSON is the JSON form of a step, with its line of the text log.
type stepJSON struct {
	Kind     Kind          `json:"kind"`
	Cell     string        `json:"cell,omitempty"`
	Digit    int           `json:"digit,omitempty"`
	Unit     *Unit         `json:"unit,omitempty"`
	Depth    int           `json:"depth"`
	Left     sudoku.Digits `json:"left,omitempty"`
	Solution int           `json:"solution,omitempty"`
	Cleared  []Placement   `json:"cleared,omitempty"`
	Restored []Change      `json:"restored,omitempty"`
	Placed   []Placement   `json:"placed,omitempty"`
	Removed  []Change      `json:"removed,omitempty"`
	Note     string        `json:"note,omitempty"`
	Text     string        `json:"text"`
}

func toJSON(s *Step) stepJSON {
	v := stepJSON{Kind: s.Kind, Digit: s.Digit, Unit: s.Unit, Depth: s.Depth, Left: s.Left, Solution: s.Index,
		Cleared: s.Cleared, Restored: s.Restored, Placed: s.Placed, Removed: s.Removed, Note: s.Note, Text: s.String()}
	if s.Cell >= 0 {
		v.Cell = sudoku.CellName(s.Cell)
	}
	return v
}

// fromJSON reads a step back, checking what the board relies on: cells,
// digits and units in range.
func fromJSON(v *stepJSON) (Step, error) {
	s := Step{Kind: v.Kind, Cell: -1, Digit: v.Digit, Unit: v.Unit, Depth: v.Depth, Left: v.Left, Index: v.Solution,
		Cleared: v.Cleared, Restored: v.Restored, Placed: v.Placed, Removed: v.Removed, Note: v.Note}
	if v.Cell != "" {
		c, err := sudoku.ParseCell(v.Cell)
		if err != nil {
			return s, fmt.Errorf("trace: %w", err)
		}
		s.Cell = c
	}
	if s.Kind == 0 {
		return s, errors.New("trace: a step without a kind")
	}
	if s.Digit < 0 || s.Digit > 9 {
		return s, fmt.Errorf("trace: digit %d out of range", s.Digit)
	}
	if u := s.Unit; u != nil && (u.Index < 0 || u.Index > 8 || u.Kind != "row" && u.Kind != "column" && u.Kind != "box") {
		return s, fmt.Errorf("trace: bad unit %s %d", u.Kind, u.Index)
	}
	return s, nil
}

// MarshalJSON writes the step in the form of the steps of a trace.
func (s Step) MarshalJSON() ([]byte, error) { return json.Marshal(toJSON(&s)) }

// UnmarshalJSON reads the form MarshalJSON writes.
func (s *Step) UnmarshalJSON(b []byte) error {
	var v stepJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	st, err := fromJSON(&v)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// MarshalJSON writes the trace in the documented JSON form (see
// docs/trace.md): the puzzle and solutions as 81-character strings, and
// each step with its text.
func (t *Trace) MarshalJSON() ([]byte, error) {
	v := traceJSON{Version: Version, Puzzle: t.Puzzle.String(), Outcome: t.Outcome, Complete: t.Complete,
		Solutions: []string{}, Stats: t.Stats, Steps: make([]stepJSON, len(t.Steps))}
	for _, s := range t.Solutions {
		v.Solutions = append(v.Solutions, s.Digits())
	}
	for i := range t.Steps {
		v.Steps[i] = toJSON(&t.Steps[i])
	}
	return json.Marshal(v)
}

// MarshalJSON writes the placement as {"cell":"r1c3","digit":7}, with
// "how" when it is set.
func (p Placement) MarshalJSON() ([]byte, error) {
	b, err := p.Candidate.MarshalJSON()
	if err != nil || p.How == 0 {
		return b, err
	}
	how, err := p.How.MarshalText()
	if err != nil {
		return nil, err
	}
	b = append(b[:len(b)-1], `,"how":"`...)
	b = append(b, how...)
	return append(b, `"}`...), nil
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (p *Placement) UnmarshalJSON(b []byte) error {
	// The candidate reads its members, and leaves "how" for the second
	// pass (an embedded Candidate would read the whole object alone).
	var c sudoku.Candidate
	if err := json.Unmarshal(b, &c); err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	var how struct {
		How Kind `json:"how"`
	}
	if err := json.Unmarshal(b, &how); err != nil {
		return err
	}
	*p = Placement{c, how.How}
	return nil
}

// MarshalJSON writes the change as {"cell":"r1c3","digits":[1,5]}.
func (c Change) MarshalJSON() ([]byte, error) {
	if c.Cell < 0 || c.Cell > 80 {
		return nil, fmt.Errorf("trace: bad cell %d", c.Cell)
	}
	ds, _ := c.Digits.MarshalJSON() // it does not fail
	b := make([]byte, 0, 32+len(ds))
	b = append(b, `{"cell":"`...)
	b = append(b, sudoku.CellName(c.Cell)...)
	b = append(b, `","digits":`...)
	b = append(b, ds...)
	return append(b, '}'), nil
}

type changeJSON struct {
	Cell   string        `json:"cell"`
	Digits sudoku.Digits `json:"digits"`
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (c *Change) UnmarshalJSON(b []byte) error {
	var v changeJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	cell, err := sudoku.ParseCell(v.Cell)
	if err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	*c = Change{Cell: cell, Digits: v.Digits}
	return nil
}

// For Options.MaxBytes: the JSON form of a trace takes baseJSONSize
// bytes at most for everything but its steps (separators included) and its
// solutions, and each step or solution adds its own size and a comma.
// baseJSONSize counts the last step too, which is always recorded, with
// the longest note it may have (those notes are far shorter).
const (
	solutionJSONSize = len(`"",`) + 81
	maxNoteLen       = 160
)

func baseJSONSize(g sudoku.Grid) int {
	const big = 1<<63 - 1
	v := traceJSON{Version: Version, Puzzle: g.String(), Outcome: NoSolution, Solutions: []string{},
		Stats: Stats{big, big, big, big, big, big, big, big, big, big, big}, Steps: []stepJSON{}}
	b, _ := json.Marshal(v) // plain data cannot fail
	last := Step{Kind: Stopped, Cell: -1, Depth: 81, Note: strings.Repeat("x", maxNoteLen)}
	return len(b) + stepJSONSize(last)
}

// stepJSONSize returns the size of a step in the JSON form, and a comma.
// It encodes the step into a counter rather than a new slice. It takes
// the step by value so that the caller's copy stays on its stack.
func stepJSONSize(s Step) int {
	var n counter
	json.NewEncoder(&n).Encode(toJSON(&s)) //nolint:errcheck // a step the engine made encodes
	return int(n)                          // with the newline Encode adds, counted as the comma
}

// counter is a writer that counts what it is given.
type counter int

func (c *counter) Write(b []byte) (int, error) {
	*c += counter(len(b))
	return len(b), nil
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (t *Trace) UnmarshalJSON(b []byte) error {
	var v traceJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v.Version != Version {
		return fmt.Errorf("trace: JSON version %d, want %d", v.Version, Version)
	}
	p, err := sudoku.Parse(v.Puzzle)
	if err != nil {
		return fmt.Errorf("trace: puzzle: %w", err)
	}
	*t = Trace{Puzzle: p, Outcome: v.Outcome, Complete: v.Complete, Stats: v.Stats}
	for _, s := range v.Solutions {
		g, err := sudoku.Parse(s)
		if err != nil {
			return fmt.Errorf("trace: solution: %w", err)
		}
		t.Solutions = append(t.Solutions, g)
	}
	for i := range v.Steps {
		s, err := fromJSON(&v.Steps[i])
		if err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		t.Steps = append(t.Steps, s)
	}
	return nil
}
