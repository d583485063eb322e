package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/internal/race"
	"github.com/godoku/sudoku/solver"
)

// The browser tests drive headless Chromium through the page. They skip
// when no Chromium is installed, except in CI (CI=true), where a missing
// browser is a failure: .ci/run installs the Debian package chromium.
// browser_play_test.go tests the features of play, browser_layout_test.go
// the layout, the contrast and accessibility (with axe-core).

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium found, and CI=true: install the chromium package")
	}
	t.Skip("no Chromium found (install the chromium package); skipping the browser tests")
	return ""
}

// A screen is a size the page is tried at: a desktop with a mouse, or a
// phone with touch.
type screen struct {
	name          string
	width, height int64
	mobile        bool
}

var (
	desktop = screen{"desktop", 1280, 800, false}
	phone   = screen{"phone", 390, 844, true}
	// Under the race detector, the desktop alone: the detector watches
	// the server, which serves both the same, and the page's time in
	// Chromium (half of the package's run) does not shrink with it.
	screens = race.Sample([]screen{desktop, phone}, 1)
)

// forScreens runs a test at each screen size, each on its own page.
func forScreens(t *testing.T, fn func(t *testing.T, p *page)) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) { fn(t, newPage(t, s)) })
	}
}

// forScreensOn is forScreens with each page's server serving what h
// returns.
func forScreensOn(t *testing.T, h func() http.Handler, fn func(t *testing.T, p *page)) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) { fn(t, newPageOn(t, s, h())) })
	}
}

// page is one browser tab on a test server, recording console errors.
type page struct {
	t      *testing.T
	ctx    context.Context
	url    string
	srv    *httptest.Server
	screen screen
	mu     sync.Mutex
	errs   []string
	// allowed are console messages a test expects, such as the browser's
	// own line for a request to a server the test stopped.
	allowed []string
}

// One browser serves every test, each in its own tab; each test has its
// own server, so its own origin and local storage.
var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserErr    error
	browserCancel = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserCancel()
	os.Exit(code)
}

func sharedBrowser(t *testing.T) context.Context {
	exe := chromiumPath(t)
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "godoku-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(exe),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.UserDataDir(dir),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("blink-settings", "preferredColorScheme=1"), // light
			chromedp.Flag("lang", "en-US"),                            // the page's words in English unless a test asks otherwise
		}
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelB := chromedp.NewContext(actx)
		browserCtx = bctx
		browserCancel = func() { cancelB(); cancelA(); os.RemoveAll(dir) }
		browserErr = chromedp.Do(bctx) // starts the browser
	})
	if browserErr != nil {
		t.Fatalf("starting Chromium: %v", browserErr)
	}
	return browserCtx
}

func newPage(t *testing.T, s screen) *page {
	return newPageOn(t, s, New(Config{Logger: quiet()}))
}

// newPageOn opens a page on a test server of its own that serves h. The
// browser is shared, and a server's port may be one an earlier test's
// server had: the origin's storage (saved games, the language, the
// service worker and its files) is cleared first, or a test could start
// in German, or with the games of another.
func newPageOn(t *testing.T, s screen, h http.Handler) *page {
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	p := newTab(t, s, ts)
	if _, err := chromedp.Call(p.ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: ts.URL, StorageTypes: "all"}); err != nil {
		t.Fatalf("clearing the storage of %s: %v", ts.URL, err)
	}
	return p
}

// tab opens another tab on the same server: the same origin, so the same
// local storage.
func (p *page) tab() *page { return newTab(p.t, p.screen, p.srv) }

func newTab(t *testing.T, s screen, ts *httptest.Server) *page {
	bctx := sharedBrowser(t)
	ctx, cancelTab := chromedp.NewContext(bctx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute) // generous: the machine may be busy
	t.Cleanup(func() { cancelT(); cancelTab() })
	p := &page{t: t, ctx: ctx, url: ts.URL, srv: ts, screen: s}
	var emulate []chromedp.EmulateViewportOption
	if s.mobile {
		emulate = append(emulate, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.width, s.height, emulate...)); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() || m.Type == chromedp.ConsoleWarning {
				p.mu.Lock()
				p.errs = append(p.errs, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line))
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(p.noConsoleErrors)
	return p
}

