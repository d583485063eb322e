package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The variant page's New killer dialog (js/variant/newgame.js), which asks
// /api/variant/generate for a killer.

// truth evaluates a JavaScript condition.
func (p *page) truth(js string) bool {
	p.t.Helper()
	return p.eval(`String(!!(`+js+`))`) == "true"
}

// disabled says whether the element with this id is disabled.
func (p *page) disabled(id string) bool {
	p.t.Helper()
	return p.truth(`document.getElementById('` + id + `').disabled`)
}

// stallEasy serves h, except that it holds every request for an easy
// killer from /api/variant/generate unanswered until the client ends it,
// then says so on ended: the tests' Cancel thus finds the request running
// however fast the generator gets, and sees that it reached the server.
func stallEasy(h http.Handler, ended chan<- struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/variant/generate" {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			var req struct{ Level string }
			if json.Unmarshal(body, &req) == nil && req.Level == "Easy" {
				<-r.Context().Done()
				select {
				case ended <- struct{}{}:
				default:
				}
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	})
}

// newKiller opens the New killer dialog, chooses a level and a number of
// givens, and presses Make.
func (p *page) newKiller(level string, givens int) {
	p.t.Helper()
	p.press("v-new")
	p.poll(`document.getElementById('v-new-dialog').open`)
	p.eval(fmt.Sprintf(`document.getElementById('v-new-level').value = %q, document.getElementById('v-new-givens').value = '%d', ''`, level, givens))
	p.press("v-new-go")
}

// TestBrowserVariantNewKiller makes a killer with the New killer dialog
// and plays it to the end, at both sizes (the desktop in the dark theme,
// the phone in the light, each dialog's pictures in both): the progress
// while the server looks, Cancel, the puzzle opened with its level and
// seed, saved (a reload resumes it, title and all) and won.
func TestBrowserVariantNewKiller(t *testing.T) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) {
			ended := make(chan struct{}, 1)
			newKillerGame(t, newPageOn(t, s, stallEasy(New(Config{Logger: quiet()}), ended)), ended)
		})
	}
}

