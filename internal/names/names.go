// Package names finds, among known names, the closest few to a name that is
// not one of them, for "did you mean" in error messages: a mistyped flag
// of the sudoku command, an unknown technique.
package names

import (
	"slices"
	"strings"
)

// Closest returns up to n of the known names closest to name, closest first
// (ties in the order of known), leaving out those so far from it that they
// would be no help: more edits away than a third of the longer of the two,
// plus one. A known name that starts with name, or contains it, counts as
// close. Case is ignored.
func Closest(name string, known []string, n int) []string {
	type scored struct {
		name string
		d    int
		i    int
	}
	low := strings.ToLower(name)
	var got []scored
	for i, k := range known {
		kl := strings.ToLower(k)
		d := distance(low, kl)
		if low != "" && strings.Contains(kl, low) {
			d = min(d, 1)
		}
		if d <= max(len([]rune(low)), len([]rune(kl)))/3+1 {
			got = append(got, scored{k, d, i})
		}
	}
	slices.SortStableFunc(got, func(a, b scored) int { return a.d - b.d })
	var out []string
	for _, s := range got {
		if len(out) == n {
			break
		}
		if !slices.Contains(out, s.name) {
			out = append(out, s.name)
		}
	}
	return out
}

// distance is the Levenshtein distance of a and b, in runes, with a swap of
// two neighbours counting as one edit (the optimal string alignment
// distance), as typing slips go.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the table: the one before the last, the last, this.
	pp := make([]int, len(rb)+1)
	p := make([]int, len(rb)+1)
	c := make([]int, len(rb)+1)
	for j := range p {
		p[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		c[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			c[j] = min(p[j]+1, c[j-1]+1, p[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				c[j] = min(c[j], pp[j-2]+1)
			}
		}
		pp, p, c = p, c, pp
	}
	return p[len(rb)]
}

// Quote returns the names as a list for a message: "a", "a or b",
// "a, b or c", each written by quote.
func Quote(names []string, quote func(string) string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quote(n)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
