package server

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// waitWorker waits until the page's service worker has kept the page's
// files and controls the page.
func (p *page) waitWorker() {
	p.t.Helper()
	p.poll(`navigator.serviceWorker.controller !== null`)
}

// qrWorks shows the QR code from the menu, checks that it is drawn, and
// closes it.
func (p *page) qrWorks(when string) {
	p.t.Helper()
	p.menuItem("qr")
	p.do(chromedp.WaitVisible(chromedp.ID("qr-dialog")))
	if n := len(p.qrShown()); n < 21 {
		p.t.Errorf("%s, the QR code has %d rows", when, n)
	}
	p.tap(`#qr-dialog [data-close]`)
	p.do(chromedp.WaitNotVisible(chromedp.ID("qr-dialog")))
}

// TestBrowserOffline installs the page (its manifest and service worker),
// plays a little, then stops the server: a reload opens the page from the
// files the service worker kept, with the game as it was; play goes on
// (digits, live candidates, undo) to a win, counted in the statistics; the
// lazily loaded parts (the QR code) work; the status line says that the
// server cannot be reached and the game runs offline, with New game,
// Daily puzzle and Hint on (the offline engine: TestBrowserEngine).
func TestBrowserOffline(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		res, err := chromedp.Call(p.ctx, cdppage.GetInstallabilityErrors, cdp.Empty{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.InstallabilityErrors {
			t.Errorf("not installable: %s %v", e.ErrorID, e.ErrorArguments)
		}
		p.waitWorker()
		empty := emptyCells(easyDots)
		p.cell(empty[0])
		p.digit(int(easySol[empty[0]] - '0'))

		// The page's files come from the service worker; New game waits
		// for the server, so the page is ready without it.
		p.stopServer()
		p.poll(`document.getElementById('message').textContent.includes('the game runs offline')`)
		want := easyDots[:empty[0]] + easySol[empty[0]:empty[0]+1] + easyDots[empty[0]+1:]
		if got := p.board(); got != want {
			t.Fatalf("offline, the page shows\n%s, want the game as it was\n%s", got, want)
		}
		if got := p.eval(`[document.getElementById('new').disabled, document.getElementById('daily').disabled, document.getElementById('hint').hidden].join()`); got != "false,false,false" {
			t.Errorf("offline, New game and Daily puzzle disabled or Hint hidden: %s, want false,false,false", got)
		}
		p.qrWorks("offline")

		p.press("auto")
		if c := p.centre(empty[1]); c != candidatesOf(p.board(), empty[1]) {
			t.Errorf("offline, live candidates of r%dc%d show %q", empty[1]/9+1, empty[1]%9+1, c)
		}
		p.press("undo")
		for _, i := range empty[1:] {
			p.cell(i)
			p.digit(int(easySol[i] - '0'))
		}
		p.waitResult()
		if p.eval(`String(document.getElementById('result-new').disabled)`) != "false" {
			t.Error("offline, the result card offers no new game")
		}
		if got := p.text("result-stats"); !strings.Contains(got, "1 solved of 1 played") {
			t.Errorf("offline, the win's statistics say %q", got)
		}
		p.screenshot("offline-won")
		p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
		if got := p.board(); got != easySol {
			t.Errorf("offline, after the win a reload shows\n%s", got)
		}
	})
}
