package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The puzzle whose first step is a Hidden Single: its nudge names the unit
// the reason speaks of.
const hiddenFirst = mediumDots

// TestBrowserHintTiers: a hint is first a nudge (where to look, the
// technique), then the whole explanation, then applied, one tier a press;
// Settings can start hints at the explanation. In German too.
func TestBrowserHintTiers(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + hiddenFirst)
		step := hintStep(t, p.url, hiddenFirst)
		var unit string
		for _, a := range step.Why.Args {
			if a.Unit != "" {
				unit = a.Unit
			}
		}
		if unit == "" {
			t.Fatalf("the first step %s names no unit", step.Technique)
		}
		inWords := map[byte]string{'r': "row ", 'c': "column ", 'b': "box "}[unit[0]] + unit[1:]
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
		if text := p.text("hint-text"); !strings.Contains(text, "Where to look: "+inWords+".") || !strings.Contains(text, step.Technique.String()) {
			t.Errorf("the nudge says %q, want %s and %s", text, inWords, step.Technique)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.pattern').length)`); n != "9" {
			t.Errorf("the nudge shows %s cells, want the 9 of %s", n, unit)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.target, .cand:not([hidden])').length)`); n != "0" {
			t.Errorf("the nudge gives away %s cells or candidates", n)
		}
		if p.text("hint") != "More" || p.eval(`String(document.getElementById('hint-apply').hidden)`) != "true" {
			t.Errorf("with a nudge on show, Hint says %q and Apply is on show", p.text("hint"))
		}
		p.screenshot("nudge")
		p.press("hint-more")
		if text := p.text("hint-text"); text != step.Explanation {
			t.Errorf("the second tier says %q, want %q", text, step.Explanation)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.target').length)`); n != "1" {
			t.Errorf("the explanation rings %s cells, want the one it fills", n)
		}
		before := strings.Count(p.board(), ".")
		p.press("hint-apply")
		p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
		if after := strings.Count(p.board(), "."); after != before-1 {
			t.Errorf("the third press left %d empty cells, want %d", after, before-1)
		}
		p.press("undo")

		// Starting at the explanation, in Settings.
		p.press("menu-button")
		p.press("settings")
		p.do(chromedp.WaitVisible(chromedp.ID("settings-dialog")))
		p.eval(`(() => { const s = document.getElementById('opt-hint'); s.value = 'explain'; s.dispatchEvent(new Event('change')); })(), ''`)
		p.tap(`#settings-dialog [data-close]`)
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
		if text := p.text("hint-text"); text != step.Explanation {
			t.Errorf("a hint that starts at the explanation says %q", text)
		}
		p.press("hint-close")
		p.reload()
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
		p.press("hint-close")

		// A nudge in German.
		p.eval(`(() => { const s = document.getElementById('opt-hint'); s.value = 'nudge'; s.dispatchEvent(new Event('change')); })(), ''`)
		p.chooseLanguage("de", "de")
		de := words(t, "de")
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
		unitDe := strings.ReplaceAll(de["unit."+unit[:1]], "{0}", unit[1:])
		want := strings.NewReplacer("{0}", unitDe, "{1}", de["tech."+step.Technique.String()]).Replace(de["hintNudge"])
		if text := p.text("hint-text"); text != want {
			t.Errorf("the German nudge says %q, want %q", text, want)
		}
	})
}
