package server

import (
	"errors"
	"fmt"
)

// A reader of the QR codes the page draws (js/qr.js): level M, byte mode.
// The browser tests decode what the page shows with it, checking the
// finder patterns, the format information, the Reed-Solomon syndromes of
// every block and the text. (Decoders such as zbarimg read the page's
// codes too; this one needs nothing installed.)

// Level M: error correction codewords per block and blocks, versions 1-40.
var (
	qrECPerBlock = [40]int{10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
		26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28}
	qrBlocks = [40]int{1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
		17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49}
)

// qrGF multiplies in GF(256) modulo x^8+x^4+x^3+x^2+1, bit by bit.
func qrGF(a, b byte) byte {
	var p byte
	for b > 0 {
		if b&1 == 1 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1d
		}
		b >>= 1
	}
	return p
}

// qrFormat is the 15-bit format word of level M and a mask.
func qrFormat(mask int) int {
	rem := mask
	for range 10 {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (mask<<10 | rem&0x3ff) ^ 0x5412
}

func qrAlignments(v int) []int {
	if v == 1 {
		return nil
	}
	n := v/7 + 2
	size := 4*v + 17
	step := (v*4 + 4 + n*2 - 3) / (n*2 - 2) * 2
	if v == 32 {
		step = 26
	}
	pos := []int{6}
	for p := size - 7; len(pos) < n; p -= step {
		pos = append([]int{6, p}, pos[1:]...)
	}
	return pos
}

// qrRead decodes a symbol given as dark[y][x].
func qrRead(dark [][]bool) (string, error) {
	size := len(dark)
	v := (size - 17) / 4
	if size < 21 || (size-17)%4 != 0 || v > 40 {
		return "", fmt.Errorf("a symbol of %d modules", size)
	}
	at := func(x, y int) bool { return dark[y][x] }
	// The three finder patterns.
	for _, c := range [][2]int{{3, 3}, {size - 4, 3}, {3, size - 4}} {
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				d := max(abs(dx), abs(dy))
				if at(c[0]+dx, c[1]+dy) != (d != 2) {
					return "", fmt.Errorf("no finder pattern at %v", c)
				}
			}
		}
	}
	// The format, from both copies.
	var f1, f2 int
	bit := func(on bool) int {
		if on {
			return 1
		}
		return 0
	}
	for i := range 15 {
		var x1, y1, x2, y2 int
		switch {
		case i <= 5:
			x1, y1 = 8, i
		case i == 6:
			x1, y1 = 8, 7
		case i == 7:
			x1, y1 = 8, 8
		case i == 8:
			x1, y1 = 7, 8
		default:
			x1, y1 = 14-i, 8
		}
		if i < 8 {
			x2, y2 = size-1-i, 8
		} else {
			x2, y2 = 8, size-15+i
		}
		f1 |= bit(at(x1, y1)) << i
		f2 |= bit(at(x2, y2)) << i
	}
	mask := -1
	for m := range 8 {
		if qrFormat(m) == f1 && f1 == f2 {
			mask = m
		}
	}
	if mask < 0 {
		return "", fmt.Errorf("format words %015b and %015b are of no mask at level M", f1, f2)
	}
	// The modules of the function patterns.
	fn := make([][]bool, size)
	for y := range fn {
		fn[y] = make([]bool, size)
	}
	box := func(x0, y0, x1, y1 int) {
		for y := max(y0, 0); y <= min(y1, size-1); y++ {
			for x := max(x0, 0); x <= min(x1, size-1); x++ {
				fn[y][x] = true
			}
		}
	}
	box(0, 0, 8, 8)
	box(size-8, 0, size-1, 8)
	box(0, size-8, 8, size-1)
	al := qrAlignments(v) // before the timing patterns, which cross some
	for _, ay := range al {
		for _, ax := range al {
			if !fn[ay][ax] {
				box(ax-2, ay-2, ax+2, ay+2)
			}
		}
	}
	box(6, 0, 6, size-1)
	box(0, 6, size-1, 6)
	if v >= 7 {
		box(size-11, 0, size-9, 5)
		box(0, size-11, 5, size-9)
	}
	masks := []func(x, y int) bool{
		func(x, y int) bool { return (x+y)%2 == 0 },
		func(x, y int) bool { return y%2 == 0 },
		func(x, y int) bool { return x%3 == 0 },
		func(x, y int) bool { return (x+y)%3 == 0 },
		func(x, y int) bool { return (x/3+y/2)%2 == 0 },
		func(x, y int) bool { return x*y%2+x*y%3 == 0 },
		func(x, y int) bool { return (x*y%2+x*y%3)%2 == 0 },
		func(x, y int) bool { return ((x+y)%2+x*y%3)%2 == 0 },
	}
	// The codewords, in two-module columns from the bottom right.
	var words []byte
	var cur byte
	n := 0
	for right := size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		up := (right+1)&2 == 0
		for vert := range size {
			y := vert
			if up {
				y = size - 1 - vert
			}
			for j := range 2 {
				x := right - j
				if fn[y][x] {
					continue
				}
				cur = cur<<1 | byte(bit(at(x, y) != masks[mask](x, y)))
				if n++; n%8 == 0 {
					words = append(words, cur)
					cur = 0
				}
			}
		}
	}
	// The blocks, each checked by its syndromes.
	nb, ec := qrBlocks[v-1], qrECPerBlock[v-1]
	total := len(words)
	short := nb - total%nb
	shortData := total/nb - ec
	blocks := make([][]byte, nb)
	k := 0
	for i := 0; i <= shortData; i++ {
		for b := range nb {
			if i < shortData || b >= short {
				blocks[b] = append(blocks[b], words[k])
				k++
			}
		}
	}
	for range ec {
		for b := range nb {
			blocks[b] = append(blocks[b], words[k])
			k++
		}
	}
	var data []byte
	alpha := byte(1)
	for i := range ec {
		for b, blk := range blocks {
			var s byte // the block as a polynomial at alpha^i, by Horner
			for _, c := range blk {
				s = qrGF(s, alpha) ^ c
			}
			if s != 0 {
				return "", fmt.Errorf("block %d: syndrome %d is %d", b, i, s)
			}
		}
		alpha = qrGF(alpha, 2)
	}
	for _, blk := range blocks {
		data = append(data, blk[:len(blk)-ec]...)
	}
	// Byte mode: 0100, the length, the bytes.
	pos := 0
	read := func(bits int) int {
		val := 0
		for range bits {
			val = val<<1 | int(data[pos/8]>>(7-pos%8)&1)
			pos++
		}
		return val
	}
	if m := read(4); m != 4 {
		return "", fmt.Errorf("mode %04b, not bytes", m)
	}
	lenBits := 8
	if v >= 10 {
		lenBits = 16
	}
	count := read(lenBits)
	if (4+lenBits+8*count+7)/8 > len(data) {
		return "", errors.New("the length is more than the data")
	}
	text := make([]byte, count)
	for i := range text {
		text[i] = byte(read(8))
	}
	return string(text), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
