package logic

import "fmt"

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
var levelMaxScore = [...]int{800, 1000, 1600, 1800, 1 << 30}

// String returns the level's name, such as "Hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
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

// Technique identifies a solving technique.
type Technique uint8

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
	HiddenRectangle
	FinnedXWing
	SashimiXWing
	FinnedSwordfish
	SashimiSwordfish
	FinnedJellyfish
	SashimiJellyfish
	SueDeCoq
	SimpleColors
	XChain
	XYChain
	NiceLoop
	AIC
	ALSXZ
	ForcingChain
	ForcingNet
	BruteForce
	numTechniques
)

type techInfo struct {
	name  string
	score int     // HoDoKu's base score
	level Level   // HoDoKu's level
	se    float64 // Sudoku Explainer's rating (the base for chains)
}

// info holds HoDoKu 2.2's default step configuration (score and level) and
// Sudoku Explainer's published technique ratings. Techniques SE lacks get
// the rating of the SE chain that finds the same deduction.
var info = [numTechniques]techInfo{
	FullHouse:        {"Full House", 4, Easy, 1.0},
	NakedSingle:      {"Naked Single", 4, Easy, 2.3},
	HiddenSingle:     {"Hidden Single", 14, Easy, 1.5},
	LockedPair:       {"Locked Pair", 40, Medium, 3.0},
	LockedTriple:     {"Locked Triple", 60, Medium, 3.6},
	Pointing:         {"Locked Candidates Type 1 (Pointing)", 50, Medium, 2.6},
	Claiming:         {"Locked Candidates Type 2 (Claiming)", 50, Medium, 2.8},
	NakedPair:        {"Naked Pair", 60, Medium, 3.0},
	NakedTriple:      {"Naked Triple", 80, Medium, 3.6},
	HiddenPair:       {"Hidden Pair", 70, Medium, 3.4},
	HiddenTriple:     {"Hidden Triple", 100, Medium, 4.0},
	NakedQuad:        {"Naked Quadruple", 120, Hard, 5.0},
	HiddenQuad:       {"Hidden Quadruple", 150, Hard, 5.4},
	XWing:            {"X-Wing", 140, Hard, 3.2},
	Swordfish:        {"Swordfish", 150, Hard, 3.8},
	Jellyfish:        {"Jellyfish", 160, Hard, 5.2},
	RemotePair:       {"Remote Pair", 110, Hard, 6.5},
	BUGPlus1:         {"Bivalue Universal Grave + 1", 100, Hard, 5.6},
	Skyscraper:       {"Skyscraper", 130, Hard, 6.6},
	TwoStringKite:    {"2-String Kite", 150, Hard, 6.6},
	TurbotFish:       {"Turbot Fish", 120, Hard, 6.6},
	EmptyRectangle:   {"Empty Rectangle", 120, Hard, 6.6},
	WWing:            {"W-Wing", 150, Hard, 7.0},
	XYWing:           {"XY-Wing", 160, Hard, 4.2},
	XYZWing:          {"XYZ-Wing", 180, Hard, 4.4},
	UniqueRectangle1: {"Uniqueness Test 1", 100, Hard, 4.5},
	UniqueRectangle2: {"Uniqueness Test 2", 100, Hard, 4.5},
	UniqueRectangle3: {"Uniqueness Test 3", 100, Hard, 4.6},
	UniqueRectangle4: {"Uniqueness Test 4", 100, Hard, 4.5},
	HiddenRectangle:  {"Hidden Rectangle", 100, Hard, 4.6},
	FinnedXWing:      {"Finned X-Wing", 130, Hard, 6.6},
	SashimiXWing:     {"Sashimi X-Wing", 150, Hard, 6.6},
	FinnedSwordfish:  {"Finned Swordfish", 200, Unfair, 6.6},
	SashimiSwordfish: {"Sashimi Swordfish", 240, Unfair, 6.6},
	FinnedJellyfish:  {"Finned Jellyfish", 250, Unfair, 6.6},
	SashimiJellyfish: {"Sashimi Jellyfish", 260, Unfair, 6.6},
	SueDeCoq:         {"Sue de Coq", 250, Unfair, 7.0},
	SimpleColors:     {"Simple Colors", 150, Hard, 6.6},
	XChain:           {"X-Chain", 260, Unfair, 6.6},
	XYChain:          {"XY-Chain", 260, Unfair, 6.6},
	NiceLoop:         {"Discontinuous Nice Loop", 280, Unfair, 7.0},
	AIC:              {"AIC", 280, Unfair, 7.0},
	ALSXZ:            {"Almost Locked Set XZ-Rule", 300, Unfair, 7.0},
	ForcingChain:     {"Forcing Chain", 500, Extreme, 7.5},
	ForcingNet:       {"Forcing Net", 700, Extreme, 8.5},
	BruteForce:       {"Brute Force", 10000, Extreme, 9.5},
}

// String returns the technique's name as HoDoKu prints it, such as
// "X-Wing" or "Locked Candidates Type 1 (Pointing)".
func (t Technique) String() string {
	if t > 0 && t < numTechniques {
		return info[t].name
	}
	return fmt.Sprintf("Technique(%d)", uint8(t))
}

// MarshalText returns the technique's name.
func (t Technique) MarshalText() ([]byte, error) {
	if t == 0 || t >= numTechniques {
		return nil, fmt.Errorf("logic: invalid technique %d", uint8(t))
	}
	return []byte(info[t].name), nil
}

// UnmarshalText reads a technique's name.
func (t *Technique) UnmarshalText(b []byte) error {
	for i := Technique(1); i < numTechniques; i++ {
		if info[i].name == string(b) {
			*t = i
			return nil
		}
	}
	return fmt.Errorf("logic: unknown technique %q", b)
}

// Score returns HoDoKu's default score for one step of the technique.
func (t Technique) Score() int { return info[t].score }

// Level returns the HoDoKu level the technique belongs to.
func (t Technique) Level() Level { return info[t].level }

// SE returns the Sudoku Explainer rating of the technique (for chains, the
// rating of the shortest chain).
func (t Technique) SE() float64 { return info[t].se }

// Techniques returns every technique in solving order.
func Techniques() []Technique {
	out := make([]Technique, 0, numTechniques-1)
	for t := Technique(1); t < numTechniques; t++ {
		out = append(out, t)
	}
	return out
}
