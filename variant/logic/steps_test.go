package logic

import (
	"slices"
	"strconv"
	"testing"

	"github.com/godoku/sudoku/variant"
)

// position returns a solver for an empty grid of size n with the
// constraints cons, whose candidates are then cut to marks (cell name to
// its candidates as digits).
func position(t *testing.T, n int, cons []variant.Constraint, marks map[string]string) *Solver {
	t.Helper()
	s, err := New(&variant.Puzzle{Size: n, Constraints: cons})
	if err != nil {
		t.Fatal(err)
	}
	for name, vs := range marks {
		c, err := variant.ParseCell(n, name)
		if err != nil {
			t.Fatal(err)
		}
		var m uint32
		for _, r := range vs {
			m |= 1 << (r - '0')
		}
		s.cand[c] = m
	}
	return s
}

// outcome writes a step's result as "r1c4=3" and "r1c3<>4" items, in the
// step's order.
func outcome(n int, st Step) []string {
	var out []string
	for _, p := range st.Placements {
		out = append(out, variant.CellName(n, p.Cell)+"="+strconv.Itoa(p.Value))
	}
	for _, e := range st.Eliminations {
		out = append(out, variant.CellName(n, e.Cell)+"<>"+strconv.Itoa(e.Value))
	}
	return out
}

func cell(n int, name string) variant.Cell {
	c, err := variant.ParseCell(n, name)
	if err != nil {
		panic(err)
	}
	return c
}

