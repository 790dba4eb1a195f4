// The page's sentences and rows from the server's answers (wording.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  HISTORY_VIEWS, checkSummary, checkVerdict, historyButtonWords, madeAtText, maxMovesOf, planHeading, planMoveItems, planNotes, planQuery, planRows, rosterCells, rulesItems,
  proseParts, whoText,
} from '../wording.js';

test('who is using the page', () => {
  assert.equal(whoText({ signed_in: true, name: 'maya', role: 'coach', can_change: true }), 'maya (coach)');
  assert.equal(whoText({ signed_in: true, name: 'sam', role: 'viewer', can_change: false }), 'sam (viewer, read-only)');
  assert.equal(whoText({ signed_in: false, sign_in_required: false }), 'this machine');
  assert.equal(whoText({ signed_in: false, sign_in_required: true }), '');
});

test('when something was made: the date and the 24-hour time to the minute, in local time', () => {
  // Built from local fields, so the test holds in any time zone the machine is set to.
  assert.equal(madeAtText(new Date(2026, 10, 27, 7, 1, 26).toISOString()), '2026-11-27 07:01');
  assert.equal(madeAtText(new Date(2026, 0, 5, 19, 59, 59, 999).toISOString()), '2026-01-05 19:59');
  assert.equal(madeAtText(new Date(2026, 11, 31, 0, 0).toISOString()), '2026-12-31 00:00');
  // As the server writes it (UTC, with or without fractions of a second), shown in the device's time zone.
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'Asia/Kolkata';
    assert.equal(madeAtText('2026-11-27T07:01:26Z'), '2026-11-27 12:31');
    process.env.TZ = 'America/Los_Angeles';
    assert.equal(madeAtText('2026-11-27T07:01:26.123Z'), '2026-11-26 23:01');
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
  assert.equal(madeAtText('not a time'), 'not a time');
});

test('a roster row', () => {
  assert.deepEqual(rosterCells({ name: 'Ada', active: true, weight_kg: 61.5, sex: 'F', side: 'left', can_drum: true, can_steer: false }, null),
    ['Ada', '61.5 kg', 'F', 'left', 'yes', '']);
  assert.deepEqual(rosterCells({ name: 'Bo', active: false, weight_kg: null, sex: null, side: 'either', can_drum: false, can_steer: true },
    { unit: 'lb', kilograms_per_unit: 0.45359237 }), ['Bo (inactive)', '?', '?', 'either', '', 'yes']);
  assert.deepEqual(rosterCells({ name: 'Cy', active: true, weight_kg: 68, side: 'right' }, { unit: 'lb', kilograms_per_unit: 0.45359237 })
    .slice(0, 3), ['Cy', '149.9 lb', '?']);
  // A viewer the club hides weights from reads rows without `weight_kg`: not an unknown weight, not NaN.
  assert.deepEqual(rosterCells({ name: 'Di', active: true, sex: 'F', side: 'left', can_drum: false, can_steer: false }, null),
    ['Di', 'hidden', 'F', 'left', '', '']);
});

test('a plan without weights has no imbalance figure', () => {
  const figures = (short) => ({ verdict: {}, short });
  const plan = { moves: [], before: figures(['level', 'slightly left-heavy']), after: figures(['level', 'slightly left-heavy']) };
  assert.equal(planHeading(plan, null), 'No move improves it.');
  assert.deepEqual(planRows(plan, null), [
    ['front/back', 'level', 'level'], ['left/right', 'slightly left-heavy', 'slightly left-heavy'],
  ]);
  const weighed = { moves: [], before: { short: ['level', 'level'], imbalance_kg: 2.5 }, after: { short: ['level', 'level'], imbalance_kg: 2.5 } };
  assert.equal(planHeading(weighed, null), 'No move improves it: the imbalance is 2.5 kg.');
  assert.equal(planRows(weighed, null).length, 3);
});

test('the check', () => {
  const verdict = { front_back: { headline: 'slightly bow-heavy' }, left_right: { headline: 'level' } };
  assert.equal(checkSummary({ rules: 'club', violations: [], warnings: [], verdict }), 'Rules: club. All kept.');
  assert.equal(checkSummary({ rules: 'IDBF', violations: ['a', 'b'], warnings: ['c'], verdict }), 'Rules: IDBF. 2 broken, 1 warning.');
  assert.equal(checkSummary({ rules: 'club', violations: ['a'], warnings: ['c', 'd'], verdict }), 'Rules: club. 1 broken, 2 warnings.');
  // Problems in the boat's races are said apart, as `lineup check` does: the boat's own rules may be kept.
  assert.equal(checkSummary({ rules: 'idbf-mixed', violations: ['x', 'y'], warnings: ['w'], race_problems: ['x', 'y'], verdict }),
    'Rules: idbf-mixed. All kept, 1 warning. Races: 2 problems.');
  assert.equal(checkSummary({ rules: 'club', violations: ['a', 'x'], warnings: [], race_problems: ['x'], verdict }),
    'Rules: club. 1 broken. Races: 1 problem.');
  assert.equal(checkVerdict({ verdict }), 'Front/back: slightly bow-heavy. Left/right: level.');
});

