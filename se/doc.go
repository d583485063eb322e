// Package se rates puzzles as Sudoku Explainer does.
//
// Rate follows Sudoku Explainer 1.2.1 (the 1to9only fork, version
// 2022.4.14, from which serate is built): its techniques, the order it asks
// for them, the hint it applies at each step and its difficulty formulas,
// from hidden singles (1.0-1.5) through subsets, fish, wings, uniqueness
// tests, aligned exclusion, forcing chains and cycles, Nishio, multiple and
// dynamic forcing chains, to nested forcing chains (9.5 and above). The
// rating has serate's three numbers: ER, the hardest step; EP, the hardest
// step up to the first placement; ED, the first step.
package se
