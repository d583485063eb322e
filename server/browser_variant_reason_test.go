package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	vlogic "github.com/godoku/sudoku/variant/logic"
)

// englishPieces returns the words of the variant logic's English
// sentences and phrases between their placeholders, those of two words
// or more ("is the only place for"): none of them may show in a hint in
// another language.
func englishPieces() []string {
	var pieces []string
	for _, id := range vlogic.ReasonIDs() {
		s, _ := vlogic.ReasonText(id)
		for _, p := range regexp.MustCompile(`\{\d\}`).Split(s, -1) {
			p = strings.Trim(p, " ,.;:()")
			if strings.Count(p, " ") >= 1 && regexp.MustCompile(`^[a-z' ,;:()-]+$`).MatchString(strings.ToLower(p)) {
				pieces = append(pieces, p)
			}
		}
	}
	return pieces
}

// TestBrowserVariantHintLanguage takes a hint of the variant logic in
// German on a phone, from a built-in puzzle with little killers,
// thermometers, dots and quadruples: the sentence of the step and of each
// step before it is its reason said in German as i18n.js says it (the
// API's why with de.json's words), with no piece of an English sentence
// left; in the light and the dark theme, axe clean.
func TestBrowserVariantHintLanguage(t *testing.T) {
	path := axePath(t)
	var err error
	if axeSource, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	de := words(t, "de")
	pieces := englishPieces()
	if len(pieces) < 50 {
		t.Fatalf("only %d pieces of English sentences: %q", len(pieces), pieces)
	}
	p := newPage(t, phone)
	p.openVariant("")
	p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: 'de' })), ''`)
	p.openVariant("")
	p.poll(`document.documentElement.lang === 'de'`)
	p.pick(0)
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint').hidden && document.getElementById('v-hint-text').textContent !== ` + jsString(de["v.looking"]))
	p.eval(`document.getElementById('v-hint-before').open = true, ''`)
	shown := p.text("v-hint-text")
	var before []string
	p.evalJSON(`Array.from(document.querySelectorAll('#v-hint-before li'), (e) => e.textContent)`, &before)

	// The same hint from the API, said in German here.
	text := p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)
	b, _ := json.Marshal(map[string]any{"puzzle": text, "place": true})
	res, err := http.Post(p.url+"/api/hint", "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var a struct {
		Step   *vhintStep
		Before []*vhintStep
	}
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil || a.Step == nil {
		t.Fatalf("hint: %v %+v", err, a)
	}
	if len(a.Before) == 0 || len(before) != len(a.Before) {
		t.Fatalf("the page lists %d steps before the hint, the API %d (want some)", len(before), len(a.Before))
	}
	say := func(s *vhintStep) string {
		missing := map[string]bool{}
		text := sayVariantReason(de, *s.Why, missing)
		if len(missing) > 0 {
			t.Errorf("%s: de.json lacks %v", s.Explanation, missing)
		}
		name := de["vtech."+s.Technique]
		if name == "" {
			name = de["tech."+s.Technique]
		}
		return name + ": " + text
	}
	check := func(got string, s *vhintStep) {
		t.Helper()
		if want := say(s); got != want {
			t.Errorf("the page says %q, want %q", got, want)
		}
		if strings.Contains(got, s.Explanation) || strings.ContainsAny(got, "{}") || strings.Contains(got, "vwhy.") {
			t.Errorf("%q is not said in German", got)
		}
		for _, piece := range pieces {
			if strings.Contains(got, piece) {
				t.Errorf("%q has the English %q", got, piece)
			}
		}
	}
	check(shown, a.Step)
	for i, s := range a.Before {
		check(before[i], s)
	}
	// The page's module says a reason the language lacks an id of (the
	// sentence's or a phrase's) as the server's English; one it has in
	// German.
	got, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`import('./js/i18n.js').then((m) => [
		m.vexplanation({ explanation: 'English.', why: { id: 'noSuchSentence', args: [] } }),
		m.vexplanation({ explanation: 'English.', why: { id: 'chainBreaks', args: [{ cell: 'r1c1' }, { digit: 2 }, { phrase: { id: 'noSuchPhrase', args: [] } }] } }),
		m.vexplanation({ explanation: 'English.', why: { id: 'cannotBe', args: [{ cell: 'r1c1' }, { digit: 2 }] } }),
	].join('|'))`, chromedp.EvalAwaitPromise))
	if want := "English.|English.|" + strings.NewReplacer("{0}", "r1c1", "{1}", "2").Replace(de["vwhy.cannotBe"]); err != nil || got != want {
		t.Errorf("unknown ids: %q %v, want %q", got, err, want)
	}
	if testing.Verbose() {
		t.Logf("%s\n%s", shown, strings.Join(before, "\n"))
	}
	for _, theme := range []string{"light", "dark"} {
		p.setTheme(theme)
		p.eval(`window.scrollTo(0, 0), ''`)
		p.eval(`document.getElementById('v-hint-text').scrollIntoView({ block: 'start' }), ''`)
		p.screenshot("variant-hint-de-" + theme)
		p.eval(`document.querySelector('#v-hint-before li:nth-child(20)').scrollIntoView({ block: 'start' }), ''`)
		p.screenshot("variant-hint-de-before-" + theme)
		if theme == "light" {
			p.axe("a hint in German, light")
		} else {
			p.axe("a hint in German, dark", "color-contrast", "link-in-text-block")
		}
	}
}

// TestBrowserVariantHintMultiple: the hint for a puzzle with more than
// one solution, which the server refuses in its own English words (422),
// is the page's own sentence in its language.
func TestBrowserVariantHintMultiple(t *testing.T) {
	de := words(t, "de")
	p := newPage(t, phone)
	p.openVariant("")
	p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: 'de' })), ''`)
	p.openVariant("#p=" + url.QueryEscape(".Shape~4x4.~R1C1_1"))
	p.poll(`document.getElementById('v-message').textContent === ` + jsString(de["v.multiple"]))
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint').hidden`)
	if got := p.text("v-hint-text"); got != de["v.hintMultiple"] {
		t.Errorf("hint %q, want %q", got, de["v.hintMultiple"])
	}
}

// vhintStep is what the test reads of a variant hint's step.
type vhintStep struct {
	Technique, Explanation string
	Why                    *vlogic.Reason
}

// jsString writes s as a JavaScript string.
func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }
