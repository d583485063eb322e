package server

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// contrastJS defines contrastOf(el) in the page: the WCAG contrast ratio of
// an element's text against the background it is drawn on, both from the
// rendered styles. A cell of a hint's pattern is painted by an inset
// shadow, so its background is the pattern's colour.
const contrastJS = `(() => {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = ({ r, g, b }) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const resolve = (el, v) => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = v;
    el.append(probe);
    const c = parse(getComputedStyle(probe).backgroundColor);
    probe.remove();
    return c;
  };
  const background = (el) => {
    const cell = el.closest('.cell');
    if (cell && cell.classList.contains('pattern')) return resolve(cell, 'var(--pattern)');
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) return c;
    }
    return resolve(document.body, 'var(--bg)');
  };
  window.bgOf = (el, v) => resolve(el, v);
  window.bgRendered = (sel) => { const el = document.querySelector(sel); return el ? parse(getComputedStyle(el).backgroundColor) : null; };
  window.bgContrast = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  window.contrastOf = (el) => {
    const a = lum(parse(getComputedStyle(el).color)), b = lum(background(el));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  // lowContrast lists the texts of the board and the controls on show
  // that fall under 4.5:1.
  window.lowContrast = () => {
    const out = [];
    const texts = document.querySelectorAll('.cell .value, .cand span, .corner span, button, .keypad small, .status-text span, .panel p, .panel h2, select');
    for (const el of texts) {
      if (!el.textContent.trim() || el.closest('[hidden]') || el.closest(':disabled') || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = contrastOf(el);
      if (r < 4.5) out.push((el.closest('[id]') ? '#' + el.closest('[id]').id + ' ' : '') + (el.closest('.cell') ? 'cell ' + el.closest('.cell').dataset.cell + ' ' : '') + JSON.stringify(el.textContent.trim().slice(0, 20)) + ' ' + r.toFixed(2));
    }
    return out;
  };
})(), ""`

// TestBrowserContrast measures, from the rendered styles, the contrast of
// a pressed toggle button under the pointer (where hover used to leave
// white on light grey), and of every text on the board and the controls:
// digits and marks on every cell colour, the selection, highlights, a
// conflict, a wrong entry and a hint's pattern, in both themes.
func TestBrowserContrast(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.eval(contrastJS)
		// Every colour on cells with digits and marks: row 1 gets entries
		// and marks, then colours 1 to 9 across it and row 2.
		p.drag(0, 1)
		p.press("mode-corner")
		p.digit(1)
		p.press("mode-centre")
		p.digit(2)
		p.digit(5)
		p.press("mode-digit")
		p.cell(3)
		p.digit(9) // right
		p.cell(5)
		p.digit(7) // wrong
		p.cell(7)
		p.digit(5)
		p.press("mode-colour")
		for d := 1; d <= 9; d++ {
			p.cell(d - 1)
			p.digit(d)
			p.cell(9 + d - 1)
			p.digit(d)
		}
		p.press("mode-digit")
		p.cell(8)
		p.digit(3) // a conflict with r1c3
		p.press("check")
		p.poll(`document.querySelector('[data-cell="5"]').classList.contains('wrong')`)
		p.cell(20) // r3c3 holds 1: the same digit is highlighted
		// lowInBoth reports the texts under 4.5:1 in either theme.
		lowInBoth := func(state string) {
			t.Helper()
			for _, theme := range []string{"light", "dark"} {
				p.setTheme(theme)
				var low []string
				p.evalJSON(`lowContrast()`, &low)
				if len(low) > 0 {
					t.Errorf("%s theme, %s: text under 4.5:1: %s", theme, state, strings.Join(low, "; "))
				}
			}
		}
		lowInBoth("marks, colours and highlights")
		// A hint's pattern.
		p.press("erase")
		p.cell(8)
		p.press("erase")
		p.cell(5)
		p.press("erase")
		p.press("hint")
		p.waitHint()
		lowInBoth("a hint's nudge")
		p.press("hint-more")
		lowInBoth("hint on show")
		p.press("hint-close")

		// Toggle buttons, pressed and still under the pointer (on a phone,
		// after the tap).
		for _, id := range []string{"mode-centre", "auto", "pause"} {
			for _, theme := range []string{"light", "dark"} {
				p.setTheme(theme)
				p.press(id)
				var r float64
				var hovered bool
				p.evalJSON(fmt.Sprintf(`contrastOf(document.getElementById(%q))`, id), &r)
				p.evalJSON(fmt.Sprintf(`document.getElementById(%q).matches(':hover')`, id), &hovered)
				pressed := p.eval(fmt.Sprintf(`document.getElementById(%q).getAttribute('aria-pressed')`, id))
				if pressed != "true" {
					t.Errorf("%s is not pressed after a press", id)
				}
				if !p.screen.mobile && !hovered {
					t.Errorf("%s is not under the pointer: the test does not try the hover state", id)
				}
				if r < 4.5 {
					t.Errorf("%s theme: %s pressed (under the pointer: %v) has contrast %.2f", theme, id, hovered, r)
				}
				if id == "pause" {
					p.press("resume")
				} else {
					p.press(id)
				}
			}
		}
	})
}

