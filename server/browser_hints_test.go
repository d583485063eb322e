package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The puzzle whose first step is a Hidden Single: its nudge names the unit
// the reason speaks of.
const hiddenFirst = mediumDots

// TestBrowserHintTiers: a hint is first a nudge (where to look, the
// technique), then the whole explanation, then applied, one tier a press;
// Settings can start hints at the explanation. In German too.
func TestBrowserHintTiers(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + hiddenFirst)
		step := hintStep(t, p.url, hiddenFirst)
		var unit string
		for _, a := range step.Why.Args {
			if a.Unit != "" {
				unit = a.Unit
			}
		}
		if unit == "" {
			t.Fatalf("the first step %s names no unit", step.Technique)
		}
		inWords := map[byte]string{'r': "row ", 'c': "column ", 'b': "box "}[unit[0]] + unit[1:]
		p.press("hint")
		p.waitHint()
		if text := p.text("hint-text"); !strings.Contains(text, "Where to look: "+inWords+".") || !strings.Contains(text, step.Technique.String()) {
			t.Errorf("the nudge says %q, want %s and %s", text, inWords, step.Technique)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.pattern').length)`); n != "9" {
			t.Errorf("the nudge shows %s cells, want the 9 of %s", n, unit)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.target, .cand:not([hidden])').length)`); n != "0" {
			t.Errorf("the nudge gives away %s cells or candidates", n)
		}
		if p.text("hint") != "More" || p.eval(`String(document.getElementById('hint-apply').hidden)`) != "true" {
			t.Errorf("with a nudge on show, Hint says %q and Apply is on show", p.text("hint"))
		}
		p.screenshot("nudge")
		p.press("hint-more")
		if text := p.text("hint-text"); text != step.Explanation {
			t.Errorf("the second tier says %q, want %q", text, step.Explanation)
		}
		if n := p.eval(`String(document.querySelectorAll('.cell.target').length)`); n != "1" {
			t.Errorf("the explanation rings %s cells, want the one it fills", n)
		}
		before := strings.Count(p.board(), ".")
		p.press("hint-apply")
		p.do(chromedp.WaitNotVisible(chromedp.ID("hint-panel")))
		if after := strings.Count(p.board(), "."); after != before-1 {
			t.Errorf("the third press left %d empty cells, want %d", after, before-1)
		}
		p.press("undo")

		// Starting at the explanation, in Settings.
		p.press("menu-button")
		p.press("settings")
		p.do(chromedp.WaitVisible(chromedp.ID("settings-dialog")))
		p.eval(`(() => { const s = document.getElementById('opt-hint'); s.value = 'explain'; s.dispatchEvent(new Event('change')); })(), ''`)
		p.tap(`#settings-dialog [data-close]`)
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
		if text := p.text("hint-text"); text != step.Explanation {
			t.Errorf("a hint that starts at the explanation says %q", text)
		}
		p.press("hint-close")
		p.reload()
		p.press("hint")
		p.do(chromedp.WaitVisible(chromedp.ID("hint-apply")))
		p.press("hint-close")

		// A nudge in German.
		p.eval(`(() => { const s = document.getElementById('opt-hint'); s.value = 'nudge'; s.dispatchEvent(new Event('change')); })(), ''`)
		p.chooseLanguage("de", "de")
		de := words(t, "de")
		p.press("hint")
		p.waitHint()
		unitDe := strings.ReplaceAll(de["unit."+unit[:1]], "{0}", unit[1:])
		want := strings.NewReplacer("{0}", unitDe, "{1}", de["tech."+step.Technique.String()]).Replace(de["hintNudge"])
		if text := p.text("hint-text"); text != want {
			t.Errorf("the German nudge says %q, want %q", text, want)
		}
	})
}

