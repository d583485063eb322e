// A QR code of a link (ISO/IEC 18004: byte mode, error correction level M,
// the smallest version that holds it), so that a phone can open the
// puzzle the screen shows. Loaded only when first used.

// Level M, per version 1 to 40: error correction codewords per block and
// the number of blocks (the standard's table 9).
const EC_PER_BLOCK = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
const BLOCKS = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];

// GF(256) with the polynomial x^8+x^4+x^3+x^2+1, as logarithm tables.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
const mul = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0);

// ecc returns the n error correction codewords of data: the remainder of
// data·x^n divided by the generator (x-α^0)…(x-α^(n-1)).
function ecc(data, n) {
  let gen = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(gen.length + 1).fill(0);
    for (let j = 0; j < gen.length; j++) {
      next[j] ^= gen[j];
      next[j + 1] ^= mul(gen[j], EXP[i]);
    }
    gen = next;
  }
  const rem = new Array(n).fill(0);
  for (const b of data) {
    const f = b ^ rem.shift();
    rem.push(0);
    for (let j = 0; j < n; j++) rem[j] ^= mul(gen[j + 1], f);
  }
  return rem;
}

// rawModules counts the modules of a version left for data and error
// correction once the function patterns are drawn.
function rawModules(v) {
  let n = (16 * v + 128) * v + 64;
  if (v >= 2) {
    const a = Math.floor(v / 7) + 2;
    n -= (25 * a - 10) * a - 55;
    if (v >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (v) => Math.floor(rawModules(v) / 8) - EC_PER_BLOCK[v - 1] * BLOCKS[v - 1];

// alignments lists the rows (and columns) of a version's alignment patterns.
function alignments(v) {
  if (v === 1) return [];
  const n = Math.floor(v / 7) + 2;
  const size = v * 4 + 17;
  const step = v === 32 ? 26 : Math.ceil((v * 4 + 4) / (n * 2 - 2)) * 2;
  const pos = [6];
  for (let p = size - 7; pos.length < n; p -= step) pos.splice(1, 0, p);
  return pos;
}

// bch appends to value the remainder of its division by poly (of degree
// bits), for the format and version information.
function bch(value, bits, poly) {
  let rem = value;
  for (let i = 0; i < bits; i++) rem = (rem << 1) ^ ((rem >> (bits - 1)) * poly);
  return (value << bits) | (rem & ((1 << bits) - 1));
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// encode makes the QR code of text: {size, dark(x, y)}; null when the text
// is too long for any version.
export function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let v = 1;
  const bitsNeeded = (ver) => 4 + (ver < 10 ? 8 : 16) + bytes.length * 8;
  while (v <= 40 && bitsNeeded(v) > dataCodewords(v) * 8) v++;
  if (v > 40) return null;

  // The data: byte mode, the length, the bytes, a terminator, padding.
  const bits = [];
  const put = (val, n) => { for (let i = n - 1; i >= 0; i--) bits.push((val >> i) & 1); };
  put(4, 4);
  put(bytes.length, v < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCodewords(v) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2));
  for (let pad = 0xec; data.length < capacity / 8; pad ^= 0xec ^ 0x11) data.push(pad);

  // Blocks, each with its error correction, interleaved.
  const nb = BLOCKS[v - 1];
  const ec = EC_PER_BLOCK[v - 1];
  const total = Math.floor(rawModules(v) / 8);
  const short = nb - (total % nb);
  const shortLen = Math.floor(total / nb) - ec;
  const blocks = [];
  for (let b = 0, k = 0; b < nb; b++) {
    const len = shortLen + (b < short ? 0 : 1);
    const d = data.slice(k, k + len);
    k += len;
    blocks.push({ d, e: ecc(d, ec) });
  }
  const words = [];
  for (let i = 0; i <= shortLen; i++) for (const b of blocks) if (i < b.d.length) words.push(b.d[i]);
  for (let i = 0; i < ec; i++) for (const b of blocks) words.push(b.e[i]);

  // The function patterns.
  const size = v * 4 + 17;
  const dark = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (x, y, on) => { dark[y * size + x] = on ? 1 : 0; fixed[y * size + x] = 1; };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx, y = cy + dy;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const al = alignments(v);
  for (const ay of al) {
    for (const ax of al) {
      if ((ax === 6 && ay === 6) || (ax === 6 && ay === size - 7) || (ax === size - 7 && ay === 6)) continue;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  const format = (mask) => {
    const f = bch(mask, 10, 0x537) ^ 0x5412; // level M is 00
    const bit = (i) => (f >> i) & 1;
    for (let i = 0; i <= 5; i++) set(8, i, bit(i));
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
    set(8, size - 8, 1);
  };
  format(0); // reserves its modules
  if (v >= 7) {
    const info = bch(v, 12, 0x1f25);
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3), b = Math.floor(i / 3);
      set(a, b, (info >> i) & 1);
      set(b, a, (info >> i) & 1);
    }
  }

  // The codewords, in two-module columns zigzagging from the bottom right.
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const up = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = up ? size - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (fixed[y * size + x]) continue;
        dark[y * size + x] = i < words.length * 8 ? (words[i >> 3] >> (7 - (i & 7))) & 1 : 0;
        i++;
      }
    }
  }

  // The mask whose result has the lowest penalty.
  const masked = (m) => {
    const out = dark.slice();
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (!fixed[y * size + x] && MASKS[m](x, y)) out[y * size + x] ^= 1;
    }
    return out;
  };
  let best = null;
  for (let m = 0; m < 8; m++) {
    format(m);
    const out = masked(m);
    for (let k = 0; k < out.length; k++) if (fixed[k]) out[k] = dark[k];
    const score = penalty(out, size);
    if (!best || score < best.score) best = { score, out };
  }
  const out = best.out;
  return { size, dark: (x, y) => out[y * size + x] === 1 };
}

