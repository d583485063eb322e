// Pure Sudoku helpers for the page: no DOM and no storage, so the rules
// can be checked without the server.
//
// Cells are 0 to 80, row-major; the API names them "r1c3". Sets of digits
// (pencil marks, candidates) are bit masks with bit d for digit d, so 0x3fe
// is all nine.

export const row = (i) => Math.floor(i / 9);
export const col = (i) => i % 9;
export const box = (i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3);
export const cellName = (i) => `r${row(i) + 1}c${col(i) + 1}`;

// PEERS[i] lists the 20 cells that share a row, column or box with i.
export const PEERS = Array.from({ length: 81 }, (_, i) => {
  const out = [];
  for (let j = 0; j < 81; j++) {
    if (j !== i && (row(j) === row(i) || col(j) === col(i) || box(j) === box(i))) out.push(j);
  }
  return out;
});

export const ALL_DIGITS = 0x3fe; // bits 1..9

// digitsOf lists the digits of a mask in increasing order.
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << d)) out.push(d);
  return out;
}

// maskOf turns a list of digits, or a mask already, into a mask.
export function maskOf(digits) {
  if (typeof digits === "number") return digits & ALL_DIGITS;
  let m = 0;
  for (const d of digits || []) if (d >= 1 && d <= 9) m |= 1 << d;
  return m;
}

