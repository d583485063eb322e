// The page's words in the player's language. English is here, as the page
// is written in it; every other language is a file of its own,
// i18n/<code>.json, fetched only when chosen. A file holds the same keys as
// EN below, plus "tech.<name>" for the name of every technique and
// "why.<id>" for every explanation of package logic, "vwhy.<id>" for every
// sentence and phrase of package variant/logic's and "kind.<kind>" for
// every kind of rule those name (an English hint's words come from the
// server as they are; docs/web.md says how to add a language).
//
// Elements of the page name their words with data-t (text), data-t-html
// (text with markup such as <kbd>), data-t-title and data-t-aria
// (aria-label); strings take their arguments as {0}, {1}, ...

// LANGS are the languages offered, by their names in themselves.
export const LANGS = {
  en: "English", de: "Deutsch", es: "Español", fr: "Français", it: "Italiano", pt: "Português", zh: "中文",
};

// EN is written as JSON (quoted keys, no trailing comma): a Go test reads it
// to check that every language has exactly these keys.
const EN = {
  "pageDescription": "Play Sudoku with corner and centre marks, colours, explained hints and the solver's replay.",
  "levelLabel": "Level of a new game",
  "level.Easy": "Easy",
  "level.Medium": "Medium",
  "level.Hard": "Hard",
  "level.Unfair": "Unfair",
  "level.Extreme": "Extreme",
  "level.Other": "Other",
  "level.Unrated": "Unrated",
  "source.Shared": "Shared",
  "source.Imported": "Imported",
  "source.Created": "Created",
  "new": "New game",
  "games": "Games",
  "menu": "Menu",
  "menuLabel": "More",
  "create": "Create",
  "import": "Import",
  "variants": "Variant puzzles",
  "share": "Share",
  "shareTitle": "Copy a link to this puzzle",
  "shareProgress": "Share progress",
  "shareProgressTitle": "Copy a link to this puzzle with your entries, marks and time",
  "qr": "QR code",
  "qrTitle": "Show the link as a QR code, to open the puzzle on a phone",
  "clearMarks": "Clear marks",
  "clearMarksTitle": "Take every mark and colour off the grid",
  "stats": "Statistics",
  "settings": "Settings",
  "keys": "Keys",
  "print": "Print",
  "picture": "Save a picture",
  "pictureTitle": "Save the grid as it is drawn, as a PNG file",
  "fullscreen": "Fullscreen",
  "fullscreenTitle": "Fullscreen (F)",
  "themeTitle": "Colour theme: automatic, light or dark",
  "theme": "Theme: {0}",
  "theme.auto": "auto",
  "theme.light": "light",
  "theme.dark": "dark",
  "gameLabel": "Game",
  "timerLabel": "Time",
  "pause": "Pause",
  "pauseTitle": "Pause (P)",
  "resume": "Resume",
  "boardLabel": "Sudoku grid, 9 by 9",
  "ringLabel": "Digits for the cell",
  "paused": "Paused",
  "solved": "Solved!",
  "solutionShown": "Solution shown",
  "seeGrid": "See the grid",
  "controlsLabel": "Controls",
  "modesLabel": "What a digit enters",
  "modeDigit": "Digit",
  "modeDigitTitle": "Digits (Z)",
  "modeCorner": "Corner",
  "modeCornerTitle": "Corner marks (X, or Shift+digit)",
  "modeCentre": "Centre",
  "modeCentreTitle": "Centre marks (C or N, or Ctrl+digit)",
  "modeColour": "Colour",
  "modeColourTitle": "Cell colours (V)",
  "auto": "Candidates",
  "autoTitle": "Show every candidate, kept up to date (A)",
  "digitsLabel": "Digits",
  "toolsLabel": "Tools",
  "undo": "Undo",
  "undoTitle": "Undo (Ctrl+Z or [)",
  "redo": "Redo",
  "redoTitle": "Redo (Ctrl+Y or ])",
  "erase": "Erase",
  "eraseTitle": "Erase (Delete)",
  "hint": "Hint",
  "hintTitle": "Hint (H)",
  "check": "Check",
  "checkTitle": "Mark the entries that differ from the solution",
  "reveal": "Reveal",
  "revealTitle": "Fill the selected cells from the solution",
  "solve": "Solve",
  "solveTitle": "Show the whole solution (not a win)",
  "restart": "Restart",
  "watch": "Watch",
  "filter": "Filter",
  "filterTitle": "Highlight where a digit can go: press a digit (or hold it, or Alt+digit)",
  "pairs": "Pairs",
  "pairsTitle": "Highlight the cells with two candidates (B)",
  "apply": "Apply",
  "more": "More",
  "close": "Close",
  "hintOf": "Hint: {0}",
  "createTitle": "Create a puzzle",
  "createHelp": "Type the givens cell by cell; the puzzle is checked as you go.",
  "playIt": "Play it",
  "clear": "Clear",
  "cancel": "Cancel",
  "replayTitle": "Watch the solver",
  "solver": "Solver",
  "sourceLogic": "Techniques, as a person would",
  "sourceTrace": "Backtracking",
  "firstStep": "First step",
  "firstStepTitle": "First step (Home)",
  "stepBack": "Step back",
  "stepBackTitle": "Step back (←)",
  "play": "Play",
  "playTitle": "Play (Space)",
  "stepForward": "Step forward",
  "stepForwardTitle": "Step forward (→)",
  "lastStep": "Last step",
  "lastStepTitle": "Last step (End)",
  "stepLabel": "Step",
  "stepsLabel": "Steps",
  "importTitle": "Import a puzzle",
  "importHelp": "Paste one puzzle: 81 cells on a line (<code>.</code> or <code>0</code> for empty), nine lines with or without borders, or a “Grid 01” block.",
  "puzzleText": "Puzzle text",
  "start": "Start",
  "qrDialogTitle": "Open on a phone",
  "qrCodeLabel": "QR code of the link",
  "withProgress": "With your progress",
  "gamesTitle": "Your games",
  "gamesNote": "Kept in this browser; the oldest go when there are more than {0}.",
  "colLevel": "Level",
  "colPlayed": "Played",
  "colSolved": "Solved",
  "colNoHelp": "No help",
  "colBest": "Best",
  "colAverage": "Average",
  "statsNote": "A game counts as played from its first move. Solve, or a revealed last cell, is not a win; a hint, a check or a revealed cell is help.",
  "reset": "Reset",
  "language": "Language",
  "languageAuto": "As the browser",
  "optConflicts": "Show conflicts",
  "optSame": "Highlight the same digit",
  "optAutoremove": "Remove marks when placing a digit",
  "optWrong": "Mark wrong entries as you go (counts as help)",
  "optLabels": "Row and column labels",
  "optGrid": "Centre marks in a 3×3 grid",
  "optTimer": "Show the timer",
  "optMarks": "Show marks and colours (M)",
  "optFlip": "Keypad with 7 8 9 on top (wide screens)",
  "optWasd": "<kbd>W</kbd> <kbd>A</kbd> <kbd>S</kbd> <kbd>D</kbd> move too (Candidates on <kbd>Q</kbd>)",
  "optCelebrate": "Celebrate a win",
  "optShort": "Short links (Share and QR code)",
  "optRing": "Digits beside a clicked cell (mouse)",
  "optSpoiler": "Name a new game's hardest technique",
  "optHint": "Hints begin with",
  "hintTierNudge": "a nudge: where to look",
  "hintTierExplain": "the whole explanation",
  "keys1": "<kbd>←↑→↓</kbd> move (or <kbd>W</kbd> <kbd>A</kbd> <kbd>S</kbd> <kbd>D</kbd>, an option); <kbd>Shift</kbd> or <kbd>Ctrl</kbd>+arrows add cells to the selection; <kbd>Shift</kbd>+<kbd>Space</kbd> or <kbd>Ctrl</kbd>+<kbd>Space</kbd> adds or takes out the cell",
  "keys2": "<kbd>1</kbd>–<kbd>9</kbd> enter; <kbd>Shift</kbd>+digit a corner mark, <kbd>Ctrl</kbd>+digit a centre mark, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+digit a colour",
  "keys3": "<kbd>Z</kbd> digits, <kbd>X</kbd> corner, <kbd>C</kbd> or <kbd>N</kbd> centre, <kbd>V</kbd> colour",
  "keys4": "<kbd>Del</kbd>, <kbd>Backspace</kbd> or <kbd>0</kbd> erase; <kbd>Esc</kbd> closes a hint, then one cell again, then none",
  "keys5": "<kbd>Ctrl</kbd>+<kbd>Z</kbd> or <kbd>[</kbd> undo, <kbd>Ctrl</kbd>+<kbd>Y</kbd> or <kbd>]</kbd> redo",
  "keys6": "<kbd>.</kbd> corner marks to centre marks; <kbd>Ctrl</kbd>+<kbd>C</kbd>/<kbd>V</kbd> copy and paste marks; <kbd>Ctrl</kbd>+<kbd>A</kbd> select all",
  "keys7": "<kbd>A</kbd> or <kbd>Q</kbd> candidates, <kbd>H</kbd> or <kbd>?</kbd> hint, <kbd>Enter</kbd> check, <kbd>P</kbd> pause, <kbd>M</kbd> hide marks, <kbd>F</kbd> fullscreen, <kbd>Home</kbd> centre cell, <kbd>F1</kbd> these keys",
  "keys8": "In a mode of marks, press a digit of the keypad twice to enter the digit; press <em>Colour</em> twice to clear every colour, <em>Centre</em> twice to turn the selected cells' corner marks into centre marks",
  "keys9": "Mouse: drag, or <kbd>Ctrl</kbd>/<kbd>Shift</kbd>+click, to select several cells; on a phone, drag",
  "cellGiven": "given",
  "cellEmpty": "empty",
  "cellCorner": "corner",
  "cellCentre": "centre",
  "cellCandidates": "candidates",
  "cellConflict": "conflict",
  "cellWrong": "wrong",
  "colour.1": "grey",
  "colour.2": "red",
  "colour.3": "orange",
  "colour.4": "yellow",
  "colour.5": "green",
  "colour.6": "teal",
  "colour.7": "blue",
  "colour.8": "purple",
  "colour.9": "pink",
  "left": "left",
  "allPlaced": "all placed",
  "givens1": "1 given",
  "givensN": "{0} givens",
  "creating": "Creating · {0}",
  "filled": "{0}/81 filled",
  "offline": "offline",
  "withHelp": "with help",
  "onYourOwn": "on your own",
  "resultLevel": "{0} puzzle, {1}, {2}.",
  "result": "{0}, {1}.",
  "statsNewBest": "A new best time for {0}; average {1}; {2} solved of {3} played, {4} without help.",
  "statsBest": "Best {5} for {0}; average {1}; {2} solved of {3} played, {4} without help.",
  "solvedIn": "Solved in {0}!",
  "solvedInDone": "Solved in {0}.",
  "shownDetail": "Solve or a revealed cell finished the grid: this game does not count as solved.",
  "shownUndo": "The solution is shown; Undo takes it back.",
  "shown": "The solution is shown.",
  "marksCopied": "Marks of {0} copied.",
  "noMarks": "There are no marks or colours to clear.",
  "autoOn": "Candidates on: every empty cell shows its candidates, kept up to date.",
  "autoOff": "Candidates off: your own centre marks again.",
  "making": "Making a new {0} puzzle…",
  "newGameMade": "New {0} game.",
  "newGameHardest": "New {0} game. Hardest step: {1}.",
  "noNewGame": "Could not get a new game: {0}",
  "daily": "Daily puzzle",
  "dailyTitle": "Today's puzzle of the level chosen: the same for everyone, one a day for each level",
  "dailyOn": "Daily puzzle of {0}",
  "dailyMade": "The daily {0} puzzle of {1}: the same for everyone today.",
  "dailyStreak": "Daily puzzles: {0} solved · streak {1} · longest streak {2}",
  "today": "today {0}",
  "yesterday": "yesterday",
  "stateSolved": "solved",
  "stateShown": "solution shown",
  "stateProgress": "in progress",
  "playing": "Playing",
  "delete": "Delete",
  "noGames": "No games yet.",
  "noSolution": "This puzzle has no solution.",
  "noWorkOut": "Could not work out the solution.",
  "cannotSolve": "This server cannot solve puzzles.",
  "breakRules": "{0} cells break the rules.",
  "noBreak": "No entries break the rules.",
  "checkedOne": " (checked against one of its several solutions)",
  "wrongEntries": "{0} of {1} entries are wrong (marked){2}.",
  "allRight": "All {0} entries are right{1}.",
  "noEntries": "No entries yet.",
  "selectEmpty": "Select an empty cell or one of your entries.",
  "cellIs": "{0} is {1}.",
  "restarted": "Entries and marks cleared; Undo brings them back.",
  "noHintEndpoint": "Hints need the hint endpoint, which this server lacks.",
  "clash": "Some digits clash: fix them first.",
  "wrongFirst": "{0} holds {1}, which is not the solution's digit: fix that first ({2} wrong in all).",
  "gridFull": "The grid is full.",
  "noTechnique": "No technique applies here: only guessing is left, or an entry is wrong.",
  "notUniqueHint": "The puzzle has several solutions, so the techniques that assume one were left out.",
  "applied": "Applied: {0}.",
  "createBreak": "None: the givens break the rules ({0} and {1} both hold {2}).",
  "createFew": "Several solutions: {0}, and a puzzle needs at least 17 to have only one.",
  "checking": "Checking…",
  "createNone": "None: no grid fits these givens.",
  "createSeveral": "Several solutions: add givens until only one fits.",
  "createUnique": "Unique: one solution, {0}.",
  "rated": "Rated {0} (score {1}, SE {2}); hardest step: {3}.",
  "ratedGuess": "Rated {0} (score {1}, SE {2}); hardest step: {3}, and a guess.",
  "cannotCheck": "Could not check: {0}",
  "goodLuck": "Your puzzle: good luck!",
  "severalPaths": "This puzzle has more than one solution, so no path leads to one of them.",
  "stepOf": "Step {0} of {1}: {2}",
  "startGivens": "Start: {0}",
  "startBoard": "Start: your board, {0}",
  "startMarks": "Start: your board and marks, {0}",
  "digits1": "1 digit",
  "digitsN": "{0} digits",
  "replayFrom": "Start from",
  "fromGivens": "the givens",
  "fromBoard": "my digits",
  "fromMarks": "my digits and marks",
  "fromWrongDigit": "{0} holds {1}, which is not the solution's digit: no solution starts from here ({2} wrong in all).",
  "fromWrongMarks": "The marks of {0} leave out the solution's digit: no solution starts from here ({1} wrong in all).",
  "emptyBoard": "Empty board",
  "trace.given": "A given of the puzzle; the candidates it removes are struck out.",
  "trace.naked single": "Forced: the only candidate left in its cell.",
  "trace.hidden single": "Forced: the only place left for the digit in the unit (yellow).",
  "trace.guess": "No digit is forced: the solver guesses, in a cell with the fewest candidates. Guessed digits are underlined.",
  "trace.dead end": "A contradiction: a cell with no candidate, or a digit with no place left. The last guess was wrong.",
  "trace.backtrack": "Back to the last guess: the cells filled since it (yellow) are emptied, and its next digit is tried.",
  "trace.solution": "Every cell is filled: a solution.",
  "trace.end": "The search is over.",
  "trace.stopped": "The trace was cut short.",
  "traceSummary": "{0}: {1} steps, {2} givens, {3} forced digits ({4} naked, {5} hidden singles), {6} guesses, {7} dead ends, {8} backtracks, depth up to {9}.",
  "qrTooLong": "The link is too long for a QR code.",
  "qrLocal": "This server listens on this machine alone, so a phone cannot open the link: start it with --addr :8080 and --allow-host, and open the page by the machine's name or address.",
  "qrPoint": "Point the phone's camera at the code.",
  "copiedProgress": "Link copied: it opens this puzzle as you have it now.",
  "copiedStart": "Link copied: it opens this puzzle from the start.",
  "shareThis": "Share this link: {0}",
  "need81": "Need 81 cells: digits, and . or 0 for empty.",
  "givensBreak": "The givens break the rules.",
  "imported": "Puzzle imported.",
  "noFullscreen": "Fullscreen is not available here.",
  "resetConfirm": "Forget the statistics of every level?",
  "pictureSaved": "Picture saved as sudoku.png.",
  "unit.r": "row {0}",
  "unit.c": "column {0}",
  "unit.b": "box {0}",
  "join.or": " or ",
  "join.and": " and ",
  "join.nor": " nor ",
  "solveAsk": "Show the whole solution? The game will not count as solved (an Undo right away takes it back).",
  "deleteAsk": "Delete this game? {0}",
  "dropAsk": "The page keeps {0} games, all in progress: a new one takes the place of the least recently played. {1}",
  "dropOk": "Replace it",
  "serverDown": "The server cannot be reached: this needs it.",
  "offlinePlay": "The server cannot be reached: the game runs offline, in this browser, new games and hints included.",
  "linkLength": "This link's puzzle has {0} cells, not 81: it cannot be opened.",
  "linkUnreadable": "This link's puzzle cannot be read: it cannot be opened.",
  "statusMore": "Show the whole message",
  "linkClash": "This link's puzzle breaks the rules ({0} and {1} both hold {2}): it cannot be opened.",
  "linkEntries": "This link's entries are not 81 cells: it cannot be opened.",
  "linkTime": "This link's time was too long: it starts from 99:59:59.",
  "hintNudge": "Where to look: {0}. The technique: {1}. More gives the whole explanation.",
  "filterOn": "The cells where {0} can go are highlighted.",
  "pairsOn": "The cells with two candidates are highlighted.",
  "filterOff": "Filter off.",
  "filterMode": "Filter: press a digit to see where it can go.",
  "keysFilter": "<kbd>Alt</kbd>+digit, or a keypad digit held, highlights the cells where the digit can go; <kbd>B</kbd> the cells with two candidates; <kbd>Esc</kbd> with no cell selected ends it",
  "v.title": "Variant Sudoku",
  "v.pageDescription": "Play variant Sudoku: killer, thermometer, arrow, kropki, XV, lines, outside clues, jigsaw and other sizes, from f-puzzles and SudokuPad links.",
  "v.classic": "Classic game",
  "v.link": "Puzzle link",
  "v.linkPlaceholder": "f-puzzles or SudokuPad link",
  "v.open": "Open",
  "v.pick": "Or pick one",
  "v.builtins": "Built-in puzzles…",
  "v.board": "Board",
  "v.values": "Values",
  "v.noPuzzle": "No puzzle yet",
  "v.rules": "Rules",
  "v.intro": "Paste a link from f-puzzles or SudokuPad, or pick a built-in puzzle.",
  "v.pasteFirst": "Paste an f-puzzles or SudokuPad link first.",
  "v.opening": "Opening the puzzle…",
  "v.noSolution": "The engine finds no solution to this puzzle.",
  "v.multiple": "This puzzle has more than one solution: Check compares with one of them.",
  "v.noCheck": "No solution to check against: {0}",
  "v.badProgress": "The link's progress cannot be read ({0}): the puzzle opens without it.",
  "v.progressCells": "its entries are {0} cells, not {1}",
  "v.progressValue": "cell {0} holds \"{1}\", not a value from {2} to {3}",
  "v.progressMarks": "its marks \"{0}\" cannot be read",
  "v.progressTime": "its time \"{0}\" is not a number of seconds",
  "v.opened": "Opened: {0}.",
  "v.resumed": "Resumed: {0}.",
  "v.openedShared": "Opened with the shared progress: {0}.",
  "v.untitled": "{0}x{0} variant sudoku",
  "v.by": "by {0}",
  "v.source": "{0}, from {1}",
  "v.place": "Place the values {0} to {1} once each in every row and column.",
  "v.placeRegions": "Place the values {0} to {1} once each in every row, column and region.",
  "v.wrongFull": "The grid is full, but something is wrong: Check shows where.",
  "v.wrong1": "1 value is wrong (marked).",
  "v.wrongN": "{0} values are wrong (marked).",
  "v.noMistakes": "No mistakes so far.",
  "v.restarted": "Restarted.",
  "v.copied": "Link copied.",
  "v.copiedProgress": "Link with your progress copied.",
  "v.value": "Value {0}",
  "v.colour": "Colour {0}",
  "v.looking": "Looking for a step…",
  "v.fromZero": "No hints for this grid: the logical steps read the values 1 to {0}, and its values are {1} to {2}. Check still works.",
  "v.stuck": "The logic finds no step from here without guessing.",
  "v.noStep": "No step.",
  "vtech.Cell Rule": "Cell Rule",
  "vtech.Group Combinations": "Group Combinations",
  "vtech.Group Needs Value": "Group Needs Value",
  "vtech.Kropki Pair": "Kropki Pair",
  "vtech.Line Combinations": "Line Combinations",
  "vtech.Line Ends": "Line Ends",
  "vtech.Locked Candidates": "Locked Candidates",
  "vtech.Negative XV Pair": "Negative XV Pair",
  "vtech.Pointing": "Pointing",
  "vtech.Rule of 45": "Rule of 45",
  "vtech.Sum Bounds": "Sum Bounds",
  "vtech.Sum Combinations": "Sum Combinations",
  "vtech.Thermometer Bounds": "Thermometer Bounds",
  "vtech.Whisper Range": "Whisper Range",
  "vtech.XV Pair": "XV Pair",
  "vtech.Clone Pair": "Clone Pair",
  "vtech.Entropic Line Pair": "Entropic Line Pair",
  "vtech.Indexer Pair": "Indexer Pair",
  "vtech.Maximum Pair": "Maximum Pair",
  "vtech.Minimum Pair": "Minimum Pair",
  "vtech.Modular Line Pair": "Modular Line Pair",
  "vtech.Nabner Pair": "Nabner Pair",
  "vtech.Negative Ratio Pair": "Negative Ratio Pair",
  "vtech.Non-consecutive Pair": "Non-consecutive Pair",
  "vtech.Palindrome Pair": "Palindrome Pair",
  "vtech.Franken Jellyfish": "Franken Jellyfish",
  "vtech.Mutant X-Wing": "Mutant X-Wing",
  "vtech.Mutant Swordfish": "Mutant Swordfish",
  "vtech.Mutant Jellyfish": "Mutant Jellyfish",
  "vtech.Finned Mutant X-Wing": "Finned Mutant X-Wing",
  "vtech.Finned Mutant Swordfish": "Finned Mutant Swordfish",
  "vtech.Whisper Polarity": "Whisper Polarity",
  "v.hintWrong": "{0} holds a value that is not the solution's: fix that first ({1} wrong in all).",
  "v.hintBefore": "Steps before it: {0}",
  "v.hintMultiple": "No hints for a puzzle with more than one solution: no step of the logic could be sure.",
  "v.unreachable": "the server cannot be reached",
  "v.offline": "Offline: Check, Hint and New killer run in this browser.",
  "v.noEngine": "Offline, and the engine is not kept yet: open this page once online.",
  "v.orNew": "Or make one",
  "v.newKiller": "New killer…",
  "v.newTitle": "New killer sudoku",
  "v.newNote": "The server makes a killer with one solution at the level you choose, from its cages alone unless you ask for givens. It usually takes well under a second.",
  "v.newGivens": "Givens",
  "v.newMake": "Make",
  "v.newRunning": "Making a killer, {0}: {1} s",
  "v.newRunningOf": "Making a killer, {0}: {1} s of at most {2} s",
  "v.newCancelled": "Cancelled.",
  "v.newFailed": "No puzzle came: {0}",
  "v.killerTitle": "Killer sudoku, {0}",
  "v.madeHere": "made by godoku, seed {0}",
  "rule.killer cage": "Digits in a cage add up to its sum and do not repeat.",
  "rule.thermometer": "Digits increase along a thermometer from its bulb.",
  "rule.arrow": "Digits along an arrow add up to the digit(s) in its circle.",
  "rule.difference": "Digits on either side of a white dot differ by 1 (or by its number).",
  "rule.ratio": "One digit beside a black dot is twice the other (or its number times).",
  "rule.xv": "Digits either side of an X add up to 10, of a V to 5.",
  "rule.whispers": "Neighbours along a green line differ by at least 5.",
  "rule.renban": "Digits on a purple line are a set of consecutive digits, in any order.",
  "rule.palindrome": "A grey line reads the same from either end.",
  "rule.little killer": "Digits along a diagonal from an outside arrow add up to its number; they may repeat.",
  "rule.sandwich": "An outside number is the sum of the digits between the 1 and the largest digit of its row or column.",
  "rule.x-sum": "An outside number is the sum of the first X digits seen from it, X being the first digit.",
  "rule.skyscraper": "An outside number counts the digits seen from it, taller ones hiding shorter ones behind.",
  "rule.diagonal": "Digits do not repeat on a marked diagonal.",
  "rule.extra region": "Digits do not repeat in a shaded region.",
  "rule.even": "A square holds an even digit.",
  "rule.odd": "A circle holds an odd digit.",
  "rule.quadruple": "The digits in a circle appear in the four cells around it.",
  "rule.anti-knight": "Cells a knight's move apart hold different digits.",
  "rule.anti-king": "Cells a king's move apart hold different digits.",
  "rule.non-consecutive": "Orthogonal neighbours are not consecutive.",
  "rule.disjoint groups": "Cells in the same place of their boxes hold different digits.",
  "rule.clone": "Shaded areas of the same shape hold the same digits.",
  "rule.maximum": "A shaded cell is greater than its orthogonal neighbours.",
  "rule.minimum": "A marked cell is less than its orthogonal neighbours.",
  "rule.region sum line": "A blue line's digits sum to the same in each region it passes.",
  "rule.between line": "Digits on a line lie between the digits in its circles.",
  "rule.entropic line": "Any three neighbours on a line hold one low (1-3), one middle (4-6) and one high (7-9) digit.",
  "rule.lockout line": "The ends of a line differ by at least 4; no digit between them is on it.",
  "rule.anti-taxicab": "Two cells holding the same digit X are not X steps apart, counting steps between orthogonal neighbours.",
  "rule.counting circles": "A digit in a circle says how many circles hold that digit.",
  "rule.double arrow": "The digits between the ends of a line add up to the sum of the digits at its two ends.",
  "rule.full rank": "Read from each end, rows and columns are numbers; an outside clue gives the rank of its row or column among them, from the lowest.",
  "rule.no rank ties": "No two rows or columns read from their ends make the same number.",
  "rule.global entropy": "Every 2x2 block holds a low (1-3), a middle (4-6) and a high (7-9) digit.",
  "rule.hidden skyscraper": "An outside number is the first digit, seen from it, that is lower than a digit before it.",
  "rule.indexer": "A digit in an indexing cell gives the cell of its row, column or region that holds the indexing cell's own position number.",
  "rule.lunchbox": "Digits in a lunchbox do not repeat; those between its smallest and its largest digit add up to its number.",
  "rule.modular line": "Any three neighbours on a modular line leave different remainders divided by 3.",
  "rule.nabner": "No two digits on a nabner line are equal or consecutive.",
  "rule.negative ratio": "Neighbours without a black dot between them are not in a black dot's ratio.",
  "rule.negative xv": "Neighbours without an X or a V between them add up to neither 10 nor 5.",
  "rule.numbered room": "An outside number goes in the cell of its row or column given by the first digit seen from it.",
  "rule.rellik cage": "Digits in a rellik cage do not repeat, and no one or more of them add up to its number.",
  "rule.sum line": "A line divides into stretches of neighbouring cells that each add up to its number.",
  "rule.zipper line": "Digits at the same distance from the middle of a line add up to the same total, the middle digit if there is one.",
  "rule.candidates": "Some cells can hold only the values the puzzle lists for them.",
  "rule.same values": "The cells of each linked group hold the same values.",
  "rule.or": "Of the rules given as alternatives, at least one holds.",
  "rule.pairwise": "Each pair of cells in a group keeps the relation the puzzle gives.",
  "rule.count distinct": "A group of cells holds as many different values as the puzzle says.",
  "rule.sum": "A group of cells adds up to the number the puzzle gives for it.",
  "rule.value count": "A value appears in a group of cells as many times as the puzzle says.",
  "err.puzzle": "This puzzle cannot be read: {0}",
  "err.char": "This puzzle cannot be read: line {0}, column {1}: {2} is not allowed there.",
  "err.length": "This puzzle cannot be read: line {0} has too few or too many cells (a puzzle has 81).",
  "err.notPuzzle": "This is not a puzzle the page reads: paste an f-puzzles or SudokuPad link.",
  "err.variant": "This is a variant puzzle: open it with Variant puzzles in the menu.",
  "err.unsupported": "This puzzle has a rule the engine does not know: {0}.",
  "err.noSolution": "The puzzle has no solution.",
  "err.manySolutions": "The puzzle has more than one solution.",
  "err.conflict": "{0} and {1} both hold {2}.",
  "err.noCandidate": "{0} has no candidate left: the position has no solution.",
  "err.timeLimit": "The server stopped: the time limit was reached.",
  "err.busy": "The server is busy: try again in a moment."
};

