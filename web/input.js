// Pointer and keyboard input on the seats. A finger catches a paddler by a long press (moving sooner is a
// scroll), a mouse by moving with its button down; a press released near where it began is a tap. Held near the
// top or bottom edge, a dragged paddler scrolls the page. Keys: Enter picks up and drops, arrows move, Esc
// cancels. The thresholds and decisions are gestures.js's.
import { renderBoat, seatsByPlace } from './boat-view.js';
import { $ } from './dom.js';
import { cancelDrag, catchAt, dragOver, moveGhost, releaseDrag, showGhost, tap } from './drag.js';
import { edgeScroll as edgeScrollAt, isTap, LONG_PRESS_MS, pressMoved } from './gestures.js';
import { neighbour } from './places.js';
import { canChange, state } from './state.js';

function placeAt(x, y) {
  const element = document.elementFromPoint(x, y)?.closest('[data-seat]');
  return element ? element.dataset.seat : null;
}

function pointerCatch() {
  const press = state.press;
  if (!press) return;
  if (!catchAt(press.place, 'pointer')) { state.press = null; return; }
  press.caught = true;
  seatsByPlace().get(press.place)?.classList.add('lifted');
  showGhost(state.places.get(press.place), press.x, press.y);
}

export function onPointerDown(event) {
  const element = event.target.closest('[data-seat]');
  if (!element || event.button !== 0 || state.drag || !canChange()) return;
  state.press = {
    place: element.dataset.seat, pointerId: event.pointerId, type: event.pointerType,
    startX: event.clientX, startY: event.clientY, x: event.clientX, y: event.clientY, caught: false, timer: null,
  };
  if (event.pointerType !== 'mouse') {
    // A long press catches; a movement before it is a scroll, and the page scrolls.
    const current = state.press;
    current.timer = setTimeout(() => { if (state.press === current && !current.caught) pointerCatch(); }, LONG_PRESS_MS);
  }
}

export function onPointerMove(event) {
  const press = state.press;
  if (!press || event.pointerId !== press.pointerId) return;
  press.x = event.clientX;
  press.y = event.clientY;
  if (!press.caught) {
    const next = pressMoved(press);
    if (next === 'catch') {
      pointerCatch();
    } else if (next === 'scroll') {
      clearTimeout(press.timer);
      state.press = null;
    }
    if (!state.press?.caught) return;
  }
  event.preventDefault();
  moveGhost(press.x, press.y);
  dragOver(placeAt(press.x, press.y));
  if (!edgeScroll) edgeScroll = { since: performance.now(), frame: requestAnimationFrame(edgeScrollStep) };
}

// Holding a dragged paddler near the top or bottom edge scrolls the page (the front rows hide under the bar
// on a phone), after a short dwell so that a finger passing by does not scroll.
let edgeScroll = null;
function edgeScrollStep(now) {
  const press = state.press;
  if (!press?.caught || !edgeScroll) { edgeScroll = null; return; }
  const top = Math.max($('.bar').getBoundingClientRect().bottom,
    document.body.classList.contains('dragging') ? $('#live-balance').getBoundingClientRect().bottom : 0);
  const step = edgeScrollAt({ y: press.y, top, bottom: window.innerHeight, since: edgeScroll.since, now });
  edgeScroll.since = step.since;
  if (step.by) {
    const before = window.scrollY;
    window.scrollBy(0, step.by);
    if (window.scrollY !== before) dragOver(placeAt(press.x, press.y));
  }
  edgeScroll.frame = requestAnimationFrame(edgeScrollStep);
}

export function onPointerUp(event) {
  const current = state.press;
  if (!current || event.pointerId !== current.pointerId) return;
  state.press = null;
  clearTimeout(current.timer);
  if (current.caught) {
    releaseDrag();
    return;
  }
  if (isTap(current)) tap(current.place);
}

export function onPointerCancel(event) {
  const press = state.press;
  if (!press || event.pointerId !== press.pointerId) return;
  clearTimeout(press.timer);
  if (press.caught) cancelDrag('the touch was interrupted');
  state.press = null;
}

// Once a paddler is caught, the finger drags, it does not scroll the page.
export function onTouchMove(event) { if (state.press?.caught) event.preventDefault(); }

export function onKeyDown(event) {
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
    const next = neighbour(place, event.key, state.doc.kind, state.places);
    if (!next || next === place) return;
    seatsByPlace().get(next)?.focus();
    if (state.drag?.mode === 'keyboard') dragOver(next);
  }
}
