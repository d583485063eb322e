package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/logic"
	"github.com/godoku/sudoku/solver"
)

// TestSolvedGridRecord checks that a solved grid, a valid puzzle, is
// rated in every form, between two puzzles that are not: one record per
// puzzle, exit status 0, nothing on standard error.
func TestSolvedGridRecord(t *testing.T) {
	in := euler1 + "\n" + euler1Sol + "\n" + euler1 + "\n"
	for _, tc := range []struct {
		format string
		want   string // the solved grid's record
	}{
		{"line", "Easy         0    0.0/0.0/0.0  none"},
		{"csv", "<stdin>,2,," + euler1Sol + ",unique,Easy,0,none,0,false,0.0,0.0,0.0,,"},
		{"json", `{"source":"<stdin>","line":2,"puzzle":"` + euler1Sol + `","status":"unique","rating":{"level":"Easy","score":0,"hardest":"none","steps":0,"bruteForce":false,"er":0,"ep":0,"ed":0,"seHardest":""}}`},
	} {
		code, out, errs := runBin(t, in, "rate", "--format", tc.format)
		ls := lines(out)
		if tc.format == "csv" {
			ls = ls[1:] // the header
		}
		if code != 0 || errs != "" || len(ls) != 3 || ls[1] != tc.want {
			t.Errorf("rate --format %s of a puzzle, its solution and the puzzle = %d, stderr %q, records:\n%s\nwant 3, the second:\n%s",
				tc.format, code, errs, strings.Join(ls, "\n"), tc.want)
		}
		if tc.format == "json" {
			var r record.Record
			if err := json.Unmarshal([]byte(ls[1]), &r); err != nil || r.Rating.Hardest != logic.NoTechnique {
				t.Errorf("the solved grid's JSON reads back as %+v, %v", r, err)
			}
		}
	}
}

// TestRecordEncodeError checks that a record whose encoding fails is
// written as a failure of its own and reported on standard error, so that
// the command exits 1.
func TestRecordEncodeError(t *testing.T) {
	var out, errs strings.Builder
	con := newConsole(&stdio{out: &out, err: &errs})
	w := newRecordWriter("rate", &format{value: "json"}, con)
	r := record.Record{Source: "f", Line: 7, Puzzle: euler1, Status: solver.Unique,
		Rating: record.NewRating(&logic.Rating{Hardest: logic.Technique(200)}, nil)}
	ok := w.write(&r, "", nil)
	con.Flush()
	if ok || !strings.Contains(out.String(), `"line":7`) || !strings.Contains(out.String(), `"status":"failed"`) ||
		!strings.HasPrefix(errs.String(), "f:7: internal error: encoding the record: ") {
		t.Errorf("write of a record JSON cannot hold = %v, stdout %q, stderr %q; want false, a failed record and the error", ok, out.String(), errs.String())
	}
}

// TestBenchProfileError checks that a CPU profile that cannot be written
// is reported, with exit status 1, rather than lost.
func TestBenchProfileError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	code, _, errs := runBin(t, "", "bench", "--time", "10ms", "--cpuprofile", "/dev/full")
	if code != 1 || !strings.Contains(errs, "sudoku bench: writing the CPU profile /dev/full: ") {
		t.Errorf("bench --cpuprofile /dev/full = %d, stderr %q; want 1 and the write error", code, errs)
	}
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	code, _, errs = runBin(t, "", "bench", "--time", "10ms", "--cpuprofile", prof)
	if st, err := os.Stat(prof); code != 0 || errs != "" || err != nil || st.Size() == 0 {
		t.Errorf("bench --cpuprofile FILE = %d, stderr %q, the file %v, %v", code, errs, st, err)
	}
}