let dict = EN;

// lang is the language of the page's words, a key of LANGS.
export let lang = "en";

// t returns the words of key in the page's language (in English when the
// language lacks them), with {0}, {1}, ... replaced by args.
export function t(key, ...args) {
  const s = dict[key] ?? EN[key] ?? key;
  return args.length ? s.replace(/\{(\d)\}/g, (m, k) => (k < args.length ? String(args[k]) : m)) : s;
}

// has reports whether the page's language has words for key.
export const has = (key) => key in dict || key in EN;

// apiError is the error of an API answer other than 200 (the offline
// engine's too), with its status and data (its JSON, or null): its words
// those of its code in the page's language (err.<code> with the answer's
// args), or for an error without one the server's own, in English.
export function apiError(status, statusText, data) {
  return Object.assign(new Error(errorText(data) || `${status} ${statusText}`.trim()), { status, data });
}

// errorText is the words of an API error's data (an error answer's JSON,
// or /api/parse's with ok false) in the page's language, as apiError says
// them; "" for none.
export function errorText(data) {
  const code = data && data.code;
  return code && has(`err.${code}`) ? t(`err.${code}`, ...(data.args || [])) : (data && data.error) || "";
}

// choose returns the language to use: the one chosen in the settings, or
// else the first of the browser's that the page has, or else English.
export function choose(chosen) {
  if (chosen in LANGS) return chosen;
  for (const l of navigator.languages || [navigator.language || ""]) {
    const base = l.toLowerCase().split(/[-_;]/)[0];
    if (base in LANGS) return base;
  }
  return "en";
}

