package server

import (
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// candidatesOf lists the digits no peer of cell i holds in an 81-cell
// board, as the page should draw them.
// otherCandidate returns a candidate of cell i on board other than digit
// not, and stops the test when there is none: a board read while the page
// showed something else (a replay, say) has filled the cell's peers.
func otherCandidate(t *testing.T, board string, i int, not byte) string {
	t.Helper()
	for _, c := range candidatesOf(board, i) {
		if byte(c) != not {
			return string(c)
		}
	}
	t.Fatalf("r%dc%d has no candidate but %c on the board\n%s", i/9+1, i%9+1, not, board)
	return ""
}

func candidatesOf(board string, i int) string {
	var seen [10]bool
	for j := range 81 {
		r, c := i/9, i%9
		rj, cj := j/9, j%9
		if j != i && (rj == r || cj == c || (rj/3 == r/3 && cj/3 == c/3)) && board[j] != '.' {
			seen[board[j]-'0'] = true
		}
	}
	var sb strings.Builder
	for d := 1; d <= 9; d++ {
		if !seen[d] {
			sb.WriteByte(byte('0' + d))
		}
	}
	return sb.String()
}

// TestBrowserMarks puts corner and centre marks, digits and colours on a
// selection of several cells, made by dragging (mouse or finger), by
// Ctrl-click and by Shift with the arrows.
func TestBrowserMarks(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		// Row 1 is "..3.2.6..": cells 2, 4 and 6 are givens.
		p.drag(0, 8)
		if got := p.selected(); got != "0,1,2,3,4,5,6,7,8" {
			t.Fatalf("a drag over row 1 selected %q", got)
		}
		empty := []int{0, 1, 3, 5, 7, 8}
		p.press("mode-corner")
		p.digit(1)
		p.digit(2)
		for _, i := range empty {
			if got := p.corner(i); got != "12" {
				t.Errorf("corner marks of cell %d = %q, want 12", i, got)
			}
		}
		if got := p.corner(2); got != "" {
			t.Errorf("a given got corner marks %q", got)
		}
		p.press("mode-centre")
		p.digit(6)
		p.digit(5)
		p.digit(6) // every cell has it: a second press takes it out of all
		for _, i := range empty {
			if got := p.centre(i); got != "5" {
				t.Errorf("centre marks of cell %d = %q, want 5", i, got)
			}
		}
		// A screen reader hears what the eye sees.
		for i, want := range map[int]string{0: "r1c1, empty, corner 1 2, centre 5", 2: "r1c3, 3, given"} {
			if got := p.eval(fmt.Sprintf(`document.querySelector('[data-cell="%d"] .visually-hidden').textContent`, i)); got != want {
				t.Errorf("cell %d is named %q, want %q", i, got, want)
			}
		}
		if !p.screen.mobile {
			// Shift+digit is a corner mark, Ctrl+digit a centre mark,
			// whatever the mode.
			p.cell(8)
			p.key("3", chromedp.ModifierShift)
			p.key("7", chromedp.ModifierCtrl)
			if got, got2 := p.corner(8), p.centre(8); got != "123" || got2 != "57" {
				t.Errorf("after Shift+3 and Ctrl+7 cell 8 has corner %q, centre %q; want 123 and 57", got, got2)
			}
			// Ctrl-click adds a cell, Shift with an arrow extends.
			p.modClick(10, chromedp.ModifierCtrl)
			if got := p.selected(); got != "8,10" {
				t.Errorf("after Ctrl-click on cell 10 the selection is %q", got)
			}
			p.key(kbArrowDown, chromedp.ModifierShift)
			if got := p.selected(); got != "8,10,19" {
				t.Errorf("after Shift+Down the selection is %q", got)
			}
			p.key(kbEscape)
			if got := p.selected(); got != "19" {
				t.Errorf("after Esc the selection is %q, want the cursor alone", got)
			}
		}

		// Colours: the mode turns the keypad into a palette.
		p.drag(18, 20)
		p.press("mode-colour")
		if sw := p.eval(`String(document.querySelector('.keypad button[data-digit="3"]').classList.contains('k3'))`); sw != "true" {
			t.Error("the keypad shows no colours in colour mode")
		}
		p.digit(3)
		for _, i := range []int{18, 19, 20} {
			if !p.hasClass(i, "k3") {
				t.Errorf("cell %d is not coloured", i)
			}
		}
		p.screenshot("marks")
		p.digit(3) // all have it: off again
		if p.hasClass(18, "k3") {
			t.Error("a second press left the colour on")
		}
		p.digit(6)

		// A digit on a selection goes into each of its cells, and leaves
		// the marks of the cells it sees.
		p.press("mode-digit")
		p.drag(0, 1)
		p.digit(4)
		if got := p.board()[:2]; got != "44" {
			t.Errorf("a digit on two cells gives %q", got)
		}
		if got := p.centre(3); got != "5" {
			t.Errorf("cell 3 has centre marks %q after 4s were placed beside it, want 5", got)
		}
		p.press("undo")
		if got := p.board()[:2]; got != ".." {
			t.Errorf("undo left %q: a digit on a selection is one move", got)
		}

		// Everything is kept.
		p.reload()
		if got, got2 := p.corner(0), p.centre(0); got != "12" || got2 != "5" {
			t.Errorf("after a reload cell 0 has corner %q, centre %q", got, got2)
		}
		if !p.hasClass(19, "k6") {
			t.Error("after a reload the colours are gone")
		}
	})
}