test('the plan\'s query from the form', () => {
  assert.equal(maxMovesOf(''), null);
  assert.equal(maxMovesOf('3'), 3);
  assert.equal(maxMovesOf('2.5'), null);
  assert.equal(planQuery(false, null), 'use_bench=false');
  assert.equal(planQuery(true, 3), 'use_bench=true&max_moves=3');
  assert.equal(planQuery(true, maxMovesOf('0')), 'use_bench=true');
  assert.equal(planQuery(false, null, 'balance'), 'use_bench=false');
  assert.equal(planQuery(true, 2, 'strength'), 'use_bench=true&max_moves=2&objective=strength');
  assert.equal(planQuery(false, null, 'both'), 'use_bench=false&objective=both');
});

test('the plan\'s moves say why, and its notes come in the command line\'s order', () => {
  const plan = {
    moves: ['Ann L3 → R7', 'Bo R7 → L3'],
    why: ['-12.0 kg·m trim; into the engine rows (engine)', ''],
    fit: 'Seat fit: 24 → 11 kg-equivalents (lower is better).',
    inactive: ['Cy (inactive) sits in L1: Di would take the seat best.'],
    barred: ['Ed stays in row 1, barred to him: no allowed seat frees him.'],
    move_cap: 'The cap of 8 people changing place stopped further improvements.',
  };
  assert.deepEqual(planMoveItems(plan), ['Ann L3 → R7: -12.0 kg·m trim; into the engine rows (engine)', 'Bo R7 → L3']);
  assert.deepEqual(planNotes(plan), [plan.fit, plan.inactive[0], plan.barred[0], plan.move_cap]);
  assert.deepEqual(planNotes({ moves: [], inactive: [] }), []);
});

test('the plan\'s heading and table', () => {
  const plan = (moves) => ({
    moves,
    before: { short: ['bow-heavy, 8 kg', 'level'], imbalance_kg: 8.46 },
    after: { short: ['level', 'level'], imbalance_kg: 0.5 },
  });
  assert.equal(planHeading(plan(['a']), null), '1 person changes place, each once, in this order:');
  assert.equal(planHeading(plan(['a', 'b']), null), '2 people change place, each once, in this order:');
  assert.equal(planHeading(plan([]), null), 'No move improves it: the imbalance is 8.5 kg.');
  assert.deepEqual(planRows(plan(['a']), null), [
    ['front/back', 'bow-heavy, 8 kg', 'level'],
    ['left/right', 'level', 'level'],
    ['imbalance', '8.5 kg', '0.5 kg'],
  ]);
});

test("the Boat view's findings include the boat's races and say all kept only when nothing is found", () => {
  const none = { findings: [], adds: [], clears: [], race_problems: [] };
  assert.deepEqual(rulesItems(none, false), [['all kept', undefined]]);
  const late = 'Cup: Eve Li sits at L6 in 200m heat (09:10) but arrives at 10:00';
  assert.deepEqual(rulesItems({ ...none, race_problems: [late] }, false), [[late, 'violation']]);
  const own = { severity: 'warning', message: 'Al paddles on the right, seated left' };
  assert.deepEqual(
    rulesItems({ ...none, findings: [own], race_problems: [late] }, false),
    [[own.message, 'warning'], [late, 'violation']]);
  // While dragging: what the drop would add and clear, the races aside.
  assert.deepEqual(rulesItems({ ...none, race_problems: [late] }, true),
    [['If dropped here:', 'heading'], ['no change to the crew rules', undefined]]);
  assert.deepEqual(rulesItems({ ...none, adds: [own] }, true),
    [['If dropped here:', 'heading'], [own.message, 'warning added']]);
});


test("the bar's undo and redo name their boat, and show only with the boat's own views", () => {
  assert.deepEqual(historyButtonWords('undo', 'Cup: Heat 1'),
    { label: 'Undo in Cup: Heat 1', title: 'Undo the last change in Cup: Heat 1' });
  assert.deepEqual(historyButtonWords('redo', 'Sample crew'),
    { label: 'Redo in Sample crew', title: 'Redo the change undone last in Sample crew' });
  assert.deepEqual(HISTORY_VIEWS, ['boat', 'history']);
});

test('a command the server wrote in backticks is shown as code, without the backticks', () => {
  assert.deepEqual(proseParts('run `lineup check --regatta "Cup"` to list them'), [
    { text: 'run ', code: false }, { text: 'lineup check --regatta "Cup"', code: true },
    { text: ' to list them', code: false },
  ]);
  assert.deepEqual(proseParts('`--max-moves 3`'), [{ text: '--max-moves 3', code: true }]);
  // No command in backticks (a paddler's name may hold some): the text as written.
  assert.deepEqual(proseParts('No rule broken.'), [{ text: 'No rule broken.', code: false }]);
  assert.deepEqual(proseParts('Jo `Ace Smith sits at L1'), [{ text: 'Jo `Ace Smith sits at L1', code: false }]);
  assert.deepEqual(proseParts('Jo `Ace` Smith: run `lineup undo`'), [
    { text: 'Jo `Ace` Smith: run ', code: false }, { text: 'lineup undo', code: true },
  ]);
});
