package server

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// waitWorker waits until the page's service worker has kept the page's
// files, controls the page and has kept its offline engine, which the
// page asks for once the worker is ready.
func (p *page) waitWorker() {
	p.t.Helper()
	p.poll(`navigator.serviceWorker.controller !== null && (caches.match('/engine/engine.wasm').then((r) => { window.keptEngine = !!r; }), window.keptEngine === true)`)
}

// keptFiles lists the paths the page's service worker keeps.
func (p *page) keptFiles() []string {
	p.t.Helper()
	p.eval(`window.kept = null; caches.keys().then((ks) => Promise.all(ks.map((k) => caches.open(k).then((c) => c.keys()))))
	  .then((rs) => { window.kept = rs.flat().map((r) => new URL(r.url).pathname).sort(); }), ''`)
	p.poll(`window.kept !== null`)
	var kept []string
	p.evalJSON(`window.kept`, &kept)
	return kept
}

// TestBrowserWorkerKeeps checks which files each page's service worker
// keeps: every file of the pages, and the offline engine of the page
// opened alone (engine.wasm for the classic page, variant.wasm for the
// variant page), not the other page's, which a player of one page never
// needs; the other page, once opened, has its own kept too.
func TestBrowserWorkerKeeps(t *testing.T) {
	a, err := embeddedAssets()
	if err != nil {
		t.Fatal(err)
	}
	want := func(engines ...string) []string {
		var files []string
		for f := range a {
			if f != serviceWorker && (!strings.HasSuffix(f, ".wasm") || slices.Contains(engines, f)) {
				files = append(files, f)
			}
		}
		slices.Sort(files)
		return files
	}
	const classic, variant = "/engine/engine.wasm", "/engine/variant.wasm"
	for _, c := range []struct {
		name  string
		open  func(p *page)
		first string
	}{
		{"classic", func(p *page) { p.open("#p=" + easyDots); p.waitWorker() }, classic},
		{"variant", func(p *page) {
			p.openVariant("")
			p.poll(`navigator.serviceWorker.controller !== null && (caches.match('/engine/variant.wasm').then((r) => { window.keptV = !!r; }), window.keptV === true)`)
		}, variant},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, desktop)
			c.open(p)
			if got := p.keptFiles(); !slices.Equal(got, want(c.first)) {
				t.Errorf("the %s page alone keeps\n%q, want\n%q", c.name, got, want(c.first))
			}
			// Then the other page: both engines.
			if c.first == classic {
				p.openVariant("")
				p.poll(`(caches.match('/engine/variant.wasm').then((r) => { window.keptV = !!r; }), window.keptV === true)`)
			} else {
				p.open("")
				p.waitWorker()
			}
			if got := p.keptFiles(); !slices.Equal(got, want(classic, variant)) {
				t.Errorf("after both pages, the worker keeps\n%q, want\n%q", got, want(classic, variant))
			}
		})
	}
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
