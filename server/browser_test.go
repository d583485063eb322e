package server

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// The browser tests drive headless Chromium through the page. They skip
// when no Chromium is installed, except in CI (CI=true), where a missing
// browser is a failure: .ci/run installs the Debian package chromium.

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

// page is one browser tab on a test server, recording console errors.
type page struct {
	t    *testing.T
	ctx  context.Context
	url  string
	mu   sync.Mutex
	errs []string
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

func newPage(t *testing.T, width, height int64, mobile bool) *page {
	bctx := sharedBrowser(t)
	ts := httptest.NewServer(New(Config{Logger: quiet()}))
	t.Cleanup(ts.Close)
	ctx, cancelTab := chromedp.NewContext(bctx)
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelT(); cancelTab() })
	p := &page{t: t, ctx: ctx, url: ts.URL}
	var emulate []chromedp.EmulateViewportOption
	if mobile {
		emulate = append(emulate, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height, emulate...)); err != nil {
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
	for _, e := range p.errs {
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

// open loads the page and waits until the script has started.
func (p *page) open(fragment string) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.url+"/"+fragment), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	// The page asks the API what it offers; wait for the answer.
	p.do(chromedp.WaitVisible(chromedp.CSS(`#new:not([disabled])`)))
}

const boardJS = `Array.from(document.querySelectorAll('.cell .value'), e => e.textContent || '.').join('')`

func (p *page) board() string { return p.eval(boardJS) }

func (p *page) notes(i int) string {
	return p.eval(fmt.Sprintf(`document.querySelector('[data-cell="%d"] .notes').textContent`, i))
}

func (p *page) click(i int) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-cell="%d"]`, i))))
}

func (p *page) key(k string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
}

func (p *page) hasClass(i int, class string) bool {
	return p.eval(fmt.Sprintf(`String(document.querySelector('[data-cell="%d"]').classList.contains(%q))`, i, class)) == "true"
}

const (
	easyDots = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol  = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// TestBrowserGame plays a whole game the way a person would: digits,
// notes, undo and redo, a conflict, a reload, and the success state.
func TestBrowserGame(t *testing.T) {
	p := newPage(t, 1280, 900, false)
	p.open("#p=" + easyDots)

	if got := p.board(); got != easyDots {
		t.Fatalf("board after opening the share link:\n%s, want\n%s", got, easyDots)
	}
	if n := p.eval(`String(document.querySelectorAll('.cell.given').length)`); n != "32" {
		t.Errorf("%s givens marked, want 32", n)
	}

	// A digit, typed into the selected cell.
	p.click(0)
	p.key("4")
	if got := p.board()[0]; got != '4' || p.hasClass(0, "given") {
		t.Errorf("cell 0 = %c (given %v), want an entered 4", got, p.hasClass(0, "given"))
	}

	// Notes in the next cell, then undo and redo.
	p.key(kbArrowRight)
	p.key("n")
	p.key("1")
	p.key("2")
	p.key("n")
	if got := p.notes(1); got != "12" {
		t.Errorf("notes of cell 1 = %q, want 12", got)
	}
	p.key("z", chromedp.ModifierCtrl)
	if got := p.notes(1); got != "1" {
		t.Errorf("after undo, notes of cell 1 = %q, want 1", got)
	}
	p.key("y", chromedp.ModifierCtrl)
	if got := p.notes(1); got != "12" {
		t.Errorf("after redo, notes of cell 1 = %q, want 12", got)
	}

	// A digit that clashes with its row is shown as a conflict.
	p.click(3)
	p.key("3")
	if !p.hasClass(3, "conflict") || !p.hasClass(2, "conflict") {
		t.Error("3 next to a given 3 is not marked as a conflict")
	}
	p.key(kbBackspace)
	if p.hasClass(3, "conflict") || p.board()[3] != '.' {
		t.Error("erasing the 3 left the cell filled or in conflict")
	}

	// A hint shows the next step and its cells; a second press applies it.
	p.key("h")
	p.do(chromedp.WaitVisible(chromedp.ID("hint-panel")))
	if text := p.eval(`document.getElementById('hint-text').textContent`); text == "" {
		t.Error("the hint has no explanation")
	}
	target := p.eval(`String(Array.from(document.querySelectorAll('.cell')).findIndex(c => c.classList.contains('target')))`)
	var ti int
	if _, err := fmt.Sscan(target, &ti); err != nil || ti < 0 {
		t.Fatalf("the hint marks no target cell (%s)", target)
	}
	p.key("h")
	p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
	if got := p.board()[ti]; got != easySol[ti] {
		t.Errorf("after applying the hint, cell %d = %c, want %c", ti, got, easySol[ti])
	}

	// Progress survives a reload.
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	if got := p.board()[0]; got != '4' {
		t.Errorf("after reload cell 0 = %c, want 4", got)
	}
	if got := p.notes(1); got != "12" {
		t.Errorf("after reload notes of cell 1 = %q, want 12", got)
	}

	// Fill in the rest: by keyboard, and the last cells with the keypad.
	var empty []int
	now := p.board()
	for i := range 81 {
		if now[i] == '.' {
			empty = append(empty, i)
		}
	}
	for k, i := range empty {
		p.click(i)
		if k < len(empty)-3 {
			p.key(easySol[i : i+1])
		} else {
			p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.keypad button[data-digit="%c"]`, easySol[i]))))
		}
	}
	p.do(chromedp.WaitVisible(chromedp.ID("won")))
	if got := p.board(); got != easySol {
		t.Errorf("finished board\n%s, want\n%s", got, easySol)
	}
	if msg := p.eval(`document.getElementById('won').textContent`); !strings.Contains(msg, "Solved") {
		t.Errorf("success state says %q", msg)
	}
	// A solved game takes no more entries.
	p.click(0)
	p.key(kbBackspace)
	if p.board()[0] != '4' {
		t.Error("a solved game took an entry")
	}
}

