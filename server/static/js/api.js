// The JSON API (docs/web.md): the calls, what the server offers, and the
// tools that need the puzzle's solution: check, reveal and solve.
import { cellName, cellIndex, parseLine, formatLine, conflicts, solved } from "./sudoku.js";
import { t, apiError } from "./i18n.js";
import { $, S, save, say, ask, canPlay, editable, onClick } from "./state.js";
import { render } from "./board.js";
import { Edits } from "./moves.js";
import { rateInBackground } from "./games.js";

// offline lists the calls the offline engine (engine.js) answers when
// the server cannot be reached; the server is the fast path while it can.
const offline = ["generate", "solve", "hint", "explain", "trace"];

export async function call(name, body) {
  if (S.api.offline && offline.includes(name)) return runOffline(name, body);
  let res;
  try {
    res = await fetch(`api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    if (offline.includes(name)) return runOffline(name, body);
    throw unreachable();
  }
  let data = null;
  try { data = await res.json(); } catch { /* no JSON body */ }
  if (!res.ok) throw apiError(res.status, res.statusText, data);
  return data;
}

// runOffline makes the call in the offline engine; an engine that cannot
// be loaded fails as a server that cannot be reached.
async function runOffline(name, body) {
  try {
    return await (await load("engine")).run(name, body);
  } catch (err) {
    throw err.offline ? unreachable() : err;
  }
}

// unreachable is the error of a request that reached no server: offline,
// or the server stopped.
export function unreachable() {
  const err = new Error(t("serverDown"));
  err.offline = true;
  return err;
}

// load imports a module of the page that is loaded when first used, with
// the page's words for a failure to reach the server.
export async function load(name) {
  try {
    return await import(`./${name}.js`);
  } catch {
    throw unreachable();
  }
}

export const has = (name) => S.api.endpoints.includes(name);

// solution gets the solution of the puzzle once and keeps it with the
// game: from the solver when the server has one, or else by playing out
// the logical path of "explain", whose last resort places digits of the
// solution.
export async function solution() {
  if (S.game.solution) return S.game.solution;
  const puzzle = formatLine(S.game.puzzle);
  if (has("solve")) {
    const r = await call("solve", { puzzle });
    if (r.status === "none") throw new Error(t("noSolution"));
    S.game.solution = parseLine(r.solution);
    S.game.unique = r.status === "unique";
  } else if (has("explain")) {
    const r = await call("explain", { puzzle });
    const sol = S.game.puzzle.slice();
    for (const s of r.steps) for (const p of s.placements || []) sol[cellIndex(p.cell)] = p.digit;
    if (!solved(sol)) throw new Error(t("noWorkOut"));
    S.game.solution = sol;
    S.game.unique = true;
  } else {
    throw new Error(t("cannotSolve"));
  }
  save();
  return S.game.solution;
}

// markWrong marks the entries that differ from the solution, for the
// option that does so as you go.
export async function markWrong() {
  if (!has("solve") && !has("explain")) return;
  const g = S.game;
  try {
    const sol = await solution();
    if (g !== S.game) return;
    g.helped = true;
    g.wrong = [];
    for (let i = 0; i < 81; i++) if (g.values[i] && !g.puzzle[i] && g.values[i] !== sol[i]) g.wrong.push(i);
    render();
  } catch {
    // no solution to compare with
  }
}

export async function check() {
  if (!canPlay()) return;
  const bad = conflicts(S.game.values);
  if (!has("solve") && !has("explain")) {
    say(bad.size ? t("breakRules", bad.size) : t("noBreak"), bad.size > 0);
    return;
  }
  try {
    const sol = await solution();
    S.game.helped = true;
    S.game.wrong = [];
    for (let i = 0; i < 81; i++) {
      if (S.game.values[i] && !S.game.puzzle[i] && S.game.values[i] !== sol[i]) S.game.wrong.push(i);
    }
    const entries = S.game.values.filter((v, i) => v && !S.game.puzzle[i]).length;
    render();
    const note = S.game.unique === false ? t("checkedOne") : "";
    if (S.game.wrong.length) say(t("wrongEntries", S.game.wrong.length, entries, note), true);
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
    S.game.helped = true;
    const ed = new Edits();
    for (const i of targets) ed.place(i, sol[i]);
    ed.commit("reveal");
    if (targets.length === 1 && !S.game.result) say(t("cellIs", cellName(targets[0]), sol[targets[0]]));
  } catch (e) {
    say(e.message, true);
  }
}

// solveAll shows the whole solution, once the player says so: the game is
// then not won, unless an Undo right after takes it back (moves.js); it
// counts as help either way.
async function solveAll() {
  if (!canPlay()) return;
  if (!(await ask(t("solveAsk"), t("solve"))) || !canPlay()) return;
  try {
    const sol = await solution();
    S.game.helped = true;
    const ed = new Edits();
    for (let i = 0; i < 81; i++) ed.set(i, { v: sol[i], corner: 0, centre: 0, elim: 0 });
    ed.flags({ shown: true });
    ed.commit("solve");
  } catch (e) {
    say(e.message, true);
  }
}

// discover asks the server what it offers, and shows the tools it can serve.
export async function discover() {
  try {
    S.api = await call("info", {});
  } catch {
    // Offline: the page's files came from the service worker (sw.js).
    // New games, hints and checks then run in the page (engine.js).
    S.api = { endpoints: offline, offline: true };
    if (!$("message").textContent) say(t("offlinePlay"));
  }
  $("hint").hidden = !has("hint");
  const solves = has("solve") || has("explain");
  $("reveal").hidden = !solves;
  $("solve").hidden = !solves;
  $("replay").hidden = !has("explain") && !has("trace");
  for (const o of $("replay-source").options) o.disabled = !has(o.value === "trace" ? "trace" : "explain");
  $("new").disabled = !has("generate");
  $("daily").disabled = !has("generate");
  $("result-new").disabled = !has("generate");
  $("create").hidden = !has("solve");
  if (S.game && !S.game.level && !S.game.rating) rateInBackground(S.game);
}

export function wireTools() {
  onClick("check", check);
  onClick("reveal", reveal);
  onClick("solve", solveAll);
}
