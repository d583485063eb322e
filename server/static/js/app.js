// The game page: state, rendering, input, and the calls to the JSON API.
import {
  PEERS, row, col, box, cellName, parseLine, formatLine,
  conflicts, candidates, solved, formatTime,
} from "./sudoku.js";

const $ = (id) => document.getElementById(id);
const STORE = "godoku.game.v1";
const PREFS = "godoku.prefs.v1";

// A built-in puzzle so the page is playable before the API answers.
const FIRST = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

let game = null; // see newGame for the fields
let sel = 40;
let noteMode = false;
let paused = false;
let api = { endpoints: [] };
let hint = null; // the hint on show, applied by a second press
let replay = null;
let tick = 0;
let lastTick = 0;
const cells = [];

function newGame(puzzle, level = "", source = "") {
  return {
    puzzle,
    values: puzzle.slice(),
    notes: Array(81).fill(0),
    level, source,
    elapsed: 0,
    done: false,
    helped: false,
    history: [],
    future: [],
    solution: null,
  };
}

// ---- persistence ----

function save() {
  if (!game) return;
  try {
    localStorage.setItem(STORE, JSON.stringify(game));
  } catch {
    // Private mode or a full store: the game still works, it just is not kept.
  }
}

function load() {
  try {
    const g = JSON.parse(localStorage.getItem(STORE));
    if (g && Array.isArray(g.puzzle) && g.puzzle.length === 81 && Array.isArray(g.values) && Array.isArray(g.notes)) {
      g.history ??= [];
      g.future ??= [];
      return g;
    }
  } catch {
    // A damaged entry is dropped.
  }
  return null;
}

const prefs = Object.assign(
  { conflicts: true, same: true, autoremove: true, theme: "auto", level: "Easy" },
  (() => { try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; } })(),
);
function savePrefs() {
  try { localStorage.setItem(PREFS, JSON.stringify(prefs)); } catch { /* not kept */ }
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
      const v = document.createElement("span");
      v.className = "value";
      const n = document.createElement("div");
      n.className = "notes";
      n.setAttribute("aria-hidden", "true");
      for (let d = 1; d <= 9; d++) n.append(document.createElement("span"));
      el.append(v, n);
      rowEl.append(el);
      cells.push(el);
    }
    board.append(rowEl);
  }
  board.addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".cell");
    if (!el) return;
    select(Number(el.dataset.cell));
    e.preventDefault(); // keep the focus on the cell, not a text selection
  });
}

function render() {
  const bad = prefs.conflicts ? conflicts(game.values) : new Set();
  const selV = game.values[sel];
  const marks = hintMarks();
  const rp = replay && replay.view;
  for (let i = 0; i < 81; i++) {
    const el = cells[i];
    const v = rp ? rp.values[i] : game.values[i];
    const given = game.puzzle[i] !== 0;
    const notes = rp ? 0 : hintNotes(i);
    el.querySelector(".value").textContent = v ? String(v) : "";
    const ns = el.querySelector(".notes").children;
    for (let d = 1; d <= 9; d++) {
      const on = !v && (notes & (1 << d));
      const span = ns[d - 1];
      span.textContent = on ? String(d) : "";
      span.className = !on ? "" : marks.elim.has(i * 10 + d) ? "elim"
        : marks.keep.has(i * 10 + d) ? "keep"
        : prefs.same && selV === d ? "same-note" : "";
    }
    const unit = i !== sel && (row(i) === row(sel) || col(i) === col(sel) || box(i) === box(sel));
    const t = el.classList;
    t.toggle("given", given);
    t.toggle("sel", i === sel && !rp);
    t.toggle("unit", unit && !rp);
    t.toggle("same", !rp && prefs.same && !!selV && v === selV && i !== sel);
    t.toggle("conflict", !rp && bad.has(i));
    t.toggle("wrong", !rp && !!game.wrong && game.wrong.includes(i));
    t.toggle("pattern", rp ? rp.pattern.has(i) : marks.pattern.has(i));
    t.toggle("target", marks.target.has(i));
    t.toggle("replay-new", !!rp && rp.changed === i);
    t.toggle("replay-guess", !!rp && rp.guesses.has(i));
    t.toggle("replay-dead", !!rp && rp.dead === i);
    el.tabIndex = i === sel ? 0 : -1;
    el.setAttribute("aria-selected", String(i === sel));
    let label = `${cellName(i)}, `;
    if (v) label += given ? `given ${v}` : `${v}`;
    else {
      const list = [];
      for (let d = 1; d <= 9; d++) if (notes & (1 << d)) list.push(d);
      label += list.length ? `empty, notes ${list.join(" ")}` : "empty";
    }
    if (bad.has(i)) label += ", conflict";
    el.setAttribute("aria-label", label);
  }
  // Keypad: how many of each digit are left to place.
  const count = Array(10).fill(0);
  for (const v of game.values) count[v]++;
  for (const b of document.querySelectorAll(".keypad button")) {
    const d = Number(b.dataset.digit);
    const left = 9 - count[d];
    b.querySelector("small").textContent = left > 0 ? String(left) : "✓";
    b.classList.toggle("done", left <= 0);
    b.setAttribute("aria-label", noteMode ? `Note ${d}` : `Digit ${d}, ${Math.max(left, 0)} left`);
  }
  $("undo").disabled = game.history.length === 0;
  $("redo").disabled = game.future.length === 0;
  $("notes").setAttribute("aria-pressed", String(noteMode));
  $("board").classList.toggle("paused", paused);
  $("paused").hidden = !paused;
  const filled = game.values.filter((v) => v).length;
  const givens = game.puzzle.filter((v) => v).length;
  $("info").textContent = [game.level, `${givens} givens`, `${filled}/81`].filter(Boolean).join(" · ");
  $("timer").textContent = formatTime(game.elapsed);
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  $("pause").disabled = game.done;
}