func (p *page) noConsoleErrors() {
	p.mu.Lock()
	defer p.mu.Unlock()
next:
	for _, e := range p.errs {
		for _, a := range p.allowed {
			if strings.Contains(e, a) {
				continue next
			}
		}
		p.t.Errorf("console: %s", e)
	}
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) eval(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// evalJSON evaluates js, whose value is JSON.stringify-ed, into v.
func (p *page) evalJSON(js string, v any) {
	p.t.Helper()
	if err := json.Unmarshal([]byte(p.eval(`JSON.stringify(`+js+`)`)), v); err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
}

// poll waits until the expression is true.
func (p *page) poll(js string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (message %q)", js, err, p.text("message"))
	}
}

// waitResult waits for the panel that ends a game. If it does not come,
// the test fails within poll's time with what the page said instead (an
// API error, "select an empty cell"...), rather than at the test's
// deadline minutes later with no clue.
func (p *page) waitResult() {
	p.t.Helper()
	p.poll(`!document.getElementById('result').hidden`)
}

// open loads the page and waits until the script has started and the page
// knows what the API offers.
func (p *page) open(fragment string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/"+fragment), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.do(chromedp.WaitVisible(chromedp.CSS(`#new:not([disabled])`)))
}

func (p *page) reload() {
	p.t.Helper()
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)), chromedp.WaitVisible(chromedp.CSS(`#new:not([disabled])`)))
}

const boardJS = `Array.from(document.querySelectorAll('.cell .value'), e => e.textContent || '.').join('')`

func (p *page) board() string { return p.eval(boardJS) }

// marks returns the corner or centre marks drawn in a cell, as digits.
func (p *page) marks(i int, kind string) string {
	return p.eval(fmt.Sprintf(`(document.querySelector('[data-cell="%d"] .%s:not([hidden])') || {textContent: ''}).textContent`, i, kind))
}

func (p *page) centre(i int) string { return p.marks(i, "cand") }
func (p *page) corner(i int) string { return p.marks(i, "corner") }

func (p *page) text(id string) string {
	return p.eval(fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ''`, id))
}

// tap clicks with the mouse on a desktop, and taps on a phone.
func (p *page) tap(css string) {
	p.t.Helper()
	if p.screen.mobile {
		p.do(chromedp.Tap(chromedp.CSS(css)))
	} else {
		p.do(chromedp.Click(chromedp.CSS(css)))
	}
}

func (p *page) press(id string) { p.t.Helper(); p.tap("#" + id) }

// waitHint waits for the hint panel, after a press of Hint: it comes once
// the page has its answer, and if the answer is an error the page says
// it, which the failure shows (where waiting for the panel to be visible
// failed only at the test's deadline, minutes later, with no clue).
func (p *page) waitHint() {
	p.t.Helper()
	p.poll(`!document.getElementById('hint-panel').hidden`)
}

// explainHint asks for a hint and, when it starts with a nudge, goes on to
// its whole explanation.
func (p *page) explainHint() {
	p.t.Helper()
	p.press("hint")
	p.waitHint()
	if p.eval(`String(!document.getElementById('hint-more').hidden)`) == "true" {
		p.press("hint-more")
	}
	p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
}

func (p *page) cell(i int) { p.t.Helper(); p.tap(fmt.Sprintf(`[data-cell="%d"]`, i)) }

// digit taps a digit of the keypad. Its release says it came 20 ms after
// the press however late it is sent, as a person's quick tap does on a
// busy machine: a release sent late would otherwise be a hold, which turns
// a filter on instead of entering the digit (filter.js).
func (p *page) digit(d int) {
	p.t.Helper()
	css := fmt.Sprintf(`.keypad button[data-digit="%d"]`, d)
	p.do(chromedp.WaitVisible(chromedp.CSS(css)))
	p.eval(fmt.Sprintf(`document.querySelector(%q).scrollIntoView({ block: 'nearest' }), ''`, css))
	p.pressFor(css, 20*time.Millisecond, 0)
}

func (p *page) key(k string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
}

func (p *page) hasClass(i int, class string) bool {
	return p.eval(fmt.Sprintf(`String(document.querySelector('[data-cell="%d"]').classList.contains(%q))`, i, class)) == "true"
}

// center returns the middle of an element on the screen.
func (p *page) center(css string) (x, y float64) {
	var r rect
	p.evalJSON(fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect()`, css), &r)
	return r.X + r.Width/2, r.Y + r.Height/2
}

