package variant

// RootCandidates exposes rootCandidates to the tests.
func (s *Solver) RootCandidates() [][]int { return s.rootCandidates() }
