package logic

import (
	"slices"
	"strconv"
	"strings"

	"github.com/godoku/sudoku/internal/sentence"
	"github.com/godoku/sudoku/variant"
)

// A Reason is a step's explanation as data: the id of a sentence and the
// values it names, so that a program can say it in another language (the
// web app does). It has the shape of package logic's Reason (the same
// JSON), with arguments that may be phrases of their own: a house's name
// or what a rule says is a sentence's part with its own id. The Step's
// Explanation is the English of its Why; every step has one.
type Reason struct {
	ID   string `json:"id"`
	Args []Arg  `json:"args"`
}

// An Arg is one value a reason names. One of its fields is set (none for
// an empty part of a sentence), but for Join, which goes with a list.
type Arg struct {
	Digit  int      `json:"digit,omitempty"`  // a value, 1 to the grid's size
	Count  int      `json:"count,omitempty"`  // a number above 0: a sum, a gap, a row's number
	Cell   string   `json:"cell,omitempty"`   // a cell, "r1c3" (variant.CellName)
	Cells  []string `json:"cells,omitempty"`  // cells, written "r1c3,r1c4"
	Digits []int    `json:"digits,omitempty"` // values, written "158", or "1,10,16" when one is above 9
	Text   string   `json:"text,omitempty"`   // notation ("1:2, 1:3", "r1c2=5"), or a number not above 0
	Kind   string   `json:"kind,omitempty"`   // a constraint's kind, "killer cage"
	Kinds  []string `json:"kinds,omitempty"`  // kinds, joined by Join
	Tech   string   `json:"tech,omitempty"`   // a technique, written in lower case in English
	// Phrase is a part of the sentence with its own id and arguments,
	// Phrases a list of them, joined by Join (", " when empty).
	Phrase  *Reason  `json:"phrase,omitempty"`
	Phrases []Reason `json:"phrases,omitempty"`
	// Join is the word between the items of a list: "and", or else the
	// separator itself ("; ").
	Join string `json:"join,omitempty"`
}

