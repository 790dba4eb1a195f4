// The paddler's page (paddler.html) as data: the greeting, the races a paddler sits in, in time order, the
// words for an answer and for a refusal, and the body of an answer to send. No DOM: Node's tests import it.

// The token of a personal link's address: `/p/TOKEN` gives TOKEN; nil for any other address.
export function tokenFrom(pathname) {
  const match = /^\/p\/([^/]+)\/?$/.exec(pathname);
  return match ? match[1] : null;
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

// The calendar's addresses for the link at `origin` (`https://club.example.org`): the https one to download,
// and the webcal one a calendar app subscribes to.
export function calendarLinks(origin, token) {
  const https = `${origin}/p/${token}/calendar.ics`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

// `date`'s day in the phone's own time, as the regatta's date is written: `2026-06-13`.
export function localDay(date) {
  const two = (number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
