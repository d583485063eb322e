package server

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// goOffline stops the page's server once its service worker keeps the
// files, and reloads the page from them.
func (p *page) goOffline() {
	p.t.Helper()
	p.waitWorker()
	p.mu.Lock()
	p.allowed = []string{"net::ERR_CONNECTION_REFUSED"}
	p.mu.Unlock()
	p.srv.CloseClientConnections()
	p.srv.Close()
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`document.getElementById('message').textContent.includes('the game runs offline')`)
}

// TestBrowserEngine plays with the server stopped, on the offline engine
// (WebAssembly, engine.js): Check marks a wrong entry, Hint gives a step,
// the daily puzzle of a level is the server's, and New game makes a
// puzzle of the asked level with one solution.
func TestBrowserEngine(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.goOffline()
		if got := p.eval(`String(typeof globalThis.godokuEngine)`); got != "undefined" {
			t.Errorf("the engine is loaded before it is needed: godokuEngine is %s", got)
		}

		p.cell(0) // 5 fits the rules in cell 0 but is not the solution's 4.
		p.digit(5)
		p.press("check")
		p.poll(`document.querySelector('[data-cell="0"]').classList.contains('wrong')`)
		if msg := p.text("message"); !strings.Contains(msg, "1 of 1 entries are wrong") {
			t.Errorf("offline, check says %q", msg)
		}
		p.screenshot("offline-engine-check")
		p.press("undo")

		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
		p.poll(`document.getElementById('hint-text').textContent !== ''`)
		if text := p.text("hint-text"); !strings.Contains(text, "Where to look") {
			t.Errorf("offline, the hint says %q", text)
		}
		p.screenshot("offline-engine-hint")
		p.press("hint-close")

		today := p.eval(dayJS(0))
		p.do(chromedp.SetValue(chromedp.ID("level"), "Medium"))
		p.menuItem("daily")
		p.poll(`document.getElementById('info').textContent.includes('Daily puzzle of')`)
		status, out := post(t, p.srv.Config.Handler, "/api/generate", `{"level": "Medium", "date": "`+today+`"}`)
		if want, _ := out["puzzle"].(string); status != 200 || p.board() != want {
			t.Errorf("offline, the daily puzzle of %s is\n%s, want the server's\n%s (%d)", today, p.board(), want, status)
		}

		p.do(chromedp.SetValue(chromedp.ID("level"), "Hard"), chromedp.Click(chromedp.ID("new")))
		p.poll(`document.getElementById('info').textContent.startsWith('Hard')`)
		if info := p.text("info"); !strings.HasSuffix(info, " · offline") {
			t.Errorf("offline, the status line says %q, want it to end with offline", info)
		}
		board := p.board()
		g, err := sudoku.Parse(board)
		if err != nil {
			t.Fatalf("offline, the new game %s: %v", board, err)
		}
		if n, _ := solver.Count(context.Background(), &g, 2); n != 1 {
			t.Errorf("offline, the new game %s has %d solutions", board, n)
		}
		p.screenshot("offline-engine-new")
		p.setTheme("dark")
		p.screenshot("offline-engine-new-dark")
	})
}

// TestBrowserEngineTimes measures the offline engine in the browser: a new
// game at each level (days' daily puzzles, the same work on every run)
// and a hint, against the same calls on the server's code natively. The
// figures go to docs/web.md; it checks only that the answers agree.
func TestBrowserEngineTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("measures")
	}
	p := newPage(t, screens[0])
	p.open("#p=" + easyDots)
	p.goOffline()
	p.eval(`(import('./js/engine.js').then(m => m.run('solve', {puzzle: '` + easyDots + `'})).then(() => { window.engineUp = true; }), '')`)
	p.poll(`window.engineUp === true`)
	const days = 5
	for _, level := range append(Levels, "hint") {
		var browser, native []float64
		for d := 1; d <= days; d++ {
			body := fmt.Sprintf(`{"level": %q, "date": "2026-01-%02d"}`, level, d)
			name := "generate"
			if level == "hint" {
				name, body = "hint", `{"puzzle": "`+easyDots+`"}`
			}
			var got []any
			p.evalJSON(fmt.Sprintf(`(() => { const t0 = performance.now(); const r = godokuEngine(%q, %q); return [performance.now() - t0, r[0], r[1]]; })()`, name, body), &got)
			browser = append(browser, got[0].(float64))
			start := time.Now()
			status, out := post(t, p.srv.Config.Handler, "/api/"+name, body)
			native = append(native, float64(time.Since(start).Microseconds())/1000)
			if want := fmt.Sprint(out["puzzle"]); status != 200 || got[1].(float64) != 200 || (name == "generate" && !strings.Contains(got[2].(string), want)) {
				t.Errorf("%s %s: the engine says %v %s, the server %d %v", name, body, got[1], got[2], status, out)
			}
		}
		sort.Float64s(browser)
		sort.Float64s(native)
		t.Logf("%-8s wasm median %7.1f ms (min %7.1f, max %7.1f); server median %6.1f ms", level, browser[days/2], browser[0], browser[days-1], native[days/2])
	}
}
