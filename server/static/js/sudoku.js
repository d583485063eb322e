// Pure Sudoku helpers for the page: no DOM, so the rules can be checked
// without the server.

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

export const ALL_NOTES = 0x3fe; // bits 1..9

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

// candidates returns the bit mask of digits that no peer of i holds.
export function candidates(values, i) {
  let m = ALL_NOTES;
  for (const j of PEERS[i]) if (values[j]) m &= ~(1 << values[j]);
  return m;
}

// solved reports whether values is a full grid that keeps the rules.
export function solved(values) {
  return values.every((v) => v > 0) && conflicts(values).size === 0;
}

export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
