// Pointer and keyboard input on the seats. A finger catches a paddler by a long press (moving sooner is a
// scroll), a mouse by moving with its button down; a press released near where it began is a tap. A dragged
// paddler is over what is drawn under the finger, and is dropped there. Held on the bar, or pushed into the
// bottom edge, it scrolls the page. Keys: Enter picks up and drops, arrows move, Esc cancels. The thresholds and
// decisions are gestures.js's.
import { seatsByPlace } from './boat-view.js';
import { $ } from './dom.js';
import { cancelDrag, catchAt, deselect, dragOver, moveGhost, releaseDrag, showGhost, tap } from './drag.js';
import {
  distanceToBox, edgeScroll as edgeScrollAt, GAP_PX, isTap, LONG_PRESS_MS, pressMoved,
} from './gestures.js';
import { neighbour } from './places.js';
import { canChange, state } from './state.js';

// What is drawn under the finger, the topmost thing at the point (the dragged name alone lets the pointer
// through): a place, 'gap' (inside the boat or the bench, between places) or null (anything else: the bar, a
// button, a notice, the scroll strip).
function hitAt(x, y) {
  const element = document.elementFromPoint(x, y);
  const seat = element?.closest('[data-seat]');
  if (seat) return seat.dataset.seat;
  return element?.closest('#boat, #bench') ? 'gap' : null;
}

// The caught paddler goes over what is under the finger now; returns that.
function follow(press) {
  const hit = hitAt(press.x, press.y);
  const over = state.drag?.over;
  const element = over ? document.querySelector(`[data-seat="${CSS.escape(over)}"]`) : null;
  dragOver(hit, Boolean(element) && distanceToBox(press.x, press.y, element.getBoundingClientRect()) <= GAP_PX);
  return hit;
}

function pointerCatch() {
  const press = state.press;
  if (!press) return;
  if (!catchAt(press.place, 'pointer')) { state.press = null; return; }
  press.caught = true;
  showGhost(press.place, press.x, press.y);
  startEdgeScroll();
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
  follow(press);
  startEdgeScroll();
}

// A held paddler scrolls the page from the bar (the front rows hide under it on a phone) or from the bottom
// edge once pushed into it (a strip then shows there, under the finger), after a dwell; never while the finger
// is on a seat, so the seat under a finger held still never changes (gestures.js decides, frame by frame).
let edgeLoop = null;
function startEdgeScroll() {
  if (!edgeLoop) edgeLoop = { edge: null, frame: requestAnimationFrame(edgeScrollStep) };
}

function stopEdgeScroll() {
  if (edgeLoop) cancelAnimationFrame(edgeLoop.frame);
  edgeLoop = null;
  $('#edge-strip').hidden = true;
  document.body.classList.remove('edge-scrolling');
}

function edgeScrollStep(now) {
  const press = state.press;
  if (!press?.caught || !state.drag || !edgeLoop) { stopEdgeScroll(); return; }
  const hit = hitAt(press.x, press.y);
  const step = edgeScrollAt({
    y: press.y, top: $('.bar').getBoundingClientRect().bottom, height: window.innerHeight,
    overSeat: hit != null && hit !== 'gap', edge: edgeLoop.edge, now,
  });
  const strip = $('#edge-strip');
  edgeLoop.edge = step.edge;
  document.body.classList.toggle('edge-scrolling', step.by !== 0);
  if (strip.hidden === step.edge.armed) {
    // The strip comes or goes under the finger: what the finger is over changes with it.
    strip.hidden = !step.edge.armed;
    follow(press);
  }
  if (step.by) {
    const before = window.scrollY;
    window.scrollBy(0, step.by);
    if (window.scrollY !== before) follow(press);
  }
  edgeLoop.frame = requestAnimationFrame(edgeScrollStep);
}

export function onPointerUp(event) {
  const current = state.press;
  if (!current || event.pointerId !== current.pointerId) return;
  state.press = null;
  clearTimeout(current.timer);
  if (current.caught) {
    // Dropped where the finger is (as its last move said), on what is drawn there now: the page may have
    // scrolled or a notice come since. The strip, if it showed, goes after.
    if (state.drag?.mode === 'pointer') follow(current);
    stopEdgeScroll();
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
  stopEdgeScroll();
}

// Once a paddler is caught, the finger drags, it does not scroll the page.
export function onTouchMove(event) { if (state.press?.caught) event.preventDefault(); }

export function onKeyDown(event) {
  if (event.key === 'Escape') {
    if (state.drag) { event.preventDefault(); cancelDrag('Esc'); return; }
    if (state.selected) deselect();
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