type rect struct{ X, Y, Width, Height, Top, Bottom, Left, Right float64 }

func (p *page) rect(css string) rect {
	var r rect
	p.evalJSON(fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect()`, css), &r)
	return r
}

// modClick clicks a cell with the mouse holding modifier keys.
func (p *page) modClick(i int, mods ...chromedp.Modifier) {
	p.t.Helper()
	x, y := p.center(fmt.Sprintf(`[data-cell="%d"]`, i))
	p.do(chromedp.MouseClickXY(x, y, chromedp.ButtonModifiers(mods...)))
}

// drag selects from cell a to cell b: a mouse drag on a desktop, a finger
// on a phone, through the cells between.
func (p *page) drag(a, b int) {
	p.t.Helper()
	x0, y0 := p.center(fmt.Sprintf(`[data-cell="%d"]`, a))
	x1, y1 := p.center(fmt.Sprintf(`[data-cell="%d"]`, b))
	const n = 8
	if !p.screen.mobile {
		steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
			chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonType(input.MouseButtonLeft), chromedp.ClickCount(1))}
		for k := 1; k <= n; k++ {
			x, y := x0+(x1-x0)*float64(k)/n, y0+(y1-y0)*float64(k)/n
			steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x, y, chromedp.ButtonType(input.MouseButtonLeft), func(e *input.DispatchMouseEventParams) { e.Buttons = 1 }))
		}
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonType(input.MouseButtonLeft), chromedp.ClickCount(1)))
		p.do(steps...)
		return
	}
	touch := func(typ input.DispatchTouchEventType, x, y float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			one, id := 1.0, 0.0
			pts := []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}
			if typ == input.DispatchTouchEventTypeTouchEnd {
				pts = []*input.TouchPoint{}
			}
			_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		})
	}
	steps := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, x0, y0)}
	for k := 1; k <= n; k++ {
		steps = append(steps, touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*float64(k)/n, y0+(y1-y0)*float64(k)/n))
	}
	// The finger rests before it lifts, as a person's does: a finger that
	// lifts while moving flings, and the browser then drops the next tap.
	steps = append(steps, chromedp.Sleep(120*time.Millisecond), touch(input.DispatchTouchEventTypeTouchMove, x1, y1),
		touch(input.DispatchTouchEventTypeTouchEnd, x1, y1))
	p.do(steps...)
}

// selected lists the selected cells.
func (p *page) selected() string {
	return p.eval(`Array.from(document.querySelectorAll('.cell[aria-selected="true"]'), c => c.dataset.cell).join(',')`)
}

// setTheme shows the page in the light or dark theme, as the theme button
// does.
func (p *page) setTheme(theme string) {
	p.eval(fmt.Sprintf(`document.documentElement.dataset.theme = %q`, theme))
}

// screenshot keeps a picture of the page in $GODOKU_SCREENSHOTS, if set.
func (p *page) screenshot(name string) {
	p.t.Helper()
	dir := os.Getenv("GODOKU_SCREENSHOTS")
	if dir == "" {
		return
	}
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	os.WriteFile(fmt.Sprintf("%s/%s-%s.png", dir, p.screen.name, name), shot, 0o644) //nolint:errcheck // a debugging aid
}

const (
	easyDots = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol  = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	// A Medium puzzle whose logical path eliminates candidates before it
	// places digits (docs/web.md).
	mediumDots = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
)

// emptyCells lists the empty cells of a board.
func emptyCells(board string) []int {
	var out []int
	for i := range 81 {
		if board[i] == '.' {
			out = append(out, i)
		}
	}
	return out
}

// TestBrowserGame plays a whole game the way a person would: digits,
// marks, undo and redo, a conflict, a hint, a reload, and the win.
func TestBrowserGame(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)

		if got := p.board(); got != easyDots {
			t.Fatalf("board after opening the share link:\n%s, want\n%s", got, easyDots)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.given').length)`); n != "32" {
			t.Errorf("%s givens marked, want 32", n)
		}

		// A digit, typed into the selected cell.
		p.cell(0)
		p.key("4")
		if got := p.board()[0]; got != '4' || p.hasClass(0, "given") {
			t.Errorf("cell 0 = %c (given %v), want an entered 4", got, p.hasClass(0, "given"))
		}

		// Centre marks in the next cell (N switches to them), then undo and redo.
		p.key(kbArrowRight)
		p.key("n")
		p.key("1")
		p.key("2")
		p.key("n")
		if got := p.centre(1); got != "12" {
			t.Errorf("centre marks of cell 1 = %q, want 12", got)
		}
		p.key("z", chromedp.ModifierCtrl)
		if got := p.centre(1); got != "1" {
			t.Errorf("after undo, centre marks of cell 1 = %q, want 1", got)
		}
		p.key("y", chromedp.ModifierCtrl)
		if got := p.centre(1); got != "12" {
			t.Errorf("after redo, centre marks of cell 1 = %q, want 12", got)
		}
		// [ and ] undo and redo too.
		p.key("[")
		p.key("]")
		if got := p.centre(1); got != "12" {
			t.Errorf("after [ and ], centre marks of cell 1 = %q, want 12", got)
		}

		// A digit that clashes with its row is shown as a conflict.
		p.cell(3)
		p.key("3")
		if !p.hasClass(3, "conflict") || !p.hasClass(2, "conflict") {
			t.Error("3 next to a given 3 is not marked as a conflict")
		}
		p.key(kbBackspace)
		if p.hasClass(3, "conflict") || p.board()[3] != '.' {
			t.Error("erasing the 3 left the cell filled or in conflict")
		}

		// A hint is first a nudge: where to look and the technique, with no
		// candidate, cell to fill or notation given away.
		p.key("h")
		p.waitHint()
		if text := p.text("hint-text"); !strings.Contains(text, "Where to look: box ") || !strings.Contains(text, "Naked Single") || p.text("hint-step") != "" {
			t.Errorf("the nudge says %q, %q", text, p.text("hint-step"))
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.target, .cand span.keep, .cand span.elim').length)`); n != "0" {
			t.Errorf("the nudge marks %s cells and candidates", n)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.pattern').length)`); n != "9" {
			t.Errorf("the nudge shows %s cells, want box 5's 9", n)
		}
		// A second press shows the next step and its cells; a third applies it.
		p.key("h")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
		if text := p.text("hint-text"); text == "" {
			t.Error("the hint has no explanation")
		}
		// A single is written once: "Naked Single: r5c6=4", not "... => r5c6=4".
		if step := p.text("hint-step"); !strings.Contains(step, ": r") || strings.Contains(step, "=>") {
			t.Errorf("hint step %q: want a single without a repeated result", step)
		}
		ti := -1
		p.evalJSON(`Array.from(document.querySelectorAll('.cell')).findIndex(c => c.classList.contains('target'))`, &ti)
		if ti < 0 {
			t.Fatal("the hint marks no target cell")
		}
		p.key("h")
		p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
		if got := p.board()[ti]; got != easySol[ti] {
			t.Errorf("after applying the hint, cell %d = %c, want %c", ti, got, easySol[ti])
		}

		// Progress survives a reload.
		p.reload()
		if got := p.board()[0]; got != '4' {
			t.Errorf("after reload cell 0 = %c, want 4", got)
		}
		if got := p.centre(1); got != "12" {
			t.Errorf("after reload centre marks of cell 1 = %q, want 12", got)
		}

		// Fill in the rest: by keyboard, and the last cells with the keypad.
		empty := emptyCells(p.board())
		for k, i := range empty {
			p.cell(i)
			if k < len(empty)-3 {
				p.key(easySol[i : i+1])
			} else {
				p.digit(int(easySol[i] - '0'))
			}
		}
		p.waitResult()
		if got := p.board(); got != easySol {
			t.Errorf("finished board\n%s, want\n%s", got, easySol)
		}
		if msg := p.text("result"); !strings.Contains(msg, "Solved!") || !strings.Contains(msg, "with help") {
			t.Errorf("success state says %q, want Solved! with help (a hint was used)", msg)
		}
		// A finished game shows its result and takes no more entries: the
		// keypad and the tools are off.
		if off := p.eval(`String(['hint','check','erase','solve'].every(id => document.getElementById(id).disabled) && [...document.querySelectorAll('.keypad button')].every(b => b.disabled))`); off != "true" {
			t.Error("the controls of a finished game are still on")
		}
		p.press("result-close")
		p.cell(0)
		p.key(kbBackspace)
		p.key("z", chromedp.ModifierCtrl)
		if got := p.board(); got != easySol {
			t.Errorf("a solved game took an entry or an undo:\n%s", got)
		}
	})
}

