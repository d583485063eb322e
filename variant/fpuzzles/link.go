package fpuzzles

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/lzstring"
)

// LinkPrefix is how f-puzzles links start; the payload follows.
const LinkPrefix = "https://www.f-puzzles.com/?load="

// ErrRemote is the error for a link that names a puzzle kept on a server
// (f-puzzles' short ?id= links) rather than carrying it: godoku makes no
// network calls, so the puzzle must be fetched first.
var ErrRemote = errors.New("the link names a puzzle kept on f-puzzles' server instead of carrying it: open it in f-puzzles and copy the full link (Export, Copy link), or fetch the puzzle first")

// Payload returns p as the payload of an f-puzzles link: lz-string's
// compressToBase64 of its JSON.
func Payload(p *variant.Puzzle) (string, error) {
	js, err := Marshal(p)
	if err != nil {
		return "", err
	}
	return lzstring.CompressToBase64(string(js)), nil
}

// Link returns an f-puzzles link to p, which f-puzzles, SudokuPad and the
// other apps that read f-puzzles links open.
func Link(p *variant.Puzzle) (string, error) {
	s, err := Payload(p)
	if err != nil {
		return "", err
	}
	return LinkPrefix + s, nil
}

// Decode reads a puzzle from the payload of an f-puzzles link.
func Decode(payload string) (*variant.Puzzle, error) {
	js, err := decompress(payload)
	if err != nil {
		return nil, &Error{Err: err}
	}
	return Unmarshal([]byte(js))
}

// Bounds on decoding, so that a hostile payload costs little: the JSON
// of the largest puzzles is a few hundred kilobytes.
const (
	// MaxJSON is the most UTF-16 code units a payload may decode to.
	MaxJSON = 4 << 20
	// maxSlashFixes bounds the repair of payloads whose "//" became "/".
	maxSlashFixes = 64
)

// decompress decodes a payload. A payload pasted from a link may have
// been percent-encoded, and some sites collapse "//" in a link to "/":
// like SudokuPad, it then tries doubling each lone slash in turn.
func decompress(payload string) (string, error) {
	payload = strings.TrimSpace(payload)
	if strings.Contains(payload, "%") {
		if s, err := url.PathUnescape(payload); err == nil {
			payload = s
		}
	}
	js, err := lzstring.DecompressFromBase64Limit(payload, MaxJSON)
	if err == nil && looksJSON(js) {
		return js, nil
	}
	if errors.Is(err, lzstring.ErrTooLarge) || errors.Is(err, lzstring.ErrChar) {
		return "", err
	}
	tries := 0
	for i := 0; i < len(payload) && tries < maxSlashFixes; i++ {
		if payload[i] != '/' || (i > 0 && payload[i-1] == '/') || (i+1 < len(payload) && payload[i+1] == '/') {
			continue
		}
		tries++
		fixed := payload[:i] + "/" + payload[i:]
		if s, err2 := lzstring.DecompressFromBase64Limit(fixed, MaxJSON); err2 == nil && looksJSON(s) {
			return s, nil
		}
	}
	if err == nil {
		return "", errors.New("the payload does not decode to a JSON object")
	}
	return "", err
}

func looksJSON(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "{") && json.Valid([]byte(s))
}

// IsLink reports whether s is an f-puzzles link: f-puzzles.com with or
// without www, http or https or no scheme.
func IsLink(s string) bool {
	_, ok := linkQuery(strings.TrimSpace(s))
	return ok
}

// linkQuery returns the query of an f-puzzles link.
func linkQuery(s string) (string, bool) {
	rest := s
	for _, p := range []string{"https://", "http://"} {
		if len(rest) >= len(p) && strings.EqualFold(rest[:len(p)], p) {
			rest = rest[len(p):]
			break
		}
	}
	if len(rest) >= 4 && strings.EqualFold(rest[:4], "www.") {
		rest = rest[4:]
	}
	const host = "f-puzzles.com"
	if len(rest) < len(host) || !strings.EqualFold(rest[:len(host)], host) {
		return "", false
	}
	rest = rest[len(host):]
	_, q, ok := strings.Cut(rest, "?")
	if !ok {
		return "", true
	}
	q, _, _ = strings.Cut(q, "#")
	return q, true
}

// Parse reads a puzzle given as an f-puzzles link, the payload of one, or
// f-puzzles' JSON.
func Parse(s string) (*variant.Puzzle, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") {
		return Unmarshal([]byte(s))
	}
	q, ok := linkQuery(s)
	if !ok {
		return Decode(s)
	}
	// The payload may hold '+', '/' and '=', which url.ParseQuery would
	// change: take it as it stands.
	for _, kv := range strings.Split(q, "&") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "load":
			return Decode(v)
		case "id":
			return nil, &Error{Err: ErrRemote}
		}
	}
	return nil, &Error{Err: errors.New("the link has no puzzle (no load= in it)")}
}
