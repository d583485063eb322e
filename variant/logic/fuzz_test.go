package logic_test

import (
	"context"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/iss"
	"github.com/godoku/sudoku/variant/logic"
)

// FuzzSolve reads any ISS text and solves it by logic with a step cap:
// nothing may panic, and when the engine finds a solution, no step may
// contradict it.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{
		".Shape~4x4",
		".Shape~6x6.Cage~10~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3",
		".Shape~4x4.Arrow~R1C1~R1C2~R2C2.AntiKnight.WhiteDot~R4C1~R4C2.BlackDot~R3C3~R3C4",
		".Shape~4x4.Whisper~2~R1C1~R1C2~R1C3.Renban~R2C1~R2C2.Palindrome~R3C1~R3C2~R3C3",
		".LittleKiller~15~R1C3~R2C2~R3C1.Sandwich~C1~5.XV~R1C1~R1C2~X",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := iss.Parse(text)
		if err != nil {
			return
		}
		res, err := logic.Solve(p, 500)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		sol, err := variant.Solve(ctx, p)
		if err != nil {
			return
		}
		checkSteps(t, text, res, sol)
	})
}
