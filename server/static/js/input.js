// Input: the pointer (a click, a tap, a drag over cells), the keys and the
// keypad, and what they do to the selected cells: digits, marks, colours,
// erasing, copying marks, the modes and live candidates.
import { row, col, cellName } from "./sudoku.js";
import { t } from "./i18n.js";
import { $, S, MODES, prefs, savePrefs, say, canPlay, editable, onClick } from "./state.js";
import { cells, cellOf, select, render, applyPrefs } from "./board.js";
import { Edits, undo, redo } from "./moves.js";
import { showHint, clearHint } from "./hints.js";
import { check } from "./api.js";
import { setPaused } from "./games.js";
import { replayKey } from "./watch.js";
import { wireFilter, toggleDigitFilter, togglePairs } from "./filter.js";

let drag = null; // the pointer that drags over cells, {id}

function onPointerDown(e) {
  const i = cellOf(e.target);
  if (i < 0 || (e.pointerType === "mouse" && e.button !== 0)) return;
  e.preventDefault(); // keep the focus on the cell, not a text selection
  if (e.ctrlKey || e.metaKey) {
    if (S.sel.has(i) && S.sel.size > 1) {
      S.sel.delete(i);
      if (S.cursor === i) S.cursor = [...S.sel].at(-1);
      render();
      return;
    }
    S.sel.add(i);
  } else if (e.shiftKey) {
    S.sel.add(i);
  } else {
    S.sel = new Set([i]);
  }
  drag = { id: e.pointerId };
  select(i, true);
}

// A drag adds every cell it passes over. The cell under the pointer is
// looked up each time, as a touch keeps sending its events to the cell it
// started on.
function onPointerMove(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const i = cellOf(document.elementFromPoint(e.clientX, e.clientY));
  if (i < 0 || (S.sel.has(i) && i === S.cursor)) return;
  select(i, true);
}


// enter applies a digit to the selected cells as the mode says: a digit
// placed (or taken out again, when every selected cell has it), a corner
// or centre mark toggled (added to all unless all have it), or a colour.
function enter(d, as = S.mode) {
  if (!canPlay()) return;
  const targets = as === "colour" ? [...S.sel] : editable();
  if (!targets.length) return;
  const ed = new Edits();
  if (as === "digit") {
    const all = targets.every((i) => S.game.values[i] === d);
    for (const i of targets) ed.place(i, all ? 0 : d);
  } else if (as === "colour") {
    const all = targets.every((i) => S.game.colour[i] === d);
    for (const i of targets) ed.set(i, { colour: all ? 0 : d });
  } else {
    const empty = targets.filter((i) => !S.game.values[i]);
    const bit = 1 << d;
    if (as === "centre" && S.game.auto) {
      // Live candidates: a centre mark strikes a candidate out or back.
      const all = empty.every((i) => S.game.elim[i] & bit);
      for (const i of empty) ed.set(i, { elim: all ? S.game.elim[i] & ~bit : S.game.elim[i] | bit });
    } else {
      const all = empty.every((i) => S.game[as][i] & bit);
      for (const i of empty) ed.set(i, { [as]: all ? S.game[as][i] & ~bit : S.game[as][i] | bit });
    }
  }
  ed.commit();
}

// erase clears the selected cells: their digits, or when they have none,
// the marks of the mode (every mark in digit mode), or their colour.
function erase() {
  if (!canPlay()) return;
  const ed = new Edits();
  const targets = S.mode === "colour" ? [...S.sel] : editable();
  const hasDigit = targets.some((i) => S.game.values[i]);
  for (const i of targets) {
    if (S.mode === "colour") ed.set(i, { colour: 0 });
    else if (hasDigit) ed.set(i, { v: 0 });
    else if (S.mode === "corner") ed.set(i, { corner: 0 });
    else if (S.mode === "centre") ed.set(i, S.game.auto ? { elim: 0 } : { centre: 0 });
    else ed.set(i, { corner: 0, centre: 0 });
  }
  ed.commit();
}

// pressDigit is a press on the keypad. In a mode of marks, a second press
// of the same digit right after the first takes its mark back and enters
// the digit itself, as on SudokuExchange.
let lastPress = { d: 0, at: 0, move: null };
function pressDigit(d) {
  if (S.filtering) return toggleDigitFilter(d);
  const now = performance.now();
  const marks = S.mode === "corner" || S.mode === "centre";
  if (marks && d === lastPress.d && now - lastPress.at < 400 && lastPress.move && S.game.history.at(-1) === lastPress.move) {
    undo();
    enter(d, "digit");
    lastPress = { d: 0, at: 0, move: null };
    return;
  }
  const before = S.game.history.at(-1);
  enter(d);
  const move = S.game.history.at(-1);
  lastPress = { d, at: now, move: move !== before ? move : null };
}

// copied holds the marks copied with Ctrl+C, pasted with Ctrl+V.
let copied = null;

