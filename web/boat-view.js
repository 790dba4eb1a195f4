// The boat drawn seat by seat (D, the rows L|R, S) and the bench below it, each place a button carrying
// data-seat; the model drawn into them, and the tools above them (undo, redo, lock, the selection's line, and
// the hint in the bar after a first tap).
import { renderFigures } from './balance-panel.js';
import { $, $$ } from './dom.js';
import {
  isBench, isLockable, lockButtonText, markSymbol, marksOf, placeOrder, rowsOf, seatLabel, seatName, seatRef,
  seatWeight, selectionText, tapHint,
} from './places.js';
import { measureSeats, settleSeats, slideSeats } from './motion.js';
import { canRedo, canUndo } from './records.js';
import { canChange, state } from './state.js';
import { HISTORY_VIEWS, historyButtonWords } from './wording.js';

function seatElement(place) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'seat';
  button.dataset.seat = place;
  button.innerHTML = '<span class="ref"></span><span class="content"><span class="name"></span><span class="weight"></span></span><span class="mark"></span>';
  $('.ref', button).textContent = seatRef(place, state.endOfBench);
  return button;
}

function buildBoat() {
  const boat = $('#boat');
  const bench = $('#bench');
  boat.replaceChildren();
  bench.replaceChildren();
  const rows = rowsOf(state.doc.kind);
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
  for (const place of placeOrder(state.doc, state.endOfBench).filter(isBench)) bench.append(seatElement(place));
  boat.dataset.builtFor = `${state.boatName}|${state.doc.kind}|${state.endOfBench}`;
}

export function seatsByPlace() {
  return new Map($$('[data-seat]').map((element) => [element.dataset.seat, element]));
}

// Draws the model. While a paddler is dragged the origin shows as such, the caught paddler's place as a
// placeholder and the paddler displaced to the origin at lowered opacity. `animate`: each paddler who changed
// seat slides there from where they showed (motion.js), but `snapshotOf` (by default the paddler caught by a
// pointer), whom the snapshot shows.
export function renderBoat({ animate = false, snapshotOf } = {}) {
  const key = `${state.boatName}|${state.doc.kind}|${state.endOfBench}`;
  if ($('#boat').dataset.builtFor !== key) buildBoat();
  const elements = seatsByPlace();
  const before = animate ? measureSeats(elements) : null;
  const marks = marksOf(state.drag ? [] : state.preview?.findings ?? []);
  const drag = state.drag;
  const caught = drag ? drag.transaction.originalOccupant(drag.transaction.origin) : null;
  const displacing = Boolean(drag) && drag.transaction.displaced !== drag.transaction.origin;
  for (const [place, element] of elements) {
    const name = state.places.get(place) ?? null;
    const isEnd = place === state.endOfBench;
    $('.name', element).textContent = seatName(name, isEnd);
    const kg = name ? state.weights.get(name) : null;
    const inactive = Boolean(name) && state.inactive.has(name);
    $('.weight', element).textContent = seatWeight(name, kg, inactive, state.coefficients, state.weightsHidden);
    element.classList.toggle('inactive', inactive);
    if (name) element.dataset.paddler = name; else delete element.dataset.paddler;
    element.classList.toggle('empty', !name && !isEnd);
    element.classList.toggle('end-of-bench', isEnd);
    element.classList.toggle('locked', state.locked.has(place));
    element.classList.toggle('selected', state.selected === place);
    element.classList.toggle('origin', Boolean(drag) && drag.transaction.origin === place);
    element.classList.toggle('displaced', displacing && drag.transaction.origin === place);
    element.classList.toggle('placeholder', Boolean(drag) && name === caught);
    element.classList.toggle('lifted', Boolean(drag) && drag.mode === 'keyboard' && name === caught);
    const mark = marks.get(place);
    const markElement = $('.mark', element);
    markElement.textContent = markSymbol(mark);
    markElement.className = `mark ${mark ? mark.severity : ''}`;
    markElement.title = mark?.seat_note ?? '';
    const label = seatLabel({
      place, endOfBench: state.endOfBench, name, inactive, locked: state.locked.has(place), mark,
    });
    element.setAttribute('aria-label', label);
    element.setAttribute('aria-pressed', state.selected === place ? 'true' : 'false');
  }
  if (before) {
    slideSeats(before, elements, snapshotOf !== undefined ? snapshotOf : (drag?.mode === 'pointer' ? caught : null));
  } else {
    settleSeats(elements);
  }
  renderFigures();
  renderToolState();
}

export function renderToolState() {
  const change = canChange();
  document.body.classList.toggle('read-only', !change);
  $('#lock').hidden = !change;
  for (const kind of ['undo', 'redo']) {
    const button = $(`#${kind}`);
    button.hidden = !change || !HISTORY_VIEWS.includes(state.view);
    const words = historyButtonWords(kind, state.boatName ?? '');
    button.title = words.title;
    button.setAttribute('aria-label', words.label);
  }
  $('#how').hidden = !change || state.offline;
  $('#undo').disabled = !canUndo(state.history);
  $('#redo').disabled = !canRedo(state.history);
  const lock = $('#lock');
  const selected = state.selected;
  const locked = Boolean(selected) && state.locked.has(selected);
  lock.disabled = !isLockable(selected) || Boolean(state.drag);
  lock.textContent = lockButtonText(selected, locked);
  const name = selected ? state.places.get(selected) : null;
  $('#selection').textContent = selectionText(selected, name, locked);
  const hint = change ? tapHint(selected, name, locked, state.endOfBench) : null;
  $('#tap-hint-text').textContent = hint ?? '';
  $('#tap-hint').hidden = !hint;
}
