package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserStatusLine checks on both pages that a message longer than
// the status line's two lines (a link in full, here) can be read whole
// (it was cut for good): the line shows its button, whose press opens
// the whole message over the board, which does not move, and a tap
// elsewhere closes it; a short message shows no button.
func TestBrowserStatusLine(t *testing.T) {
	const long = "Share this link: http://127.0.0.1:8080/#p=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..&e=483921657967345821251876493548132976729564138136798245372689514814253769695417382&t=754 (the whole of it, to the end)"
	forScreens(t, func(t *testing.T, p *page) {
		for _, c := range []struct{ page, message, board, elsewhere string }{
			{"", "message", "#board", "#mode-digit"},
			{"variant.html", "v-message", "#v-board", `.v-modes [data-mode="value"]`},
		} {
			if c.page == "" {
				p.open("")
			} else {
				p.openVariant("#p=" + issKiller)
			}
			set := func(s string) {
				p.eval(fmt.Sprintf(`document.getElementById(%q).textContent = %q, document.querySelector('.status').classList.add('has-message'), ''`, c.message, s))
			}
			set("Short.")
			if !p.truth(`document.querySelector('.status-more').hidden`) {
				t.Errorf("%s: a short message shows the status line's button", c.page)
			}
			board := p.rect(c.board)
			set(long)
			p.poll(`!document.querySelector('.status-more').hidden`)
			p.tap(".status-more")
			p.poll(`document.querySelector('.status-text').classList.contains('open')`)
			var open struct {
				Whole, OnScreen bool
				Text            string
			}
			p.evalJSON(`(() => { const e = document.querySelector('.status-text'), r = e.getBoundingClientRect(); return { Whole: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1, OnScreen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth, Text: e.innerText }; })()`, &open)
			if !open.Whole || !open.OnScreen {
				t.Errorf("%s: the open message is not whole on the screen: %+v", c.page, open)
			}
			if got := p.rect(c.board); got != board {
				t.Errorf("%s: the board moved from %+v to %+v", c.page, board, got)
			}
			p.screenshot(fmt.Sprintf("status-open-%s-%s", c.message, p.screen.name))
			if p.screen.mobile {
				p.do(chromedp.Tap(chromedp.CSS(c.elsewhere)))
			} else {
				p.do(chromedp.Click(chromedp.CSS(c.elsewhere)))
			}
			if p.truth(`document.querySelector('.status-text').classList.contains('open')`) {
				t.Errorf("%s: a tap elsewhere left the message open", c.page)
			}
			if got := p.rect(c.board); got != board {
				t.Errorf("%s: the board moved from %+v to %+v after the message closed", c.page, board, got)
			}
			set("")
		}
	})
}
