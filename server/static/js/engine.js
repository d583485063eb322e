// The offline engines: when the server cannot be reached, the API calls
// that play needs run in this browser, in WebAssembly built from the
// server's own Go code, so the answers are the server's: engine.wasm
// (server/wasm) the classic page's (new games, the daily puzzle, check,
// hints and the logical replay), variant.wasm (server/wasm/variant) the
// variant page's (a puzzle's model, check, hints, new killers). It runs in
// a Web Worker (engine/worker.js), off the page's thread: a new Extreme
// game can take the engine most of a second, during which the page keeps
// answering. Nothing of it is loaded until the first such call; the
// service worker keeps its files with the page's (sw.js).
import { apiError } from "./i18n.js";

let worker = null;
let loaded = ""; // the engine the worker runs: "engine" or "variant"
const waiting = new Map(); // the calls posted, by id: their resolve
let next = 0;

// stop ends the worker after a failure, failing the calls it had, so
// that the next call starts another (and loads the engine again).
function stop(why) {
  if (worker) worker.terminate();
  worker = null;
  for (const done of waiting.values()) done({ failed: why });
  waiting.clear();
}

function start(engine) {
  if (worker && loaded !== engine) stop("run");
  if (!worker) {
    loaded = engine;
    worker = new Worker(new URL("../engine/worker.js", import.meta.url), { name: engine });
    worker.onmessage = (e) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (e.data.failed) stop(e.data.failed);
      if (done) done(e.data);
    };
    // The worker's script could not be loaded (offline without the
    // service worker's copy), or it failed.
    worker.onerror = (e) => {
      e.preventDefault();
      stop("load");
    };
  }
  return worker;
}

// run makes the call as the API would, in the engine named (engine or
// variant): the answer, or an error with the status and data of the
// server's error answer. An engine that cannot be loaded is an error
// with offline set, which the page words as a server that cannot be
// reached. An abort of signal ends the call at once, as it would a
// request: the worker stops (the engine cannot be interrupted) and the
// next call starts another.
export async function run(name, body, { engine = "engine", signal } = {}) {
  if (signal && signal.aborted) throw new DOMException("aborted", "AbortError");
  const id = ++next;
  const r = await new Promise((done) => {
    waiting.set(id, done);
    start(engine).postMessage({ id, name, body: JSON.stringify(body) });
    if (signal) signal.addEventListener("abort", () => { if (waiting.has(id)) stop("abort"); }, { once: true });
  });
  if (r.failed === "abort") throw new DOMException("aborted", "AbortError");
  if (r.failed === "load") throw Object.assign(new Error("the offline engine cannot be loaded"), { offline: true });
  if (r.failed) throw new Error(r.error || r.failed);
  const data = JSON.parse(r.text);
  if (r.status !== 200) throw apiError(r.status, "", data);
  return data;
}
