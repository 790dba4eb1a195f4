// The service worker (sw.js) run as a browser runs it, in its own global scope, with stand-in caches and
// network: what it keeps, what it answers without a connection, and what it never touches (changes, the
// session, the live feed, share links, a drag's previews). And its list of the page's files against what the
// page loads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import vm from 'node:vm';

const web = new URL('../', import.meta.url);
const source = (name) => readFileSync(new URL(name, web), 'utf8');
const ORIGIN = 'http://127.0.0.1:8080';

// CacheStorage as the worker uses it: named caches of answers keyed by URL.
class Caches {
  constructor() { this.stores = new Map(); }
  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name);
    return {
      put: async (request, response) => { store.set(new URL(request.url).href, response.clone()); },
      delete: async (request) => store.delete(new URL(request.url).href),
      match: async (request, { ignoreSearch = false } = {}) => {
        const url = new URL(request.url);
        if (ignoreSearch) url.search = '';
        return store.get(url.href)?.clone();
      },
    };
  }
  async keys() { return [...this.stores.keys()]; }
  async delete(name) { return this.stores.delete(name); }
}

// The worker in a fresh global scope; `network` answers its fetches (throw for no connection).
function worker(network) {
  const listeners = new Map();
  const fetched = [];
  const scope = {
    URL, Request, Response, Headers, console,
    caches: new Caches(),
    location: new URL('/sw.js', ORIGIN),
    fetch: async (request) => { fetched.push(new URL(request.url).pathname); return network(request); },
    addEventListener: (type, listener) => listeners.set(type, listener),
    skipWaiting: async () => {},
    clients: { claim: async () => { scope.claimed = true; } },
  };
  scope.self = scope;
  vm.runInNewContext(source('sw.js'), scope);
  // An event as the browser gives it: respondWith's answer (undefined when not called), once waitUntil's
  // promises are done.
  const dispatch = async (type, fields = {}) => {
    const waits = [];
    let answer;
    listeners.get(type)({ ...fields, waitUntil: (promise) => waits.push(promise), respondWith: (promise) => { answer = promise; } });
    const response = answer ? await answer.catch((error) => error) : undefined;
    await Promise.all(waits);
    return response;
  };
  const get = (path, init) => dispatch('fetch', { request: new Request(new URL(path, ORIGIN), init) });
  return { scope, fetched, dispatch, get };
}

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline = () => { throw new TypeError('Failed to fetch'); };

test('installing keeps every file of the page, and activating claims the open pages', async () => {
  const sw = worker((request) => new Response(`file ${new URL(request.url).pathname}`));
  await sw.dispatch('install');
  const store = sw.scope.caches.stores.get('lineup-page-v1');
  assert.ok(store.size > 20);
  assert.equal(await store.get(`${ORIGIN}/static/app.js`).text(), 'file /static/app.js');
  assert.ok(store.has(`${ORIGIN}/`));
  await sw.dispatch('activate');
  assert.equal(sw.scope.claimed, true);
});

test('an install with a file missing keeps nothing (a page without one of its modules would not open)', async () => {
  const sw = worker((request) => new Response('', { status: new URL(request.url).pathname === '/static/drag.js' ? 404 : 200 }));
  // The worker's own Error, of its own global scope.
  const failed = await sw.dispatch('install').catch((error) => error);
  assert.equal(failed?.message, '/static/drag.js: 404');
  assert.equal(sw.scope.caches.stores.get('lineup-page-v1'), undefined);
});

test('a read of the boat is the network\'s answer, kept and stamped, and given back without a connection', async () => {
  let connected = true;
  const sw = worker(() => { if (!connected) offline(); return json({ name: 'Sample crew', seats: [] }); });
  const online = await sw.get('/api/boats/Sample%20crew');
  assert.deepEqual(await online.json(), { name: 'Sample crew', seats: [] });
  connected = false;
  const saved = await sw.get('/api/boats/Sample%20crew');
  assert.deepEqual(await saved.json(), { name: 'Sample crew', seats: [] });
  assert.ok(!Number.isNaN(Date.parse(saved.headers.get('X-Lineup-Saved-At'))));
  assert.equal(saved.headers.get('Content-Type'), 'application/json');
});

test('an answer kept longer than a race day is not shown offline, and goes', async () => {
  const sw = worker(offline);
  const store = await sw.scope.caches.open('lineup-api-v1');
  const request = new Request(new URL('/api/roster', ORIGIN));
  const old = new Date(Date.now() - 19 * 3600 * 1000).toISOString();
  await store.put(request, new Response('[]', { headers: { 'X-Lineup-Saved-At': old } }));
  const answer = await sw.get('/api/roster');
  assert.ok(answer instanceof TypeError, `shown: ${answer}`);
  assert.equal(await store.match(request), undefined);
  const recent = new Date(Date.now() - 3600 * 1000).toISOString();
  await store.put(request, new Response('[]', { headers: { 'X-Lineup-Saved-At': recent } }));
  assert.equal(await (await sw.get('/api/roster')).text(), '[]');
});

