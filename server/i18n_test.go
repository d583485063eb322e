package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/logic"
	vformat "github.com/godoku/sudoku/variant/format"
	vlogic "github.com/godoku/sudoku/variant/logic"
)

// The page's words: English in static/js/i18n.js (EN, written as JSON),
// every other language in static/i18n/<code>.json with the same keys, plus
// the name of every technique ("tech.<name>"), the sentence of every
// reason of package logic ("why.<id>"), and the sentence or phrase of
// every reason of package variant/logic ("vwhy.<id>") with the name of
// every kind of rule they name ("kind.<kind>").

// englishWords reads EN out of i18n.js.
func englishWords(t *testing.T) map[string]string {
	t.Helper()
	js, err := fs.ReadFile(staticFS, "static/js/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)const EN = (\{.*?\n\});`).FindSubmatch(js)
	if m == nil {
		t.Fatal("i18n.js: no `const EN = {...};`")
	}
	var en map[string]string
	if err := json.Unmarshal(m[1], &en); err != nil {
		t.Fatalf("i18n.js: EN is not JSON: %v", err)
	}
	return en
}

// languages reads LANGS out of i18n.js: the codes of the languages offered.
func languages(t *testing.T) []string {
	t.Helper()
	js, err := fs.ReadFile(staticFS, "static/js/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)export const LANGS = \{(.*?)\};`).FindSubmatch(js)
	if m == nil {
		t.Fatal("i18n.js: no LANGS")
	}
	var codes []string
	for _, c := range regexp.MustCompile(`(\w+): "`).FindAllSubmatch(m[1], -1) {
		codes = append(codes, string(c[1]))
	}
	return codes
}

// words reads the words of a language other than English.
func words(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := fs.ReadFile(staticFS, "static/i18n/"+lang+".json")
	if err != nil {
		t.Fatal(err)
	}
	var w map[string]string
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s.json: %v", lang, err)
	}
	return w
}

var (
	placeholderRE = regexp.MustCompile(`\{\d\}`)
	tagRE         = regexp.MustCompile(`</?[a-z]+>`)
)

// sortedSet returns the distinct matches of re in s, sorted.
func sortedSet(re *regexp.Regexp, s string) []string {
	set := map[string]bool{}
	for _, m := range re.FindAllString(s, -1) {
		set[m] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// sortedAll returns every match of re in s, sorted (repeats kept).
func sortedAll(re *regexp.Regexp, s string) []string {
	all := re.FindAllString(s, -1)
	sort.Strings(all)
	return all
}

// TestI18nKeys checks that every language has exactly the keys of
// English, every technique's name and every reason's sentence; that each
// string takes the same arguments as the English one, and keeps its
// markup; and that the languages offered are the files there are.
func TestI18nKeys(t *testing.T) {
	en := englishWords(t)
	want := maps.Clone(en)
	for _, tq := range logic.Techniques() {
		want["tech."+tq.String()] = ""
	}
	for _, id := range logic.ReasonIDs() {
		s, _ := logic.ReasonText(id)
		want["why."+id] = s
	}
	for _, id := range vlogic.ReasonIDs() {
		s, _ := vlogic.ReasonText(id)
		want["vwhy."+id] = s
	}
	for _, k := range vlogic.Kinds() {
		want["kind."+k] = k
	}
	files, err := fs.Glob(staticFS, "static/i18n/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, f := range files {
		have = append(have, strings.TrimSuffix(path.Base(f), ".json"))
	}
	offered := languages(t)
	if !slices.Contains(offered, "en") || len(offered) < 7 {
		t.Errorf("LANGS = %v, want English and at least six more", offered)
	}
	if got, wantFiles := have, slices.DeleteFunc(slices.Clone(offered), func(c string) bool { return c == "en" }); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(wantFiles))) {
		t.Errorf("language files %v, but LANGS offers %v", got, offered)
	}
	html, err := fs.ReadFile(staticFS, "static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	// The page's inline script knows the languages too, to choose one
	// before the first paint.
	if m := regexp.MustCompile(`var langs = \[([^\]]*)\]`).FindSubmatch(html); m == nil {
		t.Error("index.html: the inline script has no list of languages")
	} else if got := strings.ReplaceAll(strings.ReplaceAll(string(m[1]), `"`, ""), " ", ""); got != strings.Join(offered, ",") {
		t.Errorf("index.html's inline script knows %s, LANGS %v", got, offered)
	}
	// So does the variant page's.
	if page, err := fs.ReadFile(staticFS, "static/variant.html"); err != nil {
		t.Error(err)
	} else if m := regexp.MustCompile(`var langs = \[([^\]]*)\]`).FindSubmatch(page); m == nil {
		t.Error("variant.html: the inline script has no list of languages")
	} else if got := strings.ReplaceAll(strings.ReplaceAll(string(m[1]), `"`, ""), " ", ""); got != strings.Join(offered, ",") {
		t.Errorf("variant.html's inline script knows %s, LANGS %v", got, offered)
	}
	if csp := securityHeaders()["Content-Security-Policy"]; !strings.Contains(csp, "script-src 'self' 'sha256-") {
		t.Errorf("the policy %q does not allow the inline script by its hash", csp)
	}
	for _, code := range offered {
		if !strings.Contains(string(html), fmt.Sprintf(`<option value="%s"`, code)) {
			t.Errorf("index.html: the language chooser does not offer %q", code)
		}
	}
	for _, lang := range have {
		w := words(t, lang)
		for k := range want {
			if _, ok := w[k]; !ok {
				t.Errorf("%s.json: missing %q", lang, k)
			}
		}
		for k, v := range w {
			ref, ok := want[k]
			if !ok {
				t.Errorf("%s.json: %q is not a key of English", lang, k)
				continue
			}
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s.json: %q is empty", lang, k)
			}
			if a, b := sortedSet(placeholderRE, v), sortedSet(placeholderRE, ref); !slices.Equal(a, b) {
				t.Errorf("%s.json: %q takes %v, English %v", lang, k, a, b)
			}
			if a, b := sortedAll(tagRE, v), sortedAll(tagRE, ref); !slices.Equal(a, b) {
				t.Errorf("%s.json: %q has the markup %v, English %v", lang, k, a, b)
			}
		}
	}
}

// TestI18nKeysUsed checks that every key the page asks for exists in
// English, and that every English key is asked for somewhere.
func TestI18nKeysUsed(t *testing.T) {
	en := englishWords(t)
	used := map[string]bool{}
	prefixes := map[string]bool{}
	// The classic page and the variant game (variant.html, js/variant/)
	// share the words.
	for _, page := range []string{"index.html", "variant.html"} {
		html, err := fs.ReadFile(staticFS, "static/"+page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`data-t(?:-html|-title|-aria)?="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
			used[m[1]] = true
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s asks for %q, which English lacks", page, m[1])
			}
		}
	}
	scripts, err := fs.Glob(staticFS, "static/js/*.js")
	if err != nil {
		t.Fatal(err)
	}
	variant, err := fs.Glob(staticFS, "static/js/variant/*.js")
	if err != nil || len(variant) == 0 {
		t.Fatalf("no static/js/variant/*.js: %v", err)
	}
	scripts = append(scripts, variant...)
	call := regexp.MustCompile(`(?:^|[^\w.$])t\(`)
	for _, f := range scripts {
		b, err := fs.ReadFile(staticFS, f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		// Literal keys anywhere count as uses (they are passed to t in
		// ternaries and tables).
		for _, m := range regexp.MustCompile(`"([a-zA-Z][\w. ]*)"`).FindAllStringSubmatch(src, -1) {
			if _, ok := en[m[1]]; ok {
				used[m[1]] = true
			}
		}
		for _, loc := range call.FindAllStringIndex(src, -1) {
			arg := firstArg(src[loc[1]:])
			switch {
			case strings.HasPrefix(arg, `"`):
				key := strings.Trim(arg, `"`)
				if _, ok := en[key]; !ok {
					t.Errorf("%s: t(%s): English lacks it", f, arg)
				}
			case strings.HasPrefix(arg, "`"):
				p := regexp.MustCompile("^`([\\w]+)\\.\\$\\{").FindStringSubmatch(arg)
				if p == nil {
					t.Errorf("%s: t(%s): a key made some other way than `prefix.${...}`", f, arg)
					continue
				}
				prefixes[p[1]] = true
			default:
				for _, m := range regexp.MustCompile(`[?:]\s*"([^"]+)"`).FindAllStringSubmatch(arg, -1) {
					if _, ok := en[m[1]]; !ok {
						t.Errorf("%s: t(%s): English lacks %q", f, arg, m[1])
					}
				}
			}
		}
	}
	if len(used) < 100 {
		t.Fatalf("found only %d keys in use: the patterns above no longer match the page", len(used))
	}
	for k := range en {
		if !used[k] && !prefixes[strings.SplitN(k, ".", 2)[0]] {
			t.Errorf("English key %q is never used", k)
		}
	}
}

// firstArg returns the first argument of a call whose text starts just
// after its "(".
func firstArg(s string) string {
	depth := 0
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return strings.TrimSpace(s[:i])
			}
			depth--
		case c == ',' && depth == 0:
			return strings.TrimSpace(s[:i])
		}
	}
	return strings.TrimSpace(s)
}

