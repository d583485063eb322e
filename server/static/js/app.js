// The game page: state, rendering, input, and the calls to the JSON API.
//
// A game keeps, per cell, the digit (values), the corner and centre marks
// and the candidates struck out while live candidates are on (corner,
// centre, elim: bit masks, bit d for digit d) and a colour (0 for none, 1
// to 9). A move is a list of [cell, from, to] with cell states [value,
// corner, centre, colour, elim], so that every change is one undo.
import {
  PEERS, row, col, box, cellName, cellIndex, digitsOf, parseLine, formatLine,
  conflicts, candidates, solved, formatTime, stepText, progressLink, readLink,
} from "./sudoku.js";
import * as store from "./store.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// A built-in puzzle so the page is playable before the API answers.
const FIRST = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const MODES = ["digit", "corner", "centre", "colour"];

let game = null;
let sel = new Set([40]); // the selected cells
let cursor = 40; // the cell the keys move from, selected unless Ctrl+Space took it out
let mode = "digit";
let paused = false;
let api = { endpoints: [] };
let hint = null; // the hint on show, applied by a second press
let replay = null;
let creating = null; // {prev: the game put aside, seq: the last check sent}
let drag = null;
let msgTimer = 0;
let lastTick = 0;
let tick = 0;
const prefs = store.loadPrefs();
const cells = [];
// The cells' names are hidden text, laid out like any other: at load they
// are written in a task of their own, after the first game is drawn
// (Lighthouse mobile, 8x CPU throttling: the task that drew the game took
// about 200 ms with them, the longest at load).
let namesLater = true;
const parts = []; // per cell: {value, cand, corner}, the marks made when first needed

function blankGame(puzzle, level = "", source = "") {
  const zeros = () => Array(81).fill(0);
  return {
    id: store.newId(), puzzle, values: puzzle.slice(),
    corner: zeros(), centre: zeros(), colour: zeros(), elim: zeros(), auto: false,
    level, source, rating: null, elapsed: 0, updated: Date.now(),
    result: null, helped: false, shown: false, counted: false,
    history: [], future: [], solution: null, unique: null,
  };
}

// ---- words ----

// Levels and sources are kept in English with a game; these say them in
// the page's language.
const levelName = (l) => t(`level.${l || "Unrated"}`);
const sourceName = (s) => (s && i18n.has(`source.${s}`) ? t(`source.${s}`) : s);
const givens = (n) => (n === 1 ? t("givens1") : t("givensN", n));

// techName says a technique (as the API names it) in the page's language.
const techName = (name) => (i18n.has(`tech.${name}`) ? t(`tech.${name}`) : name);

// argText writes one argument of a step's reason (see docs/web.md):
// a digit, a count, a cell, cells, digits, a unit, units or a text.
function argText(a) {
  if (typeof a !== "object" || a === null) return String(a);
  const join = a.join ? t(`join.${a.join}`) : null;
  if (a.digit !== undefined) return String(a.digit);
  if (a.count !== undefined) return String(a.count);
  if (a.cell !== undefined) return a.cell;
  if (a.cells) return a.cells.join(join ?? ",");
  if (a.digits) return a.digits.join(join ?? "");
  if (a.unit) return t(`unit.${a.unit[0]}`, a.unit.slice(1));
  if (a.units) return a.units.join(",");
  return a.text ?? "";
}

// explanation says why a step of /api/hint or /api/explain is true: the
// server's English words, or the step's reason in the page's language.
function explanation(s) {
  const key = s.why && `why.${s.why.id}`;
  if (i18n.lang === "en" || !key || !i18n.has(key)) return s.explanation || "";
  const args = (s.why.args || []).map(argText);
  return t(key, ...args);
}

// hintMessage says why a hint has no step, from what the answer holds.
function hintMessage(r) {
  let m;
  if (r.wrong && r.wrong.length) {
    const i = cellIndex(r.wrong[0]);
    m = t("wrongFirst", r.wrong[0], game.values[i], r.wrong.length);
  } else m = t(solved(game.values) ? "gridFull" : "noTechnique");
  return r.notUnique ? `${m} ${t("notUniqueHint")}` : m;
}

// setLanguage shows the page in a language ("" for the browser's), loading
// its words first.
async function setLanguage(chosen) {
  const l = i18n.choose(chosen);
  try {
    i18n.use(l, await i18n.load(l));
  } catch (e) {
    say(e.message, true);
    return;
  }
  i18n.translate();
  applyTheme();
  if (game) {
    if (hint) clearHint();
    if (replay) closeReplay();
    render();
    if (creating) checkCreation();
  }
}

// ---- persistence ----

function save() {
  if (!game || creating) return;
  game.updated = Date.now();
  const { wrong, ...kept } = game; // marks of a check are not kept
  void wrong;
  store.saveGame(kept);
  store.saveCurrent(game.id);
}

function savePrefs() {
  store.savePrefs(prefs);
}

// ---- the board ----

function buildBoard() {
  const board = $("board");
  for (let r = 0; r < 9; r++) {
    const rowEl = document.createElement("div");
    rowEl.setAttribute("role", "row");
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const el = document.createElement("div");
      el.className = `cell r${r} c${c}`;
      el.setAttribute("role", "gridcell");
      el.tabIndex = -1;
      el.dataset.cell = i;
      // The cell's name is its content: hidden words ("r1c2, 5, given,
      // corner 1 2"), as the digit and the marks are drawn for the eye.
      const v = document.createElement("span");
      v.className = "value";
      v.setAttribute("aria-hidden", "true");
      const about = document.createElement("span");
      about.className = "visually-hidden";
      el.append(v, about);
      rowEl.append(el);
      cells.push(el);
      parts.push({ value: v, about, cand: null, corner: null });
    }
    board.append(rowEl);
  }
  board.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", () => { drag = null; });
  document.addEventListener("pointercancel", () => { drag = null; });
}

const cellOf = (el) => {
  const c = el && el.closest && el.closest(".cell");
  return c ? Number(c.dataset.cell) : -1;
};

