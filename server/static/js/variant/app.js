// The variant game's page (variant.html): import a puzzle by link or
// from the built-in set, draw it (draw.js), play it (play.js), check it
// against the engine's solution, and keep the game in local storage.
import { drawBoard } from "./draw.js";
import { Game, render, describe, valueName } from "./play.js";
import { BUILTIN } from "./builtin.js";
import { hint, applyHint, closeHint } from "./hint.js";
import { setup as setupNew } from "./newgame.js";
import * as i18n from "../i18n.js";
import { t, levelName } from "../i18n.js";
import { keepOffline } from "../offline.js";
import { statusLine } from "../status.js";

const $ = (id) => document.getElementById(id);
const SAVES = "godoku.variant.v1"; // games by puzzle, the last few
const PREFS = "godoku.prefs.v1"; // the classic game's, for the theme alone
const KEEP = 20;

// state of the page: the puzzle's text, its model, the engine's solution,
// the game, the board's handles, and meta: where a puzzle made here came
// from ({kind, level, seed, givens}, kept with its game), or null.
const P = { offline: false, text: "", model: null, solution: null, solving: null, status: "", game: null, board: null, mode: "value", timer: 0, last: null, meta: null, opening: 0 };

// OFFLINE are the calls the page's offline engine answers when the server
// cannot be reached: variant.wasm (server/wasm/variant), the server's own
// code, run in a Web Worker by js/engine.js, which is loaded only then.
const OFFLINE = ["variant", "solve", "hint", "variant/generate"];

