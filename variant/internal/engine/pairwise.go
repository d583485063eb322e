package engine

// Pairwise says that every two of the cells, earlier then later, hold
// values x and y with ok(x, y): a Relation between each two. When ok
// holds only for different values, the cells also Differ and, for a few
// cells, a pairwiseProp keeps them exactly.
func (b *Builder) Pairwise(cells []int, ok func(x, y int) bool) {
	for i, c := range cells {
		for _, a := range cells[:i] {
			b.Relation(a, c, ok)
		}
	}
	if len(cells) < 3 || len(cells) > pairwiseLimit {
		return
	}
	p := &pairwiseProp{cells: toInt32(cells)}
	for x := 1; x <= b.n; x++ {
		if ok(x, x) {
			return
		}
		for y := 1; y <= b.n; y++ {
			if ok(x, y) {
				p.with[x-1] |= bit(y)
			}
		}
	}
	for i, c := range cells {
		for _, a := range cells[:i] {
			b.Differ(a, c)
		}
	}
	b.props = append(b.props, p)
}

// pairwiseLimit is the most cells a pairwiseProp takes: it walks their
// assignments.
const pairwiseLimit = 5

// pairwiseProp keeps the values of a few cells, every two of which must
// hold values the relation allows together (different ones), that some
// assignment of all of them gives; and a value every assignment uses is
// in the cells, so the cells that see all its places lose it. Pairs alone
// miss what the cells do together: four cells of a nabner line (no two
// values equal or consecutive) hold four values two apart or more, which
// 1 to 9 give in few ways. ISS's example "Nabner" took 352,301 guesses
// with pairs alone.
type pairwiseProp struct {
	cells []int32
	// with[x-1]: the values y the relation allows beside x.
	with   [MaxValues]Mask
	nearby // the cells around them
}

func (p *pairwiseProp) watched() []int32 { return p.cells }

func (p *pairwiseProp) prepare(b *Builder) { p.nearby = nearCells(b, p.cells) }

func (p *pairwiseProp) run(s *solver) bool {
	var masks, sup [pairwiseLimit]Mask
	k := len(p.cells)
	open := false
	for i, c := range p.cells {
		masks[i] = s.cells[c]
		if masks[i]&(masks[i]-1) != 0 {
			open = true
		}
	}
	if !open {
		return true
	}
	// Depth first over the cells, each value allowed beside all before
	// it; every set of values a full assignment uses is and-ed into req.
	var vals [pairwiseLimit]int
	var allow [pairwiseLimit + 1]Mask
	allow[0] = ^Mask(0)
	req := ^Mask(0)
	any := false
	var walk func(i int)
	walk = func(i int) {
		if i == k {
			var used Mask
			for j := range k {
				sup[j] |= bit(vals[j])
				used |= bit(vals[j])
			}
			req &= used
			any = true
			return
		}
		for m := masks[i] & allow[i]; m != 0; m &= m - 1 {
			v := tz(m) + 1
			vals[i] = v
			allow[i+1] = allow[i] & p.with[v-1]
			walk(i + 1)
		}
	}
	walk(0)
	if !any {
		return false
	}
	for i, c := range p.cells {
		if !s.restrict(c, sup[i]) {
			return false
		}
	}
	for r := req; r != 0; r &= r - 1 {
		v := r & -r
		var where uint64
		for i := range k {
			if sup[i]&v != 0 {
				where |= 1 << i
			}
		}
		if where&(where-1) == 0 {
			continue
		}
		if !p.exclude(s, where, v) {
			return false
		}
	}
	return true
}