function onPointerDown(e) {
  const i = cellOf(e.target);
  if (i < 0 || (e.pointerType === "mouse" && e.button !== 0)) return;
  e.preventDefault(); // keep the focus on the cell, not a text selection
  if (e.ctrlKey || e.metaKey) {
    if (sel.has(i) && sel.size > 1) {
      sel.delete(i);
      if (cursor === i) cursor = [...sel].at(-1);
      render();
      return;
    }
    sel.add(i);
  } else if (e.shiftKey) {
    sel.add(i);
  } else {
    sel = new Set([i]);
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
  if (i < 0 || (sel.has(i) && i === cursor)) return;
  select(i, true);
}

// select moves the cursor to i; with extend the selection keeps its cells,
// otherwise it becomes i alone.
function select(i, extend = false) {
  cursor = ((i % 81) + 81) % 81;
  if (extend) sel.add(cursor);
  else sel = new Set([cursor]);
  render();
  cells[cursor].focus({ preventScroll: true });
}

// shownCentre is the centre layer of a cell as drawn: the live candidates
// less those struck out, or the player's centre marks; while a hint is on
// show, a cell it is about that has no marks shows its candidates.
function shownCentre(i) {
  if (game.values[i]) return 0;
  if (game.auto) return candidates(game.values, i) & ~game.elim[i];
  if (game.centre[i] || game.corner[i]) return game.centre[i];
  if (hint && hint.about.has(i)) return candidates(game.values, i);
  return 0;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el, name, v) {
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

// marksBox returns the cell's box of marks of a kind ("cand" or "corner"),
// made on first use: most cells never need one.
function marksBox(i, kind) {
  let b = parts[i][kind];
  if (!b) {
    b = document.createElement("span");
    b.className = kind;
    b.setAttribute("aria-hidden", "true");
    for (let d = 1; d <= 9; d++) b.append(document.createElement("span"));
    cells[i].append(b);
    parts[i][kind] = b;
  }
  return b;
}

// drawCand draws a centre layer: in a 3x3 grid, each digit in its place,
// or as a line in the middle of the cell. markOf(d) names a digit's class.
function drawCand(i, mask, grid, markOf) {
  if (!mask && !parts[i].cand) return;
  const b = marksBox(i, "cand");
  const n = digitsOf(mask).length;
  b.hidden = !mask;
  b.className = grid ? "cand grid" : `cand line n${Math.min(n, 9)}`;
  const spans = b.children;
  for (let d = 1; d <= 9; d++) {
    const on = (mask & (1 << d)) !== 0;
    setText(spans[d - 1], on ? String(d) : "");
    spans[d - 1].className = on ? markOf(d) : "";
  }
}

// drawCorner draws corner marks in the order corners, then edges, as
// Snyder notation is written: the k-th digit goes to place p<k>.
function drawCorner(i, mask, markOf) {
  if (!mask && !parts[i].corner) return;
  const b = marksBox(i, "corner");
  b.hidden = !mask;
  const ds = digitsOf(mask);
  const spans = b.children;
  for (let k = 0; k < 9; k++) {
    const d = ds[k];
    setText(spans[k], d ? String(d) : "");
    spans[k].className = d ? `p${k} ${markOf(d)}` : "";
  }
}

function render() {
  if (!game) return;
  const rp = replay && replay.view;
  const bad = !rp && prefs.conflicts ? conflicts(game.values) : new Set();
  const wrong = new Set(rp ? [] : game.wrong || []);
  const curV = game.values[cursor];
  const one = sel.size === 1;
  const marks = rp || hintMarks();
  const finished = !!game.result;
  for (let i = 0; i < 81; i++) {
    const el = cells[i];
    const v = rp ? rp.values[i] : game.values[i];
    const given = game.puzzle[i] !== 0;
    const markOf = (d) => marks.elim.has(i * 10 + d) ? "elim" : marks.keep.has(i * 10 + d) ? "keep"
      : !rp && prefs.same && curV === d ? "same-note" : "";
    setText(parts[i].value, v ? String(v) : "");
    const centre = rp ? (v ? 0 : rp.cand[i]) : shownCentre(i);
    const grid = !!rp || game.auto || prefs.grid || (!game.centre[i] && centre !== 0);
    drawCand(i, centre, grid, markOf);
    // Live candidates fill the cell's grid, where corner marks would
    // stand among them: the marks are kept but not drawn meanwhile.
    const corner = rp || v || game.auto ? 0 : game.corner[i];
    drawCorner(i, corner, markOf);
    // A hint's pattern and a replay have colours of their own: the
    // player's are put aside meanwhile.
    const colour = rp || hint ? 0 : game.colour[i];
    // The classes are written as one string, and only when they change.
    const selected = !rp && sel.has(i);
    const flags = [
      given && "given", selected && "sel", !rp && i === cursor && !one && "cursor",
      !rp && one && i !== cursor && (row(i) === row(cursor) || col(i) === col(cursor) || box(i) === box(cursor)) && "unit",
      !rp && prefs.same && !!curV && v === curV && i !== cursor && "same",
      bad.has(i) && "conflict", wrong.has(i) && "wrong", marks.pattern.has(i) && "pattern",
      !rp && marks.target.has(i) && "target", !!rp && rp.cell === i && "replay-new",
      !!rp && rp.guesses.has(i) && "replay-guess", !!rp && rp.dead === i && "replay-dead",
      colour > 0 && `k${colour}`,
    ];
    const cls = `cell r${row(i)} c${col(i)} ${flags.filter(Boolean).join(" ")}`.trim();
    if (el.className !== cls) el.className = cls;
    el.tabIndex = i === cursor ? 0 : -1;
    setAttr(el, "aria-selected", String(selected));
    let about = `${cellName(i)}, ${v ? (given ? `${v}, ${t("cellGiven")}` : v) : t("cellEmpty")}`;
    if (corner) about += `, ${t("cellCorner")} ${digitsOf(corner).join(" ")}`;
    if (centre) about += `, ${t(game.auto || rp ? "cellCandidates" : "cellCentre")} ${digitsOf(centre).join(" ")}`;
    if (colour) about += `, ${t(`colour.${colour}`)}`;
    if (bad.has(i)) about += `, ${t("cellConflict")}`;
    if (wrong.has(i)) about += `, ${t("cellWrong")}`;
    if (!namesLater) setText(parts[i].about, about);
  }
  renderControls(finished);
}

function renderControls(finished) {
  const count = Array(10).fill(0);
  for (const v of game.values) count[v]++;
  const colouring = mode === "colour" && !creating;
  const play = !finished && !paused && !replay;
  for (const b of $("keypad").children) {
    const d = Number(b.dataset.digit);
    const left = 9 - count[d];
    b.classList.toggle("done", !colouring && left <= 0);
    b.classList.toggle("swatch", colouring);
    b.classList.toggle(`k${d}`, colouring);
    // The name reads "4, 3 left": the count follows the digit after a
    // hidden comma, so that the name holds what is seen.
    const small = colouring ? t(`colour.${d}`) : creating ? "" : left > 0 ? `${left}<span class="visually-hidden"> ${t("left")}</span>` : `✓<span class="visually-hidden"> ${t("allPlaced")}</span>`;
    if (b.dataset.small !== small) {
      b.dataset.small = small;
      b.querySelector("small").innerHTML = `<span class="visually-hidden">, </span>${small}`;
    }
    b.disabled = !play;
  }
  for (const m of MODES) {
    const b = $(`mode-${m}`);
    setAttr(b, "aria-pressed", String(mode === m));
    b.disabled = !play;
  }
  setAttr($("auto"), "aria-pressed", String(!!game.auto));
  $("auto").disabled = !play;
  const shownOnly = game.result === "revealed";
  $("undo").disabled = game.history.length === 0 || game.result === "solved" || !!replay || paused;
  $("redo").disabled = game.future.length === 0 || !!replay || paused;
  for (const id of ["erase", "hint", "check", "reveal", "solve"]) $(id).disabled = !play;
  $("restart").disabled = (!!finished && !shownOnly) || !!replay || paused;
  $("replay").disabled = paused;
  $("board").classList.toggle("paused", paused);
  $("board").classList.toggle("finished", finished);
  setAttr($("board"), "aria-readonly", String(finished));
  $("paused").hidden = !paused;
  const filled = game.values.filter(Boolean).length;
  setText($("info"), creating ? t("creating", givens(filled))
    : [levelName(game.level), sourceName(game.source), t("filled", filled)].filter(Boolean).join(" · "));
  setText($("timer"), formatTime(game.elapsed));
  setText($("pause"), t(paused ? "resume" : "pause"));
  setAttr($("pause"), "aria-pressed", String(paused));
  $("pause").disabled = finished || !!replay || !!creating;
}

// ---- messages ----

// say shows a message in the status line, in place of the game's summary,
// until its moment passes: a few seconds, or the next move.
function say(text, isError = false) {
  const m = $("message");
  clearTimeout(msgTimer);
  m.textContent = text;
  m.classList.toggle("error", isError);
  document.querySelector(".status").classList.toggle("has-message", !!text);
  if (text) msgTimer = setTimeout(() => say(""), isError ? 9000 : 5000);
}

// ---- moves, undo and redo ----

const stateOf = (i) => [game.values[i], game.corner[i], game.centre[i], game.colour[i], game.elim[i]];

function setState(i, s) {
  [game.values[i], game.corner[i], game.centre[i], game.colour[i], game.elim[i]] = s;
}

// Edits gathers changes to cells, each a patch of {v, corner, centre,
// colour, elim}, and commits them as one move.
class Edits {
  constructor() { this.map = new Map(); }
  get(i) {
    const s = this.map.get(i) || stateOf(i);
    return { v: s[0], corner: s[1], centre: s[2], colour: s[3], elim: s[4] };
  }
  set(i, patch) {
    const c = { ...this.get(i), ...patch };
    this.map.set(i, [c.v, c.corner, c.centre, c.colour, c.elim]);
  }
  // place puts d in i and, with the option on, takes it out of the marks
  // of the cells that see i.
  place(i, d) {
    this.set(i, { v: d });
    if (!d || !prefs.autoremove) return;
    for (const j of PEERS[i]) {
      const c = this.get(j);
      const bit = 1 << d;
      if ((c.corner | c.centre) & bit) this.set(j, { corner: c.corner & ~bit, centre: c.centre & ~bit });
    }
  }
  commit(how = "player") {
    const move = [];
    for (const [i, to] of this.map) {
      const from = stateOf(i);
      if (from.every((x, k) => x === to[k])) continue;
      move.push([i, from, to]);
      setState(i, to);
    }
    if (!move.length) return false;
    game.history.push(move);
    if (game.history.length > 1000) game.history.shift();
    game.future = [];
    afterChange(how);
    return true;
  }
}

function undo() {
  if (game.result === "solved" || replay || paused) return;
  const move = game.history.pop();
  if (!move) return;
  for (let k = move.length - 1; k >= 0; k--) setState(move[k][0], move[k][1]);
  game.future.push(move);
  afterChange("undo");
}

function redo() {
  if (replay || paused) return;
  const move = game.future.pop();
  if (!move) return;
  for (const [i, , to] of move) setState(i, to);
  game.history.push(move);
  afterChange("redo");
}

// afterChange settles the game after a move: "player" for the player's
// own, "reveal" and "solve" for the solution's, which end a game without
// winning it.
function afterChange(how) {
  game.wrong = null;
  clearHint();
  if (creating) {
    render();
    checkCreation();
    return;
  }
  if (!game.counted) {
    game.counted = true;
    store.recordPlayed(store.statsLevel(game));
  }
  const full = solved(game.values);
  if (full && !game.result) finish(how);
  else if (!full && game.result === "revealed") {
    game.result = null; // Undo after Solve: back to playing, never to be won
    $("result").hidden = true;
  } else if (!full) say("");
  if (prefs.wrong && !game.result) markWrong();
  save();
  render();
}

function finish(how) {
  paused = false;
  sel = new Set([cursor]);
  // The solution shown, by Solve or a revealed last cell, is never a
  // win, not even after Undo and Redo.
  if (how === "reveal" || how === "solve") game.shown = true;
  const won = !game.shown;
  game.result = won ? "solved" : "revealed";
  const level = store.statsLevel(game);
  $("result").classList.toggle("lost", !won);
  $("result-title").textContent = t(won ? "solved" : "solutionShown");
  if (won) {
    const help = t(game.helped ? "withHelp" : "onYourOwn");
    $("result-detail").textContent = game.level ? t("resultLevel", levelName(game.level), formatTime(game.elapsed), help)
      : t("result", formatTime(game.elapsed), help);
    let stats = "";
    if (!game.recorded) {
      game.recorded = true;
      const { before, after } = store.recordSolved(level, game.elapsed, !game.helped);
      const best = !before.best || game.elapsed < before.best;
      stats = t(best ? "statsNewBest" : "statsBest", levelName(level), formatTime(after.total / after.solved),
        after.solved, after.played, after.clean, formatTime(after.best));
    }
    $("result-stats").textContent = stats;
    say(t("solvedIn", formatTime(game.elapsed)));
    if (prefs.celebrate) celebrate();
  } else {
    $("result-detail").textContent = t("shownDetail");
    $("result-stats").textContent = "";
    say(t("shownUndo"));
  }
  $("result").hidden = false;
  $("result-new").focus({ preventScroll: true });
}

function celebrate() {
  const b = $("board");
  b.classList.remove("celebrate");
  void b.offsetWidth; // restart the animation
  b.classList.add("celebrate");
  setTimeout(() => b.classList.remove("celebrate"), 2500);
}

function canPlay() {
  return game && !game.result && !paused && !replay;
}

const editable = () => [...sel].filter((i) => !game.puzzle[i]);

// enter applies a digit to the selected cells as the mode says: a digit
// placed (or taken out again, when every selected cell has it), a corner
// or centre mark toggled (added to all unless all have it), or a colour.
function enter(d, as = mode) {
  if (!canPlay()) return;
  const targets = as === "colour" ? [...sel] : editable();
  if (!targets.length) return;
  const ed = new Edits();
  if (as === "digit") {
    const all = targets.every((i) => game.values[i] === d);
    for (const i of targets) ed.place(i, all ? 0 : d);
  } else if (as === "colour") {
    const all = targets.every((i) => game.colour[i] === d);
    for (const i of targets) ed.set(i, { colour: all ? 0 : d });
  } else {
    const empty = targets.filter((i) => !game.values[i]);
    const bit = 1 << d;
    if (as === "centre" && game.auto) {
      // Live candidates: a centre mark strikes a candidate out or back.
      const all = empty.every((i) => game.elim[i] & bit);
      for (const i of empty) ed.set(i, { elim: all ? game.elim[i] & ~bit : game.elim[i] | bit });
    } else {
      const all = empty.every((i) => game[as][i] & bit);
      for (const i of empty) ed.set(i, { [as]: all ? game[as][i] & ~bit : game[as][i] | bit });
    }
  }
  ed.commit();
}

// erase clears the selected cells: their digits, or when they have none,
// the marks of the mode (every mark in digit mode), or their colour.
function erase() {
  if (!canPlay()) return;
  const ed = new Edits();
  const targets = mode === "colour" ? [...sel] : editable();
  const hasDigit = targets.some((i) => game.values[i]);
  for (const i of targets) {
    if (mode === "colour") ed.set(i, { colour: 0 });
    else if (hasDigit) ed.set(i, { v: 0 });
    else if (mode === "corner") ed.set(i, { corner: 0 });
    else if (mode === "centre") ed.set(i, game.auto ? { elim: 0 } : { centre: 0 });
    else ed.set(i, { corner: 0, centre: 0 });
  }
  ed.commit();
}

// pressDigit is a press on the keypad. In a mode of marks, a second press
// of the same digit right after the first takes its mark back and enters
// the digit itself, as on SudokuExchange.
let lastPress = { d: 0, at: 0, move: null };
function pressDigit(d) {
  const now = performance.now();
  const marks = mode === "corner" || mode === "centre";
  if (marks && d === lastPress.d && now - lastPress.at < 400 && lastPress.move && game.history.at(-1) === lastPress.move) {
    undo();
    enter(d, "digit");
    lastPress = { d: 0, at: 0, move: null };
    return;
  }
  const before = game.history.at(-1);
  enter(d);
  const move = game.history.at(-1);
  lastPress = { d, at: now, move: move !== before ? move : null };
}

// copied holds the marks copied with Ctrl+C, pasted with Ctrl+V.
let copied = null;

function copyMarks() {
  copied = { corner: game.corner[cursor], centre: game.centre[cursor] };
  say(t("marksCopied", cellName(cursor)));
}

function pasteMarks() {
  if (!copied || !canPlay()) return;
  const ed = new Edits();
  for (const i of editable()) if (!game.values[i]) ed.set(i, { corner: copied.corner, centre: copied.centre });
  ed.commit();
}

// marksToCentre turns the corner marks of the selected cells into centre
// marks, when a Snyder pair turns out to be a pair in its cells.
function marksToCentre() {
  if (!canPlay()) return;
  const ed = new Edits();
  for (const i of editable()) {
    if (!game.values[i] && game.corner[i]) ed.set(i, { centre: game.centre[i] | game.corner[i], corner: 0 });
  }
  ed.commit();
}

// clearMarks takes every corner and centre mark and every colour off the
// grid (and the candidates struck out), as one move.
function clearMarks() {
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
  if (sel.has(cursor) && sel.size > 1) sel.delete(cursor);
  else sel.add(cursor);
  render();
}

function selectAll() {
  sel = new Set(Array.from({ length: 81 }, (_, i) => i));
  render();
}

function setMode(m) {
  if (creating) return;
  mode = m;
  render();
}

// pressMode is a press on a mode button. Pressed twice in a row, Colour
// clears every colour and Centre turns the selected cells' corner marks
// into centre marks, as on SudokuExchange.
let lastMode = { m: "", at: 0 };
function pressMode(m) {
  const now = performance.now();
  const again = m === lastMode.m && m === mode && now - lastMode.at < 400;
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
  game.auto = !game.auto;
  save();
  render();
  say(t(game.auto ? "autoOn" : "autoOff"));
}

// ---- timer ----

function runTimer() {
  const now = performance.now();
  const dt = lastTick ? now - lastTick : 0;
  lastTick = now;
  if (game && !game.result && !paused && !replay && !creating && document.visibilityState === "visible") {
    game.elapsed += dt;
    setText($("timer"), formatTime(game.elapsed));
    if (++tick % 20 === 0) save();
  }
}

function setPaused(p) {
  if (game.result || replay || creating) p = false;
  paused = p;
  render();
  if (!p) cells[cursor].focus({ preventScroll: true });
  else $("resume").focus({ preventScroll: true });
}

// ---- games ----

// resume makes g the game on show. At start-up (quiet) the page neither
// saves what it just read nor takes the focus, which would lay the page out
// inside the first task.
function resume(g, quiet = false) {
  if (game && game !== g) save();
  game = g;
  mode = "digit";
  paused = false;
  closeReplay();
  clearHint();
  $("result").hidden = true;
  const first = game.values.indexOf(0);
  cursor = first < 0 ? 0 : first;
  sel = new Set([cursor]);
  if (!quiet) save();
  setHash();
  render();
  if (game.result) say(game.result === "solved" ? t("solvedInDone", formatTime(game.elapsed)) : t("shown"));
  if (!quiet) cells[cursor].focus({ preventScroll: true });
  if (!game.level && !game.rating) rateInBackground(game);
}

function start(puzzle, level = "", source = "", progress = null, quiet = false) {
  const g = blankGame(puzzle, level, source);
  if (progress) {
    Object.assign(g, {
      values: progress.values, corner: progress.corner, centre: progress.centre, colour: progress.colour,
      elapsed: progress.elapsed, auto: progress.auto,
    });
    if (g.auto) g.elim = g.values.map((v, i) => (v ? 0 : candidates(g.values, i) & ~g.centre[i]));
    if (g.auto) g.centre = Array(81).fill(0);
  }
  if (solved(g.values)) g.result = "solved";
  resume(g, quiet);
}

// rateInBackground finds the level of a puzzle that came without one
// (imported or shared), so that its statistics go under its level.
async function rateInBackground(g) {
  if (!has("rate") || !has("solve")) return;
  try {
    // Only a puzzle with one solution has a rating: ask the solver first,
    // which answers the others without a failed request.
    await solution();
    if (g !== game || !g.unique) return;
    const r = await call("rate", { puzzle: formatLine(g.puzzle) });
    g.rating = r;
    // A game played before its rating came counts under its level now.
    if (g.counted && !g.result) store.movePlayed(store.statsLevel(g), store.statsLevel({ level: r.level }));
    if (!g.result) g.level = r.level;
    if (g === game) {
      save();
      render();
    }
  } catch {
    // Several solutions or none: the puzzle stays unrated.
  }
}

function setHash() {
  history.replaceState(null, "", `#${progressLink({ puzzle: game.puzzle })}`);
}

// openLink opens the puzzle of a link: the progress it carries as a new
// game, or else the last game kept of that puzzle, or else a new game.
function openLink(link, quiet = false) {
  const line = formatLine(link.puzzle);
  if (link.values) return start(link.puzzle, "", "Shared", link, quiet);
  if (game && formatLine(game.puzzle) === line && !creating) return;
  const kept = store.listGames().find((s) => s.puzzle === line);
  const g = kept && store.loadGame(kept.id);
  if (g) resume(g, quiet);
  else start(link.puzzle, "", "Shared", null, quiet);
}

async function newGameFromServer() {
  if (creating) cancelCreate();
  const level = $("level").value;
  prefs.level = level;
  savePrefs();
  $("new").disabled = true;
  say(t("making", levelName(level)));
  try {
    const r = await call("generate", { level });
    start(parseLine(r.puzzle), r.level, "", null);
    game.rating = r.rating || null;
    save();
    say(r.rating ? t("newGameHardest", levelName(r.level), techName(r.rating.hardest)) : t("newGameMade", levelName(r.level)));
  } catch (e) {
    say(t("noNewGame", e.message), true);
  } finally {
    $("new").disabled = false;
  }
}

// whenText says when a game was last played: the time today, "yesterday",
// or the date.
function whenText(ms) {
  const d = new Date(ms);
  const days = Math.round((new Date().setHours(0, 0, 0, 0) - new Date(ms).setHours(0, 0, 0, 0)) / 864e5);
  if (days === 0) return t("today", d.toLocaleTimeString(i18n.lang, { hour: "2-digit", minute: "2-digit" }));
  if (days === 1) return t("yesterday");
  return d.toLocaleDateString(i18n.lang);
}

function showGames() {
  const list = $("games-list");
  const games = store.listGames();
  $("games-note").textContent = t("gamesNote", store.MAX_GAMES);
  list.replaceChildren(...games.map((s) => {
    const li = document.createElement("li");
    const when = whenText(s.updated);
    const state = t(s.result === "solved" ? "stateSolved" : s.result === "revealed" ? "stateShown" : "stateProgress");
    const text = document.createElement("span");
    text.className = "game-line";
    const name = s.level ? levelName(s.level) : sourceName(s.source) || levelName("");
    text.textContent = `${name} · ${s.filled}/81 · ${formatTime(s.elapsed)} · ${state} · ${when}`;
    const go = document.createElement("button");
    go.type = "button";
    const current = game && s.id === game.id && !creating;
    go.textContent = t(current ? "playing" : "resume");
    go.disabled = current;
    go.setAttribute("aria-describedby", `game-${s.id}`);
    text.id = `game-${s.id}`;
    go.addEventListener("click", () => {
      const g = store.loadGame(s.id);
      $("games-dialog").close();
      if (creating) cancelCreate();
      if (g) resume(g);
    });
    const del = document.createElement("button");
    del.type = "button";
    del.textContent = t("delete");
    del.disabled = current;
    del.setAttribute("aria-describedby", `game-${s.id}`);
    del.addEventListener("click", () => {
      store.deleteGame(s.id);
      showGames();
    });
    li.append(text, go, del);
    return li;
  }));
  if (!games.length) list.innerHTML = `<li>${t("noGames")}</li>`;
  if (!$("games-dialog").open) $("games-dialog").showModal();
}

function showStats() {
  const all = store.loadStats();
  const levels = [...store.LEVELS, "Other"].filter((l) => store.LEVELS.includes(l) || all[l]);
  $("stats-table").tBodies[0].replaceChildren(...levels.map((l) => {
    const s = all[l] || {};
    const tr = document.createElement("tr");
    const cellsOf = [levelName(l), s.played || 0, s.solved || 0, s.clean || 0, s.best ? formatTime(s.best) : "–", s.solved ? formatTime(s.total / s.solved) : "–"];
    cellsOf.forEach((v, k) => {
      const td = document.createElement(k ? "td" : "th");
      if (!k) td.scope = "row";
      td.textContent = String(v);
      tr.append(td);
    });
    return tr;
  }));
  if (!$("stats-dialog").open) $("stats-dialog").showModal();
}

// ---- the API ----

async function call(name, body) {
  const res = await fetch(`api/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* no JSON body */ }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

const has = (name) => api.endpoints.includes(name);

// solution gets the solution of the puzzle once and keeps it with the
// game: from the solver when the server has one, or else by playing out
// the logical path of "explain", whose last resort places digits of the
// solution.
async function solution() {
  if (game.solution) return game.solution;
  const puzzle = formatLine(game.puzzle);
  if (has("solve")) {
    const r = await call("solve", { puzzle });
    if (r.status === "none") throw new Error(t("noSolution"));
    game.solution = parseLine(r.solution);
    game.unique = r.status === "unique";
  } else if (has("explain")) {
    const r = await call("explain", { puzzle });
    const sol = game.puzzle.slice();
    for (const s of r.steps) for (const p of s.placements || []) sol[cellIndex(p.cell)] = p.digit;
    if (!solved(sol)) throw new Error(t("noWorkOut"));
    game.solution = sol;
    game.unique = true;
  } else {
    throw new Error(t("cannotSolve"));
  }
  save();
  return game.solution;
}

// markWrong marks the entries that differ from the solution, for the
// option that does so as you go.
async function markWrong() {
  if (!has("solve") && !has("explain")) return;
  const g = game;
  try {
    const sol = await solution();
    if (g !== game) return;
    g.helped = true;
    g.wrong = [];
    for (let i = 0; i < 81; i++) if (g.values[i] && !g.puzzle[i] && g.values[i] !== sol[i]) g.wrong.push(i);
    render();
  } catch {
    // no solution to compare with
  }
}

async function check() {
  if (!canPlay()) return;
  const bad = conflicts(game.values);
  if (!has("solve") && !has("explain")) {
    say(bad.size ? t("breakRules", bad.size) : t("noBreak"), bad.size > 0);
    return;
  }
  try {
    const sol = await solution();
    game.helped = true;
    game.wrong = [];
    for (let i = 0; i < 81; i++) {
      if (game.values[i] && !game.puzzle[i] && game.values[i] !== sol[i]) game.wrong.push(i);
    }
    const entries = game.values.filter((v, i) => v && !game.puzzle[i]).length;
    render();
    const note = game.unique === false ? t("checkedOne") : "";
    if (game.wrong.length) say(t("wrongEntries", game.wrong.length, entries, note), true);
    else say(entries ? t("allRight", entries, note) : t("noEntries"));
  } catch (e) {
    say(e.message, true);
  }
}

async function reveal() {
  if (!canPlay()) return;
  const targets = editable();
  if (!targets.length) return say(t("selectEmpty"));
  try {
    const sol = await solution();
    game.helped = true;
    const ed = new Edits();
    for (const i of targets) ed.place(i, sol[i]);
    ed.commit("reveal");
    if (targets.length === 1 && !game.result) say(t("cellIs", cellName(targets[0]), sol[targets[0]]));
  } catch (e) {
    say(e.message, true);
  }
}

async function solveAll() {
  if (!canPlay()) return;
  try {
    const sol = await solution();
    game.shown = true;
    const ed = new Edits();
    for (let i = 0; i < 81; i++) ed.set(i, { v: sol[i], corner: 0, centre: 0, elim: 0 });
    ed.commit("solve");
  } catch (e) {
    say(e.message, true);
  }
}

function restart() {
  if (replay || paused || (game.result && game.result !== "revealed")) return;
  const ed = new Edits();
  for (let i = 0; i < 81; i++) if (!game.puzzle[i]) ed.set(i, { v: 0, corner: 0, centre: 0, colour: 0, elim: 0 });
  if (ed.commit()) say(t("restarted"));
}

// ---- hints ----

// hintMarks gives the cells and candidates the hint on show points at.
function hintMarks() {
  const m = { pattern: new Set(), target: new Set(), elim: new Set(), keep: new Set() };
  if (!hint) return m;
  for (const c of hint.pattern) {
    m.pattern.add(c.cell);
    m.keep.add(c.cell * 10 + c.digit);
  }
  for (const p of hint.placements) m.target.add(p.cell);
  for (const e of hint.eliminations) m.elim.add(e.cell * 10 + e.digit);
  return m;
}

const candList = (list) => (list || []).map((c) => ({ cell: cellIndex(c.cell), digit: c.digit })).filter((c) => c.cell >= 0);

function clearHint() {
  if (!hint && $("hint-panel").hidden) return;
  hint = null;
  $("hint-panel").hidden = true;
  $("hint").textContent = t("hint");
}

// notesForHint is what the hint may start from: the candidates as shown,
// as a list of digits per cell, when there are any (the server uses them
// when every empty cell has some).
function notesForHint() {
  const notes = game.values.map((v, i) => (v ? 0 : game.auto ? candidates(game.values, i) & ~game.elim[i] : game.centre[i]));
  return notes.some(Boolean) ? notes.map(digitsOf) : null;
}

async function showHint() {
  if (!canPlay()) return;
  if (hint) return applyHint();
  if (!has("hint")) return say(t("noHintEndpoint"), true);
  if (conflicts(game.values).size) return say(t("clash"), true);
  const body = { puzzle: formatLine(game.puzzle), grid: formatLine(game.values) };
  const notes = notesForHint();
  if (notes) body.notes = notes;
  const g = game;
  try {
    // A puzzle with several solutions gets hints without the techniques
    // that assume one; the solver says which it is.
    if (has("solve")) await solution();
    if (g !== game) return;
    if (game.unique === false) body.any = true;
    const r = await call("hint", body);
    if (g !== game || !canPlay()) return;
    if (!r.step) {
      if (r.wrong) {
        game.wrong = r.wrong.map(cellIndex).filter((i) => i >= 0);
        game.helped = true;
        if (game.wrong.length) select(game.wrong[0]);
      }
      say(hintMessage(r), !!r.wrong);
      return;
    }
    const s = r.step;
    hint = {
      technique: s.technique,
      pattern: candList(s.pattern),
      placements: candList(s.placements),
      eliminations: candList(s.eliminations),
    };
    hint.about = new Set([...hint.pattern, ...hint.eliminations].map((c) => c.cell));
    $("hint-title").textContent = t("hintOf", techName(s.technique));
    $("hint-text").textContent = explanation(s);
    $("hint-step").textContent = stepText(s, techName(s.technique));
    $("hint-panel").hidden = false;
    $("hint").textContent = t("apply");
    say("");
    game.helped = true;
    render();
  } catch (e) {
    if (e.data && e.data.cells) {
      game.wrong = e.data.cells.map(cellIndex).filter((i) => i >= 0);
      render();
    }
    say(e.message, true);
  }
}

function applyHint() {
  if (!hint || !canPlay()) return;
  const h = hint;
  const ed = new Edits();
  for (const p of h.placements) ed.place(p.cell, p.digit);
  for (const e of h.eliminations) {
    const c = ed.get(e.cell);
    const bit = 1 << e.digit;
    if (game.auto) ed.set(e.cell, { elim: c.elim | bit });
    else {
      // Without centre marks in that cell, fill in its candidates first so
      // the elimination shows.
      const n = c.centre || (c.v ? 0 : candidates(game.values, e.cell));
      ed.set(e.cell, { centre: n & ~bit, corner: c.corner & ~bit });
    }
  }
  ed.commit();
  say(t("applied", techName(h.technique)));
}

// ---- creating a puzzle ----

function openCreate() {
  if (creating) return;
  if (replay) closeReplay();
  clearHint();
  save();
  creating = { prev: game, seq: 0, timer: 0 };
  game = blankGame(Array(81).fill(0), "", "Created");
  mode = "digit";
  paused = false;
  $("result").hidden = true;
  document.body.classList.add("creating");
  $("create-panel").hidden = false;
  $("create-rating").textContent = "";
  say("");
  select(0);
  checkCreation();
}

function closeCreate() {
  clearTimeout(creating.timer);
  creating = null;
  document.body.classList.remove("creating");
  $("create-panel").hidden = true;
}

function cancelCreate() {
  const prev = creating.prev;
  closeCreate();
  game = null;
  resume(prev);
}

function playCreated() {
  const puzzle = game.values.slice();
  const rating = creating.rating;
  closeCreate();
  start(puzzle, rating ? rating.level : "", "Created");
  game.rating = rating || null;
  save();
  render();
  say(t("goodLuck"));
}

// checkCreation says, as the givens are typed, whether the puzzle has one
// solution, several or none, and rates it when it has one. Answers that
// come after a newer change are dropped.
function checkCreation() {
  clearTimeout(creating.timer);
  const seq = ++creating.seq;
  const values = game.values.slice();
  const n = values.filter(Boolean).length;
  creating.rating = null;
  $("create-play").disabled = true;
  $("create-rating").textContent = "";
  const status = (text, kind) => {
    $("create-status").textContent = text;
    $("create-status").className = `create-status ${kind}`;
  };
  const bad = conflicts(values);
  if (bad.size) {
    const [i] = bad;
    const j = PEERS[i].find((k) => values[k] === values[i]);
    return status(t("createBreak", cellName(i), cellName(j), values[i]), "none");
  }
  if (n < 17) return status(t("createFew", givens(n)), "several");
  status(t("checking"), "");
  creating.timer = setTimeout(async () => {
    try {
      const r = await call("solve", { puzzle: formatLine(values) });
      if (!creating || seq !== creating.seq) return;
      if (r.status === "none") return status(t("createNone"), "none");
      if (r.status !== "unique") return status(t("createSeveral"), "several");
      status(t("createUnique", givens(n)), "unique");
      $("create-play").disabled = false;
      if (!has("rate")) return;
      const rating = await call("rate", { puzzle: formatLine(values) });
      if (!creating || seq !== creating.seq) return;
      creating.rating = rating;
      $("create-rating").textContent = t(rating.bruteForce ? "ratedGuess" : "rated", levelName(rating.level), rating.score, rating.er, techName(rating.hardest));
    } catch (e) {
      if (creating && seq === creating.seq) status(t("cannotCheck", e.message), "none");
    }
  }, 250);
}

// ---- the solver's replay ----

async function openReplay() {
  if (replay) return closeReplay();
  if (paused || creating) return;
  const source = replaySource();
  let frames;
  say("");
  try {
    const { explainFrames, traceFrames } = await import("./replay.js");
    const line = formatLine(game.puzzle);
    if (source === "logic") {
      // The path needs a puzzle with one solution; asking the solver first
      // says so plainly instead of failing the request.
      if (has("solve")) {
        await solution();
        if (game.unique === false) throw new Error(t("severalPaths"));
      }
      frames = await explainFrames(call, game.puzzle, line, { t, techName, explanation });
    } else {
      frames = await traceFrames(call, line, t);
    }
  } catch (e) {
    say(e.message, true);
    return;
  }
  clearHint();
  replay = { frames, pos: 0, timer: null, view: null };
  const log = $("replay-log");
  log.replaceChildren(...frames.map((f, k) => {
    const li = document.createElement("li");
    li.textContent = f.text;
    li.className = f.kind.replace(/ /g, "-");
    if (f.depth) li.style.paddingLeft = `${Math.min(f.depth, 20) * 0.6}em`;
    li.addEventListener("click", () => { stopReplay(); setReplay(k); });
    return li;
  }));
  $("replay-source").value = source;
  $("replay-summary").textContent = frames.summary || "";
  $("replay-pos").max = String(frames.length - 1);
  $("replay-panel").hidden = false;
  $("replay").setAttribute("aria-pressed", "true");
  document.body.classList.add("replaying");
  setReplay(frames.start || 0);
  $("replay-fwd").focus({ preventScroll: true });
}

// replaySource is "trace" for the classic solver's trace, which guesses
// and backtracks, or "logic" for the path a person would take.
function replaySource() {
  if (!has("trace")) return "logic";
  if (!has("explain")) return "trace";
  return prefs.replay === "trace" ? "trace" : "logic";
}

function setReplay(k) {
  if (!replay) return;
  const n = replay.frames.length;
  k = Math.max(0, Math.min(n - 1, k));
  replay.pos = k;
  const f = replay.frames[k];
  replay.view = f;
  $("replay-step").textContent = t("stepOf", k, n - 1, f.text);
  $("replay-explain").textContent = f.explanation || "";
  $("replay-pos").value = String(k);
  const log = $("replay-log");
  const items = log.children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === k);
  // Scroll the list, not the page, to the step.
  const li = items[k];
  if (li && li.offsetTop < log.scrollTop) log.scrollTop = li.offsetTop;
  else if (li && li.offsetTop + li.offsetHeight > log.scrollTop + log.clientHeight) log.scrollTop = li.offsetTop + li.offsetHeight - log.clientHeight;
  $("replay-back").disabled = $("replay-first").disabled = k === 0;
  $("replay-fwd").disabled = $("replay-last").disabled = k === n - 1;
  if (k === n - 1) stopReplay();
  render();
}

function playReplay() {
  if (!replay) return;
  if (replay.timer) return stopReplay();
  if (replay.pos === replay.frames.length - 1) setReplay(0);
  replay.timer = setInterval(() => setReplay(replay.pos + 1), 350);
  $("replay-play").textContent = t("pause");
}

function stopReplay() {
  if (replay && replay.timer) clearInterval(replay.timer);
  if (replay) replay.timer = null;
  $("replay-play").textContent = t("play");
}

function closeReplay() {
  if (!replay) return;
  stopReplay();
  replay = null;
  $("replay-panel").hidden = true;
  $("replay").setAttribute("aria-pressed", "false");
  document.body.classList.remove("replaying");
  if (game) render();
}

// ---- sharing, import, theme, fullscreen ----

const shareLink = (withProgress) => `${location.origin}${location.pathname}#${progressLink({ ...game, withProgress, short: prefs.short })}`;

// showQR shows the link to the puzzle, or with the progress, as a QR code
// for a phone's camera. A phone can follow it only to a server it reaches,
// which a server listening on loopback is not.
async function showQR(withProgress) {
  const { encode, svg } = await import("./qr.js");
  const link = shareLink(withProgress);
  const code = encode(link);
  const box = $("qr-code");
  box.replaceChildren(code ? svg(code) : "");
  box.dataset.size = code ? code.size : 0;
  $("qr-link").textContent = code ? link : t("qrTooLong");
  $("qr-progress").setAttribute("aria-pressed", String(withProgress));
  const local = /^(localhost|127\.|\[::1\])/.test(location.hostname);
  $("qr-note").textContent = t(local ? "qrLocal" : "qrPoint");
  if (!$("qr-dialog").open) $("qr-dialog").showModal();
}

async function share(withProgress) {
  const link = shareLink(withProgress);
  // On a phone, the system's share sheet: mail, messages and the rest.
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title: "Sudoku", url: link });
      return;
    } catch (e) {
      if (e.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    say(t(withProgress ? "copiedProgress" : "copiedStart"));
  } catch {
    say(t("shareThis", link));
  }
}

// importPuzzle reads pasted text, through the server when it can so that
// every format works, and locally for a plain 81-cell line otherwise.
async function importPuzzle(text) {
  if (has("parse")) {
    const r = await call("parse", { puzzle: text });
    if (!r.ok) throw new Error(r.error);
    return parseLine(r.puzzle);
  }
  const line = text.replace(/\s+/g, "").replace(/[0_*-]/g, ".");
  const p = parseLine(line);
  if (!p) throw new Error(t("need81"));
  if (conflicts(p).size) throw new Error(t("givensBreak"));
  return p;
}

function applyTheme() {
  const th = prefs.theme;
  if (th === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.dataset.theme = th;
  $("theme").textContent = t("theme", t(`theme.${th}`));
}

function applyPrefs() {
  document.querySelector(".board-frame").classList.toggle("with-labels", prefs.labels);
  document.body.classList.toggle("no-timer", !prefs.timer);
  $("board").classList.toggle("hide-marks", !prefs.marks);
  $("keypad").classList.toggle("flip", prefs.flip);
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  else document.documentElement.requestFullscreen().catch(() => say(t("noFullscreen"), true));
}

// ---- the digit ring ----

// showRing opens, with the option on, a small keypad beside a cell clicked
// with the mouse (as Super Sudoku's circle menu), so that the hand need not
// travel to the keypad; a digit from it goes in as the keypad's would.
function showRing(e) {
  const i = cellOf(e.target);
  if (!prefs.ring || e.pointerType !== "mouse" || i < 0 || sel.size !== 1 || game.puzzle[i] || !canPlay() || creating) return hideRing();
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

// ---- keys ----

// moveCursor moves the cursor a cell (d: -1, 1, -9 or 9), wrapping round
// within the row or the column; with extend the selection keeps its cells.
function moveCursor(d, extend) {
  let i = cursor;
  if (d === 1) i = row(cursor) * 9 + ((col(cursor) + 1) % 9);
  else if (d === -1) i = row(cursor) * 9 + ((col(cursor) + 8) % 9);
  else i = (cursor + d + 81) % 81;
  select(i, extend);
}

function onKey(e) {
  const t = e.target;
  if (t.closest && (t.closest("dialog") || t.closest("[popover]") || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  if (!game) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  const wasd = { w: -9, s: 9, a: -1, d: 1 };
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  if (!$("ring").hidden) {
    hideRing();
    if (e.key === "Escape") return; // closes the digits and no more
  }
  if (replay) return replayKey(e, t);
  if (mod && !e.altKey) {
    if (key === "z") {
      e.preventDefault();
      (e.shiftKey ? redo : undo)();
    } else if (key === "y") {
      e.preventDefault();
      redo();
    } else if (digit && digit[1] !== "0" && !creating) {
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
    } else if (key === "c" && !creating && !getSelection().toString()) {
      copyMarks();
    } else if (key === "v" && !creating) {
      e.preventDefault();
      pasteMarks();
    }
    return;
  }
  if (e.altKey) return;
  if (e.key in moves || (prefs.wasd && key in wasd)) {
    e.preventDefault();
    moveCursor(e.key in moves ? moves[e.key] : wasd[key], e.shiftKey);
  } else if (e.key === " " && e.shiftKey) {
    e.preventDefault();
    toggleCursor();
  } else if (digit && digit[1] !== "0") {
    e.preventDefault();
    enter(Number(digit[1]), e.shiftKey && !creating ? "corner" : mode);
  } else if (/^[1-9]$/.test(e.key)) {
    e.preventDefault();
    enter(Number(e.key));
  } else if (e.key === "Backspace" || e.key === "Delete" || (digit && digit[1] === "0")) {
    e.preventDefault();
    erase();
  } else if (e.key === "[" || e.key === "]") {
    (e.key === "[" ? undo : redo)();
  } else if (e.key === "Home") {
    e.preventDefault();
    select(40);
  } else if (e.key === "Escape") {
    // Step by step: the hint goes, then the selection shrinks to one
    // cell, then the game pauses (as on Super Sudoku) and resumes.
    if (hint) clearHint();
    else if (sel.size === 1 && !creating && (paused || canPlay())) return setPaused(!paused);
    sel = new Set([cursor]);
    render();
  } else if (e.key === "F1") {
    e.preventDefault();
    $("keys-dialog").showModal();
  } else if (creating) {
    return;
  } else if (key === "z" || key === "x" || key === "c" || key === "v") {
    setMode({ z: "digit", x: "corner", c: "centre", v: "colour" }[key]);
  } else if (key === "n" || (e.key === " " && t.tagName !== "BUTTON")) {
    e.preventDefault();
    setMode(mode === "centre" ? "digit" : "centre");
  } else if (key === "q" || (key === "a" && !prefs.wasd)) {
    toggleAuto();
  } else if (key === "h" || e.key === "?") {
    showHint();
  } else if (key === "p") {
    setPaused(!paused);
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

// While the replay runs, the keys drive it and leave the game alone.
function replayKey(e, t) {
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
  if (e.key in steps) {
    e.preventDefault();
    stopReplay();
    setReplay(replay.pos + steps[e.key]);
  } else if (e.key === "Home" || e.key === "End") {
    e.preventDefault();
    setReplay(e.key === "Home" ? 0 : replay.frames.length - 1);
  } else if (e.key === " " && t.tagName !== "BUTTON") {
    e.preventDefault();
    playReplay();
  } else if (e.key === "Escape") {
    closeReplay();
  }
}

// ---- wiring ----

// closeMenu hides the menu once one of its buttons did its work; on a wide
// screen the menu is part of the header and stays.
function closeMenu() {
  const m = $("menu");
  if (m.matches(":popover-open")) m.hidePopover();
}

function wire() {
  document.addEventListener("keydown", onKey);
  // Until the first game is open, the buttons have nothing to act on.
  const click = (el, fn) => el.addEventListener("click", (e) => { if (game) fn(e); });
  for (const b of $("keypad").children) click(b, () => pressDigit(Number(b.dataset.digit)));
  for (const m of MODES) click($(`mode-${m}`), () => pressMode(m));
  for (const b of $("ring").children) {
    click(b, () => {
      hideRing();
      pressDigit(Number(b.dataset.digit));
      cells[cursor].focus({ preventScroll: true });
    });
  }
  $("board").addEventListener("click", (e) => { if (game) showRing(e); });
  document.addEventListener("pointerdown", (e) => { if (!e.target.closest("#ring, .cell")) hideRing(); });
  const on = (id, fn) => click($(id), fn);
  on("auto", toggleAuto);
  on("erase", erase);
  on("undo", undo);
  on("redo", redo);
  on("hint", showHint);
  on("hint-apply", applyHint);
  on("hint-close", () => { clearHint(); render(); });
  on("check", check);
  on("reveal", reveal);
  on("solve", solveAll);
  on("restart", restart);
  on("replay", openReplay);
  on("replay-close", closeReplay);
  on("replay-first", () => { stopReplay(); setReplay(0); });
  on("replay-back", () => { stopReplay(); setReplay(replay.pos - 1); });
  on("replay-fwd", () => { stopReplay(); setReplay(replay.pos + 1); });
  on("replay-last", () => { stopReplay(); setReplay(replay.frames.length - 1); });
  on("replay-play", playReplay);
  $("replay-pos").addEventListener("input", () => { stopReplay(); setReplay(Number($("replay-pos").value)); });
  $("replay-source").addEventListener("change", async () => {
    prefs.replay = $("replay-source").value;
    savePrefs();
    closeReplay();
    await openReplay();
  });
  on("pause", () => setPaused(!paused));
  on("resume", () => setPaused(false));
  on("new", newGameFromServer);
  on("result-new", newGameFromServer);
  on("result-close", () => {
    $("result").hidden = true;
    cells[cursor].focus({ preventScroll: true });
  });
  on("games", showGames);
  on("create", () => { closeMenu(); openCreate(); });
  on("create-play", playCreated);
  on("create-clear", () => {
    const ed = new Edits();
    for (let i = 0; i < 81; i++) ed.set(i, { v: 0 });
    ed.commit();
  });
  on("create-cancel", cancelCreate);
  on("stats", () => { closeMenu(); showStats(); });
  on("clear-marks", () => { closeMenu(); clearMarks(); });
  on("stats-reset", () => {
    if (window.confirm(t("resetConfirm"))) {
      store.resetStats();
      showStats();
    }
  });
  on("settings", () => { closeMenu(); $("settings-dialog").showModal(); });
  on("keys", () => { closeMenu(); $("keys-dialog").showModal(); });
  on("print", () => { closeMenu(); window.print(); });
  on("picture", async () => {
    closeMenu();
    const { savePicture } = await import("./picture.js");
    await savePicture($("board"));
    say(t("pictureSaved"));
  });
  on("fullscreen", () => { closeMenu(); toggleFullscreen(); });
  $("fullscreen").hidden = !document.fullscreenEnabled;
  document.addEventListener("fullscreenchange", () => $("fullscreen").setAttribute("aria-pressed", String(!!document.fullscreenElement)));
  on("theme", () => {
    prefs.theme = { auto: "light", light: "dark", dark: "auto" }[prefs.theme] || "auto";
    savePrefs();
    applyTheme();
  });
  on("share", () => { closeMenu(); share(false); });
  on("share-progress", () => { closeMenu(); share(true); });
  on("qr", () => { closeMenu(); showQR(false); });
  on("qr-progress", () => showQR($("qr-progress").getAttribute("aria-pressed") !== "true"));
  for (const d of document.querySelectorAll("dialog")) {
    for (const b of d.querySelectorAll("[data-close]")) b.addEventListener("click", () => d.close());
  }
  on("import", () => {
    closeMenu();
    $("import-error").textContent = "";
    $("import-dialog").showModal();
    $("import-text").focus();
  });
  $("import-form").addEventListener("submit", async (e) => {
    if (e.submitter && e.submitter.value === "cancel") return;
    e.preventDefault();
    try {
      const p = await importPuzzle($("import-text").value);
      $("import-dialog").close();
      if (creating) closeCreate();
      start(p, "", "Imported");
      say(t("imported"));
    } catch (err) {
      $("import-error").textContent = err.message;
    }
  });
  const options = {
    "opt-conflicts": "conflicts", "opt-same": "same", "opt-autoremove": "autoremove", "opt-wrong": "wrong",
    "opt-labels": "labels", "opt-grid": "grid", "opt-timer": "timer", "opt-celebrate": "celebrate",
    "opt-marks": "marks", "opt-flip": "flip", "opt-wasd": "wasd", "opt-short": "short", "opt-ring": "ring",
  };
  for (const [id, key] of Object.entries(options)) {
    const input = $(id);
    input.checked = prefs[key];
    input.addEventListener("change", () => {
      prefs[key] = input.checked;
      savePrefs();
      applyPrefs();
      if (key === "wrong" && prefs.wrong && canPlay()) markWrong();
      if (key === "wrong" && !prefs.wrong) game.wrong = null;
      render();
    });
  }
  $("level").value = prefs.level;
  $("opt-lang").value = prefs.lang in i18n.LANGS ? prefs.lang : "";
  $("opt-lang").addEventListener("change", () => {
    prefs.lang = $("opt-lang").value;
    savePrefs();
    setLanguage(prefs.lang);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  window.addEventListener("pagehide", save);
  window.addEventListener("hashchange", () => {
    const link = readLink(location.hash);
    if (link) {
      if (creating) closeCreate();
      openLink(link);
    }
  });
}

async function discover() {
  try {
    api = await call("info", {});
  } catch {
    api = { endpoints: [] };
  }
  $("hint").hidden = !has("hint");
  const solves = has("solve") || has("explain");
  $("reveal").hidden = !solves;
  $("solve").hidden = !solves;
  $("replay").hidden = !has("explain") && !has("trace");
  for (const o of $("replay-source").options) o.disabled = !has(o.value === "trace" ? "trace" : "explain");
  $("new").disabled = !has("generate");
  $("create").hidden = !has("solve");
  if (game && !game.level && !game.rating) rateInBackground(game);
}

// init sets the theme at once, then builds the board and opens the game
// each in a task of its own, so that no task at load is long: the module's
// own task ends with the load event, whose style and layout would
// otherwise take in the new board (Lighthouse, 8x CPU throttling: that task
// took about 200 ms).
// The page is written in English; in another language it stays hidden
// until its words are in, so that it neither shows English first nor
// shifts as the words change.
// The page's inline script chose the language before the first paint.
const startLang = document.documentElement.dataset.lang in i18n.LANGS ? document.documentElement.dataset.lang : i18n.choose(prefs.lang);
const startWords = startLang === "en" ? null : i18n.load(startLang).catch(() => null);
if (startWords) document.documentElement.classList.add("i18n-wait");

function init() {
  applyTheme();
  setTimeout(async () => {
    if (startWords) {
      const words = await startWords;
      if (words) {
        i18n.use(startLang, words);
        i18n.translate();
        applyTheme();
      }
      document.documentElement.classList.remove("i18n-wait");
      // The page is laid out and drawn for the first time now: the board
      // is built in a task of its own, so that neither is long.
      await new Promise((resolve) => setTimeout(resolve));
    }
    applyPrefs();
    buildBoard();
    wire();
    setTimeout(openFirst);
  });
}

function openFirst() {
  const link = readLink(location.hash);
  const old = store.takeOldGame();
  if (old) store.saveGame(old);
  const currentId = store.loadCurrent();
  const kept = (currentId && store.loadGame(currentId)) || (store.listGames()[0] && store.loadGame(store.listGames()[0].id));
  if (link && !(kept && !link.values && formatLine(kept.puzzle) === formatLine(link.puzzle))) openLink(link, true);
  else if (kept) resume(kept, true);
  else start(parseLine(FIRST), "Easy", "", null, true);
  setInterval(runTimer, 250);
  discover();
  setTimeout(() => {
    namesLater = false;
    render();
    document.body.dataset.ready = "true";
  });
}

init();
