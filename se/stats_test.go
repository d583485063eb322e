package se

import (
	"hash/fnv"
	"unsafe"
)

var statCalls, statDistinct int
var statSeen = map[uint64]bool{}

func statGrid(g *grid) {
	h := fnv.New64a()
	b := (*[162]byte)(unsafe.Pointer(&g.cand[0]))
	h.Write(b[:])
	k := h.Sum64()
	statCalls++
	if !statSeen[k] {
		statSeen[k] = true
		statDistinct++
	}
}

func init() { statHook = statGrid }

var statFCCalls, statFCEmpty, statFCHints int

func init() {
	fcHook = func(n int) {
		statFCCalls++
		if n == 0 {
			statFCEmpty++
		}
		statFCHints += n
	}
}