// load fetches the words of a language (English is built in).
export async function load(l) {
  if (l === "en" || !(l in LANGS)) return EN;
  const res = await fetch(`i18n/${l}.json`);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.json();
}

// use makes words (from load) the page's, and says so to the document.
export function use(l, words) {
  dict = words;
  lang = l;
  document.documentElement.lang = l === "zh" ? "zh-Hans" : l;
}

// translate writes the page's words into every element under root that
// names them.
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-html]")) el.innerHTML = t(el.dataset.tHtml);
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of root.querySelectorAll("[data-t-aria]")) el.setAttribute("aria-label", t(el.dataset.tAria));
  const d = document.querySelector('meta[name="description"]');
  if (d) d.content = t("pageDescription");
}

// ---- words of the game ----

// Levels and sources are kept in English with a game; these say them in
// the page's language.
export const levelName = (l) => t(`level.${l || "Unrated"}`);
export const sourceName = (s) => (s && has(`source.${s}`) ? t(`source.${s}`) : s);
// gameSource says where a game came from: the day of a daily puzzle, or
// its source.
export const gameSource = (g) => (g.daily ? t("dailyOn", dayName(g.daily)) : sourceName(g.source));

// dayName says a day ("2026-11-28") as the page's language writes a date.
export function dayName(d) {
  const [y, m, n] = d.split("-").map(Number);
  return new Date(y, m - 1, n).toLocaleDateString(lang, { day: "numeric", month: "short", year: "numeric" });
}
export const givens = (n) => (n === 1 ? t("givens1") : t("givensN", n));