// reasons are the English sentences of the reasons and of their phrases,
// with their ids; {k} stands for the k-th argument.
var reasons = sentence.Table{
	// Singles.
	{"nakedSingle", "{0} has only {1} left, so {0} = {1}."},
	{"nakedSingleSeen", "{0} has only {1} left, so {0} = {1}, and {1} leaves the cells that see it: {2}."},
	{"hiddenSingle", "{0} is the only place for {1} in {2}, so {0} = {1}."},
	{"hiddenSingleSeen", "{0} is the only place for {1} in {2}, so {0} = {1}, and {1} leaves the cells that see it: {3}."},
	// The constraints' own steps.
	{"cellRule", "The {0} rule on {1} allows only {2}, so {1} cannot be {3}."},
	{"pairRule", "{0} and {1} {2}; with {3} in {4}, {5} cannot be {6}."},
	{"groupCombinations", "The cells of {0} {1}{2}; no combination of their candidates that does so puts {3}."},
	{"groupNeeds", "Every combination of {0} needs {1}, which goes in {2}; {3} sees all of them, so cannot be {1}."},
	{"sumBounds", "{0}, {1}; the others' candidates leave {2} between {3} and {4}, so it cannot be {5}."},
	{"sumCombinations", "{0}, {1}{2}; no combination of their candidates that does so (cells that see each other differing) puts {3}."},
	{"lineEnds", "The cells of the {0} from {1} to {2} {3}; no values at its ends allow {4}."},
	{"needs", "The {0} at {1} needs {2}, which goes in {3}; {4} sees all of them, so cannot be {2}."},
	// The classic steps over any houses.
	{"lockedCandidates", "In {0}, {1} can only go in {2}, which are all in {3}; so the rest of {3} cannot be {1}: {4}."},
	{"pointing", "In {0}, {1} can only go in {2}; {3} sees all of them, so cannot be {1}."},
	{"nakedSubset", "In {0}, {1} hold only {2} between them, so the other cells of {0} cannot: {3}."},
	{"hiddenSubset", "In {0}, {1} can only go in {2}, so those cells hold nothing else: {3} removed."},
	{"fishRows", "In rows {0}, {1} can only go in columns {2}, so the other cells of those columns cannot be {1}: {3}."},
	{"fishColumns", "In columns {0}, {1} can only go in rows {2}, so the other cells of those rows cannot be {1}: {3}."},
	{"fish", "Each of {0} must hold one {1} and can only hold it in {2}, which can hold one {1} each; so each of those holds one of these {1}s, and their other cells cannot be {1}: {3}."},
	{"fishFin", "Each of {0} must hold one {1} and, outside the fin {2}, can only hold it in {3}, which can hold one {1} each. So either the fin is {1} or each of those holds one of these {1}s; either way {4}, in those and seeing the fin, cannot be {1}."},
	{"polarity", "Along the whispers, low ({1}) and high ({2}) values alternate: {0} on one side, {3} on the other. If the side of {0} were {4}, {5}; so it is {6}: {7} removed."},
	{"fishFins", "Each of {0} must hold one {1} and, outside the fins {2}, can only hold it in {3}, which can hold one {1} each. So either a fin is {1} or each of those holds one of these {1}s; either way {4}, in those and seeing every fin, cannot be {1}."},
	{"xyWing", "{0} holds {1} and sees {2} ({3}) and {4} ({5}): whichever {0} holds, {6} goes in {2} or {4}, so {7}, seeing both, cannot be {6}."},
	{"xyzWing", "{0} holds {1} and sees {2} ({3}) and {4} ({5}): whichever {0} holds, {6} goes in {0}, {2} or {4}, so {7}, seeing all three, cannot be {6}."},
	// Forcing chains.
	{"chainBreaks", "If {0} were {1}, then {2}. So {0} cannot be {1}."},
	{"chainStepsBreak", "If {0} were {1}, then {2}; and then {3}. So {0} cannot be {1}."},
	{"chainEitherWay", "{0}: {1}. Either way, {2}."},
	// Phrases: a chain's parts.
	{"chainStep", "{0} ({1})"},
	{"chainGap", "…"},
	{"noCandidate", "{0} has no candidate left"},
	{"noPlace", "{0} has no place left in {1}"},
	{"cellHoldsOne", "{0} holds one of {1}"},
	{"valueGoesOne", "{0} goes in one of {1} in {2}"},
	{"ifIs", "if {0} is {1}, {2}"},
	{"itIsNot", "it is not {0}"},
	{"seesIt", "{0} sees it"},
	{"cannotBe", "{0} cannot be {1}"},
	{"gone", "these candidates are gone: {0}"},
	// Phrases: whisper polarity.
	{"lowWord", "low"},
	{"highWord", "high"},
	{"tooManyFor", "{0} would have {1} cells that must hold its {2} values {3}: {4}"},
	{"tooFewFor", "{0} would have only {1} cells that can hold its {2} values {3}: {4}"},
	// Phrases: candidates and cells.
	{"valueIn", "{0} in {1}"},
	{"eachOf", "each of {0}"},
	{"sumOf", "the sum of {0}"},
	// Phrases: houses and rules by name.
	{"row", "row {0}"},
	{"column", "column {0}"},
	{"region", "region {0}"},
	{"rowList", "rows {0}"},
	{"columnList", "columns {0}"},
	{"regionList", "regions {0}"},
	{"rows", "rows {0}-{1}"},
	{"columns", "columns {0}-{1}"},
	{"twoRegions", "{0} and {1}"},
	{"cageAt", "the cage at {0}"},
	{"extraRegionAt", "the extra region at {0}"},
	{"renbanAt", "the renban line at {0}"},
	{"diagonalFrom", "the diagonal from {0}"},
	{"disjointGroup", "disjoint group {0}"},
	{"ruleAt", "the {0} at {1}"},
	{"lineFromTo", "the {0} from {1} to {2}"},
	{"kindLineFromTo", "the {0} line from {1} to {2}"},
	{"clueLeft", "the {0} clue left of row {1}"},
	{"clueRight", "the {0} clue right of row {1}"},
	{"clueAbove", "the {0} clue above column {1}"},
	{"clueBelow", "the {0} clue below column {1}"},
	// Phrases: how a sum rule's sentence opens, and what it keeps.
	{"byKind", "By the {0}"},
	{"byRule45", "By the rule of 45 on {0}"},
	{"keepingRule", ", keeping the {0} rule between them"},
	{"keepingRules", ", keeping the {0} rules between them"},
	// Phrases: what a rule says of its cells.
	{"differBy", "differ by {0}"},
	{"inRatio", "are in the ratio 1:{0}"},
	{"addUpTo", "add up to {0}"},
	{"whispersLine", "differ by at least {0} from their neighbours on it"},
	{"differAtLeast", "differ by at least {0}"},
	{"thermoSlow", "do not decrease along the thermometer"},
	{"thermo", "increase along the thermometer"},
	{"mirrorEqual", "are equal (mirror cells of the palindrome)"},
	{"clonesEqual", "are equal (clones)"},
	{"consecutiveRun", "form a run of consecutive values"},
	{"doubleArrow", "the ends {0} add up to the sum of the cells between them"},
	{"zipperMiddle", "{0} and {1} add up to the middle cell {2}"},
	{"zipperPair", "{0}+{1} equals {2}+{3} (cells the same distance from the middle)"},
	{"regionSums", "the stretches {0} and {1} of the line in two regions have the same sum"},
	{"entropicLine", "take a low, a middle and a high value in any three in a row"},
	{"entropicPair", "are in different thirds (low, middle, high)"},
	{"entropicSame", "are in the same third (the two cells between them take the other two)"},
	{"modularLine", "have different remainders modulo {0} in any {0} in a row"},
	{"modularPair", "have different remainders modulo {0}"},
	{"modularSame", "have the same remainder modulo {0} (the cells between them take the others)"},
	{"nabner", "are neither equal nor consecutive"},
	{"betweenLine", "hold values strictly between the values at its ends"},
	{"lockoutLine", "hold values outside the range of its ends, which differ by at least {0}"},
	{"seeDifferent", "{0}, cells that see each other different"},
	{"quadrupleRepeats", "hold {0}, equal values in cells that do not see each other"},
	{"once", "{0}"},
	{"twice", "{0} twice"},
	{"threeTimes", "{0} three times"},
	{"fourTimes", "{0} four times"},
	{"noRatio", "are in none of the ratios {0} (no dot between them)"},
	{"noXV", "do not add up to 5 or 10 (no X or V between them)"},
	{"notConsecutive", "are not consecutive (no dot between them)"},
	{"minimumCell", "are a minimum cell and its neighbour, so the first is the smaller"},
	{"maximumCell", "are a maximum cell and its neighbour, so the first is the larger"},
	{"arrowSum", "{0} is the sum of {1}"},
	{"pillSum", "the number in {0} is the sum of {1}"},
	{"indexerRow", "are tied by the indexer at {0} (if it holds {1}, cell {1} of its row, {2}, holds {3}, the indexer's place)"},
	{"indexerColumn", "are tied by the indexer at {0} (if it holds {1}, cell {1} of its column, {2}, holds {3}, the indexer's place)"},
	{"indexerRegion", "are tied by the indexer at {0} (if it holds {1}, cell {1} of its region, {2}, holds {3}, the indexer's place)"},
	{"sandwich", "have the values between the 1 and the {0} adding up to {1}"},
	{"xSum", "have their first X cells adding up to {0}, X the first of them"},
	{"skyscraper", "show {0} skyscrapers from the clue"},
	{"valuesAddUp", "the values of {0} add up to {1}"},
	{"rule45Innies", "{0} is {1} ({2} holds {3}, the cages wholly inside it {4})"},
	{"rule45Outies", "{0} is {1} (the cages that reach into {2} add up to {3}, {1} more than its {4})"},
	{"rule45More", "{0} is {1} more than {2} (the cages that reach into {3} add up to {4}, {1} more than its {5})"},
	{"rule45Same", "{0} is the same as {1} (the cages that reach into {2} add up to {3}, its total)"},
	{"rule45Less", "{0} is {1} less than {2} (the cages that reach into {3} add up to {4}, {1} less than its {5})"},
}