// newKillerGame is TestBrowserVariantNewKiller on one page, whose server
// says on ended when the easy killer's request it holds ends.
func newKillerGame(t *testing.T, p *page, ended <-chan struct{}) {
	theme, other := "light", "dark"
	if !p.screen.mobile {
		theme, other = other, theme
	}
	p.openVariant("")
	// The page opens its first built-in puzzle.
	p.poll(`!!document.querySelector('#v-board svg') && location.hash.startsWith('#fpuzzles=')`)
	first, firstHash := p.text("v-title"), p.eval(`location.hash`)
	p.setTheme(theme)
	// The dialog offers Medium first.
	p.press("v-new")
	p.poll(`document.getElementById('v-new-dialog').open`)
	if got := p.eval(`document.getElementById('v-new-level').value`); got != "Medium" {
		t.Errorf("the dialog offers %s first, want Medium", got)
	}
	p.key(kbEscape)
	p.poll(`!document.getElementById('v-new-dialog').open`)
	// Cancel, while the request runs (stallEasy holds it), ends it.
	p.newKiller("Easy", 0)
	p.poll(`!document.getElementById('v-new-progress').hidden && document.getElementById('v-new-time').textContent.includes('Making a killer, Easy')`)
	if !p.disabled("v-new-go") || !p.disabled("v-new-level") {
		t.Error("Make and the level can be used while a killer is made")
	}
	for _, th := range []string{other, theme} {
		p.setTheme(th)
		p.screenshot("variant-new-running-" + th)
	}
	p.press("v-new-cancel")
	p.poll(`document.getElementById('v-new-error').textContent === 'Cancelled.'`)
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Error("Cancel did not end the request")
	}
	if !p.truth(`document.getElementById('v-new-dialog').open && document.getElementById('v-new-progress').hidden`) || p.disabled("v-new-go") {
		t.Error("after Cancel the dialog should stay open, ready to make another")
	}
	if got := p.text("v-title"); got != first || p.eval(`location.hash`) != firstHash {
		t.Errorf("a cancelled killer opened %q, want %q still on show", got, first)
	}
	// Escape closes the dialog.
	p.key(kbEscape)
	p.poll(`!document.getElementById('v-new-dialog').open`)

	// An extreme killer comes in a fraction of a second.
	p.newKiller("Extreme", 0)
	p.poll(fmt.Sprintf(`!document.getElementById('v-new-dialog').open && !!document.querySelector('#v-board svg') && location.hash.startsWith('#fpuzzles=') && location.hash !== %q`, firstHash))
	if got := p.text("v-title"); got != "Killer sudoku, Extreme" {
		t.Errorf("title %q, want Killer sudoku, Extreme", got)
	}
	if got := p.text("v-credit"); !strings.HasPrefix(got, "made by godoku, seed ") {
		t.Errorf("credit %q, want the seed", got)
	}
	text := p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)
	v, sol := parsed(t, text)
	cages := 0
	for _, c := range v.Constraints {
		if c.Kind() == "killer cage" {
			cages++
		}
	}
	if v.Size != 9 || cages < 9 || len(v.Constraints) != cages {
		t.Fatalf("a %dx%d puzzle with %d cages in %d rules", v.Size, v.Size, cages, len(v.Constraints))
	}
	if got := p.shapes()["killer cage"]; got != cages {
		t.Errorf("%d cages drawn, want %d", got, cages)
	}
	p.screenshot("variant-new-opened-" + theme)
	// A hint places a value (the steps before it removed candidates),
	// in view and inside its panel, though it lists many cells; the cells
	// it points at are in view too, as is the whole board where the
	// screen is tall enough for it and the hint (on a desktop the hint
	// sits beside the board: under it, scrolling the hint into view took
	// the board's top two rows off the screen).
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint-apply').hidden`)
	if got := p.eval(`(() => { const e = document.getElementById('v-hint-text'), r = e.getBoundingClientRect(); return JSON.stringify({ on: r.top >= 0 && r.bottom <= innerHeight, over: e.scrollWidth - e.clientWidth, text: e.textContent }); })()`); !strings.Contains(got, `"on":true,"over":0,`) {
		t.Errorf("the hint is off the screen or runs out of its panel: %s", got)
	}
	if got := p.eval(`(() => { const on = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
		const cells = [...document.querySelectorAll('#v-board .hint')], board = document.querySelector('#v-board svg');
		return JSON.stringify({ cells: cells.length, cellsOn: cells.every(on), boardOn: on(board), wide: innerWidth > 760 }); })()`); !strings.Contains(got, `"cellsOn":true`) || strings.Contains(got, `"cells":0,`) || strings.Contains(got, `"boardOn":false,"wide":true`) {
		t.Errorf("after a hint, its cells or (on a wide screen) the board are off the screen: %s", got)
	}
	p.screenshot("variant-new-hint-" + theme)
	p.press("v-hint-close")
	// Half of it, a reload (which resumes the game, and its title),
	// then the rest.
	p.playTo(v.Size, sol[:len(sol)/2], nil)
	want := p.vdigits(v.Size)
	p.eval(`location.reload(), ''`)
	p.do(chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!!document.querySelector('#v-board svg')`)
	p.setTheme(theme)
	if got := p.vdigits(v.Size); strings.Join(got, "") != strings.Join(want, "") {
		t.Errorf("after a reload\n%v, want\n%v", got, want)
	}
	if got := p.text("v-title"); got != "Killer sudoku, Extreme" {
		t.Errorf("title after a reload %q", got)
	}
	p.playTo(v.Size, sol, nil)
	p.poll(`!document.getElementById('v-result').hidden`)
	p.screenshot("variant-new-won-" + theme)
}

// TestBrowserVariantNewKillerFails asks for more givens than the server
// takes (the box's limit taken away, as a page and server of different
// versions could have it): the dialog says what the server said, in full,
// and the board on show stays.
func TestBrowserVariantNewKillerFails(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.allowed = append(p.allowed, "status of 400")
		p.openVariant("")
		p.pick(1)
		title := p.text("v-title")
		p.eval(`document.getElementById('v-new-givens').removeAttribute('max'), ''`)
		p.newKiller("Hard", 21)
		p.poll(`!document.getElementById('v-new-error').hidden`)
		_, out := post(t, New(Config{Logger: quiet()}), "/api/variant/generate", `{"level":"Hard","givens":21}`)
		if got, want := p.text("v-new-error"), fmt.Sprintf("No puzzle came: %s", out["error"]); got != want || out["error"] == nil {
			t.Errorf("error %q, want %q", got, want)
		}
		if !p.truth(`document.getElementById('v-new-dialog').open && document.getElementById('v-new-progress').hidden`) || p.disabled("v-new-go") {
			t.Error("after a failure the dialog should stay open, ready to try again")
		}
		p.screenshot("variant-new-failed")
		p.press("v-new-cancel")
		p.poll(`!document.getElementById('v-new-dialog').open`)
		if got := p.text("v-title"); got != title {
			t.Errorf("title %q after a failed New killer, want %q", got, title)
		}
	})
}