func TestTechniques(t *testing.T) {
	c4 := func(name string) variant.Cell { return cell(4, name) }
	tests := []struct {
		name   string
		cons   []variant.Constraint
		marks  map[string]string
		finder func(*Solver) (Step, bool)
		calls  int // the call whose step is checked, from 1 (0 means 1)
		tech   string
		want   []string
	}{
		{"naked single", nil, map[string]string{"r1c1": "3"}, (*Solver).nakedSingle, 0, "Naked Single",
			[]string{"r1c1=3", "r1c2<>3", "r1c3<>3", "r1c4<>3", "r2c1<>3", "r2c2<>3", "r3c1<>3", "r4c1<>3"}},
		{"hidden single", nil, map[string]string{"r1c1": "12", "r1c2": "12", "r1c3": "124"}, (*Solver).hiddenSingle, 0, "Hidden Single",
			[]string{"r1c4=3", "r2c3<>3", "r2c4<>3", "r3c4<>3", "r4c4<>3"}},
		{"locked candidates", nil, map[string]string{"r2c1": "123", "r2c2": "123"}, (*Solver).lockedCandidates, 0, "Locked Candidates",
			[]string{"r1c3<>4", "r1c4<>4"}},
		{"naked pair", nil, map[string]string{"r1c1": "12", "r1c2": "12"}, (*Solver).subsets, 0, "Naked Pair",
			[]string{"r1c3<>1", "r1c3<>2", "r1c4<>1", "r1c4<>2"}},
		{"hidden pair", nil, map[string]string{"r1c3": "34", "r1c4": "34"}, func(s *Solver) (Step, bool) { return s.hidden(2) }, 0, "Hidden Pair",
			[]string{"r1c1<>3", "r1c1<>4", "r1c2<>3", "r1c2<>4"}},
		{"killer cage combinations", []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Sum: 3}}, nil,
			(*Solver).groupRules, 0, "Group Combinations", []string{"r1c1<>3", "r1c1<>4", "r1c2<>3", "r1c2<>4"}},
		{"cage needs a value", []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Sum: 7}}, nil,
			(*Solver).groupNeeds, 0, "Group Needs Value", []string{"r1c3<>3", "r1c4<>3", "r2c1<>3", "r2c2<>3"}},
		{"thermometer", []variant.Constraint{variant.Thermometer{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}}}, nil,
			(*Solver).pairRules, 0, "Thermometer Bounds", []string{"r1c1<>4"}},
		{"white kropki", []variant.Constraint{variant.Difference{Cells: [2]variant.Cell{c4("r1c1"), c4("r1c2")}, Diff: 1}}, map[string]string{"r1c1": "1"},
			(*Solver).pairRules, 0, "Kropki Pair", []string{"r1c2<>1", "r1c2<>3", "r1c2<>4"}},
		{"black kropki", []variant.Constraint{variant.Ratio{Cells: [2]variant.Cell{c4("r1c1"), c4("r1c2")}, Ratio: 2}}, nil,
			(*Solver).pairRules, 0, "Kropki Pair", []string{"r1c1<>3"}},
		{"xv", []variant.Constraint{variant.XV{Cells: [2]variant.Cell{c4("r1c1"), c4("r2c1")}, Sum: 3}}, nil,
			(*Solver).pairRules, 0, "XV Pair", []string{"r1c1<>3", "r1c1<>4"}},
		{"whispers", []variant.Constraint{variant.Whispers{Cells: []variant.Cell{c4("r1c1"), c4("r2c1")}, Gap: 3}}, nil,
			(*Solver).pairRules, 0, "Whisper Range", []string{"r1c1<>2", "r1c1<>3"}},
		{"renban", []variant.Constraint{variant.Renban{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}}}, map[string]string{"r1c1": "1"},
			(*Solver).groupRules, 0, "Group Combinations", []string{"r1c2<>1", "r1c2<>4", "r1c3<>1", "r1c3<>4"}},
		{"arrow", []variant.Constraint{variant.Arrow{Circle: []variant.Cell{c4("r1c1")}, Line: []variant.Cell{c4("r2c2"), c4("r3c3")}}}, nil,
			(*Solver).sumRules, 0, "Sum Bounds", []string{"r1c1<>1"}},
		{"little killer", []variant.Constraint{variant.LittleKiller{Start: c4("r1c2"), Dir: variant.DownRight, Sum: 4}}, nil,
			(*Solver).sumRules, 0, "Sum Bounds", []string{"r1c2<>3", "r1c2<>4"}},
		{"anti-knight", []variant.Constraint{variant.AntiKnight{}}, map[string]string{"r1c1": "1"}, (*Solver).nakedSingle, 0, "Naked Single",
			[]string{"r1c1=1", "r1c2<>1", "r1c3<>1", "r1c4<>1", "r2c1<>1", "r2c2<>1", "r2c3<>1", "r3c1<>1", "r3c2<>1", "r4c1<>1"}},
		{"between line", []variant.Constraint{variant.BetweenLine{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}}}, nil,
			(*Solver).endsRules, 0, "Line Ends", []string{"r1c2<>1", "r1c2<>4"}},
		{"between line, middle cells different", []variant.Constraint{variant.BetweenLine{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3"), c4("r1c4")}}}, nil,
			(*Solver).endsRules, 2, "Line Ends", []string{"r1c1<>2", "r1c1<>3", "r1c4<>2", "r1c4<>3"}},
		{"whispers read whole", []variant.Constraint{variant.Whispers{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}, Gap: 2}}, nil,
			(*Solver).endsRules, 0, "Line Combinations", []string{"r1c2<>2", "r1c2<>3"}},
		{"lockout line", []variant.Constraint{variant.LockoutLine{Cells: []variant.Cell{c4("r1c1"), c4("r2c2"), c4("r1c3")}, Gap: 2}}, nil,
			(*Solver).endsRules, 0, "Line Ends", []string{"r2c2<>2", "r2c2<>3"}},
		{"pointing by knight's moves", []variant.Constraint{variant.AntiKnight{}}, map[string]string{"r1c1": "123", "r1c4": "123"},
			(*Solver).seesAll, 0, "Pointing", []string{"r2c1<>4", "r2c4<>4", "r3c2<>4", "r3c3<>4"}},
		{"quadruple", []variant.Constraint{variant.Quadruple{Cell: c4("r1c1"), Values: []int{3}}}, map[string]string{"r2c1": "12", "r2c2": "12"},
			(*Solver).needsRules, 0, "Group Needs Value", []string{"r1c3<>3", "r1c4<>3"}},
		{"nabner", []variant.Constraint{variant.Nabner{Cells: []variant.Cell{c4("r1c1"), c4("r2c3")}}}, map[string]string{"r1c1": "2"},
			(*Solver).pairRules, 0, "Nabner Pair", []string{"r2c3<>1", "r2c3<>2", "r2c3<>3"}},
		{"modular line", []variant.Constraint{variant.ModularLine{Cells: []variant.Cell{c4("r1c1"), c4("r2c3")}, Mod: 2}}, map[string]string{"r1c1": "2"},
			(*Solver).pairRules, 0, "Modular Line Pair", []string{"r2c3<>2", "r2c3<>4"}},
		{"modular line, cells m apart", []variant.Constraint{variant.ModularLine{Cells: []variant.Cell{c4("r1c1"), c4("r2c3"), c4("r3c1")}, Mod: 2}}, map[string]string{"r1c1": "2"},
			(*Solver).pairRules, 2, "Modular Line Pair", []string{"r3c1<>1", "r3c1<>2", "r3c1<>3"}},
		{"rule of 45, innies", []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}, Sum: 6}}, nil,
			(*Solver).sumRules, 0, "Rule of 45", []string{"r1c4<>1", "r1c4<>2", "r1c4<>3"}},
		{"rule of 45, outies", []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{c4("r1c2"), c4("r1c3"), c4("r1c4"), c4("r2c4")}, Sum: 10}}, map[string]string{"r1c1": "12"},
			(*Solver).sumRules, 0, "Rule of 45", []string{"r2c4<>3", "r2c4<>4"}},
		{"sum combinations", []variant.Constraint{variant.Sum{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Total: 4}}, nil,
			(*Solver).sumCombinations, 0, "Sum Combinations", []string{"r1c1<>2", "r1c1<>4", "r1c2<>2", "r1c2<>4"}},
		{"x-wing", nil, map[string]string{"r1c2": "123", "r1c3": "123", "r3c2": "123", "r3c3": "123"},
			(*Solver).fish, 0, "X-Wing", []string{"r2c1<>4", "r2c4<>4", "r4c1<>4", "r4c4<>4"}},
		{"xy-wing", nil, map[string]string{"r1c1": "12", "r1c3": "13", "r3c1": "23"},
			(*Solver).wings, 0, "XY-Wing", []string{"r3c3<>3"}},
		{"xy-wing seen by anti-knight", []variant.Constraint{variant.AntiKnight{}}, map[string]string{"r1c1": "12", "r2c3": "13", "r3c2": "23"},
			(*Solver).wings, 0, "XY-Wing", []string{"r1c3<>3", "r2c2<>3", "r2c4<>3", "r3c1<>3", "r3c3<>3", "r4c2<>3", "r4c4<>3"}},
		{"xyz-wing", nil, map[string]string{"r1c1": "123", "r1c2": "13", "r1c4": "23"},
			(*Solver).wings, 0, "XYZ-Wing", []string{"r1c3<>3"}},
		{"minimum", []variant.Constraint{variant.Minimum{Cell: c4("r1c1")}}, nil,
			(*Solver).pairRules, 0, "Minimum Pair", []string{"r1c1<>4"}},
		{"negative ratio", []variant.Constraint{variant.NegativeRatio{}}, map[string]string{"r1c1": "2"},
			(*Solver).pairRules, 0, "Negative Ratio Pair", []string{"r1c2<>1", "r1c2<>2", "r1c2<>4"}},
		{"sandwich", []variant.Constraint{variant.Sandwich{At: variant.Edge{Side: variant.Left}, Sum: 5}}, nil,
			(*Solver).groupRules, 0, "Group Combinations", []string{"r1c1<>2", "r1c1<>3", "r1c2<>1", "r1c2<>4", "r1c3<>1", "r1c3<>4", "r1c4<>2", "r1c4<>3"}},
		{"x-sum", []variant.Constraint{variant.XSum{At: variant.Edge{Side: variant.Left, Index: 1}, Sum: 1}}, nil,
			(*Solver).groupRules, 0, "Group Combinations", []string{"r2c1<>2", "r2c1<>3", "r2c1<>4", "r2c2<>1", "r2c3<>1", "r2c4<>1"}},
		{"skyscraper", []variant.Constraint{variant.Skyscraper{At: variant.Edge{Side: variant.Top, Index: 3}, Count: 4}}, map[string]string{"r1c4": "12"},
			(*Solver).groupRules, 0, "Group Combinations", []string{"r1c4<>2", "r2c4<>1", "r2c4<>3", "r2c4<>4", "r3c4<>1", "r3c4<>2", "r3c4<>4", "r4c4<>1", "r4c4<>2", "r4c4<>3"}},
		{"double arrow", []variant.Constraint{variant.DoubleArrow{Cells: []variant.Cell{c4("r1c1"), c4("r1c2"), c4("r1c3")}}}, nil,
			(*Solver).sumRules, 0, "Sum Bounds", []string{"r1c1<>4"}},
		{"zipper line", []variant.Constraint{variant.ZipperLine{Cells: []variant.Cell{c4("r1c1"), c4("r2c2"), c4("r1c3")}}}, nil,
			(*Solver).sumRules, 0, "Sum Bounds", []string{"r2c2<>1"}},
		{"column indexer", []variant.Constraint{variant.Indexer{Of: variant.ColumnIndexer, Cells: []variant.Cell{c4("r1c1")}}}, map[string]string{"r1c2": "23"},
			(*Solver).pairRules, 0, "Indexer Pair", []string{"r1c1<>2"}},
		{"forcing chain", nil, map[string]string{"r1c1": "12", "r1c2": "12"},
			(*Solver).forcingChain, 0, "Forcing Chain", []string{"r1c3<>1", "r1c3<>2", "r1c4<>1", "r1c4<>2", "r2c1<>1", "r2c1<>2", "r2c2<>1", "r2c2<>2", "r2c3<>3", "r2c3<>4", "r2c4<>3", "r2c4<>4"}},
		{"forcing chain to a contradiction", nil, map[string]string{"r1c1": "12", "r1c2": "13", "r1c3": "13"},
			(*Solver).forcingChain, 0, "Forcing Chain", []string{"r1c1<>1"}},
		{"cage with a thermometer through it", []variant.Constraint{variant.KillerCage{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Sum: 5},
			variant.Thermometer{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}}}, nil,
			(*Solver).groupRules, 0, "Group Combinations", []string{"r1c1<>3", "r1c1<>4", "r1c2<>1", "r1c2<>2"}},
		{"sum with a thermometer through it", []variant.Constraint{variant.Sum{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Total: 5},
			variant.Thermometer{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}}}, nil,
			(*Solver).sumCombinations, 0, "Sum Combinations", []string{"r1c1<>3", "r1c1<>4", "r1c2<>1", "r1c2<>2"}},
		{"quadruple with a value twice", []variant.Constraint{variant.Quadruple{Cell: c4("r2c2"), Values: []int{1, 1}}}, map[string]string{"r2c2": "234"},
			(*Solver).groupRules, 0, "Group Combinations", []string{"r2c3<>2", "r2c3<>3", "r2c3<>4", "r3c2<>2", "r3c2<>3", "r3c2<>4", "r3c3<>1"}},
		{"even", []variant.Constraint{variant.Even{Cell: c4("r2c2")}}, nil, (*Solver).unaryRules, 0, "Cell Rule", []string{"r2c2<>1", "r2c2<>3"}},
		{"diagonal hidden single", []variant.Constraint{variant.Diagonal{}}, map[string]string{"r1c1": "123", "r2c2": "123", "r3c3": "123"},
			(*Solver).hiddenSingle, 0, "Hidden Single", []string{"r4c4=4", "r1c4<>4", "r2c4<>4", "r3c4<>4", "r4c1<>4", "r4c2<>4", "r4c3<>4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, 4, tt.cons, tt.marks)
			var st Step
			var ok bool
			for range max(tt.calls, 1) {
				if st, ok = tt.finder(s); !ok {
					t.Fatal("no step")
				}
			}
			if st.Technique != tt.tech {
				t.Errorf("technique %q, want %q", st.Technique, tt.tech)
			}
			if got := outcome(4, st); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v\n%s", got, tt.want, st)
			}
			if testing.Verbose() {
				t.Log(st.Explanation)
			}
			if st.Explanation == "" || len(st.Pattern) == 0 {
				t.Errorf("step without explanation or pattern: %+v", st)
			}
		})
	}
}