// TestBrowserAutoCandidates turns on live candidates: every empty cell
// shows its candidates, which follow the digits placed, and centre marks
// strike them out.
func TestBrowserAutoCandidates(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.press("auto")
		for _, i := range emptyCells(easyDots) {
			if got, want := p.centre(i), candidatesOf(easyDots, i); got != want {
				t.Fatalf("cell %d shows candidates %q, want %q", i, got, want)
			}
		}
		// Placing a 4 in r1c1 takes 4 out of its row, column and box.
		p.cell(0)
		p.digit(4)
		now := p.board()
		for _, i := range []int{1, 9 + 1, 9 * 5} {
			if got, want := p.centre(i), candidatesOf(now, i); got != want || strings.Contains(got, "4") {
				t.Errorf("after 4 in r1c1, cell %d shows %q, want %q", i, got, want)
			}
		}
		// A centre mark strikes a candidate out, and back in.
		p.cell(1)
		p.press("mode-centre")
		before := p.centre(1)
		d := int(before[0] - '0')
		p.digit(d)
		if got := p.centre(1); got != before[1:] {
			t.Errorf("striking out %d leaves %q, want %q", d, got, before[1:])
		}
		// Erasing the 4 brings it back where it is a candidate again.
		p.cell(0)
		p.press("mode-digit")
		p.press("erase")
		if got, want := p.centre(9*5), candidatesOf(easyDots, 9*5); got != want {
			t.Errorf("after erasing the 4, r6c1 shows %q, want %q", got, want)
		}
		p.press("auto")
		if got := p.centre(5); got != "" {
			t.Errorf("with candidates off, cell 5 still shows %q", got)
		}
	})
}

// TestBrowserGames keeps two games and resumes the older one after a
// reload, from the list of games.
func TestBrowserGames(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.digit(4)
		p.open("#p=" + mediumDots)
		p.poll(fmt.Sprintf(`document.querySelectorAll('.cell.given').length === %d`, 81-strings.Count(mediumDots, ".")))
		if got := p.board(); got != mediumDots {
			t.Fatalf("second game shows\n%s", got)
		}
		p.cell(1)
		p.digit(6)
		p.reload()
		if got := p.board(); got[1] != '6' || got[3:] != mediumDots[3:] {
			t.Fatalf("after reload the page shows\n%s, want the second game", got)
		}
		p.press("games")
		p.do(chromedp.WaitVisible(chromedp.ID("games-dialog")))
		var lines []string
		p.evalJSON(`[...document.querySelectorAll('#games-list .game-line')].map(e => e.textContent)`, &lines)
		if len(lines) != 2 {
			t.Fatalf("the list of games has %q, want two", lines)
		}
		p.screenshot("games")
		p.tap(`#games-list li:nth-child(2) button`)
		p.do(chromedp.WaitNotVisible(chromedp.ID("games-dialog")))
		want := "4" + easyDots[1:]
		if got := p.board(); got != want {
			t.Errorf("resumed game shows\n%s, want\n%s", got, want)
		}
		if loc := p.eval(`location.hash`); loc != "#p="+easyDots {
			t.Errorf("after resuming, the address holds %q", loc)
		}
	})
}

