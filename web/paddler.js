// The paddler's own page (/p/TOKEN): their regattas with In / Maybe / Out, the times they arrive and leave and
// a comment, an answer per race, and their races in time order with boat, seat, start, the time to their next
// race and the crew's first names. It reads /api/p/TOKEN again whenever the server's feed says the database
// changed (a coach moved them, say), and says plainly why an answer was refused.
import { api } from './api.js';
import {
  answerBody, answerWords, calendarLinks, canAnswerRace, canAnswerRegatta, coachEntryWords, coachSet, greeting,
  linkPaths, localDay, nextRaceWords, notRacingWords, raceGroups, refusalWords, seatLine, withDates,
} from './paddler-model.js';

// The page's own path says where its API is, under whatever prefix a proxy serves it.
const paths = linkPaths(location.pathname);
const base = paths?.api;
let noticeTimer = null;
let busy = false;

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (value === true) node.setAttribute(key, '');
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function notice(text, { error = false } = {}) {
  const box = document.getElementById('notice');
  box.hidden = !text;
  box.textContent = text;
  box.classList.toggle('error', error);
  clearTimeout(noticeTimer);
  if (text && !error) noticeTimer = setTimeout(() => notice(''), 6000);
}

// A text whose dates never break across lines (`Injured until 2026-11-28` at 390 px).
function textWithDates(tag, attributes, text) {
  const node = element(tag, attributes);
  for (const part of withDates(text)) node.append(typeof part === 'string' ? part : element('span', { class: 'date', text: part.date }));
  return node;
}

function refused(error) {
  if (error.status === 404) {
    // Said once, in place of the page, and not again in the notice above it.
    notice('');
    document.getElementById('regattas').replaceChildren(
      element('p', { class: 'closed-link', text: refusalWords(404, '') }));
    document.getElementById('calendar-links').hidden = true;
    return;
  }
  notice(refusalWords(error.status, error.message), { error: true });
}

// "Set by your coach", beside an answer the coach set.
function coachMark() {
  return element('span', { class: 'coach-set', text: 'Set by your coach' });
}

// Three buttons, the one chosen pressed; `send(choice)` on a tap.
function choiceButtons(label, chosen, disabled, send, words = { in: 'In', maybe: 'Maybe', out: 'Out' }) {
  const group = element('div', { class: 'choices', role: 'group', 'aria-label': label });
  for (const choice of ['in', 'maybe', 'out']) {
    const button = element('button', {
      type: 'button', class: `choice choice-${choice}`, 'data-choice': choice,
      'aria-pressed': String(chosen === choice), disabled, text: words[choice],
    });
    button.addEventListener('click', () => send(choice));
    group.append(button);
  }
  return group;
}

async function answer(body) {
  if (busy) return;
  busy = true;
  try {
    const day = await api(`${base}/answers`, { method: 'PUT', body: answerBody(body) });
    render(day);
    notice('Thanks, your coach can see your answer.');
  } catch (error) {
    refused(error);
  } finally {
    busy = false;
  }
}