// sayReason writes a reason in a language as the page does (i18n.js,
// argText and explanation).
func sayReason(w map[string]string, r logic.Reason) string {
	args := make([]string, len(r.Args))
	for i, a := range r.Args {
		sep := func(notation string) string {
			if a.Join != "" {
				return w["join."+a.Join]
			}
			return notation
		}
		switch {
		case a.Digit != 0:
			args[i] = fmt.Sprint(a.Digit)
		case a.Count != 0:
			args[i] = fmt.Sprint(a.Count)
		case a.Cell != "":
			args[i] = a.Cell
		case a.Cells != nil:
			args[i] = strings.Join(a.Cells, sep(","))
		case a.Digits != nil:
			ds := make([]string, len(a.Digits))
			for k, d := range a.Digits {
				ds[k] = fmt.Sprint(d)
			}
			args[i] = strings.Join(ds, sep(""))
		case a.Unit != "":
			args[i] = strings.ReplaceAll(w["unit."+a.Unit[:1]], "{0}", a.Unit[1:])
		case a.Units != nil:
			args[i] = strings.Join(a.Units, ",")
		default:
			args[i] = a.Text
		}
	}
	return placeholderRE.ReplaceAllStringFunc(w["why."+r.ID], func(p string) string {
		return args[p[1]-'0']
	})
}