// allButLast is a link to the easy puzzle with every entry made but the
// last cell's, and seconds played.
func allButLast(seconds int) string {
	entries := []byte(easySol)
	for i := range entries {
		if easyDots[i] != '.' || i == 80 {
			entries[i] = '.'
		}
	}
	return fmt.Sprintf("#p=%s&e=%s&t=%d", easyDots, entries, seconds)
}

// TestBrowserStats wins a game opened from a link with progress (all but
// one cell, 95 seconds played) and finds it in the statistics.
func TestBrowserStats(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open(allButLast(95))
		if got := p.board(); got != easySol[:80]+"." {
			t.Fatalf("the link with progress shows\n%s", got)
		}
		p.poll(`document.getElementById('info').textContent.startsWith('Easy')`) // rated in the background
		p.cell(80)
		p.digit(int(easySol[80] - '0'))
		p.waitResult()
		// The clock ran on from 1:35 while the test played.
		detail := p.text("result-detail")
		var m, s int
		if _, err := fmt.Sscanf(detail[strings.Index(detail, ", ")+2:], "%d:%d", &m, &s); err != nil || m*60+s < 95 || !strings.Contains(detail, "on your own") {
			t.Fatalf("the result says %q, want a time from 1:35 on, on your own", detail)
		}
		took := fmt.Sprintf("%d:%02d", m, s)
		if got := p.text("result-stats"); !strings.Contains(got, "new best time for Easy") || !strings.Contains(got, "1 solved of 1 played, 1 without help") {
			t.Errorf("the result's statistics say %q", got)
		}
		p.screenshot("won")
		p.press("result-close")
		p.press("menu-button")
		p.press("stats")
		p.do(chromedp.WaitVisible(chromedp.ID("stats-dialog")))
		var rows [][]string
		p.evalJSON(`[...document.querySelectorAll('#stats-table tbody tr')].map(r => [...r.cells].map(c => c.textContent))`, &rows)
		want := []string{"Easy", "1", "1", "1", took, took}
		if len(rows) == 0 || strings.Join(rows[0], " ") != strings.Join(want, " ") {
			t.Errorf("statistics %q, want the first row %q", rows, want)
		}
		p.screenshot("stats")
	})
}

// twoSolutions takes givens out of the easy puzzle until it has exactly
// two solutions; it returns that puzzle and a given that makes it unique
// again.
func twoSolutions(t *testing.T) (puzzle string, cell int) {
	for i := range 81 {
		if easyDots[i] == '.' {
			continue
		}
		b := []byte(easyDots)
		b[i] = '.'
		g, err := sudoku.Parse(string(b))
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := solver.Count(context.Background(), &g, 3); n == 2 {
			return string(b), i
		}
	}
	t.Fatal("no given of the easy puzzle leaves two solutions")
	return "", 0
}

// TestBrowserCreate types a puzzle cell by cell: with two solutions the
// page refuses to play it; the given that makes it unique lets it, with
// its rating.
func TestBrowserCreate(t *testing.T) {
	two, missing := twoSolutions(t)
	clash := 0 // a digit that a given in the row of the missing cell holds
	for c := range 9 {
		if j := missing/9*9 + c; two[j] != '.' {
			clash = int(two[j] - '0')
		}
	}
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.press("menu-button")
		p.press("create")
		p.do(chromedp.WaitVisible(chromedp.ID("create-panel")))
		if got := p.board(); got != strings.Repeat(".", 81) {
			t.Fatalf("create mode starts from\n%s", got)
		}
		for i := range 81 {
			if two[i] != '.' {
				p.cell(i)
				p.digit(int(two[i] - '0'))
			}
		}
		p.poll(`document.getElementById('create-status').textContent.startsWith('Several')`)
		if p.eval(`String(document.getElementById('create-play').disabled)`) != "true" {
			t.Error("a puzzle with two solutions can be played")
		}
		// A clash is no puzzle at all.
		p.cell(missing)
		p.digit(clash)
		p.poll(`document.getElementById('create-status').textContent.startsWith('None')`)
		p.digit(int(easyDots[missing] - '0'))
		p.poll(`document.getElementById('create-status').textContent.startsWith('Unique')`)
		p.poll(`document.getElementById('create-rating').textContent.startsWith('Rated Easy')`)
		p.screenshot("create")
		p.press("create-play")
		p.do(chromedp.WaitNotVisible(chromedp.ID("create-panel")))
		if got := p.board(); got != easyDots {
			t.Errorf("the created game shows\n%s, want\n%s", got, easyDots)
		}
		if got := p.text("info"); !strings.HasPrefix(got, "Easy · Created") {
			t.Errorf("the created game is %q", got)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.given').length)`); n != "32" {
			t.Errorf("%s givens in the created game, want 32", n)
		}
	})
}

