package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku/server/internal/vengine"
)

// TestBrowserVariantOffline plays the variant page with the server
// stopped, at phone size: the page's service worker keeps its files and
// the variant engine (variant.wasm), which the page does not load while
// the server answers; offline, the page opens from the kept copies, says
// that it runs offline, opens a pasted link and a built-in puzzle, Check
// marks a wrong value, Hint gives the server's own step (package vengine,
// run here on the same grid) and Apply places it, the puzzle is played to
// the win, and New killer makes one; without the kept engine, the page
// says so.
func TestBrowserVariantOffline(t *testing.T) {
	p := newPage(t, phone)
	p.openVariant("")
	p.poll(`navigator.serviceWorker.controller !== null && (caches.match('/engine/variant.wasm').then((r) => { window.kept = !!r; }), window.kept === true)`)
	if got := p.eval(engineLoadedJS); got != "" {
		t.Errorf("the engine is loaded before it is needed: %s", got)
	}
	p.stopServer()

	p.paste(issKiller)
	p.poll(`!!document.querySelector('#v-board svg') && document.getElementById('v-message').textContent.includes('Offline')`)
	if got := p.count(".v-cell"); got != 16 {
		t.Errorf("the pasted 4x4 puzzle has %d cells drawn, want 16", got)
	}

	p.pick(1)
	if got := p.text("v-message"); got != "Offline: Check, Hint and New killer run in this browser." {
		t.Errorf("offline, the page says %q", got)
	}
	p.screenshot("variant-offline-opened")
	text := p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)
	v, sol := parsed(t, text)
	n := v.Size
	empty := -1
	for i := range sol {
		if v.Givens == nil || v.Givens[i] == 0 {
			empty = i
			break
		}
	}
	p.vcell(empty)
	p.vvalue(sol[empty]%n + 1)
	p.press("v-check")
	p.poll(fmt.Sprintf(`document.querySelector('rect.v-cell[data-cell="%d"]').classList.contains('wrong')`, empty))
	p.press("v-undo")

	// The hint is the server's: the same code, natively, on the grid the
	// page sends.
	values := make([]int, n*n)
	for i, d := range p.vdigits(n) {
		if d != "." {
			values[i] = int(d[0] - '0')
		}
	}
	body, _ := json.Marshal(map[string]any{"puzzle": text, "values": values, "place": true})
	ans, err := vengine.Hint(t.Context(), body)
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Step struct {
			Explanation string
			Placements  []struct{ Cell, Value int }
		}
	}
	if b, err := json.Marshal(ans); err != nil || json.Unmarshal(b, &want) != nil || len(want.Step.Placements) == 0 {
		t.Fatalf("the server's hint %s: %v", b, err)
	}
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint-apply').hidden`)
	if got := p.text("v-hint-text"); !strings.HasSuffix(got, ": "+want.Step.Explanation) {
		t.Errorf("offline, the hint says\n%q, want the server's\n%q", got, want.Step.Explanation)
	}
	p.screenshot("variant-offline-hint")
	p.press("v-hint-apply")
	for _, pl := range want.Step.Placements {
		if got := p.vdigits(n)[pl.Cell]; got != fmt.Sprint(pl.Value) {
			t.Errorf("after Apply, cell %d holds %q, want %d", pl.Cell, got, pl.Value)
		}
	}
	p.playTo(n, sol, nil)
	p.poll(`!document.getElementById('v-result').hidden`)
	p.screenshot("variant-offline-won")

	p.newKiller("Extreme", 0)
	p.poll(`!document.getElementById('v-new-dialog').open && !!document.querySelector('#v-board svg') && document.getElementById('v-title').textContent === 'Killer sudoku, Extreme'`)
	if _, sol := parsed(t, p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)); len(sol) != 81 {
		t.Errorf("offline, New killer made a puzzle of %d cells", len(sol))
	}
	p.screenshot("variant-offline-new")

	// Without the kept engine, the page says why it cannot open a puzzle.
	p.mu.Lock()
	p.allowed = append(p.allowed, "variant.wasm")
	p.mu.Unlock()
	p.eval(`caches.keys().then((ks) => Promise.all(ks.map((k) => caches.open(k).then((c) => c.delete('/engine/variant.wasm'))))).then(() => { window.dropped = true; }), ''`)
	p.poll(`window.dropped === true`)
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.eval(`(() => { const s = document.getElementById('v-builtin'); s.value = '2'; s.dispatchEvent(new Event('change')); return ''; })()`)
	p.poll(`document.getElementById('v-message').textContent === 'Offline, and the engine is not kept yet: open this page once online.'`)
	p.screenshot("variant-offline-no-engine")
}
