package logic

// javaSort sorts a as Java's List.sort does (TimSort, stable). HoDoKu
// picks the first of a list of steps sorted with comparators that are not
// always consistent (two different steps can each compare after the
// other), and with such a comparator the order depends on the algorithm,
// not only on the comparator: to take HoDoKu's step, the search must sort
// as Java sorts. For a consistent comparator this is any stable sort.
//
// The algorithm is the published one (Peters' TimSort as in the JDK):
// runs of at least minRun elements made by binary insertion, merged by a
// stack of runs kept in balance, with galloping once one side wins often.
func javaSort[T any](a []T, cmp func(x, y T) int) {
	n := len(a)
	if n < 2 {
		return
	}
	if n < tsMinMerge {
		run := tsCountRun(a, 0, n, cmp)
		tsBinarySort(a, 0, n, run, cmp)
		return
	}
	ts := &timSort[T]{a: a, cmp: cmp, minGallop: tsMinGallop}
	lo, rem := 0, n
	minRun := tsMinRunLength(n)
	for rem != 0 {
		run := tsCountRun(a, lo, lo+rem, cmp)
		if run < minRun {
			force := min(rem, minRun)
			tsBinarySort(a, lo, lo+force, lo+run, cmp)
			run = force
		}
		ts.base = append(ts.base, lo)
		ts.len = append(ts.len, run)
		ts.mergeCollapse()
		lo += run
		rem -= run
	}
	ts.mergeForceCollapse()
}

const (
	tsMinMerge  = 32
	tsMinGallop = 7
)

type timSort[T any] struct {
	a         []T
	cmp       func(x, y T) int
	minGallop int
	tmp       []T
	base, len []int // the stack of pending runs
}

// tsBinarySort sorts a[lo:hi], of which a[lo:start] is sorted, by binary
// insertion.
func tsBinarySort[T any](a []T, lo, hi, start int, cmp func(x, y T) int) {
	if start == lo {
		start++
	}
	for ; start < hi; start++ {
		pivot := a[start]
		left, right := lo, start
		for left < right {
			mid := int(uint(left+right) >> 1)
			if cmp(pivot, a[mid]) < 0 {
				right = mid
			} else {
				left = mid + 1
			}
		}
		copy(a[left+1:start+1], a[left:start])
		a[left] = pivot
	}
}

// tsCountRun returns the length of the run starting at lo, reversing it
// if it is strictly descending.
func tsCountRun[T any](a []T, lo, hi int, cmp func(x, y T) int) int {
	runHi := lo + 1
	if runHi == hi {
		return 1
	}
	if cmp(a[runHi], a[lo]) < 0 {
		runHi++
		for runHi < hi && cmp(a[runHi], a[runHi-1]) < 0 {
			runHi++
		}
		for i, j := lo, runHi-1; i < j; i, j = i+1, j-1 {
			a[i], a[j] = a[j], a[i]
		}
	} else {
		runHi++
		for runHi < hi && cmp(a[runHi], a[runHi-1]) >= 0 {
			runHi++
		}
	}
	return runHi - lo
}

