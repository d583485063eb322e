// Moves: every change to the grid is gathered in an Edits and committed
// as one move, which Undo takes back and Redo does again; afterChange then
// settles the game (the end of a game, the statistics, the save).
import { PEERS, solved, formatTime } from "./sudoku.js";
import * as store from "./store.js";
import { t, levelName } from "./i18n.js";
import { $, S, prefs, save, say } from "./state.js";
import { render } from "./board.js";
import { clearHint } from "./hints.js";
import { markWrong } from "./api.js";
import { checkCreation } from "./create.js";

// FLAGS is the place in a move of the game's own state, beside its cells
// 0 to 80: [auto, shown, 0, 0, 0], live candidates on and the solution
// shown, so that turning Candidates on, or Solve, is a move Undo takes back.
const FLAGS = 81;

const stateOf = (i) => (i === FLAGS ? [S.game.auto ? 1 : 0, S.game.shown ? 1 : 0, 0, 0, 0]
  : [S.game.values[i], S.game.corner[i], S.game.centre[i], S.game.colour[i], S.game.elim[i]]);

function setState(i, s) {
  if (i === FLAGS) {
    S.game.auto = !!s[0];
    S.game.shown = !!s[1];
  } else {
    [S.game.values[i], S.game.corner[i], S.game.centre[i], S.game.colour[i], S.game.elim[i]] = s;
  }
}

// solvedAt is when Solve last showed the solution: an Undo right after it
// (within ten seconds, its card still up) takes it back as if it had not
// been shown; a later one leaves the game shown, never to be won.
let solvedAt = -Infinity;

// Edits gathers changes to cells, each a patch of {v, corner, centre,
// colour, elim}, and of the game's flags, and commits them as one move.
export class Edits {
  constructor() { this.map = new Map(); }
  // flags changes the game's flags: {auto, shown}.
  flags(patch) {
    const [auto, shown] = this.map.get(FLAGS) || stateOf(FLAGS);
    const f = { auto: !!auto, shown: !!shown, ...patch };
    this.map.set(FLAGS, [f.auto ? 1 : 0, f.shown ? 1 : 0, 0, 0, 0]);
  }
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
    S.game.history.push(move);
    if (S.game.history.length > 1000) S.game.history.shift();
    S.game.future = [];
    if (how === "solve") solvedAt = performance.now();
    afterChange(how);
    return true;
  }
}

export function undo() {
  if (S.game.result === "solved" || S.replay || S.paused) return;
  const move = S.game.history.pop();
  if (!move) return;
  for (let k = move.length - 1; k >= 0; k--) setState(move[k][0], move[k][1]);
  const solve = move.find(([i, from, to]) => i === FLAGS && !from[1] && to[1]);
  if (solve && !(performance.now() - solvedAt < 10000 && !$("result").hidden)) S.game.shown = true;
  solvedAt = -Infinity;
  S.game.future.push(move);
  afterChange("undo");
}

export function redo() {
  if (S.replay || S.paused) return;
  const move = S.game.future.pop();
  if (!move) return;
  for (const [i, , to] of move) setState(i, to);
  S.game.history.push(move);
  afterChange("redo");
}

// afterChange settles the game after a move: "player" for the player's
// own, "reveal" and "solve" for the solution's, which end a game without
// winning it.
function afterChange(how) {
  S.game.wrong = null;
  clearHint();
  if (S.creating) {
    render();
    checkCreation();
    return;
  }
  if (!S.game.counted) {
    S.game.counted = true;
    store.recordPlayed(store.statsLevel(S.game));
  }
  const full = solved(S.game.values);
  if (full && !S.game.result) finish(how);
  else if (!full && S.game.result === "revealed") {
    S.game.result = null; // Undo after Solve: back to playing, never to be won
    $("result").hidden = true;
  } else if (!full) say("");
  if (prefs.wrong && !S.game.result) markWrong();
  save();
  render();
}

function finish(how) {
  S.paused = false;
  S.sel = new Set([S.cursor]);
  // The solution shown, by Solve or a revealed last cell, is never a
  // win, not even after Undo and Redo.
  if (how === "reveal" || how === "solve") S.game.shown = true;
  const won = !S.game.shown;
  S.game.result = won ? "solved" : "revealed";
  let stats = "";
  if (won && !S.game.recorded) {
    S.game.recorded = true;
    const level = store.statsLevel(S.game);
    const { before, after } = store.recordSolved(level, S.game.elapsed, !S.game.helped);
    const best = !before.best || S.game.elapsed < before.best;
    stats = t(best ? "statsNewBest" : "statsBest", levelName(level), formatTime(after.total / after.solved),
      after.solved, after.played, after.clean, formatTime(after.best));
    if (S.game.daily) {
      const d = store.recordDaily(S.game.daily);
      stats += " " + t("dailyStreak", d.solved, d.streak, d.best) + ".";
    }
  }
  showResult(stats);
  if (won) {
    say(t("solvedIn", formatTime(S.game.elapsed)));
    if (prefs.celebrate) celebrate();
  } else {
    say(t("shownUndo"));
  }
}

// showResult shows the card of a finished game, with the level's
// statistics when the win was just counted.
export function showResult(stats = "") {
  const won = S.game.result === "solved";
  $("result").classList.toggle("lost", !won);
  $("result-title").textContent = t(won ? "solved" : "solutionShown");
  if (won) {
    const help = t(S.game.helped ? "withHelp" : "onYourOwn");
    $("result-detail").textContent = S.game.level ? t("resultLevel", levelName(S.game.level), formatTime(S.game.elapsed), help)
      : t("result", formatTime(S.game.elapsed), help);
  } else {
    $("result-detail").textContent = t("shownDetail");
  }
  $("result-stats").textContent = stats;
  $("result").hidden = false;
  $($("result-new").disabled ? "result-close" : "result-new").focus({ preventScroll: true });
}

let waveTimer = 0;

function celebrate() {
  const b = $("board");
  stopCelebration();
  void b.offsetWidth; // restart the animation
  b.classList.add("celebrate");
  waveTimer = setTimeout(stopCelebration, 2500);
}

// stopCelebration ends the win's wave: when another game comes on show
// during it, the wave would run on over the new game's cells.
export function stopCelebration() {
  clearTimeout(waveTimer);
  $("board").classList.remove("celebrate");
}

// restart takes every entry, mark and colour off the grid, as one move.
export function restart() {
  if (S.replay || S.paused || (S.game.result && S.game.result !== "revealed")) return;
  const ed = new Edits();
  for (let i = 0; i < 81; i++) if (!S.game.puzzle[i]) ed.set(i, { v: 0, corner: 0, centre: 0, colour: 0, elim: 0 });
  if (ed.commit()) say(t("restarted"));
}
