package server

import (
	"context"
	"encoding/json"

	"github.com/godoku/sudoku/server/internal/engine"
	"github.com/godoku/sudoku/server/internal/vengine"
)

// Levels lists the difficulty levels of new games, easiest first. They are
// HoDoKu's levels, as in the embedded ratings.
var Levels = engine.Levels

func (s *server) endpoints() []endpoint {
	eps := []endpoint{
		{name: "generate", cost: slow, fn: plain(engine.Generate)},
		{name: "parse", fn: parseVariant},
		{name: "hint", cost: slow, fn: plain(vengine.Hint)},
		{name: "explain", cost: slow, fn: classicOnly(plain(engine.Explain))},
		{name: "rate", cost: slow, fn: classicOnly(plain(engine.Rate))},
		{name: "variant", cost: quick, fn: plain(vengine.View)},
		{name: "variant/generate", cost: slow, fn: plain(vengine.GenerateKiller)},
	}
	eps = append(eps, s.solverEndpoints()...)
	eps = append(eps, traceEndpoints()...)
	names := make([]string, 0, len(eps)+1)
	for _, e := range eps {
		names = append(names, e.name)
	}
	names = append(names, "info")
	c := s.cfg
	info := infoResponse{Endpoints: names, Levels: Levels, MaxBody: c.MaxBody, MaxAnswer: c.MaxAnswer,
		TimeoutMs: c.Timeout.Milliseconds(), WriteTimeoutMs: c.WriteTimeout.Milliseconds(), MaxConcurrent: c.MaxConcurrent,
		MaxPerClient: c.MaxPerClient, MaxSteps: c.MaxSteps, MaxTraceSolutions: c.MaxTraceSolutions, MaxCount: c.MaxCount}
	return append(eps, endpoint{name: "info", fn: func(_ context.Context, _ *server, body json.RawMessage) (any, error) {
		// It takes no fields, but reads its body as strictly as the
		// others do: {} or nothing.
		if err := decode(body, &struct{}{}); err != nil {
			return nil, err
		}
		return info, nil
	}})
}

// infoResponse tells the page which endpoints this build has, so it can
// hide what the server cannot do instead of failing when asked, and the
// limits of the server (Config).
type infoResponse struct {
	Endpoints         []string `json:"endpoints"`
	Levels            []string `json:"levels"`
	MaxBody           int64    `json:"maxBody"`
	MaxAnswer         int      `json:"maxAnswer"`
	TimeoutMs         int64    `json:"timeoutMs"`
	WriteTimeoutMs    int64    `json:"writeTimeoutMs"`
	MaxConcurrent     int      `json:"maxConcurrent"`
	MaxPerClient      int      `json:"maxPerClient"`
	MaxSteps          int      `json:"maxSteps"`
	MaxTraceSolutions int      `json:"maxTraceSolutions"`
	MaxCount          int      `json:"maxCount"`
}
