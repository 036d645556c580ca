// The web client's service worker, served as /sw.js (core/web.py) so that its scope is the
// whole site. The server writes `BUILD` above this text: {version, files}, the client's
// files and a version that changes with any of them.
//
// The shell (the page and the client's files) is kept in a cache of its version and served
// from it first, so the client opens at once, and without a connection. The API is never
// cached nor even looked at: /api/ requests go to the network as if there were no worker.
// A new version installs beside the old one and waits until the page asks for it (web/
// offline.js offers the player a reload), so one page never mixes two versions' files.

/* global BUILD */
const CACHE = `shell-${BUILD.version}`;
const SHELL = new Set(BUILD.files);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(
    BUILD.files.map((url) => new Request(url, { cache: "reload" })),
  )));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("shell-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  // Every page of the client is the one page, "/" (its routes live after "#").
  const key = request.mode === "navigate" && url.pathname === "/" ? "/" : url.pathname;
  if (!SHELL.has(key)) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(key);
    if (kept) return kept;
    const fresh = await fetch(request);
    if (fresh.ok) cache.put(key, fresh.clone());
    return fresh;
  }));
});
