package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// filteredCells lists the cells the page highlights with a filter.
func (p *page) filteredCells() []int {
	p.t.Helper()
	var out []int
	p.evalJSON(`[...document.querySelectorAll('.cell.filter')].map((c) => Number(c.dataset.cell))`, &out)
	return out
}

// wantFilter lists the empty cells of board whose candidates match: hold
// digit d, or (d == 0) exactly two candidates.
func wantFilter(board string, d int) []int {
	out := []int{}
	for i := range 81 {
		if board[i] != '.' {
			continue
		}
		c := candidatesOf(board, i)
		if (d == 0 && len(c) == 2) || (d > 0 && strings.ContainsRune(c, rune('0'+d))) {
			out = append(out, i)
		}
	}
	return out
}

// hold presses the element and holds it down for a while: a finger on a
// phone, the mouse's button on a desktop.
func (p *page) hold(css string, d time.Duration) { p.t.Helper(); p.pressFor(css, d, d) }

// pressFor presses the element and lets it go: the release's event is
// sent after the wait, and says it happened held after the press (or
// sooner, when the wait was shorter), as the browser would stamp a
// release that reached a busy page late. A finger on a phone, the mouse's
// button on a desktop.
func (p *page) pressFor(css string, held, wait time.Duration) {
	p.t.Helper()
	x, y := p.center(css)
	var down time.Time
	stamp := func(up bool) input.TimeSinceEpoch {
		if !up {
			down = time.Now()
			return input.TimeSinceEpoch(float64(down.UnixMicro()) / 1e6)
		}
		return input.TimeSinceEpoch(float64(down.Add(min(held, time.Since(down))).UnixMicro()) / 1e6)
	}
	if !p.screen.mobile {
		mouse := func(typ input.DispatchMouseEventType) chromedp.Action[chromedp.Void] {
			return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				_, err := cdp.Call(ctx, t, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y,
					Button: input.MouseButtonLeft, ClickCount: 1, Timestamp: stamp(typ == input.DispatchMouseEventTypeMouseReleased)})
				return err
			})
		}
		p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y), mouse(input.DispatchMouseEventTypeMousePressed), chromedp.Sleep(wait), mouse(input.DispatchMouseEventTypeMouseReleased))
		return
	}
	touch := func(typ input.DispatchTouchEventType) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			one, id := 1.0, 0.0
			pts := []*input.TouchPoint{{X: x, Y: y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}}
			up := typ == input.DispatchTouchEventTypeTouchEnd
			if up {
				pts = []*input.TouchPoint{}
			}
			_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts, Timestamp: stamp(up)})
			return err
		})
	}
	p.do(touch(input.DispatchTouchEventTypeTouchStart), chromedp.Sleep(wait), touch(input.DispatchTouchEventTypeTouchEnd))
}

// TestBrowserFilter highlights, as HoDoKu's filters do, every cell where a
// digit can go (Alt+digit, a held keypad digit, or the Filter tool and a
// digit) and every cell with two candidates (Pairs, B), follows the
// player's centre marks, and ends with Esc; a filter enters nothing.
func TestBrowserFilter(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.eval(contrastJS)
		check := func(what string, want []int) {
			t.Helper()
			if got := p.filteredCells(); !slices.Equal(got, want) {
				t.Errorf("%s: cells %v highlighted, want %v", what, got, want)
			}
		}
		p.cell(0)
		p.key("5", chromedp.ModifierAlt)
		check("Alt+5", wantFilter(easyDots, 5))
		if p.board() != easyDots {
			t.Errorf("Alt+5 entered a digit:\n%s", p.board())
		}
		if !strings.Contains(p.eval(`document.querySelector('.keypad button[data-digit="5"]').className`), "filtered") {
			t.Error("the keypad does not show the digit filtered")
		}
		// The highlight stands out, and its texts are readable, in both themes.
		for _, theme := range []string{"light", "dark"} {
			p.setTheme(theme)
			var r float64
			p.evalJSON(`bgContrast(bgRendered('.cell:not(.unit):not(.same):not(.sel):not(.filter):not(.given)'), bgRendered('.cell.filter:not(.sel)'))`, &r)
			if r < 1.5 {
				t.Errorf("%s theme: a filtered cell is %.2f:1 against a plain one, want 1.5:1", theme, r)
			}
			var low []string
			p.evalJSON(`lowContrast()`, &low)
			if len(low) > 0 {
				t.Errorf("%s theme, a filter: text under 4.5:1: %s", theme, strings.Join(low, "; "))
			}
		}
		p.setTheme("light")
		p.key("5", chromedp.ModifierAlt)
		check("Alt+5 again", []int{})

		// A held digit of the keypad turns its filter on, and enters nothing.
		p.hold(`.keypad button[data-digit="7"]`, 800*time.Millisecond)
		p.poll(`document.querySelectorAll('.cell.filter').length > 0`)
		check("7 held", wantFilter(easyDots, 7))
		if p.board() != easyDots {
			t.Errorf("holding 7 entered a digit:\n%s", p.board())
		}

		// A quick tap whose release reaches the page late, after the
		// hold's time (a busy page), is a tap: the event's time says so.
		p.key("7", chromedp.ModifierAlt) // the filter off
		p.cell(emptyCells(easyDots)[0])
		p.pressFor(`.keypad button[data-digit="7"]`, 40*time.Millisecond, 800*time.Millisecond)
		p.poll(`document.querySelectorAll('.cell.filter').length === 0`)
		if i := emptyCells(easyDots)[0]; p.board()[i] != '7' {
			t.Errorf("a tap on 7 released late entered nothing in r%dc%d:\n%s (message %q)", i/9+1, i%9+1, p.board(), p.text("message"))
		}
		p.press("undo")

		// Pairs: the cells with two candidates.
		p.press("pairs")
		check("Pairs", wantFilter(easyDots, 0))
		p.screenshot("pairs")
		p.key("b")
		check("B after Pairs", []int{})

		// The Filter tool: the keypad's digits choose the filter, and
		// entering digits again ends it.
		p.press("filter")
		p.digit(3)
		check("Filter and 3", wantFilter(easyDots, 3))
		if p.board() != easyDots {
			t.Errorf("the keypad entered a digit in the Filter tool:\n%s", p.board())
		}
		p.press("filter")
		p.cell(1)
		p.digit(8)
		board := p.board()
		if board[1] != '8' {
			t.Fatalf("with the Filter tool off, 8 did not go in: %s", board)
		}
		// The filter follows the grid, and the player's centre marks.
		check("3, after an 8", wantFilter(board, 3))
		want := wantFilter(board, 3)
		marked := want[0]
		other := otherCandidate(t, board, marked, '3')
		p.cell(marked)
		p.press("mode-centre")
		p.digit(int(other[0] - '0'))
		p.press("mode-digit")
		check(fmt.Sprintf("3, with r%dc%d's centre mark %s", marked/9+1, marked%9+1, other), want[1:])
		p.key(kbEscape)
		p.key(kbEscape)
		check("Esc, Esc", []int{})
	})
}
