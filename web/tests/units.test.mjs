// Weights and moments as the page writes them (units.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import { kilogramsPerUnit, shownNumber, shownWeight, signed, typedKilograms, unit } from '../units.js';

const pounds = { unit: 'lb', kilograms_per_unit: 0.45359237 };

test('kilograms to a tenth, without a trailing .0', () => {
  assert.equal(shownNumber(71.5), '71.5');
  assert.equal(shownNumber(72), '72');
  assert.equal(shownNumber(71.96), '72');
  assert.equal(shownNumber(71.94), '71.9');
  assert.equal(shownNumber(0), '0');
  assert.equal(shownNumber(0.04), '0');
  assert.equal(shownNumber(-3.25), '-3.2');
});

test('in the club\'s unit when the coefficients name one', () => {
  assert.equal(kilogramsPerUnit(pounds), 0.45359237);
  assert.equal(unit(pounds), 'lb');
  assert.equal(shownNumber(68, pounds), '149.9');
  assert.equal(shownNumber(0.45359237 * 150, pounds), '150');
  assert.equal(shownWeight(68, pounds), '149.9 lb');
});

test('kilograms without coefficients (before the first answer)', () => {
  assert.equal(kilogramsPerUnit(null), 1);
  assert.equal(unit(undefined), 'kg');
  assert.equal(shownWeight(80.25, null), '80.3 kg');
  assert.equal(shownWeight(80, null, '\u00a0'), '80\u00a0kg');
});

test('moments signed to a tenth, zero unsigned', () => {
  assert.equal(signed(59.8), '+59.8');
  assert.equal(signed(-211.84), '-211.8');
  assert.equal(signed(2.03), '+2.0');
  assert.equal(signed(0), '0.0');
  assert.equal(signed(0.04), '0.0');
  assert.equal(signed(-0.04), '0.0');
  assert.equal(signed(-0.05), '0.0');
  assert.equal(signed(-0.06), '-0.1');
});

test('a weight typed in the club\'s unit, as kilograms', () => {
  assert.equal(typedKilograms('', null), null);
  assert.equal(typedKilograms('  ', null), null);
  assert.equal(typedKilograms('71.5', null), 71.5);
  assert.equal(typedKilograms('71,5', null), 71.5);
  assert.ok(Math.abs(typedKilograms('150', pounds) - 68.0388555) < 1e-6);
  assert.ok(Number.isNaN(typedKilograms('heavy', null)));
  assert.ok(Number.isNaN(typedKilograms('Infinity', null)));
});
