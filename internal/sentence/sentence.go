// Package sentence holds the English sentences of the logic packages'
// reasons (package logic's for classic steps, package variant/logic's for
// variant ones) and fills in their arguments. A reason is a sentence's id
// and its arguments; the sentence marks where argument k goes with {k},
// k from 0 to 9, so that a translation can put each where its language
// needs it (the web app's does).
package sentence

import (
	"fmt"
	"slices"
	"strings"
)

// A Table lists sentences: each entry an id and its English text. (A
// slice of constants rather than a map, which the program would build at
// start-up; Text looks an id up.)
type Table [][2]string

// IDs returns the ids of the table, sorted.
func (t Table) IDs() []string {
	ids := make([]string, len(t))
	for i, e := range t {
		ids[i] = e[0]
	}
	slices.Sort(ids)
	return ids
}

// Text returns the text of id, and whether the table has it.
func (t Table) Text(id string) (string, bool) {
	for _, e := range t {
		if e[0] == id {
			return e[1], true
		}
	}
	return "", false
}

// Check returns an error naming the first id listed twice, or a text
// whose placeholders skip a number ({1} without {0}), which a
// translation could not name.
func (t Table) Check() error {
	seen := map[string]bool{}
	for _, e := range t {
		if seen[e[0]] {
			return fmt.Errorf("sentence %q twice", e[0])
		}
		seen[e[0]] = true
		top := -1
		for k := range 10 {
			if strings.Contains(e[1], "{"+string(rune('0'+k))+"}") {
				if k != top+1 {
					return fmt.Errorf("sentence %q: {%d} without {%d}", e[0], k, top+1)
				}
				top = k
			}
		}
	}
	return nil
}

// Fill writes text to sb with each placeholder {k} written by arg(k)
// when k < n; a placeholder with no argument stays as it is, so that what
// is missing shows.
func Fill(sb *strings.Builder, text string, n int, arg func(k int)) {
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 || i+2 >= len(text) || text[i+2] != '}' || text[i+1] < '0' || text[i+1] > '9' {
			sb.WriteString(text)
			return
		}
		sb.WriteString(text[:i])
		if k := int(text[i+1] - '0'); k < n {
			arg(k)
		} else {
			sb.WriteString(text[i : i+3])
		}
		text = text[i+3:]
	}
}
