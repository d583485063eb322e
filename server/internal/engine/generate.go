// Package engine does the work of the API calls that need no server: it
// reads a request's JSON body and returns the answer to encode, or an
// *Error. The server (package server) calls it for its endpoints, and the
// page's WebAssembly engine (server/wasm) calls it when the server cannot
// be reached, so both answer alike. It does not import net/http, which
// would add 2 MB to the WebAssembly file.
package engine

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/generate"
	"github.com/godoku/sudoku/logic"
)

// puzzles.tsv holds rated puzzles copied from testdata; see docs/web.md.
//
//go:embed puzzles.tsv
var puzzlesTSV string

// Levels lists the difficulty levels of new games, easiest first. They are
// HoDoKu's levels, as in the embedded ratings.
var Levels = []string{"Easy", "Medium", "Hard", "Unfair", "Extreme"}

type ratedPuzzle struct {
	Puzzle string `json:"puzzle"`
	Level  string `json:"level"`
	Source string `json:"source"`
}

type puzzleSet struct {
	byLevel map[string][]ratedPuzzle
}

// puzzles is the embedded set, read when first needed.
var puzzles = sync.OnceValue(loadPuzzles)

func loadPuzzles() *puzzleSet {
	ps := &puzzleSet{byLevel: map[string][]ratedPuzzle{}}
	for i, line := range strings.Split(strings.TrimSpace(puzzlesTSV), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 3 {
			continue
		}
		ps.byLevel[f[0]] = append(ps.byLevel[f[0]], ratedPuzzle{Puzzle: f[1], Level: f[0], Source: f[2]})
	}
	return ps
}

type generateRequest struct {
	Level string `json:"level"`
	// Date, as 2026-11-28, asks for that day's puzzle of the level: the
	// daily puzzle, the same on every server of this version (see daily).
	Date string `json:"date"`
}

type generateResponse struct {
	Puzzle string `json:"puzzle"`
	Level  string `json:"level"`
	// Source is "generator" for a new puzzle, or the file and id of one
	// from the embedded set, such as "graded57.tsv#24".
	Source string `json:"source"`
	// Seed and Symmetry say how the generator made the puzzle.
	Seed     uint64 `json:"seed,omitempty,string"` // a string: JavaScript numbers hold 53 bits
	Symmetry string `json:"symmetry,omitempty"`
	// Rating is the generated puzzle's HoDoKu rating, as /api/rate gives it
	// (without Sudoku Explainer's, which the generator does not need).
	Rating *logic.Rating `json:"rating,omitempty"`
	// Date is the day of a daily puzzle, as asked.
	Date string `json:"date,omitempty"`
}

// generateBudget is the most time spent looking for a puzzle of the asked
// level before taking one from the embedded set.
const generateBudget = 3 * time.Second

