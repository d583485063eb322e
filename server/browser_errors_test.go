package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserErrorWords checks that the pages say the server's errors in
// their language (i18n.js, apiError, from the answer's code): on the
// variant page in German, a rule the engine lacks and a link that does
// not parse, from the server and then, offline, from the page's own
// engine, and a share link's progress that cannot be read; on the classic page in German, a busy server's answer to New
// game, and its import's refusal of a variant puzzle, of givens that
// break a rule, of a character it cannot read and of a wrong number of
// cells.
func TestBrowserErrorWords(t *testing.T) {
	de := words(t, "de")
	unsupported := strings.Replace(de["err.unsupported"], "{0}", "Fog", 1)
	unreadable, _, _ := strings.Cut(de["err.puzzle"], "{0}")
	p := newPage(t, phone)
	p.openVariant("")
	p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: 'de' })), ''`)
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	p.poll(`document.getElementById('v-message').textContent.startsWith('Geöffnet')`)
	said := func(when string) {
		t.Helper()
		for _, c := range []struct{ link, prefix, has string }{
			{".Shape~4x4.Fog~R1C1", unsupported, unsupported},
			{"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", unreadable, "lzstring"},
			{"hello world", de["err.notPuzzle"], de["err.notPuzzle"]},
		} {
			p.eval(`document.getElementById('v-link-error').textContent = '', ''`)
			p.paste(c.link)
			p.poll(`!document.getElementById('v-link-error').hidden && document.getElementById('v-link-error').textContent !== ''`)
			if m := p.text("v-link-error"); !strings.HasPrefix(m, c.prefix) || !strings.Contains(m, c.has) {
				t.Errorf("%s, %q: the page says %q, want %q... with %q", when, c.link, m, c.prefix, c.has)
			}
			// Said in full, in the error's colour: not cut at two lines,
			// as the status line would.
			if p.eval(`(() => { const e = document.getElementById('v-link-error'); return String(e.scrollHeight <= e.clientHeight + 1 && e.getBoundingClientRect().height > 0); })()`) != "true" {
				t.Errorf("%s, %q: %q is cut or not shown", when, c.link, p.text("v-link-error"))
			}
		}
	}
	said("online")
	// A share link's progress that cannot be read, said in German and
	// in full, the puzzle opened without it.
	p.openVariant("#p=" + url.QueryEscape(issKiller) + "&e=1234567&t=5")
	want := strings.Replace(de["v.badProgress"], "{0}", strings.NewReplacer("{0}", "7", "{1}", "16").Replace(de["v.progressCells"]), 1)
	p.poll(fmt.Sprintf(`document.getElementById('v-link-error').textContent === %q`, want))
	if p.eval(`(() => { const e = document.getElementById('v-link-error'); return String(e.scrollHeight <= e.clientHeight + 1 && e.getBoundingClientRect().height > 0); })()`) != "true" {
		t.Errorf("%q is cut or not shown", want)
	}
	p.screenshot("variant-error-de")
	p.poll(`navigator.serviceWorker.controller !== null && (caches.match('/engine/variant.wasm').then((r) => { window.kept = !!r; }), window.kept === true)`)
	p.stopServer()
	p.mu.Lock()
	p.allowed = append(p.allowed, "status of 400")
	p.mu.Unlock()
	said("offline")

	// The classic page, whose New game meets a busy server.
	busy := func() http.Handler {
		h := New(Config{Logger: quiet()})
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/generate" {
				writeError(w, errBusy) //nolint:errcheck // the error is the answer
				return
			}
			h.ServeHTTP(w, r)
		})
	}
	c := newPageOn(t, phone, busy())
	c.allowed = append(c.allowed, "status of 503")
	c.open("#p=" + easyDots)
	c.chooseLanguage("de", "de")
	c.press("new")
	want = strings.Replace(de["noNewGame"], "{0}", de["err.busy"], 1)
	c.poll(fmt.Sprintf(`document.getElementById('message').textContent === %q`, want))
	// Its import (/api/parse's answer with ok false): a variant puzzle,
	// and givens that break a rule.
	for _, tt := range []struct{ text, want string }{
		{issKiller, de["err.variant"]},
		{"55" + easyDots[2:], strings.NewReplacer("{0}", "r1c1", "{1}", "r1c2", "{2}", "5").Replace(de["err.conflict"])},
		// The reader's common reasons, in German too (they were English).
		{easyDots[:40] + "x" + easyDots[41:], strings.NewReplacer("{0}", "1", "{1}", "41", "{2}", "'x'").Replace(de["err.char"])},
		{easyDots[:80], strings.Replace(de["err.length"], "{0}", "1", 1)},
	} {
		c.menuItem("import")
		c.do(chromedp.WaitVisible(chromedp.ID("import-text")), chromedp.SetValue(chromedp.ID("import-text"), tt.text), chromedp.Click(chromedp.ID("import-ok")))
		c.poll(fmt.Sprintf(`document.getElementById('import-error').textContent === %q`, tt.want))
		c.do(chromedp.Click(chromedp.CSS(`#import-form button[value="cancel"]`)), chromedp.WaitNotVisible(chromedp.ID("import-dialog")))
	}
}