function regattaSection(regatta) {
  const closed = !canAnswerRegatta(regatta);
  const section = element('section', { class: 'regatta', 'data-regatta': regatta.name });
  section.append(textWithDates('h2', {}, `${regatta.name} · ${regatta.date}`));
  if (regatta.closed) section.append(element('p', { class: 'muted', text: 'Answers are closed: ask your coach to change yours.' }));
  if (regatta.coach_entry) section.append(element('p', { class: 'coach-entry', text: coachEntryWords(regatta.coach_entry) }));
  const said = answerWords(regatta.answer);
  if (said) {
    section.append(element('p', { class: 'said' }, said, coachSet(regatta.answer) ? ' ' : null,
      coachSet(regatta.answer) ? coachMark() : null));
  }

  const from = element('input', { type: 'time', name: 'from', value: regatta.answer?.from ?? '', disabled: closed });
  const until = element('input', { type: 'time', name: 'until', value: regatta.answer?.until ?? '', disabled: closed });
  const comment = element('input', {
    type: 'text', name: 'comment', maxlength: '200', placeholder: 'e.g. can drum if needed',
    value: regatta.answer?.comment ?? '', disabled: closed,
  });
  const send = (choice) => answer({
    regatta: regatta.name, choice, from: from.value, until: until.value, comment: comment.value,
  });
  section.append(element('p', { class: 'question', text: 'Are you racing?' }));
  section.append(choiceButtons(`Are you racing at ${regatta.name}?`, regatta.answer?.choice ?? null, closed, send));
  section.append(element('div', { class: 'times' },
    element('label', {}, 'Arriving', from), element('label', {}, 'Leaving', until)));
  section.append(element('label', { class: 'comment' }, 'Comment', comment));
  const save = element('button', { type: 'button', class: 'save', disabled: closed, text: 'Save times and comment' });
  save.addEventListener('click', () => send(regatta.answer?.choice ?? 'in'));
  section.append(save);

  // The races they will paddle, in time order; then, apart and struck, those they sit in but do not race, with no
  // crew listed as if they raced it.
  const { racing, notRacing } = raceGroups(regatta);
  const today = localDay(new Date()) === regatta.date;
  section.append(element('h3', { text: today ? 'My races today' : 'My races' }));
  if (racing.length === 0) {
    section.append(element('p', { class: 'muted', text: notRacing.length ? 'You are not racing any race.' : 'You are not in a crew yet.' }));
  }
  const list = element('ol', { class: 'my-races' });
  for (const race of racing) {
    list.append(element('li', { class: 'my-race', 'data-race': race.name },
      element('strong', { text: `${race.start} ${race.name}` }),
      element('span', { class: 'seat', text: seatLine(race) }),
      element('span', { class: 'next', text: nextRaceWords(race.minutes_to_next_race) }),
      element('span', { class: 'crew', text: race.crew.length ? `With ${race.crew.join(', ')}` : '' })));
  }
  if (racing.length) section.append(list);
  if (notRacing.length) {
    section.append(element('h3', { text: 'Not racing' }));
    const off = element('ol', { class: 'off-races' });
    for (const race of notRacing) {
      off.append(element('li', { class: 'off-race', 'data-race': race.name },
        element('s', { class: 'off-name', text: `${race.start} ${race.name}` }),
        element('span', { class: 'seat', text: `Seated: ${seatLine(race)}` }),
        textWithDates('span', { class: 'not-racing' }, notRacingWords(race))));
    }
    section.append(off);
  }

  section.append(element('h3', { text: 'Each race' }));
  const races = element('ul', { class: 'races' });
  for (const race of regatta.races) {
    const state = race.not_racing ? `not racing: ${race.not_racing}` : race.seat ? `seat ${race.seat}` : 'not in a crew';
    const byCoach = coachSet(race.answer);
    races.append(element('li', { class: `race${race.not_racing ? ' race-off' : ''}`, 'data-race': race.name },
      textWithDates('span', { class: 'race-name' }, `${race.start} ${race.name} (${race.boat}) · ${state}${race.maybe ? ' · maybe' : ''}`),
      byCoach ? coachMark() : null,
      choiceButtons(`${race.name}`, race.answer?.choice ?? null, !canAnswerRace(regatta, race),
        (choice) => answer({ regatta: regatta.name, race: race.name, choice }),
        { in: 'In', maybe: 'Maybe', out: 'Out of it' })));
  }
  section.append(races);
  return section;
}

// The day as last drawn, so that reading it again unchanged (after the paddler's own answer, which the feed
// reports too) leaves alone what they are typing.
let shown = '';

function render(day) {
  const text = JSON.stringify(day);
  if (text === shown) return;
  shown = text;
  document.getElementById('greeting').textContent = greeting(day.name);
  const main = document.getElementById('regattas');
  main.removeAttribute('aria-busy');
  const sections = day.regattas.map(regattaSection);
  if (day.injured_until) sections.unshift(textWithDates('p', { class: 'injured' }, `Injured until ${day.injured_until}: get well soon.`));
  if (day.regattas.length === 0) sections.push(element('p', { class: 'muted', text: 'No regattas for you yet.' }));
  main.replaceChildren(...sections);
}

async function load() {
  try {
    render(await api(base));
  } catch (error) {
    refused(error);
  }
}

function listen() {
  const events = new EventSource(`${base}/events`);
  events.addEventListener('change', () => { load(); });
  // The stream ends when the link stops opening (or the server stops): read once more to say which.
  events.addEventListener('error', () => {
    if (events.readyState === EventSource.CLOSED) load();
  });
}

function start() {
  if (!paths) { refused({ status: 404, message: '' }); return; }
  // Subscribing keeps the calendar up to date; the download is a copy of today's races.
  const { https, webcal } = calendarLinks(location.origin, location.pathname);
  document.getElementById('calendar').href = webcal;
  document.getElementById('calendar-download').href = https;
  document.getElementById('calendar-links').hidden = false;
  load();
  listen();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
