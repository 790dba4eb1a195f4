// The page's live balance (balance.js) against the server: for the sample crew and for lineups after drops made
// with the drag's own transaction, the dot products with the server's coefficients give the server's moments
// and sums (sample-crew.json holds what lineup serve answered).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { figures, gaugeLeft, levelOf, readouts } from '../balance.js';
import { ExchangeTransaction } from '../exchange.js';
import { apiPlace, modelOf } from '../places.js';

const sample = JSON.parse(readFileSync(new URL('./sample-crew.json', import.meta.url), 'utf8'));
const { coefficients } = sample;
const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) < 0.006, `${what}: ${actual}, server ${expected}`);

function agrees(f, server) {
  close(f.trim, server.moments.trim, 'trim');
  close(f.list, server.moments.list, 'list');
  close(f.front, server.balance.front_kg, 'front');
  close(f.back, server.balance.back_kg, 'back');
  close(f.left, server.balance.left_kg, 'left');
  close(f.right, server.balance.right_kg, 'right');
  assert.deepEqual(f.unknown, server.balance.unknown_weight_seats);
}

test('the lineup\'s figures are the server\'s', () => {
  const model = modelOf(sample.document);
  agrees(figures(model.places, model.weights, coefficients), sample.document);
});

for (const drop of sample.drops) {
  test(`after dropping ${drop.origin} on ${drop.target}, the figures are the server's preview`, () => {
    const model = modelOf(sample.document);
    const target = drop.target === 'B' ? model.endOfBench : drop.target;
    assert.equal(apiPlace(target, model.endOfBench), drop.target);
    const before = figures(model.places, model.weights, coefficients);
    const transaction = new ExchangeTransaction(model.places, drop.origin, () => true);
    transaction.dragOver(target);
    const after = figures(model.places, model.weights, coefficients);
    agrees(after, drop);
    assert.notEqual(after.trim, before.trim);
  });
}

test('equivalents: the moments per end-row and per middle-seat kilogram', () => {
  const model = modelOf(sample.document);
  const f = figures(model.places, model.weights, coefficients);
  close(f.trimEquivalent, f.trim / coefficients.trim_kg_m_per_end_row_kg, 'trim equivalent');
  close(f.listEquivalent, f.list / coefficients.list_kg_m_per_middle_seat_kg, 'list equivalent');
  const none = figures(model.places, model.weights, { ...coefficients, trim_kg_m_per_end_row_kg: 0, list_kg_m_per_middle_seat_kg: 0 });
  assert.equal(none.trimEquivalent, 0);
  assert.equal(none.listEquivalent, 0);
});

test('an empty boat has the equipment\'s trim alone', () => {
  const f = figures(new Map(), new Map(), coefficients);
  assert.equal(f.trim, coefficients.equipment_trim_kg_m);
  assert.deepEqual([f.list, f.left, f.right, f.front, f.back], [0, 0, 0, 0, 0]);
});

test('a paddler of unknown weight counts as 0 and is named by seat', () => {
  const model = modelOf(sample.document);
  const known = figures(model.places, model.weights, coefficients);
  const name = model.places.get('L1');
  model.weights.set(name, null);
  const f = figures(model.places, model.weights, coefficients);
  assert.deepEqual(f.unknown, ['L1']);
  const seat = coefficients.seats.find((s) => s.seat === 'L1');
  close(f.trim, known.trim - sample.document.seats[1].weight_kg * seat.trim_kg_m, 'trim without L1');
  close(f.left, known.left - sample.document.seats[1].weight_kg, 'left without L1');
});

test('the sums add the weights as shown, in the club\'s unit', () => {
  const pounds = {
    ...coefficients, unit: 'lb', kilograms_per_unit: 0.45359237,
    seats: [{ seat: 'L1', trim_kg_m: 1, list_kg_m: -1, left_kg: 1, right_kg: 0, front_kg: 1, back_kg: 0 }],
  };
  const f = figures(new Map([['L1', 'Ada']]), new Map([['Ada', 68]]), pounds);
  // 68 kg is 149.91 lb, shown as 149.9 lb: the sums add 149.9 lb, the moments the weight itself.
  close(f.left, 149.9 * 0.45359237, 'left');
  assert.equal(f.trim, pounds.equipment_trim_kg_m + 68);
  assert.equal(f.list, -68);
});

test('levels: level below level_below_kg, slightly below slightly_below_kg, else heavy, either way', () => {
  const c = { level_below_kg: 2, slightly_below_kg: 6 };
  assert.deepEqual([0, 1.99, -1.99, 2, -2, 5.99, 6, -40].map((kg) => levelOf(kg, c)),
    ['level', 'level', 'level', 'slightly', 'slightly', 'slightly', 'heavy', 'heavy']);
});

test('the gauge: the middle when level, the ends at full scale and beyond', () => {
  assert.equal(gaugeLeft(0, 20), '50%');
  assert.equal(gaugeLeft(10, 20), '75%');
  assert.equal(gaugeLeft(-10, 20), '25%');
  assert.equal(gaugeLeft(20, 20), '100%');
  assert.equal(gaugeLeft(-55, 20), '0%');
});

test('the readouts: bow-heavy (positive trim) points to the bow, right-heavy to the right', () => {
  const f = { trim: 59.8, list: -29.16, front: 822, back: 811.5, left: 784.5, right: 715, trimEquivalent: 8.5, listEquivalent: -3 };
  const [trim, list] = readouts(f, { ...coefficients, level_below_kg: 2, slightly_below_kg: 6 });
  assert.deepEqual(trim, {
    axis: 'trim', towardsRight: -8.5, level: 'heavy', moment: '+59.8',
    text: 'trim +59.8 kg·m · sums front 822, back 811.5 kg',
  });
  assert.deepEqual(list, {
    axis: 'list', towardsRight: -3, level: 'slightly', moment: '-29.2',
    text: 'list -29.2 kg·m · sums left 784.5, right 715 kg',
  });
});