// call asks the API; signal, if given, can abort the request (the
// AbortError is thrown as it is). When the server cannot be reached, the
// offline engine answers instead, and P.offline says so until the server
// answers again.
async function call(name, body, signal) {
  let res;
  try {
    res = await fetch(`api/${name}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    if (!OFFLINE.includes(name)) throw new Error(t("v.unreachable"));
    let engine;
    try {
      engine = await import("../engine.js");
    } catch {
      throw new Error(t("v.unreachable"));
    }
    try {
      const data = await engine.run(name, body, { engine: "variant", signal });
      P.offline = true;
      return data;
    } catch (e) {
      throw e.offline ? new Error(t("v.noEngine")) : e;
    }
  }
  P.offline = false;
  let data = null;
  try { data = await res.json(); } catch { /* no JSON body */ }
  if (!res.ok) throw i18n.apiError(res.status, res.statusText, data);
  return data;
}

const say = (msg, error = false) => {
  const m = $("v-message");
  m.textContent = msg;
  m.classList.toggle("error", error);
};


function showRules(m) {
  const box = $("v-rules");
  box.replaceChildren();
  const add = (s) => { const p = document.createElement("p"); p.textContent = s; box.appendChild(p); };
  const regions = new Set(m.regions.filter((r) => r >= 0)).size;
  add(t(regions ? "v.placeRegions" : "v.place", valueName((m.offset || 0) + 1), valueName((m.offset || 0) + m.size)));
  if (m.rules) for (const line of m.rules.split("\n")) { if (line.trim()) add(line.trim()); }
  // A puzzle without a rules text gets a sentence for each kind of rule
  // (i18n.js's rule.<kind>), or the kind's name.
  else for (const k of m.kinds || []) add(i18n.has(`rule.${k}`) ? t(`rule.${k}`) : `${k[0].toUpperCase()}${k.slice(1)}.`);
}

// shareHash is the fragment that opens text again: an f-puzzles payload
// or SudokuPad path as they are, anything else whole.
function shareHash(text) {
  const f = text.match(/^(?:https?:\/\/(?:www\.)?f-puzzles\.com\/\?load=)?(N4Ig[A-Za-z0-9+/=_$-]+)$/);
  if (f) return `#fpuzzles=${f[1]}`;
  const s = text.match(/^https?:\/\/(?:[a-z.]*\.)?(?:sudokupad\.app|crackingthecryptic\.com\/sudoku)\/(.+)$/);
  if (s) return `#sudokupad=${encodeURIComponent(s[1])}`;
  return `#p=${encodeURIComponent(text)}`;
}

// fromHash reads a fragment shareHash wrote, with the progress a share
// link may add after it: {text, progress} (progress the parameters after
// the first "&", or null); text "" when it names no puzzle, and bad set
// when it names one that cannot be read (a link cut inside a "%" escape).
// No form of the puzzle has a bare "&": an f-puzzles payload is base64
// and the others are URL-encoded.
function fromHash(h) {
  const m = h.match(/^#(fpuzzles|sudokupad|p)=([^&]*)(?:&(.*))?$/s);
  if (!m) return { text: "", progress: null };
  let v;
  try {
    v = m[1] === "fpuzzles" ? m[2] : decodeURIComponent(m[2]);
  } catch {
    return { text: "", progress: null, bad: true };
  }
  if (!v) return { text: "", progress: null, bad: true };
  if (m[1] === "sudokupad") v = `https://sudokupad.app/${v}`;
  return { text: v, progress: m[3] ? new URLSearchParams(m[3]) : null };
}

// MAX_TIME is the longest time a link may say was played, 99:59:59, as
// on the classic page.
const MAX_TIME = 359999;

// progressParams writes game g's entries, marks, colours and time as the
// parameters a share link adds after the puzzle (docs/web.md): e, a
// character a cell ("." for none or a given, else the value in base 36);
// m, for each cell with marks or a colour, its number, its corner and
// centre marks (bit k for the k-th value from the smallest) and its colour
// in base 36, joined by ".", cells joined by "_"; t, the seconds played.
function progressParams(g) {
  const e = g.values.map((v, i) => (v === null || g.given[i] !== null ? "." : v.toString(36))).join("");
  const bits = (set) => [...set].reduce((b, v) => b | (1 << (v - g.lo)), 0);
  const m = [];
  for (let i = 0; i < g.n * g.n; i++) {
    const k = bits(g.corner[i]), c = bits(g.centre[i]), o = g.colour[i];
    if (k || c || o) m.push([i, k, c, o].map((x) => x.toString(36)).join("."));
  }
  return `&e=${e}${m.length ? `&m=${m.join("_")}` : ""}&t=${Math.min(g.elapsed, MAX_TIME)}`;
}

// readProgress reads the parameters progressParams wrote for game g, as
// a save Game.restore takes, or throws an Error saying what is wrong.
function readProgress(q, g) {
  const n2 = g.n * g.n, e = q.get("e") || "";
  if (e.length !== n2) throw new Error(t("v.progressCells", e.length, n2));
  const values = [...e].map((ch, i) => {
    if (ch === ".") return null;
    const v = /^[0-9a-z]$/.test(ch) ? parseInt(ch, 36) : NaN;
    if (!(v >= g.lo && v <= g.hi)) throw new Error(t("v.progressValue", i + 1, ch, g.lo, g.hi));
    return g.given[i] === null ? v : null;
  });
  const corner = Array.from({ length: n2 }, () => []), centre = Array.from({ length: n2 }, () => []);
  const colour = Array(n2).fill(0);
  const set = (b) => { const out = []; for (let k = 0; k < g.n; k++) if (b & (1 << k)) out.push(g.lo + k); return out; };
  for (const part of (q.get("m") || "").split("_").filter(Boolean)) {
    const [i, k, c, o] = part.split(".").map((x) => (/^[0-9a-z]+$/.test(x) ? parseInt(x, 36) : NaN));
    if (!(i >= 0 && i < n2) || !(k >= 0) || !(c >= 0) || !(o >= 0 && o <= 9)) throw new Error(t("v.progressMarks", part));
    corner[i] = set(k);
    centre[i] = set(c);
    colour[i] = o;
  }
  const secs = Number(q.get("t") || 0);
  if (!Number.isInteger(secs) || secs < 0) throw new Error(t("v.progressTime", q.get("t")));
  return { values, corner, centre, colour, elapsed: Math.min(secs, MAX_TIME), done: false };
}

function saves() {
  try { return JSON.parse(localStorage.getItem(SAVES)) || {}; } catch { return {}; }
}

// key names a puzzle in the saves: a hash of its text.
function key(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36) + text.length.toString(36);
}

function store() {
  if (!P.game) return;
  const all = saves();
  all[key(P.text)] = { ...P.game.save(), at: Date.now(), text: P.text, ...(P.meta ? { meta: P.meta } : {}) };
  const keys = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const k of keys.slice(KEEP)) delete all[k];
  try { localStorage.setItem(SAVES, JSON.stringify(all)); } catch { /* full or denied: play goes on unsaved */ }
}

const clock = (s) => {
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};

function tick() {
  const g = P.game;
  if (g && !g.done && document.visibilityState === "visible") {
    g.elapsed++;
    if (g.elapsed % 5 === 0) store();
  }
  $("v-timer").textContent = clock(g ? g.elapsed : 0);
}

// open reads text through /api/variant and starts (or resumes) its game;
// meta says where a puzzle made here came from (newgame.js).
export async function open(text, credit = null, progress = null, meta = null) {
  text = text.trim();
  linkError("");
  if (!text) { linkError(t("v.pasteFirst")); return; }
  // The puzzle's text as its link gives it back, so that a game is saved
  // under the same key whether its link was pasted or opened (a pasted
  // f-puzzles link comes back from the address bar as its payload alone).
  text = fromHash(shareHash(text)).text || text;
  say(t("v.opening"));
  // Only the last puzzle asked for opens: one picked while another was
  // on its way (the first visit's, say) must not be replaced by it.
  const ticket = ++P.opening;
  let model;
  try {
    model = await call("variant", { puzzle: text });
    if (ticket !== P.opening) return;
  } catch (err) {
    if (ticket !== P.opening) return;
    // The puzzle's fault (an error answer) is said under the link, and
    // the link shown there if it came from elsewhere (a page's link, the
    // list); the server's or the engine's absence on the status line.
    if (err.status) {
      say("");
      linkError(err.message);
      if (!$("v-link").value.trim()) $("v-link").value = text;
    } else {
      say(err.message, true);
    }
    return;
  }
  P.text = text;
  P.model = model;
  P.solution = null;
  P.status = "";
  // The board is drawn at once; the solution, which Check and the win
  // need, comes when the engine has it.
  const solving = call("solve", { puzzle: text }).then((s) => {
    if (P.text !== text) return;
    P.status = s.status;
    P.solution = s.solution ? parseLine(s.solution) : null;
    if (s.status !== "unique") say(t(s.status === "none" ? "v.noSolution" : "v.multiple"), true);
  }, (err) => { if (P.text === text) say(t("v.noCheck", err.message), true); });
  P.solving = solving;
  let saved = saves()[key(text)], shared = false, bad = "";
  P.meta = meta || (saved && saved.meta) || null;
  if (progress) {
    // A link with progress opens the game as it was shared, in place of
    // this browser's own game of the puzzle.
    try {
      saved = readProgress(progress, new Game(model));
      shared = true;
    } catch (err) {
      bad = t("v.badProgress", err.message);
    }
  }
  P.game = new Game(model, saved);
  closeHint(null);
  P.board = drawBoard($("v-board"), model);
  P.board.svg.addEventListener("pointerdown", pointerDown);
  showTitle(credit);
  showRules(model);
  $("v-builtin").value = credit ? String(BUILTIN.indexOf(credit)) : "";
  buildKeypad();
  $("v-result").hidden = !P.game.done;
  if (P.game.done) $("v-result-text").textContent = t("solvedInDone", clock(P.game.elapsed));
  history.replaceState(null, "", shareHash(text));
  // Progress that cannot be read is said under the link, in full (the
  // status line's two lines cut it), the puzzle opened all the same.
  if (bad) linkError(bad);
  // The size alone: the status line has two lines, and the rules are
  // listed beside the board (the kinds' names filled them and were cut).
  // Offline, the page says so, and what runs in this browser, instead.
  say(P.offline ? t("v.offline") : t(shared ? "v.openedShared" : saved ? "v.resumed" : "v.opened", `${model.size}x${model.size}`));
  if (shared || meta) store();
  judge(P.game);
  update();
  $("v-board").focus();
}

// linkError says why a link did not open under the link's box, in full
// (a reason is often longer than the status line's two lines), or
// clears it ("").
function linkError(msg) {
  $("v-link-error").textContent = msg;
  $("v-link-error").hidden = !msg;
}

// showTitle writes the puzzle's title and credit: its own, a built-in
// puzzle's, or those of a puzzle made here, in the page's language.
function showTitle(credit) {
  const m = P.model, made = P.meta && P.meta.kind === "killer";
  $("v-title").textContent = m.title || (credit && credit.title) || (made ? t("v.killerTitle", levelName(P.meta.level)) : t("v.untitled", m.size));
  const by = m.author || (credit && credit.author);
  $("v-credit").textContent = [by ? t("v.by", by) : "", credit ? t("v.source", credit.license, credit.source) : "", made ? t("v.madeHere", P.meta.seed) : ""].filter(Boolean).join(" · ");
}

// parseLine reads a solution line as /api/solve writes it.
function parseLine(s) {
  return [...s].map((c) => (c >= "A" ? c.charCodeAt(0) - 55 : Number(c)));
}

// COLOURS is how many colours colour mode offers: the classic game's
// nine whatever the grid's size, as colours are the player's notes, not
// values (a 4x4 grid offered four, a 16x16 one nine of its sixteen keys).
const COLOURS = 9;

// buildKeypad puts the values of the grid on the keypad, or in colour
// mode the colours. Its rows stay as many either way, so that nothing
// under it moves: one row of up to nine keys, or two of a bigger grid's
// (the colours five and four, not eight and one alone).
function buildKeypad() {
  const pad = $("v-keypad"), g = P.game;
  if (!g) return;
  const colour = P.mode === "colour", lo = colour ? 1 : g.lo, hi = colour ? COLOURS : g.hi;
  pad.replaceChildren();
  pad.classList.toggle("v-colours", colour);
  const rows = g.n > 9 ? 2 : 1;
  pad.style.setProperty("--cols", Math.ceil((colour ? COLOURS : g.n) / rows));
  for (let v = lo; v <= hi; v++) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.value = v;
    b.textContent = valueName(v);
    b.setAttribute("aria-label", t(colour ? "v.colour" : "v.value", v));
    b.addEventListener("click", () => enter(v));
    pad.appendChild(b);
  }
  lockPlay();
}

