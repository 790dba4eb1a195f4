// Undo and redo's next record, a record's line, and what a change did to the crew rules (records.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import { canRedo, canUndo, historyAfter, nextRecord, recordText, ruleChanges } from '../records.js';

// Newest first, as the server lists them.
const record = (id, undone = false) => ({ id, summary: `change ${id}`, undone });

test('undo takes the newest record not undone', () => {
  const history = [record(5, true), record(4, true), record(3), record(2), record(1)];
  assert.equal(nextRecord('undo', history).id, 3);
  assert.equal(nextRecord('undo', [record(2, true), record(1, true)]), undefined);
  assert.equal(nextRecord('undo', []), undefined);
});

test('redo takes the oldest undone record shown', () => {
  const history = [record(5, true), record(4, true), record(3), record(2), record(1)];
  assert.equal(nextRecord('redo', history).id, 4);
  assert.equal(nextRecord('redo', [record(3), record(2)]), undefined);
});

test('redo names none when the oldest record shown is undone: an older one may be next', () => {
  assert.equal(nextRecord('redo', [record(2, true), record(1, true)]), null);
  assert.equal(nextRecord('redo', []), undefined);
});

test('undo and redo are offered only when there is something to take', () => {
  assert.deepEqual([canUndo([]), canRedo([])], [false, false]);
  assert.deepEqual([canUndo([record(1)]), canRedo([record(1)])], [true, false]);
  assert.deepEqual([canUndo([record(1, true)]), canRedo([record(1, true)])], [false, true]);
});

test('a record\'s line', () => {
  assert.equal(recordText({ id: 8, summary: 'L1 Ada ⇄ R5 Sam', undone: false }), '#8 L1 Ada ⇄ R5 Sam');
  assert.equal(recordText({ id: 1, summary: 'lock R9', undone: true }), '#1 lock R9 (undone)');
});

test('what a change did to the crew rules: broken, warned, no longer, in that order', () => {
  const before = { violations: ['no steerer'], warnings: ['Ada paddles on the right'] };
  const after = { violations: ['no drummer'], warnings: ['Ada paddles on the right', 'Sam paddles on the left'] };
  assert.deepEqual(ruleChanges(before, after), {
    lines: ['✗ now broken: no drummer', '! now: Sam paddles on the left', '✓ no longer: no steerer'],
    error: true,
  });
});

test('a change that breaks nothing new is no error, even with warnings added', () => {
  const before = { violations: ['no steerer'], warnings: [] };
  assert.deepEqual(ruleChanges(before, { violations: ['no steerer'], warnings: ['w'] }), { lines: ['! now: w'], error: false });
  assert.deepEqual(ruleChanges(before, before), { lines: [], error: false });
  // A finding that moves from warning to violation is not new.
  assert.deepEqual(ruleChanges({ violations: [], warnings: ['x'] }, { violations: ['x'], warnings: [] }), { lines: [], error: false });
});

test('a change\'s own records: a new one first, ending the redo branch; an undo or a redo in place', () => {
  const history = [record(5, true), record(4), record(3)];
  assert.deepEqual(historyAfter(history, [record(6)]), [record(6), record(4), record(3)]);
  assert.deepEqual(historyAfter(history, [record(4, true)]), [record(5, true), record(4, true), record(3)]);
  assert.deepEqual(historyAfter(history, [record(5)]), [record(5), record(4), record(3)]);
  assert.deepEqual(historyAfter([], [record(1)]), [record(1)]);
  const full = Array.from({ length: 50 }, (_, i) => record(50 - i));
  const after = historyAfter(full, [record(51)]);
  assert.equal(after.length, 50);
  assert.deepEqual([after[0].id, after.at(-1).id], [51, 2]);
});
