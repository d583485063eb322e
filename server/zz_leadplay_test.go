package server

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// Throwaway (never committed): plays built-in variant puzzles at phone size.
func TestZZLeadPlay(t *testing.T) {
	which := os.Getenv("LEADPLAY")
	p := newPage(t, phone)
	for i := 0; i < 11; i++ {
		if which != "" && which != strconv.Itoa(i) {
			continue
		}
		theme := []string{"light", "dark"}[i%2]
		p.openVariant("")
		p.setTheme(theme)
		p.pick(i)
		text := p.eval(`decodeURIComponent(location.hash.slice('#fpuzzles='.length))`)
		v, sol := parsed(t, text)
		n := v.Size
		p.screenshot(fmt.Sprintf("lead-%02d-a-start-%s", i, theme))
		p.tap(`#v-hint-button`)
		p.poll(`!document.getElementById("v-hint").hidden || document.getElementById("v-message").textContent !== ""`)
		p.screenshot(fmt.Sprintf("lead-%02d-b-hint-%s", i, theme))
		p.playTo(n, sol[:len(sol)/2], nil)
		p.screenshot(fmt.Sprintf("lead-%02d-c-mid-%s", i, theme))
		p.playTo(n, sol, nil)
		p.poll(`!document.getElementById('v-result').hidden`)
		p.screenshot(fmt.Sprintf("lead-%02d-d-won-%s", i, theme))
	}
}
