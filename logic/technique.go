package logic

import (
	"fmt"
	"math"
	"slices"
)

// Level is a HoDoKu difficulty level.
type Level uint8

// The levels, easiest first.
const (
	Easy Level = iota
	Medium
	Hard
	Unfair
	Extreme
)

var levelNames = [...]string{"Easy", "Medium", "Hard", "Unfair", "Extreme"}

// levelMaxScore is HoDoKu's highest score for each level.
var levelMaxScore = [...]int{800, 1000, 1600, 1800, math.MaxInt}

// String returns the level's name, such as "Hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// MaxScore returns the highest score of a puzzle rated at level l: a
// higher score raises the level (see Rating). Extreme, and a value that is
// not a level, have no limit: math.MaxInt.
func (l Level) MaxScore() int {
	if l >= Extreme {
		return math.MaxInt
	}
	return levelMaxScore[l]
}

// MarshalText returns the level's name.
func (l Level) MarshalText() ([]byte, error) {
	if int(l) >= len(levelNames) {
		return nil, fmt.Errorf("logic: invalid level %d", uint8(l))
	}
	return []byte(levelNames[l]), nil
}

// UnmarshalText reads a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// ParseLevel returns the level with the given name, ignoring case.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if equalFold(n, s) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("logic: unknown level %q", s)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// Technique identifies a solving technique. The zero value, NoTechnique,
// is none: the hardest technique of a solved grid, which takes no step.
type Technique uint8

// NoTechnique is the zero Technique, named "none" in text and JSON: a
// rating's Hardest when the path has no step (the puzzle was solved
// already). No step has it.
const NoTechnique Technique = 0

// noTechniqueName is NoTechnique's name.
const noTechniqueName = "none"

// The techniques, in HoDoKu's solving order.
const (
	FullHouse Technique = iota + 1
	NakedSingle
	HiddenSingle
	LockedPair
	LockedTriple
	Pointing
	Claiming
	NakedPair
	NakedTriple
	HiddenPair
	HiddenTriple
	NakedQuad
	HiddenQuad
	XWing
	Swordfish
	Jellyfish
	RemotePair
	BUGPlus1
	Skyscraper
	TwoStringKite
	TurbotFish
	EmptyRectangle
	WWing
	XYWing
	XYZWing
	UniqueRectangle1
	UniqueRectangle2
	UniqueRectangle3
	UniqueRectangle4
	UniqueRectangle5
	UniqueRectangle6
	HiddenRectangle
	AvoidableRectangle1
	AvoidableRectangle2
	FinnedXWing
	SashimiXWing
	FinnedSwordfish
	SashimiSwordfish
	FinnedJellyfish
	SashimiJellyfish
	FrankenXWing
	FrankenSwordfish
	FinnedFrankenXWing
	FinnedFrankenSwordfish
	SueDeCoq
	SimpleColors
	MultiColors1
	MultiColors2
	XChain
	XYChain
	NiceLoop
	ContinuousNiceLoop
	AIC
	GroupedNiceLoop
	GroupedContinuousNiceLoop
	GroupedAIC
	ALSXZ
	ALSXYWing
	ALSChain
	ForcingChain
	ForcingChainContradiction
	ForcingChainVerity
	ForcingNet
	ForcingNetContradiction
	ForcingNetVerity
	BruteForce
	numTechniques
)

// techInfo is one row of the technique table.
type techInfo struct {
	name string // HoDoKu's name, which its documentation and output use
	arg  string // HoDoKu's short name (its command line's /lt list)
	cat  string // HoDoKu's category of it, such as "Basic Fish"
	// find looks for one step of the technique; nil when another row's
	// finder finds these steps too (group names that row).
	find  func(*Candidates, *memo) (Step, bool)
	group Technique
	// off marks the techniques HoDoKu's default configuration leaves out:
	// the default solving order skips them.
	off bool
	// order, score and level are HoDoKu 2.2's default step configuration:
	// its solver tries the techniques by increasing order, and a step adds
	// its score to the puzzle's and raises the puzzle to at least its level.
	order int
	score int
	level Level
}

// table holds every technique's facts in one place: the solving order,
// Score and Level all come from here. It is filled in init because the
// finders read it back. Sudoku Explainer's ratings are package se's own.
var table [numTechniques]techInfo

