// The New killer dialog of the variant page (variant.html): asks
// /api/variant/generate for a killer at a chosen level and opens it. The
// server gives no progress of its own, so the dialog shows the seconds
// spent against its time limit (from /api/info); Cancel aborts the
// request, which stops the server's search too (its context ends with
// the connection's).
import { t, levelName } from "../i18n.js";

const $ = (id) => document.getElementById(id);

// setup wires the dialog to the page: call(name, body, signal) asks the
// API, open(text, meta) opens a puzzle with what the page keeps about
// where it came from.
export function setup(call, open) {
  const dlg = $("v-new-dialog"), form = $("v-new-form");
  let run = null; // the request under way: its AbortController and ticker
  let limit = 0; // the server's time limit, seconds (0 until known)

  const busy = (on) => {
    $("v-new-progress").hidden = !on;
    $("v-new-go").disabled = on;
    $("v-new-level").disabled = on;
    $("v-new-givens").disabled = on;
  };
  const fail = (msg) => {
    const e = $("v-new-error");
    e.textContent = msg;
    e.hidden = !msg;
  };
  const stop = () => {
    if (!run) return;
    run.ctl.abort();
  };

  $("v-new").addEventListener("click", () => {
    fail("");
    dlg.showModal();
    if (!limit) call("info", {}).then((i) => { limit = Math.round((i.timeoutMs || 0) / 1000); }, () => { /* the bar runs without an end */ });
  });
  $("v-new-cancel").addEventListener("click", () => { if (run) stop(); else dlg.close(); });
  // Escape, or any other way the dialog closes, drops the request.
  dlg.addEventListener("close", stop);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (run) return;
    const level = $("v-new-level").value, givens = Number($("v-new-givens").value) || 0;
    const ctl = new AbortController(), start = performance.now();
    const show = () => {
      const s = Math.floor((performance.now() - start) / 1000), bar = $("v-new-bar");
      if (limit) { bar.max = limit; bar.value = Math.min(s, limit); } else bar.removeAttribute("value");
      $("v-new-time").textContent = limit ? t("v.newRunningOf", levelName(level), s, limit) : t("v.newRunning", levelName(level), s);
    };
    run = { ctl, ticker: setInterval(show, 500) };
    fail("");
    busy(true);
    show();
    try {
      const r = await call("variant/generate", { variant: "killer", level, givens }, ctl.signal);
      dlg.close();
      await open(r.puzzle, { kind: "killer", level: r.level, seed: r.seed, givens });
    } catch (err) {
      if (err.name === "AbortError") {
        if (dlg.open) fail(t("v.newCancelled"));
      } else {
        fail(t("v.newFailed", err.message));
      }
    } finally {
      clearInterval(run.ticker);
      run = null;
      busy(false);
    }
  });
}
