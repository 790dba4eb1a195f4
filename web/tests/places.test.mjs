// The boat's places (places.js): the model made from a lineup document, the order of places, the API's names,
// the keyboard's neighbours, what a tap does, and what a seat says.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import {
  apiPlace, isBench, isLockable, lockButtonText, lockedMessage, markSymbol, marksOf, modelOf, neighbour,
  placeOrder, rowsOf, seatLabel, seatName, seatRef, seatWeight, selectionCleared, selectionText, tapHint, tapOutcome,
} from '../places.js';

const sample = JSON.parse(readFileSync(new URL('./sample-crew.json', import.meta.url), 'utf8'));
const small = {
  kind: 'small',
  seats: [
    { seat: 'D', paddler: null, weight_kg: null, locked: false },
    { seat: 'L1', paddler: 'Ada', weight_kg: 61.5, locked: true },
    { seat: 'R1', paddler: 'Bea', weight_kg: null, locked: false },
    { seat: 'S', paddler: 'Cal', weight_kg: 80, locked: false },
    { seat: 'B1', paddler: 'Dev', weight_kg: 70, locked: false },
    { seat: 'B2', paddler: 'Eli', weight_kg: 66, locked: false },
  ],
};

test('the model: who is where, their weights, the locks, and an empty end of the bench', () => {
  const model = modelOf(small);
  assert.deepEqual([...model.places], [
    ['D', null], ['L1', 'Ada'], ['R1', 'Bea'], ['S', 'Cal'], ['B1', 'Dev'], ['B2', 'Eli'], ['B3', null],
  ]);
  assert.deepEqual([...model.weights], [['Ada', 61.5], ['Bea', null], ['Cal', 80], ['Dev', 70], ['Eli', 66]]);
  assert.deepEqual([...model.locked], ['L1']);
  assert.equal(model.endOfBench, 'B3');
  assert.deepEqual(placeOrder(small, model.endOfBench), ['D', 'L1', 'R1', 'S', 'B1', 'B2', 'B3']);
  const crew = modelOf(sample.document);
  assert.equal(crew.endOfBench, 'B9');
  assert.equal(crew.places.size, 31);
  assert.equal(modelOf({ kind: 'small', seats: [{ seat: 'D', paddler: null }] }).endOfBench, 'B1');
  assert.equal(model.weightsHidden, false);
});

test('places: bench or boat, rows by kind, the API\'s name for the end of the bench', () => {
  assert.deepEqual(['B1', 'B12', 'L1', 'R10', 'D', 'S'].map(isBench), [true, true, false, false, false, false]);
  assert.equal(rowsOf('small'), 5);
  assert.equal(rowsOf('standard'), 10);
  assert.equal(apiPlace('B9', 'B9'), 'B');
  assert.equal(apiPlace('B8', 'B9'), 'B8');
  assert.equal(apiPlace('L1', 'B9'), 'L1');
});

test('arrow keys in a standard boat: across a row, up and down to D and S, then the bench', () => {
  const { places } = modelOf(sample.document);
  const go = (place, key) => neighbour(place, key, 'standard', places);
  assert.equal(go('L3', 'ArrowRight'), 'R3');
  assert.equal(go('R3', 'ArrowLeft'), 'L3');
  assert.equal(go('L3', 'ArrowLeft'), 'L3');
  assert.equal(go('R3', 'ArrowUp'), 'R2');
  assert.equal(go('R3', 'ArrowDown'), 'R4');
  assert.equal(go('L1', 'ArrowUp'), 'D');
  assert.equal(go('R1', 'ArrowUp'), 'D');
  assert.equal(go('D', 'ArrowDown'), 'L1');
  assert.equal(go('D', 'ArrowUp'), 'D');
  assert.equal(go('D', 'ArrowLeft'), 'D');
  assert.equal(go('R10', 'ArrowDown'), 'S');
  assert.equal(go('S', 'ArrowUp'), 'L10');
  assert.equal(go('S', 'ArrowDown'), 'B1');
  assert.equal(go('S', 'ArrowRight'), 'S');
  assert.equal(go('B1', 'ArrowUp'), 'S');
  assert.equal(go('B1', 'ArrowLeft'), 'B1');
  assert.equal(go('B1', 'ArrowRight'), 'B2');
  assert.equal(go('B4', 'ArrowDown'), 'B5');
  assert.equal(go('B4', 'ArrowUp'), 'B3');
  assert.equal(go('B8', 'ArrowRight'), 'B9');
  assert.equal(go('B9', 'ArrowRight'), 'B9');
  assert.equal(go('L3', 'Home'), 'L3');
});

