package lzstring

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// readJSONL reads a file of one JSON object a line into fn.
func readJSONL(t *testing.T, path string, fn func(line []byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fn(sc.Bytes())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestVectors compares both directions with the output of the JavaScript
// library (lz-string 1.5.0 under Node: testdata/vectors.jsonl), on short,
// repetitive, non-ASCII and astral-plane strings.
func TestVectors(t *testing.T) {
	n := 0
	readJSONL(t, "testdata/vectors.jsonl", func(line []byte) {
		var v struct{ In, Out string }
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		n++
		if got := CompressToBase64(v.In); got != v.Out {
			t.Errorf("CompressToBase64(%.40q) = %.60q, want %.60q", v.In, got, v.Out)
		}
		got, err := DecompressFromBase64(v.Out)
		if err != nil || got != v.In {
			t.Errorf("DecompressFromBase64(%.60q) = %.40q, %v, want %.40q", v.Out, got, err, v.In)
		}
	})
	if n < 50 {
		t.Fatalf("%d vectors, want at least 50", n)
	}
}

// TestCorpus decodes the f-puzzles payloads of the corpus, made by
// f-puzzles itself, to JSON, and encodes the JSON back to the very same
// payloads.
func TestCorpus(t *testing.T) {
	n := 0
	readJSONL(t, "../testdata/fpuzzles_cc_by.jsonl", func(line []byte) {
		var v struct{ Title, Fpuzzles string }
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		n++
		js, err := DecompressFromBase64(v.Fpuzzles)
		if err != nil {
			t.Errorf("%s: %v", v.Title, err)
			return
		}
		if !json.Valid([]byte(js)) || !strings.HasPrefix(js, "{") {
			t.Errorf("%s: decoded to %.80q, not a JSON object", v.Title, js)
		}
		if got := CompressToBase64(js); got != v.Fpuzzles {
			t.Errorf("%s: re-encoded payload differs from f-puzzles' own", v.Title)
		}
	})
	if n != 70 {
		t.Fatalf("%d puzzles, want 70", n)
	}
}

func TestDecompressErrors(t *testing.T) {
	good := CompressToBase64(`{"size":9}`)
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", ErrEmpty},
		{"   ", ErrEmpty},
		{"N4Ig*zglg", ErrChar},
		{good[:4], ErrTruncated},
		{"////////", ErrCode},
	} {
		_, err := DecompressFromBase64(tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("DecompressFromBase64(%q): %v, want %v", tc.in, err, tc.want)
		}
	}
	// What links do to base64: a space for '+', the URI-safe alphabet,
	// no padding.
	in := `{"a":"~~~~~~~~~~~~~~~~~~~>>>>>>>>>>>>>???????????"}`
	enc := CompressToBase64(in)
	if !strings.ContainsAny(enc, "+/") {
		t.Fatalf("test string %q encodes without '+' or '/': %s", in, enc)
	}
	for _, variant := range []string{
		strings.ReplaceAll(enc, "+", " "),
		strings.ReplaceAll(enc, "/", "-"),
		strings.TrimRight(enc, "="),
	} {
		if got, err := DecompressFromBase64(variant); err != nil || got != in {
			t.Errorf("DecompressFromBase64(%q) = %q, %v, want %q", variant, got, err, in)
		}
	}
}

// TestBombBounded feeds codes that make each phrase one longer than the
// last, whose output grows with the square of the input: the decoder stops
// at MaxDecoded instead of taking the memory.
func TestBombBounded(t *testing.T) {
	// "aaaa..." compresses to a run of codes each naming the phrase being
	// defined; a long enough run expands past the bound.
	bomb := CompressToBase64(strings.Repeat("a", 1<<17))
	s, err := DecompressFromBase64(bomb)
	if err != nil || len(s) != 1<<17 {
		t.Fatalf("decoding %d a's: %d, %v", 1<<17, len(s), err)
	}
	// Repeat the code for "the phrase being defined" far beyond: build
	// the stream by hand from the writer.
	var w writer
	w.put(0, 2)
	w.put('a', 8)
	numBits, enlargeIn, size := 3, 4, 4
	for range 20000 {
		w.put(size, numBits)
		size++
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	w.put(2, numBits)
	w.put(0, 6)
	_, err = DecompressFromBase64(w.out.String())
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("bomb: %v, want ErrTooLarge", err)
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QMAG4wAdvlABjGABsjCEACUArAGEA7CAohDJs1esAOB2oAuACxgYALYA9oEw3gF6IEYQ2jBg+HgWttYAjCCo5gBsaRkWNumZACy5mQDMpRYlAEwgtLSOMXEJ8ATJ1kV52R1dNp3FPeWDVdZldQ2k0bHxiRYVWV0lC5k2yxY5a+YpC/WN0y1t5hWIi9YnK2ddOeftJ7tqMd7eRjAA1hAmAWAAroFRzqZ4BYAAyjPIAg4WVLWWqZaq5NTYCAYGD6bwQYK6IEAEQAMnkNABDIzfOBA1LpRwA1yg+yoCH4KEeLrwu6oJEotEYrEgbHmAnE0lmTxU4yAqGg2FOMWQ8yIBHs5Go9GYswAVXxqCJJLJIEpk2pQPMqVBY3pMsZcphXXcCpAHOV3PVmpA2qFQJOopcRpNdnBFtaFnlnkytrZ9qVXNVQLV/K1gt1IoNYtcvpD0pMsvl4YdUZ5sYFOuFXkVADNSwEdIZ/gGkuZbWaLLbahMDLWm37Q8yGmoMISVTXM5boY3jdbWxmjLLoXSmZ4e6gAI7fQnYDDfAAOL0HU8tOVHOX67VHKU6ajdM1aqWQ1WQZWQRQnDMD3U2OVnW2smxS9nPCYOWTILYyDuMgiA9kQQA===")
	f.Add("Q===")
	f.Add("IZA=")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := DecompressFromBase64(in)
		if err != nil {
			return
		}
		// What decodes must encode to something that decodes the same.
		if back, err := DecompressFromBase64(CompressToBase64(s)); err != nil || back != s {
			t.Fatalf("round trip of %q: %q, %v", s, back, err)
		}
	})
}

func FuzzCompress(f *testing.F) {
	f.Add(`{"size":9,"title":"x"}`)
	f.Add("héllo 😀")
	f.Fuzz(func(t *testing.T, in string) {
		want := string([]rune(in)) // invalid UTF-8 becomes U+FFFD
		got, err := DecompressFromBase64(CompressToBase64(in))
		if err != nil || got != want {
			t.Fatalf("round trip of %q: %q, %v", in, got, err)
		}
	})
}
