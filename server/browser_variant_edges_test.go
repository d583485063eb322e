package server

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku/variant/fpuzzles"
)

// TestBrowserVariantOpensWon opens games whose grid is full: a puzzle
// given whole, and a share link whose progress finishes its puzzle. Each
// is shown won at once (the page said "Opened" and let the game be
// played on), and stays won after a reload.
func TestBrowserVariantOpensWon(t *testing.T) {
	const whole = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	v, sol := parsed(t, issKiller)
	var e strings.Builder
	for i, x := range sol {
		if v.Givens[i] != 0 {
			e.WriteByte('.')
		} else {
			fmt.Fprint(&e, x)
		}
	}
	p := newPage(t, phone)
	won := func(what string) {
		t.Helper()
		p.poll(`!document.getElementById('v-result').hidden`)
		if got := p.text("v-message"); got != "Solved!" {
			t.Errorf("%s: the message is %q", what, got)
		}
		if !p.truth(`Array.from(document.querySelectorAll('#v-keypad button, #v-erase, #v-check, #v-hint-button'), (b) => b.disabled).every(Boolean)`) {
			t.Errorf("%s: the won game can still be played", what)
		}
	}
	p.openVariant("#p=" + whole)
	won("a puzzle given whole")
	// Restart starts it again: won again.
	p.press("v-restart")
	won("a puzzle given whole, restarted")
	p.openVariant("#p=" + url.QueryEscape(issKiller) + "&e=" + e.String() + "&t=42")
	won("a link with a finished solution")
	if got := p.text("v-result-text"); !strings.Contains(got, "0:42") {
		t.Errorf("the result says %q, want the link's time 0:42", got)
	}
	// Reloaded, it is still won.
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!!document.querySelector('#v-board svg') && !document.getElementById('v-result').hidden`)
}

// TestBrowserVariantFullNoSolution fills the grid of a puzzle without a
// solution: it is not won, and the page goes on answering (it waited
// for the solution again and again, and hung).
func TestBrowserVariantFullNoSolution(t *testing.T) {
	p := newPage(t, desktop)
	p.openVariant("#p=" + url.QueryEscape(".Shape~4x4.Cage~3~R1C1~R1C2.Cage~3~R2C1~R2C2"))
	p.poll(`document.getElementById('v-message').textContent.includes('no solution')`)
	full := "1234341221434321"
	for i := range 16 {
		p.vcell(i)
		p.vvalue(int(full[i] - '0'))
	}
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll('#v-board .v-digit'), (e) => e.textContent).join('')`))
	if err != nil {
		t.Fatalf("the page does not answer after its grid is full: %v", err)
	}
	if got != full {
		t.Errorf("the board holds %q, want %q", got, full)
	}
	if !p.truth(`document.getElementById('v-result').hidden`) {
		t.Error("a grid of a puzzle without a solution was won")
	}
}

