package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// menuItem presses a button of the menu, opening the menu first where it
// is folded away (on a phone).
func (p *page) menuItem(id string) {
	p.t.Helper()
	if p.eval(fmt.Sprintf(`String(!document.getElementById(%q).checkVisibility())`, id)) == "true" {
		p.press("menu-button")
		p.do(chromedp.WaitVisible(chromedp.ID(id)))
	}
	p.press(id)
}

// dayJS is the browser's local date k days ago, as the page writes a day.
func dayJS(k int) string {
	return fmt.Sprintf(`(() => { const d = new Date(); d.setDate(d.getDate() - %d); const two = (n) => String(n).padStart(2, '0'); return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate()); })()`, k)
}

// TestBrowserDaily plays the daily puzzle of a level: it is the server's
// puzzle for the browser's day and that level; Daily puzzle again resumes
// it, a move kept; it shows its day in the status line and the list of
// games, and across a reload; winning it, with the two days before solved,
// makes a streak of three on the result card and in the statistics.
func TestBrowserDaily(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		today := p.eval(dayJS(0))
		p.eval(fmt.Sprintf(`localStorage.setItem('godoku.stats.v1', JSON.stringify({ daily: { days: [%s, %s], best: 2 } })), ''`, dayJS(2), dayJS(1)))
		p.do(chromedp.SetValue(chromedp.ID("level"), "Medium"))
		p.menuItem("daily")
		p.poll(`document.getElementById('info').textContent.includes('Daily puzzle of')`)
		status, out := post(t, p.srv.Config.Handler, "/api/generate", `{"level": "Medium", "date": "`+today+`"}`)
		want, _ := out["puzzle"].(string)
		board := p.board()
		if status != 200 || board != want {
			t.Fatalf("the daily puzzle of %s shows\n%s, want the server's\n%s (%d)", today, board, want, status)
		}
		if info := p.text("info"); !strings.HasPrefix(info, "Medium · Daily puzzle of ") {
			t.Errorf("the status line says %q", info)
		}
		if msg := p.text("message"); !strings.Contains(msg, "The daily Medium puzzle of") {
			t.Errorf("the message says %q", msg)
		}
		g, _ := sudoku.Parse(board)
		solution, ok := solver.Solve(&g)
		if !ok {
			t.Fatalf("the daily puzzle %s has no solution", board)
		}
		sol := solution.String()
		empty := emptyCells(board)
		p.cell(empty[0])
		p.digit(int(sol[empty[0]] - '0'))

		// Again: the same game, with its move.
		p.menuItem("daily")
		p.poll(`document.getElementById('message').textContent.includes('The daily Medium puzzle')`)
		if got := p.board(); got[empty[0]] != sol[empty[0]] || got[:empty[0]] != board[:empty[0]] {
			t.Errorf("Daily puzzle again shows\n%s, want the game with its move", got)
		}
		p.reload()
		if info := p.text("info"); !strings.Contains(info, "Daily puzzle of") || p.board()[empty[0]] != sol[empty[0]] {
			t.Errorf("after a reload the page shows %q\n%s", info, p.board())
		}
		p.press("games")
		p.do(chromedp.WaitVisible(chromedp.ID("games-dialog")))
		var lines []string
		p.evalJSON(`[...document.querySelectorAll('#games-list .game-line')].map(e => e.textContent)`, &lines)
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "Medium · Daily puzzle of ") {
			t.Errorf("the list of games has %q, want the daily puzzle alone", lines)
		}
		p.tap(`#games-dialog [data-close]`)
		p.do(chromedp.WaitNotVisible(chromedp.ID("games-dialog")))

		for _, i := range empty[1:] {
			p.cell(i)
			p.digit(int(sol[i] - '0'))
		}
		if got := p.board(); got != sol {
			t.Fatalf("after entering the solution the board shows\n%s, want\n%s", got, sol)
		}
		p.waitResult()
		streak := "Daily puzzles: 3 solved · streak 3 · longest streak 3"
		if got := p.text("result-stats"); !strings.Contains(got, streak) {
			t.Errorf("the result's statistics say %q, want %q", got, streak)
		}
		p.screenshot("daily-won")
		p.press("result-close")
		p.menuItem("stats")
		p.do(chromedp.WaitVisible(chromedp.ID("stats-dialog")))
		if got := p.text("stats-daily"); got != streak {
			t.Errorf("the statistics say %q, want %q", got, streak)
		}
		p.screenshot("daily-stats")
	})
}