function select(i, focus = true) {
  sel = ((i % 81) + 81) % 81;
  render();
  if (focus) cells[sel].focus({ preventScroll: true });
}

function say(text, isError = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("error", isError);
}

// ---- moves, undo and redo ----

// change applies a list of {i, v, n} cell states as one undoable move.
function change(list) {
  const move = [];
  for (const { i, v, n } of list) {
    const from = [game.values[i], game.notes[i]];
    if (from[0] === v && from[1] === n) continue;
    move.push([i, from, [v, n]]);
    game.values[i] = v;
    game.notes[i] = n;
  }
  if (!move.length) return;
  game.history.push(move);
  if (game.history.length > 2000) game.history.shift();
  game.future = [];
  afterChange();
}

function undo() {
  const move = game.history.pop();
  if (!move) return;
  for (let k = move.length - 1; k >= 0; k--) {
    const [i, from] = move[k];
    [game.values[i], game.notes[i]] = from;
  }
  game.future.push(move);
  afterChange();
  say("Undone.");
}

function redo() {
  const move = game.future.pop();
  if (!move) return;
  for (const [i, , to] of move) [game.values[i], game.notes[i]] = to;
  game.history.push(move);
  afterChange();
  say("Redone.");
}

function afterChange() {
  game.wrong = null;
  clearHint();
  const was = game.done;
  game.done = solved(game.values);
  if (game.done && !was) win();
  if (!game.done) $("won").hidden = true;
  save();
  render();
}

function win() {
  paused = false;
  const how = game.helped ? "with help" : "on your own";
  $("won-detail").textContent = `${game.level ? game.level + " puzzle, " : ""}${formatTime(game.elapsed)}, ${how}.`;
  $("won").hidden = false;
  say(`Solved in ${formatTime(game.elapsed)}!`);
  $("won-new").focus();
}

function canEdit(i) {
  return !game.done && !paused && !replay && game.puzzle[i] === 0;
}

function enter(d, asNote = noteMode) {
  const i = sel;
  if (!canEdit(i)) return;
  if (asNote) {
    if (game.values[i]) return;
    change([{ i, v: 0, n: game.notes[i] ^ (1 << d) }]);
    return;
  }
  if (game.values[i] === d) {
    change([{ i, v: 0, n: 0 }]);
    return;
  }
  const list = [{ i, v: d, n: 0 }];
  if (prefs.autoremove) {
    for (const j of PEERS[i]) {
      if (game.notes[j] & (1 << d)) list.push({ i: j, v: game.values[j], n: game.notes[j] & ~(1 << d) });
    }
  }
  change(list);
}

