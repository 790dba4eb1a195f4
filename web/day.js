// The Day tab: a regatta's schedule with the next race first, each race's crew one tap from the editor, the
// paddler × race grid with rest, who is there when (one choice per paddler: all day, maybe, absent, arriving
// or leaving at a time, inactive) beside what the paddler answered, the paddlers' answers (day-answers.js, the
// coach's alone), and the planner: work a plan out, read it, write it by its code, undo it. Every change goes
// through the command line's store calls; the live feed reloads the tab.
import { api, boatPath } from './api.js';
import { renderBoatName } from './boat-switch.js';
import { boatHash } from './boats.js';
import { loadAnswers, putCoachAnswer, renderAnswers } from './day-answers.js';
import {
  TYPED_TIME_HELP, answerLine, attendBody, chooseRegatta, coachAnswerSteps, gridRaceInView, gridRows, leavingNow,
  leavingNowText, localDay, plannedCrews, raceLinesAfterUndo, regattaPlanHeading, regattaPlanQuery, sameCrewText,
  schedule, seatsOfKind, shownKind, typedTime, whoChanges, writtenText,
} from './day-model.js';
import { $, button, element } from './dom.js';
import { reload } from './loading.js';
import { explain, notice } from './notice.js';
import { refusedOffline, refusedUnsavedBoat } from './offline.js';
import { canChange, state } from './state.js';
import { madeAtText } from './wording.js';

const regattaPath = (name, suffix = '') => `/api/regattas/${encodeURIComponent(name).replace(/\./g, '%2E')}${suffix}`;

export async function loadDay() {
  const regattas = await api('/api/regattas');
  const select = $('#regatta-select');
  const box = $('#day');
  state.regattaName = chooseRegatta(regattas, localDay(new Date()), state.regattaName);
  // The boat's button names a boat of this regatta by its race.
  renderBoatName();
  select.replaceChildren(...regattas.map((regatta) => {
    const option = element('option', `${regatta.name} (${regatta.date})`);
    option.value = regatta.name;
    return option;
  }));
  select.closest('label').hidden = regattas.length < 2;
  if (!state.regattaName) {
    box.replaceChildren(element('p', 'No regattas yet: create one on the command line with '
      + '`lineup regatta create NAME --date YYYY-MM-DD`, then add its races with `lineup race add`.', 'how'));
    return;
  }
  select.value = state.regattaName;
  // The answers are the coach's alone (they carry the paddlers' comments): a viewer's page never asks.
  const [doc, answers] = await Promise.all([
    api(regattaPath(state.regattaName)), canChange() ? loadAnswers(state.regattaName) : null,
  ]);
  state.regatta = doc;
  state.answers = answers?.sheet ?? null;
  box.replaceChildren(element('h2', `${doc.regatta}, ${doc.date}`), renderSchedule(doc));
  if (answers) box.append(renderAnswers(answers));
  box.append(renderGrid(doc), renderPlanSection(doc));
  if (canChange()) box.append(renderShareSection());
  placeGrid(doc);
  document.body.dataset.dayLoaded = String(Number(document.body.dataset.dayLoaded ?? 0) + 1);
}

function renderSchedule(doc) {
  const section = element('section', null, 'schedule');
  section.append(element('h3', 'Schedule'));
  if (!doc.races.length) {
    section.append(element('p', 'No races yet: add them with `lineup race add`.', 'how'));
    return section;
  }
  const list = element('ol', null, 'races');
  for (const race of schedule(doc, new Date())) {
    const item = element('li', null, `race ${race.status.replace(/ /g, '-')}`);
    item.dataset.race = race.name;
    const head = element('div', null, 'race-head');
    head.append(element('strong', `${race.time} ${race.name}`));
    if (race.status) head.append(element('span', race.status, `badge ${race.status === 'next' ? 'next' : ''}`));
    head.append(element('span', `${race.boat}, ${race.crew} seated`, 'race-boat'));
    const open = button('Open crew', 'tool', () => openBoat(race, doc).catch(explain));
    open.dataset.openBoat = race.boat;
    head.append(open);
    item.append(head);
    const same = sameCrewText(doc, race.name);
    if (same) item.append(element('p', same, 'same-crew'));
    if (race.problems.length || race.warnings.length || race.notes.length) {
      const problems = element('ul', null, 'rules');
      for (const text of race.problems) problems.append(element('li', text, 'violation'));
      for (const text of race.warnings) problems.append(element('li', text, 'warning'));
      for (const text of race.notes) problems.append(element('li', text, 'note'));
      item.append(problems);
    }
    if (!race.problems.length) {
      item.append(element('p', race.warnings.length ? 'No rule broken; worth knowing above.'
        : 'Ready: every rule kept, everyone seated is there and rested.', 'kept'));
    }
    list.append(item);
  }
  section.append(list);
  return section;
}

