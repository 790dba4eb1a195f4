// The page's modules as the server serves them: it embeds the files directly in web/ and serves them flat at
// /static/NAME, so every import must be a "./NAME.js" of such a file, and each file must be reached from the
// page's one script. The modules whose header says "No DOM" are the ones these tests import: they must touch
// no browser object and import only their like; and no module may touch the DOM while it loads. The service
// worker (sw.js) is no module of the page: a classic script the page registers, importing nothing
// (sw.test.mjs runs it).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import test from 'node:test';

const web = new URL('../', import.meta.url);
const WORKER = 'sw.js';
const files = readdirSync(web).filter((name) => name.endsWith('.js') && name !== WORKER).sort();
const source = (name) => readFileSync(new URL(name, web), 'utf8');
const staticImportsOf = (name) => [...source(name).matchAll(/^import\s+(?:[^;]*?\s+from\s+)?'([^']+)';/gms)].map((m) => m[1]);
// A module loaded when first needed (`import('./day.js')`) counts as imported too.
const importsOf = (name) => [...staticImportsOf(name), ...[...source(name).matchAll(/\bimport\('([^']+)'\)/g)].map((m) => m[1])];
const pure = files.filter((name) => /No DOM/.test(source(name).split('\n').filter((line) => line.startsWith('//')).join(' ')));

test('index.html loads app.js as a module from /static/', () => {
  assert.match(source('index.html'), /<script type="module" src="\/static\/app\.js"><\/script>/);
});

test('every import is a flat ./NAME.js in web/', () => {
  for (const name of files) {
    for (const target of importsOf(name)) {
      assert.match(target, /^\.\/[a-z][a-z0-9-]*\.js$/, `${name} imports ${target}`);
      assert.ok(files.includes(target.slice(2)), `${name} imports ${target}, which is not in web/`);
    }
  }
});

test('the service worker is a classic script: no import, no export', () => {
  const code = source(WORKER).replace(/\/\/.*$/gm, '');
  assert.doesNotMatch(code, /^\s*(import|export)\b/m);
  assert.match(source('offline.js'), /register\('\/sw\.js'/);
});

test('paddler.html loads paddler.js as a module from /static/', () => {
  assert.match(source('paddler.html'), /<script type="module" src="\/static\/paddler\.js"><\/script>/);
});

test('every module is reached from the script of a page: app.js, or paddler.js (a paddler\'s own link)', () => {
  const reached = new Set();
  const visit = (name) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const target of importsOf(name)) visit(target.slice(2));
  };
  visit('app.js');
  visit('paddler.js');
  assert.deepEqual([...reached].sort(), files);
});

test('the Day tab and the crew picture are not part of the first load', () => {
  // What app.js reaches by static imports alone is what the browser fetches before the boat is drawn.
  const reached = new Set();
  const visit = (name) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const target of staticImportsOf(name)) visit(target.slice(2));
  };
  visit('app.js');
  for (const name of ['day.js', 'day-model.js', 'picture.js']) assert.ok(!reached.has(name), `${name} loads first`);
  assert.ok(files.filter((name) => !reached.has(name) && name !== 'paddler.js').every((name) => importsOf('app.js').concat(
    ...files.map(importsOf)).includes(`./${name}`)), 'every module is still reached');
});

test('the pure modules touch no browser object and import only pure modules', () => {
  for (const name of ['api.js', 'balance.js', 'boats.js', 'day-model.js', 'exchange.js', 'gestures.js', 'motion-plan.js', 'offline-words.js', 'paddler-model.js', 'places.js', 'records.js', 'units.js', 'wording.js']) {
    assert.ok(pure.includes(name), `${name} says "No DOM"`);
  }
  for (const name of pure) {
    const code = source(name).replace(/\/\/.*$/gm, '');
    for (const word of ['document', 'window', 'navigator', 'location', 'EventSource', 'requestAnimationFrame', 'performance', 'localStorage']) {
      assert.doesNotMatch(code, new RegExp(`\\b${word}\\b`), `${name} uses ${word}`);
    }
    for (const target of importsOf(name)) assert.ok(pure.includes(target.slice(2)), `${name} imports ${target}, which is not pure`);
  }
});

test('every module but the scripts of the pages (app.js, paddler.js: they wire a page up) loads without a DOM', async () => {
  for (const name of files.filter((file) => file !== 'app.js' && file !== 'paddler.js')) {
    await assert.doesNotReject(import(new URL(name, web)), name);
  }
});
