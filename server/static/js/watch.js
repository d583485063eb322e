// Watch: the solver's replay panel, step by step through the frames that
// replay.js makes (loaded when first opened) from /api/explain or
// /api/trace.
import { formatLine, candidates, cellName } from "./sudoku.js";
import { t, techName, explanation } from "./i18n.js";
import { $, S, prefs, savePrefs, say, onClick } from "./state.js";
import { render, select } from "./board.js";
import { clearHint } from "./hints.js";
import { call, has, solution, load } from "./api.js";

// start is where the replay starts, as the Watch panel's "Start from"
// says: the givens; the player's digits; or their digits and marks (the
// candidates each empty cell shows: live candidates less those struck out,
// centre marks, or else all the digits leave it), which only the logical
// path can take. It returns the values, the marks when they count, the
// line to send and the first frame's words; or, when the position
// contradicts the solution, it marks the wrong cells and throws saying
// the first.
async function start(source) {
  const g = S.game;
  const from = source === "trace" && prefs.replayFrom === "marks" ? "board" : prefs.replayFrom;
  const count = (n, one, many) => (n === 1 ? t(one) : t(many, n));
  if (from !== "board" && from !== "marks") {
    const n = g.puzzle.filter(Boolean).length;
    return { values: g.puzzle, line: formatLine(g.puzzle), title: t("startGivens", count(n, "givens1", "givensN")) };
  }
  const values = g.values.slice();
  const marks = from === "marks" ? values.map((v, i) => (v ? 1 << v : g.auto ? candidates(values, i) & ~g.elim[i] : g.centre[i] || candidates(values, i))) : null;
  // The solver cannot start from a position that contradicts the
  // solution: the page says where.
  if (has("solve") || has("explain")) {
    const sol = await solution();
    const wrong = [];
    for (let i = 0; i < 81; i++) {
      if ((values[i] && values[i] !== sol[i]) || (marks && !(marks[i] & (1 << sol[i])))) wrong.push(i);
    }
    if (wrong.length && g.unique !== false) {
      g.wrong = wrong;
      g.helped = true;
      select(wrong[0]);
      const i = wrong[0];
      throw new Error(values[i] ? t("fromWrongDigit", cellName(i), values[i], wrong.length) : t("fromWrongMarks", cellName(i), wrong.length));
    }
  }
  const n = values.filter(Boolean).length;
  if (!marks) return { values, line: formatLine(values), title: t("startBoard", count(n, "digits1", "digitsN")) };
  // A cell with one mark counts as placed, as the server reads pencil marks.
  const placed = values.map((v, i) => v || (marks[i] && !(marks[i] & (marks[i] - 1)) ? Math.log2(marks[i]) : 0));
  const line = marks.map((m) => Array.from({ length: 9 }, (_, k) => (m & (1 << (k + 1)) ? String(k + 1) : ".")).join("")).join("");
  return { values: placed, marks: placed.map((v, i) => (v ? 0 : marks[i])), line, title: t("startMarks", count(n, "digits1", "digitsN")) };
}

async function openReplay() {
  if (S.replay) return closeReplay(true);
  if (S.paused || S.creating) return;
  const source = replaySource();
  let frames;
  say("");
  try {
    const { explainFrames, traceFrames } = await load("replay");
    const from = await start(source);
    if (source === "logic") {
      // The path needs a puzzle with one solution; asking the solver first
      // says so plainly instead of failing the request.
      if (has("solve")) {
        await solution();
        if (S.game.unique === false) throw new Error(t("severalPaths"));
      }
      frames = await explainFrames(call, from, from.line, { t, techName, explanation }, from.title);
    } else {
      frames = await traceFrames(call, from.line, t);
    }
  } catch (e) {
    if (S.game.wrong) render();
    say(e.message, true);
    return;
  }
  clearHint();
  S.replay = { frames, pos: 0, timer: null, view: null };
  const log = $("replay-log");
  log.replaceChildren(...frames.map((f, k) => {
    const li = document.createElement("li");
    li.textContent = f.text;
    li.className = f.kind.replace(/ /g, "-");
    if (f.depth) li.style.paddingLeft = `${Math.min(f.depth, 20) * 0.6}em`;
    li.addEventListener("click", () => { stopReplay(); setReplay(k); });
    return li;
  }));
  $("replay-source").value = source;
  $("replay-from").value = prefs.replayFrom;
  $("replay-from").querySelector('[value="marks"]').disabled = source === "trace";
  $("replay-summary").textContent = frames.summary || "";
  $("replay-pos").max = String(frames.length - 1);
  $("replay-panel").hidden = false;
  $("replay").setAttribute("aria-pressed", "true");
  document.body.classList.add("replaying");
  setReplay(frames.start || 0);
  $("replay-fwd").focus({ preventScroll: true });
}

