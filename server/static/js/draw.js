// The picture of a logical step on the board, as HoDoKu draws it: the
// cells of its pattern, the candidates it rests on and those it removes;
// for a chain or loop, arrows from candidate to candidate along its links,
// strong links solid and weak links dashed; for a colouring, its colours,
// two of a pair; for a fish, its base and cover units shaded apart, and its
// fins. The step comes from /api/hint or /api/explain, its drawing in
// "draw" (docs/web.md).
//
// stepMarks turns a step into marks the board draws: sets of cells
// (pattern, target, base, cover) and of candidates, as cell*10+digit
// (keep, elim, fins), a Map of candidates to their colour (0 to 3), and
// the links. drawLinks draws the links as SVG over the board, between the
// candidates where they are drawn.
import { cellIndex } from "./sudoku.js";

const list = (cs) => (cs || []).map((c) => ({ cell: cellIndex(c.cell), digit: c.digit })).filter((c) => c.cell >= 0);

// unitCells lists the cells of a unit named as the API names it: "r1",
// "c3" or "b5".
export function unitCells(u) {
  const k = Number(u.slice(1)) - 1;
  const out = [];
  for (let i = 0; i < 81; i++) {
    const at = { r: Math.floor(i / 9), c: i % 9, b: Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3) }[u[0]];
    if (at === k) out.push(i);
  }
  return out;
}

export function stepMarks(s) {
  const pattern = list(s.pattern);
  const d = s.draw || {};
  const m = {
    pattern: new Set(pattern.map((c) => c.cell)),
    target: new Set(list(s.placements).map((c) => c.cell)),
    keep: new Set(pattern.map((c) => c.cell * 10 + c.digit)),
    elim: new Set(list(s.eliminations).map((c) => c.cell * 10 + c.digit)),
    base: new Set(), cover: new Set(), fins: new Set(), colors: new Map(),
    links: (d.links || []).map((l) => ({ from: list(l.from), to: list(l.to), strong: !!l.strong })),
  };
  // A colouring is drawn by its colours, not its pattern's yellow.
  (d.colors || []).forEach((col, k) => {
    for (const c of list(col)) m.colors.set(c.cell * 10 + c.digit, k);
    m.pattern = new Set();
  });
  if (d.base) {
    // A fish is drawn by its units, not its pattern's yellow.
    for (const u of d.base) for (const i of unitCells(u)) m.base.add(i);
    for (const u of d.cover || []) for (const i of unitCells(u)) if (!m.base.has(i)) m.cover.add(i);
    for (const c of list(d.fins)) m.fins.add(c.cell * 10 + c.digit);
    m.pattern = new Set();
  }
  return m;
}

// noMarks is what the board draws with no step on show.
export const noMarks = () => ({
  pattern: new Set(), target: new Set(), keep: new Set(), elim: new Set(),
  base: new Set(), cover: new Set(), fins: new Set(), colors: new Map(), links: [],
});

// pictured reports whether marks have a picture of their own, which shows
// the candidates in their places of a 3x3 grid.
export const pictured = (m) => m.links.length > 0 || m.colors.size > 0 || m.base.size > 0;

// candClass names the class of candidate d of cell i in marks: removed,
// a colour, a fin, or one the step rests on.
export function candClass(marks, i, d) {
  const k = i * 10 + d;
  if (marks.elim.has(k)) return "elim";
  if (marks.colors.has(k)) return `col${marks.colors.get(k)}`;
  if (marks.fins.has(k)) return "fin";
  if (marks.keep.has(k)) return "keep";
  return "";
}

// centre is the middle of a node: one candidate, or a group's; at(c) is
// where candidate c is drawn.
function centre(node, at) {
  const ps = node.map(at);
  return [ps.reduce((s, p) => s + p[0], 0) / ps.length, ps.reduce((s, p) => s + p[1], 0) / ps.length];
}

const NS = "http://www.w3.org/2000/svg";
let drawn = "";

// drawLinks draws the links on the board's SVG, whose size is w by h, and
// only when they change; at(c) is the centre of candidate c, [x, y], in it.
export function drawLinks(svg, links, size, at) {
  const key = JSON.stringify([links, size]);
  if (key === drawn) return;
  drawn = key;
  svg.toggleAttribute("hidden", links.length === 0);
  if (!links.length) return;
  svg.setAttribute("viewBox", `0 0 ${size.w} ${size.h}`);
  const g = svg.querySelector("g.drawn");
  g.replaceChildren();
  // Sizes in the units of the board: a cell is about w/9.
  const u = size.w / 900;
  const groups = new Set();
  for (const l of links) {
    const [x1, y1] = centre(l.from, at);
    const [x2, y2] = centre(l.to, at);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    // From the edge of the first candidate to the edge of the second,
    // bowed a little to the side, so that a link does not run over the
    // candidates between, and two links between the same cells part.
    const r = 13 * u;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const a = [x1 + ux * r, y1 + uy * r], b = [x2 - ux * (r + 3 * u), y2 - uy * (r + 3 * u)];
    const bow = Math.min(40 * u, len * 0.18);
    const cx = (a[0] + b[0]) / 2 - uy * bow, cy = (a[1] + b[1]) / 2 + ux * bow;
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", `M${a[0].toFixed(1)},${a[1].toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${b[0].toFixed(1)},${b[1].toFixed(1)}`);
    path.setAttribute("class", l.strong ? "link strong" : "link weak");
    path.setAttribute("marker-end", "url(#arrow)");
    g.append(path);
    for (const node of [l.from, l.to]) if (node.length > 1) groups.add(JSON.stringify(node));
  }
  // A group node (a grouped chain) is ringed as one.
  for (const key of groups) {
    const ps = JSON.parse(key).map(at);
    const xs = ps.map((p) => p[0]), ys = ps.map((p) => p[1]);
    const rect = document.createElementNS(NS, "rect");
    const pad = 14 * u;
    rect.setAttribute("x", Math.min(...xs) - pad);
    rect.setAttribute("y", Math.min(...ys) - pad);
    rect.setAttribute("width", Math.max(...xs) - Math.min(...xs) + 2 * pad);
    rect.setAttribute("height", Math.max(...ys) - Math.min(...ys) + 2 * pad);
    rect.setAttribute("rx", pad);
    rect.setAttribute("class", "group");
    g.append(rect);
  }
}

// buildLinks makes the SVG the links are drawn on, over the board.
export function buildLinks(wrap) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "links");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = `<defs><marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
    <path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs><g class="drawn"></g>`;
  svg.setAttribute("hidden", "");
  wrap.append(svg);
  return svg;
}
