// A picture of the grid as it is drawn (digits, marks, colours, in the
// theme on show), saved as a PNG file. Loaded on first use. It reads the
// board from the page, so it draws what the player sees.

const SIZE = 64; // pixels per cell
const EDGE = 6; // the outer border

// resolve turns a CSS colour (such as var(--k3)) into the colour the page
// draws for it now.
function resolve(expr) {
  const probe = document.createElement("span");
  probe.style.color = expr;
  document.body.append(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c;
}

export function drawBoard(board) {
  const canvas = document.createElement("canvas");
  const side = 9 * SIZE + 2 * EDGE;
  canvas.width = canvas.height = side;
  const g = canvas.getContext("2d");
  const col = Object.fromEntries(["cell", "line", "thin", "given", "entry", "muted"].map((n) => [n, resolve(`var(--${n})`)]));
  const font = getComputedStyle(board).fontFamily;
  g.fillStyle = col.line;
  g.fillRect(0, 0, side, side);
  for (const el of board.querySelectorAll(".cell")) {
    const i = Number(el.dataset.cell);
    const x = EDGE + (i % 9) * SIZE, y = EDGE + Math.floor(i / 9) * SIZE;
    const k = [...el.classList].find((c) => /^k[1-9]$/.test(c));
    g.fillStyle = k ? resolve(`var(--${k})`) : col.cell;
    g.fillRect(x, y, SIZE, SIZE);
    g.textAlign = "center";
    g.textBaseline = "middle";
    const v = el.querySelector(".value").textContent;
    if (v) {
      g.fillStyle = el.classList.contains("given") ? col.given : col.entry;
      g.font = `${el.classList.contains("given") ? 700 : 400} ${SIZE * 0.6}px ${font}`;
      g.fillText(v, x + SIZE / 2, y + SIZE / 2 + 2);
      continue;
    }
    g.fillStyle = col.muted;
    const cand = el.querySelector(".cand:not([hidden])");
    if (cand && cand.classList.contains("grid")) {
      g.font = `${SIZE * 0.22}px ${font}`;
      [...cand.children].forEach((s, d) => {
        if (s.textContent) g.fillText(s.textContent, x + SIZE * (0.2 + 0.3 * (d % 3)), y + SIZE * (0.2 + 0.3 * Math.floor(d / 3)));
      });
    } else if (cand) {
      const text = cand.textContent;
      g.font = `${SIZE * (text.length > 5 ? 0.18 : text.length > 3 ? 0.22 : 0.26)}px ${font}`;
      g.fillText(text, x + SIZE / 2, y + SIZE / 2, SIZE * 0.8);
    }
    const corner = el.querySelector(".corner:not([hidden])");
    if (corner) {
      // The places of Snyder notation: the corners, then the edges.
      const at = [[0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85], [0.5, 0.15], [0.5, 0.85], [0.15, 0.5], [0.85, 0.5], [0.5, 0.5]];
      g.font = `${SIZE * 0.22}px ${font}`;
      [...corner.children].forEach((s, p) => {
        if (s.textContent) g.fillText(s.textContent, x + SIZE * at[p][0], y + SIZE * at[p][1]);
      });
    }
  }
  // Thin lines between cells, thick ones between boxes.
  for (let k = 1; k < 9; k++) {
    const thick = k % 3 === 0;
    g.fillStyle = thick ? col.line : col.thin;
    const w = thick ? 3 : 1;
    g.fillRect(EDGE + k * SIZE - w / 2, EDGE, w, 9 * SIZE);
    g.fillRect(EDGE, EDGE + k * SIZE - w / 2, 9 * SIZE, w);
  }
  return canvas;
}

// savePicture saves the grid as sudoku.png.
export async function savePicture(board) {
  const blob = await new Promise((resolve) => drawBoard(board).toBlob(resolve, "image/png"));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "sudoku.png";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
