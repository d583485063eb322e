// keepOffline registers the service worker (sw.js), which keeps the
// pages' files for when the server cannot be reached, and asks it to keep
// the page's offline engine too: "engine" for the classic page's,
// "variant" for the variant page's. Each is kept only for the page that
// asks, so that neither page downloads the other's (1.6 and 2.1 MB
// gzipped). Browsers without a service worker, or pages not from a
// secure origin, go without.
export function keepOffline(engine) {
  if (!("serviceWorker" in navigator)) return;
  const ask = () => navigator.serviceWorker.ready.then((r) => r.active && r.active.postMessage(engine), () => {});
  navigator.serviceWorker.register("sw.js").then(ask, () => {});
  // A new version of the service worker keeps the files again.
  navigator.serviceWorker.addEventListener("controllerchange", ask);
}
