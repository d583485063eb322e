// The game page: it wires the modules' controls to the page, then opens
// the first game. The modules, each with one job:
//
//   state.js   the state they share (the game, the selection, the mode)
//   board.js   the board, drawn from the state
//   input.js   pointer, keys and keypad, and what they do to the cells
//   moves.js   moves, undo and redo, the end of a game
//   hints.js   the hint panel
//   api.js     the JSON API; check, reveal and solve
//   games.js   the game on show, new games, the game list, statistics, timer
//   create.js  creating a puzzle
//   watch.js   the solver's replay (frames from replay.js)
//   share.js   share links, the QR code, import
//
// and sudoku.js (the rules, links), store.js (local storage), i18n.js (the
// words), offline.js (the service worker), with replay.js, picture.js and qr.js loaded when first used.
import { parseLine, formatLine, readLink } from "./sudoku.js";
import * as store from "./store.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import { $, S, prefs, save, savePrefs, say, canPlay, closeMenu, onClick } from "./state.js";
import { buildBoard, render, showNames, applyPrefs } from "./board.js";
import { wireInput, clearMarks, toggleFullscreen } from "./input.js";
import { restart } from "./moves.js";
import { wireHints, clearHint } from "./hints.js";
import { wireTools, discover, markWrong, load } from "./api.js";
import { wireGames, runTimer, resume, start, openLink } from "./games.js";
import { wireWatch, closeReplay } from "./watch.js";
import { wireCreate, checkCreation } from "./create.js";
import { wireShare } from "./share.js";
import { keepOffline } from "./offline.js";
import { statusLine } from "./status.js";

// A built-in puzzle so the page is playable before the API answers.
const FIRST = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

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
  if (S.game) {
    if (S.hint) clearHint();
    if (S.replay) closeReplay();
    render();
    if (S.creating) checkCreation();
  }
}


function applyTheme() {
  const th = prefs.theme;
  if (th === "auto") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.dataset.theme = th;
  $("theme").textContent = t("theme", t(`theme.${th}`));
}

// ---- wiring ----

function wire() {
  wireInput();
  wireHints();
  wireTools();
  wireGames();
  wireWatch();
  wireCreate();
  wireShare();
  onClick("restart", restart);
  onClick("clear-marks", () => { closeMenu(); clearMarks(); });
  onClick("settings", () => { closeMenu(); $("settings-dialog").showModal(); });
  onClick("keys", () => { closeMenu(); $("keys-dialog").showModal(); });
  onClick("print", () => { closeMenu(); window.print(); });
  onClick("picture", async () => {
    closeMenu();
    try {
      const { savePicture } = await load("picture");
      await savePicture($("board"));
      say(t("pictureSaved"));
    } catch (e) {
      say(e.message, true);
    }
  });
  onClick("fullscreen", () => { closeMenu(); toggleFullscreen(); });
  $("fullscreen").hidden = !document.fullscreenEnabled;
  document.addEventListener("fullscreenchange", () => $("fullscreen").setAttribute("aria-pressed", String(!!document.fullscreenElement)));
  onClick("theme", () => {
    prefs.theme = { auto: "light", light: "dark", dark: "auto" }[prefs.theme] || "auto";
    savePrefs();
    applyTheme();
  });
  for (const d of document.querySelectorAll("dialog")) {
    for (const b of d.querySelectorAll("[data-close]")) b.addEventListener("click", () => d.close());
  }
  const options = {
    "opt-conflicts": "conflicts", "opt-same": "same", "opt-autoremove": "autoremove", "opt-wrong": "wrong",
    "opt-labels": "labels", "opt-grid": "grid", "opt-timer": "timer", "opt-celebrate": "celebrate",
    "opt-marks": "marks", "opt-flip": "flip", "opt-wasd": "wasd", "opt-short": "short", "opt-ring": "ring",
    "opt-spoiler": "spoiler",
  };
  for (const [id, key] of Object.entries(options)) {
    const input = $(id);
    input.checked = prefs[key];
    input.addEventListener("change", () => {
      prefs[key] = input.checked;
      savePrefs();
      applyPrefs();
      if (key === "wrong" && prefs.wrong && canPlay()) markWrong();
      if (key === "wrong" && !prefs.wrong) S.game.wrong = null;
      render();
    });
  }
  $("opt-hint").value = prefs.hintTier;
  $("opt-hint").addEventListener("change", () => {
    prefs.hintTier = $("opt-hint").value;
    savePrefs();
  });
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
    if (link) openLink(link);
  });
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
    statusLine(document.querySelector(".status"));
    wire();
    setTimeout(openFirst);
  });
}

async function openFirst() {
  const link = readLink(location.hash);
  const old = store.takeOldGame();
  if (old) store.saveGame(old);
  const currentId = store.loadCurrent();
  const kept = (currentId && store.loadGame(currentId)) || (store.listGames()[0] && store.loadGame(store.listGames()[0].id));
  const other = link && !link.error && !(kept && !link.values && formatLine(kept.puzzle) === formatLine(link.puzzle));
  if (!(other && await openLink(link, true))) {
    if (kept) resume(kept, true);
    else start(parseLine(FIRST), "Easy", "", null, true);
  }
  if (link && link.error) say(t(link.error, ...(link.args || [])), true);
  setInterval(runTimer, 250);
  discover();
  setTimeout(() => {
    showNames();
    document.body.dataset.ready = "true";
    // The service worker keeps the page's files and its offline engine
    // for when the server cannot be reached (sw.js, offline.js).
    keepOffline("engine");
  });
}

init();