// TestBrowserShareProgress copies a link that carries the player's
// entries, marks, colours and time, and opens it in a fresh browser
// storage.
func TestBrowserShareProgress(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.eval(`navigator.clipboard.writeText = async (s) => { window.copied = s; }, ''`)
		p.cell(0)
		p.digit(4)
		p.cell(1)
		p.press("mode-corner")
		p.digit(6)
		p.digit(8)
		p.press("mode-centre")
		p.digit(7)
		p.press("mode-colour")
		p.digit(2)
		p.press("menu-button")
		p.press("share-progress")
		p.poll(`!!window.copied`)
		link := p.eval(`window.copied`)
		if !strings.Contains(link, "#p="+easyDots+"&e=4") {
			t.Fatalf("the link %q does not carry the entry", link)
		}
		if msg := p.text("message"); !strings.Contains(msg, "Link copied") {
			t.Errorf("after sharing the message is %q", msg)
		}
		// The message goes with the next move.
		p.press("mode-digit")
		p.cell(3)
		p.digit(7)
		if msg := p.text("message"); msg != "" {
			t.Errorf("after a move the message still says %q", msg)
		}
		p.eval(`localStorage.clear(), ''`)
		p.open(link[strings.Index(link, "#"):])
		if got := p.board(); got != "4"+easyDots[1:] {
			t.Errorf("the link opens\n%s", got)
		}
		if got, got2 := p.corner(1), p.centre(1); got != "68" || got2 != "7" {
			t.Errorf("the link's cell 1 has corner %q and centre %q, want 68 and 7", got, got2)
		}
		if !p.hasClass(1, "k2") {
			t.Error("the link lost the colour")
		}
		if got := p.text("info"); !strings.Contains(got, "Shared") {
			t.Errorf("the game from the link is %q", got)
		}
	})
}

// TestBrowserRevealLast reveals the last cell: the grid is full, but the
// game is not won.
func TestBrowserRevealLast(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open(allButLast(10))
		p.cell(80)
		p.press("reveal")
		p.waitResult()
		if got := p.text("result-title"); got != "Solution shown" {
			t.Errorf("revealing the last cell gives %q, want no win", got)
		}
	})
}

// TestBrowserSettings turns on row and column labels, which line up with
// the cells, and hides the timer.
func TestBrowserSettings(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.press("menu-button")
		p.press("settings")
		p.do(chromedp.WaitVisible(chromedp.ID("settings-dialog")))
		p.tap("#opt-labels")
		p.tap("#opt-timer")
		p.tap(`#settings-dialog [data-close]`)
		p.do(chromedp.WaitNotVisible(chromedp.ID("settings-dialog")))
		for _, k := range []int{1, 7} {
			lx, _ := p.center(fmt.Sprintf(`.labels.cols span:nth-child(%d)`, k))
			cx, _ := p.center(fmt.Sprintf(`[data-cell="%d"]`, k-1))
			_, ly := p.center(fmt.Sprintf(`.labels.rows span:nth-child(%d)`, k))
			_, cy := p.center(fmt.Sprintf(`[data-cell="%d"]`, (k-1)*9))
			if d := lx - cx; d > 3 || d < -3 {
				t.Errorf("column label %d is %.1f px off its column", k, d)
			}
			if d := ly - cy; d > 3 || d < -3 {
				t.Errorf("row label %d is %.1f px off its row", k, d)
			}
		}
		if got := p.eval(`getComputedStyle(document.getElementById('timer')).visibility`); got != "hidden" {
			t.Errorf("the timer is %s with the option off", got)
		}
		// Fullscreen, from the menu.
		p.press("menu-button")
		p.press("fullscreen")
		p.poll(`document.fullscreenElement === document.documentElement && document.getElementById('fullscreen').getAttribute('aria-pressed') === 'true'`)
		p.key("f")
		p.poll(`document.fullscreenElement === null`)
		p.screenshot("labels")
	})
}