test('with a connection, the network\'s answer wins over the one kept, and replaces it', async () => {
  let version = 1;
  let connected = true;
  const sw = worker(() => { if (!connected) offline(); return json({ version }); });
  await sw.get('/api/boats');
  version = 2;
  assert.deepEqual(await (await sw.get('/api/boats')).json(), { version: 2 });
  connected = false;
  assert.deepEqual(await (await sw.get('/api/boats')).json(), { version: 2 });
});

test('every read that shows a boat is kept: the list, the boat, its figures, history and check, the roster', async () => {
  let connected = true;
  const sw = worker(() => { if (!connected) offline(); return json({ ok: true }); });
  const paths = [
    '/api/boats', '/api/boats/A%2Eb', '/api/boats/x/coefficients', '/api/boats/x/preview',
    '/api/boats/x/history?limit=50', '/api/boats/x/check', '/api/roster', '/', '/static/app.js',
  ];
  for (const path of paths) await sw.get(path);
  connected = false;
  for (const path of paths) assert.equal((await sw.get(path)).status, 200, path);
  // The page's files answer whatever the query (a start_url with one, say); the API's only to the same one.
  assert.equal((await sw.get('/?source=home')).status, 200);
  assert.ok((await sw.get('/api/boats/x/history?limit=10')) instanceof TypeError);
});

test('a refusal or an error from the server passes as it is and is never kept', async () => {
  let status = 401;
  const sw = worker(() => (status ? json({ error: 'sign in first' }, status) : offline()));
  assert.equal((await sw.get('/api/boats')).status, 401);
  status = 500;
  assert.equal((await sw.get('/api/boats')).status, 500);
  assert.equal(sw.scope.caches.stores.get('lineup-api-v1'), undefined);
  status = 0;
  assert.ok((await sw.get('/api/boats')) instanceof TypeError, 'nothing kept: the failure of the network');
});

test('changes, the session, the live feed, plans, previews of a drag, share links and other sites are not touched', async () => {
  const sw = worker(() => json({ ok: true }));
  const untouched = [
    ['/api/boats/x/drop', { method: 'POST', body: '{}' }], ['/api/boats/x/undo', { method: 'POST', body: '{}' }],
    ['/api/session', { method: 'POST', body: '{}' }], ['/api/session', { method: 'DELETE' }], ['/api/session'],
    ['/api/events'], ['/api/boats/x/plan?use_bench=true'], ['/api/boats/x/preview?origin=L1&target=R1'],
    ['/share/abcdefabcdefabcdefabcdefabcdefab'], ['/openapi.json'], ['https://example.org/static/app.js'],
  ];
  for (const [path, init] of untouched) {
    assert.equal(await sw.get(path, init), undefined, `${init?.method ?? 'GET'} ${path}`);
  }
  assert.deepEqual(sw.fetched, [], 'the worker fetched nothing itself: the browser did');
  assert.equal(sw.scope.caches.stores.size, 0);
});

test('activating deletes older versions\' stores and leaves others alone', async () => {
  const sw = worker(() => json({}));
  for (const name of ['lineup-page-v0', 'lineup-api-v0', 'lineup-api-v1', 'another-app']) await sw.scope.caches.open(name);
  await sw.dispatch('activate');
  assert.deepEqual((await sw.scope.caches.keys()).sort(), ['another-app', 'lineup-api-v1']);
});

test('the page deletes the worker\'s API store by its prefix on signing out', () => {
  assert.match(source('sw.js'), /const API_CACHE = 'lineup-api-v\d+';/);
  assert.match(source('offline.js'), /name\.startsWith\('lineup-api'\)/);
});

// What the page fetches: index.html's /static/ files, the manifest's icons, and every module app.js imports,
// directly or not, those loaded when first used (`import('./day.js')`) included: offline, the Day tab opens
// from what the worker saved.
function pageFiles() {
  const files = new Set(['/']);
  for (const [, name] of source('index.html').matchAll(/"\/static\/([^"]+)"/g)) files.add(`/static/${name}`);
  for (const icon of JSON.parse(source('manifest.json')).icons) files.add(icon.src);
  const visit = (name) => {
    if (files.has(`/static/${name}`) && name !== 'app.js') return;
    files.add(`/static/${name}`);
    for (const [, target] of source(name).matchAll(/^import\s+(?:[^;]*?\s+from\s+)?'\.\/([^']+)';/gms)) visit(target);
    for (const [, target] of source(name).matchAll(/\bimport\('\.\/([^']+)'\)/g)) visit(target);
  };
  visit('app.js');
  return [...files].sort();
}

test('the worker keeps exactly the files the page fetches, those loaded when first used included', () => {
  const listed = vm.runInNewContext(`${source('sw.js')}; PAGE_FILES`, {
    self: { addEventListener: () => {}, location: new URL('/sw.js', ORIGIN) }, URL,
  });
  assert.deepEqual([...listed].sort(), pageFiles());
});

test('the manifest makes the page installable: name, start_url, standalone, theme colour and an icon', () => {
  const manifest = JSON.parse(source('manifest.json'));
  assert.equal(manifest.name, 'lineup');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  assert.ok(manifest.icons.some((icon) => icon.type === 'image/svg+xml' && icon.sizes === 'any'));
  assert.match(source('index.html'), /<link rel="manifest" href="\/static\/manifest\.json">/);
  assert.match(source('index.html'), new RegExp(`<meta name="theme-color" content="${manifest.theme_color}">`));
});
