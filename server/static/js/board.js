// The board: its cells, built once, and the drawing of the game on show
// (or the replay's frame) into them and into the controls. render draws
// everything from the state, and touches only what changed, as it runs
// after every move.
import { row, col, box, cellName, digitsOf, conflicts, candidates, formatTime } from "./sudoku.js";
import { t, levelName, gameSource, givens } from "./i18n.js";
import { $, S, MODES, prefs } from "./state.js";
import { hintMarks } from "./hints.js";
import { candClass, drawLinks, buildLinks, pictured } from "./draw.js";
import { filtered } from "./filter.js";

// cells are the cells' elements, 0 to 80.
export const cells = [];
let linksSvg = null; // the SVG over the board that a step's links are drawn on
const parts = []; // per cell: {value, about, cand, corner}, the marks made when first needed
// The cells' names are hidden text, laid out like any other: at load they
// are written in a task of their own, after the first game is drawn
// (Lighthouse mobile, 8x CPU throttling: the task that drew the game took
// about 200 ms with them, the longest at load).
let namesLater = true;

// showNames writes the cells' names from now on.
export function showNames() {
  namesLater = false;
  render();
}

export function buildBoard() {
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
  linksSvg = buildLinks(board.parentElement);
}

export const cellOf = (el) => {
  const c = el && el.closest && el.closest(".cell");
  return c ? Number(c.dataset.cell) : -1;
};

// select moves the cursor to i; with extend the selection keeps its cells,
// otherwise it becomes i alone.
export function select(i, extend = false) {
  S.cursor = ((i % 81) + 81) % 81;
  if (extend) S.sel.add(S.cursor);
  else S.sel = new Set([S.cursor]);
  // The focus first: it makes the browser lay out what changed before, and
  // the drawing after it is laid out once, in the next frame.
  cells[S.cursor].focus({ preventScroll: true });
  render();
}

// shownCentre is the centre layer of a cell as drawn: the live candidates
// less those struck out, or the player's centre marks; while a hint is on
// show, a cell it is about that has no marks shows its candidates.
function shownCentre(i) {
  if (S.game.values[i]) return 0;
  if (S.game.auto) return candidates(S.game.values, i) & ~S.game.elim[i];
  if (S.game.centre[i] || S.game.corner[i]) return S.game.centre[i];
  if (S.hint && S.hint.about.has(i)) return candidates(S.game.values, i);
  return 0;
}

export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setClass(el, cls) {
  if (el.className !== cls) el.className = cls;
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
    setClass(spans[d - 1], on ? markOf(d) : "");
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
    setClass(spans[k], d ? `p${k} ${markOf(d)}` : "");
  }
}

export function render() {
  if (!S.game) return;
  const rp = S.replay && S.replay.view;
  const bad = !rp && prefs.conflicts ? conflicts(S.game.values) : new Set();
  const wrong = new Set(rp ? [] : S.game.wrong || []);
  // The digit of the selected cell, whose likes are highlighted; none when
  // nothing is selected (Esc).
  const curV = S.sel.size ? S.game.values[S.cursor] : 0;
  const one = S.sel.size === 1;
  const marks = rp || hintMarks();
  const drawn = pictured(marks);
  const finished = !!S.game.result;
  for (let i = 0; i < 81; i++) {
    const el = cells[i];
    const v = rp ? rp.values[i] : S.game.values[i];
    const given = S.game.puzzle[i] !== 0;
    const markOf = (d) => candClass(marks, i, d)
      || (!rp && ((prefs.same && curV === d) || (S.filter && S.filter.digit === d)) ? "same-note" : "");
    setText(parts[i].value, v ? String(v) : "");
    const centre = rp ? (v ? 0 : rp.cand[i]) : shownCentre(i);
    // Candidates in their places of a 3x3 grid: always in a replay, with
    // live candidates, and where a step's picture is drawn on them.
    const grid = !!rp || S.game.auto || prefs.grid || (!S.game.centre[i] && centre !== 0) || drawn;
    drawCand(i, centre, grid, markOf);
    // Live candidates fill the cell's grid, where corner marks would
    // stand among them: the marks are kept but not drawn meanwhile.
    const corner = rp || v || S.game.auto ? 0 : S.game.corner[i];
    drawCorner(i, corner, markOf);
    // A hint's pattern and a replay have colours of their own: the
    // player's are put aside meanwhile.
    const colour = rp || S.hint ? 0 : S.game.colour[i];
    // The classes are written as one string, and only when they change.
    const selected = !rp && S.sel.has(i);
    const flags = [
      given && "given", selected && "sel", !rp && i === S.cursor && S.sel.size > 1 && "cursor",
      !rp && one && i !== S.cursor && (row(i) === row(S.cursor) || col(i) === col(S.cursor) || box(i) === box(S.cursor)) && "unit",
      !rp && prefs.same && !!curV && v === curV && i !== S.cursor && "same",
      bad.has(i) && "conflict", wrong.has(i) && "wrong", marks.pattern.has(i) && "pattern",
      marks.base.has(i) && "fish-base", marks.cover.has(i) && "fish-cover",
      !rp && marks.target.has(i) && "target", !!rp && rp.cell === i && "replay-new",
      !!rp && rp.guesses.has(i) && "replay-guess", !!rp && rp.dead === i && "replay-dead",
      colour > 0 && `k${colour}`, !rp && filtered(i) && "filter",
    ];
    const cls = `cell r${row(i)} c${col(i)} ${flags.filter(Boolean).join(" ")}`.trim();
    setClass(el, cls);
    // Setting tabIndex, even to the same value, makes the browser lay the
    // page out at once to see what can take the focus: only a change is
    // written.
    const tab = i === S.cursor ? 0 : -1;
    if (el.tabIndex !== tab) el.tabIndex = tab;
    setAttr(el, "aria-selected", String(selected));
    if (given !== el.hasAttribute("aria-readonly")) {
      if (given) el.setAttribute("aria-readonly", "true");
      else el.removeAttribute("aria-readonly");
    }
    let about = `${cellName(i)}, ${v ? (given ? `${v}, ${t("cellGiven")}` : v) : t("cellEmpty")}`;
    if (corner) about += `, ${t("cellCorner")} ${digitsOf(corner).join(" ")}`;
    if (centre) about += `, ${t(S.game.auto || rp ? "cellCandidates" : "cellCentre")} ${digitsOf(centre).join(" ")}`;
    if (colour) about += `, ${t(`colour.${colour}`)}`;
    if (bad.has(i)) about += `, ${t("cellConflict")}`;
    if (wrong.has(i)) about += `, ${t("cellWrong")}`;
    if (!namesLater) setText(parts[i].about, about);
  }
  // A chain's links, drawn where the cells are.
  const links = marks.links;
  const wrap = linksSvg.parentElement;
  const origin = links.length ? wrap.getBoundingClientRect() : null;
  drawLinks(linksSvg, links, origin && { w: origin.width, h: origin.height }, (c) => {
    const r = marksBox(c.cell, "cand").children[c.digit - 1].getBoundingClientRect();
    return [r.left + r.width / 2 - origin.left, r.top + r.height / 2 - origin.top];
  });
  renderControls(finished);
}

