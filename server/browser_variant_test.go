package server

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku/variant"
	vformat "github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/sudokupad"
)

// The variant game (variant.html, js/variant/*.js): import, drawing and
// play, at both screen sizes.

// openVariant loads the variant page with a fragment and, if it names a
// puzzle, waits for its board.
func (p *page) openVariant(fragment string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/variant.html"+fragment), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	if fragment != "" {
		p.poll(`!!document.querySelector('#v-board svg')`)
	}
}

// pick opens built-in puzzle i from the list.
func (p *page) pick(i int) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => { const s = document.getElementById('v-builtin'); s.value = '%d'; s.dispatchEvent(new Event('change')); return ''; })()`, i))
	p.poll(fmt.Sprintf(`location.hash.startsWith('#fpuzzles=') && document.getElementById('v-title').textContent === document.getElementById('v-builtin').options[%d].textContent.replace(/ \([^)]*\)$/, '')`, i+1))
}

// shapes counts the board's drawn shapes by their kind.
func (p *page) shapes() map[string]int {
	var m map[string]int
	p.evalJSON(`(() => { const m = {}; for (const e of document.querySelectorAll('#v-board svg [data-kind]')) m[e.dataset.kind] = (m[e.dataset.kind] || 0) + 1; return m; })()`, &m)
	return m
}

// count counts the board's SVG elements that match css.
func (p *page) count(css string) int {
	var n int
	p.evalJSON(fmt.Sprintf(`document.querySelectorAll('#v-board svg %s').length`, css), &n)
	return n
}

// svgTexts lists the texts of the board's elements that match css.
func (p *page) svgTexts(css string) string {
	return p.eval(fmt.Sprintf(`Array.from(document.querySelectorAll('#v-board svg %s'), e => e.textContent).join(',')`, css))
}

// vcell selects a cell of the variant board (a tap on a phone).
func (p *page) vcell(i int) {
	p.t.Helper()
	p.tap(fmt.Sprintf(`#v-board rect.v-cell[data-cell="%d"]`, i))
}

// hasVClass says whether a cell of the variant board has a class.
func (p *page) hasVClass(i int, class string) bool {
	return p.eval(fmt.Sprintf(`String(document.querySelector('#v-board rect.v-cell[data-cell="%d"]').classList.contains(%q))`, i, class)) == "true"
}

// vmode picks an entry mode of the variant page: value, corner, centre or
// colour.
func (p *page) vmode(mode string) {
	p.t.Helper()
	p.tap(`.v-modes [data-mode="` + mode + `"]`)
}

// vvalue presses a value on the variant keypad.
func (p *page) vvalue(v int) {
	p.t.Helper()
	p.tap(fmt.Sprintf(`#v-keypad button[data-value="%d"]`, v))
}

// vdigits returns the values drawn on the board, by cell, "." for none.
func (p *page) vdigits(n int) []string {
	var m map[string]string
	p.evalJSON(`Object.fromEntries(Array.from(document.querySelectorAll('#v-board .v-digit'), e => [e.dataset.cell, e.textContent]))`, &m)
	out := make([]string, n*n)
	for i := range out {
		out[i] = "."
		if v, ok := m[fmt.Sprint(i)]; ok {
			out[i] = v
		}
	}
	return out
}

// paste opens a link as a person does: pasted, then Open. The board
// goes first, so that the test waits for the new one.
func (p *page) paste(link string) {
	p.t.Helper()
	js, _ := json.Marshal(link)
	p.eval(fmt.Sprintf(`document.getElementById('v-link').value = %s, ''`, js))
	p.eval(`document.querySelector('#v-board svg')?.remove(), ''`)
	p.tap(`#v-open`)
}

// parsed reads a puzzle and its solution with the Go engine.
func parsed(t *testing.T, text string) (*variant.Puzzle, []int) {
	t.Helper()
	v, _, err := vformat.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	sol, n, err := vformat.Solve(t.Context(), v, 2)
	if err != nil || n != 1 {
		t.Fatalf("solving: %v, %d solutions", err, n)
	}
	return v, sol
}