test('arrow keys in a small boat: five rows', () => {
  const { places } = modelOf(small);
  assert.equal(neighbour('L5', 'ArrowDown', 'small', places), 'S');
  assert.equal(neighbour('S', 'ArrowUp', 'small', places), 'L5');
  assert.equal(neighbour('B3', 'ArrowLeft', 'small', places), 'B2');
});

test('a tap with nothing selected selects, except an empty bench place', () => {
  const { places, locked } = modelOf(small);
  assert.deepEqual(tapOutcome(null, 'R1', places, locked), { action: 'select', place: 'R1' });
  assert.deepEqual(tapOutcome(null, 'D', places, locked), { action: 'select', place: 'D' });
  assert.deepEqual(tapOutcome(null, 'L1', places, locked), { action: 'select', place: 'L1' });
  assert.deepEqual(tapOutcome(null, 'B3', places, locked), { action: 'none' });
  assert.deepEqual(tapOutcome(null, 'B1', places, locked), { action: 'select', place: 'B1' });
});

test('a second tap exchanges, the paddler going from the place that has one', () => {
  const { places, locked } = modelOf(small);
  assert.deepEqual(tapOutcome('R1', 'S', places, locked), { action: 'exchange', origin: 'R1', target: 'S' });
  assert.deepEqual(tapOutcome('R1', 'B3', places, locked), { action: 'exchange', origin: 'R1', target: 'B3' });
  assert.deepEqual(tapOutcome('D', 'B1', places, locked), { action: 'exchange', origin: 'B1', target: 'D' });
  assert.deepEqual(tapOutcome('R1', 'R1', places, locked), { action: 'deselect' });
  // Two empty places: the second is selected instead.
  assert.deepEqual(tapOutcome('D', 'B3', places, locked), { action: 'select', place: 'B3' });
});

test('a tap involving a locked seat is refused, naming it', () => {
  const { places, locked } = modelOf(small);
  assert.deepEqual(tapOutcome('L1', 'R1', places, locked), { action: 'refuse', place: 'L1' });
  assert.deepEqual(tapOutcome('R1', 'L1', places, locked), { action: 'refuse', place: 'L1' });
  assert.deepEqual(tapOutcome('L1', 'L1', places, locked), { action: 'deselect' });
  locked.add('S');
  assert.deepEqual(tapOutcome('S', 'L1', places, locked), { action: 'refuse', place: 'S' });
});

test('a selection holds while its place has the same paddler, else it is cleared, saying why', () => {
  const { places } = modelOf(small);
  assert.equal(selectionCleared(null, null, places), null);
  assert.equal(selectionCleared('R1', 'Bea', places), null);
  assert.equal(selectionCleared('D', null, places), null);
  assert.equal(selectionCleared('R1', 'Cal', places), 'The selection was cleared: Cal moved meanwhile. Tap again.');
  assert.equal(selectionCleared('L1', null, places), 'The selection was cleared: the empty place was filled meanwhile. Tap again.');
  assert.equal(selectionCleared('B7', 'Fay', places), 'The selection was cleared: Fay moved meanwhile. Tap again.');
});

test('the crew rules\' marks: one finding per seat, a violation over a warning', () => {
  const warning = { severity: 'warning', seats: ['L1', 'R1'], seat_note: 'paddles on the right' };
  const violation = { severity: 'violation', seats: ['R1'], seat_note: 'cannot steer' };
  const later = { severity: 'warning', seats: ['R1', 'S'] };
  const marks = marksOf([warning, violation, later]);
  assert.deepEqual([...marks], [['L1', warning], ['R1', violation], ['S', later]]);
  assert.equal(marksOf([]).size, 0);
  assert.deepEqual([markSymbol(violation), markSymbol(warning), markSymbol(undefined)], ['✗', '!', '']);
});

