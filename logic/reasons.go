package logic

import (
	"strconv"
	"strings"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/sentence"
)

// A Reason is a step's explanation as data: the id of a sentence and the
// values it names, so that a program can say it in another language (the
// web app does). The Step's Explanation is the English sentence of
// ReasonText with the arguments written in; every step a technique of
// this package finds has one.
type Reason struct {
	ID   string `json:"id"`
	Args []Arg  `json:"args"`
}

// An Arg is one value a reason names. Exactly one of its fields is set,
// but for Join, which goes with Cells or Digits: "or", "and" or "nor", when
// the sentence lists them in words rather than as notation.
type Arg struct {
	Digit  int      `json:"digit,omitempty"`  // a digit, 1 to 9
	Count  int      `json:"count,omitempty"`  // a number of cells or units
	Cell   string   `json:"cell,omitempty"`   // a cell, "r1c3"
	Cells  []string `json:"cells,omitempty"`  // cells, written "r1c3,r1c4"
	Digits []int    `json:"digits,omitempty"` // digits, written "158"
	Unit   string   `json:"unit,omitempty"`   // a unit, "b5", written in words: "box 5"
	Units  []string `json:"units,omitempty"`  // units as notation, "r1,r7"
	Text   string   `json:"text,omitempty"`   // notation, such as an ALS "r1c1,r1c2 {125}"
	Join   string   `json:"join,omitempty"`
}

// reasons are the English sentences of the reasons, with their ids; {k}
// stands for the k-th argument.
var reasons = sentence.Table{
	{"fullHouse", "{0} is the last empty cell of {1}, so it takes the missing digit {2}."},
	{"nakedSingle", "Every digit but {0} is already in the row, column or box of {1}."},
	{"hiddenSingle", "In {0}, {1} can only go in {2}."},
	{"pointing", "In {0}, {1} can only go in {2}, which lie in {3}; so {1} must be there and leaves the rest of {3}."},
	{"claiming", "In {0}, {1} can only go in {2}, all inside {3}; so the rest of {3} cannot hold {1}."},
	{"nakedSubset", "The {0} cells {1} of {2} hold only the digits {3} between them, so those digits fill them and leave the rest of {2}."},
	{"lockedSubset", "The cells {0} hold only {1}; they lie in both {2} and {3}, so those digits leave both."},
	{"hiddenSubset", "In {0}, the digits {1} fit only in the {2} cells {3}, so those cells hold nothing else."},
	{"fish", "In {0}, {1} lies only in {2}; those {3} units must hold {1} once each, and each of {2} holds it at most once, so {2} cannot hold it elsewhere."},
	{"finnedFish", "Without the fins {0}, {1} in {2} lies only in {3}. Either that fish holds or a fin is {1}, so cells that the fish would clear and that see every fin lose {1}."},
	{"skyscraper", "In {0}, {1} is in {2} or {3}; in {4}, in {5} or {6}. {3} and {5} see each other, so they cannot both hold {1}: {2} or {6} does, and cells seeing both lose {1}."},
	{"emptyRect", "In {0}, {1} lies only on {2} and {3}. If {4} held {1}, {5} would not, so {6} would, and {0} would have no place left for {1}."},
	{"xyWing", "Whichever digit {0} takes, {1} or {2} becomes {3}, so cells seeing both lose {3}."},
	{"xyzWing", "One of {0}, {1} and {2} must be {3}, so cells seeing all three lose {3}."},
	{"wWing", "{0} and {1} both hold only {2} and {3}. {2} must be in {4} or {5}, so one of the two cells is not {2} and therefore {3}; cells seeing both lose {3}."},
	{"remotePair", "The cells {0} all hold only {1} and alternate along the chain, so {2} and {3} hold different digits of the pair: cells seeing both lose both digits."},
	{"colorWrap", "Coloring the conjugate pairs of {0}, two cells of one color see each other, so that whole color is false."},
	{"colorTrap", "Coloring the conjugate pairs of {0}, one of the two colors is true; cells seeing both colors lose {0}."},
	{"multiColors2", "Coloring the conjugate pairs of {0}: one color of each cluster is true. Cells of one color see both colors of another cluster, which would leave that cluster without a true color; so they lose {0}."},
	{"multiColors1", "Coloring the conjugate pairs of {0}: one color of each cluster is true. A color of one cluster sees a color of the other, so not both are true and one of their opposite colors is; cells that see both opposite colors lose {0}."},
	{"ur1", "If {0} held only {1} or {2}, the four cells could swap them and the puzzle would have two solutions; so {0} holds another digit."},
	{"ur2", "To avoid the deadly pattern on {0}/{1}, one of {2} must be {3}, so cells seeing them all lose {3}."},
	{"ur3", "To avoid the deadly pattern, {0} holds one of {1}; with {2} they form a naked subset of {3}, so the rest of {4} loses those digits."},
	{"ur4", "{0} must be in {1} or {2}; if either also held {3} the deadly pattern would form, so both lose {3}."},
	{"ur6", "In the rows and columns of the rectangle, {0} lies only in its corners, so it fills two opposite corners; in {1} and {2} it would leave the other two to {3} and {4}: the deadly pattern. So {1} and {2} lose {0}."},
	{"hiddenRect", "In {0} and {1}, {2} lies only in the rectangle. If {3} were {4}, the rectangle would be forced into the deadly pattern on {5}/{6}; so it is not {4}."},
	{"avoidable1", "{0} and {1} hold {2}, {3} holds {4}: were {5} {2}, the four solved digits could be swapped. A puzzle has one solution, so it is not."},
	{"avoidable2", "{0} and {1} were solved as {2} and {3}, not given: were {4} {3} and {5} {2}, they could be swapped. So one of {4} and {5} is {6}, and cells that see both lose it."},
	{"bug", "Every empty cell but {0} has two candidates and every digit appears twice per unit except {1} around {0}; without {1} there the grid would have two solutions."},
	{"sueDeCoq", "The cells {0} of {1} and {2} hold {3}; with {4} in {1} and {5} in {2}, those digits have exactly as many places as cells, each digit once: the rest of {1} loses what {5} does not hold, the rest of {2} what {4} does not hold."},
	{"chain", "Along the chain, '=' means at least one of the two is true and '-' means not both. If {0} is false, the chain forces {1} true; so one of {0} and {1} is true, and every candidate that clashes with both is removed."},
	{"loopPlacement", "Along the chain, '=' means at least one of the two is true and '-' means not both. If {0} were false, the chain would force it true; so it is true, and its cell loses every other candidate."},
	{"alsXZ", "{0} and {1} each hold one more digit than cells, and {2} cannot be in both, so one of them is locked; either way every other digit they share must sit in one of them, so cells seeing all its places lose it."},
	{"alsXZDouble", "{0} and {1} each hold one more digit than cells, and neither {2} can be in both: so both are locked without them. {3} each sit in one of the two, and every other digit is locked in its set."},
	{"alsXYWing", "{0} is joined to {1} by {2} and to {3} by {4}. If {1} is not locked, {2} is true in it, so {0} is locked, then {4} is false in it and true in {3}, which is locked: {1} or {3} is locked, and a digit they share must sit in one of them, so cells seeing all its places lose it."},
	{"alsChain", "Each set is joined to the next by a digit that cannot be true in both. If {0} is not locked, its joining digit is true in it, so the next set is locked and its joining digit to the one after is false in it, and so on: {1} is locked. So {0} or {1} is locked, and a digit they share must sit in one of them; cells seeing all its places lose it."},
	{"contradiction", "Assuming {0} in {1} forces some candidate to be both true and false, so {1} cannot be {0}."},
	{"verity", "{0} must hold one of {1}, and each of them leads to the same conclusion, so it is true."},
	{"contradictionOff", "Assuming {1} is not {0} forces some candidate to be both true and false, so {1} is {0}."},
	{"verityHouse", "{0} must go in one of {2} in {1}, and each of them leads to the same conclusion, so it is true."},
	{"verityBoth", "Whether {1} is {0} or not, the same conclusion follows, so it is true."},
	{"singlesFail", "Assuming {0} in {1} and filling in the singles it forces leaves some cell or unit without a digit, so {1} cannot be {0}."},
	{"bruteForce", "No logical technique applies; the solution has {0} in {1}."},
}

