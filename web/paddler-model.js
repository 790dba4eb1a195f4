// The paddler's page (paddler.html) as data: the greeting, the races a paddler sits in, in time order, the
// words for an answer and for a refusal, and the body of an answer to send. No DOM: Node's tests import it.

// The token of a personal link's address: `/p/TOKEN` gives TOKEN, as does `/PREFIX/p/TOKEN` (a server behind a
// proxy that serves it under a path); nil for any other address.
export function tokenFrom(pathname) {
  return linkPaths(pathname)?.token ?? null;
}

// The addresses the page at `pathname` uses, under the same prefix it was loaded from: `/club/p/T` reads
// `/club/api/p/T` and offers `/club/p/T/calendar.ics`. Nil for an address that is no personal link.
export function linkPaths(pathname) {
  const match = /^((?:\/[^/]+)*?)\/p\/([^/]+)\/?$/.exec(pathname ?? '');
  if (!match) return null;
  const [, prefix, token] = match;
  return { token, api: `${prefix}/api/p/${token}`, calendar: `${prefix}/p/${token}/calendar.ics` };
}

// "Hi Ana": the first word of the name the roster has.
export function greeting(name) {
  const first = String(name ?? '').trim().split(/\s+/)[0];
  return first ? `Hi ${first}` : 'Hi';
}

// The races of one regatta the paddler sits in, by start, each with what they need on the dock.
export function myRaces(regatta) {
  return regatta.races
    .filter((race) => race.seat !== null)
    .slice()
    .sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name));
}

// The races they sit in, split: those they will paddle, by start, and those they are seated in but do not race
// (`not_racing`: answered out, arriving after the start), by start too.
export function raceGroups(regatta) {
  const seated = myRaces(regatta);
  return { racing: seated.filter((race) => !race.not_racing), notRacing: seated.filter((race) => race.not_racing) };
}

// "Not racing: answered out for it".
export function notRacingWords(race) {
  return race.not_racing ? `Not racing: ${race.not_racing}` : '';
}

// True when the coach set this answer: theirs wins, and the paddler's own is refused (409) until the coach
// clears it.
export function coachSet(answer) {
  return answer?.given_by === 'coach';
}

// Whether the paddler can change their answer for the whole regatta, and for one of its races: not once the
// answers are closed, nor where the coach set the answer.
export function canAnswerRegatta(regatta) {
  return !regatta.closed && !coachSet(regatta.answer);
}

export function canAnswerRace(regatta, race) {
  return !regatta.closed && !coachSet(race.answer);
}

// The coach's availability entry for them (`absent`, `from 10:00`), which wins over their own answer.
export function coachEntryWords(entry) {
  return entry ? `Your coach has you down as: ${entry}. That wins over your own answer.` : '';
}

// A text with its dates (YYYY-MM-DD) apart, so that a page can keep each on one line: ['Injured until ',
// {date: '2026-11-28'}, ': get well soon.'].
export function withDates(text) {
  return String(text).split(/(\d{4}-\d{2}-\d{2})/).filter(Boolean)
    .map((part) => (/^\d{4}-\d{2}-\d{2}$/.test(part) ? { date: part } : part));
}

// "L1 in Sample crew at 09:10": where and when, in one line.
export function seatLine(race) {
  return `${seatWords(race.seat)} in ${race.boat} at ${race.start}`;
}

// A place as a paddler says it: "drummer", "steerer", "bench 2", or the seat (L1, R3).
export function seatWords(seat) {
  if (seat === 'D') return 'drummer';
  if (seat === 'S') return 'steerer';
  const bench = /^B(\d+)$/.exec(seat ?? '');
  if (bench) return `bench ${bench[1]}`;
  return seat ?? '';
}

// "next race in 45 min", or '' after the last one.
export function nextRaceWords(minutes) {
  if (minutes === null || minutes === undefined) return 'last race of the day';
  if (minutes < 60) return `next race in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `next race in ${hours} h${rest ? ` ${rest} min` : ''}`;
}

// What the paddler said for the regatta, as a sentence: "You said: in, from 10:00." or '' when nothing.
export function answerWords(answer) {
  if (!answer) return '';
  const times = [answer.from ? `from ${answer.from}` : '', answer.until ? `until ${answer.until}` : '']
    .filter(Boolean).join(' ');
  const who = answer.given_by === 'coach' ? 'Your coach said' : 'You said';
  const comment = answer.comment ? ` “${answer.comment}”` : '';
  return `${who}: ${answer.choice}${times ? `, ${times}` : ''}.${comment}`;
}

// The body of `PUT /api/p/{token}/answers`: empty times are none, the comment trimmed; a race's answer has no
// times.
export function answerBody({ regatta, race = null, choice, from = '', until = '', comment = '' }) {
  const time = (text) => (race === null && choice !== 'out' && text && text.trim() ? text.trim() : null);
  return { regatta, race, choice, from: time(from), until: time(until), comment: String(comment ?? '').trim() };
}

// What to tell the paddler when the server refused: by the status, with the server's own words.
export function refusalWords(status, message) {
  switch (status) {
    case 0: return 'The server cannot be reached. Check your connection; your answer was not sent.';
    case 404: return 'This link does not open any more. Ask your coach for a new one.';
    case 409: return `Not changed: ${message}.`;
    case 422: return `Please check your answer: ${message}.`;
    case 429: return 'Too many requests from this phone for now. Wait a minute and try again.';
    default: return `Something went wrong (${status}): ${message}.`;
  }
}

// The calendar's addresses for the page at `origin` (`https://club.example.org`) and `pathname` (`/p/TOKEN`, or
// under a prefix `/club/p/TOKEN`): the https (or http) one to download, and the webcal one a calendar app
// subscribes to. Nil for an address that is no personal link.
export function calendarLinks(origin, pathname) {
  const paths = linkPaths(pathname);
  if (!paths) return null;
  const https = `${origin}${paths.calendar}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

// `date`'s day in the phone's own time, as the regatta's date is written: `2026-06-13`.
export function localDay(date) {
  const two = (number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
