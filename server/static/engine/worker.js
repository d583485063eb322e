// The offline engine's Web Worker: it runs an engine (engine.wasm, or
// variant.wasm for the variant page, with the Go toolchain's
// wasm_exec.js) off the page's thread, so that a new game that takes the
// engine most of a second leaves the page free to answer meanwhile.
// js/engine.js starts it on the first call the server does not answer,
// which is when it loads the engine (named by the worker's name:
// "variant" for variant.wasm, engine.wasm otherwise; not by a query in its
// address, which the service worker's kept copy does not have), and posts it the
// calls: {id, name, body} (body the JSON request as text); it answers
// {id, status, text} as the API would (the HTTP status and the JSON
// text), or {id, failed} with why when the engine could not load or
// stopped, after which the page starts another worker.
importScripts("wasm_exec.js");

const file = self.name === "variant" ? "variant.wasm" : "engine.wasm";

const ready = (async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch(file), go.importObject);
  go.run(instance); // it sets godokuEngine, then waits for calls
})();
// A load that fails before the first call awaits ready would be reported
// as an unhandled rejection ("Uncaught (in promise) TypeError: Failed to
// fetch" in the console); each call still sees the failure and answers it.
ready.catch(() => {});

self.onmessage = async (e) => {
  const { id, name, body } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, failed: "load", error: String(err) });
    return;
  }
  try {
    const [status, text] = self.godokuEngine(name, body);
    postMessage({ id, status, text });
  } catch (err) {
    // The Go program stopped (a panic, or out of memory): its calls fail
    // from now on.
    postMessage({ id, failed: "run", error: String(err) });
  }
};
