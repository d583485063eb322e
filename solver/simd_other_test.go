//go:build !(goexperiment.simd && amd64)

package solver

// useScalar makes s use the scalar engine: the only one in this build.
func useScalar(*Solver) {}
