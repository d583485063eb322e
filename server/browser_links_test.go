package server

import (
	"strings"
	"testing"
)

// TestBrowserBadLinks opens links that hold no puzzle the page can play:
// each is refused with a message that says what is wrong, and the game
// kept stays on show; a link's time is bounded.
func TestBrowserBadLinks(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.cell(0)
		p.digit(4)
		clash := "55" + easyDots[2:]
		for _, tt := range []struct{ link, want string }{
			{"#p=123", "81"},
			{"#p=" + clash, "r1c1"},
			{"#s=!!!!", "cannot be read"},
			{"#p=" + easyDots + "&e=12", "entries"},
		} {
			p.open(tt.link)
			p.poll(`document.getElementById('message').textContent !== ''`)
			if msg := p.text("message"); !strings.Contains(msg, tt.want) || !p.hasClass(0, "given") && p.board()[0] != '4' {
				t.Errorf("%s: the page says %q (want it to name %q) and shows\n%s", tt.link, msg, tt.want, p.board())
			}
		}
		p.open("#p=" + easyDots + "&e=" + strings.Repeat(".", 81) + "&t=99999999999")
		timer := p.text("timer")
		if timer != "99:59:59" {
			t.Errorf("a link's time of 99999999999 s shows %q, want it bounded to 99:59:59", timer)
		}
		if over := p.eval(`String(document.getElementById('timer').scrollWidth > document.getElementById('timer').clientWidth)`); over != "false" {
			t.Errorf("the timer %q is cut off in its box", timer)
		}
		if msg := p.text("message"); !strings.Contains(msg, "time") {
			t.Errorf("the page says %q of a link with too long a time", msg)
		}
	})
}

// TestBrowserServerDown stops the server under the page: nothing fails in
// silence; Check, Hint and New game go on with the offline engine
// (engine.js), loaded then, without a reload. The parts of
// the page loaded when first used (the QR code, the picture) come from the
// service worker's copies, once it has kept them.
func TestBrowserServerDown(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.waitWorker()
		p.mu.Lock()
		p.allowed = []string{"net::ERR_CONNECTION_REFUSED"}
		p.mu.Unlock()
		p.srv.CloseClientConnections()
		p.srv.Close()
		// Check works from the solution the page already has.
		p.cell(0)
		p.digit(5)
		p.press("check")
		p.poll(`document.getElementById('message').textContent !== ''`)
		if msg := p.text("message"); !strings.Contains(msg, "1 of 1 entries are wrong") {
			t.Errorf("Check with the server down says %q", msg)
		}
		p.press("undo")
		p.press("hint")
		p.waitHint()
		p.poll(`document.getElementById('hint-text').textContent !== ''`)
		p.press("hint-close")
		p.qrWorks("with the server down")
		p.menuItem("picture")
		p.poll(`document.getElementById('message').textContent !== ''`)
		if msg := p.text("message"); msg != "Picture saved as sudoku.png." {
			t.Errorf("Save a picture with the server down says %q", msg)
		}
		p.eval(`document.getElementById('message').textContent = '', ''`)
		p.press("new")
		p.poll(`document.getElementById('message').textContent.startsWith('New Easy game')`)
		if board := p.board(); board == easyDots || strings.Count(board, ".") == 0 {
			t.Errorf("New game with the server down shows\n%s", board)
		}
	})
}
