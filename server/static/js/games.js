// The games: the one on show (resume, start, a link's), new games from the
// generator, the list of the games kept in the browser and the
// statistics; the timer and pause.
import { parseLine, formatLine, formatTime, candidates, solved, progressLink } from "./sudoku.js";
import * as store from "./store.js";
import * as i18n from "./i18n.js";
import { t, levelName, sourceName, techName } from "./i18n.js";
import { $, S, prefs, blankGame, save, savePrefs, say, closeMenu, onClick } from "./state.js";
import { cells, render, setText } from "./board.js";
import { clearHint } from "./hints.js";
import { call, has, solution } from "./api.js";
import { closeReplay } from "./watch.js";
import { cancelCreate } from "./create.js";

let lastTick = 0;
let tick = 0;

export function runTimer() {
  const now = performance.now();
  const dt = lastTick ? now - lastTick : 0;
  lastTick = now;
  if (S.game && !S.game.result && !S.paused && !S.replay && !S.creating && document.visibilityState === "visible") {
    S.game.elapsed += dt;
    setText($("timer"), formatTime(S.game.elapsed));
    if (++tick % 20 === 0) save();
  }
}

export function setPaused(p) {
  if (S.game.result || S.replay || S.creating) p = false;
  S.paused = p;
  render();
  if (!p) cells[S.cursor].focus({ preventScroll: true });
  else $("resume").focus({ preventScroll: true });
}

// ---- games ----

// resume makes g the game on show. At start-up (quiet) the page neither
// saves what it just read nor takes the focus, which would lay the page out
// inside the first task.
export function resume(g, quiet = false) {
  if (S.game && S.game !== g) save();
  S.game = g;
  S.mode = "digit";
  S.paused = false;
  closeReplay();
  clearHint();
  $("result").hidden = true;
  const first = S.game.values.indexOf(0);
  S.cursor = first < 0 ? 0 : first;
  S.sel = new Set([S.cursor]);
  if (!quiet) save();
  setHash();
  render();
  if (S.game.result) say(S.game.result === "solved" ? t("solvedInDone", formatTime(S.game.elapsed)) : t("shown"));
  if (!quiet) cells[S.cursor].focus({ preventScroll: true });
  if (!S.game.level && !S.game.rating) rateInBackground(S.game);
}

export function start(puzzle, level = "", source = "", progress = null, quiet = false) {
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
export async function rateInBackground(g) {
  if (!has("rate") || !has("solve")) return;
  try {
    // Only a puzzle with one solution has a rating: ask the solver first,
    // which answers the others without a failed request.
    await solution();
    if (g !== S.game || !g.unique) return;
    const r = await call("rate", { puzzle: formatLine(g.puzzle) });
    g.rating = r;
    // A game played before its rating came counts under its level now.
    if (g.counted && !g.result) store.movePlayed(store.statsLevel(g), store.statsLevel({ level: r.level }));
    if (!g.result) g.level = r.level;
    if (g === S.game) {
      save();
      render();
    }
  } catch {
    // Several solutions or none: the puzzle stays unrated.
  }
}

function setHash() {
  history.replaceState(null, "", `#${progressLink({ puzzle: S.game.puzzle })}`);
}

// openLink opens the puzzle of a link: the progress it carries as a new
// game, or else the last game kept of that puzzle, or else a new game.
export function openLink(link, quiet = false) {
  const line = formatLine(link.puzzle);
  if (link.values) return start(link.puzzle, "", "Shared", link, quiet);
  if (S.game && formatLine(S.game.puzzle) === line && !S.creating) return;
  const kept = store.listGames().find((s) => s.puzzle === line);
  const g = kept && store.loadGame(kept.id);
  if (g) resume(g, quiet);
  else start(link.puzzle, "", "Shared", null, quiet);
}

async function newGameFromServer() {
  if (S.creating) cancelCreate();
  const level = $("level").value;
  prefs.level = level;
  savePrefs();
  $("new").disabled = true;
  say(t("making", levelName(level)));
  try {
    const r = await call("generate", { level });
    start(parseLine(r.puzzle), r.level, "", null);
    S.game.rating = r.rating || null;
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
    const current = S.game && s.id === S.game.id && !S.creating;
    go.textContent = t(current ? "playing" : "resume");
    go.disabled = current;
    go.setAttribute("aria-describedby", `game-${s.id}`);
    text.id = `game-${s.id}`;
    go.addEventListener("click", () => {
      const g = store.loadGame(s.id);
      $("games-dialog").close();
      if (S.creating) cancelCreate();
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

export function wireGames() {
  onClick("pause", () => setPaused(!S.paused));
  onClick("resume", () => setPaused(false));
  onClick("new", newGameFromServer);
  onClick("result-new", newGameFromServer);
  onClick("result-close", () => {
    $("result").hidden = true;
    cells[S.cursor].focus({ preventScroll: true });
  });
  onClick("games", showGames);
  onClick("stats", () => { closeMenu(); showStats(); });
  onClick("stats-reset", () => {
    if (window.confirm(t("resetConfirm"))) {
      store.resetStats();
      showStats();
    }
  });
}
