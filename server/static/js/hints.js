// Hints: the next logical step from the player's position, from
// /api/hint, shown in the hint panel and drawn on the board (hintMarks),
// in tiers: first a nudge (where to look, and the technique's name), then
// the whole explanation, then applied as one move; each press of Hint goes
// one tier on. Settings choose whether a hint starts with the nudge or the
// explanation.
import { cellIndex, digitsOf, conflicts, candidates, solved, formatLine, stepText } from "./sudoku.js";
import { t, techName, explanation } from "./i18n.js";
import { $, S, prefs, say, canPlay, onClick } from "./state.js";
import { select, render } from "./board.js";
import { Edits } from "./moves.js";
import { call, has, solution } from "./api.js";
import { stepMarks, noMarks, unitCells } from "./draw.js";

// hintMessage says why a hint has no step, from what the answer holds.
function hintMessage(r) {
  let m;
  if (r.wrong && r.wrong.length) {
    const i = cellIndex(r.wrong[0]);
    m = t("wrongFirst", r.wrong[0], S.game.values[i], r.wrong.length);
  } else m = t(solved(S.game.values) ? "gridFull" : "noTechnique");
  return r.notUnique ? `${m} ${t("notUniqueHint")}` : m;
}

// hintMarks gives the cells and candidates the hint on show points at.
// At the nudge, only the units where to look.
export function hintMarks() {
  if (!S.hint) return noMarks();
  if (S.hint.tier === 1) return { ...noMarks(), pattern: S.hint.region };
  return S.hint.marks;
}

// nudgeUnits names where a step is to be found: the units its reason
// speaks of (a hidden single's column, a fish's rows), or else the boxes of
// its pattern's cells.
function nudgeUnits(s, cells) {
  const named = [];
  for (const a of (s.why && s.why.args) || []) {
    if (a.unit) named.push(a.unit);
    if (a.units) named.push(...a.units);
  }
  if (named.length) return [...new Set(named)];
  const boxes = [...new Set(cells.map((i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3) + 1))].sort((a, b) => a - b);
  return boxes.map((b) => `b${b}`);
}

// unitWords says units in words, "column 2", "rows 1 and 7" being "row 1
// and row 7".
function unitWords(units) {
  const words = units.map((u) => t(`unit.${u[0]}`, u.slice(1)));
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")}${t("join.and")}${words.at(-1)}`;
}

const candList = (list) => (list || []).map((c) => ({ cell: cellIndex(c.cell), digit: c.digit })).filter((c) => c.cell >= 0);

export function clearHint() {
  if (!S.hint && $("hint-panel").hidden) return;
  S.hint = null;
  $("hint-panel").hidden = true;
  $("announce").textContent = "";
  $("hint").textContent = t("hint");
}

// notesForHint is what the hint may start from: the candidates as shown,
// as a list of digits per cell, when there are any (the server uses them
// when every empty cell has some).
function notesForHint() {
  const notes = S.game.values.map((v, i) => (v ? 0 : S.game.auto ? candidates(S.game.values, i) & ~S.game.elim[i] : S.game.centre[i]));
  return notes.some(Boolean) ? notes.map(digitsOf) : null;
}

// showTier shows the hint on show at a tier: 1 the nudge, 2 the whole
// explanation.
function showTier(tier) {
  const h = S.hint;
  const s = h.step;
  h.tier = tier;
  // While the hint is a nudge, no cell shows candidates it has not, which
  // would say where the step is.
  h.about = tier === 1 ? new Set() : new Set([...h.pattern, ...h.eliminations].map((c) => c.cell));
  $("hint-title").textContent = t("hintOf", techName(s.technique));
  $("hint-text").textContent = tier === 1 ? t("hintNudge", unitWords(h.units), techName(s.technique)) : explanation(s);
  $("hint-step").textContent = tier === 1 ? "" : stepText(s, techName(s.technique));
  $("hint-more").hidden = tier !== 1;
  $("hint-apply").hidden = tier === 1;
  $("hint-panel").hidden = false;
  placeSheet();
  $("hint").textContent = t(tier === 1 ? "more" : "apply");
  $("announce").textContent = `${$("hint-title").textContent}. ${$("hint-text").textContent}`;
  render();
}

export async function showHint() {
  if (!canPlay()) return;
  if (S.hint) return S.hint.tier === 1 ? showTier(2) : applyHint();
  if (!has("hint")) return say(t("noHintEndpoint"), true);
  if (conflicts(S.game.values).size) return say(t("clash"), true);
  const body = { puzzle: formatLine(S.game.puzzle), grid: formatLine(S.game.values) };
  const notes = notesForHint();
  if (notes) body.notes = notes;
  const g = S.game;
  try {
    // A puzzle with several solutions gets hints without the techniques
    // that assume one; the solver says which it is.
    if (has("solve")) await solution();
    if (g !== S.game) return;
    if (S.game.unique === false) body.any = true;
    const r = await call("hint", body);
    if (g !== S.game || !canPlay()) return;
    if (!r.step) {
      if (r.wrong) {
        S.game.wrong = r.wrong.map(cellIndex).filter((i) => i >= 0);
        S.game.helped = true;
        if (S.game.wrong.length) select(S.game.wrong[0]);
      }
      say(hintMessage(r), !!r.wrong);
      return;
    }
    const s = r.step;
    S.hint = {
      technique: s.technique,
      pattern: candList(s.pattern),
      placements: candList(s.placements),
      eliminations: candList(s.eliminations),
      step: s,
      marks: stepMarks(s),
    };
    const cells = [...S.hint.pattern, ...S.hint.placements].map((c) => c.cell);
    S.hint.units = nudgeUnits(s, cells);
    S.hint.region = new Set(S.hint.units.flatMap(unitCells));
    say("");
    S.game.helped = true;
    showTier(prefs.hintTier === "explain" ? 2 : 1);
  } catch (e) {
    if (e.data && e.data.cells) {
      S.game.wrong = e.data.cells.map(cellIndex).filter((i) => i >= 0);
      render();
    }
    say(e.message, true);
  }
}

function applyHint() {
  if (!S.hint || !canPlay()) return;
  const h = S.hint;
  const ed = new Edits();
  for (const p of h.placements) ed.place(p.cell, p.digit);
  for (const e of h.eliminations) {
    const c = ed.get(e.cell);
    const bit = 1 << e.digit;
    if (S.game.auto) ed.set(e.cell, { elim: c.elim | bit });
    else {
      // Without centre marks in that cell, fill in its candidates first so
      // the elimination shows.
      const n = c.centre || (c.v ? 0 : candidates(S.game.values, e.cell));
      ed.set(e.cell, { centre: n & ~bit, corner: c.corner & ~bit });
    }
  }
  ed.commit();
  say(t("applied", techName(h.technique)));
}

// placeSheet puts the hint, on a screen where the controls are under the
// board (a phone or tablet held upright), in a sheet from the board's
// bottom edge to the screen's, over the controls: the page grows no
// taller, and the hint's cells stay in view (docs/web.md).
export function placeSheet() {
  const r = $("board").getBoundingClientRect();
  document.documentElement.style.setProperty("--sheet-top", `${Math.round(Math.min(r.bottom + 6, innerHeight - 180))}px`);
}

export function wireHints() {
  addEventListener("resize", () => { if (!$("hint-panel").hidden) placeSheet(); });
  onClick("hint", showHint);
  onClick("hint-apply", applyHint);
  onClick("hint-more", () => { if (S.hint && canPlay()) showTier(2); });
  onClick("hint-close", () => { clearHint(); render(); });
}
