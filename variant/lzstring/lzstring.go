// Package lzstring implements the compressToBase64 and decompressFromBase64
// functions of the lz-string JavaScript library, which f-puzzles and
// SudokuPad use to put a whole puzzle into a link.
//
// # The format
//
// lz-string is LZW over the UTF-16 code units of a string. The output is a
// stream of codes, each written least significant bit first in as many bits
// as the dictionary needs at that point (2 at the start, one more each time
// the dictionary doubles), and the stream is cut into 6-bit groups, most
// significant bit first, each written as a character of the base64
// alphabet:
//
//	code 0 <8 bits>   a new character below 256: add it to the dictionary
//	code 1 <16 bits>  a new character of 256 or above: add it
//	code 2            end of the data
//	code n >= 3       the dictionary's phrase n
//
// Every phrase written adds the previous phrase plus the first character of
// the next one to the dictionary, as LZW does; a code one past the last
// entry is the previous phrase plus its own first character. The encoder
// pads the last 6-bit group with zeros and the text with '=' to a multiple
// of four characters; the decoder stops at code 2 and ignores what follows.
//
// This is an implementation from the algorithm's description; its output is
// the same as the JavaScript library's, character for character (the tests
// compare them on the puzzles of the corpus).
package lzstring

import (
	"errors"
	"strings"
	"unicode/utf16"
)

// MaxDecoded is the most UTF-16 code units DecompressFromBase64 produces:
// LZW can expand a short input enormously, and no puzzle comes near this.
const MaxDecoded = 16 << 20

// Errors of DecompressFromBase64.
var (
	ErrEmpty     = errors.New("lzstring: no data")
	ErrChar      = errors.New("lzstring: character outside the base64 alphabet")
	ErrTruncated = errors.New("lzstring: data ends before its end code")
	ErrCode      = errors.New("lzstring: code for a phrase not yet defined")
	ErrTooLarge  = errors.New("lzstring: decompressed data too large")
)

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// value maps a character to its 6-bit value, or -1. It also accepts what
// links do to base64: the URI-safe alphabet of lz-string's
// compressToEncodedURIComponent ('-' for '/', '$' as padding), a '+' that
// URL decoding turned into a space, and SudokuPad's '\' padding.
var value = func() (v [256]int8) {
	for i := range v {
		v[i] = -1
	}
	for i := range len(alphabet) {
		v[alphabet[i]] = int8(i)
	}
	v['-'] = 63
	v[' '] = 62
	// Padding characters: the JavaScript decoder reads them as 64, whose
	// low six bits are zero.
	v['='] = 0
	v['$'] = 0
	v['\\'] = 0
	return v
}()

// writer packs codes into base64 characters.
type writer struct {
	out  strings.Builder
	val  int // bits of the current character so far
	nval int // how many
}

// put writes the low n bits of v, least significant first.
func (w *writer) put(v, n int) {
	for range n {
		w.val = w.val<<1 | v&1
		v >>= 1
		w.nval++
		if w.nval == 6 {
			w.out.WriteByte(alphabet[w.val])
			w.val, w.nval = 0, 0
		}
	}
}

