package pipeline

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// Stats are the counts of a run, added up over chunks. Their JSON form
// is how they travel between workers.
type Stats struct {
	Puzzles     int64            `json:"puzzles"`     // read, good and bad
	DeadLetters map[string]int64 `json:"deadLetters"` // by status word
	Duplicates  int64            `json:"duplicates"`  // isomorphs of an earlier puzzle, dropped
	Written     map[string]int64 `json:"written"`     // by output: "records", "train", "test"
	Clues       map[int]int64    `json:"clues"`       // of the puzzles written, by number of givens
	Levels      map[string]int64 `json:"levels"`      // of those rated, by HoDoKu level
	ER          map[int]int64    `json:"er"`          // of those rated, by Sudoku Explainer's ER in tenths
	Files       map[string]int64 `json:"files"`       // puzzles read, by input file
}

// newStats returns empty Stats.
func newStats() Stats {
	return Stats{DeadLetters: map[string]int64{}, Written: map[string]int64{}, Clues: map[int]int64{},
		Levels: map[string]int64{}, ER: map[int]int64{}, Files: map[string]int64{}}
}

// mergeStats adds b to a and returns a: the combiner of the report.
func mergeStats(a, b Stats) Stats {
	if a.DeadLetters == nil {
		a = newStats()
	}
	a.Puzzles += b.Puzzles
	a.Duplicates += b.Duplicates
	add(a.DeadLetters, b.DeadLetters)
	add(a.Written, b.Written)
	add(a.Clues, b.Clues)
	add(a.Levels, b.Levels)
	add(a.ER, b.ER)
	add(a.Files, b.Files)
	return a
}

func add[K comparable](to, from map[K]int64) {
	for k, v := range from {
		to[k] += v
	}
}

// encodeStats and decodeStats are the coder of Stats (JSON, which keeps
// its maps).
func encodeStats(s Stats) ([]byte, error) { return json.Marshal(s) }

func decodeStats(b []byte) (Stats, error) {
	var s Stats
	err := json.Unmarshal(b, &s)
	return s, err
}

// A Report is what a run did: Output-report.json holds it.
type Report struct {
	Inputs      []string `json:"inputs"`
	Puzzles     int64    `json:"puzzles"`     // read, good and bad
	DeadLetters int64    `json:"deadLetters"` // could not be read or rated: in the dead-letter files
	// DeadLettersByStatus counts them by status word: invalid (cannot be
	// read, givens that clash, pencil marks), none and multiple (no
	// solution or several: not rated), stopped (the rating ran out of
	// time), failed (an internal error).
	DeadLettersByStatus []Count `json:"deadLettersByStatus"`
	Duplicates          int64   `json:"duplicates"` // isomorphs of an earlier puzzle, dropped
	// Written counts the records written: to the records, or to train
	// and test.
	Written []Count `json:"written"`
	// Histograms of the puzzles written: by number of givens, and when
	// they were rated, by HoDoKu level and by Sudoku Explainer's ER.
	Clues  []Count `json:"clues"`
	Levels []Count `json:"levels,omitempty"`
	ER     []Count `json:"er,omitempty"`
	// NoPuzzles lists the input files in which nothing looks like a
	// puzzle: most likely the wrong files.
	NoPuzzles []string `json:"noPuzzles,omitempty"`
}

// A Count is one bar of a histogram, or one count of a list.
type Count struct {
	Value string `json:"value"`
	Count int64  `json:"count"`
}

// levelOrder is HoDoKu's order of the levels, for the report.
var levelOrder = []string{"Easy", "Medium", "Hard", "Unfair", "Extreme"}

// report turns the stats of a run into its report.
func report(inputs []string, s Stats) Report {
	r := Report{Inputs: inputs, Puzzles: s.Puzzles, Duplicates: s.Duplicates}
	for _, n := range s.DeadLetters {
		r.DeadLetters += n
	}
	r.DeadLettersByStatus = counts(s.DeadLetters, cmp.Compare[string], func(k string) string { return k })
	r.Written = counts(s.Written, cmp.Compare[string], func(k string) string { return k })
	r.Clues = counts(s.Clues, cmp.Compare[int], strconv.Itoa)
	r.Levels = counts(s.Levels, func(a, b string) int {
		return slices.Index(levelOrder, a) - slices.Index(levelOrder, b)
	}, func(k string) string { return k })
	r.ER = counts(s.ER, cmp.Compare[int], func(k int) string { return fmt.Sprintf("%d.%d", k/10, k%10) })
	for _, in := range inputs {
		if s.Files[in] == 0 {
			r.NoPuzzles = append(r.NoPuzzles, in)
		}
	}
	return r
}

// counts lists a histogram in the order of its keys.
func counts[K comparable](m map[K]int64, order func(a, b K) int, name func(K) string) []Count {
	keys := slices.SortedFunc(maps.Keys(m), order)
	out := make([]Count, 0, len(keys))
	for _, k := range keys {
		out = append(out, Count{name(k), m[k]})
	}
	return out
}

// JSON returns the report as Output-report.json holds it.
func (r *Report) JSON() []byte {
	b, _ := json.MarshalIndent(r, "", "  ") // plain data: it cannot fail
	return append(b, '\n')
}

// CSV returns the report as Output-report.csv holds it: one row per
// count, "what,value,count", such as "clues,17,120" or "puzzles,,1000".
func (r *Report) CSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"what", "value", "count"})
	one := func(what string, n int64) { w.Write([]string{what, "", strconv.FormatInt(n, 10)}) }
	list := func(what string, cs []Count) {
		for _, c := range cs {
			w.Write([]string{what, c.Value, strconv.FormatInt(c.Count, 10)})
		}
	}
	one("puzzles", r.Puzzles)
	one("deadLetters", r.DeadLetters)
	list("deadLettersByStatus", r.DeadLettersByStatus)
	one("duplicates", r.Duplicates)
	list("written", r.Written)
	list("clues", r.Clues)
	list("levels", r.Levels)
	list("er", r.ER)
	for _, f := range r.NoPuzzles {
		w.Write([]string{"noPuzzles", f, "0"})
	}
	w.Flush()
	return b.Bytes()
}