// penalty scores a symbol as the standard does: runs of one colour, 2×2
// blocks, patterns like a finder's, and the balance of dark and light.
function penalty(m, size) {
  let p = 0;
  const at = (x, y, byRow) => (byRow ? m[y * size + x] : m[x * size + y]);
  for (const byRow of [true, false]) {
    for (let y = 0; y < size; y++) {
      let run = 1;
      let line = "";
      for (let x = 0; x < size; x++) {
        const c = at(x, y, byRow);
        line += c;
        if (x > 0 && c === at(x - 1, y, byRow)) {
          run++;
          if (run === 5) p += 3;
          else if (run > 5) p++;
        } else run = 1;
      }
      line = `0000${line}0000`;
      for (const pat of ["10111010000", "00001011101"]) {
        for (let k = line.indexOf(pat); k >= 0; k = line.indexOf(pat, k + 1)) p += 40;
      }
    }
  }
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = m[y * size + x];
      if (c === m[y * size + x + 1] && c === m[(y + 1) * size + x] && c === m[(y + 1) * size + x + 1]) p += 3;
    }
  }
  let darkCount = 0;
  for (const c of m) darkCount += c;
  p += Math.floor(Math.abs(darkCount * 20 - m.length * 10) / m.length) * 10;
  return p;
}

// svg draws a QR code with a quiet zone of four modules, dark on white
// whatever the theme, as scanners expect.
export function svg(code) {
  const ns = "http://www.w3.org/2000/svg";
  const n = code.size + 8;
  const el = document.createElementNS(ns, "svg");
  el.setAttribute("viewBox", `0 0 ${n} ${n}`);
  el.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(ns, "rect");
  bg.setAttribute("width", n);
  bg.setAttribute("height", n);
  bg.setAttribute("fill", "#fff");
  let d = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.dark(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  el.append(bg, path);
  return el;
}