// TestBrowserVariantImport opens a puzzle each way the page takes one:
// pasted as an f-puzzles or a SudokuPad link, from the built-in list,
// from a link of the page's own, and says what is wrong with a bad one.
func TestBrowserVariantImport(t *testing.T) {
	v, _, err := vformat.Parse(issKiller)
	if err != nil {
		t.Fatal(err)
	}
	fl, err := fpuzzles.Link(v)
	if err != nil {
		t.Fatal(err)
	}
	sl, err := sudokupad.Link(v)
	if err != nil {
		t.Fatal(err)
	}
	forScreens(t, func(t *testing.T, p *page) {
		p.openVariant("")
		for _, link := range []string{fl, sl} {
			p.paste(link)
			p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
			if got := p.shapes(); got["killer cage"] != 1 || got["thermometer"] != 1 || got["difference"] != 1 {
				t.Errorf("%s: shapes %v", link, got)
			}
			if got := p.svgTexts(".v-cage-sum"); got != "7" {
				t.Errorf("cage sum %q, want 7", got)
			}
			if got := p.vdigits(4); got[2] != "4" || got[15] != "2" {
				t.Errorf("givens %v", got)
			}
			if got := p.eval(`Array.from(document.querySelectorAll('#v-keypad button'), b => b.textContent).join('')`); got != "1234" {
				t.Errorf("keypad %q, want 1234", got)
			}
		}
		// A hint: the step's sentence, its cell on the board, and Apply.
		p.press("v-hint-button")
		p.poll(`document.getElementById('v-hint-text').textContent.includes('Hidden Single')`)
		// On a phone the panel is under the keypad, below the screen's
		// edge: the page brings it into view.
		if !p.truth(`(() => { const r = document.getElementById('v-hint-text').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
			t.Errorf("the hint's sentence is off the screen: %s", p.eval(`JSON.stringify(document.getElementById('v-hint-text').getBoundingClientRect())`))
		}
		if got := p.eval(`Array.from(document.querySelectorAll('#v-board rect.v-cell.hint'), e => e.dataset.cell).join()`); got != "6" {
			t.Errorf("hint cells %q, want 6 (r2c3)", got)
		}
		p.press("v-hint-apply")
		if got := p.vdigits(4)[6]; got != "2" {
			t.Errorf("r2c3 after Apply: %s, want 2", got)
		}
		// A wrong value: the hint says so, and marks it.
		p.vcell(0)
		p.vvalue(4)
		p.press("v-hint-button")
		p.poll(`document.getElementById('v-hint-text').textContent.includes('not the solution')`)
		if !p.hasVClass(0, "wrong") {
			t.Error("the hint did not mark r1c1 wrong")
		}
		p.press("v-hint-close")
		// The page's own link opens the puzzle again.
		hash := p.eval(`location.hash`)
		if !strings.HasPrefix(hash, "#sudokupad=") {
			t.Errorf("hash %q after a SudokuPad link", hash)
		}
		p.openVariant("#fpuzzles=" + strings.TrimPrefix(fl, "https://www.f-puzzles.com/?load="))
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
		// The classic page's menu leads to the variant page.
		p.open("")
		p.press("menu-button")
		p.do(chromedp.WaitVisible(chromedp.ID("variants")))
		p.press("variants")
		p.do(chromedp.WaitVisible(chromedp.ID("v-import")))
		if got := p.eval(`location.pathname`); got != "/variant.html" {
			t.Errorf("the menu's link went to %s", got)
		}
		// The classic page hands such a link to the variant page.
		p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/#fpuzzles="+strings.TrimPrefix(fl, "https://www.f-puzzles.com/?load=")))
		p.do(chromedp.WaitVisible(chromedp.CSS(`#v-board svg`)))
		p.poll(`location.pathname === '/variant.html' && document.querySelectorAll('#v-board .v-cell').length === 16`)
		p.openVariant("#p=" + url.PathEscape(issKiller))
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
		// A built-in puzzle, with its credit.
		p.pick(0)
		if c := p.text("v-credit"); !strings.Contains(c, "ElChiglia") || !strings.Contains(c, "CC BY 4.0") {
			t.Errorf("credit %q", c)
		}
		// Bad links: the reason under the link's box, and no board drawn
		// (paste took the last away).
		p.allowed = append(p.allowed, "status of 400")
		for _, c := range []struct{ link, msg string }{
			{"", "Paste"},
			{"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", "lzstring"},
			{".Shape~4x4.Fog~R1C1", "This puzzle has a rule the engine does not know: Fog."},
			{"hello world", "This is not a puzzle the page reads: paste an f-puzzles or SudokuPad link."},
		} {
			p.eval(`document.getElementById('v-link-error').hidden = true, ''`)
			p.paste(c.link)
			p.poll(`!document.getElementById('v-link-error').hidden`)
			if m := p.text("v-link-error"); !strings.Contains(m, c.msg) {
				t.Errorf("%q: message %q, want %q", c.link, m, c.msg)
			}
		}
		if p.count(".v-cell") != 0 {
			t.Error("a bad link drew a board")
		}
		// The next link that opens takes the reason away.
		p.paste(issKiller)
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
		if !p.truth(`document.getElementById('v-link-error').hidden`) {
			t.Errorf("after a link that opens, the last one's reason stays: %q", p.text("v-link-error"))
		}
		// A link of the page's own cut inside an escape, or with nothing
		// after its "=", says so (the page stayed empty without a word).
		for _, frag := range []string{"#p=%E0%A4%A", "#sudokupad="} {
			p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/variant.html"+frag), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
			p.poll(`!document.getElementById('v-link-error').hidden`)
			if got := p.text("v-link-error"); got != "This link's puzzle cannot be read: it cannot be opened." {
				t.Errorf("%s: the page says %q", frag, got)
			}
		}
	})
}

// playTo fills every empty cell of the board with the solution, a tap on
// the cell and one on the keypad each, as a person plays.
func (p *page) playTo(n int, sol []int, skip map[int]bool) {
	p.t.Helper()
	have := p.vdigits(n)
	for i, v := range sol {
		if have[i] != "." || skip[i] {
			continue
		}
		p.vcell(i)
		p.vvalue(v)
	}
}

// TestBrowserVariantPlay plays built-in puzzles to the end, one at each
// size, one in the light theme and one in the dark: marks, undo and
// redo, a mistake that Check shows, a reload that resumes, and the win.
func TestBrowserVariantPlay(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		// One game a size, to keep the package's time: a killer on the
		// phone in the light theme, lines and cages on the desktop in
		// the dark one.
		for _, c := range []struct {
			builtin int
			theme   string
		}{{1, "light"}, {3, "dark"}} {
			if (c.builtin == 1) != p.screen.mobile {
				continue
			}
			p.openVariant("")
			p.setTheme(c.theme)
			p.pick(c.builtin)
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
			// Corner and centre marks, then undo and redo.
			p.vcell(empty)
			p.vmode("corner")
			p.vvalue(1)
			p.vvalue(2)
			p.vmode("centre")
			p.vvalue(3)
			if got := p.svgTexts(fmt.Sprintf(`.v-corner[data-cell="%d"]`, empty)); got != "1,2" {
				t.Errorf("corner marks %q, want 1,2", got)
			}
			if got := p.svgTexts(fmt.Sprintf(`.v-centre[data-cell="%d"]`, empty)); got != "3" {
				t.Errorf("centre marks %q, want 3", got)
			}
			p.press("v-undo")
			p.press("v-undo")
			if got := p.svgTexts(fmt.Sprintf(`.v-mark[data-cell="%d"]`, empty)); got != "1" {
				t.Errorf("marks after two undos %q, want 1", got)
			}
			p.press("v-redo")
			if got := p.svgTexts(fmt.Sprintf(`.v-corner[data-cell="%d"]`, empty)); got != "1,2" {
				t.Errorf("corner marks after redo %q, want 1,2", got)
			}
			// A colour, on a given too, and off again with undo.
			p.vmode("colour")
			p.vvalue(3)
			if got := p.eval(fmt.Sprintf(`document.querySelector('#v-board rect.v-colour[data-cell="%d"]')?.getAttribute('class') || ''`, empty)); got != "v-colour v-k3" {
				t.Errorf("colour %q, want v-colour v-k3", got)
			}
			p.press("v-undo")
			if got := p.count(".v-colour"); got != 0 {
				t.Errorf("%d colours after undo, want 0", got)
			}
			// A wrong value: Check marks it.
			p.vmode("value")
			wrong := sol[empty]%n + 1
			p.vvalue(wrong)
			p.press("v-check")
			p.poll(fmt.Sprintf(`document.querySelector('rect.v-cell[data-cell="%d"]').classList.contains('wrong')`, empty))
			if m := p.text("v-message"); !strings.Contains(m, "1 value is wrong") {
				t.Errorf("check says %q", m)
			}
			// Undo takes the value and its mark away, as a move on the
			// cell does; a colour's undo keeps a mark, and redo brings
			// the value back unmarked.
			marked := fmt.Sprintf(`String(document.querySelector('rect.v-cell[data-cell="%d"]').classList.contains('wrong'))`, empty)
			p.vmode("colour")
			p.vvalue(2)
			p.press("v-undo")
			p.vmode("value")
			if got := p.eval(marked); got != "true" {
				t.Error("a colour's undo took Check's mark away")
			}
			p.press("v-undo")
			if got := p.eval(marked); got != "false" {
				t.Error("the wrong value undone, its empty cell is still marked")
			}
			p.press("v-redo")
			if got, d := p.eval(marked), p.vdigits(n)[empty]; got != "false" || d != strconv.Itoa(wrong) {
				t.Errorf("after redo: marked %s, value %s; want false, %d", got, d, wrong)
			}
			// Most of the grid, a reload, then the rest.
			p.playTo(n, sol[:len(sol)/2], map[int]bool{empty: true})
			want := p.vdigits(n)
			p.eval(`location.reload(), ''`)
			p.do(chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
			p.poll(`!!document.querySelector('#v-board svg')`)
			p.setTheme(c.theme)
			if got := p.vdigits(n); strings.Join(got, "") != strings.Join(want, "") {
				t.Errorf("after a reload\n%v, want\n%v", got, want)
			}
			p.vcell(empty)
			p.vvalue(sol[empty])
			p.playTo(n, sol, nil)
			p.poll(`!document.getElementById('v-result').hidden`)
			p.screenshot(fmt.Sprintf("variant-won-%d-%s", c.builtin, c.theme))
			time := p.text("v-timer")
			p.do(chromedp.Sleep(1100 * 1e6))
			if got := p.text("v-timer"); got != time {
				t.Errorf("the timer runs after the win: %s then %s", time, got)
			}
			// The won game stays won: no more moves.
			p.vcell(empty)
			p.vvalue(wrong)
			if got := p.vdigits(n)[empty]; got != fmt.Sprint(sol[empty]) {
				t.Errorf("a move after the win: %s", got)
			}
			// What plays is off, as on the classic page (Check said
			// "No mistakes so far." and Erase stayed on), Restart on;
			// so after a reload.
			const off = `['v-erase', 'v-hint-button', 'v-check'].map((id) => document.getElementById(id).disabled).concat(Array.from(document.querySelectorAll('#v-keypad button, .v-modes button'), (b) => b.disabled)).every((d) => d) && !document.getElementById('v-restart').disabled`
			if !p.truth(off) {
				t.Error("after the win, Erase, Hint, Check, the keypad or the modes can still be used, or Restart cannot")
			}
			p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
			p.poll(`!!document.querySelector('#v-board svg') && !document.getElementById('v-result').hidden`)
			if !p.truth(off) {
				t.Error("after the won game's reload, what plays is on again")
			}
		}
	})
}

