// What the page keeps in the browser's local storage: the games, one entry
// each, with an index of them for the list; the statistics per level; the
// settings. Storage may be missing or full (private windows): then the
// game still works, it is just not kept.

const INDEX = "godoku.games.v2"; // [{id, puzzle, level, source, filled, elapsed, updated, result}]
const GAME = "godoku.game.v2."; // + id: the whole game
const OLD = "godoku.game.v1"; // the one game of earlier versions
const STATS = "godoku.stats.v1";
const PREFS = "godoku.prefs.v1";

// MAX_GAMES is how many games are kept. Beyond it, games never touched go
// first, then finished ones, the least recently played first; a game in
// progress goes only when the page has asked the player (roomFor).
export const MAX_GAMES = 20;

// LEVELS are the levels of the generator; other puzzles count as "Other"
// until they are rated.
export const LEVELS = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}

const grid = (a, max) => Array.isArray(a) && a.length === 81 && a.every((v) => Number.isInteger(v) && v >= 0 && v <= max);

// normalize checks a stored game and fills in the fields older versions
// lack; it returns null for anything that is not a game.
export function normalize(g) {
  if (!g || !grid(g.puzzle, 9) || !grid(g.values, 9)) return null;
  const zeros = () => Array(81).fill(0);
  g.corner = grid(g.corner, 0x3fe) ? g.corner : zeros();
  g.centre = grid(g.centre, 0x3fe) ? g.centre : grid(g.notes, 0x3fe) ? g.notes : zeros();
  g.colour = grid(g.colour, 9) ? g.colour : zeros();
  g.elim = grid(g.elim, 0x3fe) ? g.elim : zeros();
  delete g.notes;
  g.id = typeof g.id === "string" ? g.id : newId();
  g.level = typeof g.level === "string" ? g.level : "";
  g.source = typeof g.source === "string" ? g.source : "";
  g.daily = isDay(g.daily) ? g.daily : "";
  g.elapsed = Number(g.elapsed) || 0;
  g.updated = Number(g.updated) || Date.now();
  g.result = g.result === "solved" || g.result === "revealed" ? g.result : g.done ? "solved" : null;
  delete g.done;
  g.history = Array.isArray(g.history) ? g.history.filter(validMove) : [];
  g.future = Array.isArray(g.future) ? g.future.filter(validMove) : [];
  return g;
}

// A move is a list of [cell, from, to], from and to being cell states
// [value, corner, centre, colour, elim], or for "cell" 81 the game's flags
// [auto, shown, 0, 0, 0]; earlier versions kept [value, notes], which read
// as [value, 0, notes].
function validMove(m) {
  if (!Array.isArray(m)) return false;
  for (const c of m) {
    if (!Array.isArray(c) || c.length !== 3 || !Number.isInteger(c[0]) || c[0] < 0 || c[0] > 81) return false;
    for (const k of [1, 2]) {
      if (!Array.isArray(c[k])) return false;
      if (c[k].length === 2) c[k] = [c[k][0], 0, c[k][1], 0, 0];
      if (c[k].length !== 5) return false;
    }
  }
  return true;
}

export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
}

// touched reports whether a game has been played: a move made, or
// entries or marks that came with it (a link with progress).
export function touched(g) {
  return g.history.length > 0 || g.future.length > 0 || !!g.result
    || g.values.some((v, i) => v !== g.puzzle[i]) || g.corner.some(Boolean) || g.centre.some(Boolean) || g.colour.some(Boolean);
}

function summary(g) {
  return {
    touched: touched(g),
    id: g.id,
    puzzle: g.puzzle.map((v) => v || ".").join(""),
    level: g.level,
    source: g.source,
    daily: g.daily,
    filled: g.values.filter(Boolean).length,
    elapsed: g.elapsed,
    updated: g.updated,
    result: g.result,
  };
}

// listGames returns the summaries of the kept games, most recent first.
export function listGames() {
  const list = read(INDEX);
  return Array.isArray(list) ? list.filter((s) => s && typeof s.id === "string").sort((a, b) => b.updated - a.updated) : [];
}

export function loadGame(id) {
  return normalize(read(GAME + id));
}

// dropOrder lists the kept games but keep, in the order they may go
// without asking: never touched, then finished, each the least recently
// played first (a summary without touched, from an earlier version, counts
// as touched).
function dropOrder(list, keep) {
  const rest = list.filter((s) => s.id !== keep).reverse();
  return [...rest.filter((s) => s.touched === false), ...rest.filter((s) => s.touched !== false && s.result)];
}

// roomFor tells whether one more game fits beside the kept ones (those of
// list, the game keep stays) without a game in progress going: null when
// it does, or else the summary of the game in progress that would go, the
// least recently played, for the page to ask about.
export function roomFor(keep, list = listGames()) {
  if (list.length < MAX_GAMES || dropOrder(list, keep).length) return null;
  return list.filter((s) => s.id !== keep).at(-1) || null;
}

