package variant

// Constraint is one rule of a puzzle beyond its rows, columns and regions:
// one of the types of this package (KillerCage, Thermometer, ...). Its
// fields are plain data; Validate checks them against the grid.
type Constraint interface {
	// Kind returns the constraint's kind as documents and errors name
	// it, such as "killer cage" or "thermometer".
	Kind() string
	// constraint keeps the set of kinds to this package's types, so that
	// the engine knows every kind it may be given.
	constraint()
}

// Direction is the direction of a diagonal, as a little killer clue
// looks along it.
type Direction uint8

// The four diagonal directions, down meaning towards higher rows.
const (
	DownRight Direction = iota
	DownLeft
	UpRight
	UpLeft
)

// Step returns the change of row and of column of one step in direction d.
func (d Direction) Step() (dr, dc int) {
	switch d {
	case DownRight:
		return 1, 1
	case DownLeft:
		return 1, -1
	case UpRight:
		return -1, 1
	default:
		return -1, -1
	}
}

// String returns f-puzzles' name of d: "DR", "DL", "UR" or "UL".
func (d Direction) String() string {
	switch d {
	case DownRight:
		return "DR"
	case DownLeft:
		return "DL"
	case UpRight:
		return "UR"
	case UpLeft:
		return "UL"
	}
	return "Direction(?)"
}

// Side is the side of the grid an outside clue stands on.
type Side uint8

// The four sides. A clue on the Left of a row looks along it from left to
// right, one on the Right from right to left, one at the Top of a column
// looks down it and one at the Bottom up it.
const (
	Left Side = iota
	Right
	Top
	Bottom
)

// String returns the side's name: "left", "right", "top" or "bottom".
func (s Side) String() string {
	switch s {
	case Left:
		return "left"
	case Right:
		return "right"
	case Top:
		return "top"
	case Bottom:
		return "bottom"
	}
	return "Side(?)"
}

// Edge places an outside clue that looks along a whole row or column: the
// side it stands on and the row (Left, Right) or column (Top, Bottom) it
// looks along, from 0.
type Edge struct {
	Side  Side
	Index int
}

// Cells returns the cells of a grid of size n that e looks along, in the
// order seen from the clue; nil if e is not on the grid's border.
func (e Edge) Cells(n int) []Cell {
	if e.Index < 0 || e.Index >= n || e.Side > Bottom {
		return nil
	}
	cs := make([]Cell, n)
	for k := range n {
		switch e.Side {
		case Left:
			cs[k] = CellOf(n, e.Index, k)
		case Right:
			cs[k] = CellOf(n, e.Index, n-1-k)
		case Top:
			cs[k] = CellOf(n, k, e.Index)
		case Bottom:
			cs[k] = CellOf(n, n-1-k, e.Index)
		}
	}
	return cs
}

// Point returns the position of the clue outside a grid of size n: row
// -1 or n for Top and Bottom, column -1 or n for Left and Right.
func (e Edge) Point(n int) Point {
	switch e.Side {
	case Left:
		return Point{e.Index, -1}
	case Right:
		return Point{e.Index, n}
	case Top:
		return Point{-1, e.Index}
	default:
		return Point{n, e.Index}
	}
}

// --- Cell rules ---

// Candidates restricts a cell to a set of values: a given with more than
// one value, as pencil-mark puzzles give them (f-puzzles'
// givenPencilMarks, a multi-valued Given of the Interactive Sudoku
// Solver). Values may be in any order; repeats mean nothing.
type Candidates struct {
	Cell   Cell
	Values []int
}

// Even says that its cell holds an even value (f-puzzles' grey square).
type Even struct{ Cell Cell }

// Odd says that its cell holds an odd value (f-puzzles' grey circle).
type Odd struct{ Cell Cell }

// Minimum says that its cell holds a value smaller than each of its
// orthogonal neighbours that is not a Minimum cell too: as in f-puzzles'
// fortress cells, a shaded area's cells are compared only with the cells
// around it.
type Minimum struct{ Cell Cell }