// TestBrowserVariantBig enters values above 9 in a 16x16 grid by letters
// and by two keystrokes, and wins it.
func TestBrowserVariantBig(t *testing.T) {
	const n = 16
	p16, sol := big16()
	var empty []int
	for r := range n {
		i := r*n + (r*5)%n
		p16.Givens[i] = 0
		empty = append(empty, i)
	}
	link, err := fpuzzles.Link(p16)
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, desktop)
	p.openVariant("#fpuzzles=" + strings.TrimPrefix(link, "https://www.f-puzzles.com/?load="))
	p.poll(`document.querySelectorAll('#v-board .v-cell').length === 256`)
	if got := p.eval(`Array.from(document.querySelectorAll('#v-keypad button'), b => b.textContent).join(' ')`); got != "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" {
		t.Errorf("keypad %q", got)
	}
	for k, i := range empty {
		p.vcell(i)
		v := sol[i]
		switch {
		case v < 10:
			p.key(fmt.Sprint(v))
		case k%2 == 0: // by letter: a is 10
			p.key(string(rune('a' + v - 10)))
		default: // by two keystrokes
			p.key("1")
			p.key(fmt.Sprint(v - 10))
		}
		if got := p.vdigits(n)[i]; got != fmt.Sprint(v) {
			t.Errorf("cell %d: %s, want %d", i, got, v)
		}
	}
	p.poll(`!document.getElementById('v-result').hidden`)
	p.screenshot("variant-16x16")
}

