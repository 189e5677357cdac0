// Flankwise's service worker: after one visit the page works with the network off.
//
// tools/build.py writes this file to the site's root as sw.js, filling in VERSION (a hash of
// every published file) and FILES (every published file). On install it caches them all under
// a cache named for this version, fetched from the network past the browser's HTTP cache (a
// host such as GitHub Pages lets a visitor keep files for ten minutes, and a new version filled
// from those would hold the old files); on activate it deletes the caches of older versions, so
// a new deploy replaces the old one cleanly. Requests are answered from the cache first; a
// shared link's hash never reaches the network, so opening one offline restores its encounter.
const VERSION = "dev";
const FILES = [];
const CACHE = `flankwise-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("flankwise-") && name !== CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request.url;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((cached) => cached || fetch(request)),
  );
});