// shiftJS records every layout shift of the page, those just after an
// input included, from before the page's scripts run.
const shiftJS = `window.shifts = []; new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.shifts.push({ value: e.value, nodes: e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '') });
}).observe({ type: 'layout-shift', buffered: true });`

// noShifts reports every layout shift shiftJS saw.
func (p *page) noShifts() {
	p.t.Helper()
	var shifts []struct {
		Value float64
		Nodes []string
	}
	p.evalJSON(`window.shifts`, &shifts)
	for _, sh := range shifts {
		p.t.Errorf("layout shift of %.4f: %q", sh.Value, sh.Nodes)
	}
}

// TestBrowserSteadyLayout checks, on a phone and on a desktop, that the
// board, the keypad and the hint on show are on the screen without
// scrolling, that the keypad does not move when a message or a hint
// appears (no layout shift at all, at load or after), and that the header
// stays under Pause.
func TestBrowserSteadyLayout(t *testing.T) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) {
			p := newPage(t, s)
			if _, err := chromedp.Call(p.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: shiftJS}); err != nil {
				t.Fatal(err)
			}
			p.open("#p=" + easyDots)
			keypad := p.rect(".keypad")
			steady := func(when string) {
				t.Helper()
				if r := p.rect(".keypad"); r != keypad {
					t.Errorf("%s the keypad moved from %+v to %+v", when, keypad, r)
				}
			}
			p.cell(0)
			p.digit(4)
			p.press("check")
			p.poll(`document.getElementById('message').textContent !== ''`)
			steady("after a message")
			p.press("hint")
			p.waitHint()
			steady("after a hint's nudge")
			p.press("hint-more")
			p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
			steady("after a hint")
			inView := func(css string) {
				t.Helper()
				r := p.rect(css)
				if r.Top < 0 || r.Bottom > float64(s.height) || r.Left < 0 || r.Right > float64(s.width) {
					t.Errorf("%s is at %+v, not within the %dx%d screen", css, r, s.width, s.height)
				}
			}
			for _, css := range []string{".bar", "#board", ".keypad", "#hint-panel", "#hint-apply"} {
				inView(css)
			}
			if y := p.eval(`String(window.scrollY)`); y != "0" {
				t.Errorf("the page scrolled to %s", y)
			}
			p.screenshot("hint")
			p.press("hint-apply")
			p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
			steady("after applying the hint")
			p.press("pause")
			inView(".bar")
			inView("#resume")
			// The hidden grid cannot be changed meanwhile.
			if off := p.eval(`String(['undo', 'restart', 'erase', 'hint'].every((id) => document.getElementById(id).disabled))`); off != "true" {
				t.Error("while paused, some of undo, restart, erase and hint are on")
			}
			p.press("resume")
			p.noShifts()
		})
	}
}