// Maximum says that its cell holds a value greater than each of its
// orthogonal neighbours that is not a Maximum cell too.
type Maximum struct{ Cell Cell }

// --- Groups of cells ---

// KillerCage says that the values of its cells are all different and,
// when Sum is above 0, add up to Sum. A cage without a sum (Sum 0) only
// forbids repeats. Cells may be anywhere, adjacent or not.
type KillerCage struct {
	Cells []Cell
	Sum   int
}

// ExtraRegion says that no value repeats among its cells (at most Size of
// them): an extra region of f-puzzles, a windoku window, an
// AllDifferent of the Interactive Sudoku Solver. One of Size cells then
// holds every value once.
type ExtraRegion struct {
	Cells []Cell
}

// Quadruple says that the four cells of the 2x2 block whose top-left cell
// is Cell hold every value of Values: a value listed twice appears at
// least twice. 1 to 4 values.
type Quadruple struct {
	Cell   Cell
	Values []int
}

// Clone says that Cells and Clones hold the same values, position by
// position: Cells[i] equals Clones[i]. Both have the same length.
type Clone struct {
	Cells, Clones []Cell
}

// IndexerKind is what an indexer cell points along.
type IndexerKind uint8

// The indexers. A RowIndexer cell at row r and column c holding v says
// that the cell at row v (from 1) of column c holds r+1: the value of the
// cell tells in which row of its column its row number goes. A
// ColumnIndexer cell at row r, column c holding v says that the cell at
// column v of row r holds c+1. A BoxIndexer cell at position k of its
// region (the region's cells in cell order, from 0) holding v says that
// the cell at position v of its region (from 1) holds k+1.
const (
	RowIndexer IndexerKind = iota
	ColumnIndexer
	BoxIndexer
)

// Indexer says that each of its cells indexes its row, column or region,
// by Of (see IndexerKind). f-puzzles' rowindexer, columnindexer and
// boxindexer; the 1-5-9 puzzles are ColumnIndexer cells in columns 1, 5
// and 9.
type Indexer struct {
	Of    IndexerKind
	Cells []Cell
}

// --- Pairs of cells (dots and letters on the edge between two cells) ---

// Difference says that its two cells differ by Diff: a white kropki dot
// when Diff is 1. The cells are usually orthogonal neighbours.
type Difference struct {
	Cells [2]Cell
	Diff  int
}

// Ratio says that one of its two cells is Ratio times the other: a black
// kropki dot when Ratio is 2.
type Ratio struct {
	Cells [2]Cell
	Ratio int
}

// XV says that its two cells add up to Sum: 10 for an X, 5 for a V.
type XV struct {
	Cells [2]Cell
	Sum   int
}

// --- Rules over the whole grid ---

// Diagonal says that no value repeats on a main diagonal: the one from
// the bottom-left corner to the top-right when Positive (f-puzzles'
// "diagonal+"), from the top-left to the bottom-right otherwise
// ("diagonal-").
type Diagonal struct {
	Positive bool
}

// AntiKnight says that no two cells a chess knight's move apart hold the
// same value.
type AntiKnight struct{}

// AntiKing says that no two diagonally touching cells hold the same value
// (orthogonal neighbours already differ in rows and columns).
type AntiKing struct{}

// DisjointGroups says that the cells at the same position in every region
// (the region's cells in cell order) hold different values: in 9x9 with
// boxes, the nine top-left cells of the boxes hold 1 to 9, and so on.
type DisjointGroups struct{}

// GlobalEntropy says that every 2x2 block of cells holds a low, a middle
// and a high value (1-3, 4-6 and 7-9 in 9x9; the values split in three
// equal sets). The size must be a multiple of 3.
type GlobalEntropy struct{}

// AntiTaxicab says that no two cells holding the same value x are x
// steps apart, counting steps between orthogonal neighbours (the taxicab
// distance).
type AntiTaxicab struct{}

