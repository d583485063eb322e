package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
)

// engineLoadedJS lists the offline engine's files the page has loaded
// (resource timing): js/engine.js and the worker's script.
const engineLoadedJS = `performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((n) => n === '/js/engine.js' || n.startsWith('/engine/')).join(' ')`

// goOffline stops the page's server once its service worker keeps the
// files, and reloads the page from them.
func (p *page) goOffline() {
	p.t.Helper()
	p.waitWorker()
	p.stopServer()
	p.poll(`document.getElementById('message').textContent.includes('the game runs offline')`)
}

// stopServer stops the page's server, its refused requests allowed in the
// console, and reloads the page, whose files then come from its service
// worker.
func (p *page) stopServer() {
	p.t.Helper()
	p.mu.Lock()
	p.allowed = []string{"net::ERR_CONNECTION_REFUSED"}
	p.mu.Unlock()
	p.srv.CloseClientConnections()
	p.srv.Close()
	p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
}

// TestBrowserEngine plays with the server stopped, on the offline engine
// (WebAssembly, engine.js): Check marks a wrong entry, Hint gives a step,
// the daily puzzle of a level is the server's, and New game makes a
// puzzle of the asked level with one solution.
func TestBrowserEngine(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.goOffline()
		if got := p.eval(engineLoadedJS); got != "" {
			t.Errorf("the engine is loaded before it is needed: %s", got)
		}

		p.cell(0) // 5 fits the rules in cell 0 but is not the solution's 4.
		p.digit(5)
		p.press("check")
		p.poll(`document.querySelector('[data-cell="0"]').classList.contains('wrong')`)
		if msg := p.text("message"); !strings.Contains(msg, "1 of 1 entries are wrong") {
			t.Errorf("offline, check says %q", msg)
		}
		p.screenshot("offline-engine-check")
		p.press("undo")

		p.press("hint")
		p.waitHint()
		p.poll(`document.getElementById('hint-text').textContent !== ''`)
		if text := p.text("hint-text"); !strings.Contains(text, "Where to look") {
			t.Errorf("offline, the hint says %q", text)
		}
		p.screenshot("offline-engine-hint")
		if got := p.eval(engineLoadedJS); !strings.Contains(got, "/engine/worker.js") || p.eval(`typeof globalThis.godokuEngine`) != "undefined" {
			t.Errorf("the engine does not run in its worker: the page loaded %q, and has godokuEngine: %s", got, p.eval(`typeof globalThis.godokuEngine`))
		}
		p.press("hint-close")

		today := p.eval(dayJS(0))
		p.do(chromedp.SetValue(chromedp.ID("level"), "Medium"))
		p.menuItem("daily")
		p.poll(`document.getElementById('info').textContent.includes('Daily puzzle of')`)
		status, out := post(t, p.srv.Config.Handler, "/api/generate", `{"level": "Medium", "date": "`+today+`"}`)
		if want, _ := out["puzzle"].(string); status != 200 || p.board() != want {
			t.Errorf("offline, the daily puzzle of %s is\n%s, want the server's\n%s (%d)", today, p.board(), want, status)
		}

		p.do(chromedp.SetValue(chromedp.ID("level"), "Hard"), chromedp.Click(chromedp.ID("new")))
		p.poll(`document.getElementById('info').textContent.startsWith('Hard')`)
		if info := p.text("info"); !strings.HasSuffix(info, " · offline") {
			t.Errorf("offline, the status line says %q, want it to end with offline", info)
		}
		board := p.board()
		g, err := sudoku.Parse(board)
		if err != nil {
			t.Fatalf("offline, the new game %s: %v", board, err)
		}
		if n, _ := solver.Count(context.Background(), &g, 2); n != 1 {
			t.Errorf("offline, the new game %s has %d solutions", board, n)
		}
		p.screenshot("offline-engine-new")
		p.setTheme("dark")
		p.screenshot("offline-engine-new-dark")
	})
}

