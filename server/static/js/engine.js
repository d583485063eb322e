// The offline engine: when the server cannot be reached, the API calls
// that play needs (new games, the daily puzzle, check, hints and the
// logical replay) run in this browser, in WebAssembly built from the
// server's own Go code (server/wasm), so the answers are the server's. It
// runs in a Web Worker (engine/worker.js), off the page's thread: a new
// Extreme game can take the engine most of a second, during which the
// page keeps answering. Nothing of it is loaded until the first such
// call; the service worker keeps its files with the page's (sw.js).
import { unreachable } from "./api.js";

let worker = null;
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

function start() {
  if (!worker) {
    worker = new Worker(new URL("../engine/worker.js", import.meta.url));
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

// run makes the call as the API would: the answer, or an error with the
// status and data of the server's error answer.
export async function run(name, body) {
  const id = ++next;
  const r = await new Promise((done) => {
    waiting.set(id, done);
    start().postMessage({ id, name, body: JSON.stringify(body) });
  });
  if (r.failed === "load") throw unreachable();
  if (r.failed) throw new Error(r.error || r.failed);
  const data = JSON.parse(r.text);
  if (r.status !== 200) {
    const err = new Error(data.error || `${r.status}`);
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return data;
}
