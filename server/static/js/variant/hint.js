// The variant game's hints: the next step of the variant logic that places
// a value, from /api/hint (docs/web.md), its sentence shown under the
// board with the steps that removed candidates before it, and its cells on
// the board; Apply places its values as one move.

import { t, vexplanation, vtechName } from "../i18n.js";

const $ = (id) => document.getElementById(id);

// cellNumber reads "r2c3" in a grid of size n.
const cellNumber = (n, name) => {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * n + Number(m[2]) - 1 : -1;
};

// asked counts the hints asked for and closed: an answer that comes after
// its hint was closed (by a move, Restart or another puzzle) is dropped,
// rather than shown for a grid that is no longer on the board.
let asked = 0;

// hint asks for the next step of game g of the puzzle text, through
// call (app.js's), and shows it; done(changed) redraws after Apply.
// status is the puzzle's (unique, multiple, none; "" while unknown).
export async function hint(call, text, g, done, status = "") {
  const ticket = ++asked;
  const panel = $("v-hint"), out = $("v-hint-text"), apply = $("v-hint-apply");
  g.hint = null;
  apply.hidden = true;
  $("v-hint-before").hidden = true;
  panel.hidden = false;
  // Under the board, the panel is below the screen's edge on a phone.
  panel.scrollIntoView({ block: "nearest" });
  if (g.lo !== 1) {
    // The logical steps (package variant/logic) read values as 1 to n:
    // a cage's sum, a dot's ratio or an X's total mean something else
    // when a value is 0. Check and the win need only the engine, which
    // reads such grids.
    out.textContent = t("v.fromZero", g.n, g.lo, g.hi);
    return;
  }
  if (status === "multiple" || status === "none") {
    // The server refuses such a puzzle's hint (422) in its own English
    // words; the page knows why already and says so in its language.
    out.textContent = t(status === "none" ? "v.noSolution" : "v.hintMultiple");
    return;
  }
  out.textContent = t("v.looking");
  let res;
  try {
    // place: the page keeps no candidates for the logic, so the step from
    // the values alone would be the same elimination at every press.
    res = await call("hint", { puzzle: text, values: g.values.map((v) => v ?? 0), place: true });
  } catch (err) {
    if (ticket === asked) out.textContent = err.message;
    return;
  }
  if (ticket !== asked) return;
  if (res.wrong && res.wrong.length) {
    g.wrong = new Set(res.wrong.map((w) => cellNumber(g.n, w)).filter((i) => i >= 0));
    out.textContent = t("v.hintWrong", res.wrong[0], res.wrong.length);
  } else if (res.step) {
    // The technique and its sentence in the page's language, the
    // sentence from the step's reason (why).
    const s = res.step;
    g.hint = { cells: new Set(s.pattern || []), places: s.placements || [] };
    out.textContent = `${vtechName(s.technique)}: ${vexplanation(s)}`;
    apply.hidden = !g.hint.places.length;
    showBefore(res.before || []);
  } else if (res.stuck) {
    out.textContent = t("v.stuck");
    showBefore(res.before || []);
  } else {
    out.textContent = res.message || t("v.noStep");
  }
  done(false);
  panel.scrollIntoView({ block: "nearest" });
}

// showBefore lists the steps that removed candidates before the hint's.
function showBefore(steps) {
  const before = $("v-hint-before");
  before.hidden = !steps.length;
  before.open = false;
  before.querySelector("summary").textContent = t("v.hintBefore", steps.length);
  before.querySelector("ol").replaceChildren(...steps.map((s) => {
    const li = document.createElement("li");
    li.textContent = `${vtechName(s.technique)}: ${vexplanation(s)}`;
    return li;
  }));
}

// applyHint places the values of the hint on show as one move.
export function applyHint(g, done) {
  const h = g.hint;
  if (!h) return;
  const sel = g.sel;
  let changed = false;
  for (const p of h.places) {
    if (g.values[p.cell] === p.value) continue;
    g.sel = new Set([p.cell]);
    changed = g.apply("value", p.value) || changed;
  }
  g.sel = sel;
  closeHint(g);
  done(changed);
}

export function closeHint(g) {
  asked++;
  $("v-hint").hidden = true;
  if (g) g.hint = null;
}