// axePath is where .ci/run installs axe-core (GODOKU_AXE), or a copy
// installed by hand in the user's cache (see docs/web.md).
func axePath(t *testing.T) string {
	if p := os.Getenv("GODOKU_AXE"); p != "" {
		return p
	}
	if dir, err := os.UserCacheDir(); err == nil {
		p := filepath.Join(dir, "godoku", "axe", "node_modules", "axe-core", "axe.min.js")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no axe-core found, and CI=true: set GODOKU_AXE to axe.min.js (.ci/run installs it)")
	}
	t.Skip("no axe-core (set GODOKU_AXE to axe.min.js); skipping the accessibility checks")
	return ""
}

// axe runs axe-core in the page and reports its violations: of every rule,
// or of the rules given.
func (p *page) axe(state string, rules ...string) {
	p.t.Helper()
	if p.eval(`typeof axe`) == "undefined" {
		p.eval(string(axeSource) + "\n''")
	}
	opts := `{ resultTypes: ['violations'] }`
	if len(rules) > 0 {
		b, _ := json.Marshal(rules)
		opts = fmt.Sprintf(`{ resultTypes: ['violations'], runOnly: %s }`, b)
	}
	out, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`axe.run(document, `+opts+`).then((r) => JSON.stringify(r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("axe: %v", err)
	}
	var vs []struct {
		ID, Help string
		Nodes    []string
	}
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatal(err)
	}
	for _, v := range vs {
		p.t.Errorf("axe, %s: %s (%s) on %d nodes: %s", state, v.ID, v.Help, len(v.Nodes), strings.Join(v.Nodes[:min(len(v.Nodes), 5)], ", "))
	}
}

var axeSource []byte

// TestBrowserAxe runs axe-core in every state of the page, at both sizes:
// every rule in the light theme, and those about colour in the dark one
// (the rest do not depend on the theme). No violations.
func TestBrowserAxe(t *testing.T) {
	path := axePath(t)
	var err error
	if axeSource, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + mediumDots)
		both := func(state string) {
			t.Helper()
			p.setTheme("light")
			p.axe("light, " + state)
			p.setTheme("dark")
			p.axe("dark, "+state, "color-contrast", "link-in-text-block")
		}
		both("start")
		if !p.screen.mobile {
			p.eval(`document.getElementById('opt-ring').click(), ''`)
			p.cell(1)
			p.do(chromedp.WaitVisible(chromedp.ID("ring")))
			both("the digits beside a cell")
			p.eval(`document.getElementById('opt-ring').click(), ''`)
		}
		p.drag(1, 3)
		p.press("mode-corner")
		p.digit(1)
		p.press("mode-centre")
		p.digit(2)
		p.digit(6)
		p.press("mode-colour")
		p.digit(4)
		p.press("mode-digit")
		p.cell(10)
		p.digit(4) // a conflict
		both("marks, colours and a multi-selection")
		p.press("erase")
		p.press("auto")
		both("candidates")
		p.press("hint")
		p.waitHint()
		both("a hint's nudge")
		p.press("hint-more")
		both("a hint")
		p.press("hint-close")
		p.press("auto") // fewer marks make axe quicker
		p.press("pause")
		both("paused")
		p.press("resume")
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		p.poll(`document.querySelectorAll('#replay-log li').length > 10`)
		p.tap(`#replay-log li:nth-child(4)`)
		both("the replay")
		p.press("replay-close")
		p.press("menu-button")
		p.do(chromedp.WaitVisible(chromedp.ID("menu")))
		both("the menu")
		for _, d := range []string{"settings", "keys", "stats", "qr"} {
			if p.eval(`String(document.getElementById('menu').matches(':popover-open'))`) != "true" {
				p.press("menu-button")
			}
			p.press(d)
			p.do(chromedp.WaitVisible(chromedp.ID(d + "-dialog")))
			both(d)
			p.tap(fmt.Sprintf(`#%s-dialog [data-close]`, d))
			p.do(chromedp.WaitNotVisible(chromedp.ID(d + "-dialog")))
		}
		p.press("games")
		p.do(chromedp.WaitVisible(chromedp.ID("games-dialog")))
		both("games")
		p.tap(`#games-dialog [data-close]`)
		p.press("menu-button")
		p.press("import")
		p.do(chromedp.WaitVisible(chromedp.ID("import-dialog")))
		both("import")
		p.tap(`#import-form button[value="cancel"]`)
		p.press("menu-button")
		p.press("create")
		p.do(chromedp.WaitVisible(chromedp.ID("create-panel")))
		p.cell(0)
		p.digit(5)
		p.poll(`document.getElementById('create-status').textContent.startsWith('Several')`)
		both("create")
		p.press("create-cancel")
		p.press("solve")
		p.poll(`!!document.querySelector('#ask-dialog[open]')`)
		both("the question before Solve")
		p.answer(true)
		p.waitResult()
		both("the solution shown")
	})
}

