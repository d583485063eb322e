package server

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The tests of this file hold the page to what a keen player expects of
// their games: nothing lost, nothing thrown away without asking.

// answer answers the page's question (the ask dialog): yes or no.
func (p *page) answer(yes bool) {
	p.t.Helper()
	p.poll(`!!document.querySelector('#ask-dialog[open]')`)
	if yes {
		p.tap("#ask-ok")
	} else {
		p.tap("#ask-cancel")
	}
	p.do(chromedp.WaitNotVisible(chromedp.ID("ask-dialog")))
}

// TestBrowserTwoTabs plays one game in two tabs, a move in each by turns:
// no move is lost, whichever tab saves last, and each tab shows the
// other's moves as they come.
func TestBrowserTwoTabs(t *testing.T) {
	a := newPage(t, desktop)
	a.open("#p=" + easyDots)
	b := a.tab()
	b.open("#p=" + easyDots)
	a.cell(0)
	a.key(easySol[0:1])
	b.poll(`document.querySelector('[data-cell="0"] .value').textContent === '4'`)
	b.cell(1)
	b.key(easySol[1:2])
	a.poll(fmt.Sprintf(`document.querySelector('[data-cell="1"] .value').textContent === %q`, easySol[1:2]))
	a.cell(3)
	a.key(easySol[3:4])
	want := easySol[0:2] + easyDots[2:3] + easySol[3:4] + easyDots[4:]
	b.poll(fmt.Sprintf(`document.querySelector('[data-cell="3"] .value').textContent === %q`, easySol[3:4]))
	for name, p := range map[string]*page{"a": a, "b": b} {
		p.reload()
		if got := p.board(); got != want {
			t.Errorf("tab %s after a reload:\n%s, want every move of both tabs\n%s", name, got, want)
		}
	}
	// Undo in one tab takes back the last move, whichever tab made it.
	b.press("undo")
	a.poll(`document.querySelector('[data-cell="3"] .value').textContent === ''`)
}

// gamesListed returns the lines of the list of games.
func (p *page) gamesListed() []string {
	p.t.Helper()
	p.press("games")
	p.do(chromedp.WaitVisible(chromedp.ID("games-dialog")))
	var lines []string
	p.evalJSON(`[...document.querySelectorAll('#games-list .game-line')].map(e => e.textContent)`, &lines)
	p.tap(`#games-dialog [data-close]`)
	p.do(chromedp.WaitNotVisible(chromedp.ID("games-dialog")))
	return lines
}