// TestBrowserCheckSolve checks entries against the solution, reveals a
// cell and shows the solution, which is not a win.
func TestBrowserCheckSolve(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)

		// 5 fits the rules in cell 0 but is not the solution's 4.
		p.cell(0)
		p.digit(5)
		p.cell(10)
		p.digit(int(easySol[10] - '0'))
		p.press("check")
		p.poll(`document.querySelector('[data-cell="0"]').classList.contains('wrong')`)
		if p.hasClass(10, "wrong") {
			t.Error("a right entry is marked wrong")
		}
		if msg := p.text("message"); !strings.Contains(msg, "1 of 2 entries are wrong") {
			t.Errorf("check says %q", msg)
		}

		p.cell(1)
		p.press("reveal")
		p.poll(fmt.Sprintf(`document.querySelector('[data-cell="1"] .value').textContent === %q`, easySol[1:2]))

		// Solve, once the player says so, shows the solution: not a win, and
		// no statistics.
		p.press("solve")
		p.answer(true)
		p.waitResult()
		if got := p.board(); got != easySol {
			t.Errorf("solved board\n%s, want\n%s", got, easySol)
		}
		if msg := p.text("result"); strings.Contains(msg, "Solved!") || !strings.Contains(msg, "Solution shown") {
			t.Errorf("after Solve the result says %q, want the solution shown and no win", msg)
		}
		// Solve is one move: undo takes the grid back, and once the player
		// has looked at the grid (no Undo right away), a grid finished after
		// that is still no win.
		p.press("result-close")
		p.press("undo")
		p.do(chromedp.WaitNotVisible(chromedp.ID("result")))
		if got := p.board(); got[2] != '3' || strings.Count(got, ".") == 0 {
			t.Errorf("after undoing Solve the board is %s", got)
		}
		p.press("redo")
		p.waitResult()
		if msg := p.text("result-title"); msg != "Solution shown" {
			t.Errorf("after redoing Solve the result is %q", msg)
		}
		p.press("result-close")
		p.press("menu-button")
		p.press("stats")
		p.do(chromedp.WaitVisible(chromedp.ID("stats-dialog")))
		var row []string
		p.evalJSON(`[...document.querySelectorAll('#stats-table tbody tr')].find(r => r.cells[0].textContent === 'Easy') ? [...[...document.querySelectorAll('#stats-table tbody tr')].find(r => r.cells[0].textContent === 'Easy').cells].map(c => c.textContent) : []`, &row)
		if len(row) != 6 || row[1] != "1" || row[2] != "0" {
			t.Errorf("statistics after Solve: %q, want Easy played 1, solved 0", row)
		}
	})
}