// Generate makes a new puzzle of the asked level: minimal, with
// half-turn symmetry like a newspaper's, and rated by the logic package.
// Generating and rating a puzzle takes a few milliseconds and even
// Extreme ones come about one in twenty, so the budget is rarely used up.
func Generate(ctx context.Context, body json.RawMessage) (any, error) {
	var req generateRequest
	if err := Decode(body, &req); err != nil {
		return nil, err
	}
	if req.Level == "" {
		req.Level = "Easy"
	}
	want, err := logic.ParseLevel(req.Level)
	if err != nil {
		return nil, BadRequest("unknown level %q, want one of %s", req.Level, strings.Join(Levels, ", "))
	}
	seed := rand.Uint64()
	if req.Date != "" {
		if seed, err = DailySeed(req.Date, want); err != nil {
			return nil, err
		}
	}
	gen, err := generate.New(seed, generate.Options{Symmetry: generate.Rot180, Levels: []logic.Level{want}, Rate: true})
	if err != nil {
		return nil, err
	}
	// A daily puzzle is the generator's, whatever it takes within the
	// request's time (at most a few hundred milliseconds even for
	// Extreme), so that it is the same for everyone.
	budget := generateBudget
	if req.Date != "" {
		budget = time.Hour
	}
	gctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	p, err := gen.Generate(gctx)
	if err == nil {
		return generateResponse{Puzzle: p.Grid.String(), Level: want.String(), Source: "generator",
			Seed: seed, Symmetry: p.Symmetry.String(), Rating: p.Rating, Date: req.Date}, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	// Out of budget: a puzzle of that level from the embedded set.
	list := puzzles().byLevel[want.String()]
	rp := list[rand.IntN(len(list))]
	return generateResponse{Puzzle: rp.Puzzle, Level: rp.Level, Source: rp.Source}, nil
}

// DailySeed is the generator's seed for the daily puzzle of a level on a
// date (YYYY-MM-DD): the 64-bit FNV-1a hash of "godoku daily <date>
// <level>". The generator is deterministic, so every server of one
// version makes the same puzzle from it, with no state kept; days and
// levels differ in their seeds.
func DailySeed(date string, level logic.Level) (uint64, error) {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil || d.Year() < 2000 || d.Year() > 9999 {
		return 0, BadRequest("date: %q is not a day from 2000-01-01 to 9999-12-31 written as 2026-11-28", date)
	}
	h := fnv.New64a()
	h.Write([]byte("godoku daily " + date + " " + level.String()))
	return h.Sum64(), nil
}

type puzzleRequest struct {
	Puzzle string `json:"puzzle"`
}

type parseResponse struct {
	// OK tells whether the text is a puzzle whose givens keep the rules.
	OK     bool   `json:"ok"`
	Puzzle string `json:"puzzle,omitempty"`
	Givens int    `json:"givens,omitempty"`
	// When not OK, the fields of an error answer say what is wrong.
	*Error
}

// Parse checks pasted text, so the page accepts every format the command
// line does. Text that is not a puzzle is the answer here, not a failed
// request: it gets 200 with ok false and the place of the mistake, which
// keeps a typo from showing up as a failed request in the browser.
func Parse(_ context.Context, body json.RawMessage) (any, error) {
	var req puzzleRequest
	if err := Decode(body, &req); err != nil {
		return nil, err
	}
	g, err := PuzzleGrid(req.Puzzle, "the game plays puzzles of givens")
	if err != nil {
		var ae *Error
		if errors.As(err, &ae) {
			return parseResponse{Error: ae}, nil
		}
		return nil, err
	}
	return parseResponse{OK: true, Puzzle: g.String(), Givens: g.Givens()}, nil
}

// readPuzzle decodes {"puzzle": ...} and parses and validates the puzzle,
// pencil marks included, turning failures into errors that point at the
// problem.
func readPuzzle(body json.RawMessage) (sudoku.Puzzle, error) {
	var req puzzleRequest
	if err := Decode(body, &req); err != nil {
		return sudoku.Puzzle{}, err
	}
	return PuzzleOf(req.Puzzle)
}

// PuzzleOf reads a puzzle in any format the command line reads, pencil
// marks included (then Marks is set), as solve, count, hint, explain and
// rate take it.
func PuzzleOf(s string) (sudoku.Puzzle, error) {
	if strings.TrimSpace(s) == "" {
		ae := BadRequest(`missing "puzzle"`)
		ae.Code, ae.Args = CodePuzzle, []string{"missing"}
		return sudoku.Puzzle{}, ae
	}
	g, err := sudoku.Parse(s)
	if errors.Is(err, sudoku.ErrMarks) {
		p, err := sudoku.ParsePuzzle(s)
		if err != nil {
			return p, puzzleError(err, s)
		}
		return p, nil
	}
	if err != nil {
		return sudoku.Puzzle{}, puzzleError(err, s)
	}
	if err := g.Validate(); err != nil {
		return sudoku.Puzzle{}, conflictError("puzzle breaks the rules", err)
	}
	return sudoku.Puzzle{Grid: g}, nil
}

// puzzleError turns an error reading a puzzle into an answer: the place
// of the mistake, or the cells of a rule broken.
func puzzleError(err error, s string) error {
	var ce *sudoku.ConflictError
	if errors.As(err, &ce) {
		return conflictError("puzzle breaks the rules", err)
	}
	ae := PuzzleError(err)
	var pe *sudoku.ParseError
	if errors.As(err, &pe) {
		ae.Line, ae.Column = pe.Line, pe.Column
		codeParse(ae, pe, s)
	}
	return ae
}

// codeParse gives ae, the answer to a puzzle s that cannot be read for
// pe, the code of the common reasons, for a page to say them in its own
// language (the reader's own words are English): a character that cannot
// be read (CodeChar: the line, the column and the character, taken from
// s at pe's place) and a wrong number of cells (CodeLength: the line).
// Other reasons keep CodePuzzle with the reader's words.
func codeParse(ae *Error, pe *sudoku.ParseError, s string) {
	line := strconv.Itoa(pe.Line)
	switch {
	case errors.Is(pe, sudoku.ErrChar):
		if c, ok := charAt(s, pe.Line, pe.Column); ok {
			ae.Code, ae.Args = CodeChar, []string{line, strconv.Itoa(pe.Column), c}
		}
	case errors.Is(pe, sudoku.ErrLength):
		ae.Code, ae.Args = CodeLength, []string{line}
	}
}

// charAt returns the character of s at a line and a byte column (both
// from 1) as the reader's message quotes it ('x'); false when there is
// none there. (A request's JSON holds UTF-8 alone: a byte that is not
// comes as U+FFFD, and is said so.)
func charAt(s string, line, column int) (string, bool) {
	if line < 1 || column < 1 {
		return "", false
	}
	for range line - 1 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return "", false
		}
		s = s[i+1:]
	}
	if column > len(s) {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(s[column-1:])
	return strconv.QuoteRune(r), true
}

// PuzzleGrid reads a puzzle of givens, for the endpoints that work from
// givens alone; for pencil marks, what says so names the endpoint or the
// game (what).
func PuzzleGrid(s, what string) (sudoku.Grid, error) {
	p, err := PuzzleOf(s)
	if err == nil && p.Marks != nil {
		err = BadRequest("puzzle: pencil marks (a sukaku): %s; solve, count, hint, explain and rate honour the candidates", what)
	}
	return p.Grid, err
}
