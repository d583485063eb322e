// Package edgetest runs the edge-value tables of the packages' tests:
// every exported function and method called with zero, nil and
// out-of-range arguments must give its documented result or error, and
// panic only where its documentation says so (the developers' guide).
// It is written once here so that each package's table reads the same.
package edgetest

import (
	"reflect"
	"testing"
)

// A Case is one call with edge-value arguments.
type Case struct {
	Name string
	// Call makes the call and returns what the test compares with Want,
	// such as err != nil or errors.Is(err, ErrX) for a function that
	// must refuse its arguments.
	Call func() any
	// Want is the result Call must return, compared with
	// reflect.DeepEqual; it is not looked at when Panics is set.
	Want any
	// Panics says that the documentation announces a panic for this
	// call, as the standard library does for a nil receiver.
	Panics bool
}

// Run runs the cases, each as a subtest, so that a panic in one is
// reported by name and the others still run.
func Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			var got any
			var panicked any
			func() {
				defer func() { panicked = recover() }()
				got = c.Call()
			}()
			switch {
			case c.Panics && panicked == nil:
				t.Errorf("returned %v, want the documented panic", got)
			case !c.Panics && panicked != nil:
				t.Errorf("panicked: %v", panicked)
			case !c.Panics && !reflect.DeepEqual(got, c.Want):
				t.Errorf("= %v, want %v", got, c.Want)
			}
		})
	}
}
