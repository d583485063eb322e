package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku/logic"
)

// chooseLanguage picks a language in Settings, as a player would ("" for
// the browser's), and waits for the page to be in lang.
func (p *page) chooseLanguage(code, lang string) {
	p.t.Helper()
	if p.eval(`String(getComputedStyle(document.getElementById('settings')).display === 'none' || !document.getElementById('settings').checkVisibility())`) == "true" {
		p.press("menu-button")
	}
	p.press("settings")
	p.do(chromedp.WaitVisible(chromedp.ID("settings-dialog")))
	p.eval(fmt.Sprintf(`(() => { const s = document.getElementById('opt-lang'); s.value = %q; s.dispatchEvent(new Event('change')); })(), ''`, code))
	p.poll(fmt.Sprintf(`document.documentElement.lang === %q`, lang))
	p.tap(`#settings-dialog [data-close]`)
	p.do(chromedp.WaitNotVisible(chromedp.ID("settings-dialog")))
	// The words change as the player asked, so the layout may: shifts
	// are counted from here.
	p.eval(`window.shifts && (window.shifts.length = 0), ''`)
}

// fits checks, with a hint on show, that the board, the keypad, the tools
// and the hint are on the screen, nothing is wider than it and no button's
// or menu's words spill out of it.
func (p *page) fits(lang string) {
	p.t.Helper()
	p.explainHint()
	for _, css := range []string{".bar", "#board", ".keypad", ".tools", "#hint-panel", "#hint-apply"} {
		r := p.rect(css)
		if r.Top < 0 || r.Bottom > float64(p.screen.height) || r.Left < 0 || r.Right > float64(p.screen.width) {
			p.t.Errorf("%s: %s is at %+v, not within the %dx%d screen", lang, css, r, p.screen.width, p.screen.height)
		}
	}
	var spill []string
	p.evalJSON(`[document.documentElement.scrollWidth > innerWidth ? 'the page, ' + document.documentElement.scrollWidth + ' wide' : '',
	  ...Array.from(document.querySelectorAll('button, .status-text'), (e) => e.checkVisibility() && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) ? '#' + (e.id || e.className) + ' ' + JSON.stringify(e.textContent) + ' ' + e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight : '')].filter(Boolean)`, &spill)
	for _, s := range spill {
		p.t.Errorf("%s: overflows: %s", lang, s)
	}
	p.press("hint-close")
}

// translated checks every element that names its words against the
// language's file: its text, markup, title or label.
func (p *page) translated(w map[string]string) {
	p.t.Helper()
	var els []struct{ Kind, Key, Value string }
	p.evalJSON(`[
	  ...Array.from(document.querySelectorAll('[data-t]'), (e) => ({ kind: 'text', key: e.dataset.t, value: e.textContent })),
	  ...Array.from(document.querySelectorAll('[data-t-html]'), (e) => ({ kind: 'html', key: e.dataset.tHtml, value: e.textContent })),
	  ...Array.from(document.querySelectorAll('[data-t-title]'), (e) => ({ kind: 'title', key: e.dataset.tTitle, value: e.title })),
	  ...Array.from(document.querySelectorAll('[data-t-aria]'), (e) => ({ kind: 'aria-label', key: e.dataset.tAria, value: e.getAttribute('aria-label') })),
	]`, &els)
	if len(els) < 100 {
		p.t.Fatalf("only %d elements name their words", len(els))
	}
	for _, e := range els {
		want := w[e.Key]
		if e.Kind == "html" {
			want = tagRE.ReplaceAllString(want, "")
		}
		if e.Value != want {
			p.t.Errorf("%s of [%s]: %q, want %q", e.Kind, e.Key, e.Value, want)
		}
	}
}