// TestBrowserCheckSolve checks entries against the solution, reveals a
// cell and solves the rest.
func TestBrowserCheckSolve(t *testing.T) {
	p := newPage(t, 1280, 900, false)
	p.open("#p=" + easyDots)
	p.do(chromedp.WaitVisible(chromedp.ID("check")))

	// 5 fits the rules in cell 0 but is not the solution's 4.
	p.click(0)
	p.key("5")
	p.click(10)
	p.key(easySol[10:11])
	p.do(chromedp.Click(chromedp.ID("check")), chromedp.WaitVisible(chromedp.CSS(`[data-cell="0"].wrong`)))
	if p.hasClass(10, "wrong") {
		t.Error("a right entry is marked wrong")
	}
	if msg := p.eval(`document.getElementById('message').textContent`); !strings.Contains(msg, "1 of 2 entries are wrong") {
		t.Errorf("check says %q", msg)
	}

	p.click(1)
	p.do(chromedp.Click(chromedp.ID("reveal")))
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector('[data-cell="1"] .value').textContent === %q`, easySol[1:2]))); err != nil {
		t.Fatalf("reveal did not fill cell 1: %v", err)
	}

	p.do(chromedp.Click(chromedp.ID("solve")), chromedp.WaitVisible(chromedp.ID("won")))
	if got := p.board(); got != easySol {
		t.Errorf("solved board\n%s, want\n%s", got, easySol)
	}
	if msg := p.eval(`document.getElementById('won-detail').textContent`); !strings.Contains(msg, "with help") {
		t.Errorf("success after Solve says %q, want it to mention help", msg)
	}
	// Solve is one move: undo takes the grid back.
	p.key("z", chromedp.ModifierCtrl)
	p.do(chromedp.WaitNotVisible(chromedp.ID("won")))
	if got := p.board(); got[2] != '3' || strings.Count(got, ".") == 0 {
		t.Errorf("after undoing Solve the board is %s", got)
	}
}

// TestBrowserReplay steps through the solver's path and back to the game.
func TestBrowserReplay(t *testing.T) {
	p := newPage(t, 1280, 900, false)
	p.open("#p=" + easyDots)
	p.click(0)
	p.key("4")
	p.do(chromedp.WaitVisible(chromedp.ID("replay")), chromedp.Click(chromedp.ID("replay")), chromedp.WaitVisible(chromedp.ID("replay-panel")))
	if got := p.board(); got != easyDots {
		t.Errorf("replay starts from\n%s, want the puzzle\n%s", got, easyDots)
	}
	p.key(kbArrowRight)
	after1 := p.board()
	if strings.Count(after1, ".") != strings.Count(easyDots, ".")-1 {
		t.Errorf("one step forward shows\n%s", after1)
	}
	// The replay opens after the givens: the next step is forced.
	if step := p.eval(`document.getElementById('replay-step').textContent`); !strings.HasPrefix(step, "Step 33 of ") || !strings.Contains(step, "single") {
		t.Errorf("step line %q, want step 33, a single", step)
	}
	p.do(chromedp.Click(chromedp.ID("replay-last")))
	if got := p.board(); got != easySol {
		t.Errorf("the last step shows\n%s, want the solution", got)
	}
	// The trace starts from the empty board and places the givens first.
	p.do(chromedp.Click(chromedp.ID("replay-first")))
	if got := p.board(); got != strings.Repeat(".", 81) {
		t.Errorf("the first step shows\n%s", got)
	}
	p.do(chromedp.Click(chromedp.ID("replay-close")), chromedp.WaitNotVisible(chromedp.ID("replay-panel")))
	if got := p.board(); got[0] != '4' || got[1] != '.' {
		t.Errorf("after the replay the game shows\n%s", got)
	}

	// The other source: the human techniques of the logic package, one
	// step per empty cell for this puzzle.
	p.do(chromedp.SetValue(chromedp.ID("replay-source"), "logic"), chromedp.Click(chromedp.ID("replay")), chromedp.WaitVisible(chromedp.ID("replay-panel")))
	if n := p.eval(`String(document.querySelectorAll('#replay-log li').length)`); n != "50" {
		t.Errorf("the logical path has %s frames, want 50", n)
	}
	p.do(chromedp.Click(chromedp.ID("replay-last")))
	if got := p.board(); got != easySol {
		t.Errorf("the last logical step shows\n%s", got)
	}
}

// TestBrowserNewGame asks the generator for a game of a chosen level.
func TestBrowserNewGame(t *testing.T) {
	p := newPage(t, 1024, 768, false)
	p.open("#p=" + easyDots)
	p.do(chromedp.SetValue(chromedp.ID("level"), "Hard"), chromedp.Click(chromedp.ID("new")))
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.getElementById('info').textContent.startsWith('Hard')`)); err != nil {
		t.Fatalf("no Hard game: %v", err)
	}
	board := p.board()
	g, err := sudoku.Parse(board)
	if err != nil || board == easyDots || solver.Count(&g, 2) != 1 {
		t.Errorf("new game %s: %v", board, err)
	}
	if loc := p.eval(`location.hash`); loc != "#p="+board {
		t.Errorf("share link %q does not hold the new puzzle", loc)
	}
}

