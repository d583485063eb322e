package logic

import (
	"slices"
	"testing"
)

// TestReasonEnglish checks the English of the arguments a step may name:
// values above 9 apart, numbers not above 0, lists and their joins, and
// phrases within phrases.
func TestReasonEnglish(t *testing.T) {
	tests := []struct {
		r    Reason
		want string
	}{
		{phrase("cellHoldsOne", textArg("r1c1"), Arg{Digits: []int{1, 5, 8}}), "r1c1 holds one of 158"},
		{phrase("cellHoldsOne", Arg{Cell: "r10c12"}, Arg{Digits: []int{1, 10, 16}}), "r10c12 holds one of 1,10,16"},
		{phrase("sandwich", numberArg(9), numberArg(0)), "have the values between the 1 and the 9 adding up to 0"},
		{phrase("rule45Less", Arg{Cell: "r1c1"}, numberArg(7), phraseArg(phrase("sumOf", Arg{Cells: []string{"r2c2", "r2c3"}})),
			phraseArg(phrase("twoRegions", phraseArg(phrase("region", Arg{Count: 1})), phraseArg(phrase("region", Arg{Count: 2})))), numberArg(83), numberArg(90)),
			"r1c1 is 7 less than the sum of r2c2,r2c3 (the cages that reach into region 1 and region 2 add up to 83, 7 less than its 90)"},
		{phrase("keepingRules", Arg{Kinds: []string{"entropic line", "modular line"}, Join: "and"}), ", keeping the entropic line and modular line rules between them"},
		{phrase("quadrupleRepeats", Arg{Phrases: []Reason{phrase("twice", digitArg(1)), phrase("once", digitArg(3))}, Join: "and"}),
			"hold 1 twice and 3, equal values in cells that do not see each other"},
		{phrase("chainEitherWay", phraseArg(phrase("cellHoldsOne", Arg{Cell: "r1c1"}, Arg{Digits: []int{1, 2}})),
			Arg{Phrases: []Reason{
				phrase("ifIs", Arg{Cell: "r1c1"}, digitArg(1), phrasesArg([]Reason{phrase("chainStep", textArg("r1c2=2"), Arg{Tech: "Naked Single"}), phrase("chainGap")})),
				phrase("ifIs", Arg{Cell: "r1c1"}, digitArg(2), phraseArg(phrase("itIsNot", digitArg(2)))),
			}, Join: "; "},
			phraseArg(phrase("cannotBe", Arg{Cell: "r1c3"}, digitArg(2)))),
			"r1c1 holds one of 12: if r1c1 is 1, r1c2=2 (naked single), …; if r1c1 is 2, it is not 2. Either way, r1c3 cannot be 2."},
		{phrase("groupCombinations", phraseArg(phrase("ruleAt", kindArg("renban"), Arg{Cell: "r1c1"})), phraseArg(phrase("consecutiveRun")), Arg{}, Arg{}),
			"The cells of the renban at r1c1 form a run of consecutive values; no combination of their candidates that does so puts ."},
	}
	for _, tt := range tests {
		if got := tt.r.English(); got != tt.want {
			t.Errorf("%s: English() = %q, want %q", tt.r.ID, got, tt.want)
		}
	}
}

// TestReasonIDs checks that the ids are distinct and each has a sentence
// whose arguments are {0} to {k} with none left out, so that a
// translation can name each.
func TestReasonIDs(t *testing.T) {
	if err := reasons.Check(); err != nil {
		t.Error(err)
	}
	if ids := ReasonIDs(); len(ids) != len(reasons) {
		t.Errorf("ReasonIDs() has %d, the table %d", len(ids), len(reasons))
	}
}

func TestKindsSorted(t *testing.T) {
	if k := Kinds(); !slices.IsSorted(k) || len(slices.Compact(slices.Clone(k))) != len(k) {
		t.Errorf("Kinds() = %v, want sorted and distinct", k)
	}
}
