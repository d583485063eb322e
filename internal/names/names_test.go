package names

import (
	"fmt"
	"slices"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"xwing", "x-wing", 1}, {"fromat", "format", 1}, {"ab", "ba", 1}, {"ｘwing", "xwing", 1},
	} {
		if d := distance(tt.a, tt.b); d != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, d, tt.d)
		}
		if d := distance(tt.b, tt.a); d != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.b, tt.a, d, tt.d)
		}
	}
}

func TestClosest(t *testing.T) {
	known := []string{"format", "timeout", "unique", "jobs", "template", "trace", "trace-grids"}
	for _, tt := range []struct {
		name string
		n    int
		want []string
	}{
		{"fromat", 3, []string{"format"}},
		{"Timeot", 3, []string{"timeout"}},
		{"trace-grid", 2, []string{"trace-grids"}},
		{"zzzzzz", 3, nil},
		{"tr", 1, []string{"trace"}},
	} {
		if got := Closest(tt.name, known, tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("Closest(%q, %d) = %q, want %q", tt.name, tt.n, got, tt.want)
		}
	}
}

func ExampleQuote() {
	q := func(s string) string { return "--" + s }
	fmt.Println(Quote([]string{"format"}, q))
	fmt.Println(Quote([]string{"format", "timeout", "trace"}, q))
	// Output:
	// --format
	// --format, --timeout or --trace
}