// The editor on a race's boat: the Boat tab, with that boat chosen, its bar saying which race it is for.
// Offline, only a boat this device kept can open, as from the boat menu: never one boat's crew under
// another's name.
async function openBoat(race, doc) {
  const name = race.boat;
  if (await refusedUnsavedBoat(name)) return;
  const sharing = doc.races.filter((other) => other.boat === name && other.name !== race.name)
    .map((other) => ({ race: other.name, time: other.time }));
  state.openedFor = { boat: name, race: race.name, time: race.time, regatta: doc.regatta, date: doc.date, sharing };
  state.boatName = name;
  state.selected = null;
  location.hash = boatHash(name);
  document.querySelector('.tabs [data-tab="boat"]').click();
  reload();
}

// Maybe is the coach's answer for the paddler (the others the coach's entry, which wins over any answer); it is
// offered only where the answers can be read.
const CHOICES = [
  ['all-day', 'All day'], ['maybe', 'Maybe'], ['absent', 'Absent'], ['from', 'Arrives at…'], ['until', 'Leaves at…'],
  ['inactive', 'Injured / inactive'],
];

// Where the coach left the grid scrolled ({ regatta, left, top }): the grid drawn again after a change stays
// there. Until the coach scrolls it, it opens on the race on the water or the next (on a phone the first
// columns are the morning's races, long done by noon).
let gridScroll = null;

function placeGrid(doc) {
  const wrap = $('#day .grid-wrap');
  if (!wrap) return;
  // The sticky name column covers what scrolls under it: what is brought into view lands beside it.
  const names = $('th', wrap);
  wrap.style.scrollPaddingLeft = `${names?.offsetWidth ?? 0}px`;
  const header = $('thead', wrap);
  wrap.style.scrollPaddingTop = `${header?.offsetHeight ?? 0}px`;
  if (gridScroll?.regatta === doc.regatta) {
    wrap.scrollLeft = gridScroll.left;
    wrap.scrollTop = gridScroll.top;
  } else {
    const race = gridRaceInView(doc, new Date());
    const column = race && [...wrap.querySelectorAll('th[data-race]')].find((th) => th.dataset.race === race);
    // Measured on the screen: the column's offsetLeft counts from the table's offset parent, not the grid.
    const edge = names ? names.getBoundingClientRect().right : wrap.getBoundingClientRect().left;
    if (column) wrap.scrollLeft = Math.max(0, wrap.scrollLeft + column.getBoundingClientRect().left - edge);
  }
  // Listened to after the grid is placed: only the coach's own scroll is kept.
  wrap.addEventListener('scroll', () => {
    gridScroll = { regatta: doc.regatta, left: wrap.scrollLeft, top: wrap.scrollTop };
  }, { passive: true });
}

