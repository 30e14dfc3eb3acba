// The installable app's service worker (ADR 081). It keeps the app SHELL only: the fingerprinted
// scripts, styles and fonts under /assets/, the icons, and the last page for when the phone is offline
// (the manifest is the server's, named after the site: the browser fetches it fresh, ADR 084). It never answers, stores or even sees the API (/wps), the game gateway (/lgw), the
// WebSocket or anything else: a balance, a bet or a session must always come from the server.
'use strict';

const SHELL_CACHE = 'khela-shell-v2';
const SHELL_FILES = ['/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
/** The page kept for offline starts (network first: a fresh page whenever there is a network). */
const OFFLINE_PAGE = '/';

/** What this worker may keep: same origin, GET, and only the shell. Exported for the tests. */
function shellKind(request, origin) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  // The server's data, never: API answers (balances included), game launches, internal calls.
  if (/^\/(wps|lgw|internal|ws)(\/|$)/.test(path)) return null;
  if (request.mode === 'navigate') return 'page';
  // Vite fingerprints everything under /assets/: a name never changes its bytes.
  if (path.startsWith('/assets/')) return 'asset';
  if (SHELL_FILES.includes(path)) return 'asset';
  return null;
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).pathname === OFFLINE_PAGE) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(OFFLINE_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await (await caches.open(SHELL_CACHE)).match(OFFLINE_PAGE);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const kind = shellKind(event.request, self.location.origin);
  // Not ours: the browser fetches it as if there were no worker.
  if (kind === null) return;
  event.respondWith(kind === 'page' ? networkFirstPage(event.request) : cacheFirst(event.request));
});

if (typeof module !== 'undefined') module.exports = { shellKind };