// saveGame keeps a game and its line in the list, and returns whether it
// could. Beyond MAX_GAMES games it drops others in dropOrder, and no game
// in progress (the page drops one itself when the player says so, see
// roomFor): the list may then hold more. When the storage is full it makes
// room the same way, then keeps the game without its undo history.
export function saveGame(g) {
  let list = [summary(g), ...listGames().filter((s) => s.id !== g.id)];
  const drop = (s) => { remove(GAME + s.id); list = list.filter((x) => x !== s); };
  for (let order = dropOrder(list, g.id); list.length > MAX_GAMES && order.length; order = dropOrder(list, g.id)) drop(order[0]);
  let kept = write(GAME + g.id, g);
  for (let order = dropOrder(list, g.id); !kept && order.length; order = dropOrder(list, g.id)) {
    drop(order[0]);
    kept = write(GAME + g.id, g);
  }
  if (!kept) kept = write(GAME + g.id, { ...g, history: [], future: [] });
  write(INDEX, kept ? list : list.filter((s) => s.id !== g.id));
  return kept;
}

export function deleteGame(id) {
  remove(GAME + id);
  write(INDEX, listGames().filter((s) => s.id !== id));
}

// takeOldGame returns the game kept by earlier versions of the page, once.
export function takeOldGame() {
  const g = normalize(read(OLD));
  remove(OLD);
  return g;
}

// ---- statistics ----
//
// Per level: played (games with at least one move), solved (by the player:
// not by Solve, nor by revealing the last cell), clean (solved without a
// hint, a check or a revealed cell), best and total time of the solved.

export function loadStats() {
  const s = read(STATS);
  return s && typeof s === "object" && !Array.isArray(s) ? s : {};
}

function levelStats(all, level) {
  const s = all[level] || {};
  for (const k of ["played", "solved", "clean", "total"]) s[k] = Number(s[k]) || 0;
  s.best = Number(s.best) || 0;
  all[level] = s;
  return s;
}

export const statsLevel = (g) => (LEVELS.includes(g.level) ? g.level : "Other");

export function recordPlayed(level) {
  const all = loadStats();
  levelStats(all, level).played++;
  write(STATS, all);
}

// movePlayed moves a game played from one level's count to another's, for
// a game whose rating came after its first move.
export function movePlayed(from, to) {
  if (from === to) return;
  const all = loadStats();
  const f = levelStats(all, from);
  if (f.played > 0) f.played--;
  levelStats(all, to).played++;
  if (!f.played && !f.solved) delete all[from];
  write(STATS, all);
}

// recordSolved counts a win and returns the level's figures before it, so
// that the page can say whether it was a best time.
export function recordSolved(level, ms, clean) {
  const all = loadStats();
  const s = levelStats(all, level);
  const before = { ...s };
  s.solved++;
  if (clean) s.clean++;
  s.total += ms;
  if (!s.best || ms < s.best) s.best = ms;
  write(STATS, all);
  return { before, after: { ...s } };
}

export function resetStats() {
  remove(STATS);
}

// ---- the daily puzzle ----
//
// A day is a local date, "2026-11-28". The statistics keep the days whose
// daily puzzle (of any level) the player solved, the last DAYS_KEPT of
// them, and the longest run of days in a row: the streak is the run that
// ends today, or yesterday while today's is still to play.

const DAYS_KEPT = 400;

export const isDay = (d) => typeof d === "string" && /^\d{4}-\d\d-\d\d$/.test(d);

// day returns the local date of a time (now by default), as a day.
export function day(date = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

// shift returns the day k days after d (before, for k < 0).
function shift(d, k) {
  const [y, m, n] = d.split("-").map(Number);
  return day(new Date(y, m - 1, n + k));
}

// runTo is the number of days in a row in the set days that ends at d.
function runTo(days, d) {
  let n = 0;
  for (; days.has(d); d = shift(d, -1)) n++;
  return n;
}

function dailyStats(all) {
  const s = all.daily && typeof all.daily === "object" ? all.daily : {};
  s.days = Array.isArray(s.days) ? s.days.filter(isDay) : [];
  s.best = Number(s.best) || 0;
  all.daily = s;
  return s;
}

// loadDaily returns the daily puzzle's figures on the day today: the days
// solved, the streak and the longest.
export function loadDaily(today = day()) {
  const s = dailyStats(loadStats());
  const days = new Set(s.days);
  const streak = runTo(days, today) || runTo(days, shift(today, -1));
  return { solved: s.days.length, streak, best: Math.max(s.best, streak) };
}

// recordDaily counts the daily puzzle of day d as solved, and returns the
// figures as loadDaily does.
export function recordDaily(d, today = day()) {
  const all = loadStats();
  const s = dailyStats(all);
  if (!s.days.includes(d)) s.days = [...s.days, d].sort().slice(-DAYS_KEPT);
  const days = new Set(s.days);
  // Solving a past day's puzzle may join two runs: the longest is the run
  // through d.
  let end = d;
  while (days.has(shift(end, 1))) end = shift(end, 1);
  s.best = Math.max(s.best, runTo(days, end));
  write(STATS, all);
  return loadDaily(today);
}

// ---- settings ----

export const DEFAULT_PREFS = {
  conflicts: true, same: true, autoremove: true, wrong: false, labels: false,
  grid: false, timer: true, celebrate: true, marks: true, flip: false, wasd: false, short: false, ring: false, spoiler: false, hintTier: "nudge", replayFrom: "givens", theme: "auto", level: "Easy", replay: "logic", lang: "",
};

export function loadPrefs() {
  const p = read(PREFS);
  return { ...DEFAULT_PREFS, ...(p && typeof p === "object" ? p : {}) };
}

export function savePrefs(p) {
  write(PREFS, p);
}

// current remembers which game was open last.
const CURRENT = "godoku.current.v2";
export const loadCurrent = () => read(CURRENT);
export const saveCurrent = (id) => write(CURRENT, id);
