// The variant game's play: the values and marks of each cell, undo and
// redo, the selection, and the digits drawn over the board (draw.js). It
// knows nothing of the page's buttons: app.js wires them.
import { el, U } from "./draw.js";
import { t } from "../i18n.js";

// valueName is how a value is written: 10 and above as numbers, as
// f-puzzles and SudokuPad show them.
export const valueName = (v) => String(v);

// MOVES is the most moves of undo, and of redo, a saved game keeps: a
// move of one cell takes about 80 bytes, and the page keeps 20 games.
const MOVES = 300;

// A Game is one puzzle being played.
export class Game {
  constructor(model, saved) {
    const n = model.size;
    this.m = model;
    this.n = n;
    this.lo = (model.offset || 0) + 1; // the smallest value
    this.hi = this.lo + n - 1;
    this.given = model.givens.map((v) => (v === 0 ? null : v));
    this.corner = Array.from({ length: n * n }, () => new Set());
    this.centre = Array.from({ length: n * n }, () => new Set());
    this.colour = Array(n * n).fill(0); // 1 to 9, the classic game's colours; 0 none
    for (const s of model.shapes) {
      if (s.kind !== "candidates" || s.cosmetic) continue;
      // One candidate given is a given: so a grid from 0 gives its 0s
      // (the model's givens say 0 for an empty cell).
      if (s.values.length === 1) this.given[s.cells[0]] = s.values[0];
      else for (const v of s.values) this.centre[s.cells[0]].add(v);
    }
    this.values = this.given.slice();
    this.sel = new Set();
    this.cursor = 0;
    this.undos = [];
    this.redos = [];
    this.wrong = new Set();
    this.hint = null; // the step on show (hint.js)
    this.elapsed = 0;
    this.done = false;
    if (saved) this.restore(saved);
  }

  // snapshot is the state a save keeps and a move replaces.
  cellState(i) {
    return { v: this.values[i], k: [...this.corner[i]], c: [...this.centre[i]], o: this.colour[i] };
  }

  setCellState(i, s) {
    this.colour[i] = s.o;
    if (this.given[i] !== null) return;
    this.values[i] = s.v;
    this.corner[i] = new Set(s.k);
    this.centre[i] = new Set(s.c);
  }

  // apply changes the selected cells (mode "value", "corner", "centre",
  // "colour" or "erase") as one move, which undo takes back. It says
  // whether anything changed. Givens take colours alone.
  apply(mode, v) {
    const cells = [...this.sel].filter((i) => this.given[i] === null || mode === "colour");
    if (!cells.length || this.done) return false;
    const before = cells.map((i) => this.cellState(i));
    if (mode === "value") {
      // A value set again on every selected cell clears it, as in the
      // classic game.
      const all = cells.every((i) => this.values[i] === v);
      for (const i of cells) this.values[i] = all ? null : v;
    } else if (mode === "corner" || mode === "centre") {
      const sets = mode === "corner" ? this.corner : this.centre;
      const open = cells.filter((i) => this.values[i] === null);
      const all = open.every((i) => sets[i].has(v));
      for (const i of open) {
        if (all) sets[i].delete(v); else sets[i].add(v);
      }
    } else if (mode === "colour") {
      const all = cells.every((i) => this.colour[i] === v);
      for (const i of cells) this.colour[i] = all ? 0 : v;
    } else {
      for (const i of cells) {
        if (this.given[i] !== null) this.colour[i] = 0;
        else if (this.values[i] !== null) this.values[i] = null;
        else if (this.corner[i].size || this.centre[i].size) { this.corner[i].clear(); this.centre[i].clear(); }
        else this.colour[i] = 0;
      }
    }
    const after = cells.map((i) => this.cellState(i));
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    this.undos.push({ cells, before, after });
    this.redos = [];
    if (mode !== "colour") for (const i of cells) this.wrong.delete(i);
    return true;
  }

  // reset puts every cell back as the puzzle gives it (values, marks and
  // colours off, the puzzle's own candidates back) as one move, which undo
  // takes back, as the classic game's Restart is. It says whether
  // anything changed.
  reset() {
    if (this.done) return false;
    const fresh = new Game(this.m), cells = [];
    for (let i = 0; i < this.n * this.n; i++) {
      if (JSON.stringify(this.cellState(i)) !== JSON.stringify(fresh.cellState(i))) cells.push(i);
    }
    if (!cells.length) return false;
    const before = cells.map((i) => this.cellState(i)), after = cells.map((i) => fresh.cellState(i));
    cells.forEach((i, k) => this.setCellState(i, after[k]));
    this.undos.push({ cells, before, after });
    this.redos = [];
    this.wrong.clear();
    return true;
  }

