// A paddler dragged, as the page runs it: caught (by a pointer or the keyboard), dragged over places as
// exchange events (exchange.js) with the balance redrawn and the server's preview of a drop asked for, then
// released as one exchange record, checked by the server against who sat where when the drag began, or
// cancelled with everyone back. Tap-to-place is the same transaction: catch, one exchange event, release.
import { api, boatPath } from './api.js';
import { renderRules, renderWords } from './balance-panel.js';
import { renderBoat, seatsByPlace } from './boat-view.js';
import { $, $$ } from './dom.js';
import { ExchangeTransaction } from './exchange.js';
import { dragTarget } from './gestures.js';
import { loadModel, reload, showChange } from './loading.js';
import { dropSnapshot, liftSnapshot } from './motion.js';
import { explain, notice, noticeWithRules } from './notice.js';
import { refusedOffline } from './offline.js';
import { apiPlace, lockedMessage as lockedSentence, tapOutcome } from './places.js';
import { canChange, state } from './state.js';

function canDisplace(place) { return !state.locked.has(place); }

// Says no, and shakes the place that refused.
function refuse(place, why) {
  const element = seatsByPlace().get(place);
  if (element) {
    element.classList.remove('refused');
    element.getBoundingClientRect();
    element.classList.add('refused');
  }
  notice(why, { error: true });
}

function lockedMessage(place) { return lockedSentence(place, state.places.get(place)); }

// The snapshot of the caught paddler's card, lifted off `place` to the pointer (motion.js animates it).
export function showGhost(place, x, y) {
  const seat = seatsByPlace().get(place);
  if (seat) liftSnapshot(seat, x, y);
}

export function moveGhost(x, y) {
  const ghost = $('#ghost');
  ghost.style.left = `${x}px`;
  ghost.style.top = `${y}px`;
}

// Catch: a locked seat refuses, an empty one has nobody to catch.
export function catchAt(place, mode) {
  if (!canChange() || state.drag || state.busy) return false;
  if (refusedOffline('move')) return false;
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

// The caught paddler over `hit`: a place, 'gap' (the boat or the bench between places) or null (away from the
// seats); `nearOver`: within GAP_PX of the place highlighted so far. The place highlighted and the exchange event
// made (or none) are gestures.js's dragTarget's, so the boat always shows what a release here would do: over a
// place, that exchange; over a locked seat (which refuses, visibly) or away from the seats, everyone back.
export function dragOver(hit, nearOver = false) {
  const drag = state.drag;
  if (!drag) return;
  const { origin } = drag.transaction;
  const { over, place } = dragTarget({ hit, over: drag.over, nearOver, origin, canDisplace });
  if (over !== drag.over) {
    $$('.seat.over').forEach((element) => element.classList.remove('over'));
    if (over) seatsByPlace().get(over)?.classList.add('over');
    drag.over = over;
    if (over && state.locked.has(over) && over !== origin) refuse(over, lockedMessage(over));
  }
  if (place == null) return;
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
    const query = `?origin=${encodeURIComponent(apiPlace(origin, state.endOfBench))}`
      + `&target=${encodeURIComponent(apiPlace(displaced, state.endOfBench))}`;
    const preview = await api(boatPath(state.boatName, `/preview${query}`), { signal: controller.signal });
    if (state.drag !== drag || drag.transaction.displaced !== displaced) return;
    renderWords(preview);
    renderRules(preview, true);
  } catch (error) {
    if (error.name !== 'AbortError') explain(error);
  }
}

// The drag's end: the snapshot, if any, is set down on `landing` (the caught paddler's place now) and fades.
function endDrag(landing) {
  state.drag = null;
  document.body.classList.remove('dragging');
  state.previewAbort?.abort();
  $$('.seat.over').forEach((element) => element.classList.remove('over'));
  dropSnapshot(seatsByPlace().get(landing));
}

// Cancel (Esc, pointercancel, the page hidden, the window losing focus): everyone back, nothing recorded.
export function cancelDrag(reason) {
  const drag = state.drag;
  if (!drag) { state.press = null; return; }
  drag.transaction.cancel();
  const caught = drag.mode === 'pointer' ? drag.transaction.originalOccupant(drag.transaction.origin) : null;
  endDrag(drag.transaction.origin);
  state.press = null;
  renderBoat({ animate: true, snapshotOf: caught });
  if (state.preview) { renderWords(state.preview); renderRules(state.preview, false); }
  notice(`Cancelled (${reason}): nothing changed.`);
  if (state.staleDuringDrag) reload();
}

// Release: one exchange record, checked by the server against who sat where when the drag began.
export async function releaseDrag() {
  const drag = state.drag;
  if (!drag) return;
  const transaction = drag.transaction;
  const { origin, displaced } = transaction.release();
  if (origin === displaced) {
    endDrag(origin);
    renderBoat({ animate: true });
    if (state.preview) { renderWords(state.preview); renderRules(state.preview, false); }
    if (drag.over == null) notice('Dropped away from the seats: nothing changed.');
    if (state.staleDuringDrag) reload();
    return;
  }
  // The record is asked for first; the release's animation (the snapshot set down, the origin's paddler back
  // to full opacity) only follows it, and nothing waits for it.
  const committed = commit(origin, displaced, transaction);
  endDrag(displaced);
  renderBoat({ animate: true });
  await committed;
}

async function commit(origin, displaced, transaction) {
  const body = {
    origin: apiPlace(origin, state.endOfBench),
    target: apiPlace(displaced, state.endOfBench),
    expected: { origin: transaction.originalOccupant(origin), target: transaction.originalOccupant(displaced) },
  };
  state.busy = true;
  const rulesBefore = state.doc.rules;
  let reachable = true;
  try {
    const result = await api(boatPath(state.boatName, '/drop'), { method: 'POST', body });
    showChange(result);
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
    // The boat is drawn from the drop's answer above; the other documents are read after, and nothing waits
    // for them. The live feed reloads the page when the server is back.
    if (reachable) reload();
  }
}

function select(place) {
  state.selected = place;
  state.selectedName = place ? state.places.get(place) ?? null : null;
}

// Lets the selection go (the hint's Cancel, Esc).
export function deselect() {
  state.selected = null;
  renderBoat();
}

// A tap on a place: select it, or exchange with the place selected (places.js says which).
export function tap(place) {
  if (!canChange() || state.busy) return;
  if (refusedOffline('move')) return;
  const outcome = tapOutcome(state.selected, place, state.places, state.locked);
  switch (outcome.action) {
    case 'none':
      return;
    case 'select':
      select(place);
      if (state.locked.has(place)) notice(lockedMessage(place));
      renderBoat();
      return;
    case 'deselect':
      state.selected = null;
      renderBoat();
      return;
    case 'refuse':
      state.selected = null;
      renderBoat();
      refuse(outcome.place, lockedMessage(outcome.place));
      return;
    default: {
      state.selected = null;
      // The same transaction as a drag: catch at the origin, one exchange event over the target, release.
      const transaction = new ExchangeTransaction(state.places, outcome.origin, canDisplace);
      transaction.dragOver(outcome.target);
      renderBoat({ animate: true });
      commit(outcome.origin, outcome.target, transaction);
    }
  }
}
