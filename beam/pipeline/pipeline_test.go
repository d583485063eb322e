package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
	"github.com/godoku/sudoku/internal/record"
	"github.com/godoku/sudoku/solver"
)

func TestMain(m *testing.M) {
	beamlog.LogLevel = "warn"
	beam.Init()
	os.Exit(m.Run())
}

// A corpus is the test's input: files of puzzles in every format, with
// isomorph copies and bad puzzles planted at known places.
type corpus struct {
	dir   string
	files []string // in the order the runs read them
	// dups are the places of the copies of an earlier puzzle, which
	// Dedupe drops.
	dups map[string]bool
	// dead are the places of the puzzles that cannot be read, and the
	// status of their dead letter; deadRated are those that only rating
	// sends to the dead letters (no solution, several).
	dead, deadRated map[string]string
	puzzles         int // puzzles in all, good and bad
}

func where(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }

// newCorpus writes the corpus: originals are distinct 17-clue puzzles
// (Royle's list holds no two isomorphs), copies are random isomorphs of
// them.
func newCorpus(t *testing.T) *corpus {
	t.Helper()
	src, err := os.ReadFile("../../testdata/17clue_1000.txt")
	if err != nil {
		t.Fatal(err)
	}
	var originals []sudoku.Grid
	for p, err := range sudoku.NewReader(bytes.NewReader(src)).All() {
		if err != nil {
			t.Fatal(err)
		}
		originals = append(originals, p.Grid)
	}
	c := &corpus{dir: t.TempDir(), dups: map[string]bool{}, dead: map[string]string{}, deadRated: map[string]string{}}
	rng := rand.New(rand.NewPCG(1, 2))
	next := 0 // the next original not used
	original := func() sudoku.Grid { next++; return originals[next-1] }
	var used []sudoku.Grid // originals written so far
	copyOf := func() sudoku.Grid {
		g, _ := canon.Shuffle(&used[rng.IntN(len(used))], rng)
		return g
	}
	zeros := func(g sudoku.Grid) string { return strings.ReplaceAll(g.String(), ".", "0") }

	// lines.txt: one puzzle a line, with a comment, blank lines and every
	// kind of bad line.
	var b strings.Builder
	line := 0
	put := func(s string) { b.WriteString(s + "\n"); line++ }
	name := filepath.Join(c.dir, "lines.txt")
	put("# planted: copies and bad lines")
	for i := range 130 {
		switch {
		case i%9 == 8:
			put(copyOf().String())
			c.dups[where(name, line)] = true
		case i == 20:
			g := used[3]
			put(g.String()) // the same text again
			c.dups[where(name, line)] = true
		case i == 30:
			s := []byte(original().String())
			s[4] = 'x'
			put(string(s))
			c.dead[where(name, line)] = "invalid"
		case i == 40:
			put(original().String()[:80])
			c.dead[where(name, line)] = "invalid"
		case i == 50:
			put("11" + strings.Repeat(".", 79)) // two 1s in row 1
			c.dead[where(name, line)] = "invalid"
		case i == 60:
			put(strings.Repeat("123456789", 81)) // pencil marks
			c.dead[where(name, line)] = "invalid"
		case i == 70:
			g := original()
			for k := range g { // 16 givens: several solutions
				if g[k] != 0 {
					g[k] = 0
					break
				}
			}
			put(g.String())
			c.deadRated[where(name, line)] = "multiple"
		case i == 85:
			put(noSolution(t, original()).String())
			c.deadRated[where(name, line)] = "none"
		case i == 90:
			put("")
			continue
		default:
			g := original()
			used = append(used, g)
			put(g.String())
		}
		c.puzzles++
	}
	c.write(t, name, b.String())

	// kaggle.csv: the Kaggle sets' CSV, copies of the first file's
	// puzzles among new ones, and a bad row.
	b.Reset()
	line = 0
	name = filepath.Join(c.dir, "kaggle.csv")
	put("quizzes,solutions")
	for i := range 60 {
		var g sudoku.Grid
		switch {
		case i == 33:
			put("123,456")
			c.dead[where(name, line)] = "invalid"
			c.puzzles++
			continue
		case i%7 == 3:
			g = copyOf()
			c.dups[where(name, line+1)] = true
		default:
			g = original()
			used = append(used, g)
		}
		sol, st, err := new(solver.Solver).Classify(context.Background(), &g)
		if st != solver.Unique {
			t.Fatalf("%v: %v %v", g, st, err)
		}
		put(zeros(g) + "," + zeros(sol))
		c.puzzles++
	}
	c.write(t, name, b.String())

	// grids.txt: Project Euler's "Grid NN" and nine lines a puzzle, one
	// of them cut short; no line is a one-line puzzle, so the file is
	// read whole by its first chunk.
	b.Reset()
	line = 0
	name = filepath.Join(c.dir, "grids.txt")
	for i := range 12 {
		put(fmt.Sprintf("Grid %02d", i+1))
		start := line
		var g sudoku.Grid
		if i == 5 {
			g = copyOf()
			c.dups[where(name, start)] = true
		} else {
			g = original()
			used = append(used, g)
		}
		rows := 9
		if i == 8 {
			rows = 8
			c.dead[where(name, start)] = "invalid"
		}
		for r := range rows {
			put(zeros(g)[9*r : 9*r+9])
		}
		c.puzzles++
	}
	c.write(t, name, b.String())

	c.write(t, filepath.Join(c.dir, "empty.txt"), "# nothing to read here\n")
	return c
}