function update() {
  const g = P.game;
  if (!g) return;
  render(g, P.board);
  $("v-undo").disabled = !g.undos.length || g.done;
  $("v-redo").disabled = !g.redos.length || g.done;
  lockPlay();
  $("v-cell").textContent = describe(g, g.cursor);
  tick0();
}

const tick0 = () => { $("v-timer").textContent = clock(P.game ? P.game.elapsed : 0); };

function after(changed) {
  if (!changed) return;
  const g = P.game;
  // A move closes the hint, and one still on its way (its grid is gone).
  if (g.hint || !$("v-hint").hidden) closeHint(g);
  judge(g);
  store();
  update();
}

// judge wins game g when its grid is full and is the solution, or says
// that a full grid is wrong; while the engine's solution is on its way
// it waits for it. So does a game that opens full: a puzzle given whole,
// or a link whose progress finishes it (neither was shown won). A puzzle
// without one solution has none to win by (a full grid of one waited for
// it again and again, and the page hung).
function judge(g) {
  if (!g.full() || g.done) return;
  if (!P.solution && P.solving) {
    P.solving.then(() => {
      if (P.game !== g || g.done || !P.solution) return;
      judge(g);
      store();
      update();
    });
    return;
  }
  if (P.solution && g.values.every((v, i) => v === P.solution[i])) {
    g.done = true;
    g.sel.clear();
    $("v-result").hidden = false;
    $("v-result-text").textContent = t("solvedInDone", clock(g.elapsed));
    say(t("solved"));
  } else if (P.solution) {
    say(t("v.wrongFull"), true);
  }
}

