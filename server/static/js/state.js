// The page's state, shared by its modules: the game on show and what the
// player has selected, the mode and the panels open, in one object (S), as
// modules cannot assign each other's variables; the settings (prefs); and
// the few helpers every module uses.
//
// A game keeps, per cell, the digit (values), the corner and centre marks
// and the candidates struck out while live candidates are on (corner,
// centre, elim: bit masks, bit d for digit d) and a colour (0 for none, 1
// to 9). A move is a list of [cell, from, to] with cell states [value,
// corner, centre, colour, elim], so that every change is one undo.
import * as store from "./store.js";
import { statusOpen } from "./status.js";

export const $ = (id) => document.getElementById(id);

export const MODES = ["digit", "corner", "centre", "colour"];

export const S = {
  game: null,
  sel: new Set([40]), // the selected cells
  cursor: 40, // the cell the keys move from, selected unless Ctrl+Space took it out
  mode: "digit",
  paused: false,
  api: { endpoints: [] }, // what /api/info says the server offers
  hint: null, // the hint on show, applied by a second press
  replay: null, // the solver's replay on show
  creating: null, // {prev: the game put aside, seq: the last check sent}
  filter: null, // the filter on show (filter.js): {digit} or {pairs: true}
  filtering: false, // the Filter tool is on: the keypad chooses the filter
};

export const prefs = store.loadPrefs();

export function blankGame(puzzle, level = "", source = "") {
  const zeros = () => Array(81).fill(0);
  return {
    id: store.newId(), puzzle, values: puzzle.slice(),
    corner: zeros(), centre: zeros(), colour: zeros(), elim: zeros(), auto: false,
    level, source, daily: "", rating: null, elapsed: 0, updated: Date.now(),
    result: null, helped: false, shown: false, counted: false,
    history: [], future: [], solution: null, unique: null,
  };
}

// ---- persistence ----

export function save() {
  if (!S.game || S.creating) return;
  S.game.updated = Date.now();
  const { wrong, ...kept } = S.game; // marks of a check are not kept
  void wrong;
  store.saveGame(kept);
  store.saveCurrent(S.game.id);
}

export function savePrefs() {
  store.savePrefs(prefs);
}

// ---- messages ----

let msgTimer = 0;

// say shows a message in the status line, in place of the game's summary,
// until its moment passes: a few seconds, or the next move.
export function say(text, isError = false) {
  const m = $("message");
  clearTimeout(msgTimer);
  m.textContent = text;
  m.classList.toggle("error", isError);
  document.querySelector(".status").classList.toggle("has-message", !!text);
  if (text) msgTimer = setTimeout(function away() { if (statusOpen()) msgTimer = setTimeout(away, 2000); else say(""); }, isError ? 9000 : 5000);
}

// ---- play ----

export function canPlay() {
  return S.game && !S.game.result && !S.paused && !S.replay;
}

// editable lists the selected cells that are not givens.
export const editable = () => [...S.sel].filter((i) => !S.game.puzzle[i]);

// onClick runs fn on a click of the element with that id (or the element);
// until the first game is open, the buttons have nothing to act on.
export function onClick(id, fn) {
  const el = typeof id === "string" ? $(id) : id;
  el.addEventListener("click", (e) => { if (S.game) fn(e); });
}

// closeMenu hides the menu once one of its buttons did its work; on a wide
// screen the menu is part of the header and stays.
export function closeMenu() {
  const m = $("menu");
  if (m.matches(":popover-open")) m.hidePopover();
}

// pending answers the question on show (ask), once.
let pending = null;

// answered gives the question its answer when the dialog has shut. The
// dialog shuts (and sets its returnValue) at once, but its close event comes
// later, as a task of its own; a quick second question can open the dialog
// before then. So the next question takes the answer first, and the late
// close event, finding the dialog open again, is not taken for an answer to
// the new question (which then lost a yes: the Delete that deleted nothing).
function answered() {
  const d = $("ask-dialog");
  if (!pending || d.open) return;
  const resolve = pending;
  pending = null;
  resolve(d.returnValue === "ok");
}

// ask puts a question to the player, in a dialog of the page, and resolves
// to whether they said yes; ok is the word of the button that says yes.
export function ask(text, ok) {
  const d = $("ask-dialog");
  answered();
  if (pending) pending(false); // a question still on show is withdrawn
  d.onclose = answered;
  $("ask-text").textContent = text;
  $("ask-ok").textContent = ok;
  return new Promise((resolve) => {
    pending = resolve;
    d.returnValue = "";
    if (!d.open) d.showModal();
    $("ask-cancel").focus();
  });
}