function erase() {
  const i = sel;
  if (!canEdit(i)) return;
  change([{ i, v: 0, n: 0 }]);
}

function autoNotes() {
  if (game.done || paused || replay) return;
  const list = [];
  for (let i = 0; i < 81; i++) {
    if (!game.values[i]) list.push({ i, v: 0, n: candidates(game.values, i) });
  }
  change(list);
  say("Notes show every candidate.");
}

// ---- timer ----

function runTimer() {
  const now = performance.now();
  const dt = lastTick ? now - lastTick : 0;
  lastTick = now;
  if (game && !game.done && !paused && !replay && document.visibilityState === "visible") {
    game.elapsed += dt;
    $("timer").textContent = formatTime(game.elapsed);
    if (++tick % 20 === 0) save();
  }
}

function setPaused(p) {
  if (game.done) p = false;
  paused = p;
  render();
  if (!p) cells[sel].focus({ preventScroll: true });
  else $("resume").focus();
}

// ---- starting games ----

function start(puzzle, level = "", source = "") {
  game = newGame(puzzle, level, source);
  noteMode = false;
  paused = false;
  closeReplay();
  clearHint();
  $("won").hidden = true;
  sel = game.values.indexOf(0);
  if (sel < 0) sel = 0;
  game.done = solved(game.values);
  save();
  setHash();
  render();
  cells[sel].focus({ preventScroll: true });
}

function setHash() {
  history.replaceState(null, "", `#p=${formatLine(game.puzzle)}`);
}

function fromHash() {
  const m = /^#p=([0-9.]{81})$/.exec(location.hash);
  return m ? parseLine(m[1]) : null;
}

async function newGameFromServer() {
  const level = $("level").value;
  const started = game && !game.done && game.values.some((v, i) => v && !game.puzzle[i]);
  if (started && !window.confirm("Start a new game? This one will be lost.")) return;
  prefs.level = level;
  savePrefs();
  $("new").disabled = true;
  say(`Making a new ${level} puzzle…`);
  try {
    const r = await call("generate", { level });
    start(parseLine(r.puzzle), r.level, r.source || "");
    const how = r.rating ? ` (rated ${r.rating.level}, hardest step: ${r.rating.hardest})` : "";
    say(`New ${r.level} game${how}.`);
  } catch (e) {
    say(`Could not get a new game: ${e.message}`, true);
  } finally {
    $("new").disabled = false;
  }
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
    if (r.status === "none") throw new Error("This puzzle has no solution.");
    game.solution = parseLine(r.solution);
    game.unique = r.status === "unique";
  } else if (has("explain")) {
    const r = await call("explain", { puzzle });
    const sol = game.puzzle.slice();
    for (const s of r.steps) for (const p of s.placements || []) sol[cellIndex(p.cell)] = p.digit;
    if (!solved(sol)) throw new Error("Could not work out the solution.");
    game.solution = sol;
    game.unique = true;
  } else {
    throw new Error("This server cannot solve puzzles.");
  }
  save();
  return game.solution;
}

async function check() {
  if (game.done) return say("The grid is solved.");
  const bad = conflicts(game.values);
  if (!has("solve") && !has("explain")) {
    say(bad.size ? `${bad.size} cells break the rules.` : "No entries break the rules.", bad.size > 0);
    return;
  }
  try {
    const sol = await solution();
    game.wrong = [];
    for (let i = 0; i < 81; i++) {
      if (game.values[i] && !game.puzzle[i] && game.values[i] !== sol[i]) game.wrong.push(i);
    }
    const entries = game.values.filter((v, i) => v && !game.puzzle[i]).length;
    render();
    const note = game.unique === false ? " (the puzzle has several solutions; this checks against one)" : "";
    if (game.wrong.length) say(`${game.wrong.length} of ${entries} entries are wrong (marked)${note}.`, true);
    else say(entries ? `All ${entries} entries are right${note}.` : "No entries yet.");
  } catch (e) {
    say(e.message, true);
  }
}

async function reveal() {
  if (!canEdit(sel)) return say("Select an empty cell or one of your entries.");
  try {
    const sol = await solution();
    game.helped = true;
    enterValue(sel, sol[sel]);
    say(`${cellName(sel)} is ${sol[sel]}.`);
  } catch (e) {
    say(e.message, true);
  }
}