// TestBrowserEngineTimes measures the offline engine in the browser: a new
// game at each level (days' daily puzzles, the same work on every run)
// and a hint, against the same calls on the server's code natively. The
// figures go to docs/web.md; it checks only that the answers agree.
func TestBrowserEngineTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("measures")
	}
	p := newPage(t, screens[0])
	p.open("#p=" + easyDots)
	p.goOffline()
	// The engine's worker, as the page starts it (engine.js), called
	// directly: the time of a call is from the page's post to its answer.
	p.eval(`window.eng = new Worker('engine/worker.js'), ''`)
	const callJS = `new Promise((ok) => {
	  const t0 = performance.now();
	  eng.onmessage = (e) => ok(JSON.stringify([performance.now() - t0, e.data.status, e.data.text, e.data.error || '']));
	  eng.postMessage({ id: 1, name: %q, body: %q });
	})`
	call := func(name, body string) (got []any) {
		out, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(callJS, name, body), chromedp.EvalAwaitPromise))
		if err == nil {
			err = json.Unmarshal([]byte(out), &got)
		}
		if err != nil || got[1] == nil {
			t.Fatalf("%s %s in the engine's worker: %v %v", name, body, err, got)
		}
		return got
	}
	call("solve", `{"puzzle": "`+easyDots+`"}`) // loads the engine
	const days = 5
	for _, level := range append(Levels, "hint") {
		var browser, native []float64
		for d := 1; d <= days; d++ {
			body := fmt.Sprintf(`{"level": %q, "date": "2026-01-%02d"}`, level, d)
			name := "generate"
			if level == "hint" {
				name, body = "hint", `{"puzzle": "`+easyDots+`"}`
			}
			got := call(name, body)
			browser = append(browser, got[0].(float64))
			start := time.Now()
			status, out := post(t, p.srv.Config.Handler, "/api/"+name, body)
			native = append(native, float64(time.Since(start).Microseconds())/1000)
			if want := fmt.Sprint(out["puzzle"]); status != 200 || got[1].(float64) != 200 || (name == "generate" && !strings.Contains(got[2].(string), want)) {
				t.Errorf("%s %s: the engine says %v %s, the server %d %v", name, body, got[1], got[2], status, out)
			}
		}
		sort.Float64s(browser)
		sort.Float64s(native)
		t.Logf("%-8s wasm median %7.1f ms (min %7.1f, max %7.1f); server median %6.1f ms", level, browser[days/2], browser[0], browser[days-1], native[days/2])
	}
}

// busyJS watches the page's main thread while a new game is made: the
// long tasks (over 50 ms, Chromium's Long Tasks API) from now on, their
// start and length; the times of the ticks of a timer that re-arms itself
// while the New game button is disabled (the game is being made), and of
// the first tick after (end); and the times at which the page posted a
// call to a Web Worker (posted) and had its answer (answered). All are
// in ms after the click.
const busyJS = `(() => {
  const busy = window.busy = { tasks: [], ticks: [], end: 0, posted: 0, answered: 0 };
  const t0 = performance.now();
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.startTime >= t0) busy.tasks.push([e.startTime - t0, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    busy.posted = performance.now() - t0;
    this.addEventListener('message', () => { busy.answered = performance.now() - t0; }, { once: true });
    Worker.prototype.postMessage = post;
    return post.apply(this, args);
  };
  const tick = () => {
    const now = performance.now() - t0;
    if (document.getElementById('new').disabled) busy.ticks.push(now);
    else if (!busy.end) busy.end = now;
    if (!busy.done) setTimeout(tick, 0);
  };
  document.getElementById('new').click();
  setTimeout(tick, 0);
  return '';
})()`

// A busy is what busyJS saw.
type busy struct {
	Tasks            [][2]float64 // start, length
	Ticks            []float64
	End              float64
	Posted, Answered float64
}

// longest is the longest task of the main thread, 0 when none took over
// 50 ms.
func (b busy) longest() float64 {
	var m float64
	for _, d := range b.Tasks {
		m = max(m, d[1])
	}
	return m
}

// ticksBetween counts the timer's ticks between two times.
func (b busy) ticksBetween(from, to float64) int {
	n := 0
	for _, at := range b.Ticks {
		if at > from && at < to {
			n++
		}
	}
	return n
}

// newGameBusy makes a new game of the level with the New game button, on
// the offline engine, and returns what busyJS saw meanwhile.
func (p *page) newGameBusy(level string) busy {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.ID("level"), level))
	before := p.board()
	p.eval(busyJS)
	p.poll(`!document.getElementById('new').disabled && document.getElementById('info').textContent.startsWith('` + level + `') && window.busy.end > 0`)
	if p.board() == before {
		p.t.Fatalf("New game at %s made no new game: %s", level, p.text("message"))
	}
	// The observer reports a task after it ends: one more round of the
	// event loop lets it.
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`new Promise((ok) => setTimeout(() => { window.busy.done = true; ok(''); }, 0))`, chromedp.EvalAwaitPromise)); err != nil {
		p.t.Fatal(err)
	}
	var got busy
	p.evalJSON(`window.busy`, &got)
	return got
}

