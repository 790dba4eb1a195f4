// The page's service worker, served at /sw.js so that its scope is the whole site: it lets the page open, and
// show the boats as last loaded, without a connection (at a regatta the network comes and goes). A classic
// script, not a module, so that every phone's browser runs it; Node's tests run it with stand-in caches
// (tests/sw.test.mjs).
//
// What it keeps, and when:
// - lineup-page-v1: the page's own files (PAGE_FILES), fetched when the worker installs and refreshed on every
//   load with a connection (network first; the copy only when the network fails).
// - lineup-api-v1: the last answer to each of the API's reads that show a boat (the boat list, a boat, its
//   figures, history and check, the roster), stored when the server answers 200, given back only when the
//   network fails, stamped with when it was stored (X-Lineup-Saved-At). The page deletes it on signing out
//   and whenever nobody is signed in (offline.js), so one coach's boats never show to the next.
// Everything else goes to the network untouched: any change (POST, DELETE), the session (/api/session, so
// nobody is ever signed in by a stored answer), the live feed (/api/events), the optimizer's plans, a drag's
// previews, share links (/share/...) and any other site.

const PAGE_CACHE = 'lineup-page-v1';
const API_CACHE = 'lineup-api-v1';
const SAVED_AT = 'X-Lineup-Saved-At';

// Every file a first load of the page fetches (a test holds this list against index.html and the imports).
const PAGE_FILES = [
  '/', '/static/api.js', '/static/app.js', '/static/balance-panel.js', '/static/balance.js', '/static/boat-switch.js',
  '/static/boat-view.js', '/static/boats.js', '/static/day-answers.js', '/static/day-model.js', '/static/day.js', '/static/dom.js',
  '/static/drag.js', '/static/exchange.js', '/static/gestures.js', '/static/icon.svg', '/static/input.js', '/static/loading.js',
  '/static/manifest.json', '/static/motion-plan.js', '/static/motion.js', '/static/notice.js',
  '/static/offline-words.js', '/static/offline.js', '/static/picture.js', '/static/places.js', '/static/records.js',
  '/static/roster-edit.js', '/static/session.js', '/static/state.js', '/static/style.css', '/static/units.js',
  '/static/views.js', '/static/wording.js',
];

// Which store answers a request when the network cannot: 'page', 'api', or null (the network alone, and
// the worker does not touch the request at all).
function storeFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path === '/' || path.startsWith('/static/')) return 'page';
  if (path === '/api/boats' || path === '/api/roster') return 'api';
  // The day's schedule and crews: the regattas, and a regatta's day as it was last read.
  if (path === '/api/regattas' || /^\/api\/regattas\/[^/]+$/.test(path)) return 'api';
  if (/^\/api\/boats\/[^/]+(\/(coefficients|history|check))?$/.test(path)) return 'api';
  // The preview of the lineup as it is; a drag's previews (with a query) change with every move.
  if (/^\/api\/boats\/[^/]+\/preview$/.test(path) && url.search === '') return 'api';
  return null;
}

// How long an answer of the API is kept to show offline: a race day.
const KEPT_HOURS = 18;

// Whether an answer stamped `savedAt` (an ISO time, or none) is too old to show at `now` (milliseconds).
function tooOld(savedAt, now) {
  const saved = Date.parse(savedAt ?? '');
  return Number.isNaN(saved) || now - saved > KEPT_HOURS * 3600 * 1000;
}

// The answer as stored: the same, stamped with when.
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

// The network's answer, a copy of it stored when it is a 200; the stored copy only when the network fails
// (a refusal from the server is the server's word, and passes as it is).
async function networkFirst(event, store) {
  const { request } = event;
  const name = store === 'page' ? PAGE_CACHE : API_CACHE;
  let response;
  try {
    response = await fetch(request);
  } catch (failure) {
    const cache = await caches.open(name);
    const saved = await cache.match(request, { ignoreSearch: store === 'page' });
    // A club's data kept longer than a race day is not shown, and goes: a phone left signed in, whose
    // session ended meanwhile, does not show the last coach's boats for ever.
    if (saved && store === 'api' && tooOld(saved.headers.get(SAVED_AT), Date.now())) {
      await cache.delete(request);
      throw failure;
    }
    if (saved) return saved;
    throw failure;
  }
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil((async () => {
      const cache = await caches.open(name);
      await cache.put(request, store === 'api' ? await stamped(copy) : copy);
    })());
  }
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    // All or none: a page missing one module does not open.
    const answers = await Promise.all(PAGE_FILES.map(async (path) => {
      const request = new Request(new URL(path, self.location.href), { cache: 'no-cache' });
      const response = await fetch(request);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return [request, response];
    }));
    const cache = await caches.open(PAGE_CACHE);
    await Promise.all(answers.map(([request, response]) => cache.put(request, response)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // An older version's stores go; another application's on this site stay.
    for (const name of await caches.keys()) {
      if (name.startsWith('lineup-') && name !== PAGE_CACHE && name !== API_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const store = storeFor(event.request);
  if (store) event.respondWith(networkFirst(event, store));
});
