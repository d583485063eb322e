// The variant board's picture: one SVG of the grid, drawn from the model
// /api/variant sends (docs/web.md), in SudokuPad's conventions. The
// rules' shapes are drawn once per puzzle in layers under the digits;
// render (play.js) redraws the cells' colours and the digits alone.

const NS = "http://www.w3.org/2000/svg";
export const U = 64; // one cell, in the SVG's units
const FIT = U * 0.94; // the widest an outside clue is drawn

// el makes an SVG element with its attributes, appended to parent.
export function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The kinds drawn as coloured lines through the centres of their cells,
// by their class in variant.css (colours there, light and dark).
const LINES = {
  whispers: "v-whispers", renban: "v-renban", palindrome: "v-palindrome",
  "region sum line": "v-regionsum", "between line": "v-between", "entropic line": "v-entropic",
  "modular line": "v-modular", "zipper line": "v-zipper", "lockout line": "v-lockout",
  nabner: "v-nabner", "sum line": "v-sumline", "double arrow": "v-between",
};

// The kinds that shade their cells.
const SHADES = {
  "extra region": "v-extra", indexer: "v-indexer", maximum: "v-max", minimum: "v-min",
  "counting circles": "", "count distinct": "v-extra",
};

// geometry of a grid of size n: centres, positions of cells.
function geo(n) {
  const rc = (c) => [Math.floor(c / n), c % n];
  const cx = (c) => ((c % n) + 0.5) * U;
  const cy = (c) => (Math.floor(c / n) + 0.5) * U;
  return { n, rc, cx, cy };
}

// outside says whether the model has clues outside the grid, which need
// a margin of one cell around it.
function outside(m) {
  return m.shapes.some((s) => s.at && (s.at[0] < 0 || s.at[1] < 0 || s.at[0] >= m.size || s.at[1] >= m.size));
}

// drawBoard builds the SVG of model m into wrap and returns the handles
// render needs: the cells' backgrounds and the layer of digits.
export function drawBoard(wrap, m) {
  const n = m.size, g = geo(n);
  const pad = outside(m) ? U : 4;
  const side = n * U + 2 * pad;
  wrap.replaceChildren();
  // A grid of more than 9 has small cells: its outside clues are drawn
  // larger for their cell (variant.css's v-big).
  const svg = el("svg", { viewBox: `${-pad} ${-pad} ${side} ${side}`, class: n > 9 ? "v-svg v-big" : "v-svg", "aria-hidden": "true", "data-size": n }, wrap);
  const layer = (name) => el("g", { class: `v-layer-${name}` }, svg);
  const bg = layer("cells"), colours = layer("colours"), shade = layer("shade"), lines = layer("lines"), cages = layer("cages"),
    grid = layer("grid"), marks = layer("marks"), clues = layer("clues"), digits = layer("digits");
  const cells = [];
  for (let c = 0; c < n * n; c++) {
    const [r, col] = g.rc(c);
    cells.push(el("rect", { x: col * U, y: r * U, width: U, height: U, class: "v-cell", "data-cell": c }, bg));
  }
  for (const s of m.shapes) {
    if (s.cosmetic) cosmetic(s, g, { shade, lines, clues });
    else shape(s, g, { shade, lines, cages, marks, clues });
  }
  gridLines(grid, m, g);
  // An outside clue wider than its cell ("119" beside a 16x16 grid) is
  // narrowed to fit, so that it does not run into the next one.
  for (const t of clues.querySelectorAll(".v-outside")) {
    if (t.getComputedTextLength() > FIT) {
      t.setAttribute("textLength", FIT);
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
  return { svg, cells, colours, digits, pad };
}

// gridLines draws the thin lines between cells, the thick ones between
// regions and the border.
function gridLines(layer, m, g) {
  const n = g.n;
  let thin = "", thick = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (c + 1 < n) {
        const d = `M${(c + 1) * U} ${r * U}v${U}`;
        if (m.regions[i] !== m.regions[i + 1]) thick += d; else thin += d;
      }
      if (r + 1 < n) {
        const d = `M${c * U} ${(r + 1) * U}h${U}`;
        if (m.regions[i] !== m.regions[i + n]) thick += d; else thin += d;
      }
    }
  }
  el("path", { d: thin, class: "v-thin" }, layer);
  if (thick) el("path", { d: thick, class: "v-region", "data-kind": "region" }, layer);
  el("rect", { x: 0, y: 0, width: n * U, height: n * U, class: "v-border" }, layer);
}

