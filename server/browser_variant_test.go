package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

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
		// The page's own link opens the puzzle again.
		hash := p.eval(`location.hash`)
		if !strings.HasPrefix(hash, "#sudokupad=") {
			t.Errorf("hash %q after a SudokuPad link", hash)
		}
		p.openVariant("#fpuzzles=" + strings.TrimPrefix(fl, "https://www.f-puzzles.com/?load="))
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
		p.openVariant("#p=" + url.PathEscape(issKiller))
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 16`)
		// A built-in puzzle, with its credit.
		p.pick(0)
		if c := p.text("v-credit"); !strings.Contains(c, "ElChiglia") || !strings.Contains(c, "CC BY 4.0") {
			t.Errorf("credit %q", c)
		}
		// Bad links: the reason, and no board drawn (paste took the last away).
		p.allowed = append(p.allowed, "status of 400")
		for _, c := range []struct{ link, msg string }{
			{"", "Paste"},
			{"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSQA3AQwBsBX", "lzstring"},
			{".Shape~4x4.Fog~R1C1", "unsupported constraint Fog"},
		} {
			p.paste(c.link)
			p.poll(`document.getElementById('v-message').classList.contains('error')`)
			if m := p.text("v-message"); !strings.Contains(m, c.msg) {
				t.Errorf("%q: message %q, want %q", c.link, m, c.msg)
			}
			p.eval(`document.getElementById('v-message').classList.remove('error'), ''`)
		}
		if p.count(".v-cell") != 0 {
			t.Error("a bad link drew a board")
		}
	})
}