function renderControls(finished) {
  const count = Array(10).fill(0);
  for (const v of S.game.values) count[v]++;
  const colouring = S.mode === "colour" && !S.creating;
  const play = !finished && !S.paused && !S.replay;
  for (const b of $("keypad").children) {
    const d = Number(b.dataset.digit);
    const left = 9 - count[d];
    b.classList.toggle("done", !colouring && left <= 0);
    b.classList.toggle("swatch", colouring);
    b.classList.toggle(`k${d}`, colouring);
    b.classList.toggle("filtered", !colouring && !!S.filter && S.filter.digit === d);
    // The name reads "4, 3 left": the count follows the digit after a
    // hidden comma, so that the name holds what is seen.
    const small = colouring ? t(`colour.${d}`) : S.creating ? "" : left > 0 ? `${left}<span class="visually-hidden"> ${t("left")}</span>` : `✓<span class="visually-hidden"> ${t("allPlaced")}</span>`;
    if (b.dataset.small !== small) {
      b.dataset.small = small;
      b.querySelector("small").innerHTML = `<span class="visually-hidden">, </span>${small}`;
    }
    b.disabled = !play;
  }
  for (const m of MODES) {
    const b = $(`mode-${m}`);
    setAttr(b, "aria-pressed", String(S.mode === m));
    b.disabled = !play;
  }
  setAttr($("auto"), "aria-pressed", String(!!S.game.auto));
  setAttr($("filter"), "aria-pressed", String(S.filtering));
  setAttr($("pairs"), "aria-pressed", String(!!(S.filter && S.filter.pairs)));
  // A finished grid has no candidates left to filter.
  $("filter").disabled = $("pairs").disabled = !!S.replay || S.paused || !!S.creating || !!finished;
  $("auto").disabled = !play;
  const shownOnly = S.game.result === "revealed";
  $("undo").disabled = S.game.history.length === 0 || S.game.result === "solved" || !!S.replay || S.paused;
  $("redo").disabled = S.game.future.length === 0 || !!S.replay || S.paused;
  for (const id of ["erase", "hint", "check", "reveal", "solve"]) $(id).disabled = !play;
  $("restart").disabled = (!!finished && !shownOnly) || !!S.replay || S.paused;
  $("replay").disabled = S.paused;
  $("board").classList.toggle("paused", S.paused);
  $("board").classList.toggle("finished", finished);
  setAttr($("board"), "aria-readonly", String(finished));
  if ($("paused").hidden === S.paused) $("paused").hidden = !S.paused;
  const filled = S.game.values.filter(Boolean).length;
  setText($("info"), S.creating ? t("creating", givens(filled))
    : [levelName(S.game.level), gameSource(S.game), t("filled", filled), S.api.offline ? t("offline") : ""].filter(Boolean).join(" · "));
  setText($("timer"), formatTime(S.game.elapsed));
  setText($("pause"), t(S.paused ? "resume" : "pause"));
  setAttr($("pause"), "aria-pressed", String(S.paused));
  $("pause").disabled = finished || !!S.replay || !!S.creating;
}

// applyPrefs shows the settings that change how the board and the keypad look.
export function applyPrefs() {
  document.querySelector(".board-frame").classList.toggle("with-labels", prefs.labels);
  document.body.classList.toggle("no-timer", !prefs.timer);
  $("board").classList.toggle("hide-marks", !prefs.marks);
  $("keypad").classList.toggle("flip", prefs.flip);
}
