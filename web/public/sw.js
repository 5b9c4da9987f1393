// pairpower's service worker: offline use and cross-origin isolation on any host.
//  - Precaches the whole built site (the list Vite writes to precache.json), so
//    after one visit the app works with the network off.
//  - Adds COOP/COEP to the same-origin responses it serves, so a host that cannot
//    set headers (GitHub Pages, a paper's supplementary site) still gets a
//    cross-origin-isolated page from the second load on (for `?threads`, the
//    threaded engine; the worker pool, the default, needs none). This is the
//    technique of the coi-serviceworker package, written into this worker because
//    a scope has room for one service worker only.
// It never touches other origins: the page makes no such requests.
const CACHE_PREFIX = 'pairpower-';

async function precacheList() {
  const res = await fetch('precache.json', { cache: 'no-store' });
  return res.json();
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const { version, files } = await precacheList();
      const cache = await caches.open(CACHE_PREFIX + version);
      await cache.addAll(files.map((f) => new Request(f, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const { version } = await precacheList().catch(() => ({ version: null }));
      for (const key of await caches.keys())
        if (key.startsWith(CACHE_PREFIX) && version && key !== CACHE_PREFIX + version && key !== CACHE_PREFIX + 'runtime') await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

function isolate(response) {
  if (!response || response.status === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// Vite's content-hashed assets never change under one name: the cache first.
// Everything else (the page, the wasm engine) may: the network first, kept in
// the cache so that offline use gets the latest version seen.
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z]+$/;

async function networkFirst(req) {
  const cache = await caches.open(CACHE_PREFIX + 'runtime');
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(req, res.clone());
    return res;
  } catch (e) {
    const cached = (await caches.match(req, { ignoreSearch: true })) ||
      (req.mode === 'navigate' ? await caches.match('index.html', { ignoreSearch: true }) : undefined);
    if (cached) return cached;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      if (HASHED.test(url.pathname)) {
        const cached = await caches.match(req, { ignoreSearch: true });
        if (cached) return isolate(cached);
      }
      return isolate(await networkFirst(req));
    })(),
  );
});