// enter puts value v into the selected cells in the current mode (or a
// modifier's).
function enter(v, mode = P.mode) {
  const g = P.game;
  if (!g) return;
  if (!g.sel.size) g.sel.add(g.cursor);
  after(g.apply(mode, v));
}

// after2 redraws after a hint, and goes on as after a move when it
// changed the grid.
function after2(changed) {
  if (changed) after(true); else update();
}

function setMode(m) {
  const was = P.mode;
  P.mode = m;
  if ((was === "colour") !== (m === "colour") || !$("v-keypad").childElementCount) buildKeypad();
  for (const b of document.querySelectorAll(".v-modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === m));
  lockPlay();
}

// lockPlay enables what plays the game while it is not won, as on the
// classic page: a won game takes no more values, marks, hints or checks
// (Check said "No mistakes so far." and Erase stayed on), only Restart.
function lockPlay() {
  const won = !!(P.game && P.game.done);
  for (const id of ["v-erase", "v-hint-button", "v-check"]) $(id).disabled = won;
  for (const b of document.querySelectorAll("#v-keypad button, .v-modes button")) b.disabled = won;
}

function cellAt(e) {
  const pt = P.board.svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const p = pt.matrixTransform(P.board.svg.getScreenCTM().inverse());
  const n = P.game.n, u = 64;
  const c = Math.floor(p.x / u), r = Math.floor(p.y / u);
  return r >= 0 && c >= 0 && r < n && c < n ? r * n + c : -1;
}

function pointerDown(e) {
  const g = P.game, i = cellAt(e);
  if (i < 0 || !g) return;
  e.preventDefault();
  $("v-board").focus();
  const add = e.ctrlKey || e.metaKey || e.shiftKey;
  P.last = null; // a new selection starts a new value
  if (!add) g.sel.clear();
  const removing = add && g.sel.has(i);
  if (removing) g.sel.delete(i); else g.sel.add(i);
  g.cursor = i;
  update();
  const svg = P.board.svg;
  const move = (ev) => {
    const j = cellAt(ev);
    if (j >= 0 && !g.sel.has(j) && !removing) { g.sel.add(j); g.cursor = j; update(); }
  };
  const up = () => { svg.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
  svg.setPointerCapture?.(e.pointerId);
  svg.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

function keyDown(e) {
  const g = P.game;
  if (!g) return;
  const n = g.n;
  if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z")) { e.preventDefault(); after(e.shiftKey ? g.redo() : g.undo()); return; }
  if ((e.ctrlKey || e.metaKey) && (e.key === "y" || e.key === "Y")) { e.preventDefault(); after(g.redo()); return; }
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    e.preventDefault();
    const r = Math.floor(g.cursor / n), c = g.cursor % n;
    const nr = (r + (e.key === "ArrowUp" ? -1 : e.key === "ArrowDown" ? 1 : 0) + n) % n;
    const nc = (c + (e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0) + n) % n;
    g.cursor = nr * n + nc;
    P.last = null;
    if (!e.shiftKey && !e.ctrlKey) g.sel.clear();
    g.sel.add(g.cursor);
    update();
    return;
  }
  if (e.key === "Backspace" || e.key === "Delete") { e.preventDefault(); enter(0, "erase"); P.last = null; return; }
  const mode = e.shiftKey ? "corner" : e.ctrlKey || e.altKey ? "centre" : P.mode;
  if (mode === "colour" && /^[a-zA-Z]$/.test(e.key)) return;
  let v = null;
  const dm = e.code && e.code.match(/^(?:Digit|Numpad)(\d)$/);
  if (dm) v = Number(dm[1]);
  else if (/^[a-zA-Z]$/.test(e.key) && !e.ctrlKey && !e.metaKey && g.hi >= 10) v = 10 + e.key.toLowerCase().charCodeAt(0) - 97;
  if (v === null) return;
  e.preventDefault();
  // Values above 9 by two keystrokes: 1 then 3 within a second is 13.
  const now = Date.now();
  if (dm && mode !== "colour" && P.last && now - P.last.at < 1000 && P.last.mode === mode && g.hi >= 10 && 10 * P.last.v + v <= g.hi && P.last.v >= 1) {
    const two = 10 * P.last.v + v;
    if (mode === "value") g.undo(); else g.apply(mode, P.last.v); // take the first keystroke back
    P.last = null;
    enter(two, mode);
    return;
  }
  if (mode === "colour" ? v < 1 || v > COLOURS : v < g.lo || v > g.hi) return;
  enter(v, mode);
  P.last = dm && v * 10 + g.lo <= g.hi ? { v, at: now, mode } : null;
}

async function check() {
  const g = P.game;
  if (!g) return;
  await P.solving;
  if (!P.solution) { say(t("v.noSolution"), true); return; }
  g.wrong = new Set();
  g.values.forEach((v, i) => { if (v !== null && g.given[i] === null && v !== P.solution[i]) g.wrong.add(i); });
  const n = g.wrong.size;
  say(n === 0 ? t("v.noMistakes") : n === 1 ? t("v.wrong1") : t("v.wrongN", n), n > 0);
  update();
}

// restart clears the game as one move, which Undo takes back (a click
// on Restart lost the game for good); a finished game starts afresh,
// clock and all.
function restart() {
  if (!P.model || !P.game) return;
  closeHint(P.game);
  P.last = null;
  if (P.game.done) {
    P.game = new Game(P.model);
    $("v-result").hidden = true;
    store();
    say(t("v.restarted"));
    judge(P.game); // a puzzle given whole is won again
    update();
    return;
  }
  const changed = P.game.reset();
  after(changed);
  if (changed) say(t("restarted"));
  update();
}

// share copies a link to the puzzle, or with the player's progress (as
// the classic page's Share progress does).
async function share(withProgress) {
  if (!P.text) return;
  const url = location.origin + location.pathname + shareHash(P.text) + (withProgress && P.game ? progressParams(P.game) : "");
  try {
    await navigator.clipboard.writeText(url);
    say(t(withProgress ? "v.copiedProgress" : "v.copied"));
  } catch {
    say(t("shareThis", url));
  }
}

function theme() {
  let prefs = {};
  try { prefs = JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { /* none yet */ }
  const set = (th) => {
    if (th === "light" || th === "dark") document.documentElement.dataset.theme = th;
    else document.documentElement.removeAttribute("data-theme");
    $("v-theme").textContent = t("theme", t(`theme.${th || "auto"}`));
  };
  set(prefs.theme);
  $("v-theme").addEventListener("click", () => {
    prefs.theme = { auto: "light", light: "dark", dark: "auto" }[prefs.theme] || "light";
    set(prefs.theme);
    try { localStorage.setItem(PREFS, JSON.stringify(prefs)); } catch { /* denied: this page only */ }
  });
}

// words puts the page's words in its language (js/variant/lang.js chose
// it before the first paint, and hid the page if it is not English),
// then shows the page.
async function words() {
  const l = document.documentElement.dataset.lang;
  if (l && l !== "en" && l in i18n.LANGS) {
    try {
      i18n.use(l, await i18n.load(l));
      i18n.translate();
      document.querySelector('meta[name="description"]').content = t("v.pageDescription");
      $("v-link").placeholder = t("v.linkPlaceholder");
    } catch { /* the words cannot be had: the page stays in English */ }
  }
  document.documentElement.classList.remove("i18n-wait");
}

async function init() {
  await words();
  theme();
  statusLine(document.querySelector(".v-status"));
  const sel = $("v-builtin");
  BUILTIN.forEach((p, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `${p.title} (${p.author})`;
    sel.appendChild(o);
  });
  sel.addEventListener("change", () => {
    const p = BUILTIN[Number(sel.value)];
    if (p) open(p.fpuzzles, p);
  });
  $("v-import").addEventListener("submit", (e) => { e.preventDefault(); open($("v-link").value); });
  for (const b of document.querySelectorAll(".v-modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
  $("v-undo").addEventListener("click", () => after(P.game && P.game.undo()));
  $("v-redo").addEventListener("click", () => after(P.game && P.game.redo()));
  $("v-erase").addEventListener("click", () => enter(0, "erase"));
  $("v-check").addEventListener("click", check);
  $("v-hint-button").addEventListener("click", () => { if (P.game && !P.game.done) hint(call, P.text, P.game, after2, P.status); });
  $("v-hint-apply").addEventListener("click", () => applyHint(P.game, after2));
  $("v-hint-close").addEventListener("click", () => { closeHint(P.game); update(); });
  $("v-restart").addEventListener("click", restart);
  $("v-share").addEventListener("click", () => share(false));
  $("v-share-progress").addEventListener("click", () => share(true));
  setupNew(call, (text, meta) => open(text, null, null, meta));
  // Keys play wherever the focus is (after a keypad button, say), except
  // in the link's box and the list.
  document.addEventListener("keydown", (e) => { if (!e.target.closest("input, select, textarea")) keyDown(e); });
  setInterval(tick, 1000);
  // A link of the page opens its puzzle; one that cannot be read says so
  // (the page stayed empty without a word).
  const follow = (first) => {
    const h = fromHash(location.hash);
    if (h.text && (first || h.text !== P.text || h.progress)) open(h.text, creditOf(h.text), h.progress);
    else if (h.bad) linkError(t("linkUnreadable"));
    else if (first) {
      // The page without a link opens the game played last, as the
      // classic page does, or on a first visit the first built-in
      // puzzle: a board to play at once, not an empty frame.
      const last = Object.values(saves()).filter((s) => s.text).sort((a, b) => b.at - a.at)[0];
      if (last) open(last.text, creditOf(last.text));
      else open(BUILTIN[0].fpuzzles, BUILTIN[0]);
    }
  };
  window.addEventListener("hashchange", () => follow(false));
  follow(true);
  document.body.dataset.ready = "";
  keep();
}

// keep has the service worker keep the page's files and its offline
// engine (offline.js) once the page has loaded.
function keep() {
  const go = () => keepOffline("variant");
  if (document.readyState === "complete") go(); else window.addEventListener("load", go, { once: true });
}

// creditOf returns the built-in puzzle whose text is t, for its credit.
const creditOf = (t) => BUILTIN.find((p) => p.fpuzzles === t) || null;

init();