// TestBrowserNewGamesKeepPlayed plays a game a little, then asks for twenty
// new games: the played game stays in the list, which does not fill up
// with games never touched; and when the list is full of games in
// progress, a new game asks before one of them goes.
func TestBrowserNewGamesKeepPlayed(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	p.cell(0)
	p.key("4")
	for k := range 20 {
		before := p.eval(`location.hash`)
		p.press("new")
		p.poll(fmt.Sprintf(`location.hash !== %q && !document.getElementById('new').disabled`, before))
		_ = k
	}
	lines := p.gamesListed()
	played := 0
	for _, l := range lines {
		if strings.Contains(l, "33/81") {
			played++
		}
	}
	if played != 1 || len(lines) != 2 {
		t.Errorf("after 20 new games the list holds %d lines, %d of them the played game: %q; want the played game and the one on show", len(lines), played, lines)
	}

	// Twenty games in progress, the oldest first on the easy puzzle.
	p.eval(fmt.Sprintf(`(() => {
	  const puzzle = %q.split('').map((c) => c === '.' ? 0 : Number(c));
	  const zeros = () => Array(81).fill(0);
	  const list = [];
	  for (let k = 0; k < 20; k++) {
	    const values = puzzle.slice();
	    const i = [...values.keys()].filter((j) => !values[j])[k];
	    values[i] = 9;
	    const g = { id: 'g' + k, puzzle, values, corner: zeros(), centre: zeros(), colour: zeros(), elim: zeros(),
	      level: 'Easy', source: '', elapsed: 60000 * (k + 1), updated: Date.now() - 1000 * (20 - k), result: null,
	      history: [[[i, [0, 0, 0, 0, 0], [9, 0, 0, 0, 0]]]], future: [] };
	    localStorage.setItem('godoku.game.v2.' + g.id, JSON.stringify(g));
	    list.push({ id: g.id, puzzle: %q, level: 'Easy', source: '', filled: values.filter(Boolean).length, elapsed: g.elapsed, updated: g.updated, result: null });
	  }
	  for (const k of Object.keys(localStorage)) if (k.startsWith('godoku.game.v2.') && !k.startsWith('godoku.game.v2.g')) localStorage.removeItem(k);
	  localStorage.setItem('godoku.games.v2', JSON.stringify(list));
	  localStorage.setItem('godoku.current.v2', JSON.stringify('g19'));
	  return '';
	})()`, easyDots, easyDots))
	// (The page keeps the game on show too, never touched, as it goes.)
	p.reload()
	injected := func() (n int, oldest bool) {
		t.Helper()
		for _, l := range p.gamesListed() {
			if strings.Contains(l, "33/81") {
				n++
			}
			if strings.Contains(l, " 1:00 ") {
				oldest = true
			}
		}
		return n, oldest
	}
	before := p.board()
	p.press("new")
	p.answer(false)
	if got := p.board(); got != before {
		t.Errorf("a new game came after the player said no")
	}
	if ask := p.eval(`document.getElementById('ask-text').textContent`); !strings.Contains(ask, "1:00") {
		t.Errorf("the question %q does not name the oldest game (1:00 played)", ask)
	}
	if n, oldest := injected(); n != 20 || !oldest {
		t.Errorf("after saying no, %d of the 20 games in progress are kept (the oldest: %v)", n, oldest)
	}
	p.press("new")
	p.answer(true)
	p.poll(fmt.Sprintf(`location.hash !== %q && !document.getElementById('new').disabled`, "#p="+before))
	if n, oldest := injected(); n != 19 || oldest {
		t.Errorf("after saying yes, %d of the 20 games in progress are kept (the oldest: %v), want 19 and not the oldest", n, oldest)
	}
	if n := len(p.gamesListed()); n != 20 {
		t.Errorf("after saying yes, the list holds %d games, want 20", n)
	}
}

// TestBrowserSolveAsks asks before Solve shows the solution, and an Undo
// right after it takes it back as if it had not been shown: the game can
// then still be won by hand (with help).
func TestBrowserSolveAsks(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.digit(4)
		p.press("solve")
		p.answer(false)
		if got := p.board(); got != "4"+easyDots[1:] {
			t.Fatalf("after saying no to Solve the board is\n%s", got)
		}
		p.press("solve")
		p.answer(true)
		p.waitResult()
		if got := p.text("result-title"); got != "Solution shown" {
			t.Fatalf("after Solve the result is %q", got)
		}
		p.press("undo")
		p.do(chromedp.WaitNotVisible(chromedp.ID("result")))
		for _, i := range emptyCells(p.board()) {
			p.cell(i)
			p.key(easySol[i : i+1])
		}
		p.waitResult()
		if got := p.text("result"); !strings.Contains(got, "Solved!") || !strings.Contains(got, "with help") {
			t.Errorf("a game finished by hand after Solve and an Undo right away says %q, want Solved! with help", got)
		}
	})
}

// TestBrowserCandidatesUndo turns live candidates on as a move: Undo turns
// them off again before it takes back the digit before.
func TestBrowserCandidatesUndo(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.digit(4)
		p.press("auto")
		if p.eval(`document.getElementById('auto').getAttribute('aria-pressed')`) != "true" || p.centre(1) == "" {
			t.Fatal("Candidates did not turn on")
		}
		p.press("undo")
		if pressed := p.eval(`document.getElementById('auto').getAttribute('aria-pressed')`); pressed != "false" || p.centre(1) != "" {
			t.Errorf("after Undo, Candidates is pressed %s and r1c2 shows %q: want them off", pressed, p.centre(1))
		}
		if got := p.board()[0]; got != '4' {
			t.Errorf("the first Undo took back the digit before Candidates (r1c1 %c)", got)
		}
		p.press("redo")
		if p.eval(`document.getElementById('auto').getAttribute('aria-pressed')`) != "true" {
			t.Error("Redo did not turn Candidates on again")
		}
	})
}