function copyMarks() {
  copied = { corner: S.game.corner[S.cursor], centre: S.game.centre[S.cursor] };
  say(t("marksCopied", cellName(S.cursor)));
}

function pasteMarks() {
  if (!copied || !canPlay()) return;
  const ed = new Edits();
  for (const i of editable()) if (!S.game.values[i]) ed.set(i, { corner: copied.corner, centre: copied.centre });
  ed.commit();
}

// marksToCentre turns the corner marks of the selected cells into centre
// marks, when a Snyder pair turns out to be a pair in its cells.
function marksToCentre() {
  if (!canPlay()) return;
  const ed = new Edits();
  for (const i of editable()) {
    if (!S.game.values[i] && S.game.corner[i]) ed.set(i, { centre: S.game.centre[i] | S.game.corner[i], corner: 0 });
  }
  ed.commit();
}

// clearMarks takes every corner and centre mark and every colour off the
// grid (and the candidates struck out), as one move.
export function clearMarks() {
  if (!canPlay()) return;
  const ed = new Edits();
  for (let i = 0; i < 81; i++) ed.set(i, { corner: 0, centre: 0, colour: 0, elim: 0 });
  if (!ed.commit()) say(t("noMarks"));
}

// clearColours takes every colour off the grid, as one move.
function clearColours() {
  if (!canPlay()) return;
  const ed = new Edits();
  for (let i = 0; i < 81; i++) ed.set(i, { colour: 0 });
  ed.commit();
}

// toggleCursor adds the cursor's cell to the selection or takes it out
// (Shift or Ctrl with Space), so that a selection of cells apart can be
// made from the keyboard; the last cell stays.
function toggleCursor() {
  if (S.sel.has(S.cursor) && S.sel.size > 1) S.sel.delete(S.cursor);
  else S.sel.add(S.cursor);
  render();
}

function selectAll() {
  S.sel = new Set(Array.from({ length: 81 }, (_, i) => i));
  render();
}

function setMode(m) {
  if (S.creating) return;
  S.mode = m;
  S.filtering = false;
  render();
}

// pressMode is a press on a mode button. Pressed twice in a row, Colour
// clears every colour and Centre turns the selected cells' corner marks
// into centre marks, as on SudokuExchange.
let lastMode = { m: "", at: 0 };
function pressMode(m) {
  const now = performance.now();
  const again = m === lastMode.m && m === S.mode && now - lastMode.at < 400;
  lastMode = again ? { m: "", at: 0 } : { m, at: now };
  if (!again) return setMode(m);
  if (m === "colour") clearColours();
  else if (m === "centre") marksToCentre();
}

// toggleAuto turns live candidates on or off. They are worked out from
// the digits whenever the grid changes; the centre marks typed meanwhile
// strike candidates out.
function toggleAuto() {
  if (!canPlay()) return;
  const ed = new Edits();
  ed.flags({ auto: !S.game.auto });
  ed.commit();
  say(t(S.game.auto ? "autoOn" : "autoOff"));
}

// showRing opens, with the option on, a small keypad beside a cell clicked
// with the mouse (as Super Sudoku's circle menu), so that the hand need not
// travel to the keypad; a digit from it goes in as the keypad's would.
function showRing(e) {
  const i = cellOf(e.target);
  if (!prefs.ring || e.pointerType !== "mouse" || i < 0 || S.sel.size !== 1 || S.game.puzzle[i] || !canPlay() || S.creating) return hideRing();
  const ring = $("ring");
  ring.hidden = false;
  const wrap = ring.parentElement.getBoundingClientRect();
  const c = cells[i].getBoundingClientRect();
  const w = ring.offsetWidth, h = ring.offsetHeight;
  // Beside the cell, to the right unless there is no room, and within the board.
  let x = c.right - wrap.left + 4;
  if (x + w > wrap.width) x = c.left - wrap.left - w - 4;
  const y = Math.min(Math.max(c.top - wrap.top + c.height / 2 - h / 2, 0), wrap.height - h);
  ring.style.left = `${Math.max(x, 0)}px`;
  ring.style.top = `${y}px`;
}

function hideRing() {
  $("ring").hidden = true;
}

// moveCursor moves the cursor a cell (d: -1, 1, -9 or 9), wrapping round
// within the row or the column; with extend the selection keeps its cells.
function moveCursor(d, extend) {
  let i = S.cursor;
  if (d === 1) i = row(S.cursor) * 9 + ((col(S.cursor) + 1) % 9);
  else if (d === -1) i = row(S.cursor) * 9 + ((col(S.cursor) + 8) % 9);
  else i = (S.cursor + d + 81) % 81;
  select(i, extend);
}