  undo() { return this.step(this.undos, this.redos, "before"); }
  redo() { return this.step(this.redos, this.undos, "after"); }

  step(from, to, which) {
    const mv = from.pop();
    if (!mv || this.done) return false;
    mv.cells.forEach((i, k) => {
      const v = this.values[i];
      this.setCellState(i, mv[which][k]);
      // As for a move: a cell whose value changes is no longer Check's
      // wrong one (undoing a wrong value left its empty cell shaded).
      if (this.values[i] !== v) this.wrong.delete(i);
    });
    to.push(mv);
    return true;
  }

  // conflicts returns the cells whose value repeats in a row, a column
  // or a region.
  conflicts() {
    const n = this.n, out = new Set(), reg = this.m.regions;
    const groups = new Map();
    const add = (key, i) => {
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(i);
    };
    for (let i = 0; i < n * n; i++) {
      const v = this.values[i];
      if (v === null) continue;
      add(`r${Math.floor(i / n)}:${v}`, i);
      add(`c${i % n}:${v}`, i);
      if (reg[i] >= 0) add(`g${reg[i]}:${v}`, i);
    }
    for (const cs of groups.values()) if (cs.length > 1) cs.forEach((i) => out.add(i));
    return out;
  }

  full() { return this.values.every((v) => v !== null); }

  // save is the game as local storage keeps it, with the last MOVES
  // moves of undo and redo, so that a reload can take them back as the
  // classic game's can.
  save() {
    return {
      values: this.values.map((v, i) => (this.given[i] === null ? v : null)),
      corner: this.corner.map((s) => [...s]),
      centre: this.centre.map((s) => [...s]),
      colour: this.colour.slice(),
      elapsed: this.elapsed,
      done: this.done,
      undos: this.undos.slice(-MOVES),
      redos: this.redos.slice(-MOVES),
    };
  }

  restore(s) {
    const n2 = this.n * this.n;
    if (!Array.isArray(s.values) || s.values.length !== n2) return;
    for (let i = 0; i < n2; i++) {
      const st = this.clean({ v: s.values[i], k: s.corner && s.corner[i], c: s.centre && s.centre[i], o: s.colour && s.colour[i] });
      this.colour[i] = st.o;
      if (this.given[i] !== null) continue;
      this.values[i] = st.v;
      this.corner[i] = new Set(st.k);
      this.centre[i] = new Set(st.c);
    }
    this.elapsed = Number(s.elapsed) || 0;
    this.done = !!s.done;
    this.undos = this.moves(s.undos);
    this.redos = this.moves(s.redos);
  }

  // clean is a saved cell state (cellState's) with what is out of range
  // dropped: a value or a mark not of the grid, a colour not of the nine.
  clean(s) {
    const ok = (v) => Number.isInteger(v) && v >= this.lo && v <= this.hi;
    const marks = (a) => (Array.isArray(a) ? a.filter(ok) : []);
    const o = s && s.o;
    return { v: s && ok(s.v) ? s.v : null, k: marks(s && s.k), c: marks(s && s.c), o: Number.isInteger(o) && o >= 1 && o <= 9 ? o : 0 };
  }

  // moves reads saved moves, or none if any is not a move of this grid.
  moves(list) {
    const n2 = this.n * this.n;
    const move = (m) => m && Array.isArray(m.cells) && m.cells.length > 0 && m.cells.every((i) => Number.isInteger(i) && i >= 0 && i < n2) &&
      Array.isArray(m.before) && Array.isArray(m.after) && m.before.length === m.cells.length && m.after.length === m.cells.length;
    if (!Array.isArray(list) || !list.every(move)) return [];
    return list.slice(-MOVES).map((m) => ({ cells: m.cells.slice(), before: m.before.map((st) => this.clean(st)), after: m.after.map((st) => this.clean(st)) }));
  }
}

