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
		p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
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
			p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
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
		p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
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
		p.waitResult()
		both("the solution shown")
	})
}
