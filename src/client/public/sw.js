/*
 * The offline app shell (docs/screens.md#offline, decision 108). Registered by the built client only
 * (never in `npm run dev`). It keeps:
 * - the page shell (`/`, the same HTML for every client route) and the small files beside it,
 *   refreshed from the network on every navigation and used only when the network fails;
 * - the build's hashed assets (`/assets/...`, never changing), cache first, within a byte budget.
 * API answers (`/api/`, `/trpc/`) and anything not a GET pass straight through, never cached.
 */
const SHELL_CACHE = 'vt-shell-v1';
const ASSET_CACHE = 'vt-assets-v1';
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/theme-init.js', '/icons/icon-192.png'];
/** A build's assets are about 2 MB; two builds' worth fits, the oldest entries go first. */
const ASSET_BUDGET_BYTES = 8 * 1024 * 1024;

function isPassThrough(url, request) {
  return request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/') || url.pathname === '/sw.js';
}

/** The hashed assets a shell names (its entry script, styles and preloads). */
function assetsOf(html) {
  return [...new Set(html.match(/\/assets\/[A-Za-z0-9._-]+/g) ?? [])];
}

async function sizeOf(response) {
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : (await response.clone().arrayBuffer()).byteLength;
}

/** Drops the oldest assets until the cache is within its budget. */
async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  const sizes = [];
  for (const key of keys) {
    const response = await cache.match(key);
    sizes.push(response ? await sizeOf(response) : 0);
  }
  let total = sizes.reduce((sum, size) => sum + size, 0);
  for (let i = 0; i < keys.length && total > ASSET_BUDGET_BYTES; i++) {
    await cache.delete(keys[i]);
    total -= sizes[i];
  }
}

async function cacheAssets(paths) {
  const cache = await caches.open(ASSET_CACHE);
  for (const path of paths) {
    if (await cache.match(path, { ignoreVary: true })) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    } catch {
      // Offline while caching: the next online navigation tries again.
    }
  }
  await trimAssets();
}

/** Stores the shell and the assets it names; called at install and after each online navigation. */
async function storeShell(response) {
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put('/', response);
  await cacheAssets(assetsOf(html));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.addAll(SHELL_FILES.filter((path) => path !== '/'));
      const page = await fetch('/', { cache: 'no-store' });
      if (page.ok) await storeShell(page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SHELL_CACHE && name !== ASSET_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function navigate(request, event) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.startsWith('text/html')) event.waitUntil(storeShell(response.clone()));
    return response;
  } catch {
    const shell = await caches.match('/', { cacheName: SHELL_CACHE, ignoreVary: true });
    return shell ?? new Response('<!doctype html><title>Offline</title><p>You are offline and this page was never opened here.</p>', { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

async function asset(request, event) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(
      caches
        .open(ASSET_CACHE)
        .then((cache) => cache.put(request, copy))
        .then(trimAssets),
    );
  }
  return response;
}

/** The shell's small files: the network when it answers, else the stored copy. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(new URL(request.url).pathname, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (isPassThrough(url, request)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request, event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request, event));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFile(request));
});