// corpus returns the f-puzzles text of the CC BY corpus's puzzles by
// line, from 1.
func corpus(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../variant/testdata/fpuzzles_cc_by.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct {
			FPuzzles string `json:"fpuzzles"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		out = append(out, rec.FPuzzles)
	}
	return out
}

// drawn lists, for each kind of rule, the SVG elements each rule of the
// kind draws: one of each per rule.
var drawn = map[string][]string{
	"killer cage":     {`[data-kind="killer cage"] .v-cage`, `[data-kind="killer cage"] .v-cage-sum`},
	"thermometer":     {`[data-kind="thermometer"] .v-bulb`},
	"arrow":           {`[data-kind="arrow"] .v-shaft`, `[data-kind="arrow"] :is(.v-circle, .v-pill)`},
	"difference":      {`[data-kind="difference"] .v-white`},
	"ratio":           {`[data-kind="ratio"] .v-black`},
	"xv":              {`[data-kind="xv"] .v-xv`},
	"quadruple":       {`[data-kind="quadruple"] .v-quad`},
	"little killer":   {`[data-kind="little killer"] .v-lk-text`, `[data-kind="little killer"] .v-lk-arrow`},
	"sandwich":        {`text.v-outside[data-kind="sandwich"]`},
	"x-sum":           {`text.v-outside[data-kind="x-sum"]`},
	"skyscraper":      {`text.v-outside[data-kind="skyscraper"]`},
	"whispers":        {`.v-whispers .v-line`},
	"renban":          {`.v-renban .v-line`},
	"palindrome":      {`.v-palindrome .v-line`},
	"region sum line": {`.v-regionsum .v-line`},
	"between line":    {`[data-kind="between line"] .v-line`},
	"entropic line":   {`.v-entropic .v-line`},
	"modular line":    {`.v-modular .v-line`},
	"zipper line":     {`.v-zipper .v-line`},
	"lockout line":    {`.v-lockout .v-line`},
	"diagonal":        {`path.v-diag`},
	"even":            {`rect.v-parity[data-kind="even"]`},
	"odd":             {`circle.v-parity[data-kind="odd"]`},
	"maximum":         {`rect.v-max[data-kind="maximum"]`},
}

// dotLuminance is the relative luminance of the fill of the board's
// first black dot and of its first white one (WCAG's formula).
const dotLuminance = `['.v-black', '.v-white'].map((css) => {
  const m = getComputedStyle(document.querySelector('#v-board ' + css)).fill.match(/[\d.]+/g).map(Number);
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  return 0.2126 * lin(m[0]) + 0.7152 * lin(m[1]) + 0.0722 * lin(m[2]);
})`

// TestBrowserVariantDraw opens puzzles of the corpus with every kind of
// rule the page draws, and checks the SVG: one drawing of each rule, the
// numbers of the clues, the grid's size and its region borders, at both
// sizes, light and dark.
func TestBrowserVariantDraw(t *testing.T) {
	texts := corpus(t)
	h := New(Config{Logger: quiet()})
	// Lines of the corpus: together they have every kind in drawn, a
	// 6x6 grid and an irregular one.
	lines := []int{1, 6, 8, 11, 18, 19, 20, 21, 27, 28, 29, 31, 33, 35, 41, 50, 51, 54, 57, 62, 63, 69}
	seen := map[string]bool{}
	forScreens(t, func(t *testing.T, p *page) {
		for k, line := range lines {
			// Each puzzle at one size, every other one on the phone:
			// the SVG is the same at both, and the package's time
			// stays within go test's ten minutes. Where one size
			// runs (under the race detector) it draws them all.
			if len(screens) > 1 && (k%2 == 1) != p.screen.mobile {
				continue
			}
			text := texts[line-1]
			code, m, msg := postModel(t, h, body(text, ""))
			if code != 200 {
				t.Fatalf("line %d: %d %s", line, code, msg)
			}
			p.openVariant("#fpuzzles=" + text)
			p.poll(fmt.Sprintf(`document.querySelectorAll('#v-board .v-cell').length === %d`, m.Size*m.Size))
			theme := []string{"light", "dark"}[k/2%2]
			p.setTheme(theme)
			want := map[string]int{}
			var sums []string
			for _, s := range m.Shapes {
				if s.Cosmetic {
					continue
				}
				want[s.Kind]++
				switch s.Kind {
				case "killer cage", "sandwich", "x-sum", "skyscraper", "little killer":
					sums = append(sums, fmt.Sprint(*s.Value))
				}
			}
			for kind, n := range want {
				sels, ok := drawn[kind]
				if !ok {
					continue
				}
				seen[kind] = true
				for _, css := range sels {
					if got := p.count(css); got != n {
						t.Errorf("line %d: %d of %s, want %d", line, got, css, n)
					}
				}
			}
			got := strings.Split(p.svgTexts(`:is(.v-cage-sum, .v-outside)`), ",")
			slices.Sort(got)
			slices.Sort(sums)
			if len(sums) > 0 && !slices.Equal(got, sums) {
				t.Errorf("line %d: clues %v, want %v", line, got, sums)
			}
			// The region borders: one segment between each two
			// neighbours of different regions.
			n, borders := m.Size, 0
			for i, r := range m.Regions {
				if i%n+1 < n && m.Regions[i+1] != r {
					borders++
				}
				if i+n < n*n && m.Regions[i+n] != r {
					borders++
				}
			}
			if got := p.eval(`String((document.querySelector('#v-board .v-region')?.getAttribute('d') || '').split('M').length - 1)`); got != fmt.Sprint(borders) {
				t.Errorf("line %d: %s region border segments, want %d", line, got, borders)
			}
			if p.count(".v-black") > 0 && p.count(".v-white") > 0 {
				// A black dot is the darker one in both themes, as in
				// SudokuPad's dark mode.
				for _, th := range []string{"dark", "light"} {
					p.setTheme(th)
					var lum [2]float64
					p.evalJSON(dotLuminance, &lum)
					if lum[0] >= lum[1] {
						t.Errorf("line %d, %s: black dots' luminance %.3f, white dots' %.3f: the black should be darker", line, th, lum[0], lum[1])
					}
				}
				p.setTheme(theme)
			}
			if line == 63 {
				// Its lockout lines, drawn by hand in the source as
				// lines and diamonds too, are drawn once, the page's
				// way.
				if got := p.count(`[data-kind="cosmetic line"], [data-kind="cosmetic rectangle"]`); got != 0 {
					t.Errorf("line 63: %d of the source's copies of its lockout lines drawn", got)
				}
			}
			if line == 1 || line == 63 || line == 28 || line == 35 || line == 54 || line == 69 {
				p.screenshot(fmt.Sprintf("variant-draw-%d-%s", line, theme))
			}
		}
	})
	for kind := range drawn {
		if !seen[kind] {
			t.Errorf("no puzzle of kind %s was drawn", kind)
		}
	}
}

// TestBrowserVariantAxe runs axe-core on the variant page, at both sizes:
// empty, the New killer dialog (open, making one, cancelled), with a puzzle, marks, a mistake checked and the win, and on the
// phone the win in German and in Chinese; every rule in the light theme, those about
// colour in the dark one.
func TestBrowserVariantAxe(t *testing.T) {
	path := axePath(t)
	var err error
	if axeSource, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	// stallEasy holds the easy killer's request, so that the dialog is
	// seen making it.
	forScreensOn(t, func() http.Handler { return stallEasy(New(Config{Logger: quiet()}), nil) }, func(t *testing.T, p *page) {
		both := func(state string) {
			t.Helper()
			p.setTheme("light")
			p.axe("light, " + state)
			p.setTheme("dark")
			p.axe("dark, "+state, "color-contrast", "link-in-text-block")
		}
		p.openVariant("")
		both("empty")
		// The New killer dialog: open, making a killer, and cancelled, its
		// message shown.
		p.press("v-new")
		p.poll(`document.getElementById('v-new-dialog').open`)
		both("the New killer dialog")
		p.eval(`document.getElementById('v-new-level').value = 'Easy', ''`)
		p.press("v-new-go")
		p.poll(`!document.getElementById('v-new-progress').hidden`)
		both("making a killer")
		p.press("v-new-cancel")
		p.poll(`!document.getElementById('v-new-error').hidden`)
		both("a killer cancelled")
		p.key(kbEscape)
		p.poll(`!document.getElementById('v-new-dialog').open`)
		p.pick(0) // little killers, thermometers, dots, quadruples
		both("a puzzle")
		p.press("v-hint-button")
		p.poll(`!document.getElementById('v-hint-text').textContent.startsWith('Looking')`)
		both("a hint")
		p.press("v-hint-close")
		text := p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)
		v, sol := parsed(t, text)
		p.vcell(0)
		p.vmode("corner")
		p.vvalue(1)
		p.vmode("value")
		p.vcell(1)
		p.vvalue(sol[1]%v.Size + 1)
		p.press("v-check")
		p.poll(`document.getElementById('v-message').classList.contains('error')`)
		both("marks and a mistake")
		p.vmode("colour")
		p.vvalue(4)
		both("colour mode")
		if p.count(".v-wrong-over") != 1 {
			t.Error("the wrong value does not show over its colour")
		}
		p.screenshot("variant-colours")
		p.vmode("value")
		p.vcell(1)
		p.vvalue(sol[1]%v.Size + 1) // takes it away
		p.playTo(v.Size, sol, nil)
		p.poll(`!document.getElementById('v-result').hidden`)
		both("won")
		// In German (the words are longer) and Chinese, on the phone
		// alone, where longer words have least room (and the package's
		// time stays as it was).
		for _, l := range []string{"de", "zh"} {
			if !p.screen.mobile {
				break
			}
			p.eval(fmt.Sprintf(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: %q })), ''`, l))
			p.eval(`location.reload(), ''`)
			p.do(chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
			p.poll(fmt.Sprintf(`document.documentElement.dataset.lang === %q && !!document.querySelector('#v-board svg')`, l))
			both(l + ", won")
		}
	})
}

