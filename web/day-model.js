// Race day from the server's answers alone: which regatta to show, the day's schedule with the next race
// first, each race's problems, the paddler × race grid with rest, and the words of a plan. No DOM: Node's
// tests import it.

// `YYYY-MM-DD` and `HH:MM` of a moment, in the device's local time (a regatta's times are local).
export function localDay(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
export function localTime(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// The regatta to show: the one shown before while it is there; else today's or the next to come; else the
// last one held. The list is by date, as the server gives it.
export function chooseRegatta(regattas, today, previous) {
  if (!regattas.length) return null;
  if (previous && regattas.some((regatta) => regatta.name === previous)) return previous;
  return (regattas.find((regatta) => regatta.date >= today) ?? regattas[regattas.length - 1]).name;
}

// The problems of race `name` in a regatta document: its crew rules broken, who sits in it but is not there
// then, and who races it too soon after (or before) another race.
export function raceProblems(doc, name) {
  const race = doc.races.find((r) => r.name === name);
  return [
    ...(race?.violations ?? []),
    ...doc.unavailable.filter((u) => u.race === name).map((u) => u.message),
    ...doc.conflicts.filter((c) => c.first_race === name || c.second_race === name).map((c) => c.message),
  ];
}

// What is worth knowing about race `name` though it breaks no rule (the rules' warnings, as `check` marks !).
export function raceWarnings(doc, name) {
  const race = doc.races.find((r) => r.name === name);
  const problems = new Set(raceProblems(doc, name));
  return (race?.warnings ?? []).filter((text) => !problems.has(text));
}

// The notes of race `name`, as the Check tab lists a boat's (`·`): lower-key than warnings, a seat role or
// preferred row not followed, row seats left empty where the race's rules allow it. Never a problem.
export function raceNotes(doc, name) {
  return doc.races.find((r) => r.name === name)?.notes ?? [];
}

// Minutes from midnight of `HH:MM`.
const minutesOf = (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

// How long a race started is still shown as on the water, before the races to come.
export const ON_THE_WATER_MINUTES = 30;

// The schedule: on the regatta's own day, the races on the water (started less than half an hour ago)
// first, then those still to start (the next one marked `next`), then those done; any other day, all in
// time order. Each with its crew's size, problems, warnings and notes.
export function schedule(doc, now) {
  const today = doc.date === localDay(now);
  const time = minutesOf(localTime(now));
  const rows = doc.races.map((race) => ({
    name: race.name, time: race.time, boat: race.boat, crew: race.crew.length,
    problems: raceProblems(doc, race.name), warnings: raceWarnings(doc, race.name), notes: raceNotes(doc, race.name),
    status: '',
  }));
  if (!today) return rows;
  const water = rows.filter((row) => minutesOf(row.time) <= time && time - minutesOf(row.time) < ON_THE_WATER_MINUTES)
    .map((row) => ({ ...row, status: 'on the water' }));
  const coming = rows.filter((row) => minutesOf(row.time) > time);
  const done = rows.filter((row) => time - minutesOf(row.time) >= ON_THE_WATER_MINUTES)
    .map((row) => ({ ...row, status: 'done' }));
  if (coming.length) coming[0] = { ...coming[0], status: 'next' };
  return [...water, ...coming, ...done];
}

// What the Day tab's card of race `name` says of the other races its boat races too, as `lineup race list`
// does ("same crew as …"): a change to one crew changes theirs. Empty when its boat races no other.
export function sameCrewText(doc, name) {
  const race = doc.races.find((other) => other.name === name);
  const others = doc.races.filter((other) => other.boat === race?.boat && other.name !== name)
    .map((other) => `${other.name} (${other.time})`);
  if (!others.length) return '';
  return `Same crew as ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`}`;
}

// A grid cell: the seat, and the rest before it when there is a race before ("L3, 40 min rest").
export function gridCell(entry) {
  if (!entry) return '';
  return entry.rest_minutes == null ? entry.seat : `${entry.seat}, ${entry.rest_minutes} min rest`;
}

// The paddler × race grid: per paddler their availability and one cell per race, in the races' order, each
// `{ text, mark }`: `unavailable` (seated but not there then, ✗), `rest` (too soon after or before another
// race of theirs, !) or ''.
export function gridRows(doc) {
  return doc.paddlers.map((paddler) => ({
    name: paddler.name,
    availability: paddler.availability,
    cells: doc.races.map((race) => {
      const text = gridCell(paddler.entries.find((entry) => entry.race === race.name));
      if (!text) return { text, mark: '' };
      if (doc.unavailable.some((u) => u.paddler === paddler.name && u.race === race.name)) {
        return { text: `✗ ${text}`, mark: 'unavailable' };
      }
      if (doc.conflicts.some((c) => c.paddler === paddler.name && (c.first_race === race.name || c.second_race === race.name))) {
        return { text: `! ${text}`, mark: 'rest' };
      }
      return { text, mark: '' };
    }),
  }));
}

// The crews a plan changes, race by race in time order: each seat of the boat (empty ones said so), and its
// balance when the server gave it.
export function plannedCrews(plan, seatsOf) {
  const changed = new Map(plan.changed_boats.map((boat) => [boat.boat, boat]));
  return plan.proposed.races.filter((race) => changed.has(race.boat)).map((race) => {
    const boat = changed.get(race.boat);
    const seated = new Map(race.crew.map((seat) => [seat.seat, seat.paddler]));
    const empty = new Set(boat.empty_seats);
    const seats = seatsOf(race.kind).filter((seat) => seated.has(seat) || empty.has(seat))
      .map((seat) => (seated.has(seat) ? `${seat} ${seated.get(seat)}` : `${seat} empty`));
    return { title: `${race.time} ${race.name} (${race.boat})`, seats, empty: boat.empty_seats, balance: boat.balance ?? [] };
  });
}

// The seats of a boat of `kind` in chart order: the drummer, the rows left then right, the steerer.
export function seatsOfKind(kind) {
  const rows = kind === 'small' ? 5 : 10;
  const seats = ['D'];
  for (let row = 1; row <= rows; row++) seats.push(`L${row}`, `R${row}`);
  seats.push('S');
  return seats;
}

// The body of `POST …/attend` for one paddler: `all-day`, `absent`, `from` or `until` (the last two with a
// time; `until` with the arrival kept, `from`, when there is one).
export function attendBody(name, kind, time, from = null) {
  switch (kind) {
    case 'absent': return { paddlers: [name], absent: true };
    case 'from': return { paddlers: [name], from: time };
    case 'until': return from ? { paddlers: [name], from, until: time } : { paddlers: [name], until: time };
    default: return { paddlers: [name] };
  }
}

// What "Absent" records for paddler `name` at `now`: on the regatta's own day, once a race they sit in has
// started, that they leave now (`until`, the minute now rounded down, their arrival kept), so the races
// already run keep them and raise no conflict; else null, plain absent.
export function leavingNow(doc, name, now) {
  const paddler = doc.paddlers.find((p) => p.name === name);
  if (!paddler || doc.date !== localDay(now)) return null;
  const until = localTime(now);
  const raced = doc.races.some((race) => minutesOf(race.time) <= minutesOf(until)
    && paddler.entries.some((entry) => entry.race === race.name));
  if (!raced) return null;
  const arrival = paddler.availability.match(/^(?:from (\d\d:\d\d)|(\d\d:\d\d) to )/);
  const from = arrival ? arrival[1] ?? arrival[2] : null;
  return { until, from: from && minutesOf(from) < minutesOf(until) ? from : null };
}

// What the page says when "Absent" recorded a paddler as leaving now.
export function leavingNowText(name, until) {
  return `${name} is gone from ${until}: the races already run are kept.`;
}

// A time of day as typed, 24-hour (`10:30`, `9:30`, `930`, `1030`, `10.30`): `HH:MM`, or null when it is none.
export function typedTime(text) {
  const match = String(text ?? '').trim().match(/^(\d{1,2})[:.h]?(\d{2})$/);
  if (!match) return null;
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

export const TYPED_TIME_HELP = 'Write the time 24-hour, as HH:MM (10:30, or 1030), then Set.';

// The race whose column the grid brings into view when first drawn: on the regatta's day the first on the
// water or still to come; null on another day or once every race is done (the grid opens at its start).
export function gridRaceInView(doc, now) {
  const first = schedule(doc, now)[0];
  return first && (first.status === 'next' || first.status === 'on the water') ? first.name : null;
}

// The plan's query: hand-seated crews kept unless the coach asks to replan freely.
export function regattaPlanQuery(freely) {
  return freely ? 'keep_seated=false' : 'keep_seated=true';
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;
const peopleMoving = (count) => (count === 1 ? '1 person changes place' : `${count} people change place`);

// Who comes in, goes out and changes seat in each boat the plan changes, a sentence a boat.
export function whoChanges(plan) {
  return plan.changed_boats.map((boat) => boat.who_changes).filter(Boolean);
}

// The plan's heading: its code, what it changes, and the races per paddler before and after.
export function regattaPlanHeading(plan) {
  const boats = plan.changed_boats;
  const changes = boats.length
    ? `changes ${plural(boats.length, 'boat')}: ${boats.map((b) => `${b.boat} (${peopleMoving(b.people_moved)})`).join(', ')}`
    : 'changes no boat: the crews are already as planned';
  const before = plan.fairness_before;
  const after = plan.fairness_after;
  return `Plan ${plan.plan} ${changes}. Races per available paddler: min ${after.minimum}, max ${after.maximum} `
    + `(before: min ${before.minimum}, max ${before.maximum}).`;
}

// What writing the plan did, and how to take it back.
export function writtenText(plan) {
  const written = plan.written ?? [];
  if (!written.length) return 'Nothing to write: the crews are already as planned.';
  return `Wrote plan ${plan.plan}: ${written.map((w) => `${w.boat} (#${w.record}, ${plural(w.moves, 'move')})`).join(', ')}. `
    + 'Each boat\'s change is one undo.';
}

// What an undo of a plan's boat leaves broken in its races, from the undo's answer (its boat afterwards): the
// problems standing then under "Races:", as `lineup show` lists them (the answer does not say which the undo
// brought back); none when there is none.
export function raceLinesAfterUndo(result) {
  const problems = result?.lineup?.race_problems ?? [];
  return problems.length ? ['Races:', ...problems.map((text) => `  ✗ ${text}`)] : [];
}

// The Answers section: what the paddlers answered through their links, as `GET …/answers` gives it (the coach's
// alone). Each race's counts, who has not answered, what is new since the coach's last look, and one paddler's
// answers in a line of the grid.

// `12 in · 3 maybe · 2 out · 5 no answer`: one race of the sheet.
export function answerCounts(race) {
  return `${race.in} in · ${race.maybe} maybe · ${race.out} out · ${race.not_answered} no answer`;
}

// Whether the paddlers may still answer.
export function answersOpenText(sheet) {
  return sheet.closed ? 'Answers are closed: paddlers read theirs and change nothing.'
    : 'Answers are open: paddlers answer through their links.';
}

// Who has not answered, or that everyone has.
export function notAnsweredText(sheet) {
  return sheet.not_answered.length ? `No answer yet: ${sheet.not_answered.join(', ')}.` : 'Everyone has answered.';
}

// The names whose answers came after the coach's last look.
export function newAnswerNames(sheet) {
  return sheet.paddlers.filter((line) => line.new).map((line) => line.name);
}

// What is new since the coach's last look: the names, else that nothing is.
export function newAnswersText(sheet) {
  const names = newAnswerNames(sheet);
  if (names.length) return `New since your last look: ${names.join(', ')}.`;
  return sheet.last_seen ? 'Nothing new since your last look.' : 'No answers yet.';
}

// One answer in a few words: `maybe from 10:00`, `out of 200m heat`, `in for 500m final`; `(coach)` when the
// coach gave it.
export function answerWords(answer) {
  let words = answer.choice;
  if (answer.race) words += answer.choice === 'out' ? ` of ${answer.race}` : ` for ${answer.race}`;
  if (answer.from) words += ` from ${answer.from}`;
  if (answer.until) words += ` until ${answer.until}`;
  return answer.given_by === 'coach' ? `${words} (coach)` : words;
}

// A paddler's answers in one line for the grid (`Answer: maybe from 10:00 · out of 200m heat · “can drum”`), an
// injury too; null when they said nothing and are not injured.
export function answerLine(line) {
  const parts = [];
  if (line.answer) parts.push(answerWords(line.answer));
  for (const race of line.races) parts.push(answerWords(race));
  const comments = [line.answer, ...line.races].filter((a) => a?.comment).map((a) => `“${a.comment}”`);
  if (line.injured_until) parts.push(`injured until ${line.injured_until}`);
  if (!parts.length) return null;
  return `Answer: ${[...parts, ...comments].join(' · ')}`;
}

// The grid's choice of "there when" for an availability (`regatta show`'s words).
export function attendKind(availability) {
  if (availability === 'all day') return 'all-day';
  if (availability === 'absent') return 'absent';
  if (availability === 'inactive') return 'inactive';
  if (availability.startsWith('from')) return 'from';
  return 'until';
}

// The choice the grid shows for a paddler: `maybe` when their answer is maybe and the coach set nothing for them
// (the coach's entry wins), else their availability's.
export function shownKind(availability, line) {
  if (availability !== 'inactive' && line && !line.coach_entry && line.answer?.choice === 'maybe') return 'maybe';
  return attendKind(availability);
}

// What one choice in the grid asks the server, in order: `attend` (a kind for `attendBody`, the coach's entry,
// which wins over any answer) and `answer` (the body of `PUT …/answers/NAME`, the coach's answer for the
// paddler), each null when not needed. Maybe is an answer: the coach's entry, which would hide it, goes first.
// All day clears the coach's entry, so a paddler's own out, maybe or late answer would count again: the coach's
// "in" replaces it.
export function coachAnswerSteps(kind, line) {
  const answer = line?.answer ?? null;
  const comment = answer?.comment ?? '';
  if (kind === 'maybe') {
    const timed = answer && answer.choice !== 'out';
    return {
      attend: line?.coach_entry ? 'all-day' : null,
      answer: { race: null, choice: 'maybe', from: timed ? answer.from : null, until: timed ? answer.until : null, comment },
    };
  }
  const replaces = kind === 'all-day' && answer && (answer.choice !== 'in' || answer.from || answer.until);
  return { attend: kind, answer: replaces ? { race: null, choice: 'in', from: null, until: null, comment } : null };
}
