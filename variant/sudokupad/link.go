package sudokupad

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/fpuzzles"
	"github.com/godoku/sudoku/variant/lzstring"
)

// LinkPrefix is how the links Link writes start; the id follows.
const LinkPrefix = "https://sudokupad.app/"

// ErrRemote is the error for an id that SudokuPad keeps on its server
// rather than one that carries the puzzle.
var ErrRemote = errors.New("the link names a puzzle kept on SudokuPad's server, which godoku does not fetch (it makes no network calls): " +
	"fetch it first (curl https://sudokupad.app/api/puzzle/ID gives its scl... data) or open it in SudokuPad and share it with the puzzle in the link")

// maxJSON bounds what a payload may decompress to, in UTF-16 code units.
const maxJSON = 4 << 20

// hosts are the sites whose links carry SudokuPad ids.
var hosts = []string{"sudokupad.app", "beta.sudokupad.app", "www.sudokupad.app", "sudokupad.svencodes.com", "app.crackingthecryptic.com", "crackingthecryptic.com"}

// IsLink reports whether s is a link to SudokuPad.
func IsLink(s string) bool {
	_, ok := linkID(strings.TrimSpace(s))
	return ok
}

// IsID reports whether s is a SudokuPad id that carries a puzzle: one
// that starts with scl, ctc, fpuz or fpuzzles.
func IsID(s string) bool {
	_, ok := prefixOf(strings.TrimSpace(s))
	return ok
}

// linkID returns the puzzle id of a SudokuPad link: the path after the
// host (less a "sudoku/" or "puzzle/" in front), or the puzzleid= of the
// query.
func linkID(s string) (string, bool) {
	rest := s
	for _, p := range []string{"https://", "http://"} {
		if len(rest) >= len(p) && strings.EqualFold(rest[:len(p)], p) {
			rest = rest[len(p):]
			break
		}
	}
	host, path, _ := strings.Cut(rest, "/")
	known := false
	for _, h := range hosts {
		known = known || strings.EqualFold(host, h)
	}
	if !known {
		return "", false
	}
	path, _, _ = strings.Cut(path, "#")
	path, query, _ := strings.Cut(path, "?")
	for _, kv := range strings.Split(query, "&") {
		if k, v, _ := strings.Cut(kv, "="); k == "puzzleid" {
			return v, true
		}
	}
	for _, p := range []string{"sudoku/", "puzzle/"} {
		path = strings.TrimPrefix(path, p)
	}
	return path, true
}

// The prefixes of ids that carry a puzzle.
var prefixes = []string{"fpuzzles", "fpuz", "scl", "ctc", "scf"}

func prefixOf(id string) (string, bool) {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) && len(id) > len(p)+8 {
			return p, true
		}
	}
	return "", false
}

// Parse reads a puzzle from a SudokuPad link or id: "scl..." and "ctc..."
// ids carry SudokuPad's own JSON (see Read), "fpuz..." and "fpuzzles..."
// ids an f-puzzles puzzle. Any other id names a puzzle kept on SudokuPad's
// server: ErrRemote.
func Parse(s string) (*variant.Puzzle, error) {
	s = strings.TrimSpace(s)
	id := s
	if l, ok := linkID(s); ok {
		id = l
	}
	if strings.Contains(id, "%") {
		if u, err := url.PathUnescape(id); err == nil {
			id = u
		}
	}
	p, ok := prefixOf(id)
	if !ok {
		if id == "" {
			return nil, &Error{Err: errors.New("the link names no puzzle")}
		}
		return nil, &Error{Err: ErrRemote}
	}
	payload := id[len(p):]
	switch p {
	case "fpuz", "fpuzzles":
		q, err := fpuzzles.Decode(payload)
		if err != nil {
			return nil, &Error{Err: err}
		}
		return q, nil
	case "scf":
		return nil, &Error{Err: errors.New("SudokuPad's scf format (puzzles from its classic sudoku collections) is not read: use the puzzle's grid")}
	}
	js, err := lzstring.DecompressFromBase64Limit(payload, maxJSON)
	if err != nil {
		return nil, &Error{Err: fmt.Errorf("%s payload: %w", p, err)}
	}
	return Read(js)
}

// Link returns a SudokuPad link to p that carries it: "scl" followed by
// lz-string's compressToBase64 of its SudokuPad JSON (see Marshal).
func Link(p *variant.Puzzle) (string, error) {
	js, err := Marshal(p)
	if err != nil {
		return "", err
	}
	return LinkPrefix + "scl" + lzstring.CompressToBase64(string(js)), nil
}
