package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant/fpuzzles"
)

// How the variant page looks while it is played: what covers what, and
// whether the marks of a large grid can be read.

// TestBrowserVariantScrolled scrolls the variant page, at both sizes, so
// that the board and the tools under it fill the screen (the page's end,
// on a phone), and then so that the board's top is at the screen's: the
// top row is the board's there, not covered by the page's header.
func TestBrowserVariantScrolled(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.openVariant("")
		p.pick(1)
		for k, scroll := range []string{
			`window.scrollTo(0, document.body.scrollHeight)`,
			`window.scrollTo(0, scrollY + document.getElementById('v-board').getBoundingClientRect().top)`,
		} {
			p.eval(scroll + `, ''`)
			var top struct {
				Top    float64
				Covers []string
			}
			// What is drawn at the middle of each cell of the top row
			// that is on the screen.
			p.evalJSON(`(() => {
  const cells = [...document.querySelectorAll('#v-board rect.v-cell')].slice(0, 9).map((c) => c.getBoundingClientRect());
  const covers = [];
  for (const r of cells) {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < 0) continue;
    const e = document.elementFromPoint(x, y);
    if (!e || !e.closest('#v-board')) covers.push(e ? e.tagName + '.' + e.className : 'nothing');
  }
  return { top: cells[0].top, covers };
})()`, &top)
			if top.Top+20 < 0 {
				t.Errorf("%s: the board's top row is above the screen (%.0f px)", scroll, top.Top)
			}
			if len(top.Covers) > 0 {
				t.Errorf("%s: the top row (at %.0f px) is covered by %v", scroll, top.Top, top.Covers)
			}
			p.screenshot(fmt.Sprintf("variant-scrolled-%d", k))
		}
	})
}

// TestBrowserVariantBigMarks puts corner and centre marks, of one digit
// and of two, into a 16x16 grid at both sizes, light and dark: on a
// phone, where a cell is some 23 px, each mark is at least 6.5 px high,
// every mark stays in its cell, and no two corner marks of a cell
// overlap (their digits: the font's boxes are taller).
func TestBrowserVariantBigMarks(t *testing.T) {
	const n = 16
	p16, _ := big16()
	marks := []struct {
		cell   int
		mode   string
		values []int
	}{
		{1, "corner", []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{2, "corner", []int{9, 10, 11, 12, 13, 14, 15, 16}},
		{3, "corner", []int{10, 16}},
		{4, "centre", []int{1, 2, 3}},
		{5, "centre", []int{10, 11, 12, 13}},
		{6, "centre", []int{3, 7, 11, 14, 15, 16}},
		{n + 1, "corner", []int{1, 16}},
		{n + 1, "centre", []int{5, 12}},
	}
	for _, m := range marks {
		p16.Givens[m.cell] = 0
	}
	link, err := fpuzzles.Link(p16)
	if err != nil {
		t.Fatal(err)
	}
	forScreens(t, func(t *testing.T, p *page) {
		p.openVariant("#fpuzzles=" + strings.TrimPrefix(link, "https://www.f-puzzles.com/?load="))
		p.poll(`document.querySelectorAll('#v-board .v-cell').length === 256`)
		for _, m := range marks {
			p.vcell(m.cell)
			p.vmode(m.mode)
			for _, v := range m.values {
				p.vvalue(v)
			}
		}
		p.vcell(n * n / 2) // away from the marks
		var got struct {
			Cell, Least float64
			Small, Out  []string
			Overlaps    []string
		}
		p.evalJSON(`(() => {
  const cell = (i) => document.querySelector('#v-board rect.v-cell[data-cell="' + i + '"]').getBoundingClientRect();
  const marks = [...document.querySelectorAll('#v-board text.v-mark')];
  const px = (t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a;
  const out = [], overlaps = [], small = [];
  let least = Infinity;
  for (const t of marks) {
    const b = t.getBoundingClientRect(), c = cell(t.dataset.cell), h = px(t);
    least = Math.min(least, h);
    if (h < 6.5) small.push(t.dataset.cell + ':' + t.textContent + ' ' + h.toFixed(1) + 'px');
    if (b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5) out.push(t.dataset.cell + ':' + t.textContent);
  }
  const corners = marks.filter((t) => t.classList.contains('v-corner'));
  for (const a of corners) for (const b of corners) {
    if (a === b || a.dataset.cell !== b.dataset.cell || a.textContent >= b.textContent) continue;
    // Across, the boxes' widths (the glyphs' advances); down, the
    // digits' ink, 0.8 of the font's size about the box's middle (the
    // box is the font's full height, accents and descenders).
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const mid = (r) => (r.top + r.bottom) / 2, ink = (t) => 0.4 * px(t);
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const h = Math.min(mid(p) + ink(a), mid(q) + ink(b)) - Math.max(mid(p) - ink(a), mid(q) - ink(b));
    if (w > 0.5 && h > 0.5) overlaps.push(a.dataset.cell + ':' + a.textContent + '/' + b.textContent);
  }
  return { cell: cell(0).width, least, out, overlaps, small };
})()`, &got)
		t.Logf("cells %.1f px, smallest mark %.1f px", got.Cell, got.Least)
		if p.screen.mobile && len(got.Small) > 0 {
			t.Errorf("marks under 6.5 px high in cells of %.1f px: %v", got.Cell, got.Small)
		}
		if len(got.Out) > 0 {
			t.Errorf("marks out of their cells: %v", got.Out)
		}
		if len(got.Overlaps) > 0 {
			t.Errorf("corner marks that overlap: %v", got.Overlaps)
		}
		for _, th := range []string{"light", "dark"} {
			p.setTheme(th)
			p.screenshot(fmt.Sprintf("variant-16x16-marks-%s", th))
		}
	})
}
