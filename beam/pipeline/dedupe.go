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
// element (several microseconds) is more than a canonical form's, and its
// cost per byte is most of the rest (Prism copies each byte it moves
// several times and holds it in memory until the next stage has run):
//
//	entry sent to a bucket:    form (wire) | shard (uvarint) | line (uvarint)
//	entry sent back to a chunk:              line (uvarint) [| form (wire)]
//
// A form goes back only when the chunk writes it as it is (Options.backForms);
// else the chunk works it out again only where it needs it.
//
// On the wire a form is the mask of its given cells (81 bits in 11 bytes,
// cell i in bit i%8 of byte i/8) and then the givens' digits in cell
// order, two a byte (the first in the low half): 19 bytes for a puzzle of
// 16 givens, 24 for 26, where the 81 cells two a byte take 41. A mask
// with bit 87 set (no real mask has a bit above 80) and no digits marks a
// puzzle whose form could not be found: it is kept, and its chunk says why
// in the dead letters. In memory (the buckets' maps) a form is its 81
// cells two a byte, cell 2i in the low half of byte i.

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
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

// cellValue is the value of a cell's character as canon.AppendText writes
// it: 0 for '.', 1 to 9 for the digits.
var cellValue = func() (t [256]byte) {
	for c := byte('1'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	return t
}()

// packText packs the 81 characters of a form, as canon.AppendText
// writes it ('.' for an empty cell).
func packText(text []byte) form {
	var f form
	text = text[:81]
	for i := range 40 {
		f[i] = cellValue[text[2*i]] | cellValue[text[2*i+1]]<<4
	}
	f[40] = cellValue[text[80]]
	return f
}

// cellChars are the characters of the two cells of a byte of a form,
// by the byte, as sudoku.Grid.String writes them.
var cellChars = func() (t [256][2]byte) {
	const chars = ".123456789"
	for v := range 256 {
		lo, hi := v&0xf, v>>4
		if lo < 10 && hi < 10 {
			t[v] = [2]byte{chars[lo], chars[hi]}
		}
	}
	return t
}()

// text returns the form's 81 characters, as sudoku.Grid.String writes
// them.
func (f *form) text() string {
	var b [82]byte
	for i, v := range f {
		c := cellChars[v]
		b[2*i], b[2*i+1] = c[0], c[1]
	}
	return string(b[:81])
}

// maskBytes is the size of a wire form's mask of given cells.
const maskBytes = 11

// appendWire appends the wire encoding of f (see the top of this file).
func (f *form) appendWire(b []byte) []byte {
	at := len(b)
	b = append(b, make([]byte, maskBytes)...)
	if *f == noForm {
		b[at+maskBytes-1] = 0x80
		return b
	}
	var half byte // the digit waiting for the high half of its byte
	odd := false  // whether one is waiting
	put := func(cell int, v byte) {
		b[at+cell/8] |= 1 << (cell % 8)
		if odd {
			b = append(b, half|v<<4)
		}
		half, odd = v, !odd
	}
	for i, v := range f {
		if v == 0 {
			continue // most are: a puzzle has few givens
		}
		if lo := v & 0xf; lo != 0 {
			put(2*i, lo)
		}
		if hi := v >> 4; hi != 0 {
			put(2*i+1, hi)
		}
	}
	if odd {
		b = append(b, half)
	}
	return b
}

// wireLen returns the length of the wire form at the start of b, or 0 if
// b does not start with one.
func wireLen(b []byte) int {
	if len(b) < maskBytes {
		return 0
	}
	if b[maskBytes-1]&0x80 != 0 {
		return maskBytes // noForm
	}
	if b[maskBytes-1]&^1 != 0 {
		return 0 // bits past cell 80
	}
	givens := bits.OnesCount64(binary.LittleEndian.Uint64(b)) +
		bits.OnesCount16(binary.LittleEndian.Uint16(b[8:])) + bits.OnesCount8(b[10])
	n := maskBytes + (givens+1)/2
	if len(b) < n {
		return 0
	}
	return n
}

// readWire reads a wire form from the start of b and returns it and the
// bytes it took; n is 0 if b does not start with one.
func readWire(b []byte) (f form, n int) {
	n = wireLen(b)
	if n == 0 {
		return f, 0
	}
	if b[maskBytes-1]&0x80 != 0 {
		return noForm, n
	}
	d := b[maskBytes:n]
	k := 0 // digits read
	for j, m := range b[:maskBytes] {
		for ; m != 0; m &= m - 1 {
			cell := 8*j + bits.TrailingZeros8(m)
			v := d[k/2] >> (4 * (k % 2)) & 0xf
			k++
			f[cell/2] |= v << (4 * (cell % 2))
		}
	}
	return f, n
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
		e := fm.appendWire(batches[b])
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
// entries). An entry sent back is the line times 2, plus 1 for a puzzle
// whose form could not be found, and then, with Forms, the form unless
// it could not be found.
type dedupeFn struct {
	Forms bool
}

func (d *dedupeFn) ProcessElement(bucket int, batches func(*[]byte) bool, emit func(int, []byte)) error {
	// Keyed by the wire form, as it came: a form has one, and it is about
	// half the size of a form in memory.
	first := make(map[string]place)
	var unformed []place
	var batch []byte
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			n := wireLen(b)
			if n == 0 {
				return fmt.Errorf("bucket %d: a bad form in a batch of forms", bucket)
			}
			wire := b[:n]
			b = b[n:]
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
			if wire[maskBytes-1]&0x80 != 0 { // noForm
				unformed = append(unformed, pl)
				continue
			}
			if old, ok := first[string(wire)]; !ok || pl.compare(old) < 0 {
				first[string(wire)] = pl
			}
		}
	}
	back := make(map[int][]byte)
	for wire, pl := range first {
		e := binary.AppendUvarint(back[pl.shard], uint64(pl.line)<<1)
		if d.Forms {
			e = append(e, wire...)
		}
		back[pl.shard] = e
	}
	for _, pl := range unformed {
		back[pl.shard] = binary.AppendUvarint(back[pl.shard], uint64(pl.line)<<1|1)
	}
	for _, shard := range sortedKeys(back) {
		emit(shard, back[shard])
	}
	return nil
}