// TestI18nReasons says every step of the logical paths of puzzles that
// need most techniques in every language: each has a reason of package
// logic, whose English is the step's explanation, and every language's
// sentence names every argument.
func TestI18nReasons(t *testing.T) {
	puzzles := []string{
		mediumDots,
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
		"6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
		"48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
		"....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
	}
	langs := languages(t)
	// Each language's words read once, not once a step: decoding them
	// was most of the test's time (50 s under the race detector).
	wordsOf := map[string]map[string]string{}
	for _, lang := range langs {
		if lang != "en" { // English is the reasons' own
			wordsOf[lang] = words(t, lang)
		}
	}
	seen := map[string]bool{}
	for _, p := range puzzles {
		g, err := sudoku.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := logic.Explain(context.Background(), g)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, s := range steps {
			if s.Why.ID == "" {
				t.Errorf("%s: no reason", s)
				continue
			}
			seen[s.Why.ID] = true
			if got := s.Why.English(); got != s.Explanation {
				t.Errorf("%s: reason in English %q, explanation %q", s, got, s.Explanation)
			}
			for _, lang := range langs {
				if lang == "en" {
					continue
				}
				w := wordsOf[lang]
				text := sayReason(w, s.Why)
				if strings.ContainsAny(text, "{}") {
					t.Errorf("%s, %s: %q", s, lang, text)
				}
				for _, a := range s.Why.Args {
					if a.Cell != "" && !strings.Contains(text, a.Cell) {
						t.Errorf("%s, %s: %q does not name %s", s, lang, text, a.Cell)
					}
				}
			}
		}
	}
	if len(seen) < 8 {
		t.Errorf("the paths gave only %d kinds of reason: %v", len(seen), slices.Sorted(maps.Keys(seen)))
	}
}