func tsMinRunLength(n int) int {
	r := 0
	for n >= tsMinMerge {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

func (ts *timSort[T]) mergeCollapse() {
	for len(ts.len) > 1 {
		n := len(ts.len) - 2
		l := ts.len
		if n > 0 && l[n-1] <= l[n]+l[n+1] || n > 1 && l[n-2] <= l[n]+l[n-1] {
			if l[n-1] < l[n+1] {
				n--
			}
		} else if l[n] > l[n+1] {
			break
		}
		ts.mergeAt(n)
	}
}

func (ts *timSort[T]) mergeForceCollapse() {
	for len(ts.len) > 1 {
		n := len(ts.len) - 2
		if n > 0 && ts.len[n-1] < ts.len[n+1] {
			n--
		}
		ts.mergeAt(n)
	}
}

func (ts *timSort[T]) mergeAt(i int) {
	a, cmp := ts.a, ts.cmp
	base1, len1 := ts.base[i], ts.len[i]
	base2, len2 := ts.base[i+1], ts.len[i+1]
	ts.len[i] = len1 + len2
	if i == len(ts.len)-3 {
		ts.base[i+1], ts.len[i+1] = ts.base[i+2], ts.len[i+2]
	}
	ts.base, ts.len = ts.base[:len(ts.base)-1], ts.len[:len(ts.len)-1]
	k := tsGallopRight(a[base2], a, base1, len1, 0, cmp)
	base1 += k
	len1 -= k
	if len1 == 0 {
		return
	}
	len2 = tsGallopLeft(a[base1+len1-1], a, base2, len2, len2-1, cmp)
	if len2 == 0 {
		return
	}
	if len1 <= len2 {
		ts.mergeLo(base1, len1, base2, len2)
	} else {
		ts.mergeHi(base1, len1, base2, len2)
	}
}

// tsGallopLeft returns where key goes in the sorted a[base:base+len],
// before any equal element, searching from hint.
func tsGallopLeft[T any](key T, a []T, base, n, hint int, cmp func(x, y T) int) int {
	lastOfs, ofs := 0, 1
	if cmp(key, a[base+hint]) > 0 {
		maxOfs := n - hint
		for ofs < maxOfs && cmp(key, a[base+hint+ofs]) > 0 {
			lastOfs = ofs
			ofs = ofs<<1 + 1
			if ofs <= 0 {
				ofs = maxOfs
			}
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	} else {
		maxOfs := hint + 1
		for ofs < maxOfs && cmp(key, a[base+hint-ofs]) <= 0 {
			lastOfs = ofs
			ofs = ofs<<1 + 1
			if ofs <= 0 {
				ofs = maxOfs
			}
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if cmp(key, a[base+m]) > 0 {
			lastOfs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs
}

// tsGallopRight is tsGallopLeft after any equal element.
func tsGallopRight[T any](key T, a []T, base, n, hint int, cmp func(x, y T) int) int {
	lastOfs, ofs := 0, 1
	if cmp(key, a[base+hint]) < 0 {
		maxOfs := hint + 1
		for ofs < maxOfs && cmp(key, a[base+hint-ofs]) < 0 {
			lastOfs = ofs
			ofs = ofs<<1 + 1
			if ofs <= 0 {
				ofs = maxOfs
			}
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	} else {
		maxOfs := n - hint
		for ofs < maxOfs && cmp(key, a[base+hint+ofs]) >= 0 {
			lastOfs = ofs
			ofs = ofs<<1 + 1
			if ofs <= 0 {
				ofs = maxOfs
			}
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if cmp(key, a[base+m]) < 0 {
			ofs = m
		} else {
			lastOfs = m + 1
		}
	}
	return ofs
}

func (ts *timSort[T]) mergeLo(base1, len1, base2, len2 int) {
	a, cmp := ts.a, ts.cmp
	tmp := append(ts.tmp[:0], a[base1:base1+len1]...)
	ts.tmp = tmp
	c1, c2, dest := 0, base2, base1
	a[dest] = a[c2]
	dest++
	c2++
	if len2--; len2 == 0 {
		copy(a[dest:], tmp[c1:c1+len1])
		return
	}
	if len1 == 1 {
		copy(a[dest:], a[c2:c2+len2])
		a[dest+len2] = tmp[c1]
		return
	}
	minGallop := ts.minGallop
outer:
	for {
		count1, count2 := 0, 0
		for {
			if cmp(a[c2], tmp[c1]) < 0 {
				a[dest] = a[c2]
				dest++
				c2++
				count2++
				count1 = 0
				if len2--; len2 == 0 {
					break outer
				}
			} else {
				a[dest] = tmp[c1]
				dest++
				c1++
				count1++
				count2 = 0
				if len1--; len1 == 1 {
					break outer
				}
			}
			if count1|count2 >= minGallop {
				break
			}
		}
		for {
			count1 = tsGallopRight(a[c2], tmp, c1, len1, 0, cmp)
			if count1 != 0 {
				copy(a[dest:], tmp[c1:c1+count1])
				dest += count1
				c1 += count1
				len1 -= count1
				if len1 <= 1 {
					break outer
				}
			}
			a[dest] = a[c2]
			dest++
			c2++
			if len2--; len2 == 0 {
				break outer
			}
			count2 = tsGallopLeft(tmp[c1], a, c2, len2, 0, cmp)
			if count2 != 0 {
				copy(a[dest:], a[c2:c2+count2])
				dest += count2
				c2 += count2
				len2 -= count2
				if len2 == 0 {
					break outer
				}
			}
			a[dest] = tmp[c1]
			dest++
			c1++
			if len1--; len1 == 1 {
				break outer
			}
			minGallop--
			if count1 < tsMinGallop && count2 < tsMinGallop {
				break
			}
		}
		if minGallop < 0 {
			minGallop = 0
		}
		minGallop += 2
	}
	ts.minGallop = max(minGallop, 1)
	switch {
	case len1 == 1:
		copy(a[dest:], a[c2:c2+len2])
		a[dest+len2] = tmp[c1]
	case len1 > 1:
		copy(a[dest:], tmp[c1:c1+len1])
	}
	// len1 == 0 is where Java throws ("Comparison method violates its
	// general contract"); the elements are all in place then.
}

func (ts *timSort[T]) mergeHi(base1, len1, base2, len2 int) {
	a, cmp := ts.a, ts.cmp
	tmp := append(ts.tmp[:0], a[base2:base2+len2]...)
	ts.tmp = tmp
	c1, c2, dest := base1+len1-1, len2-1, base2+len2-1
	a[dest] = a[c1]
	dest--
	c1--
	if len1--; len1 == 0 {
		copy(a[dest-(len2-1):], tmp[:len2])
		return
	}
	if len2 == 1 {
		dest -= len1
		c1 -= len1
		copy(a[dest+1:dest+1+len1], a[c1+1:c1+1+len1])
		a[dest] = tmp[c2]
		return
	}
	minGallop := ts.minGallop
outer:
	for {
		count1, count2 := 0, 0
		for {
			if cmp(tmp[c2], a[c1]) < 0 {
				a[dest] = a[c1]
				dest--
				c1--
				count1++
				count2 = 0
				if len1--; len1 == 0 {
					break outer
				}
			} else {
				a[dest] = tmp[c2]
				dest--
				c2--
				count2++
				count1 = 0
				if len2--; len2 == 1 {
					break outer
				}
			}
			if count1|count2 >= minGallop {
				break
			}
		}
		for {
			count1 = len1 - tsGallopRight(tmp[c2], a, base1, len1, len1-1, cmp)
			if count1 != 0 {
				dest -= count1
				c1 -= count1
				len1 -= count1
				copy(a[dest+1:dest+1+count1], a[c1+1:c1+1+count1])
				if len1 == 0 {
					break outer
				}
			}
			a[dest] = tmp[c2]
			dest--
			c2--
			if len2--; len2 == 1 {
				break outer
			}
			count2 = len2 - tsGallopLeft(a[c1], tmp, 0, len2, len2-1, cmp)
			if count2 != 0 {
				dest -= count2
				c2 -= count2
				len2 -= count2
				copy(a[dest+1:dest+1+count2], tmp[c2+1:c2+1+count2])
				if len2 <= 1 {
					break outer
				}
			}
			a[dest] = a[c1]
			dest--
			c1--
			if len1--; len1 == 0 {
				break outer
			}
			minGallop--
			if count1 < tsMinGallop && count2 < tsMinGallop {
				break
			}
		}
		if minGallop < 0 {
			minGallop = 0
		}
		minGallop += 2
	}
	ts.minGallop = max(minGallop, 1)
	switch {
	case len2 == 1:
		dest -= len1
		c1 -= len1
		copy(a[dest+1:dest+1+len1], a[c1+1:c1+1+len1])
		a[dest] = tmp[c2]
	case len2 > 1:
		copy(a[dest-(len2-1):], tmp[:len2])
	}
}