// Two positions whose next step is an advanced technique with a long
// explanation: an XY-Chain from the player's centre marks, and a Locked
// Pair (in German, whose words are the longest) from the givens.
const (
	xyChainPuzzle = "..24............98..8..16...5....826....4.7..7..8...5...167....3...92.....9......"
	xyChainGrid   = "..24............98..8..164..54...826....4.7..7..8...5...167....3...92.....9......"
	xyChainCands  = "1569,13679,,,3568,356789,135,137,1357,1456,13467,57,2357,2356,3567,1235,,,59,379,,23579,235,,,,2357,19,,,1379,13,379,,,,1289,1289,36,1259,,569,,13,139,,129,36,,126,69,1349,,1349,2458,248,,,,3458,2359,38,2359,,68,57,15,,,145,68,1457,24568,24678,,135,1358,3458,1235,13678,12357"
	lockedPair    = "......4139..3.....3...2....248..7..........52.15..2...5..2....6.7....8......9...."
)

var tablet = screen{"tablet", 768, 1024, true}

// hintFits shows the hint and checks that the page is no taller than the
// screen and the hint's buttons are on it.
func (p *page) hintFits(what, technique string) {
	p.t.Helper()
	p.explainHint()
	if title := p.text("hint-title"); !strings.Contains(title, technique) {
		p.t.Fatalf("%s: the hint is %q, want %s", what, title, technique)
	}
	var h struct{ Scroll, Inner float64 }
	p.evalJSON(`({scroll: document.documentElement.scrollHeight, inner: innerHeight})`, &h)
	if h.Scroll > h.Inner {
		p.t.Errorf("%s: with the hint on show the page is %g px tall on a %g px screen", what, h.Scroll, h.Inner)
	}
	for _, css := range []string{"#hint-apply", "#hint-close", "#board"} {
		r := p.rect(css)
		if r.Top < 0 || r.Bottom > h.Inner || r.Left < 0 || r.Right > float64(p.screen.width) {
			p.t.Errorf("%s: %s is at %+v, off the %dx%g screen", what, css, r, p.screen.width, h.Inner)
		}
	}
	p.screenshot("hint-" + strings.ReplaceAll(what, " ", "-"))
	p.press("hint-close")
}

// TestBrowserHintFits shows long hints on a phone and a tablet: the page
// does not grow past the screen, and Apply and Close stay on it.
func TestBrowserHintFits(t *testing.T) {
	p := newPage(t, phone)
	p.open(marksLink(xyChainPuzzle, xyChainGrid, xyChainCands))
	p.hintFits("phone XY-Chain", "XY-Chain")
	p.open("#p=" + lockedPair)
	p.chooseLanguage("de", "de")
	p.hintFits("phone German Locked Pair", "Gesperrtes Paar")
	q := newPage(t, tablet)
	q.open("#p=" + easyDots)
	q.hintFits("tablet Naked Single", "Naked Single")
}