// drawnPositions are positions whose next step from the player's centre
// marks (the candidates as the HoDoKu path leaves them) has a picture of
// its own: technique, name, puzzle, grid, centre marks.
var drawnPositions = []struct{ technique, name, puzzle, grid, cands string }{
	{"Simple Colors", "simpleColors", "......6894......7.....26...2...6.34...49..8.2...........87.5....6.83......7......", "...4..6894.6.8927.789.26...29..683476749.38.28..2.......87.5....6.83.7....76....8", "15,23,23,,157,17,,,,,15,,135,,,,,135,,,,135,,,145,135,1345,,,15,15,,,,,,,,,,15,,,15,,,35,135,,47,47,159,1569,156,139,124,,,149,,149,12369,1346,159,,25,,,124,,1259,145,1359,1245,,,149,124,1459,12359,"},                                                                                               // Simple Colors: 5 trap in r1c1,r1c5,r2c2,r5c5,r5c8,r4c4,r4c3 => r6c2<>5
	{"Multi Colors 1", "multiColors", "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...", "....3...27..4......3.2...9..6..2....8.....7........1..4.37.1......6.2.35...3.8...", "569,4589,145689,159,,5679,568,47,,,2589,25689,,68,569,3568,1568,1368,156,,14568,,1678,567,568,,47,1359,,14579,1589,,34579,3589,458,3489,,12459,2459,159,16,34569,,2456,3469,2359,24579,24579,589,67,345679,,24568,34689,,2589,,,59,,2689,68,689,19,1789,1789,,49,,489,,,2569,259,2569,,459,,24,17,17"}, // Multi Colors 1: 1 (r1c3,r3c5) / (r1c4,r5c5), (r5c2) / (r8c2) => r8c3<>1
	{"Finned Swordfish", "finnedSwordfish", "5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..", "518.....76.29.1...4.9.......87.5...4.6.....3..9....6...263...1.7...8..........2..", ",,,246,2346,2346,49,2469,,,37,,,47,,3458,458,358,,37,,58,267,58,13,26,1236,123,,,126,,2369,19,29,,12,,45,12478,1249,24789,15789,,12589,123,,45,12478,1234,2348,,2578,1258,89,,,,49,4579,45789,,589,,45,13,12456,,24569,3459,4569,3569,89,45,13,14567,1469,45679,,456789,35689"},                  // Finned Swordfish: 9 in r1,r4,r8 on c6,c7,c8 fin r8c9 => r7c7<>9, r9c8<>9
	{"Continuous Nice Loop", "niceLoop", ".5.4.9......6....12.....3..7.3...2.....5...9.1.........68....4.....8........7....", ".514.9......6....12.....3..7.3...2.5...5...9.1.5.......68....4.....8........7....", "368,,,,23,,678,2678,2678,3489,37,479,,235,2358,49,258,,,48,469,178,15,1578,,568,49,,489,,189,1469,18,,168,,68,248,46,,1234,12378,178,,3478,,2489,,23789,246,2378,4678,3678,34678,39,,,1239,12359,1235,179,,237,3459,137,2479,1239,,46,1569,1236,2369,3459,13,249,1239,,46,15689,12368,23689"},       // Continuous Nice Loop: 6r3c8=6r3c3-6r5c3=4r5c3-4r4c2=4r4c5-6r4c5=6r4c8 => r1c8<>6, r4c5<>1,
	{"Forcing Chain Verity", "forcingVerity", "2...8.61..7....4...5..2....4..13.....9.........2..7..93...9...8..7..2......5..1..", "2...8.61..7....4...5..2....4..139...79.2....1..2..7..93...9...8..7..2......57.1..", ",34,349,479,,45,,,357,1689,,3689,369,156,1356,,23589,235,168,,146,34679,,1346,3789,3789,37,,68,568,,,,257,25678,2567,,,356,,456,4568,358,34568,,1568,1368,,468,456,,358,34568,,,246,1456,46,,146,257,2567,,15689,1468,,38,146,,359,3569,3456,689,2468,4689,,,38,,2369,2346"},                   // Forcing Chain Verity: 1r7c3-5r7c3=5r8c1-6r8c1; 1r8c1-6r8c1; 1r8c2-1r6c2=1r6c1-5r6c1=5r8c1-6r8c1 => r8c1<>6
	{"Grouped AIC", "groupedAIC", "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9", "5..2.13.4....8..9...2.34..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9", ",678,689,,69,,,78,,134,346,134,567,,57,257,,1257,19,78,,579,,,1578,1578,,,23458,348,,245,278,,357,237,2389,,389,78,2569,2789,2567,,2357,249,245,,69,24569,,1256,156,,,268,168,,129,29,,568,15,1348,,13468,458,,58,168,,13,12348,2348,,48,12,,178,1378,"},                                                   // Grouped AIC: 7r1c8=8r1c8-8r7c8=8r7c23-8r89c1=8r5c1-8r5c4=7r5c4-7r23c4=7r2c6 => r2c7<>7, r2
}