// TestBrowserReplay steps through the solver's paths and back to the game.
func TestBrowserReplay(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.key("4")
		p.do(chromedp.WaitVisible(chromedp.ID("replay")))
		p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({replay: 'trace'})), ''`)
		p.reload()
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got != easyDots {
			t.Errorf("replay starts from\n%s, want the puzzle\n%s", got, easyDots)
		}
		p.key(kbArrowRight)
		after1 := p.board()
		if strings.Count(after1, ".") != strings.Count(easyDots, ".")-1 {
			t.Errorf("one step forward shows\n%s", after1)
		}
		// The replay opens after the givens: the next step is forced.
		if step := p.text("replay-step"); !strings.HasPrefix(step, "Step 33 of ") || !strings.Contains(step, "single") {
			t.Errorf("step line %q, want step 33, a single", step)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("the last step shows\n%s, want the solution", got)
		}
		// The trace starts from the empty board and places the givens first;
		// every cell shows its candidates, and the first given strikes its
		// digit out of its row, column and box.
		p.press("replay-first")
		if got := p.board(); got != strings.Repeat(".", 81) {
			t.Errorf("the first step shows\n%s", got)
		}
		if got := p.centre(0); got != "123456789" {
			t.Errorf("the empty board's r1c1 shows candidates %q", got)
		}
		p.key(kbArrowRight)
		if n := p.eval(`String(document.querySelectorAll('.cand span.elim').length)`); n != "20" {
			t.Errorf("the first given strikes out %s candidates, want 20", n)
		}
		p.press("replay-close")
		p.do(chromedp.WaitNotVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got[0] != '4' || got[1] != '.' {
			t.Errorf("after the replay the game shows\n%s", got)
		}

		// The other source: the human techniques of the logic package, one
		// step per empty cell for this puzzle.
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")), chromedp.SetValue(chromedp.ID("replay-source"), "logic"))
		p.eval(`document.getElementById('replay-source').dispatchEvent(new Event('change')), ''`)
		p.poll(`document.querySelectorAll('#replay-log li').length === 50`)
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("the last logical step shows\n%s", got)
		}
	})
}

// TestBrowserReplayEliminations watches the logical path of a puzzle that
// needs more than singles: its steps draw the candidates, strike out the
// ones they remove, and write singles without a repeated result.
func TestBrowserReplayEliminations(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + mediumDots)
		p.do(chromedp.WaitVisible(chromedp.ID("replay")))
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		p.poll(`document.querySelectorAll('#replay-log li').length > 10`)
		var texts []string
		p.evalJSON(`[...document.querySelectorAll('#replay-log li')].map(li => li.textContent)`, &texts)
		k := -1
		for i, s := range texts {
			if strings.Contains(s, "Single: r") && strings.Contains(s, "=>") {
				t.Errorf("step %d %q repeats its result", i, s)
			}
			if k < 0 && strings.Contains(s, "<>") {
				k = i
			}
		}
		if k < 0 {
			t.Fatalf("no elimination step in the path: %q", texts)
		}
		p.tap(fmt.Sprintf(`#replay-log li:nth-child(%d)`, k+1))
		n := strings.Count(texts[k], "<>")
		var struck, shown int
		p.evalJSON(`document.querySelectorAll('.cand span.elim').length`, &struck)
		p.evalJSON(`[...document.querySelectorAll('.cand:not([hidden]) span')].filter(s => s.textContent).length`, &shown)
		if struck != n {
			t.Errorf("step %q strikes out %d candidates, want %d", texts[k], struck, n)
		}
		if shown < 100 {
			t.Errorf("step %q draws %d candidates", texts[k], shown)
		}
		// The next step no longer draws them.
		p.key(kbArrowRight)
		var left int
		p.evalJSON(`document.querySelectorAll('.cand span.elim').length`, &left)
		if strings.Contains(texts[k+1], "<>") == false && left != 0 {
			t.Errorf("after the elimination step %d candidates are still struck out", left)
		}
		p.screenshot("replay")
	})
}

