package logic

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestParseTechniques(t *testing.T) {
	def := DefaultTechniques()
	// without drops the searches of the given techniques from the
	// default set, kinds and all.
	without := func(drop ...Technique) []Technique {
		var out []Technique
		for _, t := range def {
			if !slices.ContainsFunc(drop, func(d Technique) bool { return search(d) == search(t) }) {
				out = append(out, t)
			}
		}
		return out
	}
	for _, tc := range []struct {
		in   string
		want []Technique
	}{
		{"singles", []Technique{FullHouse, NakedSingle, HiddenSingle}},
		{"Singles", []Technique{FullHouse, NakedSingle, HiddenSingle}},
		{"x-wing, naked single", []Technique{NakedSingle, XWing}},
		{"bf2,n1", []Technique{NakedSingle, XWing}},
		{"-xy-chain,-forcing-chain", without(XYChain, ForcingChain)},
		{"-XY-Chain,-Forcing Chain", without(XYChain, ForcingChain)},
		{"-last_resort", without(ForcingChain, ForcingNet, BruteForce)},
		{"singles,+x-wing", []Technique{FullHouse, NakedSingle, HiddenSingle, XWing}},
		{"-aic", without(NiceLoop, ContinuousNiceLoop, AIC)},
		{"dnl", []Technique{NiceLoop, ContinuousNiceLoop, AIC}},
		{"Locked Candidates Type 1 (Pointing)", []Technique{Pointing}},
	} {
		got, err := ParseTechniques(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "logic: no technique named"},
		{",", "logic: no technique named"},
		{"x-wingg", `logic: unknown technique "x-wingg" (did you mean X-Wing`},
		{"-", `logic: unknown technique ""`},
		{"singles,nope", `logic: unknown technique "nope"`},
		{"singls", `logic: "singls" could be Naked Single or Hidden Single: say which`},
		{"+fish", `logic: "fish" could be Swordfish, Jellyfish, `},
		{"-sashimi fsh", `logic: unknown technique "sashimi fsh" (did you mean `},
	} {
		_, err := ParseTechniques(tc.in)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want an error starting %q", tc.in, err, tc.want)
		}
	}
}

func TestOptions(t *testing.T) {
	g := loadTSV(t, "graded57.tsv")[40].grid
	ctx := context.Background()
	def, err := Rate(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	var o *Options
	if r, err := o.Rate(ctx, g); err != nil || r != def {
		t.Fatalf("nil options: %+v %v, want %+v", r, err, def)
	}
	// Singles alone: every other step is a guess.
	singles := &Options{Techniques: []Technique{FullHouse, NakedSingle, HiddenSingle}}
	steps, err := singles.Explain(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if s.Technique > HiddenSingle && s.Technique != BruteForce {
			t.Fatalf("singles only, but %v", s)
		}
	}
	if def.Level > Easy {
		if r, _ := singles.Rate(ctx, g); !r.BruteForce || r.Level != Extreme {
			t.Fatalf("singles only: %+v", r)
		}
	}
	// Dropping the hardest technique changes the path.
	ts, err := ParseTechniques("-" + def.Hardest.String())
	if err != nil {
		t.Fatal(err)
	}
	drop := &Options{Techniques: ts}
	steps, err = drop.Explain(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	// (No step of its search: as in HoDoKu, the grouped nice loop search
	// may still find a chain without a group node.)
	for _, s := range steps {
		if search(s.scoredAs()) == search(def.Hardest) {
			t.Fatalf("dropped %v, but %v", def.Hardest, s)
		}
	}
	c, _ := FromGrid(g)
	if s, ok, err := singles.Hint(ctx, c); err != nil || ok && s.Technique > HiddenSingle {
		t.Fatalf("singles hint: %v %v %v", s, ok, err)
	}
}
