// The offline engine: when the server cannot be reached, the API calls
// that play needs (new games, the daily puzzle, check and hint) run here,
// in WebAssembly built from the server's own Go code (server/wasm), so
// the answers are the server's. It is loaded only then, on the first such
// call; the service worker keeps its files with the page's (sw.js).
import { unreachable } from "./api.js";

let ready = null;

// start loads the Go support script and the engine, once.
function start() {
  if (!ready) {
    ready = (async () => {
      await new Promise((ok, fail) => {
        const s = document.createElement("script");
        s.src = new URL("../engine/wasm_exec.js", import.meta.url);
        s.onload = ok;
        s.onerror = fail;
        document.head.append(s);
      });
      const go = new Go();
      const res = fetch(new URL("../engine/engine.wasm", import.meta.url));
      const { instance } = await WebAssembly.instantiateStreaming(res, go.importObject);
      go.run(instance); // it sets godokuEngine, then waits for calls
    })();
    ready.catch(() => { ready = null; }); // try again on the next call
  }
  return ready;
}

// run makes the call as the API would: the answer, or an error with the
// status and data of the server's error answer.
export async function run(name, body) {
  try {
    await start();
  } catch {
    throw unreachable();
  }
  const [status, text] = globalThis.godokuEngine(name, JSON.stringify(body));
  const data = JSON.parse(text);
  if (status !== 200) {
    const err = new Error(data.error || `${status}`);
    err.status = status;
    err.data = data;
    throw err;
  }
  return data;
}
