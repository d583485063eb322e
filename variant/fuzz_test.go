package variant_test

import (
	"context"
	"testing"
	"time"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/internal/vcheck"
	"github.com/godoku/sudoku/variant/iss"
)

// FuzzSolve reads any ISS text and solves it within a short budget:
// nothing may panic, and every solution found keeps the puzzle's rules.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{
		".Shape~4x4",
		".Shape~6x6.Cage~10~R1C1~R1C2~R2C1.Thermo~R3C1~R3C2~R3C3",
		".Shape~4x4.Arrow~R1C1~R1C2~R2C2.AntiKnight.WhiteDot~R4C1~R4C2.BlackDot~R3C3~R3C4",
		".Shape~4x4.Whisper~2~R1C1~R1C2~R1C3.Renban~R2C1~R2C2.Palindrome~R3C1~R3C2~R3C3",
		".LittleKiller~15~R1C3~R2C2~R3C1.Sandwich~C1~5.XV~R1C1~R1C2~X",
		".Shape~4x4.FullRank~C1~10~.FullRank~R4~5~7.FullRankTies~none",
		".Shape~4x4.Replicate~Cg.Thermo~R1C1~R1C2.End",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := iss.Parse(text)
		if err != nil {
			return
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		n := 0
		_ = s.Solutions(ctx, func(sol []int) bool {
			if err := vcheck.Check(p, sol); err != nil {
				t.Fatalf("%q: solution %v breaks a rule: %v", text, sol, err)
			}
			n++
			return n < 3
		})
		_, _, _ = s.TrueCandidates(ctx, 10)
	})
}