// TestBrowserNewGame asks the generator for a game of a chosen level.
func TestBrowserNewGame(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.do(chromedp.SetValue(chromedp.ID("level"), "Hard"), chromedp.Click(chromedp.ID("new")))
		p.poll(`document.getElementById('info').textContent.startsWith('Hard')`)
		board := p.board()
		g, err := sudoku.Parse(board)
		n, _ := solver.Count(context.Background(), &g, 2)
		if err != nil || board == easyDots || n != 1 {
			t.Errorf("new game %s: %v", board, err)
		}
		if loc := p.eval(`location.hash`); loc != "#p="+board {
			t.Errorf("share link %q does not hold the new puzzle", loc)
		}
	})
}

// TestBrowserImport pastes puzzles into the import dialog: a mistake is
// shown with its place, and a boxed grid starts a game.
func TestBrowserImport(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("")
		importText := func(text string) {
			p.press("menu-button")
			p.press("import")
			p.do(chromedp.WaitVisible(chromedp.ID("import-text")), chromedp.SetValue(chromedp.ID("import-text"), text), chromedp.Click(chromedp.ID("import-ok")))
		}
		for _, tt := range []struct{ text, want string }{
			{"53..7....\n6..19x...\n", "line 2, column 6"},
			{"5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n", ""},
		} {
			importText(tt.text)
			if tt.want != "" {
				p.do(chromedp.WaitVisible(chromedp.CSS(`#import-error:not(:empty)`)))
				if msg := p.text("import-error"); !strings.Contains(msg, tt.want) {
					t.Errorf("import error %q, want %q", msg, tt.want)
				}
				p.do(chromedp.Click(chromedp.CSS(`#import-form button[value="cancel"]`)), chromedp.WaitNotVisible(chromedp.ID("import-dialog")))
				continue
			}
			p.do(chromedp.WaitNotVisible(chromedp.ID("import-dialog")))
			const want = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
			if got := p.board(); got != want {
				t.Errorf("imported board\n%s, want\n%s", got, want)
			}
			if loc := p.eval(`location.hash`); loc != "#p="+want {
				t.Errorf("share link %q, want #p=%s", loc, want)
			}
			// The page rates an imported puzzle, so that it counts under its level.
			p.poll(`!document.getElementById('info').textContent.startsWith('Unrated')`)
		}

		// An empty grid has many solutions: the logical path cannot be
		// followed, and the page says so without a failed request.
		importText(strings.Repeat(".", 81))
		p.do(chromedp.WaitNotVisible(chromedp.ID("import-dialog")))
		p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({replay: 'logic'})), ''`)
		p.press("replay")
		p.poll(`document.getElementById('message').textContent.includes('more than one solution')`)
	})
}

// Keys of the chromedp kb package, spelt out to keep the import list short.
const (
	kbArrowRight = "\u0303"
	kbArrowDown  = "\u0301"
	kbBackspace  = "\b"
	kbEscape     = "\u001b"
)

// TestBrowserRenders takes screenshots at desktop and phone sizes and
// checks that the board is drawn, fits the screen and is not blank.
func TestBrowserRenders(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		if over := p.eval(`String(document.documentElement.scrollWidth > window.innerWidth)`); over != "false" {
			t.Error("the page is wider than the screen")
		}
		r := p.rect("#board")
		if r.Width < 280 || r.Width > float64(p.screen.width) || r.Height < 280 {
			t.Errorf("board is %gx%g on a %d wide screen", r.Width, r.Height, p.screen.width)
		}
		shot, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("screenshot is not a PNG: %v", err)
		}
		if len(shot) < 10_000 {
			t.Errorf("screenshot is only %d bytes", len(shot))
		}
		checkBoardPixels(t, img, r.X, r.Y, r.Width, r.Height)
		if p.screen.mobile {
			// Touch: tap a cell, then a digit on the keypad.
			p.do(chromedp.Tap(chromedp.CSS(`[data-cell="0"]`)), chromedp.Tap(chromedp.CSS(`.keypad button[data-digit="4"]`)))
			if got := p.board()[0]; got != '4' {
				t.Errorf("after tapping cell 0 and 4, cell 0 = %c", got)
			}
		}
		p.screenshot("start")
	})
}

// checkBoardPixels looks for the board in the screenshot: dark grid lines
// along its edge, light cells inside, and dark digits in a given's cell.
func checkBoardPixels(t *testing.T, img image.Image, x, y, w, h float64) {
	t.Helper()
	lum := func(px, py float64) float64 {
		r, g, b, _ := img.At(int(px), int(py)).RGBA()
		return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 65535
	}
	if l := lum(x+1, y+h/2); l > 0.4 {
		t.Errorf("left edge of the board is not a dark line (luminance %.2f)", l)
	}
	cell := w / 9
	// Cell 2 holds the given 3: its middle has dark ink and light paper.
	dark, light := 0, 0
	for py := y + 4; py < y+cell-4; py++ {
		for px := x + 2*cell + 4; px < x+3*cell-4; px++ {
			switch l := lum(px, py); {
			case l < 0.3:
				dark++
			case l > 0.8:
				light++
			}
		}
	}
	if dark < 20 || light < 100 {
		t.Errorf("the cell of a given has %d dark and %d light pixels: no digit drawn?", dark, light)
	}
	// Every line between two columns or rows is drawn: darker, near where
	// it belongs, than the cells on either side (each looked at in the
	// top corner of a row or column, away from digits). At 390 pixels
	// wide, the line between columns 5 and 6 and the one between rows 1
	// and 2 vanished.
	inner := w - 6 // the board's 3-pixel frame
	for k := 1; k < 9; k++ {
		at := 3 + inner*float64(k)/9
		line := func(l func(d float64) float64) bool {
			least := 1.0
			for d := -3.0; d <= 3; d++ {
				least = min(least, l(at+d))
			}
			return least < min(l(at-8), l(at+8))-0.04
		}
		if !line(func(d float64) float64 { return lum(x+d, y+3+inner*4.15/9) }) {
			t.Errorf("no line between columns %d and %d", k, k+1)
		}
		if !line(func(d float64) float64 { return lum(x+3+inner*4.15/9, y+d) }) {
			t.Errorf("no line between rows %d and %d", k, k+1)
		}
	}
}
