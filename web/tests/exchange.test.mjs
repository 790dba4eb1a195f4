// The drag's exchange transaction (exchange.js): the model during a drag equals the original with the origin
// and the place displaced now exchanged, whatever path the paddler took; cancel puts everything back.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ExchangeTransaction } from '../exchange.js';

const boat = () => new Map([['L1', 'Ada'], ['R1', 'Bea'], ['L2', 'Cal'], ['R2', 'Dev'], ['B1', 'Eli'], ['B2', null]]);
const start = (origin, locked = []) => {
  const places = boat();
  return { places, transaction: new ExchangeTransaction(places, origin, (p) => !locked.includes(p)) };
};
// The original with a and b exchanged.
const swapped = (a, b) => {
  const places = boat();
  const first = places.get(a);
  places.set(a, places.get(b));
  places.set(b, first);
  return places;
};

test('over a place: one exchange with the origin', () => {
  const { places, transaction } = start('L1');
  assert.deepEqual(transaction.dragOver('R1'), [['R1', 'L1']]);
  assert.deepEqual(places, swapped('L1', 'R1'));
  assert.deepEqual(transaction.release(), { origin: 'L1', displaced: 'R1' });
});

test('over three places: the model is always the original with origin and the last place exchanged', () => {
  const { places, transaction } = start('L1');
  transaction.dragOver('R1');
  assert.deepEqual(transaction.dragOver('L2'), [['L1', 'R1'], ['L2', 'L1']]);
  assert.deepEqual(places, swapped('L1', 'L2'));
  transaction.dragOver('R2');
  assert.deepEqual(places, swapped('L1', 'R2'));
  assert.equal(places.get('R1'), 'Bea');
  assert.deepEqual(transaction.release(), { origin: 'L1', displaced: 'R2' });
});

test('back over the origin puts the displaced paddler back, and nothing else', () => {
  const { places, transaction } = start('L1');
  transaction.dragOver('R1');
  assert.deepEqual(transaction.dragOver('L1'), [['L1', 'R1']]);
  assert.deepEqual(places, boat());
  assert.deepEqual(transaction.release(), { origin: 'L1', displaced: 'L1' });
});

test('no exchange event: over the same place again, over nothing, over an unknown place', () => {
  const { places, transaction } = start('L1');
  assert.deepEqual(transaction.dragOver('L1'), []);
  transaction.dragOver('R1');
  for (const place of ['R1', null, undefined, 'Z9']) assert.deepEqual(transaction.dragOver(place), []);
  assert.deepEqual(places, swapped('L1', 'R1'));
});

test('an empty place is displaced like any other (the paddler moves there, nobody comes back)', () => {
  const { places, transaction } = start('L1');
  transaction.dragOver('B2');
  assert.equal(places.get('B2'), 'Ada');
  assert.equal(places.get('L1'), null);
});

test('a place that cannot be displaced (locked) is passed over, the last exchange staying', () => {
  const { places, transaction } = start('L1', ['L2']);
  transaction.dragOver('R1');
  assert.deepEqual(transaction.dragOver('L2'), []);
  assert.deepEqual(places, swapped('L1', 'R1'));
  assert.deepEqual(transaction.release(), { origin: 'L1', displaced: 'R1' });
});

test('cancel: the one exchange that puts the model back, or none', () => {
  const { places, transaction } = start('L1');
  transaction.dragOver('R1');
  transaction.dragOver('R2');
  assert.deepEqual(transaction.cancel(), [['L1', 'R2']]);
  assert.deepEqual(places, boat());
  assert.deepEqual(transaction.cancel(), []);
  assert.deepEqual(transaction.release(), { origin: 'L1', displaced: 'L1' });
});

test('who sat where when the paddler was caught', () => {
  const { transaction } = start('L1');
  transaction.dragOver('R1');
  transaction.dragOver('B2');
  assert.equal(transaction.originalOccupant('L1'), 'Ada');
  assert.equal(transaction.originalOccupant('B2'), null);
  assert.equal(transaction.originalOccupant('Z9'), null);
});
