package vengine

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"

	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/server/internal/engine"
	vformat "github.com/godoku/sudoku/variant/format"
	vgenerate "github.com/godoku/sudoku/variant/generate"
)

// killerResponse is /api/variant/generate's answer: a killer puzzle as an
// f-puzzles link that carries its solution (the variant page imports it
// as any link), its level, its rating under the classic rating's names,
// as the records give it, and the seed that makes it again.
type killerResponse struct {
	Puzzle string                `json:"puzzle"`
	Level  string                `json:"level"`
	Rating *record.VariantRating `json:"rating"`
	Seed   uint64                `json:"seed,string"`
	Size   int                   `json:"size"`
	Kinds  []string              `json:"kinds"`
}

// generateKiller is /api/variant/generate: {"variant": "killer", "level":
// "Hard", "givens": 4, "seed": "7"}, all optional (killer, Extreme, 0, a
// random seed). The generator runs within the request's time; a level it
// does not reach in that time is a 504 that says so (it seldom reaches
// the easier levels: see docs/variants.md, "Generating killer puzzles").
func generateKiller(ctx context.Context, body json.RawMessage) (any, error) {
	var req struct {
		Variant string `json:"variant"`
		Level   string `json:"level"`
		Givens  int    `json:"givens"`
		Seed    uint64 `json:"seed,string"`
	}
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Variant != "" && req.Variant != "killer" {
		return nil, badRequest("variant: %q: want killer", req.Variant)
	}
	if req.Level == "" {
		req.Level = "Extreme"
	}
	level, err := logic.ParseLevel(req.Level)
	if err != nil {
		return nil, badRequest("level: unknown level %q, want one of %s", req.Level, strings.Join(engine.Levels, ", "))
	}
	if req.Seed == 0 {
		req.Seed = rand.Uint64()
	}
	g, err := vgenerate.New(req.Seed, vgenerate.Options{Levels: []logic.Level{level}, Givens: req.Givens, Rate: true})
	if err != nil {
		return nil, badRequest("%s", strings.TrimPrefix(err.Error(), "generate: "))
	}
	p, err := g.Generate(ctx)
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, &apiError{Status: 504, Code: engine.CodeTimeLimit, // http.StatusGatewayTimeout
			Message: "stopped: no " + strings.ToLower(level.String()) + " killer puzzle found within the time limit; try another level or a few givens"}
	}
	if err != nil {
		return nil, err
	}
	link, err := vformat.Write(p.Puzzle, vformat.FPuzzles)
	if err != nil {
		return nil, err
	}
	r := p.Rating
	return killerResponse{Puzzle: link, Level: level.String(), Seed: req.Seed, Size: p.Puzzle.Size, Kinds: vformat.Kinds(p.Puzzle),
		Rating: &record.VariantRating{Level: r.Level, Score: r.Score, Hardest: r.Hardest, Steps: r.Steps, BruteForce: !r.Finished}}, nil
}
