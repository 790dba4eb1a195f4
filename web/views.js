// The tabs other than the boat and the day (history, roster, check, the optimizer's plan), and the boat's tools that
// act through the server alone: undo, redo, lock and unlock.
import { api, boatPath } from './api.js';
import { renderToolState } from './boat-view.js';
import { $, $$, setProse } from './dom.js';
import { reload, showChange } from './loading.js';
import { explain, notice, noticeWithRules } from './notice.js';
import { refusedOffline } from './offline.js';
import { nextRecord, recordText } from './records.js';
import { rosterTools } from './roster-edit.js';
import { canChange, state } from './state.js';
import {
  HISTORY_VIEWS, checkSummary, checkVerdict, madeAtText, maxMovesOf, planHeading, planMoveItems, planNotes, planQuery, planRows, rosterCells,
} from './wording.js';

export function renderHistory() {
  const list = $('#history');
  list.replaceChildren(...state.history.map((entry) => {
    const li = document.createElement('li');
    if (entry.undone) li.classList.add('undone');
    const time = document.createElement('time');
    time.dateTime = entry.time;
    time.textContent = madeAtText(entry.time);
    li.append(time, document.createTextNode(recordText(entry)));
    return li;
  }));
  if (!state.history.length) list.textContent = 'No changes recorded yet.';
  renderToolState();
}

const ROSTER_LABELS = ['Name', 'Weight', 'Sex', 'Side', 'Drum', 'Steer'];

export async function loadRoster() {
  const roster = await api('/api/roster');
  const body = $('#roster');
  const coach = canChange();
  $('#add-paddler').hidden = !coach;
  $('#roster-tools-head').hidden = !coach;
  body.replaceChildren(...roster.map((paddler) => {
    const row = document.createElement('tr');
    row.dataset.paddler = paddler.name;
    if (!paddler.active) row.classList.add('inactive');
    rosterCells(paddler, state.coefficients).forEach((text, column) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      // On a phone each paddler is a card without the table's header: each figure says what it is.
      if (column > 0) cell.dataset.label = ROSTER_LABELS[column];
      row.append(cell);
    });
    if (coach) row.append(rosterTools(paddler));
    return row;
  }));
}

export async function loadCheck() {
  const check = await api(boatPath(state.boatName, '/check'));
  const box = $('#check');
  box.replaceChildren();
  const add = (tag, text, className) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    box.append(element);
    return element;
  };
  add('p', checkSummary(check));
  const list = add('ul', '', 'rules');
  for (const text of check.violations) { const li = document.createElement('li'); li.className = 'violation'; setProse(li, text); list.append(li); }
  for (const text of check.warnings) { const li = document.createElement('li'); li.className = 'warning'; setProse(li, text); list.append(li); }
  for (const text of check.notes ?? []) { const li = document.createElement('li'); li.className = 'note'; setProse(li, text); list.append(li); }
  add('p', checkVerdict(check));
}

export async function loadPlan(event) {
  event?.preventDefault();
  const form = $('#plan-form');
  const useBench = form.use_bench.checked;
  const maxMoves = maxMovesOf(form.max_moves.value);
  const objective = form.objective.value;
  const query = planQuery(useBench, maxMoves, objective);
  const box = $('#plan');
  box.textContent = 'Working it out…';
  try {
    const plan = await api(boatPath(state.boatName, `/plan?${query}`));
    box.replaceChildren();
    const heading = document.createElement('p');
    heading.textContent = planHeading(plan, state.coefficients);
    box.append(heading);
    const list = document.createElement('ol');
    list.className = 'plan-exchanges';
    for (const text of planMoveItems(plan)) { const li = document.createElement('li'); setProse(li, text); list.append(li); }
    box.append(list);
    for (const text of planNotes(plan)) {
      const note = document.createElement('p');
      note.className = 'plan-note';
      setProse(note, text);
      box.append(note);
    }
    const table = document.createElement('table');
    table.className = 'roster';
    table.innerHTML = '<thead><tr><th></th><th>before</th><th>after</th></tr></thead><tbody></tbody>';
    for (const cells of planRows(plan, state.coefficients)) {
      const row = document.createElement('tr');
      for (const text of cells) { const cell = document.createElement('td'); cell.textContent = text; row.append(cell); }
      $('tbody', table).append(row);
    }
    box.append(table);
    if (plan.moves.length && canChange()) {
      const apply = document.createElement('button');
      apply.type = 'button';
      apply.className = 'primary';
      apply.id = 'apply-plan';
      apply.textContent = 'Apply the plan as one change';
      apply.addEventListener('click', async () => {
        if (refusedOffline('plan')) return;
        apply.disabled = true;
        try {
          const result = await api(boatPath(state.boatName, '/plan'), {
            method: 'POST', body: { basis: plan.basis, use_bench: useBench, max_moves: maxMoves, objective },
          });
          notice(result.message);
          box.replaceChildren();
        } catch (error) {
          explain(error);
        } finally {
          await reload();
        }
      });
      box.append(apply);
    }
  } catch (error) {
    box.textContent = '';
    explain(error);
  }
}

export async function historyStep(kind) {
  // Only where the boat it acts on is shown (the buttons are hidden elsewhere; a key or a stale tap is not).
  if (!HISTORY_VIEWS.includes(state.view) || refusedOffline(kind)) return;
  try {
    const rulesBefore = state.doc?.rules;
    // The record the page shows as next: if another change took its place meanwhile, the server refuses.
    const next = nextRecord(kind, state.history ?? []);
    const body = next ? { expected: next.id } : {};
    const result = await api(boatPath(state.boatName, `/${kind}`), { method: 'POST', body });
    showChange(result);
    noticeWithRules(result.message, rulesBefore, result.lineup?.rules);
  } catch (error) {
    explain(error);
  }
  await reload();
}

export async function toggleLock() {
  const seat = state.selected;
  if (!seat || refusedOffline('lock')) return;
  const locked = state.locked.has(seat);
  try {
    // Whom the page shows in the seat: the server refuses (409) when another change put someone else there.
    const expected = state.places.get(seat) ?? null;
    const path = boatPath(state.boatName, `/${locked ? 'unlock' : 'lock'}`);
    const result = await api(path, { method: 'POST', body: { seat, expected } });
    state.selected = null;
    showChange(result);
    notice(result.message);
  } catch (error) {
    explain(error);
  }
  state.selected = null;
  await reload();
}

export function selectTab(name) {
  state.view = name;
  for (const button of $$('.tabs [data-tab]')) button.setAttribute('aria-selected', String(button.dataset.tab === name));
  for (const panel of $$('.tab-panel')) panel.hidden = panel.id !== `tab-${name}`;
  if (name === 'roster') loadRoster().catch(explain);
  if (name === 'check') loadCheck().catch(explain);
  if (name === 'day') import('./day.js').then((day) => day.loadDay()).catch(explain);
  renderToolState();
}