function renderGrid(doc) {
  const section = element('section', null, 'grid');
  section.append(element('h3', 'Who races when'));
  const wrap = element('div', null, 'grid-wrap');
  const table = element('table', null, 'roster day-grid');
  const head = element('tr');
  head.append(element('th', 'Paddler'), element('th', 'There'));
  for (const race of doc.races) {
    const th = element('th', `${race.time} ${race.name}`);
    th.dataset.race = race.name;
    head.append(th);
  }
  const thead = element('thead');
  thead.append(head);
  const body = element('tbody');
  for (const row of gridRows(doc)) {
    const tr = element('tr');
    tr.dataset.paddler = row.name;
    if (row.availability === 'inactive') tr.className = 'inactive';
    tr.append(element('td', row.name));
    const there = element('td');
    const line = state.answers?.paddlers.find((p) => p.name === row.name);
    if (canChange()) there.append(attendControl(row.name, row.availability, line));
    else there.textContent = row.availability;
    const said = line && answerLine(line);
    if (said) there.append(element('p', said, line.new ? 'answer answer-new' : 'answer'));
    if (line?.new) tr.classList.add('new-answer');
    tr.append(there);
    for (const cell of row.cells) tr.append(element('td', cell.text, cell.mark ? `cell-${cell.mark}` : null));
    body.append(tr);
  }
  table.append(thead, body);
  wrap.append(table);
  section.append(wrap);
  return section;
}

// One paddler's availability as a choice: picking all day, absent or inactive changes it at once; arriving or
// leaving asks for the time first.
function attendControl(name, availability, line) {
  const box = element('div', null, 'attend');
  const select = element('select');
  select.setAttribute('aria-label', `${name}: there when`);
  select.dataset.attend = name;
  for (const [value, text] of CHOICES) {
    if (value === 'maybe' && !state.answers) continue;
    const option = element('option', text);
    option.value = value;
    select.append(option);
  }
  // A choice under way (a time still to set) outlives the tab being drawn again when anything changes.
  const pending = state.dayPending?.name === name ? state.dayPending : null;
  const current = shownKind(availability, line);
  select.value = pending?.kind ?? current;
  // Typed, 24-hour: a time input shows AM/PM where the phone's locale has them.
  const time = element('input');
  time.type = 'text';
  time.inputMode = 'numeric';
  time.autocomplete = 'off';
  time.placeholder = 'HH:MM';
  time.pattern = '[0-9]{1,2}[:.]?[0-9]{2}';
  time.maxLength = 5;
  time.size = 5;
  time.dataset.attendTime = name;
  time.setAttribute('aria-label', `${name}: time, 24-hour HH:MM`);
  time.hidden = select.value !== 'from' && select.value !== 'until';
  const match = availability.match(/(\d\d:\d\d)/);
  if (match) time.value = match[1];
  if (pending?.time) time.value = pending.time;
  const set = button('Set', 'tool', () => attend(name, select.value, time.value));
  set.hidden = time.hidden;
  if (current === 'from' || current === 'until') box.append(element('span', availability, 'availability'));
  time.addEventListener('input', () => { state.dayPending = { name, kind: select.value, time: time.value }; });
  select.addEventListener('change', () => {
    const timed = select.value === 'from' || select.value === 'until';
    time.hidden = !timed;
    set.hidden = !timed;
    if (timed) {
      state.dayPending = { name, kind: select.value, time: time.value };
      // The time and Set in sight, beside the grid's sticky name column, before the keyboard comes up.
      set.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      time.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      time.focus({ preventScroll: true });
      return;
    }
    attend(name, select.value);
  });
  box.prepend(select);
  box.append(time, set);
  return box;
}

