package se

import (
	"context"
	"flag"
	"fmt"
	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/solver"
	"testing"
)

var dbgPuzzle = flag.String("dbg", "", "puzzle to debug")

func TestDebugNishio(t *testing.T) {
	if *dbgPuzzle == "" {
		t.Skip()
	}
	g, _ := sudoku.Parse(*dbgPuzzle)
	sol, _, _ := solver.Classify(context.Background(), &g)
	r := newRater(context.Background(), &g, &sol)
	for step := 0; !r.g.solved(); step++ {
		h, ok := r.next()
		if !ok {
			t.Fatal("stuck")
		}
		if _, err := r.check(h); err != nil {
			t.Logf("step %d: %v", step, err)
			// find the run
			e := r.ch.engine(modeNishio, 0)
			for ri := range e.runs {
				ru := &e.runs[ri]
				if ru.absurdOn < 0 {
					continue
				}
				s := e.nodes[ru.start].p
				fmt.Printf("run %d start %s absurd %s / %s\n", ri, potName(int(s)), potName(int(e.nodes[ru.absurdOn].p)), potName(int(e.nodes[ru.absurdOff].p)))
				for n := ru.start; n < ru.end; n++ {
					nd := e.nodes[n]
					fmt.Printf("   %d %s parents", n, potName(int(nd.p)))
					for _, q := range e.parents[nd.pstart : nd.pstart+nd.pn] {
						fmt.Printf(" %d", q)
					}
					fmt.Println()
				}
				break
			}
			return
		}
		r.apply(h)
	}
}

func potName(p int) string {
	s := "-"
	if potOn(p) {
		s = "+"
	}
	return fmt.Sprintf("%s%s%d", sudoku.CellName(potCell(p)), s, potDigit(p))
}