// kinds are the constraint kinds a reason may name (Arg.Kind, Arg.Kinds):
// those the logic reads as rules of its own.
var kinds = [...]string{
	"arrow", "between line", "candidates", "clone", "difference", "double arrow", "entropic line",
	"even", "indexer", "killer cage", "little killer", "lockout line", "maximum", "minimum",
	"modular line", "nabner", "negative ratio", "negative xv", "non-consecutive", "odd",
	"palindrome", "quadruple", "ratio", "region sum line", "renban", "sandwich", "skyscraper",
	"sum", "thermometer", "whispers", "x-sum", "xv", "zipper line",
}

// Kinds returns the constraint kinds a reason may name, sorted, so that
// a program that says reasons in another language can name each.
func Kinds() []string { return slices.Clone(kinds[:]) }

// ReasonIDs returns the id of every sentence and phrase, sorted.
func ReasonIDs() []string { return reasons.IDs() }

// ReasonText returns the English of a reason's id, with {0}, {1}, ... for
// its arguments, and whether there is such a reason.
func ReasonText(id string) (string, bool) { return reasons.Text(id) }

// English returns the reason in English, as a Step's Explanation has it.
func (r Reason) English() string {
	var sb strings.Builder
	r.write(&sb)
	return sb.String()
}

func (r Reason) write(sb *strings.Builder) {
	s, _ := reasons.Text(r.ID)
	sentence.Fill(sb, s, len(r.Args), func(k int) { r.Args[k].write(sb) })
}

