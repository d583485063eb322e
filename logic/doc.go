// Package logic solves Sudoku puzzles the way a strong human does: one
// technique at a time, easiest first, in the order of HoDoKu's default
// configuration, from full houses and singles through subsets, fish,
// wings, uniqueness patterns and chains to forcing chains and nets.
//
// Hint finds the next step from any pencil marks (Candidates), Explain
// returns the whole path, and Rate rates a puzzle: a HoDoKu-style level
// and score (Sudoku Explainer's ratings are package se's). Every step is
// plain data (Step) with the pattern, the placements and eliminations, the
// standard notation and a plain-English explanation.
//
// See docs/logic.md for the technique list, the rating scale and how the
// ratings compare with HoDoKu's.
package logic