// TestBrowserEngineResponsive makes new games at the hardest level
// offline and checks that the engine runs off the page's thread (a Web
// Worker, engine.js) and that the page stays responsive meanwhile: a timer
// runs while the worker makes the game. It logs the longest tasks of the
// page's main thread (docs/web.md).
func TestBrowserEngineResponsive(t *testing.T) {
	p := newPage(t, phone)
	p.open("#p=" + easyDots)
	p.goOffline()
	b := p.newGameBusy("Easy") // loads the engine
	t.Logf("first offline new game (Easy, loads the engine): %.0f ms, longest main-thread task %.0f ms", b.End, b.longest())
	for range 3 {
		b := p.newGameBusy("Extreme")
		t.Logf("new game, Extreme: %.0f ms, in the worker from %.0f to %.0f ms, %d timer ticks meanwhile; longest main-thread task %.0f ms (%v)",
			b.End, b.Posted, b.Answered, b.ticksBetween(b.Posted, b.Answered), b.longest(), b.Tasks)
		if b.Answered == 0 {
			t.Fatalf("a new Extreme game offline was made on the page's thread, not in a worker (longest task %.0f ms)", b.longest())
		}
		if b.ticksBetween(b.Posted, b.Answered) == 0 {
			t.Errorf("the page was unresponsive while the worker made a new Extreme game, from %.0f to %.0f ms: the timer's ticks at %v ms", b.Posted, b.Answered, b.Ticks)
		}
	}
}

