package logic

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/godoku/sudoku"
)

// solveAll is a plain backtracking solver for tests, independent of the
// package's own one: it returns up to limit solutions.
func solveAll(g sudoku.Grid, limit int) []sudoku.Grid {
	var out []sudoku.Grid
	var row, col, box [9]uint16
	for i, v := range g {
		if v != 0 {
			b := i/27*3 + i%9/3
			if row[i/9]&(1<<v) != 0 || col[i%9]&(1<<v) != 0 || box[b]&(1<<v) != 0 {
				return nil
			}
			row[i/9] |= 1 << v
			col[i%9] |= 1 << v
			box[b] |= 1 << v
		}
	}
	var rec func()
	rec = func() {
		best, bestN := -1, 10
		var bestM uint16
		for i := 0; i < 81; i++ {
			if g[i] != 0 {
				continue
			}
			m := 0x3FE &^ (row[i/9] | col[i%9] | box[i/27*3+i%9/3])
			n := 0
			for x := m; x != 0; x &= x - 1 {
				n++
			}
			if n < bestN {
				best, bestN, bestM = i, n, m
			}
		}
		if best < 0 {
			out = append(out, g)
			return
		}
		b := best/27*3 + best%9/3
		for d := uint8(1); d <= 9; d++ {
			if bestM&(1<<d) == 0 || len(out) >= limit {
				continue
			}
			g[best] = d
			row[best/9] |= 1 << d
			col[best%9] |= 1 << d
			box[b] |= 1 << d
			rec()
			g[best] = 0
			row[best/9] &^= 1 << d
			col[best%9] &^= 1 << d
			box[b] &^= 1 << d
		}
	}
	rec()
	return out
}

type ratedPuzzle struct {
	grid  sudoku.Grid
	level string
	score int
	se    float64 // 0 when the set has no SE rating
}

// loadTSV reads a ratings table from the root testdata.
func loadTSV(t testing.TB, name string) []ratedPuzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var col map[string]int
	var out []ratedPuzzle
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col == nil {
			col = map[string]int{}
			for i, h := range fields {
				col[h] = i
			}
			continue
		}
		g, err := sudoku.Parse(fields[col["puzzle"]])
		if err != nil {
			t.Fatal(err)
		}
		p := ratedPuzzle{grid: g, level: fields[col["hodoku_level"]]}
		p.score, _ = strconv.Atoi(fields[col["hodoku_score"]])
		if i, ok := col["se_er"]; ok {
			p.se, _ = strconv.ParseFloat(fields[i], 64)
		}
		out = append(out, p)
	}
	return out
}

// loadExchange reads "hash puzzle rating" lines.
func loadExchange(t testing.TB) []ratedPuzzle {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "sudoku_exchange_rated_1in10.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []ratedPuzzle
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		g, err := sudoku.Parse(f[1])
		if err != nil {
			t.Fatal(err)
		}
		se, _ := strconv.ParseFloat(f[2], 64)
		out = append(out, ratedPuzzle{grid: g, se: se})
	}
	return out
}

// loadLines reads one puzzle per line from the root testdata.
func loadLines(t testing.TB, name string, max int) []sudoku.Grid {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []sudoku.Grid
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if len(line) < 81 || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := sudoku.Parse(line[:81])
		if err != nil {
			continue
		}
		out = append(out, g)
		if len(out) == max {
			break
		}
	}
	return out
}