// TestBrowserMarkTools tries the smaller tools of marks: a second press of
// a keypad digit in a mode of marks enters the digit; on a keyboard, "."
// turns corner marks into centre marks, Ctrl+C and Ctrl+V copy marks to
// other cells, Ctrl+A selects every cell, so that Erase clears every mark,
// and M hides the marks.
func TestBrowserMarkTools(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.press("mode-corner")
		p.digit(4)
		p.digit(4)
		if got, got2 := p.board()[0], p.corner(0); got != '4' || got2 != "" {
			t.Errorf("after a double press of 4 in corner mode, cell 0 holds %c with corner marks %q", got, got2)
		}
		p.press("undo")
		if got, got2 := p.board()[0], p.corner(0); got != '.' || got2 != "" {
			t.Errorf("one undo after the double press leaves %c and corner marks %q", got, got2)
		}
		if p.screen.mobile {
			return
		}
		p.cell(1)
		p.digit(1)
		p.digit(5)
		p.key(".")
		if got, got2 := p.corner(1), p.centre(1); got != "" || got2 != "15" {
			t.Errorf("after '.', cell 1 has corner %q and centre %q, want none and 15", got, got2)
		}
		p.key("c", chromedp.ModifierCtrl)
		p.drag(7, 8)
		p.key("v", chromedp.ModifierCtrl)
		if got, got2 := p.centre(7), p.centre(8); got != "15" || got2 != "15" {
			t.Errorf("pasted marks: %q and %q, want 15", got, got2)
		}
		p.key("m")
		if v := p.eval(`getComputedStyle(document.querySelector('[data-cell="7"] .cand')).visibility`); v != "hidden" {
			t.Errorf("after M the marks are %s", v)
		}
		p.key("m")
		p.key("a", chromedp.ModifierCtrl)
		if n := p.eval(`String(document.querySelectorAll('.cell[aria-selected="true"]').length)`); n != "81" {
			t.Errorf("Ctrl+A selected %s cells", n)
		}
		p.press("mode-digit")
		p.press("erase")
		if got := p.centre(1) + p.centre(7) + p.centre(8); got != "" {
			t.Errorf("Erase on every cell left marks %q", got)
		}
	})
}

// TestBrowserPicture saves the grid as a PNG file: the size of nine cells,
// with the dark ink of the digits on light paper.
func TestBrowserPicture(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.press("mode-colour")
		p.digit(3)
		p.press("mode-corner")
		p.cell(0)
		p.digit(1)
		p.digit(4)
		p.press("mode-centre")
		p.cell(1)
		p.digit(5)
		p.digit(8)
		dir := t.TempDir()
		progress := chromedp.Events(p.ctx, browser.DownloadProgress)
		if _, err := chromedp.Call(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: ptrTo(true),
		}); err != nil {
			t.Fatal(err)
		}
		p.press("menu-button")
		p.press("picture")
		var file string
		for ev, err := range progress {
			if err != nil {
				t.Fatal(err)
			}
			if ev.State == browser.DownloadProgressStateCompleted {
				file = filepath.Join(dir, ev.GUID)
				break
			}
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if d := os.Getenv("GODOKU_SCREENSHOTS"); d != "" {
			if b, err := os.ReadFile(file); err == nil {
				os.WriteFile(filepath.Join(d, "picture.png"), b, 0o644) //nolint:errcheck // a debugging aid
			}
		}
		img, err := png.Decode(f)
		if err != nil {
			t.Fatalf("the picture is not a PNG: %v", err)
		}
		b := img.Bounds()
		if b.Dx() != b.Dy() || b.Dx() < 9*40 {
			t.Fatalf("the picture is %v", b)
		}
		// The given 3 of r1c3: dark ink on light paper in the middle of its cell.
		dark, light := 0, 0
		cell := b.Dx() / 9
		for y := cell / 4; y < 3*cell/4; y++ {
			for x := 2*cell + cell/4; x < 3*cell-cell/4; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				switch l := (r + g + bl) / 3; {
				case l < 0x5000:
					dark++
				case l > 0xc000:
					light++
				}
			}
		}
		if dark < 20 || light < 100 {
			t.Errorf("r1c3 in the picture has %d dark and %d light pixels", dark, light)
		}
	})
}