// TestBrowserImport pastes puzzles into the import dialog: a mistake is
// shown with its place, and a boxed grid starts a game.
func TestBrowserImport(t *testing.T) {
	p := newPage(t, 1024, 768, false)
	p.open("")
	for _, tt := range []struct{ text, want string }{
		{"53..7....\n6..19x...\n", "line 2, column 6"},
		{"5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n", ""},
	} {
		p.do(chromedp.Click(chromedp.ID("import")), chromedp.WaitVisible(chromedp.ID("import-text")),
			chromedp.SetValue(chromedp.ID("import-text"), tt.text), chromedp.Click(chromedp.ID("import-ok")))
		if tt.want != "" {
			p.do(chromedp.WaitVisible(chromedp.CSS(`#import-error:not(:empty)`)))
			if msg := p.eval(`document.getElementById('import-error').textContent`); !strings.Contains(msg, tt.want) {
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
	}

	// An empty grid has many solutions: the logical path cannot be
	// followed, and the page says so without a failed request.
	p.do(chromedp.Click(chromedp.ID("import")), chromedp.WaitVisible(chromedp.ID("import-text")),
		chromedp.SetValue(chromedp.ID("import-text"), strings.Repeat(".", 81)), chromedp.Click(chromedp.ID("import-ok")),
		chromedp.WaitNotVisible(chromedp.ID("import-dialog")),
		chromedp.SetValue(chromedp.ID("replay-source"), "logic"), chromedp.Click(chromedp.ID("replay")))
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.getElementById('message').textContent.includes('more than one solution')`)); err != nil {
		t.Errorf("replay of an empty grid: %v; message %q", err, p.eval(`document.getElementById('message').textContent`))
	}
}

// Keys of the chromedp kb package, spelt out to keep the import list short.
const (
	kbArrowRight = "\u0303"
	kbBackspace  = "\b"
)

// TestBrowserRenders takes screenshots at desktop and phone widths and
// checks that the board is drawn, fits the screen and is not blank.
func TestBrowserRenders(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{
		{"desktop", 1280, 800, false},
		{"phone", 390, 844, true},
	} {
		t.Run(size.name, func(t *testing.T) {
			p := newPage(t, size.width, size.height, size.mobile)
			p.open("#p=" + easyDots)
			if over := p.eval(`String(document.documentElement.scrollWidth > window.innerWidth)`); over != "false" {
				t.Error("the page is wider than the screen")
			}
			rect := p.eval(`JSON.stringify(document.getElementById('board').getBoundingClientRect())`)
			var x, y, w, h float64
			if _, err := fmt.Sscanf(rectFields(rect), "%g %g %g %g", &x, &y, &w, &h); err != nil {
				t.Fatalf("board rectangle %s: %v", rect, err)
			}
			if w < 280 || w > float64(size.width) || h < 280 {
				t.Errorf("board is %gx%g on a %d wide screen", w, h, size.width)
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
			checkBoardPixels(t, img, x, y, w, h)
			if size.mobile {
				// Touch: tap a cell, then a digit on the keypad.
				p.do(chromedp.Tap(chromedp.CSS(`[data-cell="0"]`)), chromedp.Tap(chromedp.CSS(`.keypad button[data-digit="4"]`)))
				if got := p.board()[0]; got != '4' {
					t.Errorf("after tapping cell 0 and 4, cell 0 = %c", got)
				}
			}
			if dir := os.Getenv("GODOKU_SCREENSHOTS"); dir != "" {
				os.WriteFile(fmt.Sprintf("%s/%s.png", dir, size.name), shot, 0o644) //nolint:errcheck // a debugging aid
			}
		})
	}
}

// rectFields turns a DOMRect in JSON into "x y width height".
func rectFields(js string) string {
	var x, y, w, h float64
	for _, f := range strings.Split(strings.Trim(js, "{}"), ",") {
		k, v, _ := strings.Cut(f, ":")
		var n float64
		fmt.Sscan(v, &n) //nolint:errcheck // a missing field stays 0 and fails the size check
		switch strings.Trim(k, `"`) {
		case "x":
			x = n
		case "y":
			y = n
		case "width":
			w = n
		case "height":
			h = n
		}
	}
	return fmt.Sprintf("%g %g %g %g", x, y, w, h)
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
}