async function attend(name, chosen, typed) {
  let kind = chosen;
  let time = typed;
  if (kind === 'from' || kind === 'until') {
    time = typedTime(typed);
    if (!time) {
      notice(typed?.trim() ? TYPED_TIME_HELP : 'Write the time first (24-hour, HH:MM), then Set.', { error: true });
      return;
    }
  }
  state.dayPending = null;
  if (refusedOffline('attend')) { await reload(); return; }
  // Absent once a race of theirs has started today: gone from now, so the races already run keep them.
  const leaving = kind === 'absent' && state.regatta ? leavingNow(state.regatta, name, new Date()) : null;
  if (leaving) { kind = 'until'; time = leaving.until; }
  try {
    const paddler = state.regatta?.paddlers.find((p) => p.name === name);
    if (kind === 'inactive') {
      const result = await api(`/api/roster/${encodeURIComponent(name)}`, { method: 'POST', body: { active: false } });
      notice(result.warning ? `${result.message}\n${result.warning}` : result.message);
    } else {
      if (paddler?.availability === 'inactive') {
        await api(`/api/roster/${encodeURIComponent(name)}`, { method: 'POST', body: { active: true } });
      }
      const steps = coachAnswerSteps(kind, state.answers?.paddlers.find((p) => p.name === name));
      const messages = [];
      let problems = [];
      if (steps.attend) {
        const result = await api(regattaPath(state.regattaName, '/attend'), {
          method: 'POST', body: attendBody(name, steps.attend, time, leaving?.from),
        });
        messages.push(leaving ? leavingNowText(name, leaving.until) : result.message);
        // Done, so no error; what it made and cleared in the races follows it, as the command line prints it.
        if (result.changes) messages.push(...result.changes.map((line) => line.trim()));
        else problems = result.regatta.unavailable.filter((u) => u.paddler === name).map((u) => u.message);
      }
      if (steps.answer) messages.push((await putCoachAnswer(name, steps.answer)).message);
      notice(messages.join('\n'), { details: problems });
    }
  } catch (error) {
    explain(error);
  }
  await reload();
}

function renderPlanSection(doc) {
  const section = element('section', null, 'day-plan');
  section.append(element('h3', 'Plan the day'));
  const form = element('form', null, 'plan-form');
  const label = element('label');
  const freely = element('input');
  freely.type = 'checkbox';
  freely.name = 'freely';
  label.append(freely, document.createTextNode(' replan freely (may move crews seated by hand)'));
  const work = element('button', 'Work out a plan', 'tool');
  work.type = 'submit';
  form.append(label, work);
  const result = element('div', null, 'regatta-plan');
  result.id = 'regatta-plan';
  form.addEventListener('submit', (event) => { event.preventDefault(); workOutPlan(freely.checked, result); });
  section.append(form, result);
  if (!doc.races.length) work.disabled = true;
  // The plan shown stays shown when the tab is drawn again; writing it is refused if it no longer holds.
  if (state.dayPlan) {
    freely.checked = state.dayPlan.freely;
    if (state.dayPlan.working) renderWorking(result);
    else if (state.dayPlan.stale) renderStalePlan(state.dayPlan.freely, result);
    else renderPlan(state.dayPlan.plan, state.dayPlan.freely, result);
  }
  const written = state.lastWritten ?? savedWritten();
  if (written) result.append(writtenBox(written));
  return section;
}

// What the last plan written from this tab wrote, kept for the tab's life (sessionStorage) so that its
// "Undo in BOAT" buttons outlast a reload of the page; each undo names its record, so one that is no
// longer the last change of its boat is refused.
const WRITTEN_KEY = 'lineup-plan-written';

function setWritten(written) {
  state.lastWritten = written;
  try {
    if (written) sessionStorage.setItem(WRITTEN_KEY, JSON.stringify({ regatta: state.regattaName, written }));
    else sessionStorage.removeItem(WRITTEN_KEY);
  } catch {
    // A browser that keeps nothing: the buttons last until the page is reloaded.
  }
}

function savedWritten() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(WRITTEN_KEY) ?? 'null');
    return saved?.regatta === state.regattaName ? saved.written : null;
  } catch {
    return null;
  }
}

// The plan's box as the page shows it now: the Day tab is drawn again on every change (another coach's, the
// command line's), so an answer that arrives after that belongs in the box drawn since, not the one it left.
function planBox(box) {
  return box.isConnected ? box : ($('#regatta-plan') ?? box);
}

function renderWorking(box) {
  box.replaceChildren(element('p', 'Working it out (a few seconds at most)…'));
}

async function workOutPlan(freely, box) {
  const regatta = state.regattaName;
  state.dayPlan = { working: true, freely };
  renderWorking(box);
  try {
    const plan = await api(regattaPath(regatta, `/plan?${regattaPlanQuery(freely)}`));
    if (state.regattaName !== regatta) return;
    state.dayPlan = { plan, freely };
    setWritten(null);
    renderPlan(plan, freely, planBox(box));
  } catch (error) {
    if (state.regattaName !== regatta) return;
    state.dayPlan = null;
    planBox(box).replaceChildren();
    explain(error);
  }
}

