// The service worker: it keeps the page's files in the browser, so that
// the game opens and plays when the server cannot be reached (saved games,
// play, marks, undo, statistics; what needs the server says so). The
// pages register it once they have opened their game (js/offline.js).
//
// The server fills in VERSION, FILES and OPTIONAL when it starts
// (server/static.go): a hash of every other file, and their paths. A new
// version of the server is a new sw.js, which the browser installs with
// the files of that version and then drops the old copies. The files of
// OPTIONAL, each page's offline engine by the name of the message the
// page sends ("engine" the classic page's, "variant" the variant page's;
// js/offline.js), are kept only once a page asks, so that a page does not
// download the other's; a new version keeps them again if the old one had.
const VERSION = "";
const FILES = [];
const OPTIONAL = {};
const CACHE = `godoku-${VERSION}`;

// had says whether an older version kept the files of OPTIONAL[name].
async function had(name) {
  const first = OPTIONAL[name][0];
  for (const k of await caches.keys()) {
    if (k.startsWith("godoku-") && k !== CACHE && first && (await caches.match(first, { cacheName: k }))) return true;
  }
  return false;
}

// keep keeps the files of OPTIONAL[name] that the cache lacks.
async function keep(name) {
  const c = await caches.open(CACHE);
  for (const f of OPTIONAL[name]) if (!(await c.match(f))) await c.add(f);
}

self.addEventListener("install", (e) => {
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    await c.addAll(FILES);
    for (const name of Object.keys(OPTIONAL)) if (await had(name)) await keep(name);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("godoku-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (e) => {
  if (typeof e.data === "string" && Object.hasOwn(OPTIONAL, e.data)) e.waitUntil(keep(e.data).catch(() => {}));
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