// TestBrowserNarrowWords checks that no word is cut off on the smallest
// phones, 320 px wide, in every language: the buttons of the modes and the
// tools, and the names of the levels in their menu.
func TestBrowserNarrowWords(t *testing.T) {
	for _, s := range []screen{{"narrow", 320, 568, true}, phone} {
		t.Run(s.name, func(t *testing.T) {
			p := newPage(t, s)
			p.open("#p=" + easyDots)
			for _, code := range languages(t) {
				tag := code
				if code == "zh" {
					tag = "zh-Hans"
				}
				p.chooseLanguage(code, tag)
				var cut []string
				p.evalJSON(`[document.documentElement.scrollWidth > innerWidth ? 'the page, ' + document.documentElement.scrollWidth + ' wide' : '',
				  ...Array.from(document.querySelectorAll('.bar-main > *'), (e) => e.getBoundingClientRect().right > innerWidth ? '#' + e.id + ' ends at ' + Math.round(e.getBoundingClientRect().right) : ''),
				  ...Array.from(document.querySelectorAll('.bar button, .modes button, .tools button'), (e) => e.checkVisibility() && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) ? '#' + e.id + ' ' + JSON.stringify(e.textContent) + ' ' + e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight : ''),
				  ...(() => {
				    // A select draws its option in its box less its padding
				    // and its arrow (about 20 px).
				    const s = document.getElementById('level'), cs = getComputedStyle(s);
				    const c = document.createElement('canvas').getContext('2d');
				    c.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
				    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
				    return [...s.options].map((o) => c.measureText(o.textContent).width > room ? 'level ' + JSON.stringify(o.textContent) + ' ' + Math.round(c.measureText(o.textContent).width) + ' px in ' + Math.round(room) : '');
				  })()].filter(Boolean)`, &cut)
				for _, c := range cut {
					t.Errorf("%s: cut off: %s", code, c)
				}
				p.screenshot("narrow-" + code)
			}
		})
	}
}

// TestBrowserHighlightContrast measures, from the rendered styles, how the
// highlights stand out from a plain cell, in both themes: the row, column
// and box of the selected cell, the cells of the same digit, the
// selection and a hint's pattern, each at least 1.5:1.
func TestBrowserHighlightContrast(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	p.eval(contrastJS)
	p.cell(20) // r3c3 holds 1: its units and every 1 are highlighted
	p.press("hint")
	p.waitHint()
	for _, theme := range []string{"light", "dark"} {
		p.setTheme(theme)
		var got map[string]float64
		p.evalJSON(`(() => {
		  const plain = bgRendered('.cell:not(.unit):not(.same):not(.sel):not(.pattern):not([class*=" k"])');
		  const of = (sel) => { const c = bgRendered(sel); return c ? bgContrast(plain, c) : 0; };
		  return {
		    unit: of('.cell.unit:not(.same):not(.sel):not(.pattern)'),
		    same: of('.cell.same:not(.sel):not(.pattern)'),
		    sel: of('.cell.sel'),
		    // A pattern's colour is an inset shadow over the cell.
		    pattern: bgContrast(plain, bgOf(document.querySelector('.cell.pattern'), 'var(--pattern)')),
		  };
		})()`, &got)
		for _, k := range []string{"unit", "same", "sel", "pattern"} {
			if got[k] < 1.5 {
				t.Errorf("%s theme: %s highlight %.2f:1 against a plain cell, want 1.5:1 or more", theme, k, got[k])
			} else {
				t.Logf("%s theme: %s highlight %.2f:1", theme, k, got[k])
			}
		}
	}
}

// TestBrowserSpoken checks what a screen reader is told: a hint is read
// out (a live region holds its words), closing the replay puts the focus
// back on its button, and given cells are read-only.
func TestBrowserSpoken(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		var ro []string
		p.evalJSON(`[...document.querySelectorAll('.cell')].map((c) => c.getAttribute('aria-readonly') || '')`, &ro)
		for i, v := range ro {
			if given := easyDots[i] != '.'; (v == "true") != given {
				t.Errorf("r%dc%d (given %v) has aria-readonly %q", i/9+1, i%9+1, given, v)
			}
		}
		p.press("hint")
		p.waitHint()
		text := p.text("hint-text")
		p.poll(fmt.Sprintf(`[...document.querySelectorAll('[aria-live], [role=status], [role=alert]')].some((e) => !e.closest('[hidden]') && e.textContent.includes(%q))`, text))
		p.press("hint-close")
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		p.press("replay-close")
		p.do(chromedp.WaitNotVisible(chromedp.ID("replay-panel")))
		if id := p.eval(`document.activeElement.id || document.activeElement.tagName`); id != "replay" {
			t.Errorf("after closing the replay the focus is on %s, want the Watch button", id)
		}
	})
}
