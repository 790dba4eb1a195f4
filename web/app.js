// The lineup editor in the browser: the boat drawn seat by seat, a paddler caught by a long press (touch) or
// press-and-move (mouse), dragged over seats as exchange events, released as one exchange record; tap-to-place
// and a keyboard path; the balance live while dragging; undo, redo, locks, history, roster, check and the
// optimizer's plan. The server is the authority: every change is one request, checked there.
import { ExchangeTransaction } from './exchange.js';

const LONG_PRESS_MS = 200;
const TOUCH_TOLERANCE_PX = 10;
const MOUSE_START_PX = 4;

const state = {
  session: null,
  boats: [],
  boatName: null,
  doc: null,
  coefficients: null,
  preview: null,
  history: [],
  places: new Map(),
  weights: new Map(),
  locked: new Set(),
  // Names of the club's inactive paddlers (the roster): marked where they sit, as `lineup show` marks them.
  inactive: new Set(),
  endOfBench: null,
  selected: null,
  // Who was in the selected place when it was selected.
  selectedName: null,
  drag: null,
  staleDuringDrag: false,
  previewAbort: null,
  busy: false,
};

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

// ---------------------------------------------------------------- the API

async function api(path, { method = 'GET', body, signal } = {}) {
  const options = { method, headers: {}, credentials: 'same-origin', signal };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (cause) {
    if (cause.name === 'AbortError') throw cause;
    const error = new Error('the server cannot be reached (is `lineup serve` still running, and is this device online?)');
    error.status = 0;
    throw error;
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error(data?.error ?? `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

// Dots too are escaped (a name such as "a.b" stays one segment). A boat named "." or ".." cannot be named in
// a web address at all (browsers fold those segments even as %2E): no boat gets such a name any more, and an
// older database's is renamed on the command line (loadBoat says how).
const boatPath = (suffix = '') => `/api/boats/${encodeURIComponent(state.boatName).replace(/\./g, '%2E')}${suffix}`;
const canChange = () => Boolean(state.session?.can_change);

// ---------------------------------------------------------------- notices

// A notice goes by itself after a while (an error stays longer); while one shows, the page can scroll the
// last rows of the boat above it, so it never hides seats for good on a phone.
let noticeTimer = null;
function notice(text, { error = false, details = [] } = {}) {
  const box = $('#notice');
  box.hidden = !text;
  document.body.classList.toggle('has-notice', Boolean(text));
  box.classList.toggle('error', error);
  box.textContent = details.length ? `${text}\n${details.map((d) => `• ${d}`).join('\n')}` : text;
  clearTimeout(noticeTimer);
  if (text) noticeTimer = setTimeout(() => notice(''), error ? 15000 : 8000);
}

function explain(error) {
  if (error.status === 401) { showSignIn(); return; }
  const hint = error.data?.hint ? ` (${error.data.hint})` : '';
  notice(error.message + hint, { error: true });
}

// ---------------------------------------------------------------- weights and figures

function kilogramsPerUnit() { return state.coefficients?.kilograms_per_unit ?? 1; }
function unit() { return state.coefficients?.unit ?? 'kg'; }

function shownNumber(kg) {
  const tenths = Math.round((kg / kilogramsPerUnit()) * 10);
  const text = (tenths / 10).toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

function signed(value) {
  const tenths = Math.round(value * 10);
  const text = (Math.abs(tenths) / 10).toFixed(1);
  return tenths > 0 ? `+${text}` : tenths < 0 ? `-${text}` : text;
}

// The balance of the page's model as dot products of the weights with the coefficients the server sent:
// no balance model lives here, only its coefficients.
function figures(places) {
  const c = state.coefficients;
  const result = { trim: c.equipment_trim_kg_m, list: 0, left: 0, right: 0, front: 0, back: 0, unknown: [] };
  for (const seat of c.seats) {
    const name = places.get(seat.seat);
    if (!name) continue;
    const kg = state.weights.get(name);
    if (kg == null) { result.unknown.push(seat.seat); continue; }
    // The sums add the weights as shown (to a tenth of the unit), as `show` does.
    const shown = Number(shownNumber(kg)) * kilogramsPerUnit();
    result.trim += kg * seat.trim_kg_m;
    result.list += kg * seat.list_kg_m;
    result.left += shown * seat.left_kg;
    result.right += shown * seat.right_kg;
    result.front += shown * seat.front_kg;
    result.back += shown * seat.back_kg;
  }
  result.trimEquivalent = c.trim_kg_m_per_end_row_kg ? result.trim / c.trim_kg_m_per_end_row_kg : 0;
  result.listEquivalent = c.list_kg_m_per_middle_seat_kg ? result.list / c.list_kg_m_per_middle_seat_kg : 0;
  return result;
}

function levelOf(equivalent) {
  const size = Math.abs(equivalent);
  const c = state.coefficients;
  return size < c.level_below_kg ? 'level' : size < c.slightly_below_kg ? 'slightly' : 'heavy';
}

function renderFigures() {
  if (!state.coefficients) return;
  const f = figures(state.places);
  const panel = $('[data-balance]');
  const axes = [
    ['trim', -f.trimEquivalent, f.trimEquivalent, `trim ${signed(f.trim)} kg·m · sums front ${shownNumber(f.front)}, back ${shownNumber(f.back)} ${unit()}`],
    ['list', f.listEquivalent, f.listEquivalent, `list ${signed(f.list)} kg·m · sums left ${shownNumber(f.left)}, right ${shownNumber(f.right)} ${unit()}`],
  ];
  for (const [axis, towardsRight, equivalent, text] of axes) {
    const box = $(`[data-axis="${axis}"]`, panel);
    const scale = state.coefficients.gauge_full_scale_kg;
    const offset = Math.max(-1, Math.min(1, towardsRight / scale));
    $('.marker', box).style.left = `${50 + offset * 50}%`;
    box.dataset.level = levelOf(equivalent);
    $(`[data-live="${axis}"]`).dataset.level = box.dataset.level;
    box.dataset.moment = signed(axis === 'trim' ? f.trim : f.list);
    $('[data-figures]', box).textContent = text;
  }
  panel.dataset.trim = signed(f.trim);
  panel.dataset.list = signed(f.list);
}

function renderWords(preview, pending = false) {
  const panel = $('[data-balance]');
  const axes = ['trim', 'list'];
  preview.words.forEach((words, index) => {
    const box = $(`[data-axis="${axes[index]}"]`, panel);
    const headline = $('[data-headline]', box);
    headline.textContent = words.headline;
    $(`[data-live="${axes[index]}"]`).textContent = words.headline;
    headline.classList.toggle('pending', pending);
    $('[data-why]', box).textContent = words.why_sums_differ ?? '';
  });
  $('[data-unknown]', panel).textContent = preview.unknown_weight_seats.length
    ? `Unknown weight (counted as 0): ${preview.unknown_weight_seats.join(', ')}` : '';
}

function renderRules(preview, dragging) {
  const list = $('[data-findings]');
  $('[data-rules-name]').textContent = `(${preview.rules})`;
  list.replaceChildren();
  const item = (text, className) => {
    const li = document.createElement('li');
    li.textContent = text;
    if (className) li.className = className;
    list.append(li);
  };
  if (dragging) {
    item('If dropped here:', 'heading');
    for (const finding of preview.adds) item(finding.message, `${finding.severity} added`);
    for (const finding of preview.clears) item(finding.message, 'cleared');
    if (!preview.adds.length && !preview.clears.length) item('no change to the crew rules');
    return;
  }
  if (!preview.findings.length) item('all kept');
  for (const finding of preview.findings) item(finding.message, finding.severity);
}

// ---------------------------------------------------------------- the boat

function placeOrder() {
  const seats = state.doc.seats.map((s) => s.seat);
  return [...seats, state.endOfBench];
}

function loadModel(doc) {
  state.doc = doc;
  state.places = new Map();
  state.weights = new Map();
  state.locked = new Set();
  let bench = 0;
  for (const seat of doc.seats) {
    state.places.set(seat.seat, seat.paddler);
    if (seat.paddler) state.weights.set(seat.paddler, seat.weight_kg);
    if (seat.locked) state.locked.add(seat.seat);
    if (seat.seat.startsWith('B')) bench += 1;
  }
  state.endOfBench = `B${bench + 1}`;
  state.places.set(state.endOfBench, null);
  // A selection is of a paddler in a place: when someone else moved them meanwhile, it goes, saying so.
  if (state.selected && (!state.places.has(state.selected) || state.places.get(state.selected) !== state.selectedName)) {
    const who = state.selectedName ?? 'the empty place';
    notice(`The selection was cleared: ${who} ${state.selectedName ? 'moved' : 'was filled'} meanwhile. Tap again.`);
    state.selected = null;
  }
}

function select(place) {
  state.selected = place;
  state.selectedName = place ? state.places.get(place) ?? null : null;
}

function seatElement(place) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'seat';
  button.dataset.seat = place;
  button.innerHTML = '<span class="ref"></span><span class="content"><span class="name"></span><span class="weight"></span></span><span class="mark"></span>';
  $('.ref', button).textContent = place === state.endOfBench ? 'end' : place;
  return button;
}

function buildBoat() {
  const boat = $('#boat');
  const bench = $('#bench');
  boat.replaceChildren();
  bench.replaceChildren();
  const rows = state.doc.kind === 'small' ? 5 : 10;
  const drummer = seatElement('D');
  drummer.classList.add('end-seat');
  boat.append(drummer);
  for (let row = 1; row <= rows; row += 1) {
    const number = document.createElement('span');
    number.className = 'row-number';
    number.textContent = row;
    boat.append(seatElement(`L${row}`), number, seatElement(`R${row}`));
  }
  const steerer = seatElement('S');
  steerer.classList.add('end-seat');
  boat.append(steerer);
  for (const place of placeOrder().filter((p) => p.startsWith('B'))) bench.append(seatElement(place));
  boat.dataset.builtFor = `${state.boatName}|${state.doc.kind}|${state.endOfBench}`;
}

function seatsByPlace() {
  return new Map($$('[data-seat]').map((element) => [element.dataset.seat, element]));
}

// Draws the model; `animate` moves each paddler who changed seat from where they were (the displaced
// paddler sliding to the origin).
function renderBoat({ animate = false } = {}) {
  const key = `${state.boatName}|${state.doc.kind}|${state.endOfBench}`;
  if ($('#boat').dataset.builtFor !== key) buildBoat();
  const elements = seatsByPlace();
  const before = new Map();
  if (animate) {
    for (const [place, element] of elements) {
      const name = element.dataset.paddler;
      if (name) before.set(name, $('.content', element).getBoundingClientRect());
    }
  }
  const marks = new Map();
  for (const finding of state.drag ? [] : state.preview?.findings ?? []) {
    for (const seat of finding.seats) {
      const current = marks.get(seat);
      if (!current || finding.severity === 'violation') marks.set(seat, finding);
    }
  }
  const drag = state.drag;
  const caught = drag ? drag.transaction.originalOccupant(drag.transaction.origin) : null;
  for (const [place, element] of elements) {
    const name = state.places.get(place) ?? null;
    const isEnd = place === state.endOfBench;
    $('.name', element).textContent = name ?? (isEnd ? 'end of the bench' : '—');
    const kg = name ? state.weights.get(name) : null;
    const inactive = Boolean(name) && state.inactive.has(name);
    $('.weight', element).textContent = name
      ? (kg == null ? 'weight ?' : `${shownNumber(kg)}\u00a0${unit()}`) + (inactive ? ' · inactive' : '')
      : '';
    element.classList.toggle('inactive', inactive);
    if (name) element.dataset.paddler = name; else delete element.dataset.paddler;
    element.classList.toggle('empty', !name && !isEnd);
    element.classList.toggle('end-of-bench', isEnd);
    element.classList.toggle('locked', state.locked.has(place));
    element.classList.toggle('selected', state.selected === place);
    element.classList.toggle('origin', Boolean(drag) && drag.transaction.origin === place);
    element.classList.toggle('placeholder', Boolean(drag) && name === caught);
    element.classList.toggle('lifted', Boolean(drag) && drag.mode === 'keyboard' && name === caught);
    const mark = marks.get(place);
    const markElement = $('.mark', element);
    markElement.textContent = mark ? (mark.severity === 'violation' ? '✗' : '!') : '';
    markElement.className = `mark ${mark ? mark.severity : ''}`;
    markElement.title = mark?.seat_note ?? '';
    const label = `${place === state.endOfBench ? 'end of the bench' : place}: ${name ?? 'empty'}`
      + (inactive ? ' (inactive)' : '') + (state.locked.has(place) ? ', locked' : '') + (mark ? `, ${mark.seat_note ?? mark.severity}` : '');
    element.setAttribute('aria-label', label);
    element.setAttribute('aria-pressed', state.selected === place ? 'true' : 'false');
  }
  if (animate) {
    for (const [place, element] of elements) {
      const name = element.dataset.paddler;
      if (!name || !before.has(name) || name === caught) continue;
      const content = $('.content', element);
      const old = before.get(name);
      const now = content.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      content.style.transition = 'none';
      content.style.transform = `translate(${dx}px, ${dy}px)`;
      content.getBoundingClientRect();
      content.style.transition = 'transform 180ms ease-out';
      content.style.transform = '';
    }
  }
  renderFigures();
  renderToolState();
}

function renderToolState() {
  const change = canChange();
  document.body.classList.toggle('read-only', !change);
  for (const id of ['undo', 'redo', 'lock']) $(`#${id}`).hidden = !change;
  $('#how').hidden = !change;
  $('#undo').disabled = !state.history.some((entry) => !entry.undone);
  $('#redo').disabled = !state.history.some((entry) => entry.undone);
  const lock = $('#lock');
  const selected = state.selected;
  const isSeat = selected && !selected.startsWith('B');
  lock.disabled = !isSeat || Boolean(state.drag);
  lock.textContent = isSeat ? `${state.locked.has(selected) ? 'Unlock' : 'Lock'} ${selected}` : 'Lock seat';
  const name = selected ? state.places.get(selected) : null;
  $('#selection').textContent = !selected ? ''
    : `${selected}${name ? ` ${name}` : ''} selected: ${state.locked.has(selected) ? 'locked; unlock it to move its paddler' : 'tap a place to exchange'}`;
}

// ---------------------------------------------------------------- loading

async function loadBoats() {
  const boats = await api('/api/boats');
  state.boats = boats;
  const select = $('#boat-select');
  select.replaceChildren(...boats.map((boat) => {
    const option = document.createElement('option');
    option.value = boat.name;
    option.textContent = boat.name;
    return option;
  }));
  const wanted = new URLSearchParams(location.hash.slice(1)).get('boat');
  const previous = state.boatName;
  const chosen = boats.find((b) => b.name === previous) ?? boats.find((b) => b.name === wanted)
    ?? boats.find((b) => b.current) ?? boats[0];
  state.boatName = chosen ? chosen.name : null;
  if (previous && previous !== state.boatName) {
    // Deleted or renamed by another coach or the command line: never carry a selection or a plan over.
    cancelDrag('the boat is gone');
    state.selected = null;
    $('#plan').replaceChildren();
    notice(`"${previous}" is no longer there (deleted or renamed meanwhile)`
      + (state.boatName ? `; now showing "${state.boatName}".` : '.'), { error: true });
    if (state.boatName) history.replaceState(null, '', `#boat=${encodeURIComponent(state.boatName)}`);
  }
  select.value = state.boatName ?? '';
}

async function loadBoat() {
  if (!state.boatName) { notice('This database has no boats yet: create one with `lineup boat create NAME`.'); return; }
  if (state.boatName === '.' || state.boatName === '..') {
    notice(`A boat named "${state.boatName}" cannot be shown here (a web address cannot name it): rename it with `
      + `\`lineup boat rename ${state.boatName} NEW-NAME\`, or choose another boat.`, { error: true });
    return;
  }
  const [doc, coefficients, preview, history, roster] = await Promise.all([
    api(boatPath()), api(boatPath('/coefficients')), api(boatPath('/preview')), api(boatPath('/history?limit=50')),
    api('/api/roster'),
  ]);
  if (state.drag) { state.staleDuringDrag = true; return; }
  state.inactive = new Set(roster.filter((paddler) => !paddler.active).map((paddler) => paddler.name));
  state.coefficients = coefficients;
  state.preview = preview;
  state.history = history;
  loadModel(doc);
  renderBoat();
  renderWords(preview);
  renderRules(preview, false);
  renderHistory();
  document.body.dataset.loaded = String(Number(document.body.dataset.loaded ?? 0) + 1);
}

async function reload() {
  try {
    await loadBoats();
    await loadBoat();
    const tab = $('.tabs [aria-selected="true"]').dataset.tab;
    if (tab === 'roster') await loadRoster();
    if (tab === 'check') await loadCheck();
  } catch (error) {
    explain(error);
  }
}

// ---------------------------------------------------------------- drag: catch, exchange events, release, cancel

function canDisplace(place) { return !state.locked.has(place); }

function refuse(place, why) {
  const element = seatsByPlace().get(place);
  if (element) {
    element.classList.remove('refused');
    element.getBoundingClientRect();
    element.classList.add('refused');
  }
  notice(why, { error: true });
}

function lockedMessage(place) {
  const name = state.places.get(place);
  return `${place}${name ? ` (${name})` : ''} is locked: its paddler can be neither moved out nor displaced.`;
}

// Catch: a locked seat refuses, an empty one has nobody to catch.
function catchAt(place, mode) {
  if (!canChange() || state.drag || state.busy) return false;
  if (state.locked.has(place)) { refuse(place, lockedMessage(place)); return false; }
  if (!state.places.get(place)) return false;
  state.selected = null;
  state.staleDuringDrag = false;
  state.drag = { mode, transaction: new ExchangeTransaction(state.places, place, canDisplace), over: place };
  notice('');
  document.body.classList.add('dragging');
  renderBoat();
  renderRules(state.preview, true);
  if (navigator.vibrate && mode === 'pointer') navigator.vibrate(10);
  return true;
}

// One exchange event (or none) as the caught paddler arrives over `place`.
function dragOver(place) {
  const drag = state.drag;
  if (!drag) return;
  if (place !== drag.over) {
    $$('.seat.over').forEach((element) => element.classList.remove('over'));
    if (place) seatsByPlace().get(place)?.classList.add('over');
    drag.over = place;
    // A locked seat refuses to be displaced, visibly; the previous exchange stays.
    if (place && state.locked.has(place) && place !== drag.transaction.origin) refuse(place, lockedMessage(place));
  }
  const exchanges = drag.transaction.dragOver(place);
  if (!exchanges.length) return;
  renderBoat({ animate: true });
  requestPreview();
}

// The server words the verdict and checks the crew rules for the lineup as it would be if dropped here.
async function requestPreview() {
  const drag = state.drag;
  state.previewAbort?.abort();
  if (!drag || drag.transaction.displaced === drag.transaction.origin) {
    if (state.preview) { renderWords(state.preview); renderRules(state.preview, Boolean(drag)); }
    return;
  }
  const controller = new AbortController();
  state.previewAbort = controller;
  const { origin, displaced } = drag.transaction;
  $$('[data-headline]').forEach((element) => element.classList.add('pending'));
  try {
    const query = `?origin=${encodeURIComponent(apiPlace(origin))}&target=${encodeURIComponent(apiPlace(displaced))}`;
    const preview = await api(boatPath(`/preview${query}`), { signal: controller.signal });
    if (state.drag !== drag || drag.transaction.displaced !== displaced) return;
    renderWords(preview);
    renderRules(preview, true);
  } catch (error) {
    if (error.name !== 'AbortError') explain(error);
  }
}

function apiPlace(place) { return place === state.endOfBench ? 'B' : place; }

function endDrag() {
  state.drag = null;
  document.body.classList.remove('dragging');
  state.previewAbort?.abort();
  $$('.seat.over').forEach((element) => element.classList.remove('over'));
  hideGhost();
}

// Cancel (Esc, pointercancel, the page hidden, the window losing focus): everyone back, nothing recorded.
function cancelDrag(reason) {
  const drag = state.drag;
  if (!drag) { press = null; return; }
  drag.transaction.cancel();
  endDrag();
  press = null;
  renderBoat({ animate: true });
  if (state.preview) { renderWords(state.preview); renderRules(state.preview, false); }
  notice(`Cancelled (${reason}): nothing changed.`);
  if (state.staleDuringDrag) reload();
}

// Release: one exchange record, checked by the server against who sat where when the drag began.
async function releaseDrag() {
  const drag = state.drag;
  if (!drag) return;
  const transaction = drag.transaction;
  const { origin, displaced } = transaction.release();
  endDrag();
  renderBoat();
  if (origin === displaced) {
    if (state.preview) { renderWords(state.preview); renderRules(state.preview, false); }
    if (state.staleDuringDrag) reload();
    return;
  }
  await commit(origin, displaced, transaction);
}

async function commit(origin, displaced, transaction) {
  const body = {
    origin: apiPlace(origin),
    target: apiPlace(displaced),
    expected: { origin: transaction.originalOccupant(origin), target: transaction.originalOccupant(displaced) },
  };
  state.busy = true;
  const rulesBefore = state.doc.rules;
  let reachable = true;
  try {
    const result = await api(boatPath('/drop'), { method: 'POST', body });
    noticeWithRules(result.message, rulesBefore, result.lineup?.rules);
  } catch (error) {
    // Nothing was saved: the boat goes back to the lineup the server last gave, whatever the reason.
    loadModel(state.doc);
    renderBoat({ animate: true });
    if (error.status === 409) {
      notice(`Refused: ${error.message}`, { error: true, details: [] });
    } else if (error.status === 0) {
      reachable = false;
      notice(`Not saved: ${error.message}. The boat shows the last saved lineup.`, { error: true });
    } else {
      explain(error);
    }
  } finally {
    state.busy = false;
    // The live feed reloads the page when the server is back.
    if (reachable) await reload();
  }
}

// The change's sentence, and what it did to the crew rules (as the command line prints after a change).
function noticeWithRules(message, before, after) {
  if (!before || !after) { notice(message); return; }
  const lines = [];
  const had = new Set([...before.violations, ...before.warnings]);
  const has = new Set([...after.violations, ...after.warnings]);
  for (const text of after.violations) if (!had.has(text)) lines.push(`✗ now broken: ${text}`);
  for (const text of after.warnings) if (!had.has(text)) lines.push(`! now: ${text}`);
  for (const text of [...before.violations, ...before.warnings]) if (!has.has(text)) lines.push(`✓ no longer: ${text}`);
  notice(message, { error: after.violations.some((text) => !had.has(text)), details: lines });
}

// ---------------------------------------------------------------- pointer input

let press = null;

function placeAt(x, y) {
  const element = document.elementFromPoint(x, y)?.closest('[data-seat]');
  return element ? element.dataset.seat : null;
}

function showGhost(name, x, y) {
  const ghost = $('#ghost');
  ghost.textContent = name;
  ghost.hidden = false;
  moveGhost(x, y);
}

function moveGhost(x, y) {
  const ghost = $('#ghost');
  ghost.style.left = `${x}px`;
  ghost.style.top = `${y}px`;
}

function hideGhost() { $('#ghost').hidden = true; }

function pointerCatch() {
  if (!press) return;
  if (!catchAt(press.place, 'pointer')) { press = null; return; }
  press.caught = true;
  seatsByPlace().get(press.place)?.classList.add('lifted');
  showGhost(state.places.get(press.place), press.x, press.y);
}

function onPointerDown(event) {
  const element = event.target.closest('[data-seat]');
  if (!element || event.button !== 0 || state.drag || !canChange()) return;
  press = {
    place: element.dataset.seat, pointerId: event.pointerId, type: event.pointerType,
    startX: event.clientX, startY: event.clientY, x: event.clientX, y: event.clientY, caught: false, timer: null,
  };
  if (event.pointerType !== 'mouse') {
    // A long press catches; a movement before it is a scroll, and the page scrolls.
    const current = press;
    current.timer = setTimeout(() => { if (press === current && !current.caught) pointerCatch(); }, LONG_PRESS_MS);
  }
}

function onPointerMove(event) {
  if (!press || event.pointerId !== press.pointerId) return;
  press.x = event.clientX;
  press.y = event.clientY;
  const moved = Math.hypot(press.x - press.startX, press.y - press.startY);
  if (!press.caught) {
    if (press.type === 'mouse') {
      if (moved > MOUSE_START_PX) pointerCatch();
    } else if (moved > TOUCH_TOLERANCE_PX) {
      clearTimeout(press.timer);
      press = null;
    }
    if (!press?.caught) return;
  }
  event.preventDefault();
  moveGhost(press.x, press.y);
  dragOver(placeAt(press.x, press.y));
  if (!edgeScroll) edgeScroll = { since: performance.now(), frame: requestAnimationFrame(edgeScrollStep) };
}

// Holding a dragged paddler near the top or bottom edge scrolls the page (the front rows hide under the bar
// on a phone), after a short dwell so that a finger passing by does not scroll.
const EDGE_PX = 56;
const EDGE_DWELL_MS = 250;
let edgeScroll = null;
function edgeScrollStep(now) {
  if (!press?.caught || !edgeScroll) { edgeScroll = null; return; }
  const top = Math.max($('.bar').getBoundingClientRect().bottom,
    document.body.classList.contains('dragging') ? $('#live-balance').getBoundingClientRect().bottom : 0) + EDGE_PX;
  const bottom = window.innerHeight - EDGE_PX;
  const depth = press.y < top ? press.y - top : press.y > bottom ? press.y - bottom : 0;
  if (!depth) edgeScroll.since = now;
  if (depth && now - edgeScroll.since > EDGE_DWELL_MS) {
    const before = window.scrollY;
    window.scrollBy(0, Math.sign(depth) * Math.min(16, 3 + Math.abs(depth) / 4));
    if (window.scrollY !== before) dragOver(placeAt(press.x, press.y));
  }
  edgeScroll.frame = requestAnimationFrame(edgeScrollStep);
}

function onPointerUp(event) {
  if (!press || event.pointerId !== press.pointerId) return;
  const current = press;
  press = null;
  clearTimeout(current.timer);
  if (current.caught) {
    releaseDrag();
    return;
  }
  if (Math.hypot(current.x - current.startX, current.y - current.startY) <= TOUCH_TOLERANCE_PX) tap(current.place);
}

function onPointerCancel(event) {
  if (!press || event.pointerId !== press.pointerId) return;
  clearTimeout(press.timer);
  if (press.caught) cancelDrag('the touch was interrupted');
  press = null;
}

// ---------------------------------------------------------------- tap to place

function tap(place) {
  if (!canChange() || state.busy) return;
  const selected = state.selected;
  if (!selected) {
    if (!state.places.get(place) && place.startsWith('B')) return;
    select(place);
    if (state.locked.has(place)) notice(lockedMessage(place));
    renderBoat();
    return;
  }
  if (selected === place) { state.selected = null; renderBoat(); return; }
  for (const locked of [selected, place].filter((p) => state.locked.has(p))) {
    state.selected = null;
    renderBoat();
    refuse(locked, lockedMessage(locked));
    return;
  }
  const [origin, target] = state.places.get(selected) ? [selected, place] : [place, selected];
  if (!state.places.get(origin)) { select(place); renderBoat(); return; }
  state.selected = null;
  // The same transaction as a drag: catch at the origin, one exchange event over the target, release.
  const transaction = new ExchangeTransaction(state.places, origin, canDisplace);
  transaction.dragOver(target);
  renderBoat({ animate: true });
  commit(origin, target, transaction);
}

// ---------------------------------------------------------------- keyboard

function neighbour(place, key) {
  const rows = state.doc.kind === 'small' ? 5 : 10;
  const bench = [...state.places.keys()].filter((p) => p.startsWith('B'));
  if (place.startsWith('B')) {
    const index = bench.indexOf(place);
    if (key === 'ArrowRight' || key === 'ArrowDown') return bench[Math.min(bench.length - 1, index + 1)];
    if (index === 0 && key === 'ArrowUp') return 'S';
    return bench[Math.max(0, index - 1)];
  }
  if (place === 'D') return key === 'ArrowDown' ? 'L1' : place;
  if (place === 'S') return key === 'ArrowUp' ? `L${rows}` : key === 'ArrowDown' ? bench[0] : place;
  const side = place[0];
  const row = Number(place.slice(1));
  switch (key) {
    case 'ArrowLeft': return `L${row}`;
    case 'ArrowRight': return `R${row}`;
    case 'ArrowUp': return row === 1 ? 'D' : `${side}${row - 1}`;
    case 'ArrowDown': return row === rows ? 'S' : `${side}${row + 1}`;
    default: return place;
  }
}

function onKeyDown(event) {
  if (event.key === 'Escape') {
    if (state.drag) { event.preventDefault(); cancelDrag('Esc'); return; }
    if (state.selected) { state.selected = null; renderBoat(); }
    return;
  }
  const element = event.target.closest?.('[data-seat]');
  if (!element) return;
  const place = element.dataset.seat;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    if (state.drag?.mode === 'keyboard') { releaseDrag(); return; }
    if (!state.drag) catchAt(place, 'keyboard');
    return;
  }
  if (event.key.startsWith('Arrow')) {
    event.preventDefault();
    const next = neighbour(place, event.key);
    if (!next || next === place) return;
    seatsByPlace().get(next)?.focus();
    if (state.drag?.mode === 'keyboard') dragOver(next);
  }
}

// ---------------------------------------------------------------- the other views

function renderHistory() {
  const list = $('#history');
  list.replaceChildren(...state.history.map((entry) => {
    const li = document.createElement('li');
    if (entry.undone) li.classList.add('undone');
    const time = document.createElement('time');
    time.dateTime = entry.time;
    time.textContent = new Date(entry.time).toLocaleString();
    li.append(time, document.createTextNode(`${entry.summary}${entry.undone ? ' (undone)' : ''}`));
    return li;
  }));
  if (!state.history.length) list.textContent = 'No changes recorded yet.';
  renderToolState();
}

async function loadRoster() {
  const roster = await api('/api/roster');
  const body = $('#roster');
  body.replaceChildren(...roster.map((paddler) => {
    const row = document.createElement('tr');
    if (!paddler.active) row.classList.add('inactive');
    const cells = [
      paddler.name + (paddler.active ? '' : ' (inactive)'),
      paddler.weight_kg == null ? '?' : `${shownNumber(paddler.weight_kg)} ${unit()}`,
      paddler.sex ?? '?', paddler.side, paddler.can_drum ? 'yes' : '', paddler.can_steer ? 'yes' : '',
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }));
}

async function loadCheck() {
  const check = await api(boatPath('/check'));
  const box = $('#check');
  box.replaceChildren();
  const add = (tag, text, className) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    box.append(element);
    return element;
  };
  add('p', `Rules: ${check.rules}. ${check.violations.length ? `${check.violations.length} broken` : 'All kept'}, `
    + `${check.warnings.length} warning${check.warnings.length === 1 ? '' : 's'}.`);
  const list = add('ul', '', 'rules');
  for (const text of check.violations) { const li = document.createElement('li'); li.className = 'violation'; li.textContent = text; list.append(li); }
  for (const text of check.warnings) { const li = document.createElement('li'); li.className = 'warning'; li.textContent = text; list.append(li); }
  add('p', `Front/back: ${check.verdict.front_back.headline}. Left/right: ${check.verdict.left_right.headline}.`);
}

async function loadPlan(event) {
  event?.preventDefault();
  const form = $('#plan-form');
  const useBench = form.use_bench.checked;
  const maxExchanges = form.max_exchanges.value ? Number(form.max_exchanges.value) : null;
  const query = new URLSearchParams({ use_bench: String(useBench) });
  if (maxExchanges) query.set('max_exchanges', String(maxExchanges));
  const box = $('#plan');
  box.textContent = 'Working it out…';
  try {
    const plan = await api(boatPath(`/plan?${query}`));
    box.replaceChildren();
    const heading = document.createElement('p');
    heading.textContent = plan.moves.length
      ? `${plan.moves.length} paddler${plan.moves.length === 1 ? ' moves' : 's move'}, each once, in this order:`
      : `No move improves it: the imbalance is ${shownNumber(plan.before.imbalance_kg)} ${unit()}.`;
    box.append(heading);
    const list = document.createElement('ol');
    list.className = 'plan-exchanges';
    for (const text of plan.moves) { const li = document.createElement('li'); li.textContent = text; list.append(li); }
    box.append(list);
    const table = document.createElement('table');
    table.className = 'roster';
    table.innerHTML = '<thead><tr><th></th><th>before</th><th>after</th></tr></thead><tbody></tbody>';
    const rows = [
      ['front/back', plan.before.short[0], plan.after.short[0]],
      ['left/right', plan.before.short[1], plan.after.short[1]],
      ['imbalance', `${shownNumber(plan.before.imbalance_kg)} ${unit()}`, `${shownNumber(plan.after.imbalance_kg)} ${unit()}`],
    ];
    for (const cells of rows) {
      const row = document.createElement('tr');
      for (const text of cells) { const cell = document.createElement('td'); cell.textContent = text; row.append(cell); }
      $('tbody', table).append(row);
    }
    box.append(table);
    if (plan.moves.length && canChange()) {
      const apply = document.createElement('button');
      apply.type = 'button';
      apply.className = 'primary';
      apply.id = 'apply-plan';
      apply.textContent = 'Apply the plan as one change';
      apply.addEventListener('click', async () => {
        apply.disabled = true;
        try {
          const result = await api(boatPath('/plan'), {
            method: 'POST', body: { basis: plan.basis, use_bench: useBench, max_exchanges: maxExchanges },
          });
          notice(result.message);
          box.replaceChildren();
        } catch (error) {
          explain(error);
        } finally {
          await reload();
        }
      });
      box.append(apply);
    }
  } catch (error) {
    box.textContent = '';
    explain(error);
  }
}

async function historyStep(kind) {
  try {
    const rulesBefore = state.doc?.rules;
    // The record the page shows as next: if another change took its place meanwhile, the server refuses.
    const shown = state.history ?? [];
    const next = kind === 'undo' ? shown.find((entry) => !entry.undone)
      : shown.at(-1)?.undone ? null : shown.filter((entry) => entry.undone).at(-1);
    const result = await api(boatPath(`/${kind}`), { method: 'POST', body: next ? { expected: next.id } : {} });
    noticeWithRules(result.message, rulesBefore, result.lineup?.rules);
  } catch (error) {
    explain(error);
  }
  await reload();
}

async function toggleLock() {
  const seat = state.selected;
  if (!seat) return;
  const locked = state.locked.has(seat);
  try {
    // Whom the page shows in the seat: the server refuses (409) when another change put someone else there.
    const expected = state.places.get(seat) ?? null;
    const result = await api(boatPath(`/${locked ? 'unlock' : 'lock'}`), { method: 'POST', body: { seat, expected } });
    notice(result.message);
  } catch (error) {
    explain(error);
  }
  state.selected = null;
  await reload();
}

function selectTab(name) {
  for (const button of $$('.tabs [data-tab]')) button.setAttribute('aria-selected', String(button.dataset.tab === name));
  for (const panel of $$('.tab-panel')) panel.hidden = panel.id !== `tab-${name}`;
  if (name === 'roster') loadRoster().catch(explain);
  if (name === 'check') loadCheck().catch(explain);
}

// ---------------------------------------------------------------- session and live updates

function showSignIn() {
  $('#app').hidden = true;
  $('#sign-in').hidden = false;
  $('#who').replaceChildren();
  for (const id of ['undo', 'redo']) $(`#${id}`).hidden = true;
}

function renderWho() {
  const who = $('#who');
  who.replaceChildren();
  const session = state.session;
  const text = document.createElement('span');
  text.textContent = session.signed_in ? `${session.name} (${session.role}${session.can_change ? '' : ', read-only'})`
    : session.sign_in_required ? '' : 'this machine';
  who.append(text);
  if (session.signed_in) {
    const out = document.createElement('button');
    out.type = 'button';
    out.className = 'tool';
    out.id = 'sign-out';
    out.textContent = 'Sign out';
    out.addEventListener('click', async () => {
      await api('/api/session', { method: 'DELETE' }).catch(() => {});
      location.reload();
    });
    who.append(out);
  }
}

let events = null;

function listen() {
  events?.close();
  const source = new EventSource('/api/events');
  events = source;
  let lost = false;
  source.addEventListener('error', () => {
    // The browser gives up on a stream that was refused (503: the server holds as many as it can) or whose
    // session ended (401 on reconnecting): try again later, or show the sign-in form.
    if (source.readyState === EventSource.CLOSED) setTimeout(() => { if (events === source) listenAgain(); }, 10000);
    if (lost) return;
    lost = true;
    document.body.classList.add('offline');
    notice('Lost touch with the server: changes made now cannot be saved. Waiting for it to come back…', { error: true });
  });
  source.addEventListener('open', () => {
    document.body.classList.remove('offline');
    if (!lost) return;
    lost = false;
    notice('Back in touch with the server.');
    // Whatever changed meanwhile was not heard: read it all again.
    if (state.drag || state.busy) { state.staleDuringDrag = true; return; }
    reload();
  });
  source.addEventListener('change', () => {
    if (state.drag || state.busy) { state.staleDuringDrag = true; return; }
    reload();
  });
}

async function listenAgain() {
  try {
    const session = await api('/api/session');
    if (session.sign_in_required && !session.signed_in) { location.reload(); return; }
  } catch {
    // Not reachable yet: the new stream's error tries again.
  }
  listen();
}

async function start() {
  try {
    state.session = await api('/api/session');
  } catch (error) {
    notice(`Cannot reach the server: ${error.message}`, { error: true });
    return;
  }
  if (state.session.sign_in_required && !state.session.signed_in) { showSignIn(); return; }
  $('#sign-in').hidden = true;
  $('#app').hidden = false;
  renderWho();
  await reload();
  listen();
}

function wire() {
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointermove', onPointerMove, { passive: false });
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', onPointerCancel);
  // Once a paddler is caught, the finger drags, it does not scroll the page.
  document.addEventListener('touchmove', (event) => { if (press?.caught) event.preventDefault(); }, { passive: false });
  document.addEventListener('contextmenu', (event) => { if (event.target.closest('[data-seat]')) event.preventDefault(); });
  document.addEventListener('keydown', onKeyDown);
  // The seed's phone call: whatever takes the page away cancels the drag.
  document.addEventListener('visibilitychange', () => { if (document.hidden) cancelDrag('the page was hidden'); });
  window.addEventListener('blur', () => cancelDrag('the window lost focus'));
  $('#undo').addEventListener('click', () => historyStep('undo'));
  $('#redo').addEventListener('click', () => historyStep('redo'));
  $('#lock').addEventListener('click', toggleLock);
  $('#plan-form').addEventListener('submit', loadPlan);
  for (const button of $$('.tabs [data-tab]')) {
    button.addEventListener('click', () => {
      selectTab(button.dataset.tab);
      // On a phone the panel may open below the fold: bring it into view, or the tap seems to do nothing.
      const panel = $(`#tab-${button.dataset.tab}`);
      if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.8) panel.scrollIntoView({ block: 'start' });
    });
  }
  $('#boat-select').addEventListener('change', (event) => {
    cancelDrag('another boat was chosen');
    state.boatName = event.target.value;
    state.selected = null;
    location.hash = `boat=${encodeURIComponent(state.boatName)}`;
    $('#plan').replaceChildren();
    reload();
  });
  $('#sign-in-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    $('#sign-in-error').textContent = '';
    try {
      await api('/api/session', { method: 'POST', body: { name: form.name.value, password: form.password.value } });
      form.password.value = '';
      await start();
    } catch (error) {
      $('#sign-in-error').textContent = error.message;
    }
  });
}

wire();
start();