// NonConsecutive says that no two orthogonally adjacent cells hold
// consecutive values, except a pair that carries a Difference or a Ratio
// dot, which follows its dot instead (f-puzzles' "nonconsecutive"; a
// negative constraint on white dots of difference 1).
type NonConsecutive struct{}

// NegativeRatio says that no two orthogonally adjacent cells without a
// Difference or Ratio dot between them are in any of the ratios of the
// puzzle's Ratio dots (2 when it has none): f-puzzles' negative "ratio",
// every black dot given.
type NegativeRatio struct{}

// NegativeXV says that no two orthogonally adjacent cells without an XV
// marker between them add up to 5 or to 10: f-puzzles' negative "xv",
// every X and V given.
type NegativeXV struct{}

// --- Lines (cells in the order drawn) ---

// Thermometer says that values strictly increase along its cells from
// the bulb (Cells[0]); when Slow, they never decrease (equal neighbours
// allowed). A branching thermometer is one Thermometer per branch, each
// from the bulb.
type Thermometer struct {
	Cells []Cell
	Slow  bool
}

// Arrow says that the values on its Line add up to the number in its
// Circle. A circle of one cell holds the sum; a pill of several cells
// reads as a number of as many digits, Circle[0] its most significant
// (digits 1 to 9 in each cell). Line holds the arrow's cells without the
// circle. An arrow with several lines from one circle is one Arrow per
// line.
type Arrow struct {
	Circle []Cell
	Line   []Cell
}

// Start returns the cell of the circle that the line of an arrow on a grid
// of size n leaves from, as f-puzzles and SudokuPad draw it: the circle's
// cell nearest the line's first cell in king moves, the first of them in
// Circle's order. It is Circle[0] when the line is empty or n is not
// positive, and -1 when the circle is empty.
func (a Arrow) Start(n int) Cell {
	if len(a.Circle) == 0 {
		return -1
	}
	start := a.Circle[0]
	if len(a.Line) == 0 || n <= 0 {
		return start
	}
	kingMoves := func(x, y Cell) int {
		xr, xc := RowCol(n, x)
		yr, yc := RowCol(n, y)
		return max(xr-yr, yr-xr, xc-yc, yc-xc)
	}
	best := kingMoves(start, a.Line[0])
	for _, x := range a.Circle[1:] {
		if d := kingMoves(x, a.Line[0]); d < best {
			start, best = x, d
		}
	}
	return start
}

// DoubleArrow says that the values at the two ends of its line add up to
// the sum of the values between them.
type DoubleArrow struct {
	Cells []Cell
}

// Palindrome says that its line reads the same from both ends.
type Palindrome struct {
	Cells []Cell
}

// Renban says that its cells hold different values that form a run of
// consecutive numbers, in any order.
type Renban struct {
	Cells []Cell
}

// Whispers says that neighbours along its line differ by at least Gap: 5
// for German whispers on 9x9, 4 for Dutch whispers.
type Whispers struct {
	Cells []Cell
	Gap   int
}

// RegionSumLine says that where its line passes through several regions,
// the values of each region's stretch of the line (the cells of the line
// in that region, taken each time the line enters it) have the same sum.
type RegionSumLine struct {
	Cells []Cell
}

// SumLine says that its line divides into stretches of consecutive cells
// that each add up to Sum (values may repeat). A Loop line closes on
// itself: its first cell follows its last, and a stretch may run across
// that join.
type SumLine struct {
	Cells []Cell
	Sum   int
	Loop  bool
}

// Sum says that the values of its cells add up to Total. Values may
// repeat, and a cell listed twice counts twice (the Interactive Sudoku
// Solver's Sum, and its cages that list a cell twice).
type Sum struct {
	Cells []Cell
	Total int
}

// Pairwise says that the values of every two consecutive cells of Cells
// (with All, of every two of its cells), earlier then later, are a pair
// listed in Pairs: a relation given as a table (the Interactive Sudoku
// Solver's Pair, PairX, Binary and BinaryX).
type Pairwise struct {
	Cells []Cell
	Pairs [][2]int
	All   bool
}