func ptrTo[T any](v T) *T { return &v }

// TestBrowserExchangeTools tries what SudokuExchange players expect: Clear
// marks in the menu (one undoable move), a double press of Colour clearing
// every colour and of Centre turning corner marks into centre marks; on a
// keyboard, Ctrl+arrows and Shift/Ctrl+Space to build a selection,
// Ctrl+Shift+digit for a colour, W A S D to move (an option, with
// Candidates on Q), ? for a hint, Esc stepping back to a pause, and F1.
func TestBrowserExchangeTools(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.press("mode-corner")
		p.digit(1)
		p.press("mode-centre")
		p.digit(5)
		p.press("mode-colour")
		p.digit(4)
		p.press("mode-digit")
		p.cell(1)
		p.digit(8)
		p.press("menu-button")
		p.press("clear-marks")
		if got := p.corner(0) + p.centre(0); got != "" || p.hasClass(0, "k4") {
			t.Errorf("Clear marks left marks %q on cell 0, or its colour", got)
		}
		if got := p.board()[1]; got != '8' {
			t.Errorf("Clear marks took the digit of cell 1: %c", got)
		}
		p.press("undo")
		if got, got2 := p.corner(0), p.centre(0); got != "1" || got2 != "5" || !p.hasClass(0, "k4") {
			t.Errorf("Undo after Clear marks gives corner %q, centre %q, colour %v", got, got2, p.hasClass(0, "k4"))
		}

		// Colour pressed twice clears every colour; Centre pressed twice
		// turns the selected corner marks into centre marks.
		p.cell(2)
		p.press("mode-colour")
		p.digit(7)
		p.press("mode-colour")
		p.press("mode-colour")
		if p.hasClass(0, "k4") || p.hasClass(2, "k7") {
			t.Error("a double press of Colour left colours")
		}
		p.cell(0)
		p.press("mode-centre")
		p.press("mode-centre")
		if got, got2 := p.corner(0), p.centre(0); got != "" || got2 != "15" {
			t.Errorf("a double press of Centre gives corner %q and centre %q, want none and 15", got, got2)
		}
		if p.screen.mobile {
			return
		}

		p.press("mode-digit")
		p.cell(3)
		p.key(kb.ArrowRight, chromedp.ModifierCtrl)
		p.key(" ", chromedp.ModifierCtrl)
		p.key(kb.ArrowDown, chromedp.ModifierCtrl)
		if got := p.selected(); got != "3,13" {
			t.Errorf("Ctrl+Right, Ctrl+Space and Ctrl+Down selected %q, want 3,13", got)
		}
		p.key(" ", chromedp.ModifierShift)
		if got := p.selected(); got != "3" {
			t.Errorf("Shift+Space on cell 13 left %q selected, want 3", got)
		}
		p.key(" ", chromedp.ModifierShift)
		p.key("4", chromedp.ModifierCtrl, chromedp.ModifierShift)
		if !p.hasClass(3, "k4") || !p.hasClass(13, "k4") || p.board()[3] != '.' {
			t.Error("Ctrl+Shift+4 did not colour cells 3 and 13 alone")
		}

		p.eval(`document.getElementById('opt-wasd').click(), ''`)
		p.key("d")
		p.key("s")
		p.key("a")
		p.key("w")
		p.key("d")
		if got := p.selected(); got != "14" {
			t.Errorf("d s a w d from cell 13 selected %q, want 14", got)
		}
		p.key("q")
		if got := p.eval(`document.getElementById('auto').getAttribute('aria-pressed')`); got != "true" {
			t.Errorf("Q left Candidates at %s", got)
		}
		p.key("?")
		p.waitHint()
		p.key(kbEscape)
		p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
		if p.eval(`String(document.getElementById("paused").hidden)`) != "true" {
			t.Error("the Esc that closed the hint paused the game")
		}
		// Esc with one cell selected takes it out of the selection; P
		// pauses, and Esc resumes.
		p.key(kbEscape)
		if got := p.selected(); got != "" {
			t.Errorf("Esc with one cell selected left %q selected", got)
		}
		p.key("p")
		p.do(chromedp.WaitVisible(chromedp.ID("paused")))
		p.key(kbEscape)
		p.do(chromedp.WaitNotVisible(chromedp.ID("paused")))
		p.key(kb.F1)
		p.do(chromedp.WaitVisible(chromedp.ID("keys-dialog")))
	})
}