// CompressToBase64 compresses s as lz-string's compressToBase64 does. The
// string is taken as UTF-16, as JavaScript holds it; invalid UTF-8 is
// encoded as U+FFFD.
func CompressToBase64(s string) string {
	var w writer
	units := utf16.Encode([]rune(s))
	single := map[uint16]int{}   // dictionary code of each character seen
	pending := map[uint16]bool{} // characters whose literal is not yet written
	pairs := map[uint64]int{}    // code of phrase p followed by character c, at p<<16|c
	dictSize, numBits, enlargeIn := 3, 2, 2
	grow := func() {
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	// The current phrase w: its code, and its character when it is one
	// character long; code -1 while there is none.
	wCode, wChar, wSingle := -1, uint16(0), false
	emit := func() {
		if wSingle && pending[wChar] {
			if wChar < 256 {
				w.put(0, numBits)
				w.put(int(wChar), 8)
			} else {
				w.put(1, numBits)
				w.put(int(wChar), 16)
			}
			grow()
			delete(pending, wChar)
		} else {
			w.put(wCode, numBits)
		}
		grow()
	}
	for _, c := range units {
		if _, ok := single[c]; !ok {
			single[c] = dictSize
			dictSize++
			pending[c] = true
		}
		if wCode < 0 {
			wCode, wChar, wSingle = single[c], c, true
			continue
		}
		key := uint64(wCode)<<16 | uint64(c)
		if code, ok := pairs[key]; ok {
			wCode, wSingle = code, false
			continue
		}
		emit()
		pairs[key] = dictSize
		dictSize++
		wCode, wChar, wSingle = single[c], c, true
	}
	if wCode >= 0 {
		emit()
	}
	w.put(2, numBits)
	// Flush: the JavaScript encoder shifts in zero bits until a character
	// is written, which writes one more character when the last one was
	// just completed.
	for {
		w.val <<= 1
		w.nval++
		if w.nval == 6 {
			w.out.WriteByte(alphabet[w.val])
			break
		}
	}
	out := w.out.String()
	if r := len(out) % 4; r != 0 {
		out += strings.Repeat("=", 4-r)
	}
	return out
}

// reader takes bits from base64 text, most significant first.
type reader struct {
	s   string
	i   int // next character
	val int
	pos int // bit of val to read next; 0 when a new character is needed
}

// past reports that the reader has gone beyond the end of its text.
func (r *reader) past() bool { return r.i > len(r.s) }

func (r *reader) bits(n int) (int, error) {
	v := 0
	for k := range n {
		if r.pos == 0 {
			// Past the end, the JavaScript decoder reads zero bits
			// and fails at its next code (see past).
			r.val, r.pos = 0, 32
			if r.i < len(r.s) {
				x := value[r.s[r.i]]
				if x < 0 {
					return 0, ErrChar
				}
				r.val = int(x)
			}
			r.i++
		}
		if r.val&r.pos != 0 {
			v |= 1 << k
		}
		r.pos >>= 1
	}
	return v, nil
}

// An entry of the decoder's dictionary: a phrase is an earlier phrase
// followed by one character, so the dictionary takes constant space per
// entry however long its phrases get.
type entry struct {
	prev  int32 // the phrase it extends, or -1 for a single character
	last  uint16
	first uint16
	n     int32 // length in code units
}

// DecompressFromBase64 reverses CompressToBase64, as lz-string's
// decompressFromBase64 does, but with an error where the JavaScript
// function returns "" or null. Leading and trailing white space is ignored.
// It produces at most MaxDecoded code units.
func DecompressFromBase64(s string) (string, error) {
	return DecompressFromBase64Limit(s, MaxDecoded)
}

// DecompressFromBase64Limit is DecompressFromBase64 with ErrTooLarge past
// limit UTF-16 code units.
func DecompressFromBase64Limit(s string, limit int) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", ErrEmpty
	}
	r := reader{s: s}
	dict := []entry{{}, {}, {}} // codes 0, 1 and 2 are not phrases
	numBits, enlargeIn := 3, 4
	var out []uint16
	literal := func(kind int) (int, error) {
		n := 8
		if kind == 1 {
			n = 16
		}
		c, err := r.bits(n)
		if err != nil {
			return 0, err
		}
		dict = append(dict, entry{prev: -1, last: uint16(c), first: uint16(c), n: 1})
		return len(dict) - 1, nil
	}
	appendPhrase := func(code int) error {
		e := dict[code]
		if len(out)+int(e.n) > limit {
			return ErrTooLarge
		}
		start := len(out)
		out = append(out, make([]uint16, e.n)...)
		for i, k := start+int(e.n)-1, code; i >= start; i-- {
			out[i] = dict[k].last
			k = int(dict[k].prev)
		}
		return nil
	}
	kind, err := r.bits(2)
	if err != nil {
		return "", err
	}
	if kind == 2 {
		return "", nil
	}
	if kind == 3 {
		return "", ErrCode
	}
	w, err := literal(kind)
	if err != nil {
		return "", err
	}
	if err := appendPhrase(w); err != nil {
		return "", err
	}
	for {
		if r.past() {
			return "", ErrTruncated
		}
		c, err := r.bits(numBits)
		if err != nil {
			return "", err
		}
		switch c {
		case 0, 1:
			if c, err = literal(c); err != nil {
				return "", err
			}
			enlargeIn--
		case 2:
			return string(utf16.Decode(out)), nil
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		var first uint16
		switch {
		case c < len(dict):
			first = dict[c].first
			if err := appendPhrase(c); err != nil {
				return "", err
			}
			dict = append(dict, entry{prev: int32(w), last: first, first: dict[w].first, n: dict[w].n + 1})
		case c == len(dict):
			// The phrase being defined: w followed by its own first
			// character.
			first = dict[w].first
			dict = append(dict, entry{prev: int32(w), last: first, first: first, n: dict[w].n + 1})
			if err := appendPhrase(c); err != nil {
				return "", err
			}
		default:
			return "", ErrCode
		}
		w = c
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}
