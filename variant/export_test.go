package variant

// RootCandidates exposes rootCandidates to the tests.
func (s *Solver) RootCandidates() [][]int { return s.rootCandidates() }

// NewEngineSolver is NewSolver that leaves every puzzle to the engine,
// plain classic ones too, to compare the engine with the classic solver.
func NewEngineSolver(p *Puzzle) (*Solver, error) { return newSolver(p, false) }

// Classic reports whether s searches with the classic solver.
func (s *Solver) Classic() bool { return s.marks != nil }
