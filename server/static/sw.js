// The service worker: it keeps the page's files in the browser, so that
// the game opens and plays when the server cannot be reached (saved games,
// play, marks, undo, statistics; what needs the server says so). The
// pages register it once they have opened their game (app.js, and the
// variant page's js/variant/app.js).
//
// The server fills in VERSION, FILES and VARIANT when it starts
// (server/static.go): a hash of every other file, and their paths. A new
// version of the server is a new sw.js, which the browser installs with
// the files of that version and then drops the old copies. The files of
// VARIANT (the variant page's offline engine) are kept only once the
// variant page asks (a message "variant"), so that the classic page does
// not download them; a new version keeps them again if the old one had.
const VERSION = "";
const FILES = [];
const VARIANT = [];
const CACHE = `godoku-${VERSION}`;

// hadVariant says whether an older version kept the variant files.
async function hadVariant() {
  for (const k of await caches.keys()) {
    if (k.startsWith("godoku-") && k !== CACHE && VARIANT.length && (await caches.match(VARIANT[0], { cacheName: k }))) return true;
  }
  return false;
}

// keepVariant keeps the variant files that the cache lacks.
async function keepVariant() {
  const c = await caches.open(CACHE);
  for (const f of VARIANT) if (!(await c.match(f))) await c.add(f);
}

self.addEventListener("install", (e) => {
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    await c.addAll(FILES);
    if (await hadVariant()) await keepVariant();
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("godoku-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (e) => {
  if (e.data === "variant") e.waitUntil(keepVariant().catch(() => {}));
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