// TestSimplestFirst: the path takes the easiest step there is, another
// cage's combinations (Easy) before the value a cage needs (Medium), which
// once came first as the cage's own step, and that before the rule of 45.
func TestSimplestFirst(t *testing.T) {
	c4 := func(name string) variant.Cell {
		c, err := variant.ParseCell(4, name)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cons := []variant.Constraint{
		variant.KillerCage{Cells: []variant.Cell{c4("r1c1"), c4("r1c2")}, Sum: 7},
		variant.KillerCage{Cells: []variant.Cell{c4("r4c3"), c4("r4c4")}, Sum: 3},
	}
	s := position(t, 4, cons, map[string]string{"r1c1": "34", "r1c2": "34"})
	st, ok := s.Next()
	if got, want := outcome(4, st), []string{"r4c3<>3", "r4c3<>4", "r4c4<>3", "r4c4<>4"}; !ok || st.Technique != "Group Combinations" || !slices.Equal(got, want) {
		t.Errorf("first step %s %v, want Group Combinations %v", st.Technique, got, want)
	}
	// Then the value the first cage needs (Medium 40), before the rule
	// of 45 (Medium 40 too, but over several cages), which has a step
	// here too.
	if st, ok := s.Next(); !ok || st.Technique != "Group Needs Value" {
		t.Errorf("second step %s, want Group Needs Value", st.Technique)
	}
	if _, ok := s.rule45Rules(); !ok {
		t.Error("no rule of 45 step: the test shows no order")
	}
}

// TestNoStep: a finder that finds nothing says so and changes nothing.
func TestNoStep(t *testing.T) {
	s := position(t, 4, nil, nil)
	before := slices.Clone(s.cand)
	for i, f := range []func() (Step, bool){s.nakedSingle, s.hiddenSingle, s.lockedCandidates, s.subsets, s.pairRules, s.groupRules, s.sumRules} {
		if st, ok := f(); ok {
			t.Errorf("finder %d on an empty grid: %s", i, st)
		}
	}
	if !slices.Equal(before, s.cand) {
		t.Error("candidates changed")
	}
	if st, ok := s.Next(); ok {
		t.Errorf("Next on an empty grid: %s", st)
	}
}
