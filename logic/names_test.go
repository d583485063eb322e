package logic

import (
	"errors"
	"slices"
	"testing"
)

func TestParseTechnique(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Technique
	}{
		{"X-Wing", XWing}, {"x-wing", XWing}, {"xwing", XWing}, {"X_WING", XWing}, {" x wing ", XWing}, {"bf2", XWing},
		{"Locked Candidates Type 1 (Pointing)", Pointing}, {"pointing", Pointing}, {"lc1", Pointing},
		{"claiming", Claiming}, {"LC2", Claiming},
		{"Bivalue Universal Grave + 1", BUGPlus1}, {"bug+1", BUGPlus1}, {"BUG+1", BUGPlus1}, {"bug1", BUGPlus1}, {"bug", BUGPlus1},
		{"y-wing", XYWing}, {"ur1", UniqueRectangle1}, {"Uniqueness Test 4", UniqueRectangle4},
		{"als-xz", ALSXZ}, {"ALS XY-Wing", ALSXYWing}, {"sword", Swordfish}, {"kite", TwoStringKite},
		{"remote pairs", RemotePair}, {"skyscrapers", Skyscraper}, {"x", XChain}, {"2-string kite", TwoStringKite},
		{"nice loop", NiceLoop}, {"Brute Force", BruteForce},
	} {
		got, err := ParseTechnique(tc.name)
		if err != nil || got != tc.want {
			t.Errorf("ParseTechnique(%q) = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	// Every technique's own name, and HoDoKu's short name, read back.
	for _, tech := range Techniques() {
		for _, name := range []string{tech.String(), table[tech].arg} {
			if got, err := ParseTechnique(name); err != nil || got != tech {
				t.Errorf("ParseTechnique(%q) = %v, %v; want %v", name, got, err, tech)
			}
		}
	}
}

func TestParseTechniqueErrors(t *testing.T) {
	for _, tc := range []struct {
		name        string
		near, could []string
	}{
		{"xwng", []string{"X-Wing", "W-Wing", "XY-Wing"}, nil},
		{"swordfsh", []string{"Swordfish"}, nil},
		// slips in the short names and the parts in brackets, which are accepted too
		{"pointng", []string{"Locked Candidates Type 1 (Pointing)"}, nil},
		{"claimimg", []string{"Locked Candidates Type 2 (Claiming)"}, nil},
		{"bug+2", []string{"Bivalue Universal Grave + 1"}, nil},
		{"zzzzzzzzzz", nil, nil},
		{"", nil, nil},
		{"singles", nil, []string{"Naked Single", "Hidden Single"}}, // a category, which a list may hold
		{"chain", nil, []string{"X-Chain", "XY-Chain", "Almost Locked Set Chain", "Forcing Chain", "Forcing Chain Contradiction", "Forcing Chain Verity"}},
	} {
		_, err := ParseTechnique(tc.name)
		var ne *NameError
		if !errors.As(err, &ne) {
			t.Errorf("ParseTechnique(%q): %v, want a *NameError", tc.name, err)
			continue
		}
		if !slices.Equal(ne.Near, tc.near) || !slices.Equal(ne.Could, tc.could) || ne.Name != tc.name {
			t.Errorf("ParseTechnique(%q): near %q, could %q; want %q, %q", tc.name, ne.Near, ne.Could, tc.near, tc.could)
		}
	}
	if got, want := (&NameError{Name: "xwng", Near: []string{"X-Wing", "W-Wing"}}).Error(), `logic: unknown technique "xwng" (did you mean X-Wing or W-Wing?)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestTechniqueUnmarshalText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Technique
	}{
		{"none", NoTechnique}, {"X-Wing", XWing}, {"xwing", XWing},
	} {
		var got Technique
		if err := got.UnmarshalText([]byte(tc.text)); err != nil || got != tc.want {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
	}
	var got Technique
	if err := got.UnmarshalText([]byte("xwng")); err == nil {
		t.Error("UnmarshalText(xwng) read a technique")
	}
}
