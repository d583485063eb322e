package logic

import (
	"context"
	"slices"

	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/variant"
)

// Rating is a variant puzzle's difficulty from its logical path, in the
// manner of the classic rating (package logic's, after HoDoKu): each
// step has a level and a score; the puzzle's score is their sum and its
// level that of the hardest step, raised until the score fits the
// level's limit. A path that runs out before the grid is full is
// Extreme, with Finished false: the rest needs guessing.
type Rating struct {
	Level logic.Level `json:"level"`
	Score int         `json:"score"`
	// Hardest is the technique of the step with the highest level and
	// score, "none" for a path without steps.
	Hardest  string `json:"hardest"`
	Steps    int    `json:"steps"`
	Finished bool   `json:"finished"`
}

// stepCost is a technique's level and score. The classic techniques
// keep HoDoKu's (singles 4 and 14, locked candidates 50, pairs 60 and 70,
// triples 80 and 100, X-Wing 140, Swordfish 150, XY- and XYZ-Wing 160 and
// 180, forcing chains 500);
// the constraints' own steps are a variant solver's first tools: a
// cell's or a pair's rule, and a group's combinations (a cage's sum read
// against its cells' candidates), as easy as a naked single; bounds and
// sums' combinations a little dearer, a value a group needs as locked
// candidates. Scored higher, the many small steps of a variant path would
// raise every puzzle to Unfair by score alone: a killer without givens
// reads nearly every cage at the start and fills all 81 cells, and with
// its groups' combinations at 10 it scored above Easy's limit (800) with
// singles and combinations alone, so that no such killer was Easy.
var stepCost = map[string]struct {
	level logic.Level
	score int
}{
	"Naked Single":       {logic.Easy, 4},
	"Hidden Single":      {logic.Easy, 14},
	"Cell Rule":          {logic.Easy, 4},
	"Locked Candidates":  {logic.Medium, 50},
	"Pointing":           {logic.Medium, 50},
	"Naked Pair":         {logic.Medium, 60},
	"Hidden Pair":        {logic.Medium, 70},
	"Sum Bounds":         {logic.Easy, 10},
	"Line Ends":          {logic.Easy, 10},
	"Line Combinations":  {logic.Easy, 10},
	"Group Combinations": {logic.Easy, 4},
	"Sum Combinations":   {logic.Easy, 10},
	"Rule of 45":         {logic.Medium, 40},
	"Group Needs Value":  {logic.Medium, 40},
	"Naked Triple":       {logic.Hard, 80},
	"Hidden Triple":      {logic.Hard, 100},
	"X-Wing":             {logic.Hard, 140},
	"Swordfish":          {logic.Hard, 150},
	"XY-Wing":            {logic.Hard, 160},
	"XYZ-Wing":           {logic.Hard, 180},
	// A setter's break-in counted in a house (polarity.go), tried
	// between the wings and the fish.
	"Whisper Polarity": {logic.Hard, 190},
	// Fish over any houses (fish.go), at HoDoKu's scores; mutant fish
	// are Extreme there, Unfair here as forcing chains are. Fish of four
	// houses are searched without fins.
	"Jellyfish":                {logic.Hard, 160},
	"Finned X-Wing":            {logic.Hard, 130},
	"Sashimi X-Wing":           {logic.Hard, 150},
	"Finned Swordfish":         {logic.Unfair, 200},
	"Sashimi Swordfish":        {logic.Unfair, 240},
	"Franken X-Wing":           {logic.Unfair, 300},
	"Franken Swordfish":        {logic.Unfair, 350},
	"Franken Jellyfish":        {logic.Unfair, 370},
	"Finned Franken X-Wing":    {logic.Unfair, 390},
	"Finned Franken Swordfish": {logic.Unfair, 410},
	"Mutant X-Wing":            {logic.Unfair, 450},
	"Mutant Swordfish":         {logic.Unfair, 450},
	"Mutant Jellyfish":         {logic.Unfair, 450},
	"Finned Mutant X-Wing":     {logic.Unfair, 470},
	"Finned Mutant Swordfish":  {logic.Unfair, 470},
	"Forcing Chain":            {logic.Unfair, 500},
}

// Techniques returns the names of the techniques the logic's steps
// take, sorted, except the pair rules of kinds named after the kind
// ("Renban Pair"): the names a page translates, for one.
func Techniques() []string {
	var out []string
	for t := range stepCost {
		out = append(out, t)
	}
	for _, t := range pairTech {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// pairCost is the cost of the pair rules (Thermometer Bounds, Kropki
// Pair, ...), whose names follow their constraints.
var pairCost = stepCost["Cell Rule"]

// Rate solves p by logic and rates its path (see Rating). It returns an
// error if p is not a puzzle the logic takes (see New).
func Rate(p *variant.Puzzle) (Rating, error) {
	return RateContext(context.Background(), p)
}

// RateContext is Rate stopped when ctx is done, with ctx's error.
func RateContext(ctx context.Context, p *variant.Puzzle) (Rating, error) {
	res, err := SolveContext(ctx, p, 0)
	if err != nil {
		return Rating{}, err
	}
	return RateSteps(res.Steps, res.Solved), nil
}

// RateSteps rates a path: its steps, and whether they fill the grid.
func RateSteps(steps []Step, finished bool) Rating {
	r := Rating{Hardest: "none", Steps: len(steps), Finished: finished}
	hardest := -1
	for _, st := range steps {
		c, ok := stepCost[st.Technique]
		if !ok {
			c = pairCost
		}
		r.Score += c.score
		if k := int(c.level)*1000 + c.score; k > hardest {
			hardest, r.Level, r.Hardest = k, c.level, st.Technique
		}
	}
	if !finished {
		r.Level = logic.Extreme
		return r
	}
	for r.Level < logic.Extreme && r.Score > r.Level.MaxScore() {
		r.Level++
	}
	return r
}