// TestBrowserVariantColours checks that colour mode offers the nine
// colours whatever the grid's size (a 4x4 grid offered four, a 16x16 one
// nine of its sixteen keys, the ninth alone on the second row), by the
// keypad and the keys, and that the keypad keeps its height, so nothing
// under it moves.
func TestBrowserVariantColours(t *testing.T) {
	p := newPage(t, phone)
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	keys := func() string {
		return p.eval(`Array.from(document.querySelectorAll('#v-keypad button'), (b) => b.textContent).join('')`)
	}
	height := p.rect("#v-keypad").Height
	p.vmode("colour")
	if got := keys(); got != "123456789" {
		t.Fatalf("colour mode's keypad %q, want the nine colours", got)
	}
	if h := p.rect("#v-keypad").Height; h != height {
		t.Errorf("the keypad is %.1f px high in colour mode, %.1f in digit mode", h, height)
	}
	p.vcell(0)
	p.vvalue(9)
	p.vcell(1)
	p.key("7")
	for cell, want := range map[int]string{0: "v-colour v-k9", 1: "v-colour v-k7"} {
		if got := p.eval(fmt.Sprintf(`document.querySelector('#v-board rect.v-colour[data-cell="%d"]')?.getAttribute('class') || ''`, cell)); got != want {
			t.Errorf("cell %d: colour %q, want %q", cell, got, want)
		}
	}
	if got := p.eval(`document.querySelector('#v-keypad button[data-value="9"]').getAttribute('aria-label')`); got != "Colour 9" {
		t.Errorf("the ninth colour is named %q", got)
	}
	p.vmode("value")
	if got := keys(); got != "1234" {
		t.Errorf("digit mode's keypad %q after colour mode, want 1234", got)
	}

	// A 16x16 grid's keypad has two rows: its colours too, five and four
	// (not eight and the ninth alone).
	p16, _ := big16()
	p16.Givens[0] = 0 // not given whole, which opens won
	link, err := fpuzzles.Link(p16)
	if err != nil {
		t.Fatal(err)
	}
	p.openVariant("#fpuzzles=" + strings.TrimPrefix(link, "https://www.f-puzzles.com/?load="))
	p.poll(`document.querySelectorAll('#v-board .v-cell').length === 256`)
	height = p.rect("#v-keypad").Height
	p.vmode("colour")
	var rows []int
	p.evalJSON(`(() => { const tops = new Map(); for (const b of document.querySelectorAll('#v-keypad button')) { const y = Math.round(b.getBoundingClientRect().top); tops.set(y, (tops.get(y) || 0) + 1); } return [...tops.values()]; })()`, &rows)
	if fmt.Sprint(rows) != "[5 4]" {
		t.Errorf("a 16x16 grid's colours are in rows of %v, want [5 4]", rows)
	}
	if h := p.rect("#v-keypad").Height; h != height {
		t.Errorf("a 16x16 grid's keypad is %.1f px high in colour mode, %.1f in digit mode", h, height)
	}
	p.vmode("value")
}

// TestBrowserVariantToolRows checks that the tools make two full rows,
// none alone on a row (Share progress wrapped alone onto a second one at
// 1280x800), and that on a desktop they are on the screen.
func TestBrowserVariantToolRows(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.openVariant("#p=" + url.QueryEscape(issKiller))
		rows := func(lang string) {
			t.Helper()
			var rows []int
			p.evalJSON(`(() => { const tops = new Map(); for (const b of document.querySelectorAll('.v-tools button')) { const y = Math.round(b.getBoundingClientRect().top); tops.set(y, (tops.get(y) || 0) + 1); } return [...tops.values()]; })()`, &rows)
			if len(rows) != 2 {
				t.Errorf("%s: the tools are in %d rows %v, want 2", lang, len(rows), rows)
			}
			for _, n := range rows {
				if n < 2 {
					t.Errorf("%s: a row of the tools holds %d button: %v", lang, n, rows)
				}
			}
			var spill []string
			p.evalJSON(`Array.from(document.querySelectorAll('.v-tools button'), (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 ? b.textContent : '').filter(Boolean)`, &spill)
			if len(spill) > 0 {
				t.Errorf("%s: the words of %q spill out of their buttons", lang, spill)
			}
		}
		rows("en")
		// On a desktop everything that plays is on the screen as the page
		// opens: the second row of tools was under a 1280x800 screen's
		// edge. (A phone's header and board leave no room for it.)
		if !p.screen.mobile {
			if b := p.rect(".v-tools + .v-tools").Bottom; b > float64(p.screen.height) {
				t.Errorf("the tools end at %.0f px, under the %d px screen", b, p.screen.height)
			}
		}
		p.screenshot("variant-tools-" + p.screen.name)
		// Longer words: on a phone Check went alone onto a third row in
		// German, French, Spanish and Italian.
		for _, l := range []string{"de", "fr"} {
			p.eval(fmt.Sprintf(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: %q })), ''`, l))
			p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
			p.poll(fmt.Sprintf(`document.documentElement.dataset.lang === %q && !!document.querySelector('#v-board svg')`, l))
			rows(l)
			p.screenshot("variant-tools-" + l + "-" + p.screen.name)
		}
	})
}