func (c *corpus) write(t *testing.T, name, text string) {
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c.files = append(c.files, name)
}

// noSolution returns g with a given added that breaks no rule but leaves
// no solution: a digit other than the solution's in an empty cell.
func noSolution(t *testing.T, g sudoku.Grid) sudoku.Grid {
	sol, _, _ := new(solver.Solver).Classify(context.Background(), &g)
	for cell := range g {
		if g[cell] != 0 {
			continue
		}
		for d := uint8(1); d <= 9; d++ {
			h := g
			h[cell] = d
			if d != sol[cell] && h.Validate() == nil {
				return h
			}
		}
	}
	t.Fatal("no cell for a wrong given")
	return g
}

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// cli runs the sudoku command, built from the root module, and returns
// its standard output. The command is the reference for the records.
func cli(t *testing.T, args ...string) []byte {
	t.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudoku-beam-test")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "sudoku")
		cmd := exec.Command("go", "build", "-o", cliPath, "./cmd/sudoku")
		cmd.Dir = "../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			cliErr = fmt.Errorf("building the sudoku command: %v\n%s", err, out)
		}
	})
	if cliErr != nil {
		t.Fatal(cliErr)
	}
	cmd := exec.Command(cliPath, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("sudoku %v: %v", args, err)
	}
	return out
}

// run runs the pipeline on Prism, in this process, over the files.
func run(t *testing.T, files []string, o Options) error {
	t.Helper()
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	fs, err := ListFiles(ctx, files)
	if err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, fs, o)
	_, err = prism.Execute(ctx, p)
	return err
}

// outputs returns the files the run wrote, by name, and their contents.
func outputs(t *testing.T, prefix string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(prefix + "-*")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}

