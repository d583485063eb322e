// The service worker: it keeps the page's files in the browser, so that
// the game opens and plays when the server cannot be reached (saved games,
// play, marks, undo, statistics; what needs the server says so). The page
// registers it once it has opened its game (app.js).
//
// The server fills in VERSION and FILES when it starts (server/static.go):
// a hash of every other file, and their paths. A new version of the server
// is a new sw.js, which the browser installs with the files of that
// version and then drops the old copies.
const VERSION = "";
const FILES = [];
const CACHE = `godoku-${VERSION}`;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("godoku-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page's files come from the server while it answers, as they would
// without a service worker (so an upgrade shows at once), and from the
// copies kept when it does not. The API is never kept: it passes through.
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  e.respondWith(fetch(e.request).catch(async (err) => {
    const kept = await caches.match(url.pathname, { cacheName: CACHE });
    if (kept) return kept;
    throw err;
  }));
});