// techName says a technique (as the API names it) in the page's language.
export const techName = (name) => (has(`tech.${name}`) ? t(`tech.${name}`) : name);
// vtechName says a technique of the variant logic (package variant/logic)
// in the page's language: a classic technique's name as techName says it,
// the variant logic's own from vtech.<name> (every name it gives a step,
// pair rules' too), and an unknown name as it is.
export const vtechName = (name) => (has(`tech.${name}`) ? techName(name) : has(`vtech.${name}`) ? t(`vtech.${name}`) : name);

// kindName says a kind of rule of the variant logic ("killer cage") in
// the page's language, from kind.<kind>.
const kindName = (k) => (has(`kind.${k}`) ? t(`kind.${k}`) : k);

// argText writes one argument of a step's reason (see docs/web.md):
// a digit, a count, a cell, cells, digits, a unit, units or a text; in a
// variant step's reason also a kind of rule, kinds, a technique, and
// phrases: parts of the sentence with ids of their own (vwhy.<id>). A
// list's join is a word (join.<word>) or the separator itself ("; ").
function argText(a) {
  if (typeof a !== "object" || a === null) return String(a);
  const join = a.join ? (has(`join.${a.join}`) ? t(`join.${a.join}`) : a.join) : null;
  if (a.digit !== undefined) return String(a.digit);
  if (a.count !== undefined) return String(a.count);
  if (a.cell !== undefined) return a.cell;
  if (a.cells) return a.cells.join(join ?? ",");
  // Values above 9 apart: "1,10,16" (a 16x16 grid's).
  if (a.digits) return a.digits.join(join ?? (a.digits.some((d) => d > 9) ? "," : ""));
  if (a.unit) return t(`unit.${a.unit[0]}`, a.unit.slice(1));
  if (a.units) return a.units.join(",");
  if (a.kind) return kindName(a.kind);
  if (a.kinds) return a.kinds.map(kindName).join(join ?? ", ");
  if (a.tech) return vtechName(a.tech);
  if (a.phrase) return phraseText(a.phrase);
  if (a.phrases) return a.phrases.map(phraseText).join(join ?? ", ");
  return a.text ?? "";
}

// phraseText says a variant reason, or a phrase of one, in the page's
// language.
const phraseText = (r) => t(`vwhy.${r.id}`, ...(r.args || []).map(argText));

// known reports whether the page's language has the words of a variant
// reason and of every phrase in it.
const known = (r) =>
  has(`vwhy.${r.id}`) && (r.args || []).every((a) => (!a.phrase || known(a.phrase)) && (a.phrases || []).every(known));

// vexplanation says why a step of the variant logic is true, as
// explanation does a classic one: the server's English words, or the
// step's reason in the page's language (in English when the language
// lacks a sentence or phrase of it).
export function vexplanation(s) {
  if (lang === "en" || !s.why || !known(s.why)) return s.explanation || "";
  return phraseText(s.why);
}

// explanation says why a step of /api/hint or /api/explain is true: the
// server's English words, or the step's reason in the page's language.
export function explanation(s) {
  const key = s.why && `why.${s.why.id}`;
  if (lang === "en" || !key || !has(key)) return s.explanation || "";
  const args = (s.why.args || []).map(argText);
  return t(key, ...args);
}

