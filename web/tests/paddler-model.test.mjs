// The paddler's page as data (paddler-model.js): its greeting, races, words and the answer it sends.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  answerBody, answerWords, calendarLinks, canAnswerRace, canAnswerRegatta, coachEntryWords, coachSet, greeting,
  linkPaths, localDay, myRaces, nextRaceWords, notRacingWords, raceGroups, refusalWords, seatLine, seatWords, tokenFrom,
  withDates,
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
  assert.equal(tokenFrom('/club/p/abc123'), 'abc123', 'under a prefix too');
  assert.equal(tokenFrom('/xp/abc123'), null);
});

test('the page reads its API and offers its calendar under the prefix it was loaded from', () => {
  assert.deepEqual(linkPaths('/p/T'), { token: 'T', api: '/api/p/T', calendar: '/p/T/calendar.ics' });
  assert.deepEqual(linkPaths('/p/T/'), { token: 'T', api: '/api/p/T', calendar: '/p/T/calendar.ics' });
  assert.deepEqual(linkPaths('/club/lineup/p/T'),
    { token: 'T', api: '/club/lineup/api/p/T', calendar: '/club/lineup/p/T/calendar.ics' });
  assert.equal(linkPaths('/p/T/calendar.ics'), null);
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

test('races I will paddle come first, by start; those I sit in but do not race apart, by start too', () => {
  const regatta = { races: [
    race('Final', '11:00', 'R2'), race('Relay', '08:00', 'L2', { not_racing: 'answered out for it' }),
    race('Heat', '09:10', 'L1'), race('Mixed', '10:00', null, { not_racing: 'answered out for it' }),
    race('Late', '07:30', 'D', { not_racing: 'arrives at 10:00' }),
  ] };
  const { racing, notRacing } = raceGroups(regatta);
  assert.deepEqual(racing.map((r) => r.name), ['Heat', 'Final']);
  assert.deepEqual(notRacing.map((r) => r.name), ['Late', 'Relay'], 'a race they sit in by none is no race of theirs');
  assert.equal(notRacingWords(regatta.races[1]), 'Not racing: answered out for it');
  assert.equal(notRacingWords(regatta.races[0]), '');
});

test("the coach's answer and entry win: the paddler's buttons for them are off", () => {
  const coach = { choice: 'out', from: null, until: null, comment: '', given_by: 'coach', given_at: 'x' };
  const own = { ...coach, given_by: 'paddler' };
  assert.equal(coachSet(coach), true);
  assert.equal(coachSet(own), false);
  assert.equal(coachSet(null), false);
  assert.equal(canAnswerRegatta({ closed: false, answer: own }), true);
  assert.equal(canAnswerRegatta({ closed: false, answer: null }), true);
  assert.equal(canAnswerRegatta({ closed: false, answer: coach }), false);
  assert.equal(canAnswerRegatta({ closed: true, answer: null }), false);
  const open = { closed: false, answer: null };
  assert.equal(canAnswerRace(open, race('Heat', '09:10', 'L1', { answer: coach })), false);
  assert.equal(canAnswerRace(open, race('Heat', '09:10', 'L1', { answer: own })), true);
  assert.equal(canAnswerRace({ closed: true, answer: null }, race('Heat', '09:10', 'L1')), false);
  assert.equal(canAnswerRace({ closed: false, answer: coach }, race('Heat', '09:10', 'L1')), true,
    "the coach's answer for the day leaves a race's own answer to the paddler");
  assert.equal(coachEntryWords('absent'), 'Your coach has you down as: absent. That wins over your own answer.');
  assert.equal(coachEntryWords(null), '');
});

test('dates come apart from the words around them, to keep each on one line', () => {
  assert.deepEqual(withDates('Injured until 2026-11-28: get well soon.'),
    ['Injured until ', { date: '2026-11-28' }, ': get well soon.']);
  assert.deepEqual(withDates('Cup · 2026-06-13'), ['Cup · ', { date: '2026-06-13' }]);
  assert.deepEqual(withDates('no date'), ['no date']);
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

test('the calendar links: webcal to subscribe, https (or http) to download, from the page own address', () => {
  assert.deepEqual(calendarLinks('https://club.example.org', '/p/T'), {
    https: 'https://club.example.org/p/T/calendar.ics', webcal: 'webcal://club.example.org/p/T/calendar.ics',
  });
  assert.deepEqual(calendarLinks('http://192.168.1.20:8080', '/p/T'), {
    https: 'http://192.168.1.20:8080/p/T/calendar.ics', webcal: 'webcal://192.168.1.20:8080/p/T/calendar.ics',
  });
  assert.deepEqual(calendarLinks('https://example.org', '/club/p/T/'), {
    https: 'https://example.org/club/p/T/calendar.ics', webcal: 'webcal://example.org/club/p/T/calendar.ics',
  }, 'behind a prefix');
  assert.equal(calendarLinks('https://example.org', '/'), null);
});

test('the local day is written as a regatta date', () => {
  assert.equal(localDay(new Date(2026, 5, 3, 23, 59)), '2026-06-03');
});
