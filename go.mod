module github.com/godoku/sudoku

go 1.26.8
