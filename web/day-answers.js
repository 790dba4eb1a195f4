// The Day tab's Answers section, the coach's alone: what the paddlers answered through their links, each race's
// counts, who has not answered, what is new since the coach last looked ("Mark as read"), and closing or opening
// the answers. The coach's one-tap answer for a paddler is the grid's own choice (day.js), not repeated here.
import { api } from './api.js';
import { button, element } from './dom.js';
import {
  answerCounts, answersOpenText, newAnswerNames, newAnswersText, notAnsweredText,
} from './day-model.js';
import { reload } from './loading.js';
import { explain, notice } from './notice.js';
import { refusedOffline } from './offline.js';
import { state } from './state.js';

const answersPath = (name, suffix = '') =>
  `/api/regattas/${encodeURIComponent(name).replace(/\./g, '%2E')}/answers${suffix}`;

// The regatta's answers, or null when they cannot be read (offline, or the server refused): the tab shows the
// rest of the day without them.
export async function loadAnswers(name) {
  if (state.offline) return { sheet: null, reason: 'The answers cannot be read offline.' };
  try {
    return { sheet: await api(answersPath(name)) };
  } catch (error) {
    return { sheet: null, reason: error.status === 0 ? 'The answers cannot be read offline.'
      : `The answers cannot be read: ${error.message}` };
  }
}

export function renderAnswers({ sheet, reason }) {
  const section = element('section', null, 'answers');
  section.id = 'answers';
  section.append(element('h3', 'Answers'));
  if (!sheet) {
    section.append(element('p', reason, 'how'));
    return section;
  }
  section.dataset.closed = String(sheet.closed);
  const status = element('div', null, 'answers-status');
  status.append(element('p', answersOpenText(sheet), sheet.closed ? 'warning-text' : null));
  const toggle = button(sheet.closed ? 'Open answers' : 'Close answers', 'tool', () => setClosed(!sheet.closed, toggle));
  toggle.id = 'answers-closed-toggle';
  status.append(toggle);
  section.append(status);
  if (sheet.races.length) {
    const list = element('ul', null, 'answer-counts');
    for (const race of sheet.races) {
      const item = element('li');
      item.dataset.answerRace = race.name;
      item.append(element('strong', `${race.start} ${race.name}`), element('span', answerCounts(race)));
      list.append(item);
    }
    section.append(list);
  }
  const missing = element('p', notAnsweredText(sheet), 'answers-missing');
  missing.id = 'answers-missing';
  section.append(missing);
  const fresh = element('div', null, 'answers-new');
  const names = newAnswerNames(sheet);
  const said = element('p', newAnswersText(sheet), names.length ? 'answer-new' : 'how');
  said.id = 'answers-new';
  fresh.append(said);
  if (names.length) {
    const read = button('Mark as read', 'tool', () => markRead(read));
    read.id = 'mark-answers-read';
    fresh.append(read);
  }
  section.append(fresh);
  return section;
}

async function markRead(control) {
  if (refusedOffline('answers')) return;
  control.disabled = true;
  try {
    await api(answersPath(state.regattaName, '/seen'), { method: 'POST', body: {} });
  } catch (error) {
    explain(error);
  }
  await reload();
}

async function setClosed(closed, control) {
  if (refusedOffline('answers')) return;
  control.disabled = true;
  try {
    const result = await api(answersPath(state.regattaName, '/closed'), { method: 'PUT', body: { closed } });
    notice(result.message);
  } catch (error) {
    explain(error);
  }
  await reload();
}

// The coach's answer for one paddler (`PUT …/answers/NAME`): the coach's word, which wins.
export async function putCoachAnswer(name, body) {
  return api(answersPath(state.regattaName, `/${encodeURIComponent(name)}`), { method: 'PUT', body });
}