function renderPlan(plan, freely, box) {
  box.replaceChildren(element('p', regattaPlanHeading(plan), 'plan-heading'));
  box.append(element('p', plan.keeping));
  const changes = whoChanges(plan);
  if (changes.length) {
    const list = element('ul', null, 'rules');
    for (const text of changes) list.append(element('li', text));
    box.append(list);
  }
  if (plan.unmet.length) {
    box.append(element('p', 'Could not satisfy:'));
    const list = element('ul', null, 'rules');
    for (const text of plan.unmet) list.append(element('li', text, 'violation'));
    box.append(list);
  } else {
    // The server's verdict: everything asked, or the rules kept with what the notes below leave short.
    box.append(element('p', plan.verdict ?? 'Everything asked is met: every race keeps its rules, everyone seated is there and rested.', 'kept'));
  }
  if (plan.notes.length) {
    const list = element('ul', null, 'rules');
    for (const text of plan.notes) list.append(element('li', text, 'warning'));
    box.append(list);
  }
  for (const crew of plannedCrews(plan, seatsOfKind)) {
    const block = element('div', null, 'proposed-crew');
    block.append(element('strong', crew.title));
    if (crew.empty.length) block.append(element('p', `Left empty: ${crew.empty.join(', ')}`, 'warning-text'));
    for (const line of crew.balance) block.append(element('p', line, 'balance-line'));
    block.append(element('p', crew.seats.join(' · ')));
    box.append(block);
  }
  if (plan.changed_boats.length && canChange()) {
    const apply = button(`Write plan ${plan.plan}`, 'primary', async () => {
      if (refusedOffline('plan')) return;
      if (state.dayPlan?.plan === plan) state.dayPlan.writing = true;
      apply.disabled = true;
      try {
        const written = await api(regattaPath(state.regattaName, '/plan'), {
          method: 'POST', body: { plan: plan.plan, keep_seated: !freely },
        });
        setWritten(written);
        state.dayPlan = null;
        notice(writtenText(written));
      } catch (error) {
        explain(error);
        // Something it was made from changed since (409): the plan shown is no longer the one to write, so it
        // goes, with the way to the plan for the data now right where it was.
        if (error.status === 409) {
          state.dayPlan = { stale: true, freely };
          renderStalePlan(freely, planBox(box));
          return;
        }
        if (state.dayPlan?.plan === plan) state.dayPlan.writing = false;
      }
      await reload();
    });
    apply.id = 'write-regatta-plan';
    // Drawn again while it is being written: still one tap, not two.
    apply.disabled = Boolean(state.dayPlan?.plan === plan && state.dayPlan.writing);
    box.append(apply);
  }
}

// In place of a plan that no longer holds: saying so, and the way to the plan for the data now.
function renderStalePlan(freely, box) {
  const again = button('Work it out again', 'primary', () => workOutPlan(freely, box));
  again.id = 'work-plan-again';
  box.replaceChildren(element('p', 'This plan no longer holds: something it was made from changed since it was '
    + 'worked out, and nothing was written.', 'warning-text'), again);
}

// What the last plan wrote, each boat's record with its undo (refused if another change came first).
function writtenBox(written) {
  const box = element('div', null, 'written');
  box.append(element('p', writtenText(written)));
  if (!canChange()) return box;
  for (const entry of written.written ?? []) {
    if (entry.record == null) continue;
    const undo = button(`Undo in ${entry.boat}`, 'tool', async () => {
      if (refusedOffline('undo')) return;
      try {
        const result = await api(boatPath(entry.boat, '/undo'), { method: 'POST', body: { expected: entry.record } });
        const races = raceLinesAfterUndo(result);
        notice([result.message, ...races].join('\n'), { error: races.length > 0 });
        const left = { ...written, written: written.written.filter((w) => w !== entry) };
        setWritten(left.written.length ? left : null);
      } catch (error) {
        explain(error);
      }
      await reload();
    });
    undo.dataset.undoBoat = entry.boat;
    box.append(undo);
  }
  return box;
}

