package logic

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/godoku/sudoku/internal/names"
)

// Technique names are read by one parser, ParseTechnique, which the
// command line (--techniques, --require, --hardest), the web API and
// Technique.UnmarshalText all use, so that a name means the same
// everywhere. It folds a name to a key (lower case, letters, digits and
// '+' only: "X-Wing", "x wing" and "xwing" are one key) and looks the key
// up, in this order, among the techniques' names, HoDoKu's short names
// ("bf2", "lc1"), a few common names (aliases), HoDoKu's categories where
// a list may hold them (ParseTechniques), and last the parts of names that
// only one technique has ("pointing").

// aliases are the common names of techniques that are neither their
// HoDoKu names nor HoDoKu's short names, by key.
var aliases = map[string]Technique{
	"bug":             BUGPlus1,
	"bug+1":           BUGPlus1,
	"ywing":           XYWing,
	"ur1":             UniqueRectangle1,
	"ur2":             UniqueRectangle2,
	"ur3":             UniqueRectangle3,
	"ur4":             UniqueRectangle4,
	"ur5":             UniqueRectangle5,
	"ur6":             UniqueRectangle6,
	"alsxz":           ALSXZ,
	"alsxy":           ALSXYWing,
	"alsxywing":       ALSXYWing,
	"alschain":        ALSChain,
	"guess":           BruteForce,
	"niceloop":        NiceLoop,
	"groupedniceloop": GroupedNiceLoop,
}

// categoryAliases are short names of HoDoKu's categories, by key.
var categoryAliases = map[string]string{
	"finnedfish":  "(Sashimi) Finned Fish",
	"sashimifish": "(Sashimi) Finned Fish",
	"chains":      "Chains and Loops",
	"als":         "Almost Locked Sets",
}

// nameKey folds a technique name for lookup: lower case, and nothing but
// letters, digits and '+'.
func nameKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '+':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
}

// A NameError is a technique name that names no technique, or more than
// one.
type NameError struct {
	Name string
	// Near holds the closest few names, for an unknown name.
	Near []string
	// Could holds the techniques whose names hold the name (or its
	// singular), when it is more than one.
	Could []string
}

func (e *NameError) Error() string {
	switch {
	case len(e.Could) > 0:
		return fmt.Sprintf("logic: %q could be %s: say which", e.Name, names.Quote(e.Could, quoted))
	case len(e.Near) > 0:
		return fmt.Sprintf("logic: unknown technique %q (did you mean %s?)", e.Name, names.Quote(e.Near, quoted))
	}
	return fmt.Sprintf("logic: unknown technique %q", e.Name)
}

func quoted(s string) string { return s }

// ParseTechnique returns the technique a name stands for: its name as
// String writes it ("X-Wing", "Locked Candidates Type 1 (Pointing)"), in
// any case and with or without spaces, hyphens and other punctuation
// ("xwing", "x_wing"); HoDoKu's short name of it ("bf2", "lc1"); a common
// name ("bug+1", "y-wing", "ur1", "als-xz"); or a part of the name that
// only one technique has ("pointing", "sword"). The error of a name that
// is none of them is a *NameError with the closest names.
func ParseTechnique(name string) (Technique, error) {
	ts, err := lookupName(name, false)
	if err != nil {
		return 0, err
	}
	return ts[0], nil
}

// lookupName returns the techniques a name stands for: one, or those of a
// category when categories is set.
func lookupName(name string, categories bool) ([]Technique, error) {
	key := nameKey(name)
	if key == "" {
		return nil, &NameError{Name: name}
	}
	for _, t := range Techniques() {
		if key == nameKey(table[t].name) || key == table[t].arg {
			return []Technique{t}, nil
		}
	}
	if t, ok := aliases[key]; ok {
		return []Technique{t}, nil
	}
	if categories {
		if ts := category(key); ts != nil {
			return ts, nil
		}
	}
	part := parts(key)
	if len(part) == 0 && len(key) > 2 && strings.HasSuffix(key, "s") { // a plural: "remote pairs"
		part = parts(key[:len(key)-1])
	}
	switch len(part) {
	case 1:
		return part, nil
	case 0:
		return nil, &NameError{Name: name, Near: nearNames(key, categories)}
	}
	e := &NameError{Name: name}
	for _, t := range part {
		e.Could = append(e.Could, t.String())
	}
	return nil, e
}

// parts returns the techniques whose names hold key; of several, the one
// whose name starts with it, if only one does ("sword": Swordfish, not
// Finned Swordfish).
func parts(key string) []Technique {
	var in, start []Technique
	for _, t := range Techniques() {
		k := nameKey(table[t].name)
		if strings.Contains(k, key) {
			in = append(in, t)
		}
		if strings.HasPrefix(k, key) {
			start = append(start, t)
		}
	}
	if len(in) > 1 && len(start) == 1 {
		return start
	}
	return in
}

// category returns the techniques of the HoDoKu category a key names, or
// nil.
func category(key string) []Technique {
	if c, ok := categoryAliases[key]; ok {
		key = nameKey(c)
	}
	var out []Technique
	for _, t := range Techniques() {
		if key == nameKey(table[t].cat) {
			out = append(out, t)
		}
	}
	return out
}

// nearNames returns the three names closest to key: techniques' and, with
// categories, the categories' (as ParseTechniques takes them, such as
// "basic-fish").
func nearNames(key string, categories bool) []string {
	byKey := map[string]string{}
	var keys []string
	addAs := func(k, display string) {
		if _, ok := byKey[k]; !ok {
			byKey[k] = display
			keys = append(keys, k)
		}
	}
	add := func(display string) { addAs(nameKey(display), display) }
	for _, t := range Techniques() {
		add(t.String())
	}
	// The short names and the parts in brackets ("Pointing" of "Locked
	// Candidates Type 1 (Pointing)") are accepted too, so a slip in one of
	// them is near its technique.
	for _, key := range slices.Sorted(maps.Keys(aliases)) {
		addAs(key, aliases[key].String())
	}
	for _, t := range Techniques() {
		name := table[t].name
		if i, j := strings.IndexByte(name, '('), strings.IndexByte(name, ')'); i >= 0 && j > i {
			addAs(nameKey(name[i+1:j]), t.String())
		}
		if table[t].arg != "" {
			addAs(table[t].arg, t.String())
		}
	}
	if categories {
		for _, c := range categoryNames() {
			add(techKey(c))
		}
	}
	var out []string
	for _, k := range names.Closest(key, keys, len(keys)) {
		if d := byKey[k]; !slices.Contains(out, d) && len(out) < 3 {
			out = append(out, d)
		}
	}
	return out
}

// categoryNames returns HoDoKu's categories of the table, in its order.
func categoryNames() []string {
	var out []string
	for _, t := range Techniques() {
		if !slices.Contains(out, table[t].cat) {
			out = append(out, table[t].cat)
		}
	}
	return out
}
