package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
)

// Decode reads a request body into v, a pointer to a struct, strictly: the
// body is one JSON object, each key is exactly the JSON name of a field of
// v (case matters) and appears once, and nothing follows the object. A
// misspelt or repeated option is then an error rather than silently
// ignored or overridden.
//
// encoding/json alone does not do this: DisallowUnknownFields still matches
// names case-insensitively and lets the last of two equal keys win. So the
// keys are checked first, token by token, and only then is the body
// unmarshalled, with every key known to be exact.
func Decode(body []byte, v any) error {
	names := FieldNames(reflect.TypeOf(v).Elem())
	d := json.NewDecoder(bytes.NewReader(body))
	tok, err := d.Token()
	if err != nil {
		return jsonError(err)
	}
	if tok != json.Delim('{') {
		return BadRequest("the request must be a JSON object")
	}
	seen := make(map[string]bool, len(names))
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return jsonError(err)
		}
		key, _ := tok.(string) // the decoder reports a key that is not a string
		if !names[key] {
			return unknownField(key, names)
		}
		if seen[key] {
			return BadRequest("field %q appears twice", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return jsonError(err)
		}
	}
	if _, err := d.Token(); err != nil { // the closing brace
		return jsonError(err)
	}
	if _, err := d.Token(); err != io.EOF {
		return BadRequest("the request has more after its JSON object")
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return BadRequest("field %q: %s is not a %s", te.Field, te.Value, te.Type)
		}
		return BadRequest("bad request: %v", err)
	}
	return nil
}

func jsonError(err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return BadRequest("request is not valid JSON at byte %d: %v", se.Offset, err)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("request is not valid JSON: it ends too soon")
	}
	return BadRequest("request is not valid JSON: %v", err)
}

// unknownField names the field meant when key differs from one only in
// case or underscores, as the snake_case names of earlier versions do.
func unknownField(key string, names map[string]bool) error {
	flat := strings.ReplaceAll(key, "_", "")
	for n := range names {
		if strings.EqualFold(flat, n) {
			return BadRequest("unknown field %q (did you mean %q?)", key, n)
		}
	}
	return BadRequest("unknown field %q", key)
}

// FieldNames returns the JSON names of the fields of struct type t.
// Request types are flat structs of plain fields.
func FieldNames(t reflect.Type) map[string]bool {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]bool)
	}
	m := map[string]bool{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported():
		case name == "":
			m[f.Name] = true
		default:
			m[name] = true
		}
	}
	fieldCache.Store(t, m)
	return m
}

var fieldCache sync.Map // reflect.Type -> map[string]bool
