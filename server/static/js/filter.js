// Filters, as HoDoKu's: every cell where a digit can go, or every cell
// with exactly two candidates (bivalue), highlighted until turned off. A
// cell's candidates are the ones it shows: the live candidates less those
// struck out, or the player's centre marks, or else every digit its row,
// column and box leave it.
//
// The digit filter is turned on and off by pressing and holding a digit of
// the keypad, by Alt+digit, or with the Filter tool: while it is pressed,
// the keypad's digits choose the filter rather than enter digits. Pairs
// (or B) turns the bivalue filter on and off.
import { candidates } from "./sudoku.js";
import { t } from "./i18n.js";
import { $, S, say, onClick } from "./state.js";
import { render } from "./board.js";

// HOLD is how long a press of the keypad must last to be a hold, in ms.
const HOLD = 450;

// cellCands is the mask of the candidates cell i shows, or would show.
function cellCands(i) {
  const g = S.game;
  if (g.values[i]) return 0;
  if (g.auto) return candidates(g.values, i) & ~g.elim[i];
  if (g.centre[i]) return g.centre[i];
  return candidates(g.values, i);
}

// filtered reports whether cell i is one the filter on show highlights.
export function filtered(i) {
  const f = S.filter;
  if (!f) return false;
  const m = cellCands(i);
  if (f.pairs) return bits(m) === 2;
  return (m & (1 << f.digit)) !== 0;
}

function bits(m) {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

// toggleDigitFilter turns the filter of digit d on, or off when it is on.
export function toggleDigitFilter(d) {
  if (!S.game) return;
  const on = !(S.filter && S.filter.digit === d);
  S.filter = on ? { digit: d } : null;
  render();
  say(on ? t("filterOn", d) : t("filterOff"));
}

// togglePairs turns the bivalue filter on or off.
export function togglePairs() {
  if (!S.game) return;
  const on = !(S.filter && S.filter.pairs);
  S.filter = on ? { pairs: true } : null;
  render();
  say(on ? t("pairsOn") : t("filterOff"));
}

// toggleFiltering turns the Filter tool on (the keypad's digits choose the
// filter) or off.
function toggleFiltering() {
  S.filtering = !S.filtering;
  render();
  if (S.filtering) say(t("filterMode"));
}

// wireFilter listens to the Filter and Pairs tools, and to holds of the
// keypad's digits; a hold's click does not enter its digit.
//
// A hold is told from a tap by the events' own times, not by the order in
// which the page handles them: on a busy page the release of a quick tap
// can be handled after the hold's timer has run, and the tap then takes
// back the filter the timer turned on, and enters its digit.
export function wireFilter(keypadButtons) {
  onClick("filter", toggleFiltering);
  onClick("pairs", togglePairs);
  for (const b of keypadButtons) {
    let timer = 0;
    let down = 0; // the press's time
    let before = null; // the filter and the message before the hold's
    const stop = () => clearTimeout(timer);
    b.addEventListener("pointerdown", (e) => {
      stop();
      down = e.timeStamp;
      b.dataset.held = "";
      timer = setTimeout(() => {
        b.dataset.held = "true";
        before = { filter: S.filter, message: $("message").textContent };
        toggleDigitFilter(Number(b.dataset.digit));
      }, HOLD);
    });
    b.addEventListener("pointerup", (e) => {
      stop();
      if (b.dataset.held !== "true" || e.timeStamp - down >= HOLD) return;
      b.dataset.held = "";
      S.filter = before.filter;
      render();
      say(before.message);
    });
    for (const ev of ["pointerleave", "pointercancel"]) b.addEventListener(ev, stop);
    b.addEventListener("contextmenu", (e) => e.preventDefault());
    // The click that ends a hold is not a press.
    b.addEventListener("click", (e) => {
      if (b.dataset.held !== "true") return;
      b.dataset.held = "";
      e.stopImmediatePropagation();
    }, { capture: true });
  }
}
