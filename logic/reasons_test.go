package logic

import (
	"regexp"
	"strconv"
	"testing"
)

// TestReasonTexts checks that every reason's sentence names its arguments
// {0} to {n-1}, each at least once, with no gap: a language's sentence is
// checked against them (package server), so a gap would hide an argument.
func TestReasonTexts(t *testing.T) {
	re := regexp.MustCompile(`\{(\d)\}`)
	for _, id := range ReasonIDs() {
		s, ok := ReasonText(id)
		if !ok || s == "" {
			t.Errorf("%s: no sentence", id)
			continue
		}
		seen := map[int]bool{}
		high := -1
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			k, _ := strconv.Atoi(m[1])
			seen[k] = true
			high = max(high, k)
		}
		for k := 0; k <= high; k++ {
			if !seen[k] {
				t.Errorf("%s: {%d} is missing from %q", id, k, s)
			}
		}
	}
	if _, ok := ReasonText("noSuchReason"); ok {
		t.Error("ReasonText knows noSuchReason")
	}
}

// TestReasonEnglish writes each kind of argument as an English sentence
// has it.
func TestReasonEnglish(t *testing.T) {
	for _, c := range []struct {
		r    Reason
		want string
	}{
		{Reason{"hiddenSingle", []Arg{unitArg(18 + 4), digitArg(7), cellArg(40)}}, "In box 5, 7 can only go in r5c5."},
		{Reason{"hiddenSingle", []Arg{unitArg(2), digitArg(1), cellArg(0)}}, "In row 3, 1 can only go in r1c1."},
		{Reason{"hiddenSingle", []Arg{unitArg(9 + 8), digitArg(1), cellArg(80)}}, "In column 9, 1 can only go in r9c9."},
		{Reason{"nakedSubset", []Arg{countArg(3), cellsArg([]int{0, 1, 2}), unitArg(0), digitsArg([]int{1, 5, 8})}},
			"The 3 cells r1c1,r1c2,r1c3 of row 1 hold only the digits 158 between them, so those digits fill them and leave the rest of row 1."},
		{Reason{"fish", []Arg{unitsArg([]int{0, 6}), digitArg(9), unitsArg([]int{11, 17}), countArg(2)}},
			"In r1,r7, 9 lies only in c3,c9; those 2 units must hold 9 once each, and each of c3,c9 holds it at most once, so c3,c9 cannot hold it elsewhere."},
		{Reason{"alsXZDouble", []Arg{textArg("r1c1 {12}"), textArg("r2c2 {13}"), digitsArg([]int{1, 2}).joined("nor"), digitsArg([]int{1, 2}).joined("and")}},
			"r1c1 {12} and r2c2 {13} each hold one more digit than cells, and neither 1 nor 2 can be in both: so both are locked without them. 1 and 2 each sit in one of the two, and every other digit is locked in its set."},
		{Reason{"ur3", []Arg{cellsArg([]int{0, 1}).joined("or"), digitsArg([]int{3}), cellsArg([]int{5}), digitsArg([]int{3, 4}), unitArg(0)}},
			"To avoid the deadly pattern, r1c1 or r1c2 holds one of 3; with r1c6 they form a naked subset of 34, so the rest of row 1 loses those digits."},
		// Too few arguments leave the placeholder, rather than panic.
		{Reason{"bruteForce", []Arg{digitArg(4)}}, "No logical technique applies; the solution has 4 in {1}."},
		{Reason{"noSuchReason", nil}, ""},
	} {
		if got := c.r.English(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}