// shards returns the concatenation, in shard order, of the output files
// of a kind ("" or train, test, deadletters).
func shards(t *testing.T, out map[string][]byte, prefix, kind string) []byte {
	t.Helper()
	base := filepath.Base(prefix) + "-"
	if kind != "" {
		base += kind + "-"
	}
	var names []string
	for n := range out {
		rest, ok := strings.CutPrefix(n, base)
		if ok && len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var all []byte
	for _, n := range names {
		all = append(all, out[n]...)
	}
	return all
}

// split separates the CLI's JSON lines into the records of puzzles that
// succeeded and those of puzzles that failed.
func split(t *testing.T, jsonl []byte) (good, bad []byte) {
	t.Helper()
	for _, l := range bytes.SplitAfter(jsonl, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var r record.Record
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		if r.Failed() {
			bad = append(bad, l...)
		} else {
			good = append(good, l...)
		}
	}
	return good, bad
}

// readReport reads the run's report.
func readReport(t *testing.T, out map[string][]byte, prefix string) Report {
	t.Helper()
	var r Report
	if err := json.Unmarshal(out[filepath.Base(prefix)+"-report.json"], &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// checkDeadLetters checks the dead letters against what was planted.
func checkDeadLetters(t *testing.T, dead []byte, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	for _, l := range bytes.Split(bytes.TrimSpace(dead), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var r record.Record
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatalf("dead letter %q: %v", l, err)
		}
		if r.Error == "" || r.Puzzle == "" && r.Line > 0 {
			t.Errorf("dead letter without its error or text: %s", l)
		}
		got[where(r.Source, r.Line)] = r.Status.String()
	}
	if !maps.Equal(got, want) {
		t.Errorf("dead letters at %v, want %v", got, want)
	}
}

func union(a, b map[string]string) map[string]string {
	u := maps.Clone(a)
	maps.Copy(u, b)
	return u
}

func count(r []Count, value string) int64 {
	for _, c := range r {
		if c.Value == value {
			return c.Count
		}
	}
	return 0
}

// TestDedupeCanon runs canon with dedupe over the corpus: in chunks small
// enough that every one-line file is read by several workers (most copies
// meet their original in a bucket), and in chunks of whole files (every
// copy in the file of its original is dropped by its own chunk). The
// records are those of "sudoku canon --dedupe --json" byte for byte, the
// bad puzzles are the dead letters, and the report counts it all.
func TestDedupeCanon(t *testing.T) {
	for _, size := range []int64{1000, 1 << 30} {
		t.Run(fmt.Sprint("chunks of ", size), func(t *testing.T) { testDedupeCanon(t, size) })
	}
}

func testDedupeCanon(t *testing.T, chunkSize int64) {
	c := newCorpus(t)
	prefix := filepath.Join(t.TempDir(), "out", "p")
	o := Options{Output: prefix, Format: "json", Canon: true, Dedupe: true, ChunkSize: chunkSize, BucketSize: 3000}
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	out := outputs(t, prefix)
	want, wantBad := split(t, cli(t, append([]string{"canon", "--dedupe", "--json"}, c.files...)...))
	if got := shards(t, out, prefix, ""); !bytes.Equal(got, want) {
		t.Errorf("records differ from sudoku canon --dedupe --json:\n%s", diff(got, want))
	}
	dead := shards(t, out, prefix, "deadletters")
	checkDeadLetters(t, dead, c.dead)
	// The dead letters are the CLI's error records, but for the pencil
	// marks, which the CLI refuses in its own words.
	if !bytes.Equal(withoutMarks(dead), withoutMarks(wantBad)) {
		t.Errorf("dead letters differ from sudoku canon's error records:\n%s", diff(withoutMarks(dead), withoutMarks(wantBad)))
	}
	r := readReport(t, out, prefix)
	kept := int64(c.puzzles - len(c.dups) - len(c.dead))
	if r.Puzzles != int64(c.puzzles) || r.Duplicates != int64(len(c.dups)) || r.DeadLetters != int64(len(c.dead)) ||
		count(r.Written, "records") != kept || count(r.DeadLettersByStatus, "invalid") != int64(len(c.dead)) {
		t.Errorf("report %+v; want %d puzzles, %d duplicates, %d dead letters, %d written", r, c.puzzles, len(c.dups), len(c.dead), kept)
	}
	if !slices.Equal(r.NoPuzzles, []string{c.files[3]}) {
		t.Errorf("report says %v hold no puzzles, want %v", r.NoPuzzles, c.files[3:])
	}
	var clues int64
	for _, cl := range r.Clues {
		clues += cl.Count
	}
	if clues != kept || count(r.Clues, "16") != 1 || count(r.Clues, "18") != 1 || count(r.Clues, "17") != kept-2 {
		t.Errorf("clue histogram %v; want %d puzzles: one of 16 and 18 givens, the rest 17", r.Clues, kept)
	}
	if len(r.Levels) > 0 || len(r.ER) > 0 {
		t.Errorf("levels %v and ER %v without --rate", r.Levels, r.ER)
	}
	var csvBuf bytes.Buffer
	csvBuf.Write(out[filepath.Base(prefix)+"-report.csv"])
	rows, err := csv.NewReader(&csvBuf).ReadAll()
	if err != nil || !slices.Equal(rows[0], []string{"what", "value", "count"}) || !slices.ContainsFunc(rows, func(r []string) bool { return slices.Equal(r, []string{"duplicates", "", fmt.Sprint(len(c.dups))}) }) {
		t.Errorf("report.csv: %v %v", err, rows)
	}
	for n := range out {
		if strings.Contains(n, tempMark) {
			t.Errorf("temporary file %s left", n)
		}
	}
}

// TestDedupeLine runs dedupe with line records, whose buckets send the
// forms back to the chunks when the records show them or the split needs
// them, and not otherwise: each run writes the puzzles "sudoku canon
// --dedupe --json" keeps, as its records show them, on the side of their
// form, and the same dead letters.
func TestDedupeLine(t *testing.T) {
	c := newCorpus(t)
	want, wantBad := split(t, cli(t, append([]string{"canon", "--dedupe", "--json"}, c.files...)...))
	var kept []record.Record
	for _, l := range bytes.SplitAfter(want, []byte("\n")) {
		if len(l) > 0 {
			var r record.Record
			if err := json.Unmarshal(l, &r); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, r)
		}
	}
	tests := []struct {
		name  string
		o     Options
		forms bool // whether the forms come back
		line  func(r *record.Record) string
	}{
		{"canon", Options{Canon: true}, true, func(r *record.Record) string { return r.Canonical }},
		{"puzzles", Options{}, false, func(r *record.Record) string { return r.Puzzle }},
		{"split", Options{Split: 0.5}, true, func(r *record.Record) string { return r.Puzzle }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Output, o.Format, o.Dedupe, o.ChunkSize, o.BucketSize = filepath.Join(t.TempDir(), "p"), "line", true, 1000, 3000
			if o.backForms() != tc.forms {
				t.Errorf("backForms() = %v, want %v", o.backForms(), tc.forms)
			}
			if err := run(t, c.files, o); err != nil {
				t.Fatal(err)
			}
			out := outputs(t, o.Output)
			var want, got []byte
			for _, side := range o.kinds() {
				got = append(got, shards(t, out, o.Output, side)...)
				for _, r := range kept {
					if side == "" || TrainSide(r.Canonical, o.Split) == (side == "train") {
						want = append(want, tc.line(&r)+"\n"...)
					}
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("records differ from those sudoku canon --dedupe keeps:\n%s", diff(got, want))
			}
			if dead := shards(t, out, o.Output, "deadletters"); !bytes.Equal(withoutMarks(dead), withoutMarks(wantBad)) {
				t.Errorf("dead letters differ from sudoku canon's error records:\n%s", diff(withoutMarks(dead), withoutMarks(wantBad)))
			}
		})
	}
}

// withoutMarks drops the dead letters of pencil-mark puzzles.
func withoutMarks(jsonl []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(jsonl, []byte("\n")) {
		if !bytes.Contains(l, []byte("pencil marks")) {
			out = append(out, l...)
		}
	}
	return out
}

// TestRateCSV rates the corpus without dedupe: the records are those of
// "sudoku rate --format csv" (each shard a CSV file with its header), and
// the puzzles without one solution are dead letters too.
func TestRateCSV(t *testing.T) {
	c := newCorpus(t)
	prefix := filepath.Join(t.TempDir(), "r")
	o := Options{Output: prefix, Format: "csv", Rate: true, ChunkSize: 1500}
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	out := outputs(t, prefix)
	want := csvRows(t, cli(t, append([]string{"rate", "--format", "csv"}, c.files...)...))
	header := want[0]
	var wantRows [][]string
	for _, row := range want[1:] {
		if row[len(row)-1] == "" { // no error
			wantRows = append(wantRows, row)
		}
	}
	var gotRows [][]string
	nShards := 0
	for n, b := range out {
		if !strings.HasSuffix(n, ".csv") || strings.Contains(n, "report") {
			continue
		}
		nShards++
		rows := csvRows(t, b)
		if len(rows) == 0 || !slices.Equal(rows[0], header) {
			t.Fatalf("shard %s does not start with the header %v: %v", n, header, rows)
		}
	}
	for _, l := range bytes.Split(shards(t, out, prefix, ""), []byte("\n")) {
		if len(l) > 0 && !bytes.Equal(l, []byte(strings.Join(header, ","))) {
			gotRows = append(gotRows, csvRows(t, append(l, '\n'))[0])
		}
	}
	if !slices.EqualFunc(gotRows, wantRows, slices.Equal) {
		t.Errorf("records differ from sudoku rate --format csv: %d rows, want %d", len(gotRows), len(wantRows))
		for i := range min(len(gotRows), len(wantRows)) {
			if !slices.Equal(gotRows[i], wantRows[i]) {
				t.Errorf("first difference: %v\nwant %v", gotRows[i], wantRows[i])
				break
			}
		}
	}
	if nShards < 10 {
		t.Errorf("%d shards: the chunks are not small enough to test the split of files", nShards)
	}
	checkDeadLetters(t, shards(t, out, prefix, "deadletters"), union(c.dead, c.deadRated))
	r := readReport(t, out, prefix)
	var levels, ers int64
	for _, l := range r.Levels {
		levels += l.Count
	}
	for _, e := range r.ER {
		ers += e.Count
	}
	if n := int64(len(wantRows)); levels != n || ers != n || count(r.Written, "records") != n || r.Duplicates != 0 {
		t.Errorf("report: levels %v, ER %v, written %v, duplicates %d; want %d rated", r.Levels, r.ER, r.Written, r.Duplicates, n)
	}
}

func csvRows(t *testing.T, b []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("%v: %q", err, b)
	}
	return rows
}