// TestBrowserVariantFromZero plays a grid of the values 0 to 3 (the
// Interactive Sudoku Solver's .Shape~4x4~0-3) on a phone: its given 0s
// are givens, Hint says why it has no step for such a grid, and the
// values entered from the keypad win it.
func TestBrowserVariantFromZero(t *testing.T) {
	const text = ".Shape~4x4~0-3.~R1C1_0~R2C4_0.Cage~5~R1C2~R2C1.Thermo~R4C3~R4C2~R4C1.V~R3C3~R3C4"
	v, sol := parsed(t, text)
	if v.Offset != -1 {
		t.Fatalf("offset %d, want -1", v.Offset)
	}
	p := newPage(t, phone)
	p.openVariant("#p=" + url.QueryEscape(text))
	if got := p.eval(`Array.from(document.querySelectorAll('#v-keypad button'), b => b.textContent).join(' ')`); got != "0 1 2 3" {
		t.Errorf("keypad %q", got)
	}
	for _, i := range []int{0, 7} {
		if got := p.eval(fmt.Sprintf(`document.querySelector('#v-board .v-given[data-cell="%d"]')?.textContent ?? 'none'`, i)); got != "0" {
			t.Errorf("cell %d: given %q, want 0", i, got)
		}
	}
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint').hidden`)
	if got := p.text("v-hint-text"); !strings.Contains(got, "values are 0 to 3") {
		t.Errorf("hint says %q, want why a grid from 0 has none", got)
	}
	p.press("v-hint-close")
	// Pressing Close scrolled the page; the board's top row is under
	// the header, where a finger would not tap it.
	p.eval(`window.scrollTo(0, 0), ''`)
	p.playTo(v.Size, sol, nil)
	p.poll(`!document.getElementById('v-result').hidden`)
}

// big16 returns a 16x16 grid given whole, and its solution.
func big16() (*variant.Puzzle, []int) {
	const n = 16
	p := &variant.Puzzle{Size: n, Givens: make([]int, n*n)}
	sol := make([]int, n*n)
	for r := range n {
		for c := range n {
			sol[r*n+c] = (4*(r%4)+r/4+c)%n + 1
		}
	}
	copy(p.Givens, sol)
	return p, sol
}

