// Create: an empty grid to type a puzzle into, checked as it is typed
// (one solution, several or none, from /api/solve) and rated.
import { PEERS, cellName, formatLine, conflicts } from "./sudoku.js";
import { t, levelName, techName, givens } from "./i18n.js";
import { $, S, blankGame, save, say, closeMenu, onClick } from "./state.js";
import { select, render } from "./board.js";
import { Edits } from "./moves.js";
import { clearHint } from "./hints.js";
import { call, has } from "./api.js";
import { resume, start, makeRoom } from "./games.js";
import { closeReplay } from "./watch.js";

function openCreate() {
  if (S.creating) return;
  if (S.replay) closeReplay();
  clearHint();
  save();
  S.creating = { prev: S.game, seq: 0, timer: 0 };
  S.game = blankGame(Array(81).fill(0), "", "Created");
  S.mode = "digit";
  S.paused = false;
  $("result").hidden = true;
  document.body.classList.add("creating");
  $("create-panel").hidden = false;
  $("create-rating").textContent = "";
  say("");
  select(0);
  checkCreation();
}

export function closeCreate() {
  clearTimeout(S.creating.timer);
  S.creating = null;
  document.body.classList.remove("creating");
  $("create-panel").hidden = true;
}

export function cancelCreate() {
  const prev = S.creating.prev;
  closeCreate();
  S.game = null;
  resume(prev);
}

async function playCreated() {
  if (!(await makeRoom()) || !S.creating) return;
  const puzzle = S.game.values.slice();
  const rating = S.creating.rating;
  closeCreate();
  start(puzzle, rating ? rating.level : "", "Created");
  S.game.rating = rating || null;
  save();
  render();
  say(t("goodLuck"));
}

// checkCreation says, as the givens are typed, whether the puzzle has one
// solution, several or none, and rates it when it has one. Answers that
// come after a newer change are dropped.
export function checkCreation() {
  clearTimeout(S.creating.timer);
  const seq = ++S.creating.seq;
  const values = S.game.values.slice();
  const n = values.filter(Boolean).length;
  S.creating.rating = null;
  $("create-play").disabled = true;
  $("create-rating").textContent = "";
  const status = (text, kind) => {
    $("create-status").textContent = text;
    $("create-status").className = `create-status ${kind}`;
  };
  const bad = conflicts(values);
  if (bad.size) {
    const [i] = bad;
    const j = PEERS[i].find((k) => values[k] === values[i]);
    return status(t("createBreak", cellName(i), cellName(j), values[i]), "none");
  }
  if (n < 17) return status(t("createFew", givens(n)), "several");
  status(t("checking"), "");
  S.creating.timer = setTimeout(async () => {
    try {
      const r = await call("solve", { puzzle: formatLine(values) });
      if (!S.creating || seq !== S.creating.seq) return;
      if (r.status === "none") return status(t("createNone"), "none");
      if (r.status !== "unique") return status(t("createSeveral"), "several");
      status(t("createUnique", givens(n)), "unique");
      $("create-play").disabled = false;
      if (!has("rate")) return;
      const rating = await call("rate", { puzzle: formatLine(values) });
      if (!S.creating || seq !== S.creating.seq) return;
      S.creating.rating = rating;
      $("create-rating").textContent = t(rating.bruteForce ? "ratedGuess" : "rated", levelName(rating.level), rating.score, rating.er, techName(rating.hardest));
    } catch (e) {
      if (S.creating && seq === S.creating.seq) status(t("cannotCheck", e.message), "none");
    }
  }, 250);
}

export function wireCreate() {
  onClick("create", () => { closeMenu(); openCreate(); });
  onClick("create-play", playCreated);
  onClick("create-clear", () => {
    const ed = new Edits();
    for (let i = 0; i < 81; i++) ed.set(i, { v: 0 });
    ed.commit();
  });
  onClick("create-cancel", cancelCreate);
}