// path returns the SVG path through the centres of cells.
const path = (g, cells) => cells.map((c, k) => `${k ? "L" : "M"}${g.cx(c)} ${g.cy(c)}`).join("");

// mid returns the middle of the edge between two cells.
const mid = (g, a, b) => [(g.cx(a) + g.cx(b)) / 2, (g.cy(a) + g.cy(b)) / 2];

function text(parent, x, y, str, cls, attrs) {
  const t = el("text", { x, y, class: cls, ...attrs }, parent);
  t.textContent = str;
  return t;
}

// shape draws one rule.
function shape(s, g, L) {
  const k = s.kind, a = { "data-kind": k };
  const cells = s.cells || [];
  const v = s.value;
  switch (k) {
    case "killer cage": case "rellik cage": case "sum":
      cage(L.cages, g, cells, k === "sum" ? "" : String(v), a);
      return;
    case "thermometer": {
      const grp = el("g", { ...a, class: s.flag ? "v-thermo v-slow" : "v-thermo" }, L.lines);
      el("circle", { cx: g.cx(cells[0]), cy: g.cy(cells[0]), r: U * 0.38, class: "v-bulb" }, grp);
      if (cells.length > 1) el("path", { d: path(g, cells), class: "v-stem" }, grp);
      return;
    }
    case "arrow": arrow(L.lines, g, cells, s.line || [], a); return;
    case "difference": case "ratio": {
      const [x, y] = mid(g, cells[0], cells[1]);
      const grp = el("g", a, L.marks);
      el("circle", { cx: x, cy: y, r: U * 0.13, class: k === "ratio" ? "v-dot v-black" : "v-dot v-white" }, grp);
      const plain = (k === "difference" && v === 1) || (k === "ratio" && v === 2);
      if (!plain) text(grp, x, y, String(v), k === "ratio" ? "v-dot-text v-on-black" : "v-dot-text");
      return;
    }
    case "xv": {
      const [x, y] = mid(g, cells[0], cells[1]);
      const grp = el("g", a, L.marks);
      const label = v === 10 ? "X" : v === 5 ? "V" : String(v);
      el("rect", { x: x - U * 0.15, y: y - U * 0.16, width: U * 0.3, height: U * 0.32, class: "v-xv-bg" }, grp);
      text(grp, x, y, label, "v-xv");
      return;
    }
    case "quadruple": {
      const [r, c] = g.rc(cells[0]);
      const grp = el("g", a, L.marks);
      const x = (c + 1) * U, y = (r + 1) * U, vals = s.values || [];
      el("circle", { cx: x, cy: y, r: U * 0.3, class: "v-quad" }, grp);
      const rows = vals.length > 2 ? [vals.slice(0, 2), vals.slice(2)] : [vals];
      rows.forEach((row, i) => text(grp, x, y + (i - (rows.length - 1) / 2) * U * 0.2, row.join(" "), "v-quad-text"));
      return;
    }
    case "diagonal": {
      const n = g.n * U;
      el("path", { ...a, d: s.flag ? `M0 ${n}L${n} 0` : `M0 0L${n} ${n}`, class: "v-diag" }, L.lines);
      return;
    }
    case "even": case "odd": {
      const c = cells[0], r = U * 0.34;
      if (k === "even") el("rect", { ...a, x: g.cx(c) - r, y: g.cy(c) - r, width: 2 * r, height: 2 * r, class: "v-parity" }, L.shade);
      else el("circle", { ...a, cx: g.cx(c), cy: g.cy(c), r, class: "v-parity" }, L.shade);
      return;
    }
    case "clone": case "same values": {
      (s.sets || []).forEach((set, i) => set.forEach((c) => cellRect(L.shade, g, c, `v-clone v-clone${i % 2}`, a)));
      return;
    }
    case "little killer": littleKiller(L.clues, g, s, a); return;
    case "sandwich": case "x-sum": case "skyscraper": case "numbered room": case "hidden skyscraper": {
      const [r, c] = s.at;
      text(L.clues, (c + 0.5) * U, (r + 0.5) * U, String(v), "v-outside", a);
      return;
    }
    case "candidates": return; // drawn as the cell's centre marks (play.js)
  }
  if (k in LINES) {
    const grp = el("g", { ...a, class: LINES[k] }, L.lines);
    el("path", { d: path(g, cells) + (s.flag ? "Z" : ""), class: "v-line" }, grp);
    if (k === "between line" || k === "double arrow") {
      for (const c of [cells[0], cells[cells.length - 1]]) el("circle", { cx: g.cx(c), cy: g.cy(c), r: U * 0.38, class: "v-end" }, grp);
    }
    if (k === "lockout line") {
      for (const c of [cells[0], cells[cells.length - 1]]) {
        const x = g.cx(c), y = g.cy(c), r = U * 0.4;
        el("path", { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`, class: "v-end" }, grp);
      }
    }
    return;
  }
  if (k in SHADES) {
    for (const c of cells) cellRect(L.shade, g, c, SHADES[k] || "v-extra", a);
    if (k === "minimum" || k === "maximum") {
      const c = cells[0];
      text(L.clues, g.cx(c), g.cy(c) - U * 0.34, k === "maximum" ? "▲" : "▼", "v-minmax", a);
    }
    if (k === "counting circles") for (const c of cells) el("circle", { cx: g.cx(c), cy: g.cy(c), r: U * 0.42, class: "v-count-circle" }, L.shade);
    return;
  }
  if (k === "value count" || k === "lunchbox") {
    for (const c of cells) cellRect(L.shade, g, c, "v-extra", a);
  }
  // Rules of the whole grid (anti-knight, anti-king, non-consecutive ...)
  // are named in the rules list (app.js); nothing is drawn.
}

function cellRect(parent, g, c, cls, a) {
  const [r, col] = g.rc(c);
  return el("rect", { ...a, x: col * U, y: r * U, width: U, height: U, class: cls }, parent);
}

// cage draws a killer cage: a dashed outline just inside its cells, and
// its sum in the corner of its top-left cell.
function cage(parent, g, cells, label, a) {
  const n = g.n, d = U * 0.08, set = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && set.has(r * n + c);
  let p = "";
  for (const i of cells) {
    const [r, c] = g.rc(i);
    const x0 = c * U, y0 = r * U, x1 = x0 + U, y1 = y0 + U;
    // An edge runs to the cell's corner when the cage goes on that way,
    // and past it round a corner where the cage turns inwards.
    const ext = (side, diag) => (side ? (diag ? -d : 0) : d);
    if (!has(r - 1, c)) p += `M${x0 + ext(has(r, c - 1), has(r - 1, c - 1))} ${y0 + d}H${x1 - ext(has(r, c + 1), has(r - 1, c + 1))}`;
    if (!has(r + 1, c)) p += `M${x0 + ext(has(r, c - 1), has(r + 1, c - 1))} ${y1 - d}H${x1 - ext(has(r, c + 1), has(r + 1, c + 1))}`;
    if (!has(r, c - 1)) p += `M${x0 + d} ${y0 + ext(has(r - 1, c), has(r - 1, c - 1))}V${y1 - ext(has(r + 1, c), has(r + 1, c - 1))}`;
    if (!has(r, c + 1)) p += `M${x1 - d} ${y0 + ext(has(r - 1, c), has(r - 1, c + 1))}V${y1 - ext(has(r + 1, c), has(r + 1, c + 1))}`;
  }
  const grp = el("g", a, parent);
  el("path", { d: p, class: "v-cage" }, grp);
  if (label !== "" && cells.length) {
    const first = Math.min(...cells);
    const [r, c] = g.rc(first);
    const x = c * U + d * 0.5, y = r * U + d * 0.5;
    el("rect", { x, y, width: U * (0.1 + 0.12 * label.length), height: U * 0.26, class: "v-cage-bg" }, grp);
    text(grp, x + U * 0.04, y + U * 0.13, label, "v-cage-sum");
  }
}

// arrow draws an arrow's circle (or pill over several cells) and its
// shaft with the head at its last cell.
function arrow(parent, g, circle, line, a) {
  const grp = el("g", { ...a, class: "v-arrow" }, parent);
  if (line.length) {
    const all = [circle[circle.length - 1], ...line];
    const [x0, y0] = [g.cx(all[0]), g.cy(all[0])], [x1, y1] = [g.cx(all[1]), g.cy(all[1])];
    const len = Math.hypot(x1 - x0, y1 - y0), r = U * 0.4;
    const start = `M${x0 + ((x1 - x0) / len) * r} ${y0 + ((y1 - y0) / len) * r}`;
    let d = start + all.slice(1).map((c) => `L${g.cx(c)} ${g.cy(c)}`).join("");
    const e = all[all.length - 1], b = all[all.length - 2];
    const ex = g.cx(e), ey = g.cy(e), bx = g.cx(b), by = g.cy(b);
    const el2 = Math.hypot(ex - bx, ey - by), ux = (ex - bx) / el2, uy = (ey - by) / el2, h = U * 0.22;
    d += `M${ex - h * (ux + uy)} ${ey - h * (uy - ux)}L${ex} ${ey}L${ex - h * (ux - uy)} ${ey - h * (uy + ux)}`;
    el("path", { d, class: "v-shaft" }, grp);
  }
  if (circle.length === 1) {
    el("circle", { cx: g.cx(circle[0]), cy: g.cy(circle[0]), r: U * 0.4, class: "v-circle" }, grp);
  } else if (circle.length > 1) {
    el("path", { d: path(g, circle), class: "v-pill" }, grp);
  }
}

// littleKiller draws a little killer's sum outside the grid (or in a
// cell) with a small arrow towards its diagonal.
function littleKiller(parent, g, s, a) {
  const [r, c] = s.at;
  const x = (c + 0.5) * U, y = (r + 0.5) * U;
  const grp = el("g", a, parent);
  text(grp, x, y, String(s.value), "v-outside v-lk-text");
  const [dy, dx] = { DR: [1, 1], DL: [1, -1], UR: [-1, 1], UL: [-1, -1] }[s.dir] || [1, 1];
  const ax = x + dx * U * 0.36, ay = y + dy * U * 0.36, h = U * 0.1;
  el("path", { d: `M${ax - dx * U * 0.12} ${ay - dy * U * 0.12}L${ax} ${ay}M${ax - dx * h} ${ay}L${ax} ${ay}L${ax} ${ay - dy * h}`, class: "v-lk-arrow" }, grp);
}

// cosmetic draws an element the source draws without a rule, in its own
// colours.
function cosmetic(s, g, L) {
  const st = s.style || {};
  const colour = (v, dflt) => (typeof v === "string" && /^#[0-9a-fA-F]{3,8}$|^[a-z]+$/.test(v) ? v : dflt);
  const pts = s.points || [];
  const a = { "data-kind": `cosmetic ${s.kind}` };
  const centre = () => {
    const xs = pts.map((p) => (p[1] + 0.5) * U), ys = pts.map((p) => (p[0] + 0.5) * U);
    return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  };
  switch (s.kind) {
    case "cell":
      if (st.c) for (const p of pts) el("rect", { ...a, x: p[1] * U, y: p[0] * U, width: U, height: U, fill: colour(st.c, "none"), class: "v-cosm-cell" }, L.shade);
      return;
    case "line":
      for (const p of s.paths || []) {
        const d = p.map((q, k) => `${k ? "L" : "M"}${(q[1] + 0.5) * U} ${(q[0] + 0.5) * U}`).join("");
        el("path", { ...a, d, stroke: colour(st.outlineC, "#888"), "stroke-width": (Number(st.width) || 0.1) * U, class: "v-cosm-line" }, L.lines);
      }
      return;
    case "circle": case "rectangle": {
      if (!pts.length) return;
      const [x, y] = centre(), w = (Number(st.width) || 0.5) * U, h = (Number(st.height) || 0.5) * U;
      const attrs = { ...a, fill: colour(st.baseC, "none"), stroke: colour(st.outlineC, "none"), class: "v-cosm-shape" };
      if (Number(st.angle)) attrs.transform = `rotate(${Number(st.angle)} ${x} ${y})`;
      if (s.kind === "circle") el("ellipse", { ...attrs, cx: x, cy: y, rx: w / 2, ry: h / 2 }, L.shade);
      else el("rect", { ...attrs, x: x - w / 2, y: y - h / 2, width: w, height: h }, L.shade);
      if (s.text) text(L.clues, x, y, s.text, "v-cosm-text", { fill: colour(st.fontC, "currentColor") });
      return;
    }
    case "text": {
      if (!pts.length || !s.text) return;
      const [x, y] = centre();
      text(L.clues, x, y, s.text, "v-cosm-text", { ...a, fill: colour(st.fontC, "currentColor"), "font-size": (Number(st.size) || 0.5) * U });
      return;
    }
    case "cage": {
      const cells = pts.filter((p) => p[0] >= 0 && p[1] >= 0 && p[0] < g.n && p[1] < g.n).map((p) => p[0] * g.n + p[1]);
      cage(L.lines, g, cells, s.text || "", a);
      return;
    }
    default:
      if (s.text && pts.length) {
        const [x, y] = centre();
        text(L.clues, x, y, s.text, "v-outside", a);
      }
  }
}
