// Race day's schedule, grid and plan words from the server's answers (day-model.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  attendBody, chooseRegatta, gridCell, gridRows, localDay, localTime, plannedCrews, raceProblems,
  raceWarnings, regattaPlanHeading, regattaPlanQuery, schedule, seatsOfKind, writtenText,
} from '../day-model.js';

const doc = {
  regatta: 'Cup', date: '2026-06-13', minimum_gap_minutes: 30,
  races: [
    { name: 'Heat', time: '09:10', boat: 'Sample crew', crew: [{ seat: 'L1', paddler: 'Ada' }], violations: [], warnings: [] },
    { name: 'Semi', time: '10:30', boat: 'Sample crew', crew: [{ seat: 'L1', paddler: 'Ada' }], violations: ['too few women'], warnings: [] },
    { name: 'Final', time: '12:00', boat: 'Small', crew: [], violations: [], warnings: ['Bo steers but is not marked able to'] },
  ],
  paddlers: [
    { name: 'Ada', races: 2, availability: 'from 10:00', entries: [
      { race: 'Heat', seat: 'L1', role: 'paddler', rest_minutes: null },
      { race: 'Semi', seat: 'L1', role: 'paddler', rest_minutes: 80 }] },
    { name: 'Bo', races: 0, availability: 'absent', entries: [] },
  ],
  conflicts: [{ paddler: 'Ada', first_race: 'Semi', second_race: 'Final', message: 'Ada races Semi and Final 20 minutes apart' }],
  unavailable: [{ paddler: 'Ada', race: 'Heat', seat: 'L1', reason: 'arrives', message: 'Ada sits at L1 in Heat (09:10) but arrives at 10:00' }],
  fairness: { minimum: 0, median: 1, maximum: 2, available: 2, sitting_out: [] },
};

test('local day and time', () => {
  const moment = new Date(2026, 5, 13, 9, 5);
  assert.equal(localDay(moment), '2026-06-13');
  assert.equal(localTime(moment), '09:05');
});

test('which regatta to show', () => {
  const list = [{ name: 'Old', date: '2026-01-01' }, { name: 'Cup', date: '2026-06-13' }, { name: 'Late', date: '2026-09-01' }];
  assert.equal(chooseRegatta([], '2026-06-13', null), null);
  assert.equal(chooseRegatta(list, '2026-06-13', null), 'Cup');
  assert.equal(chooseRegatta(list, '2026-06-14', null), 'Late');
  assert.equal(chooseRegatta(list, '2026-12-01', null), 'Late');
  assert.equal(chooseRegatta(list, '2026-06-13', 'Old'), 'Old');
  assert.equal(chooseRegatta(list, '2026-06-13', 'Gone'), 'Cup');
});

test('a race\'s problems: its rules, who is not there, who races too soon', () => {
  assert.deepEqual(raceProblems(doc, 'Heat'), ['Ada sits at L1 in Heat (09:10) but arrives at 10:00']);
  assert.deepEqual(raceProblems(doc, 'Semi'), ['too few women', 'Ada races Semi and Final 20 minutes apart']);
  assert.deepEqual(raceProblems(doc, 'Final'), ['Ada races Semi and Final 20 minutes apart']);
});

test('the schedule: on the water first, then the next race, then those done; time order any other day', () => {
  const onTheDay = schedule(doc, new Date(2026, 5, 13, 10, 0));
  assert.deepEqual(onTheDay.map((r) => [r.name, r.status]), [['Semi', 'next'], ['Final', ''], ['Heat', 'done']]);
  assert.equal(onTheDay[2].problems.length, 1);
  assert.deepEqual(onTheDay[1].warnings, ['Bo steers but is not marked able to']);
  // A race started less than half an hour ago is still on the water, shown first.
  const racing = schedule(doc, new Date(2026, 5, 13, 10, 45));
  assert.deepEqual(racing.map((r) => [r.name, r.status]), [['Semi', 'on the water'], ['Final', 'next'], ['Heat', 'done']]);
  const atStart = schedule(doc, new Date(2026, 5, 13, 9, 10));
  assert.deepEqual(atStart.map((r) => [r.name, r.status]), [['Heat', 'on the water'], ['Semi', 'next'], ['Final', '']]);
  const justBefore = schedule(doc, new Date(2026, 5, 13, 9, 9));
  assert.deepEqual(justBefore.map((r) => [r.name, r.status]), [['Heat', 'next'], ['Semi', ''], ['Final', '']]);
  const after = schedule(doc, new Date(2026, 5, 13, 18, 0));
  assert.deepEqual(after.map((r) => r.status), ['done', 'done', 'done']);
  const before = schedule(doc, new Date(2026, 5, 12, 10, 0));
  assert.deepEqual(before.map((r) => [r.name, r.status, r.crew]), [['Heat', '', 1], ['Semi', '', 1], ['Final', '', 0]]);
});