function onKey(e) {
  const t = e.target;
  if (t.closest && (t.closest("dialog") || t.closest("[popover]") || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  if (!S.game) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  const wasd = { w: -9, s: 9, a: -1, d: 1 };
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  if (!$("ring").hidden) {
    hideRing();
    if (e.key === "Escape") return; // closes the digits and no more
  }
  if (S.replay) return replayKey(e, t);
  if (mod && !e.altKey) {
    if (key === "z") {
      e.preventDefault();
      (e.shiftKey ? redo : undo)();
    } else if (key === "y") {
      e.preventDefault();
      redo();
    } else if (digit && digit[1] !== "0" && !S.creating) {
      e.preventDefault();
      enter(Number(digit[1]), e.shiftKey ? "colour" : "centre");
    } else if (e.key in moves || (prefs.wasd && key in wasd && key !== "a")) {
      e.preventDefault();
      moveCursor(e.key in moves ? moves[e.key] : wasd[key], true);
    } else if (e.key === " ") {
      e.preventDefault();
      toggleCursor();
    } else if (key === "a") {
      e.preventDefault();
      selectAll();
    } else if (key === "c" && !S.creating && !getSelection().toString()) {
      copyMarks();
    } else if (key === "v" && !S.creating) {
      e.preventDefault();
      pasteMarks();
    }
    return;
  }
  if (e.altKey) {
    if (digit && digit[1] !== "0" && !S.creating) {
      e.preventDefault();
      toggleDigitFilter(Number(digit[1]));
    }
    return;
  }
  if (e.key in moves || (prefs.wasd && key in wasd)) {
    e.preventDefault();
    moveCursor(e.key in moves ? moves[e.key] : wasd[key], e.shiftKey);
  } else if (e.key === " " && e.shiftKey) {
    e.preventDefault();
    toggleCursor();
  } else if (digit && digit[1] !== "0") {
    e.preventDefault();
    if (S.filtering && !e.shiftKey) toggleDigitFilter(Number(digit[1]));
    else enter(Number(digit[1]), e.shiftKey && !S.creating ? "corner" : S.mode);
  } else if (/^[1-9]$/.test(e.key)) {
    e.preventDefault();
    if (S.filtering) toggleDigitFilter(Number(e.key));
    else enter(Number(e.key));
  } else if (e.key === "Backspace" || e.key === "Delete" || (digit && digit[1] === "0")) {
    e.preventDefault();
    erase();
  } else if (e.key === "[" || e.key === "]") {
    (e.key === "[" ? undo : redo)();
  } else if (e.key === "Home") {
    e.preventDefault();
    select(40);
  } else if (e.key === "Escape") {
    // Step by step: the hint goes (or the pause), then the selection
    // shrinks to one cell, then to none; P pauses.
    if (S.hint) clearHint();
    else if (S.paused) return setPaused(false);
    else if (S.sel.size) S.sel = S.sel.size > 1 ? new Set([S.cursor]) : new Set();
    else S.filter = null;
    render();
  } else if (e.key === "F1") {
    e.preventDefault();
    $("keys-dialog").showModal();
  } else if (S.creating) {
    return;
  } else if (key === "z" || key === "x" || key === "c" || key === "v") {
    setMode({ z: "digit", x: "corner", c: "centre", v: "colour" }[key]);
  } else if (key === "n" || (e.key === " " && t.tagName !== "BUTTON")) {
    e.preventDefault();
    setMode(S.mode === "centre" ? "digit" : "centre");
  } else if (key === "q" || (key === "a" && !prefs.wasd)) {
    toggleAuto();
  } else if (key === "b") {
    togglePairs();
  } else if (key === "h" || e.key === "?") {
    showHint();
  } else if (key === "p") {
    setPaused(!S.paused);
  } else if (key === "f") {
    toggleFullscreen();
  } else if (key === "m") {
    prefs.marks = !prefs.marks;
    savePrefs();
    applyPrefs();
    $("opt-marks").checked = prefs.marks;
  } else if (e.key === ".") {
    marksToCentre();
  } else if (e.key === "Enter" && t.tagName !== "BUTTON") {
    check();
  }
}

export function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen().catch(() => say(t("noFullscreen"), true));
}

// wireInput listens to the pointer on the board, the keys, the keypad, the
// modes and the buttons that change the grid.
export function wireInput() {
  $("board").addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", () => { drag = null; });
  document.addEventListener("pointercancel", () => { drag = null; });
  document.addEventListener("keydown", onKey);
  wireFilter($("keypad").children);
  for (const b of $("keypad").children) onClick(b, () => pressDigit(Number(b.dataset.digit)));
  for (const m of MODES) onClick(`mode-${m}`, () => pressMode(m));
  for (const b of $("ring").children) {
    onClick(b, () => {
      hideRing();
      pressDigit(Number(b.dataset.digit));
      cells[S.cursor].focus({ preventScroll: true });
    });
  }
  $("board").addEventListener("click", (e) => { if (S.game) showRing(e); });
  document.addEventListener("pointerdown", (e) => { if (!e.target.closest("#ring, .cell")) hideRing(); });
  onClick("auto", toggleAuto);
  onClick("erase", erase);
  onClick("undo", undo);
  onClick("redo", redo);
}