// keptForms are the puzzles of a chunk that its buckets kept.
type keptForms struct {
	kept  []kept // in line order
	wires []byte // the forms that came back, as they came
}

// A kept is a puzzle a bucket kept: its line and where its form is in
// keptForms.wires (-1 if the forms did not come back and it has one). It
// is small, to sort fast, and the forms are kept as they came, half the
// size of a form in memory.
type kept struct {
	line int64
	at   int
}

// form returns the form of k, or nil if it did not come back.
func (ks *keptForms) form(k kept) *form {
	if k.at < 0 {
		return nil
	}
	f, _ := readWire(ks.wires[k.at:])
	return &f
}

// readKept reads the entries sent back to a chunk; forms says whether
// they hold forms (see dedupeFn).
func readKept(batches func(*[]byte) bool, forms bool) (*keptForms, error) {
	ks := &keptForms{kept: []kept{}}
	var batch []byte
	for batches(&batch) {
		for b := batch; len(b) > 0; {
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return nil, errors.New("a batch of kept forms ends short")
			}
			b = b[n:]
			k := kept{line: int64(v >> 1), at: len(ks.wires)}
			switch {
			case v&1 == 1:
				ks.wires = noForm.appendWire(ks.wires)
			case forms:
				if n = wireLen(b); n == 0 {
					return nil, errors.New("a bad form in a batch of kept forms")
				}
				ks.wires = append(ks.wires, b[:n]...)
				b = b[n:]
			default:
				k.at = -1
			}
			ks.kept = append(ks.kept, k)
		}
	}
	slices.SortFunc(ks.kept, func(a, b kept) int { return cmp.Compare(a.line, b.line) })
	return ks, nil
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