// TestBrowserVariantBigClues draws a 16x16 grid with a sandwich clue
// beside each row and above each column on a phone: each clue at least
// 10 px high and no wider than its cell, so that a three-digit sum does
// not run into the next.
func TestBrowserVariantBigClues(t *testing.T) {
	const n = 16
	p16, sol := big16()
	for i := range p16.Givens {
		if i%3 != 0 {
			p16.Givens[i] = 0
		}
	}
	sandwich := func(at func(k int) int) int {
		a, b := -1, -1
		for k := range n {
			switch sol[at(k)] {
			case 1:
				a = k
			case n:
				b = k
			}
		}
		a, b = min(a, b), max(a, b)
		s := 0
		for k := a + 1; k < b; k++ {
			s += sol[at(k)]
		}
		return s
	}
	for i := range n {
		p16.Constraints = append(p16.Constraints,
			variant.Sandwich{At: variant.Edge{Side: variant.Left, Index: i}, Sum: sandwich(func(k int) int { return i*n + k })},
			variant.Sandwich{At: variant.Edge{Side: variant.Top, Index: i}, Sum: sandwich(func(k int) int { return k*n + i })})
	}
	link, err := fpuzzles.Link(p16)
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, phone)
	p.openVariant("#fpuzzles=" + strings.TrimPrefix(link, "https://www.f-puzzles.com/?load="))
	var got struct {
		Cell   float64
		Clues  int
		Height float64
		Wide   []string
	}
	p.evalJSON(`(() => {
  const cell = document.querySelector('#v-board rect.v-cell').getBoundingClientRect().width;
  const clues = [...document.querySelectorAll('#v-board text.v-outside')];
  const wide = clues.filter((t) => t.getBoundingClientRect().width > cell).map((t) => t.textContent);
  return { cell, clues: clues.length, height: Math.min(...clues.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)), wide };
})()`, &got)
	if got.Clues != 2*n {
		t.Fatalf("%d clues drawn, want %d", got.Clues, 2*n)
	}
	if got.Height < 10 {
		t.Errorf("clues %.1f px high (cells %.1f px), want 10 or more", got.Height, got.Cell)
	}
	if len(got.Wide) > 0 {
		t.Errorf("clues %v wider than a cell (%.1f px)", got.Wide, got.Cell)
	}
	p.screenshot("variant-16x16-clues")
}

// TestBrowserVariantShareProgress shares a 16x16 game with a value above
// 9, corner and centre marks and a colour on a given, and opens the link
// in a browser that has no save of it: the game is as it was shared. A
// link whose progress is cut short opens the puzzle and says why without
// it.
func TestBrowserVariantShareProgress(t *testing.T) {
	const n = 16
	p16, sol := big16()
	a, b, c := 12, 2, 0
	if sol[a] < 10 {
		t.Fatalf("cell %d holds %d: want a value typed as a letter", a, sol[a])
	}
	p16.Givens[a], p16.Givens[b] = 0, 0
	link, err := fpuzzles.Link(p16)
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, desktop)
	p.openVariant("#fpuzzles=" + strings.TrimPrefix(link, "https://www.f-puzzles.com/?load="))
	p.vcell(a)
	p.key(string(rune('a' + sol[a] - 10)))
	p.vcell(b)
	p.vmode("corner")
	p.vvalue(1)
	p.vvalue(16)
	p.vmode("centre")
	p.vvalue(10)
	p.vcell(c)
	p.vmode("colour")
	p.vvalue(4)
	p.eval(`navigator.clipboard.writeText = async (s) => { window.copied = s; }, ''`)
	p.press("v-share-progress")
	p.poll(`!!window.copied`)
	shared := p.eval(`window.copied`)
	if !strings.Contains(shared, "&e=") {
		t.Fatalf("shared %q: no progress", shared)
	}
	check := func() {
		t.Helper()
		if got := p.vdigits(n)[a]; got != fmt.Sprint(sol[a]) {
			t.Errorf("cell %d: %q, want %d", a, got, sol[a])
		}
		if got := p.svgTexts(fmt.Sprintf(`.v-corner[data-cell="%d"]`, b)); got != "1,16" {
			t.Errorf("corner marks %q, want 1,16", got)
		}
		if got := p.svgTexts(fmt.Sprintf(`.v-centre[data-cell="%d"]`, b)); got != "10" {
			t.Errorf("centre marks %q, want 10", got)
		}
		if got := p.eval(fmt.Sprintf(`document.querySelector('#v-board rect.v-colour[data-cell="%d"]')?.getAttribute('class') || ''`, c)); got != "v-colour v-k4" {
			t.Errorf("colour %q, want v-colour v-k4", got)
		}
	}
	p.eval(`localStorage.clear(), ''`)
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(shared), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!!document.querySelector('#v-board svg')`)
	p.poll(`document.getElementById('v-message').textContent.startsWith('Opened with the shared progress')`)
	check()
	if strings.Contains(p.eval(`location.hash`), "&") {
		t.Error("the address bar keeps the progress after opening it")
	}
	// A reload resumes the game the link gave.
	p.eval(`location.reload(), ''`)
	p.do(chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`document.getElementById('v-message').textContent.startsWith('Resumed')`)
	check()
	cut := shared[:strings.Index(shared, "&e=")+10] + "&t=5"
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(cut), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!document.getElementById('v-link-error').hidden`)
	if got := p.text("v-link-error"); !strings.Contains(got, "entries are 7 cells, not 256") {
		t.Errorf("a cut link says %q", got)
	}
}