// TestBrowserLanguage plays in German and French: the chooser in Settings,
// every word of the page, the words made as the game goes (the status line,
// the keypad's names, a hint's explanation from the server's reason), a
// reload that keeps the language, axe-core, and the phone layout with
// German's longer words.
func TestBrowserLanguage(t *testing.T) {
	en := englishWords(t)
	de, fr := words(t, "de"), words(t, "fr")
	forScreens(t, func(t *testing.T, p *page) {
		if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: shiftJS}); err != nil {
			t.Fatal(err)
		}
		p.open("#p=" + easyDots)
		if lang := p.eval(`document.documentElement.lang`); lang != "en" {
			t.Fatalf("lang %q before any choice, in an English browser", lang)
		}
		p.translated(en)
		p.chooseLanguage("de", "de")
		p.translated(de)
		// Words made as the game goes, and no English left in the
		// controls (beyond words that are the same in German).
		for id, key := range map[string]string{"new": "new", "games": "games", "menu-button": "menu", "mode-digit": "modeDigit", "mode-corner": "modeCorner",
			"mode-centre": "modeCentre", "mode-colour": "modeColour", "auto": "auto", "undo": "undo", "redo": "redo", "erase": "erase", "hint": "hint",
			"check": "check", "reveal": "reveal", "solve": "solve", "restart": "restart", "create": "create", "import": "import", "stats": "stats", "settings": "settings"} {
			if got := p.text(id); got != de[key] || got == en[key] {
				t.Errorf("#%s: %q, want %q", id, got, de[key])
			}
		}
		if info := p.text("info"); !strings.Contains(info, "gefüllt") || !strings.HasPrefix(info, de["level.Easy"]) {
			t.Errorf("status line %q, want the level and the cells filled in German", info)
		}
		if theme := p.text("theme"); theme != "Design: automatisch" {
			t.Errorf("theme button %q", theme)
		}
		if name := p.eval(`document.querySelector('.keypad button[data-digit="4"]').textContent`); !strings.Contains(name, "übrig") {
			t.Errorf("keypad button's name %q says nothing in German of the digits left", name)
		}
		if levels := p.eval(`Array.from(document.querySelectorAll('#level option'), (o) => o.textContent + '=' + o.value).join(' ')`); levels != "Leicht=Easy Mittel=Medium Schwer=Hard Unfair=Unfair Extrem=Extreme" {
			t.Errorf("levels %q", levels)
		}

		// A hint: its title and explanation in German, made from the
		// reason the server gives.
		p.explainHint()
		step := hintStep(t, p.url, easyDots)
		if title, want := p.text("hint-title"), "Tipp: "+de["tech."+step.Technique.String()]; title != want {
			t.Errorf("hint title %q, want %q", title, want)
		}
		text, want := p.text("hint-text"), sayReason(de, step.Why)
		if text != want || text == step.Explanation {
			t.Errorf("hint explanation %q, want %q", text, want)
		}
		if !strings.HasPrefix(p.text("hint-step"), de["tech."+step.Technique.String()]+":") {
			t.Errorf("hint notation %q does not start with the technique's German name", p.text("hint-step"))
		}
		if p.text("hint") != de["apply"] {
			t.Errorf("hint button %q while a hint is on show", p.text("hint"))
		}
		p.screenshot("de-hint")
		if p.screen.mobile {
			axeOnce(t)
			p.axe("German, a hint")
		}
		p.press("hint-close")

		// A hint when an entry is wrong: the page says so from the cells
		// the server names.
		p.cell(0)
		p.digit(5) // the solution has 4
		p.press("hint")
		want = strings.NewReplacer("{0}", "r1c1", "{1}", "5", "{2}", "1").Replace(de["wrongFirst"])
		p.poll(`document.getElementById('message').textContent !== ''`)
		if msg := p.text("message"); msg != want {
			t.Errorf("hint on a wrong entry: %q, want %q", msg, want)
		}
		p.press("undo")

		p.reload()
		if lang := p.eval(`document.documentElement.lang`); lang != "de" {
			t.Errorf("after a reload, lang %q", lang)
		}
		p.translated(de)
		if p.text("hint") != de["hint"] {
			t.Errorf("after a reload, the hint button says %q", p.text("hint"))
		}
		p.setTheme("dark")
		p.screenshot("de-dark")
		p.setTheme("light")

		// The replay speaks the language too.
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		p.poll(`document.querySelectorAll('#replay-log li').length > 10`)
		if s := p.text("replay-step"); !strings.HasPrefix(s, "Schritt ") {
			t.Errorf("replay step %q", s)
		}
		p.press("replay-close")

		{
			// Every language's words on the screen, German's longest of
			// all.
			for _, code := range languages(t) {
				tag := code
				if code == "zh" {
					tag = "zh-Hans"
				}
				p.chooseLanguage(code, tag)
				p.fits(code)
			}
		}
		p.chooseLanguage("fr", "fr")
		p.translated(fr)
		if p.screen.mobile {
			p.press("menu-button")
			p.do(chromedp.WaitVisible(chromedp.ID("menu")))
			p.axe("French, the menu")
			p.press("menu-button")
		}
		p.screenshot("fr")
		p.setTheme("dark")
		p.screenshot("fr-dark")
		p.setTheme("light")
		// And back to English, every word as the page is written.
		p.chooseLanguage("en", "en")
		p.translated(en)
		if info := p.text("info"); !strings.Contains(info, "filled") {
			t.Errorf("back in English, the status line says %q", info)
		}
		p.noShifts()
	})
}

