// The paddler's page as data (paddler-model.js): its greeting, races, words and the answer it sends.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  answerBody, answerWords, calendarLinks, greeting, localDay, myRaces, nextRaceWords, refusalWords, seatLine,
  seatWords, tokenFrom,
} from '../paddler-model.js';

const race = (name, start, seat, extra = {}) => ({
  name, start, boat: 'Sample crew', seat, crew: [], minutes_to_next_race: null, not_racing: null, maybe: false,
  answer: null, ...extra,
});

test('the token is the one segment after /p/', () => {
  assert.equal(tokenFrom('/p/abc123'), 'abc123');
  assert.equal(tokenFrom('/p/abc123/'), 'abc123');
  assert.equal(tokenFrom('/p/abc/calendar.ics'), null);
  assert.equal(tokenFrom('/'), null);
});

test('the greeting uses the first word of the name', () => {
  assert.equal(greeting('Ana Sousa'), 'Hi Ana');
  assert.equal(greeting('  '), 'Hi');
});

test('my races are those I sit in, by start', () => {
  const regatta = { races: [race('Final', '11:00', 'R2'), race('Heat', '09:10', 'L1'), race('Mixed', '10:00', null)] };
  assert.deepEqual(myRaces(regatta).map((r) => r.name), ['Heat', 'Final']);
  assert.equal(regatta.races[0].name, 'Final', 'the document is left as it was');
});

test('seats and the time to the next race in words', () => {
  assert.equal(seatWords('D'), 'drummer');
  assert.equal(seatWords('S'), 'steerer');
  assert.equal(seatWords('B2'), 'bench 2');
  assert.equal(seatWords('L3'), 'L3');
  assert.equal(seatLine(race('Heat', '09:10', 'L1')), 'L1 in Sample crew at 09:10');
  assert.equal(nextRaceWords(45), 'next race in 45 min');
  assert.equal(nextRaceWords(90), 'next race in 1 h 30 min');
  assert.equal(nextRaceWords(120), 'next race in 2 h');
  assert.equal(nextRaceWords(null), 'last race of the day');
});

test('an answer in words says whose it is, the times and the comment', () => {
  assert.equal(answerWords(null), '');
  assert.equal(answerWords({ choice: 'in', from: '10:00', until: null, comment: '', given_by: 'paddler' }),
    'You said: in, from 10:00.');
  assert.equal(answerWords({ choice: 'out', from: null, until: null, comment: 'away', given_by: 'coach' }),
    'Your coach said: out. “away”');
});

test('the body sent: empty times are none, and a race or an out has none', () => {
  assert.deepEqual(answerBody({ regatta: 'Cup', choice: 'in', from: '10:00', until: '', comment: ' late ' }),
    { regatta: 'Cup', race: null, choice: 'in', from: '10:00', until: null, comment: 'late' });
  assert.deepEqual(answerBody({ regatta: 'Cup', race: 'Heat', choice: 'out', from: '10:00' }),
    { regatta: 'Cup', race: 'Heat', choice: 'out', from: null, until: null, comment: '' });
  assert.equal(answerBody({ regatta: 'Cup', choice: 'out', until: '12:00' }).until, null);
});

test('each refusal has its own words', () => {
  assert.match(refusalWords(404, 'x'), /ask your coach for a new one/i);
  assert.match(refusalWords(409, 'the answers are closed'), /^Not changed: the answers are closed\.$/);
  assert.match(refusalWords(422, 'choice must be in'), /check your answer/);
  assert.match(refusalWords(429, ''), /wait a minute/i);
  assert.match(refusalWords(0, ''), /cannot be reached/);
});

test('the calendar links: https to download, webcal to subscribe', () => {
  assert.deepEqual(calendarLinks('https://club.example.org', 'T'), {
    https: 'https://club.example.org/p/T/calendar.ics', webcal: 'webcal://club.example.org/p/T/calendar.ics',
  });
});

test('the local day is written as a regatta date', () => {
  assert.equal(localDay(new Date(2026, 5, 3, 23, 59)), '2026-06-03');
});
