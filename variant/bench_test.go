package variant_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/godoku/sudoku/variant"
	"github.com/godoku/sudoku/variant/format"
	"github.com/godoku/sudoku/variant/iss"
)

// BenchmarkISSCollections counts to two (proving uniqueness) every puzzle
// of each collection of the Interactive Sudoku Solver's file whose rules
// are supported, as ISS's own benchmark does with
// `node tools/perf/benchmark_puzzles.js --max-backtracks none --puzzles
// COLLECTION`; one iteration is the whole collection. Some collections
// take minutes (docs/variants.md): pick one with
// -bench 'ISSCollections/TAREK_ALL'.
func BenchmarkISSCollections(b *testing.B) {
	byCollection := map[string][]*variant.Solver{}
	var order []string
	for _, e := range readISS(b) {
		p, err := iss.Parse(e.Input)
		if err != nil {
			continue
		}
		s, err := variant.NewSolver(p)
		if err != nil {
			continue
		}
		if byCollection[e.Collection] == nil {
			order = append(order, e.Collection)
		}
		byCollection[e.Collection] = append(byCollection[e.Collection], s)
	}
	for _, c := range order {
		b.Run(c, func(b *testing.B) {
			for b.Loop() {
				for _, s := range byCollection[c] {
					if _, _, err := s.Count(context.Background(), 2); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(len(byCollection[c])), "puzzles")
		})
	}
}

// BenchmarkCountGrids counts every grid of a size: 288 4x4 grids and
// 28,200,960 6x6 grids with 2x3 boxes, an enumeration of the whole search
// tree (no puzzle: no givens to propagate).
func BenchmarkCountGrids(b *testing.B) {
	for _, c := range []struct {
		n    int
		want int
	}{{4, 288}, {6, 28200960}} {
		p, err := format.ParseGrid(strings.Repeat(".", c.n*c.n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx%d", c.n, c.n), func(b *testing.B) {
			for b.Loop() {
				n, err := variant.Count(context.Background(), p, 0)
				if err != nil || n != c.want {
					b.Fatalf("%d grids (%v), want %d", n, err, c.want)
				}
			}
		})
	}
}