// qrShown reads the QR code on show, module by module, from its drawing.
func (p *page) qrShown() [][]bool {
	p.t.Helper()
	var code struct {
		Size int
		D    string
	}
	p.evalJSON(`({size: Number(document.getElementById('qr-code').dataset.size), d: document.querySelector('#qr-code path').getAttribute('d')})`, &code)
	dark := make([][]bool, code.Size)
	for y := range dark {
		dark[y] = make([]bool, code.Size)
	}
	for _, m := range strings.Split(code.D, "M")[1:] {
		var x, y int
		if _, err := fmt.Sscanf(m, "%d %d", &x, &y); err != nil || x < 4 || y < 4 || x-4 >= code.Size || y-4 >= code.Size {
			p.t.Fatalf("a module %q in a code of %d", m, code.Size)
		}
		dark[y-4][x-4] = true // the quiet zone is four modules
	}
	return dark
}

// TestBrowserQR shows the link as a QR code, decodes it, and again with
// the progress.
func TestBrowserQR(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.digit(4)
		p.press("menu-button")
		p.press("qr")
		p.do(chromedp.WaitVisible(chromedp.ID("qr-dialog")))
		link := p.eval(`location.href`)
		got, err := qrRead(p.qrShown())
		if err != nil || got != link || p.text("qr-link") != link {
			t.Fatalf("the QR code reads %q (%v), and the page says %q; want %q", got, err, p.text("qr-link"), link)
		}
		// The reader is not fooled: one module changed breaks a block.
		code := p.qrShown()
		n := len(code) - 1
		code[n][n] = !code[n][n]
		if _, err := qrRead(code); err == nil {
			t.Error("a code with a module changed reads without an error")
		}
		p.press("qr-progress")
		p.poll(`document.getElementById('qr-progress').getAttribute('aria-pressed') === 'true'`)
		got, err = qrRead(p.qrShown())
		if err != nil || !strings.HasPrefix(got, link+"&e=4.") {
			t.Fatalf("with progress the QR code reads %q (%v)", got, err)
		}
		p.screenshot("qr")
		p.tap(`#qr-dialog [data-close]`)
		p.do(chromedp.WaitNotVisible(chromedp.ID("qr-dialog")))
		// The link it held opens the game as it was.
		p.open(got[strings.Index(got, "#"):])
		if b := p.board(); b[0] != '4' {
			t.Errorf("the link of the code opens %q", b)
		}
	})
}

// toggleOption turns an option of Settings on or off, as a player does:
// through the menu and the dialog.
func (p *page) toggleOption(id string) {
	p.t.Helper()
	p.press("menu-button")
	p.press("settings")
	p.do(chromedp.WaitVisible(chromedp.ID("settings-dialog")))
	p.tap("#" + id)
	p.tap(`#settings-dialog [data-close]`)
	p.do(chromedp.WaitNotVisible(chromedp.ID("settings-dialog")))
}

