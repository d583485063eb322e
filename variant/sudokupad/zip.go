package sudokupad

import (
	"encoding/json"
	"errors"
	"strings"
)

// SudokuPad compacts a puzzle's JSON before compressing it: it renames
// common keys (cells to "ce", lines to "l" ...), drops the quotes around
// keys, writes true and false as t and f, colours "#RRGGBB" as RRGGBB
// (#0 and #F for black and white), leaves the empty objects of arrays out
// ([{},{},x] as [,,x]) and swaps double quotes for single ones. Unzip
// reverses all of that.

// propNames maps SudokuPad's short keys to the names they stand for.
var propNames = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
	"w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
	"re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
	"t": "title", "te": "text", "d": "duration", "d2": "d",
}

// errZip is the error for text that is neither JSON nor zipped JSON.
var errZip = errors.New("not SudokuPad's puzzle JSON, plain or compacted")

// Unzip returns the JSON of a puzzle SudokuPad compacted, or the text
// itself when it is JSON already.
func Unzip(s string) (string, error) {
	s = strings.TrimSpace(s)
	if json.Valid([]byte(s)) {
		return s, nil
	}
	if !strings.Contains(s, `"`) {
		s = swapQuotes(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			j := endOfString(s, i)
			if j < 0 {
				return "", errZip
			}
			b.WriteString(s[i:j])
			i = j
			continue
		case c == ',' || c == '{' || c == '[':
			b.WriteByte(c)
			i++
			if i < len(s) && (s[i] == ',' || s[i] == '}' || s[i] == ']') && !(c == '{' && s[i] == '}') {
				b.WriteString("{}") // an empty object left out
			}
			// A bare key: letters and digits up to a colon.
			k := i
			for k < len(s) && isAlnum(s[k]) {
				k++
			}
			if k > i && k < len(s) && s[k] == ':' {
				b.WriteString(`"` + s[i:k] + `"`)
				i = k
			}
			continue
		case c == ':':
			b.WriteByte(c)
			i++
			// A compacted value up to the next , } or ].
			k := i
			for k < len(s) && s[k] != ',' && s[k] != '}' && s[k] != ']' {
				k++
			}
			if k < len(s) {
				switch v := s[i:k]; {
				case v == "f":
					b.WriteString("false")
					i = k
				case v == "t":
					b.WriteString("true")
					i = k
				case v == "#0":
					b.WriteString(`"#000000"`)
					i = k
				case v == "#F":
					b.WriteString(`"#FFFFFF"`)
					i = k
				case len(v) == 6 && isHex(v):
					b.WriteString(`"#` + v + `"`)
					i = k
				}
			}
			continue
		}
		b.WriteByte(c)
		i++
	}
	out := b.String()
	var v any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		return "", errZip
	}
	v = expand(v)
	js, err := json.Marshal(v)
	if err != nil {
		return "", errZip
	}
	return string(js), nil
}

// swapQuotes turns the single quotes of zipped text back into double
// quotes, and its escaped single quotes into plain ones.
func swapQuotes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case s[i] == '\'':
			b.WriteByte('"')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// endOfString returns the index after the JSON string that starts at i,
// or -1.
func endOfString(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHex(s string) bool {
	for i := range len(s) {
		c := s[i] | 0x20
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// expand renames the short keys back and restores the '#' of colours
// that were strings of six hex digits.
func expand(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			if long, ok := propNames[k]; ok {
				k = long
			}
			m[k] = expand(x)
		}
		return m
	case []any:
		for i, x := range v {
			v[i] = expand(x)
		}
		return v
	case string:
		if len(v) == 6 && isHex(v) {
			return "#" + v
		}
	}
	return v
}