func init() {
	table = [numTechniques]techInfo{
		FullHouse:                 {"Full House", "fh", "Singles", findFullHouse, 0, false, 100, 4, Easy},
		NakedSingle:               {"Naked Single", "n1", "Singles", findNakedSingle, 0, false, 200, 4, Easy},
		HiddenSingle:              {"Hidden Single", "h1", "Singles", findHiddenSingle, 0, false, 300, 14, Easy},
		LockedPair:                {"Locked Pair", "l2", "Intersections", lockedSubset(2), 0, false, 1000, 40, Medium},
		LockedTriple:              {"Locked Triple", "l3", "Intersections", lockedSubset(3), 0, false, 1100, 60, Medium},
		Pointing:                  {"Locked Candidates Type 1 (Pointing)", "lc1", "Intersections", findPointing, 0, false, 1200, 50, Medium},
		Claiming:                  {"Locked Candidates Type 2 (Claiming)", "lc2", "Intersections", findClaiming, 0, false, 1210, 50, Medium},
		NakedPair:                 {"Naked Pair", "n2", "Subsets", nakedSubset(2), 0, false, 1300, 60, Medium},
		NakedTriple:               {"Naked Triple", "n3", "Subsets", nakedSubset(3), 0, false, 1400, 80, Medium},
		HiddenPair:                {"Hidden Pair", "h2", "Subsets", hiddenSubset(2), 0, false, 1500, 70, Medium},
		HiddenTriple:              {"Hidden Triple", "h3", "Subsets", hiddenSubset(3), 0, false, 1600, 100, Medium},
		NakedQuad:                 {"Naked Quadruple", "n4", "Subsets", nakedSubset(4), 0, false, 2000, 120, Hard},
		HiddenQuad:                {"Hidden Quadruple", "h4", "Subsets", hiddenSubset(4), 0, false, 2100, 150, Hard},
		XWing:                     {"X-Wing", "bf2", "Basic Fish", findFish(fishSpec{2, basicFish, false, false}), 0, false, 2200, 140, Hard},
		Swordfish:                 {"Swordfish", "bf3", "Basic Fish", findFish(fishSpec{3, basicFish, false, false}), 0, false, 2300, 150, Hard},
		Jellyfish:                 {"Jellyfish", "bf4", "Basic Fish", findFish(fishSpec{4, basicFish, false, false}), 0, false, 2400, 160, Hard},
		RemotePair:                {"Remote Pair", "rp", "Chains and Loops", findRemotePair, 0, false, 2800, 110, Hard},
		BUGPlus1:                  {"Bivalue Universal Grave + 1", "bug1", "Uniqueness", findBUG, 0, false, 2900, 100, Hard},
		Skyscraper:                {"Skyscraper", "sk", "Single Digit Patterns", findSkyscraper, 0, false, 3000, 130, Hard},
		TwoStringKite:             {"2-String Kite", "2sk", "Single Digit Patterns", findTwoStringKite, 0, false, 3100, 150, Hard},
		TurbotFish:                {"Turbot Fish", "tf", "Single Digit Patterns", findTurbotFish, 0, false, 3120, 120, Hard},
		EmptyRectangle:            {"Empty Rectangle", "er", "Single Digit Patterns", findEmptyRectangle, 0, false, 3170, 120, Hard},
		WWing:                     {"W-Wing", "w", "Wings", findWWing, 0, false, 3200, 150, Hard},
		XYWing:                    {"XY-Wing", "xy", "Wings", findXYWing, 0, false, 3300, 160, Hard},
		XYZWing:                   {"XYZ-Wing", "xyz", "Wings", findXYZWing, 0, false, 3400, 180, Hard},
		UniqueRectangle1:          {"Uniqueness Test 1", "u1", "Uniqueness", findUniqueness(UniqueRectangle1), 0, false, 3500, 100, Hard},
		UniqueRectangle2:          {"Uniqueness Test 2", "u2", "Uniqueness", findUniqueness(UniqueRectangle2), 0, false, 3600, 100, Hard},
		UniqueRectangle3:          {"Uniqueness Test 3", "u3", "Uniqueness", findUniqueness(UniqueRectangle3), 0, false, 3700, 100, Hard},
		UniqueRectangle4:          {"Uniqueness Test 4", "u4", "Uniqueness", findUniqueness(UniqueRectangle4), 0, false, 3800, 100, Hard},
		UniqueRectangle5:          {"Uniqueness Test 5", "u5", "Uniqueness", findUniqueness(UniqueRectangle5), 0, false, 3900, 100, Hard},
		UniqueRectangle6:          {"Uniqueness Test 6", "u6", "Uniqueness", findUniqueness(UniqueRectangle6), 0, false, 4000, 100, Hard},
		HiddenRectangle:           {"Hidden Rectangle", "hr", "Uniqueness", findUniqueness(HiddenRectangle), 0, false, 4010, 100, Hard},
		AvoidableRectangle1:       {"Avoidable Rectangle Type 1", "ar1", "Uniqueness", findAvoidable(AvoidableRectangle1), 0, false, 4020, 100, Hard},
		AvoidableRectangle2:       {"Avoidable Rectangle Type 2", "ar2", "Uniqueness", findAvoidable(AvoidableRectangle2), 0, false, 4030, 100, Hard},
		FinnedXWing:               {"Finned X-Wing", "fbf2", "(Sashimi) Finned Fish", findFish(fishSpec{2, basicFish, true, false}), 0, false, 4100, 130, Hard},
		SashimiXWing:              {"Sashimi X-Wing", "sbf2", "(Sashimi) Finned Fish", findFish(fishSpec{2, basicFish, true, true}), 0, false, 4200, 150, Hard},
		FinnedSwordfish:           {"Finned Swordfish", "fbf3", "(Sashimi) Finned Fish", findFish(fishSpec{3, basicFish, true, false}), 0, false, 4300, 200, Unfair},
		SashimiSwordfish:          {"Sashimi Swordfish", "sbf3", "(Sashimi) Finned Fish", findFish(fishSpec{3, basicFish, true, true}), 0, false, 4400, 240, Unfair},
		FinnedJellyfish:           {"Finned Jellyfish", "fbf4", "(Sashimi) Finned Fish", findFish(fishSpec{4, basicFish, true, false}), 0, false, 4500, 250, Unfair},
		SashimiJellyfish:          {"Sashimi Jellyfish", "sbf4", "(Sashimi) Finned Fish", findFish(fishSpec{4, basicFish, true, true}), 0, false, 4600, 260, Unfair},
		FrankenXWing:              {"Franken X-Wing", "ff2", "Franken Fish", findFish(fishSpec{2, frankenFish, false, false}), 0, false, 6100, 300, Unfair},
		FrankenSwordfish:          {"Franken Swordfish", "ff3", "Franken Fish", findFish(fishSpec{3, frankenFish, false, false}), 0, false, 6200, 350, Unfair},
		FinnedFrankenXWing:        {"Finned Franken X-Wing", "fff2", "Finned Franken Fish", findFish(fishSpec{2, frankenFish, true, false}), 0, false, 6700, 390, Unfair},
		FinnedFrankenSwordfish:    {"Finned Franken Swordfish", "fff3", "Finned Franken Fish", findFish(fishSpec{3, frankenFish, true, false}), 0, false, 6800, 410, Unfair},
		SueDeCoq:                  {"Sue de Coq", "sdc", "Miscellaneous", findSueDeCoq, 0, false, 5300, 250, Unfair},
		SimpleColors:              {"Simple Colors", "sc", "Coloring", findSimpleColors, 0, false, 5330, 150, Hard},
		MultiColors1:              {"Multi Colors 1", "mc1", "Coloring", findMultiColors, 0, false, 5360, 200, Hard},
		MultiColors2:              {"Multi Colors 2", "mc2", "Coloring", nil, MultiColors1, false, 5360, 200, Hard},
		XChain:                    {"X-Chain", "x", "Chains and Loops", findXChain, 0, false, 5400, 260, Unfair},
		XYChain:                   {"XY-Chain", "xyc", "Chains and Loops", findXYChain, 0, false, 5500, 260, Unfair},
		NiceLoop:                  {"Discontinuous Nice Loop", "dnl", "Chains and Loops", nil, AIC, false, 5600, 280, Unfair},
		ContinuousNiceLoop:        {"Continuous Nice Loop", "cnl", "Chains and Loops", nil, AIC, false, 5600, 280, Unfair},
		AIC:                       {"AIC", "aic", "Chains and Loops", findNiceLoop, 0, false, 5600, 280, Unfair},
		GroupedNiceLoop:           {"Grouped Discontinuous Nice Loop", "gdnl", "Chains and Loops", nil, GroupedAIC, false, 5650, 300, Unfair},
		GroupedContinuousNiceLoop: {"Grouped Continuous Nice Loop", "gcnl", "Chains and Loops", nil, GroupedAIC, false, 5650, 300, Unfair},
		GroupedAIC:                {"Grouped AIC", "gaic", "Chains and Loops", findGroupedNiceLoop, 0, false, 5650, 300, Unfair},
		ALSXZ:                     {"Almost Locked Set XZ-Rule", "axz", "Almost Locked Sets", findALSXZ, 0, false, 5700, 300, Unfair},
		ALSXYWing:                 {"Almost Locked Set XY-Wing", "axy", "Almost Locked Sets", findALSXYWing, 0, false, 5800, 320, Unfair},
		ALSChain:                  {"Almost Locked Set Chain", "ach", "Almost Locked Sets", findALSChain, 0, false, 5900, 340, Unfair},
		ForcingChain:              {"Forcing Chain", "fc", "Last Resort", findForcingChain, 0, false, 8500, 500, Extreme},
		ForcingChainContradiction: {"Forcing Chain Contradiction", "fcc", "Last Resort", nil, ForcingChain, false, 8500, 500, Extreme},
		ForcingChainVerity:        {"Forcing Chain Verity", "fcv", "Last Resort", nil, ForcingChain, false, 8500, 500, Extreme},
		ForcingNet:                {"Forcing Net", "fn", "Last Resort", findForcingNet, 0, false, 8600, 700, Extreme},
		ForcingNetContradiction:   {"Forcing Net Contradiction", "fnc", "Last Resort", nil, ForcingNet, false, 8600, 700, Extreme},
		ForcingNetVerity:          {"Forcing Net Verity", "fnv", "Last Resort", nil, ForcingNet, false, 8600, 700, Extreme},
		BruteForce:                {"Brute Force", "bf", "Last Resort", nil, 0, false, 8900, 10000, Extreme},
	}
	hodokuOrder = solvingOrder(func(t Technique) bool { return !table[t].off })
}