// SameValues says that its sets of cells, all of one size, hold the same
// values, as many times each (the Interactive Sudoku Solver's
// SameValues). A cell may be in several sets.
type SameValues struct {
	Sets [][]Cell
}

// ValueCount says that exactly Count of its cells hold Value (0: none
// does). The Interactive Sudoku Solver's look-and-say clue "1223" is two
// of them: one 2 and two 3s.
type ValueCount struct {
	Cells []Cell
	Value int
	Count int
}

// RellikCage says that its cells hold different values of which no one,
// nor any two or more, add up to Sum.
type RellikCage struct {
	Cells []Cell
	Sum   int
}

// CountDistinct says that the value of its first cell is the number of
// different values among its other cells.
type CountDistinct struct {
	Cells []Cell
}

// Or says that the rules of at least one of its Choices all hold (the
// Interactive Sudoku Solver's Or, each choice an item or an And of
// items). A choice's rules are read as if they were the puzzle's: the
// dots a negative rule exempts and the cells a minimum or maximum cell
// skips are the choice's own.
type Or struct {
	Choices [][]Constraint
}

// CountingCircles says that each value in its cells (circles) is the
// number of its cells that hold that value: a 3 in a circle means three
// circles hold 3. Cells may be anywhere.
type CountingCircles struct {
	Cells []Cell
}

// Lunchbox says that its cells hold different values and that the values
// of the cells between (in the order listed) the cell of the smallest and
// the cell of the largest of them add up to Sum (0 when they touch): a
// sandwich whose ends are the lunchbox's own extremes.
type Lunchbox struct {
	Cells []Cell
	Sum   int
}

// BetweenLine says that every value between the two ends of its line lies
// strictly between the values at its ends.
type BetweenLine struct {
	Cells []Cell
}

// EntropicLine says that any three consecutive cells of its line hold one
// low, one middle and one high value: 1-3, 4-6 and 7-9 in 9x9; the values
// 1 to Size cut into three equal thirds (Size a multiple of 3). A line of
// two cells holds values of two different thirds, as the Interactive
// Sudoku Solver reads it.
type EntropicLine struct {
	Cells []Cell
}

// ModularLine says that any Mod consecutive cells of its line hold values
// of different remainders modulo Mod (3 on f-puzzles' modular lines); a
// line shorter than Mod holds different remainders in all its cells, as
// the Interactive Sudoku Solver reads it.
type ModularLine struct {
	Cells []Cell
	Mod   int
}

// ZipperLine says that cells at the same distance from the middle of its
// line add up to the same total, the value of the middle cell when the
// line has an odd number of cells.
type ZipperLine struct {
	Cells []Cell
}

// LockoutLine says that the values at the two ends of its line differ by
// at least Gap, and that no value along it lies between them or equals
// either (f-puzzles' lockout line, Gap 4 on 9x9).
type LockoutLine struct {
	Cells []Cell
	Gap   int
}

// Nabner says that no two cells of its line hold equal or consecutive
// values (any two, not only neighbours).
type Nabner struct {
	Cells []Cell
}

// --- Clues outside the grid ---

// LittleKiller says that the values along a diagonal add up to Sum
// (values may repeat). The diagonal starts at cell Start, the first cell
// past the clue, and runs in direction Dir to the edge of the grid; the
// clue stands one step before Start (see LittleKillerCells).
type LittleKiller struct {
	Start Cell
	Dir   Direction
	Sum   int
}

// Sandwich says that the values between the 1 and the Size (9 in 9x9) of
// the row or column At add up to Sum (0 when they touch). The clue reads
// the same from both ends; f-puzzles writes it on the left or top.
type Sandwich struct {
	At  Edge
	Sum int
}

// XSum says that the first X cells of the row or column, seen from the
// clue's side, add up to Sum, X being the value of the first of them.
type XSum struct {
	At  Edge
	Sum int
}