// English writes the argument as an English sentence has it.
func (a Arg) English() string {
	var sb strings.Builder
	a.write(&sb)
	return sb.String()
}

func (a Arg) write(sb *strings.Builder) {
	sep := func(notation string) string {
		switch a.Join {
		case "":
			return notation
		case "and", "or", "nor":
			return " " + a.Join + " "
		}
		return a.Join
	}
	switch {
	case a.Digit != 0:
		sb.WriteString(strconv.Itoa(a.Digit))
	case a.Count != 0:
		sb.WriteString(strconv.Itoa(a.Count))
	case a.Cell != "":
		sb.WriteString(a.Cell)
	case a.Cells != nil:
		sb.WriteString(strings.Join(a.Cells, sep(",")))
	case a.Digits != nil:
		sb.WriteString(digitsText(a.Digits))
	case a.Kind != "":
		sb.WriteString(a.Kind)
	case a.Kinds != nil:
		sb.WriteString(strings.Join(a.Kinds, sep(", ")))
	case a.Tech != "":
		sb.WriteString(strings.ToLower(a.Tech))
	case a.Phrase != nil:
		a.Phrase.write(sb)
	case a.Phrases != nil:
		for i, p := range a.Phrases {
			if i > 0 {
				sb.WriteString(sep(", "))
			}
			p.write(sb)
		}
	default:
		sb.WriteString(a.Text)
	}
}

// digitsText writes values as one number, "158", or with commas when one
// is above 9, "1,10,16", which would otherwise read as other values.
func digitsText(vs []int) string {
	sep := ""
	for _, v := range vs {
		if v > 9 {
			sep = ","
		}
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, sep)
}

// because returns s with its reason, and its Explanation the reason in
// English.
func (s Step) because(id string, args ...Arg) Step {
	s.Why = Reason{ID: id, Args: args}
	s.Explanation = s.Why.English()
	return s
}

// phrase returns a part of a sentence as a reason of its own.
func phrase(id string, args ...Arg) Reason { return Reason{ID: id, Args: args} }

// The arguments of reasons.

func digitArg(v int) Arg                     { return Arg{Digit: v} }
func kindArg(k string) Arg                   { return Arg{Kind: k} }
func textArg(s string) Arg                   { return Arg{Text: s} }
func phraseArg(r Reason) Arg                 { return Arg{Phrase: &r} }
func phrasesArg(rs []Reason) Arg             { return Arg{Phrases: rs} }
func valuesArg(m uint32) Arg                 { return Arg{Digits: values(m)} }
func (s *Solver) cellArg(c variant.Cell) Arg { return Arg{Cell: s.name(c)} }

// numberArg is a number that may be 0 or below (a rule of 45's
// difference): Count leaves such a number out of the JSON.
func numberArg(n int) Arg {
	if n > 0 {
		return Arg{Count: n}
	}
	return Arg{Text: strconv.Itoa(n)}
}

func (s *Solver) cellsArg(cs []variant.Cell) Arg { return Arg{Cells: variant.CellNames(s.n, cs)} }

// candsArg lists candidates as "5 in r1c1, 6 in r1c2".
func (s *Solver) candsArg(el []Candidate) Arg {
	ps := make([]Reason, len(el))
	for i, e := range el {
		ps[i] = phrase("valueIn", digitArg(e.Value), s.cellArg(e.Cell))
	}
	return phrasesArg(ps)
}

// candCellsArg names the cells of candidates.
func (s *Solver) candCellsArg(el []Candidate) Arg {
	cs := make([]variant.Cell, len(el))
	for i, e := range el {
		cs[i] = e.Cell
	}
	return s.cellsArg(cs)
}

// eachOfArg names the cells of el as the subject of "sees": "r1c1" alone,
// "each of r1c1,r2c2" for several.
func (s *Solver) eachOfArg(el []Candidate) Arg {
	if len(el) == 1 {
		return s.cellArg(el[0].Cell)
	}
	return phraseArg(phrase("eachOf", s.candCellsArg(el)))
}

// sumOfArg names the sum of cs: "r1c1", "the sum of r1c1,r1c2".
func (s *Solver) sumOfArg(cs []variant.Cell) Arg {
	if len(cs) == 1 {
		return s.cellArg(cs[0])
	}
	return phraseArg(phrase("sumOf", s.cellsArg(cs)))
}