// TestI18nRuleKinds checks that every kind of rule in the variant corpus
// (variant/testdata, f-puzzles and the Interactive Sudoku Solver's
// examples) has a sentence (rule.<kind>) for a puzzle that comes without
// its rules, so that the variant page does not show the kind's bare
// English name.
func TestI18nRuleKinds(t *testing.T) {
	en := englishWords(t)
	missing := map[string]int{}
	for _, f := range []string{"fpuzzles_cc_by.jsonl", "iss_examples.jsonl"} {
		b, err := os.ReadFile("../variant/testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			text, _ := rec["fpuzzles"].(string)
			if text == "" {
				text, _ = rec["input"].(string)
			}
			v, _, err := vformat.Parse(text)
			if err != nil {
				continue // the corpus tests say which ones do not read
			}
			for _, k := range vformat.Kinds(v) {
				if strings.HasPrefix(k, "unsupported: ") {
					continue // the page cannot open it
				}
				if _, ok := en["rule."+k]; !ok {
					missing[k]++
				}
			}
		}
	}
	for k, n := range missing {
		t.Errorf("no rule.%s for the %d puzzles of the corpus with it", k, n)
	}
}

// TestI18nVariantTechniques checks that every technique of the variant
// logic has a name in the page's words: a classic technique's
// (tech.<name>, which TestI18nKeys wants in every language) or the
// variant logic's own (vtech.<name>), and that no vtech.<name> is a
// technique the logic lacks or one tech.<name> names.
func TestI18nVariantTechniques(t *testing.T) {
	en := englishWords(t)
	classics := map[string]bool{} // English has them as the technique's name
	for _, tq := range logic.Techniques() {
		classics[tq.String()] = true
	}
	techs := vlogic.Techniques()
	for _, name := range techs {
		classic := classics[name]
		_, own := en["vtech."+name]
		if !classic && !own {
			t.Errorf("technique %q has no name in i18n.js (tech. or vtech.)", name)
		}
		if classic && own {
			t.Errorf("technique %q has two names, tech. and vtech.", name)
		}
	}
	for k := range en {
		if name, ok := strings.CutPrefix(k, "vtech."); ok && !slices.Contains(techs, name) {
			t.Errorf("%s: the variant logic has no such technique", k)
		}
	}
}