// ReasonIDs returns the id of every reason, sorted.
func ReasonIDs() []string { return reasons.IDs() }

// ReasonText returns the English sentence of a reason's id, with {0},
// {1}, ... for its arguments, and whether there is such a reason.
func ReasonText(id string) (string, bool) { return reasons.Text(id) }

// English returns the reason in English, as a Step's Explanation has it.
func (r Reason) English() string {
	s, _ := reasons.Text(r.ID)
	var sb strings.Builder
	sentence.Fill(&sb, s, len(r.Args), func(k int) { sb.WriteString(r.Args[k].English()) })
	return sb.String()
}

// English writes the argument as an English sentence has it.
func (a Arg) English() string {
	sep := func(notation string) string {
		if a.Join == "" {
			return notation
		}
		return " " + a.Join + " "
	}
	switch {
	case a.Digit != 0:
		return strconv.Itoa(a.Digit)
	case a.Count != 0:
		return strconv.Itoa(a.Count)
	case a.Cell != "":
		return a.Cell
	case a.Cells != nil:
		return strings.Join(a.Cells, sep(","))
	case a.Digits != nil:
		s := make([]string, len(a.Digits))
		for i, d := range a.Digits {
			s[i] = strconv.Itoa(d)
		}
		return strings.Join(s, sep(""))
	case a.Unit != "":
		word := map[byte]string{'r': "row ", 'c': "column ", 'b': "box "}[a.Unit[0]]
		return word + a.Unit[1:]
	case a.Units != nil:
		return strings.Join(a.Units, ",")
	}
	return a.Text
}

// because returns s with its reason, and its Explanation the reason in
// English.
func (s Step) because(id string, args ...Arg) Step {
	s.Why = Reason{ID: id, Args: args}
	s.Explanation = s.Why.English()
	return s
}

// The arguments of reasons.

func digitArg(d int) Arg   { return Arg{Digit: d} }
func countArg(n int) Arg   { return Arg{Count: n} }
func cellArg(i int) Arg    { return Arg{Cell: sudoku.CellName(i)} }
func unitArg(u int) Arg    { return Arg{Unit: sudoku.UnitName(u)} }
func textArg(s string) Arg { return Arg{Text: s} }

func cellsArg(cells []int) Arg {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = sudoku.CellName(c)
	}
	return Arg{Cells: s}
}

func digitsArg(ds []int) Arg { return Arg{Digits: append([]int{}, ds...)} }

func unitsArg(us []int) Arg {
	s := make([]string, len(us))
	for i, u := range us {
		s[i] = sudoku.UnitName(u)
	}
	return Arg{Units: s}
}

// joined lists cells or digits in words: "r1c1 or r2c2", "1 nor 2".
func (a Arg) joined(word string) Arg { a.Join = word; return a }
