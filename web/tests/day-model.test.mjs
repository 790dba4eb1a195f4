// Race day's schedule, grid and plan words from the server's answers (day-model.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  TYPED_TIME_HELP, answerCounts, answerLine, answersOpenText, answerWords, attendBody, attendKind, chooseRegatta, coachAnswerSteps,
  gridRaceInView, leavingNow, leavingNowText, newAnswerNames, newAnswersText, typedTime, notAnsweredText, shownKind, gridCell, gridRows, localDay, localTime, plannedCrews, raceLinesAfterUndo, raceNotes, raceProblems, sameCrewText,
  raceWarnings, regattaPlanHeading, regattaPlanQuery, schedule, seatsOfKind, whoChanges, writtenText,
} from '../day-model.js';

const doc = {
  regatta: 'Cup', date: '2026-06-13', minimum_gap_minutes: 30,
  races: [
    { name: 'Heat', time: '09:10', boat: 'Sample crew', crew: [{ seat: 'L1', paddler: 'Ada' }], violations: [], warnings: [],
      notes: ['L8 is empty: 19 of 20 paddling (the rules allow it)'] },
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

test('a race\'s notes are its own, never a problem, and a document without them has none', () => {
  assert.deepEqual(raceNotes(doc, 'Heat'), ['L8 is empty: 19 of 20 paddling (the rules allow it)']);
  assert.deepEqual(raceNotes(doc, 'Semi'), []);
  assert.deepEqual(raceNotes(doc, 'Gone'), []);
  const rows = schedule(doc, new Date(2026, 5, 12, 10, 0));
  assert.deepEqual(rows.map((r) => [r.name, r.notes]),
    [['Heat', ['L8 is empty: 19 of 20 paddling (the rules allow it)']], ['Semi', []], ['Final', []]]);
  assert.ok(!rows[0].problems.includes('L8 is empty: 19 of 20 paddling (the rules allow it)'));
  assert.ok(!rows[0].warnings.includes('L8 is empty: 19 of 20 paddling (the rules allow it)'));
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
    plan: '4f1c9a2e7b30', changed_boats: [{ boat: 'Sample crew', races: ['Heat'], moves: 3, people_moved: 1 }, { boat: 'Small', races: ['Final'], moves: 12, people_moved: 7 }],
    fairness_before: { minimum: 0, maximum: 2 }, fairness_after: { minimum: 1, maximum: 2 }, written: null,
  };
  assert.equal(regattaPlanHeading(plan), 'Plan 4f1c9a2e7b30 changes 2 boats: Sample crew (1 person changes place), Small (7 people change place). '
    + 'Races per available paddler: min 1, max 2 (before: min 0, max 2).');
  assert.equal(regattaPlanHeading({ ...plan, changed_boats: [] }).startsWith('Plan 4f1c9a2e7b30 changes no boat'), true);
  assert.deepEqual(whoChanges(plan), []);
  const told = { ...plan, changed_boats: [{ ...plan.changed_boats[0], who_changes: '"Sample crew" (Heat (09:00)): 1 person changes place: Ann in at L3' }, plan.changed_boats[1]] };
  assert.deepEqual(whoChanges(told), ['"Sample crew" (Heat (09:00)): 1 person changes place: Ann in at L3']);
  assert.equal(writtenText(plan), 'Nothing to write: the crews are already as planned.');
  assert.equal(writtenText({ ...plan, written: [{ boat: 'Small', record: 7, moves: 12 }] }),
    'Wrote plan 4f1c9a2e7b30: Small (#7, 12 moves). Each boat\'s change is one undo.');
});

// `GET /api/regattas/Cup/answers` as the server gives it.
const sheet = {
  regatta: 'Cup', date: '2026-06-13', closed: false, last_seen: '2026-06-12T18:00:00Z',
  not_answered: ['Cy', 'Di'],
  races: [
    { name: 'Heat', start: '09:10', in: 12, maybe: 3, out: 2, not_answered: 5 },
    { name: 'Final', start: '12:00', in: 1, maybe: 0, out: 0, not_answered: 1 },
  ],
  paddlers: [
    { name: 'Ada', new: true, coach_entry: null, injured_until: null, races: [],
      answer: { choice: 'maybe', from: '10:00', until: null, comment: 'can drum', given_by: 'paddler', given_at: '2026-06-12T19:00:00Z' } },
    { name: 'Bo', new: false, coach_entry: 'absent', injured_until: null,
      answer: { choice: 'maybe', from: null, until: null, comment: '', given_by: 'paddler', given_at: '2026-06-11T19:00:00Z' },
      races: [{ race: 'Heat', choice: 'out', comment: '', given_by: 'coach', given_at: '2026-06-11T20:00:00Z' }] },
    { name: 'Cy', new: false, coach_entry: null, injured_until: '2026-06-20', answer: null, races: [] },
    { name: 'Di', new: false, coach_entry: null, injured_until: null, answer: null, races: [] },
    { name: 'Eve', new: true, coach_entry: null, injured_until: null, races: [],
      answer: { choice: 'out', from: null, until: null, comment: '', given_by: 'paddler', given_at: '2026-06-12T19:30:00Z' } },
  ],
};

test('the answers in words: counts, open or closed, who has not answered, what is new', () => {
  assert.equal(answerCounts(sheet.races[0]), '12 in · 3 maybe · 2 out · 5 no answer');
  assert.equal(answersOpenText(sheet), 'Answers are open: paddlers answer through their links.');
  assert.equal(answersOpenText({ ...sheet, closed: true }), 'Answers are closed: paddlers read theirs and change nothing.');
  assert.equal(notAnsweredText(sheet), 'No answer yet: Cy, Di.');
  assert.equal(notAnsweredText({ ...sheet, not_answered: [] }), 'Everyone has answered.');
  assert.deepEqual(newAnswerNames(sheet), ['Ada', 'Eve']);
  assert.equal(newAnswersText(sheet), 'New since your last look: Ada, Eve.');
  const read = { ...sheet, paddlers: sheet.paddlers.map((line) => ({ ...line, new: false })) };
  assert.equal(newAnswersText(read), 'Nothing new since your last look.');
  assert.equal(newAnswersText({ ...read, last_seen: null }), 'No answers yet.');
});

test("a paddler's answers in one line of the grid", () => {
  assert.equal(answerLine(sheet.paddlers[0]), 'Answer: maybe from 10:00 · “can drum”');
  assert.equal(answerLine(sheet.paddlers[1]), 'Answer: maybe · out of Heat (coach)');
  assert.equal(answerLine(sheet.paddlers[2]), 'Answer: injured until 2026-06-20');
  assert.equal(answerLine(sheet.paddlers[3]), null);
  assert.equal(answerWords({ race: 'Final', choice: 'in', given_by: 'paddler' }), 'in for Final');
  assert.equal(answerWords({ choice: 'in', from: null, until: '14:00', given_by: 'coach' }), 'in until 14:00 (coach)');
});

test('the grid shows maybe where the paddler said it and the coach set nothing', () => {
  assert.equal(attendKind('from 10:00'), 'from');
  assert.equal(attendKind('10:00 to 14:00'), 'until');
  assert.equal(shownKind('all day', sheet.paddlers[0]), 'maybe');
  assert.equal(shownKind('absent', sheet.paddlers[1]), 'absent');
  assert.equal(shownKind('inactive', sheet.paddlers[0]), 'inactive');
  assert.equal(shownKind('absent', sheet.paddlers[4]), 'absent');
  assert.equal(shownKind('all day', undefined), 'all-day');
});

test("one choice in the grid: the coach's entry, the coach's answer, or both in order", () => {
  // Maybe is the coach's answer, the paddler's times and comment kept; a coach's entry that would hide it goes first.
  assert.deepEqual(coachAnswerSteps('maybe', sheet.paddlers[0]), {
    attend: null, answer: { race: null, choice: 'maybe', from: '10:00', until: null, comment: 'can drum' },
  });
  assert.deepEqual(coachAnswerSteps('maybe', sheet.paddlers[1]).attend, 'all-day');
  assert.deepEqual(coachAnswerSteps('maybe', sheet.paddlers[4]).answer,
    { race: null, choice: 'maybe', from: null, until: null, comment: '' });
  assert.deepEqual(coachAnswerSteps('maybe', undefined),
    { attend: null, answer: { race: null, choice: 'maybe', from: null, until: null, comment: '' } });
  // All day: the paddler's out (or maybe, or late) would count again once the coach's entry is gone.
  assert.deepEqual(coachAnswerSteps('all-day', sheet.paddlers[4]),
    { attend: 'all-day', answer: { race: null, choice: 'in', from: null, until: null, comment: '' } });
  assert.deepEqual(coachAnswerSteps('all-day', sheet.paddlers[3]), { attend: 'all-day', answer: null });
  const saidIn = { ...sheet.paddlers[0], answer: { ...sheet.paddlers[0].answer, choice: 'in', from: null } };
  assert.deepEqual(coachAnswerSteps('all-day', saidIn), { attend: 'all-day', answer: null });
  // Absent and the times are the coach's entry, which wins over any answer.
  assert.deepEqual(coachAnswerSteps('absent', sheet.paddlers[0]), { attend: 'absent', answer: null });
  assert.deepEqual(coachAnswerSteps('from', sheet.paddlers[4]), { attend: 'from', answer: null });
});

test('absent once a race of theirs has started on the day: leaving now, the races run kept', () => {
  const at = (hours, minutes, seconds = 0) => new Date(2026, 5, 13, hours, minutes, seconds);
  // Ada sits in the 09:10 heat and the 10:30 semi, arriving at 10:00.
  assert.deepEqual(leavingNow(doc, 'Ada', at(12, 24, 59)), { until: '12:24', from: '10:00' });
  assert.deepEqual(leavingNow(doc, 'Ada', at(9, 10)), { until: '09:10', from: null });
  // Before any race of hers started, on another day, or for one seated in no race: plain absent.
  assert.equal(leavingNow(doc, 'Ada', at(9, 9, 59)), null);
  assert.equal(leavingNow(doc, 'Ada', new Date(2026, 5, 14, 12, 24)), null);
  assert.equal(leavingNow(doc, 'Bo', at(12, 24)), null);
  assert.equal(leavingNow(doc, 'Nobody', at(12, 24)), null);
  // An arrival written as a window keeps its start.
  const window = { ...doc, paddlers: [{ ...doc.paddlers[0], availability: '10:00 to 15:00' }] };
  assert.deepEqual(leavingNow(window, 'Ada', at(12, 24)), { until: '12:24', from: '10:00' });
  assert.deepEqual(attendBody('Ada', 'until', '12:24', '10:00'), { paddlers: ['Ada'], from: '10:00', until: '12:24' });
  assert.deepEqual(attendBody('Ada', 'until', '12:24'), { paddlers: ['Ada'], until: '12:24' });
  assert.equal(leavingNowText('Ada', '12:24'), 'Ada is gone from 12:24: the races already run are kept.');
});

test('a time typed 24-hour', () => {
  for (const [typed, time] of [['10:30', '10:30'], ['9:30', '09:30'], ['930', '09:30'], ['1030', '10:30'],
    [' 10.30 ', '10:30'], ['00:00', '00:00'], ['23:59', '23:59']]) assert.equal(typedTime(typed), time, typed);
  for (const typed of ['', '24:00', '10:60', '10:3', 'ten', '10:30 pm', '1:2:3', null]) assert.equal(typedTime(typed), null, typed);
  assert.match(TYPED_TIME_HELP, /24-hour/);
});

test('the grid opens on the race on the water or the next, on the day', () => {
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 13, 8, 0)), 'Heat');
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 13, 9, 30)), 'Heat');
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 13, 9, 45)), 'Semi');
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 13, 11, 0)), 'Final');
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 13, 13, 0)), null);
  assert.equal(gridRaceInView(doc, new Date(2026, 5, 12, 11, 0)), null);
});