// assumesUnique reports whether t's deductions hold only for a puzzle with
// one solution.
func (t Technique) assumesUnique() bool { return t.valid() && table[t].cat == "Uniqueness" }

// valid reports whether t is one of the techniques.
func (t Technique) valid() bool { return t > 0 && t < numTechniques }

// String returns the technique's name as HoDoKu prints it, such as
// "X-Wing" or "Locked Candidates Type 1 (Pointing)"; NoTechnique is
// "none".
func (t Technique) String() string {
	switch {
	case t.valid():
		return table[t].name
	case t == NoTechnique:
		return noTechniqueName
	}
	return fmt.Sprintf("Technique(%d)", uint8(t))
}

// MarshalText returns the technique's name, as String does. It fails for
// a value that is neither a technique nor NoTechnique.
func (t Technique) MarshalText() ([]byte, error) {
	if !t.valid() && t != NoTechnique {
		return nil, fmt.Errorf("logic: invalid technique %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a technique's name as MarshalText writes it, "none"
// included, or any name ParseTechnique reads.
func (t *Technique) UnmarshalText(b []byte) error {
	if string(b) == noTechniqueName {
		*t = NoTechnique
		return nil
	}
	u, err := ParseTechnique(string(b))
	if err != nil {
		return err
	}
	*t = u
	return nil
}

// Score returns HoDoKu's default score for one step of the technique, or
// 0 for a value that is not a technique.
func (t Technique) Score() int {
	if !t.valid() {
		return 0
	}
	return table[t].score
}

// Level returns the HoDoKu level the technique belongs to, or Easy for a
// value that is not a technique.
func (t Technique) Level() Level {
	if !t.valid() {
		return Easy
	}
	return table[t].level
}

// Techniques returns every technique in HoDoKu's solving order (by
// increasing order in the table, ties in the order of the constants: the
// generated techniqueOrder).
func Techniques() []Technique { return slices.Clone(techniqueOrder[:]) }