// NumberedRoom says that the row or column At, seen from the clue's side,
// holds Value in its X-th cell, X being the value of the first cell.
type NumberedRoom struct {
	At    Edge
	Value int
}

// HiddenSkyscraper says that, seen from the clue's side, the first value
// of the row or column At that is lower than one before it (the first
// skyscraper hidden) is Value.
type HiddenSkyscraper struct {
	At    Edge
	Value int
}

// Skyscraper says that Count skyscrapers are seen from the clue's side:
// each value is a building of that height, hiding the lower ones behind
// it.
type Skyscraper struct {
	At    Edge
	Count int
}

// FullRank says where the row or column At, read from the clue's side as
// a number (its first value the most significant digit), ranks among the
// 4n numbers the grid's rows and columns make read from each end, from
// the lowest (rank 1) to the highest: Rank-1 of them are lower and none
// is the same. Lines with no FullRank clue may tie with each other,
// unless the puzzle has NoRankTies. As every value starts four of the
// lines, a clue of rank r puts the value (r+3)/4 (counted from 1) in the
// line's first cell.
type FullRank struct {
	At   Edge
	Rank int
}

// NoRankTies says that no two of the 4n lines FullRank ranks (each row
// and column read from each end) are the same number.
type NoRankTies struct{}

// --- Kept as data, refused by the engine ---

// Unsupported is a rule that its source names but that this package has
// no type for (a constraint of f-puzzles or SudokuPad the engine lacks).
// It is kept so that the puzzle can be written back and so that solving
// refuses it by name, rather than solving another puzzle.
type Unsupported struct {
	// Name is the source's name of the rule, such as "fog" or
	// "ChaosConstruction".
	Name string
	// Cells are the cells it covers, if known.
	Cells []Cell
	// Data is the source's text of the element (its JSON, or its
	// constraint string), for writing it back.
	Data string
}

func (Candidates) Kind() string       { return "candidates" }
func (Even) Kind() string             { return "even" }
func (Odd) Kind() string              { return "odd" }
func (Minimum) Kind() string          { return "minimum" }
func (Maximum) Kind() string          { return "maximum" }
func (KillerCage) Kind() string       { return "killer cage" }
func (ExtraRegion) Kind() string      { return "extra region" }
func (Quadruple) Kind() string        { return "quadruple" }
func (Clone) Kind() string            { return "clone" }
func (Indexer) Kind() string          { return "indexer" }
func (Difference) Kind() string       { return "difference" }
func (Ratio) Kind() string            { return "ratio" }
func (XV) Kind() string               { return "xv" }
func (Diagonal) Kind() string         { return "diagonal" }
func (AntiKnight) Kind() string       { return "anti-knight" }
func (AntiKing) Kind() string         { return "anti-king" }
func (DisjointGroups) Kind() string   { return "disjoint groups" }
func (NonConsecutive) Kind() string   { return "non-consecutive" }
func (GlobalEntropy) Kind() string    { return "global entropy" }
func (NegativeRatio) Kind() string    { return "negative ratio" }
func (NegativeXV) Kind() string       { return "negative xv" }
func (Thermometer) Kind() string      { return "thermometer" }
func (Arrow) Kind() string            { return "arrow" }
func (DoubleArrow) Kind() string      { return "double arrow" }
func (Palindrome) Kind() string       { return "palindrome" }
func (Renban) Kind() string           { return "renban" }
func (Whispers) Kind() string         { return "whispers" }
func (RegionSumLine) Kind() string    { return "region sum line" }
func (SumLine) Kind() string          { return "sum line" }
func (HiddenSkyscraper) Kind() string { return "hidden skyscraper" }
func (NumberedRoom) Kind() string     { return "numbered room" }
func (CountingCircles) Kind() string  { return "counting circles" }
func (Lunchbox) Kind() string         { return "lunchbox" }
func (Sum) Kind() string              { return "sum" }
func (Pairwise) Kind() string         { return "pairwise" }
func (SameValues) Kind() string       { return "same values" }
func (ValueCount) Kind() string       { return "value count" }
func (RellikCage) Kind() string       { return "rellik cage" }
func (Or) Kind() string               { return "or" }
func (CountDistinct) Kind() string    { return "count distinct" }
func (AntiTaxicab) Kind() string      { return "anti-taxicab" }
func (BetweenLine) Kind() string      { return "between line" }
func (EntropicLine) Kind() string     { return "entropic line" }
func (ModularLine) Kind() string      { return "modular line" }
func (ZipperLine) Kind() string       { return "zipper line" }
func (LockoutLine) Kind() string      { return "lockout line" }
func (Nabner) Kind() string           { return "nabner" }
func (LittleKiller) Kind() string     { return "little killer" }
func (Sandwich) Kind() string         { return "sandwich" }
func (XSum) Kind() string             { return "x-sum" }
func (Skyscraper) Kind() string       { return "skyscraper" }
func (FullRank) Kind() string         { return "full rank" }
func (NoRankTies) Kind() string       { return "no rank ties" }
func (Unsupported) Kind() string      { return "unsupported" }