// sayVariantReason writes a reason of package variant/logic in a
// language as the page does (i18n.js, argText and vexplanation); missing
// lists the keys the language lacks.
func sayVariantReason(w map[string]string, r vlogic.Reason, missing map[string]bool) string {
	word := func(key, fallback string) string {
		if s, ok := w[key]; ok {
			return s
		}
		missing[key] = true
		return fallback
	}
	args := make([]string, len(r.Args))
	for i, a := range r.Args {
		sep := func(notation string) string {
			if a.Join == "" {
				return notation
			}
			if s, ok := w["join."+a.Join]; ok {
				return s
			}
			return a.Join
		}
		switch {
		case a.Digit != 0:
			args[i] = fmt.Sprint(a.Digit)
		case a.Count != 0:
			args[i] = fmt.Sprint(a.Count)
		case a.Cell != "":
			args[i] = a.Cell
		case a.Cells != nil:
			args[i] = strings.Join(a.Cells, sep(","))
		case a.Digits != nil:
			ds := make([]string, len(a.Digits))
			apart := ""
			for k, d := range a.Digits {
				ds[k] = fmt.Sprint(d)
				if d > 9 {
					apart = ","
				}
			}
			args[i] = strings.Join(ds, sep(apart))
		case a.Kind != "":
			args[i] = word("kind."+a.Kind, a.Kind)
		case a.Kinds != nil:
			ks := make([]string, len(a.Kinds))
			for k, kind := range a.Kinds {
				ks[k] = word("kind."+kind, kind)
			}
			args[i] = strings.Join(ks, sep(", "))
		case a.Tech != "":
			if s, ok := w["tech."+a.Tech]; ok {
				args[i] = s
			} else {
				args[i] = word("vtech."+a.Tech, a.Tech)
			}
		case a.Phrase != nil:
			args[i] = sayVariantReason(w, *a.Phrase, missing)
		case a.Phrases != nil:
			ps := make([]string, len(a.Phrases))
			for k, p := range a.Phrases {
				ps[k] = sayVariantReason(w, p, missing)
			}
			args[i] = strings.Join(ps, sep(", "))
		default:
			args[i] = a.Text
		}
	}
	return placeholderRE.ReplaceAllStringFunc(word("vwhy."+r.ID, ""), func(p string) string {
		return args[p[1]-'0']
	})
}

// TestI18nVariantReasons says every step of the variant logic's paths
// through the f-puzzles corpus in every language, as the page does: each
// sentence, phrase, kind and technique it names has words in each
// language, every placeholder is filled, and every cell the reason names
// is in the sentence.
func TestI18nVariantReasons(t *testing.T) {
	b, err := os.ReadFile("../variant/testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	langs := languages(t)
	wordsOf := map[string]map[string]string{}
	for _, lang := range langs {
		if lang != "en" {
			wordsOf[lang] = words(t, lang)
		}
	}
	var cellsOf func(r vlogic.Reason) []string
	cellsOf = func(r vlogic.Reason) []string {
		var cs []string
		for _, a := range r.Args {
			if a.Cell != "" {
				cs = append(cs, a.Cell)
			}
			if a.Phrase != nil {
				cs = append(cs, cellsOf(*a.Phrase)...)
			}
			for _, p := range a.Phrases {
				cs = append(cs, cellsOf(p)...)
			}
		}
		return cs
	}
	seen, steps := map[string]bool{}, 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct{ Fpuzzles string }
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		v, _, err := vformat.Parse(rec.Fpuzzles)
		if err != nil {
			continue
		}
		// The first 80 steps of each path: the corpus's whole paths
		// take most of a minute, and their later steps repeat the kinds.
		res, err := vlogic.Solve(v, 80)
		if err != nil {
			continue
		}
		for _, st := range res.Steps {
			steps++
			seen[st.Why.ID] = true
			for _, lang := range langs {
				if lang == "en" {
					continue
				}
				missing := map[string]bool{}
				text := sayVariantReason(wordsOf[lang], st.Why, missing)
				if len(missing) > 0 {
					t.Fatalf("%s, %s: no words for %v", st, lang, slices.Sorted(maps.Keys(missing)))
				}
				if strings.ContainsAny(text, "{}") || text == st.Explanation {
					t.Fatalf("%s, %s: %q", st, lang, text)
				}
				for _, c := range cellsOf(st.Why) {
					if !strings.Contains(text, c) {
						t.Fatalf("%s, %s: %q does not name %s", st, lang, text, c)
					}
				}
			}
		}
	}
	t.Logf("%d steps, %d kinds of reason", steps, len(seen))
	if len(seen) < 15 {
		t.Errorf("the paths gave only %d kinds of reason: %v", len(seen), slices.Sorted(maps.Keys(seen)))
	}
}