// hintDrawing asks the server for the hint of a position with centre
// marks, as the page does.
func hintDrawing(t *testing.T, url, puzzle, grid, cands string) (s struct {
	Technique string `json:"technique"`
	Draw      struct {
		Links []struct {
			From, To []cellDigit
			Strong   bool `json:"strong"`
		} `json:"links"`
		Colors [][]cellDigit `json:"colors"`
		Base   []string      `json:"base"`
		Cover  []string      `json:"cover"`
		Fins   []cellDigit   `json:"fins"`
	} `json:"draw"`
}) {
	t.Helper()
	notes := make([][]int, 81)
	for i, ds := range strings.Split(cands, ",") {
		notes[i] = []int{}
		for _, d := range ds {
			notes[i] = append(notes[i], int(d-'0'))
		}
	}
	body, _ := json.Marshal(map[string]any{"puzzle": puzzle, "grid": grid, "notes": notes})
	res, err := http.Post(url+"/api/hint", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r struct {
		Step *json.RawMessage `json:"step"`
	}
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil || r.Step == nil {
		t.Fatalf("hint: %v %v", err, r)
	}
	if err := json.Unmarshal(*r.Step, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// cellDigit is a candidate as the API writes it.
type cellDigit struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// linkEndsJS gives, per arrow drawn over the board, its two ends on the
// screen and whether it is dashed or drawn as strong.
const linkEndsJS = `(() => {
  const svg = document.querySelector('svg.links');
  const m = svg.getScreenCTM();
  const at = (p, len) => { const q = p.getPointAtLength(len); const r = new DOMPoint(q.x, q.y).matrixTransform(m); return { x: r.x, y: r.y }; };
  return [...svg.querySelectorAll('path.link')].map((p) => ({ start: at(p, 0), end: at(p, p.getTotalLength()),
    dashed: getComputedStyle(p).strokeDasharray !== 'none', solid: p.classList.contains('strong') }));
})()`

// TestBrowserHintDrawings shows hints that draw themselves: a chain's
// links as arrows from candidate to candidate (strong solid, weak dashed),
// a continuous loop closed, a grouped chain's groups ringed, Simple and
// Multi Colors in two pairs of colours, a fish's base and cover units
// shaded apart with its fin ringed; the colours readable in both themes,
// and axe clean.
func TestBrowserHintDrawings(t *testing.T) {
	axeOnce(t)
	forScreens(t, func(t *testing.T, p *page) {
		for _, pos := range drawnPositions {
			want := hintDrawing(t, p.url, pos.puzzle, pos.grid, pos.cands)
			if want.Technique != pos.technique {
				t.Fatalf("%s: the server's hint is a %s", pos.name, want.Technique)
			}
			p.open(marksLink(pos.puzzle, pos.grid, pos.cands))
			p.explainHint()
			if title := p.text("hint-title"); !strings.Contains(title, pos.technique) {
				t.Fatalf("%s: the hint is %q", pos.name, title)
			}
			p.eval(contrastJS)
			if len(want.Draw.Links) > 0 {
				var ends []struct {
					Start, End    struct{ X, Y float64 }
					Dashed, Solid bool
				}
				p.evalJSON(linkEndsJS, &ends)
				if len(ends) != len(want.Draw.Links) {
					t.Errorf("%s: %d arrows drawn, want the %d links", pos.name, len(ends), len(want.Draw.Links))
				}
				cell := p.rect(`[data-cell="0"]`).Width
				// centre is where a node is drawn on the screen: its
				// candidate, or the middle of a group's.
				centre := func(cs []cellDigit) (x, y float64) {
					for _, c := range cs {
						i := int(c.Cell[1]-'1')*9 + int(c.Cell[3]-'1')
						r := p.rect(fmt.Sprintf(`[data-cell="%d"] .cand span:nth-child(%d)`, i, c.Digit))
						x += (r.Left + r.Right) / 2 / float64(len(cs))
						y += (r.Top + r.Bottom) / 2 / float64(len(cs))
					}
					return x, y
				}
				for k, l := range want.Draw.Links {
					if k >= len(ends) {
						break
					}
					e := ends[k]
					fx, fy := centre(l.From)
					tx, ty := centre(l.To)
					if d := math.Hypot(e.Start.X-fx, e.Start.Y-fy); d > cell*0.5 {
						t.Errorf("%s: arrow %d starts %.0f px from its node %v", pos.name, k, d, l.From)
					}
					if d := math.Hypot(e.End.X-tx, e.End.Y-ty); d > cell*0.5 {
						t.Errorf("%s: arrow %d ends %.0f px from its node %v", pos.name, k, d, l.To)
					}
					if e.Dashed == l.Strong || e.Solid != l.Strong {
						t.Errorf("%s: arrow %d (strong %v) is dashed %v", pos.name, k, l.Strong, e.Dashed)
					}
				}
			}
			for k, col := range want.Draw.Colors {
				var n int
				p.evalJSON(fmt.Sprintf(`document.querySelectorAll('.cand span.col%d').length`, k), &n)
				if n != len(col) {
					t.Errorf("%s: %d candidates of colour %d, want %d", pos.name, n, k, len(col))
				}
			}
			if len(want.Draw.Base) > 0 {
				var base, cover, fins int
				p.evalJSON(`document.querySelectorAll('.cell.fish-base').length`, &base)
				p.evalJSON(`document.querySelectorAll('.cell.fish-cover').length`, &cover)
				p.evalJSON(`document.querySelectorAll('.cand span.fin').length`, &fins)
				if base != 9*len(want.Draw.Base) || cover == 0 || fins != len(want.Draw.Fins) {
					t.Errorf("%s: %d base cells, %d cover cells, %d fins; want %d base cells, some cover, %d fins",
						pos.name, base, cover, fins, 9*len(want.Draw.Base), len(want.Draw.Fins))
				}
			}
			for _, theme := range []string{"light", "dark"} {
				p.setTheme(theme)
				var low []string
				p.evalJSON(`lowContrast()`, &low)
				if len(low) > 0 {
					t.Errorf("%s, %s theme: text under 4.5:1: %s", pos.name, theme, strings.Join(low, "; "))
				}
				p.screenshot(pos.name + "-" + theme)
			}
			p.setTheme("light")
			if pos.name == "niceLoop" || pos.name == "multiColors" || pos.name == "finnedSwordfish" {
				p.axe(pos.name)
			}
			p.press("hint-close")
			if n := p.eval(`String(document.querySelector('svg.links').hasAttribute('hidden'))`); n != "true" {
				t.Errorf("%s: the arrows stay after the hint is closed", pos.name)
			}
		}
	})
}

// TestBrowserReplayDrawings watches the logical path of a puzzle with
// chains: a chain's step draws its links as the hint does, and the next
// step takes them away.
func TestBrowserReplayDrawings(t *testing.T) {
	p := newPage(t, desktop)
	p.open("#p=" + xyChainPuzzle)
	p.do(chromedp.WaitVisible(chromedp.ID("replay")))
	p.eval(`localStorage.setItem('godoku.prefs.v1', JSON.stringify({replay: 'logic'})), ''`)
	p.reload()
	p.press("replay")
	p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
	p.poll(`document.querySelectorAll('#replay-log li').length > 10`)
	var texts []string
	p.evalJSON(`[...document.querySelectorAll('#replay-log li')].map(li => li.textContent)`, &texts)
	k := -1
	for i, s := range texts {
		if strings.HasPrefix(s, "XY-Chain: ") {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatalf("no XY-Chain on the path: %q", texts)
	}
	p.tap(fmt.Sprintf(`#replay-log li:nth-child(%d)`, k+1))
	nodes := strings.Count(strings.SplitN(texts[k], " => ", 2)[0], "r")
	var n int
	p.evalJSON(`document.querySelectorAll('svg.links:not([hidden]) path.link').length`, &n)
	if n != nodes-1 {
		t.Errorf("the step %q draws %d arrows, want %d", texts[k], n, nodes-1)
	}
	p.screenshot("replay-chain")
	p.key(kbArrowRight)
	if !strings.Contains(texts[k+1], "Chain") && !strings.Contains(texts[k+1], "Loop") && !strings.Contains(texts[k+1], "AIC") {
		if h := p.eval(`String(document.querySelector('svg.links').hasAttribute('hidden'))`); h != "true" {
			t.Errorf("the step after the chain, %q, still draws arrows", texts[k+1])
		}
	}
}

// watchFrom opens the logical replay from where the player is: "board" (the
// digits) or "marks" (digits and marks).
func (p *page) watchFrom(from string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => { const k = 'godoku.prefs.v1'; const v = JSON.parse(localStorage.getItem(k) || '{}'); v.replay = 'logic'; v.replayFrom = %q; localStorage.setItem(k, JSON.stringify(v)); })(), ''`, from))
	p.reload()
	p.press("replay")
}

// TestBrowserSolveFromHere replays the logical path from the player's
// board, digits and then marks as well, and points out a wrong digit or a
// mark that leaves out the solution, where no solution starts.
func TestBrowserSolveFromHere(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		empty := emptyCells(easyDots)
		for _, i := range empty[:3] {
			p.cell(i)
			p.digit(int(easySol[i] - '0'))
		}
		board := p.board()
		p.watchFrom("board")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if got := p.board(); got != board {
			t.Errorf("the replay starts from\n%s, want the player's board\n%s", got, board)
		}
		if first := p.eval(`document.querySelector('#replay-log li').textContent`); !strings.Contains(first, "your board, 35 digits") {
			t.Errorf("the first step says %q", first)
		}
		if n := p.eval(`String(document.querySelectorAll('#replay-log li').length)`); n != fmt.Sprint(len(empty)-3+1) {
			t.Errorf("the path from the board has %s frames, want %d", n, len(empty)-3+1)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("the last step shows\n%s", got)
		}
		p.press("replay-close")

		// From the marks: live candidates, one struck out by hand.
		p.press("auto")
		i := empty[3]
		other := otherCandidate(t, board, i, easySol[i])
		p.cell(i)
		p.press("mode-centre")
		p.digit(int(other[0] - '0'))
		p.press("mode-digit")
		p.watchFrom("marks")
		p.do(chromedp.WaitVisible(chromedp.ID("replay-panel")))
		if first := p.eval(`document.querySelector('#replay-log li').textContent`); !strings.Contains(first, "your board and marks") {
			t.Errorf("the first step says %q", first)
		}
		if c := p.centre(i); strings.Contains(c, other) {
			t.Errorf("the replay from the marks shows %q in r%dc%d, whose %s was struck out", c, i/9+1, i%9+1, other)
		}
		p.press("replay-last")
		if got := p.board(); got != easySol {
			t.Errorf("the last step from the marks shows\n%s", got)
		}
		p.press("replay-close")

		// A mark that leaves out the solution's digit.
		p.cell(i)
		p.press("mode-centre")
		p.digit(int(easySol[i] - '0'))
		p.press("mode-digit")
		p.press("replay")
		p.poll(`document.getElementById('message').textContent.includes('leave out')`)
		if !p.hasClass(i, "wrong") || p.eval(`String(document.getElementById('replay-panel').hidden)`) != "true" {
			t.Errorf("the cell whose marks leave out the solution is not marked, or the replay opened")
		}

		// A wrong digit.
		p.press("auto")
		p.cell(empty[4])
		bad := otherCandidate(t, p.board(), empty[4], easySol[empty[4]])
		p.digit(int(bad[0] - '0'))
		p.watchFrom("board")
		want := fmt.Sprintf("r%dc%d holds %s, which is not the solution's digit", empty[4]/9+1, empty[4]%9+1, bad)
		p.poll(fmt.Sprintf(`document.getElementById('message').textContent.includes(%q)`, want))
		if !p.hasClass(empty[4], "wrong") {
			t.Error("the wrong digit is not marked")
		}
	})
}
