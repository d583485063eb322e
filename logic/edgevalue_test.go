package logic

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
)

// TestEdgeValues calls every exported function and method with the values
// at and past the edges of what it takes: each must return its documented
// zero value or an error, never panic or store what it was given.
func TestEdgeValues(t *testing.T) {
	g, err := sudoku.Parse(easy)
	if err != nil {
		t.Fatal(err)
	}
	bad := g
	bad[0] = bad[2] // a repeated digit in row 1
	ctx := context.Background()
	tests := []struct {
		name string
		call func() string // what it returned, "" when as documented
	}{
		{"Technique(0).String", func() string { return want(Technique(0).String(), "none") }},
		{"Technique(0).MarshalText", func() string {
			b, err := NoTechnique.MarshalText()
			return want(fmt.Sprintln(string(b), err), "none <nil>\n")
		}},
		{"Technique.UnmarshalText none", func() string {
			x := XWing
			err := x.UnmarshalText([]byte("none"))
			return want(fmt.Sprint(x == NoTechnique, err), "true <nil>")
		}},
		{"Technique(200).String", func() string { return want(Technique(200).String(), "Technique(200)") }},
		{"Technique(200).Score", func() string { return want(Technique(200).Score(), 0) }},
		{"Technique(200).Level", func() string { return want(Technique(200).Level(), Easy) }},
		{"Technique(0).Score", func() string { return want(Technique(0).Score(), 0) }},
		{"Technique(200).MarshalText", func() string { _, err := Technique(200).MarshalText(); return wantErr(err) }},
		{"Technique.UnmarshalText empty", func() string { var x Technique; return wantErr(x.UnmarshalText(nil)) }},
		{"Level(9).String", func() string { return want(Level(9).String(), "Level(9)") }},
		{"Level(9).MarshalText", func() string { _, err := Level(9).MarshalText(); return wantErr(err) }},
		{"ParseLevel empty", func() string { _, err := ParseLevel(""); return wantErr(err) }},
		{"Candidates.Digits(-1)", func() string { return want(len(mustGrid(g).Digits(-1)), 0) }},
		{"Candidates.Digits(81)", func() string { return want(len(mustGrid(g).Digits(81)), 0) }},
		{"Candidates.Value(-1)", func() string { return want(mustGrid(g).Value(-1), 0) }},
		{"Candidates.Value(81)", func() string { return want(mustGrid(g).Value(81), 0) }},
		{"Candidates.Has(90, 1)", func() string { return want(mustGrid(g).Has(90, 1), false) }},
		{"Candidates.Has(0, 0)", func() string { return want(mustGrid(g).Has(0, 0), false) }},
		{"Candidates.Has(0, 12)", func() string { return want(mustGrid(g).Has(0, 12), false) }},
		{"Candidates.Apply cell 90", func() string { return applyRefused(g, cand(90, 1)) }},
		{"Candidates.Apply cell -1", func() string { return applyRefused(g, cand(-1, 1)) }},
		{"Candidates.Apply digit 12", func() string { return applyRefused(g, cand(0, 12)) }},
		{"Candidates.Apply digit 0", func() string { return applyRefused(g, cand(0, 0)) }},
		{"Candidates.Apply empty step", func() string { c := mustGrid(g); return wantNil(c.Apply(Step{})) }},
		{"FromGrid invalid", func() string { _, err := FromGrid(bad); return wantErr(err) }},
		{"FromGrid digit 12", func() string { b := g; b[0] = 12; _, err := FromGrid(b); return wantErr(err) }},
		{"ParseCandidates empty", func() string { _, err := ParseCandidates(""); return wantErr(err) }},
		{"Hint zero Candidates", func() string { _, ok, _ := Hint(context.Background(), &Candidates{}); return want(ok, false) }},
		{"Hint solved", func() string {
			c := mustGrid(solveAll(g, 1)[0])
			_, ok, _ := Hint(context.Background(), c)
			return want(ok, false)
		}},
		{"Explain invalid", func() string { _, err := Explain(context.Background(), bad); return wantErr(err) }},
		{"Explain empty grid", func() string {
			_, err := Explain(context.Background(), sudoku.Grid{})
			return want(err, ErrMultipleSolutions)
		}},
		{"Rate invalid", func() string { _, err := Rate(context.Background(), bad); return wantErr(err) }},
		{"RateMarks nil", func() string { _, err := (*Options)(nil).RateMarks(ctx, nil); return wantErr(err) }},
		{"RateMarks zero marks", func() string { _, err := (*Options)(nil).RateMarks(ctx, &sudoku.Marks{}); return wantErr(err) }},
		{"ExplainMarks nil", func() string { _, err := (*Options)(nil).ExplainMarks(ctx, nil); return wantErr(err) }},
		{"ExplainMarks zero marks", func() string { _, err := (*Options)(nil).ExplainMarks(ctx, &sudoku.Marks{}); return wantErr(err) }},
		{"ExplainMarksToward nil", func() string {
			_, err := (*Options)(nil).ExplainMarksToward(ctx, nil, sudoku.Grid{})
			return wantErr(err)
		}},
		{"ExplainMarksToward empty grid", func() string {
			m := sudoku.MarksOf(&g)
			_, err := (*Options)(nil).ExplainMarksToward(ctx, &m, sudoku.Grid{})
			return wantErr(err)
		}},
		{"Candidates{}.Marks", func() string { var c Candidates; return want(c.Marks(), sudoku.Marks{}) }},
		{"Rate empty grid", func() string {
			_, err := Rate(context.Background(), sudoku.Grid{})
			return want(err, ErrMultipleSolutions)
		}},
		{"Grade ceiling Level(9)", func() string { l, err := Grade(ctx, g, Level(9)); return want(l, Easy) + wantNil(err) }},
		{"Grade invalid", func() string { _, err := Grade(ctx, bad, Hard); return wantErr(err) }},
		{"Step.Cells cell 500", func() string { return want(len(Step{Pattern: []sudoku.Candidate{cand(500, 1)}}.Cells()), 0) }},
		{"Step.String invalid", func() string {
			s := Step{Technique: 200, Eliminations: []sudoku.Candidate{cand(500, 12)}}.String()
			return want(strings.HasPrefix(s, "Technique(200)"), true)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.call(); got != "" {
				t.Error(got)
			}
		})
	}
}

func want[T comparable](got, want T) string {
	if got != want {
		return fmt.Sprintf("got %v, want %v", got, want)
	}
	return ""
}

func wantErr(err error) string {
	if err == nil {
		return "no error"
	}
	return ""
}

func wantNil(err error) string {
	if err != nil {
		return err.Error()
	}
	return ""
}

func mustGrid(g sudoku.Grid) *Candidates {
	c, err := FromGrid(g)
	if err != nil {
		panic(err)
	}
	return c
}

// applyRefused applies a step with one bad elimination and one good one:
// Apply must refuse it whole.
func applyRefused(g sudoku.Grid, x sudoku.Candidate) string {
	c := mustGrid(g)
	before := *c
	good := cand(0, c.Digits(0)[0])
	if err := c.Apply(Step{Eliminations: []sudoku.Candidate{good, x}}); err == nil {
		return "no error"
	}
	if c.marks != before.marks || c.values != before.values {
		return "changed the candidates"
	}
	return ""
}