test('what a seat says', () => {
  assert.equal(seatRef('B3', 'B3'), 'end');
  assert.equal(seatRef('B2', 'B3'), 'B2');
  assert.equal(seatName('Ada', false), 'Ada');
  assert.equal(seatName(null, true), 'end of the bench');
  assert.equal(seatName(null, false), '—');
  assert.equal(seatWeight('Ada', 61.5, false, null), '61.5\u00a0kg');
  assert.equal(seatWeight('Ada', 61.5, true, null), '61.5\u00a0kg · inactive');
  assert.equal(seatWeight('Bea', null, false, null), 'weight ?');
  assert.equal(seatWeight('Bea', undefined, true, null), 'weight ? · inactive');
  assert.equal(seatWeight(null, null, false, null), '');
  assert.equal(seatWeight('Ada', 68, false, { unit: 'lb', kilograms_per_unit: 0.45359237 }), '149.9\u00a0lb');
});

test('a viewer\'s seats without weights say none: no "weight ?", no "undefined kg"', () => {
  const hidden = {
    kind: 'small', weights_hidden: true,
    seats: [{ seat: 'D', paddler: 'Ada', locked: false }, { seat: 'L1', paddler: 'Bea', locked: false }],
  };
  const model = modelOf(hidden);
  assert.equal(model.weightsHidden, true);
  assert.equal(model.weights.size, 0);
  assert.equal(seatWeight('Ada', model.weights.get('Ada'), false, null, model.weightsHidden), '');
  assert.equal(seatWeight('Bea', undefined, true, null, true), 'inactive');
  assert.equal(seatWeight(null, undefined, false, null, true), '');
});

test('a seat\'s accessible name', () => {
  const base = { endOfBench: 'B3', inactive: false, locked: false, mark: undefined };
  assert.equal(seatLabel({ ...base, place: 'L1', name: 'Ada' }), 'L1: Ada');
  assert.equal(seatLabel({ ...base, place: 'B3', name: null }), 'end of the bench: empty');
  assert.equal(seatLabel({ ...base, place: 'L1', name: 'Ada', inactive: true, locked: true, mark: { severity: 'warning', seat_note: 'paddles on the right' } }),
    'L1: Ada (inactive), locked, paddles on the right');
  assert.equal(seatLabel({ ...base, place: 'S', name: 'Cal', mark: { severity: 'violation' } }), 'S: Cal, violation');
});

test('the selection\'s line, the lock button, and the locked message', () => {
  assert.equal(selectionText(null, null, false), '');
  assert.equal(selectionText('L1', 'Ada', false), 'L1 Ada selected: tap a place to exchange');
  assert.equal(selectionText('D', null, false), 'D selected: tap a place to exchange');
  assert.equal(selectionText('L1', 'Ada', true), 'L1 Ada selected: locked; unlock it to move its paddler');
  assert.deepEqual([isLockable('L1'), isLockable('S'), isLockable('B2'), isLockable(null)], [true, true, false, false]);
  assert.equal(lockButtonText('L1', false), 'Lock L1');
  assert.equal(lockButtonText('L1', true), 'Unlock L1');
  assert.equal(lockButtonText('B1', false), 'Lock seat');
  assert.equal(lockButtonText(null, false), 'Lock seat');
  assert.equal(lockedMessage('R9', 'Gus'), 'R9 (Gus) is locked: its paddler can be neither moved out nor displaced.');
  assert.equal(lockedMessage('R9', null), 'R9 is locked: its paddler can be neither moved out nor displaced.');
});

test('after a first tap, the hint says what the second does', () => {
  assert.equal(tapHint(null, null, false, 'B4'), null);
  assert.equal(tapHint('B1', 'Lucy Chen', false, 'B4'), 'Lucy Chen picked from the bench: now tap a seat to put them in.');
  assert.equal(tapHint('L3', 'Ada', false, 'B4'), 'Ada (L3) picked: now tap the seat or bench place to move them to.');
  assert.equal(tapHint('L3', null, false, 'B4'), 'L3 (empty) picked: now tap the paddler to put there.');
  assert.equal(tapHint('B4', null, false, 'B4'), 'The end of the bench picked: now tap the paddler to put there.');
  assert.equal(tapHint('R9', 'Fay', true, 'B4'), 'R9 Fay is locked: unlock it to move its paddler.');
});
