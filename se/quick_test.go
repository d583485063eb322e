package se

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/godoku/sudoku"
)

var quickPuzzle = flag.String("q", "", "puzzle to rate verbosely")

func TestQuick(t *testing.T) {
	if *quickPuzzle == "" {
		t.Skip()
	}
	g, err := sudoku.Parse(*quickPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	rt, err := Rate(context.Background(), &g)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range rt.Steps {
		fmt.Printf("%3d %.1f %s %s\n", i+1, s.Difficulty, s.Technique, stepChanges(s))
	}
	fmt.Printf("%.1f/%.1f/%.1f %s %v calls %d distinct %d fc %d empty %d hints %d\n", rt.ER, rt.EP, rt.ED, rt.Hardest, time.Since(t0), statCalls, statDistinct, statFCCalls, statFCEmpty, statFCHints)
}