// TestBrowserVariantLanguage opens the variant page with German chosen
// on the classic page: its controls, the status line, the rules' first
// sentence and the keypad's names in German.
func TestBrowserVariantLanguage(t *testing.T) {
	de := words(t, "de")
	p := newPage(t, phone)
	p.openVariant("")
	p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({ lang: 'de' })), ''`)
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	p.poll(`document.getElementById('v-message').textContent.startsWith('Geöffnet')`)
	if got := p.eval(`document.documentElement.lang + ' ' + document.documentElement.classList.contains('i18n-wait')`); got != "de false" {
		t.Errorf("lang and waiting: %q, want de false", got)
	}
	for css, key := range map[string]string{"h1": "v.title", "#v-check": "check", "#v-hint-button": "hint", "#v-share-progress": "shareProgress",
		`.v-modes [data-mode="centre"]`: "modeCentre", `label[for="v-link"]`: "v.link", ".v-side h3": "v.rules"} {
		if got := p.eval(fmt.Sprintf(`document.querySelector(%q).textContent`, css)); got != de[key] {
			t.Errorf("%s: %q, want %q", css, got, de[key])
		}
	}
	if got := p.eval(`document.querySelector('#v-keypad button').getAttribute('aria-label')`); got != "Wert 1" {
		t.Errorf("keypad button's name %q, want Wert 1", got)
	}
	// The puzzle has no rules text: a sentence for each kind of rule.
	var rules []string
	p.evalJSON(`Array.from(document.querySelectorAll('#v-rules p'), (e) => e.textContent)`, &rules)
	if len(rules) != 4 || !strings.HasPrefix(rules[0], "Setze die Werte 1 bis ") {
		t.Errorf("rules %q, want the grid's in German and three more", rules)
	}
	for _, r := range rules[min(1, len(rules)):] {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(de)), func(k string) bool { return strings.HasPrefix(k, "rule.") && de[k] == r }) {
			t.Errorf("rule %q is not a German rule sentence", r)
		}
	}
	if got := p.eval(`document.getElementById('v-link').placeholder`); got != de["v.linkPlaceholder"] {
		t.Errorf("placeholder %q", got)
	}
	// Hints name their technique in German, a classic one's (the first
	// two steps, hidden singles) as the classic page does and the variant
	// logic's own (thermometer bounds, a step before the third hint's
	// naked single, three listed under it); a wrong value is said in German too.
	for _, tech := range []string{"tech.Hidden Single", "tech.Hidden Single", "tech.Naked Single"} {
		p.press("v-hint-button")
		p.poll(`!document.getElementById('v-hint').hidden && document.getElementById('v-hint-text').textContent !== ` + fmt.Sprintf("%q", de["v.looking"]))
		if got := p.text("v-hint-text"); !strings.HasPrefix(got, de[tech]+": ") {
			t.Errorf("hint %q, want it to start with %q", got, de[tech]+": ")
		}
		p.press("v-hint-apply")
	}
	if got, want := p.text("v-hint-before"), strings.Replace(de["v.hintBefore"], "{0}", "3", 1); !strings.HasPrefix(got, want) || !strings.Contains(got, de["vtech.Thermometer Bounds"]+": ") {
		t.Errorf("the steps before the third hint say %q, want %q and a thermometer's bounds", got, want)
	}
	p.vcell(0)
	p.vvalue(4)
	p.press("v-hint-button")
	want := strings.NewReplacer("{0}", "r1c1", "{1}", "1").Replace(de["v.hintWrong"])
	p.poll(fmt.Sprintf(`document.getElementById('v-hint-text').textContent === %q`, want))
}

// TestBrowserVariantUndoAfterReload plays a few moves, takes one back and
// reloads: Undo and Redo go on where they were, as on the classic page
// (the moves are saved with the game), and a saved history that is not
// the grid's is dropped rather than played.
func TestBrowserVariantUndoAfterReload(t *testing.T) {
	p := newPage(t, phone)
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	p.vcell(0)
	p.vvalue(2)
	p.vcell(1)
	p.vmode("corner")
	p.vvalue(3)
	p.vmode("value")
	p.vcell(5)
	p.vvalue(4)
	p.press("v-undo") // r2c2's 4 taken back
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!!document.querySelector('#v-board svg') && document.getElementById('v-message').textContent.startsWith('Resumed')`)
	if got := p.eval(`['v-undo', 'v-redo'].map((id) => document.getElementById(id).disabled).join()`); got != "false,false" {
		t.Fatalf("after a reload Undo and Redo are disabled: %s, want false,false", got)
	}
	p.press("v-redo")
	if got := p.vdigits(4)[5]; got != "4" {
		t.Errorf("Redo after the reload: r2c2 holds %q, want 4", got)
	}
	p.press("v-undo")
	p.press("v-undo")
	if got := p.svgTexts(`.v-corner[data-cell="1"]`); got != "" {
		t.Errorf("the second Undo after the reload left r1c2's corner mark %q", got)
	}
	p.press("v-undo")
	if got := p.vdigits(4)[0]; got != "." {
		t.Errorf("the third Undo after the reload left r1c1 holding %q", got)
	}
	if got := p.eval(`String(document.getElementById('v-undo').disabled)`); got != "true" {
		t.Errorf("after every move is taken back, Undo is enabled")
	}
	// A saved history with a cell off the grid is dropped.
	p.eval(`(() => { const k = 'godoku.variant.v1', all = JSON.parse(localStorage.getItem(k));
	  for (const g of Object.values(all)) g.undos = [{ cells: [99], before: [{ v: null, k: [], c: [], o: 0 }], after: [{ v: 1, k: [], c: [], o: 0 }] }];
	  localStorage.setItem(k, JSON.stringify(all)); })(), ''`)
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	p.poll(`!!document.querySelector('#v-board svg')`)
	if got := p.eval(`String(document.getElementById('v-undo').disabled)`); got != "true" {
		t.Errorf("a saved move of cell 99 in a 4x4 grid left Undo enabled")
	}
}