// replaySource is "trace" for the classic solver's trace, which guesses
// and backtracks, or "logic" for the path a person would take.
function replaySource() {
  if (!has("trace")) return "logic";
  if (!has("explain")) return "trace";
  return prefs.replay === "trace" ? "trace" : "logic";
}

function setReplay(k) {
  if (!S.replay) return;
  const n = S.replay.frames.length;
  k = Math.max(0, Math.min(n - 1, k));
  S.replay.pos = k;
  const f = S.replay.frames[k];
  S.replay.view = f;
  $("replay-step").textContent = t("stepOf", k, n - 1, f.text);
  $("replay-explain").textContent = f.explanation || "";
  $("replay-pos").value = String(k);
  const log = $("replay-log");
  const items = log.children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === k);
  // Scroll the list, not the page, to the step.
  const li = items[k];
  if (li && li.offsetTop < log.scrollTop) log.scrollTop = li.offsetTop;
  else if (li && li.offsetTop + li.offsetHeight > log.scrollTop + log.clientHeight) log.scrollTop = li.offsetTop + li.offsetHeight - log.clientHeight;
  $("replay-back").disabled = $("replay-first").disabled = k === 0;
  $("replay-fwd").disabled = $("replay-last").disabled = k === n - 1;
  if (k === n - 1) stopReplay();
  render();
}

function playReplay() {
  if (!S.replay) return;
  if (S.replay.timer) return stopReplay();
  if (S.replay.pos === S.replay.frames.length - 1) setReplay(0);
  S.replay.timer = setInterval(() => setReplay(S.replay.pos + 1), 350);
  $("replay-play").textContent = t("pause");
}

function stopReplay() {
  if (S.replay && S.replay.timer) clearInterval(S.replay.timer);
  if (S.replay) S.replay.timer = null;
  $("replay-play").textContent = t("play");
}

// closeReplay closes the replay; when the player closed it (focus), the
// focus goes back to the Watch button, rather than to the page.
export function closeReplay(focus = false) {
  if (!S.replay) return;
  stopReplay();
  S.replay = null;
  $("replay-panel").hidden = true;
  $("replay").setAttribute("aria-pressed", "false");
  document.body.classList.remove("replaying");
  if (S.game) render();
  if (focus) $("replay").focus({ preventScroll: true });
}

// While the replay runs, the keys drive it and leave the game alone.
export function replayKey(e, t) {
  const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
  if (e.key in steps) {
    e.preventDefault();
    stopReplay();
    setReplay(S.replay.pos + steps[e.key]);
  } else if (e.key === "Home" || e.key === "End") {
    e.preventDefault();
    setReplay(e.key === "Home" ? 0 : S.replay.frames.length - 1);
  } else if (e.key === " " && t.tagName !== "BUTTON") {
    e.preventDefault();
    playReplay();
  } else if (e.key === "Escape") {
    closeReplay(true);
  }
}

export function wireWatch() {
  onClick("replay", openReplay);
  onClick("replay-close", () => closeReplay(true));
  onClick("replay-first", () => { stopReplay(); setReplay(0); });
  onClick("replay-back", () => { stopReplay(); setReplay(S.replay.pos - 1); });
  onClick("replay-fwd", () => { stopReplay(); setReplay(S.replay.pos + 1); });
  onClick("replay-last", () => { stopReplay(); setReplay(S.replay.frames.length - 1); });
  onClick("replay-play", playReplay);
  $("replay-pos").addEventListener("input", () => { stopReplay(); setReplay(Number($("replay-pos").value)); });
  $("replay-source").addEventListener("change", async () => {
    prefs.replay = $("replay-source").value;
    savePrefs();
    closeReplay();
    await openReplay();
  });
  $("replay-from").addEventListener("change", async () => {
    prefs.replayFrom = $("replay-from").value;
    savePrefs();
    closeReplay();
    await openReplay();
  });
}
