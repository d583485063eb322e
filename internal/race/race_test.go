package race

import (
	"slices"
	"testing"
	"time"
)

func TestScale(t *testing.T) {
	for _, tc := range []struct {
		on   bool
		d    time.Duration
		want time.Duration
	}{
		{false, 3 * time.Second, 3 * time.Second},
		{true, 3 * time.Second, 3 * Factor * time.Second},
		{true, 0, 0},
	} {
		if got := scale(tc.on, tc.d); got != tc.want {
			t.Errorf("scale(%v, %v) = %v, want %v", tc.on, tc.d, got, tc.want)
		}
	}
	if got := Scale(time.Second); got != scale(Enabled, time.Second) {
		t.Errorf("Scale(1s) = %v with Enabled %v", got, Enabled)
	}
}

func TestSample(t *testing.T) {
	ten := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, tc := range []struct {
		on   bool
		s    []int
		n    int
		want []int
	}{
		{false, ten, 3, ten},
		{true, ten, 3, []int{0, 3, 6}},
		{true, ten, 5, []int{0, 2, 4, 6, 8}},
		{true, ten, 10, ten},
		{true, ten, 20, ten},
		{true, ten, 1, []int{0}},
		{true, ten, 0, []int{}},
		{true, ten, -1, []int{}},
		{true, nil, 3, nil},
	} {
		got := sample(tc.on, tc.s, tc.n)
		if !slices.Equal(got, tc.want) {
			t.Errorf("sample(%v, %v, %d) = %v, want %v", tc.on, tc.s, tc.n, got, tc.want)
		}
	}
	if got := Sample(ten, 5); !slices.Equal(got, sample(Enabled, ten, 5)) {
		t.Errorf("Sample(ten, 5) = %v with Enabled %v", got, Enabled)
	}
}