function enterValue(i, d) {
  const list = [{ i, v: d, n: 0 }];
  for (const j of PEERS[i]) {
    if (game.notes[j] & (1 << d)) list.push({ i: j, v: game.values[j], n: game.notes[j] & ~(1 << d) });
  }
  change(list);
}

async function solveAll() {
  if (game.done || replay) return;
  try {
    const sol = await solution();
    game.helped = true;
    change(sol.map((v, i) => ({ i, v, n: 0 })));
  } catch (e) {
    say(e.message, true);
  }
}

function restart() {
  const list = [];
  for (let i = 0; i < 81; i++) if (!game.puzzle[i]) list.push({ i, v: 0, n: 0 });
  change(list);
  say("Entries cleared; Undo brings them back.");
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

// cellIndex turns the API's "r1c3" into 0 to 80.
function cellIndex(name) {
  const m = /^r([1-9])c([1-9])$/.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

const candList = (list) => (list || []).map((c) => ({ cell: cellIndex(c.cell), digit: c.digit }));

function clearHint() {
  hint = null;
  $("hint-panel").hidden = true;
  $("hint").textContent = "Hint";
}

async function showHint() {
  if (game.done || paused || replay) return;
  if (hint) return applyHint();
  if (!has("hint")) return say("Hints need the hint endpoint, which this server lacks.", true);
  if (conflicts(game.values).size) return say("Some digits clash: fix them first (they are red with Show conflicts on).", true);
  const body = { puzzle: formatLine(game.puzzle), grid: formatLine(game.values) };
  if (game.notes.some((n) => n)) body.notes = game.notes.map((n) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => n & (1 << d)));
  try {
    const r = await call("hint", body);
    if (!r.step) {
      if (r.wrong) {
        game.wrong = r.wrong.map(cellIndex);
        select(game.wrong[0]);
      }
      say(r.message || "No hint here.", !!r.wrong);
      return;
    }
    const s = r.step;
    hint = {
      technique: s.technique,
      pattern: candList(s.pattern),
      placements: candList(s.placements),
      eliminations: candList(s.eliminations),
    };
    $("hint-title").textContent = `Hint: ${s.technique}`;
    $("hint-text").textContent = s.explanation;
    $("hint-step").textContent = s.text;
    $("hint-panel").hidden = false;
    $("hint").textContent = "Apply hint";
    say("");
    game.helped = true;
    render();
  } catch (e) {
    if (e.data && e.data.cells) {
      game.wrong = e.data.cells.map(cellIndex);
      render();
    }
    say(e.message, true);
  }
}

// hintNotes shows, while a hint is on show, the candidates of the cells it
// is about even where the player keeps no notes, so its pattern is visible.
function hintNotes(i) {
  if (!hint || game.values[i] || game.notes[i]) return game.notes[i];
  const about = hint.pattern.some((c) => c.cell === i) || hint.eliminations.some((c) => c.cell === i);
  return about ? candidates(game.values, i) : 0;
}

function applyHint() {
  if (!hint) return;
  const h = hint;
  const list = new Map();
  const cur = (i) => list.get(i) || { i, v: game.values[i], n: game.notes[i] };
  for (const p of h.placements) {
    list.set(p.cell, { i: p.cell, v: p.digit, n: 0 });
    if (prefs.autoremove) {
      for (const j of PEERS[p.cell]) {
        const c = cur(j);
        if (c.n & (1 << p.digit)) list.set(j, { ...c, n: c.n & ~(1 << p.digit) });
      }
    }
  }
  for (const e of h.eliminations) {
    const c = cur(e.cell);
    // Without notes in that cell, fill them in first so the elimination shows.
    const n = c.n || (c.v ? 0 : candidates(game.values, e.cell));
    list.set(e.cell, { ...c, n: n & ~(1 << e.digit) });
  }
  change([...list.values()]);
  say(`Applied: ${h.technique}.`);
}

// ---- replay of the solver ----

// A replay is a list of frames, each the grid after one step with what to
// point at: built from the logical path of "explain".
async function openReplay() {
  if (replay) return closeReplay();
  if (game.done || paused) return;
  let frames;
  try {
    // The path needs a puzzle with one solution; asking the solver first
    // says so plainly instead of failing the request.
    if (replaySource() === "logic" && has("solve")) {
      await solution();
      if (game.unique === false) throw new Error("This puzzle has more than one solution, so no path leads to one of them.");
    }
    frames = replaySource() === "trace" ? await traceFrames() : await explainFrames();
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
  $("replay-summary").textContent = frames.summary || "";
  $("replay-source").disabled = true;
  $("replay-pos").max = String(frames.length - 1);
  $("replay-panel").hidden = false;
  $("replay").setAttribute("aria-pressed", "true");
  $("replay").textContent = "Back to the game";
  document.body.classList.add("replaying");
  setReplay(frames.start || 0);
  $("replay-fwd").focus();
}

// replaySource is "trace" for the classic solver's trace, which guesses
// and backtracks, or "logic" for the path a person would take.
function replaySource() {
  if (!has("trace")) return "logic";
  if (!has("explain")) return "trace";
  return $("replay-source").value;
}

// unitCells lists the cells of a trace unit, {kind, index}.
function unitCells(u) {
  const out = [];
  for (let i = 0; i < 81; i++) {
    if ((u.kind === "row" && row(i) === u.index) || (u.kind === "column" && col(i) === u.index) || (u.kind === "box" && box(i) === u.index)) out.push(i);
  }
  return out;
}

// traceFrames replays a trace (docs/trace.md) from the empty board: each
// step empties the cells it clears and fills the ones it places.
async function traceFrames() {
  const tr = await call("trace", { puzzle: formatLine(game.puzzle) });
  const values = Array(81).fill(0);
  const guesses = new Set();
  const frames = [frame(values, "Empty board")];
  let start = 0;
  for (const s of tr.steps) {
    const cell = s.cell ? cellIndex(s.cell) : -1;
    for (const c of s.cleared || []) {
      values[cellIndex(c.cell)] = 0;
      guesses.delete(cellIndex(c.cell));
    }
    for (const p of s.placed || []) values[cellIndex(p.cell)] = p.digit;
    if (s.kind === "guess" || s.kind === "backtrack") guesses.add(cell);
    const placedCell = (s.placed && s.placed.length) ? cellIndex(s.placed[0].cell) : -1;
    frames.push(frame(values, s.text, {
      kind: s.kind,
      depth: s.depth,
      cell: placedCell,
      guesses: new Set(guesses),
      dead: s.kind === "dead end" ? cell : -1,
      pattern: new Set(s.unit ? unitCells(s.unit) : (s.cleared || []).map((c) => cellIndex(c.cell))),
      explanation: traceWords[s.kind] || "",
    }));
    if (s.kind === "given") start = frames.length - 1;
  }
  const st = tr.stats;
  frames.summary = `${tr.outcome}: ${st.steps} steps, ${st.givens} givens, ${st.forced} forced digits ` +
    `(${st.nakedSingles} naked, ${st.hiddenSingles} hidden singles), ${st.guesses} guesses, ` +
    `${st.deadEnds} dead ends, ${st.backtracks} backtracks, depth up to ${st.maxDepth}.`;
  frames.start = start;
  return frames;
}

// traceWords says in words what each kind of trace step means.
const traceWords = {
  "given": "A given of the puzzle.",
  "naked single": "Forced: the only candidate left in its cell.",
  "hidden single": "Forced: the only place left for the digit in the unit (yellow).",
  "guess": "No digit is forced: the solver guesses, in a cell with the fewest candidates. Guessed digits are underlined.",
  "dead end": "A contradiction: a cell with no candidate, or a digit with no place left. The last guess was wrong.",
  "backtrack": "Back to the last guess: the cells filled since it (yellow) are emptied, and its next digit is tried.",
  "solution": "Every cell is filled: a solution.",
  "end": "The search is over.",
  "stopped": "The trace was cut short.",
};

function frame(values, text, extra = {}) {
  return { values: values.slice(), text, cell: -1, kind: "", depth: 0, pattern: new Set(), guesses: new Set(), dead: -1, ...extra };
}

async function explainFrames() {
  const r = await call("explain", { puzzle: formatLine(game.puzzle) });
  const values = game.puzzle.slice();
  const frames = [frame(values, `Start: ${values.filter((v) => v).length} givens`)];
  for (const s of r.steps) {
    const places = candList(s.placements);
    for (const p of places) values[p.cell] = p.digit;
    frames.push(frame(values, s.text, {
      cell: places.length ? places[0].cell : -1,
      kind: s.technique,
      pattern: new Set(candList(s.pattern).map((c) => c.cell)),
      explanation: s.explanation,
    }));
  }
  return frames;
}

function setReplay(k) {
  if (!replay) return;
  const n = replay.frames.length;
  k = Math.max(0, Math.min(n - 1, k));
  replay.pos = k;
  const f = replay.frames[k];
  replay.view = { values: f.values, changed: f.cell, kind: f.kind, pattern: f.pattern, guesses: f.guesses, dead: f.dead };
  $("replay-step").textContent = `Step ${k} of ${n - 1}: ${f.text}`;
  $("replay-explain").textContent = f.explanation || "";
  $("replay-pos").value = String(k);
  const items = $("replay-log").children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === k);
  if (items[k]) items[k].scrollIntoView({ block: "nearest" });
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
  $("replay-play").textContent = "Pause";
  $("replay-play").setAttribute("aria-label", "Pause");
}

function stopReplay() {
  if (replay && replay.timer) clearInterval(replay.timer);
  if (replay) replay.timer = null;
  $("replay-play").textContent = "Play";
  $("replay-play").setAttribute("aria-label", "Play");
}

function closeReplay() {
  stopReplay();
  replay = null;
  $("replay-source").disabled = false;
  $("replay-panel").hidden = true;
  $("replay").setAttribute("aria-pressed", "false");
  $("replay").textContent = "Watch the solver";
  document.body.classList.remove("replaying");
  if (game) render();
}

// ---- wiring ----

function applyTheme() {
  const t = prefs.theme;
  if (t === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.dataset.theme = t;
  const names = { auto: "automatic", light: "light", dark: "dark" };
  $("theme").setAttribute("aria-label", `Colour theme: ${names[t]}`);
  $("theme").textContent = { auto: "◐", light: "☀", dark: "☾" }[t];
}

function onKey(e) {
  const t = e.target;
  if (t.closest && (t.closest("dialog") || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  if (!game) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.altKey) {
    if (key === "z") {
      e.preventDefault();
      if (!replay) (e.shiftKey ? redo : undo)();
    } else if (key === "y") {
      e.preventDefault();
      if (!replay) redo();
    }
    return;
  }
  if (e.altKey) return;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (replay) {
    // While the replay runs, the keys drive it and leave the game alone.
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
    return;
  }
  if (e.key in moves) {
    e.preventDefault();
    const d = moves[e.key];
    let i = sel;
    if (d === 1) i = row(sel) * 9 + ((col(sel) + 1) % 9);
    else if (d === -1) i = row(sel) * 9 + ((col(sel) + 8) % 9);
    else i = (sel + d + 81) % 81;
    select(i);
  } else if (digit && digit[1] !== "0") {
    e.preventDefault();
    enter(Number(digit[1]), noteMode !== e.shiftKey);
  } else if (/^[1-9]$/.test(e.key)) {
    e.preventDefault();
    enter(Number(e.key));
  } else if (e.key === "Backspace" || e.key === "Delete" || (digit && digit[1] === "0")) {
    e.preventDefault();
    erase();
  } else if (key === "n" || (e.key === " " && t.tagName !== "BUTTON")) {
    e.preventDefault();
    noteMode = !noteMode;
    render();
  } else if (key === "a") {
    autoNotes();
  } else if (key === "h") {
    showHint();
  } else if (key === "p") {
    setPaused(!paused);
  } else if (e.key === "Escape") {
    if (hint) clearHint();
    if (replay) closeReplay();
    render();
  }
}

function wire() {
  document.addEventListener("keydown", onKey);
  for (const b of document.querySelectorAll(".keypad button")) {
    b.addEventListener("click", () => enter(Number(b.dataset.digit)));
  }
  $("notes").addEventListener("click", () => { noteMode = !noteMode; render(); });
  $("erase").addEventListener("click", erase);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("autonotes").addEventListener("click", autoNotes);
  $("hint").addEventListener("click", showHint);
  $("hint-apply").addEventListener("click", applyHint);
  $("hint-close").addEventListener("click", () => { clearHint(); render(); });
  $("check").addEventListener("click", check);
  $("replay").addEventListener("click", openReplay);
  $("replay-close").addEventListener("click", closeReplay);
  $("replay-first").addEventListener("click", () => { stopReplay(); setReplay(0); });
  $("replay-back").addEventListener("click", () => { stopReplay(); setReplay(replay.pos - 1); });
  $("replay-fwd").addEventListener("click", () => { stopReplay(); setReplay(replay.pos + 1); });
  $("replay-last").addEventListener("click", () => { stopReplay(); setReplay(replay.frames.length - 1); });
  $("replay-play").addEventListener("click", playReplay);
  $("replay-pos").addEventListener("input", () => { stopReplay(); setReplay(Number($("replay-pos").value)); });
  $("reveal").addEventListener("click", reveal);
  $("solve").addEventListener("click", solveAll);
  $("restart").addEventListener("click", restart);
  $("pause").addEventListener("click", () => setPaused(!paused));
  $("resume").addEventListener("click", () => setPaused(false));
  $("new").addEventListener("click", newGameFromServer);
  $("won-new").addEventListener("click", newGameFromServer);
  $("won-close").addEventListener("click", () => {
    $("won").hidden = true;
    cells[sel].focus({ preventScroll: true });
  });
  $("print").addEventListener("click", () => window.print());
  $("theme").addEventListener("click", () => {
    prefs.theme = { auto: "light", light: "dark", dark: "auto" }[prefs.theme] || "auto";
    savePrefs();
    applyTheme();
  });
  $("share").addEventListener("click", async () => {
    setHash();
    const url = location.href;
    try {
      await navigator.clipboard.writeText(url);
      say("Link copied: it opens this puzzle from the start.");
    } catch {
      say(`Share this link: ${url}`);
    }
  });
  $("import").addEventListener("click", () => {
    $("import-error").textContent = "";
    $("import-dialog").showModal();
    $("import-text").focus();
  });
  $("import-form").addEventListener("submit", async (e) => {
    if (e.submitter && e.submitter.value === "cancel") return;
    e.preventDefault();
    const text = $("import-text").value;
    try {
      const p = await importPuzzle(text);
      $("import-dialog").close();
      start(p, "Imported");
      say("Puzzle imported.");
    } catch (err) {
      $("import-error").textContent = err.message;
    }
  });
  for (const [id, key] of [["opt-conflicts", "conflicts"], ["opt-same", "same"], ["opt-autoremove", "autoremove"]]) {
    const box = $(id);
    box.checked = prefs[key];
    box.addEventListener("change", () => { prefs[key] = box.checked; savePrefs(); render(); });
  }
  $("level").value = prefs.level;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  window.addEventListener("pagehide", save);
  window.addEventListener("hashchange", () => {
    const p = fromHash();
    if (p && formatLine(p) !== formatLine(game.puzzle)) start(p, "Shared");
  });
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
  if (!p) throw new Error("Need 81 cells: digits, and . or 0 for empty.");
  if (conflicts(p).size) throw new Error("The givens break the rules.");
  return p;
}

async function discover() {
  try {
    api = await call("info", {});
  } catch {
    api = { endpoints: [] };
  }
  $("hint").hidden = !has("hint");
  $("check").disabled = false;
  const solves = has("solve") || has("explain");
  $("reveal").hidden = !solves;
  $("solve").hidden = !solves;
  $("replay").hidden = !has("explain") && !has("trace");
  $("replay-source-box").hidden = !(has("explain") && has("trace"));
  $("new").disabled = !has("generate");
}

function init() {
  applyTheme();
  buildBoard();
  wire();
  const shared = fromHash();
  const saved = load();
  if (saved && (!shared || formatLine(shared) === formatLine(saved.puzzle))) {
    game = saved;
    sel = Math.max(0, game.values.indexOf(0));
    setHash();
    render();
    if (game.done) $("won").hidden = true;
  } else if (shared) {
    start(shared, "Shared");
  } else {
    start(parseLine(FIRST), "Easy", "easy50.tsv#1");
  }
  setInterval(runTimer, 250);
  discover();
  document.body.dataset.ready = "true";
}

init();