// TestBrowserEngineTools uses, with the server stopped under the page,
// the tools that need the puzzle's solution, its logical path or the
// classic solver's trace, on the offline engine: Watch from the givens,
// from the player's board and from their marks, a wrong digit pointed
// out; Watch the classic solver; Reveal; and Solve.
func TestBrowserEngineTools(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		empty := emptyCells(easyDots)
		for _, i := range empty[:3] {
			p.cell(i)
			p.digit(int(easySol[i] - '0'))
		}
		board := p.board()
		p.goOffline()

		p.watchFrom("givens")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got != easyDots {
			t.Errorf("offline, Watch starts from\n%s, want the givens\n%s", got, easyDots)
		}
		if n := p.eval(`String(document.querySelectorAll('#replay-log li').length)`); n != fmt.Sprint(len(empty)+1) {
			t.Errorf("offline, the path from the givens has %s frames, want %d", n, len(empty)+1)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("offline, the replay's last step shows\n%s", got)
		}
		p.screenshot("offline-watch")
		p.press("replay-close")

		// The classic solver's replay, from the givens.
		p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({replay: 'trace'})), ''`)
		p.reload()
		p.press("replay")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got != easyDots {
			t.Errorf("offline, the classic solver's replay starts at\n%s, want the givens\n%s", got, easyDots)
		}
		if got := p.eval(`document.getElementById('replay-source').value`); got != "trace" {
			t.Errorf("offline, the replay's solver is %q, want the classic solver's trace", got)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("offline, the classic solver's replay ends with\n%s", got)
		}
		p.screenshot("offline-watch-trace")
		p.press("replay-close")

		p.watchFrom("board")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got != board {
			t.Errorf("offline, Solve from here starts from\n%s, want the player's board\n%s", got, board)
		}
		if n := p.eval(`String(document.querySelectorAll('#replay-log li').length)`); n != fmt.Sprint(len(empty)-3+1) {
			t.Errorf("offline, the path from the board has %s frames, want %d", n, len(empty)-3+1)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("offline, the last step from the board shows\n%s", got)
		}
		p.press("replay-close")

		p.press("auto")
		p.watchFrom("marks")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if first := p.eval(`document.querySelector('#replay-log li').textContent`); !strings.Contains(first, "your board and marks") {
			t.Errorf("offline, the replay from the marks starts with %q", first)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("offline, the last step from the marks shows\n%s", got)
		}
		p.press("replay-close")
		p.press("auto")

		i := empty[3]
		bad := otherCandidate(t, board, i, easySol[i])
		p.cell(i)
		p.digit(int(bad[0] - '0'))
		p.watchFrom("board")
		want := fmt.Sprintf("r%dc%d holds %s, which is not the solution's digit", i/9+1, i%9+1, bad)
		p.poll(fmt.Sprintf(`document.getElementById('message').textContent.includes(%q)`, want))
		if !p.hasClass(i, "wrong") {
			t.Error("offline, the wrong digit is not marked")
		}
		p.press("undo")

		p.cell(empty[4])
		p.press("reveal")
		p.poll(fmt.Sprintf(`document.querySelector('[data-cell="%d"] .value').textContent === %q`, empty[4], easySol[empty[4]:empty[4]+1]))

		p.press("solve")
		p.answer(true)
		p.waitResult()
		if got := p.board(); got != easySol {
			t.Errorf("offline, Solve shows\n%s, want\n%s", got, easySol)
		}
		if got := p.text("result-title"); got != "Solution shown" {
			t.Errorf("offline, after Solve the result is %q", got)
		}
		p.screenshot("offline-solved")
	})
}

// TestBrowserOfflineGames plays whole games offline at phone size, in the
// light and the dark theme: a new game at a level on the offline engine,
// a hint applied, a wrong digit that Check finds, and every other cell
// tapped in to the win. With $GODOKU_SCREENSHOTS set it keeps a picture of
// each stage, to look at.
func TestBrowserOfflineGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	p := newPage(t, phone)
	p.open("#p=" + easyDots)
	p.goOffline()
	for k, game := range []struct{ level, theme string }{{"Easy", "light"}, {"Hard", "dark"}, {"Extreme", "light"}} {
		p.setTheme(game.theme)
		name := fmt.Sprintf("offline-game%d-%s-%s", k+1, game.level, game.theme)
		p.do(chromedp.SetValue(chromedp.ID("level"), game.level))
		before := p.board()
		p.press("new")
		p.poll(`!document.getElementById('new').disabled && document.getElementById('info').textContent.startsWith('` + game.level + `')`)
		board := p.board()
		// The last game's win waves over its board for 2.5 s: not over
		// the next game's.
		if p.eval(`String(document.getElementById('board').classList.contains('celebrate'))`) != "false" {
			t.Errorf("offline, the new %s game's board still waves for the last game's win", game.level)
		}
		g, err := sudoku.Parse(board)
		if err != nil || board == before {
			t.Fatalf("offline, New game at %s shows %s (before %s): %v", game.level, board, before, err)
		}
		solution, ok := solver.Solve(&g)
		if !ok {
			t.Fatalf("offline, the new %s game %s has no solution", game.level, board)
		}
		sol := solution.String()
		p.screenshot(name + "-new")

		p.explainHint()
		p.screenshot(name + "-hint")
		p.press("hint-apply")
		p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
		board = p.board()
		for i := range 81 {
			if board[i] != '.' && board[i] != sol[i] {
				t.Fatalf("offline, after the hint r%dc%d holds %c, the solution %c", i/9+1, i%9+1, board[i], sol[i])
			}
		}

		empty := emptyCells(board)
		wrong := empty[0]
		p.cell(wrong)
		p.digit(int(sol[wrong]-'0')%9 + 1) // not the solution's digit
		p.press("check")
		p.poll(fmt.Sprintf(`document.querySelector('[data-cell="%d"]').classList.contains('wrong')`, wrong))
		p.screenshot(name + "-check")
		for n, i := range empty {
			p.cell(i)
			p.digit(int(sol[i] - '0'))
			if n == len(empty)/2 {
				p.screenshot(name + "-half")
			}
		}
		p.waitResult()
		if got := p.board(); got != sol {
			t.Errorf("offline, the %s game ends with\n%s, want\n%s", game.level, got, sol)
		}
		p.screenshot(name + "-won")
		if got := p.eval(`['filter', 'pairs'].map((id) => document.getElementById(id).disabled).join()`); got != "true,true" {
			t.Errorf("offline, after the win Filter and Pairs are disabled: %s, want true,true (nothing left to filter)", got)
		}
		p.press("result-close")
	}
}

// TestBrowserEngineLoadFails takes each of the offline engine's files out
// of the service worker's copies, with the server stopped: Hint then says
// the server cannot be reached (not a hang, nor a script error), and once
// the file is back the next Hint loads the engine again and gives a step.
func TestBrowserEngineLoadFails(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + easyDots)
	p.goOffline()
	for _, file := range []string{"/engine/worker.js", "/engine/wasm_exec.js", "/engine/engine.wasm"} {
		// A reload ends the worker of the last round, which had the
		// engine loaded.
		p.do(chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready]`)))
		p.eval(fmt.Sprintf(`window.kept = null; (async () => {
			const c = await caches.open((await caches.keys()).find((k) => k.startsWith('godoku-')));
			window.kept = await c.match(%[1]q);
			await c.delete(%[1]q);
		})(); ''`, file))
		p.poll(`window.kept !== null`)
		p.press("hint")
		// The status line said that the game runs offline; this is the
		// message of a call that needs the server.
		p.poll(`document.getElementById('message').textContent === 'The server cannot be reached: this needs it.'`)
		if p.eval(`String(document.getElementById('hint-panel').hidden)`) != "true" {
			t.Errorf("without %s, the hint panel shows", file)
		}
		if file == "/engine/engine.wasm" {
			// A worker whose engine fails to load before any call awaits
			// it says nothing in the console (an unhandled rejection did,
			// which failed this test in CI when the failure came first).
			p.eval(`window.bare = new Worker('engine/worker.js'), window.waited = false, setTimeout(() => { window.waited = true; }, 1000), ''`)
			p.poll(`window.waited`)
		}
		p.eval(fmt.Sprintf(`window.back = false; (async () => {
			const c = await caches.open((await caches.keys()).find((k) => k.startsWith('godoku-')));
			await c.put(%q, window.kept);
			window.back = true;
		})(); ''`, file))
		p.poll(`window.back === true`)
		p.press("hint")
		p.waitHint()
		p.poll(`document.getElementById('hint-text').textContent.includes('Where to look')`)
		p.press("hint-close")
	}
}