// TestBrowserLanguageDefault opens the page in a browser that prefers
// French, then Chinese: the page is in that language without a choice,
// shows no English first and moves nothing as its words come in; a choice
// in Settings outlasts the browser's.
func TestBrowserLanguageDefault(t *testing.T) {
	for _, c := range []struct{ accept, lang, newGame string }{
		{"fr-CA,fr;q=0.9,en;q=0.8", "fr", "Nouvelle partie"},
		{"zh-CN,zh", "zh-Hans", "新游戏"},
		{"nl-NL,nl;q=0.9,de;q=0.8", "de", "Neues Spiel"}, // the first the page has
		{"nl-NL,nl", "en", "New game"},
	} {
		t.Run(c.accept, func(t *testing.T) {
			p := newPage(t, phone)
			if _, err := chromedp.Call(p.ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/140 Mobile", AcceptLanguage: c.accept}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: shiftJS + `
			  // Every text the page paints before its words are in.
			  window.painted = [];
			  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.painted.push(e.name + ':' + (document.getElementById('new') || {}).textContent + ':' + getComputedStyle(document.body).visibility); }).observe({ type: 'paint', buffered: true });`}); err != nil {
				t.Fatal(err)
			}
			p.open("#p=" + easyDots)
			if lang := p.eval(`document.documentElement.lang`); lang != c.lang {
				t.Errorf("lang %q, want %q (navigator.languages %s)", lang, c.lang, p.eval(`JSON.stringify(navigator.languages)`))
			}
			if got := p.text("new"); got != c.newGame {
				t.Errorf("#new says %q, want %q", got, c.newGame)
			}
			var painted []string
			p.evalJSON(`window.painted`, &painted)
			for _, e := range painted {
				if c.lang != "en" && strings.Contains(e, ":New game:visible") {
					t.Errorf("painted in English first: %s", e)
				}
			}
			p.noShifts()
			if c.lang == "en" {
				return
			}
			p.chooseLanguage("it", "it")
			p.reload()
			if got := p.text("new"); got != "Nuova partita" {
				t.Errorf("the language chosen did not outlast a reload: %q", got)
			}
			p.chooseLanguage("", c.lang)
			if got := p.text("new"); got != c.newGame {
				t.Errorf("back to the browser's language: %q", got)
			}
		})
	}
}

// hintStep asks the server for the hint the page asked for.
func hintStep(t *testing.T, url, puzzle string) (s struct {
	Technique   logic.Technique `json:"technique"`
	Explanation string          `json:"explanation"`
	Why         logic.Reason    `json:"why"`
}) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"puzzle": puzzle})
	res, err := http.Post(url+"/api/hint", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r struct {
		Step *json.RawMessage `json:"step"`
	}
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil || r.Step == nil {
		t.Fatalf("hint: %v %v", err, r)
	}
	if err := json.Unmarshal(*r.Step, &s); err != nil {
		t.Fatal(err)
	}
	if s.Why.ID == "" || !regexp.MustCompile(`^\w+$`).MatchString(s.Why.ID) {
		t.Fatalf("hint without a reason: %s", *r.Step)
	}
	return s
}

// axeOnce reads axe-core for the tests that run it.
func axeOnce(t *testing.T) {
	t.Helper()
	if axeSource != nil {
		return
	}
	b, err := os.ReadFile(axePath(t))
	if err != nil {
		t.Fatal(err)
	}
	axeSource = b
}