// cellIndex turns a cell of the API, its name "r1c3" or an index 0 to 80,
// into the index, or -1.
export function cellIndex(c) {
  if (Number.isInteger(c)) return c >= 0 && c < 81 ? c : -1;
  const m = /^r([1-9])c([1-9])$/.exec(c);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

// parseLine reads 81 cells written with digits and '.' or '0' for empty,
// as in share links and the API's answers; it returns null otherwise.
export function parseLine(s) {
  if (typeof s !== "string" || !/^[0-9.]{81}$/.test(s)) return null;
  return Array.from(s, (c) => (c === "." ? 0 : Number(c)));
}

export function formatLine(values) {
  return values.map((v) => (v ? String(v) : ".")).join("");
}

// conflicts returns the set of cells whose digit also sits in a peer.
export function conflicts(values) {
  const bad = new Set();
  for (let i = 0; i < 81; i++) {
    const v = values[i];
    if (!v) continue;
    for (const j of PEERS[i]) {
      if (values[j] === v) {
        bad.add(i);
        break;
      }
    }
  }
  return bad;
}

// candidates returns the mask of digits that no peer of i holds.
export function candidates(values, i) {
  let m = ALL_DIGITS;
  for (const j of PEERS[i]) if (values[j]) m &= ~(1 << values[j]);
  return m;
}

// solved reports whether values is a full grid that keeps the rules.
export function solved(values) {
  return values.every((v) => v > 0) && conflicts(values).size === 0;
}

export function formatTime(ms) {
  const s = Math.floor(Math.min(ms, MAX_TIME) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

// stepResult writes what a logical step does, "r1c1=5" or "r2c3<>4, ...".
export function stepResult(step) {
  const name = (c) => cellName(cellIndex(c));
  return [
    ...(step.placements || []).map((p) => `${name(p.cell)}=${p.digit}`),
    ...(step.eliminations || []).map((e) => `${name(e.cell)}<>${e.digit}`),
  ].join(", ");
}

// stepText writes a step of /api/hint or /api/explain in the usual
// notation, without repeating the result where the notation already says
// it, as for singles ("Naked Single: r7c7=8", not "... => r7c7=8", and
// "Hidden Single: r6c2=4 in c2"). name, when given, is the technique's
// name in the page's language.
export function stepText(step, name = step.technique) {
  const result = stepResult(step);
  const notation = step.notation || "";
  let t = name || "";
  if (notation) t += `: ${notation}`;
  if (result && !notation.split(" ").includes(result)) t += ` => ${result}`;
  return t;
}

// ---- progress in share links ----
//
// A link is "#p=" and the 81 cells of the puzzle. A link that carries
// progress adds "&e=" and the player's 81 entries ('.' where none), "&t="
// the seconds played and, when there are marks, "&m=" the marks: per cell
// 22 bits (corner marks in bits 0-8, centre marks in bits 9-17, the colour
// in 18-21) in three bytes, 243 bytes in base64url. "&a=1" says that the
// centre marks are the live candidates.

function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  try {
    const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// Short links (an option) say the same in fewer characters, as bits in
// base64url: "s=" the puzzle, a bit per cell for a given and four bits per
// given for its digit; "f=" the entries, a bit per empty cell of the
// puzzle and four bits per entry; "k=" the marks, a bit per cell and 22
// bits (as in "m=") per cell that has any. A plain link is 85 characters
// after "#", a short one about 35 for a puzzle of 30 givens.

function packBits(fields) {
  const bytes = new Uint8Array(Math.ceil(fields.reduce((n, [, w]) => n + w, 0) / 8));
  let pos = 0;
  for (const [v, w] of fields) {
    for (let b = w - 1; b >= 0; b--, pos++) if ((v >> b) & 1) bytes[pos >> 3] |= 0x80 >> (pos & 7);
  }
  return toBase64url(bytes);
}

// bitReader reads fields from base64url text; past the end it reads -1.
function bitReader(text) {
  const bytes = text ? fromBase64url(text) : null;
  let pos = 0;
  return (w) => {
    if (!bytes || pos + w > bytes.length * 8) return -1;
    let v = 0;
    for (let b = 0; b < w; b++, pos++) v = (v << 1) | ((bytes[pos >> 3] >> (7 - (pos & 7))) & 1);
    return v;
  };
}

// packCells writes the digits of the cells where mask holds.
function packCells(cells, mask) {
  const fields = [];
  mask.forEach((m, i) => { if (m) fields.push([cells[i] ? 1 : 0, 1]); });
  mask.forEach((m, i) => { if (m && cells[i]) fields.push([cells[i], 4]); });
  return packBits(fields);
}

// unpackCells reads what packCells wrote: null if it does not fit.
function unpackCells(text, mask) {
  const read = bitReader(text);
  const has = mask.map((m) => (m ? read(1) : 0));
  if (has.includes(-1)) return null;
  const out = has.map((h) => (h ? read(4) : 0));
  return out.every((d) => d >= 0 && d <= 9) ? out : null;
}

// progressLink writes the part of a link after "#"; with p.short, the
// short form.
export function progressLink(p) {
  const all = Array(81).fill(true);
  const empty = p.puzzle.map((v) => !v);
  let out = p.short ? `s=${packCells(p.puzzle, all)}` : `p=${formatLine(p.puzzle)}`;
  if (!p.withProgress) return out;
  const entries = p.values.map((v, i) => (p.puzzle[i] ? 0 : v));
  out += p.short ? `&f=${packCells(entries, empty)}` : `&e=${formatLine(entries)}`;
  out += `&t=${Math.floor(p.elapsed / 1000)}`;
  const marked = Array.from({ length: 81 }, (_, i) => !!(p.corner[i] || p.centre[i] || p.colour[i]));
  if (p.short && marked.some(Boolean)) {
    const fields = marked.map((m) => [m ? 1 : 0, 1]);
    marked.forEach((m, i) => { if (m) fields.push([(p.corner[i] >> 1) | ((p.centre[i] >> 1) << 9) | ((p.colour[i] & 15) << 18), 22]); });
    out += `&k=${packBits(fields)}`;
  } else if (marked.some(Boolean)) {
    const bytes = new Uint8Array(243);
    for (let i = 0; i < 81; i++) {
      const x = (p.corner[i] >> 1) | ((p.centre[i] >> 1) << 9) | ((p.colour[i] & 15) << 18);
      bytes[3 * i] = x & 255;
      bytes[3 * i + 1] = (x >> 8) & 255;
      bytes[3 * i + 2] = (x >> 16) & 255;
    }
    out += `&m=${toBase64url(bytes)}`;
  }
  if (p.auto) out += "&a=1";
  return out;
}

// MAX_TIME is the most time a link may say was played, 99:59:59 in ms.
export const MAX_TIME = 359999000;

// readLink reads the part of a link after "#": null when it names no
// puzzle at all; {error, args} when it names one the page cannot play
// (error a key of the page's words, args its arguments: the link is not
// 81 cells, cannot be read, breaks the rules, or its entries are not 81
// cells); otherwise {puzzle} and, when it carries progress, {values,
// elapsed, corner, centre, colour, auto}, with note "linkTime" when its
// time was out of bounds (it is cut to MAX_TIME). Entries in the cell of a
// given are ignored.
export function readLink(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (!q.has("p") && !q.has("s")) return null;
  const puzzle = q.has("p") ? parseLine(q.get("p")) : unpackCells(q.get("s"), Array(81).fill(true));
  if (!puzzle) return q.has("p") ? { error: "linkLength", args: [q.get("p").length] } : { error: "linkUnreadable" };
  const bad = conflicts(puzzle);
  if (bad.size) {
    const [i] = bad;
    const j = PEERS[i].find((k) => puzzle[k] === puzzle[i]);
    return { error: "linkClash", args: [cellName(i), cellName(j), puzzle[i]] };
  }
  const out = { puzzle };
  if (!q.has("e") && !q.has("f")) return out;
  const entries = q.has("e") ? parseLine(q.get("e")) : unpackCells(q.get("f"), puzzle.map((v) => !v));
  if (!entries) return { error: "linkEntries" };
  out.values = puzzle.map((v, i) => v || entries[i]);
  const secs = Math.max(0, Number(q.get("t")) || 0);
  out.elapsed = Math.min(secs * 1000, MAX_TIME);
  if (secs * 1000 > MAX_TIME) out.note = "linkTime";
  out.corner = Array(81).fill(0);
  out.centre = Array(81).fill(0);
  out.colour = Array(81).fill(0);
  const bytes = q.get("m") ? fromBase64url(q.get("m")) : null;
  if (bytes && bytes.length === 243) {
    for (let i = 0; i < 81; i++) {
      const x = bytes[3 * i] | (bytes[3 * i + 1] << 8) | (bytes[3 * i + 2] << 16);
      out.corner[i] = (x & 511) << 1;
      out.centre[i] = ((x >> 9) & 511) << 1;
      out.colour[i] = Math.min((x >> 18) & 15, 9);
    }
  }
  if (q.has("k")) {
    const read = bitReader(q.get("k"));
    const has = Array.from({ length: 81 }, () => read(1));
    for (let i = 0; i < 81; i++) {
      const x = has[i] === 1 ? read(22) : 0;
      if (x < 0) break;
      out.corner[i] = (x & 511) << 1;
      out.centre[i] = ((x >> 9) & 511) << 1;
      out.colour[i] = Math.min((x >> 18) & 15, 9);
    }
  }
  out.auto = q.get("a") === "1";
  return out;
}