// A read-only link to the whole day (schedule and crews) for the crew's chat, weights hidden unless asked;
// the day's links listed below it, each revoked with a tap (as `lineup share --revoke ID`).
function renderShareSection() {
  const section = element('section', null, 'day-share');
  section.append(element('h3', 'Share the day'));
  const form = element('form', null, 'plan-form');
  const label = element('label');
  const weights = element('input');
  weights.type = 'checkbox';
  weights.name = 'weights';
  label.append(weights, document.createTextNode(' show weights'));
  const make = element('button', 'Make a read-only link', 'tool');
  make.type = 'submit';
  form.append(label, make);
  const result = element('div', null, 'share-result');
  result.id = 'day-share';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (refusedOffline('share')) return;
    try {
      const link = await api(regattaPath(state.regattaName, '/share'), {
        method: 'POST', body: { weights: weights.checked },
      });
      state.dayShare = { id: link.id, url: new URL(link.path, location.origin).href };
      showShared(result);
    } catch (error) {
      explain(error);
    }
    await listShareLinks(links);
  });
  const links = element('ul', null, 'share-links');
  links.id = 'day-share-links';
  section.append(form, result, links);
  if (state.dayShare) showShared(result);
  listShareLinks(links);
  return section;
}

// The regatta's links, oldest first, each with its Revoke button; the link itself was shown once, when made.
async function listShareLinks(list) {
  const name = state.regattaName;
  let links;
  try {
    links = await api(`/api/shares?regatta=${encodeURIComponent(name)}`);
  } catch (error) {
    list.replaceChildren(element('li', error.status === 0 ? 'The links cannot be listed offline.'
      : `The links cannot be listed: ${error.message}`, 'how'));
    return;
  }
  if (name !== state.regattaName) return;
  if (!links.length) {
    list.replaceChildren(element('li', 'No links to this regatta.', 'how'));
    return;
  }
  list.replaceChildren(...links.map((link) => {
    const item = element('li');
    item.dataset.shareLink = String(link.id);
    const made = madeAtText(link.created);
    item.append(element('span', `Link #${link.id}, ${link.shows_weights ? 'with' : 'no'} weights, made ${made} `));
    const revoke = button('Revoke', 'tool', async () => {
      if (refusedOffline('revoke')) return;
      revoke.disabled = true;
      try {
        const result = await api(`/api/shares/${link.id}`, { method: 'DELETE' });
        notice(result.message);
        if (state.dayShare?.id === link.id) {
          state.dayShare = null;
          $('#day-share')?.replaceChildren();
        }
      } catch (error) {
        explain(error);
      }
      await listShareLinks(list);
    });
    revoke.dataset.revokeShare = String(link.id);
    revoke.setAttribute('aria-label', `Revoke link #${link.id}`);
    item.append(revoke);
    return item;
  }));
}

// The link just made, with a button to hand it on; it stays until another regatta is chosen.
function showShared(result) {
  const { id, url } = state.dayShare;
  const field = element('input');
  field.type = 'text';
  field.readOnly = true;
  field.value = url;
  field.id = 'day-share-url';
  field.setAttribute('aria-label', 'The link');
  const send = button(navigator.share ? 'Share…' : 'Copy', 'tool', async () => {
    try {
      if (navigator.share) await navigator.share({ title: state.regattaName, url });
      else { await navigator.clipboard.writeText(url); notice('Copied the link.'); }
    } catch (error) {
      if (error.name !== 'AbortError') notice(`Copy the link from the field: ${error.message}`, { error: true });
    }
  });
  result.replaceChildren(field, send, element('p', `Link #${id}: shown only here. Revoke it below, or with `
    + `\`lineup share --revoke ${id}\`.`, 'how'));
}

// The regatta chosen in the Day tab's menu: shown, with nothing of the one before (plan, link, half-made
// choice) kept.
export function showRegatta(name) {
  state.regattaName = name;
  state.answers = null;
  state.lastWritten = null;
  state.dayPlan = null;
  state.dayShare = null;
  state.dayPending = null;
  return loadDay();
}