// render draws the cells' states and the digits of game g onto the
// board's handles h (from drawBoard).
export function render(g, h) {
  const n = g.n, bad = g.conflicts();
  const selVal = g.sel.size === 1 ? g.values[[...g.sel][0]] : null;
  h.cells.forEach((r, i) => {
    r.classList.toggle("sel", g.sel.has(i));
    r.classList.toggle("same", selVal !== null && g.values[i] === selVal && !g.sel.has(i));
    r.classList.toggle("wrong", g.wrong.has(i));
    r.classList.toggle("cursor", i === g.cursor);
    r.classList.toggle("hint", !!g.hint && g.hint.cells.has(i));
  });
  h.colours.replaceChildren();
  g.colour.forEach((o, i) => {
    if (o) el("rect", { x: (i % n) * U, y: Math.floor(i / n) * U, width: U, height: U, class: `v-colour v-k${o}`, "data-cell": i }, h.colours);
  });
  // A wrong value shows over its cell's colour too.
  for (const i of g.wrong) {
    if (g.colour[i]) el("rect", { x: (i % n) * U, y: Math.floor(i / n) * U, width: U, height: U, class: "v-wrong-over" }, h.colours);
  }
  const d = h.digits;
  d.replaceChildren();
  const big = n > 9, small = big ? BIG_MARK : 0.2, at = big ? BIG_CORNERS : CORNERS;
  for (let i = 0; i < n * n; i++) {
    const x = (i % n) * U, y = Math.floor(i / n) * U, v = g.values[i];
    if (v !== null) {
      const cls = ["v-digit", g.given[i] !== null ? "v-given" : "v-entry"];
      if (bad.has(i)) cls.push("v-conflict");
      const t = el("text", { x: x + U / 2, y: y + U / 2, class: cls.join(" "), "data-cell": i }, d);
      t.textContent = valueName(v);
      if (v >= 10) t.classList.add("v-two");
      continue;
    }
    const corner = [...g.corner[i]].sort((a, b) => a - b);
    corner.slice(0, at.length).forEach((m, k) => {
      const name = valueName(m), a = { x: x + at[k][0] * U, y: y + at[k][1] * U, class: "v-mark v-corner", "data-cell": i, "font-size": small * U };
      // Two digits are narrowed a little to keep clear of the next mark.
      if (big && name.length > 1) Object.assign(a, { textLength: BIG_TWO * U, lengthAdjust: "spacingAndGlyphs" });
      el("text", a, d).textContent = name;
    });
    const centre = [...g.centre[i]].sort((a, b) => a - b);
    if (centre.length) {
      const { lines, size } = centreLines(centre.map(valueName), big);
      lines.forEach((line, k) => {
        const dy = (k - (lines.length - 1) / 2) * size;
        el("text", { x: x + U / 2, y: y + (0.5 + dy) * U, class: "v-mark v-centre", "data-cell": i, "font-size": size * U }, d).textContent = line;
      });
    }
  }
}

// Where a cell's corner marks go, in the order they are placed, in cells
// from its top-left corner. A 9x9 grid's are the classic page's size
// (0.2 of a cell). A larger grid's cell is small (some 23 px for a 16x16
// on a phone): its marks are as large as eight of two digits can be,
// three a row, side by side (0.29 of a cell, 6.7 px there; the two
// digits narrowed to BIG_TWO), where 0.17 made them 3.9 px.
const CORNERS = [[0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8], [0.5, 0.2], [0.5, 0.8], [0.2, 0.5], [0.8, 0.5]];
const BIG_CORNERS = [[0.18, 0.18], [0.82, 0.18], [0.18, 0.82], [0.82, 0.82], [0.5, 0.18], [0.5, 0.82], [0.18, 0.5], [0.82, 0.5]];
const BIG_MARK = 0.29, BIG_TWO = 0.3;

// centreLines lays out a cell's centre marks (their names): {lines, size},
// size in cells. A 9x9 grid's go on one line, smaller as there are more;
// a larger grid's, whose names are separated by spaces, on one to three
// lines, as many as give the largest size (a line more only for a size
// a tenth larger; digits have no descenders, so lines are one size apart).
function centreLines(names, big) {
  if (!big) {
    const s = names.join("");
    return { lines: [s], size: Math.min(0.2, 1.4 / Math.max(s.length, 1)) };
  }
  let best = null;
  for (let l = 1; l <= Math.min(3, names.length); l++) {
    const per = Math.ceil(names.length / l), lines = [];
    for (let k = 0; k < names.length; k += per) lines.push(names.slice(k, k + per).join(" "));
    const long = Math.max(...lines.map((s) => s.length));
    const size = Math.min(0.32, 1.55 / long, 0.9 / lines.length);
    if (!best || size > 1.1 * best.size) best = { lines, size };
  }
  return best;
}

// describe says in words what the cell holds, for screen readers.
export function describe(g, i) {
  const n = g.n, name = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
  const v = g.values[i];
  if (v !== null) return `${name}: ${valueName(v)}${g.given[i] !== null ? ` (${t("cellGiven")})` : ""}`;
  const parts = [`${name}: ${t("cellEmpty")}`];
  if (g.corner[i].size) parts.push(`${t("cellCorner")} ${[...g.corner[i]].sort((a, b) => a - b).join(" ")}`);
  if (g.centre[i].size) parts.push(`${t("cellCentre")} ${[...g.centre[i]].sort((a, b) => a - b).join(" ")}`);
  return parts.join(", ");
}
