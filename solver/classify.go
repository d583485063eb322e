package solver

import (
	"context"
	"fmt"

	"github.com/godoku/sudoku"
)

// Status says what is known of a puzzle's solutions, or why nothing is. Its
// text form is the status word of every command and API answer.
type Status uint8

// The statuses. The zero Status is unknown: no result yet.
const (
	Unique   Status = iota + 1 // exactly one solution
	Multiple                   // more than one solution
	None                       // no solution
	Solved                     // a solution was found; whether it is the only one was not asked
	Invalid                    // the puzzle cannot be read, or its givens break the rules
	Stopped                    // a time limit or an interrupt ended the search
	Failed                     // something went wrong that is not the puzzle's fault; the error says what
)

var statusWords = [...]string{"", "unique", "multiple", "none", "solved", "invalid", "stopped", "failed"}

// String returns the status word, such as "unique".
func (s Status) String() string {
	if s != 0 && int(s) < len(statusWords) {
		return statusWords[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// MarshalText returns the status word. The zero Status and unknown values
// are an error.
func (s Status) MarshalText() ([]byte, error) {
	if s == 0 || int(s) >= len(statusWords) {
		return nil, fmt.Errorf("solver: invalid status %d", uint8(s))
	}
	return []byte(statusWords[s]), nil
}

// UnmarshalText reads a status word.
func (s *Status) UnmarshalText(b []byte) error {
	for i, w := range statusWords {
		if i > 0 && w == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("solver: unknown status %q", b)
}

// Classify says whether g has no solution, one or several, looking for two
// at most. It returns the solution when there is one, and the first found
// when there are several. The status is Invalid, with the error from
// Validate, when the givens break the rules, and Stopped, with ctx.Err(),
// when ctx ends the search; the error is nil otherwise. Every solution
// returned has been checked against the rules and the givens: one that
// fails the check, a bug, gives Failed and an error.
func (s *Solver) Classify(ctx context.Context, g *sudoku.Grid) (sudoku.Grid, Status, error) {
	if g == nil {
		return sudoku.Grid{}, Invalid, errNilGrid
	}
	if err := g.Validate(); err != nil {
		return sudoku.Grid{}, Invalid, err
	}
	var sol sudoku.Grid
	n, err := s.search(ctx, g, 2, &sol, nil)
	return verdict(n, err, &sol, g.CheckSolution)
}

// verdict is Classify's answer from a search for two solutions that found
// n, the first in sol, and stopped with err; check checks sol against the
// puzzle.
func verdict(n int, err error, sol *sudoku.Grid, check func(*sudoku.Grid) error) (sudoku.Grid, Status, error) {
	switch {
	case err != nil:
		return sudoku.Grid{}, Stopped, err
	case n == 0:
		return sudoku.Grid{}, None, nil
	}
	if err := check(sol); err != nil {
		return sudoku.Grid{}, Failed, fmt.Errorf("solver: internal error: %v", err)
	}
	if n > 1 {
		return *sol, Multiple, nil
	}
	return *sol, Unique, nil
}

// Classify is Solver.Classify on a Solver from a pool. It is safe for
// concurrent use.
func Classify(ctx context.Context, g *sudoku.Grid) (sudoku.Grid, Status, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Classify(ctx, g)
}