test('a race\'s warnings are what breaks no rule', () => {
  assert.deepEqual(raceWarnings(doc, 'Final'), ['Bo steers but is not marked able to']);
  assert.deepEqual(raceWarnings(doc, 'Heat'), []);
});

test('the grid: a seat per race, with the rest before it, and its problems marked', () => {
  assert.equal(gridCell(undefined), '');
  assert.equal(gridCell({ seat: 'D', rest_minutes: null }), 'D');
  assert.equal(gridCell({ seat: 'R2', rest_minutes: 45 }), 'R2, 45 min rest');
  assert.deepEqual(gridRows(doc), [
    { name: 'Ada', availability: 'from 10:00', cells: [
      { text: '✗ L1', mark: 'unavailable' }, { text: '! L1, 80 min rest', mark: 'rest' }, { text: '', mark: '' }] },
    { name: 'Bo', availability: 'absent', cells: [{ text: '', mark: '' }, { text: '', mark: '' }, { text: '', mark: '' }] },
  ]);
});

test('the crews a plan changes, every seat said, in time order', () => {
  assert.deepEqual(seatsOfKind('small'), ['D', 'L1', 'R1', 'L2', 'R2', 'L3', 'R3', 'L4', 'R4', 'L5', 'R5', 'S']);
  assert.equal(seatsOfKind('standard').length, 22);
  const plan = {
    changed_boats: [{ boat: 'Small', races: ['Final'], moves: 2, empty_seats: ['R1'], balance: ['front/back: level'] }],
    proposed: { races: [
      { name: 'Heat', time: '09:10', boat: 'Sample crew', kind: 'standard', crew: [{ seat: 'L1', paddler: 'Ada' }] },
      { name: 'Final', time: '12:00', boat: 'Small', kind: 'small', crew: [{ seat: 'D', paddler: 'Cy' }, { seat: 'L1', paddler: 'Di' }] },
    ] },
  };
  assert.deepEqual(plannedCrews(plan, seatsOfKind), [
    { title: '12:00 Final (Small)', seats: ['D Cy', 'L1 Di', 'R1 empty'], empty: ['R1'], balance: ['front/back: level'] },
  ]);
});

test('what one tap on a paddler sends', () => {
  assert.deepEqual(attendBody('Ada', 'absent'), { paddlers: ['Ada'], absent: true });
  assert.deepEqual(attendBody('Ada', 'from', '10:00'), { paddlers: ['Ada'], from: '10:00' });
  assert.deepEqual(attendBody('Ada', 'until', '14:00'), { paddlers: ['Ada'], until: '14:00' });
  assert.deepEqual(attendBody('Ada', 'all-day'), { paddlers: ['Ada'] });
});

test('the plan\'s words', () => {
  assert.equal(regattaPlanQuery(false), 'keep_seated=true');
  assert.equal(regattaPlanQuery(true), 'keep_seated=false');
  const plan = {
    plan: '4f1c9a2e7b30', changed_boats: [{ boat: 'Sample crew', races: ['Heat'], moves: 1 }, { boat: 'Small', races: ['Final'], moves: 12 }],
    fairness_before: { minimum: 0, maximum: 2 }, fairness_after: { minimum: 1, maximum: 2 }, written: null,
  };
  assert.equal(regattaPlanHeading(plan), 'Plan 4f1c9a2e7b30 changes 2 boats: Sample crew (1 move), Small (12 moves). '
    + 'Races per available paddler: min 1, max 2 (before: min 0, max 2).');
  assert.equal(regattaPlanHeading({ ...plan, changed_boats: [] }).startsWith('Plan 4f1c9a2e7b30 changes no boat'), true);
  assert.equal(writtenText(plan), 'Nothing to write: the crews are already as planned.');
  assert.equal(writtenText({ ...plan, written: [{ boat: 'Small', record: 7, moves: 12 }] }),
    'Wrote plan 4f1c9a2e7b30: Small (#7, 12 moves). Each boat\'s change is one undo.');
});