test("an undo of a plan's boat says what stands broken in its races after, as show lists them", () => {
  const problem = 'Ada Lindqvist is seated in 200m heat (09:30) but arrives at 10:00';
  assert.deepEqual(raceLinesAfterUndo({ message: 'Undid #8 …', lineup: { race_problems: [problem] } }),
    ['Races:', `  ✗ ${problem}`]);
  assert.deepEqual(raceLinesAfterUndo({ message: 'Undid #8 …', lineup: { race_problems: [] } }), []);
  assert.deepEqual(raceLinesAfterUndo({ message: 'Undid #8 …' }), []);
});

test("a race's card names the other races its boat races too, as race list does", () => {
  const races = (boats) => ({ races: boats.map(([name, time, boat]) => ({ name, time, boat })) });
  const day = races([['Heat 1', '08:30', 'Cup: Heat 1'], ['Semi', '13:00', 'Cup: Heat 1'], ['Final', '14:45', 'Cup: Heat 1'],
    ['Mixed', '10:00', 'Cup: Mixed']]);
  assert.equal(sameCrewText(day, 'Semi'), 'Same crew as Heat 1 (08:30) and Final (14:45)');
  assert.equal(sameCrewText(races([['Heat 1', '08:30', 'A'], ['Final', '14:45', 'A']]), 'Final'),
    'Same crew as Heat 1 (08:30)');
  assert.equal(sameCrewText(day, 'Mixed'), '');
});
