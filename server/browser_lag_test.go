package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// eventTimingJS keeps the Event Timing API's durations of key presses: from
// the key's time to the next paint after its handlers ran, rounded to 8 ms
// (only those of 16 ms or more are reported).
const eventTimingJS = `window.keyTimes = []; new PerformanceObserver((l) => {
  for (const e of l.getEntries()) if (e.name === 'keydown') window.keyTimes.push(e.duration);
}).observe({ type: 'event', durationThreshold: 16, buffered: false }), ''`

// traceEvent is the part of a Chromium trace event the lag test reads.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`
	Dur  float64 `json:"dur"`
	Args struct {
		ElementCount int `json:"elementCount"`
		BeginData    struct {
			DirtyObjects int `json:"dirtyObjects"`
		} `json:"beginData"`
		Data struct {
			Type string `json:"type"`
		} `json:"data"`
	} `json:"args"`
}

// work is what the browser did for a key press, until the next input:
// elements restyled, objects laid out, and the layouts forced while the
// page's handler ran (each a layout of the page before it is drawn, which
// a handler should never need).
type work struct{ styled, laidOut, forced int }

// traceWork runs steps with tracing on and returns, per key press, the
// elements restyled and the layout objects laid out until the next input.
func (p *page) traceWork(steps ...chromedp.Action[chromedp.Void]) []work {
	p.t.Helper()
	var mu sync.Mutex
	var raws [][]byte
	complete := make(chan struct{})
	ctx, stop := context.WithCancel(p.ctx)
	defer stop()
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				raws = append(raws, []byte(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(complete)
		}
	})
	if err != nil {
		p.t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{
		TraceConfig: &tracing.TraceConfig{IncludedCategories: append([]string{"devtools.timeline"}, strings.Fields(os.Getenv("GODOKU_TRACE_CATS"))...)},
	}); err != nil {
		p.t.Fatal(err)
	}
	p.do(steps...)
	if _, err := chromedp.Call(p.ctx, tracing.End, cdp.Empty{}); err != nil {
		p.t.Fatal(err)
	}
	select {
	case <-complete:
	case <-p.ctx.Done():
		p.t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	if f := os.Getenv("GODOKU_TRACE"); f != "" {
		os.WriteFile(f, []byte("["+string(bytes.Join(raws, []byte(",")))+"]"), 0o644) //nolint:errcheck // a debugging aid
	}
	var all []traceEvent
	for _, raw := range raws {
		var e traceEvent
		if json.Unmarshal(raw, &e) == nil {
			all = append(all, e)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Ts < all[j].Ts })
	var out []work
	cur := -1
	var end float64 // of the key's handlers
	for _, e := range all {
		switch {
		case e.Name == "EventDispatch" && e.Args.Data.Type == "keydown":
			out = append(out, work{})
			cur = len(out) - 1
			end = e.Ts + e.Dur
		case e.Name == "EventDispatch" && (e.Args.Data.Type == "pointerdown" || e.Args.Data.Type == "mousedown"):
			cur = -1
		case cur >= 0 && e.Name == "UpdateLayoutTree" && e.Ph != "E":
			out[cur].styled += e.Args.ElementCount
		case cur >= 0 && e.Name == "Layout" && e.Ph != "E":
			out[cur].laidOut += e.Args.BeginData.DirtyObjects
			if e.Ts < end {
				out[cur].forced++
			}
		}
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func percentile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// TestBrowserInputLag enters digits with Candidates on, on a phone and a
// desktop. No digit may make the browser lay the page out while the page's
// handler runs (a forced layout, counted in Chromium's trace, which the
// machine's load does not change). The time from the key to the next paint
// with the CPU slowed down four times (DevTools throttling), and the
// elements restyled and objects laid out per digit, are logged: the load
// of a shared machine makes the times too noisy to assert (docs/web.md
// gives the figures).
func TestBrowserInputLag(t *testing.T) {
	forScreens(t, func(t *testing.T, p *page) {
		p.open("#p=" + easyDots)
		p.press("auto")
		empty := emptyCells(easyDots)[:16]
		p.eval(eventTimingJS)
		if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
			t.Fatal(err)
		}
		var steps []chromedp.Action[chromedp.Void]
		for _, i := range empty {
			cell := chromedp.CSS(fmt.Sprintf(`[data-cell="%d"]`, i))
			if p.screen.mobile {
				steps = append(steps, chromedp.Tap(cell))
			} else {
				steps = append(steps, chromedp.Click(cell))
			}
			steps = append(steps, chromedp.KeyEvent(easySol[i:i+1]))
		}
		per := p.traceWork(steps...)
		if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1}); err != nil {
			t.Fatal(err)
		}
		if len(per) != len(empty) {
			t.Fatalf("the trace shows %d key presses, want %d", len(per), len(empty))
		}
		var styled, laid []float64
		forced := 0
		for _, w := range per {
			styled = append(styled, float64(w.styled))
			laid = append(laid, float64(w.laidOut))
			forced += w.forced
		}
		var times []float64
		p.evalJSON(`window.keyTimes`, &times)
		for len(times) < len(empty) {
			times = append(times, 8) // under 16 ms: not reported
		}
		t.Logf("per digit with Candidates on, 4x CPU slowdown: key to paint median %.0f ms, p90 %.0f ms; elements restyled median %.0f (max %.0f), layout objects median %.0f (max %.0f); %d forced layouts",
			median(times), percentile(times, 0.9), median(styled), slices.Max(styled), median(laid), slices.Max(laid), forced)
		if forced > 0 {
			t.Errorf("%d digits of %d forced a layout of the page in their handler", forced, len(per))
		}
		if got := p.board(); got[empty[len(empty)-1]] != easySol[empty[len(empty)-1]] {
			t.Errorf("the digits did not go in:\n%s", got)
		}
	})
}