// TestBrowserDeleteAsks asks before a kept game is deleted from the list,
// and takes the answer to each question, however quickly one follows
// another.
func TestBrowserDeleteAsks(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	p.cell(0)
	p.digit(4)
	p.open("#p=" + mediumDots)
	p.poll(fmt.Sprintf(`location.hash === %q`, "#p="+mediumDots))
	p.cell(1)
	p.digit(6)
	p.press("games")
	p.do(chromedp.WaitVisible(chromedp.ID("games-dialog")))
	del := `#games-list li:nth-child(2) button:last-child`
	p.tap(del)
	p.answer(false)
	if n := p.eval(`String(document.querySelectorAll('#games-list li').length)`); n != "2" {
		t.Errorf("after saying no, %s games are listed", n)
	}
	// No, then Delete again within one task: the dialog opens again before
	// the close event of the no has come. That late event once answered
	// the new question too, and the yes to it deleted nothing (the failure
	// seen 3 times in 10 when the test's clicks came quickly).
	p.tap(del)
	p.poll(`!!document.querySelector('#ask-dialog[open]')`)
	p.eval(fmt.Sprintf(`document.getElementById('ask-cancel').click(); document.querySelector(%q).click(); ''`, del))
	p.answer(true)
	p.poll(`document.querySelectorAll('#games-list li').length === 1`)
}

// marksLink is a link to a puzzle with the player's entries (grid: the
// puzzle and the entries) and centre marks in its empty cells (cands: 81
// lists of digits, comma-separated), as Share progress writes it.
func marksLink(puzzle, grid, cands string) string {
	entries := []byte(grid)
	for i := range entries {
		if puzzle[i] != '.' {
			entries[i] = '.'
		}
	}
	b := make([]byte, 243)
	for i, ds := range strings.Split(cands, ",") {
		x := 0
		for _, d := range ds {
			x |= 1 << (9 + int(d-'1'))
		}
		b[3*i], b[3*i+1], b[3*i+2] = byte(x), byte(x>>8), byte(x>>16)
	}
	return fmt.Sprintf("#p=%s&e=%s&t=0&m=%s", puzzle, entries, base64.RawURLEncoding.EncodeToString(b))
}

// TestBrowserNewGameQuiet does not name a new game's hardest technique,
// which would give the puzzle away, unless the player asks for it in
// Settings.
func TestBrowserNewGameQuiet(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	newGame := func() string {
		t.Helper()
		before := p.eval(`location.hash`)
		p.press("new")
		p.poll(fmt.Sprintf(`location.hash !== %q && !document.getElementById('new').disabled`, before))
		return p.text("message")
	}
	if msg := newGame(); strings.Contains(msg, "Hardest") || !strings.Contains(msg, "New Easy game") {
		t.Errorf("a new game says %q: want no technique named", msg)
	}
	p.toggleOption("opt-spoiler")
	if msg := newGame(); !strings.Contains(msg, "Hardest step") {
		t.Errorf("with the option on, a new game says %q: want its hardest step", msg)
	}
}

// TestBrowserEscDeselects: Esc shrinks a selection to one cell, then
// takes that cell out of the selection too, as players expect; it does not
// pause the game (P does).
func TestBrowserEscDeselects(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.key(kbArrowRight, chromedp.ModifierShift)
		p.key(kbEscape)
		if got := p.selected(); got != "1" {
			t.Errorf("Esc with two cells selected leaves %q selected, want the cursor's", got)
		}
		p.key(kbEscape)
		if got := p.selected(); got != "" {
			t.Errorf("Esc with one cell selected leaves %q selected, want none", got)
		}
		if paused := p.eval(`String(!document.getElementById('paused').hidden)`); paused != "false" {
			t.Error("Esc paused the game")
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.unit, .cell.same, .cell.cursor').length)`); n != "0" {
			t.Errorf("with nothing selected, %s cells are highlighted", n)
		}
		p.key("5")
		if got := p.board()[1]; got != '.' {
			t.Errorf("a digit with nothing selected went into r1c2: %c", got)
		}
		p.key(kbArrowRight)
		if got := p.selected(); got != "2" {
			t.Errorf("an arrow after Esc selects %q, want the next cell", got)
		}
	})
}
