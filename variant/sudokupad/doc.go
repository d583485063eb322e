// Package sudokupad reads and writes puzzles in the links of SudokuPad
// (sudokupad.app, by Sven Neumann), the app most variant Sudoku is played
// in.
//
// # Links and ids
//
// A SudokuPad link is https://sudokupad.app/ followed by a puzzle id
// (app.crackingthecryptic.com/sudoku/ and ?puzzleid= forms too). Ids that
// start with "fpuz" or "fpuzzles" carry an f-puzzles puzzle (see package
// variant/fpuzzles); ids that start with "scl" or "ctc" carry SudokuPad's
// own JSON, compressed as f-puzzles compresses its own (package
// variant/lzstring) after SudokuPad compacts it (see Unzip). Any other id
// names a puzzle kept on SudokuPad's server: Parse says so (ErrRemote),
// since godoku makes no network calls.
//
// # SudokuPad's JSON
//
// SudokuPad keeps what a puzzle looks like, not its rules: cells and
// their givens, regions, cages (with their sums), and lines, arrows and
// shapes (overlays and underlays) with their colours and sizes, plus a
// list of global rules (anti-knight, anti-king ...). Read takes the rules
// back from the drawings SudokuPad makes when it imports an f-puzzles
// puzzle, which are also the ones Marshal writes: a grey line from a grey
// bulb is a thermometer, a grey line without one a palindrome, a thin grey
// line between two circles a between line, a grey arrow from a circled
// cell an arrow, the lines in the colours f-puzzles gives them renban
// (pink), German (green) and Dutch (orange) whispers, region sum lines
// (blue), entropic, modular, nabner, zipper, double arrow and lockout
// lines; dots on cell edges kropki dots, X and V; grey squares and circles
// even and odd cells; numbers around the grid sandwich, X-sum and
// skyscraper clues; a short black arrow with a number a little killer; a
// circled list of digits on a corner a quadruple; and so on. A drawing
// that follows none of these becomes a variant.Unsupported naming it
// ("SudokuPad line #ff0000 on R1C1-R2C2"), so that solving refuses the
// puzzle rather than solve another one.
//
// Marshal also tags each element it draws with the rule or drawing it
// stands for (TagKey), which SudokuPad ignores and Read takes over the
// drawing: a puzzle written by Marshal reads back exactly, even the rules
// no drawing tells apart (clones, gaps other than the usual ones).
package sudokupad