// TestBrowserShortLinks turns on short links: Share progress then gives a
// link much shorter than the plain one that opens the same game, entries,
// marks and colour included; Share gives the puzzle alone.
func TestBrowserShortLinks(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.eval(`navigator.clipboard.writeText = async (s) => { window.copied = s; }, ''`)
		p.cell(0)
		p.digit(4)
		p.cell(80)
		p.digit(2)
		p.cell(1)
		p.press("mode-corner")
		p.digit(6)
		p.digit(8)
		p.press("mode-centre")
		p.digit(7)
		p.press("mode-colour")
		p.digit(9)
		shared := func(id string) string {
			t.Helper()
			p.eval(`window.copied = '', ''`)
			p.press("menu-button")
			p.press(id)
			p.poll(`!!window.copied`)
			link := p.eval(`window.copied`)
			return link[strings.Index(link, "#"):]
		}
		plain := shared("share-progress")
		p.toggleOption("opt-short")
		short := shared("share-progress")
		if !strings.HasPrefix(short, "#s=") || 2*len(short) > len(plain) {
			t.Fatalf("the short link %q is not half as long as %q", short, plain)
		}
		start := shared("share")
		if !strings.HasPrefix(start, "#s=") || len(start) > 40 {
			t.Errorf("the short link to the puzzle is %q", start)
		}
		p.eval(`localStorage.clear(), ''`)
		p.open(short)
		want := "4" + easyDots[1:80] + "2"
		if got := p.board(); got != want {
			t.Errorf("the short link opens\n%s, want\n%s", got, want)
		}
		if got, got2 := p.corner(1), p.centre(1); got != "68" || got2 != "7" || !p.hasClass(1, "k9") {
			t.Errorf("the short link's cell 1 has corner %q, centre %q, colour 9 %v", got, got2, p.hasClass(1, "k9"))
		}
		// From another game: the game kept for the puzzle is resumed, and
		// the address is written out in full.
		p.open("#p=" + mediumDots)
		p.open(start)
		if got := p.eval(`location.hash`); got != "#p="+easyDots || p.board() != want {
			t.Errorf("the short link to the puzzle opens %s with\n%s", got, p.board())
		}
		// A short link cut short opens nothing.
		p.open("#p=" + mediumDots)
		p.open(start[:len(start)-6])
		if got := p.board(); got != mediumDots {
			t.Errorf("a cut short link replaced the game: \n%s", got)
		}
	})
}

// TestBrowserDigitRing turns on the digits beside a clicked cell (Super
// Sudoku's circle menu): a click on an empty cell opens them beside it, a
// digit from them goes in and closes them; a given or a key closes them.
func TestBrowserDigitRing(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	p.cell(0)
	if p.eval(`String(document.getElementById('ring').hidden)`) != "true" {
		t.Fatal("the digits beside the cell show with the option off")
	}
	p.toggleOption("opt-ring")
	p.cell(10)
	p.do(chromedp.WaitVisible(chromedp.ID("ring")))
	ring, cell := p.rect("#ring"), p.rect(`[data-cell="10"]`)
	if ring.Left < cell.Right || ring.Left > cell.Right+10 || ring.Top > cell.Bottom || ring.Bottom < cell.Top {
		t.Errorf("the digits are at %+v, not beside the cell at %+v", ring, cell)
	}
	p.tap(`#ring button[data-digit="6"]`)
	p.do(chromedp.WaitNotVisible(chromedp.ID("ring")))
	if got := p.board()[10]; got != '6' {
		t.Errorf("a digit from beside the cell put %c in it", got)
	}
	p.cell(8) // the last column: the digits go to the left
	p.do(chromedp.WaitVisible(chromedp.ID("ring")))
	if ring, cell := p.rect("#ring"), p.rect(`[data-cell="8"]`); ring.Right > cell.Left {
		t.Errorf("beside the last column the digits are at %+v, over the cell at %+v", ring, cell)
	}
	p.key(kbEscape)
	p.do(chromedp.WaitNotVisible(chromedp.ID("ring")))
	if p.eval(`String(document.getElementById('paused').hidden)`) != "true" {
		t.Error("the Esc that closed the digits paused the game")
	}
	p.cell(2) // a given
	if p.eval(`String(document.getElementById('ring').hidden)`) != "true" {
		t.Error("a given opened the digits")
	}
}
