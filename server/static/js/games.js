// The games: the one on show (resume, start, a link's), new games from the
// generator, the list of the games kept in the browser and the
// statistics; the timer and pause.
import { parseLine, formatLine, formatTime, candidates, solved, progressLink } from "./sudoku.js";
import * as store from "./store.js";
import * as i18n from "./i18n.js";
import { t, levelName, gameSource, dayName, techName } from "./i18n.js";
import { $, S, prefs, blankGame, save, savePrefs, say, ask, closeMenu, onClick } from "./state.js";
import { cells, render, setText } from "./board.js";
import { clearHint } from "./hints.js";
import { call, has, solution } from "./api.js";
import { closeReplay } from "./watch.js";
import { cancelCreate, closeCreate } from "./create.js";
import { showResult, stopCelebration } from "./moves.js";

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
  if (S.game && S.game !== g) leave();
  S.game = g;
  S.mode = "digit";
  S.paused = false;
  closeReplay();
  clearHint();
  stopCelebration();
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

// leave puts the game on show aside for another: kept, or when it was
// never touched, dropped, so that the list holds the games played.
function leave() {
  if (store.touched(S.game)) save();
  else store.deleteGame(S.game.id);
}

// makeRoom makes sure a new game can be kept: when the list is full of
// games in progress, it asks the player whether the least recently played
// may go, and resolves to false when they say no.
export async function makeRoom() {
  const current = S.creating ? S.creating.prev : S.game;
  let list = store.listGames();
  if (current && !store.touched(current)) list = list.filter((s) => s.id !== current.id);
  const goes = store.roomFor(current && current.id, list);
  if (!goes) return true;
  if (!(await ask(t("dropAsk", store.MAX_GAMES, gameLine(goes)), t("dropOk")))) return false;
  store.deleteGame(goes.id);
  return true;
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
// A link that holds no puzzle the page can play is refused, with a
// message that says why (readLink's error), and the game on show stays.
// openLink resolves to whether it opened a game.
export async function openLink(link, quiet = false) {
  const refuse = () => {
    if (S.game && !S.creating) setHash();
    return false;
  };
  if (link.error) {
    say(t(link.error, ...(link.args || [])), true);
    return refuse();
  }
  const line = formatLine(link.puzzle);
  if (S.game && !link.values && formatLine(S.game.puzzle) === line && !S.creating) return true;
  const kept = !link.values && store.listGames().find((s) => s.puzzle === line);
  const g = kept && store.loadGame(kept.id);
  if (!g && !(await makeRoom())) return refuse();
  if (S.creating) closeCreate();
  if (g) resume(g, quiet);
  else start(link.puzzle, "", "Shared", link.values ? link : null, quiet);
  if (link.note) say(t(link.note), true);
  return true;
}

async function newGameFromServer() {
  if (!(await makeRoom())) return;
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
    // The hardest technique gives the puzzle away: named only when the
    // player asks for it in Settings.
    say(r.rating && prefs.spoiler ? t("newGameHardest", levelName(r.level), techName(r.rating.hardest)) : t("newGameMade", levelName(r.level)));
  } catch (e) {
    say(t("noNewGame", e.message), true);
  } finally {
    $("new").disabled = false;
  }
}

// dailyGame opens today's daily puzzle of the level chosen: the game kept
// of it, or else the puzzle the server makes from the day and the level
// (the same for everyone, see /api/generate in docs/web.md).
async function dailyGame() {
  closeMenu();
  const level = $("level").value;
  prefs.level = level;
  savePrefs();
  const today = store.day();
  const kept = store.listGames().find((s) => s.daily === today && s.level === level);
  const g = kept && store.loadGame(kept.id);
  if (g) {
    if (S.creating) cancelCreate();
    if (g !== S.game) resume(g);
    say(t("dailyMade", levelName(level), dayName(today)));
    return;
  }
  if (!(await makeRoom())) return;
  if (S.creating) cancelCreate();
  $("daily").disabled = true;
  say(t("making", levelName(level)));
  try {
    const r = await call("generate", { level, date: today });
    start(parseLine(r.puzzle), r.level, "Daily", null);
    S.game.daily = today;
    S.game.rating = r.rating || null;
    save();
    render();
    say(t("dailyMade", levelName(r.level), dayName(today)));
  } catch (e) {
    say(t("noNewGame", e.message), true);
  } finally {
    $("daily").disabled = false;
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

// gameLine says a kept game in a line: its level, cells filled, time,
// state and when it was last played.
function gameLine(s) {
  const state = t(s.result === "solved" ? "stateSolved" : s.result === "revealed" ? "stateShown" : "stateProgress");
  const name = [s.level ? levelName(s.level) : "", gameSource(s)].filter(Boolean).join(" · ") || levelName("");
  return `${name} · ${s.filled}/81 · ${formatTime(s.elapsed)} · ${state} · ${whenText(s.updated)}`;
}

function showGames() {
  const list = $("games-list");
  const games = store.listGames();
  $("games-note").textContent = t("gamesNote", store.MAX_GAMES);
  list.replaceChildren(...games.map((s) => {
    const li = document.createElement("li");
    const text = document.createElement("span");
    text.className = "game-line";
    text.textContent = gameLine(s);
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
    del.addEventListener("click", async () => {
      if (!(await ask(t("deleteAsk", gameLine(s)), t("delete")))) return;
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
  const d = store.loadDaily();
  $("stats-daily").textContent = t("dailyStreak", d.solved, d.streak, d.best);
  if (!$("stats-dialog").open) $("stats-dialog").showModal();
}

export function wireGames() {
  onClick("pause", () => setPaused(!S.paused));
  onClick("resume", () => setPaused(false));
  onClick("new", newGameFromServer);
  onClick("daily", dailyGame);
  onClick("result-new", newGameFromServer);
  onClick("result-close", () => {
    $("result").hidden = true;
    cells[S.cursor].focus({ preventScroll: true });
  });
  onClick("games", showGames);
  onClick("stats", () => { closeMenu(); showStats(); });
  onClick("stats-reset", async () => {
    if (await ask(t("resetConfirm"), t("reset"))) {
      store.resetStats();
      showStats();
    }
  });
  window.addEventListener("storage", onStorage);
}

// onStorage follows the game on show when another tab of the page saves
// it: that tab's moves come in here at once, so that whichever tab saves
// last, no move is lost. When only its time changed, nothing else is
// touched (a hint on show stays).
function onStorage(e) {
  if (e.key === "godoku.games.v2" && $("games-dialog").open) return showGames();
  const g = S.creating ? S.creating.prev : S.game;
  if (!g || !e.newValue || e.key !== `godoku.game.v2.${g.id}`) return;
  const fresh = store.loadGame(g.id);
  if (!fresh) return;
  if (S.creating) {
    S.creating.prev = fresh;
    return;
  }
  const same = ["values", "corner", "centre", "colour", "elim", "auto", "result"].every((k) => JSON.stringify(g[k]) === JSON.stringify(fresh[k]));
  if (same) {
    g.elapsed = fresh.elapsed;
    g.history = fresh.history;
    g.future = fresh.future;
    return;
  }
  const won = fresh.result && !g.result;
  S.game = fresh;
  clearHint();
  if (won) showResult();
  else if (!fresh.result) $("result").hidden = true;
  render();
}