// TestSplit rates, dedupes and splits: every record is on the side of its
// canonical form's hash, the two sides hold the puzzles that dedupe
// keeps, each with sudoku rate's rating and sudoku canon's form; without
// dedupe, the copies of a puzzle are on its side.
func TestSplit(t *testing.T) {
	c := newCorpus(t)
	prefix := filepath.Join(t.TempDir(), "s")
	o := Options{Output: prefix, Format: "json", Canon: true, Rate: true, Dedupe: true, Split: 0.6, ChunkSize: 2000}
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	out := outputs(t, prefix)
	rated := byPlace(t, cli(t, append([]string{"rate", "--json"}, c.files...)...))
	forms := byPlace(t, cli(t, append([]string{"canon", "--json"}, c.files...)...))
	seen := map[string]bool{}
	for _, side := range []string{"train", "test"} {
		for place, r := range byPlace(t, shards(t, out, prefix, side)) {
			if seen[place] {
				t.Errorf("%s: written twice", place)
			}
			seen[place] = true
			if TrainSide(r.Canonical, o.Split) != (side == "train") {
				t.Errorf("%s: on the %s side, not its form's", place, side)
			}
			want := rated[place]
			want.Canonical, want.Transform = forms[place].Canonical, forms[place].Transform
			if a, b := mustJSON(r), mustJSON(want); a != b {
				t.Errorf("%s: record\n%s\nwant\n%s", place, a, b)
			}
		}
	}
	for place, r := range forms {
		wantKept := !r.Failed() && !c.dups[place] && c.deadRated[place] == ""
		if seen[place] != wantKept {
			t.Errorf("%s: written %v, want %v", place, seen[place], wantKept)
		}
	}
	r := readReport(t, out, prefix)
	if n := count(r.Written, "train"); n == 0 || count(r.Written, "test") == 0 || n+count(r.Written, "test") != int64(len(seen)) {
		t.Errorf("report: written %v; want %d in all, on both sides", r.Written, len(seen))
	}

	// Without dedupe, a copy goes where its original goes.
	prefix = filepath.Join(t.TempDir(), "s2")
	o = Options{Output: prefix, Format: "line", Split: 0.5, ChunkSize: 700}
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	out = outputs(t, prefix)
	side := map[string]string{} // canonical form -> side
	for _, s := range []string{"train", "test"} {
		for _, l := range strings.Fields(string(shards(t, out, prefix, s))) {
			g, err := sudoku.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			f, _, _ := canon.Form(&g)
			if old, ok := side[f.String()]; ok && old != s {
				t.Errorf("isomorphs of %s on both sides", f)
			}
			side[f.String()] = s
		}
	}
}

