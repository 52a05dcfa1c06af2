/* The arbiter's service worker: after one visit the "Ask the arbiter" page works with
   no network. Served from the site's root (the build copies it there, so that its scope
   holds every language's page); registered by arbiter.js once the engine has started,
   as arbiter-sw.js?v=KEY, KEY being the Pyodide version and the hash of the engine's
   wheel (arbiter/engine.json names both).

   Two caches:
   - the runtime (Pyodide's files and the wheel, arbiter/engine.json lists them), named
     by KEY and read cache first: those files never change under the same KEY, and a new
     runtime or wheel is a new service worker whose cache replaces the old one;
   - the pages and their files (the page, its scripts, styles and data), read from the
     network first, so a new version of the site shows at once, and from the cache when
     the network fails. The page sends the addresses it loaded (a message {type: "cache",
     urls}) and is told on the message's port when they are kept. */
"use strict";

const KEY = new URL(self.location.href).searchParams.get("v") || "none";
const RUNTIME = `shibumi-arbiter-runtime-${KEY}`;
const PAGES = "shibumi-arbiter-pages";
const ENGINE = new URL("arbiter/engine.json", self.registration.scope).href;

function isRuntime(url) {
  const path = new URL(url).pathname;
  return path.includes("/arbiter/pyodide/") || path.includes("/arbiter/engine/") ||
    url === ENGINE;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(RUNTIME);
    const response = await fetch(ENGINE);
    const engine = await response.clone().json();
    await cache.put(ENGINE, response);
    await cache.addAll(engine.files.map(f => new URL(`arbiter/${f}`, self.registration.scope).href));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("shibumi-arbiter-runtime-") && name !== RUNTIME) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "cache") return;
  const port = event.ports[0];
  event.waitUntil((async () => {
    const pages = await caches.open(PAGES);
    let kept = 0;
    for (const url of message.urls) {
      if (new URL(url).origin !== self.location.origin || isRuntime(url)) continue;
      try {
        const response = await fetch(url, {cache: "no-cache"});
        if (response.ok) { await pages.put(url, response); kept += 1; }
      } catch (err) { /* kept next time */ }
    }
    if (port) port.postMessage({cached: true, pages: kept, key: KEY});
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (isRuntime(request.url)) {
    event.respondWith((async () => {
      const cached = await caches.match(request.url, {cacheName: RUNTIME});
      return cached || fetch(request);
    })());
    return;
  }
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok && request.mode === "navigate") {
        const copy = response.clone();
        caches.open(PAGES).then(cache => cache.put(request.url, copy));
      }
      return response;
    } catch (err) {
      const cached = await caches.match(request.url, {cacheName: PAGES}) ||
        (request.mode === "navigate" &&
         await caches.match(request.url, {cacheName: PAGES, ignoreSearch: true}));
      if (cached) return cached;
      throw err;
    }
  })());
});