// TestBrowserVariantRestart plays a little, asks for a hint and presses
// Restart: the grid is as the puzzle gives it, the hint is closed (its
// Apply would have placed a value of the game before), and Undo brings
// the game back, as the classic page's Restart does; a won game starts
// afresh.
func TestBrowserVariantRestart(t *testing.T) {
	p := newPage(t, phone)
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	p.vcell(0)
	p.vvalue(2)
	p.vmode("corner")
	p.vcell(1)
	p.vvalue(3)
	p.vmode("colour")
	p.vcell(2) // a given takes a colour too
	p.vvalue(3)
	p.vmode("value")
	played := strings.Join(p.vdigits(4), "")
	p.press("v-hint-button")
	p.poll(`!document.getElementById('v-hint-apply').hidden`)
	p.press("v-restart")
	if got := strings.Join(p.vdigits(4), ""); got != "..4............2" {
		t.Errorf("after Restart the grid is %s, want the givens alone", got)
	}
	if got := p.count(".v-mark") + p.count(".v-colour"); got != 0 {
		t.Errorf("after Restart %d marks and colours are left", got)
	}
	if !p.truth(`document.getElementById('v-hint').hidden`) {
		t.Error("the hint of the game before stays open after Restart")
	}
	if got := p.text("v-message"); got != "Entries and marks cleared; Undo brings them back." {
		t.Errorf("Restart says %q", got)
	}
	p.press("v-undo")
	if got := strings.Join(p.vdigits(4), ""); got != played {
		t.Errorf("Undo after Restart: %s, want the game as it was, %s", got, played)
	}
	if got := p.svgTexts(`.v-corner[data-cell="1"]`) + "," + fmt.Sprint(p.count(".v-colour")); got != "3,1" {
		t.Errorf("Undo after Restart: r1c2's corner mark and the colours %q, want 3,1", got)
	}
	// A won game starts afresh: the result's panel goes, the clock is 0.
	_, sol := parsed(t, issKiller)
	p.playTo(4, sol, nil)
	p.poll(`!document.getElementById('v-result').hidden`)
	p.press("v-restart")
	if got := strings.Join(p.vdigits(4), ""); got != "..4............2" || !p.truth(`document.getElementById('v-result').hidden`) {
		t.Errorf("Restart of a won game: grid %s, result panel shown %v", got, !p.truth(`document.getElementById('v-result').hidden`))
	}
}

// holdHints serves h, holding each /api/hint request until release gets
// a value (or the request ends).
func holdHints(h http.Handler, release <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/hint" {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// TestBrowserVariantLateHint asks for a hint whose answer comes late: a
// move, Restart or another puzzle meanwhile, and the answer, for a grid
// no longer on the board, is not shown (it was, and its Apply did
// nothing); with nothing in between it is.
func TestBrowserVariantLateHint(t *testing.T) {
	release := make(chan struct{})
	p := newPageOn(t, phone, holdHints(New(Config{Logger: quiet()}), release))
	p.openVariant("#p=" + url.QueryEscape(issKiller))
	for _, c := range []struct {
		name string
		do   func()
	}{
		{"a move", func() { p.vcell(0); p.vvalue(2) }},
		{"Restart", func() { p.press("v-restart") }},
		{"another puzzle", func() { p.pick(1) }},
	} {
		const hints = `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/hint')).length`
		before := p.eval(`String(` + hints + `)`)
		p.press("v-hint-button")
		p.poll(`!document.getElementById('v-hint').hidden`)
		c.do()
		release <- struct{}{}
		// The answer is in once the browser has its timing; the page
		// reads it a moment after.
		p.poll(hints + ` > ` + before)
		p.eval(`window.settled = false; setTimeout(() => { window.settled = true; }, 300), ''`)
		p.poll(`window.settled`)
		if !p.truth(`document.getElementById('v-hint').hidden`) {
			t.Errorf("after %s, the late hint shows: %q", c.name, p.text("v-hint-text"))
		}
		if n := p.count("rect.v-cell.hint"); n != 0 {
			t.Errorf("after %s, the late hint marks %d cells", c.name, n)
		}
	}
	p.press("v-hint-button")
	release <- struct{}{}
	p.poll(`!document.getElementById('v-hint-apply').hidden`)
}

// TestBrowserVariantFirstVisit opens the page without a link: on a first
// visit it opens the first built-in puzzle (it showed an empty frame, and
// on a phone the words saying what to do were below it), and later the
// game played last, as the classic page does. A puzzle picked while the
// first one is on its way stays: the late answer does not replace it.
func TestBrowserVariantFirstVisit(t *testing.T) {
	var armed atomic.Bool
	held, release := make(chan struct{}), make(chan struct{})
	// The page's own open is held, when armed, until the test's pick has
	// opened its puzzle.
	srv := New(Config{Logger: quiet()})
	p := newPageOn(t, phone, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/variant" && armed.CompareAndSwap(true, false) {
			select {
			case held <- struct{}{}:
			case <-r.Context().Done():
				return
			}
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		srv.ServeHTTP(w, r)
	}))
	p.openVariant("")
	p.poll(`!!document.querySelector('#v-board svg') && document.getElementById('v-title').textContent === document.getElementById('v-builtin').options[1].textContent.replace(/ \([^)]*\)$/, '')`)
	p.pick(3)
	empty := slices.Index(p.vdigits(9), ".")
	p.vcell(empty)
	p.vvalue(2)
	p.openVariant("")
	p.poll(`!!document.querySelector('#v-board svg') && document.getElementById('v-message').textContent.startsWith('Resumed')`)
	if got, want := p.eval(`document.getElementById('v-title').textContent`), p.eval(`document.getElementById('v-builtin').options[4].textContent.replace(/ \([^)]*\)$/, '')`); got != want {
		t.Errorf("without a link the page opened %q, want the game played last, %q", got, want)
	}
	if got := p.vdigits(9)[empty]; got != "2" {
		t.Errorf("the game played last resumed with cell %d %q, want 2", empty, got)
	}
	// Pick another while the page's own puzzle is on its way: the pick
	// is what opens.
	armed.Store(true)
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/variant.html"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
	select {
	case <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("the page without a link asked for no puzzle")
	}
	p.pick(5)
	release <- struct{}{}
	p.eval(`window.settled = false; setTimeout(() => { window.settled = true; }, 500), ''`)
	p.poll(`window.settled`)
	if got, want := p.eval(`document.getElementById('v-title').textContent`), p.eval(`document.getElementById('v-builtin').options[6].textContent.replace(/ \([^)]*\)$/, '')`); got != want {
		t.Errorf("a puzzle picked at once was replaced by %q, want %q", got, want)
	}
	p.noConsoleErrors()
}
