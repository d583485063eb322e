package sudoku

// IsBorderLine reports whether line holds no cell content: it is blank or
// made only of the characters printed grids draw borders with, "-+=|*_~:",
// and spaces or tabs. The Reader skips such lines (after it has tried a
// line of nine '-' as a row of empty cells), and package logic's
// pencil-mark reader uses the same rule.
func IsBorderLine(line string) bool { return isBorder([]byte(line)) }
