package generate

import (
	"fmt"
	"strings"

	"github.com/godoku/sudoku"
)

// Symmetry is a symmetry of the pattern of givens: a generated puzzle has a
// given in a cell exactly when it has one in each image of that cell. It is
// None, Rot180 (a half turn), Rot90 (a quarter turn), Mirror (left-right),
// Flip (top-bottom), Diagonal (the main diagonal) or, in Options, Any (a
// random one of those for each puzzle); each is written as its String, such
// as "rot180", by MarshalText, and read back by ParseSymmetry.
type Symmetry uint8

// The symmetries. Any picks one of the others at random for each puzzle.
const (
	None     Symmetry = iota // no symmetry
	Rot180                   // half turn about the centre
	Rot90                    // quarter turn about the centre
	Mirror                   // reflection in the vertical centre line (left-right)
	Flip                     // reflection in the horizontal centre line (top-bottom)
	Diagonal                 // reflection in the main diagonal (r1c1 to r9c9)
	Any                      // a random one of the above for each puzzle
)

var symmetryNames = [...]string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "any"}

func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// ParseSymmetry returns the Symmetry named s, as String writes it.
func ParseSymmetry(s string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if strings.EqualFold(s, n) {
			return Symmetry(i), nil
		}
	}
	return None, fmt.Errorf("unknown symmetry %q: want one of %s", s, strings.Join(symmetryNames[:], ", "))
}

// MarshalText returns the symmetry's name; a value that is no Symmetry is
// an error.
func (s Symmetry) MarshalText() ([]byte, error) {
	if s > Any {
		return nil, fmt.Errorf("generate: invalid symmetry %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Symmetry) UnmarshalText(b []byte) error {
	v, err := ParseSymmetry(string(b))
	*s = v
	return err
}

// image returns the cell that cell i maps to under s.
func (s Symmetry) image(i int) int {
	r, c := i/9, i%9
	switch s {
	case Rot180:
		return (8-r)*9 + 8 - c
	case Rot90:
		return c*9 + 8 - r
	case Mirror:
		return r*9 + 8 - c
	case Flip:
		return (8-r)*9 + c
	case Diagonal:
		return c*9 + r
	}
	return i
}

// orbits returns the cells grouped into orbits of s: the sets of cells that
// s maps onto each other, which a symmetric puzzle fills or empties together.
func (s Symmetry) orbits() [][]int {
	var seen [81]bool
	var out [][]int
	for i := range 81 {
		if seen[i] {
			continue
		}
		var orbit []int
		for j := i; !seen[j]; j = s.image(j) {
			seen[j] = true
			orbit = append(orbit, j)
		}
		out = append(out, orbit)
	}
	return out
}

// Holds reports whether the givens of g have symmetry s: every cell and its
// image are both filled or both empty. Any holds when one of the others does;
// a value that is no Symmetry never holds.
func (s Symmetry) Holds(g *sudoku.Grid) bool {
	if s > Any {
		return false
	}
	if s == Any {
		for t := None + 1; t < Any; t++ {
			if t.Holds(g) {
				return true
			}
		}
		return false
	}
	for i := range 81 {
		if (g[i] == 0) != (g[s.image(i)] == 0) {
			return false
		}
	}
	return true
}
