// The solver's replays: lists of frames, each the grid after one step with
// what to point at. Loaded only when a replay is opened.
//
// A frame holds the values, the candidates of the empty cells as bit masks
// (cand), and per step: the pattern's cells, the candidates it rests on
// (keep) and those it removes (elim), as cell*10+digit, the cell it fills,
// the guessed cells and a dead end's cell.
import { ALL_DIGITS, PEERS, box, candidates, cellIndex, col, maskOf, row, stepText } from "./sudoku.js";
import { stepMarks, noMarks } from "./draw.js";

function frame(values, cand, text, extra = {}) {
  return {
    values: values.slice(), cand: cand.slice(), text, cell: -1, kind: "", depth: 0,
    ...noMarks(), guesses: new Set(), dead: -1, explanation: "",
    ...extra,
  };
}

const list = (cs) => (cs || []).map((c) => ({ cell: cellIndex(c.cell), digit: c.digit })).filter((c) => c.cell >= 0);

// explainFrames replays the logical path of /api/explain from a start:
// its values and, from the player's marks, the candidates of its empty
// cells (marks, bit masks; else the candidates the values leave), sent as
// line (81 cells, or 729 for pencil marks). Each step's frame shows the
// candidates as they stood before it, the ones it removes struck out, and
// the digit it places. words holds the page's t, techName and explanation,
// which say it in the page's language; title is the first frame's words.
export async function explainFrames(call, start, line, words, title) {
  const { techName, explanation } = words;
  const r = await call("explain", { puzzle: line });
  let values = start.values.slice();
  const cand = values.map((v, i) => (v ? 0 : start.marks ? start.marks[i] : candidates(values, i)));
  const frames = [frame(values, cand, title)];
  for (const s of r.steps || []) {
    const places = list(s.placements);
    const elims = list(s.eliminations);
    const after = values.slice();
    for (const p of places) after[p.cell] = p.digit;
    frames.push(frame(after, cand, stepText(s, techName(s.technique)), {
      cell: places.length ? places[0].cell : -1,
      kind: s.technique,
      ...stepMarks(s),
      explanation: explanation(s),
    }));
    for (const e of elims) cand[e.cell] &= ~(1 << e.digit);
    for (const p of places) {
      cand[p.cell] = 0;
      for (const j of PEERS[p.cell]) cand[j] &= ~(1 << p.digit);
    }
    values = after;
  }
  return frames;
}

// unitCells lists the cells of a trace unit, {kind, index}.
function unitCells(u) {
  const out = [];
  for (let i = 0; i < 81; i++) {
    const at = { row: row(i), column: col(i), box: box(i) }[u.kind];
    if (at === u.index) out.push(i);
  }
  return out;
}

// traceFrames replays the classic solver's trace (docs/trace.md) from the
// empty board: each step empties the cells it clears, fills the ones it
// places, and its frame strikes out the candidates it removes; t says in
// the page's language what each kind of step means ("trace.<kind>").
export async function traceFrames(call, line, t) {
  const tr = await call("trace", { puzzle: line });
  const values = Array(81).fill(0);
  const cand = Array(81).fill(ALL_DIGITS);
  const guesses = new Set();
  const frames = [frame(values, cand, t("emptyBoard"))];
  let start = 0;
  for (const s of tr.steps || []) {
    const cell = cellIndex(s.cell);
    for (const c of s.cleared || []) {
      values[cellIndex(c.cell)] = 0;
      guesses.delete(cellIndex(c.cell));
    }
    for (const c of s.restored || []) cand[cellIndex(c.cell)] |= maskOf(c.digits);
    const placed = (s.placed || []).map((p) => ({ cell: cellIndex(p.cell), digit: p.digit }));
    for (const p of placed) values[p.cell] = p.digit;
    if (s.kind === "guess" || s.kind === "backtrack") guesses.add(cell);
    const elim = new Set();
    for (const c of s.removed || []) {
      const i = cellIndex(c.cell);
      if (values[i]) continue;
      for (let d = 1; d <= 9; d++) if (maskOf(c.digits) & (1 << d)) elim.add(i * 10 + d);
    }
    frames.push(frame(values, cand, s.text, {
      kind: s.kind,
      depth: s.depth,
      cell: placed.length ? placed[0].cell : -1,
      guesses: new Set(guesses),
      dead: s.kind === "dead end" ? cell : -1,
      pattern: new Set(s.unit ? unitCells(s.unit) : (s.cleared || []).map((c) => cellIndex(c.cell))),
      elim,
      explanation: s.kind ? t(`trace.${s.kind}`) : "",
    }));
    for (const c of s.removed || []) cand[cellIndex(c.cell)] &= ~maskOf(c.digits);
    if (s.kind === "given") start = frames.length - 1;
  }
  const st = tr.stats || {};
  frames.summary = t("traceSummary", tr.outcome, st.steps, st.givens, st.forced, st.nakedSingles, st.hiddenSingles,
    st.guesses, st.deadEnds, st.backtracks, st.maxDepth);
  frames.start = start;
  return frames;
}
