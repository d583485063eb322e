package pipeline

// Dropping isomorph duplicates: the one step that needs all the puzzles
// together, done by the runner's shuffle.
//
// Each chunk works out the canonical forms of its puzzles and sends each,
// with the puzzle's place (shard, line), to a bucket chosen by a hash of
// the form, so that all the isomorphs of a puzzle meet in one bucket. A
// bucket keeps, of each form, the earliest place, and sends the places
// kept back to their chunks (a chunk sends each of its forms once, from
// its earliest line), which then write the puzzles kept. Forms and
// places travel packed, many to an element, since the runner's cost per
// element (several microseconds) is more than a canonical form's:
//
//	entry sent to a bucket:    form (41 bytes) | shard (uvarint) | line (uvarint)
//	entry sent back to a chunk:                   line (uvarint) | form (41 bytes)
//
// A form is packed two cells a byte, cell 2i in the low half of byte i.
// A form of all 0xff bytes (no real form has a nibble above 9) marks a
// puzzle whose form could not be found: it is kept, and its chunk says
// why in the dead letters.

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/godoku/sudoku"
	"github.com/godoku/sudoku/canon"
)

// A form is a canonical form, packed.
type form [41]byte

// noForm marks a puzzle whose form could not be found.
var noForm = func() (f form) {
	for i := range f {
		f[i] = 0xff
	}
	return f
}()

// packText packs the 81 characters of a form, as canon.AppendText
// writes it ('.' for an empty cell).
func packText(text []byte) form {
	var f form
	for i, c := range text[:81] {
		if c != '.' {
			f[i/2] |= (c - '0') << (4 * (i % 2))
		}
	}
	return f
}

// text returns the form's 81 characters, as sudoku.Grid.String writes
// them.
func (f *form) text() string {
	var b [81]byte
	for i := range b {
		b[i] = '.'
		if v := f[i/2] >> (4 * (i % 2)) & 0xf; v != 0 {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// bucket returns the bucket of a form, of n.
func (f *form) bucket(n int) int {
	h := fnv.New64a()
	h.Write(f[:])
	return int(h.Sum64() % uint64(n))
}

// batchBytes is how many bytes of entries a chunk gathers for one bucket
// before it sends them.
const batchBytes = 256 << 10

// formsFn sends the forms of a chunk's puzzles to their buckets: it emits
// (bucket, entries).
type formsFn struct {
	Buckets int
}

func (f *formsFn) ProcessElement(ctx context.Context, c Chunk, emit func(int, []byte)) error {
	var can canon.Canonicalizer
	batches := make(map[int][]byte)
	// seen holds the forms sent from this chunk: a later puzzle of the
	// chunk with one of them is never the first of its form, so it is not
	// sent (its line does not come back, and the chunk drops it). On
	// inputs full of isomorphs this sends one entry per form and chunk
	// rather than per puzzle; the map is bounded by the chunk's size, and
	// on inputs with few isomorphs it costs about 4% of the CPU time. (A
	// chunk that stopped using it when its first puzzles did not repeat
	// lost the gain on a file of whole shuffled copies of a collection.)
	seen := make(map[form]struct{})
	var text []byte
	err := readChunk(ctx, &c, func(p *sudoku.Puzzle, err error) bool {
		if err != nil {
			return true // a dead letter: its chunk writes it
		}
		fm := noForm
		var ferr error
		if text, ferr = can.AppendText(text[:0], &p.Grid); ferr == nil {
			fm = packText(text)
			if _, dup := seen[fm]; dup {
				return ctx.Err() == nil
			}
			seen[fm] = struct{}{}
		}
		b := fm.bucket(f.Buckets)
		e := append(batches[b], fm[:]...)
		e = binary.AppendUvarint(e, uint64(c.Shard))
		e = binary.AppendUvarint(e, uint64(p.Line))
		if len(e) >= batchBytes {
			emit(b, e)
			e = nil
		}
		batches[b] = e
		return ctx.Err() == nil
	})
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, b := range sortedKeys(batches) {
		if len(batches[b]) > 0 {
			emit(b, batches[b])
		}
	}
	return nil
}

// A place is where a puzzle is in the input: shards are in input order,
// and lines in order within a shard.
type place struct {
	shard int
	line  int64
}

func (a place) compare(b place) int {
	return cmp.Or(cmp.Compare(a.shard, b.shard), cmp.Compare(a.line, b.line))
}

// dedupeFn keeps, of the forms in a bucket, the earliest place of each,
// and sends the places kept back to their chunks: it emits (shard,
// entries).
func dedupeFn(bucket int, batches func(*[]byte) bool, emit func(int, []byte)) error {
	first := make(map[form]place)
	var unformed []struct {
		place
		f form
	}
	var batch []byte
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			if len(b) < len(form{}) {
				return fmt.Errorf("bucket %d: a batch of forms ends short", bucket)
			}
			f := form(b[:len(form{})])
			b = b[len(form{}):]
			shard, n := binary.Uvarint(b)
			if n <= 0 {
				return fmt.Errorf("bucket %d: bad shard in a batch of forms", bucket)
			}
			b = b[n:]
			line, n := binary.Uvarint(b)
			if n <= 0 {
				return fmt.Errorf("bucket %d: bad line in a batch of forms", bucket)
			}
			b = b[n:]
			pl := place{int(shard), int64(line)}
			if f == noForm {
				unformed = append(unformed, struct {
					place
					f form
				}{pl, f})
				continue
			}
			if old, ok := first[f]; !ok || pl.compare(old) < 0 {
				first[f] = pl
			}
		}
	}
	back := make(map[int][]byte)
	add := func(pl place, f form) {
		e := binary.AppendUvarint(back[pl.shard], uint64(pl.line))
		back[pl.shard] = append(e, f[:]...)
	}
	for f, pl := range first {
		add(pl, f)
	}
	for _, u := range unformed {
		add(u.place, u.f)
	}
	for _, shard := range sortedKeys(back) {
		emit(shard, back[shard])
	}
	return nil
}

// A kept is a puzzle a bucket kept: its line and form.
type kept struct {
	line int64
	f    form
}

// readKept reads the entries sent back to a chunk, in line order.
func readKept(batches func(*[]byte) bool) ([]kept, error) {
	var out []kept
	var batch []byte
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			line, n := binary.Uvarint(b)
			if n <= 0 || len(b) < n+len(form{}) {
				return nil, errors.New("a batch of kept forms ends short")
			}
			out = append(out, kept{int64(line), form(b[n : n+len(form{})])})
			b = b[n+len(form{}):]
		}
	}
	slices.SortFunc(out, func(a, b kept) int { return cmp.Compare(a.line, b.line) })
	return out, nil
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