func byPlace(t *testing.T, jsonl []byte) map[string]record.Record {
	t.Helper()
	out := map[string]record.Record{}
	sc := bufio.NewScanner(bytes.NewReader(jsonl))
	for sc.Scan() {
		var r record.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out[where(r.Source, r.Line)] = r
	}
	return out
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestRetry fails a chunk's work after it has written its files, as a
// worker killed before the runner took its work: the run fails and leaves
// temporary files, and the run again writes the same outputs as a run
// that never failed, with no temporary file and no record twice.
func TestRetry(t *testing.T) {
	c := newCorpus(t)
	dir := t.TempDir()
	o := Options{Format: "json", Canon: true, Dedupe: true, ChunkSize: 1000}

	o.Output = filepath.Join(dir, "clean", "p")
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	clean := outputs(t, o.Output)

	o.Output = filepath.Join(dir, "retried", "p")
	failShard.Store(3 + 1)
	err := run(t, c.files, o)
	failShard.Store(0)
	if err == nil {
		t.Fatal("the run with a failing chunk succeeded")
	}
	temps, _ := filepath.Glob(o.Output + "*" + tempMark + "*")
	if len(temps) == 0 {
		t.Fatal("the failed run left no temporary file: the test tests nothing")
	}
	if err := run(t, c.files, o); err != nil {
		t.Fatal(err)
	}
	retried := outputs(t, o.Output)
	if len(retried) != len(clean) {
		t.Errorf("%d files after the retry, %d in a clean run", len(retried), len(clean))
	}
	for n, b := range clean {
		if !bytes.Equal(retried[n], b) {
			t.Errorf("%s differs after the retry", n)
		}
	}
	for n := range retried {
		if _, ok := clean[n]; !ok {
			t.Errorf("%s: left after the retry", n)
		}
	}
}

// diff shows the first line where got and want differ.
func diff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range min(len(g), len(w)) {
		if !bytes.Equal(g[i], w[i]) {
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}