func (Candidates) constraint()       {}
func (Even) constraint()             {}
func (Odd) constraint()              {}
func (Minimum) constraint()          {}
func (Maximum) constraint()          {}
func (KillerCage) constraint()       {}
func (ExtraRegion) constraint()      {}
func (Quadruple) constraint()        {}
func (Clone) constraint()            {}
func (Indexer) constraint()          {}
func (Difference) constraint()       {}
func (Ratio) constraint()            {}
func (XV) constraint()               {}
func (Diagonal) constraint()         {}
func (AntiKnight) constraint()       {}
func (AntiKing) constraint()         {}
func (DisjointGroups) constraint()   {}
func (NonConsecutive) constraint()   {}
func (GlobalEntropy) constraint()    {}
func (NegativeRatio) constraint()    {}
func (NegativeXV) constraint()       {}
func (Thermometer) constraint()      {}
func (Arrow) constraint()            {}
func (DoubleArrow) constraint()      {}
func (Palindrome) constraint()       {}
func (Renban) constraint()           {}
func (Whispers) constraint()         {}
func (RegionSumLine) constraint()    {}
func (SumLine) constraint()          {}
func (HiddenSkyscraper) constraint() {}
func (NumberedRoom) constraint()     {}
func (CountingCircles) constraint()  {}
func (Lunchbox) constraint()         {}
func (Sum) constraint()              {}
func (Pairwise) constraint()         {}
func (SameValues) constraint()       {}
func (ValueCount) constraint()       {}
func (RellikCage) constraint()       {}
func (Or) constraint()               {}
func (CountDistinct) constraint()    {}
func (AntiTaxicab) constraint()      {}
func (BetweenLine) constraint()      {}
func (EntropicLine) constraint()     {}
func (ModularLine) constraint()      {}
func (ZipperLine) constraint()       {}
func (LockoutLine) constraint()      {}
func (Nabner) constraint()           {}
func (LittleKiller) constraint()     {}
func (Sandwich) constraint()         {}
func (XSum) constraint()             {}
func (Skyscraper) constraint()       {}
func (FullRank) constraint()         {}
func (NoRankTies) constraint()       {}
func (Unsupported) constraint()      {}

// LittleKillerCells returns the cells of the diagonal of lk in a grid of
// size n, from Start in direction Dir to the edge; nil if Start is not a
// cell of the grid.
func LittleKillerCells(n int, lk LittleKiller) []Cell {
	if n <= 0 || !InGrid(n, lk.Start) {
		return nil
	}
	dr, dc := lk.Dir.Step()
	r, c := RowCol(n, lk.Start)
	var cs []Cell
	for ; r >= 0 && c >= 0 && r < n && c < n; r, c = r+dr, c+dc {
		cs = append(cs, CellOf(n, r, c))
	}
	return cs
}
